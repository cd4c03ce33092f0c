"""The message catalogues (GNU gettext): extract, update, compile, check.

English is the source language, written in the code. ``locale/kahuna.pot`` is the template
(every message of the code); ``locale/<lang>/LC_MESSAGES/kahuna.po`` the translations of
one language; ``kahuna.mo`` beside it the compiled catalogue that Python's ``gettext``
reads, in CPython and in the page (Pyodide). The .mo files are committed, so the tests,
the command line and the deployment need no build step; ``check`` (and tests/test_i18n.py)
fails when one is not current.

    python3 scripts/i18n.py extract   the template from the code (needs Babel)
    python3 scripts/i18n.py update    the template merged into each language's .po (needs
                                      Babel): new messages come empty, changed ones fuzzy
    python3 scripts/i18n.py compile   each .po into its .mo (standard library only)
    python3 scripts/i18n.py check     exit 1 and say why when a catalogue lacks a message of
                                      the template or has one it lacks, a translation is empty
                                      or fuzzy, its {placeholders} differ, a plural form is
                                      missing, or a .mo is not current (standard library only)

Babel (pinned in requirements-dev.txt) is a development tool: the page never loads it.
See docs/translating.md.
"""

from __future__ import annotations

import argparse
import ast
import io
import string
import struct
import sys
from pathlib import Path
from typing import Any, NamedTuple

REPO_ROOT = Path(__file__).resolve().parent.parent
LOCALE = "locale"
DOMAIN = "kahuna"
#: The folders whose Python code holds messages: the engine's narration, and the page.
SOURCES = ("kahuna", "web")
#: The languages with a catalogue, and the standard Plural-Forms header of each.
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
#: The message functions, as Babel's keywords (argument positions; "c": the context).
#: ``_`` and ``N_`` (marked now, translated where shown) are the page's (web/words/language.py).
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3), "_": None, "N_": None}
COMMENT_TAG = "TRANSLATORS:"


class Message(NamedTuple):
    """One entry of a .po file: ``strings`` has one translation, or one per plural form."""
    context: str | None
    id: str
    plural: str | None
    strings: tuple[str, ...]
    fuzzy: bool

    @property
    def key(self) -> tuple[str | None, str]:
        return self.context, self.id


def template_path(root: Path = REPO_ROOT) -> Path:
    return root / LOCALE / f"{DOMAIN}.pot"


def po_path(lang: str, root: Path = REPO_ROOT) -> Path:
    return root / LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


# ------------------------------------------------------------- reading and compiling


def read_po(text: str) -> list[Message]:
    """The entries of a .po (or .pot) file, the header (id "") first; obsolete ones
    (``#~``) are left out."""
    messages: list[Message] = []
    fields: dict[str, str] = {}
    flags: set[str] = set()
    current: str | None = None

    def finish() -> None:
        if "msgid" in fields:
            plural = sorted((k for k in fields if k.startswith("msgstr[")),
                            key=lambda k: int(k[7:-1]))
            strings = tuple(fields[k] for k in plural) if plural else (fields.get("msgstr", ""),)
            messages.append(Message(fields.get("msgctxt"), fields["msgid"],
                                    fields.get("msgid_plural"), strings, "fuzzy" in flags))
        fields.clear()
        flags.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#~"):
            continue
        if line.startswith("#,"):
            finish()
            flags.update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#") or not line:
            if fields.get("msgstr") is not None or any(k.startswith("msgstr[") for k in fields):
                finish()
        elif line.startswith('"'):
            if current is None:
                raise ValueError(f"line {number}: a string continues nothing")
            fields[current] += ast.literal_eval(line)
        else:
            keyword, _, rest = line.partition(" ")
            if keyword in ("msgctxt", "msgid") and (
                    "msgstr" in fields or any(k.startswith("msgstr[") for k in fields)):
                finish()
            fields[keyword] = ast.literal_eval(rest.strip())
            current = keyword
    finish()
    return messages


def mo_bytes(messages: list[Message]) -> bytes:
    """A .mo file as GNU msgfmt writes it (no hash table): the translated, not fuzzy
    messages, sorted, UTF-8."""
    entries = {}
    for m in messages:
        if (m.fuzzy and m.id) or not all(m.strings):
            continue
        key = m.id if m.context is None else f"{m.context}\x04{m.id}"
        if m.plural is not None:
            key += "\0" + m.plural
        entries[key.encode()] = "\0".join(m.strings).encode()
    keys = sorted(entries)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(entries[key])))
        ids += key + b"\0"
        strs += entries[key] + b"\0"
    start = 7 * 4 + 16 * len(keys)  # header, then the two tables of (length, offset)
    key_table = b"".join(struct.pack("<II", n, start + o) for o, n, _, _ in offsets)
    value_table = b"".join(struct.pack("<II", n, start + len(ids) + o)
                           for _, _, o, n in offsets)
    header = struct.pack("<7I", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, start)
    return header + key_table + value_table + ids + strs


