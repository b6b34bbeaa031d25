"""Card effects in a combat scenario: the values and their parsing.

These keys extend the scenario format of :mod:`rules.vtes.scenario` so that the effects of
the most-played combat cards can be entered; they are JSON-compatible like the rest.

Strike keys (besides those of the base format):

- ``undodgeable``: a dodge has no effect on this strike (Earthshock);
- ``long_range_only``: usable only at long range; chosen at close range it is
  ``IllegalPlay`` (Sniper Rifle, Thrown Sewer Lid);
- ``send_to_torpor``: the struck vampire goes to torpor keeping its blood, no damage
  (Coma, Rowan Ring); against an ally it is ``IllegalPlay``;
- ``combat_ends_after_resolution``: both strikes resolve, then the combat ends and no press
  can continue it (Autonomic Mastery, Anesthetic Touch);
- ``unpreventable``: prevention against this strike is ``IllegalPlay``;
- ``unlock``: the striker unlocks before the combat ends (superior Majesty);
- ``recoil`` / ``recoil_aggravated`` / ``recoil_close_only``: the striker takes this much
  environmental damage when the strike is used (Breath of the Dragon, Grenade);
- ``cost``: blood the striking vampire burns to play the card;
- ``burn_after_use``: a weapon burned once its strike has resolved (Grenade);
- ``prevention``: a list of ``{"name", "amount" | "all", "non_aggravated", "cost", "burn"}``
  the receiver plays against this strike (Hidden Strength, Skin of Steel, Soak; ``burn``
  names the receiver's own equipment burned to prevent, e.g. Leather Jacket); prevention
  against a strike that was dodged, is out of range or deals no damage is ``IllegalPlay``;
- ``cancelled_by``: the card that cancelled this strike card as it was played (Charismatic
  Aura); the striker then chooses again: the next strike listed replaces it.

Round keys: ``range`` (set in advance, e.g. superior Immortal Grapple: a maneuver that
round is ``IllegalPlay``), ``environmental`` (``{"acting": n}`` or a list of
``{"name", "damage", "aggravated"}``: non-strike damage dealt to that side's minion with
the round's strikes, not stopped by a dodge), ``end_of_round`` (per side, a list of
``{"name", "gain_blood_lost", "send_to_torpor", "damage", "opponent_strength",
"needs_more_damage", "cost"}``: Taste of Vitae, Disarm, Pulled Fangs), ``new_round``
(``{"side", "card", "new_combat", "cost"}``: start another round although the combat would
end: superior Telepathic Tracking, Relentless Reaper; ``new_combat`` for superior
Psyche!). ``maneuvers`` and ``presses`` entries may be ``{"side", "card", "to" | "only"}``
to name the card and its limit (``"to": "close"``, ``"only": "continue"``).

``before_range`` entries (effects in force from before the strikes): ``strength`` (added),
``set_strength`` (Torn Signpost: any "+N strength" still adds), ``this_round`` (lasts this
round only), ``hand_aggravated`` (Claws of the Dead, Raking Talons), ``hand_strikes_only``
(Immortal Grapple, both combatants, this round), ``environmental`` (to the opposing minion
each round: Carrion Crows), ``press_damage`` (to the opposing minion at each press step),
``damage`` (to the opposing minion at once: superior Outside the Hourglass),
``opponent_strength``, ``restrict`` (what the opposing minion cannot do for the rest of
the combat: ``maneuver_to_long``, ``maneuver_to_close``, ``press_to_continue``,
``press_to_end``, ``equipment``), ``equip`` (an equipment dict: Concealed Weapon),
``employ`` (a retainer dict: Pack Alpha), ``burn_retainer`` (a retainer's name),
``trap_press`` (a press to continue every round of the combat, before any other: Trap),
``cost``.

Aim keys on a strike: ``aim`` (the card's name), ``aim_bonus`` (Target Vitals: +2 damage
of the strike's type if any of its damage got through) and ``aim_no_press`` (the struck
minion cannot press this round).

Combatant key ``wounded`` (a ready vampire wounded but kept out of torpor) and retainer
key ``damage`` (a retainer that inflicts that much environmental damage at close range
each round: Ghoul Retainer).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rules.errors import InvalidState
from rules.i18n import msg
from rules.validation import shown
from rules.vtes.scenario_input import (
    Place,
    read_bool,
    read_int,
    read_keys,
    read_list,
    read_str,
)
from rules.vtes.scenario_limits import LIMIT_KEYS as LIMIT_KEYS
from rules.vtes.scenario_limits import Limits, parse_limits

__all__ = [
    "AFTER_KEYS",
    "AMMO_KEYS",
    "BONUS_KEYS",
    "COMMIT_KEYS",
    "COUNTER_KEYS",
    "ENDS_KEYS",
    "END_OF_ROUND_KEYS",
    "ENVIRONMENTAL_KEYS",
    "NEW_ROUND_KEYS",
    "ONLY_KEYS",
    "PLAY_KEYS",
    "PREVENTION_KEYS",
    "PREVENT_KEYS",
    "RESTRICTIONS",
    "TORPOR_KEYS",
    "AdditionalOnly",
    "AfterCombat",
    "Ammo",
    "Commit",
    "Countered",
    "DamageBonus",
    "EndOfRound",
    "Environmental",
    "LastingPrevention",
    "NewRound",
    "Play",
    "Prevention",
    "RangeName",
    "TorporCard",
    "parse_additional_only",
    "parse_after_combat",
    "parse_ammo",
    "parse_commit",
    "parse_countered",
    "parse_damage_bonus",
    "parse_end_of_round",
    "parse_environmental",
    "parse_lasting_prevention",
    "parse_new_round",
    "parse_plays",
    "parse_prevention",
    "parse_torpor",
]

RangeName = Literal["close", "long"]

PREVENTION_KEYS = (
    "name",
    "amount",
    "all",
    "half",
    "non_aggravated",
    "cost",
    "burn",
    "burn_blood",
    "equipment",
    "gun_amount",
    "destroy_melee",
    "punish_hand",
    "requires",
    "limits",
)
ENVIRONMENTAL_KEYS = ("name", "damage", "aggravated")
END_OF_ROUND_KEYS = (
    "name",
    "gain_blood_lost",
    "send_to_torpor",
    "damage",
    "opponent_strength",
    "needs_more_damage",
    "cost",
    "burn_blood",
    "limits",
)
NEW_ROUND_KEYS = ("side", "card", "new_combat", "cost", "burn_blood", "limits")
PLAY_KEYS = ("side", "card", "to", "only", "cost", "burn_blood", "weapon", "strike", "limits")
ENDS_KEYS = ("continue", "end")
RESTRICTIONS = (
    "maneuver_to_long",
    "maneuver_to_close",
    "maneuver",
    "press_to_continue",
    "press_to_end",
    "press",
    "equipment",
    "strike_cards",
    "strike",
    "initial_strike",
    "additional_strikes",
    "dodge",
    "combat_ends",
)
PREVENT_KEYS = (
    "each_round",
    "strikes_only",
    "all_strikes",
    "half_strikes",
    "after_first",
    "aggravated_as_normal",
    "immune_normal",
)
BONUS_KEYS = ("amount", "aggravated", "make_aggravated", "requires", "weapon", "everything")
AFTER_KEYS = ("burn", "damage", "cost", "close_only", "quote")
AMMO_KEYS = ("name", "bonus", "aggravated", "burn_gun", "cost", "limits")
COUNTER_KEYS = ("name", "environmental", "cost", "burn_blood", "limits")
ONLY_KEYS = ("dodge", "hand", "weapon", "name", "after", "quote")
TORPOR_KEYS = ("name", "burn", "diablerize", "persist", "cost", "burn_blood", "limits")
COMMIT_KEYS = ("weapon", "strike", "card")


@dataclass(frozen=True, slots=True)
class Play:
    """A maneuver or a press, with the card it came from and its limit if any."""

    card: str | None = None
    to: RangeName | None = None
    only: Literal["continue", "end"] | None = None
    cost: int = 0
    burn_blood: int = 0
    weapon: str | None = None
    """A maneuver given by this weapon: it commits the initial strike to the weapon."""
    strike: bool = False
    """A maneuver given by the strike card ``card``: it commits the initial strike to it."""
    limits: Limits | None = None


@dataclass(frozen=True, slots=True)
class Prevention:
    """A prevention card played against one strike: ``amount`` points, or ``all``."""

    name: str
    amount: int = 0
    all: bool = False
    non_aggravated: bool = False
    cost: int = 0
    burn: str | None = None
    half: bool = False
    burn_blood: int = 0
    equipment: str | None = None
    """The receiver's equipment giving this prevention (it must be carried)."""
    gun_amount: int | None = None
    """The amount against a gun strike, when it differs (Kevlar Vest)."""
    destroy_melee: bool = False
    punish_hand: int = 0
    requires: tuple[str, ...] = ()
    limits: Limits | None = None


