"""A Python file without its comments and docstrings, every line where it was: what
scripts/build_site.py ships of the page's modules and scripts/trim_stdlib.py of the
standard library (one module of its own, so neither imports the other for it)."""

from __future__ import annotations

import io
import tokenize


def strip_source(source: bytes, class_docstrings: bool = False) -> bytes:
    """``source`` without comments and docstrings (a lone string first in the module or in
    a def or class body), every line where it was: the string becomes blank lines
    (``pass`` when it is all its body holds)."""
    text = source.decode("utf-8")
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    tokens = list(tokenize.tokenize(io.BytesIO(source).readline))
    edits = []
    previous = None  # the last significant token's type (None: the module's start)
    head = last_head = ""  # the first word of the current and of the last logical line
    for i, token in enumerate(tokens):
        start = starts[token.start[0] - 1] + token.start[1]
        end = starts[token.end[0] - 1] + token.end[1]
        if token.type == tokenize.COMMENT:
            edits.append((start, end, ""))
            continue
        if token.type in (tokenize.NL, tokenize.ENCODING):
            continue
        first = previous in (None, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
        if first and token.type not in (tokenize.INDENT, tokenize.DEDENT):
            head = token.string
        bodies = ("def", "async") if class_docstrings else ("def", "async", "class")
        docstring = previous is None or (previous == tokenize.INDENT and last_head in bodies)
        if (token.type == tokenize.STRING and docstring
                and tokens[i + 1].type == tokenize.NEWLINE):
            after = next(t.type for t in tokens[i + 2:] if t.type not in (tokenize.NL, tokenize.COMMENT))
            if not (previous == tokenize.INDENT and after == tokenize.DEDENT):
                edits.append((start, end, "\n" * token.string.count("\n")))
        if token.type == tokenize.NEWLINE:
            last_head = head
        previous = token.type
    for start, end, new in reversed(edits):
        text = text[:start] + new + text[end:]
    return "\n".join(line.rstrip() for line in text.split("\n")).encode("utf-8")
