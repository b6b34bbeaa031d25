"""VTES combat page's combatant cards: the minion, its equipment and retainers as editable lists."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from calculators.kit.closing import close_tree, close_trees
from calculators.kit.fmt import escape
from calculators.kit.inputs import set_options
from calculators.kit.markup import heading
from calculators.pages.vtes_combat.controls import SHARED, int_text, wrapping
from calculators.pages.vtes_combat.labels import MAX_CAPACITY, MAX_DAMAGE, MAX_LIFE, MAX_STRENGTH
from rules.vtes.scenario import Side

if TYPE_CHECKING:
    from calculators.pages.vtes_combat.page import VtesCombatPage


class ListRow:
    """A removable row of widgets inside a list editor."""

    widget: widgets.Box

    def __init__(self, app: VtesCombatPage) -> None:
        self.app = app
        self.remove = SHARED.button(icon="times", layout=SHARED.layout(width="36px"))
        self.remove.add_class("vtes-remove")

    def relabel(self) -> None:
        self.remove.tooltip = self.app.t("remove")


class EquipmentRow(ListRow):
    def __init__(self, app: VtesCombatPage, data: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        data = data or {"name": "Weapon", "strike": {"damage": 1}}
        strike = dict(data.get("strike") or {})
        self.name = widgets.Text(
            value=str(data.get("name", "")), layout=SHARED.layout(width="150px")
        )
        self.damage = int_text(app, int(strike.pop("damage", 0)), "120px", 0, MAX_DAMAGE, "60px")
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
        app.watch(self.name, self.damage, self.ranged, self.aggravated)

    def relabel(self) -> None:
        super().relabel()
        self.name.placeholder = self.app.t("item_name")
        self.damage.description = self.app.t("damage")
        self.ranged.description = self.app.t("ranged")
        self.aggravated.description = self.app.t("aggravated")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name.value}
        strike = dict(self.extra)
        if self.damage.value:
            strike["damage"] = self.damage.value
        if self.ranged.value:
            strike["ranged"] = True
        if self.aggravated.value:
            strike["aggravated"] = True
        if strike:
            out["strike"] = strike
        return out

    @property
    def has_strike(self) -> bool:
        return bool(self.damage.value or self.extra)


class RetainerRow(ListRow):
    def __init__(self, app: VtesCombatPage, data: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        data = data or {"name": "Retainer", "life": 1}
        self.name = widgets.Text(
            value=str(data.get("name", "")), layout=SHARED.layout(width="150px")
        )
        self.life = int_text(app, int(data.get("life", 1)), "120px", 1, MAX_LIFE, "50px")
        self.name.add_class("vtes-retainer-name")
        self.widget = SHARED.hbox([self.name, self.life, self.remove])
        app.watch(self.name, self.life)

    def relabel(self) -> None:
        super().relabel()
        self.life.description = self.app.t("life")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name.value, "life": self.life.value}


class ListEditor:
    """A titled list of rows with an Add button."""

    def __init__(
        self,
        app: VtesCombatPage,
        title_key: str,
        add_key: str,
        make: Callable[[dict[str, Any] | None], ListRow],
        css: str,
    ) -> None:
        self.app = app
        self.title_key = title_key
        self.add_key = add_key
        self.make = make
        self.rows: list[ListRow] = []
        self.title = SHARED.html()
        self.add_button = SHARED.button(icon="plus")
        self.add_button.add_class(f"vtes-add-{css}")
        self.add_button.on_click(lambda _b: app.run(self.add))
        self.box = SHARED.vbox()
        self.widget = SHARED.vbox([self.title, self.box, self.add_button])

    def add(self, data: dict[str, Any] | None = None, *, recompute: bool = True) -> ListRow:
        row = self.make(data)
        row.remove.on_click(lambda _b, r=row: self.app.run(self.remove, r))
        row.relabel()
        self.rows.append(row)
        self._show()
        if recompute:
            self.app.structure_changed()
        return row

    def remove(self, row: ListRow) -> None:
        self.rows.remove(row)
        self._show()
        close_tree(row.widget, SHARED.ids())
        self.app.structure_changed()

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
        self.title.value = f"<b>{escape(self.app.t(self.title_key))}</b>"
        self.add_button.description = self.app.t(self.add_key)
        for row in self.rows:
            row.relabel()


class CombatantCard:
    def __init__(self, app: VtesCombatPage, side: Side) -> None:
        self.app = app
        self.side = side
        wide = {"description_width": "90px"}
        box = SHARED.layout(width="240px")
        self.title = SHARED.html()
        self.name = widgets.Text(style=wide, layout=box)
        self.kind = widgets.ToggleButtons(
            options=[("vampire", "vampire"), ("ally", "ally")],
            style={"button_width": "90px"},
        )
        self.capacity = int_text(app, 6, "240px", 1, MAX_CAPACITY, "90px", own_layout=True)
        self.blood = int_text(app, 4, "240px", 0, MAX_CAPACITY, "90px")
        self.strength = int_text(app, 1, "240px", 0, MAX_STRENGTH, "90px")
        for key in ("name", "kind", "capacity", "blood", "strength"):
            getattr(self, key).add_class(f"vtes-{side}-{key}")
        self.equipment = ListEditor(
            app, "equipment", "add_equipment", lambda d: EquipmentRow(app, d), f"{side}-equipment"
        )
        self.retainers = ListEditor(
            app, "retainers", "add_retainer", lambda d: RetainerRow(app, d), f"{side}-retainer"
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
        app.watch(self.name, self.capacity, self.blood, self.strength)
        self.kind.observe(self._on_kind, names="value")

    def _on_kind(self, _change: dict[str, Any]) -> None:
        self._show_kind()
        self.app.changed()

    def _show_kind(self) -> None:
        vampire = self.kind.value == "vampire"
        self.capacity.layout.display = None if vampire else "none"
        self.blood.description = self.app.t("blood" if vampire else "life")
        self.name.placeholder = self.default_name()

    def default_name(self) -> str:
        """The name used while the name box is empty, in the page's language."""
        return self.app.t(f"default_{self.side}_{self.kind.value}")

    def relabel(self) -> None:
        t = self.app.t
        self.title.value = heading(t(self.side))
        self.name.description = t("name")
        self.capacity.description = t("capacity")
        self.strength.description = t("strength")
        with self.app.hold():
            set_options(self.kind, [(t("vampire"), "vampire"), (t("ally"), "ally")])
        self._show_kind()
        self.equipment.relabel()
        self.retainers.relabel()

    def to_dict(self) -> dict[str, Any]:
        name = self.name.value.strip() or self.default_name()
        out: dict[str, Any] = {"name": name, "kind": self.kind.value}
        if self.kind.value == "vampire":
            out["capacity"] = self.capacity.value
            out["blood"] = self.blood.value
        else:
            out["life"] = self.blood.value
        out["strength"] = self.strength.value
        equipment = [r.to_dict() for r in self.equipment.rows if isinstance(r, EquipmentRow)]
        if equipment:
            out["equipment"] = equipment
        retainers = [r.to_dict() for r in self.retainers.rows if isinstance(r, RetainerRow)]
        if retainers:
            out["retainers"] = retainers
        return out

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
