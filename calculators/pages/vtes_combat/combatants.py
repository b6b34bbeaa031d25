"""VTES combat page's combatant cards: the minion, its equipment and retainers as editable lists."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.closing import close_tree, close_trees
from calculators.kit.fmt import escape
from calculators.kit.inputs import set_options
from calculators.kit.markup import heading
from calculators.pages.vtes_combat.context import CombatContext
from calculators.pages.vtes_combat.controls import SHARED, int_text, wrapping
from calculators.pages.vtes_combat.inputs import CombatantInputs, EquipmentInputs, frozen
from calculators.pages.vtes_combat.labels import MAX_CAPACITY, MAX_DAMAGE, MAX_LIFE, MAX_STRENGTH
from rules.vtes.scenario import Side


class ListRow:
    """A removable row of widgets inside a list editor."""

    widget: widgets.Box

    def __init__(self, context: CombatContext) -> None:
        self.context = context
        self.remove = SHARED.button(icon="times", layout=SHARED.layout(width="36px"))
        self.remove.add_class("vtes-remove")

    def relabel(self) -> None:
        self.remove.tooltip = self.context.t("remove")


class EquipmentRow(ListRow):
    def __init__(self, context: CombatContext, data: dict[str, Any] | None = None) -> None:
        super().__init__(context)
        data = data or {"name": "Weapon", "strike": {"damage": 1}}
        strike = dict(data.get("strike") or {})
        self.name = widgets.Text(
            value=str(data.get("name", "")), layout=SHARED.layout(width="150px")
        )
        self.damage = int_text(
            context, int(strike.pop("damage", 0)), "120px", 0, MAX_DAMAGE, "60px"
        )
        self.ranged = widgets.Checkbox(value=bool(strike.pop("ranged", False)), indent=False)
        self.aggravated = widgets.Checkbox(
            value=bool(strike.pop("aggravated", False)), indent=False
        )
        self.extra = strike  # strike effects the row does not show are kept as they are
        self.ranged.layout.width = "auto"
        self.aggravated.layout.width = "auto"
        self.name.add_class("vtes-equipment-name")
        self.damage.add_class("vtes-equipment-damage")
        self.widget = SHARED.hbox(
            [self.name, self.damage, self.ranged, self.aggravated, self.remove], wrapping()
        )
        context.watch(self.name, self.damage, self.ranged, self.aggravated)

    def relabel(self) -> None:
        super().relabel()
        self.name.placeholder = self.context.t("item_name")
        self.damage.description = self.context.t("damage")
        self.ranged.description = self.context.t("ranged")
        self.aggravated.description = self.context.t("aggravated")

    def read(self) -> EquipmentInputs:
        return EquipmentInputs(
            self.name.value,
            self.damage.value,
            bool(self.ranged.value),
            bool(self.aggravated.value),
            frozen(self.extra),
        )

    @property
    def has_strike(self) -> bool:
        return bool(self.damage.value or self.extra)


class RetainerRow(ListRow):
    def __init__(self, context: CombatContext, data: dict[str, Any] | None = None) -> None:
        super().__init__(context)
        data = data or {"name": "Retainer", "life": 1}
        self.name = widgets.Text(
            value=str(data.get("name", "")), layout=SHARED.layout(width="150px")
        )
        self.life = int_text(context, int(data.get("life", 1)), "120px", 1, MAX_LIFE, "50px")
        self.name.add_class("vtes-retainer-name")
        self.widget = SHARED.hbox([self.name, self.life, self.remove])
        context.watch(self.name, self.life)

    def relabel(self) -> None:
        super().relabel()
        self.life.description = self.context.t("life")

    def read(self) -> tuple[str, int]:
        return self.name.value, self.life.value


class ListEditor:
    """A titled list of rows with an Add button."""

    def __init__(
        self,
        context: CombatContext,
        title_key: str,
        add_key: str,
        make: Callable[[dict[str, Any] | None], ListRow],
        css: str,
    ) -> None:
        self.context = context
        self.title_key = title_key
        self.add_key = add_key
        self.make = make
        self.rows: list[ListRow] = []
        self.title = SHARED.html()
        self.add_button = SHARED.button(icon="plus")
        self.add_button.add_class(f"vtes-add-{css}")
        self.add_button.on_click(lambda _b: context.run(self.add))
        self.box = SHARED.vbox()
        self.widget = SHARED.vbox([self.title, self.box, self.add_button])

    def add(self, data: dict[str, Any] | None = None, *, recompute: bool = True) -> ListRow:
        row = self.make(data)
        row.remove.on_click(lambda _b, r=row: self.context.run(self.remove, r))
        row.relabel()
        self.rows.append(row)
        self._show()
        if recompute:
            self.context.structure_changed()
        return row

    def remove(self, row: ListRow) -> None:
        self.rows.remove(row)
        self._show()
        close_tree(row.widget, SHARED.ids())
        self.context.structure_changed()

    def set_rows(self, items: Iterable[dict[str, Any]]) -> None:
        dropped = [r.widget for r in self.rows]
        self.rows = []
        self._show()
        close_trees(dropped, SHARED.ids())
        for item in items:
            self.add(item, recompute=False)
        self._show()

    def _show(self) -> None:
        self.box.children = [r.widget for r in self.rows]

    def relabel(self) -> None:
        self.title.value = f"<b>{escape(self.context.t(self.title_key))}</b>"
        self.add_button.description = self.context.t(self.add_key)
        for row in self.rows:
            row.relabel()


class CombatantCard:
    def __init__(self, context: CombatContext, side: Side) -> None:
        self.context = context
        self.side = side
        wide = {"description_width": "90px"}
        box = SHARED.layout(width="240px")
        self.title = SHARED.html()
        self.name = widgets.Text(style=wide, layout=box)
        self.kind = widgets.ToggleButtons(
            options=[("vampire", "vampire"), ("ally", "ally")],
            style={"button_width": "90px"},
        )
        self.capacity = int_text(context, 6, "240px", 1, MAX_CAPACITY, "90px", own_layout=True)
        self.blood = int_text(context, 4, "240px", 0, MAX_CAPACITY, "90px")
        self.strength = int_text(context, 1, "240px", 0, MAX_STRENGTH, "90px")
        for key in ("name", "kind", "capacity", "blood", "strength"):
            getattr(self, key).add_class(f"vtes-{side}-{key}")
        self.equipment = ListEditor(
            context,
            "equipment",
            "add_equipment",
            lambda d: EquipmentRow(context, d),
            f"{side}-equipment",
        )
        self.retainers = ListEditor(
            context,
            "retainers",
            "add_retainer",
            lambda d: RetainerRow(context, d),
            f"{side}-retainer",
        )
        self.widget = SHARED.vbox(
            [
                self.title,
                self.name,
                self.kind,
                self.capacity,
                self.blood,
                self.strength,
                self.equipment.widget,
                self.retainers.widget,
            ],
            layout=SHARED.layout(
                border="1px solid #d8cbb8", padding="6px", margin="0 8px 8px 0", width="470px"
            ),
        )
        self.widget.add_class(f"vtes-card-{side}")
        context.watch(self.name, self.capacity, self.blood, self.strength)
        self.kind.observe(self._on_kind, names="value")

    def _on_kind(self, _change: dict[str, Any]) -> None:
        self._show_kind()
        self.context.changed()

    def _show_kind(self) -> None:
        vampire = self.kind.value == "vampire"
        self.capacity.layout.display = None if vampire else "none"
        self.blood.description = self.context.t("blood" if vampire else "life")
        self.name.placeholder = self.default_name()

    def default_name(self) -> str:
        """The name used while the name box is empty, in the page's language."""
        return self.context.t(f"default_{self.side}_{self.kind.value}")

    def relabel(self) -> None:
        t = self.context.t
        self.title.value = heading(t(self.side))
        self.name.description = t("name")
        self.capacity.description = t("capacity")
        self.strength.description = t("strength")
        with self.context.hold():
            set_options(self.kind, [(t("vampire"), "vampire"), (t("ally"), "ally")])
        self._show_kind()
        self.equipment.relabel()
        self.retainers.relabel()

    def address_fields(self) -> dict[str, Field]:
        """None of its own: the page's packed ``combat`` carries the whole combat."""
        return {}

    def read(self) -> CombatantInputs:
        """The combatant as the card shows it (an empty name is the default one); the
        engine checks the combination when the page resolves the combat."""
        kind: Literal["vampire", "ally"] = "ally" if self.kind.value == "ally" else "vampire"
        return CombatantInputs(
            side=self.side,
            name=self.name.value.strip() or self.default_name(),
            kind=kind,
            capacity=self.capacity.value,
            amount=self.blood.value,
            strength=self.strength.value,
            equipment=tuple(r.read() for r in self.equipment.rows if isinstance(r, EquipmentRow)),
            retainers=tuple(r.read() for r in self.retainers.rows if isinstance(r, RetainerRow)),
        )

    def show(self, _result: object) -> None:
        """The card's inputs show no result (the outcome does)."""

    def load(self, data: dict[str, Any]) -> None:
        self.name.value = str(data.get("name", ""))
        self.kind.value = data.get("kind", "vampire")
        if self.kind.value == "vampire":
            self.capacity.value = int(data.get("capacity", 1))
            self.blood.value = int(data.get("blood", 0))
        else:
            self.blood.value = int(data.get("life", 1))
        self.strength.value = int(data.get("strength", 1))
        self.equipment.set_rows(data.get("equipment", []))
        self.retainers.set_rows(data.get("retainers", []))
        self._show_kind()

    def weapons(self) -> list[str]:
        return [
            r.name.value
            for r in self.equipment.rows
            if isinstance(r, EquipmentRow) and r.has_strike and r.name.value.strip()
        ]

    def retainer_names(self) -> list[str]:
        return [
            r.name.value
            for r in self.retainers.rows
            if isinstance(r, RetainerRow) and r.name.value.strip()
        ]
