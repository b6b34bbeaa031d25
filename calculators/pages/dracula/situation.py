"""Fury of Dracula page's widgets: the situation's inputs, the three tabs and their layout.

The page (:class:`calculators.pages.dracula.page.DraculaPage`) builds on this class and adds
what the widgets do. The situation and the odds tab are built with the page; the round
resolver's and the Valour tabs the first time they are shown or used from code
(:mod:`calculators.kit.tabs`).
"""

from __future__ import annotations

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.charts import DistributionChart
from calculators.kit.fields import IntField
from calculators.kit.layout import columns
from calculators.kit.page import Page
from calculators.kit.tabs import HasWidget, LazyTabs, LazyTabsPage, Part, TabPlan
from calculators.kit.trace_view import TraceView
from calculators.pages.dracula.labels import (
    ASSUME_CHOICES,
    DEFAULT_ASSUMPTION,
    HUNTER_POLICIES,
    LABELS,
)
from calculators.pages.dracula.valour import ValourPanel
from rules.dracula.blood import MAX_BLOOD
from rules.dracula.cards import AGENT_WEAPONS, HUNTER_CARDS, HUNTER_ITEMS
from rules.dracula.goals import GOALS
from rules.dracula.group import TARGET_POLICIES
from rules.dracula.hunters import HUNTERS

#: the inputs ``set_inputs`` takes, by name, and their widgets' attribute names
INPUTS = {
    "hunter": "w_hunter",
    "health": "w_health",
    "bites": "w_bites",
    "items": "w_items",
    "opponent": "w_opponent",
    "weapons": "w_weapons",
    "minion": "w_minion",
    "blood": "w_blood",
    "trap": "w_trap",
    "advance": "w_advance",
    "castle": "w_castle",
    "eastern": "w_eastern",
    "garlic": "w_garlic",
    "dodge1": "w_dodge1",
    "agatha": "w_agatha",
    "hunter_policy": "w_hpolicy",
    "goal": "w_goal",
    "always": "w_always",
    "companions": "w_companions",
    "companion_items": "w_comp_items",
    "target": "w_target",
    "enemy_policy": "w_epolicy",
    "assume": "w_assume",
    "initiative": "w_init",
    "overrides": "w_over",
}

#: the page attributes the round resolver's tab sets when it is built (reading one builds it)
JUDGE_ATTRIBUTES = frozenset(
    (
        "w_judge_intro",
        "j_hcard",
        "j_ecard",
        "j_hdie",
        "j_hdie2",
        "j_edie",
        "j_resolve",
        "j_restart",
        "j_state",
        "j_trace",
    )
)