@dataclass(frozen=True, slots=True)
class Environmental:
    """Damage that is not a strike, dealt to one side's minion this round."""

    name: str
    damage: int
    aggravated: bool = False


@dataclass(frozen=True, slots=True)
class EndOfRound:
    """An effect played at the end of the round, after the presses."""

    name: str
    gain_blood_lost: bool = False
    send_to_torpor: bool = False
    damage: int = 0
    opponent_strength: int = 0
    needs_more_damage: bool = False
    cost: int = 0
    burn_blood: int = 0
    limits: Limits | None = None


@dataclass(frozen=True, slots=True)
class NewRound:
    """An effect that starts another round although the combat would end."""

    side: Literal["acting", "opposing"]
    card: str
    new_combat: bool = False
    cost: int = 0
    burn_blood: int = 0
    limits: Limits | None = None


@dataclass(frozen=True, slots=True)
class LastingPrevention:
    """Prevention that lasts (a round or the combat) and covers every damage it names."""

    each_round: int = 0
    """Points this minion prevents each round, of any damage (of strikes only with
    ``strikes_only``): Apparition, Horrid Form, Bear's Skin."""
    strikes_only: bool = False
    all_strikes: bool = False
    """All damage from the opposing minion's strikes (superior Rolling with the Punches)."""
    half_strikes: bool = False
    """Half (rounded up) of each opposing strike's damage (superior Rockheart)."""
    after_first: Literal["normal", "all"] | None = None
    """Once a damage gets through in a round, the rest that round is prevented (Flesh of
    Marble: ``"normal"`` spares aggravated damage, ``"all"`` does not)."""
    aggravated_as_normal: bool = False
    immune_normal: bool = False


