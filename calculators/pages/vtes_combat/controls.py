"""VTES combat page's small controls: number boxes, shared layouts and styles, buttons and boxes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_button import ButtonStyle
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle

from calculators.kit.fields import IntField

if TYPE_CHECKING:
    from calculators.pages.vtes_combat.page import VtesCombatPage


def _int_text(
    app: VtesCombatPage,
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
        style=_style(TextStyle, description_width=label),
        layout=_layout(width=width),
        outer_layout=widgets.Layout() if own_layout else _layout(),
        note_layout=_layout(),
        note_style=_style(HTMLStyle),
    )


def _set_options(dropdown: widgets.Dropdown, options: list[tuple[str, str]]) -> None:
    """Change a dropdown's options and keep its value when it is still offered."""
    value = dropdown.value
    dropdown.options = options
    values = [v for _label, v in options]
    if value in values:
        dropdown.value = value
    elif dropdown.value is None and values:
        dropdown.value = values[0]


_LAYOUTS: dict[tuple[tuple[str, str], ...], widgets.Layout] = {}
_STYLES: dict[tuple[str, tuple[tuple[str, str], ...]], widgets.Style] = {}


def _layout(**settings: str) -> widgets.Layout:
    """A layout shared by all widgets with these settings: fewer models for the page to load.

    Never change a shared layout afterwards; widgets that are shown and hidden get their own.
    """
    key = tuple(sorted(settings.items()))
    if key not in _LAYOUTS:
        _LAYOUTS[key] = widgets.Layout(**settings)
    return _LAYOUTS[key]


def _style(cls: type[widgets.Style], **settings: str) -> Any:
    key = (cls.__name__, tuple(sorted(settings.items())))
    if key not in _STYLES:
        _STYLES[key] = cls(**settings)
    return _STYLES[key]


def _shared() -> set[int]:
    """The layouts and styles shared between widgets (never closed with a dropped widget)."""
    return {id(part) for part in (*_LAYOUTS.values(), *_STYLES.values())}


def _labelled(width: str) -> Any:
    """A shared description style of this label width (for dropdowns and number boxes)."""
    return _style(DescriptionStyle, description_width=width)


def _html(value: str = "") -> widgets.HTML:
    return widgets.HTML(value=value, layout=_layout(), style=_style(HTMLStyle))


# icons are drawn by the kit's CSS from text (no icon font is loaded)
_ICONS = {"times": "remove", "trash": "remove", "plus": "plus", "file": "new"}
_ICONS.update({"download": "export", "upload": "import"})


def _button(icon: str = "", **kwargs: Any) -> widgets.Button:
    kwargs.setdefault("layout", _layout())
    button = widgets.Button(style=_style(ButtonStyle), **kwargs)
    if icon:
        button.add_class(f"calc-icon-{_ICONS[icon]}")
    return button


def _vbox(children: Iterable[widgets.Widget] = (), layout: Any = None) -> widgets.VBox:
    return widgets.VBox(list(children), layout=layout if layout is not None else _layout())


def _hbox(children: Iterable[widgets.Widget] = (), layout: Any = None) -> widgets.HBox:
    return widgets.HBox(list(children), layout=layout if layout is not None else _layout())


def _wrapping() -> widgets.Layout:
    """A row whose controls wrap onto a new line instead of being clipped."""
    return _layout(flex_flow="row wrap", align_items="center")
