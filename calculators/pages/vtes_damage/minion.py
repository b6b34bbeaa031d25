"""VTES damage page's minion: its kind, name, capacity, blood or life and state, or a vampire
taken from the crypt."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.fields import IntField, int_field
from calculators.kit.markup import heading
from calculators.kit.part import PartContext
from calculators.pages.vtes_damage.labels import DEFAULT_NAMES, KINDS, MAX_CAPACITY, MAX_LIFE
from calculators.vtes_widgets.card_pickers import CARD_LABELS, CryptPicker
from rules.vtes import Ally, MinionState, Retainer, Vampire
from rules.vtes.models import Minion

#: the minion's inputs, by name (``set_inputs`` and the address use these names)
INPUTS: tuple[str, ...] = ("kind", "name", "capacity", "blood", "state")


class MinionPart:
    """The minion dealt damage; :meth:`read` gives it as a rules object."""

    def __init__(self, context: PartContext) -> None:
        context = context.with_labels(CARD_LABELS)  # the crypt picker's words
        self.context = context
        wide = {"description_width": "150px"}

        def box() -> widgets.Layout:  # one Layout per widget: hiding one must not hide others
            return widgets.Layout(width="290px")

        buttons = {"button_width": "95px"}
        self.kind = widgets.ToggleButtons(
            options=[(k, k) for k in KINDS], value="vampire", style=buttons
        )
        self.kind.add_class("vtes-kind")
        self.name = widgets.Text(value=context.t("vampire"), style=wide, layout=box())
        self.capacity = int_field(context, 4, 1, MAX_CAPACITY, style=wide, layout=box())
        self.blood = int_field(context, 3, 0, 4, style=wide, layout=box())
        self.state = widgets.ToggleButtons(
            options=[("ready", "ready"), ("torpor", "torpor")], style=buttons
        )
        self.state.add_class("vtes-state")
        for key in INPUTS:
            getattr(self, key).add_class(f"vtes-{key.replace('_', '-')}")
        self.title = widgets.HTML()
        self.kind_label = widgets.Label()
        self.state_label = widgets.Label()
        self.state_row = widgets.HBox([self.state_label, self.state])
        self.crypt_picker = CryptPicker(
            context.t, self._use_vampire, sides=False, lang=lambda: context.lang
        )
        self.crypt_toggle = widgets.ToggleButton(icon="book", layout=widgets.Layout(width="auto"))
        self.crypt_toggle.add_class("vtes-crypt-toggle")
        self.crypt_picker.widget.layout.display = "none"
        self.crypt_toggle.observe(lambda _c: context.run(self._toggle_crypt), names="value")
        self.crypt_picker.use.on_click(lambda _b: context.act(self.crypt_picker.use_vampire))
        self.widget = widgets.VBox(
            [
                self.title,
                self.crypt_toggle,
                self.crypt_picker.widget,
                widgets.HBox([self.kind_label, self.kind]),
                self.name,
                self.capacity,
                self.blood,
                self.state_row,
            ]
        )
        self.kind.observe(self._on_kind, names="value")
        self.capacity.observe(self._on_kind, names="value")
        context.watch(*(getattr(self, key) for key in INPUTS))

    # -- the contract --------------------------------------------------------------------
    def address_fields(self) -> dict[str, Field]:
        """The minion's inputs in the address; a default name (the kind, in any language) is
        left out, so switching the language does not put the translated default into the link."""
        fields = widget_fields(self)
        plain = fields["name"]

        def read() -> str:
            text = plain.read()
            return "" if text.strip() in DEFAULT_NAMES else text

        fields["name"] = Field("name", read, plain.write, plain.widget)
        return fields

    def read(self) -> Minion:
        """The minion the inputs describe (raises InvalidState for impossible values)."""
        kind = self.kind.value
        name = self.name.value.strip() or self.default_name()
        if kind == "vampire":
            return Vampire(
                name,
                capacity=self.capacity.value,
                blood=self.blood.value,
                state=MinionState(self.state.value),
            )
        if kind == "ally":
            return Ally(name, life=self.blood.value)
        return Retainer(name, life=self.blood.value)

    def show(self, _result: object) -> None:
        """The minion's inputs show no result."""

    def relabel(self) -> None:
        t = self.context.t
        self.title.value = heading(t("minion"))
        self.kind_label.value = t("kind")
        self.state_label.value = t("state")
        self._relabel_options(self.kind, KINDS)
        self._relabel_options(self.state, ("ready", "torpor"))
        self.name.description = t("name")
        self.capacity.description = t("capacity")
        self.crypt_toggle.description = t("crypt_name")
        self.crypt_picker.relabel()
        self.show_kind()

    # -- inside the part -----------------------------------------------------------------
    def number_fields(self) -> list[IntField]:
        """The number boxes that apply to the current kind."""
        return [self.blood, self.capacity] if self.kind.value == "vampire" else [self.blood]

    def default_name(self) -> str:
        """The name used while the name box is empty: the kind, in the page's language."""
        return self.context.t(self.kind.value)

    def show_kind(self) -> None:
        """Show the inputs that apply to the kind, with the bounds its blood or life has."""
        vampire = self.kind.value == "vampire"
        shown = None if vampire else "none"
        self.capacity.layout.display = shown
        self.state_row.layout.display = shown
        self.blood.description = self.context.t("blood" if vampire else "life")
        with self.context.hold():
            if vampire:
                self.blood.min, self.blood.max = 0, self.capacity.value
            else:
                self.blood.min, self.blood.max = 1, MAX_LIFE
            if self.name.value.strip() in DEFAULT_NAMES:
                self.name.value = self.default_name()
        self.name.placeholder = self.default_name()

    def _on_kind(self, _change: dict[str, Any]) -> None:
        if not self.context.held:
            self.show_kind()

    def _relabel_options(self, widget: Any, keys: tuple[str, ...]) -> None:
        value = widget.value
        with self.context.hold():
            widget.options = [(self.context.t(key), key) for key in keys]
            widget.value = value

    def _toggle_crypt(self) -> None:
        shown = bool(self.crypt_toggle.value)
        if shown:
            self.crypt_picker.load()
        self.crypt_picker.widget.layout.display = None if shown else "none"

    def _use_vampire(self, vampire: Any, _side: str) -> None:
        """Fill the vampire's name and capacity from its card, full of blood (an ally: its
        name and life)."""
        from rules.vtes.card_library_needs import minion_combatant

        minion = minion_combatant(vampire)
        with self.context.hold():
            self.kind.value = minion["kind"]
            self.name.value = minion["name"]
            if minion["kind"] == "vampire":
                self.capacity.value = minion["capacity"]
                self.blood.value = minion["blood"]
            else:
                self.blood.value = minion["life"]
        self.show_kind()
        self.widget.add_class("vtes-minion-changed")
        self.context.refresh()
