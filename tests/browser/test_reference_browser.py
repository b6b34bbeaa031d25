"""The rules reference page in the browser, through Voila (widgets: fast/test_reference_page.py)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.reference import lookup, sections

# -- in the browser ------------------------------------------------------------------------
# A page's first render may take long on a busy machine: allow for it in navigation.
SLOW_LOAD_MS = 180_000


@pytest.fixture
def slow_page(page: Any, open_page: Any) -> Any:
    page.set_default_navigation_timeout(SLOW_LOAD_MS)

    def _open(query: str = "") -> Any:
        return open_page("rules_reference.ipynb", query)

    return _open


@pytest.mark.browser
def test_browser_opens_a_section_by_address_in_russian(slow_page: Any) -> None:
    page = slow_page("?section=vtes:6.4.6&lang=ru")
    view = page.locator(".ref-view")
    view.get_by_text(lookup("vtes:6.4.6").title["ru"]).first.wait_for()
    assert "vtes:6.4.6" in view.inner_text()
    assert page.locator(".calc-error-box").count() == 0


@pytest.mark.browser
def test_browser_search_and_pick(slow_page: Any) -> None:
    page = slow_page()
    box = page.locator(".ref-search input")
    box.click()
    box.press_sequentially("неизлечимое", delay=20)
    page.locator(".ref-view .calc-h3", has_text="6.4.6").wait_for()
    box.fill("")
    box.press_sequentially("hunting", delay=20)
    page.locator(".ref-view .calc-h3", has_text="6.1.2").wait_for()
    box.fill("")
    page.locator(".ref-count", has_text=str(len(sections()))).wait_for()
    page.locator(".ref-results select").select_option(label=lookup("vtes:6.1.6").heading("en"))
    page.locator(".ref-view", has_text="Krid").wait_for()


@pytest.mark.browser
def test_browser_bad_section_in_address_shows_a_message(slow_page: Any) -> None:
    page = slow_page("?section=vtes:6.4.66")
    banner = page.locator(".calc-error-box")
    banner.wait_for()
    assert "vtes:6.4.66" in banner.inner_text()
    page.get_by_text("Glossary", exact=True).click()
    page.locator(".ref-glossary-view", has_text="ступор").wait_for()
