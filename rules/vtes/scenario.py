"""The combat scenario: the JSON-compatible description of a combat as it was played.

:func:`parse_scenario` checks a scenario dict (format in the project's VTES notes: the
combatants, then each round's maneuvers, strikes, additional-strike effects and presses)
and turns it into frozen values the combat engine reads. Anything malformed raises
:class:`rules.errors.InvalidState` naming the place, the problem and what is allowed;
unknown keys are errors too, so that a typo never passes silently.

>>> s = parse_scenario({
...     "acting": {"name": "Kurt", "kind": "vampire", "capacity": 6, "blood": 4},
...     "opposing": {"name": "Ira", "kind": "vampire", "capacity": 7, "blood": 5},
...     "rounds": [{}],
... })
>>> s.acting.name, s.rounds[0].strikes
('Kurt', ((), ()))
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_p
from rules.validation import shown
from rules.vtes.scenario_effects import (
    RESTRICTIONS,
    parse_end_of_round,
    parse_environmental,
    parse_new_round,
    parse_plays,
    parse_prevention,
)
from rules.vtes.scenario_input import Place as _Place
from rules.vtes.scenario_input import read_bool as _bool
from rules.vtes.scenario_input import read_int as _int
from rules.vtes.scenario_input import read_keys as _keys
from rules.vtes.scenario_input import read_list as _list
from rules.vtes.scenario_input import read_str as _str
from rules.vtes.scenario_values import (
    SIDES,
    AdditionalStrikes,
    BeforeRange,
    Combatant,
    Equipment,
    Retainer,
    Round,
    Scenario,
    Side,
    Strike,
    StrikeEffect,
    other,
)

__all__ = [
    "EDITIONS",
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
    "dump_scenario_json",
    "load_scenario_json",
    "other",
    "parse_scenario",
]


#: Rules editions: the seed rulebook's (default) and the current VEKN rulebook.
EDITIONS: tuple[str, ...] = ("black-hand", "vekn-2024")

TOP_KEYS = ("rules", "title", "notes", "acting", "opposing", "rounds")
COMBATANT_KEYS = (
    "name",
    "kind",
    "capacity",
    "blood",
    "life",
    "strength",
    "equipment",
    "retainers",
    "wounded",
)
EQUIPMENT_KEYS = ("name", "strike")
RETAINER_KEYS = ("name", "life", "damage")
ROUND_KEYS = (
    "before_range",
    "range",
    "maneuvers",
    "strikes",
    "additional_strikes",
    "environmental",
    "presses",
    "end_of_round",
    "new_round",
)
BEFORE_RANGE_KEYS = (
    "name",
    "strength",
    "set_strength",
    "this_round",
    "hand_aggravated",
    "hand_strikes_only",
    "environmental",
    "press_damage",
    "damage",
    "opponent_strength",
    "restrict",
    "equip",
    "employ",
    "burn_retainer",
    "trap_press",
    "cost",
)
ADDITIONAL_KEYS = ("name", "count", "limited", "cost")
EFFECT_KEYS = (
    "damage",
    "strength_bonus",
    "aggravated",
    "ranged",
    "first_strike",
    "dodge",
    "combat_ends",
    "steal_blood",
    "destroy_equipment",
    "steal_equipment",
    "undodgeable",
    "long_range_only",
    "send_to_torpor",
    "combat_ends_after_resolution",
    "unpreventable",
    "unlock",
    "recoil",
    "recoil_aggravated",
    "recoil_close_only",
    "burn_after_use",
)
USE_KEYS = (
    "target",
    "prevented",
    "prevention",
    "cancelled_by",
    "cancel_cost",
    "aim",
    "aim_bonus",
    "aim_no_press",
    "cost",
)
STRIKE_KEYS = ("name", "hand", "weapon", *EFFECT_KEYS, *USE_KEYS)
WEAPON_USE_KEYS = ("name", "weapon", *USE_KEYS)


# -- checking input ----------------------------------------------------------------------


def _sides(data: Mapping[str, Any], key: str, where: _Place) -> tuple[Side, ...]:
    out: list[Side] = []
    for i, item in enumerate(_list(data, key, where), 1):
        if item == "acting":
            out.append("acting")
        elif item == "opposing":
            out.append("opposing")
        else:
            raise InvalidState(
                msg(
                    "{where}: {key} entry {i} is {value}; allowed: 'acting', 'opposing'.",
                    where=where.said,
                    key=key,
                    i=i,
                    value=shown(item),
                )
            )
    return tuple(out)


def _per_side(data: Mapping[str, Any], key: str, where: _Place) -> tuple[list[Any], list[Any]]:
    value = _keys(data.get(key, {}), SIDES, where.then(key))
    lists: list[list[Any]] = []
    for side in SIDES:
        items = value.get(side, [])
        if not isinstance(items, list | tuple):
            raise InvalidState(
                msg(
                    "{where}, {key}, {side}: must be a list, got {kind}.",
                    where=where.said,
                    key=key,
                    side=side,
                    kind=type(items).__name__,
                )
            )
        lists.append(list(items))
    return lists[0], lists[1]


# -- parsing ------------------------------------------------------------------------------


def _side_strike(side: Side, i: int) -> Message:
    if side == "acting":
        return msg("acting strike {i}", i=i)
    return msg("opposing strike {i}", i=i)


def _effect(data: Mapping[str, Any], where: _Place) -> StrikeEffect:
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


def _strike(data: object, where: _Place) -> Strike:
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
        effect = _effect({"strength_bonus": 0, **strike}, where)
        return Strike(name=name or "hand strike", hand=True, effect=effect, **use)
    effect = _effect(strike, where)
    return Strike(name=name or "strike", effect=effect, **use)


def _equipment_item(data: object, where: _Place) -> Equipment:
    e = _keys(data, EQUIPMENT_KEYS, where)
    name = _str(e, "name", where, required=True)
    assert name is not None
    strike = None
    if "strike" in e:
        sw = where.then(msg("{name}'s strike", name=name))
        strike = _effect(_keys(e["strike"], EFFECT_KEYS, sw), sw)
    return Equipment(name, strike)


def _signed(data: dict[str, Any], key: str, where: _Place) -> int:
    raw = data.get(key, 0)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise InvalidState(
            msg(
                "{where}: {key} must be a whole number, got {value}.",
                where=where.said,
                key=repr(key),
                value=shown(raw),
            )
        )
    return raw


def _before_range(data: object, where: _Place) -> BeforeRange:
    b = _keys(data, BEFORE_RANGE_KEYS, where)
    restrict = tuple(str(x) for x in _list(b, "restrict", where))
    for item in restrict:
        if item not in RESTRICTIONS:
            raise InvalidState(
                msg(
                    "{where}: unknown restriction {value}; allowed: {allowed}.",
                    where=where.said,
                    value=shown(item),
                    allowed=list(RESTRICTIONS),
                )
            )
    employ = None
    if "employ" in b:
        rw = where.then("employ")
        r = _keys(b["employ"], RETAINER_KEYS, rw)
        rname = _str(r, "name", rw, required=True)
        assert rname is not None
        employ = Retainer(
            rname, _int(r, "life", rw, minimum=1), damage=_int(r, "damage", rw, default=0)
        )
    return BeforeRange(
        name=_str(b, "name", where) or "card",
        strength=_signed(b, "strength", where),
        set_strength=_int(b, "set_strength", where) if "set_strength" in b else None,
        this_round=_bool(b, "this_round", where),
        hand_aggravated=_bool(b, "hand_aggravated", where),
        hand_strikes_only=_bool(b, "hand_strikes_only", where),
        environmental=_int(b, "environmental", where, default=0),
        press_damage=_int(b, "press_damage", where, default=0),
        damage=_int(b, "damage", where, default=0),
        opponent_strength=_signed(b, "opponent_strength", where),
        restrict=restrict,
        equip=_equipment_item(b["equip"], where.then("equip")) if "equip" in b else None,
        employ=employ,
        burn_retainer=_str(b, "burn_retainer", where),
        trap_press=_bool(b, "trap_press", where),
        cost=_int(b, "cost", where, default=0),
    )


def _combatant(data: object, side: Side) -> Combatant:
    where = _Place(
        msg("The acting combatant") if side == "acting" else msg("The opposing combatant")
    )
    c = _keys(data, COMBATANT_KEYS, where)
    name = _str(c, "name", where, required=True)
    assert name is not None
    where = _Place(
        msg("{name} (acting)", name=name)
        if side == "acting"
        else msg("{name} (opposing)", name=name)
    )
    kind = c.get("kind")
    strength = _int(c, "strength", where, default=1)
    equipment: list[Equipment] = []
    for i, item in enumerate(_list(c, "equipment", where), 1):
        iw = where.then(msg("equipment {i}", i=i))
        parsed = _equipment_item(item, iw)
        ename = parsed.name
        if any(x.name == ename for x in equipment):
            raise InvalidState(
                msg(
                    "{where}: two equipment cards are named {value}; give copies distinct names "
                    "(e.g. add '#2').",
                    where=where.said,
                    value=repr(ename),
                )
            )
        equipment.append(parsed)
    retainers: list[Retainer] = []
    for i, item in enumerate(_list(c, "retainers", where), 1):
        rw = where.then(msg("retainer {i}", i=i))
        r = _keys(item, RETAINER_KEYS, rw)
        rname = _str(r, "name", rw, required=True)
        assert rname is not None
        if any(x.name == rname for x in retainers):
            raise InvalidState(
                msg(
                    "{where}: two retainers are named {value}; names must differ.",
                    where=where.said,
                    value=repr(rname),
                )
            )
        rplace = where.then(rname)
        retainers.append(
            Retainer(
                rname,
                _int(r, "life", rplace, minimum=1),
                damage=_int(r, "damage", rplace, default=0),
            )
        )
    if kind == "vampire":
        if "life" in c:
            raise InvalidState(
                msg("{where}: a vampire has 'capacity' and 'blood', not 'life'.", where=where.said)
            )
        capacity = _int(c, "capacity", where, minimum=1)
        blood = _int(c, "blood", where)
        if blood > capacity:
            raise InvalidState(
                msg(
                    "{where}: blood {blood} is above capacity {capacity}; blood must be from 0 to "
                    "{capacity}.",
                    where=where.said,
                    blood=blood,
                    capacity=capacity,
                )
            )
        return Combatant(
            name,
            "vampire",
            strength,
            capacity=capacity,
            blood=blood,
            equipment=tuple(equipment),
            retainers=tuple(retainers),
            wounded=_bool(c, "wounded", where),
        )
    if kind == "ally":
        if "capacity" in c or "blood" in c or "wounded" in c:
            raise InvalidState(
                msg(
                    "{where}: an ally has 'life', not 'capacity', 'blood' or 'wounded'.",
                    where=where.said,
                )
            )
        life = _int(c, "life", where, minimum=1)
        return Combatant(
            name,
            "ally",
            strength,
            life=life,
            equipment=tuple(equipment),
            retainers=tuple(retainers),
        )
    raise InvalidState(
        msg(
            "{where}: {key} is {value}; allowed: {allowed}.",
            where=where.said,
            key=repr("kind"),
            value=shown(kind),
            allowed=["'vampire'", "'ally'"],
        )
    )


def _round(data: object, number: int) -> Round:
    where = _Place(msg("Round {number}", number=number))
    r = _keys(data, ROUND_KEYS, where)
    strikes: list[tuple[Strike, ...]] = []
    additional: list[tuple[AdditionalStrikes, ...]] = []
    before: list[tuple[BeforeRange, ...]] = []
    for side, items in zip(SIDES, _per_side(r, "strikes", where), strict=True):
        strikes.append(
            tuple(_strike(s, where.then(_side_strike(side, i))) for i, s in enumerate(items, 1))
        )
    for side, items in zip(SIDES, _per_side(r, "additional_strikes", where), strict=True):
        effects: list[AdditionalStrikes] = []
        for i, item in enumerate(items, 1):
            aw = where.then(
                msg("acting additional strikes {i}", i=i)
                if side == "acting"
                else msg("opposing additional strikes {i}", i=i)
            )
            a = _keys(item, ADDITIONAL_KEYS, aw)
            effects.append(
                AdditionalStrikes(
                    name=_str(a, "name", aw) or "additional strike",
                    count=_int(a, "count", aw, default=1, minimum=1),
                    limited=_bool(a, "limited", aw, default=True),
                    cost=_int(a, "cost", aw, default=0),
                )
            )
        additional.append(tuple(effects))
    for side, items in zip(SIDES, _per_side(r, "before_range", where), strict=True):
        before.append(
            tuple(
                _before_range(
                    item,
                    where.then(
                        msg("acting before-range card {i}", i=i)
                        if side == "acting"
                        else msg("opposing before-range card {i}", i=i)
                    ),
                )
                for i, item in enumerate(items, 1)
            )
        )
    env_raw = _keys(r.get("environmental", {}), SIDES, where.then("environmental"))
    environmental = tuple(
        parse_environmental(
            env_raw.get(side, 0),
            where.then(
                msg("acting environmental damage")
                if side == "acting"
                else msg("opposing environmental damage")
            ),
        )
        for side in SIDES
    )
    ends = tuple(
        parse_end_of_round(
            items,
            where.then(msg_p("side", "acting") if side == "acting" else msg_p("side", "opposing")),
        )
        for side, items in zip(SIDES, _per_side(r, "end_of_round", where), strict=True)
    )
    range_set = r.get("range")
    if range_set is not None and range_set not in ("close", "long"):
        raise InvalidState(
            msg(
                "{where}: {key} is {value}; allowed: {allowed}.",
                where=where.said,
                key=repr("range"),
                value=shown(range_set),
                allowed=["'close'", "'long'"],
            )
        )
    maneuvers, maneuver_plays = parse_plays(r, "maneuvers", where)
    presses, press_plays = parse_plays(r, "presses", where)
    return Round(
        maneuvers=maneuvers,
        presses=presses,
        strikes=(strikes[0], strikes[1]),
        additional=(additional[0], additional[1]),
        before_range=(before[0], before[1]),
        range="close" if range_set == "close" else "long" if range_set == "long" else None,
        maneuver_plays=maneuver_plays,
        press_plays=press_plays,
        environmental=(environmental[0], environmental[1]),
        end_of_round=(ends[0], ends[1]),
        new_round=parse_new_round(r["new_round"], where) if "new_round" in r else None,
    )


def parse_scenario(data: object) -> Scenario:
    """Check ``data`` and return it as a :class:`Scenario`; raise InvalidState if malformed."""
    top = _keys(data, TOP_KEYS, _Place(msg("The scenario")))
    rules = top.get("rules", "black-hand")
    if rules not in EDITIONS:
        raise InvalidState(
            msg(
                "Unknown rules edition {value}; allowed: {allowed}.",
                value=shown(rules),
                allowed=EDITIONS,
            )
        )
    for key in ("acting", "opposing"):
        if key not in top:
            raise InvalidState(
                msg(
                    "The scenario has no {key} combatant; it needs both combatants.",
                    key=repr(key),
                )
            )
    rounds_raw = top.get("rounds", [{}])
    if not isinstance(rounds_raw, list | tuple) or not rounds_raw:
        raise InvalidState(msg("The scenario's 'rounds' must be a list with at least one round."))
    title = top.get("title", "")
    notes = top.get("notes", "")
    if not isinstance(title, str) or not isinstance(notes, str):
        raise InvalidState(msg("The scenario's 'title' and 'notes' must be texts."))
    return Scenario(
        acting=_combatant(top["acting"], "acting"),
        opposing=_combatant(top["opposing"], "opposing"),
        rounds=tuple(_round(r, i) for i, r in enumerate(rounds_raw, 1)),
        rules=str(rules),
        title=title,
        notes=notes,
        raw=top,
    )


def load_scenario_json(text: str) -> dict[str, Any]:
    """Read a scenario from JSON text; malformed JSON raises InvalidState with its place."""
    if not isinstance(text, str):
        raise InvalidState(msg("The scenario must be JSON text, got {value}.", value=shown(text)))
    if not text.strip():
        raise InvalidState(msg("The scenario text is empty; paste a scenario in JSON form."))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidState(
            msg(
                "The scenario is not valid JSON: {problem} at line {line}, column {column}.",
                problem=error.msg,
                line=error.lineno,
                column=error.colno,
            )
        ) from None
    if not isinstance(data, dict):
        raise InvalidState(
            msg(
                "The scenario must be a JSON object ({{...}}) with keys among: {allowed}.",
                allowed=list(TOP_KEYS),
            )
        )
    return data


def dump_scenario_json(data: Mapping[str, Any]) -> str:
    """The scenario as indented JSON text (non-ASCII names kept readable)."""
    try:
        if not isinstance(data, Mapping):
            raise TypeError(type(data).__name__)
        return json.dumps(dict(data), ensure_ascii=False, indent=2)
    except (TypeError, ValueError):
        raise InvalidState(
            msg(
                "A scenario must be a mapping of JSON values (texts, numbers, lists), got {value}.",
                value=shown(data),
            )
        ) from None
