"""The desk's Voila application: Voila with our pools, a "try again" page, health and a drain.

- Pages are served by :class:`DeskPageHandler`: when the page's kernel dies or cannot be
  reached, the visitor gets a short page (HTTP 503) asking to try again, in their language;
  the server goes on serving everyone else and the pool replaces the kernel. A page whose
  pooled kernel is found dead once rendered is rendered once more from another kernel first.
  When no kernel can start below the memory ceiling (:mod:`.lifetimes`), the same page says
  the desk is busy and when to come back (HTTP 503 with ``Retry-After``), and reloads then.
- A link-preview bot or a crawler, and any ``HEAD``, gets the page's title and what the link
  shows, without a kernel (:mod:`.previews`); every page carries the same tags.
- An address the desk has no page for (a mistyped one, a notebook it does not have) gets a
  short page in the reader's language linking to the landing page (HTTP 404,
  :mod:`.not_found`).
- ``GET /health`` (under the base URL) answers from the event loop with JSON: how late the loop
  runs, the kernels, each pool's state. It answers 503 while the process drains.
- With ``NOTIFY_SOCKET`` set (systemd ``Type=notify``), it reports ``READY=1`` once listening
  and, while the event loop answers a thread's ping, ``WATCHDOG=1``; a hung loop stops the
  pings and systemd restarts the service (``deploy/desk.service``).
- On SIGTERM it stops accepting connections, lets the pages being rendered finish (at most
  ``drain_seconds``), then stops: a proxy sends new visitors to another process meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import socket
import sys
import threading
import time
from html import escape
from pathlib import Path
from typing import Any

import tornado.web
import voila.app
import voila.notebook_renderer
from jupyter_server.utils import url_path_join
from traitlets import Float
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from calculators.server.ceiling import ServerBusy
from calculators.server.channels import DeskKernelWebsocketHandler
from calculators.server.http import HttpMixin
from calculators.server.kernels import raise_open_files_limit
from calculators.server.landing import LandingRedirect
from calculators.server.not_found import NotFoundHandler, write_not_found
from calculators.server.notice_page import notice_page
from calculators.server.pools import PooledKernelDied, desk_kernel_manager_factory
from calculators.server.previews import (
    Preview,
    is_preview_agent,
    link_language,
    preview,
    preview_page,
    with_tags,
)
from calculators.server.service_worker import ADDRESS as WORKER_ADDRESS
from calculators.server.service_worker import ServiceWorkerHandler
from calculators.server.templates import DeskExporter
from rules.i18n import LANGUAGES, SOURCE_LANGUAGE, Message, msg

# catalog messages (the server does not load the pages' widget kit for three sentences)
TRY_AGAIN: dict[str, Message] = {
    "title": msg("Please try again"),
    "body": msg(
        "The calculator for this page could not start. Nothing is wrong with "
        "what you asked; reload the page in a moment."
    ),
    "reload": msg("Reload the page"),
}
BUSY_TITLE = msg("The desk is busy")


def _busy(seconds: int) -> Message:
    return msg(
        "Every calculator this server can hold is in use. Nothing is wrong with what you "
        "asked; try again in {seconds} s (the page reloads itself then).",
        seconds=seconds,
    )


PAGE_KERNEL = re.compile(r'"kernelId": "([0-9a-f-]+)"')


def try_again_html(lang: str, retry_after: int | None = None) -> str:
    """The page for a visitor whose kernel failed, in their language; with ``retry_after``,
    the page for a visitor the server is too busy to serve now, which reloads itself then."""
    lang = lang if lang in LANGUAGES else SOURCE_LANGUAGE
    title, body = TRY_AGAIN["title"].render(lang), TRY_AGAIN["body"].render(lang)
    refresh = ""
    if retry_after is not None:
        title, body = BUSY_TITLE.render(lang), _busy(retry_after).render(lang)
        refresh = f'<meta http-equiv="refresh" content="{retry_after}">'
    block = (
        f'<div class="desk-try-again" role="alert"><h1>{escape(title)}'
        f"</h1><p>{escape(body)}</p>"
        f'<p><a href="">{escape(TRY_AGAIN["reload"].render(lang))}</a></p></div>'
    )
    return notice_page(lang, title, block, head=refresh)


class DeskPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler; a failed kernel costs this one page and says so; a preview bot,
    a crawler and a ``HEAD`` get the link's preview without a kernel."""

    def _preview(self, path: str | None) -> Preview | None:
        return preview(path or "", self.request.query, self.request.full_url())

    def _send_preview(self, shown: Preview) -> None:
        self.settings["desk_pages"]["previews"] += 1
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        # the same address gives visitors a page with a kernel: a cache must not mix them
        self.set_header("Cache-Control", "no-cache")
        self.set_header("Vary", "User-Agent")
        self.finish(preview_page(shown))

    @tornado.web.authenticated
    async def head(self, path: str | None = None) -> None:
        """The preview's headers (the body of a ``HEAD`` is never sent): no kernel."""
        shown = self._preview(path)
        if shown is None:
            raise tornado.web.HTTPError(404)
        self._send_preview(shown)

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        shown = self._preview(path)
        if shown is not None and is_preview_agent(self.request.headers.get("User-Agent", "")):
            self._send_preview(shown)
            return
        # The page is sent whole once rendered: Voila would send its head first, and a kernel
        # failing after that would leave the visitor half a page instead of a clear answer.
        pages: dict[str, int] = self.settings["desk_pages"]
        pages["in_flight"] += 1
        try:
            try:
                chunks = [html async for html in self.get_generator(path=path)]
            except PooledKernelDied as error:
                # nothing was sent yet: the page costs the visitor a wait, not a failure
                self.log.warning("A pooled kernel of %s died (%s); rendering again", path, error)
                chunks = [html async for html in self.get_generator(path=path)]
        except tornado.web.HTTPError:
            raise
        except ServerBusy as busy:
            pages["busy"] += 1
            self._try_again(busy.retry_after)
            return
        except Exception as error:
            self.log.warning("A page of %s failed: %s: %s", path, type(error).__name__, error)
            pages["failed"] += 1
            self._try_again(None)
            return
        finally:
            pages["in_flight"] -= 1
        if self._finished:  # Voila redirects requests for other files itself
            return
        html = "".join(chunks)
        kernel = PAGE_KERNEL.search(html)
        if kernel is not None and hasattr(self.kernel_manager, "page_sent"):
            self.kernel_manager.page_sent(kernel.group(1))  # its connect grace starts
        self.finish(with_tags(html, shown) if shown is not None else html)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A notebook the desk does not have: the desk's not-found page in the reader's
        language; any other error as Voila writes it."""
        if status_code == 404:
            write_not_found(self, self.settings.get("base_url", "/"))
        else:
            super().write_error(status_code, **kwargs)

    def _try_again(self, retry_after: int | None) -> None:
        """The "try again" page (HTTP 503): after a failure, or when the server is full."""
        self.clear()
        self.set_status(503)
        self.set_header("Retry-After", str(retry_after or 2))
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(try_again_html(link_language(self.request.query), retry_after))

    def should_use_rendered_notebook(
        self,
        notebook_data: dict[str, Any],
        pool_size: int,
        template_name: str | None,
        theme: str | None,
        request_args: dict[str, Any],
    ) -> bool:
        # Before a page's first kernel has started, Voila knows nothing of the page and would
        # start a kernel the pools do not count; ours does the same, counted.
        if not notebook_data and pool_size and template_name is None and theme is None:
            return True
        used: bool = super().should_use_rendered_notebook(
            notebook_data, pool_size, template_name, theme, request_args
        )
        return used


class HealthHandler(tornado.web.RequestHandler):
    """Answers from the event loop: how late it runs, kernels and pools; 503 while draining."""

    def get(self) -> None:
        desk: DeskVoila = self.settings["desk_app"]
        km = desk.kernel_manager
        pools = km.pool_state() if hasattr(km, "pool_state") else {}
        body = {
            "status": "draining" if desk.draining else "ok",
            "loop_lag_ms": round(desk.loop_lag * 1000, 1),
            "kernels": len(km.list_kernel_ids()),
            "pages_in_flight": self.settings["desk_pages"]["in_flight"],
            "pages_failed": self.settings["desk_pages"]["failed"],
            "pages_busy": self.settings["desk_pages"]["busy"],
            "previews": self.settings["desk_pages"]["previews"],
            "pools": pools,
        }
        if hasattr(km, "visitor_state"):
            body["visitors"] = km.visitor_state()
            body["memory"] = km.memory_state()
            body["shut_down"] = {"unvisited": km.shut_down_unvisited, "left": km.shut_down_left}
        self.set_status(503 if desk.draining else 200)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body))


class DeskVoila(HttpMixin, Voila):  # type: ignore[misc]
    """Voila with the desk's kernel pools, page handler, health endpoint and drain; compressed
    responses and cache headers come from :class:`~calculators.server.http.HttpMixin`."""

    name = "desk-voila"

    drain_seconds = Float(
        30.0, config=True, help="On SIGTERM, how long pages being rendered may take to finish."
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.draining = False
        self.loop_lag = 0.0
        self._http_servers: list[Any] = []

    def get_default_logging_config(self) -> dict[str, Any]:
        # traitlets sets the logger to DEBUG and filters in the handler: every debug call in
        # Voila, nbclient and Jupyter Server made a log record and threw it away (72,000 in a
        # burst of 30 visitors). The logger itself now stops what the handler would drop.
        config: dict[str, Any] = super().get_default_logging_config()
        for logger in config.get("loggers", {}).values():
            logger["level"] = logging.getLevelName(self.log_level)
        return config

    def init_settings(self) -> dict[str, Any]:
        # every page's exporter shares the compiled templates (calculators.server.templates)
        voila.notebook_renderer.VoilaExporter = DeskExporter
        original = voila.app.voila_kernel_manager_factory
        voila.app.voila_kernel_manager_factory = desk_kernel_manager_factory
        try:
            settings: dict[str, Any] = super().init_settings()
        finally:
            voila.app.voila_kernel_manager_factory = original
        settings["desk_app"] = self
        settings["desk_pages"] = {"in_flight": 0, "failed": 0, "busy": 0, "previews": 0}
        # an address no handler answers: the desk's not-found page, not the framework's
        settings["default_handler_class"] = NotFoundHandler
        return settings

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = []
        for spec in super().init_handlers():
            if len(spec) > 1 and spec[1] is TornadoVoilaHandler:
                spec = (spec[0], DeskPageHandler, *spec[2:])
            elif len(spec) > 1 and spec[1] is VoilaKernelWebsocketHandler:
                spec = (spec[0], DeskKernelWebsocketHandler, *spec[2:])
            elif len(spec) > 1 and spec[1] is TornadoVoilaTreeHandler:
                # the file list: the landing page instead, in the reader's language
                spec = (spec[0], LandingRedirect, {"server_url": self.server_url})
            handlers.append(spec)
        handlers.insert(0, (url_path_join(self.server_url, r"/health"), HealthHandler))
        handlers.insert(0, (url_path_join(self.server_url, WORKER_ADDRESS), ServiceWorkerHandler))
        # Keep the listening servers (Voila listens next), to close them when draining.
        listen = self.app.listen

        def listen_and_keep(*args: Any, **kwargs: Any) -> Any:
            server = listen(*args, **kwargs)
            self._http_servers.append(server)
            return server

        self.app.listen = listen_and_keep
        return handlers

    def start(self) -> None:
        loop = asyncio.get_event_loop()
        loop.call_soon(self._started, loop)
        super().start()

    def _started(self, loop: asyncio.AbstractEventLoop) -> None:
        loop.create_task(self._measure_lag())
        notify = os.environ.get("NOTIFY_SOCKET")
        if notify:
            _sd_notify(notify, "READY=1")
            interval = int(os.environ.get("WATCHDOG_USEC", "0")) / 2e6 or 5.0
            threading.Thread(
                target=_watchdog, args=(loop, notify, interval), daemon=True, name="watchdog"
            ).start()

    async def _measure_lag(self) -> None:
        while True:
            before = time.monotonic()
            await asyncio.sleep(0.5)
            self.loop_lag = max(0.0, time.monotonic() - before - 0.5)

    def _handle_signal_stop(self, sig: int, frame: Any) -> None:
        self.log.info("Signal %s: draining, then stopping", sig)
        self.ioloop.add_callback_from_signal(self._drain)

    async def _drain(self) -> None:
        if self.draining:
            return
        self.draining = True
        for server in self._http_servers:
            server.stop()  # no new connections; those open carry on
        pages: dict[str, int] = self.app.settings["desk_pages"]
        deadline = time.monotonic() + self.drain_seconds
        while pages["in_flight"] and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        self.log.info("Drained (%s pages still in flight); stopping", pages["in_flight"])
        self.ioloop.stop()


def _sd_notify(address: str, message: str) -> None:
    """Send one message to systemd's notification socket (a datagram Unix socket)."""
    if address.startswith("@"):
        address = "\0" + address[1:]
    with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.sendto(message.encode(), address)