def placeholders(text: str) -> set[str]:
    """The named fields of a ``str.format`` text; ValueError when it is malformed or a
    field has no name (``{}``, ``{0}``)."""
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    if any(not name or name.isdigit() for name in names):
        raise ValueError(f"positional placeholder in {text!r}")
    return names


def header_field(messages: list[Message], name: str) -> str | None:
    """A field of the header entry (``Plural-Forms``), if there."""
    header = next((m for m in messages if m.id == "" and m.context is None), None)
    for line in (header.strings[0] if header else "").splitlines():
        field, _, value = line.partition(":")
        if field.strip() == name:
            return value.strip()
    return None


def problems(template: list[Message], catalogue: list[Message], lang: str) -> list[str]:
    """What is wrong with ``catalogue`` (language ``lang``) against ``template``."""
    found = []
    forms = header_field(catalogue, "Plural-Forms")
    if forms != PLURAL_FORMS[lang]:
        found.append(f"Plural-Forms is {forms!r}, not {PLURAL_FORMS[lang]!r}")
    nplurals = int(PLURAL_FORMS[lang].split("nplurals=")[1].split(";")[0])
    english = {m.key: m for m in template if m.id}
    own = {m.key: m for m in catalogue if m.id}
    found += [f"missing: {key[1]!r} (context {key[0]!r})" for key in english if key not in own]
    found += [f"not in the template: {key[1]!r}" for key in own if key not in english]
    for key, m in own.items():
        if key not in english:
            continue
        name = repr(m.id)
        if m.fuzzy:
            found.append(f"fuzzy: {name}")
        if (m.plural is None) != (english[key].plural is None):
            found.append(f"plural or not, unlike the template: {name}")
        if m.plural is not None and len(m.strings) != nplurals:
            found.append(f"{len(m.strings)} plural forms, not {nplurals}: {name}")
        if not all(m.strings):
            found.append(f"untranslated: {name}")
        try:
            wanted = placeholders(m.id) | placeholders(m.plural or "")
            for text in m.strings:
                if text and placeholders(text) != wanted:
                    found.append(f"placeholders {sorted(placeholders(text))} in {text!r}, "
                                 f"not {sorted(wanted)}")
        except ValueError as exc:
            found.append(f"{exc} ({name})")
    return found


def check(root: Path = REPO_ROOT) -> list[str]:
    """Every problem of every catalogue, and every .mo that is not its .po compiled."""
    template = read_po(template_path(root).read_text(encoding="utf-8"))
    found = [f"template: {p} (run extract)" for p in template_problems(root)]
    for lang in PLURAL_FORMS:
        po = po_path(lang, root)
        messages = read_po(po.read_text(encoding="utf-8"))
        found += [f"{lang}: {p}" for p in problems(template, messages, lang)]
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != mo_bytes(messages):
            found.append(f"{lang}: {mo.relative_to(root)} is not current: run compile")
    return found


def compile_all(root: Path = REPO_ROOT) -> list[Path]:
    """Write each language's .mo when it differs from its .po compiled; return those."""
    written = []
    for lang in PLURAL_FORMS:
        po = po_path(lang, root)
        data = mo_bytes(read_po(po.read_text(encoding="utf-8")))
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != data:
            mo.write_bytes(data)
            written.append(mo)
    return written


# ------------------------------------------------------------- the messages of the code


class Found(NamedTuple):
    """A message of the code: where it is, and what its translators are told."""
    context: str | None
    id: str
    plural: str | None
    paths: tuple[str, ...]
    comments: tuple[str, ...]


def messages_in_code(root: Path = REPO_ROOT) -> list[Found]:
    """Every message of SOURCES' Python files: the calls of KEYWORDS with literal strings,
    read with ``ast`` (so a call inside an f-string counts, which Babel's tokenizer misses
    before Python 3.12), with the ``# TRANSLATORS:`` comment just above a call."""
    found: dict[tuple[str | None, str], Found] = {}
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            text = path.read_text(encoding="utf-8")
            lines = text.splitlines()
            for node in ast.walk(ast.parse(text, name)):
                message = _message(node)
                if message is None:
                    continue
                context, msgid, plural = message
                comments = _comments(lines, node.lineno)
                before = found.get((context, msgid))
                if before is not None:
                    if before.plural != plural:
                        raise ValueError(f"{name}: {msgid!r} is plural in one place only")
                    paths = tuple(sorted({*before.paths, name}))
                    comments = tuple(dict.fromkeys(before.comments + comments))
                else:
                    paths = (name,)
                found[context, msgid] = Found(context, msgid, plural, paths, comments)
    return sorted(found.values(), key=lambda f: (f.id, f.context or ""))


