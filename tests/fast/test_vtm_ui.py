"""The V:tM dice page driven without a browser, the way ipywidgets tests its widgets."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import pytest

from calculators.pages.vtm_dice.page import VtmDicePage, _actions, _attack, example_lines
from rules.vtm import attack, pool


@pytest.fixture(scope="module")
def app() -> VtmDicePage:
    return VtmDicePage()


def test_page_is_ready_and_shows_the_default_roll(app: VtmDicePage) -> None:
    assert "calc-ready" in app.widget._dom_classes
    assert app.result is not None
    expected = pool(6, 6)
    assert app.result.successes == expected.successes
    assert app.botch_text == f"Botch: {float(expected.botch) * 100:.2f}%"
    assert not app.banner.visible


def test_slider_changes_update_the_results(app: VtmDicePage) -> None:
    before = app.botch_text
    app.pool.dice.value = 7  # as a person moving the slider
    assert app.result is not None and app.result.rolled == 7
    assert app.botch_text != before
    app.set_inputs(dice=5, difficulty=8)
    assert app.result is not None
    assert app.result.botch == pool(5, 8).botch
    assert app.at_least_rows == pool(5, 8).at_least_table()


def test_chart_splits_botch_failure_success_with_exact_hover(app: VtmDicePage) -> None:
    app.set_inputs(dice=4, difficulty=6, specialty=False, willpower=False, actions=1)
    r = pool(4, 6)
    bars = app.pool.chart.bars
    assert [b.label for b in bars] == ["Botch", "0", "1", "2", "3", "4"]
    assert bars[0].value == r.botch and bars[1].value == r.failure
    assert sum(b.value for b in bars) == 1
    svg = app.pool.chart.widget.value
    assert f"{r.botch.numerator}/{r.botch.denominator}" in svg  # exact value in the hover title


def test_specialty_by_edition_and_tail(app: VtmDicePage) -> None:
    app.set_inputs(dice=5, difficulty=7, edition="revised", specialty=True)
    r = app.result
    assert r is not None and r.specialty == "reroll" and r.tail > 0
    assert app.pool.chart.bars[-1].label.startswith(">")
    assert app.pool.chart.bars[-1].value == r.tail
    assert sum(b.value for b in app.pool.chart.bars) == 1
    assert app.pool.reroll_ones_cancel.layout.display is None
    app.set_inputs(reroll_ones_cancel=True)
    assert app.result is not None and app.result.reroll_ones_cancel
    app.set_inputs(edition="v20")
    r = app.result
    assert r is not None and r.specialty == "double" and r.tail == 0
    assert app.pool.reroll_ones_cancel.layout.display == "none"
    app.set_inputs(specialty=False, reroll_ones_cancel=False, edition="revised")


def test_willpower_wounds_and_actions(app: VtmDicePage) -> None:
    app.set_inputs(dice=6, difficulty=6, willpower=True)
    assert app.result is not None and app.result.botch == 0
    assert app.pool.chart.bars[0].label == "1"
    app.set_inputs(willpower=False, wound="wounded", actions=2)
    # by hand: 6 dice, Wounded -2 = 4; two actions: 4 - 2 and 4 - 3
    assert [r.rolled for r in app.results] == [2, 1]
    assert "vtm-actions" in app.pool._actions_table._dom_classes
    assert "Action" in app.pool._actions_table.value
    app.set_inputs(wound="incapacitated")
    assert app.banner.visible and "incapacitated" in app.banner.message
    assert app.results == () and app.botch_text == ""
    app.set_inputs(wound="unhurt", actions=1)
    assert not app.banner.visible and app.result is not None


def test_exact_fractions_in_detail_view(app: VtmDicePage) -> None:
    app.set_inputs(dice=3, difficulty=6, exact=True)
    r = pool(3, 6)
    assert f"= {r.botch.numerator}/{r.botch.denominator}" in app.pool.summary.body
    at3 = r.at_least(3)
    assert f"{at3.numerator}/{at3.denominator}" in app.pool._at_least.value
    app.set_inputs(exact=False)
    assert "vtm-fraction" not in app.pool.summary.body
    # still exact on hover
    assert f'title="{r.botch.numerator}/{r.botch.denominator}' in app.pool.summary.body


def test_closed_forms_render_as_latex(app: VtmDicePage) -> None:
    app.set_inputs(dice=3, difficulty=6, closed_forms=True)
    assert r"\frac{(d-1)^{n} - (d-2)^{n}}{10^{n}}" in app.forms_html
    assert r"\frac{61}{1000}" in app.forms_html  # P(botch), 3 dice at 6: by hand 5**3 - 4**3
    assert app.pool._forms.value == app.forms_html
    app.set_inputs(specialty=True)
    assert r"\binom{k-j+n-1}{n-1}" in app.forms_html
    app.set_inputs(closed_forms=False, specialty=False)
    assert app.forms_html == ""


def test_russian_labels(app: VtmDicePage) -> None:
    app.set_language("ru")
    try:
        assert app.botch_text.startswith("Провал:")
        assert app.tabs.titles == (
            "Один бросок",
            "Атака",
            "V5 (5-я редакция)",
            "V5: состязания и проверки",
        )
        assert app.pool.dice.description == "Кубиков"
        assert app.pool.chart.bars[0].label == "Провал"
        assert "Недееспособен" in [label for label, _ in app.pool.wound.options]
    finally:
        app.set_language("en")
    assert app.botch_text.startswith("Botch:")


def test_attack_chain_on_the_page(app: VtmDicePage) -> None:
    app.set_attack(
        attack_pool=5,
        damage_base=3,
        damage_type="bashing",
        target="vampire",
        stamina=2,
        fortitude=1,
        defense_pool=2,
        wounds_taken=2,
    )
    a = app.attack_result
    expected = attack(
        5,
        damage_base=3,
        damage_type="bashing",
        target="vampire",
        stamina=2,
        fortitude=1,
        defense_pool=2,
        wounds_taken=2,
    )
    assert a is not None and a.levels == expected.levels and a.health == expected.health
    assert [b.value for b in app.attack.chart.bars] == [
        expected.levels.get(k, Fraction(0)) for k in range(max(expected.levels) + 1)
    ]
    text = re.sub(r"<[^>]+>", " ", app.attack._health_table.value)
    assert "Hurt" in text and "Injured" in text
    assert app.attack.fire.layout.display == "none"
    app.set_attack(damage_type="aggravated", fire=True)
    assert app.attack.fire.layout.display is None
    # by hand (vtm:soak): fire, Stamina 2 + Fortitude 1; the other reading, Fortitude 1 alone
    assert app.attack_result is not None and app.attack_result.soak_dice == 3
    app.set_attack(fire_soak_with_stamina=False)
    assert app.attack_result is not None and app.attack_result.soak_dice == 1
    app.set_attack(thrown=True, damage_type="lethal", fire=False)
    assert app.attack_result is not None and set(app.attack_result.damage_pools) == {3}
    assert any(s.rule == "vtm:damage-pool" for s in app.attack.trace.steps)


def test_slider_moves_are_served_from_the_cache(app: VtmDicePage) -> None:
    app.set_inputs(dice=12, difficulty=6, specialty=True)
    app.set_inputs(dice=13)
    hits = _actions.cache_info().hits
    app.set_inputs(dice=12)
    assert _actions.cache_info().hits == hits + 1
    app.set_attack(attack_pool=9)
    app.set_attack(attack_pool=8)
    hits = _attack.cache_info().hits
    app.set_attack(attack_pool=9)
    assert _attack.cache_info().hits == hits + 1
    app.set_inputs(specialty=False)


def test_url_parameters(monkeypatch: pytest.MonkeyPatch) -> None:
    page = VtmDicePage()
    monkeypatch.setenv("QUERY_STRING", "dice=9&difficulty=8&edition=v20")
    page.follow_url()
    assert page.result is not None and page.result.rolled == 9 and page.result.difficulty == 8
    page = VtmDicePage()
    monkeypatch.setenv("QUERY_STRING", "dice=99&difficulty=8")
    page.follow_url()
    assert "“Dice pool”" in page.banner.message and "1 to 50" in page.banner.message
    assert page.result is not None and page.result.difficulty == 8  # the good one applies


def test_example_lines_are_exact_engine_values() -> None:
    counts = {"botch": 0, "failure": 0, "success": 0}
    for roll in product(range(1, 11), repeat=3):
        hits, ones = sum(f >= 6 for f in roll), roll.count(1)
        counts["success" if hits > ones else ("botch" if hits == 0 and ones else "failure")] += 1
    botch, failure, success = (Fraction(counts[k], 1000) for k in ("botch", "failure", "success"))
    lines = example_lines()
    assert lines[0] == (
        f"3 dice at difficulty 6: botch {botch}, failure {failure}, success {success}"
    )
    assert botch == Fraction(5**3 - 4**3, 1000)
    assert len(lines) == 5


def test_hiding_one_switch_leaves_the_others_visible(app: VtmDicePage) -> None:
    app.set_inputs(specialty=False)
    assert app.pool.reroll_ones_cancel.layout.display == "none"
    for key in ("specialty", "willpower", "exact", "closed_forms"):
        assert getattr(app.pool, key).layout.display != "none", key
    app.set_attack(damage_type="lethal")
    assert app.attack.fire.layout.display == "none"
    for key in ("thrown", "attack_willpower", "damage_ones_cancel", "dazed_after_halving"):
        assert getattr(app.attack, key).layout.display != "none", key


def test_russian_page_explains_bad_input_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    page = VtmDicePage()
    page.set_language("ru")
    monkeypatch.setenv("QUERY_STRING", "difficulty=12&edition=v7")
    page.follow_url()
    assert page.banner.message.startswith(
        "«Сложность»: в адресе страницы указано '12', а должно быть целым числом от 2 до 10"
    )
    assert "«Редакция»: в адресе страницы указано 'v7', а должно быть одним из: revised" in (
        page.banner.message
    )
    page.pool.wound.value = "incapacitated"
    assert page.banner.message.startswith("Недееспособный персонаж не может действовать")
    assert "«Без ранений»" in page.banner.message and page.result is None
    page.set_language("en")
    page.pool.wound.value = "crippled"
    assert not page.banner.visible
    page.pool.wound.value = "incapacitated"
    assert page.banner.message.startswith("An incapacitated character cannot act")


def test_a_weapon_fills_the_damage_pool_from_strength() -> None:
    from rules.vtm.weapons import WEAPONS

    app = VtmDicePage()
    app.attack.weapon.strength.value = 3
    app.attack.weapon.choice.value = "sword"  # Strength + 2, lethal
    assert (app.attack.damage_base.value, app.attack.damage_type.value) == (5, "lethal")
    assert app.attack_result is not None
    assert app.attack_result.expected == attack(6, damage_base=5, stamina=2).expected
    app.attack.weapon.strength.value = 4
    assert app.attack.damage_base.value == 6
    app.attack.weapon.choice.value = "heavy_pistol"  # fixed 5 dice, Strength does not count
    assert app.attack.damage_base.value == 5
    app.attack.weapon.choice.value = "bite"
    assert (app.attack.damage_base.value, app.attack.damage_type.value) == (5, "aggravated")
    app.set_language("ru")
    assert (
        "Укус (вампир)" in app.attack.weapon.note.value
        and "таблица" in app.attack.weapon.note.value
    )
    app.attack.damage_base.value = 9  # edited by hand: the page no longer claims the weapon
    assert app.attack.weapon.choice.value == "none" and app.attack.weapon.note.value == ""
    for item in WEAPONS:
        for part in (item.name, item.source, item.formula()):
            assert part.render("ru") != part.render("en"), item.key
