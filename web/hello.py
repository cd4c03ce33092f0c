"""Placeholder module proving that [files] in pyscript.toml makes `web` importable."""


def greet() -> str:
    return "ready"
