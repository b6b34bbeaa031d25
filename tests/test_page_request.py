"""A preheated kernel receives its visitor's request without importing Voila."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import tornado.web
import tornado.websocket

from calculators.server.page_kernel import page_request
from calculators.server.page_kernel.page_request import (
    PageRequestLost,
    request_url,
    wait_for_page_request,
)

REPO = Path(__file__).resolve().parents[1]
REQUEST = {"QUERY_STRING": "lang=ru&pool=7", "SCRIPT_NAME": "/voila/render/vtm_dice.ipynb"}


class QueryHandler(tornado.websocket.WebSocketHandler):
    """Like Voila's ``voila/query/<kernel id>``: sends the request's variables once."""

    def open(self, kernel_id: str) -> None:  # type: ignore[override]
        self.application.settings["asked"].append(kernel_id)
        self.write_message(json.dumps(REQUEST))


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # nothing listens there once closed


@contextlib.contextmanager
def query_server(port: int, after_s: float = 0.0) -> Iterator[list[str]]:
    """Voila's query websocket on ``port``, listening ``after_s`` seconds from now; yields the
    kernel ids that asked (once listening)."""
    asked: list[str] = []
    listening = threading.Event()
    loops: list[asyncio.AbstractEventLoop] = []

    def serve() -> None:
        time.sleep(after_s)
        loop = asyncio.new_event_loop()
        loops.append(loop)
        app = tornado.web.Application([(r"/base/voila/query/(.+)", QueryHandler)], asked=asked)
        loop.run_until_complete(_listen(app, port))
        listening.set()
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield asked
    finally:
        assert listening.wait(after_s + 10)
        loops[0].call_soon_threadsafe(loops[0].stop)
        thread.join(10)


@pytest.fixture
def server() -> Iterator[tuple[int, list[str]]]:
    port = _closed_port()
    with query_server(port) as asked:
        yield port, asked


async def _listen(app: tornado.web.Application, port: int) -> None:
    app.listen(port, address="127.0.0.1")


def _kernel_environment(monkeypatch: pytest.MonkeyPatch, port: int) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_IP", "127.0.0.1")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/base/")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k-123")
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    for name in REQUEST:
        monkeypatch.delenv(name, raising=False)


def test_the_request_address_is_voilas(monkeypatch: pytest.MonkeyPatch) -> None:
    _kernel_environment(monkeypatch, 9999)
    assert request_url() == "ws://127.0.0.1:9999/base/voila/query/k-123"
    monkeypatch.setenv("VOILA_WS_BASE_URL", "/desk-2/")
    monkeypatch.setenv("VOILA_WS_PROTOCOL", "wss")
    assert request_url() == "wss://127.0.0.1:9999/desk-2/voila/query/k-123"


def test_a_preheated_kernel_takes_the_visitors_request(
    server: tuple[int, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    port, asked = server
    _kernel_environment(monkeypatch, port)
    wait_for_page_request()
    assert asked == ["k-123"]
    assert {name: os.environ[name] for name in REQUEST} == REQUEST


def test_without_preheating_nothing_is_asked(
    server: tuple[int, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    port, asked = server
    _kernel_environment(monkeypatch, port)
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    wait_for_page_request()
    assert asked == []
    assert "QUERY_STRING" not in os.environ


def test_a_server_that_never_answers_is_reported_not_written_into_the_page(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    port = _closed_port()
    _kernel_environment(monkeypatch, port)
    monkeypatch.setattr(page_request, "SERVER_WAIT_S", 2.0)
    start = time.monotonic()
    with pytest.raises(PageRequestLost, match=rf"127.0.0.1:{port}.* in 2 s \((\d+) attempts\)"):
        wait_for_page_request()
    assert 1.5 < time.monotonic() - start < 10  # it tried again until the time was up
    assert "QUERY_STRING" not in os.environ
    # in a kernel, standard error is sent into the page as plain text: nothing went there
    assert capsys.readouterr().err == ""


def test_a_server_that_answers_late_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    # a server busy starting kernels accepts the connection only after a while
    port = _closed_port()
    _kernel_environment(monkeypatch, port)
    with query_server(port, after_s=2.5) as asked:
        wait_for_page_request()
        assert asked == ["k-123"]
        assert {name: os.environ[name] for name in REQUEST} == REQUEST


def test_a_page_kernel_does_not_load_voila_or_jupyter_server() -> None:
    # Voila's own helper imports Jupyter Server and jsonschema: seconds of CPU per kernel
    code = (
        "import sys\n"
        "from calculators.server.nursery import PRELOAD, preload\n"
        "preload()\n"
        "import calculators.kit.query, calculators.server.page_kernel.page_request\n"
        "heavy = sorted(m for m in ('voila', 'jupyter_server', 'jsonschema') if m in sys.modules)\n"
        "print(heavy)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