@dataclass(frozen=True, slots=True)
class DamageBonus:
    """Damage added to this minion's strikes (or to everything against the opposing minion)."""

    amount: int = 0
    aggravated: bool = False
    """The added damage is aggravated (Dragon's Breath Rounds)."""
    make_aggravated: bool = False
    requires: str | None = None
    """Only strikes of cards requiring this Discipline (Increased Strength: ``"pot"``)."""
    weapon: str | None = None
    everything: bool = False
    """Every strike and damaging effect against the opposing minion (Dam the Heart's River)."""


@dataclass(frozen=True, slots=True)
class AfterCombat:
    """What a combat-ends strike does after the combat, if it was not dodged and the combat
    really ended: the opposing minion burns ``burn`` blood or life, takes ``damage``
    unpreventable damage; the striker burns ``cost``; ``close_only``: only if the range was
    close."""

    burn: int = 0
    damage: int = 0
    cost: int = 0
    close_only: bool = False
    quote: str = ""


@dataclass(frozen=True, slots=True)
class Ammo:
    """An ammo card played on a gun strike: ``bonus`` damage to each of its strikes for the rest
    of the combat (``aggravated`` damage); ``burn_gun``: the gun burns after this strike."""

    name: str
    bonus: int = 0
    aggravated: bool = False
    burn_gun: bool = False
    cost: int = 0
    limits: Limits | None = None


@dataclass(frozen=True, slots=True)
class Countered:
    """A card played against this (ranged weapon) strike: the weapon inflicts no damage, and
    the striker takes ``environmental`` damage (superior Darkling Trickery)."""

    name: str
    environmental: int = 0
    cost: int = 0
    burn_blood: int = 0
    limits: Limits | None = None


@dataclass(frozen=True, slots=True)
class AdditionalOnly:
    """What a granted additional strike may be: a dodge, a hand strike, a strike with
    ``weapon``, or the strike named ``name``; ``after``: only after the initial strike was
    such a strike (AK-47)."""

    dodge: bool = False
    hand: bool = False
    weapon: str | None = None
    name: str | None = None
    after: bool = False
    quote: str = ""


@dataclass(frozen=True, slots=True)
class TorporCard:
    """A card played when a vampire should go to torpor: the opposing vampire is burned
    instead (Decapitate), diablerized instead (Amaranth), or this vampire stays ready,
    wounded, until the combat ends (Undead Persistence)."""

    name: str
    burn: bool = False
    diablerize: bool = False
    persist: bool = False
    cost: int = 0
    burn_blood: int = 0
    limits: Limits | None = None


