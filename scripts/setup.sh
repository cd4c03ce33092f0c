#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian machine (and fast on later runs):
#   1. a Chromium for the browser tests (apt, unless $KAHUNA_CHROMIUM names one)
#   2. a Python venv at .venv with requirements-dev.txt
#   3. `npm ci` (pyodide + @pyscript/core, pinned in package-lock.json)
#   4. web/vendor/: exactly the runtime files the page loads, copied from node_modules
# Each step is skipped when a stamp shows it is already done.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '[setup] %s\n' "$*" >&2; }

hash_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else log "need root for: $*"; return 1
    fi
}

APT_UPDATED=0
apt_install() {
    if [ "$APT_UPDATED" -eq 0 ]; then
        log "apt-get update"
        as_root apt-get update -qq
        APT_UPDATED=1
    fi
    log "apt-get install $*"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# --- 1. browser -------------------------------------------------------------
if [ -n "${KAHUNA_CHROMIUM:-}" ]; then
    if [ ! -x "$KAHUNA_CHROMIUM" ]; then
        log "KAHUNA_CHROMIUM=$KAHUNA_CHROMIUM is not an executable file"
        exit 1
    fi
    log "browser: $KAHUNA_CHROMIUM (from KAHUNA_CHROMIUM)"
elif [ -x /usr/bin/chromium ]; then
    log "browser: /usr/bin/chromium (already installed)"
else
    apt_install chromium
fi

# --- 2. Python venv -----------------------------------------------------------
PY="${KAHUNA_PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    log "creating .venv"
    if ! "$PY" -m venv .venv 2>/dev/null; then
        rm -rf .venv
        apt_install python3-venv
        "$PY" -m venv .venv
    fi
fi
REQ_STAMP=".venv/.kahuna-requirements.sha256"
REQ_HASH="$(hash_of requirements-dev.txt)"
if [ "$(cat "$REQ_STAMP" 2>/dev/null || true)" != "$REQ_HASH" ]; then
    log "pip install -r requirements-dev.txt"
    .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
    echo "$REQ_HASH" >"$REQ_STAMP"
else
    log "venv: up to date"
fi

# --- 3. npm ci --------------------------------------------------------------
if ! command -v npm >/dev/null 2>&1; then
    apt_install nodejs npm
fi
LOCK_HASH="$(hash_of package-lock.json)"
NPM_STAMP="node_modules/.kahuna-lock.sha256"
if [ "$(cat "$NPM_STAMP" 2>/dev/null || true)" != "$LOCK_HASH" ]; then
    log "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$LOCK_HASH" >"$NPM_STAMP"
else
    log "node_modules: up to date"
fi

# --- 4. web/vendor ------------------------------------------------------------
# The stamp covers the lock file and this script (which defines the file list).
VENDOR_HASH="$(hash_of package-lock.json scripts/setup.sh)"
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
log "done"
