"""The nested-run messages of the VTES combat page, in a real browser."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGE = "vtes_combat.ipynb"


def test_add_round_after_kurt_and_ira_shows_why_it_cannot(open_page: Any) -> None:
    page = open_page(PAGE)
    page.locator(".vtes-preset-kurt_ira").click()
    page.wait_for_function(
        "() => document.querySelector('.vtes-story')?.innerText.includes('Kurt ends ready')"
    )
    page.locator(".vtes-add-round").click()
    banner = page.locator(".calc-error")
    banner.wait_for(state="visible")
    assert "Round 2 cannot be played: the combat ended in round 1" in banner.inner_text()


def test_an_unknown_preset_in_the_address_is_shown(open_page: Any) -> None:
    page = open_page(PAGE, "?preset=nope")
    banner = page.locator(".calc-error")
    banner.wait_for(state="visible")
    said = banner.inner_text()
    assert "an example combat the page does not have (nope)" in said
    assert "so the page shows Kurt against Ira" in said
