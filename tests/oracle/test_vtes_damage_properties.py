"""Property tests of VTES damage resolution over small inputs."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.vtes import Ally, MinionState, Retainer, Vampire, resolve_damage

SMALL = st.integers(min_value=0, max_value=6)
RANK = {MinionState.BURNED: 0, MinionState.TORPOR: 1, MinionState.READY: 2}


@dataclass(frozen=True)
class Case:
    vampire: Vampire
    normal: int
    aggravated: int
    prevent_normal: int
    prevent_aggravated: int


@st.composite
def cases(draw: st.DrawFn) -> Case:
    capacity = draw(st.integers(min_value=1, max_value=8))
    blood = draw(st.integers(min_value=0, max_value=capacity))
    state = draw(st.sampled_from([MinionState.READY, MinionState.TORPOR]))
    normal, aggravated = draw(SMALL), draw(SMALL)
    prevent_normal = draw(st.integers(min_value=0, max_value=normal))
    prevent_aggravated = draw(st.integers(min_value=0, max_value=aggravated))
    return Case(
        Vampire("V", capacity=capacity, blood=blood, state=state),
        normal,
        aggravated,
        prevent_normal,
        prevent_aggravated,
    )


def run(case: Case, **changes: int):  # type: ignore[no-untyped-def]
    kwargs = {
        "normal": case.normal,
        "aggravated": case.aggravated,
        "prevent_normal": case.prevent_normal,
        "prevent_aggravated": case.prevent_aggravated,
    }
    kwargs.update(changes)
    return resolve_damage(case.vampire, **kwargs)


def simulate(case: Case) -> tuple[MinionState, int]:
    """Oracle: apply the unprevented damage one point at a time, normal points first."""
    blood = case.vampire.blood
    wounded = case.vampire.state is MinionState.TORPOR
    points = ["n"] * (case.normal - case.prevent_normal)
    points += ["a"] * (case.aggravated - case.prevent_aggravated)
    for point in points:
        if point == "n":
            if blood:
                blood -= 1
            else:
                wounded = True
        elif not wounded:
            wounded = True
        elif blood:
            blood -= 1
        else:
            return MinionState.BURNED, 0
    return (MinionState.TORPOR if wounded else MinionState.READY), blood


@settings(max_examples=300, deadline=None)
@given(cases())
def test_engine_agrees_with_point_by_point_oracle(case: Case) -> None:
    r = run(case)
    assert (r.state, r.blood) == simulate(case)


@settings(max_examples=200, deadline=None)
@given(cases())
def test_blood_stays_within_zero_and_capacity(case: Case) -> None:
    r = run(case)
    assert 0 <= r.blood <= case.vampire.capacity
    assert r.blood <= case.vampire.blood
    assert r.minion.blood == r.blood
    assert r.minion.capacity == case.vampire.capacity


@settings(max_examples=200, deadline=None)
@given(cases())
def test_burned_only_when_aggravated_reaches_wounded_vampire_without_blood(case: Case) -> None:
    r = run(case)
    through_n = case.normal - case.prevent_normal
    through_a = case.aggravated - case.prevent_aggravated
    blood = case.vampire.blood
    wounded_before_aggravated = case.vampire.state is MinionState.TORPOR or through_n > blood
    blood_for_aggravated = blood - min(blood, through_n)
    points_on_wounded = through_a if wounded_before_aggravated else max(0, through_a - 1)
    burns = points_on_wounded > blood_for_aggravated
    assert (r.state is MinionState.BURNED) == burns
    if burns:
        assert through_a >= 1 and r.blood == 0 and r.wounded


@settings(max_examples=200, deadline=None)
@given(cases())
def test_normal_only_damage_never_burns(case: Case) -> None:
    r = run(case, aggravated=0, prevent_aggravated=0)
    assert r.state is not MinionState.BURNED


@settings(max_examples=200, deadline=None)
@given(cases(), st.sampled_from(["prevent_normal", "prevent_aggravated"]))
def test_more_prevention_never_gives_a_worse_outcome(case: Case, which: str) -> None:
    limit = case.normal if which == "prevent_normal" else case.aggravated
    current = getattr(case, which)
    if current >= limit:
        return
    worse = run(case)
    better = run(case, **{which: current + 1})
    assert (RANK[better.state], better.blood) >= (RANK[worse.state], worse.blood)


@settings(max_examples=200, deadline=None)
@given(cases())
def test_wounded_exactly_when_not_ready_and_torpor_is_sticky(case: Case) -> None:
    r = run(case)
    assert r.wounded == (r.state is not MinionState.READY)
    assert r.minion.state is r.state
    if case.vampire.state is MinionState.TORPOR:
        assert r.state is not MinionState.READY


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=0, max_value=6),
    st.booleans(),
    SMALL,
    SMALL,
    st.data(),
)
def test_allies_and_retainers_lose_one_life_per_point(
    life: int, retainer: bool, normal: int, aggravated: int, data: st.DataObject
) -> None:
    if life == 0:
        life = 1
    if retainer:
        minion: Ally | Retainer = Retainer("R", life=life)
        pn = pa = 0
    else:
        minion = Ally("A", life=life)
        pn = data.draw(st.integers(min_value=0, max_value=normal))
        pa = data.draw(st.integers(min_value=0, max_value=aggravated))
    r = resolve_damage(
        minion, normal=normal, aggravated=aggravated, prevent_normal=pn, prevent_aggravated=pa
    )
    through = normal + aggravated - pn - pa
    assert r.blood == max(0, life - through)
    assert (r.state is MinionState.BURNED) == (through >= life)
    assert r.wounded is False
    assert type(r.minion) is type(minion)
