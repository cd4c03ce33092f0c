"""How long `bash scripts/serve.sh` takes until the site answers, started twice in a row:
the first start may set up and build, the second should find everything current
(scripts/setup.sh's stamps) and serve within a few seconds.

    python3 bench/serve_start.py [--port PORT] [--runs N]

Each start runs serve.sh in its own process group on PORT (``KAHUNA_PORT``), waits for
an HTTP answer at http://127.0.0.1:PORT/ and stops the group. Prints one line a start.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def start_seconds(port: int, limit_s: float = 600.0) -> float:
    """Seconds from starting serve.sh to its first HTTP answer on ``port``."""
    began = time.monotonic()
    server = subprocess.Popen(["bash", "scripts/serve.sh"], cwd=ROOT, start_new_session=True,
                              env={**os.environ, "KAHUNA_PORT": str(port)},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.monotonic() - began < limit_s:
            if server.poll() is not None:
                raise SystemExit(f"serve.sh exited with {server.returncode} (port {port} taken?)")
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
                return time.monotonic() - began
            except (urllib.error.URLError, OSError):
                time.sleep(0.05)
        raise SystemExit(f"no answer on port {port} in {limit_s:.0f} s")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    for run in range(1, args.runs + 1):
        print(f"start {run}: {start_seconds(args.port):.2f} s until the site answers")


if __name__ == "__main__":
    main()
