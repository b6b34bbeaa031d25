"""Closing the widgets a page drops, so that neither the kernel nor the browser keeps them.

A page that rebuilds part of itself (a combat's rounds, a list of rows) makes new widgets; the
ones it replaced stay alive in the kernel and in the browser until they are closed, with their
layouts and styles. A page that shares layouts or styles between widgets names them in
``shared``: those stay open.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import ipywidgets as widgets

__all__ = ["close_tree", "close_trees"]


def close_tree(widget: widgets.Widget, shared: Collection[int] = ()) -> None:
    """Close ``widget``, every widget inside it (box children) and their layouts and styles,
    except the layouts and styles whose ``id()`` is in ``shared``."""
    if isinstance(widget, widgets.Box):
        for child in widget.children:
            close_tree(child, shared)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, widgets.Widget) and id(part) not in shared:
            part.close()
    widget.close()


def close_trees(dropped: Iterable[widgets.Widget], shared: Collection[int] = ()) -> None:
    """:func:`close_tree` for each widget in ``dropped``."""
    for widget in dropped:
        close_tree(widget, shared)
