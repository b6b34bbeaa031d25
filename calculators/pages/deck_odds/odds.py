"""VTES deck odds page's result: the odds table by turn, its chart and the steps."""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.charts import DistributionChart
from calculators.kit.fmt import escape
from calculators.kit.panel import ResultPanel
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from calculators.pages.deck_odds.categories import Category, ReadDeck
from calculators.pages.deck_odds.view import (
    category_label,
    chart_bars,
    chart_title,
    odds_table_html,
)
from rules.vtes.draws import DrawOdds


@dataclass(frozen=True)
class Question:
    """What was asked: the deck, the pile, the categories."""

    deck: ReadDeck
    pile: str
    chosen: tuple[Category, ...]


class OddsPart:
    """The odds of a question; :meth:`show` draws them, :meth:`note` says why there are none."""

    def __init__(self, context: PartContext) -> None:
        self.context = context
        self.question: Question | None = None
        self.result: DrawOdds | None = None
        self.panel = ResultPanel()
        self.panel.widget.add_class("deck-odds-result")
        self.chart = DistributionChart()
        self.trace_view = TraceView()
        self.widget = widgets.VBox([self.panel.widget, self.chart.widget, self.trace_view.widget])

    def address_fields(self) -> dict[str, Field]:
        return {}

    def read(self) -> None:
        """The result has no inputs."""

    def labels(self) -> list[str]:
        if self.question is None:
            return []
        return [category_label(c.key, self.context.t) for c in self.question.chosen]

    def show(self, answer: tuple[Question, DrawOdds]) -> None:
        t = self.context.t
        self.question, self.result = answer
        labels = self.labels()
        self.panel.show(odds_table_html(self.result, labels, t), title=t("odds"))
        self.chart.show(chart_bars(self.result), title=chart_title(labels, t), x_label=t("turn"))
        self.trace_view.show(self.result.steps, self.context.lang)

    def note(self, key: str, **fields: str) -> None:
        """No odds: say why (a catalog key)."""
        self.clear()
        text = self.context.t(key).format(**fields)
        self.panel.show(f'<p class="calc-help">{escape(text)}</p>', title=self.context.t("odds"))

    def clear(self) -> None:
        self.question = None
        self.result = None
        self.panel.clear()
        self.chart.show(())
        self.chart.widget.value = ""
        self.trace_view.clear()

    def relabel(self) -> None:
        if self.question is not None and self.result is not None:
            self.show((self.question, self.result))