def _message(node: ast.AST) -> tuple[str | None, str, str | None] | None:
    """(context, id, plural) of a call of a message function with literal strings."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if name not in KEYWORDS:
        return None
    texts = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
             for a in node.args]
    spec = {"gettext": (None, 0, None), "_": (None, 0, None), "N_": (None, 0, None),
            "ngettext": (None, 0, 1), "pgettext": (0, 1, None),
            "npgettext": (0, 1, 2)}[name]
    if len(texts) <= max(i for i in spec if i is not None) or any(
            texts[i] is None for i in spec if i is not None):
        return None  # not a literal message (e.g. _(LABELS[way]): marked where defined)
    context, msgid, plural = (None if i is None else texts[i] for i in spec)
    return context, msgid, plural


def _comments(lines: list[str], lineno: int) -> tuple[str, ...]:
    """The ``# TRANSLATORS:`` comment ending on the line above ``lineno``, if any."""
    block: list[str] = []
    i = lineno - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        block.insert(0, lines[i].strip()[1:].strip())
        i -= 1
    for start, line in enumerate(block):
        if line.startswith(COMMENT_TAG):
            text = " ".join([line[len(COMMENT_TAG):].strip(), *block[start + 1:]])
            return (text,)
    return ()


def template_problems(root: Path = REPO_ROOT) -> list[str]:
    """How the template differs from the messages of the code (run ``extract``)."""
    template = {m.key: m for m in read_po(template_path(root).read_text(encoding="utf-8"))
                if m.id}
    code = {(f.context, f.id): f for f in messages_in_code(root)}
    found = [f"in the code, not in the template: {key[1]!r}" for key in code
             if key not in template]
    found += [f"in the template, not in the code: {key[1]!r}" for key in template
              if key not in code]
    found += [f"plural in one of code and template only: {key[1]!r}" for key in code
              if key in template and code[key].plural != template[key].plural]
    return found


# ------------------------------------------------------------- Babel: extract, update


def extract(root: Path = REPO_ROOT) -> Path:
    """Write the template from the messages of SOURCES (``messages_in_code``)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(project="Kahuna", charset="utf-8", fuzzy=False)
    for found in messages_in_code(root):
        msgid = found.id if found.plural is None else (found.id, found.plural)
        catalog.add(msgid, None, [(path, None) for path in found.paths],
                    auto_comments=found.comments, context=found.context)
    target = template_path(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    _write(target, catalog, write_po, omit_header=False)
    return target


def _write(path: Path, catalog: object, write_po: Any, **options: bool) -> None:
    """Babel's ``write_po``, without the header lines it fills with placeholders
    (``EMAIL@ADDRESS``, ``LL@li.org``): the project has no such addresses."""
    out = io.BytesIO()
    write_po(out, catalog, include_lineno=False, sort_output=True, **options)
    lines = out.getvalue().decode("utf-8").splitlines(keepends=True)
    kept = [line.replace("Version:  ", "Version: ") for line in lines
            if "EMAIL@ADDRESS" not in line and "LL@li.org" not in line
            and not line.startswith("# Copyright (C) ")]
    path.write_text("".join(kept), encoding="utf-8")


def update(root: Path = REPO_ROOT) -> list[Path]:
    """Merge the template into each language's .po (a new language gets a new .po)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po as babel_read_po
    from babel.messages.pofile import write_po

    with template_path(root).open("rb") as f:
        template = babel_read_po(f)
    written = []
    for lang in PLURAL_FORMS:
        po = po_path(lang, root)
        if po.is_file():
            with po.open("rb") as f:
                catalog = babel_read_po(f, locale=lang)
        else:
            catalog = Catalog(locale=lang, project="Kahuna", charset="utf-8", fuzzy=False)
        catalog.update(template)
        po.parent.mkdir(parents=True, exist_ok=True)
        _write(po, catalog, write_po, ignore_obsolete=True)
        written.append(po)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "check"))
    parser.add_argument("--root", type=Path, default=REPO_ROOT, help="repository folder")
    args = parser.parse_args(argv)
    if args.command == "extract":
        print(f"[i18n] {extract(args.root).relative_to(args.root)}", file=sys.stderr)
    elif args.command == "update":
        for po in update(args.root):
            print(f"[i18n] {po.relative_to(args.root)}", file=sys.stderr)
    elif args.command == "compile":
        written = compile_all(args.root)
        for mo in written:
            print(f"[i18n] {mo.relative_to(args.root)}: written", file=sys.stderr)
        if not written:
            print("[i18n] every .mo is current", file=sys.stderr)
    else:
        found = check(args.root)
        for problem in found:
            print(f"[i18n] {problem}", file=sys.stderr)
        if found:
            return 1
        print("[i18n] the catalogues are complete and compiled", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