def _watchdog(loop: asyncio.AbstractEventLoop, notify: str, interval: float) -> None:
    """Tell systemd the service is alive each time the event loop answers a ping in time."""
    while not loop.is_closed():
        answered = threading.Event()
        try:
            loop.call_soon_threadsafe(answered.set)
        except RuntimeError:
            return  # the loop is closed
        if answered.wait(interval):
            _sd_notify(notify, "WATCHDOG=1")
            time.sleep(interval)


#: The desk's page template ("desk"): Voila's "lab" template without its icon stylesheets from a
#: public CDN, and without the cells that exist for the notebook tests only (tag ``nbval-only``).
TEMPLATE = "desk"
DATA_DIR = Path(__file__).with_name("jupyter")


def use_desk_template(argv: list[str]) -> list[str]:
    """Put the desk's Jupyter data folder first (Voila finds templates there) and choose its
    template, unless the command line chooses another."""
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(DATA_DIR) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(DATA_DIR), *paths])
    if any(arg.startswith(("--template", "--VoilaConfiguration.template")) for arg in argv):
        return argv
    return [*argv, f"--VoilaConfiguration.template={TEMPLATE}"]


def main(argv: list[str] | None = None) -> None:
    """Start the desk's server: ``python -m calculators.server notebooks/ --port=8866``."""
    raise_open_files_limit()  # a kernel's sockets are files: a service's 1,024 is 50 kernels
    DeskVoila.launch_instance(use_desk_template(sys.argv[1:] if argv is None else argv))
