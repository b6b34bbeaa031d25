"""Two Voila processes behind nginx on loopback; visitors stay with the process of their kernel."""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib.util
import re
import shutil
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser  # starts Voila processes and nginx

REPO = Path(__file__).resolve().parents[2]


def _load_cluster_module() -> Any:
    spec = importlib.util.spec_from_file_location("desk_cluster", REPO / "deploy" / "cluster.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["desk_cluster"] = module
    spec.loader.exec_module(module)
    return module


cluster_module = _load_cluster_module()
_load_spec = importlib.util.spec_from_file_location("desk_load", REPO / "benchmarks" / "load.py")
assert _load_spec is not None and _load_spec.loader is not None
load = importlib.util.module_from_spec(_load_spec)
sys.modules["desk_load"] = load
_load_spec.loader.exec_module(load)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _first_hop(url: str, cookie: str = "") -> tuple[int, str, str]:
    opener = urllib.request.build_opener(_NoRedirect)
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, response.headers.get("Location", ""), ""
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location", ""), error.headers.get("Set-Cookie", "")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        pytest.fail("nginx is missing: the test command installs it (apt-get install -y nginx)")
    # Kernel pools are a per-process matter, tested with the single server; here they would
    # only slow the start.
    with cluster_module.Cluster(
        processes=2,
        port=cluster_module.free_port(),
        # a visitor here closes its page before the test asks where its kernel lives: keep the
        # kernel of a closed page a while (voila.json keeps it 5 s)
        voila_args=[
            "--VoilaConfiguration.preheat_kernel=False",
            "--VisitorKernels.closed_grace=120",
        ],
    ) as running:
        yield running


def test_server_block_routes_each_prefix_to_its_backend() -> None:
    backends = cluster_module.backends_for(["10.0.0.5:8871", "10.0.0.6:8871"])
    block = cluster_module.nginx_server_block(backends, "8866")
    for prefix, address in (("desk-1", "10.0.0.5:8871"), ("desk-2", "10.0.0.6:8871")):
        location = (
            f"location ~ ^/{prefix}/(?<desk_rest>.*)$ {{\n        proxy_pass http://{address};"
        )
        assert location in block
    # while a process is down, its page requests go to the same page on the other one
    assert "error_page 502 504 = @desk_1_down;" in block
    assert "return 302 /desk-2/$desk_rest$is_args$args;" in block
    assert "return 302 /desk-1/$desk_rest$is_args$args;" in block
    assert "50.00% desk-1;" in block and "* desk-2;" in block
    with pytest.raises(ValueError):
        cluster_module.nginx_server_block([], "8866")


def test_new_visitors_are_spread_and_returning_ones_stick(cluster: Any) -> None:
    targets = set()
    for _ in range(24):
        status, location, cookie = _first_hop(f"{cluster.url}/")
        assert status == 302
        prefix = location.split("/")[1]
        assert f"desk_process={prefix}" in cookie
        targets.add(prefix)
    assert targets == {"desk-1", "desk-2"}
    for prefix in ("desk-1", "desk-2"):
        for _ in range(5):
            _, location, _ = _first_hop(f"{cluster.url}/", cookie=f"desk_process={prefix}")
            assert location == f"/{prefix}/voila/render/00_index.ipynb"
    _, location, _ = _first_hop(f"{cluster.url}/", cookie="desk_process=elsewhere")
    assert location.split("/")[1] in {"desk-1", "desk-2"}


def test_pages_work_through_the_proxy_on_both_processes(cluster: Any, page: Any) -> None:
    page.set_default_timeout(120_000)
    for prefix in ("desk-1", "desk-2"):
        page.context.add_cookies([{"name": "desk_process", "value": prefix, "url": cluster.url}])
        page.goto(f"{cluster.url}/", wait_until="domcontentloaded")
        page.wait_for_selector(".calc-ready", state="visible")
        assert f"/{prefix}/voila/render/00_index.ipynb" in page.url
        # the widgets talk to their kernel through the proxied websocket
        page.get_by_role("button", name="Русский").click()
        page.wait_for_selector("text=Выберите страницу")


def test_a_rolling_restart_keeps_every_visitor_served(cluster: Any) -> None:
    """Visitors keep loading pages while each process in turn is restarted: none gets an error."""
    results: list[tuple[int, bool, str]] = []
    stop = threading.Event()

    def visitor() -> None:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        while not stop.is_set():
            try:
                with opener.open(f"{cluster.url}/", timeout=180) as response:
                    body = response.read().decode("utf-8", "replace")
                    found = re.search(r'"kernelId": "[0-9a-f-]+"', body) is not None
                    results.append((response.status, found, response.url))
            except Exception as error:
                results.append((0, False, f"{type(error).__name__}: {error}"))

    visitors = [threading.Thread(target=visitor, daemon=True) for _ in range(3)]
    for thread in visitors:
        thread.start()
    try:
        time.sleep(2)
        outs = cluster.rolling_restart()
        time.sleep(2)
    finally:
        stop.set()
        for thread in visitors:
            thread.join(200)
    print(f"pages loaded: {len(results)}; each process out for {outs}")
    failures = [r for r in results if r[0] != 200 or not r[1]]
    assert not failures, failures
    served_by = {url.split("/")[3] for _, _, url in results}
    assert served_by == {"desk-1", "desk-2"}, served_by
    assert len(results) >= 4


def test_a_visitor_stays_on_one_process_for_page_websocket_and_language_switch(
    cluster: Any,
) -> None:
    status, location, _ = _first_hop(f"{cluster.url}/")
    assert status == 302
    prefix = location.split("/")[1]
    other = next(b for b in cluster.backends if b.prefix != prefix)
    mine = next(b for b in cluster.backends if b.prefix == prefix)
    # the page, its kernel's websocket and the language switch, all through nginx
    # a thread of its own: the browser tests' driver may already run an event loop here
    with concurrent.futures.ThreadPoolExecutor(1) as executor:
        visit = executor.submit(
            asyncio.run, load.visit(f"{cluster.url}/{prefix}", "vtm_dice.ipynb")
        ).result()
    assert not visit.error, visit.error
    assert visit.use_s > 0  # the switch came back translated over the websocket
    # the kernel lives on the visitor's process, and only there
    kernel = f"api/kernels/{visit.kernel_id}"
    assert _first_hop(f"http://{mine.address}/{prefix}/{kernel}")[0] == 200
    assert _first_hop(f"http://{other.address}/{other.prefix}/{kernel}")[0] == 404
