"""VTES combat page's small controls: number boxes, built from the kit's inputs with layouts and
styles shared between the many widgets of the rounds (fewer models for the page to load)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle

from calculators.kit.fields import IntField
from calculators.kit.inputs import SharedLayouts

#: the layouts and styles the combat page's widgets share
SHARED = SharedLayouts()


def int_text(
    app: Any,
    value: int,
    width: str,
    minimum: int,
    maximum: int,
    label: str,
    own_layout: bool = False,
) -> IntField:
    """A whole-number box from ``minimum`` to ``maximum`` (its range shown beside it)."""
    return IntField(
        value,
        minimum,
        maximum,
        app=app,
        style=SHARED.style(TextStyle, description_width=label),
        layout=SHARED.layout(width=width),
        outer_layout=widgets.Layout() if own_layout else SHARED.layout(),
        note_layout=SHARED.layout(),
        note_style=SHARED.style(HTMLStyle),
    )


def labelled(width: str) -> Any:
    """A shared description style of this label width (for dropdowns and number boxes)."""
    return SHARED.style(DescriptionStyle, description_width=width)


def wrapping() -> widgets.Layout:
    """A row whose controls wrap onto a new line instead of being clipped."""
    return SHARED.layout(flex_flow="row wrap", align_items="center")
