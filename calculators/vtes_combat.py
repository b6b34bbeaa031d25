"""VTES combat page: rebuild a combat as it was played, round by round, and read the outcome.

Drive it without a browser::

    app = VtesCombatCalculator()
    app.load_preset("kurt_ira")
    app.narrative               # the story, one sentence per item
    app.report.acting.blood     # 2
    app.new_combat()
    app.rounds[0].sides["acting"].strikes[0].choice.value = "card:undead_strength"
    app.export_json()           # the scenario as JSON text
    app.import_json("{...}")    # -> app.banner.message says what is wrong
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_button import ButtonStyle
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle

from calculators.kit import CalculatorApp, Catalog, Field, ResultPanel, TraceView, pack, unpack
from calculators.kit.closing import close_tree, close_trees
from calculators.kit.fields import FieldMessage, IntField, invalid_fields
from calculators.kit.fmt import escape
from calculators.kit.tools import PageTools, ruling_text
from calculators.vtes_card_picker import CARD_LABELS, CombatCardPicker, CryptPicker
from rules.errors import InvalidState
from rules.i18n import msg, msg_p
from rules.vtes import MinionState
from rules.vtes.cards import card
from rules.vtes.combat import CombatReport, resolve
from rules.vtes.combat_examples import EXAMPLES
from rules.vtes.scenario import (
    EDITIONS,
    SIDES,
    Side,
    dump_scenario_json,
    load_scenario_json,
    parse_scenario,
)

__all__ = ["VtesCombatCalculator", "seed_example_lines"]

# The number boxes' bounds: what the rules allow (capacity) or far above any real combat.
MAX_CAPACITY = 11
MAX_LIFE = 20
MAX_STRENGTH = 10
MAX_DAMAGE = 10
MAX_STEAL = 10
MAX_EXTRA_STRIKES = 10
MAX_PLAYS = 30

LABELS = Catalog(
    {
        "bad_preset": msg("unknown preset {preset!r} in the page address; allowed: {allowed}"),
        "title": msg("VTES combat resolver"),
        "intro": msg(
            "Describe the two combatants, then each round as it was played: maneuvers, the "
            "strikes of each side (the first is the round's strike, the others additional "
            "strikes), and presses. The page replays the combat by the rules, tells it round "
            "by round and shows every step."
        ),
        "new_combat": msg("New combat"),
        "acting": msg("Acting minion"),
        "opposing": msg("Opposing minion"),
        "side_acting": msg("acting"),
        "side_opposing": msg("opposing"),
        "name": msg_p("vtes_combat.name", "Name"),
        "kind": msg("Kind"),
        "vampire": msg("vampire"),
        "ally": msg("ally"),
        "capacity": msg("Capacity"),
        "blood": msg("Blood"),
        "life": msg("Life"),
        "strength": msg("Strength"),
        "equipment": msg("Equipment"),
        "retainers": msg("Retainers"),
        "add_equipment": msg("Add equipment"),
        "add_retainer": msg("Add retainer"),
        "item_name": msg("Card"),
        "damage": msg("Damage"),
        "ranged": msg("ranged (R)"),
        "aggravated": msg("aggravated"),
        "remove": msg("Remove"),
        "rules": msg("Rules"),
        "black-hand": msg("Black Hand rulebook (default)"),
        "vekn-2024": msg("VEKN 2024 rulebook"),
        "rounds": msg("Rounds"),
        "round": msg("Round"),
        "add_round": msg("Add round"),
        "remove_round": msg("Remove round"),
        "maneuvers": msg("Maneuvers"),
        "presses": msg("Presses"),
        "first_by": msg("first by"),
        "maneuvers_help": msg(
            "Maneuvers and presses alternate between the sides; give how many were played and"
            " who played the first. An odd number of maneuvers means long range; an odd "
            "number of presses continues the combat."
        ),
        "before_range": msg("Before range"),
        "nothing": msg("nothing"),
        "additional": msg("Additional strikes"),
        "add_strike": msg("Add strike"),
        "strikes_of": msg("Strikes of"),
        "strike": msg("Strike"),
        "no_strike_note": msg("No strike listed: a hand strike."),
        "hand": msg("hand strike"),
        "custom": msg("custom strike…"),
        "weapon": msg("weapon"),
        "taken": msg("taken from the opponent"),
        "target": msg("Aim at"),
        "the_minion": msg("the minion"),
        "prevented": msg("Receiver prevents"),
        "prevent_0": msg("nothing"),
        "prevent_1": msg("1 (Skin of Rock-style)"),
        "prevent_2": msg("2 (Skin of Rock-style, superior)"),
        "prevent_3": msg("3"),
        "first_strike": msg("first strike"),
        "dodge": msg("dodge"),
        "combat_ends": msg("combat ends"),
        "steal_blood": msg("Steal blood"),
        "destroy_equipment": msg("Burn equipment"),
        "steal_equipment": msg("Take equipment"),
        "plus_strength": msg("damage = strength +"),
        "strike_name": msg_p("vtes_combat.strike_name", "Name"),
        "add_none": msg("none"),
        "add_blur_basic": msg("Blur, basic Celerity: +1"),
        "add_blur_superior": msg("Blur, superior Celerity: +2"),
        "add_1": msg("other effect: +1 (limited)"),
        "add_2": msg("other effect: +2 (limited)"),
        "add_3": msg("other effect: +3 (limited)"),
        "unlimited": msg("+ not limited"),
        "torn_signpost": msg("Torn Signpost: strength 2"),
        "story": msg("What happened"),
        "final": msg("After the combat"),
        "state": msg("State"),
        "ready": msg("ready"),
        "torpor": msg_p("vtes_combat.torpor", "torpor"),
        "burned": msg("burned"),
        "drained": msg("Blood drained to the bank"),
        "damage_taken": msg("Damage taken"),
        "damage_prevented": msg_p("vtes_combat.damage_prevented", "Damage prevented"),
        "none": msg("none"),
        "range_close": msg("close range"),
        "range_long": msg("long range"),
        "continued": msg("a press continues the combat"),
        "share": msg("Save or share this combat (JSON)"),
        "share_help": msg(
            "Export writes the combat above as JSON text into the box; copy it to save or "
            "share. Paste a saved combat into the box and press Import to load it."
        ),
        "export": msg("Export"),
        "import": msg("Import"),
        "preset_modified": msg(
            "Based on the rulebook example “{title}”, modified: the rulebook's outcome no "
            "longer applies; the result below is for the combat as it is now."
        ),
        "default_acting_vampire": msg("Acting vampire"),
        "default_acting_ally": msg("Acting ally"),
        "default_opposing_vampire": msg("Opposing vampire"),
        "default_opposing_ally": msg("Opposing ally"),
        "jargon_help": msg(
            "“first by”: the side that played the first maneuver (or press); after it the "
            "sides alternate. “+ not limited”: additional strikes from effects not marked "
            "“(limited)”; they add to the one (limited) source picked in the list. “Receiver "
            "prevents”: the damage the minion hit by this strike prevents, as printed on its "
            "card (superior Skin of Rock: 2); prevention above the strike's damage prevents "
            "all of it and the rest is lost (ruling G00153)."
        ),
        "first_by_help": msg("The side that played the first one; the sides then alternate."),
        "unlimited_help": msg(
            "Additional strikes from effects not marked (limited), on top of the one "
            "(limited) source."
        ),
        "prevented_help": msg(
            "Damage from this strike that its receiver prevents, as printed on the card; more"
            " than the strike deals prevents all of it (ruling G00153)."
        ),
    }
)

CARD_STRIKES: tuple[tuple[str, str, str], ...] = (
    # (choice value, card key, level)
    ("card:undead_strength", "undead_strength", "basic"),
    ("card:dodge", "dodge", "basic"),
    ("card:combat_ends", "combat_ends", "basic"),
    ("card:steal_blood_1", "steal_blood", "basic"),
    ("card:steal_blood_2", "steal_blood", "superior"),
    ("card:first_strike", "first_strike", "basic"),
)
ADDITIONAL_CHOICES: dict[str, list[dict[str, Any]]] = {
    "none": [],
    "blur_basic": [{"name": "Blur", "count": 1, "limited": True}],
    "blur_superior": [{"name": "Blur", "count": 2, "limited": True}],
    "1": [{"name": "Additional strike", "count": 1, "limited": True}],
    "2": [{"name": "Additional strikes", "count": 2, "limited": True}],
    "3": [{"name": "Additional strikes", "count": 3, "limited": True}],
}
EFFECT_FLAGS = ("ranged", "aggravated", "first_strike", "dodge", "combat_ends")


def seed_example_lines() -> list[str]:
    """The rulebook's two combat examples as the engine resolves them, one line each."""
    lines = []
    for example in EXAMPLES.values():
        report = resolve(example.scenario)
        parts = []
        for c in (report.acting, report.opposing):
            if c.state is MinionState.BURNED:
                parts.append(f"{c.name} burned")
                continue
            unit = "blood" if c.kind == "vampire" else "life"
            text = f"{c.name} {c.state.value} with {c.amount} {unit}"
            if c.damage_taken:
                text += f" after {c.damage_taken} damage"
            if c.drained:
                text += f", {c.drained} blood drained to the bank"
            parts.append(text)
        lines.append(f"{example.title.render('en')}: " + "; ".join(parts))
    return lines


