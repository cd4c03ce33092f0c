#!/usr/bin/env bash
# Set up (idempotent), then run every test: tests/ (engine) and e2e/ (browser),
# as listed in pytest.ini's testpaths (a missing tests/ dir is simply skipped).
# Extra arguments go to pytest. Fails when pytest collects no test at all.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh

rc=0
.venv/bin/python -m pytest "$@" || rc=$?
if [ "$rc" -eq 5 ]; then
    echo "[test] pytest collected no tests: failing" >&2
fi
exit "$rc"
