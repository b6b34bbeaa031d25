"""Tabs built the first time they are shown: the kit's LazyTabs and the pages that use it."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

import ipywidgets as widgets
import pytest

from calculators.kit.address import Field
from calculators.kit.labels import COMMON, Catalog
from calculators.kit.page import Page
from calculators.kit.page_tools import PageTools
from calculators.kit.tabs import LazyTabs, Part, TabPlan
from calculators.pages.dracula.labels import LABELS as DRACULA
from calculators.pages.dracula.page import DraculaPage
from calculators.pages.dracula.valour import LABELS as VALOUR
from calculators.pages.vtm_dice.labels import LABELS as VTM
from calculators.pages.vtm_dice.page import VtmDicePage
from calculators.pages.vtm_dice.widgets import ATTACK_FIELDS
from rules.i18n import msg


def tree(root: widgets.Widget) -> Iterator[widgets.Widget]:
    stack = [root]
    while stack:
        widget = stack.pop()
        yield widget
        stack.extend(getattr(widget, "children", ()))


def classes(app: Page) -> set[str]:
    """The CSS classes of every widget the page holds now."""
    return {css for widget in tree(app.widget) for css in widget._dom_classes}


def reopen(cls: type[Page], query: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A fresh page opened on ``query``, as a visitor following a copied link."""
    monkeypatch.setenv("QUERY_STRING", query)
    page = cls()
    page.follow_url()
    return page


# -- the kit, on a page of two small tabs ------------------------------------------------------
class Counter:
    """A tab with one number input."""

    def __init__(self, start: int) -> None:
        self.count = widgets.IntText(value=start)
        self.widget = widgets.VBox([self.count])


class TwoTabs(Page):
    labels = Catalog({"title": msg("Two tabs")})

    def __init__(self) -> None:
        super().__init__()
        self.builds: list[str] = []
        self.labelled: list[tuple[str, str]] = []

        def plan(key: str, start: int) -> TabPlan[Counter]:
            def build() -> Counter:
                self.builds.append(key)
                return Counter(start)

            return TabPlan.prefixed(build, f"{key}_")

        self.sections = LazyTabs(self, {"a": plan("a", 1), "b": plan("b", 2)}, self._built)
        self.body.children = [self.sections.widget]
        self.sections.build_shown()
        self.tools = PageTools(self)
        self.ready()

    def _built(self, key: str, tab: Counter) -> None:
        self.labelled.append((key, self.lang))

    def url_fields(self) -> dict[str, Field]:
        return self.sections.fields()

    def prepare_fields(self, names: Collection[str]) -> None:
        self.sections.prepare(names)


def test_only_the_first_tab_is_built_until_another_is_shown() -> None:
    page = TwoTabs()
    assert page.builds == ["a"] and page.sections.built.keys() == {"a"}
    assert page.address_names() == ("a_count",)
    page.sections.widget.selected_index = 1
    page.sections.widget.selected_index = 0
    page.sections.widget.selected_index = 1
    assert page.builds == ["a", "b"]  # each tab once
    assert page.sections.get("b").widget in page.sections.widget.children[1].children
    assert page.address_names() == ("a_count", "b_count")


def test_a_tab_built_later_is_labelled_in_the_current_language() -> None:
    page = TwoTabs()
    page.set_language("ru")
    page.sections.get("b")
    assert page.labelled == [("a", "en"), ("b", "ru")]


def test_a_link_to_an_input_of_a_tab_not_built_builds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    page = reopen(TwoTabs, "b_count=7", monkeypatch)
    assert page.sections.get("b").count.value == 7 and not page.banner.visible
    assert page.address_query() == "b_count=7"


def test_unknown_tabs_and_inputs_no_plan_claims_are_refused() -> None:
    page = TwoTabs()
    with pytest.raises(KeyError, match="allowed: a, b"):
        page.sections.get("c")
    with pytest.raises(AttributeError):
        page.sections.page_attribute(page, "count")
    unclaimed = TabPlan(
        lambda: Counter(0), fields=lambda tab: {"count": Field("count", str, print)}
    )
    sections = LazyTabs(page, {"x": unclaimed}, lambda key, tab: None)
    with pytest.raises(ValueError, match="does not claim: \\['count'\\]"):
        sections.get("x")


def test_reset_of_the_tools_puts_back_a_tab_built_later() -> None:
    page = TwoTabs()
    page.sections.get("b").count.value = 9
    page.tools.reset()
    assert page.sections.get("b").count.value == 2 and page.address_query() == ""


def test_lazy_reset_drops_the_tabs_and_builds_the_shown_one_afresh() -> None:
    page = TwoTabs()
    old = page.sections.select("b")
    page.sections.reset()
    assert old.count.comm is None  # closed
    assert page.sections.built.keys() == {"b"} and page.builds == ["a", "b", "b"]
    page.sections.get("b").count.value = 5
    assert page.address_query() == "b_count=5"  # the address follows the new widgets


def test_a_page_attribute_of_a_tab_builds_it_when_read() -> None:
    class Own(Page):
        def __init__(self) -> None:
            super().__init__()
            self.sections: LazyTabs[Part] = LazyTabs(
                self,
                {
                    "first": TabPlan(lambda: Part(widgets.VBox())),
                    "later": TabPlan(self._build, attributes=frozenset({"late"})),
                },
                lambda key, tab: None,
            )

        def _build(self) -> Part:
            self.late = widgets.IntText(value=3)
            return Part(self.late)

        def __getattr__(self, name: str) -> Any:
            return self.sections.page_attribute(self, name)

    page = Own()
    assert not page.sections.is_built("later")
    assert page.late.value == 3 and page.sections.is_built("later")


