"""One app whichever way Voila is started: plain ``voila notebooks/`` serves the desk's template.

``voila.json`` names the desk's template and the package installs it where Voila looks for
templates (``calculators/server/template_install.py``), so the pages a visitor gets from plain
Voila are the desk server's: nothing asked of another host, no test-only cell shown.
"""

from __future__ import annotations

import contextlib
import shutil
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from support.servers import READY_PATH, free_port, running

from calculators.server.template_install import SOURCE, installed_path

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser


@contextlib.contextmanager
def plain_voila(log: Path) -> Iterator[str]:
    """``voila notebooks/`` as a visitor's own setup starts it: the ``voila`` command from the
    repository root (so it reads ``voila.json``), with no option of the desk's server."""
    voila = shutil.which("voila", path=str(Path(sys.executable).parent))
    assert voila is not None, "the voila command is not installed beside this Python"
    port = free_port()
    command = [voila, "notebooks/", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    base = f"http://127.0.0.1:{port}"
    with running(command, f"{base}{READY_PATH}", log, seconds=120):
        yield base


def test_the_template_is_where_voila_looks() -> None:
    installed = installed_path()
    assert (installed / "index.html.j2").read_text() == (SOURCE / "index.html.j2").read_text()


def test_plain_voila_serves_the_desks_pages_from_its_own_host(page: Any, tmp_path: Path) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.set_default_timeout(180_000)
    with plain_voila(tmp_path / "voila.log") as base:
        with urllib.request.urlopen(f"{base}/voila/render/vtes_damage.ipynb", timeout=180) as r:
            served = r.read().decode("utf-8")
        # the desk's template: the page's snapshot, and the front end fetched after it
        assert 'class="desk-snapshot"' in served and 'id="desk-front-end"' in served
        page.goto(f"{base}/voila/render/vtes_damage.ipynb", wait_until="domcontentloaded")
        page.wait_for_selector(".calc-ready", state="visible")
        page.wait_for_load_state("networkidle")
        shown = page.inner_text("body")
    assert "VTES damage resolution" in shown
    assert "Krid: ready, 1 blood" not in shown  # the notebook's test-only cell is not run
    here = urlsplit(base).netloc
    elsewhere = sorted(
        {url for url in asked if urlsplit(url).scheme in ("http", "https", "ws", "wss")}
        - {url for url in asked if urlsplit(url).netloc == here}
    )
    assert elsewhere == [], f"the page asked another host: {elsewhere}"
