"""Vampire: the Masquerade 5th edition (V5) dice: Hunger, criticals, Willpower, rouse checks.

Rules (section ids of the rules reference):

* ``vtm:v5-dice`` - a pool of d10s, as many of them Hunger dice as the Hunger (every die when
  the Hunger exceeds the pool); each die showing 6-10 is a success, and each pair of 10s is
  a critical worth 4 successes (the two 10s' own successes plus 2).
* ``vtm:v5-difficulty`` - the test is won when the successes reach the difficulty. Allowed
  difficulties are 0..60 (60 is the most successes 30 dice can show); difficulty 0 means
  there is nothing to beat: every roll wins and only the successes (the margin) matter.
* ``vtm:v5-criticals`` - a critical win is a win with at least two 10s; it is messy when at
  least one of the 10s is on a Hunger die.
* ``vtm:v5-bestial`` - a roll that does not win with a 1 on a Hunger die is a bestial
  failure; a roll with no success at all is a total failure.
* ``vtm:v5-willpower`` - one Willpower point re-rolls up to three non-Hunger dice.
* ``vtm:v5-rouse`` - a rouse check is one d10: 6 or more and Hunger stays, else it rises by 1.

Exactness: a die is one of four kinds (a 1, a 2-5, a 6-9, a 10), so a pool's outcome is a
count of the ``10**pool`` rolls; the engine counts them with integer multinomials (the
regular dice and the Hunger dice apart) and builds ``Fraction`` values at the end.

The Willpower advice maximises, in this order: the probability to win; then the lowest
probability of a messy critical; then the highest expected successes (the margin); then
the fewest dice re-rolled. Keeping the roll (re-rolling nothing) is one of the choices, so
the advice never makes a roll worse by that order.

One roll's odds are in :mod:`rules.vtm.v5_roll` (counted by :mod:`rules.vtm.v5_counts`), the
Willpower re-roll in :mod:`rules.vtm.v5_willpower`, the rouse check here; every public name is
importable from this module. Contests are in :mod:`rules.vtm.v5_contest`, their damage in
:mod:`rules.vtm.v5_damage` (onto :mod:`rules.vtm.v5_health`), the named Willpower strategies
in :mod:`rules.vtm.v5_strategies`, several rouse checks, Blood Potency and Blood Surge in
:mod:`rules.vtm.v5_blood`, and the remorse and frenzy tests in :mod:`rules.vtm.v5_remorse`
and :mod:`rules.vtm.v5_frenzy`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rules.errors import IllegalPlay
from rules.i18n import msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import whole
from rules.vtm.v5_counts import clear_count_caches
from rules.vtm.v5_roll import (
    HUNGER_PARAM,
    MAX_HUNGER,
    MAX_V5_DIFFICULTY,
    MAX_V5_POOL,
    V5Result,
    clear_roll_caches,
    v5_pool,
)
from rules.vtm.v5_willpower import (
    REROLL_DICE,
    RerollAdvice,
    RerollChoice,
    WillpowerOdds,
    clear_willpower_caches,
    v5_reroll,
    v5_willpower,
)

__all__ = [
    "MAX_HUNGER",
    "MAX_V5_DIFFICULTY",
    "MAX_V5_POOL",
    "REROLL_DICE",
    "RerollAdvice",
    "RerollChoice",
    "RouseResult",
    "V5Result",
    "WillpowerOdds",
    "clear_v5_caches",
    "rouse_check",
    "v5_pool",
    "v5_reroll",
    "v5_willpower",
]


@dataclass(frozen=True, slots=True)
class RouseResult:
    """A rouse check at some Hunger: the exact chance that Hunger stays or rises by 1."""

    hunger: int
    dice: int
    no_gain: Fraction
    gain: Fraction
    hunger_after: dict[int, Fraction]
    steps: tuple[Step, ...] = field(repr=False)


def rouse_check(hunger: int, dice: int = 1) -> RouseResult:
    """A rouse check at ``hunger`` (0-4), rolling ``dice`` d10 (1, or 2 when a rule such as
    high Blood Potency lets the check be rolled again; the best die counts).

    >>> rouse_check(2).no_gain, rouse_check(2, dice=2).no_gain
    (Fraction(1, 2), Fraction(3, 4))
    """
    whole(msg_p("vtm parameter", "dice"), dice, 1, 2)
    whole(HUNGER_PARAM, hunger, 0, MAX_HUNGER)
    if hunger == MAX_HUNGER:
        raise IllegalPlay(
            msg(
                "At Hunger 5 a vampire cannot rouse the Blood by choice; a check forced from "
                "outside calls for a hunger frenzy test instead. Allowed Hunger: 0 to 4."
            )
        )
    gain = Fraction(1, 2) ** dice
    trace = Trace()
    trace.add(
        "vtm:v5-rouse",
        msg_n(
            "Rouse check at Hunger {hunger} with {n} d10: any die at 6 or more keeps Hunger at "
            "{hunger} ({stays}); otherwise Hunger rises to {higher} ({gain}).",
            "Rouse check at Hunger {hunger} with {n} d10: any die at 6 or more keeps Hunger at "
            "{hunger} ({stays}); otherwise Hunger rises to {higher} ({gain}).",
            dice,
            hunger=hunger,
            stays=1 - gain,
            higher=hunger + 1,
            gain=gain,
        ),
    )
    return RouseResult(
        hunger=hunger,
        dice=dice,
        no_gain=1 - gain,
        gain=gain,
        hunger_after={hunger: 1 - gain, hunger + 1: gain},
        steps=trace.steps,
    )


def clear_v5_caches() -> None:
    """Forget every cached V5 computation (benchmarks measure cold runs with this)."""
    clear_count_caches()
    clear_roll_caches()
    clear_willpower_caches()