@dataclass(frozen=True, slots=True)
class Commit:
    """A minion's initial strike this round, committed in advance (Sniper Rifle's range)."""

    weapon: str | None = None
    strike: str | None = None
    card: str | None = None


# -- parsing ------------------------------------------------------------------------------


def _cost(data: Mapping[str, Any], where: Place) -> int:
    return read_int(data, "cost", where, default=0)


def _name(data: Mapping[str, Any], where: Place, default: str) -> str:
    return read_str(data, "name", where) or default


def parse_prevention(data: Mapping[str, Any], where: Place) -> tuple[Prevention, ...]:
    """The ``prevention`` list of a strike."""
    out: list[Prevention] = []
    for i, item in enumerate(read_list(data, "prevention", where), 1):
        pw = where.then(msg("prevention {i}", i=i))
        p = read_keys(item, PREVENTION_KEYS, pw)
        every = read_bool(p, "all", pw)
        half = read_bool(p, "half", pw)
        if [every, half, "amount" in p].count(True) != 1:
            raise InvalidState(
                msg(
                    "{where}: give one of 'amount' (how much damage is prevented), 'all': true "
                    "or 'half': true.",
                    where=pw.said,
                )
            )
        out.append(
            Prevention(
                name=_name(p, pw, "prevention"),
                amount=read_int(p, "amount", pw, default=0, minimum=1) if "amount" in p else 0,
                all=every,
                non_aggravated=read_bool(p, "non_aggravated", pw),
                cost=_cost(p, pw),
                burn=read_str(p, "burn", pw),
                half=read_bool(p, "half", pw),
                burn_blood=read_int(p, "burn_blood", pw, default=0),
                equipment=read_str(p, "equipment", pw),
                gun_amount=read_int(p, "gun_amount", pw, minimum=1) if "gun_amount" in p else None,
                destroy_melee=read_bool(p, "destroy_melee", pw),
                punish_hand=read_int(p, "punish_hand", pw, default=0),
                requires=_texts(p, "requires", pw),
                limits=parse_limits(p, pw),
            )
        )
    return tuple(out)


def parse_environmental(value: object, where: Place) -> tuple[Environmental, ...]:
    """One side's ``environmental`` entry: a whole number or a list of damage dicts."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise InvalidState(
                msg(
                    "{where}: environmental damage must be 0 or more, got {value}.",
                    where=where.said,
                    value=value,
                )
            )
        return (Environmental("environmental damage", value),) if value else ()
    if not isinstance(value, list | tuple):
        shape = "{" + ", ".join(ENVIRONMENTAL_KEYS) + "}"
        raise InvalidState(
            msg(
                "{where}: environmental damage must be a whole number or a list of {shape} "
                "objects, got {value}.",
                where=where.said,
                shape=shape,
                value=shown(value),
            )
        )
    out: list[Environmental] = []
    for i, item in enumerate(value, 1):
        ew = where.then(msg("entry {i}", i=i))
        e = read_keys(item, ENVIRONMENTAL_KEYS, ew)
        out.append(
            Environmental(
                name=_name(e, ew, "environmental damage"),
                damage=read_int(e, "damage", ew, minimum=1),
                aggravated=read_bool(e, "aggravated", ew),
            )
        )
    return tuple(out)


def parse_end_of_round(items: Sequence[Any], where: Place) -> tuple[EndOfRound, ...]:
    """One side's ``end_of_round`` list."""
    out: list[EndOfRound] = []
    for i, item in enumerate(items, 1):
        ew = where.then(msg("end-of-round effect {i}", i=i))
        e = read_keys(item, END_OF_ROUND_KEYS, ew)
        raw = e.get("opponent_strength", 0)
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise InvalidState(
                msg(
                    "{where}: {key} must be a whole number, got {value}.",
                    where=ew.said,
                    key=repr("opponent_strength"),
                    value=shown(raw),
                )
            )
        out.append(
            EndOfRound(
                name=_name(e, ew, "card"),
                gain_blood_lost=read_bool(e, "gain_blood_lost", ew),
                send_to_torpor=read_bool(e, "send_to_torpor", ew),
                damage=read_int(e, "damage", ew, default=0),
                opponent_strength=raw,
                needs_more_damage=read_bool(e, "needs_more_damage", ew),
                cost=_cost(e, ew),
                burn_blood=read_int(e, "burn_blood", ew, default=0),
                limits=parse_limits(e, ew),
            )
        )
    return tuple(out)


