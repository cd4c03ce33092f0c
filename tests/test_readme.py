"""What README.md promises of the tests holds: ``python -m pytest tests`` (no browser)
needs only pytest and hypothesis."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_unit_tests_need_only_pytest_and_hypothesis():
    """With no plugin loaded (pytest.ini's options once asked for pytest-rerunfailures'
    and the run stopped at once), every unit test is collected, and pytest.ini names
    no option that pytest alone does not know."""
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "tests", "--collect-only", "-q",
         "-p", "no:cacheprovider", "-W", "error::pytest.PytestConfigWarning"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "tests/test_readme.py::test_the_unit_tests_need_only_pytest_and_hypothesis" in done.stdout
