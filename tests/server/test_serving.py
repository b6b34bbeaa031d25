"""Compression and cache headers: the desk's server (calculators/server) and the nginx recipe."""

from __future__ import annotations

import gzip
import http.server
import importlib.util
import json
import posixpath
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.servers import free_port, voila_server

from calculators.server.bundle import COMPILE_HINT, EXTENSION_CHUNKS, START_CHUNKS, find
from calculators.server.caching import IMMUTABLE, REVALIDATE, fingerprint, has_hashed_name

REPO = Path(__file__).resolve().parents[2]


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, dict(response.headers.items()), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers.items()), error.read()


# -- which names carry their content ------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "hashed"),
    [
        ("static/remoteEntry.c8c9eed2cdefdeac.js", True),  # jupyterlab-manager: 16 hex digits
        ("static/84.09c61a35dce1705f.js", True),
        ("static/883.369fbd92285483263252.js", True),  # webpack's default: 20
        ("8ea8791754915a898a31.woff2", True),
        ("7155.voila.js", False),  # a chunk named by its number
        ("static/style.js", False),
        ("voila.js", False),
        ("static/main.15ebcf03.js", True),  # anywidget's: 8
        ("static/cafe12.js", False),  # too short to be a content hash
        ("c8c9eed2cdefdeac/style.js", False),  # a hash in a folder, not in the name
    ],
)
def test_content_hash_in_a_file_name(path: str, hashed: bool) -> None:
    assert has_hashed_name(path) is hashed


def test_fingerprint_changes_with_any_file(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "chunk.js").write_text("one")
    before = fingerprint([str(tmp_path)])
    assert fingerprint([str(tmp_path)]) == before
    (tmp_path / "a" / "chunk.js").write_text("three")
    assert fingerprint([str(tmp_path)]) != before


# -- the desk's server --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """the desk's server without preheated kernels, and the landing page it rendered."""
    log = tmp_path_factory.mktemp("serving") / "voila.log"
    with voila_server(log, "--VoilaConfiguration.preheat_kernel=False") as server:
        base = server.url
        status, _, html = _get(f"{base}/voila/render/00_index.ipynb")
        assert status == 200
        page = html.decode()
        config = json.loads(
            re.search(r'id="jupyter-config-data"[^>]*>\s*(.*?)\s*</script>', page, re.S).group(1)  # type: ignore[union-attr]
        )
        yield {"base": base, "html": page, "config": config}


def _template_file(desk: dict[str, Any], name: str) -> str:
    """The address of a template file as the page links it (with its ``?v=`` content hash)."""
    match = re.search(
        rf'"([^"]*/voila/templates/[^"]*/{re.escape(name)}\?v=[0-9a-f]+)"', desk["html"]
    )
    assert match, f"the page does not link {name}"
    return match.group(1)


def test_text_responses_are_gzipped_when_the_browser_asks(desk: dict[str, Any]) -> None:
    base = desk["base"]
    addresses = {
        "html": "/voila/render/00_index.ipynb",
        "javascript": "/voila/static/voila.js",
        "bundle": f"{desk['config']['fullStaticUrl']}/voila.js",
        "css": _template_file(desk, "index.css"),
        "json": "/voila/api/contents",
    }
    for kind, address in addresses.items():
        status, headers, body = _get(base + address, **{"Accept-Encoding": "gzip"})
        assert status == 200, address
        assert headers.get("Content-Encoding") == "gzip", f"{kind} is not compressed"
        text = gzip.decompress(body)
        if kind != "html":  # the page itself differs on every render (its kernel)
            _, plain_headers, plain = _get(base + address)
            assert "Content-Encoding" not in plain_headers
            assert text == plain
            assert len(body) < len(plain) / 2


def test_content_addressed_files_are_immutable(desk: dict[str, Any]) -> None:
    base, config = desk["base"], desk["config"]
    static = config["fullStaticUrl"]
    assert re.fullmatch(r"/voila/static/[0-9a-f]{16}", static), static
    extensions = {e["name"]: e for e in config["federated_extensions"]}
    manager = extensions["@jupyter-widgets/jupyterlab-manager"]
    entry = f"{config['fullLabextensionsUrl']}/{manager['name']}/{manager['load']}"
    for address in (
        f"{static}/voila.js",
        f"{static}/7155.voila.js",
        entry,
        _template_file(desk, "index.css"),
    ):
        status, headers, _ = _get(base + address)
        assert status == 200, address
        assert headers.get("Cache-Control") == IMMUTABLE, address
        assert "Expires" not in headers


def test_files_whose_name_stays_are_revalidated(desk: dict[str, Any]) -> None:
    base = desk["base"]
    css = _template_file(desk, "index.css")
    for address in (
        "/voila/static/voila.js",  # Voila's front end at its plain address
        css.split("?")[0],  # a template file without its version
        css.split("?")[0] + "?v=0123456789abcdef",  # or with a version that is not its hash
        "/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/style.js",
    ):
        status, headers, _ = _get(base + address)
        assert status == 200, address
        assert headers.get("Cache-Control") == REVALIDATE, address
    _, headers, _ = _get(base + "/voila/static/voila.js")
    status, _, body = _get(base + "/voila/static/voila.js", **{"If-None-Match": headers["Etag"]})
    assert (status, body) == (304, b"")


