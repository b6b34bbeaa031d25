"""The page layout every calculator uses: inputs beside results, or above them on a phone."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets


def _column(part: widgets.Widget | Sequence[widgets.Widget], css: str) -> widgets.Box:
    box = part if isinstance(part, widgets.Box) else widgets.VBox(list(part))
    # the kit's CSS sizes the columns; sizes set on the box itself would fight it
    box.layout.min_width = None
    box.layout.width = None
    box.layout.flex = None
    box.layout.padding = None
    box.add_class(css)
    return box


def columns(
    inputs: widgets.Widget | Sequence[widgets.Widget],
    results: widgets.Widget | Sequence[widgets.Widget],
) -> widgets.HBox:
    """Inputs on the left and results on the right; one column, results right below the
    inputs, when the screen is too narrow for both (the kit's CSS, ``.calc-columns``)."""
    row = widgets.HBox([_column(inputs, "calc-inputs"), _column(results, "calc-results")])
    row.add_class("calc-columns")
    return row
