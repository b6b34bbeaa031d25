"""The rules reference's values: sections, worked examples, edition notes, glossary terms.

Every value is immutable. Localised strings are plain dicts keyed by language
(``{"en": ..., "ru": ...}``) as the public API promises; the dataclasses are
frozen and are never mutated after loading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

__all__ = [
    "GAMES",
    "LANGS",
    "SECTION_ID",
    "EditionNote",
    "Example",
    "Section",
    "Term",
    "number_key",
]

LANGS: Final = ("en", "ru")
GAMES: Final = ("vtes", "dracula", "vtm")
GAME_NAMES: Final[dict[str, dict[str, str]]] = {
    "vtes": {"en": "Vampire: The Eternal Struggle", "ru": "Vampire: The Eternal Struggle (VTES)"},
    "dracula": {"en": "Fury of Dracula (2nd ed.)", "ru": "Ярость Дракулы (2-е изд.)"},
    "vtm": {"en": "Vampire: the Masquerade", "ru": "Вампиры: Маскарад"},
}
EDITION_NAMES: Final[dict[str, dict[str, str]]] = {
    "black-hand": {"en": "Black Hand rulebook", "ru": "правила эпохи Black Hand"},
    "vekn-2024": {"en": "current VEKN rulebook", "ru": "текущие правила VEKN"},
    "revised": {"en": "Revised (3rd) edition", "ru": "Revised (3-я редакция)"},
    "v20": {"en": "V20 (20th anniversary)", "ru": "V20 (юбилейное издание)"},
    "1st-edition": {"en": "1st edition", "ru": "1-е издание"},
    "2nd-edition": {"en": "2nd edition", "ru": "2-е издание"},
    "valour": {"en": "Valour points variant", "ru": "вариант с очками доблести"},
}

#: A section id: the game, a colon, then a dotted number (VTES) or a slug.
SECTION_ID: Final = re.compile(r"(vtes|dracula|vtm):[\w.\-]+")


def number_key(number: str) -> tuple[int, ...]:
    """Sort key of a dotted section number: ``"6.4.10"`` sorts after ``"6.4.9"``."""
    return tuple(int(part) for part in number.split(".") if part.isdigit())


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example, restated in our words."""

    title: dict[str, str]
    text: dict[str, str]


@dataclass(frozen=True, slots=True)
class EditionNote:
    """How one rules edition words or changes the section's rule."""

    edition: str
    text: dict[str, str]

    def edition_name(self, lang: str) -> str:
        """A readable name of the edition (the raw key when it is not a known one)."""
        return EDITION_NAMES.get(self.edition, {}).get(lang, self.edition)


@dataclass(frozen=True, slots=True)
class Section:
    """One section of the rules reference.

    ``title`` and ``text`` are dicts ``{"en": ..., "ru": ...}``; ``text`` holds
    paragraphs separated by blank lines.
    """

    id: str
    game: str
    number: str
    title: dict[str, str]
    text: dict[str, str]
    source: str
    examples: tuple[Example, ...] = ()
    editions: tuple[EditionNote, ...] = ()
    origin: str = field(default="", compare=False)

    def __hash__(self) -> int:
        return hash(self.id)

    def paragraphs(self, lang: str) -> tuple[str, ...]:
        """The text in ``lang`` split into paragraphs."""
        return tuple(p.strip() for p in re.split(r"\n\s*\n", self.text[lang]) if p.strip())

    def heading(self, lang: str) -> str:
        """Number (when there is one) and title, e.g. ``"6.4.6 Damage resolution"``."""
        title = self.title[lang]
        return f"{self.number} {title}" if self.number else title


@dataclass(frozen=True, slots=True)
class Term:
    """A glossary entry: the English term, its accepted Russian forms, and its section."""

    en: str
    ru: tuple[str, ...]
    game: str
    section: str
    note: dict[str, str] | None = None

    def __hash__(self) -> int:
        return hash((self.en, self.ru, self.game, self.section))
