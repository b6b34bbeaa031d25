"""The static site (``scripts/build-static``) in a real browser, served by ``http.server``.

The site is built once per test session into a temporary folder. Every request to another
host is aborted. The calculators must give the server app's answers (the same figures as
``test_vtm_browser.py``), also from a shared link, and after one visit of one page every page
must open and compute with the network cut.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.servers import free_port, running

pytestmark = pytest.mark.browser

PAGES = (
    "00_index",
    "vtes_damage",
    "vtes_combat",
    "vtes_table",
    "dracula",
    "vtm_dice",
    "rules_reference",
)
READY_SECONDS = 240
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("static") / "site"
    subprocess.run(
        [sys.executable, "-m", "deploy.static_site", str(out)],
        cwd=REPO,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return out


@pytest.fixture(scope="session")
def static_url(static_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    log = tmp_path_factory.mktemp("static-log") / "http.log"
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]
    url = f"http://127.0.0.1:{port}"
    with running([*command, "--directory", str(static_site)], f"{url}/index.html", log, seconds=30):
        yield url


class _Visit:
    """One browser profile on the site: other hosts blocked, console errors recorded."""

    def __init__(self, context: Any, url: str) -> None:
        self.context = context
        self.url = url
        self.other_hosts: list[str] = []
        self.errors: list[str] = []
        context.route("**/*", self._route)
        self.page = context.new_page()
        self.page.set_default_timeout(READY_SECONDS * 1000)
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))

    def _route(self, route: Any) -> None:
        if route.request.url.startswith(self.url + "/"):
            route.continue_()
        else:
            self.other_hosts.append(route.request.url)
            route.abort()

    def open(self, name: str, query: str = "") -> float:
        """Open a page, wait until its calculator is ready; returns the seconds it took."""
        start = time.monotonic()
        self.page.goto(f"{self.url}/voici/render/{name}.html{query}")
        self.page.wait_for_selector(".calc-ready", state="visible")
        return time.monotonic() - start


@pytest.fixture
def visit(browser: Any, static_url: str) -> Iterator[_Visit]:
    context = browser.new_context()
    visit = _Visit(context, static_url)
    yield visit
    body = visit.page.inner_text("body")
    assert "Traceback" not in body and "Error displaying widget" not in body
    assert visit.page.locator(".calc-internal-error").count() == 0
    assert not visit.errors, visit.errors
    assert not visit.other_hosts, f"the site asked other hosts for {visit.other_hosts}"
    context.close()


def _botch(page: Any) -> str:
    return str(page.inner_text(".vtm-botch")).strip()


def _dice_page_computes(page: Any) -> None:
    """The server app's figures (``test_vtm_browser.py``): 6 dice, then 7 by the arrow key."""
    page.wait_for_selector(".vtm-botch >> text=Botch: 1.15%")
    handle = page.locator(".vtm-dice .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    page.wait_for_selector(".vtm-botch >> text=Botch: 0.62%")
    assert page.locator(".vtm-dice-typed input").input_value() == "7"


def _dice_page_follows_its_address(page: Any) -> None:
    """``?lang=ru&dice=3``: the server app's figure (``test_vtm_browser.py``), the address kept."""
    page.wait_for_selector(".vtm-botch >> text=Провал: 6.10%")
    assert page.locator(".vtm-dice-typed input").input_value() == "3"
    assert page.url.endswith("vtm_dice.html?lang=ru&dice=3")


def test_one_visit_of_one_page_keeps_every_page_for_offline_use(visit: _Visit) -> None:
    page = visit.page
    # a fresh browser opens a shared link: the page follows its address as the server app does
    first = visit.open("vtm_dice", "?lang=ru&dice=3")
    _dice_page_follows_its_address(page)
    start = time.monotonic()
    page.wait_for_selector(".calc-offline >> text=Доступно без сети", state="visible")
    kept = time.monotonic() - start

    visit.context.set_offline(True)  # every other page opens and computes with no network
    offline = visit.open("00_index")
    assert "VTES damage resolution" in page.inner_text("body")
    link = page.locator("a.calc-page-link", has_text="V:tM dice pools").first
    assert ".html?" in str(link.get_attribute("href"))
    link.click()  # a page's address with a query, opened from the kept copy of the page
    page.wait_for_url("**/vtm_dice.html?*")
    page.wait_for_selector(".calc-ready", state="visible")
    _dice_page_computes(page)
    for name in PAGES:
        if name not in ("00_index", "vtm_dice"):  # opened above
            visit.open(name)
            assert page.locator(".calc-offline").is_visible()
            assert not page.locator(".calc-error").first.is_visible()
    print(
        f"static site: first page {first:.1f} s, kept for offline use {kept:.1f} s later, "
        f"offline {offline:.1f} s"
    )
