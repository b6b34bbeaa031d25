"""V5 checks: rouse checks (several, with Blood Potency re-rolls), Blood Surge, remorse and
frenzy tests, each against rolling every die literally."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules.errors import IllegalPlay, InvalidState
from rules.reference import exists
from rules.vtm import (
    blood_potency,
    blood_surge,
    frenzy_test,
    remorse_test,
    rouse_checks,
    v5_pool,
)

FACES = range(1, 11)


def all_rules_exist(steps: tuple[object, ...]) -> bool:
    return all(exists(s.rule) for s in steps)  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- rouse checks


def brute_rouse(hunger: int, checks: int, reroll: bool) -> tuple[dict[int, Fraction], Fraction]:
    """Every die of every check rolled (twice when re-rolled, the better counts)."""
    per_check = list(product(FACES, repeat=2)) if reroll else [(f,) for f in FACES]
    after: Counter[int] = Counter()
    forced = 0
    for faces in product(per_check, repeat=checks):
        h, hit_five = hunger, False
        for dice in faces:
            if max(dice) <= 5:
                if h == 5:
                    hit_five = True
                h = min(h + 1, 5)
        after[h] += 1
        forced += hit_five
    whole = len(per_check) ** checks
    return {h: Fraction(n, whole) for h, n in sorted(after.items())}, Fraction(forced, whole)


@pytest.mark.parametrize(("hunger", "checks"), [(0, 1), (2, 2), (3, 3), (4, 2), (4, 3), (1, 3)])
@pytest.mark.parametrize(("bp", "level", "reroll"), [(0, 0, False), (3, 2, True), (3, 3, False)])
def test_rouse_checks_roll_every_die(
    hunger: int, checks: int, bp: int, level: int, reroll: bool
) -> None:
    got = rouse_checks(hunger, checks, blood_potency=bp, power_level=level)
    assert got.reroll is reroll
    after, forced = brute_rouse(hunger, checks, reroll)
    assert got.hunger_after == after
    assert got.forced_at_five == forced
    assert sum(got.failures.values()) == 1
    assert all_rules_exist(got.steps)


def test_one_rouse_check_agrees_with_the_single_check() -> None:
    one = rouse_checks(2)
    assert one.hunger_after == {2: Fraction(1, 2), 3: Fraction(1, 2)}
    assert rouse_checks(2, blood_potency=1, power_level=1).hunger_after[3] == Fraction(1, 4)


def test_blood_potency_table() -> None:
    surge = [blood_potency(bp).surge_dice for bp in range(11)]
    assert surge == [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    levels = [blood_potency(bp).rouse_reroll_level for bp in range(11)]
    assert levels == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert blood_potency(5).rerolls(3) and not blood_potency(5).rerolls(4)
    assert not blood_potency(0).rerolls(1)


def test_rouse_checks_refuse_what_cannot_be() -> None:
    with pytest.raises(IllegalPlay):
        rouse_checks(5)
    for args, kwargs in (
        ((2, 0), {}),
        ((2, 11), {}),
        ((-1, 1), {}),
        ((2, 1), {"blood_potency": 11}),
        ((2, 1), {"power_level": 6}),
    ):
        with pytest.raises(InvalidState) as caught:
            rouse_checks(*args, **kwargs)  # type: ignore[arg-type]
        assert caught.value.ru


# ----------------------------------------------------------------------------- Blood Surge


def literal_win(faces: tuple[int, ...], hunger_dice: int, difficulty: int) -> tuple[bool, bool]:
    """(win, bestial) of a roll whose last ``hunger_dice`` faces are Hunger dice."""
    tens = faces.count(10)
    successes = sum(1 for f in faces if f >= 6) + 2 * (tens // 2)
    win = successes >= difficulty
    hungry = faces[len(faces) - hunger_dice :] if hunger_dice else ()
    return win, (not win and 1 in hungry)


@pytest.mark.parametrize("after_rouse", [True, False])
def test_blood_surge_rolls_the_check_then_the_dice(after_rouse: bool) -> None:
    pool, hunger, difficulty = 1, 1, 2
    got = blood_surge(pool, hunger, difficulty, blood_potency=0, hunger_after_rouse=after_rouse)
    assert got.surge_dice == 1
    win = bestial = 0
    for rouse in FACES:
        h = hunger + 1 if rouse <= 5 and after_rouse else hunger
        for faces in product(FACES, repeat=pool + 1):
            w, b = literal_win(faces, min(h, pool + 1), difficulty)
            win += w
            bestial += b
    assert got.win == Fraction(win, 1000)
    assert got.bestial == Fraction(bestial, 1000)
    assert got.without.win == v5_pool(pool, hunger, difficulty).win
    assert got.win > got.without.win
    assert all_rules_exist(got.steps)


def test_blood_surge_limits() -> None:
    with pytest.raises(IllegalPlay):
        blood_surge(5, 5, 3, blood_potency=2)
    with pytest.raises(InvalidState):
        blood_surge(29, 1, 3, blood_potency=4)  # 29 + 3 dice is over 30


# ----------------------------------------------------------------------------- remorse


@pytest.mark.parametrize(("humanity", "stains"), [(7, 1), (7, 2), (7, 3), (4, 3), (9, 1), (5, 5)])
def test_remorse_test_rolls_the_empty_boxes(humanity: int, stains: int) -> None:
    got = remorse_test(humanity, stains)
    dice = max(1, 10 - humanity - stains)
    assert got.dice == dice
    keeps = sum(1 for faces in product(FACES, repeat=dice) if max(faces) >= 6)
    assert got.keeps == Fraction(keeps, 10**dice)
    assert got.humanity_after == {humanity - 1: 1 - got.keeps, humanity: got.keeps}
    assert all_rules_exist(got.steps)


def test_remorse_without_stains_is_no_test() -> None:
    got = remorse_test(7, 0)
    assert (got.tested, got.keeps, got.dice) == (False, 1, 0)
    with pytest.raises(InvalidState):
        remorse_test(7, 4)  # only 3 boxes are free: degeneration, not this test
    with pytest.raises(InvalidState):
        remorse_test(11, 0)


# ----------------------------------------------------------------------------- frenzy


def test_frenzy_pool_and_odds() -> None:
    got = frenzy_test(4, 7, 3)
    assert got.dice == 6
    assert got.resists == v5_pool(6, 0, 3).win == Fraction(213, 320)
    assert got.frenzies == 1 - got.resists
    assert got.messy == got.bestial == 0
    assert frenzy_test(4, 8, 3).dice == 6  # a third of 8, rounded down, is 2
    assert frenzy_test(1, 2, 2, penalty=1).dice == 0
    assert frenzy_test(1, 2, 2, penalty=1).resists == 0
    assert all_rules_exist(got.steps)


def test_frenzy_with_hunger_dice_reads_every_roll() -> None:
    got = frenzy_test(2, 3, 2, hunger=2, hunger_dice=True)
    assert got.dice == 3
    win = bestial = 0
    for faces in product(FACES, repeat=3):
        w, b = literal_win(faces, 2, 2)
        win += w
        bestial += b
    assert got.resists == Fraction(win, 1000)
    assert got.bestial == Fraction(bestial, 1000)
    # without the switch the Hunger is ignored
    assert frenzy_test(2, 3, 2, hunger=2).bestial == 0


def test_frenzy_bad_input() -> None:
    for args, kwargs in (
        ((11, 5, 3), {}),
        ((3, 11, 3), {}),
        ((3, 5, 0), {}),
        ((3, 5, 3), {"penalty": -1}),
        ((3, 5, 3), {"hunger": 6}),
    ):
        with pytest.raises(InvalidState):
            frenzy_test(*args, **kwargs)  # type: ignore[arg-type]
