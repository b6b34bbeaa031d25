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
from calculators.kit.page_tools import PageTools, input_lines, ruling_text
from calculators.kit.tabs import LazyTabs, TabPlan
from calculators.pages.vtes_table.contests import ContestTab
from calculators.pages.vtes_table.influence import InfluenceTab
from calculators.pages.vtes_table.labels import LABELS, TABS
from calculators.pages.vtes_table.tab import TableTab
from calculators.pages.vtes_table.torpor import TorporTab, actor_blood
from calculators.pages.vtes_table.victory import VictoryTab
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
        classes: dict[str, type[TableTab]] = {
            "torpor": TorporTab,
            "influence": InfluenceTab,
            "victory": VictoryTab,
            "contests": ContestTab,
        }
        self._sections: LazyTabs[TableTab] = LazyTabs(
            self,
            {
                key: TabPlan.prefixed(
                    functools.partial(self._build_tab, classes[key], key), f"{key}_"
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
        title = f"{self.t('title')}: {self.t(f'tab_{self.active}')}"
        return ruling_text(
            title,
            input_lines(tab.widget, self.lang),
            [tab.summary_text],
            tab.trace_view.steps,
            self.lang,
        )

    # -- tabs, built on first use -------------------------------------------------------
    def tab_object(self, key: str) -> TableTab:
        """The tab ``key`` ("torpor", "influence", "victory", "contests"), built if needed."""
        return self._sections.get(key)

    def _build_tab(self, cls: type[TableTab], key: str) -> TableTab:
        return cls(self.part_context(functools.partial(self.refresh_tab, key)))

    def _on_built(self, key: str, tab: TableTab) -> None:
        tab.relabel()
        self.refresh_tab(key)

    @property
    def tabs(self) -> dict[str, TableTab]:
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


def _quietly(fn: Callable[[], None]) -> None:
    with contextlib.suppress(RuleError):
        fn()
