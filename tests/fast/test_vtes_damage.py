"""VTES damage resolution (6.4.6): the seed's worked examples and unit cases."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.errors import IllegalPlay, InvalidState, RuleError
from rules.vtes import Ally, DamageResult, MinionState, Retainer, Vampire, resolve_damage
from rules.vtes.damage import describe_outcome
from rules.vtes.examples import DAMAGE_EXAMPLES, damage_example, seed_outcomes

VTES_IDS = {
    "vtes:6.4.6",
    "vtes:6.4.7",
    "vtes:6.5",
    "vtes:6.5.1",
}

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds"


# --- the seed's examples -------------------------------------------------------------


def test_krid_one_aggravated_goes_to_torpor_keeping_his_blood() -> None:
    r = resolve_damage(Vampire("Krid", capacity=4, blood=1), aggravated=1)
    assert r.state is MinionState.TORPOR
    assert r.state == "torpor"
    assert r.blood == 1
    assert r.wounded is True
    assert r.minion == Vampire("Krid", capacity=4, blood=1, state=MinionState.TORPOR)


def test_milo_three_aggravated_pays_two_blood_and_goes_to_torpor_empty() -> None:
    r = resolve_damage(Vampire("Milo", capacity=5, blood=2), aggravated=3)
    assert r.state is MinionState.TORPOR
    assert r.blood == 0
    assert r.wounded is True
    assert r.paid == 2
    assert r.mended == 0


def test_barth_mends_one_is_wounded_by_the_second_then_burned_by_aggravated() -> None:
    r = resolve_damage(Vampire("Barth", capacity=3, blood=1), normal=2, aggravated=1)
    assert r.state is MinionState.BURNED
    assert r.blood == 0
    assert r.mended == 1
    assert r.minion.state is MinionState.BURNED
    texts = " ".join(s.text for s in r.steps)
    assert "ash heap" in texts and "not diablerie" in texts
    # burned straight away: no step sends him to torpor
    assert all(s.rule != "vtes:6.5.1" for s in r.steps)


@pytest.mark.parametrize("example", DAMAGE_EXAMPLES, ids=lambda e: e.key)
@pytest.mark.parametrize("capacity_extra", [0, 1, 4, 10])
def test_examples_data_match_engine_for_any_capacity(example, capacity_extra: int) -> None:
    # the seed gives no capacity: the outcome must not depend on it
    v = example.vampire
    vampire = Vampire(v.name, capacity=max(1, v.blood + capacity_extra), blood=v.blood)
    r = resolve_damage(vampire, normal=example.normal, aggravated=example.aggravated)
    assert r.state is example.expected_state
    assert r.blood == example.expected_blood
    assert r.mended == example.expected_mended
    assert r.paid == example.expected_paid


def test_examples_are_the_three_seed_vampires() -> None:
    assert [e.key for e in DAMAGE_EXAMPLES] == ["krid", "milo", "barth"]
    krid, milo, barth = DAMAGE_EXAMPLES
    assert (krid.vampire.blood, krid.normal, krid.aggravated) == (1, 0, 1)
    assert (milo.vampire.blood, milo.normal, milo.aggravated) == (2, 0, 3)
    assert (barth.vampire.blood, barth.normal, barth.aggravated) == (1, 2, 1)
    assert all(e.vampire.state is MinionState.READY for e in DAMAGE_EXAMPLES)
    assert damage_example("milo") is milo
    with pytest.raises(InvalidState, match="'nobody' is not allowed; allowed: 'krid'"):
        damage_example("nobody")


def test_seed_outcomes_lines() -> None:
    assert tuple(str(line) for line in seed_outcomes()) == (
        "Krid: in torpor (wounded) with 1 blood",
        "Milo: in torpor (wounded) with 0 blood",
        "Barth: burned",
    )


def test_seed_file_names_the_examples() -> None:
    path = SEED / "vtes-rulebook-p4-combat-torpor-influence-victory.ru.txt"
    if not path.exists():
        pytest.skip("seed texts not available")
    text = path.read_text(encoding="utf-8")
    for name in ("Krid", "Milo", "Barth"):
        assert name in text


# --- vampires --------------------------------------------------------------------------


def test_normal_damage_mended_fully_stays_ready() -> None:
    r = resolve_damage(Vampire("Anson", capacity=8, blood=5), normal=3)
    assert (r.state, r.blood, r.wounded, r.mended) == (MinionState.READY, 2, False, 3)


def test_normal_damage_equal_to_blood_leaves_ready_and_empty() -> None:
    r = resolve_damage(Vampire("Anson", capacity=8, blood=3), normal=3)
    assert (r.state, r.blood, r.wounded) == (MinionState.READY, 0, False)


def test_normal_damage_beyond_blood_goes_to_torpor_not_burned() -> None:
    r = resolve_damage(Vampire("Anson", capacity=8, blood=2), normal=9)
    assert (r.state, r.blood, r.wounded) == (MinionState.TORPOR, 0, True)
    assert r.steps[-1].rule == "vtes:6.5.1"


def test_no_damage_changes_nothing() -> None:
    v = Vampire("Anson", capacity=8, blood=2)
    r = resolve_damage(v)
    assert r.minion == v and r.state is MinionState.READY and not r.wounded


def test_vampire_in_torpor_is_wounded_so_first_aggravated_point_costs_blood() -> None:
    v = Vampire("Sleeper", capacity=6, blood=3, state=MinionState.TORPOR)
    r = resolve_damage(v, aggravated=2)
    assert (r.state, r.blood, r.paid) == (MinionState.TORPOR, 1, 2)
    assert r.steps[-1].rule == "vtes:6.5"


def test_vampire_in_torpor_without_blood_burns_on_one_aggravated() -> None:
    v = Vampire("Sleeper", capacity=6, blood=0, state="torpor")
    r = resolve_damage(v, aggravated=1)
    assert r.state is MinionState.BURNED and r.blood == 0


def test_vampire_in_torpor_mends_normal_damage_and_stays_in_torpor() -> None:
    v = Vampire("Sleeper", capacity=6, blood=1, state=MinionState.TORPOR)
    r = resolve_damage(v, normal=4)
    assert (r.state, r.blood, r.mended) == (MinionState.TORPOR, 0, 1)


def test_normal_damage_is_processed_before_aggravated() -> None:
    # 2 blood, 2 normal + 1 aggravated: both normal mended (0 blood), then the
    # aggravated point wounds the unwounded vampire -> torpor, not burned
    r = resolve_damage(Vampire("Order", capacity=5, blood=2), normal=2, aggravated=1)
    assert (r.state, r.blood, r.mended, r.paid) == (MinionState.TORPOR, 0, 2, 0)


def test_prevention_split_is_the_players_choice() -> None:
    v = Vampire("Split", capacity=4, blood=1)
    on_aggravated = resolve_damage(v, normal=1, aggravated=1, prevent_aggravated=1)
    on_normal = resolve_damage(v, normal=1, aggravated=1, prevent_normal=1)
    assert (on_aggravated.state, on_aggravated.blood) == (MinionState.READY, 0)
    assert (on_normal.state, on_normal.blood) == (MinionState.TORPOR, 1)
    assert on_aggravated.prevented == on_normal.prevented == 1


def test_full_prevention_saves_barth() -> None:
    v = damage_example("barth").vampire
    r = resolve_damage(v, normal=2, aggravated=1, prevent_normal=1, prevent_aggravated=1)
    assert (r.state, r.blood) == (MinionState.READY, 0)


def test_burned_vampire_result_keeps_class_and_name() -> None:
    r = resolve_damage(Vampire("Ash", capacity=9, blood=0), aggravated=2)
    assert isinstance(r.minion, Vampire)
    assert r.minion.name == "Ash" and r.minion.capacity == 9
    assert r.minion.state is MinionState.BURNED and r.burned
    assert str(describe_outcome(r)) == "Ash: burned"


# --- allies and retainers --------------------------------------------------------------


def test_ally_loses_life_for_both_types_and_can_prevent() -> None:
    r = resolve_damage(Ally("Mage", life=4), normal=1, aggravated=2, prevent_aggravated=1)
    assert isinstance(r.minion, Ally)
    assert (r.state, r.blood, r.wounded, r.minion.life) == (MinionState.READY, 2, False, 2)
    assert str(describe_outcome(r)) == "Mage: ready with 2 life"


def test_ally_burned_at_zero_life() -> None:
    r = resolve_damage(Ally("Mage", life=2), aggravated=5)
    assert (r.state, r.blood, r.wounded) == (MinionState.BURNED, 0, False)
    assert r.minion.state is MinionState.BURNED


def test_retainer_damage_cites_retainer_section_and_burns() -> None:
    r = resolve_damage(Retainer("Raven Spy", life=2), normal=1, aggravated=1)
    assert (r.state, r.blood) == (MinionState.BURNED, 0)
    assert isinstance(r.minion, Retainer) and r.minion.life == 0
    assert "vtes:6.4.7" in {s.rule for s in r.steps}


def test_retainer_damage_cannot_be_prevented_in_seed_edition() -> None:
    with pytest.raises(InvalidState, match="cannot be prevented"):
        resolve_damage(Retainer("Raven Spy", life=2), normal=1, prevent_normal=1)


def test_retainer_prevention_allowed_in_current_edition() -> None:
    r = resolve_damage(Retainer("Raven Spy", life=2), normal=2, prevent_normal=1, rules="vekn-2024")
    assert (r.state, r.blood) == (MinionState.READY, 1)


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "pattern"),
    [
        (lambda: Vampire("V", capacity=3, blood=4), "from 0 to 3"),
        (lambda: Vampire("V", capacity=3, blood=-1), "0 or more"),
        (lambda: Vampire("V", capacity=0, blood=0), "1 or more"),
        (lambda: Vampire("V", capacity=3, blood=True), "whole number"),
        (lambda: Vampire("V", capacity=3, blood=1.5), "whole number"),
        (lambda: Vampire("V", capacity=3, blood=1, state="asleep"), "allowed"),
        (lambda: Vampire("", capacity=3, blood=1), "name"),
        (lambda: Ally("A", life=-2), "0 or more"),
        (lambda: Retainer("R", life=-1), "0 or more"),
    ],
)
def test_impossible_minions_raise_invalid_state(build, pattern: str) -> None:
    with pytest.raises(InvalidState, match=pattern):
        build()


@pytest.mark.parametrize(
    ("kwargs", "pattern"),
    [
        ({"normal": -1}, "Normal damage must be 0 or more"),
        ({"aggravated": -2}, "Aggravated damage must be 0 or more"),
        ({"prevent_normal": -1}, "0 or more"),
        ({"normal": 1, "rules": "v5"}, "black-hand"),
    ],
)
def test_bad_damage_input_raises_invalid_state(kwargs, pattern: str) -> None:
    with pytest.raises(InvalidState, match=pattern):
        resolve_damage(Vampire("V", capacity=3, blood=1), **kwargs)


def test_burned_minion_cannot_be_damaged_again() -> None:
    with pytest.raises(InvalidState, match="already burned"):
        resolve_damage(Ally("Gone", life=0), normal=1)
    with pytest.raises(InvalidState, match="already burned"):
        resolve_damage(Vampire("Gone", capacity=3, blood=0, state="burned"), normal=1)


def test_invalid_state_is_a_rule_error_and_value_error() -> None:
    with pytest.raises(RuleError):
        resolve_damage(Vampire("V", capacity=3, blood=1), normal=-1)
    with pytest.raises(ValueError):
        resolve_damage("a vampire", normal=1)  # type: ignore[arg-type]


def test_steps_cite_only_damage_and_torpor_sections() -> None:
    results: list[DamageResult] = [e.resolve() for e in DAMAGE_EXAMPLES]
    results.append(resolve_damage(Retainer("R", life=3), normal=1))
    results.append(resolve_damage(Ally("A", life=3), aggravated=1, prevent_aggravated=1))
    for r in results:
        assert r.steps
        assert {s.rule for s in r.steps} <= VTES_IDS
        assert all(s.text.strip() for s in r.steps)


# --- Russian trace texts -------------------------------------------------------------


def _ru(result: DamageResult) -> list[str]:
    return [step.in_language("ru") for step in result.steps]


def test_milo_explains_in_russian_that_he_pays_two_blood_for_aggravated_damage() -> None:
    r = damage_example("milo").resolve()
    ru_steps = _ru(r)
    assert all(s.ru and s.ru != s.text for s in r.steps)
    assert any(
        "сжигает 2 литра крови" in line and "по 1 за каждое неизлечимое повреждение" in line
        for line in ru_steps
    )
    last = r.steps[-1]
    assert last.rule == "vtes:6.5.1"
    assert "уходит в ступор" in last.ru and "крови: 0" in last.ru


def test_barth_burns_and_the_russian_step_says_ash_heap_not_diablerie() -> None:
    r = damage_example("barth").resolve()
    assert r.burned
    ru_steps = _ru(r)
    assert ru_steps[0] == (
        "Barth (готов, крови 1 из 3) получает 2 обычных повреждения и 1 неизлечимое повреждение."
    )
    assert "лечит 1 из 2 обычных повреждений" in " ".join(ru_steps)
    assert "кучу пепла" in ru_steps[-1] and "не дьяблери" in ru_steps[-1]


@pytest.mark.parametrize(
    ("blood", "normal", "phrase"),
    [
        (3, 1, "сжигает 1 литр крови"),
        (3, 2, "сжигает 2 литра крови"),
        (5, 5, "сжигает 5 литров крови"),
    ],
)
def test_russian_blood_counts_agree_with_the_number(blood: int, normal: int, phrase: str) -> None:
    r = resolve_damage(Vampire("Ada", capacity=5, blood=blood), normal=normal)
    assert any(phrase in line for line in _ru(r))


def test_russian_life_and_damage_counts_for_an_ally() -> None:
    r = resolve_damage(Ally("Mage", life=6), normal=3, aggravated=2)
    text = " ".join(_ru(r))
    assert "Mage (союзник, 6 жизней) получает 3 обычных повреждения и 2 неизлечимых" in text
    assert "всего 5 повреждений" in text
    assert "теряет 5 жизней" in text and "жизни: 1" in text


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (0, "0 литров крови"),
        (1, "1 литр крови"),
        (2, "2 литра крови"),
        (11, "11 литров крови"),
        (21, "21 литр крови"),
    ],
)
def test_russian_blood_forms(n: int, expected: str) -> None:
    from rules.vtes import counts

    assert counts.blood(n).render("ru") == expected


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (1, "1 повреждение"),
        (3, "3 повреждения"),
        (5, "5 повреждений"),
        (11, "11 повреждений"),
        (12, "12 повреждений"),
        (14, "14 повреждений"),
        (21, "21 повреждение"),
        (22, "22 повреждения"),
        (111, "111 повреждений"),
        (102, "102 повреждения"),
    ],
)
def test_russian_damage_forms(n: int, expected: str) -> None:
    from rules.vtes import counts

    assert counts.damage(n).render("ru") == expected


# -- Russian error messages ----------------------------------------------------------------


def _error_texts(call: Any) -> tuple[str, str]:
    with pytest.raises(RuleError) as caught:
        call()
    return str(caught.value), caught.value.in_language("ru")


def test_minion_errors_in_russian() -> None:
    en, ru = _error_texts(lambda: Vampire("Krid", capacity=4, blood=7))
    assert en.startswith("Krid has 7 blood but capacity 4")
    assert ru == "У вампира Krid 7 литров крови при объёме 4: крови может быть от 0 до 4."
    _en, ru = _error_texts(lambda: Ally("Ghoul", life=-1))
    assert ru == "Жизнь союзника Ghoul: допустимо от 0 и больше, а получено -1."
    _en, ru = _error_texts(lambda: Retainer("", life=1))
    assert ru == "У слуги должно быть непустое имя, а получено ''."
    _en, ru = _error_texts(lambda: Vampire("Krid", capacity=4, blood=1, state="asleep"))
    assert ru.startswith("Krid: неизвестное состояние 'asleep'; допустимые: 'ready'")


def test_damage_errors_in_russian() -> None:
    krid = Vampire("Krid", capacity=4, blood=2)
    en, ru = _error_texts(lambda: resolve_damage(krid, prevent_aggravated=3))
    assert "no damage is dealt" in en
    assert ru.startswith(
        "Сыграно предотвращение (обычных — 0, неизлечимых — 3), но повреждений нет"
    )
    _en, ru = _error_texts(lambda: resolve_damage(krid, normal=True))  # type: ignore[arg-type]
    assert ru == "Обычные повреждения: нужно целое число, а получено True."
    _en, ru = _error_texts(
        lambda: resolve_damage(Retainer("Dog", life=2), normal=2, prevent_normal=1)
    )
    assert ru.startswith("Dog — слуга: повреждения, нанесённые слугам, предотвратить нельзя")


def test_unknown_edition_in_russian() -> None:
    _en, ru = _error_texts(lambda: resolve_damage(Ally("Ghoul", life=2), normal=1, rules="v5"))
    assert ru == "Неизвестная редакция правил 'v5'; допустимые: black-hand, vekn-2024."


# -- prevention as judges enter it: the value printed on the card ---------------------------


def test_superior_skin_of_rock_against_one_damage_prevents_it_all() -> None:
    """Ruling G00153: prevention above the damage of its kind is capped at that damage."""
    result = resolve_damage(Vampire("Ira", capacity=5, blood=3), normal=1, prevent_normal=2)
    assert (result.state, result.blood, result.prevented) == (MinionState.READY, 3, 1)
    capped = [s for s in result.steps if "G00153" in s.text]
    assert len(capped) == 1
    assert "remaining 1 prevents nothing" in capped[0].text
    assert "G00153" in capped[0].in_language("ru")
    assert "1 обычное повреждение" in capped[0].in_language("ru")


@pytest.mark.parametrize(
    ("normal", "aggravated", "prevent_normal", "prevent_aggravated"),
    [(1, 0, 2, 0), (0, 1, 0, 3), (3, 2, 0, 5), (2, 1, 1, 4), (0, 2, 1, 0), (4, 0, 9, 9)],
)
def test_excess_prevention_equals_the_capped_prevention(
    normal: int, aggravated: int, prevent_normal: int, prevent_aggravated: int
) -> None:
    """Brute force: the result is exactly that of prevention capped kind by kind."""
    for minion in (Vampire("V", capacity=6, blood=2), Ally("A", life=3)):
        played = resolve_damage(
            minion,
            normal=normal,
            aggravated=aggravated,
            prevent_normal=prevent_normal,
            prevent_aggravated=prevent_aggravated,
        )
        capped = resolve_damage(
            minion,
            normal=normal,
            aggravated=aggravated,
            prevent_normal=min(prevent_normal, normal),
            prevent_aggravated=min(prevent_aggravated, aggravated),
        )
        assert (played.state, played.blood, played.prevented) == (
            capped.state,
            capped.blood,
            capped.prevented,
        )
        excess = (prevent_normal > normal) + (prevent_aggravated > aggravated)
        assert sum("G00153" in s.text for s in played.steps) == excess
        assert all(s.rule == "vtes:6.4.6" for s in played.steps if "G00153" in s.text)


@pytest.mark.parametrize("kwargs", [{"prevent_normal": 1}, {"prevent_aggravated": 2}])
def test_prevention_with_no_damage_is_illegal(kwargs: dict[str, int]) -> None:
    """Ruling G00154: a prevention card needs damage to prevent."""
    with pytest.raises(IllegalPlay, match="G00154") as caught:
        resolve_damage(Vampire("V", capacity=3, blood=1), **kwargs)
    assert "G00154" in caught.value.in_language("ru")


def test_retainer_prevention_is_still_refused_in_the_black_hand_rules() -> None:
    with pytest.raises(InvalidState, match="retainer"):
        resolve_damage(Retainer("Dog", life=2), normal=1, prevent_normal=2)
    result = resolve_damage(Retainer("Dog", life=2), normal=1, prevent_normal=2, rules="vekn-2024")
    assert (result.blood, result.prevented) == (2, 1)
