"""The official VTES rulings, as krcg 4.19 ships them (the vtes-rulings reference).

Each ruling is the English text of the Rules Director's (or the rules team's, or the
rulebook's) answer, ending with its references, such as ``[LSJ 20040812-2]``, each with the
address where it was published. A ruling either concerns one card or is shared by a group of
cards (``"Temporary control"``); a group's member may carry a prefix, the Discipline symbol it
applies at (``"[DOM]"``). :func:`for_card` gives a card's rulings as krcg lists them: the card's
own, then its groups' in the file's order, each group ruling with the member's prefix.

The data is ``rules/vtes/data/rulings.json.gz``, read on first use only (see
``scripts/extract-cards``).

>>> puppet = for_card(101215)  # Puppet Master
>>> [r.text[:5] for r in puppet if r.group == "Temporary control"]
['[DOM]', '[DOM]', '[DOM]']
>>> [g.name for g in ruling_groups()][:2]
['Temporary control', 'From ash heap to deck']
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

__all__ = [
    "NamedCard",
    "Reference",
    "Ruling",
    "RulingGroup",
    "for_card",
    "meta",
    "ruling_groups",
    "search_rulings",
]

_DATED = re.compile(r"^[A-Z]{3} (\d{4})(\d{2})(\d{2})")


@dataclass(frozen=True, slots=True)
class Reference:
    """Where a ruling was published: ``label`` (``"LSJ 20040812-2"``: who ruled and when)
    and ``url``."""

    label: str
    url: str

    @property
    def author(self) -> str:
        """Who ruled: ``"LSJ"``, ``"ANK"``... (``"RTR"``: the rules team; ``"RBK"``: the
        rulebook)."""
        return self.label.split(" ", 1)[0]

    @property
    def date(self) -> str:
        """The ruling's date, ``"2004-08-12"``; ``""`` when the label has none (rulebook
        references name a page instead)."""
        m = _DATED.match(self.label)
        return f"{m[1]}-{m[2]}-{m[3]}" if m else ""


@dataclass(frozen=True, slots=True)
class NamedCard:
    """A card a ruling names: its card id and its name as the ruling writes it."""

    id: int
    name: str


@dataclass(frozen=True, slots=True)
class Ruling:
    """One official ruling: its ``text`` as published in the reference (card names in braces,
    symbols in brackets, references at the end), the ``references``, the ``cards`` it names
    and the ``symbols`` it shows (``"DOM"``: superior Dominate; ``"ACTION"``...), each in the
    order of the text; for a group ruling, the group's ``group`` name and ``group_id``; and
    the ids of the cards it is ``about``."""

    text: str
    references: tuple[Reference, ...]
    cards: tuple[NamedCard, ...]
    symbols: tuple[str, ...]
    about: tuple[int, ...]
    group: str = ""
    group_id: str = ""


@dataclass(frozen=True, slots=True)
class RulingGroup:
    """Rulings shared by a group of cards (krcg's "general" rulings): its ``id``
    (``"G00001"``), ``name``, ``members`` (card id and the symbol prefix its rulings take
    for that card) and ``rulings`` (without any prefix)."""

    id: str
    name: str
    members: tuple[tuple[int, str], ...]
    rulings: tuple[Ruling, ...]


@cache
def _data() -> dict[str, Any]:
    blob = resources.files("rules.vtes").joinpath("data/rulings.json.gz").read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(blob))
    return data


def meta() -> dict[str, Any]:
    """Where the rulings come from: the krcg version, the SHA-256 of the reference's files,
    the date of its newest dated reference, and how many rulings (counted per card, as
    :func:`rulings` gives them) on how many cards."""
    return dict(_data()["meta"])


def _named(text: str, ids: list[int]) -> tuple[NamedCard, ...]:
    names = re.findall(r"\{([^}]+)\}", text)
    return tuple(NamedCard(i, n) for i, n in zip(ids, names, strict=True))


def _ruling(raw: list[Any], about: tuple[int, ...], group: str = "", gid: str = "") -> Ruling:
    text, labels, ids, symbols = raw
    urls = _data()["references"]
    return Ruling(
        text=text,
        references=tuple(Reference(label, urls[label]) for label in labels),
        cards=_named(text, ids),
        symbols=tuple(symbols),
        about=about,
        group=group,
        group_id=gid,
    )


@cache
def ruling_groups() -> tuple[RulingGroup, ...]:
    """Every ruling group, in the reference's order."""
    out = []
    for g in _data()["groups"]:
        members = tuple((m[0], m[1]) for m in g["members"])
        about = tuple(m[0] for m in members)
        out.append(
            RulingGroup(
                id=g["id"],
                name=g["name"],
                members=members,
                rulings=tuple(_ruling(r, about, g["name"], g["id"]) for r in g["rulings"]),
            )
        )
    return tuple(out)


@cache
def _memberships() -> dict[int, tuple[tuple[int, int], ...]]:
    """card id -> (group index, member index) for each group the card is in, in order."""
    out: dict[int, list[tuple[int, int]]] = {}
    for gi, g in enumerate(_data()["groups"]):
        for mi, member in enumerate(g["members"]):
            out.setdefault(member[0], []).append((gi, mi))
    return {k: tuple(v) for k, v in out.items()}


@cache
def for_card(card_id: int) -> tuple[Ruling, ...]:
    """The official rulings on the card with this id, in the reference's order: its own
    rulings, then those of each group it belongs to (each with the card's symbol prefix, as
    krcg gives them); none for an id without rulings (``rules.vtes.carddata.rulings`` also
    checks that the id is a card's)."""
    own = _data()["cards"].get(str(card_id), [])
    out = [_ruling(r, (card_id,)) for r in own]
    raw_groups = _data()["groups"]
    for gi, mi in _memberships().get(card_id, ()):
        g = raw_groups[gi]
        _member, prefix, prefix_symbols = g["members"][mi]
        group = ruling_groups()[gi]
        for raw, shared in zip(g["rulings"], group.rulings, strict=True):
            if not prefix:
                out.append(shared)
                continue
            text, labels, ids, symbols = raw
            out.append(
                _ruling(
                    [prefix + text, labels, ids, [*prefix_symbols, *symbols]],
                    shared.about,
                    g["name"],
                    g["id"],
                )
            )
    return tuple(out)


@cache
def _searchable() -> tuple[tuple[str, Ruling], ...]:
    from rules.vtes.card_search import fold

    out = []
    for key, raws in _data()["cards"].items():
        for raw in raws:
            r = _ruling(raw, (int(key),))
            out.append((f" {fold(r.text)} ", r))
    for group in ruling_groups():
        for r in group.rulings:
            out.append((f" {fold(group.name)} {fold(r.text)} ", r))
    return tuple(out)


def search_rulings(query: str, limit: int = 20) -> tuple[Ruling, ...]:
    """Rulings, on one card or shared by a group, whose text (or group name) has every word
    of ``query`` at the start of one of its words (case, accents and punctuation ignored):
    ``search_rulings("temporary control")``. In the reference's order, cards' own rulings
    first, then the groups'."""
    from rules.vtes.card_search import words

    needles = [f" {w}" for w in words(query)]
    if not needles or limit < 1:
        return ()
    out: list[Ruling] = []
    for text, ruling in _searchable():
        if all(n in text for n in needles):
            out.append(ruling)
            if len(out) == limit:
                break
    return tuple(out)
