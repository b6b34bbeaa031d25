"""The VTES cards shipped with the package: every crypt card (vampires and imbued) and every
library card, their official rulings, and a look-up by any spelling.

The data comes from krcg's copy of the official VEKN card lists and of the rulings reference,
extracted offline by ``scripts/extract-cards`` into ``rules/vtes/data/cards.json.gz`` and
``rulings.json.gz`` (:func:`sources` says which versions). Nothing here imports krcg, and each
file is read on first use only, so a page that never asks for a card pays nothing, and one that
never asks for a ruling never reads the rulings.

>>> tupdog = vampire("Tupdog")
>>> tupdog.capacity, tupdog.superior, tupdog.clan
(1, ('pot', 'vis'), 'Gargoyle')
>>> tupdog.combatant(blood=1)["strength"]
1
>>> [card.name for card in find("majsty", limit=2)]
['Majesty', 'Mantle of the Bestial Majesty']
>>> [card.name for card in find("Тео Белл")]
['Theo Bell (G2)', 'Theo Bell (G6)', 'Theo Bell (G2 ADV)']
>>> first = rulings(100001)[0]
>>> first.text
'Provides only one maneuver each combat, even if the bearer changes. [LSJ 19980302-2]'
>>> [(ref.label, ref.date) for ref in first.references]
[('LSJ 19980302-2', '1998-03-02')]
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

from rules.errors import InvalidState
from rules.i18n import msg, msg_p
from rules.vtes import card_rulings
from rules.vtes.card_rulings import (
    NamedCard,
    Reference,
    Ruling,
    RulingGroup,
    ruling_groups,
    search_rulings,
)
from rules.vtes.card_sources import Sources, sources_of

__all__ = [
    "Card",
    "CryptCard",
    "LibraryCard",
    "NamedCard",
    "Reference",
    "Ruling",
    "RulingGroup",
    "Sources",
    "card",
    "cards",
    "crypt",
    "crypt_names",
    "find",
    "library",
    "library_card",
    "meta",
    "ruling_groups",
    "rulings",
    "search_crypt",
    "search_rulings",
    "sources",
    "vampire",
]


@dataclass(frozen=True, slots=True)
class CryptCard:
    """A crypt card: a vampire (capacity, Disciplines at basic and superior level, clan,
    title) or an imbued (``types == ("Imbued",)``: life in ``capacity``, Virtues in ``basic``,
    creed in ``clan``)."""

    id: int
    name: str
    printed: str
    types: tuple[str, ...]
    capacity: int
    basic: tuple[str, ...]
    superior: tuple[str, ...]
    clan: str
    title: str
    group: str
    adv: bool
    aka: tuple[str, ...]
    text: str

    def level(self, discipline: str) -> Literal["basic", "superior"] | None:
        """The level at which this vampire has ``discipline`` (e.g. ``"pot"``), if at all."""
        code = discipline.lower()
        if code in self.superior:
            return "superior"
        if code in self.basic:
            return "basic"
        return None

    @property
    def disciplines(self) -> str:
        """As printed on the card: basic in lower case, superior in upper case."""
        return " ".join([*self.basic, *(d.upper() for d in self.superior)]) or "-"

    def combatant(self, blood: int | None = None) -> dict[str, Any]:
        """A scenario combatant for this vampire, full of blood unless ``blood`` is given."""
        return {
            "name": self.printed,
            "kind": "vampire",
            "capacity": self.capacity,
            "blood": self.capacity if blood is None else blood,
            "strength": 1,
        }


@dataclass(frozen=True, slots=True)
class LibraryCard:
    """A library card: its types, the Disciplines and clans it requires, its costs."""

    id: int
    name: str
    types: tuple[str, ...]
    disciplines: tuple[str, ...]
    clans: tuple[str, ...]
    blood_cost: str
    pool_cost: str
    conviction_cost: str
    aka: tuple[str, ...]
    text: str


Card = CryptCard | LibraryCard


@cache
def _data() -> dict[str, Any]:
    blob = resources.files("rules.vtes").joinpath("data/cards.json.gz").read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(blob))
    return data


def meta() -> dict[str, Any]:
    """Where the card data comes from: the krcg version, the SHA-256 of its card lists, the
    newest set they hold, and how many cards (see also :func:`sources`)."""
    return dict(_data()["meta"])


@cache
def _rows(part: Literal["crypt", "library"]) -> tuple[dict[str, int], list[list[Any]]]:
    table = _data()[part]
    return {name: i for i, name in enumerate(table["columns"])}, table["rows"]


def _crypt_card(row: Sequence[Any]) -> CryptCard:
    c, _ = _rows("crypt")
    return CryptCard(
        id=row[c["id"]],
        name=row[c["name"]],
        printed=row[c["printed"]],
        types=tuple(row[c["types"]]),
        capacity=row[c["capacity"]],
        basic=tuple(row[c["basic"]]),
        superior=tuple(row[c["superior"]]),
        clan=row[c["clan"]],
        title=row[c["title"]],
        group=row[c["group"]],
        adv=row[c["adv"]],
        aka=tuple(row[c["aka"]]),
        text=row[c["text"]],
    )


def _library_card(row: Sequence[Any]) -> LibraryCard:
    c, _ = _rows("library")
    return LibraryCard(
        id=row[c["id"]],
        name=row[c["name"]],
        types=tuple(row[c["types"]]),
        disciplines=tuple(row[c["disciplines"]]),
        clans=tuple(row[c["clans"]]),
        blood_cost=row[c["blood_cost"]],
        pool_cost=row[c["pool_cost"]],
        conviction_cost=row[c["conviction_cost"]],
        aka=tuple(row[c["aka"]]),
        text=row[c["text"]],
    )


@cache
def _vampire_rows() -> tuple[list[Any], ...]:
    c, rows = _rows("crypt")
    return tuple(row for row in rows if "Vampire" in row[c["types"]])


@cache
def crypt() -> tuple[CryptCard, ...]:
    """Every vampire, in card-id order (the imbued are in :func:`cards`)."""
    return tuple(_crypt_card(row) for row in _vampire_rows())


@cache
def library() -> tuple[LibraryCard, ...]:
    """Every library card, in card-id order."""
    return tuple(_library_card(row) for row in _rows("library")[1])


@cache
def crypt_names() -> tuple[str, ...]:
    """Every vampire's full name (e.g. ``"Tupdog (G3)"``), without building the cards."""
    name = _rows("crypt")[0]["name"]
    return tuple(row[name] for row in _vampire_rows())


