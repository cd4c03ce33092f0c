"""The page's language: which one it speaks, and its messages.

The messages are GNU gettext catalogues (``kahuna.translations``, docs/translating.md):
the page's English is written in its code as ``_("...")``, ``ngettext(...)`` or
``pgettext(context, "...")``, and these look it up in the language in use. One language is
in use at a time (the page draws one view at a time), as in Django's ``activate``:
``web.view.page.view`` sets the App's before drawing, so the modules that build HTML need no
language argument. A text kept for later (a notice, a save problem) is kept as English,
marked by ``N_`` for the catalogues, and translated when it is shown.

Which language: the address's ``lang=`` (an embed's), else the one the person chose
(remembered in the storage), else the first of the browser's preferences the game speaks,
else English.
"""

from __future__ import annotations

from collections.abc import Iterable
from gettext import NullTranslations

from kahuna import LANGUAGES, translations

#: The storage key of the language the person chose.
KEY = "kahuna.lang"
#: Each language by its own name: a person looks for their language in their language.
NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "pl": "Polski"}


def rules_page(lang: str) -> str:
    """The rules page in ``lang``, from the site's root (scripts/rules_page.py writes them)."""
    return "rules/index.html" if lang == "en" else f"rules/{lang}.html"


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues; it is translated later, where it is shown."""
    return message


#: What the site is, for the web app manifest (scripts/manifest.py writes it in each language).
DESCRIPTION = N_("Kahuna, the two-player island game: play against the computer or a friend, "
                 "offline.")

_in_use: list[tuple[str, NullTranslations]] = [("en", translations("en"))]
_loaded: dict[str, NullTranslations] = {}


def supported(tag: object) -> str | None:
    """The game's language for a language tag ("de-AT" -> "de"); None if it has none."""
    if not isinstance(tag, str):
        return None
    code = tag.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def choose(asked: str | None, chosen: str | None, preferred: Iterable[object]) -> str:
    """The language to speak: ``asked`` (the address), else ``chosen`` (remembered), else
    the first of the browser's ``preferred`` tags the game speaks, else English."""
    for tag in (asked, chosen, *preferred):
        code = supported(tag)
        if code is not None:
            return code
    return "en"


def use(lang: str) -> None:
    """Speak ``lang`` from now on (a code of ``kahuna.LANGUAGES``; else English)."""
    code = supported(lang) or "en"
    if code not in _loaded:
        _loaded[code] = translations(code)
    _in_use[0] = (code, _loaded[code])


def use_translations(lang: str, tr: NullTranslations) -> None:
    """From now on, ``lang`` is spoken through ``tr`` (tests: a pseudo-language in place
    of English), and spoken now."""
    _loaded[lang] = tr
    use(lang)


def in_use() -> str:
    """The code of the language spoken now."""
    return _in_use[0][0]


def tr() -> NullTranslations:
    """The translations object of the language spoken now (for kahuna's narration)."""
    return _in_use[0][1]


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _in_use[0][1].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` (Polish has three)."""
    return _in_use[0][1].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in its ``context`` (the same English may need two translations)."""
    return _in_use[0][1].pgettext(context, message)
