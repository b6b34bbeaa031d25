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

__all__ = [
    "ENDS_KEYS",
    "END_OF_ROUND_KEYS",
    "ENVIRONMENTAL_KEYS",
    "NEW_ROUND_KEYS",
    "PLAY_KEYS",
    "PREVENTION_KEYS",
    "RESTRICTIONS",
    "EndOfRound",
    "Environmental",
    "NewRound",
    "Play",
    "Prevention",
    "RangeName",
    "parse_end_of_round",
    "parse_environmental",
    "parse_new_round",
    "parse_plays",
    "parse_prevention",
]

RangeName = Literal["close", "long"]

PREVENTION_KEYS = ("name", "amount", "all", "non_aggravated", "cost", "burn")
ENVIRONMENTAL_KEYS = ("name", "damage", "aggravated")
END_OF_ROUND_KEYS = (
    "name",
    "gain_blood_lost",
    "send_to_torpor",
    "damage",
    "opponent_strength",
    "needs_more_damage",
    "cost",
)
NEW_ROUND_KEYS = ("side", "card", "new_combat", "cost")
PLAY_KEYS = ("side", "card", "to", "only", "cost")
ENDS_KEYS = ("continue", "end")
RESTRICTIONS = (
    "maneuver_to_long",
    "maneuver_to_close",
    "press_to_continue",
    "press_to_end",
    "equipment",
)


@dataclass(frozen=True, slots=True)
class Play:
    """A maneuver or a press, with the card it came from and its limit if any."""

    card: str | None = None
    to: RangeName | None = None
    only: Literal["continue", "end"] | None = None
    cost: int = 0


@dataclass(frozen=True, slots=True)
class Prevention:
    """A prevention card played against one strike: ``amount`` points, or ``all``."""

    name: str
    amount: int = 0
    all: bool = False
    non_aggravated: bool = False
    cost: int = 0
    burn: str | None = None


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


@dataclass(frozen=True, slots=True)
class NewRound:
    """An effect that starts another round although the combat would end."""

    side: Literal["acting", "opposing"]
    card: str
    new_combat: bool = False
    cost: int = 0


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
        if every == ("amount" in p):
            raise InvalidState(
                msg(
                    "{where}: give either 'amount' (how much damage is prevented) or 'all': true.",
                    where=pw.said,
                )
            )
        out.append(
            Prevention(
                name=_name(p, pw, "prevention"),
                amount=read_int(p, "amount", pw, default=0, minimum=1) if not every else 0,
                all=every,
                non_aggravated=read_bool(p, "non_aggravated", pw),
                cost=_cost(p, pw),
                burn=read_str(p, "burn", pw),
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
            p = read_keys(item, ("side", "card", limit_key, "cost"), iw)
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
