"""A pytest plugin (``-p scripts.cpu_report``, as scripts/test.sh loads it): the CPU time
each test file took, its browsers' included, and the ten hungriest files at the end.

On this 2-core machine the suite is bound by CPU, so a file's CPU seconds, not its wall
time, say what a change of it saves; they hold on a loaded machine too. A test's CPU is
that of the process running it and of everything it started (Playwright's driver,
Chromium and its renderers), from before its set-up to after its tear-down; a fixture
shared by a file's tests is counted in the test that made it. The time of Chromium's
processes that end is not added to their parent's (``getrusage`` and ``time`` saw 13.8 s
of a browser's 74), so a thread reads each process's own time in ``/proc`` every
``EVERY`` seconds and keeps the last reading of those that ended. Without ``/proc``
(not Linux) it reports nothing.
"""

from __future__ import annotations

import os
import threading
from collections import defaultdict
from pathlib import Path

import pytest

PROC = Path("/proc")
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
KEY = "cpu_seconds"
# Seconds between readings: a process that ends loses at most this much. Each reading
# of every process costs ~5 ms of CPU here, each worker reads: four workers reading twice
# a second took ~4% of a core from the suite.
EVERY = 1.0

Process = tuple[int, int]  # (pid, start time): a pid may be used again


def _processes() -> dict[Process, tuple[int, int]]:
    """Every process now: its parent's pid and its own CPU ticks (its threads' included)."""
    found = {}
    for name in os.listdir(PROC):  # os's calls, not pathlib's: half the CPU of a reading
        if not name.isdigit():
            continue
        try:
            with open(f"{PROC}/{name}/stat", "rb") as stat:
                text = stat.read()
        except OSError:  # the process ended while the folder was read
            continue
        fields = text[text.rindex(b")") + 2:].split()  # the name may hold spaces
        found[(int(name), int(fields[19]))] = (int(fields[1]),
                                               int(fields[11]) + int(fields[12]))
    return found


class TreeClock:
    """The CPU seconds that ``root`` and its descendants used since the clock was made,
    those that have ended included (up to their last reading). ``run`` in a thread
    keeps reading."""

    def __init__(self, root: int) -> None:
        self.root = root
        self._lock = threading.Lock()
        self._before: dict[Process, int] = {}  # what each used before the clock began
        self._last: dict[Process, int] = {}
        self._read(first=True)

    def _read(self, first: bool = False) -> None:
        now = _processes()
        children: dict[int, list[Process]] = defaultdict(list)
        for key, (parent, _) in now.items():
            children[parent].append(key)
        todo = [key for key in now if key[0] == self.root]
        with self._lock:
            while todo:
                key = todo.pop()
                self._last[key] = now[key][1]
                if first:
                    self._before[key] = now[key][1]
                todo.extend(children.get(key[0], ()))

    def seconds(self) -> float:
        """Read now; the CPU seconds used so far."""
        self._read()
        with self._lock:
            ticks = sum(last - self._before.get(key, 0) for key, last in self._last.items())
        return ticks / TICK

    def run(self, stop: threading.Event) -> None:
        """Read every ``EVERY`` seconds until ``stop`` is set."""
        while not stop.wait(EVERY):
            self._read()


_clock: TreeClock | None = None
_stop = threading.Event()
_started: dict[str, float] = {}
_by_file: dict[str, float] = defaultdict(float)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    global _clock
    if _clock is None and PROC.is_dir():  # in the process that runs tests (a worker)
        _clock = TreeClock(os.getpid())
        threading.Thread(target=_clock.run, args=(_stop,), daemon=True).start()
    if _clock is not None:
        _started[item.nodeid] = _clock.seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    if call.when == "teardown" and _clock is not None and item.nodeid in _started:
        item.user_properties.append((KEY, _clock.seconds() - _started.pop(item.nodeid)))
    yield


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Each test's seconds, in the process that prints the summary (xdist's controller)."""
    if report.when == "teardown":
        for name, value in report.user_properties:
            if name == KEY:
                _by_file[report.nodeid.split("::")[0]] += value


def pytest_unconfigure(config: pytest.Config) -> None:
    _stop.set()


def pytest_terminal_summary(terminalreporter) -> None:
    if not _by_file:
        return
    write = terminalreporter.write_line
    terminalreporter.section("CPU by test file (its browsers' included)")
    total = sum(_by_file.values())
    for path, seconds in sorted(_by_file.items(), key=lambda kv: -kv[1])[:10]:
        write(f"{seconds:8.1f} s  {seconds / total:5.1%}  {path}")
    e2e = sum(s for p, s in _by_file.items() if p.startswith("e2e/"))
    write(f"{total:8.1f} s  in all ({e2e:.0f} s of it in e2e/), {len(_by_file)} files")
