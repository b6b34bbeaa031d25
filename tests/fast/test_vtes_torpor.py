"""Torpor actions, diablerie and the blood hunt (VTES 6.5-6.5.6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import IllegalPlay, InvalidState, RuleError
from rules.vtes.models import Ally, MinionState, Vampire
from rules.vtes.torpor import (
    blood_hunt,
    commit_diablerie,
    diablerie,
    leave_torpor,
    rescue,
)

TORPOR = MinionState.TORPOR
READY = MinionState.READY
BURNED = MinionState.BURNED

ALLOWED_VTES_IDS = {
    "vtes:1", "vtes:2", "vtes:2.1", "vtes:2.2", "vtes:2.3", "vtes:3", "vtes:4", "vtes:4.1",
    "vtes:4.2", "vtes:5", "vtes:6", "vtes:6.1", "vtes:6.1.1", "vtes:6.1.2", "vtes:6.1.3",
    "vtes:6.1.4", "vtes:6.1.5", "vtes:6.1.6", "vtes:6.1.7", "vtes:6.2", "vtes:6.4.1",
    "vtes:6.4.2", "vtes:6.4.3", "vtes:6.4.4", "vtes:6.4.5", "vtes:6.4.6", "vtes:6.4.7",
    "vtes:6.5", "vtes:6.5.1", "vtes:6.5.2", "vtes:6.5.3", "vtes:6.5.4", "vtes:6.5.5",
    "vtes:6.5.6", "vtes:7", "vtes:8", "vtes:9", "vtes:9.1", "vtes:9.2",
}  # fmt: skip


def sleeper(blood: int = 4, capacity: int = 6, name: str = "Sleeper") -> Vampire:
    return Vampire(name, capacity=capacity, blood=blood, state=TORPOR)


def waker(blood: int = 3, capacity: int = 5, name: str = "Waker") -> Vampire:
    return Vampire(name, capacity=capacity, blood=blood)


def rules_cited(steps: tuple[object, ...]) -> set[str]:
    return {s.rule for s in steps}  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- leave torpor


def test_leave_torpor_unblocked_pays_two_and_readies() -> None:
    r = leave_torpor(sleeper(blood=4))
    assert r.outcome == "left torpor"
    assert r.vampire.blood == 2
    assert r.vampire.state is READY
    assert r.blood_paid == 2
    assert r.stealth == 1
    assert r.combat is False
    assert "vtes:6.5.2" in rules_cited(r.steps)


def test_leave_torpor_with_exactly_two_blood_ends_at_zero() -> None:
    r = leave_torpor(sleeper(blood=2))
    assert r.vampire.blood == 0 and r.vampire.state is READY


def test_leave_torpor_needs_two_blood() -> None:
    with pytest.raises(IllegalPlay, match="costs 2 blood"):
        leave_torpor(sleeper(blood=1))


def test_leave_torpor_needs_a_vampire_in_torpor() -> None:
    with pytest.raises(IllegalPlay, match="not in torpor"):
        leave_torpor(waker())


def test_blocked_by_ally_fails_without_cost_or_combat() -> None:
    r = leave_torpor(sleeper(blood=4), blocker=Ally("Ghoul", life=2))
    assert r.outcome == "failed"
    assert r.vampire == sleeper(blood=4)
    assert r.blood_paid == 0
    assert r.combat is False
    assert r.diablerie is None


def test_blocked_by_vampire_who_declines_fails() -> None:
    r = leave_torpor(sleeper(blood=4), blocker=waker())
    assert r.outcome == "failed"
    assert r.vampire.state is TORPOR and r.vampire.blood == 4


def test_blocked_by_ally_cannot_diablerize() -> None:
    with pytest.raises(IllegalPlay, match="ally"):
        leave_torpor(sleeper(), blocker=Ally("Ghoul", life=2), diablerize=True)


def test_diablerize_needs_a_blocker() -> None:
    with pytest.raises(IllegalPlay, match="blocker"):
        leave_torpor(sleeper(), diablerize=True)


def test_blocking_vampire_diablerizes_the_acting_vampire() -> None:
    r = leave_torpor(
        sleeper(blood=4, capacity=6), blocker=waker(blood=3, capacity=5), diablerize=True
    )
    assert r.outcome == "diablerized"
    assert r.vampire.state is BURNED and r.vampire.blood == 0
    assert r.diablerie is not None
    # 4 blood onto a capacity-5 vampire holding 3: 2 kept, 2 drained
    assert r.diablerie.diablerist.blood == 5
    assert r.diablerie.blood_drained == 2
    assert r.diablerie.discipline_allowed is True
    assert r.blood_paid == 0
    assert {"vtes:6.5.2", "vtes:6.5.5", "vtes:6.5.6"} <= rules_cited(r.steps)


# --------------------------------------------------------------------------- rescue


@pytest.mark.parametrize("share", [0, 1, 2])
def test_rescue_splits_two_blood(share: int) -> None:
    r = rescue(waker(blood=3), sleeper(blood=3), rescuer_pays=share, same_controller=True)
    assert r.outcome == "rescued"
    assert r.rescuer.blood == 3 - share
    assert r.rescued.blood == 3 - (2 - share)
    assert r.rescuer_paid + r.rescued_paid == 2
    assert r.rescued.state is READY


def test_rescue_same_controller_has_stealth() -> None:
    r = rescue(waker(), sleeper(), rescuer_pays=1, same_controller=True)
    assert r.stealth == 1 and r.directed is False


def test_rescue_of_another_methuselahs_vampire_is_directed() -> None:
    r = rescue(waker(), sleeper(), rescuer_pays=1, same_controller=False)
    assert r.stealth == 0 and r.directed is True


def test_rescue_share_must_be_affordable() -> None:
    with pytest.raises(IllegalPlay, match="Sleeper has 0 blood"):
        rescue(waker(blood=5), sleeper(blood=0), rescuer_pays=1, same_controller=True)
    with pytest.raises(IllegalPlay, match="Waker has 1 blood"):
        rescue(waker(blood=1), sleeper(blood=3), rescuer_pays=2, same_controller=True)
    # the whole cost paid by the rescuer works for a vampire with no blood
    r = rescue(waker(blood=2), sleeper(blood=0), rescuer_pays=2, same_controller=True)
    assert r.rescued.blood == 0 and r.rescuer.blood == 0


def test_rescue_share_out_of_range() -> None:
    with pytest.raises(InvalidState, match="0 to 2"):
        rescue(waker(), sleeper(), rescuer_pays=3, same_controller=True)


def test_blocked_rescue_means_combat_and_no_cost() -> None:
    r = rescue(waker(), sleeper(), rescuer_pays=2, same_controller=False, blocked=True)
    assert r.outcome == "blocked"
    assert r.combat is True
    assert r.rescuer == waker() and r.rescued == sleeper()


def test_allies_cannot_rescue() -> None:
    with pytest.raises(IllegalPlay, match="allies cannot"):
        rescue(Ally("Ghoul", life=3), sleeper(), rescuer_pays=0, same_controller=True)


def test_rescuer_must_be_ready() -> None:
    with pytest.raises(IllegalPlay, match="ready"):
        rescue(sleeper(name="Other"), sleeper(), rescuer_pays=0, same_controller=True)


# --------------------------------------------------------------------------- diablerie action


def test_diablerie_action_stealth_rule() -> None:
    own = commit_diablerie(waker(), sleeper(), same_controller=True)
    other = commit_diablerie(waker(), sleeper(), same_controller=False)
    assert (own.stealth, own.directed) == (1, False)
    assert (other.stealth, other.directed) == (0, True)
    assert own.outcome == other.outcome == "diablerie"
    assert "vtes:6.5.4" in rules_cited(own.steps)


def test_diablerie_action_blocked_is_combat() -> None:
    r = commit_diablerie(waker(), sleeper(), same_controller=False, blocked=True)
    assert r.outcome == "blocked" and r.combat is True and r.diablerie is None
    assert r.victim.state is TORPOR


def test_allies_cannot_take_the_diablerie_action() -> None:
    with pytest.raises(IllegalPlay, match="allies cannot"):
        commit_diablerie(Ally("Ghoul", life=3), sleeper(), same_controller=False)


def test_assamite_blood_curse() -> None:
    with pytest.raises(IllegalPlay, match="blood curse"):
        commit_diablerie(waker(), sleeper(), same_controller=False, blood_cursed=True)
    with pytest.raises(IllegalPlay, match="blood curse"):
        diablerie(waker(), sleeper(), blood_cursed=True)


def test_victim_must_be_in_torpor() -> None:
    with pytest.raises(IllegalPlay, match="torpor"):
        diablerie(waker(), waker(name="Awake"))


# --------------------------------------------------------------------------- diablerie effects


def test_diablerie_moves_all_blood_and_drains_excess() -> None:
    r = diablerie(waker(blood=1, capacity=4), sleeper(blood=5, capacity=8))
    assert r.blood_moved == 5
    assert r.diablerist.blood == 4
    assert r.blood_drained == 2
    assert r.victim.state is BURNED and r.victim.blood == 0
    assert r.blood_hunt_called is True


def test_diablerie_without_excess() -> None:
    r = diablerie(waker(blood=1, capacity=9), sleeper(blood=3, capacity=4))
    assert r.diablerist.blood == 4 and r.blood_drained == 0
    assert r.discipline_allowed is False


def test_equipment_taken_or_burned() -> None:
    gear = (".44 Magnum", "Flak Jacket")
    all_taken = diablerie(waker(), sleeper(), equipment=gear)
    assert all_taken.equipment_taken == gear and all_taken.equipment_burned == ()
    some = diablerie(waker(), sleeper(), equipment=gear, take=["Flak Jacket"])
    assert some.equipment_taken == ("Flak Jacket",)
    assert some.equipment_burned == (".44 Magnum",)
    with pytest.raises(InvalidState, match="Sword"):
        diablerie(waker(), sleeper(), equipment=gear, take=["Sword"])


def test_discipline_only_from_older_victim() -> None:
    older = diablerie(
        waker(blood=2, capacity=5), sleeper(blood=1, capacity=6), take_discipline=True
    )
    assert older.discipline_gained is True
    assert older.diablerist.capacity == 6
    assert older.diablerist.blood == 3  # no blood added for the new capacity
    with pytest.raises(IllegalPlay, match="not older"):
        diablerie(waker(capacity=6), sleeper(capacity=6), take_discipline=True)


def test_diablerist_must_be_ready_vampire() -> None:
    with pytest.raises(IllegalPlay, match="ally"):
        diablerie(Ally("Ghoul", life=3), sleeper())
    with pytest.raises(IllegalPlay, match="ready"):
        diablerie(sleeper(name="Also asleep"), sleeper())


@given(
    d_cap=st.integers(1, 11),
    d_frac=st.integers(0, 11),
    v_cap=st.integers(1, 11),
    v_frac=st.integers(0, 11),
)
def test_diablerie_conserves_blood(d_cap: int, d_frac: int, v_cap: int, v_frac: int) -> None:
    d = Vampire("D", capacity=d_cap, blood=min(d_frac, d_cap))
    v = Vampire("V", capacity=v_cap, blood=min(v_frac, v_cap), state=TORPOR)
    r = diablerie(d, v)
    assert r.diablerist.blood + r.blood_drained == d.blood + v.blood
    assert r.diablerist.blood <= r.diablerist.capacity
    assert r.blood_drained == max(0, d.blood + v.blood - d.capacity)
    assert r.discipline_allowed == (v_cap > d_cap)
    assert rules_cited(r.steps) <= ALLOWED_VTES_IDS


# --------------------------------------------------------------------------- blood hunt


def test_blood_hunt_passes_with_majority() -> None:
    r = blood_hunt(waker(), votes_for=4, votes_against=3)
    assert r.passed and r.diablerist.state is BURNED


@pytest.mark.parametrize(("yes", "no"), [(3, 3), (0, 0), (1, 5)])
def test_blood_hunt_fails_without_majority(yes: int, no: int) -> None:
    r = blood_hunt(waker(), votes_for=yes, votes_against=no)
    assert not r.passed and r.diablerist == waker()


def test_blood_hunt_bad_votes() -> None:
    with pytest.raises(RuleError):
        blood_hunt(waker(), votes_for=-1, votes_against=0)


def test_all_steps_use_allowed_ids() -> None:
    results = [
        leave_torpor(sleeper()),
        leave_torpor(sleeper(), blocker=waker(), diablerize=True),
        rescue(waker(), sleeper(), rescuer_pays=1, same_controller=False),
        commit_diablerie(waker(), sleeper(), same_controller=True, take_discipline=True),
        blood_hunt(waker(), votes_for=1, votes_against=0),
    ]
    for r in results:
        assert r.steps
        assert rules_cited(r.steps) <= ALLOWED_VTES_IDS


# --------------------------------------------------------------------------- Russian texts


def test_leave_torpor_in_russian_names_the_cost_and_the_blood_left() -> None:
    r = leave_torpor(sleeper(blood=3, name="Milo"))
    assert all(s.ru and s.ru != s.text for s in r.steps)
    assert "Блока нет: Milo платит 2 литра крови (крови осталось: 1)" in r.steps[-1].ru
    assert "зону готовых" in r.steps[-1].ru


def test_diablerie_in_russian_drains_the_excess_to_the_blood_bank() -> None:
    r = diablerie(waker(blood=4, capacity=5, name="Dia"), sleeper(blood=3, capacity=7))
    move = next(s.ru for s in r.steps if "переходит к дьяблеристу" in s.ru)
    assert "(3 литра крови)" in move and "(2 литра крови) уходит в банк крови" in move
    assert "теперь у дьяблериста 5 литров крови" in move
    assert r.steps[-1].rule == "vtes:6.5.6" and "Кровавой Охоте" in r.steps[-1].ru


def test_blood_hunt_tie_fails_in_russian() -> None:
    r = blood_hunt(waker(name="Dia"), votes_for=2, votes_against=2)
    assert "«за» — 2, «против» — 2" in r.steps[-1].ru
    assert "отклонён" in r.steps[-1].ru and "Dia остаётся в игре" in r.steps[-1].ru


# --------------------------------------------------------------------------- Russian messages


def test_leave_torpor_without_blood_in_russian() -> None:
    sleeper = Vampire("Milo", capacity=5, blood=1, state=MinionState.TORPOR)
    with pytest.raises(IllegalPlay) as caught:
        leave_torpor(sleeper)
    text = caught.value.in_language("ru")
    assert "У вампира Milo 1 литр крови" in text
    assert "выход из ступора стоит 2 литра крови" in text
    assert "спасение возможно" in text
    assert caught.value.in_language("en") == str(caught.value)


def test_rescue_errors_in_russian() -> None:
    helper = Vampire("Anna", capacity=6, blood=4)
    sleeper = Vampire("Milo", capacity=5, blood=3, state=MinionState.TORPOR)
    with pytest.raises(IllegalPlay) as caught:
        rescue(Ally("Ghoul", life=2), sleeper, rescuer_pays=1, same_controller=True)
    text = caught.value.in_language("ru")
    assert text.startswith("Ghoul — союзник")
    assert "спасающий должен быть вампиром" in text
    with pytest.raises(InvalidState) as caught_share:
        rescue(helper, sleeper, rescuer_pays=3, same_controller=True)
    assert "от 0 до 2, а получено 3" in caught_share.value.in_language("ru")
    awake = Vampire("Milo", capacity=5, blood=3)
    with pytest.raises(IllegalPlay) as caught_state:
        rescue(helper, awake, rescuer_pays=1, same_controller=True)
    assert caught_state.value.in_language("ru") == (
        "Milo готов, а не в ступоре; для спасения нужен вампир в ступоре."
    )


def test_discipline_from_a_younger_victim_in_russian() -> None:
    elder = Vampire("Elder", capacity=9, blood=4)
    young = Vampire("Young", capacity=4, blood=2, state=MinionState.TORPOR)
    with pytest.raises(IllegalPlay) as caught:
        diablerie(elder, young, take_discipline=True)
    text = caught.value.in_language("ru")
    assert "Young (объём 4) не старше дьяблериста Elder (объём 9)" in text
