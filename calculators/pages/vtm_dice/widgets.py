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
from calculators.kit.inputs import check_box, typed_slider
from calculators.kit.layout import columns
from calculators.kit.page import Page
from calculators.kit.panel import ResultPanel
from calculators.kit.tabs import HasWidget, LazyTabs, LazyTabsPage, Part, TabPlan
from calculators.kit.trace_view import TraceView
from calculators.pages.vtm_dice.inputs import VTM_INPUTS, own_width
from calculators.pages.vtm_dice.labels import ATTACK_INPUTS, LABELS
from calculators.pages.vtm_dice.pool import PoolPart
from calculators.pages.vtm_dice.v5 import LABELS as V5_LABELS
from calculators.pages.vtm_dice.v5 import V5Tab
from calculators.pages.vtm_dice.v5_contest import CONTEST_LABELS, V5ContestTab
from calculators.pages.vtm_dice.weapons import WEAPON_LABELS, WeaponPicker
from rules.vtm import DAMAGE_TYPES, HEALTH_LEVELS, TARGETS, AttackResult

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
    #: computes the one roll and shows it (the page's)
    recompute: Callable[[], None]

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        # each slider's value is typed in a box beside it that says what is allowed
        self._typed: dict[str, SliderField] = {}
        self._intro = widgets.HTML()

        # -- one roll, built with the page ---------------------------------------------
        self.pool = PoolPart(self.part_context(lambda: self.recompute()))
        pool_box = self.pool.widget
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

    def url_fields(self) -> dict[str, Field]:
        """The one roll's inputs, then the page's own (the tab shown) and the other tabs'."""
        pool = self.pool.address_fields()
        taken = {id(field.widget) for field in pool.values()}
        page = {n: f for n, f in super().url_fields().items() if id(f.widget) not in taken}
        return {**pool, **page}

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
