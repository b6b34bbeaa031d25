"""The V5 dice engine against a literal reading of every roll, against icepool, and by
properties; the Willpower advice against trying every subset of dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalPlay, InvalidState
from rules.reference import exists
from rules.vtm import (
    MAX_V5_DIFFICULTY,
    rouse_check,
    v5_pool,
    v5_reroll,
    v5_willpower,
)

FACES = range(1, 11)


# ----------------------------------------------------------------------------- a literal reading


def read(regular: tuple[int, ...], hunger: tuple[int, ...], difficulty: int) -> dict[str, object]:
    """One concrete roll read straight from the rules, die by die."""
    dice = regular + hunger
    tens = dice.count(10)
    successes = sum(1 for f in dice if f >= 6) + 2 * (tens // 2)
    win = successes >= difficulty
    critical = win and tens >= 2
    return {
        "successes": successes,
        "win": win,
        "critical_win": critical,
        "messy": critical and 10 in hunger,
        "bestial": not win and 1 in hunger,
        "total_failure": successes == 0,
    }


@cache
def rolls(regular: int, hunger: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
    """Every roll of ``regular`` + ``hunger`` dice, grouped by sorted faces, with its count."""
    grouped = Counter(
        (tuple(sorted(r)), tuple(sorted(h)))
        for r in product(FACES, repeat=regular)
        for h in product(FACES, repeat=hunger)
    )
    return tuple((r, h, n) for (r, h), n in grouped.items())


def brute_pool(pool: int, hunger: int, difficulty: int) -> dict[str, object]:
    h = min(hunger, pool)
    whole = 10**pool
    out: dict[str, object] = {
        k: Fraction(0) for k in ("win", "critical_win", "messy", "bestial", "total_failure")
    }
    successes: Counter[int] = Counter()
    for regular, hunger_faces, n in rolls(pool - h, h):
        seen = read(regular, hunger_faces, difficulty)
        successes[int(seen["successes"])] += n  # type: ignore[call-overload]
        for key in out:
            if seen[key]:
                out[key] += Fraction(n, whole)  # type: ignore[operator]
    out["successes"] = {k: Fraction(n, whole) for k, n in sorted(successes.items())}
    return out


@pytest.mark.parametrize("pool", [1, 2, 3, 4])
def test_every_outcome_matches_reading_every_roll(pool: int) -> None:
    for hunger in range(6):  # includes Hunger above the pool: every die is a Hunger die
        for difficulty in (0, 1, 2, 3, 4, 5, 8):
            expected = brute_pool(pool, hunger, difficulty)
            got = v5_pool(pool, hunger, difficulty)
            assert got.hunger_dice == min(hunger, pool)
            for key, value in expected.items():
                assert getattr(got, key) == value, (pool, hunger, difficulty, key)


def test_hand_checked_values() -> None:
    one = v5_pool(1, 1, 1)  # a single Hunger die
    assert (one.win, one.bestial, one.messy, one.total_failure) == (
        Fraction(1, 2),
        Fraction(1, 10),
        0,
        Fraction(1, 2),
    )
    two = v5_pool(2, 0, 4)  # only two 10s reach 4 successes
    assert two.win == two.critical_win == Fraction(1, 100)
    # one success: a 6-10 beside a 1-5; two: two dice at 6-9, or one 10 and one 6-9
    assert two.successes == {
        0: Fraction(25, 100),
        1: Fraction(2 * 5 * 5, 100),
        2: Fraction(4 * 4 + 2 * 4, 100),
        4: Fraction(1, 100),
    }
    # Hunger 5 with a pool of 2: both dice are Hunger dice, so a double 10 is always messy
    hungry = v5_pool(2, 5, 2)
    assert hungry.hunger_dice == 2 and hungry.messy == hungry.critical_win == Fraction(1, 100)


# ----------------------------------------------------------------------------- icepool

REGULAR_FACE = {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1, 7: 1, 8: 1, 9: 1, 10: 100}
HUNGER_FACE = {**REGULAR_FACE, 1: 1_000_000, 10: 100 + 10_000}


def icepool_outcomes(pool: int, hunger: int, difficulty: int) -> dict[str, object]:
    """The same roll summed by icepool: each die is encoded so the sum keeps the counts of
    6-9s, 10s, Hunger 10s and Hunger 1s in separate decimal digits."""
    h = min(hunger, pool)
    regular = icepool.d10.map(REGULAR_FACE)
    hungry = icepool.d10.map(HUNGER_FACE)
    summed = (pool - h) @ regular + h @ hungry if h else pool @ regular
    if h == pool:
        summed = pool @ hungry
    whole = summed.denominator()
    out: dict[str, object] = {
        k: Fraction(0) for k in ("win", "critical_win", "messy", "bestial", "total_failure")
    }
    successes: Counter[int] = Counter()
    for value, q in summed.items():
        ones, rest = divmod(int(value), 1_000_000)
        hunger_tens, rest = divmod(rest, 10_000)
        tens, hits = divmod(rest, 100)
        total = hits + tens + 2 * (tens // 2)
        successes[total] += q
        win = total >= difficulty
        for key, flag in (
            ("win", win),
            ("critical_win", win and tens >= 2),
            ("messy", win and tens >= 2 and hunger_tens > 0),
            ("bestial", not win and ones > 0),
            ("total_failure", total == 0),
        ):
            if flag:
                out[key] += Fraction(q, whole)  # type: ignore[operator]
    out["successes"] = {k: Fraction(q, whole) for k, q in sorted(successes.items())}
    return out


@pytest.mark.parametrize(("pool", "hunger"), [(5, 2), (9, 5), (14, 3), (20, 5), (30, 1)])
def test_matches_icepool(pool: int, hunger: int) -> None:
    for difficulty in (0, 3, 6, 11):
        expected = icepool_outcomes(pool, hunger, difficulty)
        got = v5_pool(pool, hunger, difficulty)
        for key, value in expected.items():
            assert getattr(got, key) == value, (pool, hunger, difficulty, key)


# ----------------------------------------------------------------------------- properties


@settings(max_examples=120, deadline=None)
@given(pool=st.integers(1, 30), hunger=st.integers(0, 5), difficulty=st.integers(0, 61 - 1))
def test_distribution_properties(pool: int, hunger: int, difficulty: int) -> None:
    r = v5_pool(pool, hunger, difficulty)
    assert sum(r.successes.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in r.successes.values())
    assert r.win == r.at_least(difficulty)
    assert 0 <= r.messy <= r.critical_win <= r.win <= 1
    assert 0 <= r.bestial <= 1 - r.win
    assert r.total_failure == r.successes.get(0, 0) == Fraction(1, 2**pool)
    assert r.expected == sum(k * p for k, p in r.successes.items())
    # Hunger only relabels dice: the successes and the win do not depend on it
    calm = v5_pool(pool, 0, difficulty)
    assert (calm.successes, calm.win, calm.critical_win) == (r.successes, r.win, r.critical_win)
    assert calm.messy == calm.bestial == 0
    if difficulty == 0:
        assert r.win == 1 and r.bestial == 0
    if difficulty < MAX_V5_DIFFICULTY:
        assert v5_pool(pool, hunger, difficulty + 1).win <= r.win
    assert {s.rule for s in r.steps} <= {
        "vtm:v5-dice",
        "vtm:v5-difficulty",
        "vtm:v5-criticals",
        "vtm:v5-bestial",
    }


def test_results_are_copies() -> None:
    r = v5_pool(4, 2, 2)
    r.successes[0] = Fraction(1)
    assert v5_pool(4, 2, 2).successes[0] == Fraction(1, 16)


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("args", "word"),
    [
        ((0, 0, 1), "pool"),
        ((31, 0, 1), "pool"),
        ((True, 0, 1), "pool"),
        ((3.0, 0, 1), "pool"),
        (("3", 0, 1), "pool"),
        ((3, -1, 1), "hunger"),
        ((3, 6, 1), "hunger"),
        ((3, False, 1), "hunger"),
        ((3, 1, -1), "difficulty"),
        ((3, 1, 61), "difficulty"),
        ((3, 1, 2.5), "difficulty"),
        ((3, 1, None), "difficulty"),
    ],
)
def test_bad_input_is_refused_in_both_languages(args: tuple[object, ...], word: str) -> None:
    for fn in (v5_pool, v5_willpower):
        with pytest.raises(InvalidState) as caught:
            fn(*args)
        assert word in str(caught.value)
        assert "допустимо" in caught.value.in_language("ru") or "целое" in caught.value.ru


def test_bad_rolls_are_refused() -> None:
    for regular, hunger in (([0, 3], [1]), ([11], []), ([], []), ([3] * 26, [1] * 5)):
        with pytest.raises(InvalidState):
            v5_reroll(regular, hunger, 2)
    with pytest.raises(InvalidState, match="Hunger dice"):
        v5_reroll([3], [1] * 6, 2)
    with pytest.raises(InvalidState, match="list"):
        v5_reroll("37", [], 2)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- Willpower


def _odds_after(
    regular: tuple[int, ...], hunger: tuple[int, ...], rerolled: tuple[int, ...], difficulty: int
) -> tuple[Fraction, Fraction, Fraction]:
    """(win, messy, expected successes) after re-rolling the dice at positions ``rerolled``."""
    kept = tuple(f for i, f in enumerate(regular) if i not in rerolled)
    win = messy = expected = Fraction(0)
    whole = 10 ** len(rerolled)
    for fresh in product(FACES, repeat=len(rerolled)):
        seen = read(kept + fresh, hunger, difficulty)
        win += Fraction(bool(seen["win"]), whole)
        messy += Fraction(bool(seen["messy"]), whole)
        expected += Fraction(int(seen["successes"]), whole)  # type: ignore[call-overload]
    return win, messy, expected


def brute_best(regular: tuple[int, ...], hunger: tuple[int, ...], difficulty: int):  # type: ignore[no-untyped-def]
    """The best key over every subset of at most three regular dice, tried one by one."""
    best = None
    for size in range(min(3, len(regular)) + 1):
        for subset in combinations(range(len(regular)), size):
            win, messy, expected = _odds_after(regular, hunger, subset, difficulty)
            key = (win, -messy, expected, -size)
            if best is None or key > best:
                best = key
    return best


@pytest.mark.parametrize(
    ("regular", "hunger", "difficulty"),
    [
        ((3, 2, 7), (8,), 3),
        ((10, 4, 4), (10,), 3),  # a messy critical: re-rolling the regular 10 can clean it
        ((10, 9, 8, 7), (10, 1), 4),
        ((6, 6, 6), (), 5),  # no 1-5 to re-roll: successes must be risked to reach 5
        ((1, 1, 1, 1), (1,), 1),
        ((10, 10, 2), (3, 10), 2),
    ],
)
def test_advice_is_the_best_of_every_subset(
    regular: tuple[int, ...], hunger: tuple[int, ...], difficulty: int
) -> None:
    advice = v5_reroll(list(regular), list(hunger), difficulty)
    win, messy, expected = advice.best.win, advice.best.messy, advice.best.expected
    assert (win, -messy, expected, -advice.best.dice) == brute_best(regular, hunger, difficulty)
    # the advised faces are faces of the roll, and re-rolling them gives the reported odds
    positions: list[int] = []
    for face in advice.best.faces:
        positions.append(next(i for i, f in enumerate(regular) if f == face and i not in positions))
    assert _odds_after(regular, hunger, tuple(positions), difficulty) == (win, messy, expected)
    assert advice.keep.win == int(advice.successes >= difficulty)
    assert advice.best.bestial == ((1 - win) if 1 in hunger else 0)
    assert all(exists(step.rule) for step in advice.steps)
    assert all(step.ru for step in advice.steps)


def test_messy_critical_is_cleaned_when_the_win_is_safe() -> None:
    advice = v5_reroll([10, 9, 9, 9], [10], 3)  # 7 successes, messy; 3 needed
    assert advice.keep.messy == 1
    # only a fresh 10 on the re-rolled die would make it messy again
    assert advice.best.faces == (10,) and advice.best.win == 1
    assert advice.best.messy == Fraction(1, 10)
    assert advice.spend


def test_a_safe_clean_win_keeps_the_point_when_a_hunger_ten_shows() -> None:
    advice = v5_reroll([2, 7], [10], 1)  # re-rolling the 2 could pair with the Hunger 10
    assert advice.best.dice == 0 and not advice.spend


def brute_willpower(pool: int, hunger: int, difficulty: int) -> tuple[Fraction, ...]:
    """(win, messy, bestial, spend) when every roll is followed by the best subset re-roll."""
    h = min(hunger, pool)
    whole = 10**pool
    win = messy = bestial = spend = Fraction(0)
    for regular, hunger_faces, n in rolls(pool - h, h):
        best = brute_best(regular, hunger_faces, difficulty)
        assert best is not None
        p = Fraction(n, whole)
        win += p * best[0]
        messy += p * -best[1]
        if 1 in hunger_faces:
            bestial += p * (1 - best[0])
        if best[3]:
            spend += p
    return win, messy, bestial, spend


@pytest.mark.parametrize(
    ("pool", "hunger", "difficulty"), [(1, 0, 1), (2, 0, 0), (2, 0, 3), (2, 1, 2), (3, 2, 4)]
)
def test_willpower_odds_match_trying_every_subset_of_every_roll(
    pool: int, hunger: int, difficulty: int
) -> None:
    odds = v5_willpower(pool, hunger, difficulty)
    assert (odds.win, odds.messy, odds.bestial, odds.spend) == brute_willpower(
        pool, hunger, difficulty
    )
    assert sum(odds.successes.values()) == 1
    assert odds.without.win == v5_pool(pool, hunger, difficulty).win


@settings(max_examples=25, deadline=None)
@given(pool=st.integers(1, 16), hunger=st.integers(0, 5), difficulty=st.integers(0, 12))
def test_willpower_never_lowers_the_win(pool: int, hunger: int, difficulty: int) -> None:
    odds = v5_willpower(pool, hunger, difficulty)
    assert odds.win >= odds.without.win
    assert sum(odds.successes.values()) == 1
    assert 0 <= odds.messy <= odds.critical_win <= odds.win <= 1
    assert odds.bestial <= 1 - odds.win
    if hunger == 0:
        assert odds.bestial == odds.messy == 0


# ----------------------------------------------------------------------------- rouse check


def test_rouse_check_by_enumeration() -> None:
    for dice in (1, 2):
        kept = sum(1 for faces in product(FACES, repeat=dice) if max(faces) >= 6)
        for hunger in range(5):
            r = rouse_check(hunger, dice=dice)
            assert r.no_gain == Fraction(kept, 10**dice)
            assert r.hunger_after == {hunger: r.no_gain, hunger + 1: 1 - r.no_gain}
            assert [s.rule for s in r.steps] == ["vtm:v5-rouse"]
    with pytest.raises(IllegalPlay) as caught:
        rouse_check(5)
    assert "frenzy" in str(caught.value) and "безумия" in caught.value.ru
    for bad in (3, 0, True):
        with pytest.raises(InvalidState):
            rouse_check(1, dice=bad)


def test_reference_search_finds_the_v5_sections_in_both_languages() -> None:
    from rules.reference import search

    for query, lang, section in (
        ("messy critical", "en", "vtm:v5-criticals"),
        ("грязный критический", "ru", "vtm:v5-criticals"),
        ("звериный провал", "ru", "vtm:v5-bestial"),
        ("rouse check", "en", "vtm:v5-rouse"),
    ):
        found = [hit.id for hit in search(query, lang=lang)][:4]
        assert section in found, (query, found)
