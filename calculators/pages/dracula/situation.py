"""Fury of Dracula page's widgets: the situation's inputs, the three tabs and their layout.

The page (:class:`calculators.pages.dracula.page.DraculaPage`) builds on this class and adds
what the widgets do. The situation and the odds tab are built with the page; the round
resolver's and the Valour tabs the first time they are shown or used from code
(:mod:`calculators.kit.tabs`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import ipywidgets as widgets

from calculators.kit.address import Field, widget_field
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
from calculators.pages.dracula.odds import GroupSetup
from calculators.pages.dracula.resolver import ADDRESS_NAMES as RESOLVER_ADDRESS
from calculators.pages.dracula.resolver import RoundResolverPanel
from calculators.pages.dracula.valour import ADDRESS_PREFIX as VALOUR_PREFIX
from calculators.pages.dracula.valour import LABELS as VALOUR_LABELS
from calculators.pages.dracula.valour import ValourPanel
from calculators.pages.dracula.view import Setup
from rules.dracula.blood import MAX_BLOOD
from rules.dracula.cards import AGENT_WEAPONS, HUNTER_CARDS, HUNTER_ITEMS
from rules.dracula.goals import GOALS
from rules.dracula.group import TARGET_POLICIES
from rules.dracula.hunters import GROUP_DODGES, GROUP_TIES, HUNTERS, NO_SITUATION, hunter
from rules.dracula.notation import parse_companion_items
from rules.errors import InvalidState
from rules.i18n import msg

#: the inputs ``set_inputs`` takes, by name, and their widgets' attribute names
INPUTS = {
    "hunter": "hunter",
    "health": "health",
    "bites": "bites",
    "items": "items",
    "opponent": "opponent",
    "weapons": "weapons",
    "minion": "minion",
    "blood": "blood",
    "trap": "trap",
    "advance": "advance",
    "castle": "castle",
    "eastern": "eastern",
    "garlic": "garlic",
    "dodge1": "dodge1",
    "agatha": "agatha",
    "hunter_policy": "hunter_policy",
    "goal": "goal",
    "always": "always",
    "companions": "companions",
    "companion_items": "companion_items",
    "target": "target",
    "group_tie": "group_tie",
    "group_dodge": "group_dodge",
    "enemy_policy": "enemy_policy",
    "assume": "assume",
    "initiative": "initiative",
    "overrides": "overrides",
}

#: the address's names of the inputs whose attribute names say more (links keep working)
ADDRESS_NAMES = {
    "hunter_policy": "hpolicy",
    "enemy_policy": "epolicy",
    "companion_items": "comp_items",
    "initiative": "init",
    "overrides": "over",
}


def _in_address(fields: dict[str, Field]) -> dict[str, Field]:
    """``fields`` under their names in the address (:data:`ADDRESS_NAMES`), in their order."""
    renamed = {}
    for name, field in fields.items():
        shown = ADDRESS_NAMES.get(name)
        again = None if shown is None or field.widget is None else widget_field(shown, field.widget)
        renamed[shown or name] = field if again is None else again  # its messages say ``shown``
    return renamed


class DraculaPageWidgets(LazyTabsPage, Page):
    """The Fury of Dracula page's widgets, built and laid out (no observers yet)."""

    labels = LABELS
    #: computes the Valour tab's standings and combat and shows them (the page's)
    refresh_valour: Callable[[], None]
    #: resolve the round the resolver's tab shows, and start a new combat there (the page's)
    resolve_judged_round: Callable[[], None]
    restart_judge: Callable[[], None]

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        # inputs
        lay = widgets.Layout(width="330px")
        style = {"description_width": "150px"}
        self.intro = widgets.HTML()
        self.hunter = widgets.Dropdown(
            options=list(HUNTERS), value="Van Helsing", layout=lay, style=style
        )
        self.health = IntField(8, 1, 20, app=self, layout=lay, style=style)
        self.bites = IntField(0, 0, 2, app=self, layout=lay, style=style)
        self.items = widgets.SelectMultiple(
            options=list(HUNTER_ITEMS), value=("Stake",), rows=8, layout=lay, style=style
        )
        self.opponent = widgets.Dropdown(
            options=["dracula-night", "dracula-day", "agent"],
            value="dracula-day",
            layout=lay,
            style=style,
        )
        self.weapons = widgets.SelectMultiple(
            options=list(AGENT_WEAPONS), value=(), rows=3, layout=lay, style=style
        )
        self.minion = widgets.Checkbox(value=False, indent=False)
        self.blood = IntField(MAX_BLOOD, 1, MAX_BLOOD, app=self, layout=lay, style=style)
        self.trap = widgets.Checkbox(value=False, indent=False)
        self.advance = widgets.Checkbox(value=False, indent=False)
        self.castle = widgets.Checkbox(value=False, indent=False)
        self.eastern = widgets.Checkbox(value=False, indent=False)
        self.garlic = widgets.Checkbox(value=False, indent=False)
        self.dodge1 = widgets.Checkbox(value=True, indent=False)
        self.agatha = widgets.Checkbox(value=False, indent=False)
        self.hunter_policy = widgets.Dropdown(
            options=list(HUNTER_POLICIES), value="minimax", layout=lay, style=style
        )
        self.goal = widgets.Dropdown(options=list(GOALS), value="destroy", layout=lay, style=style)
        self.always = widgets.Dropdown(
            options=list(HUNTER_CARDS), value="Stake", layout=lay, style=style
        )
        self.enemy_policy = widgets.Dropdown(
            options=["minimax", "uniform"], value="minimax", layout=lay, style=style
        )
        # the seed gives only a few initiative numbers: the page opens on a stated assumption
        # for the others (shown as a notice), which the visitor can change or replace
        self.assume = widgets.Dropdown(
            options=list(ASSUME_CHOICES), value=DEFAULT_ASSUMPTION, layout=lay, style=style
        )
        self.companions = widgets.SelectMultiple(
            options=list(HUNTERS), value=(), rows=4, layout=lay, style=style
        )
        self.companion_items = widgets.Text(
            value="", layout=widgets.Layout(width="520px"), style=style, continuous_update=False
        )
        self.target = widgets.Dropdown(
            options=list(TARGET_POLICIES), value="uniform", layout=lay, style=style
        )
        # the readings a group combat takes where the rules leave it open (the engine's
        # defaults first)
        self.group_tie = widgets.Dropdown(
            options=list(GROUP_TIES), value=NO_SITUATION.group_tie, layout=lay, style=style
        )
        self.group_dodge = widgets.Dropdown(
            options=list(GROUP_DODGES), value=NO_SITUATION.group_dodge, layout=lay, style=style
        )
        self.initiative = widgets.Text(
            value="", layout=widgets.Layout(width="520px"), style=style, continuous_update=False
        )
        self.overrides = widgets.Text(
            value="", layout=widgets.Layout(width="520px"), style=style, continuous_update=False
        )
        for w, cls in (
            (self.hunter, "drac-hunter"),
            (self.health, "drac-health"),
            (self.bites, "drac-bites"),
            (self.items, "drac-items"),
            (self.opponent, "drac-opponent"),
            (self.blood, "drac-blood"),
            (self.assume, "drac-assume"),
            (self.initiative, "drac-init"),
            (self.overrides, "drac-overrides"),
            (self.hunter_policy, "drac-hpolicy"),
            (self.goal, "drac-goal"),
            (self.companions, "drac-companions"),
            (self.companion_items, "drac-companion-items"),
            (self.target, "drac-target"),
            (self.group_tie, "drac-group-tie"),
            (self.group_dodge, "drac-group-dodge"),
            (self.always, "drac-always"),
            (self.enemy_policy, "drac-epolicy"),
            (self.dodge1, "drac-dodge1"),
            (self.agatha, "drac-agatha"),
        ):
            w.add_class(cls)
        # outputs
        self.prompt = widgets.HTML()
        self.prompt.add_class("drac-prompt")
        self.summary = widgets.HTML()
        self.summary.add_class("drac-summary")
        self.round_table = widgets.HTML()
        self.round_table.add_class("drac-table")
        self.blood_track = widgets.HTML()
        self.blood_track.add_class("drac-track")
        self.chart = DistributionChart()
        self.chart.widget.add_class("drac-outcomes")
        self.card_mix = widgets.HTML()
        self.card_mix.add_class("drac-mix")
        self.plan_view = widgets.HTML()
        self.plan_view.add_class("drac-plan")
        self.group_view = widgets.HTML()
        self.group_view.add_class("drac-group")
        self.group_trace = TraceView()
        self.group_trace.widget.add_class("drac-group-trace")
        self.trace = TraceView()
        self._row_labels: list[tuple[widgets.Label, widgets.Widget]] = []
        row = self._row

        left = widgets.VBox(
            [
                row(self.hunter, "hunter"),
                row(self.health, "health"),
                row(self.bites, "bites"),
                row(self.items, "items"),
            ]
        )
        right = widgets.VBox(
            [
                row(self.opponent, "opponent"),
                row(self.blood, "blood"),
                row(self.weapons, "weapons"),
                row(self.minion, "minion"),
                row(self.trap, "trap"),
                row(self.advance, "advance"),
                row(self.castle, "castle"),
                row(self.eastern, "eastern"),
                row(self.garlic, "garlic"),
                row(self.dodge1, "dodge1"),
                row(self.agatha, "agatha"),
            ]
        )
        self._goal_row = row(self.goal, "goal_label")
        self._always_row = row(self.always, "always_label")
        setup = widgets.VBox(
            [
                widgets.HBox([left, right]),
                row(self.hunter_policy, "hunter_policy"),
                self._goal_row,
                self._always_row,
                row(self.enemy_policy, "enemy_policy"),
                row(self.companions, "companions"),
                row(self.companion_items, "companion_items"),
                row(self.target, "target"),
                row(self.group_tie, "group_tie"),
                row(self.group_dodge, "group_dodge"),
                row(self.assume, "assume"),
                row(self.initiative, "initiative"),
                row(self.overrides, "overrides"),
            ]
        )
        explore = widgets.VBox(
            [
                self.prompt,
                self.summary,
                self.plan_view,
                self.round_table,
                self.chart.widget,
                self.blood_track,
                self.group_view,
                self.group_trace.widget,
                self.card_mix,
                self.trace.widget,
            ]
        )
        self._sections: LazyTabs[HasWidget] = LazyTabs(
            self,
            {
                "explore": TabPlan(lambda: Part(explore)),
                "judge": TabPlan(
                    self._build_resolver,
                    fields=lambda tab: tab.address_fields(),  # type: ignore[attr-defined]
                    claims=lambda name: name in RESOLVER_ADDRESS.values(),
                ),
                # its traces are drawn when its tab is shown
                "valour": TabPlan(
                    self._build_valour,
                    fields=lambda tab: tab.address_fields(),  # type: ignore[attr-defined]
                    claims=lambda name: name.startswith(VALOUR_PREFIX),
                ),
            },
            self._tab_built,
        )
        self.tabs = self._sections.widget
        self.body.children = [self.intro, columns(setup, self.tabs)]
        self._sections.build_shown()

    def read_group(self, setup: Setup) -> GroupSetup:
        """The group combat of ``setup``'s hunter and the companions chosen, with the group's
        own readings (the single hunter's odds and the round resolver keep their situation,
        and their cached results); a hunter twice, or items for a hunter outside the group,
        are refused."""
        h = setup.hunter
        companions = tuple(self.companions.value)
        if h.name in companions:
            raise InvalidState(LABELS.message("group_twice", name=h.name))
        items = parse_companion_items(self.companion_items.value)
        for name in items:
            if name not in companions:
                raise InvalidState(
                    msg(
                        "{name} has items but is not in the group; add him or her to it",
                        name=name,
                    )
                )
        group = (h, *(hunter(n, items=items.get(n, ())) for n in companions))
        sit = replace(
            setup.situation, group_tie=self.group_tie.value, group_dodge=self.group_dodge.value
        )
        return GroupSetup(
            group, setup.opponent, sit, setup.blood, setup.table, self.target.value, setup.assume
        )

    def _row(self, w: widgets.Widget, key: str) -> widgets.HBox:
        """An input with its label beside it (the label's text follows the language)."""
        lab = widgets.Label(layout=widgets.Layout(width="230px"))
        self._row_labels.append((lab, w))
        lab.key = key
        return widgets.HBox([lab, w])

    # -- the round resolver's tab, built when first shown ----------------------------------
    def _build_resolver(self) -> RoundResolverPanel:
        return RoundResolverPanel(
            self.part_context(lambda: None),
            on_resolve=lambda: self.resolve_judged_round(),
            on_restart=lambda: self.restart_judge(),
        )

    # -- the Valour tab, built when first shown ----------------------------------------------
    def _build_valour(self) -> ValourPanel:
        context = self.part_context(lambda: self.refresh_valour(), VALOUR_LABELS)
        return ValourPanel(context, draw_traces=False)

    def url_fields(self) -> dict[str, Field]:
        """The inputs in the address, by the names links have always had (``hpolicy``,
        ``j_hdie``...)."""
        return _in_address(super().url_fields())

    @property
    def judge_built(self) -> bool:
        """Whether the round resolver's tab is built (it is, once shown or used)."""
        return self._sections.is_built("judge")

    @property
    def resolver(self) -> RoundResolverPanel:
        """The round resolver's tab (built if it was not yet)."""
        return self._sections.get_as("judge", RoundResolverPanel)

    @property
    def valour(self) -> ValourPanel:
        """The Valour points tab (built if it was not yet)."""
        return self._sections.get_as("valour", ValourPanel)

    def _tab_built(self, key: str, tab: HasWidget) -> None:
        """A tab was built: the page labels it and shows its results."""