def _int_text(
    app: VtesCombatCalculator,
    value: int,
    width: str,
    minimum: int,
    maximum: int,
    label: str,
    own_layout: bool = False,
) -> IntField:
    """A whole-number box from ``minimum`` to ``maximum`` (its range shown beside it)."""
    return IntField(
        value,
        minimum,
        maximum,
        app=app,
        style=_style(TextStyle, description_width=label),
        layout=_layout(width=width),
        outer_layout=widgets.Layout() if own_layout else _layout(),
        note_layout=_layout(),
        note_style=_style(HTMLStyle),
    )


def _set_options(dropdown: widgets.Dropdown, options: list[tuple[str, str]]) -> None:
    """Change a dropdown's options and keep its value when it is still offered."""
    value = dropdown.value
    dropdown.options = options
    values = [v for _label, v in options]
    if value in values:
        dropdown.value = value
    elif dropdown.value is None and values:
        dropdown.value = values[0]


_LAYOUTS: dict[tuple[tuple[str, str], ...], widgets.Layout] = {}
_STYLES: dict[tuple[str, tuple[tuple[str, str], ...]], widgets.Style] = {}


def _layout(**settings: str) -> widgets.Layout:
    """A layout shared by all widgets with these settings: fewer models for the page to load.

    Never change a shared layout afterwards; widgets that are shown and hidden get their own.
    """
    key = tuple(sorted(settings.items()))
    if key not in _LAYOUTS:
        _LAYOUTS[key] = widgets.Layout(**settings)
    return _LAYOUTS[key]


def _style(cls: type[widgets.Style], **settings: str) -> Any:
    key = (cls.__name__, tuple(sorted(settings.items())))
    if key not in _STYLES:
        _STYLES[key] = cls(**settings)
    return _STYLES[key]


def _shared() -> set[int]:
    """The layouts and styles shared between widgets (never closed with a dropped widget)."""
    return {id(part) for part in (*_LAYOUTS.values(), *_STYLES.values())}


def _labelled(width: str) -> Any:
    """A shared description style of this label width (for dropdowns and number boxes)."""
    return _style(DescriptionStyle, description_width=width)


def _html(value: str = "") -> widgets.HTML:
    return widgets.HTML(value=value, layout=_layout(), style=_style(HTMLStyle))


# icons are drawn by the kit's CSS from text (no icon font is loaded)
_ICONS = {"times": "remove", "trash": "remove", "plus": "plus", "file": "new"}
_ICONS.update({"download": "export", "upload": "import"})


def _button(icon: str = "", **kwargs: Any) -> widgets.Button:
    kwargs.setdefault("layout", _layout())
    button = widgets.Button(style=_style(ButtonStyle), **kwargs)
    if icon:
        button.add_class(f"calc-icon-{_ICONS[icon]}")
    return button


def _vbox(children: Iterable[widgets.Widget] = (), layout: Any = None) -> widgets.VBox:
    return widgets.VBox(list(children), layout=layout if layout is not None else _layout())


def _hbox(children: Iterable[widgets.Widget] = (), layout: Any = None) -> widgets.HBox:
    return widgets.HBox(list(children), layout=layout if layout is not None else _layout())


def _wrapping() -> widgets.Layout:
    """A row whose controls wrap onto a new line instead of being clipped."""
    return _layout(flex_flow="row wrap", align_items="center")


class _Row:
    """A removable row of widgets inside a list editor."""

    widget: widgets.Box

    def __init__(self, app: VtesCombatCalculator) -> None:
        self.app = app
        self.remove = _button(icon="times", layout=_layout(width="36px"))
        self.remove.add_class("vtes-remove")

    def relabel(self) -> None:
        self.remove.tooltip = self.app.t("remove")


