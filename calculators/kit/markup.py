"""Small HTML pieces every page writes: headings and tables, their text always escaped.

Text given to these helpers is escaped; a :class:`Markup` value (HTML built on purpose, e.g.
:func:`calculators.kit.fmt.exact_html` wrapped in it, or another helper's result) goes in as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from calculators.kit.fmt import escape


class Markup(str):
    """HTML that is already safe: the helpers put it in as it is."""

    __slots__ = ()


def html_text(value: object) -> str:
    """``value`` as HTML: a :class:`Markup` as it is, anything else escaped as text."""
    if isinstance(value, Markup):
        return str(value)
    return escape(str(value))


def _attributes(css_class: str | None, style: str | None = None, title: str | None = None) -> str:
    parts = []
    if css_class:
        parts.append(f' class="{escape(css_class)}"')
    if style:
        parts.append(f' style="{escape(style)}"')
    if title:
        parts.append(f' title="{escape(title)}"')
    return "".join(parts)


def heading(text: object, level: int = 4, css_class: str | None = None) -> Markup:
    """A heading that looks like ``<h4>`` (any look 1-6), the text escaped unless it is
    :class:`Markup`.

    For a screen reader a page has one outline: its title (looks 1 and 2) is the page's ``<h1>``
    and every other heading an ``<h2>`` below it, so no level is ever skipped whatever order
    the parts show them in; the look comes from the class ``calc-h<level>``.
    """
    if not 1 <= level <= 6:
        raise ValueError(f"a heading's level is 1 to 6, not {level}")
    tag = "h1" if level <= 2 else "h2"
    classes = f"calc-h{level} {css_class}" if css_class else f"calc-h{level}"
    return Markup(f"<{tag}{_attributes(classes)}>{html_text(text)}</{tag}>")


@dataclass(frozen=True)
class Cell:
    """A table cell with more than text: a header cell (``<th>``), a class, a style, a tooltip."""

    content: object
    header: bool = False
    css_class: str | None = None
    style: str | None = None
    title: str | None = None

    def html(self, header: bool = False) -> str:
        """The cell's HTML: a header cell if it is one or if its row is (``header``)."""
        tag = "th" if self.header or header else "td"
        attributes = _attributes(self.css_class, self.style, self.title)
        return f"<{tag}{attributes}>{html_text(self.content)}</{tag}>"


@dataclass(frozen=True)
class Row:
    """A table row with a class or a style of its own."""

    cells: Sequence[object]
    css_class: str | None = None
    style: str | None = None


def _cell(value: object, header: bool) -> str:
    if isinstance(value, Cell):
        return value.html(header)
    tag = "th" if header else "td"
    return f"<{tag}>{html_text(value)}</{tag}>"


def _row(row: Row | Sequence[object], row_headers: bool, *, head: bool = False) -> str:
    cells: Sequence[object] = row.cells if isinstance(row, Row) else row
    attributes = _attributes(row.css_class, row.style) if isinstance(row, Row) else ""
    inner = "".join(_cell(value, head or (row_headers and i == 0)) for i, value in enumerate(cells))
    return f"<tr{attributes}>{inner}</tr>"


def table(
    headers: Sequence[object] | None,
    rows: Iterable[Row | Sequence[object]],
    *,
    css_class: str | None = "calc-table",
    style: str | None = None,
    row_headers: bool = False,
) -> Markup:
    """A table: a header row (``None``: none), then ``rows`` of cells.

    A cell is text (escaped), :class:`Markup`, or a :class:`Cell`; with ``row_headers`` each
    row's first cell is a header cell (``<th>``). The default class is the kit's ``calc-table``.
    """
    head = "" if headers is None else _row(headers, row_headers=False, head=True)
    body = "".join(_row(row, row_headers) for row in rows)
    return Markup(f"<table{_attributes(css_class, style)}>{head}{body}</table>")
