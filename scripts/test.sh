#!/usr/bin/env bash
# Set up (idempotent), then run every test: tests/ (engine) and e2e/ (browser),
# as listed in pytest.ini's testpaths (a missing tests/ dir is simply skipped).
# Extra arguments go to pytest. Fails when pytest collects no test at all.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh

# What the browsers write to standard error, kept by Playwright's debug log: a renderer's
# rare crash at boot has no other trace. e2e/conftest.py shows its lines under a test
# that failed so, and a failed run prints them at its end (scripts/browser.py).
KAHUNA_LOGS="$(mktemp -d)"
export DEBUG=pw:browser DEBUG_FILE="$KAHUNA_LOGS/playwright.log"
trap 'rm -rf "$KAHUNA_LOGS"' EXIT

rc=0
.venv/bin/python -m pytest "$@" || rc=$?
if [ "$rc" -eq 5 ]; then
    echo "[test] pytest collected no tests: failing" >&2
elif [ "$rc" -ne 0 ]; then
    .venv/bin/python -c "from scripts.browser import crash_lines; print(*crash_lines(), sep='\n')" \
        | sed 's/^/[test] chromium: /' >&2 || true
fi
exit "$rc"
