"""The VTES deck odds page in a real browser: paste a deck, pick a card, read the odds, copy
the link and open it afresh: the same odds."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGE = "vtes_deck_odds.ipynb"

DECK = """Crypt (12 cards)
3x Tupdog
9x Carlak

Library (20 cards)
8x Dust Up
12x Ambulance
"""


def _result(page: Any) -> str:
    return str(page.locator(".deck-odds-result").inner_text())


def test_paste_a_deck_pick_a_card_and_the_link_brings_the_same_odds(open_page: Any) -> None:
    page = open_page(PAGE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    area = page.locator(".deck-odds-list textarea")
    area.fill(DECK)
    area.blur()  # the list is read when the visitor leaves it
    page.wait_for_function(
        "() => document.querySelector('.deck-odds-summary')?.innerText.includes('12 crypt')"
    )
    page.locator(".deck-odds-pile").get_by_role("button", name="Crypt").click()
    choice = page.locator(".deck-odds-category0 select")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.deck-odds-category0 option')]"
        ".some(o => o.textContent.startsWith('Tupdog'))"
    )
    choice.select_option(label="Tupdog (G3) (3 of 12)")
    # 3 copies in a 12-card crypt, 4 seen on turn 1: 41/55 = 74.55%
    page.wait_for_function(
        "() => document.querySelector('.deck-odds-result')?.innerText.includes('74.55%')"
    )
    shown = _result(page)
    assert page.locator('.deck-odds-result span[title^="41/55"]').count() == 1
    page.locator(".calc-copy-link").click()
    page.wait_for_function("() => document.querySelector('.calc-link-status').innerText.trim()")
    link = str(page.evaluate("navigator.clipboard.readText()"))
    assert "deck=" in link and "category0=" in link and len(link) <= 2000
    page.goto("about:blank")
    page = open_page(PAGE, "?" + link.split("?", 1)[1])
    page.wait_for_function(
        "() => document.querySelector('.deck-odds-result')?.innerText.includes('74.55%')"
    )
    assert _result(page) == shown
    assert "Tupdog" in page.locator(".deck-odds-list textarea").input_value()
