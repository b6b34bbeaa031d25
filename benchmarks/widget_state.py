"""The widget state a page sends to the browser when it opens, measured in one run.

For the pages whose tabs are built when first shown: the number of widgets and the size of the
JSON widget state right after the page is built (what the browser receives and draws as the page
opens), and the same once every tab has been opened (what it was when every tab was built at
the start), with their ratio. Sizes are of the compact JSON of
``ipywidgets.Widget.get_manager_state()``: with default values left out (``drop_defaults``) and
whole.

    .venv/bin/python benchmarks/widget_state.py
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets import widget as widget_module

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calculators.pages.dracula.page import DraculaPage
from calculators.pages.vtes_table.page import VtesTablePage
from calculators.pages.vtm_dice.page import VtmDicePage

PAGES: dict[str, Callable[[], Any]] = {
    "vtm_dice": VtmDicePage,
    "dracula": DraculaPage,
    "vtes_table": VtesTablePage,
}


def state() -> tuple[int, int, int]:
    """Widgets alive, and the JSON state's size in bytes (defaults dropped, whole)."""

    def size(drop: bool) -> int:
        text = json.dumps(
            widgets.Widget.get_manager_state(drop_defaults=drop), separators=(",", ":")
        )
        return len(text.encode("utf-8"))

    return len(widget_module._instances), size(True), size(False)


def open_every_tab(app: Any) -> None:
    stack = [app.widget]
    while stack:
        widget = stack.pop()
        if isinstance(widget, widgets.Tab):
            for index in range(len(widget.children)):
                widget.selected_index = index
            widget.selected_index = 0
        stack.extend(getattr(widget, "children", ()))


def main() -> None:
    print(f"{'page':<12}{'':<18}{'widgets':>8}{'state kB':>10}{'whole kB':>10}")
    for name, build in PAGES.items():
        widgets.Widget.close_all()
        app = build()
        opened = state()
        open_every_tab(app)
        every = state()
        for label, (count, dropped, whole) in (("as it opens", opened), ("every tab open", every)):
            print(f"{name:<12}{label:<18}{count:>8}{dropped / 1000:>10.1f}{whole / 1000:>10.1f}")
        print(
            f"{'':<12}{'ratio':<18}{opened[0] / every[0]:>8.2f}"
            f"{opened[1] / every[1]:>10.2f}{opened[2] / every[2]:>10.2f}"
        )


if __name__ == "__main__":
    main()
