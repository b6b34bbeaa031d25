"""The page tools every calculator shows above its inputs: reset, and the ruling as text.

``PageTools(app)`` puts a "Reset to defaults" button and a "Copy the ruling as text" button
at the top of ``app.body``. Reset calls ``app.reset()`` when the page defines one (a page
whose inputs are built from data, such as the combat rounds), otherwise it puts back every
input's value as it was when the tools were installed. The ruling button shows
``app.ruling_text()`` (a page that has none gets no such button) in a read-only text area
with a "Copy" button: the button selects the text and copies it to the clipboard in the
browser itself, so it works without a round trip to the kernel.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Sequence
from typing import Any

import ipywidgets as widgets

from calculators.kit.fields import IntField
from calculators.kit.labels import Catalog
from rules.trace import Step

TOOL_TEXTS = Catalog(
    {
        "reset": ("Reset to defaults", "Сбросить к исходным"),
        "reset_help": (
            "Put every input of this page back to its starting value",
            "Вернуть все поля этой страницы к исходным значениям",
        ),
        "ruling": ("Copy the ruling as text", "Решение текстом"),
        "ruling_help": (
            "The situation, the result and the numbered steps as plain text, to paste into a chat",
            "Ситуация, итог и пронумерованные шаги обычным текстом, чтобы вставить в чат",
        ),
        "copy": ("Copy", "Копировать"),
        "copied": ("Copied", "Скопировано"),
        "select_hint": (
            "If copying is blocked, the text is selected: press Ctrl+C.",
            "Если копирование запрещено, текст уже выделен: нажмите Ctrl+C.",
        ),
        "situation": ("Situation", "Ситуация"),
        "result": ("Result", "Итог"),
        "steps": ("Steps", "Шаги"),
        "yes": ("yes", "да"),
        "no": ("no", "нет"),
        "nothing": (
            "No result to copy: the page shows a problem with its input.",
            "Копировать нечего: на странице указана ошибка во входных данных.",
        ),
    }
)

# Select the text area next to the button and copy it; ``execCommand`` where the clipboard
# API is not available (pages served over plain http on another host).
_COPY_JS = (
    "const box=this.closest('.calc-ruling').querySelector('textarea');box.focus();box.select();"
    "const done=()=>{this.textContent=this.dataset.done;};"
    "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(box.value)"
    ".then(done,()=>{document.execCommand('copy');done();});}"
    "else{document.execCommand('copy');done();}"
)


def ruling_text(
    title: str, situation: Sequence[str], result: Sequence[str], steps: Sequence[Step], lang: str
) -> str:
    """A ruling as plain text: title, situation, result, numbered steps citing their rules."""
    t = TOOL_TEXTS
    lines = [title, "", f"{t.text('situation', lang)}:"]
    lines += [f"- {line}" for line in situation]
    lines += ["", f"{t.text('result', lang)}:"]
    lines += [f"- {line}" for line in result]
    if steps:
        lines += ["", f"{t.text('steps', lang)}:"]
        lines += [f"{i}. [{step.rule}] {step.in_language(lang)}" for i, step in enumerate(steps, 1)]
    return "\n".join(lines)


def input_lines(root: widgets.Widget, lang: str) -> list[str]:
    """The shown inputs under ``root`` as ``"Description: value"`` lines (plain text).

    Selections give their option's label, switches yes/no, and text areas their lines
    joined by "; ". Inputs without a description are left out.
    """
    lines: list[str] = []
    stack = [root]
    while stack:
        widget = stack.pop(0)
        layout = getattr(widget, "layout", None)
        if layout is not None and layout.display == "none":
            continue
        if isinstance(widget, IntField):
            if widget.description:
                lines.append(f"{widget.description}: {widget.value}")
            continue
        description = str(getattr(widget, "description", "") or "")
        if isinstance(widget, widgets.Checkbox):
            if description:
                answer = TOOL_TEXTS.text("yes" if widget.value else "no", lang)
                lines.append(f"{description}: {answer}")
        elif isinstance(widget, widgets.Textarea):
            text = "; ".join(part.strip() for part in widget.value.splitlines() if part.strip())
            if description and text:
                lines.append(f"{description}: {text}")
        elif isinstance(widget, widgets.widget_selection._Selection):
            if description and widget.label is not None:
                lines.append(f"{description}: {widget.label}")
        elif isinstance(widget, widgets.widget_selection._MultipleSelection):
            if description:
                lines.append(f"{description}: {', '.join(widget.label) or '—'}")
        elif (
            isinstance(widget, widgets.Text | widgets.IntText | widgets.IntSlider)
            and description
            and str(widget.value).strip()
        ):
            lines.append(f"{description}: {widget.value}")
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
        self.ruling = widgets.HTML(value="", layout=widgets.Layout(display="none"))
        self.ruling.add_class("calc-ruling")
        self.text = ""
        buttons = [self.reset_button]
        if hasattr(app, "ruling_text"):
            buttons.append(self.ruling_button)
        self.widget = widgets.VBox([widgets.HBox(buttons), self.ruling])
        self.widget.add_class("calc-tools")
        self._defaults = [(w, w.value) for w in _value_widgets(app.body)]
        app.body.children = (self.widget, *app.body.children)
        app.language.observe(lambda _c: self.relabel(), names="value")
        self.relabel()

    def relabel(self) -> None:
        lang = self.app.lang
        self.reset_button.description = TOOL_TEXTS.text("reset", lang)
        self.reset_button.tooltip = TOOL_TEXTS.text("reset_help", lang)
        self.ruling_button.description = TOOL_TEXTS.text("ruling", lang)
        self.ruling_button.tooltip = TOOL_TEXTS.text("ruling_help", lang)
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
        self.refresh()

    # -- the ruling as text -----------------------------------------------------------
    def show_ruling(self) -> None:
        self.ruling.layout.display = None
        self.refresh()

    @property
    def shown(self) -> bool:
        return self.ruling.layout.display != "none"

    def refresh(self) -> None:
        """Redraw the ruling text if it is open (pages call this after each result)."""
        if not self.shown:
            return
        lang = self.app.lang
        self.text = self.app.ruling_text() or TOOL_TEXTS.text("nothing", lang)
        rows = min(max(self.text.count("\n") + 1, 4), 24)
        copy, done = TOOL_TEXTS.text("copy", lang), TOOL_TEXTS.text("copied", lang)
        self.ruling.value = (
            f'<textarea class="calc-ruling-text" readonly rows="{rows}" '
            f'style="width:100%;font-family:monospace;font-size:90%">'
            f"{html.escape(self.text)}</textarea>"
            f'<button type="button" class="calc-copy" data-done="{html.escape(done)}" '
            f'onclick="{html.escape(_COPY_JS)}">{html.escape(copy)}</button> '
            f'<small class="calc-help">{html.escape(TOOL_TEXTS.text("select_hint", lang))}</small>'
        )
