"""Write the web app manifest's description in every language the game speaks.

``manifest.webmanifest`` keeps its English ``description``; ``description_localized``
(the manifest's localized members, https://w3c.github.io/manifest/#localized-members)
adds the catalogues' translations of ``web.words.language.DESCRIPTION``. Browsers that do not
read localized members show the English one.

    python3 scripts/manifest.py           write it when it is not current
    python3 scripts/manifest.py --check   exit 1 when it is not current (tests do this)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
MANIFEST = REPO_ROOT / "manifest.webmanifest"


def manifest_text(current: str) -> str:
    """The manifest ``current`` with its description in every language."""
    sys.path.insert(0, str(REPO_ROOT))
    from kahuna import LANGUAGES, translations
    from web.words.language import DESCRIPTION

    data = json.loads(current)
    data["description"] = DESCRIPTION
    data["description_localized"] = {
        lang: translations(lang).gettext(DESCRIPTION) for lang in LANGUAGES if lang != "en"}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args(argv)
    current = MANIFEST.read_text(encoding="utf-8")
    wanted = manifest_text(current)
    if current == wanted:
        print("[manifest] current", file=sys.stderr)
        return 0
    if args.check:
        print("[manifest] not current: run python3 scripts/manifest.py", file=sys.stderr)
        return 1
    MANIFEST.write_text(wanted, encoding="utf-8")
    print("[manifest] written", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
