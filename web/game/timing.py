"""How long the page's own calls of a game by links take, said in the console for
bench/link_speed.py (as "kahuna-analysis <ms>" is for Best turn): speed is measured
there, never asserted."""

from __future__ import annotations

import time


def log_time(what: str, links: int, start: float) -> None:
    """Print "kahuna-link <what> <links> <ms>": the milliseconds since ``start`` (a
    ``time.perf_counter()``, which is ``performance.now()`` in the browser) and the number
    of links the game holds now."""
    print(f"kahuna-link {what} {links} {(time.perf_counter() - start) * 1000:.1f}")
