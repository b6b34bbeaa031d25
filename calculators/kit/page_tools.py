"""The page tools every calculator shows above its inputs: reset, and the ruling as text.

``PageTools(app)`` puts a "Reset to defaults" button and a "Copy the ruling as text" button
at the top of ``app.body``. Reset calls ``app.reset()`` when the page defines one (a page
whose inputs are built from data, such as the combat rounds), otherwise it puts back every
input's value as it was when the tools were installed (a tab built later: when it was built).
The ruling button shows ``app.ruling_text()`` (a page that has none gets no such button;
while it gives ``""`` the page's ``no_ruling_text()``, or a note that the input has a problem)
in a read-only text area with a "Copy" button. The button copies through the page's own
front-end helper (:meth:`calculators.kit.page_link.PageLink.copy_text`: the clipboard API,
with a fallback where it is not available), like the "Copy link" button, and a status beside
it says whether the text was copied.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator
from typing import Any

import ipywidgets as widgets

from calculators.kit.fields import IntField, invalid_fields
from calculators.kit.labels import Catalog
from calculators.kit.ruling import ruling_text
from rules.i18n import msg

__all__ = ["TOOL_TEXTS", "PageTools", "input_lines", "labelled_lines", "ruling_text", "value_text"]

TOOL_TEXTS = Catalog(
    {
        "reset": msg("Reset to defaults"),
        "reset_help": msg("Put every input of this page back to its starting value"),
        "ruling": msg("Copy the ruling as text"),
        "ruling_help": msg(
            "The situation, the result and the numbered steps as plain text, to paste into a chat"
        ),
        "copy": msg("Copy"),
        "copied": msg("Copied"),
        "not_copied": msg("Copying is blocked here: select the text above and press Ctrl+C."),
        "yes": msg("yes"),
        "no": msg("no"),
        "nothing": msg("No result to copy: the page shows a problem with its input."),
    }
)


def value_text(widget: widgets.Widget, lang: str) -> str | None:
    """An input's value as plain text, or ``None`` when it has none worth a line.

    Selections give their option's label, several selections their labels joined by ", ",
    switches yes/no, text areas their lines joined by "; ".
    """
    if isinstance(widget, IntField):
        return str(widget.value)
    if isinstance(widget, widgets.Checkbox):
        return TOOL_TEXTS.text("yes" if widget.value else "no", lang)
    if isinstance(widget, widgets.Textarea):
        text = "; ".join(part.strip() for part in widget.value.splitlines() if part.strip())
        return text or None
    if isinstance(widget, widgets.widget_selection._Selection):
        return None if widget.label is None else str(widget.label)
    if isinstance(widget, widgets.widget_selection._MultipleSelection):
        return ", ".join(widget.label) or "—"
    if isinstance(widget, widgets.Text | widgets.IntText | widgets.IntSlider):
        return str(widget.value).strip() or None
    return None


def labelled_lines(rows: Iterable[tuple[str, widgets.Widget]], lang: str) -> list[str]:
    """``"Label: value"`` lines for inputs whose label sits beside them (not a description)."""
    lines = []
    for label, widget in rows:
        text = value_text(widget, lang)
        if label and text is not None:
            lines.append(f"{label}: {text}")
    return lines


def input_lines(root: widgets.Widget, lang: str) -> list[str]:
    """The shown inputs under ``root`` as ``"Description: value"`` lines (plain text).

    Inputs without a description are left out (see :func:`value_text` for the values).
    """
    lines: list[str] = []
    stack = [root]
    while stack:
        widget = stack.pop(0)
        layout = getattr(widget, "layout", None)
        if layout is not None and layout.display == "none":
            continue
        if isinstance(widget, IntField | widgets.ValueWidget):
            description = str(getattr(widget, "description", "") or "")
            text = value_text(widget, lang)
            if description and text is not None:
                lines.append(f"{description}: {text}")
            if isinstance(widget, IntField):
                continue
        stack[:0] = list(getattr(widget, "children", ()))
    return lines


def _value_widgets(root: widgets.Widget) -> Iterator[Any]:
    stack = [root]
    while stack:
        widget = stack.pop(0)
        if isinstance(widget, IntField):
            yield widget
            continue
        if isinstance(widget, widgets.ValueWidget) and not isinstance(
            widget, widgets.HTML | widgets.HTMLMath | widgets.Label
        ):
            yield widget
        stack.extend(getattr(widget, "children", ()))


class PageTools:
    """Reset and "the ruling as text" for ``app``; install once the inputs exist."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.reset_button = widgets.Button(icon="undo")
        self.reset_button.add_class("calc-reset")
        self.reset_button.on_click(lambda _b: app.run(self.reset))
        self.ruling_button = widgets.Button(icon="clipboard")
        self.ruling_button.add_class("calc-ruling-button")
        self.ruling_button.on_click(lambda _b: app.run(self.show_ruling))
        self.ruling_view = widgets.HTML(value="")
        self.copy_button = widgets.Button()
        self.copy_button.add_class("calc-copy")
        self.copy_button.on_click(lambda _b: self.copy())
        self.copy_status = widgets.HTML(value="")
        self.copy_status.add_class("calc-copy-status")
        self.ruling = widgets.VBox(
            [self.ruling_view, widgets.HBox([self.copy_button, self.copy_status])],
            layout=widgets.Layout(display="none"),
        )
        self.ruling.add_class("calc-ruling")
        self.text = ""
        #: what the browser answered for the last copy: None (not asked yet), True, False
        self.copied: bool | None = None
        app.link.on_copied(self._on_copied)
        buttons = [self.reset_button]
        if hasattr(app, "ruling_text"):
            buttons.append(self.ruling_button)
        self.widget = widgets.VBox([widgets.HBox(buttons), self.ruling])
        self.widget.add_class("calc-tools")
        self._defaults: list[tuple[Any, Any]] = []
        self.remember(app.body)
        app.body.children = (self.widget, *app.body.children)
        app.language.observe(lambda _c: self.relabel(), names="value")
        self.relabel()

    def remember(self, root: widgets.Widget) -> None:
        """Take in the inputs under ``root`` as they are now (a tab built later than the
        tools): reset puts them back to these values, unless the page resets itself."""
        own_reset = callable(getattr(self.app, "reset", None))
        for widget in _value_widgets(root):
            if not own_reset:
                self._defaults.append((widget, widget.value))
            if isinstance(widget, IntField):  # a box now wrong: the ruling says so at once
                widget.text.observe(lambda _c: self.refresh(), names="value")

    def relabel(self) -> None:
        lang = self.app.lang
        self.reset_button.description = TOOL_TEXTS.text("reset", lang)
        self.reset_button.tooltip = TOOL_TEXTS.text("reset_help", lang)
        self.ruling_button.description = TOOL_TEXTS.text("ruling", lang)
        self.ruling_button.tooltip = TOOL_TEXTS.text("ruling_help", lang)
        self.copy_button.description = TOOL_TEXTS.text("copy", lang)
        self.refresh()

    # -- reset ------------------------------------------------------------------------
    def reset(self) -> None:
        """Every input back to its starting value (the page's own ``reset`` if it has one)."""
        own = getattr(self.app, "reset", None)
        if callable(own):
            own()
        else:
            for widget, value in self._defaults:
                if widget.value != value:  # only the changed inputs recompute
                    widget.value = value
                elif isinstance(widget, IntField) and not widget.valid:
                    widget.text.value = str(value)  # a wrong text over the starting value
        self.refresh()

    # -- the ruling as text -----------------------------------------------------------
    def show_ruling(self) -> None:
        self.ruling.layout.display = None
        self.refresh()

    @property
    def shown(self) -> bool:
        display: str | None = self.ruling.layout.display
        return display != "none"

    def refresh(self) -> None:
        """Redraw the ruling text if it is open (pages call this after each result)."""
        if not self.shown:
            return
        lang = self.app.lang
        empty = getattr(self.app, "no_ruling_text", None)
        # a box holding a wrong number: the page computed nothing from it, so no ruling either
        text = "" if invalid_fields(self.app.body) else self.app.ruling_text()
        if not text:
            text = empty() if callable(empty) else TOOL_TEXTS.text("nothing", lang)
        if text != self.text:
            self.copied = None  # a new text has not been copied yet
        self.text = text
        rows = min(max(text.count("\n") + 1, 4), 24)
        self.ruling_view.value = (
            f'<textarea class="calc-ruling-text" readonly rows="{rows}" '
            f'style="width:100%;font-family:monospace;font-size:90%">'
            f"{html.escape(text)}</textarea>"
        )
        self._show_status()

    def copy(self) -> None:
        """Ask the browser to copy the shown text (the status says what it answered)."""
        self.copied = None
        self._show_status()
        self.app.link.copy_text(self.text)

    def _on_copied(self, done: bool) -> None:
        if self.shown:
            self.copied = done
            self._show_status()

    def _show_status(self) -> None:
        if self.copied is None:
            self.copy_status.value = ""
            return
        key = "copied" if self.copied else "not_copied"
        css = "calc-link-status" if self.copied else "calc-help"
        self.copy_status.value = (
            f'<span class="{css}" role="status">{html.escape(TOOL_TEXTS.text(key, self.app.lang))}'
            "</span>"
        )
