"""Held for hours: no kernel outlives its visitor, previews start no kernel, the ceiling holds.

One desk server (``support.servers.voila_server``) with no preheated kernels, short graces and room
for one kernel: every kernel it holds is a visitor's, so ``/health`` tells what each visit left.
The graces and the ceiling the desk runs with are in ``voila.json`` (``docs/server.md``).
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from support.servers import voila_server
from websockets.sync.client import connect

from calculators.server.forking import kernel_processes
from calculators.server.nursery import KERNEL_OOM_SCORE_ADJ

pytestmark = pytest.mark.server

CONNECT_GRACE = 2
RECONNECT_GRACE = 6
CLOSED_GRACE = 1
NO_POOLS = json.dumps({"default": {"pool_size": 0}})
PAGE = "/voila/render/vtes_damage.ipynb"
LINK = "?name=Krid&blood=1&aggravated=1&lang=ru"


def _request(
    url: str, method: str = "GET", agent: str = "Mozilla/5.0 (desk test)", timeout: float = 180
) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, method=method, headers={"User-Agent": agent})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def _health(base: str) -> dict[str, Any]:
    status, _, body = _request(f"{base}/health", timeout=10)
    assert status == 200, body
    return dict(json.loads(body))


def _until(base: str, seconds: float, wanted: Any) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    health = _health(base)
    while not wanted(health) and time.monotonic() < deadline:
        time.sleep(0.25)
        health = _health(base)
    return health


def _kernel_of(page: str) -> str:
    found = re.search(r'"kernelId": "([0-9a-f-]+)"', page)
    assert found, page[:500]
    return found.group(1)


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    log = tmp_path_factory.mktemp("hours") / "server.log"
    with voila_server(
        log,
        f"--VoilaKernelManager.kernel_pools_config={NO_POOLS}",
        f"--VisitorKernels.connect_grace={CONNECT_GRACE}",
        f"--VisitorKernels.reconnect_grace={RECONNECT_GRACE}",
        f"--VisitorKernels.closed_grace={CLOSED_GRACE}",
        "--VisitorKernels.max_kernels=1",
    ) as server:
        yield server.url, log


def test_a_preview_bot_and_a_head_get_the_links_summary_and_start_no_kernel(
    desk: tuple[str, Path],
) -> None:
    base, log = desk
    for agent in ("Mozilla/5.0 (compatible; Discordbot/2.0)", "TelegramBot (like TwitterBot)"):
        status, headers, page = _request(f"{base}{PAGE}{LINK}", agent=agent)
        assert status == 200 and headers["Vary"].startswith("User-Agent")
        assert '<html lang="ru">' in page
        summary = "Krid (готов, крови 1 из 4) получает 0 обычных повреждений и 1 неизлечимое"
        for tag in ('name="description"', 'property="og:description"', 'name="twitter:title"'):
            assert re.search(rf'<meta {tag} content="[^"]+"', page), tag
        assert f'<meta property="og:description" content="{summary}' in page
        assert '<meta property="og:title" content="VTES: расчёт повреждений">' in page
        assert "kernelId" not in page
    status, headers, body = _request(f"{base}{PAGE}{LINK}", method="HEAD")
    assert status == 200 and body == "" and headers["Content-Type"].startswith("text/html")
    health = _health(base)
    assert health["kernels"] == 0 and health["previews"] == 3, health
    assert "started for a visitor" not in log.read_text(errors="replace")


def test_a_fetch_without_a_websocket_leaves_no_kernel_after_the_grace(
    desk: tuple[str, Path],
) -> None:
    base, _ = desk
    status, _, page = _request(f"{base}{PAGE}{LINK}")
    assert status == 200
    # a visitor's page carries the same tags, and the page's title as its window title
    assert "<title>VTES: расчёт повреждений</title>" in page
    assert '<meta property="og:description" content="Krid (готов' in page
    kernel = _kernel_of(page)
    health = _health(base)
    assert health["kernels"] == 1 and health["visitors"]["waiting"] == 1, health
    sent = time.monotonic()
    health = _until(base, CONNECT_GRACE + 10, lambda h: h["kernels"] == 0)
    assert health["kernels"] == 0, health
    assert time.monotonic() - sent >= CONNECT_GRACE - 0.5
    assert health["shut_down"]["unvisited"] >= 1
    assert _request(f"{base}/api/kernels/{kernel}")[0] == 404  # the page would reload itself


def _server_process(base: str) -> psutil.Process:
    port = base.rsplit(":", 1)[1]
    for process in psutil.process_iter(["cmdline"]):
        if f"--port={port}" in (process.info["cmdline"] or []):
            return process
    raise AssertionError(f"no server on port {port}")


def _oom_score_adj(process: psutil.Process) -> int:
    return int(Path(f"/proc/{process.pid}/oom_score_adj").read_text())


def _channels(base: str, kernel: str) -> Any:
    url = base.replace("http", "ws") + f"/api/kernels/{kernel}/channels"
    return connect(f"{url}?session_id={uuid.uuid4().hex}", open_timeout=60, max_size=None)


def test_the_ceiling_turns_a_visitor_away_and_a_kernel_lives_while_its_visitor_is_there(
    desk: tuple[str, Path],
) -> None:
    base, _ = desk
    _until(base, 30, lambda h: h["kernels"] == 0)
    status, _, page = _request(f"{base}{PAGE}")
    assert status == 200
    kernel = _kernel_of(page)
    connection = _channels(base, kernel)
    with connection:
        # connected: the kernel outlives the connect grace
        time.sleep(CONNECT_GRACE + 2)
        health = _health(base)
        assert health["kernels"] == 1 and health["visitors"]["connected"] == 1, health
        # the box holds one kernel: the next visitor is asked to come back, in their language,
        # and no kernel is started for them
        status, headers, busy = _request(f"{base}/voila/render/vtm_dice.ipynb?lang=ru")
        assert status == 503, busy[:300]
        retry = int(headers["Retry-After"])
        assert 5 <= retry <= 120
        assert "Сервер занят" in busy and f"через {retry} с" in busy
        assert f'<meta http-equiv="refresh" content="{retry}">' in busy
        health = _health(base)
        assert health["kernels"] == 1 and health["pages_busy"] == 1, health
        # should the machine run out of memory all the same, a kernel goes before the server
        server = _server_process(base)
        kernels = kernel_processes(server)
        assert kernels and _oom_score_adj(server) == 0
        assert all(_oom_score_adj(kernel) == KERNEL_OOM_SCORE_ADJ for kernel in kernels)
        # the connection is lost, as a phone's in a tunnel: no close frame
        connection.close_socket()
    # the visitor is gone: the kernel waits for a reconnection
    health = _until(base, 5, lambda h: h["visitors"]["left"] == 1)
    assert health["kernels"] == 1, health
    for _ in range(2):  # it came back in time, twice: the same kernel serves it
        with _channels(base, kernel) as connection:
            time.sleep(1)
            assert _health(base)["visitors"]["connected"] == 1
            connection.close_socket()
        time.sleep(CLOSED_GRACE + 1)
        assert _health(base)["kernels"] == 1  # a lost connection keeps the reconnect grace
    health = _until(base, RECONNECT_GRACE + 10, lambda h: h["kernels"] == 0)
    assert health["kernels"] == 0 and health["shut_down"]["left"] == 1, health
    # room again: a visitor whose browser closes the page ("going away") frees its kernel at
    # once, not after the reconnect grace
    status, _, page = _request(f"{base}/voila/render/vtm_dice.ipynb")
    assert status == 200
    with _channels(base, _kernel_of(page)) as connection:
        time.sleep(1)
        assert _health(base)["visitors"]["connected"] == 1
        connection.close(code=1001)
    closed = time.monotonic()
    health = _until(base, RECONNECT_GRACE + 10, lambda h: h["kernels"] == 0)
    assert health["kernels"] == 0 and health["shut_down"]["left"] == 2, health
    assert time.monotonic() - closed < RECONNECT_GRACE - 1
    # room again: the next visitor is served
    assert _request(f"{base}/voila/render/vtm_dice.ipynb")[0] == 200


def test_past_the_memory_ceiling_no_kernel_starts(tmp_path: Path) -> None:
    # a box allowed to use 1% of its memory is past its ceiling already
    with voila_server(
        tmp_path / "server.log",
        f"--VoilaKernelManager.kernel_pools_config={NO_POOLS}",
        "--VisitorKernels.memory_share=0.01",
    ) as server:
        base = server.url
        status, headers, page = _request(f"{base}{PAGE}")
        assert status == 503 and int(headers["Retry-After"]) >= 5, page[:300]
        assert "The desk is busy" in page
        health = _health(base)
        assert health["kernels"] == 0 and health["memory"]["kernels_that_fit"] == 0, health
        assert "would use more than 1%" in (tmp_path / "server.log").read_text(errors="replace")
