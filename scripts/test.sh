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

# Parallel workers (pytest-xdist), each test file on one of them with its own browser.
# A test whose browser page died under it (a renderer crash, e2e/conftest.py
# RENDERER_CRASHED) runs once more, in a new browser; any other failure fails at once.
# The ten slowest tests are listed at the end, and the ten files that took the most CPU,
# their browsers' included (scripts/cpu_report.py): on two cores the run is bound by CPU.
rc=0
.venv/bin/python -m pytest -n "${KAHUNA_WORKERS:-4}" --dist loadfile --durations 10 \
    -p scripts.cpu_report \
    --reruns 1 --only-rerun "Target crashed" --only-rerun "Page crashed" \
    --max-suite-reruns 4 "$@" || rc=$?
if [ "$rc" -eq 5 ]; then
    echo "[test] pytest collected no tests: failing" >&2
elif [ "$rc" -ne 0 ]; then
    .venv/bin/python -c "from scripts.browser import crash_lines; print(*crash_lines(), sep='\n')" \
        | sed 's/^/[test] chromium: /' >&2 || true
fi
exit "$rc"
