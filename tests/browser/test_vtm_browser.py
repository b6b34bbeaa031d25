"""The V:tM dice page in a real browser: moving a slider changes the visible odds."""

from __future__ import annotations

from typing import Any

import pytest

from calculators.kit.fmt import percent
from calculators.pages.vtm_dice.page import VtmDicePage

pytestmark = pytest.mark.browser


def _botch_text(page: Any) -> str:
    return str(page.inner_text(".vtm-botch")).strip()


def test_pool_slider_arrow_key_changes_the_botch_percentage(open_page: Any) -> None:
    page = open_page("vtm_dice.ipynb")
    page.wait_for_selector(".vtm-botch >> text=Botch")
    before = _botch_text(page)
    assert before == "Botch: 1.15%"  # 6 dice at difficulty 6: (5^6 - 4^6) / 10^6
    handle = page.locator(".vtm-dice .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    page.wait_for_function(
        "before => document.querySelector('.vtm-botch').innerText.trim() !== before",
        arg=before,
    )
    after = _botch_text(page)
    assert after == "Botch: 0.62%"  # 7 dice: (5^7 - 4^7) / 10^7
    assert page.locator(".vtm-dice-typed input").input_value() == "7"  # the box beside it


def test_russian_page_and_attack_tab(open_page: Any) -> None:
    page = open_page("vtm_dice.ipynb", "?lang=ru&dice=3")
    page.wait_for_selector(".vtm-botch >> text=Провал: 6,10 %")
    page.get_by_role("tab", name="Атака").click()
    page.wait_for_selector(".vtm-attack-summary >> text=Попадание")
    assert "Нанесено уровней здоровья" in page.inner_text(".vtm-attack-chart")


def test_a_link_into_the_attack_tab_opens_it_built_and_set(open_page: Any) -> None:
    # the attack tab is built only when shown: the link selects it and sets one of its inputs
    page = open_page("vtm_dice.ipynb", "?tabs=1&attack_pool=9")
    page.wait_for_selector(".vtm-attack-summary >> text=Hit")
    assert page.locator(".vtm-attack-pool-typed input").input_value() == "9"
    by_code = VtmDicePage()
    by_code.set_attack(attack_pool=9)
    assert by_code.attack_result is not None
    assert percent(by_code.attack_result.hit) in page.inner_text(".vtm-attack-summary")
