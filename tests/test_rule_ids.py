"""The rule ids: each defined once in docs/rules.md and cited by at least one test, in its
name or docstring; every id the project cites is one of them; no file points to the rules
file the project once cited from outside the repository.

When a rule is added to docs/rules.md, add a test that names its id.
"""

import ast
import os
import re
from collections.abc import Iterator
from pathlib import Path

from kahuna.rules.board import DEGREE, ISLANDS, N_LINES, line_name

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
RULES = ROOT / "docs" / "rules.md"
#: An entry of docs/rules.md: its anchor, then its id in bold ("<a id="R9a"></a>**R9a. ").
ENTRY = re.compile(r'<a id="([^"]+)"></a>\*\*([^*.]+)\.')
#: A rule id as the project writes it: R9, R9a, V1; not inside a word or a name (sR1, V2x;
#: test_r9 is read by ``cited``).
CITATION = re.compile(r"(?<![A-Za-z0-9_])(?:R[0-9]+[a-z]?|V[0-9]+)(?![A-Za-z0-9_])")
#: Where ids are cited; OLD_NAME is looked for in these and a few more kinds of text.
CITING = {".py", ".md", ".html", ".js"}
TEXTS = CITING | {".mjs", ".css", ".sh", ".toml", ".yml", ".yaml", ".json", ".po", ".pot",
                  ".txt", ".ini", ".cfg", ".webmanifest", ".svg"}
#: Folders not the project's own: links to installed tools, caches, build output (/page/ and
#: /_site/ are copies of the sources, rebuilt by scripts/build_site.py).
SKIP = {".git", ".venv", "node_modules", "vendor", "__pycache__", ".pytest_cache",
        ".hypothesis", "_site"}
SKIP_AT_ROOT = {"page"}
#: The rules file the project once cited from beside the repository (written so that this
#: file does not name it).
OLD_NAME = re.compile(r"RULES\.md")
#: Ids written on purpose for no rule (and so listed here too): a variant the tournament
#: must refuse.
NOT_RULES = {("tests/test_players_tournament.py", "V3")}
NOT_RULES |= {("tests/test_rule_ids.py", rule) for _, rule in NOT_RULES}
#: Inline SVG (its path data draws lines with V and a number) and data addresses cite no rule.
NOT_TEXT = re.compile(r"<svg\b.*?</svg>|data:[\w/+.-]+;base64,[\w+/=]+", re.S)


def rule_ids() -> list[str]:
    """The ids docs/rules.md defines, in its order."""
    return [anchor for anchor, _ in ENTRY.findall(read(RULES))]


def project_files(suffixes: set[str]) -> Iterator[Path]:
    """The project's own files with one of ``suffixes``, links to outside folders skipped."""
    for folder, dirs, files in os.walk(ROOT):
        skip = SKIP | (SKIP_AT_ROOT if Path(folder) == ROOT else set())
        dirs[:] = sorted(d for d in dirs if d not in skip)
        for name in sorted(files):
            if Path(name).suffix in suffixes:
                yield Path(folder, name)


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def ids_cited(text: str) -> set[str]:
    return set(CITATION.findall(NOT_TEXT.sub("", text)))


