"""scripts/cpu_report.py, the suite's CPU by test file: a child's work counts for the
process that started it, whether the child still runs or has ended."""

import os
import subprocess
import sys

import pytest

from scripts.cpu_report import PROC, tree_cpu

pytestmark = pytest.mark.skipif(not PROC.is_dir(), reason="reads Linux's /proc")

WORK = "sum(i * i for i in range(3_000_000))"  # a few tenths of a second of CPU


def test_a_child_that_ran_and_ended_counts_for_its_parent():
    before = tree_cpu(os.getpid())
    subprocess.run([sys.executable, "-c", WORK], check=True)
    assert tree_cpu(os.getpid()) - before >= 0.05


def test_a_grandchild_still_running_counts_too():
    before = tree_cpu(os.getpid())
    # the grandchild works, says so (its output is the child's), then waits for a line
    grandchild = f"{WORK}; print('worked', flush=True); input()"
    code = f"import subprocess, sys; subprocess.run([sys.executable, '-c', {grandchild!r}])"
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "worked\n"
        assert tree_cpu(os.getpid()) - before >= 0.05
    finally:
        child.communicate("\n", timeout=60)
