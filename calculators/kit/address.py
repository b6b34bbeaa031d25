"""A page's whole input state as its address's query, and back.

Every input of a page is a :class:`Field`: a name in the address, a way to read the input as
text and a way to set it from text. :func:`widget_fields` finds a page's input widgets by
attribute name (``self.w_health`` -> ``health``), so new inputs are in the address without
further work; a page adds fields of its own for state that is not a single widget (the VTES
combat scenario) and leaves out what is not an input.

Only inputs that differ from the page's opening state go into the address, so links stay short.
A bad value is refused with a message naming the parameter, what it got and what is allowed;
that input keeps its value and the other parameters still apply.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlencode

import ipywidgets as widgets

from calculators.kit.fields import IntField
from rules.errors import InvalidState, RuleError
from rules.i18n import Message, msg, msg_p

#: The longest link the pages make, in characters (whole address). Every current browser,
#: chat app and mail client keeps links of this length intact; a VTES combat of 10 rounds
#: measures well under it (see the README).
MAX_LINK_LENGTH = 2000

TRUE_WORDS = ("1", "yes", "true", "on")
FALSE_WORDS = ("0", "no", "false", "off")
LIST_SEPARATOR = "~"  # kept as is in addresses (an unreserved character)


@dataclass
class Field:
    """One input in the address: ``read()`` gives its text, ``write(text)`` sets it."""

    name: str
    read: Callable[[], str]
    write: Callable[[str], None]
    widget: widgets.Widget | None = None


# -- reading the query leniently -------------------------------------------------------------
def read_query(query: str, allowed: Collection[str]) -> tuple[dict[str, str], list[RuleError]]:
    """The parameters of ``query`` that can be used, and a problem for each that cannot.

    Unknown, repeated (the first wins) and malformed parts are reported and skipped; the rest
    apply.
    """
    params: dict[str, str] = {}
    problems: list[RuleError] = []
    names = ", ".join(sorted(allowed))
    for part in query.split("&") if query else ():
        if not part:
            continue
        try:
            pairs = parse_qsl(part, keep_blank_values=True, strict_parsing=True)
        except ValueError:
            problems.append(
                InvalidState(
                    msg(
                        "the page address has a malformed part {part!r}; use name=value pairs "
                        "joined by '&' (allowed names: {allowed})",
                        part=part,
                        allowed=names,
                    )
                )
            )
            continue
        for name, value in pairs:
            if name not in allowed:
                problems.append(
                    InvalidState(
                        msg(
                            "unknown page parameter {name!r}; allowed: {allowed}",
                            name=name,
                            allowed=names,
                        )
                    )
                )
            elif name in params:
                problems.append(
                    InvalidState(
                        msg("page parameter {name!r} is given twice; give it once", name=name)
                    )
                )
            else:
                params[name] = value
    return params, problems


def build_query(values: Iterable[tuple[str, str]]) -> str:
    return urlencode(list(values))


# -- fields from widgets ----------------------------------------------------------------------
class BadAddressValue(InvalidState):
    """A value the address gives an input that the input refuses. It names the address's
    parameter until the page names the input as it labels it (:meth:`for_input`)."""

    def __init__(self, name: str, text: str, allowed: Message) -> None:
        self.name, self.text, self.allowed = name, text, allowed
        super().__init__(
            msg(
                "{name} in the page address must be {allowed}, not {text!r}; it keeps its value",
                name=name,
                allowed=allowed,
                text=text,
            )
        )

    def for_input(self, label: str) -> InvalidState:
        """The same refusal, naming the input by ``label`` (its label on the page)."""
        return InvalidState(
            msg(
                "“{label}”: the page address gives {text!r}, but it must be {allowed}; the "
                "input keeps its value",
                label=label,
                allowed=self.allowed,
                text=self.text,
            )
        )


def _bad(name: str, text: str, allowed: Message) -> BadAddressValue:
    return BadAddressValue(name, text, allowed)


_TAGS = re.compile(r"<[^>]*>")


def _label_text(text: str) -> str:
    """A label's words: markup dropped, spaces joined, a trailing colon taken off."""
    return " ".join(html.unescape(_TAGS.sub(" ", text)).split()).rstrip(":：ⓘ ").strip()


LONGEST_LABEL = 60  # characters: a longer text beside an input is a hint, not its label


def input_label(widget: Any, root: Any, lang: str) -> str:
    """What the page calls ``widget``, in ``lang``: its description, else the label (a
    ``Label`` or a short ``HTML``) just before it in its row, else its row's label one level
    up (a slider's box); a page's tabs are "the tab"; ``""`` when the page gives it none.
    """
    own = _label_text(str(getattr(widget, "description", "") or ""))
    if own:
        return own
    if isinstance(widget, widgets.Tab):
        return msg_p("address", "Tab").render(lang)
    path = _path_to(root, widget)
    for parent, child in reversed(list(itertools.pairwise(path))):
        children = list(getattr(parent, "children", ()))
        index = next(i for i, c in enumerate(children) if c is child)
        for sibling in reversed(children[:index]):
            if isinstance(sibling, widgets.Label | widgets.HTML):
                text = _label_text(str(sibling.value))
                if text and len(text) <= LONGEST_LABEL:
                    return text
            shown = _label_text(str(getattr(sibling, "description", "") or ""))
            if shown:
                return shown
    return ""


def _path_to(root: Any, target: Any) -> list[Any]:
    """The widgets from ``root`` down to ``target`` (``[]`` when it is not under ``root``)."""
    stack: list[tuple[Any, list[Any]]] = [(root, [root])]
    seen: set[int] = set()
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        if id(node) in seen:
            continue
        seen.add(id(node))
        for child in getattr(node, "children", ()):
            stack.append((child, [*path, child]))
    return []


