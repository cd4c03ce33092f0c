#!/usr/bin/env bash
# Set up (idempotent), then run every test: tests/ (engine) and e2e/ (browser),
# as listed in pytest.ini's testpaths (a missing tests/ dir is simply skipped).
# Extra arguments go to pytest. Fails when pytest collects no test at all.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh

# Chromium's logs (scripts/browser.py): on a failure, their lines on crashed or killed
# processes are printed, since a renderer's rare crash at boot has no other trace.
KAHUNA_CHROMIUM_LOGS="$(mktemp -d)"
export KAHUNA_CHROMIUM_LOGS
trap 'rm -rf "$KAHUNA_CHROMIUM_LOGS"' EXIT

rc=0
.venv/bin/python -m pytest "$@" || rc=$?
if [ "$rc" -eq 5 ]; then
    echo "[test] pytest collected no tests: failing" >&2
elif [ "$rc" -ne 0 ]; then
    grep -H -i -E "crash|fatal|killed|out of memory|terminated" "$KAHUNA_CHROMIUM_LOGS"/*.log 2>/dev/null \
        | sed 's/^/[test] chromium: /' >&2 || true
fi
exit "$rc"
