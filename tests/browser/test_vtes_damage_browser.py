"""The VTES damage page in a real browser (Voila + headless Chromium)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGE = "vtes_damage.ipynb"


def test_preset_then_invalid_blood_shows_message(open_page: Any) -> None:
    page = open_page(PAGE)
    outcome = page.locator(".vtes-outcome")
    page.get_by_role("button", name="Krid", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector('.vtes-outcome')?.innerText"
        ".includes('Krid is wounded and goes to torpor with 1 of 4 blood')"
    )
    assert "wounded" in outcome.inner_text() and "torpor" in outcome.inner_text()
    assert "vtes:6.5.1" in page.locator(".calc-trace-view").inner_text()

    page.get_by_role("button", name="Barth", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector('.vtes-outcome')?.innerText.includes('Barth is burned')"
    )

    blood = page.locator(".vtes-blood input")
    blood.fill("7")
    blood.press("Enter")
    note = page.locator(".vtes-blood .calc-field-problem")  # beside the box, not at the top
    note.wait_for(state="visible")
    assert "7 is out of range: enter a whole number from 0 to 3" in note.inner_text()
    assert blood.input_value() == "7"  # what was typed stays
    assert not page.locator(".calc-error").is_visible()
    assert "Traceback" not in page.inner_text("body")

    blood.fill("1")
    blood.press("Enter")
    note.wait_for(state="detached")
    page.wait_for_function(
        "() => document.querySelector('.vtes-outcome')?.innerText.includes('Barth is burned')"
    )


def test_russian_labels_and_retainer_prevention_message(open_page: Any) -> None:
    page = open_page(PAGE)
    page.get_by_role("button", name="Русский").click()
    page.wait_for_function("() => document.body.innerText.includes('Объём крови')")
    page.get_by_role("button", name="Milo", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector('.vtes-outcome')?.innerText.includes('уходит в ступор')"
    )
    # the steps, too, are in Russian
    page.wait_for_function(
        "() => document.querySelector('.calc-trace')?.innerText"
        ".includes('сжигает 2 литра крови, по 1 за каждое неизлечимое повреждение')"
    )
    page.get_by_role("button", name="Слуга").click()
    prevent = page.locator(".vtes-prevent-aggravated input")
    prevent.fill("1")
    prevent.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.calc-error')?.innerText"
        ".includes('предотвратить нельзя')"  # the message in the page's language
    )


def test_a_number_applies_only_once_typed_in_full(open_page: Any) -> None:
    """Typing "2.5" into the capacity never applies "2" on the way: the blood box's range
    and the outcome stay until the visitor leaves the box, which then says what is wrong."""
    page = open_page(PAGE)
    page.get_by_role("button", name="Krid", exact=True).click()
    page.wait_for_function(  # Krid's outcome, not the page's default one
        "() => document.querySelector('.vtes-outcome')?.innerText.includes('Krid')"
    )
    page.wait_for_function("() => location.search.includes('name=Krid')")
    hint = page.locator(".vtes-blood .calc-field-note").inner_text()
    outcome = page.locator(".vtes-outcome").inner_text()
    capacity = page.locator(".vtes-capacity input")
    capacity.fill("")
    capacity.press_sequentially("2.5", delay=300)
    page.wait_for_timeout(1500)  # time for a key stroke's number to reach the kernel and back
    assert page.locator(".vtes-blood .calc-field-note").inner_text() == hint
    assert page.locator(".vtes-outcome").inner_text() == outcome
    capacity.press("Tab")
    note = page.locator(".vtes-capacity .calc-field-problem")
    note.wait_for(state="visible")
    assert "“2.5” is not a whole number" in note.inner_text()
    assert page.locator(".vtes-blood .calc-field-note").inner_text() == hint
    capacity.fill("3")
    capacity.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.vtes-blood .calc-field-note')?.innerText.includes('0–3')"
    )
