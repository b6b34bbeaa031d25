"""The VTES combat page in a real browser (Voila + headless Chromium)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGE = "vtes_combat.ipynb"


def story_has(page: Any, text: str) -> None:
    page.wait_for_function(
        "(text) => document.querySelector('.vtes-story')?.innerText.includes(text)", arg=text
    )


def test_kurt_and_ira_preset_tells_the_story(open_page: Any) -> None:
    page = open_page(PAGE)
    page.locator(".vtes-new-combat").click()
    story_has(page, "Anna (acting) and Boris (opposing) enter combat.")
    page.locator(".vtes-preset-kurt_ira").click()
    story_has(page, "Ira dodges, so Kurt's strike has no effect on Ira.")
    story = page.locator(".vtes-story").inner_text()
    assert "Kurt plays Blur: 1 additional strike." in story
    assert "Kurt has no strike left, so Ira's strike resolves alone." in story
    assert "Kurt ends ready with 2 blood." in story
    assert "Ira ends ready with 4 blood." in story
    assert "vtes:6.4.5" in page.locator(".calc-trace-view").inner_text()


def test_build_one_round_from_scratch_by_clicking(open_page: Any) -> None:
    page = open_page(PAGE)
    page.locator(".vtes-new-combat").click()
    story_has(page, "Boris takes 1 damage.")

    name = page.locator(".vtes-acting-name input")
    name.fill("Marek")
    name.press("Tab")
    story_has(page, "Marek (acting) and Boris (opposing) enter combat.")

    page.locator(".vtes-add-strike-acting").click()
    choice = page.locator(".vtes-side-acting .vtes-strike-choice select")
    choice.wait_for(state="visible")
    choice.select_option(label="Undead Strength")
    story_has(page, "Boris takes 3 damage.")

    page.locator(".vtes-add-strike-opposing").click()
    page.locator(".vtes-side-opposing .vtes-strike-choice select").select_option(label="dodge")
    story_has(page, "Boris dodges, so Marek's strike has no effect on Boris.")
    final = page.locator(".vtes-final").inner_text()
    assert "Marek" in final and "Boris" in final
    assert "Traceback" not in page.inner_text("body")


def test_a_vampire_and_a_card_by_name(open_page: Any) -> None:
    page = open_page(PAGE)
    page.locator(".vtes-new-combat").click()
    story_has(page, "Boris takes 1 damage.")
    page.locator(".vtes-cards-toggle").click()
    crypt = page.locator(".vtes-crypt-name input")
    crypt.fill("Tupdog (G3)")
    crypt.press("Tab")
    page.wait_for_function(
        "() => document.querySelector('.vtes-crypt-info')?.innerText.includes('Gargoyle')"
    )
    page.locator(".vtes-crypt-use").click()
    story_has(page, "Tupdog (acting) and Boris (opposing) enter combat.")
    card = page.locator(".vtes-card-name input")
    card.fill("Immortal Grapple")
    card.press("Tab")
    page.locator(".vtes-card-level select").select_option("POT")
    page.wait_for_function(
        "() => document.querySelector('.vtes-card-info')?.innerText"
        ".includes('As above, with 1 optional press')"
    )
    page.locator(".vtes-card-play").click()
    story_has(page, "Tupdog plays Immortal Grapple: only hand strikes this round.")
    story_has(page, "Round 2 is at close range, set by an earlier effect.")
    assert "Traceback" not in page.inner_text("body")
