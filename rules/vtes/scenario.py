"""The combat scenario: the JSON-compatible description of a combat as it was played.

:func:`parse_scenario` checks a scenario dict (format in the project's VTES notes: the
combatants, then each round's maneuvers, strikes, additional-strike effects and presses)
and turns it into frozen values the combat engine reads. Anything malformed raises
:class:`rules.errors.InvalidState` naming the place, the problem and what is allowed;
unknown keys are errors too, so that a typo never passes silently.

The scenario's allowed keys are in :mod:`rules.vtes.scenario_keys`; its strikes and
equipment are read by :mod:`rules.vtes.scenario_strikes`, its combatants by
:mod:`rules.vtes.scenario_combatants`; this module reads the rounds and the whole. The cards
a scenario says were played from the card library (``cards``) are played on the rest by
:func:`rules.vtes.scenario_cards.with_card_plays` first (:func:`rules.vtes.combat.resolve`
does so).

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
from typing import Any, Literal

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_p
from rules.validation import shown
from rules.vtes.scenario_combatants import parse_combatant as _combatant
from rules.vtes.scenario_effects import (
    RESTRICTIONS,
    parse_additional_only,
    parse_commit,
    parse_damage_bonus,
    parse_end_of_round,
    parse_environmental,
    parse_lasting_prevention,
    parse_new_round,
    parse_plays,
    parse_torpor,
)
from rules.vtes.scenario_input import Place as _Place
from rules.vtes.scenario_input import read_bool as _bool
from rules.vtes.scenario_input import read_int as _int
from rules.vtes.scenario_input import read_keys as _keys
from rules.vtes.scenario_input import read_list as _list
from rules.vtes.scenario_input import read_str as _str
from rules.vtes.scenario_keys import (
    ADDITIONAL_KEYS,
    BEFORE_RANGE_KEYS,
    RETAINER_KEYS,
    ROUND_KEYS,
    TOP_KEYS,
)
from rules.vtes.scenario_keys import COMBATANT_KEYS as COMBATANT_KEYS
from rules.vtes.scenario_keys import EFFECT_KEYS as EFFECT_KEYS
from rules.vtes.scenario_keys import EQUIPMENT_KEYS as EQUIPMENT_KEYS
from rules.vtes.scenario_keys import STRIKE_KEYS as STRIKE_KEYS
from rules.vtes.scenario_keys import USE_KEYS as USE_KEYS
from rules.vtes.scenario_keys import WEAPON_USE_KEYS as WEAPON_USE_KEYS
from rules.vtes.scenario_limits import CARD_KINDS, parse_cancel, parse_limits, parse_words
from rules.vtes.scenario_strikes import parse_equipment as _equipment_item
from rules.vtes.scenario_strikes import parse_strike as _strike
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


# -- checking input ----------------------------------------------------------------------


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


def _restrictions(b: dict[str, Any], key: str, where: _Place) -> tuple[str, ...]:
    items = tuple(str(x) for x in _list(b, key, where))
    for item in items:
        if item not in RESTRICTIONS:
            raise InvalidState(
                msg(
                    "{where}: unknown restriction {value}; allowed: {allowed}.",
                    where=where.said,
                    value=shown(item),
                    allowed=list(RESTRICTIONS),
                )
            )
    return items


def _text(b: dict[str, Any], key: str, where: _Place) -> str:
    value = b.get(key, "")
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


def _before_range(data: object, where: _Place) -> BeforeRange:
    b = _keys(data, BEFORE_RANGE_KEYS, where)
    restrict = _restrictions(b, "restrict", where)
    when = b.get("when", "before_range")
    if when not in ("before_range", "strikes"):
        raise InvalidState(
            msg(
                "{where}: {key} is {value}; allowed: {allowed}.",
                where=where.said,
                key=repr("when"),
                value=shown(when),
                allowed=["'before_range'", "'strikes'"],
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
        limits=parse_limits(b, where),
        says=_text(b, "says", where),
        burn_blood=_int(b, "burn_blood", where, default=0),
        requires=tuple(str(x) for x in _list(b, "requires", where)),
        kinds=parse_words(b, "kinds", where, CARD_KINDS),
        cancel=parse_cancel(b, where),
        when="strikes" if when == "strikes" else "before_range",
        prevent=parse_lasting_prevention(b["prevent"], where) if "prevent" in b else None,
        damage_bonus=(
            parse_damage_bonus(b["damage_bonus"], where) if "damage_bonus" in b else None
        ),
        env_close_only=_bool(b, "env_close_only", where),
        unpreventable=_bool(b, "unpreventable", where),
        weather=_int(b, "weather", where, default=0),
        escalates=_bool(b, "escalates", where),
        card_cost=_int(b, "card_cost", where, default=0),
        discount=_int(b, "discount", where, default=0),
        gain_blood=_int(b, "gain_blood", where, default=0),
        drain=_int(b, "drain", where, default=0),
        ends_combat=_bool(b, "ends_combat", where),
        extra_strikes=_int(b, "extra_strikes", where, default=0),
        restrict_self=_restrictions(b, "restrict_self", where),
        frenzy_immune=_bool(b, "frenzy_immune", where),
        keep=_bool(b, "keep", where),
        coin_dodge=_bool(b, "coin_dodge", where),
        acid=_acid(b, where),
    )


def _acid(b: dict[str, Any], where: _Place) -> Literal["normal", "aggravated"] | None:
    value = b.get("acid")
    if value is None:
        return None
    if value not in ("normal", "aggravated"):
        raise InvalidState(
            msg(
                "{where}: {key} is {value}; allowed: {allowed}.",
                where=where.said,
                key=repr("acid"),
                value=shown(value),
                allowed=["'normal'", "'aggravated'"],
            )
        )
    return "normal" if value == "normal" else "aggravated"


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
                    burn_blood=_int(a, "burn_blood", aw, default=0),
                    only=parse_additional_only(a["only"], aw) if "only" in a else None,
                    limits=parse_limits(a, aw),
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
    torpor = tuple(
        parse_torpor(
            items,
            where.then(msg_p("side", "acting") if side == "acting" else msg_p("side", "opposing")),
        )
        for side, items in zip(SIDES, _per_side(r, "torpor", where), strict=True)
    )
    commit_raw = _keys(r.get("commit", {}), SIDES, where.then("commit"))
    commits = tuple(
        parse_commit(commit_raw[side], where) if side in commit_raw else None for side in SIDES
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
        torpor=(torpor[0], torpor[1]),
        commit=(commits[0], commits[1]),
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
