"""The rules reference's values: sections, worked examples, edition notes, glossary terms.

Every value is immutable. The sections' texts stay data, not catalog messages: each is
several paragraphs written in each language on its own (not sentence by sentence), checked by
the reference's own format rules and indexed per language by the search, so they are plain
dicts keyed by language (``{"en": ..., "ru": ...}``) as the public API promises. The names of
the games and of the rules editions are catalog messages, rendered in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, TypeVar

from rules.i18n import Message, msg_p

__all__ = [
    "GAMES",
    "LANGS",
    "SECTION_ID",
    "EditionNote",
    "Example",
    "Localised",
    "Section",
    "Term",
    "number_key",
]

LANGS: Final = ("en", "ru")
_T = TypeVar("_T")


class Localised(dict[str, _T]):
    """A value per language of the reference; a language it was not written in reads English.

    >>> Localised({"en": "Torpor", "ru": "Ступор"})["qps"]
    'Torpor'
    """

    def __missing__(self, lang: str) -> _T:
        if lang == "en":
            raise KeyError(lang)
        return self["en"]


GAMES: Final = ("vtes", "dracula", "vtm")
GAME_NAMES: Final[Mapping[str, Message]] = {
    "vtes": msg_p("game", "Vampire: The Eternal Struggle"),
    "dracula": msg_p("game", "Fury of Dracula (2nd ed.)"),
    "vtm": msg_p("game", "Vampire: the Masquerade"),
}
"""Each game's name, rendered in the reader's language: ``GAME_NAMES["vtm"].render("ru")``."""
EDITION_NAMES: Final[Mapping[str, Message]] = {
    "black-hand": msg_p("rules edition", "Black Hand rulebook"),
    "vekn-2024": msg_p("rules edition", "current VEKN rulebook"),
    "revised": msg_p("rules edition", "Revised (3rd) edition"),
    "v20": msg_p("rules edition", "V20 (20th anniversary)"),
    "1st-edition": msg_p("rules edition", "1st edition"),
    "2nd-edition": msg_p("rules edition", "2nd edition"),
    "valour": msg_p("rules edition", "Valour points variant"),
}
"""Each rules edition's name, rendered in the reader's language."""

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
        name = EDITION_NAMES.get(self.edition)
        return self.edition if name is None else name.render(lang)


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
