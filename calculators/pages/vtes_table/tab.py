"""VTES table page's controls: the tab base (the part contract of a tab), input boxes, bounds."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.fields import IntField, invalid_fields
from calculators.kit.inputs import InputStyle
from calculators.kit.page import on_failure
from calculators.kit.panel import ResultPanel
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from calculators.pages.vtes_table.view import result_html
from rules.trace import Step

Inputs = TypeVar("Inputs")
Ruling = TypeVar("Ruling")


class TableTab(Generic[Inputs, Ruling]):
    """A tab: its widgets, a result panel and a trace; :meth:`refresh` raises on bad input.

    A tab gets a :class:`~calculators.kit.part.PartContext` (never the page): its words, its
    holds, and ``refresh`` (the page recomputes the tab and shows its errors). It offers the
    part contract: :meth:`address_fields`, :meth:`read` (its inputs as a frozen value, a
    ``RuleError`` on bad input), :meth:`show` (a ruling, in words from
    :mod:`~calculators.pages.vtes_table.view`) and :meth:`relabel`. ``rule`` is the tab's
    engine call: frozen inputs -> the ruling it shows.
    """

    key = ""

    def __init__(self, context: PartContext, rule: Callable[[Inputs], Ruling]) -> None:
        self.context = context
        self._rule = rule
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

    # -- the part contract ----------------------------------------------------------------
    def address_fields(self) -> dict[str, Field]:
        """The tab's inputs in the page address, as ``<tab key>_<attribute>``."""
        return widget_fields(self, prefix=f"{self.key}_", depth=0)

    def read(self) -> Inputs:  # pragma: no cover - overridden
        raise NotImplementedError

    def show(self, ruling: Ruling) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def relabel(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    # -- computing ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the inputs, call the rules, show the ruling (raises on bad input)."""
        if invalid_fields(self.widget):
            return  # each bad box says what it allows; nothing is computed until then
        self.arrange()
        with on_failure(self.clear):
            ruling = self._rule(self.read())
        self.show(ruling)

    def arrange(self) -> None:
        """Show the inputs and notes that apply to the inputs set (before they are read)."""

    def clear(self) -> None:
        self.summary_text = ""
        self.panel.clear()
        self.trace_view.clear()

    def display(self, summary: str, body_html: str, steps: Iterable[Step]) -> None:
        """Put a ruling's summary, HTML and steps (from the view) into the tab's widgets."""
        self.summary_text = summary
        self.panel.show(result_html(summary, body_html), title=self.t("result"))
        self.trace_view.show(steps, self.context.lang)

    def _relabel_options(self, control: Any, keys: Iterable[str]) -> None:
        self.context.relabel_options(control, list(keys))


#: how the table page sizes its inputs
TABLE_INPUTS = InputStyle(label_width="190px", box_width="330px")
# The number boxes' bounds: the rules' (capacity, a rescuer's share) or far above real games.
MAX_CAPACITY = 11
MAX_VOTES = 99
MAX_POOL = 200
MAX_TURN = 99
