"""Input fields that keep what was typed and say, next to themselves, what is allowed.

:class:`IntField` is the whole-number box of every page. It holds the visitor's text as
typed; its ``value`` (an ``int`` trait, so ``observe(..., names="value")`` works as on an
``IntText``) changes only when the text is a whole number within ``min``..``max``. Until
then the field shows a message beside it (a number outside the range is called so, with the
range), adds the CSS class ``calc-field-invalid`` (the page's results are greyed out by the
kit's CSS) and no observer runs, so nothing is computed from a value the visitor did not give.
The browser sends the text once it is complete: when the visitor presses Enter or leaves the
box, not at each key (typing "2.5" never applies "2" on the way).

:class:`FieldMessage` is a message area placed next to any input (a JSON import box, a
list of names): errors caused by that input show there instead of in the page banner.

:class:`SliderField` puts an :class:`IntField` beside a slider in place of its readout.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import ipywidgets as widgets
import traitlets

from calculators.kit.fmt import escape
from calculators.kit.labels import Catalog
from rules.errors import RuleError
from rules.i18n import msg

T = TypeVar("T")

FIELD_TEXTS = Catalog(
    {
        "range": msg("{low}–{high}"),
        "range_title": msg("A whole number from {low} to {high}"),
        "empty": msg(
            "Empty: enter a whole number from {low} to {high}. Nothing is computed until then."
        ),
        "not_whole": msg(
            "“{text}” is not a whole number: enter a whole number from {low} to {high}. "
            "Nothing is computed until then."
        ),
        "out_of_range": msg(
            "{text} is out of range: enter a whole number from {low} to {high}. "
            "Nothing is computed until then."
        ),
        "field_error": msg("Not accepted"),
    }
)

# any count of digits is a whole number (a long one is out of range, not "not whole"); the
# bound keeps int() within Python's limit on the digits it converts
_WHOLE = re.compile(r"[+-]?\d{1,4000}")


def parse_whole(text: str) -> int | None:
    """The whole number ``text`` spells (spaces and a leading sign allowed), else ``None``.

    >>> parse_whole(" 12 "), parse_whole("−3"), parse_whole("2.5"), parse_whole("1e3")
    (12, -3, None, None)
    >>> parse_whole("999999999")
    999999999
    """
    cleaned = text.strip().replace("−", "-")
    if not _WHOLE.fullmatch(cleaned):
        return None
    return int(cleaned)


class IntField(widgets.HBox):  # type: ignore[misc]
    """A whole-number box with its bounds and a message beside it.

    ``field.value`` is the last valid number; ``field.text`` is the ``Text`` widget holding
    what was typed. ``min``/``max`` may change later (e.g. blood up to the capacity): the
    typed text is then checked again. ``hint=True`` shows the allowed range (``1–11``)
    beside the box while the value is valid. ``app`` (a :class:`Page`) gives the
    language of the messages and follows its language switch. ``continuous_update=True``
    would send every key stroke, and so apply a half-typed number: pages leave it off.
    """

    value = traitlets.Int(0)
    min = traitlets.Int(0)
    max = traitlets.Int(99)

    def __init__(
        self,
        value: int,
        minimum: int,
        maximum: int,
        *,
        app: Any = None,
        description: str = "",
        style: Any = None,
        layout: Any = None,
        hint: bool = True,
        continuous_update: bool = False,
        outer_layout: Any = None,
        note_layout: Any = None,
        note_style: Any = None,
    ) -> None:
        text_args: dict[str, Any] = {
            "value": str(value),
            "description": description,
            "continuous_update": continuous_update,
        }
        if style is not None:
            text_args["style"] = style
        if layout is not None:
            text_args["layout"] = layout
        self.text = widgets.Text(**text_args)
        self.text.add_class("calc-int-text")
        note_args: dict[str, Any] = {}
        if note_layout is not None:
            note_args["layout"] = note_layout
        if note_style is not None:
            note_args["style"] = note_style
        self.note = widgets.HTML(value="", **note_args)
        self.note.add_class("calc-field-note")
        box_args: dict[str, Any] = {} if outer_layout is None else {"layout": outer_layout}
        super().__init__(children=[self.text, self.note], **box_args)
        self.add_class("calc-int-field")
        self.lang = "en" if app is None else app.lang
        self.hint = hint
        self._help = ""
        self.problem = ""
        self.set_trait("min", minimum)
        self.set_trait("max", maximum)
        self.set_trait("value", value)
        self.text.observe(self._on_text, names="value")
        self.observe(self._on_value, names="value")
        self.observe(self._on_bounds, names=["min", "max"])
        if app is not None:
            app.follow_language(self.set_language)
        self._check()
        self._show()

    # -- the typed text -----------------------------------------------------------------
    @property
    def description(self) -> str:
        return str(self.text.description)

    @description.setter
    def description(self, text: str) -> None:
        self.text.description = text

    @property
    def help(self) -> str:
        """A short explanation shown on hover, before the allowed range."""
        return self._help

    @help.setter
    def help(self, text: str) -> None:
        self._help = text
        self._show()

    @property
    def valid(self) -> bool:
        return not self.problem

    def _check(self) -> int | None:
        """Parse the text; set :attr:`problem` (a catalog key) and return the number."""
        raw = self.text.value
        if not raw.strip():
            self.problem = "empty"
            return None
        number = parse_whole(raw)
        if number is None:
            self.problem = "not_whole"
            return None
        if not self.min <= number <= self.max:
            self.problem = "out_of_range"
            return None
        self.problem = ""
        return number

    def _on_text(self, _change: dict[str, Any]) -> None:
        number = self._check()
        self._show()
        if number is not None and number != self.value:
            self.value = number  # observers run only for a valid, new number

    def _on_value(self, change: dict[str, Any]) -> None:
        if parse_whole(self.text.value) != change["new"] or self.problem:
            self.text.value = str(change["new"])  # a value set by the page is shown as typed

    def _on_bounds(self, _change: dict[str, Any]) -> None:
        self._on_text({})

    def set_language(self, lang: str) -> None:
        """Say the message and the range in ``lang`` (for fields without an ``app``)."""
        self.lang = lang
        self._show()

    # -- the message beside the box -----------------------------------------------------
    def message(self) -> str:
        """What the field says now: the problem, or ``""`` while the value is valid."""
        if not self.problem:
            return ""
        shown = self.text.value.strip()
        if len(shown) > 24:
            shown = shown[:23] + "…"
        return FIELD_TEXTS.text(self.problem, self.lang).format(
            text=shown, low=self.min, high=self.max
        )

    def _show(self) -> None:
        bounds = {"low": self.min, "high": self.max}
        allowed = FIELD_TEXTS.text("range_title", self.lang).format(**bounds)
        self.text.tooltip = f"{self._help} ({allowed})" if self._help else allowed
        if self.problem:
            self.add_class("calc-field-invalid")
            self.note.value = (
                f'<span class="calc-field-problem" role="alert">{escape(self.message())}</span>'
            )
        else:
            self.remove_class("calc-field-invalid")
            hint = FIELD_TEXTS.text("range", self.lang).format(**bounds) if self.hint else ""
            self.note.value = f'<span class="calc-field-hint">{escape(hint)}</span>' if hint else ""


def int_field(
    app: Any, value: int, minimum: int, maximum: int, css: str = "", **options: Any
) -> IntField:
    """An :class:`IntField` following ``app``'s language, with the CSS class ``css``."""
    field = IntField(value, minimum, maximum, app=app, **options)
    if css:
        field.add_class(css)
    return field


