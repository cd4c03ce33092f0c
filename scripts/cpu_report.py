"""A pytest plugin (``-p scripts.cpu_report``, as scripts/test.sh loads it): the CPU time
each test file took, its browsers' included, and the ten hungriest files at the end.

On this 2-core machine the suite is bound by CPU, not by waiting (docs/architecture.md,
"The tests"), so a file's CPU seconds, not its wall time, say what a change of it saves;
they hold on a loaded machine too. A test's CPU is that of the process running it and of
everything it started (Playwright's driver, Chromium and its renderers), read from
``/proc`` before its set-up and after its tear-down; a fixture shared by a file's tests
is counted in the test that made it. Without ``/proc`` (not Linux) it reports nothing.
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

import pytest

PROC = Path("/proc")
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
KEY = "cpu_seconds"


def tree_cpu(root: int) -> float:
    """CPU seconds of ``root`` and of its descendants, the ones they waited for included."""
    parent: dict[int, int] = {}
    used: dict[int, int] = {}
    for stat in PROC.glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # the process ended while the folder was read
            continue
        fields = text[text.rindex(")") + 2:].split()  # the name may hold spaces
        pid = int(stat.parent.name)
        parent[pid] = int(fields[1])
        used[pid] = sum(int(n) for n in fields[11:15])  # utime stime cutime cstime
    children: dict[int, list[int]] = defaultdict(list)
    for pid, ppid in parent.items():
        children[ppid].append(pid)
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += used.get(pid, 0)
        todo.extend(children.get(pid, ()))
    return total / TICK


_started: dict[str, float] = {}
_by_file: dict[str, float] = defaultdict(float)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    if PROC.is_dir():
        _started[item.nodeid] = tree_cpu(os.getpid())
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    if call.when == "teardown" and item.nodeid in _started:
        item.user_properties.append((KEY, tree_cpu(os.getpid()) - _started.pop(item.nodeid)))
    yield


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Each test's seconds, in the process that prints the summary (xdist's controller)."""
    if report.when == "teardown":
        for name, value in report.user_properties:
            if name == KEY:
                _by_file[report.nodeid.split("::")[0]] += value


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
