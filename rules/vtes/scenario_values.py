"""The values of a combat scenario: strikes and their effects, equipment, retainers,
combatants, rounds. :func:`rules.vtes.scenario.parse_scenario` builds them from the
JSON-compatible scenario dict; the combat engine reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.vtes.scenario_effects import (
    AdditionalOnly,
    AfterCombat,
    Ammo,
    Commit,
    Countered,
    DamageBonus,
    EndOfRound,
    Environmental,
    LastingPrevention,
    NewRound,
    Play,
    Prevention,
    RangeName,
    TorporCard,
)
from rules.vtes.scenario_limits import Cancel, Limits

__all__ = [
    "HAND",
    "SIDES",
    "AdditionalStrikes",
    "BeforeRange",
    "BurnsAtLong",
    "Combatant",
    "Equipment",
    "Maneuvers",
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
    limits: Limits | None = None
    """An equipment strike's own limits (once each round or combat, a range)."""
    unlock_opponent: bool = False
    weapons_only: bool = False
    """The equipment destroyed or stolen must be a weapon (Fast Hands, Voracious Vermin)."""
    destroy_retainer: str | None = None
    burn_ally: bool = False
    weapons_no_damage: bool = False
    """Once this strike resolves, the opposing minion's weapon strikes inflict no damage
    this round (Blood Fury)."""
    unpreventable_by: tuple[str, ...] = ()
    """Disciplines whose cards cannot prevent this strike's damage (``"for"``)."""
    after_combat: AfterCombat | None = None
    stops_strikes: bool = False
    """The opposing minion cannot strike for the rest of the round (Pounce)."""
    recoil_if_dodged: int = 0
    max_damage: int | None = None
    never_aggravated: bool = False
    equip_self: Equipment | None = None
    """The striker equips with this weapon, usable from the next round (Molotov Cocktail)."""
    prevents: int = 0
    """Damage of the opposing strike this strike prevents as they resolve (Stunt Cycle)."""
    forbids: tuple[str, ...] = ()
    """What the striker cannot do for the rest of the round (Stutter-Step)."""
    says: str = ""
    recoil_once: bool = False
    spend_counters: bool = False
    torpor_after: int = 0
    """A vampire dealt this much damage by this weapon in one combat goes to torpor."""
    transfers: bool = False
    """The weapon moves to the vampire it sends to torpor (Wooden Stake, Rowan Ring)."""

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
    cancel: Cancel | None = None
    aim: str | None = None
    aim_bonus: int = 0
    aim_no_press: bool = False
    cost: int = 0
    limits: Limits | None = None
    burn_blood: int = 0
    requires: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    bonus: int = 0
    """Damage added to a weapon strike by the card used with it (Undead Strength)."""
    aim_always: bool = False
    aim_forbids: tuple[str, ...] = ()
    aim_limits: Limits | None = None
    ammo: Ammo | None = None
    countered: Countered | None = None
    passes: bool = False
    """The minion makes no strike (the strike was lost to a cancel or an effect)."""
    melee: bool = False
    """The card's strike is made with a melee weapon (Undead Strength used with one)."""
    coin: Literal["heads", "tails"] | None = None
    """The coin flipped for this strike against a vampire under superior Gemini's Mirror."""
    undodgeable: bool = False
    """The card used with this weapon strike makes it undodgeable (Vengeance of Samiel)."""

    @property
    def cancelled_by(self) -> str | None:
        return self.cancel.name if self.cancel is not None else None

    @property
    def card(self) -> bool:
        """A strike card: named, and not a plain weapon strike or the unnamed hand strike
        (a card used with a weapon, such as Undead Strength, is a strike card)."""
        return self.name not in ("hand strike", "strike", "additional strike", "no strike") and (
            self.name != self.weapon
        )


@dataclass(frozen=True, slots=True)
class Maneuvers:
    """The optional maneuvers a weapon gives each combat (.44 Magnum: 1)."""

    count: int
    to: RangeName | None = None
    quote: str = ""


@dataclass(frozen=True, slots=True)
class BurnsAtLong:
    """Equipment burned when its bearer is dealt damage at long range by the opposing minion,
    dealing damage to the bearer (Improvised Flamethrower)."""

    damage: int
    aggravated: bool = False
    quote: str = ""


@dataclass(frozen=True, slots=True)
class Equipment:
    name: str
    strike: StrikeEffect | None = None
    type: Literal["gun", "melee"] | None = None
    maneuvers: Maneuvers | None = None
    press_first_round: str | None = None
    """A mandatory press to continue in the first round (Talbot's Chainsaw): its quote."""
    burns_at_long: BurnsAtLong | None = None
    restrict: tuple[str, ...] = ()
    """What an opposing vampire cannot do while this is carried (The Crusader Sword)."""
    says: str = ""
    strength: int = 0
    counters: int | None = None
    card_discount: int = 0
    """Combat cards cost the bearer this much less blood (Eye of Hazimel)."""


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
    burn_blood: int = 0
    only: AdditionalOnly | None = None
    limits: Limits | None = None


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
    limits: Limits | None = None
    says: str = ""
    burn_blood: int = 0
    requires: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    cancel: Cancel | None = None
    when: Literal["before_range", "strikes"] = "before_range"
    prevent: LastingPrevention | None = None
    damage_bonus: DamageBonus | None = None
    env_close_only: bool = False
    unpreventable: bool = False
    weather: int = 0
    """Environmental damage to both combatants and their retainers before range is determined
    each round (Weather Control); ``escalates`` adds 1 each later round."""
    escalates: bool = False
    card_cost: int = 0
    """Combat cards cost the opposing vampire this much more blood (superior Terror Frenzy)."""
    discount: int = 0
    gain_blood: int = 0
    drain: int = 0
    """Blood the opposing vampire burns (not damage: Thin Blood)."""
    ends_combat: bool = False
    extra_strikes: int = 0
    restrict_self: tuple[str, ...] = ()
    frenzy_immune: bool = False
    keep: bool = False
    """The card stays in force (this round or the combat) for a later use of it."""
    coin_dodge: bool = False
    """Each strike against this vampire is stopped on a coin flipped tails, until one comes up
    heads (superior Gemini's Mirror): each opposing strike gives its ``coin``."""
    acid: Literal["normal", "aggravated"] | None = None
    """The opposing minion takes environmental damage equal to the strike damage it
    successfully inflicts on this vampire this round (Blood of Acid)."""


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
    torpor: tuple[tuple[TorporCard, ...], tuple[TorporCard, ...]] = ((), ())
    commit: tuple[Commit | None, Commit | None] = (None, None)

    def torpor_of(self, side: Side) -> tuple[TorporCard, ...]:
        return self.torpor[SIDES.index(side)]

    def commit_of(self, side: Side) -> Commit | None:
        return self.commit[SIDES.index(side)]

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
