"""Named Willpower strategies: each one played literally on every roll of small pools, and the
recommendation for a roll on the table against the desk's best re-roll."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import InvalidState
from rules.reference import exists
from rules.vtm import STRATEGIES, v5_reroll, v5_strategies, v5_strategy_advice, v5_willpower

FACES = range(1, 11)


def read(regular: tuple[int, ...], hunger: tuple[int, ...], difficulty: int) -> dict[str, object]:
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


def literal_pick(
    strategy: str, regular: tuple[int, ...], hunger: tuple[int, ...], difficulty: int
) -> tuple[int, ...]:
    """Positions of the regular dice the strategy re-rolls, read from its definition."""
    seen = read(regular, hunger, difficulty)
    fails = [i for i, f in enumerate(regular) if f <= 5]
    hits = [i for i, f in enumerate(regular) if 6 <= f <= 9]
    tens = [i for i, f in enumerate(regular) if f == 10]
    failures = () if seen["win"] else tuple(fails[:3])
    breakable = bool(seen["messy"]) and hunger.count(10) == 1 and bool(tens)
    if strategy == "reroll-failures":
        return failures
    if strategy == "maximize-criticals":
        return () if seen["critical_win"] else tuple((fails + hits)[:3])
    if strategy == "avoid-messy":
        return tuple(tens[:3]) if breakable else failures
    assert strategy == "risky-avoid-messy"
    return tuple((tens + fails)[:3]) if breakable else failures


@cache
def grouped(regular: int, hunger: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
    counts = Counter(
        (tuple(sorted(r)), tuple(sorted(h)))
        for r in product(FACES, repeat=regular)
        for h in product(FACES, repeat=hunger)
    )
    return tuple((r, h, n) for (r, h), n in counts.items())


KEYS = ("win", "critical_win", "messy", "bestial", "total_failure")


def brute_strategy(strategy: str, pool: int, hunger: int, difficulty: int) -> dict[str, Fraction]:
    h = min(hunger, pool)
    whole = 10**pool * 1000
    out: Counter[str] = Counter()
    for regular, hungry, n in grouped(pool - h, h):
        picked = literal_pick(strategy, regular, hungry, difficulty)
        if picked:
            out["spend"] += n * 1000
        kept = tuple(f for i, f in enumerate(regular) if i not in picked)
        weight = n * 10 ** (3 - len(picked))
        for fresh in product(FACES, repeat=len(picked)):
            seen = read(kept + fresh, hungry, difficulty)
            out["expected"] += weight * int(seen["successes"])  # type: ignore[call-overload]
            for key in KEYS:
                if seen[key]:
                    out[key] += weight
    return {key: Fraction(out[key], whole) for key in (*KEYS, "spend", "expected")}


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize(("pool", "hunger"), [(1, 0), (2, 1), (3, 1), (3, 2), (2, 5), (4, 1)])
def test_each_strategy_matches_playing_it_on_every_roll(
    strategy: str, pool: int, hunger: int
) -> None:
    for difficulty in (0, 1, 2, 3, 5):
        expected = brute_strategy(strategy, pool, hunger, difficulty)
        got = v5_strategies(pool, hunger, difficulty).strategies[strategy]
        for key, value in expected.items():
            assert getattr(got, key) == value, (strategy, pool, hunger, difficulty, key)


@settings(max_examples=40, deadline=None)
@given(pool=st.integers(1, 20), hunger=st.integers(0, 5), difficulty=st.integers(0, 12))
def test_no_strategy_beats_the_desks_best(pool: int, hunger: int, difficulty: int) -> None:
    odds = v5_strategies(pool, hunger, difficulty)
    best = v5_willpower(pool, hunger, difficulty)
    assert odds.best.win == best.win
    assert set(odds.strategies) == set(STRATEGIES)
    for result in odds.strategies.values():
        assert result.win <= best.win
        if result.name == "reroll-failures":  # it only re-rolls failing dice of a loss
            assert result.win >= odds.without.win
        assert sum(result.successes.values()) == 1
        assert 0 <= result.messy <= result.critical_win <= result.win
        assert 0 <= result.spend <= 1
    keys = {name: (r.win, -r.messy, r.expected, -r.spend) for name, r in odds.strategies.items()}
    assert keys[odds.recommended] == max(keys.values())
    assert all(exists(s.rule) for s in odds.steps)
    assert "vtm:v5-willpower-strategies" in {s.rule for s in odds.steps}


def test_reroll_failures_keeps_the_point_on_a_win() -> None:
    odds = v5_strategies(5, 2, 1).strategies["reroll-failures"]
    # it spends only on rolls without a success: all five dice at 1-5
    assert odds.spend == Fraction(1, 32)


# ----------------------------------------------------------------------------- a roll on the table


def test_advice_names_the_strategy_that_picks_the_best_dice() -> None:
    plain = v5_strategy_advice([3, 2, 7], [8], 3)
    assert plain.best.faces == (2, 3) and plain.recommended == "reroll-failures"
    assert plain.choices["reroll-failures"].faces == (2, 3)
    # a messy critical that is won anyway: re-rolling the regular 10 keeps the win and cleans it
    messy = v5_strategy_advice([10, 8, 8, 8], [10], 3)
    assert messy.best.faces == (10,) and messy.recommended == "avoid-messy"
    assert messy.choices["risky-avoid-messy"].faces == (10,)
    # a messy critical that needs its 4: the best is to keep it
    needed = v5_strategy_advice([10, 7], [10], 5)
    assert needed.best.dice == 0 and needed.recommended == "keep"
    assert needed.choices["avoid-messy"].win < needed.keep.win


def kinds(faces: tuple[int, ...]) -> tuple[int, int, int]:
    """How many 1-5s, 6-9s and 10s: the dice of one kind are alike for every odds."""
    return (
        sum(1 for f in faces if f <= 5),
        sum(1 for f in faces if 6 <= f <= 9),
        faces.count(10),
    )


@settings(max_examples=200, deadline=None)
@given(
    regular=st.lists(st.integers(1, 10), min_size=0, max_size=8),
    hunger=st.lists(st.integers(1, 10), min_size=0, max_size=5),
    difficulty=st.integers(0, 9),
)
def test_the_recommendation_is_the_best_choice(
    regular: list[int], hunger: list[int], difficulty: int
) -> None:
    if not regular and not hunger:
        return
    advice = v5_strategy_advice(regular, hunger, difficulty)
    best = v5_reroll(regular, hunger, difficulty).best
    assert advice.best == best

    def key(c: object) -> tuple[Fraction, Fraction, Fraction, int]:
        return (c.win, -c.messy, c.expected, -c.dice)  # type: ignore[attr-defined]

    for name, picked in advice.choices.items():
        positions = literal_pick(name, tuple(regular), tuple(hunger), difficulty)
        assert kinds(picked.faces) == kinds(tuple(regular[i] for i in positions))
        assert key(picked) <= key(best)
    if advice.recommended == "keep":
        assert best.dice == 0
    elif advice.recommended == "best":
        assert all(key(c) != key(best) for c in advice.choices.values())
    else:
        assert key(advice.choices[advice.recommended]) == key(best)
    assert all(exists(s.rule) for s in advice.steps)


def test_bad_input() -> None:
    with pytest.raises(InvalidState):
        v5_strategies(0, 1, 2)
    with pytest.raises(InvalidState):
        v5_strategy_advice([11], [], 2)
    with pytest.raises(InvalidState):
        v5_strategy_advice([3], [1] * 6, 2)


@pytest.mark.parametrize(("pool", "hunger", "difficulty"), [(9, 3, 5), (12, 5, 7)])
def test_larger_pools_against_a_seeded_simulation(pool: int, hunger: int, difficulty: int) -> None:
    """Beyond the reach of every roll: each strategy played on simulated rolls lands within
    five standard deviations of its exact odds."""
    import random
    from math import sqrt

    rng = random.Random(pool * 100 + hunger)
    trials = 20_000
    odds = v5_strategies(pool, hunger, difficulty).strategies
    h = min(hunger, pool)
    for name in STRATEGIES:
        wins = messy = 0
        for _ in range(trials):
            regular = tuple(rng.randint(1, 10) for _ in range(pool - h))
            hungry = tuple(rng.randint(1, 10) for _ in range(h))
            picked = literal_pick(name, regular, hungry, difficulty)
            kept = tuple(f for i, f in enumerate(regular) if i not in picked)
            fresh = tuple(rng.randint(1, 10) for _ in picked)
            seen = read(kept + fresh, hungry, difficulty)
            wins += bool(seen["win"])
            messy += bool(seen["messy"])
        for exact, count in ((odds[name].win, wins), (odds[name].messy, messy)):
            p = float(exact)
            assert abs(count / trials - p) < 5 * sqrt(p * (1 - p) / trials) + 1e-9, name
