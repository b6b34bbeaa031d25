"""Odds of one combat roll: one d6 per side plus modifiers, ties by initiative, re-roll on equal."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rules.errors import InvalidState
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
    choice("hunter_dice", hunter_dice, (1, 2), ru="кубики Охотника (hunter_dice)")
    whole("hunter_initiative", hunter_initiative, 0, 9, ru="инициатива Охотника")
    whole("enemy_initiative", enemy_initiative, 0, 9, ru="инициатива противника")
    whole("hunter_bonus", hunter_bonus, -10, 10, ru="бонус Охотника (hunter_bonus)")
    whole("enemy_bonus", enemy_bonus, -10, 10, ru="бонус противника (enemy_bonus)")
    higher, equal, lower, total = roll_counts(hunter_bonus - enemy_bonus, hunter_dice)
    steps = [
        Step(
            "dracula:combat-roll",
            (
                "The hunter keeps the better of two dice"
                if hunter_dice == 2
                else "Each side rolls one die"
            )
            + f"; with bonuses +{hunter_bonus} / +{enemy_bonus} the hunter's total is higher in "
            f"{higher} of {total} rolls, equal in {equal}, lower in {lower}.",
            (
                "Охотник бросает два кубика и берёт лучший"
                if hunter_dice == 2
                else "Каждая сторона бросает один кубик"
            )
            + f"; с бонусами +{hunter_bonus} / +{enemy_bonus} итог Охотника выше в {higher} "
            f"из {total} исходов броска, равен в {equal}, ниже в {lower}.",
        )
    ]
    rerolled = False
    if hunter_initiative > enemy_initiative:
        hunter = Fraction(higher + equal, total)
        steps.append(
            Step(
                "dracula:initiative",
                f"Equal totals go to the hunter (initiative {hunter_initiative} > "
                f"{enemy_initiative}).",
                f"При равных итогах побеждает Охотник (инициатива {hunter_initiative} > "
                f"{enemy_initiative}).",
            )
        )
    elif hunter_initiative < enemy_initiative:
        hunter = Fraction(higher, total)
        steps.append(
            Step(
                "dracula:initiative",
                f"Equal totals go to the enemy (initiative {enemy_initiative} > "
                f"{hunter_initiative}).",
                f"При равных итогах побеждает противник (инициатива {enemy_initiative} > "
                f"{hunter_initiative}).",
            )
        )
    else:
        rerolled = True
        decided = higher + lower
        if decided == 0:  # pragma: no cover - impossible with bonuses in range
            raise InvalidState(
                "every roll ties; the round can never be decided",
                ru="каждый бросок даёт ничью; раунд никогда не решится",
            )
        hunter = Fraction(higher, decided)
        steps.append(
            Step(
                "dracula:initiative",
                f"Equal initiative ({hunter_initiative}): equal totals are rolled again (our "
                "stated assumption), so only the decided rolls count.",
                f"Инициатива равна ({hunter_initiative}): при равных итогах бросок повторяют "
                "(наше явное допущение), поэтому в счёт идут только решённые броски.",
            )
        )
    return RoundOdds(hunter, 1 - hunter, Fraction(equal, total), rerolled, tuple(steps))
