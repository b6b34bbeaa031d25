"""VTES damage page's outcome: the result panel (words, badges, tokens) and the steps."""

from __future__ import annotations

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.panel import ResultPanel
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from calculators.pages.vtes_damage.view import (
    badges,
    minion_svg,
    outcome_html,
    outcome_sentence,
    picture_title,
    token_labels,
)
from rules.vtes.damage import DamageResult


class OutcomePart:
    """What the damage does to the minion; :meth:`show` draws a result, :meth:`clear` takes
    it off."""

    def __init__(self, context: PartContext) -> None:
        self.context = context
        self.result: DamageResult | None = None
        self.outcome_text = ""
        self.badges: tuple[str, ...] = ()
        self.svg = ""
        self.panel = ResultPanel()
        self.panel.widget.add_class("vtes-outcome")
        self.trace_view = TraceView()
        self.widget = widgets.VBox(
            [self.panel.widget, self.trace_view.widget],
            layout=widgets.Layout(flex="1 1 auto", padding="0 0 0 16px"),
        )

    def address_fields(self) -> dict[str, Field]:
        return {}

    def read(self) -> None:
        """The outcome has no inputs."""

    def show(self, result: DamageResult) -> None:
        t = self.context.t
        self.result = result
        self.outcome_text = outcome_sentence(result, t)
        self.badges = badges(result)
        self.svg = minion_svg(
            result.before, result, title=picture_title(result, t), labels=token_labels(result, t)
        )
        self.panel.show(outcome_html(result, t), title=t("outcome"))
        self.trace_view.show(result.steps, self.context.lang)

    def clear(self) -> None:
        self.result = None
        self.outcome_text = ""
        self.badges = ()
        self.svg = ""
        self.panel.clear()
        self.trace_view.clear()

    def relabel(self) -> None:
        if self.result is not None:
            self.show(self.result)
