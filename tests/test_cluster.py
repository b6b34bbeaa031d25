"""Two Voila processes behind nginx on loopback; visitors stay with the process of their kernel."""

from __future__ import annotations

import importlib.util
import shutil
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser  # starts Voila processes and nginx

REPO = Path(__file__).resolve().parents[1]


def _load_cluster_module() -> Any:
    spec = importlib.util.spec_from_file_location("desk_cluster", REPO / "deploy" / "cluster.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["desk_cluster"] = module
    spec.loader.exec_module(module)
    return module


cluster_module = _load_cluster_module()


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
        voila_args=["--VoilaConfiguration.preheat_kernel=False"],
    ) as running:
        yield running


def test_server_block_routes_each_prefix_to_its_backend() -> None:
    backends = cluster_module.backends_for(["10.0.0.5:8871", "10.0.0.6:8871"])
    block = cluster_module.nginx_server_block(backends, "8866")
    assert "location /desk-1/ {\n        proxy_pass http://10.0.0.5:8871;" in block
    assert "location /desk-2/ {\n        proxy_pass http://10.0.0.6:8871;" in block
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