@cache
def _by_id() -> dict[int, tuple[Literal["crypt", "library"], list[Any]]]:
    out: dict[int, tuple[Literal["crypt", "library"], list[Any]]] = {}
    for part in ("crypt", "library"):
        ident = _rows(part)[0]["id"]
        for row in _rows(part)[1]:
            out[row[ident]] = (part, row)
    return out


@cache
def _by_name() -> dict[str, int]:
    out: dict[str, int] = {}
    for part, row in _by_id().values():
        c = _rows(part)[0]
        for name in (row[c["name"]], row[c["printed"]] if part == "crypt" else ""):
            if name:
                out.setdefault(name.casefold(), row[c["id"]])
    return out


def card(key: int | str) -> Card:
    """Any card, crypt or library, by card id or exact name (case-insensitive); a printed
    name shared by several vampires gives the first. Raises :class:`InvalidState` naming
    close matches (see :func:`find`)."""
    ident = key if isinstance(key, int) else _by_name().get(str(key).strip().casefold())
    if ident is None and str(key).strip().isdigit():
        ident = int(str(key).strip())
    found = _by_id().get(ident) if isinstance(ident, int) else None
    if found is None:
        near = [c.name for c in find(str(key), limit=5)]
        raise InvalidState(
            msg(
                "No card named {value} in the card data; close names: {near}.",
                value=repr(key),
                near=near or msg_p("close names", "none"),
            )
        )
    part, row = found
    return _crypt_card(row) if part == "crypt" else _library_card(row)


@cache
def cards() -> tuple[Card, ...]:
    """Every card, crypt then library, each part in card-id order."""
    return (*(_crypt_card(r) for r in _rows("crypt")[1]), *library())


@cache
def _name_index() -> Any:
    from rules.vtes.card_search import Entry, NameIndex  # (on first look-up)

    entries = []
    for part in ("crypt", "library"):
        c, rows = _rows(part)
        for row in rows:
            crypt_row = part == "crypt"
            entries.append(
                Entry(
                    id=row[c["id"]],
                    name=row[c["printed"] if crypt_row else c["name"]],
                    aka=tuple(row[c["aka"]]),
                    adv=bool(row[c["adv"]]) if crypt_row else False,
                    group=row[c["group"]] if crypt_row else "",
                )
            )
    return NameIndex(entries)


