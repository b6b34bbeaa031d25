"""A combat built from cards in a real browser: Theo Bell against Lucian, the Perfect, six
cards of different kinds played from the pickers, "Copy link", and the link opened in a fresh
browser gives the same report."""

from __future__ import annotations

from typing import Any

import pytest
from support.card_combat import THEO_AGAINST_LUCIAN, Play
from support.servers import is_local

pytestmark = pytest.mark.browser

PAGE = "vtes_combat.ipynb"


def _has(page: Any, css: str, text: str) -> None:
    page.wait_for_function(
        "([css, text]) => document.querySelector(css)?.innerText.includes(text)",
        arg=[css, text],
    )


def _vampire(page: Any, name: str, side: str) -> None:
    box = page.locator(".vtes-crypt-name input")
    box.fill(name)
    box.press("Tab")
    _has(page, ".vtes-crypt-info", name.split(" (")[0])
    page.locator(".vtes-crypt-side select").select_option(side)
    page.locator(".vtes-crypt-use").click()
    _has(page, ".vtes-story", f"{name.split(' (')[0]} ({side})")


def _play(page: Any, card: Play, number: int) -> None:
    box = page.locator(".vtes-card-name input")
    box.fill(card.card)
    box.press("Tab")
    _has(page, ".vtes-card-info", card.card)
    page.locator(".vtes-card-level select").select_option(label=card.level)
    page.locator(".vtes-card-side select").select_option(card.side)
    rnd = page.locator(".vtes-card-round input")
    rnd.fill(str(card.round))
    rnd.press("Tab")
    if card.choice:
        choice = page.locator(".vtes-card-choice input")
        choice.fill(card.choice)
        choice.press("Tab")
    page.locator(".vtes-card-play").click()
    page.wait_for_function(
        "(n) => document.querySelectorAll('.vtes-cards-played li').length === n", arg=number
    )


def _report(page: Any) -> tuple[str, str, str]:
    return (
        page.locator(".vtes-story").inner_text(),
        page.locator(".vtes-final").inner_text(),
        page.locator(".vtes-cards-played").inner_text(),
    )


def test_six_cards_played_from_the_pickers_travel_in_the_copied_link(
    open_page: Any, browser: Any
) -> None:
    page = open_page(PAGE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator(".vtes-new-combat").click()
    _has(page, ".vtes-story", "Anna (acting) and Boris (opposing) enter combat.")
    page.locator(".vtes-cards-toggle").click()
    _vampire(page, "Theo Bell (G2)", "acting")
    _vampire(page, "Lucian, the Perfect (G4)", "opposing")
    for number, card in enumerate(THEO_AGAINST_LUCIAN, 1):
        _play(page, card, number)
    _has(page, ".vtes-story", "Lucian, the Perfect strikes with Majesty (combat ends).")
    made = _report(page)
    for said in ("Immortal Grapple", "Undead Strength", "Glancing Blow", ".44 Magnum", "Flash"):
        assert said in made[0] or said in made[2], said
    assert page.locator(".calc-error-box").count() == 0

    page.locator(".calc-copy-link").click()
    page.wait_for_function("() => document.querySelector('.calc-link-status').innerText.trim()")
    link = str(page.evaluate("navigator.clipboard.readText()"))
    assert "combat=" in link and len(link) <= 2000

    context = browser.new_context(service_workers="block")
    try:
        fresh = context.new_page()
        fresh.route(
            "**/*",
            lambda route: route.continue_() if is_local(route.request.url) else route.abort(),
        )
        fresh.goto(link, wait_until="domcontentloaded", timeout=180_000)
        fresh.wait_for_selector(".calc-ready", state="visible", timeout=180_000)
        _has(fresh, ".vtes-story", "Lucian, the Perfect strikes with Majesty (combat ends).")
        fresh.locator(".vtes-cards-toggle").click()
        _has(fresh, ".vtes-cards-played", "Majesty")
        assert _report(fresh) == made
        assert fresh.locator(".calc-error-box").count() == 0
        assert "Traceback" not in fresh.inner_text("body")
    finally:
        context.close()
