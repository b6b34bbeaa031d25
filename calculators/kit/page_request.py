"""A preheated kernel waits for its visitor's request (address, query) before the page uses it.

With preheated kernels, Voila runs a page's notebook before anyone asks for the page; the
request's details (``QUERY_STRING``, ``SCRIPT_NAME``, ...) reach the kernel later, as one JSON
message on the server's websocket ``voila/query/<kernel id>``, sent when a visitor is given
the kernel. :func:`wait_for_page_request` receives that message and puts its variables into
the environment, as ``voila.utils.wait_for_request`` does, without importing Voila: that
import brings the whole of Jupyter Server and jsonschema into every kernel, about four
CPU-seconds per kernel on this project's machine (its URI grammar is compiled on import).
The websocket client is Tornado's, which the kernel has loaded already.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import warnings

OPEN_TIMEOUT_S = 5.0  # as Voila: a server that does not answer this soon is not coming


def request_url() -> str:
    """The server's websocket address for this kernel's request, from the kernel's environment."""
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    kernel_id = os.environ.get("VOILA_KERNEL_ID", "")
    return f"{protocol}://{host}:{port}{base}voila/query/{kernel_id}"


async def _receive(url: str) -> str | None:
    from tornado.websocket import websocket_connect

    connection = await asyncio.wait_for(websocket_connect(url), OPEN_TIMEOUT_S)
    try:
        message = await connection.read_message()
    finally:
        connection.close()
    return message if isinstance(message, str) else None


def receive_request(url: str) -> dict[str, str] | None:
    """The request's variables sent to ``url``, or ``None`` when the server cannot be reached.

    Waits in a thread of its own: the kernel's event loop is busy running the cell that asks.
    """
    received: list[str | None] = []

    def run() -> None:
        loop = asyncio.new_event_loop()
        try:
            received.append(loop.run_until_complete(_receive(url)))
        except (OSError, TimeoutError) as error:
            warnings.warn(f"Failed to connect to {url}: {error}", stacklevel=1)
        finally:
            loop.close()

    thread = threading.Thread(target=run, name="page-request")
    thread.start()
    thread.join()
    if not received or received[0] is None:
        return None
    variables = json.loads(received[0])
    return {str(name): str(value) for name, value in variables.items()}


def wait_for_page_request() -> None:
    """With preheated kernels, wait until a visitor's request arrives and take its variables."""
    if os.environ.get("VOILA_PREHEAT", "False") != "True":
        return
    variables = receive_request(request_url())
    if variables is not None:
        os.environ.update(variables)