def parse_new_round(value: object, where: Place) -> NewRound:
    nw = where.then("new_round")
    n = read_keys(value, NEW_ROUND_KEYS, nw)
    side = n.get("side")
    if side not in ("acting", "opposing"):
        raise InvalidState(
            msg(
                "{where}: {key} is {value}; allowed: {allowed}.",
                where=nw.said,
                key=repr("side"),
                value=shown(side),
                allowed=["'acting'", "'opposing'"],
            )
        )
    card = read_str(n, "card", nw) or "card"
    return NewRound(
        side="acting" if side == "acting" else "opposing",
        card=card,
        new_combat=read_bool(n, "new_combat", nw),
        cost=_cost(n, nw),
        burn_blood=read_int(n, "burn_blood", nw, default=0),
        limits=parse_limits(n, nw),
    )


def parse_plays(
    data: Mapping[str, Any], key: str, where: Place
) -> tuple[tuple[Literal["acting", "opposing"], ...], tuple[Play, ...]]:
    """A round's ``maneuvers`` or ``presses``: who played each, and the card behind it."""
    sides: list[Literal["acting", "opposing"]] = []
    plays: list[Play] = []
    limit_key, limits = ("to", ("close", "long")) if key == "maneuvers" else ("only", ENDS_KEYS)
    for i, item in enumerate(read_list(data, key, where), 1):
        iw = where.then(msg("{key} entry {i}", key=key, i=i))
        if isinstance(item, Mapping):
            keys: tuple[str, ...] = ("side", "card", limit_key, "cost", "burn_blood", "limits")
            if key == "maneuvers":
                keys = (*keys, "weapon", "strike")
            p = read_keys(item, keys, iw)
            side = p.get("side")
            limit = p.get(limit_key)
            if limit is not None and limit not in limits:
                raise InvalidState(
                    msg(
                        "{where}: {key} is {value}; allowed: {allowed}.",
                        where=iw.said,
                        key=repr(limit_key),
                        value=shown(limit),
                        allowed=list(limits),
                    )
                )
            play = Play(
                card=read_str(p, "card", iw),
                to=limit if key == "maneuvers" else None,
                only=limit if key == "presses" else None,
                cost=_cost(p, iw),
                burn_blood=read_int(p, "burn_blood", iw, default=0),
                weapon=read_str(p, "weapon", iw),
                strike=read_bool(p, "strike", iw),
                limits=parse_limits(p, iw),
            )
        else:
            side, play = item, Play()
        if side not in ("acting", "opposing"):
            raise InvalidState(
                msg(
                    "{where}: {key} entry {i} is {value}; allowed: 'acting', 'opposing'.",
                    where=where.said,
                    key=key,
                    i=i,
                    value=shown(side),
                )
            )
        sides.append("acting" if side == "acting" else "opposing")
        plays.append(play)
    return tuple(sides), tuple(plays)


def _texts(data: Mapping[str, Any], key: str, where: Place) -> tuple[str, ...]:
    out: list[str] = []
    for item in read_list(data, key, where):
        if not isinstance(item, str) or not item.strip():
            raise InvalidState(
                msg(
                    "{where}: {key} must list non-empty texts, got {value}.",
                    where=where.said,
                    key=repr(key),
                    value=shown(item),
                )
            )
        out.append(item.strip())
    return tuple(out)


def _quote(data: Mapping[str, Any], where: Place) -> str:
    value = data.get("quote", "")
    if not isinstance(value, str):
        raise InvalidState(
            msg(
                "{where}: {key} must be a text, got {value}.",
                where=where.said,
                key="'quote'",
                value=shown(value),
            )
        )
    return value.strip()


def parse_lasting_prevention(value: object, where: Place) -> LastingPrevention:
    pw = where.then("prevent")
    p = read_keys(value, PREVENT_KEYS, pw)
    after = p.get("after_first")
    if after is not None and after not in ("normal", "all"):
        raise InvalidState(
            msg(
                "{where}: {key} is {value}; allowed: {allowed}.",
                where=pw.said,
                key=repr("after_first"),
                value=shown(after),
                allowed=["'normal'", "'all'"],
            )
        )
    return LastingPrevention(
        each_round=read_int(p, "each_round", pw, default=0),
        strikes_only=read_bool(p, "strikes_only", pw),
        all_strikes=read_bool(p, "all_strikes", pw),
        half_strikes=read_bool(p, "half_strikes", pw),
        after_first="normal" if after == "normal" else "all" if after == "all" else None,
        aggravated_as_normal=read_bool(p, "aggravated_as_normal", pw),
        immune_normal=read_bool(p, "immune_normal", pw),
    )


