"""The words the combat narrative and trace share: counted amounts, ranges, sides, states.

Each function returns a :class:`~rules.i18n.Message`, rendered in the reader's language when
it is shown; counted amounts take their plural forms from the catalogs.

>>> blood(2).render("en"), strikes(1).render("en")
('2 blood', '1 additional strike')
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes.models import MinionState

__all__ = [
    "aggravated",
    "blood",
    "damage",
    "life",
    "range_at",
    "range_name",
    "range_to",
    "range_word",
    "side",
    "sides",
    "state",
    "state_value",
    "strikes",
    "unit_amount",
]


def damage(n: int) -> Message:
    """Points of damage: "3 damage"."""
    return msg_n("{n} damage", "{n} damage", n)


def aggravated(n: int) -> Message:
    """Points of aggravated damage: "2 aggravated damage"."""
    return msg_n("{n} aggravated damage", "{n} aggravated damage", n)


def blood(n: int) -> Message:
    """Blood counters: "3 blood"."""
    return msg_n("{n} blood", "{n} blood", n)


def life(n: int) -> Message:
    """Life counters: "2 life"."""
    return msg_n("{n} life", "{n} life", n)


def strikes(n: int) -> Message:
    """Additional strikes: "1 additional strike", "2 additional strikes"."""
    return msg_n("{n} additional strike", "{n} additional strikes", n)


def unit_amount(n: int, unit: str) -> Message:
    """``n`` blood (``unit`` "blood") or life (any other unit)."""
    return blood(n) if unit == "blood" else life(n)


def range_name(rng: str) -> Message:
    """The range itself: "close range", "long range"."""
    if rng == "close":
        return msg_p("range", "close range")
    return msg_p("range", "long range")


def range_word(rng: str) -> Message:
    """The range as one word: "close", "long"."""
    if rng == "close":
        return msg_p("range", "close")
    return msg_p("range", "long")


def range_at(rng: str) -> Message:
    """Where a round is played: "at close range"."""
    if rng == "close":
        return msg("at close range")
    return msg("at long range")


def range_to(rng: str) -> Message:
    """Where a maneuver goes: "to close range"."""
    if rng == "close":
        return msg("to close range")
    return msg("to long range")


def side(name: str) -> Message:
    """The side of a combatant: "acting", "opposing"."""
    if name == "acting":
        return msg_p("side", "acting")
    return msg_p("side", "opposing")


def sides(names: Sequence[str]) -> tuple[Message, ...]:
    """Several sides in turn (a message parameter shows them comma-separated)."""
    return tuple(side(name) for name in names)


def state(value: MinionState) -> Message:
    """A minion's state: "ready", "in torpor", "burned"."""
    if value is MinionState.TORPOR:
        return msg_p("state", "in torpor")
    if value is MinionState.BURNED:
        return msg_p("state", "burned")
    return msg_p("state", "ready")


def state_value(value: MinionState) -> Message:
    """A minion's state as one word: "ready", "torpor", "burned"."""
    if value is MinionState.TORPOR:
        return msg_p("minion state", "torpor")
    if value is MinionState.BURNED:
        return msg_p("minion state", "burned")
    return msg_p("minion state", "ready")
