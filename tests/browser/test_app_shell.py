"""The app shell in a real browser: the landing page and every page it links to."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _exists(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return bool(response.status == 200)
    except urllib.error.HTTPError:
        return False


def test_landing_page_renders_and_links_every_page(open_page: Any, voila_url: str) -> None:
    page = open_page("00_index.ipynb")
    assert "Vampire Rules Desk" in page.inner_text(".calc-root")
    links = page.eval_on_selector_all(
        "a.calc-page-link", "els => els.map(e => e.getAttribute('href'))"
    )
    assert {link.split("?")[0] for link in links} >= {
        "vtes_damage.ipynb",
        "vtes_combat.ipynb",
        "vtes_table.ipynb",
        "dracula.ipynb",
        "vtm_dice.ipynb",
        "rules_reference.ipynb",
    }
    opened = 0
    for link in links:
        name = link.split("?")[0]
        if not _notebook_exists(name):
            continue
        open_page(name)
        text = page.inner_text(".calc-root")
        assert text.strip(), f"{name} rendered an empty calculator"
        opened += 1
    assert opened == len(
        {link.split("?")[0] for link in links if _notebook_exists(link.split("?")[0])}
    )


def _notebook_exists(name: str) -> bool:
    from pathlib import Path

    return (Path(__file__).resolve().parents[2] / "notebooks" / name).is_file()


def test_language_switch_translates_the_landing_page(open_page: Any) -> None:
    page = open_page("00_index.ipynb")
    page.get_by_role("button", name="Русский").click()
    page.wait_for_selector("text=Справочник правил")
    # the navigation is relabelled first, the page's cards right after it
    page.wait_for_function(
        "() => document.querySelector('.calc-root')?.innerText.includes('Для судей')"
    )


def test_landing_page_follows_lang_in_the_address(open_page: Any) -> None:
    page = open_page("00_index.ipynb", "?lang=ru")
    page.wait_for_selector("text=Выберите страницу")


def test_unknown_address_parameter_gives_a_message(open_page: Any) -> None:
    page = open_page("00_index.ipynb", "?colour=red")
    banner = page.wait_for_selector(".calc-error-box")
    assert banner is not None
    assert "unknown page parameter 'colour'" in banner.inner_text()
