"""Reading the page address's parameters (``?lang=ru&section=vtes:6.4.6``) strictly."""

from __future__ import annotations

import os
import sys
from collections.abc import Collection
from urllib.parse import parse_qsl

from calculators.server.page_kernel.page_request import wait_for_page_request
from rules.errors import InvalidState
from rules.i18n import msg


def kernel_in_browser() -> bool:
    """True when the kernel runs in the visitor's browser (the static site's Pyodide kernel).

    There no server request carries the page address: the page's front end reports it
    (:attr:`calculators.kit.page_link.PageLink.page_query`).
    """
    return sys.platform == "emscripten"


def parse_query(query: str, allowed: Collection[str]) -> dict[str, str]:
    """Parse ``query`` into a dict, refusing unknown, repeated or malformed parameters."""
    if not query:
        return {}
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise InvalidState(
            msg(
                "the page address has a malformed query {query!r}; use name=value pairs "
                "joined by '&' (allowed names: {allowed})",
                query=query,
                allowed=", ".join(sorted(allowed)),
            )
        ) from None
    params: dict[str, str] = {}
    for name, value in pairs:
        if name not in allowed:
            raise InvalidState(
                msg(
                    "unknown page parameter {name!r}; allowed: {allowed}",
                    name=name,
                    allowed=", ".join(sorted(allowed)),
                )
            )
        if name in params:
            raise InvalidState(
                msg("page parameter {name!r} is given twice; give it once", name=name)
            )
        params[name] = value
    return params


def page_query(allowed: Collection[str]) -> dict[str, str]:
    """The current page's parameters on the Voila server (empty elsewhere)."""
    wait_for_page_request()
    return parse_query(os.environ.get("QUERY_STRING", ""), allowed)
