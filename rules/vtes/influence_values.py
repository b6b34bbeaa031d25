"""The values of the influence phase (VTES section 7): the transfers it grants and what each
move costs, the vampires of the uncontrolled region, the moves of a plan, the vampires that
became controlled and the outcome of a plan.

:func:`rules.vtes.influence.plan_influence` carries out a plan made of these values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.errors import InvalidState
from rules.i18n import msg, msg_p
from rules.trace import Step
from rules.validation import flag, shown, text
from rules.vtes.models import check_count

__all__ = [
    "DRAW_POOL_COST",
    "DRAW_TRANSFERS",
    "FULL_TRANSFERS",
    "MOVE_KINDS",
    "SCARCE_POOL_PER_VAMPIRE",
    "TO_POOL_TRANSFERS",
    "TO_VAMPIRE_TRANSFERS",
    "InfluencePlan",
    "Move",
    "NewlyControlled",
    "Uncontrolled",
    "transfers_for_turn",
]

FULL_TRANSFERS = 4
TO_VAMPIRE_TRANSFERS = 1
TO_POOL_TRANSFERS = 2
DRAW_TRANSFERS = 4
DRAW_POOL_COST = 1
SCARCE_POOL_PER_VAMPIRE = 3
MOVE_KINDS: tuple[str, ...] = ("to_vampire", "to_pool", "draw", "bring_out")


def transfers_for_turn(game_turn: int) -> int:
    """Transfers received on the ``game_turn``-th turn of the game (counted from 1 over all
    players): 1, 2 and 3 on the first three turns of the game, 4 from then on.

    >>> [transfers_for_turn(t) for t in range(1, 7)]
    [1, 2, 3, 4, 4, 4]
    """
    check_count(msg_p("parameter", "The turn number"), game_turn, minimum=1)
    return min(game_turn, FULL_TRANSFERS)


@dataclass(frozen=True, slots=True)
class Uncontrolled:
    """A vampire in the uncontrolled region (or in the crypt); the blood invested in it
    accumulates until it reaches the capacity."""

    name: str
    capacity: int
    blood: int = 0
    clan: str = ""
    scarce: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidState(
                msg(
                    "An uncontrolled vampire needs a non-empty name, got {value}.",
                    value=shown(self.name),
                )
            )
        name = self.name
        check_count(msg_p("vampire", "{name}'s capacity", name=name), self.capacity, minimum=1)
        check_count(msg_p("vampire", "{name}'s blood", name=name), self.blood)
        if not isinstance(self.clan, str):
            text(msg_p("vampire", "{name}'s clan", name=name), self.clan)
        flag(msg_p("vampire", "{name} is scarce", name=name), self.scarce)
        if self.scarce and not self.clan:
            raise InvalidState(
                msg(
                    "{name} is scarce: give its clan so the scarce cost can be counted.",
                    name=name,
                )
            )


@dataclass(frozen=True, slots=True)
class Move:
    """One step of the plan; build it with :meth:`to_vampire`, :meth:`to_pool`, :meth:`draw`
    or :meth:`bring_out`."""

    kind: Literal["to_vampire", "to_pool", "draw", "bring_out"]
    vampire: str = ""
    count: int = 1

    def __post_init__(self) -> None:
        if self.kind not in MOVE_KINDS:
            raise InvalidState(
                msg(
                    "Unknown influence move {value}; allowed: {allowed}.",
                    value=shown(self.kind),
                    allowed=[repr(k) for k in MOVE_KINDS],
                )
            )
        check_count(msg_p("parameter", "The number of counters moved"), self.count, minimum=1)
        if not isinstance(self.vampire, str) or (self.kind != "draw" and not self.vampire.strip()):
            raise InvalidState(msg("A {kind} move needs the vampire's name.", kind=repr(self.kind)))

    @classmethod
    def to_vampire(cls, vampire: str, count: int = 1) -> Move:
        return cls("to_vampire", vampire, count)

    @classmethod
    def to_pool(cls, vampire: str, count: int = 1) -> Move:
        return cls("to_pool", vampire, count)

    @classmethod
    def draw(cls) -> Move:
        return cls("draw", "", 1)

    @classmethod
    def bring_out(cls, vampire: str) -> Move:
        """Move ``vampire`` (blood at capacity) to the ready region; ``rules="vekn-2024"``."""
        return cls("bring_out", vampire, 1)

    @property
    def transfers(self) -> int:
        if self.kind == "to_vampire":
            return TO_VAMPIRE_TRANSFERS * self.count
        if self.kind == "to_pool":
            return TO_POOL_TRANSFERS * self.count
        if self.kind == "bring_out":
            return 0
        return DRAW_TRANSFERS


@dataclass(frozen=True, slots=True)
class NewlyControlled:
    """A vampire that became controlled at the end of the phase."""

    name: str
    capacity: int
    blood: int
    drained: int
    scarce_cost: int
    clan: str = ""


@dataclass(frozen=True, slots=True)
class InfluencePlan:
    """The outcome of a legal influence phase plan."""

    pool: int
    """Pool at the end of the phase (always at least 1)."""
    transfers: int
    transfers_used: int
    uncontrolled: tuple[Uncontrolled, ...]
    """The uncontrolled region afterwards (vampires that became controlled removed)."""
    controlled: tuple[NewlyControlled, ...]
    crypt: tuple[Uncontrolled, ...]
    """What is left of the crypt, top card first."""
    scarce_pool: int
    steps: tuple[Step, ...] = field(repr=False)

    @property
    def transfers_left(self) -> int:
        return self.transfers - self.transfers_used
