"""A preheated kernel waits for its visitor's request (address, query) before the page uses it.

With preheated kernels, Voila runs a page's notebook before anyone asks for the page; the
request's details (``QUERY_STRING``, ``SCRIPT_NAME``, ...) reach the kernel later, as one JSON
message on the server's websocket ``voila/query/<kernel id>``, sent when a visitor is given
the kernel. :func:`wait_for_page_request` receives that message and puts its variables into
the environment, as ``voila.utils.wait_for_request`` does, without importing Voila: that
import brings the whole of Jupyter Server and jsonschema into every kernel, about four
CPU-seconds per kernel on this project's machine (its URI grammar is compiled on import).
The websocket client is Tornado's, which the kernel has loaded already.

A server busy starting kernels may take seconds to accept the connection, so the kernel tries
again until :data:`SERVER_WAIT_S` has passed (Voila gives up after one attempt of five seconds,
and its page then ignores the visitor's address). What went wrong goes to the server's log,
never into the page; a server that never answers raises :class:`PageRequestLost`, and the page
says that its address was not applied.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from typing import TYPE_CHECKING

from calculators.server.page_kernel.server_log import use_server_log

if TYPE_CHECKING:
    from tornado.websocket import WebSocketClientConnection

OPEN_TIMEOUT_S = 5.0
"""How long one attempt to open the websocket may take."""
SERVER_WAIT_S = 120.0
"""How long the kernel keeps trying to reach the server (as long as a pooled kernel may take to
be ready)."""
RETRY_PAUSE_S = 0.5

log = logging.getLogger(__name__)
use_server_log()


class PageRequestLost(RuntimeError):
    """The server could not be reached to learn the visitor's request."""


def request_url() -> str:
    """The server's websocket address for this kernel's request, from the kernel's environment."""
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    kernel_id = os.environ.get("VOILA_KERNEL_ID", "")
    return f"{protocol}://{host}:{port}{base}voila/query/{kernel_id}"


async def _connect(url: str, wait_s: float) -> WebSocketClientConnection:
    """The open websocket at ``url``, trying again until ``wait_s`` seconds have passed."""
    from tornado.websocket import websocket_connect

    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait_s
    attempts = 0
    while True:
        attempts += 1
        try:
            timeout = max(0.1, min(OPEN_TIMEOUT_S, deadline - loop.time()))
            return await asyncio.wait_for(websocket_connect(url), timeout)
        except (OSError, TimeoutError) as error:
            if loop.time() + RETRY_PAUSE_S >= deadline:
                raise PageRequestLost(
                    f"no answer from {url} in {wait_s:.0f} s ({attempts} attempts): "
                    f"{type(error).__name__}: {error}"
                ) from error
            log.info("The server at %s did not answer (%s); trying again", url, error)
            await asyncio.sleep(RETRY_PAUSE_S)


async def _receive(url: str, wait_s: float) -> str | None:
    connection = await _connect(url, wait_s)
    try:
        message = await connection.read_message()
    finally:
        connection.close()
    return message if isinstance(message, str) else None


def receive_request(url: str, wait_s: float | None = None) -> dict[str, str] | None:
    """The request's variables sent to ``url``, or ``None`` when the server closed the
    connection without sending them; :class:`PageRequestLost` when it cannot be reached.

    Waits in a thread of its own: the kernel's event loop is busy running the cell that asks.
    """
    received: list[str | None] = []
    failed: list[BaseException] = []

    def run() -> None:
        loop = asyncio.new_event_loop()
        try:
            received.append(
                loop.run_until_complete(_receive(url, SERVER_WAIT_S if wait_s is None else wait_s))
            )
        except Exception as error:  # handed to the page's thread
            failed.append(error)
        finally:
            loop.close()

    thread = threading.Thread(target=run, name="page-request")
    thread.start()
    thread.join()
    if failed:
        log.warning("The visitor's request never reached this kernel: %s", failed[0])
        if isinstance(failed[0], PageRequestLost):
            raise failed[0]
        raise PageRequestLost(f"{url}: {type(failed[0]).__name__}: {failed[0]}") from failed[0]
    if not received or received[0] is None:
        return None
    variables = json.loads(received[0])
    return {str(name): str(value) for name, value in variables.items()}


def wait_for_page_request() -> None:
    """With preheated kernels, wait until a visitor's request arrives and take its variables.

    Raises :class:`PageRequestLost` when the server cannot be reached.
    """
    if os.environ.get("VOILA_PREHEAT", "False") != "True":
        return
    variables = receive_request(request_url())
    if variables is not None:
        os.environ.update(variables)