# -- the V:tM dice page --------------------------------------------------------------------------
def test_vtm_page_opens_with_the_one_roll_tab_only() -> None:
    app = VtmDicePage()
    shown = classes(app)
    assert "vtm-dice" in shown
    assert not {"vtm-attack-pool", "vtm-weapon", "vtm-v5"} & shown
    assert not ATTACK_FIELDS & set(app.address_names())
    app.tabs.selected_index = 1
    assert {"vtm-attack-pool", "vtm-weapon"} <= classes(app) and "vtm-v5" not in classes(app)
    assert set(app.address_names()) >= ATTACK_FIELDS
    assert app.attack.summary.text  # computed as it was built


def test_vtm_attack_inputs_read_from_code_build_the_tab() -> None:
    app = VtmDicePage()
    assert app.attack.damage_base.value == 3  # reading builds the attack tab
    assert "vtm-attack-pool" in classes(app) and app.attack_result is not None


def test_vtm_link_into_the_attack_tab_gives_the_same_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    by_hand = VtmDicePage()
    by_hand.set_attack(attack_pool=9, damage_type="aggravated", fire=True)
    by_hand.attack.weapon.strength.value = 4
    by_hand.tabs.selected_index = 1
    query = by_hand.address_query()
    assert "attack_pool=9" in query and "tabs=1" in query
    linked = reopen(VtmDicePage, query, monkeypatch)
    assert not linked.banner.visible, linked.banner.message
    assert linked.tabs.selected_index == 1
    assert linked.attack_result == by_hand.attack_result
    assert linked.attack.summary.text == by_hand.attack.summary.text
    assert linked.address_query() == query
    # selecting the tab alone builds it, with its opening inputs
    selected = reopen(VtmDicePage, "tabs=2", monkeypatch)
    assert selected.v5.result is not None and not selected.banner.visible


def test_vtm_tabs_built_after_a_language_switch_are_in_that_language() -> None:
    app = VtmDicePage()
    app.set_language("ru")
    app.tabs.selected_index = 1
    russian = VTM.text("damage_base", "ru")
    assert russian != "Damage base" and app.attack.damage_base.description == russian
    assert app.attack._damage_type_label.value == VTM.text("damage_type", "ru")
    assert COMMON.text("probability", "ru") in app.attack.chart.widget.value
    app.set_language("en")  # built tabs follow the switch
    assert app.attack.damage_base.description == "Damage base"
    assert app.v5.pool.description == "Dice pool"  # built now, in English


def test_vtm_reset_puts_back_the_tabs_built_later() -> None:
    app = VtmDicePage()
    app.set_attack(attack_pool=11)
    app.v5.set_inputs(hunger=4)
    app.pool.dice.value = 9
    app.tools.reset()
    assert (app.attack.attack_pool.value, app.v5.hunger.value, app.pool.dice.value) == (6, 1, 6)
    assert app.address_query() == ""


# -- the Fury of Dracula page ------------------------------------------------------------------
def test_dracula_page_opens_with_the_odds_tab_only() -> None:
    app = DraculaPage()
    shown = classes(app)
    assert "drac-summary" in shown and not {"drac-resolve", "valour-panel"} & shown
    names = set(app.address_names())
    assert not any(name.startswith(("j_", "valour_")) for name in names)
    app.tabs.selected_index = 2
    assert "valour-panel" in classes(app) and "drac-resolve" not in classes(app)
    assert app.valour.combat_distribution  # the combat's Valour, shown as it was built
    assert "valour_names0" in app.address_names()


def test_dracula_links_into_tabs_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    app = reopen(DraculaPage, "blood=5&valour_names1=Mina&j_hdie=4&tabs=1", monkeypatch)
    assert not app.banner.visible, app.banner.message
    assert app.valour.names[1].value == "Mina" and app.resolver.hunter_die.value == 4
    assert app.tabs.selected_index == 1 and app.resolver.state_view.value
    assert app.resolver.hunter_card.options  # the resolver shows the cards of the combat set up
    bad = reopen(DraculaPage, "j_hdie=9", monkeypatch)
    assert "“Hunter's die”" in bad.banner.message and bad.resolver.hunter_die.value == 1


def test_dracula_tabs_follow_the_language_and_reset() -> None:
    app = DraculaPage()
    app.set_language("ru")
    app.tabs.selected_index = 1
    assert app.resolver.resolve.description == DRACULA.text("resolve", "ru") != "Resolve round"
    assert app.tabs.titles[2] == VALOUR.text("tab", "ru") != "Valour points"
    first = app.valour.names[0].value
    app.valour.names[0].value = "Quincey"
    app.resolver.enemy_die.value = 6
    app.tools.reset()
    assert app.valour.names[0].value == first != "Quincey" and app.resolver.enemy_die.value == 1
    assert app.address_query() == "lang=ru&tabs=1"  # reset keeps the tab shown


def test_vtm_a_tab_built_later_keeps_the_message_about_the_one_roll_tab() -> None:
    app = VtmDicePage()
    app.pool.wound.value = "incapacitated"
    message = app.banner.message
    assert "incapacitated" in message
    app.tabs.selected_index = 1
    assert app.banner.message == message and app.attack.summary.text
