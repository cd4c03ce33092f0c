#!/usr/bin/env bash
# Set up (idempotent), then serve the repository root as a static site on 127.0.0.1,
# port $KAHUNA_PORT (8000 by default).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh
PORT="${KAHUNA_PORT:-8000}"
echo "Kahuna is at http://127.0.0.1:$PORT/  (Ctrl-C to stop)"
exec python3 -m http.server "$PORT" --bind 127.0.0.1
