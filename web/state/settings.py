"""The person's settings, kept in the browser's storage: the computer's pace, animations
on or off, and the colour theme. Plain Python: the storage is injected (web.game.saves.Storage).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from ..words.language import N_

KEY = "kahuna.settings"

#: The computer's pace: seconds between its actions.
PACES = {"slow": 1.4, "normal": 0.7, "fast": 0.3}
THEMES = ("system", "light", "dark")
CHOICES = {"pace": tuple(PACES), "animations": ("on", "off"), "theme": THEMES}
#: The words the settings dialog shows for each value (translated when shown).
WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "on": N_("On"),
         "off": N_("Off"), "system": N_("As the system"), "light": N_("Light"),
         "dark": N_("Dark")}


@dataclass
class Settings:
    """What the person chose; the defaults follow the system (reduced motion, colours)."""

    pace: str = "normal"
    animations: str = "on"  # "off" by default when the system asks for reduced motion
    theme: str = "system"

    def set(self, key: str, value: str) -> bool:
        """Apply one ``pref:<key>:<value>`` act; False (nothing changed) when unknown."""
        if value not in CHOICES.get(key, ()):
            return False
        setattr(self, key, value)
        return True

    def seconds(self) -> float:
        """The pause between the computer's actions."""
        return PACES[self.pace]

    def shade(self, system_dark: bool) -> str:
        """The theme drawn: "light" or "dark" ("system" follows the browser)."""
        if self.theme == "system":
            return "dark" if system_dark else "light"
        return self.theme


def load(storage, reduced_motion: bool) -> Settings:
    """The stored settings; a missing or unreadable entry gives the defaults."""
    settings = Settings(animations="off" if reduced_motion else "on")
    try:
        stored = json.loads(storage.getItem(KEY) or "{}")
    except Exception:  # storage refused or the entry mangled by hand: the defaults
        return settings
    if isinstance(stored, dict):
        for key, value in stored.items():
            if isinstance(key, str) and isinstance(value, str):
                settings.set(key, value)
    return settings


def store(storage, settings: Settings) -> None:
    """Keep the settings; a storage that refuses keeps them for this page only."""
    try:
        storage.setItem(KEY, json.dumps(asdict(settings)))
    except Exception:  # storage full or switched off: this page still uses them
        pass
