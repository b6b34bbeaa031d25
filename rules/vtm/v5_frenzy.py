"""The V5 frenzy test: the character's will against the Beast.

Rules (``vtm:v5-frenzy``): current Willpower plus a third of Humanity (rounded down), less any
dice taken off (``penalty``, e.g. a clan bane), against the difficulty of the provocation; a
win holds the Beast back, anything else is a frenzy. With no dice left the test cannot be won
(the desk's reading). By default the test is rolled without Hunger dice; ``hunger_dice=True``
rolls it with the character's ``hunger`` like any other test (messy and bestial results then
follow).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rules.i18n import msg, msg_p
from rules.trace import Step, Trace
from rules.validation import flag, whole
from rules.vtm.v5_roll import HUNGER_PARAM, MAX_HUNGER, MAX_V5_POOL, V5Result, cached_roll

__all__ = ["FrenzyTest", "frenzy_test"]


@dataclass(frozen=True, eq=False)
class FrenzyTest:
    """A frenzy test's exact odds."""

    willpower: int
    humanity: int
    difficulty: int
    dice: int
    resists: Fraction
    frenzies: Fraction
    messy: Fraction
    bestial: Fraction
    roll: V5Result | None
    """The roll's odds (``None`` with no dice to roll)."""
    steps: tuple[Step, ...] = field(repr=False)


def frenzy_test(
    willpower: int,
    humanity: int,
    difficulty: int,
    *,
    penalty: int = 0,
    hunger: int = 0,
    hunger_dice: bool = False,
) -> FrenzyTest:
    """A frenzy test with ``willpower`` (current, 0-10) and ``humanity`` (0-10) against
    ``difficulty`` (1-60), ``penalty`` dice taken off.

    >>> frenzy_test(2, 3, 1).resists
    Fraction(7, 8)
    """
    whole(msg_p("vtm parameter", "current Willpower"), willpower, 0, 10)
    whole(msg_p("vtm parameter", "Humanity"), humanity, 0, 10)
    whole(msg_p("vtm parameter", "difficulty (successes needed)"), difficulty, 1, 2 * MAX_V5_POOL)
    whole(msg_p("vtm parameter", "dice taken off"), penalty, 0, 20)
    whole(HUNGER_PARAM, hunger, 0, MAX_HUNGER)
    with_hunger = flag(msg_p("vtm parameter", "Hunger dice in the frenzy test"), hunger_dice)
    dice = max(0, willpower + humanity // 3 - penalty)
    trace = Trace()
    trace.add(
        "vtm:v5-frenzy",
        msg(
            "Frenzy test: Willpower {willpower} + a third of Humanity {humanity} ({third}) - "
            "{penalty} = {dice} dice against difficulty {difficulty}.",
            willpower=willpower,
            humanity=humanity,
            third=humanity // 3,
            penalty=penalty,
            dice=dice,
            difficulty=difficulty,
        ),
    )
    if dice == 0:
        trace.add(
            "vtm:v5-frenzy",
            msg("No dice are left, so the test cannot be won: the character frenzies."),
        )
        return FrenzyTest(
            willpower,
            humanity,
            difficulty,
            0,
            Fraction(0),
            Fraction(1),
            Fraction(0),
            Fraction(0),
            None,
            trace.steps,
        )
    used = hunger if with_hunger else 0
    roll = cached_roll(dice, used, difficulty)
    if with_hunger:
        trace.add(
            "vtm:v5-frenzy",
            msg(
                "Rolled with Hunger dice, as the switch asks: {hunger_dice} of them.",
                hunger_dice=roll.hunger_dice,
            ),
        )
    else:
        trace.add("vtm:v5-frenzy", msg("Rolled without Hunger dice (the default reading)."))
    trace.add(
        "vtm:v5-frenzy",
        msg(
            "The Beast is held back with chance {resists}; a frenzy follows with {frenzies}.",
            resists=roll.win,
            frenzies=1 - roll.win,
        ),
    )
    return FrenzyTest(
        willpower=willpower,
        humanity=humanity,
        difficulty=difficulty,
        dice=dice,
        resists=roll.win,
        frenzies=1 - roll.win,
        messy=roll.messy,
        bestial=roll.bestial,
        roll=roll,
        steps=trace.steps,
    )
