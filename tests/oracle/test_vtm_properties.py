"""Property tests: every V:tM distribution is a probability distribution, exactly."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.vtm import HEALTH_LEVELS, UNHURT, attack, pool
from rules.vtm.closed_forms import pool_closed_forms

specialties = st.sampled_from([None, "reroll", "double"])
wounds = st.sampled_from([None, UNHURT, *HEALTH_LEVELS[:-1]])


@settings(max_examples=150, deadline=None)
@given(
    dice=st.integers(1, 50),
    difficulty=st.integers(2, 10),
    specialty=specialties,
    willpower=st.booleans(),
    ones_cancel=st.booleans(),
    wound=wounds,
)
def test_pool_sums_to_one(
    dice: int,
    difficulty: int,
    specialty: str | None,
    willpower: bool,
    ones_cancel: bool,
    wound: str | None,
) -> None:
    p = pool(
        dice,
        difficulty,
        specialty=specialty,
        willpower=willpower,
        reroll_ones_cancel=ones_cancel,
        wound=wound,
    )
    assert p.botch + p.failure + p.success == 1
    assert sum(p.successes.values()) + p.tail == 1
    assert sum(p.net.values()) + p.net_tail == 1
    assert all(isinstance(v, Fraction) and v > 0 for v in p.successes.values())
    assert min(p.botch, p.failure, p.success, p.tail) >= 0
    if willpower:
        assert p.botch == 0
    if specialty != "reroll":
        assert p.tail == 0
    if not willpower:
        assert p.at_least(1) == p.success
    assert p.at_least(0) == 1


@settings(max_examples=60, deadline=None)
@given(
    atk=st.integers(1, 12),
    dfn=st.integers(0, 8),
    base=st.integers(0, 8),
    dtype=st.sampled_from(["bashing", "lethal", "aggravated"]),
    target=st.sampled_from(["mortal", "vampire"]),
    stamina=st.integers(0, 5),
    fortitude=st.integers(0, 5),
    armor=st.integers(0, 4),
    add=st.booleans(),
    cancel=st.booleans(),
    taken=st.integers(0, 7),
)
def test_attack_sums_to_one(
    atk: int,
    dfn: int,
    base: int,
    dtype: str,
    target: str,
    stamina: int,
    fortitude: int,
    armor: int,
    add: bool,
    cancel: bool,
    taken: int,
) -> None:
    a = attack(
        atk,
        defense_pool=dfn,
        damage_base=base,
        damage_type=dtype,
        extra_successes_add=add,
        target=target,
        stamina=stamina,
        fortitude=fortitude,
        armor=armor,
        damage_ones_cancel=cancel,
        wounds_taken=taken,
    )
    assert sum(a.levels.values()) == 1
    assert sum(a.health.values()) == 1
    assert sum(a.penalties.values()) == 1
    assert sum(a.net_hits.values()) == 1
    assert a.miss + sum(a.damage_pools.values()) == 1
    assert 0 <= a.dazed <= 1 - a.levels.get(0, Fraction(0))
    assert a.levels.get(0, Fraction(0)) >= a.miss


@settings(max_examples=25, deadline=None)
@given(
    dice=st.integers(1, 30),
    difficulty=st.integers(2, 10),
    specialty=specialties,
    ones_cancel=st.booleans(),
)
def test_closed_forms_agree_with_the_engine(
    dice: int, difficulty: int, specialty: str | None, ones_cancel: bool
) -> None:
    forms = {
        f.key: f
        for f in pool_closed_forms(
            dice, difficulty, specialty=specialty, reroll_ones_cancel=ones_cancel
        ).forms
    }
    p = pool(dice, difficulty, specialty=specialty, reroll_ones_cancel=ones_cancel)
    assert forms["botch"].value == p.botch
    assert forms["expected_net"].value == p.expected_net
    assert forms["no_hit"].value == Fraction((difficulty - 1) ** dice, 10**dice)
    assert all(f.general for f in forms.values())
    if specialty == "reroll":
        assert forms["tail"].value == p.tail


def test_ui_values_equal_sympy_evaluation() -> None:
    from rules.vtm.closed_forms import closed_form_values

    for dice, difficulty, specialty in ((4, 6, None), (9, 3, "double"), (6, 8, "reroll")):
        forms = pool_closed_forms(dice, difficulty, specialty=specialty).forms
        values = closed_form_values(pool(dice, difficulty, specialty=specialty))
        for form in forms:
            if form.key in values:
                assert form.value == values[form.key], form.key
