"""A pseudo-language made from the template, to find text that does not come from a
catalogue: every message comes back wrapped in ⟦…⟧ and accented, so what shows outside
the brackets was never translated. Not a test module itself."""

from __future__ import annotations

import gettext
import re

PLACEHOLDER = re.compile(r"(\{\w+\})")


def _accented(text):
    """'Plâcé {line}': a message made strange, its placeholders kept."""
    accents = str.maketrans("aeiouAEIOUcnCN", "âéîöûÂÉÎÖÛçñÇÑ")
    return "".join(part if PLACEHOLDER.fullmatch(part) else part.translate(accents)
                   for part in PLACEHOLDER.split(text))


class Pseudo(gettext.NullTranslations):
    """The template's messages, each wrapped in ⟦…⟧ and accented; counts the messages
    asked for. A message not in the template comes back as it was: English."""

    def __init__(self, template):
        super().__init__()
        self.messages = {m.key: m for m in template if m.id}
        self.asked = set()

    def _look(self, context, msgid, plural=None, n=1):
        m = self.messages.get((context, msgid))
        if m is None or m.plural != plural:
            return msgid if plural is None or n == 1 else plural
        self.asked.add(m.key)
        return "⟦" + _accented(msgid if plural is None or n == 1 else plural) + "⟧"

    def gettext(self, message):
        return self._look(None, message)

    def ngettext(self, singular, plural, n):
        return self._look(None, singular, plural, n)

    def pgettext(self, context, message):
        return self._look(context, message)

    def npgettext(self, context, singular, plural, n):
        return self._look(context, singular, plural, n)


def outside_brackets(text):
    """What ``text`` shows outside every ⟦…⟧ (nested ones too)."""
    depth, kept = 0, []
    for char in text:
        depth += (char == "⟦") - (char == "⟧")
        if depth == 0 and char != "⟧":
            kept.append(char)
    assert depth == 0, text
    return "".join(kept)


