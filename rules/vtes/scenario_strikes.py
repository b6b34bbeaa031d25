"""Reading the strikes of a combat scenario: a strike's effects, a strike as chosen (a hand
strike, a weapon strike or a card's strike, with how it is used: target, prevention, aim,
cost) and an equipment card with the strike it gives.

Each reader checks its part of the scenario and raises :class:`rules.errors.InvalidState`
naming the place, the problem and what is allowed; :mod:`rules.vtes.scenario` calls them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import InvalidState
from rules.i18n import msg
from rules.validation import shown
from rules.vtes.scenario_effects import parse_prevention
from rules.vtes.scenario_input import Place as _Place
from rules.vtes.scenario_input import read_bool as _bool
from rules.vtes.scenario_input import read_int as _int
from rules.vtes.scenario_input import read_keys as _keys
from rules.vtes.scenario_input import read_str as _str
from rules.vtes.scenario_keys import EFFECT_KEYS, EQUIPMENT_KEYS, STRIKE_KEYS, WEAPON_USE_KEYS
from rules.vtes.scenario_values import Equipment, Strike, StrikeEffect

__all__ = ["parse_effect", "parse_equipment", "parse_strike"]


def parse_effect(data: Mapping[str, Any], where: _Place) -> StrikeEffect:
    if "damage" in data and "strength_bonus" in data:
        raise InvalidState(
            msg(
                "{where}: give either 'damage' (a fixed number) or 'strength_bonus' (strength "
                "plus a number), not both.",
                where=where.said,
            )
        )
    bonus: int | None = None
    if "strength_bonus" in data:
        raw = data["strength_bonus"]
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise InvalidState(
                msg(
                    "{where}: {key} must be a whole number, got {value}.",
                    where=where.said,
                    key=repr("strength_bonus"),
                    value=shown(raw),
                )
            )
        bonus = raw
    return StrikeEffect(
        damage=_int(data, "damage", where, default=0),
        strength_bonus=bonus,
        aggravated=_bool(data, "aggravated", where),
        ranged=_bool(data, "ranged", where),
        first_strike=_bool(data, "first_strike", where),
        dodge=_bool(data, "dodge", where),
        combat_ends=_bool(data, "combat_ends", where),
        steal_blood=_int(data, "steal_blood", where, default=0),
        destroy_equipment=_str(data, "destroy_equipment", where),
        steal_equipment=_str(data, "steal_equipment", where),
        undodgeable=_bool(data, "undodgeable", where),
        long_range_only=_bool(data, "long_range_only", where),
        send_to_torpor=_bool(data, "send_to_torpor", where),
        combat_ends_after_resolution=_bool(data, "combat_ends_after_resolution", where),
        unpreventable=_bool(data, "unpreventable", where),
        unlock=_bool(data, "unlock", where),
        recoil=_int(data, "recoil", where, default=0),
        recoil_aggravated=_bool(data, "recoil_aggravated", where),
        recoil_close_only=_bool(data, "recoil_close_only", where),
        burn_after_use=_bool(data, "burn_after_use", where),
    )


def parse_strike(data: object, where: _Place) -> Strike:
    strike = _keys(data, STRIKE_KEYS, where)
    hand = _bool(strike, "hand", where)
    weapon = _str(strike, "weapon", where)
    name = _str(strike, "name", where)
    use: dict[str, Any] = {
        "target": _str(strike, "target", where),
        "prevented": _int(strike, "prevented", where, default=0),
        "prevention": parse_prevention(strike, where),
        "cancelled_by": _str(strike, "cancelled_by", where),
        "cancel_cost": _int(strike, "cancel_cost", where, default=0),
        "aim": _str(strike, "aim", where),
        "aim_bonus": _int(strike, "aim_bonus", where, default=0),
        "aim_no_press": _bool(strike, "aim_no_press", where),
        "cost": _int(strike, "cost", where, default=0),
    }
    if hand and weapon:
        raise InvalidState(
            msg(
                "{where}: a strike is either a hand strike or a weapon strike, not both.",
                where=where.said,
            )
        )
    if weapon is not None:
        extra = [k for k in strike if k not in WEAPON_USE_KEYS]
        if extra:
            raise InvalidState(
                msg(
                    "{where}: a weapon strike takes its effects from the weapon; key {key} is "
                    "not allowed here; allowed keys: {allowed}.",
                    where=where.said,
                    key=repr(extra[0]),
                    allowed=list(WEAPON_USE_KEYS),
                )
            )
        return Strike(name=name or weapon, weapon=weapon, effect=None, **use)
    if hand:
        if "damage" in strike:
            raise InvalidState(
                msg(
                    "{where}: a hand strike deals damage equal to strength; use "
                    "'strength_bonus' for a hand strike at +N damage instead of 'damage'.",
                    where=where.said,
                )
            )
        effect = parse_effect({"strength_bonus": 0, **strike}, where)
        return Strike(name=name or "hand strike", hand=True, effect=effect, **use)
    effect = parse_effect(strike, where)
    return Strike(name=name or "strike", effect=effect, **use)


def parse_equipment(data: object, where: _Place) -> Equipment:
    e = _keys(data, EQUIPMENT_KEYS, where)
    name = _str(e, "name", where, required=True)
    assert name is not None
    strike = None
    if "strike" in e:
        sw = where.then(msg("{name}'s strike", name=name))
        strike = parse_effect(_keys(e["strike"], EFFECT_KEYS, sw), sw)
    return Equipment(name, strike)
