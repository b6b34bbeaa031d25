"""The V:tM page's V5 contests and checks tab, and the typed roll read as typed: the part on
its own (the kit's part contract), its view, and through the page (address, ruling, language)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculators.kit.part import StandaloneContext
from calculators.pages.vtm_dice.page import VtmDicePage
from calculators.pages.vtm_dice.v5 import LABELS as V5_LABELS
from calculators.pages.vtm_dice.v5_contest import CONTEST_LABELS, V5ContestTab
from calculators.pages.vtm_dice.v5_contest_view import margin_bars, strategies_html
from rules.vtm import frenzy_test, remorse_test, v5_contest, v5_reroll, v5_strategies

WORDS = V5_LABELS.merged(CONTEST_LABELS)


@pytest.fixture
def tab() -> V5ContestTab:
    part = V5ContestTab(StandaloneContext(WORDS))
    part.relabel()
    return part


def test_the_contest_matches_the_engine_and_its_tie_reading_is_a_switch(
    tab: V5ContestTab,
) -> None:
    tab.set_inputs(pool_a=1, hunger_a=0, pool_b=1, hunger_b=0)
    assert tab.results is not None
    c = tab.results.contest
    # by hand: one die each, a success is 6-10: A wins 1/4, tie 1/2, B wins 1/4
    assert (c.a_wins, c.tie, c.b_wins) == (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
    assert c.a.prevails == Fraction(3, 4)  # the acting side carries a tie (default)
    tab.set_inputs(tie="standoff")
    assert tab.results.contest.a.prevails == Fraction(1, 4)
    tab.set_inputs(pool_a=6, hunger_a=2, pool_b=5, hunger_b=1, tie="acting")
    engine = v5_contest(6, 2, 5, 1)
    assert tab.results.contest.margin == engine.margin
    assert tab.results.contest.a.messy == engine.a.messy
    bars = margin_bars(tab.results.contest)
    assert sum(bar.value for bar in bars) == 1 and {bar.label for bar in bars} >= {"-5", "0"}
    assert tab.lines[0].startswith("A wins ")


def test_the_strategies_stand_beside_the_best_and_one_is_recommended(tab: V5ContestTab) -> None:
    tab.set_inputs(pool_a=7, hunger_a=2, difficulty=4)
    assert tab.results is not None
    odds = v5_strategies(7, 2, 4)
    assert tab.results.strategies.recommended == odds.recommended == "reroll-failures"
    html = strategies_html(tab.results.strategies, lambda k: WORDS.text(k, "en"), "en")
    assert "<b>re-roll failures (recommended)</b>" in html
    assert html.count("<tr>") == 1 + 1 + 4 + 1  # head, without, four strategies, the best
    assert 'title="21333/25600' in html


def test_the_checks_follow_their_inputs(tab: V5ContestTab) -> None:
    tab.set_inputs(hunger_a=2, checks=1, blood_potency=0, humanity=7, stains=1, willpower=4)
    assert tab.results is not None and tab.results.rouse is not None
    # by hand: one rouse check at Hunger 2 is a die, 6 or more keeps Hunger: 1/2 each way
    assert tab.results.rouse.hunger_after == {2: Fraction(1, 2), 3: Fraction(1, 2)}
    assert tab.results.remorse.keeps == remorse_test(7, 1).keeps == Fraction(3, 4)
    assert tab.results.frenzy.resists == frenzy_test(4, 7, 3).resists
    tab.set_inputs(hunger_a=5)
    assert tab.results.rouse is None and "cannot be roused" in " ".join(tab.lines)


def test_the_tab_on_the_page_travels_in_the_link_and_speaks_russian() -> None:
    app = VtmDicePage()
    app.tabs.selected_index = 3
    app.contest.set_inputs(pool_a=8, hunger_a=3, pool_b=6, hunger_b=0, tie="defender")
    query = app.address_query()
    assert "v5c_tie=defender" in query and "tabs=3" in query
    fresh = VtmDicePage(lang="ru")
    fresh.apply_address(query)
    assert not fresh.banner.message and fresh.tabs.selected_index == 3
    result = fresh.contest.results
    assert result is not None
    assert result.contest.a_wins == v5_contest(8, 3, 6, 0, tie="defender").a_wins
    assert fresh.tabs.titles[3] == "V5: состязания и проверки"
    text = fresh.ruling_text()
    assert "A побеждает" in text and "[vtm:v5-contests]" in text
    fresh.contest.set_inputs(pool_a=40)
    assert fresh.contest.pool_a.message  # said beside the box


def test_a_typed_roll_is_read_as_typed() -> None:
    page = VtmDicePage()
    tab = page.v5
    tab.set_inputs(pool=7, hunger=3, difficulty=3, roll="10 7 3 2 10 1 5")
    # no '/' at Hunger 3: the page asks which dice are Hunger dice, it never guesses
    assert tab.advice is None and "/" in tab.advice_error
    tab.set_inputs(roll="10 7 3 2 / 10 1")
    assert tab.advice is None and "6 dice are typed" in tab.advice_error
    tab.set_inputs(roll="10 7 3 2 / 10 1 5")
    assert tab.advice is not None
    assert tab.advice.best == v5_reroll([10, 7, 3, 2], [10, 1, 5], 3).best
    assert tab.advice_error == "" and not page.banner.message
