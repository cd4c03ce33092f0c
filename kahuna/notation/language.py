"""The message catalogues: GNU gettext, read by Python's own ``gettext`` module.

English is the source language: the messages in the code are English, and English needs
no catalogue. Every other language has ``locale/<lang>/LC_MESSAGES/kahuna.mo`` beside this
package (compiled from its ``kahuna.po`` by ``scripts/i18n.py``; see docs/translating.md).
The page finds them at the same place in Pyodide's file system; an installed package
holds them inside itself, as ``kahuna/locale/`` (pyproject.toml).

A translations object is a ``gettext.NullTranslations`` (English) or a
``gettext.GNUTranslations``; the narration calls its ``gettext``, ``ngettext``,
``pgettext`` and ``npgettext``, then fills the named placeholders with ``str.format``.

>>> translations("de").gettext("{items} and {last}")
'{items} und {last}'
>>> translations("pt-BR").gettext("{items} and {last}")
'{items} and {last}'
"""

from __future__ import annotations

import gettext
import os

# os.path, not pathlib: the page would import pathlib for these lines (boot time).
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: The catalogues' folder: ``locale/`` beside the package, in the repository and in the
#: page; inside it, ``kahuna/locale``, once installed (pyproject.toml puts them there).
LOCALE_DIR = os.path.join(_PACKAGE, "locale")
if not os.path.isdir(LOCALE_DIR):
    LOCALE_DIR = os.path.join(_PACKAGE, "..", "locale")
#: The gettext domain: ``kahuna.po``, ``kahuna.mo``.
DOMAIN = "kahuna"
#: The languages the game speaks, English (the source) first.
LANGUAGES = ("en", "de", "fr", "pl")
#: English, the messages as written in the code.
ENGLISH = gettext.NullTranslations()


def translations(lang: str, localedir: str | os.PathLike[str] = LOCALE_DIR
                 ) -> gettext.NullTranslations:
    """The catalogue of ``lang`` ("de", "fr-CA", "pl_PL"); English when there is none."""
    code = lang.strip().replace("-", "_")
    if not code or code.split("_")[0].lower() == "en":
        return ENGLISH
    return gettext.translation(DOMAIN, str(localedir), [code], fallback=True)
