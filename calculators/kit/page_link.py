"""The page's link to itself and the clipboard, as one small front-end widget.

The kernel cannot run code in the browser, so this widget's front end (``page_link.js``,
sent with the page by the app's own server) does what only the browser can: it keeps the
address bar on the current inputs (``history.replaceState``, no reload), copies the page's
link when its button is pressed, copies any text the kernel asks it to (:meth:`copy_text`),
tells the kernel the page's own address and its query (:attr:`PageLink.page_address`,
:attr:`PageLink.page_query`), marks number fields so that phones show their number
keyboard, and in the static site asks its service worker to keep every calculator for offline
use, then shows :attr:`PageLink.offline_label`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import anywidget
import traitlets

_SCRIPT = (Path(__file__).with_name("page_link.js")).read_text(encoding="utf-8")


class PageLink(anywidget.AnyWidget):
    """``query`` is the address's query for the current inputs (without ``?``).

    The address bar follows ``query`` once ``active`` is true (set after the visitor's own
    address was read, so that it is never overwritten by the defaults first).
    """

    _esm = _SCRIPT
    query = traitlets.Unicode("").tag(sync=True)
    active = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("Copy link").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    done_label = traitlets.Unicode("Link copied").tag(sync=True)
    failed_label = traitlets.Unicode("").tag(sync=True)
    #: shown once the static site's service worker keeps every calculator for offline use
    offline_label = traitlets.Unicode("").tag(sync=True)
    offline_hint = traitlets.Unicode("").tag(sync=True)
    #: the page's address without its query (``http://host/voila/render/page.ipynb``), set by
    #: the browser once the page is shown; ``""`` until then (and without a browser)
    page_address = traitlets.Unicode("").tag(sync=True)
    #: the page address's query (without ``?``), set by the browser together with
    #: :attr:`page_address`: the static site's kernel reads the address from it
    page_query = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.copies: list[bool] = []
        self._copied_callbacks: list[Callable[[bool], None]] = []
        self.on_msg(self._on_front_end)

    def copy_text(self, text: str) -> None:
        """Ask the browser to put ``text`` on the clipboard.

        Call it from a click handler: browsers allow copying shortly after a click. When the
        browser answers, :attr:`copies` gets ``True`` (copied) or ``False`` (refused), and the
        callbacks given to :meth:`on_copied` run.
        """
        self.send({"kind": "copy", "text": text})

    def absolute(self, relative: str) -> str:
        """``relative`` (an address relative to this page) as a full address, once known."""
        return urljoin(self.page_address, relative) if self.page_address else relative

    def on_copied(self, callback: Callable[[bool], None]) -> None:
        self._copied_callbacks.append(callback)

    def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "copied":
            done = bool(content.get("done"))
            self.copies.append(done)
            for callback in self._copied_callbacks:
                callback(done)
