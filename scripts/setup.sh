#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian machine (and fast on later runs):
#   1. Debian's Chromium and its headless shell for the browser tests (apt, unless
#      $KAHUNA_CHROMIUM names a Chromium)
#   2. a Python venv at .venv with requirements-dev.txt
#   3. `npm ci` (pyodide + @pyscript/core, pinned in package-lock.json)
#   4. scripts/build-site.sh: the runtime into web/vendor/, then the service worker sw.js
# Each step is skipped when a stamp shows it is already done (4 when no file changed).
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
elif [ -x /usr/bin/chromium-headless-shell ] && [ -x /usr/bin/chromium ]; then
    log "browser: /usr/bin/chromium-headless-shell and /usr/bin/chromium (already installed)"
else
    # the headless shell is the tests' browser (scripts/browser.py says why); the full
    # Chromium plays a reader whose browser blocks third-party storage (e2e/test_embed.py)
    apt_install chromium-headless-shell chromium
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
# axe-core for e2e/test_a11y.py: again whenever its lock changes (a new pin), as above
AXE_HASH="$(hash_of e2e/axe/package-lock.json)"
AXE_STAMP="e2e/axe/node_modules/.kahuna-lock.sha256"
if [ ! -f e2e/axe/node_modules/axe-core/axe.min.js ] || [ "$(cat "$AXE_STAMP" 2>/dev/null || true)" != "$AXE_HASH" ]; then
    log "npm ci --prefix e2e/axe"
    npm ci --prefix e2e/axe --no-audit --no-fund --loglevel=error
    echo "$AXE_HASH" >"$AXE_STAMP"
else
    log "e2e/axe/node_modules: up to date"
fi

# --- 4. the site: web/vendor/ from node_modules, then sw.js ----------------------
# Skipped when no file it reads or writes changed since it last ran: a stamp of every
# file's path, size and time (the repository's files as git sees them, tracked or not,
# ignored ones left out; the runtime; the outputs). A second `scripts/serve.sh` then
# starts at once instead of rebuilding (22 s on a loaded machine). Without git, it runs.
BUILD_STAMP=".kahuna-build.sha256"
BUILT=(sw.js web/page.tar.gz web/boot-bytecode.zip web/vendor/python_stdlib.zip web/vendor/pyodide-lock.json
       web/vendor/.kahuna-vendor.sha256 node_modules/.kahuna-lock.sha256)
build_state() {
    local files
    files="$(git ls-files -co --exclude-standard 2>/dev/null)" && [ -n "$files" ] || return 0
    { echo "${KAHUNA_PYTHON:-python3}"
      # a file not there (yet) is left out of the stamp, not an error (set -e, pipefail)
      printf '%s\n' "$files" | tr '\n' '\0' | xargs -0 stat -c '%n %s %Y' 2>/dev/null || true
      stat -L -c '%n %s %Y' "${BUILT[@]}" 2>/dev/null || true; } | sha256sum | cut -d' ' -f1
}
STATE="$(build_state)"
if [ -n "$STATE" ] && [ "$(cat "$BUILD_STAMP" 2>/dev/null || true)" = "$STATE" ]; then
    log "site: up to date"
else
    rm -f "$BUILD_STAMP"
    bash scripts/build-site.sh
    STATE="$(build_state)"
    if [ -n "$STATE" ]; then echo "$STATE" >"$BUILD_STAMP"; fi
fi
log "done"