def rulings(card_id: int) -> tuple[Ruling, ...]:
    """The official rulings on the card with this id (as krcg 4.19 ships them), in the
    reference's order: the card's own, then its groups' (see :mod:`rules.vtes.card_rulings`).
    A card with no ruling has none; an id that is not a card's raises :class:`InvalidState`."""
    if isinstance(card_id, bool) or not isinstance(card_id, int):
        raise InvalidState(msg("Give a card id (a number), got {value}.", value=repr(card_id)))
    card(card_id)  # an unknown id is an error, not a card without rulings
    return card_rulings.for_card(card_id)


@cache
def sources() -> Sources:
    """Where the card data and the rulings come from, with versions and dates, and the
    rulebook editions the engines follow (see :mod:`rules.vtes.card_sources`)."""
    return sources_of(meta(), card_rulings.meta())


def find(query: str, limit: int = 10) -> tuple[Card, ...]:
    """The cards, crypt and library, whose name best matches ``query``, best first.

    Forgives typos (a letter missing, doubled, swapped or wrong), punctuation, accents and
    case; matches the start of a name and a name from one of its later words on; finds a
    vampire without its epithet or group (``"Lucian"``, ``"Theo Bell"``) and a name typed in
    Cyrillic letters (``"Виктория Эш"``). The versions of one vampire come base version first
    (lower group first), then advanced, unless the query names one (``"Theo Bell adv"``,
    ``"Theo Bell g6"``). A card id finds that card. See :mod:`rules.vtes.card_search`.
    """
    if not isinstance(query, str):
        raise InvalidState(msg("Give a card name to look up, got {value}.", value=repr(query)))
    by_id = _by_id()
    out: list[Card] = []
    for ident in _name_index().find(query, limit):
        part, row = by_id[ident]
        out.append(_crypt_card(row) if part == "crypt" else _library_card(row))
    return tuple(out)


@cache
def _crypt_index() -> dict[str, tuple[list[Any], ...]]:
    c, _ = _rows("crypt")
    index: dict[str, list[list[Any]]] = {}
    for row in _vampire_rows():
        for key in {row[c["name"]].casefold(), row[c["printed"]].casefold(), str(row[c["id"]])}:
            index.setdefault(key, []).append(row)
    return {k: tuple(v) for k, v in index.items()}


def search_crypt(query: str, limit: int = 20) -> tuple[CryptCard, ...]:
    """Vampires whose name contains ``query`` (case-insensitive), names starting with it
    first (for a look-up forgiving typos, see :func:`find`)."""
    q = query.strip().casefold()
    if not q:
        return ()
    name = _rows("crypt")[0]["name"]
    raw = _vampire_rows()
    starts = [r for r in raw if r[name].casefold().startswith(q)]
    inside = [r for r in raw if q in r[name].casefold() and not r[name].casefold().startswith(q)]
    return tuple(_crypt_card(r) for r in (starts + inside)[:limit])


def vampire(name: str) -> CryptCard:
    """The vampire with this name (``"Tupdog"``, ``"Tupdog (G3)"``) or card id.

    A printed name shared by several cards (different groups, advanced) takes the first;
    give the full name to choose another. Raises :class:`InvalidState` naming close matches.
    """
    if not isinstance(name, str) or not name.strip():
        raise InvalidState(msg("Give a vampire's name, got {value}.", value=repr(name)))
    found = _crypt_index().get(name.strip().casefold())
    if found:
        return _crypt_card(found[0])
    near = [c.name for c in search_crypt(name, 5)]
    raise InvalidState(
        msg(
            "No vampire named {value} in the card data; close names: {near}.",
            value=repr(name),
            near=near or msg_p("close names", "none"),
        )
    )


@cache
def _library_index() -> dict[str, list[Any]]:
    c, rows = _rows("library")
    index: dict[str, list[Any]] = {}
    for row in rows:
        index.setdefault(row[c["name"]].casefold(), row)
        index.setdefault(str(row[c["id"]]), row)
    return index


def library_card(name: str) -> LibraryCard:
    """The library card with this name or card id; raises :class:`InvalidState` if unknown."""
    found = _library_index().get(str(name).strip().casefold())
    if found is None:
        raise InvalidState(
            msg(
                "No library card named {value} in the card data.",
                value=repr(name),
            )
        )
    return _library_card(found)
