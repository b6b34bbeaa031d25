"""The values of a combat scenario: strikes and their effects, equipment, retainers,
combatants, rounds. :func:`rules.vtes.scenario.parse_scenario` builds them from the
JSON-compatible scenario dict; the combat engine reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.vtes.scenario_effects import (
    EndOfRound,
    Environmental,
    NewRound,
    Play,
    Prevention,
    RangeName,
)

__all__ = [
    "HAND",
    "SIDES",
    "AdditionalStrikes",
    "BeforeRange",
    "Combatant",
    "Equipment",
    "Retainer",
    "Round",
    "Scenario",
    "Side",
    "Strike",
    "StrikeEffect",
    "other",
]

Side = Literal["acting", "opposing"]
SIDES: tuple[Side, Side] = ("acting", "opposing")


def other(side: Side) -> Side:
    """The side opposite ``side``."""
    return "opposing" if side == "acting" else "acting"


# -- values -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StrikeEffect:
    """What a strike does, whether it comes from a card, a weapon or the hand.

    Damage is ``damage`` when ``strength_bonus`` is None, else the striker's strength plus
    ``strength_bonus`` (a hand strike is strength + 0).
    """

    damage: int = 0
    strength_bonus: int | None = None
    aggravated: bool = False
    ranged: bool = False
    first_strike: bool = False
    dodge: bool = False
    combat_ends: bool = False
    steal_blood: int = 0
    destroy_equipment: str | None = None
    steal_equipment: str | None = None
    undodgeable: bool = False
    long_range_only: bool = False
    send_to_torpor: bool = False
    combat_ends_after_resolution: bool = False
    unpreventable: bool = False
    unlock: bool = False
    recoil: int = 0
    recoil_aggravated: bool = False
    recoil_close_only: bool = False
    burn_after_use: bool = False

    def damage_for(self, strength: int) -> int:
        """The damage points this strike deals for a striker of ``strength``."""
        if self.strength_bonus is None:
            return self.damage
        return max(0, strength + self.strength_bonus)

    @property
    def strength_based(self) -> bool:
        return self.strength_bonus is not None


HAND = StrikeEffect(strength_bonus=0)


@dataclass(frozen=True, slots=True)
class Strike:
    """One strike as chosen: a hand strike, a weapon strike or a card/custom strike.

    ``effect`` is None for a weapon strike (the weapon's own strike is read when it is
    used, because the weapon may be gone by then).
    """

    name: str
    hand: bool = False
    weapon: str | None = None
    effect: StrikeEffect | None = HAND
    target: str | None = None
    prevented: int = 0
    default: bool = False
    prevention: tuple[Prevention, ...] = ()
    cancelled_by: str | None = None
    cancel_cost: int = 0
    aim: str | None = None
    aim_bonus: int = 0
    aim_no_press: bool = False
    cost: int = 0


@dataclass(frozen=True, slots=True)
class Equipment:
    name: str
    strike: StrikeEffect | None = None


@dataclass(frozen=True, slots=True)
class Retainer:
    name: str
    life: int
    damage: int = 0


@dataclass(frozen=True, slots=True)
class Combatant:
    """A combatant as the combat starts: a ready vampire or a ready ally."""

    name: str
    kind: Literal["vampire", "ally"]
    strength: int
    capacity: int | None = None
    blood: int | None = None
    life: int | None = None
    equipment: tuple[Equipment, ...] = ()
    retainers: tuple[Retainer, ...] = ()
    wounded: bool = False


@dataclass(frozen=True, slots=True)
class AdditionalStrikes:
    """An effect granting additional strikes this round (e.g. Blur)."""

    name: str
    count: int
    limited: bool = True
    cost: int = 0


@dataclass(frozen=True, slots=True)
class BeforeRange:
    """A card whose effect is in force from before the strikes (see
    :mod:`rules.vtes.scenario_effects`): strength, aggravated hands, grapples, environmental
    damage, restrictions on the opponent, equipping or employing mid-combat."""

    name: str
    strength: int = 0
    set_strength: int | None = None
    this_round: bool = False
    hand_aggravated: bool = False
    hand_strikes_only: bool = False
    environmental: int = 0
    press_damage: int = 0
    damage: int = 0
    opponent_strength: int = 0
    restrict: tuple[str, ...] = ()
    equip: Equipment | None = None
    employ: Retainer | None = None
    burn_retainer: str | None = None
    trap_press: bool = False
    cost: int = 0


@dataclass(frozen=True, slots=True)
class Round:
    """One round as played. Pairs of per-side tuples are ordered (acting, opposing)."""

    maneuvers: tuple[Side, ...] = ()
    presses: tuple[Side, ...] = ()
    strikes: tuple[tuple[Strike, ...], tuple[Strike, ...]] = ((), ())
    additional: tuple[tuple[AdditionalStrikes, ...], tuple[AdditionalStrikes, ...]] = ((), ())
    before_range: tuple[tuple[BeforeRange, ...], tuple[BeforeRange, ...]] = ((), ())
    range: RangeName | None = None
    maneuver_plays: tuple[Play, ...] = ()
    press_plays: tuple[Play, ...] = ()
    environmental: tuple[tuple[Environmental, ...], tuple[Environmental, ...]] = ((), ())
    end_of_round: tuple[tuple[EndOfRound, ...], tuple[EndOfRound, ...]] = ((), ())
    new_round: NewRound | None = None

    def environmental_of(self, side: Side) -> tuple[Environmental, ...]:
        return self.environmental[SIDES.index(side)]

    def end_of_round_of(self, side: Side) -> tuple[EndOfRound, ...]:
        return self.end_of_round[SIDES.index(side)]

    def strikes_of(self, side: Side) -> tuple[Strike, ...]:
        return self.strikes[SIDES.index(side)]

    def additional_of(self, side: Side) -> tuple[AdditionalStrikes, ...]:
        return self.additional[SIDES.index(side)]

    def before_range_of(self, side: Side) -> tuple[BeforeRange, ...]:
        return self.before_range[SIDES.index(side)]


@dataclass(frozen=True, slots=True)
class Scenario:
    acting: Combatant
    opposing: Combatant
    rounds: tuple[Round, ...]
    rules: str = "black-hand"
    title: str = ""
    notes: str = ""
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def combatant(self, side: Side) -> Combatant:
        return self.acting if side == "acting" else self.opposing
