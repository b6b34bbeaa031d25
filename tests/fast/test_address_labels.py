"""A refused address value is named as the page labels the input, never by the address's
internal parameter name (``crypt_picker_side``, ``tabs``), in the page's language."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import pytest

from calculators.kit.address import input_label
from calculators.kit.fields import IntField
from calculators.kit.page import Page
from calculators.pages.deck_odds.page import DeckOddsPage
from calculators.pages.dracula.page import DraculaPage
from calculators.pages.vtes_damage.page import VtesDamagePage
from calculators.pages.vtes_table.page import VtesTablePage
from calculators.pages.vtm_dice.page import VtmDicePage

# inputs whose address value can be refused (a text box takes any text)
REFUSING = (
    IntField,
    widgets.IntSlider,
    widgets.Checkbox,
    widgets.ToggleButton,
    widgets.Dropdown,
    widgets.ToggleButtons,
    widgets.RadioButtons,
    widgets.Select,
    widgets.SelectMultiple,
    widgets.Tab,
)


def test_a_refused_value_names_the_input_by_its_label() -> None:
    page = VtesDamagePage()
    page.apply_address("crypt_picker_side=x&blood=abc&crypt_toggle=maybe")
    said = page.banner.message
    assert "“For”: the page address gives 'x', but it must be one of: acting, opposing" in said
    assert "“Blood”: the page address gives 'abc'" in said
    assert "“Vampire or ally”: the page address gives 'maybe', but it must be 1 or 0" in said
    for internal in ("crypt_picker_side", "crypt_toggle", "blood in"):
        assert internal not in said


def test_in_russian_and_for_a_tab() -> None:
    page = VtmDicePage()
    page.apply_address("lang=ru&tabs=9&dice=0")
    said = page.banner.message
    assert "«Кубиков»: в адресе страницы указано '0', а должно быть целым числом от 1" in said
    assert "«Вкладка»: в адресе страницы указано '9'" in said
    assert "tabs" not in said and "dice" not in said


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    "page_class", [VtesDamagePage, VtesTablePage, DraculaPage, VtmDicePage, DeckOddsPage]
)
def test_every_input_that_can_refuse_has_a_label(page_class: Any, lang: str) -> None:
    page: Page = page_class()
    page.set_language(lang)
    fields = page._fields
    checked = 0
    for name, field in fields.items():
        if not isinstance(field.widget, REFUSING):
            continue
        checked += 1
        label = input_label(field.widget, page.widget, lang)
        assert label, f"{page_class.__name__}: the input {name} has no label"
        assert label != name
    assert checked >= 3
