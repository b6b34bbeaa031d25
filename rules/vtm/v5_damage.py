"""A V5 attack from the contest to the defender's Health track, exactly.

Rules (section ids of the rules reference):

* ``vtm:v5-contests`` - the attack and the defence are one contest (:func:`v5_contest`); the
  tie reading decides who carries a tie.
* ``vtm:v5-damage`` - when the attacker carries it, the damage is the margin plus the weapon's
  damage bonus; Superficial damage against a vampire is halved, rounding up by default
  (``halving="down"`` is the other reading); Aggravated damage and damage to a mortal are not.
* ``vtm:v5-health`` - the damage is marked on the defender's track (:class:`V5Health`).

The defender's own attack, when both sides strike, is not followed: a defender who carries the
contest takes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from rules.i18n import msg, msg_p
from rules.trace import Step, Trace
from rules.validation import choice, whole
from rules.vtm.v5_contest import TIE_READINGS, V5Contest, v5_contest
from rules.vtm.v5_health import (
    CONDITION_NAMES,
    V5_DAMAGE_TYPES,
    V5_TARGETS,
    V5Health,
    v5_health,
)

__all__ = ["HALVING", "MAX_WEAPON_BONUS", "V5AttackResult", "v5_attack"]

HALVING: Final = ("up", "down")
"""How halved Superficial damage is rounded: up (the V5 rule, default) or down."""
MAX_WEAPON_BONUS: Final = 10


@dataclass(frozen=True, eq=False)
class V5AttackResult:
    """An attack's exact outcome, down to the defender's Health track."""

    contest: V5Contest
    raw: dict[int, Fraction]
    """Margin plus weapon bonus, before halving (0: no damage) -> probability."""
    damage: dict[int, Fraction]
    """Points marked on the track after halving -> probability."""
    end: dict[V5Health, Fraction]
    """The defender's track afterwards -> probability."""
    conditions: dict[str, Fraction]
    """The end state's name (``"hurt"``, ``"impaired"``, ``"torpor"``...) -> probability."""
    miss: Fraction
    """No damage at all."""
    expected_damage: Fraction
    overflow: Fraction
    """Some damage found every box already crossed."""
    steps: tuple[Step, ...] = field(repr=False)


def _halved(points: int, rounding: str) -> int:
    return (points + 1) // 2 if rounding == "up" else points // 2


def v5_attack(
    attack_pool: int,
    attack_hunger: int,
    defense_pool: int,
    defense_hunger: int,
    *,
    health: int,
    weapon: int = 0,
    damage: str = "superficial",
    target: str = "vampire",
    superficial: int = 0,
    aggravated: int = 0,
    tie: str = "acting",
    halving: str = "up",
) -> V5AttackResult:
    """The attacker (``attack_pool`` at ``attack_hunger``) against the defence
    (``defense_pool`` at ``defense_hunger``; 0 dice for a defender who cannot resist), with a
    weapon's damage ``weapon`` bonus, onto a track of ``health`` boxes that already shows
    ``superficial`` and ``aggravated`` damage.

    >>> r = v5_attack(1, 0, 0, 0, health=5, weapon=2)
    >>> r.damage
    {1: Fraction(1, 2), 2: Fraction(1, 2)}
    """
    whole(msg_p("vtm parameter", "weapon damage bonus"), weapon, 0, MAX_WEAPON_BONUS)
    kind = choice(msg_p("vtm parameter", "damage type"), damage, V5_DAMAGE_TYPES)
    who = choice(msg_p("vtm parameter", "target"), target, V5_TARGETS)
    rounding = choice(msg_p("vtm parameter", "halving"), halving, HALVING)
    choice(msg_p("vtm parameter", "tie reading"), tie, TIE_READINGS)
    track = v5_health(health, superficial, aggravated, target=who)
    contest = v5_contest(attack_pool, attack_hunger, defense_pool, defense_hunger, tie=tie)
    carries_tie = tie == "acting"
    halves = kind == "superficial" and who == "vampire"

    raw: dict[int, Fraction] = {}
    for m, p in contest.margin.items():
        points = m + weapon if m > 0 or (m == 0 and carries_tie) else 0
        raw[points] = raw.get(points, Fraction(0)) + p
    dealt: dict[int, Fraction] = {}
    for points, p in raw.items():
        marked = _halved(points, rounding) if halves else points
        dealt[marked] = dealt.get(marked, Fraction(0)) + p
    end: dict[V5Health, Fraction] = {}
    for points, p in sorted(dealt.items()):
        after = track.take(points, kind)
        end[after] = end.get(after, Fraction(0)) + p
    conditions: dict[str, Fraction] = {}
    for state, p in end.items():
        conditions[state.condition] = conditions.get(state.condition, Fraction(0)) + p
    raw = dict(sorted(raw.items()))
    dealt = dict(sorted(dealt.items()))
    miss = dealt.get(0, Fraction(0))
    expected = sum((d * p for d, p in dealt.items()), Fraction(0))
    overflow = sum((p for s, p in end.items() if s.overflow > track.overflow), Fraction(0))

    trace = Trace(contest.steps)
    if carries_tie:
        tie_said = msg(
            "the attacker carries a tie, which deals the weapon's bonus alone ({weapon}).",
            weapon=weapon,
        )
    else:
        tie_said = msg("a tie deals nothing.")
    trace.add(
        "vtm:v5-damage",
        msg(
            "When the attacker carries the contest the damage is the margin plus the weapon's "
            "bonus {weapon}; {tie}",
            weapon=weapon,
            tie=tie_said,
        ),
    )
    if halves:
        rounding_said = (
            msg("rounding up (the V5 rule)")
            if rounding == "up"
            else msg("rounding down (a reading chosen here)")
        )
        trace.add(
            "vtm:v5-damage",
            msg(
                "Superficial damage against a vampire is halved, {rounding}.",
                rounding=rounding_said,
            ),
        )
    elif kind == "aggravated":
        trace.add("vtm:v5-damage", msg("Aggravated damage is never halved."))
    else:
        trace.add("vtm:v5-damage", msg("Superficial damage against a mortal is not halved."))
    ends = [msg("{state}: {p}", state=CONDITION_NAMES[c], p=p) for c, p in conditions.items()]
    trace.add(
        "vtm:v5-health",
        msg(
            "The defender's track: {boxes} boxes, {superficial} Superficial and {aggravated} "
            "Aggravated already marked. Exactly: no damage {miss}, expected damage {expected}; "
            "end states: {conditions}.",
            boxes=health,
            superficial=superficial,
            aggravated=aggravated,
            miss=miss,
            expected=expected,
            conditions=ends,
        ),
    )
    return V5AttackResult(
        contest=contest,
        raw=raw,
        damage=dealt,
        end=end,
        conditions=conditions,
        miss=miss,
        expected_damage=expected,
        overflow=overflow,
        steps=trace.steps,
    )
