"""V5 contests: every pair of rolls read literally for small pools, icepool for larger ones,
the tie readings, and bad input."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import InvalidState
from rules.reference import exists
from rules.vtm import TIE_READINGS, v5_contest, v5_pool

FACES = range(1, 11)


@cache
def rolls(pool: int, hunger: int) -> tuple[tuple[int, bool, bool, bool, int], ...]:
    """Every roll of ``pool`` dice (the last ``min(hunger, pool)`` are Hunger dice), read die by
    die: (successes, at least two 10s, a Hunger 10, a Hunger 1, how many rolls)."""
    h = min(hunger, pool)
    seen: Counter[tuple[int, bool, bool, bool]] = Counter()
    for faces in product(FACES, repeat=pool):
        hungry = faces[pool - h :]
        tens = faces.count(10)
        successes = sum(1 for f in faces if f >= 6) + 2 * (tens // 2)
        seen[(successes, tens >= 2, 10 in hungry, 1 in hungry)] += 1
    return tuple((*key, n) for key, n in seen.items())


def brute_contest(pa: int, ha: int, pb: int, hb: int, tie: str) -> dict[str, object]:
    whole = 10 ** (pa + pb)
    out: Counter[str] = Counter()
    margin: Counter[int] = Counter()
    for sa, crit_a, ten_a, one_a, na in rolls(pa, ha):
        for sb, crit_b, ten_b, one_b, nb in rolls(pb, hb):
            n = na * nb
            margin[sa - sb] += n
            a_carries = sa > sb or (sa == sb and tie == "acting")
            b_carries = sb > sa or (sa == sb and tie == "defender")
            for side, carries, crit, ten, one in (
                ("a", a_carries, crit_a, ten_a, one_a),
                ("b", b_carries, crit_b, ten_b, one_b),
            ):
                if carries:
                    out[f"{side}.prevails"] += n
                    if crit:
                        out[f"{side}.critical_win"] += n
                        if ten:
                            out[f"{side}.messy"] += n
                elif one:
                    out[f"{side}.bestial"] += n
    result: dict[str, object] = {
        key: Fraction(out[key], whole)
        for side in "ab"
        for key in (f"{side}.prevails", f"{side}.critical_win", f"{side}.messy", f"{side}.bestial")
    }
    result["margin"] = {m: Fraction(n, whole) for m, n in sorted(margin.items())}
    return result


def seen(contest: object, key: str) -> object:
    side, _, name = key.partition(".")
    return getattr(getattr(contest, side), name) if name else getattr(contest, key)


@pytest.mark.parametrize("tie", TIE_READINGS)
@pytest.mark.parametrize(
    ("pa", "ha", "pb", "hb"),
    [
        (1, 0, 1, 0),
        (1, 1, 1, 0),
        (2, 1, 1, 1),
        (2, 2, 2, 0),
        (3, 1, 2, 2),
        (2, 5, 3, 1),
        (3, 0, 0, 0),
    ],
)
def test_every_pair_of_rolls_read_literally(pa: int, ha: int, pb: int, hb: int, tie: str) -> None:
    expected = brute_contest(pa, ha, pb, hb, tie)
    got = v5_contest(pa, ha, pb, hb, tie=tie)
    for key, value in expected.items():
        assert seen(got, key) == value, (pa, ha, pb, hb, tie, key)
    assert got.a_wins == sum(p for m, p in got.margin.items() if m > 0)
    assert got.tie == got.margin.get(0, 0)
    assert got.b_wins == sum(p for m, p in got.margin.items() if m < 0)


def test_hand_checked_one_die_each() -> None:
    # each die: 0 successes (1/2), 1 success (1/2); 10s alone never pair
    c = v5_contest(1, 0, 1, 0)
    assert c.margin == {-1: Fraction(1, 4), 0: Fraction(1, 2), 1: Fraction(1, 4)}
    assert (c.a_wins, c.tie, c.b_wins) == (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
    # the default reading: the acting side carries a tie
    assert c.tie_reading == "acting"
    assert c.a.prevails == Fraction(3, 4) and c.b.prevails == Fraction(1, 4)
    # one Hunger die for A: bestial when A does not carry it and shows a 1, i.e. A rolls a
    # 1 (1/10) while B rolls a success (1/2)
    hungry = v5_contest(1, 1, 1, 0)
    assert hungry.a.bestial == Fraction(1, 20)
    standoff = v5_contest(1, 1, 1, 0, tie="standoff")
    # a standoff is no win for A: A's 1 (1/10) loses or ties whatever B rolls
    assert standoff.a.bestial == Fraction(1, 10)
    assert standoff.a.prevails + standoff.tie + standoff.b.prevails == 1


# ----------------------------------------------------------------------------- icepool

REGULAR = {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1, 7: 1, 8: 1, 9: 1, 10: 100}
HUNGRY = {**REGULAR, 1: 1_000_000, 10: 100 + 10_000}


def icepool_side(pool: int, hunger: int) -> icepool.Die:
    """One side's roll as a die whose faces are (successes, two 10s, Hunger 10, Hunger 1)."""
    h = min(hunger, pool)
    parts = []
    if pool - h:
        parts.append((pool - h) @ icepool.d10.map(REGULAR))
    if h:
        parts.append(h @ icepool.d10.map(HUNGRY))
    summed = parts[0] if len(parts) == 1 else parts[0] + parts[1]

    def decode(value: int) -> tuple[int, bool, bool, bool]:
        ones, rest = divmod(int(value), 1_000_000)
        hunger_tens, rest = divmod(rest, 10_000)
        tens, hits = divmod(rest, 100)
        return (hits + tens + 2 * (tens // 2), tens >= 2, hunger_tens > 0, ones > 0)

    return summed.map(decode)


@pytest.mark.parametrize(("pa", "ha", "pb", "hb"), [(6, 2, 5, 3), (9, 4, 11, 1), (15, 5, 15, 5)])
def test_matches_icepool(pa: int, ha: int, pb: int, hb: int) -> None:
    a, b = icepool_side(pa, ha), icepool_side(pb, hb)
    margin: Counter[int] = Counter()
    messy_a = bestial_b = 0
    for (sa, crit, ten, _one), qa in a.items():
        for (sb, _c, _t, one_b), qb in b.items():
            margin[sa - sb] += qa * qb
            if sa >= sb and crit and ten:
                messy_a += qa * qb
            if sa >= sb and one_b:
                bestial_b += qa * qb
    whole = a.denominator() * b.denominator()
    got = v5_contest(pa, ha, pb, hb)
    assert got.margin == {m: Fraction(q, whole) for m, q in sorted(margin.items()) if q}
    assert got.a.messy == Fraction(messy_a, whole)
    assert got.b.bestial == Fraction(bestial_b, whole)


# ----------------------------------------------------------------------------- properties


@settings(max_examples=60, deadline=None)
@given(
    pa=st.integers(0, 30),
    ha=st.integers(0, 5),
    pb=st.integers(0, 30),
    hb=st.integers(0, 5),
    tie=st.sampled_from(TIE_READINGS),
)
def test_properties(pa: int, ha: int, pb: int, hb: int, tie: str) -> None:
    c = v5_contest(pa, ha, pb, hb, tie=tie)
    assert c.a_wins + c.tie + c.b_wins == 1
    assert sum(c.margin.values()) == 1
    assert c.a.prevails + c.b.prevails + (c.tie if tie == "standoff" else 0) == 1
    for side in (c.a, c.b):
        assert 0 <= side.messy <= side.critical_win <= side.prevails
        assert side.bestial <= 1 - side.prevails
        if side.hunger == 0 or side.pool == 0:
            assert side.messy == side.bestial == 0
    if pa:
        assert c.a.successes == v5_pool(pa, ha, 0).successes
    # swapping the sides mirrors the margin; the acting side carries the tie either way
    swapped = v5_contest(pb, hb, pa, ha, tie=tie)
    assert swapped.margin == {-m: p for m, p in sorted(c.margin.items(), reverse=True)}
    assert swapped.a_wins == c.b_wins
    assert c.expected_margin == sum(m * p for m, p in c.margin.items())
    assert all(exists(step.rule) for step in c.steps)
    assert "vtm:v5-contests" in {step.rule for step in c.steps}


def test_the_trace_says_the_tie_reading_in_both_languages() -> None:
    for tie in TIE_READINGS:
        steps = v5_contest(5, 2, 4, 1, tie=tie).steps
        said = " ".join(step.text for step in steps)
        russian = " ".join(step.in_language("ru") for step in steps)
        assert "tie" in said
        assert "нич" in russian  # ничья


@pytest.mark.parametrize(
    ("args", "kwargs", "word"),
    [
        ((31, 0, 1, 0), {}, "pool"),
        ((3, 0, -1, 0), {}, "pool"),
        ((3, 6, 1, 0), {}, "Hunger"),
        ((3, 0, 1, True), {}, "Hunger"),
        ((3, 0, 1, 0), {"tie": "reroll"}, "tie"),
    ],
)
def test_bad_input(args: tuple[int, ...], kwargs: dict[str, str], word: str) -> None:
    with pytest.raises(InvalidState) as caught:
        v5_contest(*args, **kwargs)  # type: ignore[arg-type]
    assert word.lower() in str(caught.value).lower()
    assert caught.value.ru
