"""The V:tM attack tab's weapon picker: a common Revised weapon fills in the damage pool.

Choosing a weapon sets the damage type and the damage base (Strength + the weapon's bonus,
or a firearm's fixed dice); changing Strength updates the base. Editing the damage base or
type by hand turns the picker back to "no weapon", so the page never claims a weapon whose
numbers are not the ones used.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit.fields import SliderField
from calculators.kit.fmt import escape
from calculators.kit.labels import Catalog
from rules.i18n import msg
from rules.vtm.weapons import WEAPONS, weapon

NO_WEAPON = "none"

WEAPON_LABELS = Catalog(
    {
        "weapon": msg("Weapon"),
        "no_weapon": msg("no weapon: enter the damage base"),
        "strength": msg("Strength"),
        "weapon_note": msg("{name}: {formula}; damage base {pool}. Source: {source}."),
    }
)


class WeaponPicker:
    """A weapon list and a Strength slider driving ``page.damage_base`` and ``page.damage_type``."""

    def __init__(self, page: Any, style: Any, layout: Any) -> None:
        self.page = page
        self.choice = widgets.Dropdown(
            options=[(NO_WEAPON, NO_WEAPON)], value=NO_WEAPON, style=style
        )
        self.choice.add_class("vtm-weapon")
        self.strength = widgets.IntSlider(
            value=2, min=0, max=10, continuous_update=False, style=style, layout=layout
        )
        self.strength.add_class("vtm-strength")
        # Strength is typed in a box beside the slider that says what is allowed
        self._typed = SliderField(self.strength, page, "vtm-strength-typed")
        self.note = widgets.HTML()
        self.note.add_class("vtm-weapon-note")
        self.widget = widgets.VBox([self.choice, self._typed.widget, self.note])
        self._filling = False
        self.choice.observe(self._on_pick, names="value")
        self.strength.observe(self._on_pick, names="value")
        page.damage_base.observe(self._on_manual, names="value")
        page.damage_type.observe(self._on_manual, names="value")

    def relabel(self) -> None:
        lang = self.page.lang
        options = [(WEAPON_LABELS.text("no_weapon", lang), NO_WEAPON)]
        options += [(f"{w.name.render(lang)} ({w.formula().render(lang)})", w.key) for w in WEAPONS]
        value = self.choice.value
        self._filling = True
        try:
            self.choice.options = options
            self.choice.value = value
        finally:
            self._filling = False
        self.choice.description = WEAPON_LABELS.text("weapon", lang)
        self.strength.description = WEAPON_LABELS.text("strength", lang)
        self._show_note()

    def _on_pick(self, _change: dict[str, Any]) -> None:
        if self._filling or self.choice.value == NO_WEAPON:
            self._show_note()
            return
        item = weapon(self.choice.value)
        pool = item.damage_pool(self.strength.value)
        self._filling = True
        try:
            with self.page.hold():
                self.page.damage_base.value = min(pool, self.page.damage_base.max)
                self.page.damage_type.value = item.damage_type
        finally:
            self._filling = False
        self._show_note()
        self.page.recompute_attack()

    def _on_manual(self, _change: dict[str, Any]) -> None:
        if self._filling or self.choice.value == NO_WEAPON or self.page.held:
            return
        item = weapon(self.choice.value)
        base, kind = self.page.damage_base.value, self.page.damage_type.value
        if (base, kind) != (item.damage_pool(self.strength.value), item.damage_type):
            self._filling = True
            try:
                self.choice.value = NO_WEAPON
            finally:
                self._filling = False
            self._show_note()

    def _show_note(self) -> None:
        if self.choice.value == NO_WEAPON:
            self.note.value = ""
            return
        lang = self.page.lang
        item = weapon(self.choice.value)
        text = WEAPON_LABELS.text("weapon_note", lang).format(
            name=item.name.render(lang),
            formula=item.formula().render(lang),
            pool=item.damage_pool(self.strength.value),
            source=item.source.render(lang),
        )
        self.note.value = f'<small class="calc-help">{escape(text)}</small>'
