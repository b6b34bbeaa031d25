"""V:tM dice page's widgets: the one-roll, attack and V5 tabs' inputs, outputs and layout.

The page (:class:`calculators.pages.vtm_dice.page.VtmDicePage`) builds on this class and adds what
the widgets do. The one-roll tab is built with the page; the attack and V5 tabs the first time
they are shown or used from code (:mod:`calculators.kit.tabs`), so the page opens light.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.charts import DistributionChart
from calculators.kit.fields import SliderField
from calculators.kit.inputs import InputStyle, check_box, typed_slider
from calculators.kit.layout import columns
from calculators.kit.page import Page
from calculators.kit.panel import ResultPanel
from calculators.kit.tabs import HasWidget, LazyTabs, LazyTabsPage, Part, TabPlan
from calculators.kit.trace_view import TraceView
from calculators.pages.vtm_dice.labels import ATTACK_INPUTS, LABELS, POOL_INPUTS, WOUND_CHOICES
from calculators.pages.vtm_dice.v5 import LABELS as V5_LABELS
from calculators.pages.vtm_dice.v5 import V5Tab
from calculators.pages.vtm_dice.v5_contest import CONTEST_LABELS, V5ContestTab
from calculators.pages.vtm_dice.weapons import WEAPON_LABELS, WeaponPicker
from rules.vtm import DAMAGE_TYPES, EDITIONS, HEALTH_LEVELS, TARGETS, UNHURT, AttackResult

#: how the dice page sizes its inputs (sliders with their typed boxes)
VTM_INPUTS = InputStyle(label_width="160px", box_width="430px")


def own_width() -> widgets.Layout:
    """A switch's own layout, as wide as its label (some are hidden on their own)."""
    return widgets.Layout(width="auto")


#: the attack tab's inputs in the page address
ATTACK_FIELDS = frozenset((*ATTACK_INPUTS, "weapon_choice", "weapon_strength"))
#: the page attributes the attack tab sets when it is built (reading one builds it)
ATTACK_ATTRIBUTES = frozenset(
    (
        *ATTACK_INPUTS,
        "attack_result",
        "attack_summary",
        "attack_chart",
        "attack_trace",
        "weapon",
        "_damage_type_label",
        "_target_label",
        "_attacker_title",
        "_defender_title",
        "_health_table",
    )
)


