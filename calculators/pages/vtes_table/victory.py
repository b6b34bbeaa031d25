"""VTES table page's victory tab: seating and ousting order to victory points and pool."""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.layout import columns
from calculators.kit.markup import heading
from calculators.kit.part import PartContext
from calculators.pages.vtes_table.inputs import VictoryInputs
from calculators.pages.vtes_table.tab import TABLE_INPUTS, TableTab
from calculators.pages.vtes_table.view import victory_html, victory_summary
from rules.vtes.table_examples import RICHARD_EVENTS, RICHARD_SEATING
from rules.vtes.table_text import format_events, parse_events
from rules.vtes.victory import Score, score_game


class VictoryTab(TableTab[VictoryInputs, Score]):
    """Seating, predator and prey, ousting order -> victory points and pool gained."""

    key = "victory"

    def __init__(self, context: PartContext) -> None:
        super().__init__(context, score_table)
        self.score: Score | None = None
        self.seating = TABLE_INPUTS.text_box(", ".join(RICHARD_SEATING), "vtes-seating")
        self.events = TABLE_INPUTS.text_area(format_events(RICHARD_EVENTS), "vtes-events")
        self.withdrawal_vp = widgets.Dropdown(
            options=[("1", "1"), ("1/2", "1/2")], value="1", style=TABLE_INPUTS.style
        )
        self.withdrawal_vp.add_class("vtes-withdrawal-vp")
        self.richard_button = widgets.Button()
        self.richard_button.add_class("vtes-preset-richard")
        self.richard_button.on_click(lambda _b: self.load_richard())
        self._presets_title = widgets.HTML()
        self._seating_help = widgets.HTML()
        self._events_title = widgets.HTML()
        self._events_help = widgets.HTML()
        inputs = widgets.VBox(
            [
                self._presets_title,
                self.richard_button,
                self.seating,
                self._seating_help,
                self._events_title,
                self._events_help,
                self.events,
                self.withdrawal_vp,
            ],
            layout=widgets.Layout(min_width="440px"),
        )
        outputs = widgets.VBox(
            [self.panel.widget, self.trace_view.widget],
            layout=widgets.Layout(flex="1 1 auto", padding="0 0 0 16px"),
        )
        self.widget.children = [columns(inputs, outputs)]
        self.watch(self.seating, self.events, self.withdrawal_vp)

    def load_richard(self) -> None:
        self.set_values(
            seating=", ".join(RICHARD_SEATING),
            events=format_events(RICHARD_EVENTS),
            withdrawal_vp="1",
        )

    # -- the part contract ----------------------------------------------------------------
    def read(self) -> VictoryInputs:
        return VictoryInputs(
            seating=tuple(n.strip() for n in self.seating.value.split(",") if n.strip()),
            events=parse_events(self.events.value),
            withdrawal_vp=Fraction(self.withdrawal_vp.value),
        )

    def show(self, score: Score) -> None:
        self.score = score
        self.display(victory_summary(score, self.t), victory_html(score, self.t), score.steps)

    def clear(self) -> None:
        self.score = None
        super().clear()

    def relabel(self) -> None:
        self._presets_title.value = f"<b>{escape(self.t('presets'))}</b>"
        self.richard_button.description = self.t("richard")
        self.seating.description = self.t("seating")
        self._seating_help.value = f"<small>{escape(self.t('seating_help'))}</small>"
        self._events_title.value = heading(self.t("events"))
        self._events_help.value = f"<small>{escape(self.t('events_help'))}</small>"
        self.withdrawal_vp.description = self.t("withdrawal_vp")
        value = self.withdrawal_vp.value
        with self.context.hold():
            self.withdrawal_vp.options = [
                (self.t("vp_rulebook"), "1"),
                (self.t("vp_tournament"), "1/2"),
            ]
            self.withdrawal_vp.value = value


def score_table(inputs: VictoryInputs) -> Score:
    """The victory tab's engine call: the endings replayed at the table, in order."""
    return score_game(inputs.seating, inputs.events, withdrawal_vp=inputs.withdrawal_vp)