class DraculaPageWidgets(LazyTabsPage, Page):
    """The Fury of Dracula page's widgets, built and laid out (no observers yet)."""

    labels = LABELS

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        # inputs
        lay = widgets.Layout(width="330px")
        style = {"description_width": "150px"}
        self.w_intro = widgets.HTML()
        self.w_hunter = widgets.Dropdown(
            options=list(HUNTERS), value="Van Helsing", layout=lay, style=style
        )
        self.w_health = IntField(8, 1, 20, app=self, layout=lay, style=style)
        self.w_bites = IntField(0, 0, 2, app=self, layout=lay, style=style)
        self.w_items = widgets.SelectMultiple(
            options=list(HUNTER_ITEMS), value=("Stake",), rows=8, layout=lay, style=style
        )
        self.w_opponent = widgets.Dropdown(
            options=["dracula-night", "dracula-day", "agent"],
            value="dracula-day",
            layout=lay,
            style=style,
        )
        self.w_weapons = widgets.SelectMultiple(
            options=list(AGENT_WEAPONS), value=(), rows=3, layout=lay, style=style
        )
        self.w_minion = widgets.Checkbox(value=False, indent=False)
        self.w_blood = IntField(MAX_BLOOD, 1, MAX_BLOOD, app=self, layout=lay, style=style)
        self.w_trap = widgets.Checkbox(value=False, indent=False)
        self.w_advance = widgets.Checkbox(value=False, indent=False)
        self.w_castle = widgets.Checkbox(value=False, indent=False)
        self.w_eastern = widgets.Checkbox(value=False, indent=False)
        self.w_garlic = widgets.Checkbox(value=False, indent=False)
        self.w_dodge1 = widgets.Checkbox(value=True, indent=False)
        self.w_agatha = widgets.Checkbox(value=False, indent=False)
        self.w_hpolicy = widgets.Dropdown(
            options=list(HUNTER_POLICIES), value="minimax", layout=lay, style=style
        )
        self.w_goal = widgets.Dropdown(
            options=list(GOALS), value="destroy", layout=lay, style=style
        )
        self.w_always = widgets.Dropdown(
            options=list(HUNTER_CARDS), value="Stake", layout=lay, style=style
        )
        self.w_epolicy = widgets.Dropdown(
            options=["minimax", "uniform"], value="minimax", layout=lay, style=style
        )
        # the seed gives only a few initiative numbers: the page opens on a stated assumption
        # for the others (shown as a notice), which the visitor can change or replace
        self.w_assume = widgets.Dropdown(
            options=list(ASSUME_CHOICES), value=DEFAULT_ASSUMPTION, layout=lay, style=style
        )
        self.w_companions = widgets.SelectMultiple(
            options=list(HUNTERS), value=(), rows=4, layout=lay, style=style
        )
        self.w_comp_items = widgets.Text(
            value="", layout=widgets.Layout(width="520px"), style=style, continuous_update=False
        )
        self.w_target = widgets.Dropdown(
            options=list(TARGET_POLICIES), value="uniform", layout=lay, style=style
        )
        self.w_init = widgets.Text(
            value="", layout=widgets.Layout(width="520px"), style=style, continuous_update=False
        )
        self.w_over = widgets.Text(
            value="", layout=widgets.Layout(width="520px"), style=style, continuous_update=False
        )
        for w, cls in (
            (self.w_hunter, "drac-hunter"),
            (self.w_health, "drac-health"),
            (self.w_bites, "drac-bites"),
            (self.w_items, "drac-items"),
            (self.w_opponent, "drac-opponent"),
            (self.w_blood, "drac-blood"),
            (self.w_assume, "drac-assume"),
            (self.w_init, "drac-init"),
            (self.w_over, "drac-overrides"),
            (self.w_hpolicy, "drac-hpolicy"),
            (self.w_goal, "drac-goal"),
            (self.w_companions, "drac-companions"),
            (self.w_comp_items, "drac-companion-items"),
            (self.w_target, "drac-target"),
            (self.w_always, "drac-always"),
            (self.w_epolicy, "drac-epolicy"),
            (self.w_dodge1, "drac-dodge1"),
            (self.w_agatha, "drac-agatha"),
        ):
            w.add_class(cls)
        # outputs
        self.w_prompt = widgets.HTML()
        self.w_prompt.add_class("drac-prompt")
        self.w_summary = widgets.HTML()
        self.w_summary.add_class("drac-summary")
        self.w_table = widgets.HTML()
        self.w_table.add_class("drac-table")
        self.w_track = widgets.HTML()
        self.w_track.add_class("drac-track")
        self.chart = DistributionChart()
        self.chart.widget.add_class("drac-outcomes")
        self.w_mix = widgets.HTML()
        self.w_mix.add_class("drac-mix")
        self.w_plan = widgets.HTML()
        self.w_plan.add_class("drac-plan")
        self.w_group = widgets.HTML()
        self.w_group.add_class("drac-group")
        self.trace = TraceView()
        self._row_labels: list[tuple[widgets.Label, widgets.Widget]] = []
        self._judge_inputs: tuple[widgets.Widget, ...] = ()
        row = self._row

        left = widgets.VBox(
            [
                row(self.w_hunter, "hunter"),
                row(self.w_health, "health"),
                row(self.w_bites, "bites"),
                row(self.w_items, "items"),
            ]
        )
        right = widgets.VBox(
            [
                row(self.w_opponent, "opponent"),
                row(self.w_blood, "blood"),
                row(self.w_weapons, "weapons"),
                row(self.w_minion, "minion"),
                row(self.w_trap, "trap"),
                row(self.w_advance, "advance"),
                row(self.w_castle, "castle"),
                row(self.w_eastern, "eastern"),
                row(self.w_garlic, "garlic"),
                row(self.w_dodge1, "dodge1"),
                row(self.w_agatha, "agatha"),
            ]
        )
        self._goal_row = row(self.w_goal, "goal_label")
        self._always_row = row(self.w_always, "always_label")
        setup = widgets.VBox(
            [
                widgets.HBox([left, right]),
                row(self.w_hpolicy, "hunter_policy"),
                self._goal_row,
                self._always_row,
                row(self.w_epolicy, "enemy_policy"),
                row(self.w_companions, "companions"),
                row(self.w_comp_items, "companion_items"),
                row(self.w_target, "target"),
                row(self.w_assume, "assume"),
                row(self.w_init, "initiative"),
                row(self.w_over, "overrides"),
            ]
        )
        explore = widgets.VBox(
            [
                self.w_prompt,
                self.w_summary,
                self.w_plan,
                self.w_table,
                self.chart.widget,
                self.w_track,
                self.w_group,
                self.w_mix,
                self.trace.widget,
            ]
        )
        self._sections: LazyTabs[HasWidget] = LazyTabs(
            self,
            {
                "explore": TabPlan(lambda: Part(explore)),
                "judge": TabPlan(
                    self._build_judge,
                    fields=lambda _tab: self._judge_fields(),
                    claims=lambda name: name.startswith("j_"),
                    attributes=JUDGE_ATTRIBUTES,
                ),
                # its traces are drawn when its tab is shown
                "valour": TabPlan.prefixed(
                    lambda: ValourPanel(lang=self.lang, draw_traces=False), "valour_"
                ),
            },
            self._tab_built,
        )
        self.tabs = self._sections.widget
        self.body.children = [self.w_intro, columns(setup, self.tabs)]
        self._sections.build_shown()

    def _row(self, w: widgets.Widget, key: str) -> widgets.HBox:
        """An input with its label beside it (the label's text follows the language)."""
        lab = widgets.Label(layout=widgets.Layout(width="230px"))
        self._row_labels.append((lab, w))
        lab.key = key
        return widgets.HBox([lab, w])

    # -- the round resolver's tab, built when first shown ----------------------------------
    def _build_judge(self) -> Part:
        lay = widgets.Layout(width="330px")
        style = {"description_width": "150px"}
        row = self._row
        self.w_judge_intro = widgets.HTML()
        self.j_hcard = widgets.Dropdown(layout=lay, style=style)
        self.j_ecard = widgets.Dropdown(layout=lay, style=style)
        self.j_hdie = IntField(1, 1, 6, app=self, layout=lay, style=style)
        self.j_hdie2 = IntField(1, 1, 6, app=self, layout=lay, style=style)
        self.j_edie = IntField(1, 1, 6, app=self, layout=lay, style=style)
        self.j_resolve = widgets.Button(button_style="primary")
        self.j_restart = widgets.Button()
        self.j_state = widgets.HTML()
        self.j_state.add_class("drac-judge-state")
        self.j_trace = TraceView(deferred=True)  # drawn when its tab is opened or used
        self.j_resolve.add_class("drac-resolve")
        self.j_hcard.add_class("drac-jhcard")
        self.j_ecard.add_class("drac-jecard")
        self.j_hdie.add_class("drac-jhdie")
        self.j_edie.add_class("drac-jedie")
        self._judge_inputs = (self.j_hcard, self.j_ecard, self.j_hdie, self.j_hdie2, self.j_edie)
        return Part(
            widgets.VBox(
                [
                    self.w_judge_intro,
                    row(self.j_hcard, "hunter_card"),
                    row(self.j_ecard, "enemy_card"),
                    row(self.j_hdie, "hunter_die"),
                    row(self.j_hdie2, "hunter_die2"),
                    row(self.j_edie, "enemy_die"),
                    widgets.HBox([self.j_resolve, self.j_restart]),
                    self.j_state,
                    self.j_trace.widget,
                ]
            )
        )

    def _judge_fields(self) -> dict[str, Field]:
        fields = widget_fields(self)
        return {
            name: field
            for name, field in fields.items()
            if name.startswith("j_") and name not in self.url_exclude
        }

    @property
    def judge_built(self) -> bool:
        """Whether the round resolver's tab is built (it is, once shown or used)."""
        return self._sections.is_built("judge")

    @property
    def valour(self) -> ValourPanel:
        """The Valour points tab (built if it was not yet)."""
        return self._sections.get_as("valour", ValourPanel)

    def _tab_built(self, key: str, tab: HasWidget) -> None:
        """A tab was built: the page labels it and shows its results."""
