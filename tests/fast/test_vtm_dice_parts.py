"""The V:tM dice page's parts without a page: each on a StandaloneContext (the kit's part
contract): its inputs read as frozen values, its results shown, its address fields."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import ipywidgets as widgets
import pytest

from calculators.kit.part import StandaloneContext
from calculators.pages.vtm_dice.attack import ATTACK_FIELDS, AttackPart
from calculators.pages.vtm_dice.labels import LABELS, POOL_INPUTS
from calculators.pages.vtm_dice.pool import PoolPart
from calculators.pages.vtm_dice.v5 import LABELS as V5_LABELS
from calculators.pages.vtm_dice.v5 import V5Tab
from calculators.pages.vtm_dice.view import NO_WEAPON, PoolInputs, V5Inputs, WeaponChoice
from calculators.pages.vtm_dice.weapons import WEAPON_LABELS, WeaponPicker
from rules.errors import RuleError
from rules.vtm import attack, multiple_actions


def test_the_pool_part_reads_a_roll_and_asks_for_a_result_on_change() -> None:
    asked: list[str] = []
    part = PoolPart(StandaloneContext(LABELS, refresh=lambda: asked.append("refresh")))
    part.relabel()
    assert part.read() == PoolInputs(6, 1, 6, None, False, False, None)
    part.specialty.value = True
    assert asked == ["refresh"]
    assert part.read().specialty == "reroll"  # Revised: a 10 rolls again
    part.reroll_ones_cancel.value = True
    assert part.read().reroll_ones_cancel and part.reroll_ones_cancel.layout.display is None
    part.edition.value = "v20"
    v = part.read()
    assert (v.specialty, v.reroll_ones_cancel) == ("double", False)  # V20: a 10 counts twice
    assert part.reroll_ones_cancel.layout.display == "none"
    assert tuple(part.address_fields()) == POOL_INPUTS


def test_a_wound_that_cannot_roll_is_refused() -> None:
    part = PoolPart(StandaloneContext(LABELS))
    part.wound.value = "incapacitated"
    with pytest.raises(RuleError):
        part.read()


def test_the_pool_part_shows_the_engine_results_and_clears_them() -> None:
    part = PoolPart(StandaloneContext(LABELS, lang="ru"))
    part.relabel()
    results = multiple_actions(6, 2, 6)
    part.show(results)
    assert part.results == results
    assert part.botch_text.startswith("Провал")
    assert sum(bar.value for bar in part.chart.bars) == 1
    assert part.at_least_rows == results[0].at_least_table()
    part.clear()
    assert part.results == () and part.summary.body == ""


def test_the_attack_part_reads_the_engine_s_arguments() -> None:
    part = AttackPart(StandaloneContext(LABELS), exact=lambda: True)
    part.relabel()
    inputs = part.read()
    assert inputs.attack_pool == 6 and inputs.extra_successes_add
    part.thrown.value = True
    assert not part.read().extra_successes_add
    result = attack(**part.read().arguments())
    expected = attack(6, damage_base=3, damage_type="lethal", extra_successes_add=False, stamina=2)
    assert result.levels == expected.levels
    part.show(result)
    assert part.result is result and "/" in part.summary.body  # fractions shown when asked
    assert sum(bar.value for bar in part.chart.bars) == 1
    assert set(part.address_fields()) == ATTACK_FIELDS
    with pytest.raises(RuleError):
        dataclasses.replace(inputs, damage_type="fire").checked()
    assert part.fire.layout.display == "none"  # only aggravated damage can be fire
    part.damage_type.value = "aggravated"
    part.read()
    assert part.fire.layout.display is None


def test_the_weapon_picker_fills_the_damage_inputs_it_is_given() -> None:
    asked: list[str] = []
    base = widgets.IntSlider(value=3, min=0, max=15)
    kind = widgets.ToggleButtons(options=["bashing", "lethal", "aggravated"], value="lethal")
    picker = WeaponPicker(
        StandaloneContext(WEAPON_LABELS, refresh=lambda: asked.append("refresh")),
        base,
        kind,
        {},
        widgets.Layout(),
    )
    picker.relabel()
    assert picker.read() == WeaponChoice(NO_WEAPON, 2) and picker.note.value == ""
    picker.strength.value = 3
    picker.choice.value = "club"  # Strength + 2, bashing
    assert (base.value, kind.value) == (5, "bashing") and asked == ["refresh"]
    assert "Source:" in picker.note.value
    base.value = 4  # by hand: the weapon's numbers no longer hold
    assert picker.read().key == NO_WEAPON and picker.note.value == ""
    assert set(picker.address_fields()) == {"weapon_choice", "weapon_strength"}


def test_the_v5_tab_on_its_own() -> None:
    tab = V5Tab(StandaloneContext(V5_LABELS))
    tab.relabel()
    assert tab.read() == V5Inputs(6, 1, 3, "")
    tab.set_inputs(pool=2, hunger=1, difficulty=1)
    assert tab.result is not None and tab.result.win == Fraction(3, 4)
    assert tab.odds_text.startswith("Win 75.00%")
    assert "Hunger 1" in tab.rouse_text
    tab.set_inputs(pool=6, hunger=5)
    assert tab.rouse_text == V5_LABELS.text("rouse_5", "en")
    tab.set_inputs(roll="10 7 3 2 / 10 1", hunger=2)
    assert tab.advice is not None and tab.advice_text.startswith("As rolled")
    assert set(tab.address_fields()) == {"v5_pool", "v5_hunger", "v5_difficulty", "v5_roll"}
    tab.set_inputs(roll="10 11")
    assert tab.advice is None and tab.advice_error  # said beside the field, not raised
