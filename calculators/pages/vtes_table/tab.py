"""VTES table page's controls: the tab base, input boxes, bounds and the victory points as text."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from calculators.kit import ResultPanel, TraceView
from calculators.kit.fields import IntField, int_field, invalid_fields
from calculators.kit.fmt import escape
from calculators.kit.page import on_failure
from rules.trace import Step

if TYPE_CHECKING:
    from calculators.pages.vtes_table.page import VtesTablePage


def _vp(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


class _Tab:
    """A tab: its widgets, a result panel and a trace; :meth:`refresh` raises on bad input."""

    key = ""

    def __init__(self, app: VtesTablePage) -> None:
        self.app = app
        self.panel = ResultPanel()
        self.panel.widget.add_class(f"vtes-{self.key}-result")
        self.trace_view = TraceView()
        self.summary_text = ""
        self.widget = widgets.VBox()
        self.widget.add_class(f"vtes-tab-{self.key}")

    def t(self, key: str) -> str:
        return self.app.t(key)

    def watch(self, *controls: widgets.Widget) -> None:
        for control in controls:
            control.observe(self._changed, names="value")

    def _changed(self, _change: dict[str, Any]) -> None:
        if not self.app.held:
            self.app.refresh_tab(self.key)

    def set_values(self, **values: Any) -> None:
        """Set several inputs (attribute names) at once, then recompute once."""
        self.app.set_values(self, values, self.input_names())
        self.app.refresh_tab(self.key)

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
        self.trace_view.show(steps, self.app.lang)

    def compute(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def relabel(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _relabel_options(self, control: Any, keys: Iterable[str]) -> None:
        self.app.relabel_options(control, list(keys))


_WIDE = {"description_width": "190px"}
# The number boxes' bounds: the rules' (capacity, a rescuer's share) or far above real games.
MAX_CAPACITY = 11
MAX_VOTES = 99
MAX_POOL = 200
MAX_TURN = 99


def _int_box(app: Any, value: int, css: str, low: int, high: int) -> IntField:
    """A whole-number box from ``low`` to ``high`` (its range shown beside it)."""
    return int_field(app, value, low, high, css, style=_WIDE, layout=widgets.Layout(width="330px"))


def _text_box(value: str, css: str) -> widgets.Text:
    box = widgets.Text(
        value=value, style=_WIDE, layout=widgets.Layout(width="330px"), continuous_update=False
    )
    box.add_class(css)
    return box


def _area(value: str, css: str, rows: int = 4) -> widgets.Textarea:
    area = widgets.Textarea(
        value=value,
        rows=rows,
        continuous_update=False,
        layout=widgets.Layout(width="420px"),
    )
    area.add_class(css)
    return area


def _check(value: bool, css: str) -> widgets.Checkbox:
    box = widgets.Checkbox(value=value, indent=False)
    box.add_class(css)
    return box
