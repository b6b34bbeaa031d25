"""Packages a page fetches only when a reader asks for what needs them.

On the server every package is installed and :func:`ready` is simply true. On the static site
(Pyodide in the browser) the kernel starts with what pages need for their first result; a
package such as sympy (6 MB, used only for the V:tM closed forms) stays on the site until it
is asked for. ``ready(("sympy",), again)`` is then false: the package is fetched from the site
(Pyodide's ``loadPackage``, the site's own lock file) and ``again()`` is called once it can be
imported. A failed fetch (no network and no kept copy) is logged and ``again`` is not called.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import sys
from collections.abc import Callable, Sequence
from typing import Any

log = logging.getLogger(__name__)
_loading: dict[tuple[str, ...], asyncio.Future[Any]] = {}


def importable(names: Sequence[str]) -> bool:
    return all(importlib.util.find_spec(name) is not None for name in names)


def ready(names: Sequence[str], again: Callable[[], None]) -> bool:
    """True when every package of ``names`` can be imported now; otherwise start fetching them
    (in Pyodide) and call ``again`` once they can."""
    if importable(names) or sys.platform != "emscripten":
        return True
    key = tuple(names)
    if key not in _loading:
        _loading[key] = asyncio.ensure_future(_fetch(key))
    _loading[key].add_done_callback(lambda done: _then(done, again))
    return False


async def _fetch(names: tuple[str, ...]) -> None:
    import pyodide_js  # type: ignore[import-not-found]  # only in Pyodide
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    await pyodide_js.loadPackage(to_js(list(names)))
    importlib.invalidate_caches()


def _then(done: asyncio.Future[Any], again: Callable[[], None]) -> None:
    if done.exception() is not None:
        _loading.clear()  # the next request tries again
        log.warning("fetching a package failed: %s", done.exception())
        return
    again()