class SliderField:
    """A slider to drag and a whole-number box to type in, kept in step.

    A slider's own readout can be typed into, but the browser reverts letters and pulls an
    out-of-range number to the nearest end without a word. Here the slider shows no readout;
    the :class:`IntField` beside it (``field``) shows its value, keeps what was typed, and says
    what is allowed. ``slider.value`` stays the page's input: it changes only for a valid
    number, so nothing is computed from a wrong one. ``widget`` is the row to show.
    """

    def __init__(self, slider: widgets.IntSlider, app: Any, css: str = "") -> None:
        slider.readout = False
        self.slider = slider
        self.field = IntField(
            slider.value,
            slider.min,
            slider.max,
            app=app,
            layout=widgets.Layout(width="70px"),
            continuous_update=False,
        )
        self.field.add_class("calc-slider-field")
        if css:
            self.field.add_class(css)
        self.widget = widgets.HBox([slider, self.field])
        self.widget.add_class("calc-slider-row")
        self.field.observe(self._typed, names="value")
        slider.observe(self._dragged, names="value")
        slider.observe(self._bounds, names=["min", "max"])

    def _typed(self, change: dict[str, Any]) -> None:
        self.slider.value = change["new"]

    def _dragged(self, change: dict[str, Any]) -> None:
        self.field.value = change["new"]  # also puts back a typed text that was wrong

    def _bounds(self, _change: dict[str, Any]) -> None:
        self.field.min, self.field.max = self.slider.min, self.slider.max