def _option_text(value: Any) -> str:
    return value if isinstance(value, str) else str(value)


def _choice_field(name: str, widget: Any) -> Field:
    def values() -> list[Any]:
        return [option[1] if isinstance(option, tuple) else option for option in widget.options]

    def choose(text: str) -> Any:
        by_text = {_option_text(v): v for v in values()}
        if text not in by_text:
            allowed = ", ".join(by_text)
            raise _bad(name, text, msg_p("address", "one of: {allowed}", allowed=allowed))
        return by_text[text]

    if isinstance(widget, widgets.SelectMultiple):

        def read_many() -> str:
            return LIST_SEPARATOR.join(_option_text(v) for v in widget.value)

        def write_many(text: str) -> None:
            parts = [part for part in text.split(LIST_SEPARATOR) if part]
            widget.value = tuple(choose(part) for part in parts)

        return Field(name, read_many, write_many, widget)

    def read() -> str:
        return "" if widget.value is None else _option_text(widget.value)

    def write(text: str) -> None:
        widget.value = choose(text)

    return Field(name, read, write, widget)


def _int_field(name: str, widget: Any) -> Field:
    low = getattr(widget, "min", None)
    high = getattr(widget, "max", None)

    def write(text: str) -> None:
        lo = getattr(widget, "min", low)
        hi = getattr(widget, "max", high)
        stripped = text.strip()
        digits = stripped[1:] if stripped.startswith("-") else stripped
        value = int(stripped) if digits.isdigit() else None
        if value is None or (lo is not None and value < lo) or (hi is not None and value > hi):
            if lo is not None and hi is not None:
                allowed = msg_p("address", "a whole number from {low} to {high}", low=lo, high=hi)
                raise _bad(name, text, allowed)
            raise _bad(name, text, msg_p("address", "a whole number"))
        widget.value = value

    return Field(name, lambda: str(widget.value), write, widget)


def _bool_field(name: str, widget: Any) -> Field:
    def write(text: str) -> None:
        word = text.strip().lower()
        if word not in TRUE_WORDS + FALSE_WORDS:
            raise _bad(name, text, msg_p("address", "1 or 0"))
        widget.value = word in TRUE_WORDS

    return Field(name, lambda: "1" if widget.value else "0", write, widget)


def _text_field(name: str, widget: Any) -> Field:
    def write(text: str) -> None:
        widget.value = text

    return Field(name, lambda: str(widget.value), write, widget)


def _tab_field(name: str, widget: Any) -> Field:
    def write(text: str) -> None:
        count = len(widget.children)
        if not text.isdigit() or int(text) >= count:
            last = count - 1
            raise _bad(name, text, msg_p("address", "a tab number from 0 to {last}", last=last))
        widget.selected_index = int(text)

    return Field(name, lambda: str(widget.selected_index or 0), write, widget)


def widget_field(name: str, widget: Any) -> Field | None:
    """The field of an input widget, or ``None`` for a widget that is not an input."""
    if isinstance(widget, widgets.Tab):
        return _tab_field(name, widget)
    if isinstance(widget, widgets.Checkbox | widgets.ToggleButton):
        return _bool_field(name, widget)
    if isinstance(widget, widgets.IntText | widgets.BoundedIntText | widgets.IntSlider | IntField):
        return _int_field(name, widget)
    if isinstance(
        widget,
        widgets.Dropdown
        | widgets.ToggleButtons
        | widgets.RadioButtons
        | widgets.Select
        | widgets.SelectMultiple,
    ):
        return _choice_field(name, widget)
    if isinstance(widget, widgets.Text | widgets.Textarea | widgets.Combobox):
        return _text_field(name, widget)
    return None


def _short(attribute: str) -> str:
    return attribute[2:] if attribute.startswith("w_") else attribute


def widget_fields(
    owner: object, prefix: str = "", skip: Collection[int] = (), depth: int = 1
) -> dict[str, Field]:
    """The fields of ``owner``'s input widgets, named after its attributes.

    ``self.w_health`` -> ``health``; a dict of widgets ``self.flags["burn"]`` -> ``flags_burn``;
    a list ``self.w_names[2]`` -> ``names2``; the widgets of a panel object of the
    ``calculators`` package (``self.valour.w_won``) -> ``valour_won`` (``depth`` levels down).
    Widgets whose ids are in ``skip``, and widgets met before, are left out.
    """
    fields: dict[str, Field] = {}
    seen = set(skip)

    def add(name: str, value: Any) -> None:
        if id(value) in seen:
            return
        field = widget_field(name, value)
        if field is not None:
            seen.add(id(value))
            fields[name] = field

    for attribute, value in vars(owner).items():
        if attribute.startswith("_"):
            continue
        name = prefix + _short(attribute)
        if isinstance(value, widgets.Widget):
            add(name, value)
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if isinstance(item, widgets.Widget) and isinstance(key, str):
                    add(f"{name}_{key}", item)
        elif isinstance(value, list | tuple):
            for i, item in enumerate(value):
                if isinstance(item, widgets.Widget):
                    add(f"{name}{i}", item)
                elif isinstance(item, Mapping):
                    for key, inner in item.items():
                        if isinstance(inner, widgets.Widget) and isinstance(key, str):
                            add(f"{name}{i}_{key}", inner)
        elif (
            depth > 0
            and type(value).__module__.startswith("calculators.")
            and hasattr(value, "__dict__")
        ):
            inner = widget_fields(value, f"{name}_", seen, depth - 1)
            for field in inner.values():
                seen.add(id(field.widget))
            fields.update(inner)
    return fields


# -- compact state blobs (the VTES combat scenario, a deck): rules.link_params writes them
