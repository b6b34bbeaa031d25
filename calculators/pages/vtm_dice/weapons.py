"""The V:tM attack tab's weapon picker: a common Revised weapon fills in the damage pool.

Choosing a weapon sets the damage type and the damage base (Strength + the weapon's bonus,
or a firearm's fixed dice); changing Strength updates the base. Editing the damage base or
type by hand turns the picker back to "no weapon", so the page never claims a weapon whose
numbers are not the ones used. A part (:mod:`calculators.kit.part`): it gets a context and
the two inputs it fills, never the page.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.fields import SliderField
from calculators.kit.labels import Catalog
from calculators.kit.part import PartContext
from calculators.pages.vtm_dice.view import NO_WEAPON, WeaponChoice, weapon_note_html
from rules.i18n import msg
from rules.vtm.weapons import WEAPONS, weapon

__all__ = ["NO_WEAPON", "WEAPON_LABELS", "WeaponPicker"]

WEAPON_LABELS = Catalog(
    {
        "weapon": msg("Weapon"),
        "no_weapon": msg("no weapon: enter the damage base"),
        "strength": msg("Strength"),
        "weapon_note": msg("{name}: {formula}; damage base {pool}. Source: {source}."),
    }
)


class WeaponPicker:
    """A weapon list and a Strength slider driving ``damage_base`` and ``damage_type`` (the
    attack's inputs); a pick sets both together, then asks the context for a new result.

    Its inputs are in the page address as ``weapon_choice`` and ``weapon_strength``.
    """

    def __init__(
        self,
        context: PartContext,
        damage_base: widgets.IntSlider,
        damage_type: widgets.ToggleButtons,
        style: Any,
        layout: Any,
    ) -> None:
        self.context = context
        self._damage_base = damage_base
        self._damage_type = damage_type
        self.choice = widgets.Dropdown(
            options=[(NO_WEAPON, NO_WEAPON)], value=NO_WEAPON, style=style
        )
        self.choice.add_class("vtm-weapon")
        self.strength = widgets.IntSlider(
            value=2, min=0, max=10, continuous_update=False, style=style, layout=layout
        )
        self.strength.add_class("vtm-strength")
        # Strength is typed in a box beside the slider that says what is allowed
        self._typed = SliderField(self.strength, context, "vtm-strength-typed")
        self.note = widgets.HTML()
        self.note.add_class("vtm-weapon-note")
        self.widget = widgets.VBox([self.choice, self._typed.widget, self.note])
        self._filling = False
        self.choice.observe(self._on_pick, names="value")
        self.strength.observe(self._on_pick, names="value")
        damage_base.observe(self._on_manual, names="value")
        damage_type.observe(self._on_manual, names="value")

    # -- the part contract ---------------------------------------------------------------
    def address_fields(self) -> dict[str, Field]:
        return widget_fields(self, prefix="weapon_", depth=0)

    def read(self) -> WeaponChoice:
        """The weapon chosen (a key of the rules' weapons, or ``NO_WEAPON``) and Strength;
        a key the rules do not know raises."""
        key = self.choice.value
        if key != NO_WEAPON:
            weapon(key)
        return WeaponChoice(key, self.strength.value)

    def show(self, choice: WeaponChoice) -> None:
        """The chosen weapon's note (its formula, damage base and source)."""
        self.note.value = weapon_note_html(choice, self.context.t, self.context.lang)

    def relabel(self) -> None:
        t, lang = self.context.t, self.context.lang
        options = [(t("no_weapon"), NO_WEAPON)]
        options += [(f"{w.name.render(lang)} ({w.formula().render(lang)})", w.key) for w in WEAPONS]
        value = self.choice.value
        self._filling = True
        try:
            self.choice.options = options
            self.choice.value = value
        finally:
            self._filling = False
        self.choice.description = t("weapon")
        self.strength.description = t("strength")
        self.show(self.read())

    # -- filling the attack's inputs ------------------------------------------------------
    def _on_pick(self, _change: dict[str, Any]) -> None:
        choice = self.read()
        if self._filling or choice.key == NO_WEAPON:
            self.show(choice)
            return
        item = weapon(choice.key)
        pool = item.damage_pool(choice.strength)
        self._filling = True
        try:
            with self.context.hold():
                self._damage_base.value = min(pool, self._damage_base.max)
                self._damage_type.value = item.damage_type
        finally:
            self._filling = False
        self.show(choice)
        self.context.refresh()

    def _on_manual(self, _change: dict[str, Any]) -> None:
        if self._filling or self.choice.value == NO_WEAPON or self.context.held:
            return
        item = weapon(self.choice.value)
        base, kind = self._damage_base.value, self._damage_type.value
        if (base, kind) != (item.damage_pool(self.strength.value), item.damage_type):
            self._filling = True
            try:
                self.choice.value = NO_WEAPON
            finally:
                self._filling = False
            self.show(self.read())
