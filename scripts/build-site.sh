#!/usr/bin/env bash
# Builds the static site; used by scripts/setup.sh and by the GitHub Pages workflow.
#   1. web/vendor/: exactly the runtime files the page may load, copied from node_modules
#      (run `npm ci` first; skipped when a stamp shows the copy is current)
#   2. web/vendor/python_stdlib.zip trimmed to the modules the page imports and
#      web/vendor/pyodide-lock.json without its package list (scripts/trim_stdlib.py, on
#      every run: the page's imports change; rewritten only when the bytes change)
#   2b. web/boot-bytecode.zip: the bytecode of the standard-library modules the boot
#      imports, compiled by the runtime under Node (scripts/boot_bytecode.py; rewritten
#      only when what it is made from changes)
#   3. web/page.tar.gz, the page's own modules and catalogues, and sw.js at the site root:
#      the service worker: this version's file list and hashes, and its code (scripts/build_site.py;
#      each rewritten only when something changed)
#   4. with an OUT folder: the deployable site (exactly the files the page loads, sw.js,
#      web/sw-core.js) copied into OUT
# Usage: bash scripts/build-site.sh [OUT]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT="${1:-}"
PY="${KAHUNA_PYTHON:-python3}"

log() { printf '[build-site] %s\n' "$*" >&2; }

hash_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

if [ ! -d node_modules/pyodide ] || [ ! -d node_modules/@pyscript/core ]; then
    log "node_modules/ lacks the runtime: run npm ci (or scripts/setup.sh) first"
    exit 1
fi

# --- 1. web/vendor ------------------------------------------------------------
# The stamp covers the lock file and this script (which defines the file list).
VENDOR_HASH="$(hash_of package-lock.json scripts/build-site.sh)"
VENDOR_STAMP="web/vendor/.kahuna-vendor.sha256"
if [ "$(cat "$VENDOR_STAMP" 2>/dev/null || true)" != "$VENDOR_HASH" ]; then
    log "copying runtime into web/vendor/"
    tmp="web/.vendor.tmp"
    rm -rf "$tmp"
    mkdir -p "$tmp"
    PS_DIST="node_modules/@pyscript/core/dist"
    # PyScript: core.js, core.css, plus every chunk/asset reachable from core.js
    # through static or dynamic imports ("./name.js") and import.meta.url-relative
    # assets ("./xterm.css"). Source maps and unrelated entry points
    # (service-worker.js, storage.js) are left out.
    node - "$PS_DIST" <<'EOF' | while IFS= read -r f; do cp "$PS_DIST/$f" "$tmp/$f"; done
const fs = require("fs"), path = require("path");
const dist = process.argv[2];
const seen = new Set(["core.css"]), queue = ["core.js"];
while (queue.length) {
    const f = queue.shift();
    if (seen.has(f)) continue;
    seen.add(f);
    if (!f.endsWith(".js")) continue;
    const src = fs.readFileSync(path.join(dist, f), "utf8");
    for (const m of src.matchAll(/["'`]\.\/([\w.\-]+\.(?:m?js|css))["'`]/g)) {
        if (fs.existsSync(path.join(dist, m[1]))) queue.push(m[1]);
    }
}
for (const f of [...seen].sort()) console.log(f);
EOF
    # Pyodide: the loader, the Emscripten module (pyodide.asm.mjs since 0.28 /
    # 314.x; older releases used pyodide.asm.js), the wasm, the stdlib and the lock.
    PYO="node_modules/pyodide"
    for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.js pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
        if [ -f "$PYO/$f" ]; then cp "$PYO/$f" "$tmp/$f"; fi
    done
    for f in core.js core.css pyodide.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
        if [ ! -f "$tmp/$f" ]; then log "missing runtime file: $f"; exit 1; fi
    done
    echo "$VENDOR_HASH" >"$tmp/.kahuna-vendor.sha256"
    rm -rf web/vendor
    mv "$tmp" web/vendor
    log "web/vendor: $(find web/vendor -type f ! -name '.*' | wc -l) files, $(du -sh web/vendor | cut -f1)"
else
    log "web/vendor: up to date"
fi

# --- 2. the trimmed standard library ----------------------------------------------
"$PY" scripts/trim_stdlib.py web/vendor
"$PY" scripts/boot_bytecode.py

# --- 3. the page's archive and the service worker ------------------------------------
"$PY" scripts/build_site.py sw

# --- 4. the deployable folder -----------------------------------------------------
if [ -n "$OUT" ]; then
    "$PY" scripts/build_site.py copy "$OUT"
fi
