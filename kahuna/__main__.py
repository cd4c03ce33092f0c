import sys

from .tools.cli import command

sys.exit(command("python -m kahuna"))
