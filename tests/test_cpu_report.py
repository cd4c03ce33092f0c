"""scripts/cpu_report.py, the suite's CPU by test file: the work of a process's children
and grandchildren counts for it, those still running and those that ended."""

import os
import subprocess
import sys

import pytest

from scripts.cpu_report import PROC, TreeClock

pytestmark = pytest.mark.skipif(not PROC.is_dir(), reason="reads Linux's /proc")

WORK = "sum(i * i for i in range(3_000_000))"  # a few tenths of a second of CPU
# A grandchild that works, says so (its output is the child's), then waits for a line.
GRANDCHILD = f"{WORK}; print('worked', flush=True); input()"
CHILD = f"import subprocess, sys; subprocess.run([sys.executable, '-c', {GRANDCHILD!r}])"


def test_a_grandchild_counts_while_it_runs_and_after_it_ended():
    clock = TreeClock(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "worked\n"
        running = clock.seconds()
        assert running >= 0.05
    finally:
        child.communicate("\n", timeout=60)
    assert clock.seconds() >= running  # ended: its last reading is kept


def test_what_ran_before_the_clock_began_is_not_counted():
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "worked\n"
        clock = TreeClock(os.getpid())
        assert clock.seconds() < 0.05  # the grandchild's work was done before
    finally:
        child.communicate("\n", timeout=60)
