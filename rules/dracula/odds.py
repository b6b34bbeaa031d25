"""Odds of one combat roll: one d6 per side plus modifiers, ties by initiative, re-roll on equal."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rules.errors import InvalidState
from rules.i18n import msg, msg_p
from rules.trace import Step
from rules.validation import choice, whole

__all__ = ["RoundOdds", "roll_counts", "round_odds"]


@dataclass(frozen=True, slots=True)
class RoundOdds:
    """Who wins one round's roll.

    ``hunter_wins + enemy_wins == 1``. ``tie`` is the chance that one roll gives equal totals;
    ``rerolled`` says whether such a tie is rolled again (equal initiative numbers).
    """

    hunter_wins: Fraction
    enemy_wins: Fraction
    tie: Fraction
    rerolled: bool
    steps: tuple[Step, ...]


@cache
def roll_counts(difference: int, hunter_dice: int) -> tuple[int, int, int, int]:
    """Counts of (hunter higher, equal, enemy higher, all outcomes) over every die face.

    ``difference`` is the hunter's bonus minus the enemy's bonus.
    """
    higher = equal = lower = 0
    faces = range(1, 7)
    hunter_faces = list(faces) if hunter_dice == 1 else [max(a, b) for a in faces for b in faces]
    for h in hunter_faces:
        for e in faces:
            total = h + difference - e
            if total > 0:
                higher += 1
            elif total == 0:
                equal += 1
            else:
                lower += 1
    return higher, equal, lower, higher + equal + lower


def round_odds(
    hunter_bonus: int = 0,
    enemy_bonus: int = 0,
    *,
    hunter_initiative: int,
    enemy_initiative: int,
    hunter_dice: int = 1,
) -> RoundOdds:
    """Exact chance that the hunter or the enemy wins one round's roll."""
    choice(msg_p("dracula", "hunter_dice"), hunter_dice, (1, 2))
    whole(msg_p("dracula", "hunter_initiative"), hunter_initiative, 0, 9)
    whole(msg_p("dracula", "enemy_initiative"), enemy_initiative, 0, 9)
    whole(msg_p("dracula", "hunter_bonus"), hunter_bonus, -10, 10)
    whole(msg_p("dracula", "enemy_bonus"), enemy_bonus, -10, 10)
    higher, equal, lower, total = roll_counts(hunter_bonus - enemy_bonus, hunter_dice)
    steps = [
        Step(
            "dracula:combat-roll",
            msg(
                "{dice}; with bonuses +{hunter_bonus} / +{enemy_bonus} the hunter's total is "
                "higher in {higher} of {total} rolls, equal in {equal}, lower in {lower}.",
                dice=msg("The hunter keeps the better of two dice")
                if hunter_dice == 2
                else msg("Each side rolls one die"),
                hunter_bonus=hunter_bonus,
                enemy_bonus=enemy_bonus,
                higher=higher,
                total=total,
                equal=equal,
                lower=lower,
            ),
        )
    ]
    rerolled = False
    if hunter_initiative > enemy_initiative:
        hunter = Fraction(higher + equal, total)
        steps.append(
            Step(
                "dracula:initiative",
                msg(
                    "Equal totals go to the hunter (initiative {hunter} > {enemy}).",
                    hunter=hunter_initiative,
                    enemy=enemy_initiative,
                ),
            )
        )
    elif hunter_initiative < enemy_initiative:
        hunter = Fraction(higher, total)
        steps.append(
            Step(
                "dracula:initiative",
                msg(
                    "Equal totals go to the enemy (initiative {enemy} > {hunter}).",
                    hunter=hunter_initiative,
                    enemy=enemy_initiative,
                ),
            )
        )
    else:
        rerolled = True
        decided = higher + lower
        if decided == 0:  # pragma: no cover - impossible with bonuses in range
            raise InvalidState(msg("every roll ties; the round can never be decided"))
        hunter = Fraction(higher, decided)
        steps.append(
            Step(
                "dracula:initiative",
                msg(
                    "Equal initiative ({initiative}): equal totals are rolled again (our stated "
                    "assumption), so only the decided rolls count.",
                    initiative=hunter_initiative,
                ),
            )
        )
    return RoundOdds(hunter, 1 - hunter, Fraction(equal, total), rerolled, tuple(steps))