class _EquipmentRow(_Row):
    def __init__(self, app: VtesCombatCalculator, data: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        data = data or {"name": "Weapon", "strike": {"damage": 1}}
        strike = dict(data.get("strike") or {})
        self.name = widgets.Text(value=str(data.get("name", "")), layout=_layout(width="150px"))
        self.damage = _int_text(app, int(strike.pop("damage", 0)), "120px", 0, MAX_DAMAGE, "60px")
        self.ranged = widgets.Checkbox(value=bool(strike.pop("ranged", False)), indent=False)
        self.aggravated = widgets.Checkbox(
            value=bool(strike.pop("aggravated", False)), indent=False
        )
        self.extra = strike  # strike effects the row does not show are kept as they are
        self.ranged.layout.width = "auto"
        self.aggravated.layout.width = "auto"
        self.name.add_class("vtes-equipment-name")
        self.damage.add_class("vtes-equipment-damage")
        self.widget = _hbox(
            [self.name, self.damage, self.ranged, self.aggravated, self.remove], _wrapping()
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


class _RetainerRow(_Row):
    def __init__(self, app: VtesCombatCalculator, data: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        data = data or {"name": "Retainer", "life": 1}
        self.name = widgets.Text(value=str(data.get("name", "")), layout=_layout(width="150px"))
        self.life = _int_text(app, int(data.get("life", 1)), "120px", 1, MAX_LIFE, "50px")
        self.name.add_class("vtes-retainer-name")
        self.widget = _hbox([self.name, self.life, self.remove])
        app.watch(self.name, self.life)

    def relabel(self) -> None:
        super().relabel()
        self.life.description = self.app.t("life")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name.value, "life": self.life.value}


class _ListEditor:
    """A titled list of rows with an Add button."""

    def __init__(
        self,
        app: VtesCombatCalculator,
        title_key: str,
        add_key: str,
        make: Callable[[dict[str, Any] | None], _Row],
        css: str,
    ) -> None:
        self.app = app
        self.title_key = title_key
        self.add_key = add_key
        self.make = make
        self.rows: list[_Row] = []
        self.title = _html()
        self.add_button = _button(icon="plus")
        self.add_button.add_class(f"vtes-add-{css}")
        self.add_button.on_click(lambda _b: app.run(self.add))
        self.box = _vbox()
        self.widget = _vbox([self.title, self.box, self.add_button])

    def add(self, data: dict[str, Any] | None = None, *, recompute: bool = True) -> _Row:
        row = self.make(data)
        row.remove.on_click(lambda _b, r=row: self.app.run(self.remove, r))
        row.relabel()
        self.rows.append(row)
        self._show()
        if recompute:
            self.app.structure_changed()
        return row

    def remove(self, row: _Row) -> None:
        self.rows.remove(row)
        self._show()
        close_tree(row.widget, _shared())
        self.app.structure_changed()

    def set_rows(self, items: Iterable[dict[str, Any]]) -> None:
        dropped = [r.widget for r in self.rows]
        self.rows = []
        self._show()
        close_trees(dropped, _shared())
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


class _CombatantCard:
    def __init__(self, app: VtesCombatCalculator, side: Side) -> None:
        self.app = app
        self.side = side
        wide = {"description_width": "90px"}
        box = _layout(width="240px")
        self.title = _html()
        self.name = widgets.Text(style=wide, layout=box)
        self.kind = widgets.ToggleButtons(
            options=[("vampire", "vampire"), ("ally", "ally")],
            style={"button_width": "90px"},
        )
        self.capacity = _int_text(app, 6, "240px", 1, MAX_CAPACITY, "90px", own_layout=True)
        self.blood = _int_text(app, 4, "240px", 0, MAX_CAPACITY, "90px")
        self.strength = _int_text(app, 1, "240px", 0, MAX_STRENGTH, "90px")
        for key in ("name", "kind", "capacity", "blood", "strength"):
            getattr(self, key).add_class(f"vtes-{side}-{key}")
        self.equipment = _ListEditor(
            app, "equipment", "add_equipment", lambda d: _EquipmentRow(app, d), f"{side}-equipment"
        )
        self.retainers = _ListEditor(
            app, "retainers", "add_retainer", lambda d: _RetainerRow(app, d), f"{side}-retainer"
        )
        self.widget = _vbox(
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
            layout=_layout(
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
        self.title.value = f"<h4>{escape(t(self.side))}</h4>"
        self.name.description = t("name")
        self.capacity.description = t("capacity")
        self.strength.description = t("strength")
        with self.app.hold():
            _set_options(self.kind, [(t("vampire"), "vampire"), (t("ally"), "ally")])
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
        equipment = [r.to_dict() for r in self.equipment.rows if isinstance(r, _EquipmentRow)]
        if equipment:
            out["equipment"] = equipment
        retainers = [r.to_dict() for r in self.retainers.rows if isinstance(r, _RetainerRow)]
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
            if isinstance(r, _EquipmentRow) and r.has_strike and r.name.value.strip()
        ]

    def retainer_names(self) -> list[str]:
        return [
            r.name.value
            for r in self.retainers.rows
            if isinstance(r, _RetainerRow) and r.name.value.strip()
        ]


class _StrikeRow(_Row):
    def __init__(self, app: VtesCombatCalculator, side: Side, data: dict[str, Any] | None) -> None:
        super().__init__(app)
        self.side = side
        self.choice = widgets.Dropdown(layout=_layout(width="260px"), style=_labelled("50px"))
        self.choice.add_class("vtes-strike-choice")
        self.target = widgets.Dropdown(layout=_layout(width="220px"), style=_labelled("50px"))
        self.target.add_class("vtes-strike-target")
        self.prevented = widgets.Dropdown(layout=_layout(width="300px"), style=_labelled("150px"))
        self.prevented.add_class("vtes-strike-prevented")
        # The custom strike's fields are built the first time "custom" is chosen.
        self.custom = _vbox(layout=widgets.Layout(margin="0 0 0 24px"))
        self.custom_built = False
        self.widget = _vbox(
            [
                _hbox([self.choice, self.target, self.prevented, self.remove], _wrapping()),
                self.custom,
            ]
        )
        self.widget.add_class("vtes-strike")
        self.refresh_options()
        self._show_custom()
        self.choice.observe(lambda _c: self._show_custom(), names="value")
        app.watch(self.choice, self.target, self.prevented)

    def build_custom(self) -> None:
        """Create the custom strike's switches (once)."""
        if self.custom_built:
            return
        self.custom_built = True
        self.custom_name = widgets.Text(value="Strike", layout=_layout(width="200px"))
        self.damage = _int_text(self.app, 1, "150px", 0, MAX_DAMAGE, "90px")
        self.plus_strength = widgets.Checkbox(value=False, indent=False)
        self.flags = {key: widgets.Checkbox(value=False, indent=False) for key in EFFECT_FLAGS}
        self.steal_blood = _int_text(self.app, 0, "180px", 0, MAX_STEAL, "110px")
        self.destroy = widgets.Text(layout=_layout(width="220px"))
        self.take = widgets.Text(layout=_layout(width="220px"))
        self.damage.add_class("vtes-custom-damage")
        for key, box in self.flags.items():
            box.add_class(f"vtes-custom-{key.replace('_', '-')}")
            box.layout.width = "auto"
        self.custom.children = [
            _hbox([self.custom_name, self.damage, self.plus_strength]),
            _hbox(list(self.flags.values())),
            _hbox([self.steal_blood, self.destroy, self.take]),
        ]
        self._relabel_custom()
        self.app.watch(
            self.custom_name,
            self.damage,
            self.plus_strength,
            self.steal_blood,
            self.destroy,
            self.take,
            *self.flags.values(),
        )

    def _show_custom(self) -> None:
        custom = self.choice.value == "custom"
        if custom:
            self.build_custom()
        self.custom.layout.display = None if custom else "none"

    def refresh_options(self) -> None:
        t = self.app.t
        own = self.app.cards[self.side].weapons()
        theirs = self.app.cards[_other(self.side)].weapons()
        options = [(t("hand"), "hand")]
        for value, key, level in CARD_STRIKES:
            preset = card(key)
            fragment = preset.fragment(level)
            label = preset.name
            if "steal_blood" in fragment:
                label = f"{t('steal_blood')} {fragment['steal_blood']}"
            elif preset.generic:
                label = t(key)
            options.append((label, value))
        options += [(f"{t('weapon')}: {w}", f"weapon:{w}") for w in own]
        options += [
            (f"{t('weapon')}: {w} ({t('taken')})", f"weapon:{w}") for w in theirs if w not in own
        ]
        options.append((t("custom"), "custom"))
        with self.app.hold():
            _set_options(self.choice, options)
            targets = [(t("the_minion"), "")] + [
                (f"{t('retainers')}: {r}", r)
                for r in self.app.cards[_other(self.side)].retainer_names()
            ]
            _set_options(self.target, targets)
            _set_options(self.prevented, [(t(f"prevent_{n}"), str(n)) for n in range(4)])

    def relabel(self) -> None:
        super().relabel()
        t = self.app.t
        self.choice.description = t("strike")
        self.target.description = t("target")
        self.prevented.description = t("prevented")
        self.prevented.tooltip = t("prevented_help")
        if self.custom_built:
            self._relabel_custom()
        self.refresh_options()

    def _relabel_custom(self) -> None:
        t = self.app.t
        self.custom_name.placeholder = t("strike_name")
        self.damage.description = t("damage")
        self.plus_strength.description = t("plus_strength")
        for key, box in self.flags.items():
            box.description = t(key)
        self.steal_blood.description = t("steal_blood")
        self.destroy.description = t("destroy_equipment")
        self.destroy.style.description_width = "120px"
        self.take.description = t("steal_equipment")
        self.take.style.description_width = "120px"

    def to_dict(self) -> dict[str, Any]:
        value = self.choice.value
        out: dict[str, Any]
        if value == "hand":
            out = {"hand": True}
        elif value.startswith("weapon:"):
            out = {"weapon": value.split(":", 1)[1]}
        elif value.startswith("card:"):
            _, key, level = next(c for c in CARD_STRIKES if c[0] == value)
            out = card(key).fragment(level)
        else:
            self.build_custom()
            out = {"name": self.custom_name.value or "Strike"}
            if self.plus_strength.value:
                out["strength_bonus"] = self.damage.value
            elif self.damage.value:
                out["damage"] = self.damage.value
            for key, box in self.flags.items():
                if box.value:
                    out[key] = True
            if self.steal_blood.value:
                out["steal_blood"] = self.steal_blood.value
            if self.destroy.value.strip():
                out["destroy_equipment"] = self.destroy.value.strip()
            if self.take.value.strip():
                out["steal_equipment"] = self.take.value.strip()
        if self.target.value:
            out["target"] = self.target.value
        if self.prevented.value and self.prevented.value != "0":
            out["prevented"] = int(self.prevented.value)
        return out

    def load(self, data: dict[str, Any]) -> None:
        data = dict(data)
        target = data.pop("target", "")
        prevented = int(data.pop("prevented", 0))
        choice = "custom"
        if (
            data.get("hand")
            and not data.get("strength_bonus")
            and set(data) <= {"hand", "name", "strength_bonus"}
        ):
            choice = "hand"
        elif "weapon" in data:
            choice = f"weapon:{data['weapon']}"
        else:
            for value, key, level in CARD_STRIKES:
                if card(key).fragment(level) == data:
                    choice = value
        values = [v for _l, v in self.choice.options]
        if choice not in values:
            if choice.startswith("weapon:"):
                raise InvalidState(
                    msg(
                        "An acting strike uses the weapon {weapon!r}, which neither combatant "
                        "carries; add it to the equipment first.",
                        weapon=choice[7:],
                    )
                    if self.side == "acting"
                    else msg(
                        "An opposing strike uses the weapon {weapon!r}, which neither combatant "
                        "carries; add it to the equipment first.",
                        weapon=choice[7:],
                    )
                )
            choice = "custom"
        if choice == "custom":
            self.build_custom()
            self.custom_name.value = str(data.get("name", "Strike"))
            if "strength_bonus" in data:
                self.plus_strength.value = True
                self.damage.value = int(data["strength_bonus"])
            else:
                self.damage.value = int(data.get("damage", 0))
            for key, box in self.flags.items():
                box.value = bool(data.get(key, False))
            self.steal_blood.value = int(data.get("steal_blood", 0))
            self.destroy.value = str(data.get("destroy_equipment", ""))
            self.take.value = str(data.get("steal_equipment", ""))
        self.choice.value = choice
        if target and target not in [v for _l, v in self.target.options]:
            raise InvalidState(
                msg(
                    "An acting strike aims at the retainer {target!r}, which the opponent does "
                    "not have; add the retainer first.",
                    target=target,
                )
                if self.side == "acting"
                else msg(
                    "An opposing strike aims at the retainer {target!r}, which the opponent "
                    "does not have; add the retainer first.",
                    target=target,
                )
            )
        self.target.value = target
        if prevented > 3:
            raise InvalidState(
                msg("The page offers prevention from 0 to 3, got {value}.", value=prevented)
            )
        self.prevented.value = str(prevented)


def _other(side: str) -> Side:
    return "opposing" if side == "acting" else "acting"


class _SideRound:
    """One side's plays in one round: before-range card, additional strikes, strikes."""

    def __init__(self, app: VtesCombatCalculator, side: Side) -> None:
        self.app = app
        self.side = side
        self.title = _html()
        self.before = widgets.Dropdown(layout=_layout(width="330px"), style=_labelled("120px"))
        self.before.add_class("vtes-before-range")
        self.additional = widgets.Dropdown(layout=_layout(width="330px"), style=_labelled("120px"))
        self.additional.add_class("vtes-additional")
        self.unlimited = _int_text(app, 0, "200px", 0, MAX_EXTRA_STRIKES, "120px")
        self.strikes_box = _vbox()
        self.note = _html()
        self.add_button = _button(icon="plus")
        self.add_button.add_class(f"vtes-add-strike-{side}")
        self.add_button.on_click(lambda _b: app.run(self.add_strike))
        self.strikes: list[_StrikeRow] = []
        self.widget = _vbox(
            [
                self.title,
                self.before,
                self.additional,
                self.unlimited,
                self.strikes_box,
                self.note,
                self.add_button,
            ],
            layout=_layout(border="1px dashed #d8cbb8", padding="4px", margin="2px"),
        )
        self.widget.add_class(f"vtes-side-{side}")
        app.watch(self.before, self.additional, self.unlimited)

    def add_strike(
        self, data: dict[str, Any] | None = None, *, recompute: bool = True
    ) -> _StrikeRow:
        row = _StrikeRow(self.app, self.side, data)
        row.relabel()
        if data:
            row.load(data)
        row.remove.on_click(lambda _b, r=row: self.app.run(self.remove_strike, r))
        self.strikes.append(row)
        self._show()
        if recompute:
            self.app.structure_changed()
        return row

    def remove_strike(self, row: _StrikeRow) -> None:
        self.strikes.remove(row)
        self._show()
        close_tree(row.widget, _shared())
        self.app.structure_changed()

    def _show(self) -> None:
        self.strikes_box.children = [r.widget for r in self.strikes]
        self.note.value = "" if self.strikes else f"<i>{escape(self.app.t('no_strike_note'))}</i>"

    def relabel(self) -> None:
        t = self.app.t
        self.title.value = f"<b>{escape(t('strikes_of'))} {escape(t('side_' + self.side))}</b>"
        self.before.description = t("before_range")
        self.additional.description = t("additional")
        self.unlimited.description = t("unlimited")
        self.unlimited.help = t("unlimited_help")
        self.add_button.description = t("add_strike")
        with self.app.hold():
            _set_options(self.before, [(t("nothing"), ""), (t("torn_signpost"), "torn_signpost")])
            _set_options(
                self.additional,
                [(t(f"add_{k}") if k != "none" else t("add_none"), k) for k in ADDITIONAL_CHOICES],
            )
        for row in self.strikes:
            row.relabel()
        self._show()

    def to_parts(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
        strikes = [r.to_dict() for r in self.strikes]
        additional = [dict(x) for x in ADDITIONAL_CHOICES[self.additional.value]]
        if self.unlimited.value:
            additional.append(
                {"name": "Additional strikes", "count": self.unlimited.value, "limited": False}
            )
        before = [card("torn_signpost").fragment()] if self.before.value else []
        return strikes, additional, before

    def load(
        self,
        strikes: list[dict[str, Any]],
        additional: list[dict[str, Any]],
        before: list[dict[str, Any]],
    ) -> None:
        limited = [a for a in additional if a.get("limited", True)]
        unlimited = [a for a in additional if not a.get("limited", True)]
        choice = "none"
        if limited:
            first = {"limited": True, **limited[0]}
            for key, value in ADDITIONAL_CHOICES.items():
                if value and value[0] == first:
                    choice = key
            if choice == "none":
                count = int(first.get("count", 1))
                if count > 3:
                    raise InvalidState(
                        msg(
                            "The page offers limited additional-strike effects of +1 to +3; "
                            "got +{count}.",
                            count=count,
                        )
                    )
                choice = str(count)
        self.additional.value = choice
        self.unlimited.value = sum(int(a.get("count", 1)) for a in unlimited)
        signpost = card("torn_signpost").fragment()
        for item in before:
            if dict(item) != signpost:
                raise InvalidState(
                    msg(
                        "The round editor offers only Torn Signpost (strength 2) before range; "
                        "got {item!r}; play other cards with the card pickers.",
                        item=dict(item),
                    )
                )
        self.before.value = "torn_signpost" if before else ""
        dropped = [r.widget for r in self.strikes]
        self.strikes = []
        self._show()
        close_trees(dropped, _shared())
        for s in strikes:
            self.add_strike(s, recompute=False)
        self._show()


class _RoundEditor:
    def __init__(self, app: VtesCombatCalculator) -> None:
        self.app = app
        self.title = _html()
        self.maneuvers = _int_text(app, 0, "190px", 0, MAX_PLAYS, "90px")
        self.maneuvers_first = widgets.Dropdown(
            layout=_layout(width="260px"), style=_labelled("70px")
        )
        self.presses = _int_text(app, 0, "190px", 0, MAX_PLAYS, "90px")
        self.presses_first = widgets.Dropdown(
            layout=_layout(width="260px"), style=_labelled("70px")
        )
        self.maneuvers.add_class("vtes-maneuvers")
        self.presses.add_class("vtes-presses")
        self.remove = _button(icon="trash")
        self.remove.add_class("vtes-remove-round")
        self.sides = {side: _SideRound(app, side) for side in SIDES}
        self.widget = _vbox(
            [
                _hbox([self.title, self.remove]),
                _hbox([self.maneuvers, self.maneuvers_first]),
                _hbox([self.sides["acting"].widget, self.sides["opposing"].widget]),
                _hbox([self.presses, self.presses_first]),
            ],
            layout=_layout(border="1px solid #7a1f2b", padding="6px", margin="6px 0"),
        )
        self.widget.add_class("vtes-round")
        app.watch(self.maneuvers, self.maneuvers_first, self.presses, self.presses_first)

    def relabel(self, number: int) -> None:
        t = self.app.t
        self.title.value = f"<h4>{escape(t('round'))} {number}</h4>"
        self.remove.description = t("remove_round")
        self.maneuvers.description = t("maneuvers")
        self.presses.description = t("presses")
        for w in (self.maneuvers_first, self.presses_first):
            w.description = t("first_by")
            w.tooltip = t("first_by_help")
            with self.app.hold():
                _set_options(w, [(t(f"side_{s}"), s) for s in SIDES])
        for side in self.sides.values():
            side.relabel()

    @staticmethod
    def _alternating(first: str, count: int) -> list[str]:
        return [first if i % 2 == 0 else _other(first) for i in range(count)]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "maneuvers": self._alternating(self.maneuvers_first.value, self.maneuvers.value),
            "strikes": {},
            "additional_strikes": {},
            "presses": self._alternating(self.presses_first.value, self.presses.value),
        }
        before: dict[str, Any] = {}
        for side, editor in self.sides.items():
            strikes, additional, before_range = editor.to_parts()
            out["strikes"][side] = strikes
            out["additional_strikes"][side] = additional
            if before_range:
                before[side] = before_range
        if before:
            out["before_range"] = before
        return out

    def load(self, data: dict[str, Any]) -> None:
        for key in ("maneuvers", "presses"):
            plays = list(data.get(key, []))
            for i in range(1, len(plays)):
                if plays[i] == plays[i - 1]:
                    raise InvalidState(
                        msg(
                            "The maneuvers {plays} repeat a side; they must alternate (a minion "
                            "may not play two in a row).",
                            plays=repr(plays),
                        )
                        if key == "maneuvers"
                        else msg(
                            "The presses {plays} repeat a side; they must alternate (a minion "
                            "may not play two in a row).",
                            plays=repr(plays),
                        )
                    )
            getattr(self, key).value = len(plays)
            getattr(self, f"{key}_first").value = plays[0] if plays else "acting"
        for side, editor in self.sides.items():
            editor.load(
                list(data.get("strikes", {}).get(side, [])),
                list(data.get("additional_strikes", {}).get(side, [])),
                list(data.get("before_range", {}).get(side, [])),
            )


class VtesCombatCalculator(CalculatorApp):
    """Rebuild a VTES combat as played and resolve it (sections 6.4.1-6.4.7).

    Test handles: :meth:`load_preset`, :meth:`new_combat`, :meth:`add_round`,
    :meth:`remove_round`, :meth:`scenario`, :meth:`export_json`, :meth:`import_json`,
    :attr:`cards`, :attr:`rounds`, :attr:`report`, :attr:`narrative`, :attr:`final_text`,
    :attr:`trace_view`, ``banner.message``.
    """

    labels = LABELS.merged(CARD_LABELS)
    title_key = "title"
    url_parameters = ("lang", "preset")

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self.report: CombatReport | None = None
        self.narrative: tuple[str, ...] = ()
        self.final_text = ""
        self._intro = _html()
        self.preset_buttons: dict[str, widgets.Button] = {}
        for example in EXAMPLES.values():
            button = _button(layout=_layout(width="auto"))
            button.add_class(f"vtes-preset-{example.key}")
            button.on_click(lambda _b, key=example.key: self.run(self.load_preset, key))
            self.preset_buttons[example.key] = button
        self.new_button = _button(icon="file")
        self.new_button.add_class("vtes-new-combat")
        self.new_button.on_click(lambda _b: self.run(self.new_combat))
        self._presets_title = _html()
        self._preset_note = _html()
        self.preset_key = ""
        self.preset_base = ""  # the example the combat was loaded from, before any edit

        self.cards = {side: _CombatantCard(self, side) for side in SIDES}
        self.rules = widgets.Dropdown(
            options=[(e, e) for e in EDITIONS], layout=_layout(width="420px")
        )
        self.rules.add_class("vtes-rules")
        self.watch(self.rules)
        self.rounds: list[_RoundEditor] = []
        self._rounds_title = _html()
        self._rounds_help = _html()
        self.rounds_box = _vbox()
        self.add_round_button = _button(icon="plus")
        self.add_round_button.add_class("vtes-add-round")
        self.add_round_button.on_click(lambda _b: self.run(self.add_round))

        self.crypt_picker = CryptPicker(self.t, self._use_vampire)
        self.crypt_picker.use.on_click(lambda _b: self.run(self.crypt_picker.use_vampire))
        self.card_picker = CombatCardPicker(
            self.t, lambda: self.lang, self.changed, lambda: resolve(self.scenario())
        )
        self.card_picker.play.on_click(lambda _b: self.run(self.card_picker.play_card))
        self.card_picker.remove.on_click(lambda _b: self.run(self.card_picker.remove_last))
        self.cards_toggle = widgets.ToggleButton(icon="book", layout=_layout(width="auto"))
        self.cards_toggle.add_class("vtes-cards-toggle")
        # its own layout: it is shown and hidden (the shared layouts must never change)
        self.cards_box = _vbox(
            [self.crypt_picker.widget, self.card_picker.widget], layout=widgets.Layout()
        )
        self.cards_box.layout.display = "none"
        self.cards_toggle.observe(lambda _c: self.run(self._toggle_cards), names="value")

        self.story = ResultPanel()
        self.story.widget.add_class("vtes-story")
        self.final = ResultPanel()
        self.final.widget.add_class("vtes-final")
        self.trace_view = TraceView()

        self._share_title = _html()
        self._share_help = _html()
        self.json_text = widgets.Textarea(layout=_layout(width="100%", height="180px"))
        self.json_text.add_class("vtes-json")
        self.export_button = _button(icon="download")
        self.export_button.add_class("vtes-export")
        self.export_button.on_click(lambda _b: self.run(self.export_json))
        self.import_button = _button(icon="upload")
        self.import_button.add_class("vtes-import")
        self.import_button.on_click(lambda _b: self.run(self.json_message.run, self.import_json))
        self.json_message: FieldMessage = FieldMessage(self)
        self.json_message.widget.add_class("vtes-json-message")

        presets = _vbox(
            [
                self._presets_title,
                _hbox([*self.preset_buttons.values(), self.new_button]),
                self._preset_note,
            ]
        )
        self.body.children = [
            self._intro,
            presets,
            _hbox([self.cards["acting"].widget, self.cards["opposing"].widget]),
            self.cards_toggle,
            self.cards_box,
            self.rules,
            self._rounds_title,
            self._rounds_help,
            self.rounds_box,
            self.add_round_button,
            self.story.widget,
            self.final.widget,
            self.trace_view.widget,
            self._share_title,
            self._share_help,
            self.json_text,
            _hbox([self.export_button, self.import_button]),
            self.json_message.widget,
        ]
        with self.hold():
            self._load(EXAMPLES["kurt_ira"].scenario_dict())
        self.preset_key = "kurt_ira"
        self.preset_base = ""
        self.tools = PageTools(self)
        self.ready()
        self.recompute()

    # -- change tracking ------------------------------------------------------------------
    def watch(self, *ws: widgets.Widget) -> None:
        for w in ws:
            w.observe(lambda _c: self.changed(), names="value")

    def changed(self) -> None:
        if self.held:
            return
        if self.preset_key:
            self.preset_base, self.preset_key = self.preset_key, ""
            self._render_preset_note()
        self._refresh_options()
        self.recompute()

    def structure_changed(self) -> None:
        if self.held:
            return
        self._relabel_rounds()
        self.changed()

    def _refresh_options(self) -> None:
        with self.hold():
            for rnd in self.rounds:
                for side in rnd.sides.values():
                    for row in side.strikes:
                        row.refresh_options()

    # -- scenario <-> widgets -------------------------------------------------------------
    def _toggle_cards(self) -> None:
        """Show the card pickers; the card data is read the first time only."""
        shown = bool(self.cards_toggle.value)
        if shown:
            self.crypt_picker.load()
            self.card_picker.load()
        self.cards_box.layout.display = None if shown else "none"

    def _use_vampire(self, vampire: Any, side: Side) -> None:
        data = self.cards[side].to_dict()
        data.update(vampire.combatant())
        data.pop("life", None)
        with self.hold():
            self.cards[side].load(data)
        self.changed()

    def scenario(self) -> dict[str, Any]:
        """The combat the widgets describe with the cards played from the library."""
        return self.card_picker.apply(self._base_scenario())

    def _base_scenario(self) -> dict[str, Any]:
        """The combat the widgets describe, in the scenario format."""
        out: dict[str, Any] = {
            "rules": self.rules.value,
            "acting": self.cards["acting"].to_dict(),
            "opposing": self.cards["opposing"].to_dict(),
            "rounds": [r.to_dict() for r in self.rounds],
        }
        return out

    def _load(self, data: dict[str, Any]) -> None:
        self.rules.value = data.get("rules", "black-hand")
        for side in SIDES:
            self.cards[side].load(dict(data[side]))
        wanted = list(data.get("rounds", [{}]))
        # the round editors already shown are reused; the ones no longer needed are closed
        kept, dropped = self.rounds[: len(wanted)], self.rounds[len(wanted) :]
        self.rounds = []
        for i, rnd in enumerate(wanted):
            if i < len(kept):
                editor = kept[i]
            else:
                editor = _RoundEditor(self)
                editor.remove.on_click(lambda _b, e=editor: self.run(self.remove_round, e))
            self.rounds.append(editor)
            editor.relabel(len(self.rounds))
            editor.load(dict(rnd))
        self._relabel_all_parts()
        close_trees((r.widget for r in dropped), _shared())

    def load_scenario(self, data: dict[str, Any]) -> None:
        """Check ``data`` (InvalidState/IllegalPlay explain problems), then show it."""
        parse_scenario(data)
        expected = resolve(data)
        self.preset_key = ""
        self.preset_base = ""
        backup = self._base_scenario()
        plays = list(self.card_picker.plays)
        try:
            with self.hold():
                self._load(data)
                self.card_picker.clear()
            if resolve(self.scenario()).steps != expected.steps:
                raise InvalidState(
                    msg(
                        "This scenario uses card effects that the page's round editors cannot "
                        "show (see the format notes); play those cards with the card pickers "
                        "instead."
                    )
                )
        except Exception:
            with self.hold():
                self._load(backup)
            self.card_picker.plays = plays
            raise
        self._render_preset_note()
        self.recompute()

    def load_preset(self, key: str) -> None:
        if key not in EXAMPLES:
            raise InvalidState(
                msg("Unknown preset {key!r}; allowed: {allowed}.", key=key, allowed=tuple(EXAMPLES))
            )
        self.load_scenario(EXAMPLES[key].scenario_dict())
        self.preset_key = key
        self.preset_base = ""
        self._render_preset_note()

    def reset(self) -> None:
        """Back to the page's starting combat: the rulebook's Kurt vs Ira."""
        self.json_message.clear()
        self.load_preset("kurt_ira")

    def ruling_text(self) -> str:
        """The combat as plain text in the page's language ("" while it cannot be resolved)."""
        report = self.report
        if report is None:
            return ""
        t = self.t
        situation = []
        for side, c in zip(SIDES, (report.acting, report.opposing), strict=True):
            card = self.cards[side]
            if card.kind.value == "vampire":
                amount = f"{t('capacity')} {card.capacity.value}, {t('blood')} {card.blood.value}"
            else:
                amount = f"{t('life')} {card.blood.value}"
            kit = ", ".join(
                r.name.value for r in card.equipment.rows if isinstance(r, _EquipmentRow)
            )
            line = f"{t(side)}: {c.name} ({t(card.kind.value)}, {amount}, {t('strength')} "
            line += f"{card.strength.value}" + (f"; {t('equipment')}: {kit}" if kit else "") + ")"
            situation.append(line)
        situation.append(f"{t('rules')}: {t(self.rules.value)}")
        result = []
        for r in report.rounds:
            lines = " ".join(r.narrative_in(self.lang))
            result.append(f"{t('round')} {r.number} ({t(f'range_{r.range}')}): {lines}")
        for c in (report.acting, report.opposing):
            amount = f"{t('blood')} {c.blood}" if c.kind == "vampire" else f"{t('life')} {c.life}"
            result.append(f"{c.name}: {t(c.state.value)}, {amount}")
        return ruling_text(t("title"), situation, result, report.steps, self.lang)

    def new_combat(self) -> None:
        """Two plain vampires and one round with no plays yet."""
        self.load_scenario(
            {
                "acting": {"name": "Anna", "kind": "vampire", "capacity": 6, "blood": 4},
                "opposing": {"name": "Boris", "kind": "vampire", "capacity": 6, "blood": 4},
                "rounds": [{}],
            }
        )

    def add_round(self) -> _RoundEditor:
        editor = _RoundEditor(self)
        editor.remove.on_click(lambda _b, e=editor: self.run(self.remove_round, e))
        self.rounds.append(editor)
        self.structure_changed()
        return editor

    def remove_round(self, editor: _RoundEditor | int) -> None:
        if isinstance(editor, int):
            editor = self.rounds[editor]
        if len(self.rounds) == 1:
            raise InvalidState(msg("A combat has at least one round; this is the only one left."))
        self.rounds.remove(editor)
        self.structure_changed()
        close_tree(editor.widget, _shared())

    def export_json(self) -> str:
        text = dump_scenario_json(self.scenario())
        self.json_text.value = text
        return text

    def import_json(self, text: str | None = None) -> None:
        if text is not None:
            self.json_text.value = text
        data = load_scenario_json(self.json_text.value)
        self.load_scenario(data)

    def apply_parameters(self, params: dict[str, str]) -> None:
        preset = params.get("preset")
        if preset is not None:
            if preset not in EXAMPLES:
                self.show_address_problem("bad_preset", preset=preset, allowed=", ".join(EXAMPLES))
                return
            self.load_preset(preset)

    # -- labels ---------------------------------------------------------------------------
    def relabel(self) -> None:
        self._relabel_all_parts()
        if self.report is not None:
            self._render(self.report)

    def _relabel_all_parts(self) -> None:
        t = self.t
        self._intro.value = f"<p>{escape(t('intro'))}</p>"
        self._presets_title.value = f"<b>{escape(t('presets'))}</b>"
        for key, button in self.preset_buttons.items():
            example = EXAMPLES[key]
            button.description = example.title.render(self.lang)
        self.new_button.description = t("new_combat")
        with self.hold():
            _set_options(self.rules, [(t(e), e) for e in EDITIONS])
        self.rules.description = t("rules")
        for c in self.cards.values():
            c.relabel()
        self._rounds_title.value = f"<h3>{escape(t('rounds'))}</h3>"
        self._rounds_help.value = (
            f"<p><i>{escape(t('maneuvers_help'))}</i></p>"
            f'<p class="calc-help vtes-jargon-help">{escape(t("jargon_help"))}</p>'
        )
        self.add_round_button.description = t("add_round")
        self._share_title.value = f"<h4>{escape(t('share'))}</h4>"
        self._share_help.value = f"<p><i>{escape(t('share_help'))}</i></p>"
        self.export_button.description = t("export")
        self.import_button.description = t("import")
        self.cards_toggle.description = t("cards_open")
        self.crypt_picker.relabel()
        self.card_picker.relabel()
        self._relabel_rounds()
        self._render_preset_note()

    def _relabel_rounds(self) -> None:
        with self.hold():
            for number, rnd in enumerate(self.rounds, 1):
                rnd.relabel(number)
        self.rounds_box.children = [r.widget for r in self.rounds]

    def _render_preset_note(self) -> None:
        if self.preset_key in EXAMPLES:
            example = EXAMPLES[self.preset_key]
            text = example.summary.render(self.lang)
            self._preset_note.value = f'<p class="vtes-preset-note"><i>{escape(text)}</i></p>'
        elif self.preset_base in EXAMPLES:
            example = EXAMPLES[self.preset_base]
            title = example.title.render(self.lang)
            text = self.t("preset_modified").format(title=title)
            self._preset_note.value = f'<p class="vtes-preset-note"><i>{escape(text)}</i></p>'
        else:
            self._preset_note.value = ""

    # -- computing ------------------------------------------------------------------------
    def recompute(self) -> None:
        self.run(self._refresh)
        self.sync_address()

    # -- page address: the whole combat, packed ----------------------------------------------
    def url_fields(self) -> dict[str, Field]:
        """The address holds the whole scenario (rules, both combatants, every round) as one
        packed parameter, ``combat``; a bad one is explained and the page keeps its combat."""
        return {"combat": Field("combat", lambda: pack(self.scenario()), self._set_combat)}

    def _set_combat(self, text: str) -> None:
        data = unpack(text, "combat")
        if not isinstance(data, dict):
            raise InvalidState(
                msg("combat in the page address is not a combat; copy the link again from the page")
            )
        self.load_scenario(data)

    def _refresh(self) -> None:
        if invalid_fields(self.body):
            return  # each bad box says what it allows; nothing is computed until then
        try:
            report = resolve(self.scenario())
        except Exception:
            self.report = None
            self.narrative = ()
            self.final_text = ""
            self.story.clear()
            self.final.clear()
            self.trace_view.clear()
            self.tools.refresh()
            raise
        self.report = report
        self._render(report)
        self.tools.refresh()

    def _render(self, report: CombatReport) -> None:
        lang = self.lang
        self.narrative = report.narrative_in(lang)
        parts = [f"<p>{escape(s.render(lang))}</p>" for s in report.opening]
        for r in report.rounds:
            rng = self.t(f"range_{r.range}")
            extra = f", {self.t('continued')}" if r.continued else ""
            items = "".join(f"<li>{escape(line)}</li>" for line in r.narrative_in(lang))
            parts.append(
                f'<h4 class="vtes-round-title">{escape(self.t("round"))} {r.number} '
                f"({escape(rng)}{escape(extra)})</h4><ol>{items}</ol>"
            )
        closing = "".join(f"<li>{escape(s.render(lang))}</li>" for s in report.closing)
        parts.append(f'<ul class="vtes-closing">{closing}</ul>')
        self.story.show("".join(parts), title=self.t("story"))
        self._render_final(report)
        self.trace_view.show(report.steps, lang)

    def _render_final(self, report: CombatReport) -> None:
        t = self.t
        columns = (report.acting, report.opposing)
        rows: list[tuple[str, list[str]]] = []
        rows.append((t("state"), [t(c.state.value) for c in columns]))
        amounts = []
        for c in columns:
            if c.kind == "vampire":
                amounts.append(f"{t('blood')}: {c.blood} / {c.capacity}")
            else:
                amounts.append(f"{t('life')}: {c.life}")
        rows.append((f"{t('blood')} / {t('life')}", amounts))
        rows.append((t("strength"), [str(c.strength) for c in columns]))
        rows.append((t("equipment"), [", ".join(c.equipment) or t("none") for c in columns]))
        rows.append(
            (
                t("retainers"),
                [
                    ", ".join(f"{n} ({t('life')} {v})" for n, v in c.retainers.items()) or t("none")
                    for c in columns
                ],
            )
        )
        rows.append((t("damage_taken"), [str(c.damage_taken) for c in columns]))
        rows.append((t("damage_prevented"), [str(c.damage_prevented) for c in columns]))
        rows.append((t("drained"), [str(c.drained) for c in columns]))
        head = "".join(f"<th>{escape(c.name)}</th>" for c in columns)
        body = "".join(
            f"<tr><th>{escape(k)}</th>{''.join(f'<td>{escape(v)}</td>' for v in vals)}</tr>"
            for k, vals in rows
        )
        self.final.show(
            f'<table class="calc-table"><tr><th></th>{head}</tr>{body}</table>', title=t("final")
        )
        self.final_text = self.final.text
