"""Where the page address comes from: the server's request, or the page's front end."""

from __future__ import annotations

import sys


def kernel_in_browser() -> bool:
    """True when the kernel runs in the visitor's browser (the static site's Pyodide kernel).

    There no server request carries the page address: the page's front end reports it
    (:attr:`calculators.kit.page_link.PageLink.page_query`).
    """
    return sys.platform == "emscripten"
