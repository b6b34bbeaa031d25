"""The VTES table rules page in a real browser (Voila + headless Chromium), one test per tab."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGE = "vtes_table.ipynb"


def wait_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => [...document.querySelectorAll(sel)]"
        ".some(e => e.innerText.includes(text))",
        arg=[selector, text],
    )


def open_tab(page: Any, title: str) -> None:
    page.get_by_role("tab", name=title).click()


def test_torpor_tab_rescue_and_bad_share(open_page: Any) -> None:
    page = open_page(PAGE)
    wait_text(page, ".vtes-torpor-result", "Lucinde leaves torpor")
    page.get_by_role("button", name="Rescue", exact=True).click()
    wait_text(page, ".vtes-torpor-result", "Anson is rescued")
    share = page.locator(".vtes-rescuer-share input")
    share.fill("3")
    share.press("Enter")
    wait_text(page, ".vtes-rescuer-share .calc-field-problem", "whole number from 0 to 2")
    assert share.input_value() == "3"
    assert "Traceback" not in page.inner_text("body")
    share.fill("2")
    share.press("Enter")
    page.locator(".vtes-rescuer-share .calc-field-problem").wait_for(state="detached")
    wait_text(page, ".vtes-torpor-result", "Lucinde paid 2, Anson paid 0")
    assert "vtes:6.5.3" in page.locator(".vtes-tab-torpor .calc-trace-view").inner_text()


def test_influence_tab_nora(open_page: Any) -> None:
    page = open_page(PAGE)
    open_tab(page, "Influence phase")
    page.get_by_role("button", name="Nora's refused plan").click()
    wait_text(page, ".calc-error", "a Methuselah with no pool is ousted")
    page.get_by_role("button", name="Nora's phase").click()
    page.locator(".calc-error").wait_for(state="hidden")
    wait_text(page, ".vtes-influence-result", "Pool 2 -> 1; transfers used 4 of 4.")
    assert "Capacity-10 vampire" in page.locator(".vtes-influence-result").inner_text()
    moves = page.locator(".vtes-moves textarea")
    moves.fill("Capacity-7 vampire -3")
    moves.press("Tab")
    wait_text(page, ".calc-error", "needs 6 transfers but only 4")
    # the current rulebook: Nora's plan has to bring the vampire out itself
    page.get_by_role("button", name="Current VEKN rulebook").click()
    page.get_by_role("button", name="Nora's phase").click()
    page.locator(".calc-error").wait_for(state="hidden")
    wait_text(page, ".vtes-influence-result", "Rulebook: Current VEKN rulebook")
    assert moves.input_value().endswith("bring out: Capacity-10 vampire")
    wait_text(page, ".vtes-influence-rulebook", "Applies the current VEKN rulebook")


def test_victory_tab_in_russian(open_page: Any) -> None:
    page = open_page(PAGE)
    page.get_by_role("button", name="Русский").click()
    open_tab(page, "Победные очки")
    wait_text(page, ".vtes-victory-result", "Ничья: Richard, Lisa.")
    events = page.locator(".vtes-events textarea")
    events.fill("Steve\nJustin")
    events.press("Tab")
    wait_text(page, ".vtes-victory-result", "Игра продолжается")
    assert "Richard" in page.locator(".vtes-victory-result").inner_text()
    page.get_by_role("button", name="Richard, Steve, Justin, Lisa").click()
    wait_text(page, ".vtes-victory-result", "Ничья: Richard, Lisa.")


def test_contests_tab_pool_message(open_page: Any) -> None:
    page = open_page(PAGE, "?tab=contests")
    open_tab(page, "Contests")
    wait_text(page, ".vtes-contests-result", "Pool paid 1 (10 -> 9)")
    cards = page.locator(".vtes-cards textarea")
    cards.fill("Haven A\nHaven B\nHaven C")
    cards.press("Tab")
    pool = page.locator(".vtes-contest-pool input")
    pool.fill("1")
    pool.press("Enter")
    wait_text(page, ".calc-error", "yield at least 2")
    pool.fill("3")
    pool.press("Enter")
    page.locator(".calc-error").wait_for(state="hidden")
    wait_text(page, ".vtes-contests-result", "Pool paid 3 (3 -> 0)")
    wait_text(page, ".vtes-contests-result", "ousted")
