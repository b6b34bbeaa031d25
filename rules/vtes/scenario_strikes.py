"""Reading the strikes of a combat scenario: a strike's effects, a strike as chosen (a hand
strike, a weapon strike or a card's strike, with how it is used: target, prevention, aim,
cost) and an equipment card with the strike it gives.

Each reader checks its part of the scenario and raises :class:`rules.errors.InvalidState`
naming the place, the problem and what is allowed; :mod:`rules.vtes.scenario` calls them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from rules.errors import InvalidState
from rules.i18n import msg
from rules.validation import shown
from rules.vtes.scenario_effects import (
    RESTRICTIONS,
    parse_after_combat,
    parse_ammo,
    parse_countered,
    parse_prevention,
)
from rules.vtes.scenario_input import Place as _Place
from rules.vtes.scenario_input import read_bool as _bool
from rules.vtes.scenario_input import read_int as _int
from rules.vtes.scenario_input import read_keys as _keys
from rules.vtes.scenario_input import read_list as _list
from rules.vtes.scenario_input import read_str as _str
from rules.vtes.scenario_keys import (
    BURNS_KEYS,
    EFFECT_KEYS,
    EQUIPMENT_KEYS,
    MANEUVERS_KEYS,
    STRIKE_KEYS,
    WEAPON_USE_KEYS,
)
from rules.vtes.scenario_limits import CARD_KINDS, parse_cancel, parse_limits, parse_words
from rules.vtes.scenario_values import BurnsAtLong, Equipment, Maneuvers, Strike, StrikeEffect

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
        limits=parse_limits(data, where),
        unlock_opponent=_bool(data, "unlock_opponent", where),
        weapons_only=_bool(data, "weapons_only", where),
        destroy_retainer=_str(data, "destroy_retainer", where),
        burn_ally=_bool(data, "burn_ally", where),
        weapons_no_damage=_bool(data, "weapons_no_damage", where),
        unpreventable_by=_texts(data, "unpreventable_by", where),
        after_combat=(
            parse_after_combat(data["after_combat"], where) if "after_combat" in data else None
        ),
        stops_strikes=_bool(data, "stops_strikes", where),
        recoil_if_dodged=_int(data, "recoil_if_dodged", where, default=0),
        max_damage=_int(data, "max_damage", where, minimum=1) if "max_damage" in data else None,
        never_aggravated=_bool(data, "never_aggravated", where),
        equip_self=(
            parse_equipment(data["equip_self"], where.then("equip_self"))
            if "equip_self" in data
            else None
        ),
        prevents=_int(data, "prevents", where, default=0),
        forbids=parse_words(data, "forbids", where, RESTRICTIONS),
        says=_text(data, "says", where),
        recoil_once=_bool(data, "recoil_once", where),
        spend_counters=_bool(data, "spend_counters", where),
        torpor_after=_int(data, "torpor_after", where, default=0),
        transfers=_bool(data, "transfers", where),
    )


def _texts(data: Mapping[str, Any], key: str, where: _Place) -> tuple[str, ...]:
    out = []
    for item in _list(data, key, where):
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


def _text(data: Mapping[str, Any], key: str, where: _Place) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise InvalidState(
            msg(
                "{where}: {key} must be a text, got {value}.",
                where=where.said,
                key=repr(key),
                value=shown(value),
            )
        )
    return value.strip()


def parse_strike(data: object, where: _Place) -> Strike:
    strike = _keys(data, STRIKE_KEYS, where)
    hand = _bool(strike, "hand", where)
    weapon = _str(strike, "weapon", where)
    name = _str(strike, "name", where)
    use: dict[str, Any] = {
        "target": _str(strike, "target", where),
        "prevented": _int(strike, "prevented", where, default=0),
        "prevention": parse_prevention(strike, where),
        "cancel": parse_cancel(strike, where),
        "aim": _str(strike, "aim", where),
        "aim_bonus": _int(strike, "aim_bonus", where, default=0),
        "aim_no_press": _bool(strike, "aim_no_press", where),
        "cost": _int(strike, "cost", where, default=0),
        "limits": parse_limits(strike, where),
        "burn_blood": _int(strike, "burn_blood", where, default=0),
        "requires": _texts(strike, "requires", where),
        "kinds": parse_words(strike, "kinds", where, CARD_KINDS),
        "bonus": _int(strike, "bonus", where, default=0),
        "aim_always": _bool(strike, "aim_always", where),
        "aim_forbids": parse_words(strike, "aim_forbids", where, RESTRICTIONS),
        "aim_limits": parse_limits(
            {"limits": strike["aim_limits"]} if "aim_limits" in strike else {}, where
        ),
        "ammo": parse_ammo(strike["ammo"], where) if "ammo" in strike else None,
        "countered": (
            parse_countered(strike["countered"], where) if "countered" in strike else None
        ),
        "melee": _bool(strike, "melee", where),
        "coin": _coin(strike, where),
    }
    if "cancel_cost" in strike and not isinstance(strike.get("cancelled_by"), str):
        raise InvalidState(
            msg(
                "{where}: 'cancel_cost' goes with a card name in 'cancelled_by'; with an object "
                "give its 'cost' or 'burn_blood' inside it.",
                where=where.said,
            )
        )
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
        undodgeable = _bool(strike, "undodgeable", where)
        return Strike(
            name=name or weapon, weapon=weapon, effect=None, undodgeable=undodgeable, **use
        )
    if hand:
        if "damage" in strike:
            raise InvalidState(
                msg(
                    "{where}: a hand strike deals damage equal to strength; use "
                    "'strength_bonus' for a hand strike at +N damage instead of 'damage'.",
                    where=where.said,
                )
            )
        effect = parse_effect({"strength_bonus": 0, **_own(strike)}, where)
        return Strike(name=name or "hand strike", hand=True, effect=effect, **use)
    effect = parse_effect(_own(strike), where)
    return Strike(name=name or "strike", effect=effect, **use)


def _coin(strike: Mapping[str, Any], where: _Place) -> Literal["heads", "tails"] | None:
    value = strike.get("coin")
    if value is None:
        return None
    if value not in ("heads", "tails"):
        raise InvalidState(
            msg(
                "{where}: {key} is {value}; allowed: {allowed}.",
                where=where.said,
                key=repr("coin"),
                value=shown(value),
                allowed=["'heads'", "'tails'"],
            )
        )
    return "heads" if value == "heads" else "tails"


def _own(strike: Mapping[str, Any]) -> dict[str, Any]:
    """A card strike's effect keys: its ``limits`` are the play's, read with the strike."""
    return {k: v for k, v in strike.items() if k != "limits"}


def parse_equipment(data: object, where: _Place) -> Equipment:
    e = _keys(data, EQUIPMENT_KEYS, where)
    name = _str(e, "name", where, required=True)
    assert name is not None
    strike = None
    if "strike" in e:
        sw = where.then(msg("{name}'s strike", name=name))
        strike = parse_effect(_keys(e["strike"], EFFECT_KEYS, sw), sw)
    kind = e.get("type")
    if kind is not None and kind not in ("gun", "melee"):
        raise InvalidState(
            msg(
                "{where}: {key} is {value}; allowed: {allowed}.",
                where=where.said,
                key=repr("type"),
                value=shown(kind),
                allowed=["'gun'", "'melee'"],
            )
        )
    maneuvers = None
    if "maneuvers" in e:
        mw = where.then("maneuvers")
        m = _keys(e["maneuvers"], MANEUVERS_KEYS, mw)
        to = m.get("to")
        if to is not None and to not in ("close", "long"):
            raise InvalidState(
                msg(
                    "{where}: {key} is {value}; allowed: {allowed}.",
                    where=mw.said,
                    key=repr("to"),
                    value=shown(to),
                    allowed=["'close'", "'long'"],
                )
            )
        maneuvers = Maneuvers(
            _int(m, "count", mw, minimum=1),
            "close" if to == "close" else "long" if to == "long" else None,
            _text(m, "quote", mw),
        )
    burns = None
    if "burns_at_long" in e:
        bw = where.then("burns_at_long")
        b = _keys(e["burns_at_long"], BURNS_KEYS, bw)
        burns = BurnsAtLong(
            _int(b, "damage", bw, default=0), _bool(b, "aggravated", bw), _text(b, "quote", bw)
        )
    press = e.get("press_first_round")
    if press is not None and (not isinstance(press, str) or not press.strip()):
        raise InvalidState(
            msg(
                "{where}: {key} must be a non-empty text (the card's words), got {value}.",
                where=where.said,
                key=repr("press_first_round"),
                value=shown(press),
            )
        )
    return Equipment(
        name,
        strike,
        type="gun" if kind == "gun" else "melee" if kind == "melee" else None,
        maneuvers=maneuvers,
        press_first_round=press.strip() if isinstance(press, str) else None,
        burns_at_long=burns,
        restrict=parse_words(e, "restrict", where, RESTRICTIONS),
        says=_text(e, "says", where),
        strength=_int(e, "strength", where, default=0),
        counters=_int(e, "counters", where, minimum=1) if "counters" in e else None,
        card_discount=_int(e, "card_discount", where, default=0),
    )
