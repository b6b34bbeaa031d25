"""The static site's precompressed copies, served by the nginx recipe (``deploy/static_host.py``).

A small site is written, precompressed as the build does it and served by nginx on loopback:
a visitor that accepts brotli or gzip gets the copy as it is, one that accepts neither gets the
file; content-hashed files are kept for a year, every other file revalidated after 10 minutes.
``tests/test_static_site.py`` serves the whole built site with the same recipe in a browser.
"""

from __future__ import annotations

import gzip
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest

from deploy.cluster import free_port
from deploy.static_host import BROTLI_MODULE, nginx_config
from deploy.static_site import offline_files, precompress

SCRIPT = b"const answer = 42; // " + b"the same words again and again " * 200
HASHED = "build/1234.5f3a9c0e1b2d4a6f7e8c.js"


def _site(root: Path) -> Path:
    for path, data in {
        "voici/render/dracula.html": b"<html>" + b"<p>Dracula</p>" * 300 + b"</html>",
        HASHED: SCRIPT,
        "static/pyodide/pyodide.asm.wasm": b"\0asm" + bytes(range(256)) * 64,
        "static/pyodide/tiny.json": b"{}",
        "static/pyodide/desk-0.1-py3-none-any.whl": b"PK\3\4" + bytes(2000),
    }.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    return root


def test_copies_are_written_where_they_make_a_file_smaller(tmp_path: Path) -> None:
    site = _site(tmp_path)
    plain, sent = precompress(site)
    script = site / HASHED
    assert brotli.decompress(script.with_name(script.name + ".br").read_bytes()) == SCRIPT
    assert gzip.decompress(script.with_name(script.name + ".gz").read_bytes()) == SCRIPT
    assert script.with_name(script.name + ".gz").stat().st_mtime == script.stat().st_mtime
    assert (site / "voici/render/dracula.html.br").exists()
    # nothing to gain: a two-byte file, a wheel (a zip archive already)
    assert not list(site.glob("static/pyodide/tiny.json.*"))
    assert not list(site.glob("static/pyodide/*.whl.*"))
    assert sent < plain / 5
    # the copies are the host's business: the offline store keeps each file once
    assert not [f for f in offline_files(site) if f.endswith((".br", ".gz"))]


@pytest.fixture
def nginx(tmp_path: Path) -> Iterator[str]:
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        pytest.fail("nginx is missing: the test command installs it (apt-get install -y nginx)")
    site = _site(tmp_path / "site")
    precompress(site)
    work = tmp_path / "nginx"
    work.mkdir()
    port = free_port()
    conf = work / "nginx.conf"
    conf.write_text(nginx_config(site, f"127.0.0.1:{port}", work))
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    server = subprocess.Popen([binary, "-c", str(conf), "-p", str(work)], stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(f"{url}/{HASHED}", timeout=2).close()
                break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def _get(url: str, accept: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    with urllib.request.urlopen(request, timeout=10) as response:
        return {k.lower(): v for k, v in response.headers.items()}, response.read()


def test_nginx_sends_the_copy_a_visitor_accepts(nginx: str) -> None:
    headers, body = _get(f"{nginx}/{HASHED}", "gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == SCRIPT
    assert "accept-encoding" in headers["vary"].lower()
    headers, body = _get(f"{nginx}/{HASHED}", "identity")
    assert "content-encoding" not in headers and body == SCRIPT
    if BROTLI_MODULE.exists():  # Debian's libnginx-mod-http-brotli-static
        headers, body = _get(f"{nginx}/{HASHED}", "br, gzip")
        assert headers["content-encoding"] == "br" and brotli.decompress(body) == SCRIPT


def test_nginx_keeps_hashed_files_long_and_revalidates_the_rest(nginx: str) -> None:
    headers, _ = _get(f"{nginx}/{HASHED}", "gzip")
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    headers, _ = _get(f"{nginx}/voici/render/dracula.html", "gzip")
    assert headers["cache-control"] == "public, max-age=600"
    assert "last-modified" in headers and headers["content-type"].startswith("text/html")
    headers, _ = _get(f"{nginx}/static/pyodide/pyodide.asm.wasm", "gzip")
    assert headers["content-type"] == "application/wasm"
