"""VTES draw odds, exactly: a card in the opening hand, several kinds of cards at once, by turn.

Drawing without replacement is hypergeometric: the chance of ``i`` of ``copies`` among ``drawn``
cards of a ``deck`` is ``C(copies, i) C(deck - copies, drawn - i) / C(deck, drawn)``.

Several categories at once (at least one master *and* two combat cards) count the hands over
the pieces of the deck the categories cut it into, so a card may belong to several categories
(a Potence combat card counts as combat and as Potence) and the answer stays exact.

By turn (the desk's reading, a switch through ``start`` and ``per_turn``):

* library (``vtes:2.3``, ``vtes:8``): turn 1 is the opening hand of 7; each later turn shows one
  new card, the one a discard phase action or a played card brings; ``per_turn`` counts more.
* crypt (``vtes:2.3``, ``vtes:7``): turn 1 is the four cards of the uncontrolled region; each
  later turn one more, moved by 4 transfers in the influence phase.

The cards seen never exceed the deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Final

from rules.errors import InvalidState
from rules.i18n import msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import choice, text, whole

__all__ = [
    "MAX_DECK",
    "MAX_TURNS",
    "OPENING_CRYPT",
    "OPENING_HAND",
    "PILES",
    "DrawOdds",
    "TurnOdds",
    "Want",
    "all_of",
    "at_least",
    "by_turn",
    "clear_draw_caches",
    "distribution",
    "draw_odds",
    "exactly",
]

OPENING_HAND: Final = 7
OPENING_CRYPT: Final = 4
PILES: Final = ("library", "crypt")
MAX_DECK: Final = 1000
MAX_TURNS: Final = 40
MAX_WANTS: Final = 8

_DECK = msg_p("vtes parameter", "deck")
_COPIES = msg_p("vtes parameter", "copies")
_DRAWN = msg_p("vtes parameter", "drawn")
_K = msg_p("vtes parameter", "k (at least)")


def _check(deck: object, copies: object, drawn: object) -> tuple[int, int, int]:
    n = whole(_DECK, deck, 1, MAX_DECK)
    return n, whole(_COPIES, copies, 0, n), whole(_DRAWN, drawn, 0, n)


def distribution(deck: int, copies: int, drawn: int) -> dict[int, Fraction]:
    """How many of the ``copies`` are among ``drawn`` cards -> probability.

    >>> distribution(4, 2, 2)
    {0: Fraction(1, 6), 1: Fraction(2, 3), 2: Fraction(1, 6)}
    """
    n, c, d = _check(deck, copies, drawn)
    whole_ = comb(n, d)
    return {
        i: Fraction(comb(c, i) * comb(n - c, d - i), whole_)
        for i in range(max(0, d - (n - c)), min(c, d) + 1)
    }


def exactly(deck: int, copies: int, drawn: int, k: int) -> Fraction:
    """P(exactly ``k`` of the ``copies`` among ``drawn`` cards of ``deck``)."""
    n, c, d = _check(deck, copies, drawn)
    whole(_K, k, 0, MAX_DECK)
    return Fraction(comb(c, k) * comb(n - c, d - k), comb(n, d)) if k <= d else Fraction(0)


def at_least(deck: int, copies: int, drawn: int, k: int = 1) -> Fraction:
    """P(at least ``k`` of the ``copies`` among ``drawn`` cards of ``deck``) (hypergeometric).

    >>> at_least(12, 3, 4)
    Fraction(41, 55)
    """
    n, c, d = _check(deck, copies, drawn)
    whole(_K, k, 0, MAX_DECK)
    ways = sum(comb(c, i) * comb(n - c, d - i) for i in range(k, min(c, d) + 1))
    return Fraction(ways, comb(n, d))


# ----------------------------------------------------------------------------- several at once

Piece = tuple[int, tuple[bool, ...]]
"""A piece of the deck: how many cards, and which categories they belong to."""


@lru_cache(maxsize=256)
def _all_ways(pieces: tuple[Piece, ...], needs: tuple[int, ...], most: int) -> tuple[int, ...]:
    """``ways[j]``: hands of ``j`` cards (0..most) taken from the pieces in which every
    category ``i`` has at least ``needs[i]`` cards."""
    # state: each category's count capped at its need -> hands by size
    states: dict[tuple[int, ...], list[int]] = {tuple(0 for _ in needs): [1] + [0] * most}
    for size, member in pieces:
        grown: dict[tuple[int, ...], list[int]] = {}
        for state, ways in states.items():
            for j in range(min(size, most) + 1):
                pick = comb(size, j)
                key = tuple(
                    min(s + j, need) if inside else s
                    for s, need, inside in zip(state, needs, member, strict=True)
                )
                row = grown.setdefault(key, [0] * (most + 1))
                for total in range(most + 1 - j):
                    if ways[total]:
                        row[total + j] += ways[total] * pick
        states = grown
    return tuple(states.get(needs, [0] * (most + 1)))


def _odds_for(
    deck: int, pieces: tuple[Piece, ...], needs: tuple[int, ...], seen: Sequence[int]
) -> list[Fraction]:
    """P(every need met) for each number of cards seen."""
    members = [p for p in pieces if any(p[1])]
    others = deck - sum(size for size, _ in members)
    most = max(seen, default=0)
    ways = _all_ways(tuple(members), needs, most)
    return [
        Fraction(sum(ways[j] * comb(others, d - j) for j in range(d + 1)), comb(deck, d))
        for d in seen
    ]


def _disjoint(deck: object, wants: object) -> tuple[int, tuple[Piece, ...], tuple[int, ...]]:
    n = whole(_DECK, deck, 1, MAX_DECK)
    if not isinstance(wants, Sequence) or not 1 <= len(wants) <= MAX_WANTS:
        raise InvalidState(
            msg_n(
                "Give 1 to {n} category as (copies, at least) pairs, got {value}.",
                "Give 1 to {n} categories as (copies, at least) pairs, got {value}.",
                MAX_WANTS,
                value=repr(wants),
            )
        )
    pairs = []
    for want in wants:
        if not isinstance(want, tuple | list) or len(want) != 2:
            raise InvalidState(
                msg("Each category is a (copies, at least) pair, got {value}.", value=repr(want))
            )
        pairs.append((whole(_COPIES, want[0], 0, n), whole(_K, want[1], 0, MAX_DECK)))
    if sum(c for c, _ in pairs) > n:
        raise InvalidState(
            msg(
                "The categories hold {cards} cards in all, more than the deck's {deck}; "
                "categories given as counts must not overlap.",
                cards=sum(c for c, _ in pairs),
                deck=n,
            )
        )
    size = len(pairs)
    pieces = tuple((c, tuple(i == j for j in range(size))) for i, (c, _) in enumerate(pairs))
    return n, pieces, tuple(k for _, k in pairs)


def all_of(deck: int, wants: Sequence[tuple[int, int]], drawn: int) -> Fraction:
    """P(at least ``k`` of each category's ``copies`` among ``drawn`` cards), the categories
    given as ``(copies, k)`` pairs of cards that do not overlap.

    >>> all_of(4, [(1, 1), (1, 1)], 2)
    Fraction(1, 6)
    """
    n, pieces, needs = _disjoint(deck, wants)
    d = whole(_DRAWN, drawn, 0, n)
    return _odds_for(n, pieces, needs, [d])[0]


def _seen(turns: int, start: int, per_turn: int, deck: int) -> list[int]:
    return [min(deck, start + per_turn * (t - 1)) for t in range(1, turns + 1)]


def by_turn(
    deck: int,
    wants: Sequence[tuple[int, int]],
    *,
    turns: int = 10,
    start: int = OPENING_HAND,
    per_turn: int = 1,
) -> tuple[Fraction, ...]:
    """:func:`all_of` on turns 1 to ``turns``: ``start`` cards seen on turn 1, ``per_turn``
    more each later turn (at most the deck)."""
    n, pieces, needs = _disjoint(deck, wants)
    whole(msg_p("vtes parameter", "turns"), turns, 1, MAX_TURNS)
    whole(msg_p("vtes parameter", "cards seen on turn 1"), start, 0, n)
    whole(msg_p("vtes parameter", "cards seen each later turn"), per_turn, 0, n)
    return tuple(_odds_for(n, pieces, needs, _seen(turns, start, per_turn, n)))


# ----------------------------------------------------------------------------- a deck list


@dataclass(frozen=True, slots=True)
class Want:
    """A category of cards to look for: its ``name``, the card names in it, how many needed."""

    name: str
    cards: frozenset[str]
    at_least: int = 1


@dataclass(frozen=True, eq=False)
class TurnOdds:
    """The odds on one turn."""

    turn: int
    seen: int
    """Cards seen by then."""
    each: dict[str, Fraction]
    """Each category on its own: P(at least its need)."""
    all: Fraction
    """Every category's need at once."""


@dataclass(frozen=True, eq=False)
class DrawOdds:
    """Draw odds of a deck's categories, turn by turn."""

    pile: str
    deck: int
    start: int
    per_turn: int
    turns: tuple[TurnOdds, ...]
    steps: tuple[Step, ...] = field(repr=False)


def _pieces_of(
    deck: Mapping[str, int], wants: Sequence[Want]
) -> tuple[int, tuple[Piece, ...], tuple[int, ...], dict[str, int]]:
    counts: dict[str, int] = {}
    for name, count in deck.items():
        counts[text(msg_p("vtes parameter", "card name"), name)] = whole(
            msg_p("vtes parameter", "copies of a card"), count, 1, MAX_DECK
        )
    size = sum(counts.values())
    if not 1 <= size <= MAX_DECK:
        raise InvalidState(
            msg_n(
                "A deck holds 1 to {n} card, got {size}.",
                "A deck holds 1 to {n} cards, got {size}.",
                MAX_DECK,
                size=size,
            )
        )
    if not 1 <= len(wants) <= MAX_WANTS:
        raise InvalidState(
            msg_n(
                "Look for 1 to {n} category, got {got}.",
                "Look for 1 to {n} categories, got {got}.",
                MAX_WANTS,
                got=len(wants),
            )
        )
    copies: dict[str, int] = {}
    for want in wants:
        if not isinstance(want, Want):
            raise InvalidState(msg("Each category must be a Want, got {value}.", value=repr(want)))
        text(msg_p("vtes parameter", "category name"), want.name)
        whole(_K, want.at_least, 0, MAX_DECK)
        missing = sorted(c for c in want.cards if c not in counts)
        if missing:
            raise InvalidState(
                msg(
                    "The category {name} names cards that are not in the deck: {missing}.",
                    name=want.name,
                    missing=missing,
                )
            )
        copies[want.name] = sum(counts[c] for c in want.cards)
    grouped: dict[tuple[bool, ...], int] = {}
    for name, count in counts.items():
        member = tuple(name in w.cards for w in wants)
        grouped[member] = grouped.get(member, 0) + count
    pieces = tuple(sorted((n, m) for m, n in grouped.items()))
    return size, pieces, tuple(w.at_least for w in wants), copies


def draw_odds(
    deck: Mapping[str, int],
    wants: Sequence[Want],
    *,
    pile: str = "library",
    turns: int = 10,
    start: int | None = None,
    per_turn: int = 1,
) -> DrawOdds:
    """The odds of each category of ``wants`` in ``deck`` (card name -> copies), and of all of
    them at once, on turns 1 to ``turns`` of the ``pile`` (``"library"``: turn 1 is the opening
    hand of 7; ``"crypt"``: the first 4). ``start`` and ``per_turn`` change the reading.

    >>> odds = draw_odds({"Master": 10, "Other": 80}, [Want("masters", frozenset({"Master"}))])
    >>> round(float(odds.turns[0].all), 4)
    0.5748
    """
    which = choice(msg_p("vtes parameter", "pile"), pile, PILES)
    size, pieces, needs, copies = _pieces_of(deck, wants)
    whole(msg_p("vtes parameter", "turns"), turns, 1, MAX_TURNS)
    first = OPENING_HAND if which == "library" else OPENING_CRYPT
    first = whole(
        msg_p("vtes parameter", "cards seen on turn 1"), first if start is None else start, 0, size
    )
    more = whole(msg_p("vtes parameter", "cards seen each later turn"), per_turn, 0, size)
    seen = _seen(turns, first, more, size)
    together = _odds_for(size, pieces, needs, seen)
    rows = []
    for t, (d, p) in enumerate(zip(seen, together, strict=True), start=1):
        each = {w.name: at_least(size, copies[w.name], d, w.at_least) for w in wants}
        rows.append(TurnOdds(turn=t, seen=d, each=each, all=p))
    trace = Trace()
    if which == "library":
        opening = msg_n(
            "Turn 1 is the opening hand: {n} card of the {deck} of the library.",
            "Turn 1 is the opening hand: {n} cards of the {deck} of the library.",
            first,
            deck=size,
        )
    else:
        opening = msg_n(
            "Turn 1 is the uncontrolled region: {n} card of the {deck} of the crypt.",
            "Turn 1 is the uncontrolled region: {n} cards of the {deck} of the crypt.",
            first,
            deck=size,
        )
    trace.add("vtes:2.3", opening)
    if which == "library":
        trace.add(
            "vtes:8",
            msg_n(
                "After the opening hand, each turn shows new library cards: the discard phase "
                "action and every card played draw a replacement; the desk counts {n} new card "
                "a turn (a reading: the more cards played, the more are seen).",
                "After the opening hand, each turn shows new library cards: the discard phase "
                "action and every card played draw a replacement; the desk counts {n} new cards "
                "a turn (a reading: the more cards played, the more are seen).",
                more,
            ),
        )
    else:
        trace.add(
            "vtes:7",
            msg_n(
                "After the first four, each turn may bring the top crypt card into the "
                "uncontrolled region for 4 transfers; the desk counts {n} new card a turn (a "
                "reading).",
                "After the first four, each turn may bring the top crypt card into the "
                "uncontrolled region for 4 transfers; the desk counts {n} new cards a turn (a "
                "reading).",
                more,
            ),
        )
    trace.add(
        "vtes:2.3",
        msg(
            "Cards are drawn without replacement, so each count is hypergeometric; the "
            "categories together are counted over every hand exactly. Turn {last}: "
            "{seen} cards seen, every category at once {p}.",
            last=turns,
            seen=seen[-1],
            p=together[-1],
        ),
    )
    return DrawOdds(
        pile=which, deck=size, start=first, per_turn=more, turns=tuple(rows), steps=trace.steps
    )


def clear_draw_caches() -> None:
    """Forget the cached hand counts (benchmarks measure cold runs with this)."""
    _all_ways.cache_clear()