class VtmDicePageWidgets(LazyTabsPage, Page):
    """The dice page's widgets, built and laid out (no observers yet)."""

    labels = LABELS
    title_key = "title"
    #: computes the attack and shows it (the page's; a weapon pick asks for it)
    recompute_attack: Callable[[], None]

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        wide = VTM_INPUTS.style
        self._intro = widgets.HTML()

        # -- one roll ----------------------------------------------------------------
        self.dice = VTM_INPUTS.slider(6, 1, 50)
        self.difficulty = VTM_INPUTS.slider(6, 2, 10)
        self.edition = widgets.ToggleButtons(options=[(e, e) for e in EDITIONS], value="revised")
        self._edition_label = widgets.Label()
        self.specialty = check_box(False, layout=own_width())
        self.reroll_ones_cancel = check_box(False, layout=own_width())
        self.willpower = check_box(False, layout=own_width())
        self.wound = widgets.Dropdown(
            options=[(w, w) for w in WOUND_CHOICES], value=UNHURT, style=wide
        )
        self.actions = VTM_INPUTS.slider(1, 1, 5)
        self.exact = check_box(False, layout=own_width())
        self.closed_forms = check_box(False, layout=own_width())
        for key in POOL_INPUTS:
            getattr(self, key).add_class(f"vtm-{key.replace('_', '-')}")
        # each slider's value is typed in a box beside it that says what is allowed
        self._typed: dict[str, SliderField] = {}
        typed = self._typed_row

        self._botch = widgets.HTML()
        self._botch.add_class("vtm-botch")
        self.summary = ResultPanel()
        self.summary.widget.add_class("vtm-summary")
        self.chart = DistributionChart()
        self.chart.widget.add_class("vtm-chart")
        self._tail_note = widgets.HTML()
        self._at_least = widgets.HTML()
        self._at_least.add_class("vtm-at-least")
        self._actions_table = widgets.HTML()
        self._actions_table.add_class("vtm-actions")
        self._forms = widgets.HTMLMath()
        self._forms.add_class("vtm-forms")
        self.trace_view = TraceView()

        pool_inputs = widgets.VBox(
            [
                typed("dice"),
                typed("difficulty"),
                widgets.HBox([self._edition_label, self.edition]),
                self.specialty,
                self.reroll_ones_cancel,
                self.willpower,
                self.wound,
                typed("actions"),
                self.exact,
                self.closed_forms,
            ]
        )
        pool_outputs = widgets.VBox(
            [
                self._botch,
                self.summary.widget,
                self.chart.widget,
                self._tail_note,
                widgets.HBox([self._at_least, self._actions_table]),
                self._forms,
                self.trace_view.widget,
            ]
        )
        pool_box = columns(pool_inputs, pool_outputs)
        self._sections: LazyTabs[HasWidget] = LazyTabs(
            self,
            {
                "pool": TabPlan(lambda: Part(pool_box)),
                "attack": TabPlan(
                    self._build_attack,
                    fields=lambda _tab: self._attack_fields(),
                    claims=ATTACK_FIELDS.__contains__,
                    attributes=ATTACK_ATTRIBUTES,
                ),
                "v5": TabPlan(
                    self._build_v5,
                    fields=lambda tab: tab.address_fields(),  # type: ignore[attr-defined]
                    claims=lambda name: name.startswith("v5_"),
                ),
                "contest": TabPlan(
                    self._build_contest,
                    fields=lambda tab: tab.address_fields(),  # type: ignore[attr-defined]
                    claims=lambda name: name.startswith("v5c_"),
                ),
            },
            self._tab_built,
        )
        self.tabs = self._sections.widget
        self.body.children = [self._intro, self.tabs]
        self._sections.build_shown()

    # -- the attack tab, built when first shown ------------------------------------------
    def _build_attack(self) -> Part:
        typed = self._typed_row
        int_slider = VTM_INPUTS.slider

        self.attack_pool = int_slider(6, 1, 20)
        self.attack_difficulty = int_slider(6, 2, 10)
        self.attack_willpower = check_box(False, layout=own_width())
        self.damage_base = int_slider(3, 0, 15)
        self.damage_type = widgets.ToggleButtons(
            options=[(t, t) for t in DAMAGE_TYPES], value="lethal"
        )
        self.thrown = check_box(False, layout=own_width())
        self.target = widgets.ToggleButtons(options=[(t, t) for t in TARGETS], value="vampire")
        self.stamina = int_slider(2, 0, 10)
        self.fortitude = int_slider(0, 0, 10)
        self.armor = int_slider(0, 0, 5)
        self.defense_pool = int_slider(0, 0, 20)
        self.defense_difficulty = int_slider(6, 2, 10)
        self.abort_willpower = int_slider(0, 0, 10)
        self.wounds_taken = int_slider(0, 0, len(HEALTH_LEVELS))
        self.fire = check_box(False, layout=own_width())
        self.fire_soak_with_stamina = check_box(True, layout=own_width())
        self.damage_ones_cancel = check_box(True, layout=own_width())
        self.dazed_after_halving = check_box(False, layout=own_width())
        for key in ATTACK_INPUTS:
            getattr(self, key).add_class(f"vtm-{key.replace('_', '-')}")
        self._damage_type_label = widgets.Label()
        self._target_label = widgets.Label()
        self._attacker_title = widgets.HTML()
        self._defender_title = widgets.HTML()
        self.attack_summary = ResultPanel()
        self.attack_summary.widget.add_class("vtm-attack-summary")
        self.attack_chart = DistributionChart()
        self.attack_chart.widget.add_class("vtm-attack-chart")
        self._health_table = widgets.HTML()
        self._health_table.add_class("vtm-health")
        self.attack_trace = TraceView()
        self.weapon = WeaponPicker(
            self.part_context(lambda: self.recompute_attack(), WEAPON_LABELS),
            self.damage_base,
            self.damage_type,
            VTM_INPUTS.style,
            VTM_INPUTS.layout(),
        )
        attacker = widgets.VBox(
            [
                self._attacker_title,
                typed("attack_pool"),
                typed("attack_difficulty"),
                self.attack_willpower,
                self.weapon.widget,
                typed("damage_base"),
                widgets.HBox([self._damage_type_label, self.damage_type]),
                self.thrown,
                self.fire,
                self.damage_ones_cancel,
            ]
        )
        defender = widgets.VBox(
            [
                self._defender_title,
                widgets.HBox([self._target_label, self.target]),
                typed("stamina"),
                typed("fortitude"),
                typed("armor"),
                typed("defense_pool"),
                typed("defense_difficulty"),
                typed("abort_willpower"),
                typed("wounds_taken"),
                self.fire_soak_with_stamina,
                self.dazed_after_halving,
            ]
        )
        self.attack_result: AttackResult | None = None
        return Part(
            columns(
                [attacker, defender],
                [
                    self.attack_summary.widget,
                    self.attack_chart.widget,
                    self._health_table,
                    self.attack_trace.widget,
                ],
            )
        )

    def _typed_row(self, key: str) -> widgets.HBox:
        """The slider ``key`` with the box beside it where its value is typed."""
        css = f"vtm-{key.replace('_', '-')}-typed"
        self._typed[key] = typed_slider(getattr(self, key), self, css)
        return self._typed[key].widget

    def _attack_fields(self) -> dict[str, Field]:
        return {name: f for name, f in widget_fields(self).items() if name in ATTACK_FIELDS}

    def _build_v5(self) -> V5Tab:
        holder: list[V5Tab] = []
        tab = V5Tab(self.part_context(lambda: holder[0].recompute(), V5_LABELS))
        holder.append(tab)
        return tab

    def _build_contest(self) -> V5ContestTab:
        labels = V5_LABELS.merged(CONTEST_LABELS)
        holder: list[V5ContestTab] = []
        tab = V5ContestTab(self.part_context(lambda: holder[0].recompute(), labels))
        holder.append(tab)
        return tab

    @property
    def contest(self) -> V5ContestTab:
        """The V5 contests and checks tab (built if it was not yet)."""
        return self._sections.get_as("contest", V5ContestTab)

    @property
    def v5(self) -> V5Tab:
        """The V5 tab (built if it was not yet)."""
        return self._sections.get_as("v5", V5Tab)

    def _tab_built(self, key: str, tab: HasWidget) -> None:
        """A tab was built: the page labels it and computes it."""
