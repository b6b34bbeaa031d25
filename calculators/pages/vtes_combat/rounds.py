"""VTES combat page's rounds: each side's strikes, additional strikes and before-range plays."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.closing import close_tree, close_trees
from calculators.kit.fmt import escape
from calculators.kit.inputs import set_options
from calculators.kit.markup import heading
from calculators.pages.vtes_combat.combatants import ListRow
from calculators.pages.vtes_combat.context import CombatContext
from calculators.pages.vtes_combat.controls import SHARED, int_text, labelled, wrapping
from calculators.pages.vtes_combat.inputs import RoundInputs, SideInputs, frozen
from calculators.pages.vtes_combat.labels import (
    ADDITIONAL_CHOICES,
    CARD_STRIKES,
    EFFECT_FLAGS,
    MAX_DAMAGE,
    MAX_EXTRA_STRIKES,
    MAX_PLAYS,
    MAX_STEAL,
)
from rules.errors import InvalidState
from rules.i18n import msg
from rules.vtes.cards import card
from rules.vtes.scenario import SIDES, Side


class StrikeRow(ListRow):
    def __init__(self, context: CombatContext, side: Side, data: dict[str, Any] | None) -> None:
        super().__init__(context)
        self.side = side
        self.choice = widgets.Dropdown(layout=SHARED.layout(width="260px"), style=labelled("50px"))
        self.choice.add_class("vtes-strike-choice")
        self.target = widgets.Dropdown(layout=SHARED.layout(width="220px"), style=labelled("50px"))
        self.target.add_class("vtes-strike-target")
        self.prevented = widgets.Dropdown(
            layout=SHARED.layout(width="300px"), style=labelled("150px")
        )
        self.prevented.add_class("vtes-strike-prevented")
        # The custom strike's fields are built the first time "custom" is chosen.
        self.custom = SHARED.vbox(layout=widgets.Layout(margin="0 0 0 24px"))
        self.custom_built = False
        self.widget = SHARED.vbox(
            [
                SHARED.hbox([self.choice, self.target, self.prevented, self.remove], wrapping()),
                self.custom,
            ]
        )
        self.widget.add_class("vtes-strike")
        self.refresh_options()
        self._show_custom()
        self.choice.observe(lambda _c: self._show_custom(), names="value")
        context.watch(self.choice, self.target, self.prevented)

    def build_custom(self) -> None:
        """Create the custom strike's switches (once)."""
        if self.custom_built:
            return
        self.custom_built = True
        self.custom_name = widgets.Text(value="Strike", layout=SHARED.layout(width="200px"))
        self.damage = int_text(self.context, 1, "150px", 0, MAX_DAMAGE, "90px")
        self.plus_strength = widgets.Checkbox(value=False, indent=False)
        self.flags = {key: widgets.Checkbox(value=False, indent=False) for key in EFFECT_FLAGS}
        self.steal_blood = int_text(self.context, 0, "180px", 0, MAX_STEAL, "110px")
        self.destroy = widgets.Text(layout=SHARED.layout(width="220px"))
        self.take = widgets.Text(layout=SHARED.layout(width="220px"))
        self.damage.add_class("vtes-custom-damage")
        for key, box in self.flags.items():
            box.add_class(f"vtes-custom-{key.replace('_', '-')}")
            box.layout.width = "auto"
        self.custom.children = [
            SHARED.hbox([self.custom_name, self.damage, self.plus_strength]),
            SHARED.hbox(list(self.flags.values())),
            SHARED.hbox([self.steal_blood, self.destroy, self.take]),
        ]
        self._relabel_custom()
        self.context.watch(
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
        t = self.context.t
        own = self.context.weapons(self.side)
        theirs = self.context.weapons(other_side(self.side))
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
        with self.context.hold():
            set_options(self.choice, options)
            targets = [(t("the_minion"), "")] + [
                (f"{t('retainers')}: {r}", r) for r in self.context.retainers(other_side(self.side))
            ]
            set_options(self.target, targets)
            set_options(self.prevented, [(t(f"prevent_{n}"), str(n)) for n in range(4)])

    def relabel(self) -> None:
        super().relabel()
        t = self.context.t
        self.choice.description = t("strike")
        self.target.description = t("target")
        self.prevented.description = t("prevented")
        self.prevented.tooltip = t("prevented_help")
        if self.custom_built:
            self._relabel_custom()
        self.refresh_options()

    def _relabel_custom(self) -> None:
        t = self.context.t
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


def other_side(side: str) -> Side:
    return "opposing" if side == "acting" else "acting"


class SideRound:
    """One side's plays in one round: before-range card, additional strikes, strikes."""

    def __init__(self, context: CombatContext, side: Side) -> None:
        self.context = context
        self.side = side
        self.title = SHARED.html()
        self.before = widgets.Dropdown(layout=SHARED.layout(width="330px"), style=labelled("120px"))
        self.before.add_class("vtes-before-range")
        self.additional = widgets.Dropdown(
            layout=SHARED.layout(width="330px"), style=labelled("120px")
        )
        self.additional.add_class("vtes-additional")
        self.unlimited = int_text(context, 0, "200px", 0, MAX_EXTRA_STRIKES, "120px")
        self.strikes_box = SHARED.vbox()
        self.note = SHARED.html()
        self.add_button = SHARED.button(icon="plus")
        self.add_button.add_class(f"vtes-add-strike-{side}")
        self.add_button.on_click(lambda _b: context.run(self.add_strike))
        self.strikes: list[StrikeRow] = []
        self.widget = SHARED.vbox(
            [
                self.title,
                self.before,
                self.additional,
                self.unlimited,
                self.strikes_box,
                self.note,
                self.add_button,
            ],
            layout=SHARED.layout(border="1px dashed #d8cbb8", padding="4px", margin="2px"),
        )
        self.widget.add_class(f"vtes-side-{side}")
        context.watch(self.before, self.additional, self.unlimited)

    def add_strike(
        self, data: dict[str, Any] | None = None, *, recompute: bool = True
    ) -> StrikeRow:
        row = StrikeRow(self.context, self.side, data)
        row.relabel()
        if data:
            row.load(data)
        row.remove.on_click(lambda _b, r=row: self.context.run(self.remove_strike, r))
        self.strikes.append(row)
        self._show()
        if recompute:
            self.context.structure_changed()
        return row

    def remove_strike(self, row: StrikeRow) -> None:
        self.strikes.remove(row)
        self._show()
        close_tree(row.widget, SHARED.ids())
        self.context.structure_changed()

    def _show(self) -> None:
        self.strikes_box.children = [r.widget for r in self.strikes]
        self.note.value = (
            "" if self.strikes else f"<i>{escape(self.context.t('no_strike_note'))}</i>"
        )

    def relabel(self) -> None:
        t = self.context.t
        self.title.value = f"<b>{escape(t('strikes_of'))} {escape(t('side_' + self.side))}</b>"
        self.before.description = t("before_range")
        self.additional.description = t("additional")
        self.unlimited.description = t("unlimited")
        self.unlimited.help = t("unlimited_help")
        self.add_button.description = t("add_strike")
        with self.context.hold():
            set_options(self.before, [(t("nothing"), ""), (t("torn_signpost"), "torn_signpost")])
            set_options(
                self.additional,
                [(t(f"add_{k}") if k != "none" else t("add_none"), k) for k in ADDITIONAL_CHOICES],
            )
        for row in self.strikes:
            row.relabel()
        self._show()

    def read(self) -> SideInputs:
        strikes = [r.to_dict() for r in self.strikes]
        additional = [dict(x) for x in ADDITIONAL_CHOICES[self.additional.value]]
        if self.unlimited.value:
            additional.append(
                {"name": "Additional strikes", "count": self.unlimited.value, "limited": False}
            )
        before = [card("torn_signpost").fragment()] if self.before.value else []
        return SideInputs(
            tuple(frozen(s) for s in strikes),
            tuple(frozen(a) for a in additional),
            tuple(frozen(b) for b in before),
        )

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
                name = item.get("name") if isinstance(item, dict) else None
                raise InvalidState(
                    msg(
                        "The round editor offers only a plain Torn Signpost (strength 2) before "
                        "range; {card} is played otherwise here: play it with the card pickers.",
                        card=name if isinstance(name, str) and name else msg("a card"),
                    )
                )
        self.before.value = "torn_signpost" if before else ""
        dropped = [r.widget for r in self.strikes]
        self.strikes = []
        self._show()
        close_trees(dropped, SHARED.ids())
        for s in strikes:
            self.add_strike(s, recompute=False)
        self._show()


class RoundEditor:
    """One round of the combat: its maneuvers and presses, and each side's plays; ``number``
    is its place in the combat (the page sets it)."""

    def __init__(self, context: CombatContext, number: int = 1) -> None:
        self.context = context
        self.number = number
        self.title = SHARED.html()
        self.maneuvers = int_text(context, 0, "190px", 0, MAX_PLAYS, "90px")
        self.maneuvers_first = widgets.Dropdown(
            layout=SHARED.layout(width="260px"), style=labelled("70px")
        )
        self.presses = int_text(context, 0, "190px", 0, MAX_PLAYS, "90px")
        self.presses_first = widgets.Dropdown(
            layout=SHARED.layout(width="260px"), style=labelled("70px")
        )
        self.maneuvers.add_class("vtes-maneuvers")
        self.presses.add_class("vtes-presses")
        self.remove = SHARED.button(icon="trash")
        self.remove.add_class("vtes-remove-round")
        self.sides = {side: SideRound(context, side) for side in SIDES}
        self.widget = SHARED.vbox(
            [
                SHARED.hbox([self.title, self.remove]),
                SHARED.hbox([self.maneuvers, self.maneuvers_first]),
                SHARED.hbox([self.sides["acting"].widget, self.sides["opposing"].widget]),
                SHARED.hbox([self.presses, self.presses_first]),
            ],
            layout=SHARED.layout(border="1px solid #7a1f2b", padding="6px", margin="6px 0"),
        )
        self.widget.add_class("vtes-round")
        context.watch(self.maneuvers, self.maneuvers_first, self.presses, self.presses_first)

    def relabel(self) -> None:
        t = self.context.t
        self.title.value = heading(f"{t('round')} {self.number}")
        self.remove.description = t("remove_round")
        self.maneuvers.description = t("maneuvers")
        self.presses.description = t("presses")
        for w in (self.maneuvers_first, self.presses_first):
            w.description = t("first_by")
            w.tooltip = t("first_by_help")
            with self.context.hold():
                set_options(w, [(t(f"side_{s}"), s) for s in SIDES])
        for side in self.sides.values():
            side.relabel()

    @staticmethod
    def _alternating(first: str, count: int) -> list[str]:
        return [first if i % 2 == 0 else other_side(first) for i in range(count)]

    def address_fields(self) -> dict[str, Field]:
        """None of its own: the page's packed ``combat`` carries the whole combat."""
        return {}

    def read(self) -> RoundInputs:
        """The round as the editor shows it (the engine checks its plays when the page
        resolves the combat)."""
        return RoundInputs(
            maneuvers=tuple(self._alternating(self.maneuvers_first.value, self.maneuvers.value)),
            presses=tuple(self._alternating(self.presses_first.value, self.presses.value)),
            sides={side: editor.read() for side, editor in self.sides.items()},
        )

    def show(self, _result: object) -> None:
        """The round's inputs show no result (the outcome tells the round)."""

    def load(self, data: dict[str, Any]) -> None:
        for key in ("maneuvers", "presses"):
            plays = list(data.get(key, []))
            for play in plays:
                if play not in SIDES:
                    name = play.get("card") if isinstance(play, dict) else None
                    raise InvalidState(
                        msg(
                            "The round editor counts plain maneuvers and presses only, not "
                            "{card} as this combat has it; play that card with the card pickers.",
                            card=name if isinstance(name, str) and name else msg("a card"),
                        )
                    )
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
