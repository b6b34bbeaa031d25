"""VTES damage page's damage: normal and aggravated points, how many are prevented, the rules."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.fields import IntField, int_field
from calculators.kit.fmt import escape
from calculators.kit.markup import heading
from calculators.kit.part import PartContext
from calculators.pages.vtes_damage.labels import MAX_DAMAGE
from calculators.pages.vtes_damage.view import DamageDealt
from rules.vtes.damage import EDITIONS

#: the damage's inputs, by name (``set_inputs`` and the address use these names)
INPUTS: tuple[str, ...] = ("normal", "aggravated", "prevent_normal", "prevent_aggravated", "rules")


class DamagePart:
    """The damage dealt at once; :meth:`read` gives it as a :class:`DamageDealt`."""

    def __init__(self, context: PartContext) -> None:
        self.context = context
        wide = {"description_width": "150px"}

        def box() -> widgets.Layout:  # one Layout per widget: hiding one must not hide others
            return widgets.Layout(width="290px")

        self.normal = int_field(context, 0, 0, MAX_DAMAGE, style=wide, layout=box())
        self.aggravated = int_field(context, 0, 0, MAX_DAMAGE, style=wide, layout=box())
        self.prevent_normal = int_field(context, 0, 0, MAX_DAMAGE, style=wide, layout=box())
        self.prevent_aggravated = int_field(context, 0, 0, MAX_DAMAGE, style=wide, layout=box())
        self.rules = widgets.Dropdown(
            options=[(e, e) for e in EDITIONS],
            value="black-hand",
            style=wide,
            layout=widgets.Layout(width="440px"),
        )
        for key in INPUTS:
            getattr(self, key).add_class(f"vtes-{key.replace('_', '-')}")
        self.title = widgets.HTML()
        self.prevention_title = widgets.HTML()
        self.prevention_help = widgets.HTML()
        self.widget = widgets.VBox(
            [
                self.title,
                self.normal,
                self.aggravated,
                self.prevention_title,
                self.prevention_help,
                self.prevent_normal,
                self.prevent_aggravated,
                self.rules,
            ]
        )
        context.watch(*(getattr(self, key) for key in INPUTS))

    def address_fields(self) -> dict[str, Field]:
        return widget_fields(self)

    def read(self) -> DamageDealt:
        return DamageDealt(
            normal=self.normal.value,
            aggravated=self.aggravated.value,
            prevent_normal=self.prevent_normal.value,
            prevent_aggravated=self.prevent_aggravated.value,
            rules=self.rules.value,
        )

    def show(self, _result: object) -> None:
        """The damage's inputs show no result."""

    def relabel(self) -> None:
        t = self.context.t
        self.title.value = heading(t("damage"))
        self.prevention_title.value = heading(t("prevention"))
        self.prevention_help.value = f"<small>{escape(t('prevention_help'))}</small>"
        value = self.rules.value
        with self.context.hold():
            self.rules.options = [(t(key), key) for key in EDITIONS]
            self.rules.value = value
        for key in ("normal", "aggravated", "prevent_normal", "prevent_aggravated", "rules"):
            getattr(self, key).description = t(key)

    def number_fields(self) -> list[IntField]:
        return [self.normal, self.aggravated, self.prevent_normal, self.prevent_aggravated]

    def load(self, values: dict[str, Any]) -> None:
        """Set inputs by name (no new result: the caller holds and refreshes)."""
        for key, value in values.items():
            getattr(self, key).value = value