def parse_damage_bonus(value: object, where: Place) -> DamageBonus:
    bw = where.then("damage_bonus")
    b = read_keys(value, BONUS_KEYS, bw)
    return DamageBonus(
        amount=read_int(b, "amount", bw, default=0),
        aggravated=read_bool(b, "aggravated", bw),
        make_aggravated=read_bool(b, "make_aggravated", bw),
        requires=read_str(b, "requires", bw),
        weapon=read_str(b, "weapon", bw),
        everything=read_bool(b, "everything", bw),
    )


def parse_after_combat(value: object, where: Place) -> AfterCombat:
    aw = where.then("after_combat")
    a = read_keys(value, AFTER_KEYS, aw)
    return AfterCombat(
        burn=read_int(a, "burn", aw, default=0),
        damage=read_int(a, "damage", aw, default=0),
        cost=read_int(a, "cost", aw, default=0),
        close_only=read_bool(a, "close_only", aw),
        quote=_quote(a, aw),
    )


def parse_ammo(value: object, where: Place) -> Ammo:
    aw = where.then("ammo")
    a = read_keys(value, AMMO_KEYS, aw)
    name = read_str(a, "name", aw, required=True)
    assert name is not None
    return Ammo(
        name=name,
        bonus=read_int(a, "bonus", aw, default=0),
        aggravated=read_bool(a, "aggravated", aw),
        burn_gun=read_bool(a, "burn_gun", aw),
        cost=_cost(a, aw),
        limits=parse_limits(a, aw),
    )


def parse_countered(value: object, where: Place) -> Countered:
    cw = where.then("countered")
    c = read_keys(value, COUNTER_KEYS, cw)
    name = read_str(c, "name", cw, required=True)
    assert name is not None
    return Countered(
        name=name,
        environmental=read_int(c, "environmental", cw, default=0),
        cost=_cost(c, cw),
        burn_blood=read_int(c, "burn_blood", cw, default=0),
        limits=parse_limits(c, cw),
    )


def parse_additional_only(value: object, where: Place) -> AdditionalOnly:
    ow = where.then("only")
    o = read_keys(value, ONLY_KEYS, ow)
    only = AdditionalOnly(
        dodge=read_bool(o, "dodge", ow),
        hand=read_bool(o, "hand", ow),
        weapon=read_str(o, "weapon", ow),
        name=read_str(o, "name", ow),
        after=read_bool(o, "after", ow),
        quote=_quote(o, ow),
    )
    if [only.dodge, only.hand, only.weapon is not None, only.name is not None].count(True) != 1:
        raise InvalidState(
            msg(
                "{where}: give exactly one of 'dodge', 'hand', 'weapon' or 'name'.",
                where=ow.said,
            )
        )
    return only


def parse_torpor(items: Sequence[Any], where: Place) -> tuple[TorporCard, ...]:
    """One side's ``torpor`` list: cards played when a vampire should go to torpor."""
    out: list[TorporCard] = []
    for i, item in enumerate(items, 1):
        tw = where.then(msg("torpor card {i}", i=i))
        t = read_keys(item, TORPOR_KEYS, tw)
        card = TorporCard(
            name=_name(t, tw, "card"),
            burn=read_bool(t, "burn", tw),
            diablerize=read_bool(t, "diablerize", tw),
            persist=read_bool(t, "persist", tw),
            cost=_cost(t, tw),
            burn_blood=read_int(t, "burn_blood", tw, default=0),
            limits=parse_limits(t, tw),
        )
        if [card.burn, card.diablerize, card.persist].count(True) != 1:
            raise InvalidState(
                msg(
                    "{where}: give exactly one of 'burn', 'diablerize' or 'persist'.",
                    where=tw.said,
                )
            )
        out.append(card)
    return tuple(out)


def parse_commit(value: object, where: Place) -> Commit:
    cw = where.then("commit")
    c = read_keys(value, COMMIT_KEYS, cw)
    commit = Commit(
        weapon=read_str(c, "weapon", cw),
        strike=read_str(c, "strike", cw),
        card=read_str(c, "card", cw),
    )
    if (commit.weapon is None) == (commit.strike is None):
        raise InvalidState(
            msg("{where}: give either 'weapon' or 'strike' (a strike's name).", where=cw.said)
        )
    return commit
