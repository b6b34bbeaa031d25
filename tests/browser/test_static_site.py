"""The static site (``scripts/build-static``) in a real browser, served by nginx.

The site is built once per test session into a temporary folder and served by nginx with the
static-host recipe (``deploy/static_host.py``: the build's precompressed copies, cache
headers). Every request to another host is aborted. The calculators must give the server
app's answers (the same figures as ``test_vtm_browser.py``), also from a shared link, and after
one visit of one page every page must open and compute with the network cut.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from packaging.utils import canonicalize_name
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from support.servers import free_port

from deploy.static_host import nginx_config
from deploy.static_site import PYODIDE_START

pytestmark = pytest.mark.browser

PAGES = (
    "00_index",
    "vtes_damage",
    "vtes_combat",
    "vtes_table",
    "dracula",
    "vtm_dice",
    "rules_reference",
    "vtes_cards",
    "vtes_deck_odds",
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
    """The built site served by nginx with the recipe of ``deploy/static_host.py``."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(binary).exists():
        pytest.fail("nginx is missing: the test command installs it (apt-get install -y nginx)")
    port = free_port()
    work = tmp_path_factory.mktemp("static-nginx")
    conf = work / "nginx.conf"
    conf.write_text(nginx_config(static_site, f"127.0.0.1:{port}", work))
    server = subprocess.Popen(
        [binary, "-c", str(conf), "-p", str(work)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{url}/index.html", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_host_sends_the_precompressed_copies(static_site: Path, static_url: str) -> None:
    core = "static/pyodide/pyodide.asm.wasm"
    request = urllib.request.Request(f"{static_url}/{core}", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.headers["Content-Encoding"] == "gzip"
        assert response.headers["Content-Type"] == "application/wasm"
        body = response.read()
    assert body == (static_site / f"{core}.gz").read_bytes()
    assert gzip.decompress(body) == (static_site / core).read_bytes()
    assert (static_site / f"{core}.br").stat().st_size < len(body)


def test_the_kernel_starts_without_what_pages_fetch_on_demand(static_site: Path) -> None:
    lite = json.loads((static_site / "jupyter-lite.json").read_text())
    settings = lite["jupyter-config-data"]["litePluginSettings"]
    preload = settings["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    lock = json.loads((static_site / "static/pyodide/pyodide-lock.json").read_text())["packages"]
    loaded: set[str] = set()
    todo = list(preload["packages"])
    while todo:
        name = canonicalize_name(todo.pop())
        if name not in loaded:
            loaded.add(name)
            todo.extend(lock[name]["depends"])
    assert "vampire-rules-desk" in loaded and "ipywidgets" in loaded
    assert not loaded & {"sympy", "mpmath", "parso"}
    assert {"sympy", "mpmath"} <= set(lock)  # on the site, fetched when asked for
    assert lock["jedi"]["file_name"] == "jedi-0.0.0-py3-none-any.whl"  # an empty placeholder
    # what the kernel would install one by one as it starts comes with the rest, as it spells it
    assert {"micropip", "piplite", "ipykernel", "pyodide_kernel"} <= set(preload["packages"])


def _members(archive: Path) -> set[str]:
    with zipfile.ZipFile(archive) as opened:
        return set(opened.namelist())


def test_what_the_kernel_imports_as_it_starts_comes_compiled(static_site: Path) -> None:
    folder = static_site / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())["packages"]
    stdlib = _members(folder / "python_stdlib.zip")
    assert {"json/__init__.pyc", "asyncio/base_events.pyc", "typing.pyc"} <= stdlib
    assert "json/__init__.py" not in stdlib and "imaplib.py" in stdlib  # not imported: source
    ipython = _members(folder / lock["ipython"]["file_name"])
    assert "IPython/core/interactiveshell.pyc" in ipython
    # IPython's terminal comes on first use of IPython.embed: not imported, not loaded at start
    assert "IPython/terminal/embed.py" in ipython and "IPython/terminal/embed.pyc" not in ipython
    assert "prompt-toolkit" in lock and "prompt-toolkit" not in lock["ipython"]["depends"]
    desk = _members(folder / lock["vampire-rules-desk"]["file_name"])
    folders = {"00_index": "landing", "rules_reference": "reference", "vtes_deck_odds": "deck_odds"}
    for page in PAGES:  # each page's module, compiled as its first cell imports it
        name = folders.get(page, page)
        assert f"calculators/pages/{name}/page.pyc" in desk, page
    assert not any(n.endswith((".po", ".pot")) for n in desk)  # the kernel reads the .mo
    assert "rules/i18n/locale/ru/LC_MESSAGES/desk.mo" in desk
    for wheel in ("anywidget", "jupyterlab-widgets"):
        assert not any("labextension" in n for n in _members(folder / lock[wheel]["file_name"]))
    lexers = {n for n in _members(folder / lock["pygments"]["file_name"]) if "/lexers/" in n}
    assert lexers == {
        "pygments/lexers/__init__.pyc",
        "pygments/lexers/_mapping.pyc",
        "pygments/lexers/python.pyc",
    }
    # every page's kernel loads Pyodide through the desk's start (the drive looked in last)
    page = (static_site / "voici" / "render" / "vtm_dice.html").read_text()
    assert f'"pyodideUrl": "../../static/pyodide/{PYODIDE_START}"' in page
    assert (folder / PYODIDE_START).read_bytes() == (REPO / "deploy" / PYODIDE_START).read_bytes()
    for entry in lock.values():  # the lock names the wheels as they now are
        data = (folder / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["name"]


_STARTUP_STATE = """() => {
  const box = document.querySelector(".desk-startup");
  const ready = document.querySelector(".calc-ready");
  return [box && !box.hidden ? box.innerText : null, Boolean(ready && ready.offsetParent)];
}"""


_STUCK_STATE = """() => {
  const box = document.querySelector(".desk-startup");
  return {
    startup: box ? (box.hidden ? "(hidden)" : box.innerText) : "(none)",
    controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
    errors: [...document.querySelectorAll(".calc-error, .calc-internal-error")]
      .map((el) => el.innerText.trim().slice(0, 300)).filter(Boolean),
  };
}"""


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
        self.console: list[str] = []  # the page's and its kernel worker's, for a failure's message
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text[:300]}"))

    def wait_ready(self, name: str) -> None:
        """Wait for the page's calculator; a page that never gets there fails with what it
        showed and logged, and whether the service worker controlled it."""
        try:
            self.page.wait_for_selector(".calc-ready", state="visible")
        except PlaywrightTimeout:
            state = self.page.evaluate(_STUCK_STATE)
            raise AssertionError(
                f"{name}: no calculator after {READY_SECONDS} s at {self.page.url}; page: {state};"
                f" page errors: {self.errors}; last console lines: {self.console[-25:]}"
            ) from None

    def _route(self, route: Any) -> None:
        if route.request.url.startswith(self.url + "/"):
            route.continue_()
        else:
            self.other_hosts.append(route.request.url)
            route.abort()

    def open_watching(self, name: str, query: str = "") -> tuple[float, list[str]]:
        """Open a page as :meth:`open` does; also returns every text its start-up box showed."""
        start = time.monotonic()
        self.page.goto(f"{self.url}/voici/render/{name}.html{query}", wait_until="commit")
        seen: list[str] = []
        while time.monotonic() - start < READY_SECONDS:
            try:
                said, ready = self.page.evaluate(_STARTUP_STATE)
            except PlaywrightError:  # the page is still arriving
                said, ready = None, False
            if said and said not in seen:
                seen.append(said)
            if ready:
                break
            time.sleep(0.1)
        self.wait_ready(name)
        # gone once the page shows (the box looks every 200 ms)
        self.page.wait_for_selector(".desk-startup", state="hidden", timeout=5_000)
        return time.monotonic() - start, seen

    def open(self, name: str, query: str = "") -> float:
        """Open a page, wait until its calculator is ready; returns the seconds it took."""
        start = time.monotonic()
        self.page.goto(f"{self.url}/voici/render/{name}.html{query}")
        self.wait_ready(name)
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
    page.wait_for_selector(".vtm-botch >> text=Провал: 6,10 %")
    assert page.locator(".vtm-dice-typed input").input_value() == "3"
    assert page.url.endswith("vtm_dice.html?lang=ru&dice=3")


def test_one_visit_of_one_page_keeps_every_page_for_offline_use(visit: _Visit) -> None:
    page = visit.page
    # a fresh browser opens a shared link: the page follows its address as the server app does
    first, said = visit.open_watching("vtm_dice", "?lang=ru&dice=3")
    _dice_page_follows_its_address(page)
    # while Python downloads, the page says how much has arrived, and that it happens once
    counted = [
        text
        for text in said
        if re.search(r"Загрузка Python и калькуляторов: [\d,]+ из [\d,]+ МБ", text)
    ]
    assert counted and "один раз" in counted[0], said
    start = time.monotonic()
    page.wait_for_selector(".calc-offline >> text=Доступно без сети", state="visible")
    kept = time.monotonic() - start

    # JupyterLite's record of its worker's version is there, so the next page keeps the worker
    # instead of unregistering it (it would find no network to install it again)
    recorded = page.evaluate(
        """() => Object.keys(localStorage).filter((k) => k.includes("service-worker.js")
                 && k.endsWith("-version") && localStorage.getItem(k))"""
    )
    assert recorded, "no service worker version recorded"
    # the reader comes back later: the browser has stopped the idle worker (it starts again on
    # the next page) and its own cache of the files has expired; only the kept copies remain
    session = visit.context.new_cdp_session(page)
    session.send("ServiceWorker.enable")
    session.send("ServiceWorker.stopAllWorkers")
    session.send("Network.clearBrowserCache")
    session.detach()
    visit.context.set_offline(True)  # every other page opens and computes with no network
    offline, said = visit.open_watching("00_index")
    assert not said or all("this browser's copy" in text or "Starting" in text for text in said)
    assert "VTES damage resolution" in page.inner_text("body")
    link = page.locator("a.calc-page-link", has_text="V:tM dice pools").first
    assert ".html?" in str(link.get_attribute("href"))
    link.click()  # a page's address with a query, opened from the kept copy of the page
    page.wait_for_url("**/vtm_dice.html?*")
    visit.wait_ready("vtm_dice")
    _dice_page_computes(page)
    # sympy is not loaded while the kernel starts: the page fetches it (here: the kept copy)
    page.locator(".vtm-closed-forms input").check()
    page.wait_for_selector(".vtm-forms >> text=dice rolled, d = difficulty")
    for name in PAGES:
        if name not in ("00_index", "vtm_dice"):  # opened above
            visit.open(name)
            assert page.locator(".calc-offline").is_visible()
            assert not page.locator(".calc-error").first.is_visible()
    print(
        f"static site: first page {first:.1f} s, kept for offline use {kept:.1f} s later, "
        f"offline {offline:.1f} s"
    )
