"""A page as it stands, in plain HTML: what the reader sees before the widgets' front end runs.

On a phone the front end (about a megabyte of JavaScript) takes seconds to arrive and start;
the page's HTML arrives in a fraction of that. The server puts :func:`snapshot_html` of the
page, taken once the address is applied, into the HTML itself (the desk's page template), so
the reader reads the result at once; the live widgets replace it when they are drawn.

The snapshot draws each widget as ipywidgets draws its view, with the same classes under a
``snap-`` prefix (``snap-widget-vbox`` for ``widget-vbox``): the front end's own CSS, when it
arrives, leaves the snapshot as it is (nothing in it moves while the reader reads it), and
:func:`snapshot_css` gives it the look the kit's CSS (:mod:`calculators.kit.style`) and the
front end's give the live widgets. Controls are drawn as text that looks like them (a
field's value in a box, a button's caption), not as form controls: nothing in the snapshot
can be focused or changed. Hidden widgets are left out; a tab shows its chosen child only.
:func:`snapshot_markup` is what a page shows: the style sheet, a status line, the snapshot.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.style import CSS

#: The MIME type the page's cell shows the snapshot as; the page template writes it into the
#: page as it is (Voila's front end has no renderer for it, so it never draws it again).
SNAPSHOT_MIME = "application/vnd.desk.snapshot+html"

#: Layout traits that shape a box, as CSS properties.
_LAYOUT = (
    "width", "min_width", "max_width", "height", "min_height", "max_height", "flex", "flex_flow",
    "margin", "padding", "border", "justify_content", "align_items", "align_content",
    "grid_template_columns", "grid_gap", "overflow",
)  # fmt: skip

#: The class prefixes of ipywidgets' and Lumino's views, which the snapshot's classes carry
#: under :data:`PREFIX`; the kit's own classes (``calc-...``) stay as they are.
_FRONT_END_CLASS = re.compile(r"\.(widget-|jupyter-|lm-|p-|mod-)")
PREFIX = "snap-"

#: What the widget front end's CSS does for the classes the snapshot draws (its inline height,
#: label width and font size are ipywidgets' defaults; the kit's CSS changes them on phones).
_FRONT_END_CSS = """
.desk-snapshot { --jp-widgets-inline-height: 28px; --jp-widgets-inline-label-width: 80px;
  --jp-widgets-font-size: 13px; color: #1a1a1a; }
.desk-snapshot .jupyter-widgets { font-size: var(--jp-widgets-font-size); }
.desk-snapshot a { text-decoration: none; }
.desk-snapshot .widget-box { display: flex; margin: 0; overflow: visible; }
.desk-snapshot .widget-vbox { flex-direction: column; }
.desk-snapshot .widget-hbox, .desk-snapshot .widget-inline-hbox { display: flex;
  flex-direction: row; align-items: baseline; }
.desk-snapshot .widget-inline-hbox { margin: 2px; min-height: var(--jp-widgets-inline-height); }
.desk-snapshot .widget-inline-hbox > .widget-label { width: var(--jp-widgets-inline-label-width);
  text-align: right; margin-right: 8px; flex-shrink: 0; }
.desk-snapshot .desk-snap-field { display: inline-flex; align-items: center; min-width: 4em;
  width: 148px; max-width: 100%; min-height: var(--jp-widgets-inline-height); padding: 0 6px;
  border: 1px solid #9e9e9e; background: #fff; }
.desk-snapshot .desk-snap-field.desk-snap-area { width: 100%; min-height: 4em;
  align-items: flex-start; white-space: pre-wrap; }
.desk-snapshot .desk-snap-list { display: flex; flex-direction: column; min-width: 8em;
  border: 1px solid #9e9e9e; background: #fff; padding: 2px 0; }
.desk-snapshot .jupyter-button { display: inline-flex; align-items: center;
  justify-content: center; padding: 0 12px; margin: 2px; background: #eee; color: #1a1a1a;
  min-height: var(--jp-widgets-inline-height); }
.desk-snapshot .jupyter-button.mod-active { background: #bdbdbd; }
.desk-snapshot .widget-toggle-buttons { display: flex; flex-wrap: wrap; }
.desk-snapshot .desk-snap-check { width: 1.2em; text-align: center; margin-right: 6px; }
.desk-snapshot .desk-snap-slider { display: inline-block; width: 148px; height: 4px;
  background: #d0d0d0; margin: 0 8px; }
.desk-snapshot .desk-snap-slider > span { display: block; height: 4px; background: #616161; }
.desk-snapshot .lm-TabBar-content { display: flex; flex-wrap: wrap; margin: 0; padding: 0;
  list-style: none; border-bottom: 1px solid #9e9e9e; }
.desk-snapshot .lm-TabBar-tab { padding: 6px 10px; background: #eee; margin-right: 2px; }
.desk-snapshot .lm-TabBar-tab.lm-mod-current { background: #fff; }
.desk-snapshot .widget-tab-contents { padding: 15px; border: 1px solid #c0c0c0;
  border-top: none; }
.desk-snapshot .desk-snap-list > span { padding: 4px 6px; }
.desk-snapshot .desk-snap-list > .desk-snap-chosen { background: #d0d0d0; }
"""


def prefixed(css: str) -> str:
    """``css`` with every front-end class of its selectors under :data:`PREFIX`."""
    return _FRONT_END_CLASS.sub(lambda match: f".{PREFIX}{match.group(1)}", css)


@functools.cache
def snapshot_css() -> str:
    """The snapshot's style sheet: the front end's part, then the kit's, for its classes."""
    kit = CSS.strip().removeprefix("<style>").removesuffix("</style>")
    return f"<style>{prefixed(_FRONT_END_CSS)}{prefixed(kit)}</style>"


def snapshot_markup(root: widgets.Widget, status: str, lang: str) -> str:
    """What a page shows as its snapshot: :func:`snapshot_css`, the ``status`` line (a live
    region) and the inert snapshot of ``root``, both marked as written in ``lang``."""
    return (
        f'{snapshot_css()}<p class="desk-snapshot-status" role="status" lang="{lang}">'
        f'{escape(status)}</p><div class="desk-snapshot" inert lang="{lang}">'
        f"{snapshot_html(root)}</div>"
    )


def snapshot_html(root: widgets.Widget) -> str:
    """``root`` and everything shown in it, as HTML (styled by :func:`snapshot_css`)."""
    return "".join(_draw(root))


def _snap(*names: str) -> str:
    """Class names as the snapshot carries them: the front end's under :data:`PREFIX`."""
    return " ".join(
        PREFIX + name if _FRONT_END_CLASS.match("." + name) else name for name in names if name
    )


def _classes(widget: widgets.Widget, *own: str) -> str:
    dom = [c for c in getattr(widget, "_dom_classes", ()) if c != "calc-ready"]
    return escape(_snap("jupyter-widgets", *own, *dom))


def _style(widget: widgets.Widget) -> str:
    layout = getattr(widget, "layout", None)
    if layout is None:
        return ""
    rules = []
    for trait in _LAYOUT:
        value = getattr(layout, trait, None)
        if value:
            rules.append(f"{trait.replace('_', '-')}: {value}")
    return f' style="{escape("; ".join(rules))}"' if rules else ""


def _hidden(widget: widgets.Widget) -> bool:
    layout = getattr(widget, "layout", None)
    return layout is not None and (layout.display == "none" or layout.visibility == "hidden")


def _label(widget: widgets.Widget) -> str:
    """The description label ipywidgets puts before a control (empty ones take no room)."""
    text = getattr(widget, "description", "")
    if not text:
        return '<label class="snap-widget-label" style="display: none"></label>'
    width = getattr(getattr(widget, "style", None), "description_width", "") or ""
    style = f' style="width: {escape(width)}"' if width else ""
    body = text if getattr(widget, "description_allow_html", False) else escape(text)
    return f'<label class="snap-widget-label"{style}>{body}</label>'


def _option_labels(widget: Any) -> list[str]:
    return [str(label) for label in getattr(widget, "_options_labels", ())]


def _chosen(widget: Any) -> list[str]:
    labels = _option_labels(widget)
    index = widget.index
    indices = index if isinstance(index, tuple) else () if index is None else (index,)
    return [labels[i] for i in indices if 0 <= i < len(labels)]


def _inline(widget: widgets.Widget, kind: str, inner: str) -> str:
    return (
        f'<div class="{_classes(widget, "widget-inline-hbox", kind)}"{_style(widget)}>'
        f"{_label(widget)}{inner}</div>"
    )


def _field(text: str, extra: str = "") -> str:
    return f'<span class="desk-snap-field{extra}">{escape(text)}</span>'


def _draw(widget: widgets.Widget) -> Iterable[str]:  # one branch per kind of widget
    if _hidden(widget):
        return
    if isinstance(widget, widgets.Tab):
        yield from _tab(widget)
    elif isinstance(widget, widgets.Box):
        kind = (
            "widget-vbox" if isinstance(widget, widgets.VBox)
            else "widget-hbox" if isinstance(widget, widgets.HBox)
            else "widget-gridbox" if isinstance(widget, widgets.GridBox)
            else ""
        )  # fmt: skip
        classes = _classes(widget, "widget-container", "widget-box", kind)
        yield f'<div class="{classes}"{_style(widget)}>'
        for child in widget.children:
            yield from _draw(child)
        yield "</div>"
    elif isinstance(widget, (widgets.HTML, widgets.HTMLMath)):
        if widget.value == CSS:  # the kit's style sheet: the snapshot has its own version
            return
        yield _inline(
            widget, "widget-html", f'<div class="snap-widget-html-content">{widget.value}</div>'
        )
    elif isinstance(widget, widgets.Label):
        classes = _classes(widget, "widget-inline-hbox", "widget-label")
        yield f'<div class="{classes}"{_style(widget)}>{escape(widget.value)}</div>'
    elif isinstance(widget, widgets.ToggleButtons):
        chosen = set(_chosen(widget))
        button = "snap-jupyter-button snap-widget-toggle-button"
        buttons = "".join(
            f'<span class="{button}{" snap-mod-active" if label in chosen else ""}">'
            f"{escape(label)}</span>"
            for label in _option_labels(widget)
        )
        yield _inline(
            widget,
            "widget-toggle-buttons",
            f'<div class="snap-widget-toggle-buttons">{buttons}</div>',
        )
    elif isinstance(widget, (widgets.Button, widgets.ToggleButton)):
        active = " snap-mod-active" if getattr(widget, "value", False) is True else ""
        yield (
            f'<span class="{_classes(widget, "jupyter-button", "widget-button")}{active}"'
            f"{_style(widget)}>{escape(widget.description)}</span>"
        )
    elif isinstance(widget, widgets.Checkbox):
        mark = "\u2611" if widget.value else "\u2610"
        inner = (
            '<label class="snap-widget-label-basic"><span>'
            f'<span class="desk-snap-check">{mark}</span>'
            f"{escape(widget.description)}</span></label>"
        )
        classes = _classes(widget, "widget-inline-hbox", "widget-checkbox")
        yield (
            f'<div class="{classes}"{_style(widget)}>'
            f'<label class="snap-widget-label" style="display: none"></label>{inner}</div>'
        )
    elif isinstance(widget, (widgets.SelectMultiple, widgets.Select)):
        chosen = set(_chosen(widget))
        rows = "".join(
            f"<span{' class=desk-snap-chosen' if label in chosen else ''}>{escape(label)}</span>"
            for label in _option_labels(widget)
        )
        kind = "widget-select-multiple" if isinstance(widget, widgets.SelectMultiple) else ""
        yield _inline(
            widget, f"widget-select {kind}", f'<span class="desk-snap-list">{rows}</span>'
        )
    elif isinstance(widget, widgets.Dropdown):
        yield _inline(widget, "widget-dropdown", _field("".join(_chosen(widget))))
    elif isinstance(widget, widgets.Textarea):
        yield _inline(widget, "widget-textarea", _field(widget.value, " desk-snap-area"))
    elif isinstance(widget, (widgets.Text, widgets.Combobox)):
        yield _inline(widget, "widget-text", _field(widget.value))
    elif isinstance(widget, (widgets.IntText, widgets.BoundedIntText, widgets.FloatText)):
        yield _inline(widget, "widget-text", _field(str(widget.value)))
    elif isinstance(widget, (widgets.IntSlider, widgets.FloatSlider)):
        span = (widget.max - widget.min) or 1
        share = round(100 * (widget.value - widget.min) / span)
        inner = f'<span class="desk-snap-slider"><span style="width: {share}%"></span></span>'
        if widget.readout:
            inner += f'<span class="snap-widget-readout">{escape(str(widget.value))}</span>'
        yield _inline(widget, "widget-hslider", inner)
    # any other widget (the page's link, outputs) shows nothing until the front end runs


def _tab(tab: widgets.Tab) -> Iterable[str]:
    titles = list(tab.titles)
    current = tab.selected_index
    yield f'<div class="{_classes(tab, "widget-tab")}"{_style(tab)}>'
    yield '<ul class="snap-lm-TabBar-content">'
    for index, title in enumerate(titles):
        mod = " snap-lm-mod-current" if index == current else ""
        yield f'<li class="snap-lm-TabBar-tab{mod}">{escape(str(title))}</li>'
    yield '</ul><div class="snap-widget-tab-contents">'
    if current is not None and 0 <= current < len(tab.children):
        yield from _draw(tab.children[current])
    yield "</div></div>"
