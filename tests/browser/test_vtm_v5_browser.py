"""The V5 tab in a real browser: a person opens it, moves the Hunger slider, types a roll."""

from __future__ import annotations

from typing import Any

import pytest

from calculators.kit.fmt import percent
from rules.vtm import v5_contest, v5_pool

pytestmark = pytest.mark.browser


def test_v5_tab_hunger_slider_and_willpower_advice(open_page: Any) -> None:
    page = open_page("vtm_dice.ipynb")
    page.get_by_role("tab", name="V5 (5th edition)").click()
    summary = page.locator(".vtm-v5-summary")
    calm = v5_pool(6, 1, 3)
    page.wait_for_selector(f".vtm-v5-summary >> text={percent(calm.messy)}")
    assert "Messy critical" in summary.inner_text()
    assert "Bestial failure" in summary.inner_text()

    before = summary.inner_text()
    handle = page.locator(".vtm-v5-hunger .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")  # Hunger 1 -> 2
    page.wait_for_function(
        "before => document.querySelector('.vtm-v5-summary').innerText !== before", arg=before
    )
    hungry = v5_pool(6, 2, 3)
    text = summary.inner_text()
    assert percent(hungry.messy) in text and percent(hungry.bestial) in text
    assert "Hunger dice: 2" in text
    # one bar per total from 0 to the highest
    assert page.locator(".vtm-v5-chart rect.calc-bar").count() == max(hungry.successes) + 1

    roll = page.locator(".vtm-v5-roll input")
    roll.fill("3 2 7 6 / 1 4")  # every die of the pool of 6, the 2 Hunger dice after '/'
    roll.press("Enter")
    page.wait_for_selector(".vtm-v5-advice >> text=Re-roll 2 3: win 75.00%")
    page.wait_for_selector(".vtm-v5 .calc-trace-view >> text=Best: re-roll [2, 3]")
    assert "Hunger stays with" in page.inner_text(".vtm-v5-rouse")


def test_v5_contest_tab_reads_a_contest_and_its_link_keeps_it(open_page: Any) -> None:
    page = open_page("vtm_dice.ipynb")
    page.get_by_role("tab", name="V5 contests and checks").click()
    box = page.locator(".vtm-c-pool-b input")
    box.fill("8")
    box.press("Enter")
    contest = v5_contest(6, 2, 8, 1)
    page.wait_for_function(
        "t => document.querySelector('.vtm-contest')?.innerText.includes(t)",
        arg=percent(contest.b_wins),
    )
    assert page.locator(".vtm-strategies-view b").inner_text().endswith("(recommended)")
    page.wait_for_function("() => location.search.includes('v5c_pool_b=8')")
    query = page.evaluate("location.search")
    page.goto("about:blank")
    page = open_page("vtm_dice.ipynb", query)
    page.wait_for_function(
        "t => document.querySelector('.vtm-contest')?.innerText.includes(t)",
        arg=percent(contest.b_wins),
    )