def test_only_the_widget_front_ends_the_pages_use(desk: dict[str, Any]) -> None:
    from jupyterlab_server.config import get_federated_extensions
    from voila.utils import get_voila_labextensions_path

    loaded = {e["name"] for e in desk["config"]["federated_extensions"]}
    installed = set(get_federated_extensions(get_voila_labextensions_path()))
    allowed = json.loads((REPO / "voila.json").read_text())["VoilaConfiguration"][
        "extension_allowlist"
    ]
    assert {"@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8"} <= loaded
    assert loaded == set(allowed) & installed
    assert "jupyterlab_pygments" in installed - loaded  # code highlighting: no code is shown


def test_a_stale_fingerprint_and_source_maps_are_not_served(desk: dict[str, Any]) -> None:
    base, static = desk["base"], desk["config"]["fullStaticUrl"]
    assert _get(f"{base}/voila/static/0000000000000000/voila.js")[0] in (403, 404)
    for address in (f"{static}/voila.js.map", "/voila/static/voila.js.map"):
        assert _get(base + address)[0] == 404, address


def test_the_entry_script_carries_the_chunks_every_page_loads(desk: dict[str, Any]) -> None:
    base, static = desk["base"], desk["config"]["fullStaticUrl"]
    status, headers, bundle = _get(f"{base}{static}/voila.js")
    assert status == 200 and headers.get("Cache-Control") == IMMUTABLE
    entry = _get(f"{base}/voila/static/voila.js")[2]
    assert bundle.endswith(entry)
    for chunk in (START_CHUNKS[0], START_CHUNKS[-1]):
        assert _get(f"{base}/voila/static/{chunk}.voila.js")[2] in bundle
    # V8's compile hint first (compile every function at once, off the main thread), then
    # no directive prologue: no chunk makes the whole strict
    assert bundle.startswith(COMPILE_HINT + b";\n")


def test_a_widget_front_end_entry_carries_its_chunks(desk: dict[str, Any]) -> None:
    base, config = desk["base"], desk["config"]
    for extension in config["federated_extensions"]:
        folder = f"{config['fullLabextensionsUrl']}/{extension['name']}"
        entry = posixpath.normpath(extension["load"])  # "./static/…" as the browser asks
        status, headers, bundle = _get(f"{base}{folder}/{entry}")
        assert status == 200 and headers.get("Cache-Control") == IMMUTABLE
        assert b"\n//# sourceMappingURL=" not in bundle
        assert bundle.startswith(COMPILE_HINT)
        for chunk in EXTENSION_CHUNKS[extension["name"]]:
            script = _get(f"{base}{folder}/static/{chunk}")[2]
            assert script.split(b"\n//# sourceMappingURL=")[0] in bundle
    assert _get(f"{base}/voila/labextensions/../static/remoteEntry.c8c9eed2cdefdeac.js")[0] in (
        403,
        404,
    )


def test_the_recorded_chunks_are_those_of_the_installed_voila() -> None:
    from voila.paths import collect_static_paths
    from voila.utils import get_voila_labextensions_path

    folders = collect_static_paths(["voila", "nbconvert"], "lab")
    missing = [str(c) for c in START_CHUNKS if find(f"{c}.voila.js", folders) is None]
    for name, chunks in EXTENSION_CHUNKS.items():
        static = find(f"{name}/static", get_voila_labextensions_path(), folder=True)
        missing += [f"{name}: {c}" for c in chunks if static is None or find(c, [static]) is None]
    assert not missing, f"the front ends changed: record serving/bundle.py's lists again {missing}"


def test_the_kernel_websocket_offers_deflate() -> None:
    from calculators.server.http import gzip_settings

    assert gzip_settings()["websocket_compression_options"] == {}
    assert gzip_settings()["compress_response"] is True


# -- nginx in front of several processes ---------------------------------------------------------


def _cluster_module() -> Any:
    if "desk_cluster" in sys.modules:
        return sys.modules["desk_cluster"]
    spec = importlib.util.spec_from_file_location("desk_cluster", REPO / "deploy" / "cluster.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["desk_cluster"] = module
    spec.loader.exec_module(module)
    return module


class _PlainBackend(http.server.BaseHTTPRequestHandler):
    """A backend that never compresses: whatever arrives compressed, nginx compressed."""

    body = b"function chunk() { return 'the same line, over and over'; }\n" * 400

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/javascript")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args: Any) -> None:
        pass


def test_nginx_compresses_what_the_processes_send(tmp_path: Path) -> None:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        pytest.fail("nginx is missing: the test command installs it (apt-get install -y nginx)")
    cluster = _cluster_module()
    backend = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _PlainBackend)
    threading.Thread(target=backend.serve_forever, daemon=True).start()
    port = free_port()
    backends = cluster.backends_for([f"127.0.0.1:{backend.server_address[1]}"])
    conf = tmp_path / "nginx.conf"
    conf.write_text(cluster.nginx_config(backends, f"127.0.0.1:{port}", tmp_path))
    proc = subprocess.Popen(
        [nginx, "-c", str(conf), "-p", str(tmp_path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}/desk-1/voila/static/chunk.js"
        deadline = time.monotonic() + 20
        while True:
            try:
                status, headers, body = _get(url, **{"Accept-Encoding": "gzip"})
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert status == 200
        assert headers.get("Content-Encoding") == "gzip"
        assert gzip.decompress(body) == _PlainBackend.body
        assert "Accept-Encoding" in headers.get("Vary", "")
        _, headers, body = _get(url)
        assert "Content-Encoding" not in headers and body == _PlainBackend.body
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        backend.shutdown()
