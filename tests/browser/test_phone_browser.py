"""Every page on a phone (390 x 844) and a desktop (1366 x 900) screen, and its link.

Per page, one visit on each screen size:

1. on the phone: the page as first opened passes the layout checks below; then inputs are
   changed as a person would, "Copy link" is pressed, and the copied link must be the address
   the page now shows;
2. the copied link is opened in a fresh browser context at desktop size: it passes the same
   checks, and shows the same result text as the phone did.

The layout checks (the rule tested): every visible piece of text lies inside the window's width
(no left < 0 or right > width), no text of 8 or more characters is squeezed into a box less
than 40 px wide, no element with text cuts it (``overflow: hidden`` or an ellipsis with more
content than room), no dropdown is narrower than the option it shows, the page does not scroll
sideways, there is no plain-text cell output, and no request goes to any host but the app's
server; no word or number in a table cell is broken across lines, no two texts of a chart lie
on each other, every checkbox sits on its label's line, no slider lies over a label, and a list
that shows several rows has text of at least 14 px. On the phone also: every button, field,
dropdown, tab, checkbox row, slider and list row is at least 44 px tall, every number field
asks for the number keyboard, and the landing page is one column. On V:tM a tap on a bar of
the chart shows its exact fraction.

With ``DESK_SCREENSHOTS=docs`` the test also saves each page's screenshots there.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from support.scenarios import ten_round_combat

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
SHOTS = os.environ.get("DESK_SCREENSHOTS", "")

NUMBER_FIELDS_MARKED = """() => Array.from(
  document.querySelectorAll("input[type=number], .calc-int-text input")
).every((input) => ["numeric", "decimal"].includes(input.getAttribute("inputmode")))"""

LAYOUT_PROBLEMS = """
(phone) => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const shown = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || s.opacity === "0") return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const root = document.querySelector(".calc-root");
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text || !shown(node.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width === 0) continue;
    if (box.left < -1 || box.right > width + 1) {
      const where = `${Math.round(box.left)}..${Math.round(box.right)}`;
      problems.push(`off screen (${where}): ${text.slice(0, 40)}`);
    }
    // a chart's text is sized with its picture, and checked for overlaps below
    const turned = node.parentElement.closest("[transform*=rotate], svg.calc-chart");
    if (!turned && text.replace(/\\s/g, "").length >= 8 && box.width < 40) {
      problems.push(`squeezed to ${Math.round(box.width)} px: ${text.slice(0, 40)}`);
    }
  }
  for (const el of root.querySelectorAll("*")) {
    if (!shown(el) || !el.textContent.trim() || el.children.length > 0) continue;
    const s = getComputedStyle(el);
    const clips = ["hidden", "clip"].includes(s.overflowX) || s.textOverflow === "ellipsis";
    if (clips && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`cut: ${el.textContent.trim().slice(0, 40)}`);
    }
  }
  const canvas = document.createElement("canvas").getContext("2d");
  for (const select of root.querySelectorAll("select:not([multiple])")) {
    if (!shown(select) || select.size > 1 || select.selectedIndex < 0) continue;
    const s = getComputedStyle(select);
    canvas.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const text = select.options[select.selectedIndex].text;
    if (canvas.measureText(text).width > select.clientWidth - 24) {
      problems.push(`dropdown cuts its choice: ${text}`);
    }
  }
  const lines = (range) => new Set([...range.getClientRects()]
    .filter((r) => r.width > 0).map((r) => Math.round(r.top + r.height / 2))).size;
  for (const cell of root.querySelectorAll("td, th")) {
    if (!shown(cell)) continue;
    const cellWalker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = cellWalker.nextNode(); node; node = cellWalker.nextNode()) {
      for (const word of node.textContent.matchAll(/[^\\s]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (lines(range) > 1) problems.push(`a word broken across lines in a table: ${word[0]}`);
      }
    }
  }
  for (const chart of root.querySelectorAll("svg.calc-chart")) {
    if (!shown(chart)) continue;
    const labels = [...chart.querySelectorAll("text")].map((t) => [t, t.getBoundingClientRect()]);
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        const [a, ra] = labels[i], [b, rb] = labels[j];
        const apart = ra.right <= rb.left + 0.5 || rb.right <= ra.left + 0.5 ||
          ra.bottom <= rb.top + 0.5 || rb.bottom <= ra.top + 0.5;
        if (!apart) {
          problems.push(`chart labels overlap: ${a.textContent} / ${b.textContent}`);
        }
      }
    }
  }
  for (const box of root.querySelectorAll("input[type=checkbox]")) {
    if (!shown(box)) continue;
    const own = box.closest(".widget-checkbox") || box.parentElement;
    const before = own.previousElementSibling;  // a row's label widget, then the box
    const label = [...own.querySelectorAll("span, label")].find(
      (el) => !el.contains(box) && el.textContent.trim() && shown(el)) ||
      (before && before.textContent.trim() && shown(before) ? before : null);
    if (!label) continue;
    const b = box.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(label);
    const text = range.getBoundingClientRect();
    const middle = b.top + b.height / 2;
    if (text.width > 0 && (middle < text.top || middle > text.bottom)) {
      problems.push(`a checkbox not on its label's line: ${label.textContent.trim().slice(0, 40)}`);
    }
  }
  const sliders = [...root.querySelectorAll(".noUi-target")].filter(shown)
    .map((el) => [el, el.getBoundingClientRect()]);
  const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); sliders.length && node; node = texts.nextNode()) {
    if (!node.textContent.trim() || !shown(node.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const t = range.getBoundingClientRect();
    for (const [slider, r] of sliders) {
      if (slider.contains(node)) continue;
      const over = t.left < r.right - 1 && r.left < t.right - 1 &&
        t.top < r.bottom - 1 && r.top < t.bottom - 1;
      if (over) problems.push(`a slider over a label: ${node.textContent.trim().slice(0, 40)}`);
    }
  }
  for (const select of root.querySelectorAll("select")) {
    if (!shown(select) || !(select.multiple || select.size > 1)) continue;
    for (const option of select.options) {
      const r = option.getBoundingClientRect();
      const s = getComputedStyle(option);
      if (r.height > 0 && r.height < 43.5 && phone) {
        problems.push(`a list row ${Math.round(r.height)} px tall: ${option.text.slice(0, 40)}`);
      }
      if (r.height > 0 && parseFloat(s.fontSize) < 14) {
        problems.push(`a list row in ${s.fontSize} text: ${option.text.slice(0, 40)}`);
      }
      if (r.height > 0 && option.scrollWidth > option.clientWidth + 1) {
        problems.push(`a list row cut at its right edge: ${option.text.slice(0, 40)}`);
      }
    }
  }
  const cells = document.querySelector("#rendered_cells") || document.body;
  if (cells.scrollWidth > cells.clientWidth + 1) {
    problems.push(`the page scrolls sideways: ${cells.scrollWidth} > ${cells.clientWidth}`);
  }
  for (const output of document.querySelectorAll(".jp-RenderedText, .jp-OutputArea-output pre")) {
    problems.push(`plain-text cell output on the page: ${output.innerText.slice(0, 2000)}`);
  }
  if (phone) {
    const targets = root.querySelectorAll(
      "button, select, input:not([type=checkbox]), textarea, .lm-TabBar-tab, " +
      ".widget-checkbox, .widget-hslider"
    );
    for (const el of targets) {
      if (!shown(el)) continue;
      const h = el.getBoundingClientRect().height;
      if (h < 43.5) {
        const what = el.textContent.trim() || el.className || el.tagName;
        problems.push(`touch target ${Math.round(h)} px tall: ${String(what).slice(0, 40)}`);
      }
    }
    const grids = [...root.querySelectorAll(".calc-landing *")].filter(
      (el) => getComputedStyle(el).display === "grid");
    for (const grid of grids) {
      const tops = [...grid.children].filter(shown)
        .map((c) => Math.round(c.getBoundingClientRect().top));
      if (new Set(tops).size < tops.length) problems.push("the landing page in columns on a phone");
    }
    for (const input of root.querySelectorAll("input[type=number], .calc-int-text input")) {
      if (!["numeric", "decimal"].includes(input.getAttribute("inputmode"))) {
        problems.push("a number field without a number keyboard");
      }
    }
  }
  return problems;
}
"""


def _local(url: str) -> bool:
    return urlsplit(url).hostname in (None, "", "127.0.0.1", "localhost") or not re.match(
        r"^(https?|wss?)://", url
    )


class Visit:
    """A browser context of one screen size that records every request and console error."""

    def __init__(self, browser: Any, base: str, viewport: dict[str, int]) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page = self.context.new_page()
        self.page.set_default_timeout(120_000)
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.route(
            "**/*", lambda route: route.continue_() if _local(route.request.url) else route.abort()
        )

    def open(self, url: str) -> Any:
        self.page.goto(url, wait_until="domcontentloaded", timeout=180_000)
        self.page.wait_for_selector(".calc-ready", state="visible", timeout=180_000)
        self.page.wait_for_function("() => document.querySelector('.calc-link-bar button')")
        with contextlib.suppress(PlaywrightTimeout):  # the front end marks them as they appear
            self.page.wait_for_function(NUMBER_FIELDS_MARKED, timeout=15_000)
        return self.page

    def check(self, phone: bool) -> None:
        problems = self.page.evaluate(LAYOUT_PROBLEMS, phone)
        assert not problems, "\n".join(problems)
        remote = [url for url in self.requests if not _local(url)]
        assert not remote, f"requests to other hosts: {remote}"
        assert not self.errors, self.errors
        body = self.page.inner_text("body")
        assert "Traceback" not in body and "Error displaying widget" not in body


@pytest.fixture
def visits(browser: Any, voila_url: str) -> Iterator[Callable[[dict[str, int]], Visit]]:
    made: list[Visit] = []

    def make(viewport: dict[str, int]) -> Visit:
        made.append(Visit(browser, voila_url, viewport))
        return made[-1]

    yield make
    for visit in made:
        visit.context.close()


def _result(page: Any, selector: str) -> str:
    text = page.locator(selector).first.inner_text()
    return re.sub(r"\d+\.\d+ s\b", "", text)  # how long a computation took


def _wait_for_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => [...document.querySelectorAll(s)].some(e => e.innerText.includes(t))",
        arg=[selector, text],
    )


def _landing(page: Any) -> None:
    page.get_by_role("button", name="Русский").click()
    _wait_for_text(page, ".calc-landing", "Все три игры")


def _damage(page: Any) -> None:
    page.get_by_role("button", name="Milo", exact=True).click()
    _wait_for_text(page, ".vtes-outcome", "Milo")
    box = page.locator(".vtes-prevent-aggravated input")
    box.fill("1")
    box.press("Enter")
    page.wait_for_function("() => location.search.includes('prevent_aggravated=1')")
    _wait_for_text(page, ".calc-trace", "prevent")


def _combat(page: Any) -> None:
    page.locator(".vtes-json textarea").fill(json.dumps(ten_round_combat()))
    page.locator(".vtes-import").click()
    _wait_for_text(page, ".vtes-story", "Round 10")


def _table(page: Any) -> None:
    page.get_by_role("tab", name="Victory points").click()
    seating = page.locator(".vtes-seating input")
    seating.wait_for()
    names = [name.strip() for name in seating.input_value().split(",")]
    seating.fill(", ".join(reversed(names)))
    seating.press("Enter")
    page.wait_for_function("() => location.search.includes('victory_seating=')")


def _deck_odds(page: Any) -> None:
    page.locator(".deck-odds-pile").get_by_role("button", name="Crypt").click()
    page.wait_for_function("() => location.search.includes('pile=crypt')")
    _wait_for_text(page, ".deck-odds-result", "Clan: Brujah")


def _dracula(page: Any) -> None:
    page.locator(".drac-blood input").fill("5")
    page.locator(".drac-blood input").press("Enter")
    page.locator(".drac-agatha input").check()
    page.locator(".drac-assume select").select_option(label="assume all are 3")
    _wait_for_text(page, ".drac-prompt", "are all 3")


def _vtm(page: Any) -> None:
    handle = page.locator(".vtm-dice .noUi-handle")
    handle.focus()
    for _ in range(3):
        handle.press("ArrowRight")
    page.wait_for_function("() => location.search.includes('dice=9')")
    page.locator(".vtm-specialty input").check()
    page.wait_for_function("() => location.search.includes('specialty=1')")
    # the exact fraction by a tap (a tap is a click), not only by hovering
    bar = page.locator(".vtm-chart rect.calc-bar:not([height='0.0'])").first
    bar.click()
    exact = bar.locator("title").text_content() or ""
    assert "/" in exact  # the bar's exact fraction
    _wait_for_text(page, ".calc-chart-caption", exact)


def _reference(page: Any) -> None:
    page.locator(".ref-search input").fill("torpor")
    page.locator(".ref-results select").select_option(index=1)
    page.wait_for_function("() => location.search.includes('section=')")


def _cards(page: Any) -> None:
    page.locator(".vtes-card-search input").fill("majsty")
    _wait_for_text(page, ".vtes-card-result", "Majesty")
    page.locator(".vtes-card-result:visible").first.click()
    page.wait_for_function("() => location.search.includes('card=101144')")
    _wait_for_text(page, ".vtes-card-view", "RTR 20020501")


PAGES = [
    ("00_index.ipynb", _landing, ".calc-landing"),
    ("vtes_damage.ipynb", _damage, ".vtes-outcome"),
    ("vtes_combat.ipynb", _combat, ".vtes-final"),
    ("vtes_table.ipynb", _table, ".vtes-victory-result"),
    ("vtes_deck_odds.ipynb", _deck_odds, ".deck-odds-result"),
    ("dracula.ipynb", _dracula, ".drac-summary"),
    ("vtm_dice.ipynb", _vtm, ".vtm-summary"),
    ("rules_reference.ipynb", _reference, ".ref-view"),
    ("vtes_cards.ipynb", _cards, ".vtes-card-view"),
]


def _shoot(page: Any, name: str, size: str, result: str) -> None:
    folder = Path(__file__).resolve().parents[2] / SHOTS
    folder.mkdir(parents=True, exist_ok=True)
    if size == "phone":  # a phone shows the result right below the inputs: show both
        page.locator(result).first.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(folder / f"{name.removesuffix('.ipynb')}-{size}.png"))


@pytest.mark.parametrize(("name", "change", "result"), PAGES, ids=[p[0] for p in PAGES])
def test_page_on_phone_and_desktop_and_its_link(
    visits: Callable[[dict[str, int]], Visit],
    voila_url: str,
    name: str,
    change: Callable[[Any], None],
    result: str,
) -> None:
    phone = visits(PHONE)
    page = phone.open(f"{voila_url}/voila/render/{name}")
    page.wait_for_timeout(500)  # the widgets' layout settles
    phone.check(phone=True)
    assert page.evaluate("location.search") == ""

    change(page)
    page.locator(".calc-copy-link").click()
    page.wait_for_function("() => document.querySelector('.calc-link-status').innerText.trim()")
    assert page.inner_text(".calc-link-status") in ("Link copied", "Ссылка скопирована")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.url and link.startswith(f"{voila_url}/voila/render/{name}?")
    assert len(link) <= 2000
    shown = _result(page, result)
    phone.check(phone=True)  # the changed page still fits
    if SHOTS:
        _shoot(page, name, "phone", result)

    desktop = visits(DESKTOP)
    again = desktop.open(link)
    again.wait_for_function(
        "([s, t]) => document.querySelector(s)?.innerText.replace(/\\d+\\.\\d+ s\\b/g, '') === t",
        arg=[result, shown],
        timeout=60_000,
    )
    assert _result(again, result) == shown
    assert again.locator(".calc-error:visible").count() == 0
    assert again.url == link  # the address is kept as opened
    desktop.check(phone=False)
    if SHOTS:
        _shoot(again, name, "desktop", result)
