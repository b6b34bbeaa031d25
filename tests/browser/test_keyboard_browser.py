"""One task on every page done with the keyboard alone, its focus always in sight.

Per page a visitor who cannot use a mouse does one task with Tab, Shift+Tab, typing, the
arrow keys, Enter and Space only (no click, no ``focus()``): changes the dice pool on V:tM
with the slider's arrow keys, chooses a rulebook example on VTES damage with Enter, switches a
tab, picks a rules section from the search results, and so on; each task ends in a changed
result or address. After every key the element with the focus must show it: an outline at
least 2 px wide (Chromium's thin default ring on some controls, and none on the widgets'
fields and dropdowns, is not enough to follow on a phone).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser

FOCUS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body || e === document.documentElement) return null;
  const s = getComputedStyle(e);
  const r = e.getBoundingClientRect();
  const what = (e.getAttribute("aria-label") || e.textContent || e.className || e.tagName);
  return {
    what: `${e.tagName} ${String(what).trim().slice(0, 40)}`,
    outlined: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2,
    sized: r.width > 0 && r.height > 0,
  };
}"""

STEP_LIMIT = 150  # Tab presses to reach a control, more than any page has


class Keyboard:
    """Keys pressed on a page, each followed by the check that the focus shows."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.seen: list[str] = []

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        focus = self.page.evaluate(FOCUS)
        if focus is None:
            return
        self.seen.append(focus["what"])
        assert focus["sized"], f"after {key} the focus is on something not shown: {focus['what']}"
        assert focus["outlined"], f"after {key} the focus does not show on {focus['what']}"

    def tab_to(self, test: str, *, back: bool = False) -> None:
        """Press Tab (Shift+Tab with ``back``) until the focused element passes ``test``,
        a JavaScript expression of ``e`` (the focused element)."""
        check = f"() => {{ const e = document.activeElement; return !!e && ({test}); }}"
        for _ in range(STEP_LIMIT):
            self.press("Shift+Tab" if back else "Tab")
            if self.page.evaluate(check):
                return
        raise AssertionError(f"Tab never reached {test}; it went through {self.seen[-40:]}")

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)


def _wait_for_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => [...document.querySelectorAll(s)].some(e => e.innerText.includes(t))",
        arg=[selector, text],
    )


def _landing(keys: Keyboard) -> None:
    keys.tab_to("e.tagName === 'BUTTON' && e.textContent.trim() === 'Русский'")
    keys.press("Enter")
    _wait_for_text(keys.page, ".calc-landing", "Все три игры")


def _damage(keys: Keyboard) -> None:
    keys.tab_to("e.closest('.vtes-preset-milo') !== null")
    keys.press("Enter")
    _wait_for_text(keys.page, ".vtes-outcome", "Milo")


def _combat(keys: Keyboard) -> None:
    keys.tab_to("e.closest('.vtes-new-combat') !== null")
    keys.press("Enter")
    _wait_for_text(keys.page, ".vtes-story", "Boris takes 1 damage.")
    keys.tab_to("e.closest('.vtes-add-strike-acting') !== null")
    keys.press("Enter")
    keys.page.wait_for_selector(".vtes-side-acting .vtes-strike-choice select", state="visible")
    keys.tab_to("e.closest('.vtes-side-acting .vtes-strike-choice') !== null")
    # the option shows its words joined by no-break spaces; its value has plain ones
    keys.press("ArrowDown")
    assert keys.page.evaluate("document.activeElement.value") == "Undead Strength"
    _wait_for_text(keys.page, ".vtes-story", "Boris takes 3 damage.")


def _table(keys: Keyboard) -> None:
    keys.tab_to("e.getAttribute('role') === 'tab'")
    for _ in range(6):
        if keys.page.evaluate("document.activeElement.textContent.includes('Victory points')"):
            break
        keys.press("ArrowRight")
    keys.press("Enter")
    keys.page.wait_for_selector(".vtes-seating input", state="visible")
    keys.page.wait_for_function("() => location.search.includes('tab=')")


def _deck_odds(keys: Keyboard) -> None:
    keys.tab_to("e.closest('.deck-odds-pile') !== null && e.textContent.trim() === 'Crypt'")
    keys.press("Space")
    keys.page.wait_for_function("() => location.search.includes('pile=crypt')")
    _wait_for_text(keys.page, ".deck-odds-result", "Clan: Brujah")


def _dracula(keys: Keyboard) -> None:
    keys.tab_to("e.getAttribute('role') === 'tab' && e.textContent.includes('Explore odds')")
    keys.press("ArrowRight")
    keys.press("Enter")
    keys.page.wait_for_function(
        "() => [...document.querySelectorAll('[role=tab][aria-selected=true]')]"
        ".some(t => t.textContent.includes('Round resolver'))"
    )
    keys.page.wait_for_selector(".drac-judge-text", state="visible")


def _vtm(keys: Keyboard) -> None:
    before = keys.page.inner_text(".vtm-summary")
    keys.tab_to("e.closest('.vtm-dice') !== null && e.classList.contains('noUi-handle')")
    for _ in range(3):
        keys.press("ArrowRight")
    keys.page.wait_for_function("() => location.search.includes('dice=9')")
    keys.page.wait_for_function(
        "t => document.querySelector('.vtm-summary').innerText !== t", arg=before
    )


def _reference(keys: Keyboard) -> None:
    keys.tab_to("e.closest('.ref-search') !== null && e.tagName === 'INPUT'")
    keys.type("torpor")
    keys.press("Enter")
    keys.tab_to("e.closest('.ref-results') !== null && e.tagName === 'SELECT'")
    keys.press("ArrowDown")
    keys.page.wait_for_function("() => location.search.includes('section=')")


def _cards(keys: Keyboard) -> None:
    keys.tab_to("e.closest('.vtes-card-search') !== null && e.tagName === 'INPUT'")
    keys.type("majsty")
    _wait_for_text(keys.page, ".vtes-card-result", "Majesty")
    keys.tab_to("e.closest('.vtes-card-result') !== null")
    keys.press("Enter")
    keys.page.wait_for_function("() => location.search.includes('card=101144')")
    _wait_for_text(keys.page, ".vtes-card-view", "RTR 20020501")


PAGES = [
    ("00_index.ipynb", _landing),
    ("vtes_damage.ipynb", _damage),
    ("vtes_combat.ipynb", _combat),
    ("vtes_table.ipynb", _table),
    ("vtes_deck_odds.ipynb", _deck_odds),
    ("dracula.ipynb", _dracula),
    ("vtm_dice.ipynb", _vtm),
    ("rules_reference.ipynb", _reference),
    ("vtes_cards.ipynb", _cards),
]


@pytest.mark.parametrize(("name", "task"), PAGES, ids=[p[0] for p in PAGES])
def test_one_task_by_keyboard_alone(
    open_page: Callable[..., Any], name: str, task: Callable[[Keyboard], None]
) -> None:
    page = open_page(name)
    page.wait_for_timeout(500)  # the widgets' layout settles
    keys = Keyboard(page)
    task(keys)
    assert page.locator(".calc-error:visible").count() == 0
    # and back again: Shift+Tab walks the same controls the other way, the focus in sight
    keys.tab_to("e.closest('.calc-copy-link') !== null", back=True)