def all_valid(fields: Iterable[IntField]) -> bool:
    """True when every field holds an allowed number (each invalid one already says why)."""
    return all(field.valid for field in fields)


def invalid_fields(root: widgets.Widget) -> list[IntField]:
    """The shown :class:`IntField` s under ``root`` whose text is not an allowed number.

    Hidden boxes (``layout.display == "none"``) and their contents are skipped: an input
    that does not apply cannot block the result.
    """
    found: list[IntField] = []
    stack = [root]
    while stack:
        widget = stack.pop()
        layout = getattr(widget, "layout", None)
        if layout is not None and layout.display == "none":
            continue
        if isinstance(widget, IntField):
            if not widget.valid:
                found.append(widget)
            continue
        stack.extend(getattr(widget, "children", ()))
    return found


class FieldMessage:
    """A message area next to one input: that input's errors show here, not in the banner.

    Same shape as the page banner (``show``, ``show_text``, ``clear``, ``message``).
    """

    def __init__(self, app: Any = None) -> None:
        self.widget = widgets.HTML(value="", layout=widgets.Layout(display="none"))
        self.widget.add_class("calc-field-message")
        self.message = ""
        self._error: RuleError | None = None
        self.lang = "en" if app is None else app.lang
        if app is not None:
            app.follow_language(self._on_language)

    def show(self, error: BaseException) -> None:
        if isinstance(error, RuleError):
            self._error = error
            self.show_text(error.in_language(self.lang))
        else:
            from calculators.kit.banner import INTERNAL_CLASS, report_internal

            self._error = None
            _id, message = report_internal(error, self.lang)
            self.show_text(message)
            self.widget.add_class(INTERNAL_CLASS)

    def show_text(self, message: str) -> None:
        self.message = message
        self.widget.remove_class("calc-internal-error")
        title = FIELD_TEXTS.text("field_error", self.lang)
        self.widget.value = (
            f'<div class="calc-error-box calc-field-error" role="alert"><b>{escape(title)}:'
            f"</b> {escape(message)}</div>"
        )
        self.widget.layout.display = None

    def clear(self) -> None:
        self.message = ""
        self._error = None
        self.widget.remove_class("calc-internal-error")
        self.widget.value = ""
        self.widget.layout.display = "none"

    @property
    def visible(self) -> bool:
        return bool(self.message)

    def _on_language(self, lang: str) -> None:
        self.lang = lang
        if self._error is not None:
            self.show_text(self._error.in_language(self.lang))

    def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """Call ``fn``; a :class:`RuleError` shows here (and ``None`` is returned).

        Other exceptions are not caught: the page's own handler shows them in the banner.
        """
        try:
            result = fn(*args, **kwargs)
        except RuleError as error:
            self.show(error)
            return None
        self.clear()
        return result
