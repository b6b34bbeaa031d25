"""Deck lists as players paste them: the crypt and the library, card name -> copies.

Read formats:

* the tournament archive's text (and VDB's text export): free header lines, then
  ``Crypt (12 cards, min=..., ...)``, lines such as ``3x Name   7 aus DOM   prince  Clan:2``
  (the name ends at two spaces; ``:2`` is the group), then ``Library (90 cards)`` with type
  headings such as ``Master (12; 3 trifle)`` and lines ``3x Name``;
* Lackey's list: ``3<TAB>Name`` lines, the library first, then ``Crypt:`` and the vampires;
* plain lists with ``Crypt`` / ``Library`` headings (Amaranth, JOL) and ``3x Name``,
  ``3 x Name`` or ``3 Name`` lines.

Lines before the first heading are the deck's header (event, players, description) and are
skipped, except Lackey's tab lines. A heading's count that disagrees with its cards is a
warning. A line that is not a card line, or names a card the card data does not know, raises
:class:`~rules.errors.InvalidState` naming the line.

Names resolve through :func:`resolve_card` on the card data's exact names, compared
without case, accents, the kind of apostrophe or dash, and with a trailing ``", The"`` moved
to the front. ``parse(text, resolve=...)`` takes any other resolver of the same shape.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_p
from rules.validation import text as non_empty
from rules.vtes import carddata

__all__ = ["SECTIONS", "DeckList", "Resolver", "normalized", "parse", "resolve_card"]

SECTIONS: Final = ("crypt", "library")

Resolver = Callable[[str, str, str], str | None]
"""``(name, section, group)`` -> the card data's name of the card, or ``None`` if unknown;
``section`` is ``"crypt"`` or ``"library"``, ``group`` the vampire's group as written ("")."""

LIBRARY_TYPES: Final = (
    "action modifier",
    "action",
    "ally",
    "combat",
    "conviction",
    "equipment",
    "event",
    "master",
    "political action",
    "power",
    "reaction",
    "reflex",
    "retainer",
)
_TYPES: Final = "|".join(re.escape(t) for t in LIBRARY_TYPES)
_HEADING = re.compile(
    rf"^(?P<word>crypt|library|{_TYPES})(?:\s*/\s*(?:{_TYPES}))*\s*"
    r"(?:\((?P<paren>[^)]*)\)|\[(?P<bracket>[^\]]*)\])?\s*:?\s*$",
    re.IGNORECASE,
)
_COUNT = re.compile(r"(\d+)")
_CARD = re.compile(r"^(?P<count>\d+)\s*[x×]?(?:\t|\s+)(?P<rest>\S.*)$", re.IGNORECASE)
_LACKEY = re.compile(r"^\d+\t")
_GROUP_TAIL = re.compile(r":\s*(?P<group>\d+|any)\s*$", re.IGNORECASE)
_GROUP_IN_NAME = re.compile(
    r"\s*\((?:(?:g\s*)?(?P<group>\d+|any))?\s*(?P<adv>adv)?\)\s*$", re.IGNORECASE
)
_SKIPPED = re.compile(r"^(?:-{2,}|={2,}|\*{2,}|#)")


def normalized(name: str) -> str:
    """A card name compared the forgiving way: no case, no accents, one kind of apostrophe,
    quote and dash, single spaces, a trailing ``", The"`` moved to the front.

    >>> normalized("Ankara Citadel, Turkey, The") == normalized("The Ankara Citadel, Turkey")
    True
    """
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    plain = plain.replace("’", "'").replace("‘", "'").replace("`", "'")
    plain = plain.replace("“", '"').replace("”", '"')
    plain = re.sub(r"\s*(?:—|–|--)\s*", " - ", plain)
    plain = " ".join(plain.casefold().split())
    if plain.endswith(", the"):
        plain = "the " + plain[: -len(", the")]
    return plain


@cache
def _library_names() -> dict[str, str]:
    return {normalized(card.name): card.name for card in carddata.library()}


@cache
def _crypt_names() -> dict[str, tuple[tuple[str, str, bool], ...]]:
    """normalized printed name -> (full name, group, advanced) of each card."""
    found: dict[str, list[tuple[str, str, bool]]] = {}
    for card in carddata.crypt():
        found.setdefault(normalized(card.printed), []).append((card.name, card.group, card.adv))
    return {k: tuple(v) for k, v in found.items()}


