"""The page in plain HTML, as the server writes it into the page before the front end runs."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import ipywidgets as widgets
import pytest

from calculators.kit.snapshot import PREFIX, SNAPSHOT_MIME, snapshot_css, snapshot_html
from calculators.kit.style import CSS
from calculators.pages.vtm_dice.page import VtmDicePage
from rules.vtm import pool


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.classes: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name == "class" and value:
                self.classes += value.split()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(html: str) -> _Tags:
    parser = _Tags()
    parser.feed(html)
    return parser


def test_controls_are_drawn_as_text_with_their_values() -> None:
    hidden = widgets.HTML("not shown")
    hidden.layout.display = "none"
    root = widgets.VBox(
        [
            widgets.Dropdown(
                options=[("Hand", "hand"), ("Sword", "sword")], value="sword", description="Weapon"
            ),
            widgets.Checkbox(value=True, description="First strike"),
            widgets.IntSlider(value=7, min=1, max=10, description="Dice"),
            widgets.ToggleButtons(options=["Revised", "V20"], value="V20"),
            widgets.Text(value="Krid <b>", description="Name"),
            widgets.Button(description="Resolve"),
            hidden,
        ]
    )
    root.add_class("calc-root")
    root.add_class("calc-ready")
    parsed = _parse(snapshot_html(root))
    text = "".join(parsed.text)
    for shown in ("Weapon", "Sword", "First strike", "\u2611", "Dice", "7", "V20", "Resolve"):
        assert shown in text
    assert "Hand" not in text  # a list shows its choice only
    assert "Krid <b>" in text and "<b>" not in snapshot_html(root).replace("&lt;b&gt;", "")
    assert "not shown" not in text
    # nothing the reader could focus or change, and no class that marks the live page
    assert not {"input", "select", "button", "textarea", "a"} & set(parsed.tags)
    assert "calc-ready" not in parsed.classes and "calc-root" in parsed.classes
    mod_active = [c for c in parsed.classes if c.endswith("mod-active")]
    assert mod_active == [f"{PREFIX}mod-active"]  # the chosen edition, and only it


def test_front_end_classes_carry_the_prefix_so_its_css_leaves_the_snapshot_alone() -> None:
    root = widgets.VBox([widgets.HBox([widgets.HTML("<p class='calc-help'>x</p>")])])
    parsed = _parse(snapshot_html(root))
    ours = [c for c in parsed.classes if not c.startswith("calc-")]
    assert ours and all(c.startswith(PREFIX) for c in ours), ours
    css = snapshot_css()
    selectors = re.sub(r"\{[^}]*\}", "", css)
    assert not re.search(r"(?<![-\w])\.(widget-|jupyter-|lm-|p-)", selectors)
    assert f".{PREFIX}widget-vbox" in css and ".calc-result-box" in css


def test_a_tab_shows_its_titles_and_its_chosen_child_only() -> None:
    tab = widgets.Tab(children=[widgets.HTML("first body"), widgets.HTML("second body")])
    tab.titles = ("One", "Two")
    tab.selected_index = 1
    text = "".join(_parse(snapshot_html(tab)).text)
    assert "One" in text and "Two" in text
    assert "second body" in text and "first body" not in text


def test_the_kits_style_sheet_is_replaced_by_the_snapshots_own() -> None:
    html = snapshot_html(widgets.VBox([widgets.HTML(CSS), widgets.HTML("result")]))
    assert "<style>" not in html and "result" in html


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_page_shows_its_snapshot_after_the_address_with_the_addresss_result(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[dict[str, Any]] = []
    monkeypatch.setattr("calculators.kit.page.display", lambda data, raw: shown.append(data))
    app = VtmDicePage()
    app.apply_address(f"lang={lang}&dice=9&difficulty=8")
    app.show_snapshot()
    (data,) = shown
    html = data[SNAPSHOT_MIME]
    text = " ".join("".join(_parse(html).text).split())
    assert app.result is not None and (app.result.dice, app.result.difficulty) == (9, 8)
    assert app.result.botch == pool(9, 8).botch
    assert " ".join(app.botch_text.split()) in text  # the link's result, not the default's
    status = {"en": "The calculator is starting", "ru": "Калькулятор запускается"}[lang]
    assert status in text
    assert 'role="status"' in html and "inert" in html
    assert html.count(f'lang="{lang}"') == 2  # read in its language before the page says it
