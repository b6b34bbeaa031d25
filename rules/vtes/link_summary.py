"""What a link to a VTES page shows, in one line, from the link's parameters alone.

Each function takes the link's parameters (:class:`rules.link_params.LinkParams`, with the
names and opening values of the page's inputs) and returns the situation and its result as a
:class:`~rules.i18n.Message`, or ``None`` when the link names no input (it opens the page as
it opens anyway). A value the page would refuse raises :class:`~rules.errors.RuleError`.

>>> krid = damage_summary(LinkParams({"name": "Krid", "blood": "1", "aggravated": "1"}))
>>> print(krid.render("en").split(". ")[0])
Krid (ready, 1 of 4 blood) is dealt 0 normal and 1 aggravated damage
>>> print(krid.render("en").split(". ")[1])
Krid: in torpor (wounded) with 1 blood
>>> str(combat_summary(LinkParams({"preset": "kurt_ira"})))
'Kurt vs Ira, 1 round: Kurt: ready with 2 blood; Ira: ready with 4 blood'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_n
from rules.link_params import LinkParams
from rules.vtes.combat import CombatantState, resolve
from rules.vtes.combat_examples import EXAMPLES, KURT_VS_IRA
from rules.vtes.damage import EDITIONS, describe_dealt, describe_outcome, resolve_damage
from rules.vtes.examples import DAMAGE_EXAMPLES
from rules.vtes.models import Ally, Minion, MinionState, Retainer, Vampire

__all__ = ["TABLE_TABS", "combat_summary", "damage_summary", "table_summary"]

KINDS = ("vampire", "ally", "retainer")
#: the name a minion goes by while its name box is empty (the damage page's default)
KIND_NAMES: Mapping[str, Message] = {
    "vampire": msg("Vampire"),
    "ally": msg("Ally"),
    "retainer": msg("Retainer"),
}
#: the VTES table page's tabs and what each one rules on
TABLE_TABS: Mapping[str, Message] = {
    "torpor": msg("Torpor and diablerie"),
    "influence": msg("Influence phase"),
    "victory": msg("Victory points"),
    "contests": msg("Contests"),
}
TABLE_TOPICS: Mapping[str, Message] = {
    "torpor": msg("leaving torpor, rescue and diablerie, with the blood each one costs"),
    "influence": msg("the influence phase: transfers, moving blood and bringing vampires out"),
    "victory": msg("who scores victory points and the pool a player gains when a prey is ousted"),
    "contests": msg("contested titles and unique cards: who yields and what it costs"),
}

# the damage page's opening inputs
_DAMAGE_OPENING: dict[str, Any] = {
    "kind": "vampire",
    "name": "",
    "capacity": 4,
    "blood": 3,
    "state": "ready",
    "normal": 0,
    "aggravated": 0,
    "prevent_normal": 0,
    "prevent_aggravated": 0,
    "rules": "black-hand",
}
_DAMAGE_INPUTS = (*_DAMAGE_OPENING, "preset")


def damage_summary(params: LinkParams) -> Message | None:
    """The minion, the damage dealt and what becomes of it (the VTES damage page)."""
    if not params.given(*_DAMAGE_INPUTS):
        return None
    base = dict(_DAMAGE_OPENING)
    if params.given("preset"):
        keys = [e.key for e in DAMAGE_EXAMPLES]
        example = DAMAGE_EXAMPLES[keys.index(params.choice("preset", "", keys))]
        vampire = example.vampire
        base.update(
            kind="vampire",
            name=vampire.name,
            capacity=vampire.capacity,
            blood=vampire.blood,
            state=vampire.state.value,
            normal=example.normal,
            aggravated=example.aggravated,
            prevent_normal=example.prevent_normal,
            prevent_aggravated=example.prevent_aggravated,
        )
    kind = params.choice("kind", base["kind"], KINDS)
    default_name = KIND_NAMES[kind].render(params.lang)
    name = params.text("name", base["name"]).strip() or default_name
    blood = params.number("blood", base["blood"])
    minion: Minion
    if kind == "vampire":
        minion = Vampire(
            name,
            capacity=params.number("capacity", base["capacity"]),
            blood=blood,
            state=MinionState(params.choice("state", base["state"], ("ready", "torpor"))),
        )
    elif kind == "ally":
        minion = Ally(name, life=blood)
    else:
        minion = Retainer(name, life=blood)
    normal = params.number("normal", base["normal"])
    aggravated = params.number("aggravated", base["aggravated"])
    result = resolve_damage(
        minion,
        normal=normal,
        aggravated=aggravated,
        prevent_normal=params.number("prevent_normal", base["prevent_normal"]),
        prevent_aggravated=params.number("prevent_aggravated", base["prevent_aggravated"]),
        rules=params.choice("rules", base["rules"], EDITIONS),
    )
    dealt = describe_dealt(minion, normal, aggravated)
    if result.prevented:
        dealt = msg(
            "{dealt} {prevented} prevented.",
            dealt=dealt,
            prevented=msg_n("{n} point", "{n} points", result.prevented),
        )
    return msg("{situation} {outcome}", situation=dealt, outcome=describe_outcome(result))


def combat_summary(params: LinkParams) -> Message | None:
    """Who fought whom, for how many rounds, and how each ends (the VTES combat page)."""
    if not params.given("combat", "preset"):
        return None
    scenario: Any = KURT_VS_IRA.scenario
    if params.given("preset"):
        scenario = EXAMPLES[params.choice("preset", "", tuple(EXAMPLES))].scenario
    if params.given("combat"):
        scenario = params.packed("combat")
        if not isinstance(scenario, dict):
            raise InvalidState(
                msg("combat in the page address is not a combat; copy the link again from the page")
            )
    report = resolve(scenario)
    return msg(
        "{acting} vs {opposing}, {rounds}: {acting_after}; {opposing_after}",
        acting=report.acting.name,
        opposing=report.opposing.name,
        rounds=msg_n("{n} round", "{n} rounds", len(report.rounds)),
        acting_after=_after_combat(report.acting),
        opposing_after=_after_combat(report.opposing),
    )


def _after_combat(combatant: CombatantState) -> Message:
    name = combatant.name
    if combatant.state is MinionState.BURNED:
        return msg("{name}: burned", name=name)
    if combatant.kind != "vampire":
        return msg("{name}: ready with {life} life", name=name, life=combatant.amount)
    if combatant.state is MinionState.TORPOR:
        return msg("{name}: in torpor with {blood} blood", name=name, blood=combatant.amount)
    return msg("{name}: ready with {blood} blood", name=name, blood=combatant.amount)


def table_summary(params: LinkParams) -> Message | None:
    """The VTES table page's tab the link opens, and what that tab rules on."""
    if not params.inputs():
        return None
    tab = params.choice("tab", "torpor", tuple(TABLE_TABS))
    return msg("{tab}: {topic}", tab=TABLE_TABS[tab], topic=TABLE_TOPICS[tab])
