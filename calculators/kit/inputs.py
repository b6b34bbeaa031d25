"""The pages' input widgets, made one way: number boxes, text boxes and areas, switches, sliders
with a typed box, labelled rows, buttons, and layouts shared between widgets.

A page says once how its inputs are sized (an :class:`InputStyle`: the labels' width, the boxes'
width) and makes every input with it; each widget gets its own layout (hiding one must not hide
another). A page with many similar widgets (the VTES combat's rounds) shares their layouts and
styles instead (:class:`SharedLayouts`): fewer models for the browser to load.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from calculators.kit.fields import IntField, SliderField

#: icons drawn by the kit's CSS from text (no icon font is loaded): icon name -> CSS name
ICONS = {
    "times": "remove",
    "trash": "remove",
    "plus": "plus",
    "file": "new",
    "download": "export",
    "upload": "import",
}


def _classed(widget: Any, css: str) -> Any:
    if css:
        widget.add_class(css)
    return widget


@dataclass(frozen=True)
class InputStyle:
    """How a page sizes its inputs: ``label_width`` (a description's width), ``box_width``
    (a box's or slider's width), ``area_width`` (a text area's width)."""

    label_width: str
    box_width: str
    area_width: str = "420px"

    @property
    def style(self) -> dict[str, str]:
        return {"description_width": self.label_width}

    def layout(self) -> widgets.Layout:
        """A new layout of the boxes' width (one per widget)."""
        return widgets.Layout(width=self.box_width)

    def int_box(self, app: Any, value: int, low: int, high: int, css: str = "") -> IntField:
        """A whole-number box from ``low`` to ``high`` following ``app``'s language (a page
        or a part's context), its range shown beside it."""
        field = IntField(value, low, high, app=app, style=self.style, layout=self.layout())
        return _classed(field, css)  # type: ignore[no-any-return]

    def text_box(self, value: str = "", css: str = "", **options: Any) -> widgets.Text:
        """A one-line text box that reports its value when the visitor leaves it."""
        options.setdefault("layout", self.layout())
        box = widgets.Text(value=value, style=self.style, continuous_update=False, **options)
        return _classed(box, css)

    def text_area(self, value: str = "", css: str = "", rows: int = 4) -> widgets.Textarea:
        area = widgets.Textarea(
            value=value,
            rows=rows,
            continuous_update=False,
            layout=widgets.Layout(width=self.area_width),
        )
        return _classed(area, css)

    def slider(self, value: int, low: int, high: int, css: str = "") -> widgets.IntSlider:
        """A slider that reports its value once dropped."""
        slider = widgets.IntSlider(
            value=value,
            min=low,
            max=high,
            continuous_update=False,
            style=self.style,
            layout=self.layout(),
        )
        return _classed(slider, css)

    def row(self, widget: widgets.Widget, label: widgets.Widget) -> widgets.HBox:
        """An input with its label beside it."""
        return widgets.HBox([label, widget])


def check_box(value: bool, css: str = "", **options: Any) -> widgets.Checkbox:
    """A switch without the indent ipywidgets gives it."""
    return _classed(widgets.Checkbox(value=value, indent=False, **options), css)


def typed_slider(slider: widgets.IntSlider, app: Any, css: str = "") -> SliderField:
    """``slider`` with a whole-number box beside it in place of its readout (see
    :class:`~calculators.kit.fields.SliderField`)."""
    return SliderField(slider, app, css)


def set_options(dropdown: Any, options: list[tuple[str, str]]) -> None:
    """Change a selection's options and keep its value when it is still offered."""
    value = dropdown.value
    dropdown.options = options
    values = [v for _label, v in options]
    if value in values:
        dropdown.value = value
    elif dropdown.value is None and values:
        dropdown.value = values[0]


class SharedLayouts:
    """Layouts and styles shared by every widget with the same settings.

    Never change a shared layout afterwards; widgets that are shown and hidden get their own.
    Widgets closed with :func:`~calculators.kit.closing.close_tree` keep the shared ones open
    (pass :meth:`ids`).
    """

    def __init__(self) -> None:
        self._layouts: dict[tuple[tuple[str, str], ...], widgets.Layout] = {}
        self._styles: dict[tuple[str, tuple[tuple[str, str], ...]], widgets.Style] = {}

    def layout(self, **settings: str) -> widgets.Layout:
        key = tuple(sorted(settings.items()))
        if key not in self._layouts:
            self._layouts[key] = widgets.Layout(**settings)
        return self._layouts[key]

    def style(self, cls: type[widgets.Style], **settings: str) -> Any:
        key = (cls.__name__, tuple(sorted(settings.items())))
        if key not in self._styles:
            self._styles[key] = cls(**settings)
        return self._styles[key]

    def ids(self) -> set[int]:
        """The ids of the shared layouts and styles (never closed with a dropped widget)."""
        return {id(part) for part in (*self._layouts.values(), *self._styles.values())}

    def button(self, icon: str = "", **options: Any) -> widgets.Button:
        """A button with a shared style (and layout, unless given); ``icon`` drawn from text."""
        from ipywidgets.widgets.widget_button import ButtonStyle

        options.setdefault("layout", self.layout())
        button = widgets.Button(style=self.style(ButtonStyle), **options)
        if icon:
            button.add_class(f"calc-icon-{ICONS[icon]}")
        return button

    def html(self, value: str = "") -> widgets.HTML:
        from ipywidgets.widgets.widget_string import HTMLStyle

        return widgets.HTML(value=value, layout=self.layout(), style=self.style(HTMLStyle))

    def vbox(self, children: Iterable[widgets.Widget] = (), layout: Any = None) -> widgets.VBox:
        return widgets.VBox(list(children), layout=layout if layout is not None else self.layout())

    def hbox(self, children: Iterable[widgets.Widget] = (), layout: Any = None) -> widgets.HBox:
        return widgets.HBox(list(children), layout=layout if layout is not None else self.layout())


def set_values(
    owner: object,
    values: Mapping[str, Any],
    allowed: Collection[str] | Mapping[str, str],
    hold: Callable[[], contextlib.AbstractContextManager[None]],
    first: Collection[str] = (),
) -> None:
    """Set input widgets of ``owner`` by name, all under ``hold()`` (the caller recomputes
    once after). ``allowed`` names the inputs: attribute names of ``owner``, or a mapping from
    input names to attribute names. Names in ``first`` are set before the others (inputs that
    decide which other inputs apply). A multiple choice takes any sequence. An unknown name
    raises ``KeyError`` naming the allowed ones, before anything is set."""
    unknown = set(values) - set(allowed)
    if unknown:
        raise KeyError(f"unknown inputs {sorted(unknown)}; allowed: {', '.join(allowed)}")
    attributes = allowed if isinstance(allowed, Mapping) else {name: name for name in allowed}
    with hold():
        for key in sorted(values, key=lambda k: k not in first):
            widget = getattr(owner, attributes[key])
            several = isinstance(widget, widgets.SelectMultiple)
            widget.value = tuple(values[key]) if several else values[key]


def relabel_options(
    widget: Any,
    keys: Sequence[str],
    t: Callable[[str], str],
    hold: Callable[[], contextlib.AbstractContextManager[None]],
) -> None:
    """Translate a selection widget's option labels (catalog keys), keeping its value."""
    value = widget.value
    with hold():
        widget.options = [(t(key), key) for key in keys]
        widget.value = value