def resolve_card(name: str, section: str, group: str = "") -> str | None:
    """The card data's name for ``name`` in ``section``, or ``None`` when it knows no such card.

    Vampires: ``"Tupdog"``, ``"Tupdog (G3)"``, ``"Alan Sovereign (ADV)"``; ``group`` picks
    among cards of one printed name; without it the lowest group is taken.

    >>> resolve_card("tupdog", "crypt"), resolve_card("Immortal grapple", "library")
    ('Tupdog (G3)', 'Immortal Grapple')
    """
    if section == "library":
        return _library_names().get(normalized(name))
    base, adv = name, False
    inside = _GROUP_IN_NAME.search(base)
    if inside:
        group = group or (inside["group"] or "")
        adv = bool(inside["adv"])
        base = base[: inside.start()]
    cards = [c for c in _crypt_names().get(normalized(base), ()) if c[2] == adv]
    if group:
        cards = [c for c in cards if c[1].casefold() == group.casefold()] or [
            c for c in cards if c[1].casefold() == "any"
        ]
    return min(cards, key=lambda c: c[1])[0] if cards else None


@dataclass(frozen=True, eq=False)
class DeckList:
    """A deck: its crypt and library, card name (as the card data spells it) -> copies."""

    crypt: dict[str, int]
    library: dict[str, int]
    name: str = ""
    warnings: tuple[Message, ...] = field(default=())
    """What was read without being said (a heading's count that disagrees with its cards)."""

    @property
    def crypt_size(self) -> int:
        return sum(self.crypt.values())

    @property
    def library_size(self) -> int:
        return sum(self.library.values())


_SECTION_NAMES: Final = {
    "crypt": msg_p("vtes deck section", "crypt"),
    "library": msg_p("vtes deck section", "library"),
}


def _declared(detail: str | None) -> int | None:
    found = _COUNT.search(detail or "")
    return int(found.group(1)) if found else None


def parse(text: str, *, resolve: Resolver = resolve_card) -> DeckList:
    """The deck list in ``text`` (see the module's docstring for the formats read).

    >>> deck = parse("Crypt (2 cards)\\n2x Tupdog\\nLibrary (1 card)\\n1x Immortal Grapple")
    >>> deck.crypt, deck.library
    ({'Tupdog (G3)': 2}, {'Immortal Grapple': 1})
    """
    non_empty(msg_p("vtes parameter", "deck list"), text)
    piles: dict[str, dict[str, int]] = {"crypt": {}, "library": {}}
    declared: dict[str, tuple[int, int, str]] = {}
    section: str | None = None
    deck_name = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or _SKIPPED.match(line):
            continue
        heading = _HEADING.match(line)
        if heading:
            word = heading["word"].casefold()
            section = word if word in SECTIONS else "library"
            count = _declared(heading["paren"] or heading["bracket"])
            if word in SECTIONS and count is not None:
                declared[word] = (count, number, line)
            continue
        if section is None and not _LACKEY.match(raw):
            if line.casefold().startswith("deck name:"):
                deck_name = line.split(":", 1)[1].strip()
            continue  # the deck's header: event, place, players, description
        card = _CARD.match(line)
        if card is None or int(card["count"]) == 0:
            raise InvalidState(
                msg(
                    "Deck list, line {number}: {line!r} is not a card line; write the copies "
                    "and the name, e.g. '3x Immortal Grapple'.",
                    number=number,
                    line=line,
                )
            )
        pile = section or "library"
        rest = card["rest"]
        group = ""
        if pile == "crypt":
            tail = _GROUP_TAIL.search(rest)
            group = tail["group"] if tail else ""
        name = re.split(r"\t|\s{2,}", rest, maxsplit=1)[0].strip()
        found = resolve(name, pile, group)
        if found is None:
            raise InvalidState(
                msg(
                    "Deck list, line {number}: no card named {name!r} in the {section} of the "
                    "card data.",
                    number=number,
                    name=name,
                    section=_SECTION_NAMES[pile],
                )
            )
        piles[pile][found] = piles[pile].get(found, 0) + int(card["count"])
    if not piles["crypt"] and not piles["library"]:
        raise InvalidState(msg("The deck list holds no card line, e.g. '3x Immortal Grapple'."))
    warnings = []
    for pile, (count, number, line) in declared.items():
        got = sum(piles[pile].values())
        if got != count:
            warnings.append(
                msg(
                    "Deck list, line {number}: {line!r} announces {count} cards, but the "
                    "{section} lists {got}.",
                    number=number,
                    line=line,
                    count=count,
                    section=_SECTION_NAMES[pile],
                    got=got,
                )
            )
    return DeckList(
        crypt=piles["crypt"], library=piles["library"], name=deck_name, warnings=tuple(warnings)
    )
