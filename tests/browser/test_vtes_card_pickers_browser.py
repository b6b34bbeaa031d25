"""The VTES combat page's card pickers in a real browser: a misspelled name, "Did you mean",
the chosen card's rulings, and the messages beside the pickers."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGE = "vtes_combat.ipynb"


def has_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => document.querySelector(sel)?.innerText.includes(text)",
        arg=[selector, text],
    )


def test_misspelled_names_did_you_mean_rulings_and_messages(open_page: Any) -> None:
    page = open_page(PAGE)
    page.locator(".vtes-new-combat").click()
    has_text(page, ".vtes-story", "Boris takes 1 damage.")
    page.locator(".vtes-cards-toggle").click()

    crypt = page.locator(".vtes-crypt-name input")
    crypt.fill("Theo Bel")
    crypt.press("Tab")
    suggestion = page.locator(".vtes-crypt-feedback .vtes-picker-suggestion").first
    suggestion.wait_for(state="visible")
    assert "Did you mean" in page.locator(".vtes-crypt-feedback").inner_text()
    assert suggestion.inner_text().strip() == "Theo Bell (G2)?"
    suggestion.click()
    has_text(page, ".vtes-crypt-info", "cel dom pre POT")
    page.locator(".vtes-crypt-use").click()
    has_text(page, ".vtes-crypt-feedback", "Theo Bell (G2) is now the acting minion.")
    page.wait_for_selector(".vtes-card-acting.vtes-minion-changed")
    has_text(page, ".vtes-story", "Theo Bell (acting) and Boris (opposing) enter combat.")

    card = page.locator(".vtes-card-name input")
    card.fill("Hiden Strenght")
    card.press("Tab")
    offered = page.locator(".vtes-card-feedback .vtes-picker-suggestion").first
    offered.wait_for(state="visible")
    assert offered.inner_text().strip() == "Hidden Strength?"
    offered.click()
    has_text(page, ".vtes-card-info", "Prevent X+1 damage.")
    rulings = page.locator(".vtes-card-info details.vtes-picker-rulings")
    summary = rulings.locator("summary")
    assert summary.inner_text().startswith("Official rulings (")
    reference = rulings.locator("a.vtes-reference").first
    assert not reference.is_visible()  # closed until opened: the picker stays compact
    summary.click()
    reference.wait_for(state="visible")
    assert reference.get_attribute("href", timeout=5000).startswith("http")

    page.locator(".vtes-card-play").click()
    has_text(page, ".vtes-card-feedback", "Theo Bell (G2) has no Fortitude (for)")
    assert page.locator(".vtes-card-feedback .calc-error-box").is_visible()
    assert "Fortitude" not in " ".join(page.locator(".calc-error").all_inner_texts())
    assert "Traceback" not in page.inner_text("body")
