"""Where the VTES card data and rulings come from, with their versions and dates, and the
rulebook edition the engines follow: what a page names under card texts and rulings.

>>> from rules.vtes.carddata import sources
>>> s = sources()
>>> s.krcg, s.newest_set_date, s.rulebook
('4.19', '2025-11-29', 'black-hand')
>>> print(s.message().render("en"))  # doctest: +NORMALIZE_WHITESPACE
Card texts: the official VEKN card lists as shipped in krcg 4.19 (sets up to
2025 European GP Promo, 2025-11-29). Rulings: the vtes-rulings reference as shipped in
krcg 4.19 (newest ruling 2026-05-22). Rules: Black Hand rulebook by default, current VEKN
rulebook on request.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from rules.i18n import Message, msg

__all__ = ["Sources", "shipped", "sources_of"]

#: how much of a data file's start is read for its header (the header is far shorter)
_HEADER_BYTES = 8192


@dataclass(frozen=True, slots=True)
class Sources:
    """The sources of the card data and rulings, with versions, and the rulebook editions.

    ``krcg``: the krcg release whose copies of the official VEKN card lists and of the
    vtes-rulings reference were extracted; ``newest_set`` and ``newest_set_date``: the latest
    set in those card lists (the lists carry no date of their own); ``newest_ruling_date``:
    the date of the latest dated ruling reference in the snapshot; ``cards_sha256`` and
    ``rulings_sha256``: the SHA-256 of each source file; ``rulebook``: the edition the
    engines follow by default, ``rulebooks``: every edition they can follow
    (``rules="vekn-2024"``)."""

    krcg: str
    newest_set: str
    newest_set_date: str
    newest_ruling_date: str
    cards_sha256: tuple[tuple[str, str], ...]
    rulings_sha256: tuple[tuple[str, str], ...]
    cards: int
    rulings: int
    rulebook: str
    rulebooks: tuple[str, ...]

    def message(self) -> Message:
        """One sentence naming every source, for under a card text or a copied ruling."""
        from rules.reference import EDITION_NAMES

        others = [EDITION_NAMES[e] for e in self.rulebooks if e != self.rulebook]
        return msg(
            "Card texts: the official VEKN card lists as shipped in krcg {krcg} (sets up to "
            "{newest_set}, {set_date}). Rulings: the vtes-rulings reference as shipped in krcg "
            "{krcg} (newest ruling {ruling_date}). Rules: {rulebook} by default, {others} on "
            "request.",
            krcg=self.krcg,
            newest_set=self.newest_set,
            set_date=self.newest_set_date,
            ruling_date=self.newest_ruling_date,
            rulebook=EDITION_NAMES[self.rulebook],
            others=others[0] if len(others) == 1 else others,
        )


def sources_of(cards: Mapping[str, Any], rulings: Mapping[str, Any]) -> Sources:
    """The sources named in the headers (``meta``) of the card data and of the rulings (see
    ``rules.vtes.carddata.sources``)."""
    from rules.vtes.damage import EDITIONS

    return Sources(
        krcg=cards["krcg"],
        newest_set=cards["newest_set"]["name"],
        newest_set_date=cards["newest_set"]["date"],
        newest_ruling_date=rulings["newest_reference"],
        cards_sha256=tuple(sorted(cards["sha256"].items())),
        rulings_sha256=tuple(sorted(rulings["sha256"].items())),
        cards=cards["crypt"] + cards["library"],
        rulings=rulings["rulings"],
        rulebook=EDITIONS[0],
        rulebooks=EDITIONS,
    )


def _header(name: str) -> dict[str, Any]:
    """The ``meta`` header that opens the shipped data file ``name``, read without the rest."""
    path = resources.files("rules.vtes").joinpath(f"data/{name}")
    with path.open("rb") as raw, gzip.open(raw) as f:
        start = f.read(_HEADER_BYTES).decode("utf-8", errors="ignore")
    opening = '{"meta":'
    if not start.startswith(opening):
        raise ValueError(f"{name} does not open with its meta header")
    header, _end = json.JSONDecoder().raw_decode(start, len(opening))
    if not isinstance(header, dict):
        raise ValueError(f"{name}'s meta header is not an object")
    return header


@cache
def shipped() -> Sources:
    """The sources of the shipped card data and rulings, read from their headers alone: what
    ``rules.vtes.carddata.sources()`` gives, without reading the cards (a page that names its
    sources does not pay for the card data until it uses it).

    >>> from rules.vtes import carddata
    >>> shipped() == carddata.sources()
    True
    """
    return sources_of(_header("cards.json.gz"), _header("rulings.json.gz"))
