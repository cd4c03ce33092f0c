"""The package installs the usual way (issue 32): pyproject.toml builds a wheel with
setuptools, offline, and a fresh virtual environment that installs it has ``kahuna`` and
``python -m kahuna``, which work from any folder, in every language, and say their version.

The build needs no network: setuptools comes from the interpreter running the tests
(requirements-dev.txt pins one that builds wheels by itself). The fresh environment gets
pip from Python's own ensurepip, and the wheel from the build, nothing else."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import kahuna

from .helpers import ROOT, kahuna as checkout_kahuna, write

#: What the build reads: pyproject.toml and what it names (the readme, the packages and
#: the catalogues).
SOURCES = ("pyproject.toml", "README.md", "kahuna", "locale")
POSITION = {"to_move": "white", "bridges": {"black": ["ALOA-BARI", "ALOA-HUNA"]},
            "hands": {"black": ["HUNA", "ELAI"], "white": ["BARI"]}}


def _run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def _outside_env() -> dict[str, str]:
    """The environment without PYTHONPATH: the installed package alone can answer."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh virtual environment with the package built from a copy of the sources
    installed in it: its bin/ folder."""
    tmp = tmp_path_factory.mktemp("install")
    source = tmp / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.po", "*.pot"))
        else:
            shutil.copy2(ROOT / name, source / name)
    build = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-index",
                 "--no-build-isolation", "--disable-pip-version-check", "-w", tmp / "dist",
                 source, cwd=tmp)
    if build.returncode != 0:
        pytest.fail(f"the wheel was not built: {sys.executable} needs setuptools 70.1 or "
                    f"later (scripts/setup.sh installs requirements-dev.txt)\n"
                    f"{build.stdout[-2000:]}{build.stderr[-2000:]}")
    wheels = list((tmp / "dist").glob("kahuna-*.whl"))
    assert [w.name for w in wheels] == [f"kahuna-{kahuna.__version__}-py3-none-any.whl"]
    venv = tmp / "venv"
    made = _run(sys.executable, "-m", "venv", venv, cwd=tmp, env=_outside_env())
    assert made.returncode == 0, made.stderr
    bin_dir = venv / "bin"
    put = _run(bin_dir / "python", "-m", "pip", "install", "--no-index", "--no-deps",
               "--disable-pip-version-check", wheels[0], cwd=tmp, env=_outside_env())
    assert put.returncode == 0, put.stdout + put.stderr
    return bin_dir


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    """A folder far from the checkout, as a user's would be."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


def test_the_installed_package_is_not_the_checkout(installed, elsewhere):
    run = _run(installed / "python", "-c", "import kahuna; print(kahuna.__file__)",
               cwd=elsewhere, env=_outside_env())
    assert run.returncode == 0, run.stderr
    assert Path(run.stdout.strip()).is_relative_to(installed.parent)


def test_the_version_has_one_source(installed, elsewhere):
    """``kahuna --version``, ``python -m kahuna --version`` and the installed metadata say
    kahuna.__version__, which pyproject.toml reads."""
    version = kahuna.__version__
    assert _run(installed / "kahuna", "--version", cwd=elsewhere,
                env=_outside_env()).stdout == f"kahuna {version}\n"
    assert _run(installed / "python", "-m", "kahuna", "--version", cwd=elsewhere,
                env=_outside_env()).stdout == f"python -m kahuna {version}\n"
    metadata = _run(installed / "python", "-c",
                    "import importlib.metadata as m; print(m.version('kahuna'))",
                    cwd=elsewhere, env=_outside_env())
    assert metadata.stdout == f"{version}\n"
    assert checkout_kahuna("--version").stdout == f"python -m kahuna {version}\n"


def test_the_command_works_anywhere_as_in_the_checkout(installed, elsewhere):
    """The same link and the same German and Polish pictures as the checkout's command:
    the catalogues were installed and are found (without them the names are English)."""
    path = write(elsewhere, POSITION, "position.json")
    for args in (("link", path, "--embed"), ("svg", path, "--lang", "de"),
                 ("svg", path, "--lang", "pl", "--portrait"), ("puzzles",)):
        there = _run(installed / "kahuna", *args, cwd=elsewhere, env=_outside_env())
        here = checkout_kahuna(*args)
        assert there.returncode == 0 and there.stderr == "", there.stderr
        assert there.stdout == here.stdout
    german = _run(installed / "kahuna", "svg", path, "--lang", "de", cwd=elsewhere,
                  env=_outside_env()).stdout
    assert "Kahuna-Spielplan" in german and "Kahuna board" not in german


def test_a_bad_file_is_one_line_from_the_installed_command(installed, elsewhere):
    path = write(elsewhere, {"to-move": "white"}, "bad.json")
    run = _run(installed / "kahuna", "link", path, cwd=elsewhere, env=_outside_env())
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.count("\n") == 1 and "no key 'to-move'" in run.stderr


def test_every_package_of_kahuna_is_installed():
    """pyproject.toml lists the packages by hand (the catalogues' folder is mapped into
    the package): a new package of kahuna/ must be added there."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    folders = {".".join(p.parent.relative_to(ROOT).parts)
               for p in (ROOT / "kahuna").rglob("__init__.py")}
    assert listed == folders | {"kahuna.locale"}
    assert config["tool"]["setuptools"]["package-dir"] == {"kahuna.locale": "locale"}
    assert config["project"]["dependencies"] == []  # the standard library only
