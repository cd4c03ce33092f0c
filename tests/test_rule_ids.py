"""Every rule id of RULES.md is cited by at least one test, in its name or docstring.

The ids are listed here (RULES.md lives beside the repository, not in it); when a rule is
added there, add its id here and a test that names it.
"""

import ast
import re
from pathlib import Path

RULE_IDS = [f"R{n}" for n in range(1, 25)] + ["R9a", "R9b", "R11a", "V1", "V2"]
TESTS = Path(__file__).resolve().parent


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
    missing = [rule for rule in RULE_IDS if not any(cited(rule, n, d) for n, d in found)]
    assert missing == []


def test_the_citation_match_is_exact():
    assert cited("R9", "test_r9_remove", "")
    assert not cited("R9", "test_r9a_discard", "")
    assert not cited("R1", "test_x", "see R11 and R11a")
    assert cited("R11a", "test_x", "R11a: invariants")
    assert cited("V1", "test_v1_free_bridge", "")