def citations():
    """(test name, docstring) of every test function and class in tests/, but this file."""
    for path in sorted(TESTS.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name.lower().startswith("test"):
                yield node.name, ast.get_docstring(node) or ""


def cited(rule, name, doc):
    """``rule`` appears as a whole id: R9 is not cited by R9a, nor R1 by R11."""
    pattern = rf"(?<![A-Za-z0-9]){re.escape(rule)}(?![0-9A-Za-z])"
    in_name = re.search(pattern, name.replace("_", " "), re.IGNORECASE)
    return bool(in_name or re.search(pattern, doc))


def test_every_rule_id_is_cited_by_a_test():
    found = list(citations())
    missing = [rule for rule in rule_ids() if not any(cited(rule, n, d) for n, d in found)]
    assert missing == []


def test_the_citation_match_is_exact():
    assert cited("R9", "test_r9_remove", "")
    assert not cited("R9", "test_r9a_discard", "")
    assert not cited("R1", "test_x", "see R11 and R11a")
    assert cited("R11a", "test_x", "R11a: invariants")
    assert cited("V1", "test_v1_free_bridge", "")


def test_docs_rules_defines_each_id_once_as_an_anchor_named_by_its_entry():
    """R1..R24 with R9a, R9b, R11a, and the variants V1, V2: each an anchor a link reaches."""
    text = read(RULES)
    entries = ENTRY.findall(text)
    assert all(anchor == label for anchor, label in entries), entries
    ids = rule_ids()
    expected = [f"R{n}" for n in range(1, 25)] + ["R9a", "R9b", "R11a", "V1", "V2"]
    assert sorted(ids) == sorted(expected)
    assert len(re.findall(r'<a id="[RV]', text)) == len(ids)  # no anchor outside an entry


def test_r1_the_board_in_docs_rules_is_the_engines():
    """R1's entry lists the engine's 27 lines, in board order, and each island's degree."""
    entry = read(RULES).split('<a id="R1"></a>')[1].split("\n- ")[0]
    lines = re.findall(r"\b([A-Z]{4})–([A-Z]{4})\b", entry)
    assert [f"{a}-{b}" for a, b in lines] == [line_name(i) for i in range(N_LINES)]
    groups = re.findall(r"\b([3-6]) \(([A-Z, ]+)\)", entry)  # "3 (ALOA, LALE)"
    degrees = {name: int(degree) for degree, names in groups for name in names.split(", ")}
    assert degrees == {name: DEGREE[i] for i, name in enumerate(ISLANDS)}


def test_every_id_the_project_cites_is_defined_in_docs_rules():
    """Code, tests, documents and pages cite only ids that docs/rules.md defines."""
    defined = set(rule_ids())
    undefined = []
    for path in project_files(CITING):
        where = path.relative_to(ROOT).as_posix()
        for rule in ids_cited(read(path)) - defined:
            if (where, rule) not in NOT_RULES:
                undefined.append((where, rule))
    assert sorted(undefined) == []


def test_the_scan_reads_ids_not_words_pictures_or_names():
    assert ids_cited("R1-R24, R9a (R11a); V1,V2 and #R13") == {"R1", "R24", "R9a", "R11a",
                                                               "V1", "V2", "R13"}
    assert ids_cited("test_r9 sR1 V2x R9ab R2D2 RR5 _V1 CSS r1") == set()
    assert ids_cited('<svg><path d="M1 2 V12 H3"/></svg> R8') == {"R8"}
    assert ids_cited("url(data:image/png;base64,AB+R5a/V1=) R3") == {"R3"}


def test_no_file_points_to_a_rules_file_outside_the_repository():
    """Rule ids resolve to docs/rules.md, in the repository, not to a file beside it."""
    naming = [path.relative_to(ROOT).as_posix() for path in project_files(TEXTS)
              if OLD_NAME.search(read(path))]
    assert naming == []


def test_links_into_docs_rules_reach_an_anchor():
    """docs/rules.md#R24 or #worked-example: the part after # is an anchor of the page."""
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', read(RULES)))
    links = [(path.relative_to(ROOT).as_posix(), anchor) for path in project_files(TEXTS)
             for anchor in re.findall(r"rules\.md#([\w-]+)", read(path))]
    assert ("docs/players.md", "R24") in links
    assert [link for link in links if link[1] not in anchors] == []


def test_the_scan_sees_the_projects_files_and_not_the_installed_tools():
    scanned = {path.relative_to(ROOT).as_posix() for path in project_files(TEXTS)}
    assert {"README.md", "docs/rules.md", "kahuna/rules/state.py", "rules/index.html",
            "web/tar.js", "tests/test_rule_ids.py", "locale/de/LC_MESSAGES/kahuna.po"} <= scanned
    assert not [p for p in scanned if p.split("/")[0] in SKIP_AT_ROOT
                or SKIP & set(p.split("/"))]
