"""The V:tM dice page's attack tab: attacker, weapon and defender, and the damage that lands.

A part (:mod:`calculators.kit.part`): it gets a context, never the page. :meth:`AttackPart.read`
gives the inputs as a frozen :class:`~calculators.pages.vtm_dice.view.AttackInputs`;
:meth:`AttackPart.show` draws the engine's result, its texts and HTML coming from
:mod:`calculators.pages.vtm_dice.view`.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.charts import DistributionChart
from calculators.kit.fields import SliderField
from calculators.kit.inputs import check_box, typed_slider
from calculators.kit.layout import columns
from calculators.kit.markup import heading
from calculators.kit.panel import ResultPanel
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from calculators.pages.vtm_dice import view
from calculators.pages.vtm_dice.inputs import VTM_INPUTS, own_width
from calculators.pages.vtm_dice.labels import ATTACK_INPUTS
from calculators.pages.vtm_dice.view import AttackInputs
from calculators.pages.vtm_dice.weapons import WEAPON_LABELS, WeaponPicker
from rules.vtm import DAMAGE_TYPES, HEALTH_LEVELS, TARGETS, AttackResult

__all__ = ["ATTACK_FIELDS", "AttackPart"]

#: the attack tab's inputs in the page address
ATTACK_FIELDS = frozenset((*ATTACK_INPUTS, "weapon_choice", "weapon_strength"))

_NUMBERS = (
    "attack_pool",
    "attack_difficulty",
    "damage_base",
    "stamina",
    "fortitude",
    "armor",
    "defense_pool",
    "defense_difficulty",
    "abort_willpower",
    "wounds_taken",
)
_SWITCHES = (
    "attack_willpower",
    "thrown",
    "fire",
    "fire_soak_with_stamina",
    "damage_ones_cancel",
    "dazed_after_halving",
)


class AttackPart:
    """The attack tab's inputs and results; ``exact`` says whether probabilities show their
    fractions (a switch of the one-roll tab).

    Test handles: :attr:`result`, :attr:`summary`, :attr:`chart`, :attr:`trace`,
    :attr:`weapon`, the inputs by their names in ``ATTACK_INPUTS``.
    """

    def __init__(self, context: PartContext, exact: Callable[[], bool]) -> None:
        self.context = context
        self._exact = exact
        self.result: AttackResult | None = None
        self._typed: dict[str, SliderField] = {}
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
        self.summary = ResultPanel()
        self.summary.widget.add_class("vtm-attack-summary")
        self.chart = DistributionChart()
        self.chart.widget.add_class("vtm-attack-chart")
        self._health_table = widgets.HTML()
        self._health_table.add_class("vtm-health")
        self.trace = TraceView()
        self.weapon = WeaponPicker(
            context.with_labels(WEAPON_LABELS),
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
        self.widget = columns(
            [attacker, defender],
            [self.summary.widget, self.chart.widget, self._health_table, self.trace.widget],
        )
        context.watch(*(getattr(self, key) for key in ATTACK_INPUTS))

    def _typed_row(self, key: str) -> widgets.HBox:
        """The slider ``key`` with the box beside it where its value is typed."""
        css = f"vtm-{key.replace('_', '-')}-typed"
        self._typed[key] = typed_slider(getattr(self, key), self.context, css)
        return self._typed[key].widget

    # -- the part contract ---------------------------------------------------------------
    def address_fields(self) -> dict[str, Field]:
        return {n: f for n, f in widget_fields(self).items() if n in ATTACK_FIELDS}

    def read(self) -> AttackInputs:
        """The attack the inputs describe (the weapon's numbers are already in them); an
        unknown damage type or target raises."""
        self._follow_damage_type()
        return AttackInputs(
            attack_pool=self.attack_pool.value,
            attack_difficulty=self.attack_difficulty.value,
            attack_willpower=self.attack_willpower.value,
            defense_pool=self.defense_pool.value,
            defense_difficulty=self.defense_difficulty.value,
            abort_willpower=self.abort_willpower.value,
            damage_base=self.damage_base.value,
            damage_type=self.damage_type.value,
            extra_successes_add=not self.thrown.value,
            target=self.target.value,
            stamina=self.stamina.value,
            fortitude=self.fortitude.value,
            armor=self.armor.value,
            damage_ones_cancel=self.damage_ones_cancel.value,
            fire_or_sunlight=self.fire.value,
            fire_soak_with_stamina=self.fire_soak_with_stamina.value,
            dazed_after_halving=self.dazed_after_halving.value,
            wounds_taken=self.wounds_taken.value,
        ).checked()

    def _follow_damage_type(self) -> None:
        """The "fire or sunlight" switch shows only for aggravated damage."""
        self.fire.layout.display = None if self.damage_type.value == "aggravated" else "none"

    def show(self, result: AttackResult) -> None:
        t, exact = self.context.t, self._exact()
        self.result = result
        self.summary.show(view.attack_summary_html(result, t, exact))
        self.chart.show(
            view.attack_bars(result),
            title=t("levels_title"),
            x_label=t("levels"),
            y_label=t("probability"),
        )
        self._health_table.value = view.health_html(result, t, exact)
        self.trace.show(result.steps, self.context.lang)

    def clear(self) -> None:
        """Take the results of earlier inputs off the tab."""
        self.result = None
        self.summary.clear()
        self.chart.show([])
        self._health_table.value = ""
        self.trace.clear()

    def relabel(self) -> None:
        t = self.context.t
        for key in (*_NUMBERS, *_SWITCHES):
            getattr(self, key).description = t(key)
        self._damage_type_label.value = t("damage_type")
        self.weapon.relabel()
        self._target_label.value = t("target")
        self._attacker_title.value = heading(t("attacker"))
        self._defender_title.value = heading(t("defender"))
        self.context.relabel_options(self.damage_type, DAMAGE_TYPES)
        self.context.relabel_options(self.target, TARGETS)
