"""Rousing the Blood in V5: several rouse checks, Blood Potency re-rolls and Blood Surge.

Rules (section ids of the rules reference):

* ``vtm:v5-rouse`` - a rouse check is one die: 6 or more and Hunger stays, else it rises by 1.
  Several checks roll a die each. The Hunger stops at 5; a failed die that finds it at 5 is
  counted as a forced check at Hunger 5 (``forced_at_five``: the rules then call for a hunger
  frenzy test). At Hunger 5 the Blood cannot be roused by choice.
* ``vtm:v5-blood-potency`` - Blood Potency 0-10 sets the Blood Surge dice (1, 2, 2, 3, 3, 4, 4,
  5, 5, 6, 6) and the highest Discipline level whose rouse check may be rolled twice, the
  better die counting (none, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5).
* ``vtm:v5-blood-surge`` - a rouse check, then the surge dice join the roll. By default a
  check that raises the Hunger raises it for that very roll (one more Hunger die);
  ``hunger_after_rouse=False`` is the other reading.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Final

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import flag, whole
from rules.vtm.v5_roll import (
    HUNGER_PARAM,
    MAX_HUNGER,
    MAX_V5_POOL,
    POOL_PARAM,
    V5Result,
    cached_roll,
    check_difficulty,
)

__all__ = [
    "MAX_BLOOD_POTENCY",
    "MAX_ROUSE_CHECKS",
    "BloodPotency",
    "BloodSurge",
    "RouseChecks",
    "blood_potency",
    "blood_surge",
    "rouse_checks",
]

MAX_BLOOD_POTENCY: Final = 10
MAX_ROUSE_CHECKS: Final = 10
_SURGE: Final = (1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
_REROLL_LEVEL: Final = (0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)
_BP_PARAM = msg_p("vtm parameter", "Blood Potency")


@dataclass(frozen=True, slots=True)
class BloodPotency:
    """What a Blood Potency gives to dice: the surge dice and the rouse re-roll."""

    blood_potency: int
    surge_dice: int
    rouse_reroll_level: int
    """Discipline powers of this level or lower re-roll their rouse checks (0: none)."""

    def rerolls(self, power_level: int) -> bool:
        """True when a Discipline power of ``power_level`` (1-5) re-rolls its rouse checks."""
        return 1 <= power_level <= self.rouse_reroll_level


def blood_potency(value: int) -> BloodPotency:
    """The dice effects of Blood Potency ``value`` (0-10).

    >>> blood_potency(3)
    BloodPotency(blood_potency=3, surge_dice=3, rouse_reroll_level=2)
    """
    whole(_BP_PARAM, value, 0, MAX_BLOOD_POTENCY)
    return BloodPotency(value, _SURGE[value], _REROLL_LEVEL[value])


_potency_of = blood_potency  # the functions below take a parameter of the same name


def _refuse_hunger_five(hunger: int) -> None:
    if hunger == MAX_HUNGER:
        raise IllegalPlay(
            msg(
                "At Hunger 5 a vampire cannot rouse the Blood by choice; a check forced from "
                "outside calls for a hunger frenzy test instead. Allowed Hunger: 0 to 4."
            )
        )


@dataclass(frozen=True, eq=False)
class RouseChecks:
    """``checks`` rouse checks from ``hunger``: the Hunger afterwards, exactly."""

    hunger: int
    checks: int
    reroll: bool
    """Each check is rolled twice, the better die counting."""
    failures: dict[int, Fraction]
    """Failed checks (each adds one Hunger) -> probability."""
    hunger_after: dict[int, Fraction]
    forced_at_five: Fraction
    """A failed check found the Hunger already at 5."""
    steps: tuple[Step, ...] = field(repr=False)


def rouse_checks(
    hunger: int, checks: int = 1, *, blood_potency: int = 0, power_level: int = 0
) -> RouseChecks:
    """``checks`` rouse checks (1-10) at ``hunger`` (0-4). ``power_level`` 1-5 says the checks
    are for a Discipline power of that level (0: not a power); they are re-rolled when
    ``blood_potency`` allows it for that level.

    >>> rouse_checks(3, 2).hunger_after
    {3: Fraction(1, 4), 4: Fraction(1, 2), 5: Fraction(1, 4)}
    """
    whole(HUNGER_PARAM, hunger, 0, MAX_HUNGER)
    whole(msg_p("vtm parameter", "rouse checks"), checks, 1, MAX_ROUSE_CHECKS)
    potency = _potency_of(blood_potency)
    whole(msg_p("vtm parameter", "Discipline power level"), power_level, 0, 5)
    _refuse_hunger_five(hunger)
    reroll = potency.rerolls(power_level)
    fail = Fraction(1, 4) if reroll else Fraction(1, 2)
    failures = {
        k: comb(checks, k) * fail**k * (1 - fail) ** (checks - k) for k in range(checks + 1)
    }
    room = MAX_HUNGER - hunger
    after: dict[int, Fraction] = {}
    for k, p in failures.items():
        h = hunger + min(k, room)
        after[h] = after.get(h, Fraction(0)) + p
    forced = sum((p for k, p in failures.items() if k > room), Fraction(0))
    trace = Trace()
    if reroll:
        trace.add(
            "vtm:v5-blood-potency",
            msg(
                "Blood Potency {bp} re-rolls the rouse checks of Discipline powers up to level "
                "{level}; this power is level {power}, so each check is rolled twice and only "
                "fails when both dice show 1-5 (1/4).",
                bp=blood_potency,
                level=potency.rouse_reroll_level,
                power=power_level,
            ),
        )
    elif power_level:
        trace.add(
            "vtm:v5-blood-potency",
            msg(
                "Blood Potency {bp} gives no re-roll to a level {power} power's rouse checks.",
                bp=blood_potency,
                power=power_level,
            ),
        )
    listed = [msg("{hunger}: {p}", hunger=h, p=p) for h, p in sorted(after.items())]
    trace.add(
        "vtm:v5-rouse",
        msg_n(
            "{n} rouse check at Hunger {hunger}: each failed die (1-5) adds one Hunger, up to "
            "5. Hunger afterwards: {after}; a failed die finds Hunger already at 5: {forced}.",
            "{n} rouse checks at Hunger {hunger}: each failed die (1-5) adds one Hunger, up to "
            "5. Hunger afterwards: {after}; a failed die finds Hunger already at 5: {forced}.",
            checks,
            hunger=hunger,
            after=listed,
            forced=forced,
        ),
    )
    return RouseChecks(
        hunger=hunger,
        checks=checks,
        reroll=reroll,
        failures=failures,
        hunger_after=dict(sorted(after.items())),
        forced_at_five=forced,
        steps=trace.steps,
    )


@dataclass(frozen=True, eq=False)
class BloodSurge:
    """A roll with Blood Surge: the rouse check first, then the roll with the surge dice."""

    pool: int
    hunger: int
    difficulty: int
    surge_dice: int
    hunger_after_rouse: bool
    successes: dict[int, Fraction]
    win: Fraction
    critical_win: Fraction
    messy: Fraction
    bestial: Fraction
    total_failure: Fraction
    expected: Fraction
    hunger_rises: Fraction
    """The rouse check raises the Hunger."""
    without: V5Result
    """The same roll without the surge."""
    steps: tuple[Step, ...] = field(repr=False)


def blood_surge(
    pool: int,
    hunger: int,
    difficulty: int,
    *,
    blood_potency: int,
    hunger_after_rouse: bool = True,
) -> BloodSurge:
    """A roll of ``pool`` dice at ``hunger`` against ``difficulty`` with Blood Surge at
    ``blood_potency``.

    >>> surge = blood_surge(1, 0, 1, blood_potency=0)
    >>> surge.surge_dice, surge.without.win, surge.win
    (1, Fraction(1, 2), Fraction(3, 4))
    """
    whole(POOL_PARAM, pool, 1, MAX_V5_POOL)
    whole(HUNGER_PARAM, hunger, 0, MAX_HUNGER)
    check_difficulty(difficulty)
    potency = _potency_of(blood_potency)
    after_rouse = flag(msg_p("vtm parameter", "Hunger after the rouse check"), hunger_after_rouse)
    _refuse_hunger_five(hunger)
    dice = pool + potency.surge_dice
    if dice > MAX_V5_POOL:
        raise InvalidState(
            msg(
                "A pool of {pool} with {surge} surge dice is {dice} dice; at most {most} are "
                "rolled.",
                pool=pool,
                surge=potency.surge_dice,
                dice=dice,
                most=MAX_V5_POOL,
            )
        )
    half = Fraction(1, 2)
    stays = cached_roll(dice, hunger, difficulty)
    rises = cached_roll(dice, hunger + 1 if after_rouse else hunger, difficulty)
    successes: dict[int, Fraction] = {}
    for roll in (stays, rises):
        for k, p in roll.successes.items():
            successes[k] = successes.get(k, Fraction(0)) + half * p
    without = cached_roll(pool, hunger, difficulty)

    def mixed(name: str) -> Fraction:
        value: Fraction = half * getattr(stays, name) + half * getattr(rises, name)
        return value

    trace = Trace()
    trace.add(
        "vtm:v5-blood-surge",
        msg(
            "Blood Surge at Blood Potency {bp}: a rouse check, then {surge} more dice, {dice} "
            "in all.",
            bp=blood_potency,
            surge=potency.surge_dice,
            dice=dice,
        ),
    )
    if after_rouse:
        trace.add(
            "vtm:v5-blood-surge",
            msg(
                "The check comes first: with chance 1/2 the Hunger rises to {higher} and the "
                "roll has {hunger_dice} Hunger dice (the default reading).",
                higher=hunger + 1,
                hunger_dice=min(hunger + 1, dice),
            ),
        )
    else:
        trace.add(
            "vtm:v5-blood-surge",
            msg(
                "The roll keeps the Hunger from before the check, {hunger} (a reading chosen "
                "here); the check's rise counts after the roll.",
                hunger=hunger,
            ),
        )
    result = BloodSurge(
        pool=pool,
        hunger=hunger,
        difficulty=difficulty,
        surge_dice=potency.surge_dice,
        hunger_after_rouse=after_rouse,
        successes=dict(sorted(successes.items())),
        win=mixed("win"),
        critical_win=mixed("critical_win"),
        messy=mixed("messy"),
        bestial=mixed("bestial"),
        total_failure=mixed("total_failure"),
        expected=mixed("expected"),
        hunger_rises=half,
        without=without,
        steps=(),
    )
    trace.add(
        "vtm:v5-difficulty",
        msg(
            "Exactly: win {before} -> {win}, messy critical {messy_before} -> {messy}, bestial "
            "failure {bestial_before} -> {bestial}.",
            before=without.win,
            win=result.win,
            messy_before=without.messy,
            messy=result.messy,
            bestial_before=without.bestial,
            bestial=result.bestial,
        ),
    )
    return BloodSurge(**{**result.__dict__, "steps": trace.steps})
