"""The VTES cards shipped with the package: vampires (the crypt) and library cards.

The data comes from krcg's copy of the official VEKN card lists, extracted offline by
``scripts/extract-cards`` into ``rules/vtes/data/cards.json.gz`` (the krcg version and the
SHA-256 of its lists are in :func:`meta`). Nothing here imports krcg, and the file is read
on first use only, so a page that never asks for a card pays nothing.

>>> tupdog = vampire("Tupdog")
>>> tupdog.capacity, tupdog.superior, tupdog.clan
(1, ('pot', 'vis'), 'Gargoyle')
>>> tupdog.combatant(blood=1)["strength"]
1
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

from rules.errors import InvalidState
from rules.i18n import msg, msg_p

__all__ = [
    "CryptCard",
    "LibraryCard",
    "crypt",
    "crypt_names",
    "library",
    "library_card",
    "meta",
    "search_crypt",
    "vampire",
]


@dataclass(frozen=True, slots=True)
class CryptCard:
    """A vampire card: capacity, Disciplines at basic and superior level, clan, title."""

    id: int
    name: str
    printed: str
    capacity: int
    basic: tuple[str, ...]
    superior: tuple[str, ...]
    clan: str
    title: str
    group: str
    adv: bool
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
    """A library card (combat cards, equipment, allies and retainers are shipped)."""

    id: int
    name: str
    types: tuple[str, ...]
    disciplines: tuple[str, ...]
    blood_cost: str
    pool_cost: str
    text: str


@cache
def _data() -> dict[str, Any]:
    blob = resources.files("rules.vtes").joinpath("data/cards.json.gz").read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(blob))
    return data


def meta() -> dict[str, Any]:
    """Where the data comes from: the krcg version and the SHA-256 of its card lists."""
    return dict(_data()["meta"])


def _crypt_card(c: dict[str, Any]) -> CryptCard:
    return CryptCard(
        id=c["id"],
        name=c["name"],
        printed=c["printed"],
        capacity=c["capacity"],
        basic=tuple(c["basic"]),
        superior=tuple(c["superior"]),
        clan=c["clan"],
        title=c["title"],
        group=c["group"],
        adv=c["adv"],
        text=c["text"],
    )


def _library_card(c: dict[str, Any]) -> LibraryCard:
    return LibraryCard(
        id=c["id"],
        name=c["name"],
        types=tuple(c["types"]),
        disciplines=tuple(c["disciplines"]),
        blood_cost=c["blood_cost"],
        pool_cost=c["pool_cost"],
        text=c["text"],
    )


@cache
def crypt() -> tuple[CryptCard, ...]:
    """Every vampire, in card-id order."""
    return tuple(_crypt_card(c) for c in _data()["crypt"])


@cache
def library() -> tuple[LibraryCard, ...]:
    """The shipped library cards (combat, equipment, allies, retainers), in id order."""
    return tuple(_library_card(c) for c in _data()["library"])


@cache
def crypt_names() -> tuple[str, ...]:
    """Every vampire's full name (e.g. ``"Tupdog (G3)"``), without building the cards."""
    return tuple(c["name"] for c in _data()["crypt"])


@cache
def _crypt_index() -> dict[str, tuple[dict[str, Any], ...]]:
    index: dict[str, list[dict[str, Any]]] = {}
    for card in _data()["crypt"]:
        for key in {card["name"].casefold(), card["printed"].casefold(), str(card["id"])}:
            index.setdefault(key, []).append(card)
    return {k: tuple(v) for k, v in index.items()}


def search_crypt(query: str, limit: int = 20) -> tuple[CryptCard, ...]:
    """Vampires whose name contains ``query`` (case-insensitive), names starting with it
    first."""
    q = query.strip().casefold()
    if not q:
        return ()
    raw = _data()["crypt"]
    starts = [c for c in raw if c["name"].casefold().startswith(q)]
    inside = [
        c for c in raw if q in c["name"].casefold() and not c["name"].casefold().startswith(q)
    ]
    return tuple(_crypt_card(c) for c in (starts + inside)[:limit])


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
def _library_index() -> dict[str, dict[str, Any]]:
    index: dict[str, dict[str, Any]] = {}
    for card in _data()["library"]:
        index.setdefault(card["name"].casefold(), card)
        index.setdefault(str(card["id"]), card)
    return index


def library_card(name: str) -> LibraryCard:
    """The library card with this name or card id; raises :class:`InvalidState` if unknown."""
    found = _library_index().get(str(name).strip().casefold())
    if found is None:
        raise InvalidState(
            msg(
                "No library card named {value} in the card data (combat cards, equipment, "
                "allies and retainers are shipped).",
                value=repr(name),
            )
        )
    return _library_card(found)
