"""How the V:tM dice page sizes its inputs (shared by its parts)."""

from __future__ import annotations

import ipywidgets as widgets

from calculators.kit.inputs import InputStyle

#: how the dice page sizes its inputs (sliders with their typed boxes)
VTM_INPUTS = InputStyle(label_width="160px", box_width="430px")


def own_width() -> widgets.Layout:
    """A switch's own layout, as wide as its label (some are hidden on their own)."""
    return widgets.Layout(width="auto")
