"""VTES table rules page: torpor and diablerie, the influence phase, victory points, contests.

One tab per topic; every tab recomputes as its inputs change and shows the engine's
steps. Drive it without a browser::

    app = VtesTablePage()
    app.influence.load_nora()
    app.influence.summary_text     # 'Pool 2 -> 1; transfers used 4 of 4; ...'
    app.select_tab("victory")
    app.victory.events.value = "Steve\\nJustin\\nRichard"
    app.victory.score              # rules.vtes.victory.Score
    app.banner.message             # what is wrong with the active tab's input, if anything
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.fmt import escape
from calculators.kit.page import Page
from calculators.kit.page_tools import PageTools, input_lines
from calculators.kit.part import PartContext
from calculators.kit.tabs import LazyTabs, TabPlan
from calculators.pages.vtes_table.contests import ContestTab
from calculators.pages.vtes_table.influence import InfluenceTab
from calculators.pages.vtes_table.inputs import actor_blood
from calculators.pages.vtes_table.labels import LABELS, TABS
from calculators.pages.vtes_table.tab import TableTab
from calculators.pages.vtes_table.torpor import TorporTab
from calculators.pages.vtes_table.victory import VictoryTab
from calculators.pages.vtes_table.view import ruling
from rules.errors import InvalidState, RuleError
from rules.vtes.table_examples import examples_text
from rules.vtes.table_text import format_moves, parse_moves

__all__ = [
    "TABS",
    "ContestTab",
    "InfluenceTab",
    "TorporTab",
    "VictoryTab",
    "VtesTablePage",
    "actor_blood",
    "format_moves",
    "parse_moves",
    "seed_example_lines",
]


#: a tab of any kind (its inputs and ruling types differ)
AnyTab = TableTab[Any, Any]


def seed_example_lines() -> list[str]:
    """Nora's influence phase and the Richard/Steve/Justin/Lisa score, from the engines."""
    return examples_text().splitlines()


class VtesTablePage(Page):
    """Four tabs of VTES table rules: torpor, influence, victory points, contests.

    A tab's widgets are built the first time it is shown (or used from code), which keeps
    the page light to load. Test handles: :attr:`torpor`, :attr:`influence`,
    :attr:`victory`, :attr:`contests` (each with its inputs as attributes, ``summary_text``,
    ``panel``, ``trace_view`` and its engine result), :meth:`select_tab`, ``banner.message``
    (about the active tab).
    """

    labels = LABELS
    title_key = "title"
    url_parameters = ("lang",)

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self._intro = widgets.HTML()
        classes: dict[str, Callable[[PartContext], AnyTab]] = {
            "torpor": TorporTab,
            "influence": InfluenceTab,
            "victory": VictoryTab,
            "contests": ContestTab,
        }
        self._sections: LazyTabs[AnyTab] = LazyTabs(
            self,
            {
                key: TabPlan(
                    functools.partial(self._build_tab, classes[key], key),
                    fields=lambda tab: tab.address_fields(),
                    claims=functools.partial(_claims, f"{key}_"),
                )
                for key in TABS
            },
            self._on_built,
        )
        self.tab = self._sections.widget
        self.tab.add_class("vtes-tabs")
        self.body.children = [self._intro, self.tab]
        self._sections.build_shown()
        self.tab.observe(self._on_tab, names="selected_index")
        self.tools = PageTools(self)
        self.ready()

    def reset(self) -> None:
        """Every tab back to its starting values: the tabs are built afresh when shown (the
        old ones are closed)."""
        self._sections.reset()
        self.sync_address()

    def ruling_text(self) -> str:
        """The active tab's ruling as plain text ("" while its input is wrong)."""
        tab = self._sections.built.get(self.active)
        if tab is None or not tab.summary_text:
            return ""
        situation = input_lines(tab.widget, self.lang)  # the inputs shown, as they read
        steps = tab.trace_view.steps
        return ruling(self.active, situation, tab.summary_text, steps, self.t, self.lang)

    # -- tabs, built on first use -------------------------------------------------------
    def tab_object(self, key: str) -> AnyTab:
        """The tab ``key`` ("torpor", "influence", "victory", "contests"), built if needed."""
        return self._sections.get(key)

    def _build_tab(self, cls: Callable[[PartContext], AnyTab], key: str) -> AnyTab:
        return cls(self.part_context(functools.partial(self.refresh_tab, key)))

    def _on_built(self, key: str, tab: AnyTab) -> None:
        tab.relabel()
        self.refresh_tab(key)

    @property
    def tabs(self) -> dict[str, AnyTab]:
        """Every tab, building those not shown yet."""
        return {key: self.tab_object(key) for key in TABS}

    @property
    def torpor(self) -> TorporTab:
        return self.tab_object("torpor")  # type: ignore[return-value]

    @property
    def influence(self) -> InfluenceTab:
        return self.tab_object("influence")  # type: ignore[return-value]

    @property
    def victory(self) -> VictoryTab:
        return self.tab_object("victory")  # type: ignore[return-value]

    @property
    def contests(self) -> ContestTab:
        return self.tab_object("contests")  # type: ignore[return-value]

    @property
    def active(self) -> str:
        return self._sections.active

    def select_tab(self, key: str) -> None:
        self._sections.select(key)
        self.refresh_tab(key)

    def _on_tab(self, _change: dict[str, Any]) -> None:
        self.refresh_tab(self.active)

    def refresh_tab(self, key: str) -> None:
        """Recompute tab ``key``; its errors go to the banner when it is the active tab."""
        tab = self._sections.built.get(key)
        if tab is None:
            return
        if key == self.active:
            self.run(tab.refresh)
            tools = getattr(self, "tools", None)
            if tools is not None:
                tools.refresh()
        else:
            _quietly(tab.refresh)

    # -- page address: the open tab and the inputs of every tab built ---------------------
    def url_fields(self) -> dict[str, Field]:
        return {"tab": Field("tab", lambda: self.active, self._set_tab, self.tab)}

    def _set_tab(self, key: str) -> None:
        if key not in TABS:
            allowed = ", ".join(TABS)
            raise InvalidState(LABELS.message("bad_tab", key=key, allowed=allowed))
        self.select_tab(key)

    def prepare_fields(self, names: Collection[str]) -> None:
        """Build the tabs whose inputs the address names, so that their fields exist."""
        self._sections.prepare(names)

    def relabel(self) -> None:
        self._intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self.tab.titles = tuple(self.t(f"tab_{k}") for k in TABS)
        built = self._sections.built
        for key, tab in built.items():
            tab.relabel()
            if key != self.active:
                _quietly(tab.refresh)
        active = built.get(self.active)
        if active is not None:
            # raises on bad input: the kit's run() around relabel() shows it in the banner
            active.refresh()


def _claims(prefix: str, name: str) -> bool:
    """Whether the address name ``name`` is an input of the tab whose names start ``prefix``."""
    return name.startswith(prefix)


def _quietly(fn: Callable[[], None]) -> None:
    with contextlib.suppress(RuleError):
        fn()
