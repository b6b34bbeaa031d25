"""VTES table page's controls: the tab base, input boxes, bounds and the victory points as text."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from calculators.kit.fields import IntField, invalid_fields
from calculators.kit.fmt import escape
from calculators.kit.inputs import InputStyle
from calculators.kit.page import on_failure
from calculators.kit.panel import ResultPanel
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from rules.trace import Step


def vp_text(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


class TableTab:
    """A tab: its widgets, a result panel and a trace; :meth:`refresh` raises on bad input.

    A tab gets a :class:`~calculators.kit.part.PartContext` (never the page): its words, its
    holds, and ``refresh`` (the page recomputes the tab and shows its errors)."""

    key = ""

    def __init__(self, context: PartContext) -> None:
        self.context = context
        self.panel = ResultPanel()
        self.panel.widget.add_class(f"vtes-{self.key}-result")
        self.trace_view = TraceView()
        self.summary_text = ""
        self.widget = widgets.VBox()
        self.widget.add_class(f"vtes-tab-{self.key}")

    def t(self, key: str) -> str:
        return self.context.t(key)

    def watch(self, *controls: widgets.Widget) -> None:
        for control in controls:
            control.observe(self._changed, names="value")

    def _changed(self, _change: dict[str, Any]) -> None:
        self.context.changed()

    def set_values(self, **values: Any) -> None:
        """Set several inputs (attribute names) at once, then recompute once."""
        self.context.set_values(self, values, self.input_names())
        self.context.refresh()

    def input_names(self) -> tuple[str, ...]:
        """The attribute names of the tab's inputs."""
        return tuple(
            name
            for name, control in vars(self).items()
            if isinstance(control, widgets.ValueWidget | IntField)
        )

    def refresh(self) -> None:
        if invalid_fields(self.widget):
            return  # each bad box says what it allows; nothing is computed until then
        with on_failure(self.clear):
            self.compute()

    def clear(self) -> None:
        self.summary_text = ""
        self.panel.clear()
        self.trace_view.clear()

    def show(self, summary: str, body_html: str, steps: Iterable[Step]) -> None:
        self.summary_text = summary
        self.panel.show(
            f'<p class="vtes-summary"><b>{escape(summary)}</b></p>{body_html}',
            title=self.t("result"),
        )
        self.trace_view.show(steps, self.context.lang)

    def compute(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def relabel(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _relabel_options(self, control: Any, keys: Iterable[str]) -> None:
        self.context.relabel_options(control, list(keys))


#: how the table page sizes its inputs
TABLE_INPUTS = InputStyle(label_width="190px", box_width="330px")
# The number boxes' bounds: the rules' (capacity, a rescuer's share) or far above real games.
MAX_CAPACITY = 11
MAX_VOTES = 99
MAX_POOL = 200
MAX_TURN = 99
