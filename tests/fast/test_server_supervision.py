"""Supervision: the watchdog pings a service manager only while the event loop answers."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from calculators.server.app import _sd_notify, _watchdog, try_again_html


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        sock.settimeout(0.05)
        yield sock, address


def _drain(sock: socket.socket) -> list[bytes]:
    messages = []
    while True:
        try:
            messages.append(sock.recv(100))
        except TimeoutError:
            return messages


def test_notify_messages_reach_the_socket(notify_socket: tuple[socket.socket, str]) -> None:
    sock, address = notify_socket
    _sd_notify(address, "READY=1")
    assert _drain(sock) == [b"READY=1"]
    _sd_notify(address + "-missing", "READY=1")  # no service manager: silently nothing


def test_watchdog_pings_only_while_the_event_loop_answers(
    notify_socket: tuple[socket.socket, str],
) -> None:
    sock, address = notify_socket
    loop = asyncio.new_event_loop()
    runner = threading.Thread(target=loop.run_forever, daemon=True)
    runner.start()
    threading.Thread(target=_watchdog, args=(loop, address, 0.1), daemon=True).start()
    try:
        time.sleep(0.6)
        assert len(_drain(sock)) >= 2  # answering: pings
        loop.call_soon_threadsafe(time.sleep, 1.5)  # the loop hangs for 1.5 s
        time.sleep(0.3)
        _drain(sock)  # a ping may have left just before the hang
        time.sleep(0.8)
        assert _drain(sock) == []  # hung: no pings, so systemd would restart the service
        time.sleep(1.0)
        assert len(_drain(sock)) >= 2  # answering again: pings again
    finally:
        loop.call_soon_threadsafe(loop.stop)
        runner.join(5)
        loop.close()


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("Please try again", "Reload the page")), ("ru", ("Попробуйте ещё раз", "Обновить"))],
)
def test_the_try_again_page_speaks_the_visitors_language(lang: str, words: tuple[str, ...]) -> None:
    page = try_again_html(lang)
    assert f'<html lang="{lang}">' in page
    assert all(word in page for word in words)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert try_again_html("xx") == try_again_html("en")
