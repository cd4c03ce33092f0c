#!/usr/bin/env bash
# Set up (idempotent), then serve the repository root as a static site.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh
echo "Kahuna is at http://127.0.0.1:8000/  (Ctrl-C to stop)"
exec python3 -m http.server 8000 --bind 127.0.0.1
