"""VTES table page's influence tab: the influence phase's transfers, checked move by move."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.layout import columns
from calculators.kit.markup import heading
from calculators.kit.part import PartContext
from calculators.pages.vtes_table.inputs import InfluenceInputs, InfluenceRuling
from calculators.pages.vtes_table.labels import INFLUENCE_RULEBOOKS, LABELS
from calculators.pages.vtes_table.tab import MAX_POOL, MAX_TURN, TABLE_INPUTS, TableTab
from calculators.pages.vtes_table.view import (
    influence_html,
    influence_summary,
    rulebook_note,
    transfers_note,
)
from rules.vtes.influence import InfluencePlan, Move, plan_influence, transfers_for_turn
from rules.vtes.table_examples import NORA_MOVES, NORA_POOL, NORA_REFUSED_MOVES, NORA_UNCONTROLLED
from rules.vtes.table_text import (
    format_moves,
    format_uncontrolled,
    parse_clan_counts,
    parse_moves,
    parse_uncontrolled,
)


class InfluenceTab(TableTab[InfluenceInputs, InfluenceRuling]):
    """Plan an influence phase: transfers, pool, uncontrolled vampires, scarce costs."""

    key = "influence"

    def __init__(self, context: PartContext) -> None:
        super().__init__(context, plan_phase)
        self.ruling: InfluenceRuling | None = None
        self.plan: InfluencePlan | None = None
        self.pool = TABLE_INPUTS.int_box(context, NORA_POOL, 0, MAX_POOL, "vtes-pool")
        self.game_turn = TABLE_INPUTS.int_box(context, 4, 1, MAX_TURN, "vtes-game-turn")
        self._transfers_note = widgets.HTML()
        self._transfers_note.add_class("vtes-transfers")
        self.uncontrolled = TABLE_INPUTS.text_area(
            format_uncontrolled(NORA_UNCONTROLLED), "vtes-uncontrolled"
        )
        self.crypt = TABLE_INPUTS.text_area("", "vtes-crypt", rows=2)
        self.in_play = TABLE_INPUTS.text_box("", "vtes-in-play")
        self.moves = TABLE_INPUTS.text_area(format_moves(NORA_MOVES), "vtes-moves")
        self.rules = widgets.ToggleButtons(
            options=[(r, r) for r in INFLUENCE_RULEBOOKS], value=INFLUENCE_RULEBOOKS[0]
        )
        self.rules.add_class("vtes-influence-rules")
        self._rules_label = widgets.Label()
        self._rules_note = widgets.HTML()
        self._rules_note.add_class("vtes-influence-rulebook")
        self.nora_button = widgets.Button()
        self.nora_button.add_class("vtes-preset-nora")
        self.nora_button.on_click(lambda _b: self.load_nora())
        self.nora_refused_button = widgets.Button()
        self.nora_refused_button.add_class("vtes-preset-nora-refused")
        self.nora_refused_button.on_click(lambda _b: self.load_nora(refused=True))
        self._titles = {k: widgets.HTML() for k in ("uncontrolled", "crypt", "moves")}
        self._helps = {k: widgets.HTML() for k in ("uncontrolled", "crypt", "moves", "in_play")}
        self._presets_title = widgets.HTML()
        inputs = widgets.VBox(
            [
                self._presets_title,
                widgets.HBox([self.nora_button, self.nora_refused_button]),
                widgets.HBox([self._rules_label, self.rules]),
                self._rules_note,
                self.pool,
                self.game_turn,
                self._transfers_note,
                self._titles["uncontrolled"],
                self._helps["uncontrolled"],
                self.uncontrolled,
                self._titles["moves"],
                self._helps["moves"],
                self.moves,
                self._titles["crypt"],
                self._helps["crypt"],
                self.crypt,
                self.in_play,
                self._helps["in_play"],
            ],
            layout=widgets.Layout(min_width="440px"),
        )
        outputs = widgets.VBox(
            [self.panel.widget, self.trace_view.widget],
            layout=widgets.Layout(flex="1 1 auto", padding="0 0 0 16px"),
        )
        self.widget.children = [columns(inputs, outputs)]
        self.watch(
            self.pool,
            self.game_turn,
            self.uncontrolled,
            self.crypt,
            self.in_play,
            self.moves,
            self.rules,
        )

    def load_nora(self, refused: bool = False) -> None:
        """The rulebook's example: the plan Nora uses, or the one that would oust her. Under
        the current rulebook her plan ends by bringing the capacity-10 vampire out."""
        moves = list(NORA_REFUSED_MOVES if refused else NORA_MOVES)
        if self.rules.value == "vekn-2024":
            moves.append(Move.bring_out(NORA_UNCONTROLLED[0].name))
        self.set_values(
            pool=NORA_POOL,
            game_turn=4,
            uncontrolled=format_uncontrolled(NORA_UNCONTROLLED),
            crypt="",
            in_play="",
            moves=format_moves(moves),
        )

    # -- the part contract ----------------------------------------------------------------
    def arrange(self) -> None:
        """The notes on the turn's transfers and the rulebook chosen."""
        transfers = transfers_for_turn(self.game_turn.value)
        self._transfers_note.value = transfers_note(transfers, self.t)
        self._rules_note.value = rulebook_note(self.rules.value, self.t)

    def read(self) -> InfluenceInputs:
        """The plan, parsed line by line (the clan counts first, then the uncontrolled
        region, the moves and the crypt: the first bad line is the one reported)."""
        rules = self.rules.value
        counts = parse_clan_counts(self.in_play.value, LABELS.message(self._counts_key()))
        uncontrolled = parse_uncontrolled(self.uncontrolled.value)
        moves = parse_moves(self.moves.value)
        return InfluenceInputs(
            pool=self.pool.value,
            game_turn=self.game_turn.value,
            transfers=transfers_for_turn(self.game_turn.value),
            uncontrolled=uncontrolled,
            moves=moves,
            crypt=parse_uncontrolled(self.crypt.value, "Crypt"),
            clan_counts=counts,
            rules=rules,
        )

    def show(self, ruling: InfluenceRuling) -> None:
        self.ruling = ruling
        self.plan = ruling.plan
        t = self.t
        self.display(influence_summary(ruling, t), influence_html(ruling, t), ruling.plan.steps)

    def clear(self) -> None:
        self.ruling = None
        self.plan = None
        super().clear()

    def relabel(self) -> None:
        self._presets_title.value = f"<b>{escape(self.t('presets'))}</b>"
        self.nora_button.description = self.t("nora")
        self.nora_refused_button.description = self.t("nora_refused")
        self.pool.description = self.t("pool")
        self.game_turn.description = self.t("game_turn")
        self._rules_label.value = self.t("rulebook")
        self.context.relabel_options(self.rules, INFLUENCE_RULEBOOKS)
        for key, title in self._titles.items():
            title.value = heading(self.t(key))
        for key, help_widget in self._helps.items():
            help_widget.value = f"<small>{escape(self.t(key + '_help'))}</small>"
        self._relabel_rulebook()

    def _counts_key(self) -> str:
        """What the clan counts field holds under the chosen rulebook (a catalog key)."""
        return "in_play" if self.rules.value == "black-hand" else "controlled_by_clan"

    def _relabel_rulebook(self) -> None:
        """The texts that depend on the chosen rulebook."""
        key = self._counts_key()
        self.in_play.description = self.t(key)
        self._helps["in_play"].value = f"<small>{escape(self.t(key + '_help'))}</small>"
        self._rules_note.value = rulebook_note(self.rules.value, self.t)

    def _changed(self, change: dict[str, Any]) -> None:
        if change.get("owner") is self.rules:
            self._relabel_rulebook()  # the clan counts field means something else now
        super()._changed(change)


def plan_phase(inputs: InfluenceInputs) -> InfluenceRuling:
    """The influence tab's engine call: the plan checked move by move under its rulebook."""
    counts = "in_play_by_clan" if inputs.rules == "black-hand" else "controlled_by_clan"
    plan = plan_influence(
        pool=inputs.pool,
        uncontrolled=inputs.uncontrolled,
        moves=inputs.moves,
        transfers=inputs.transfers,
        crypt=inputs.crypt,
        rules=inputs.rules,
        **{counts: inputs.clan_counts},
    )
    return InfluenceRuling(inputs, plan)
