"""The V5 tab of the V:tM dice page, driven without a browser."""

from __future__ import annotations

from fractions import Fraction
from math import factorial

import pytest

from calculators.pages.vtm_dice.page import VtmDicePage
from rules.errors import InvalidState
from rules.vtm import v5_pool, v5_reroll, v5_willpower
from rules.vtm.notation import parse_roll


@pytest.fixture
def app() -> VtmDicePage:
    return VtmDicePage()


def test_default_tab_shows_the_engine_odds(app: VtmDicePage) -> None:
    tab = app.v5
    assert app.tabs.titles[2] == "V5 (5th edition)"
    expected = v5_pool(6, 1, 3)
    assert tab.result is not None and tab.result.win == expected.win
    # by hand: 6 dice, each a blank (1/2), a 6-9 (2/5) or a 10 (1/10); s 6-9s and t 10s win
    # at difficulty 3 when s + t + 2 * (t // 2) >= 3
    win = sum(
        Fraction(factorial(6), factorial(6 - s - t) * factorial(s) * factorial(t))
        * Fraction(1, 2) ** (6 - s - t)
        * Fraction(2, 5) ** s
        * Fraction(1, 10) ** t
        for s in range(7)
        for t in range(7 - s)
        if s + t + 2 * (t // 2) >= 3
    )
    assert expected.win == win == Fraction(213, 320)  # 66.5625%
    assert tab.odds_text.startswith("Win 66.56% · Critical win")
    assert f"{float(expected.messy) * 100:.2f}%" in tab.odds_text
    # the chart: one bar per total, green from the difficulty on, summing to exactly 1
    assert [b.label for b in tab.chart.bars] == [str(k) for k in range(len(tab.chart.bars))]
    assert sum((b.value for b in tab.chart.bars), Fraction(0)) == 1
    assert {b.color for b in tab.chart.bars[3:]} == {"#1b5e20"}
    assert "#1b5e20" not in {b.color for b in tab.chart.bars[:3]}
    # by hand: a 6 or more on one die, 1/2; on the better of two, 1 - (1/2)**2
    assert "Hunger stays with 50.00% (one die), 75.00%" in tab.rouse_text
    assert "Type a roll" in tab._advice.value


def test_sliders_willpower_and_advice(app: VtmDicePage) -> None:
    tab = app.v5
    tab.set_inputs(pool=3, hunger=5, difficulty=2)  # Hunger above the pool: all Hunger dice
    assert tab.result is not None and tab.result.hunger_dice == 3
    assert "Hunger 5 is more than the pool" in tab.trace_view.text
    assert tab.willpower is not None
    assert tab.willpower.win == v5_willpower(3, 5, 2).win == tab.result.win  # nothing to re-roll
    assert "cannot be roused by choice" in tab.rouse_text
    tab.set_inputs(pool=4, hunger=1, difficulty=3, roll="3 2 7 / 8")
    assert tab.advice is not None
    assert tab.advice.best == v5_reroll([3, 2, 7], [8], 3).best
    # by hand: 7 and 8 are 2 successes of the 3 needed; re-rolling 2 and 3 wins unless both
    # come up 1-5: 1 - (1/2)**2 = 75%; the Hunger die (8) stays: neither messy nor bestial
    assert tab.advice_text == (
        "As rolled: 2 successes, not a win. Re-roll 2 3: win 75.00%, messy critical 0%, "
        "bestial failure 0%."
    )
    assert "[vtm:v5-willpower] Best: re-roll [2, 3]" in tab.trace_view.text
    tab.set_inputs(pool=5, roll="10 9 9 9 / 10")
    assert "Re-roll 10: win 100%, messy critical 10.00%" in tab.advice_text
    tab.set_inputs(roll="")
    assert tab.advice is None and "Best:" not in tab.trace_view.text


def test_a_slip_in_the_roll_is_said_beside_it_in_the_page_language(app: VtmDicePage) -> None:
    tab = app.v5
    tab.set_inputs(roll="7 7 / 11")
    assert "1 to 10" in tab.advice_error and tab.result is not None
    assert app.banner.message == ""
    app.set_language("ru")
    assert "от 1 до 10" in tab.advice_error
    assert app.tabs.titles[2] == "V5 (5-я редакция)"
    assert tab.odds_text.startswith("Победа")
    tab.set_inputs(roll="7 / 7 / 7")
    assert "перед кубиками Голода" in tab.advice_error


def test_url_parameters_open_the_tab(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "tabs=2&v5_pool=20&v5_hunger=5&v5_difficulty=7")
    app = VtmDicePage()
    app.follow_url()
    assert app.tabs.selected_index == 2
    assert app.v5.result is not None and app.v5.result.win == v5_pool(20, 5, 7).win
    assert app.v5.trace_view.widget.value  # revealed once the tab is shown
    monkeypatch.setenv("QUERY_STRING", "v5_hunger=6")
    app = VtmDicePage()
    app.follow_url()
    assert "“Hunger”" in app.banner.message and "0 to 5" in app.banner.message
    assert {"v5_pool", "v5_hunger", "v5_difficulty"} <= set(app.url_fields())


def test_parse_roll() -> None:
    assert parse_roll("10 7, 3 / 10 1") == ([10, 7, 3], [10, 1])
    assert parse_roll("  ") is None
    assert parse_roll("/ 1 10") == ([], [1, 10])
    for bad in ("a b", "1 / 2 / 3", "1-2"):
        with pytest.raises(InvalidState):
            parse_roll(bad)
