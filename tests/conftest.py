"""Shared fixtures: a Voila server started from the repository root and a browser page on it.

The browser is the system's Chromium (Debian package ``chromium``), driven by Playwright;
nothing is downloaded. Requests to any host but the local server are aborted.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO.parent / "shared" / "seeds"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDGET_ERRORS = ("Failed to load model class", "Error displaying widget", "Traceback")
# Console errors that the Voila template produces on its own and that say nothing about the
# page: the icon stylesheet on a CDN (we abort it), leaving a page (shutdown answers 403) and
# the tree page asking for kernels (404).
HARMLESS_CONSOLE = (
    re.compile(r"net::ERR_FAILED"),
    re.compile(r"status of 403"),
    re.compile(r"status of 404"),
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited early:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"voila did not answer {url} in {seconds} s")


def _wait_for_pools(proc: subprocess.Popen[bytes], log: Path, seconds: float) -> None:
    """Wait until Voila has preheated the kernel pool of every notebook.

    "Filled" in the log means the kernels started; they then run their notebooks. Pages opened
    while a dozen kernels still run their notebooks on two cores would measure the start-up,
    not the page, so also wait until the kernels are quiet.
    """
    import psutil

    notebooks = {path.name for path in (REPO / "notebooks").glob("*.ipynb")}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        filled = set(re.findall(r"Kernel pool of (\S+) is filled", log.read_text(errors="replace")))
        if notebooks <= filled:
            break
        time.sleep(0.5)
    server = psutil.Process(proc.pid)
    quiet = 0
    while time.monotonic() < deadline and quiet < 3:
        kernels = server.children(recursive=True)
        busy = 0.0
        for kernel in kernels:
            with contextlib.suppress(psutil.Error):
                busy += kernel.cpu_percent(interval=None)
        time.sleep(1)
        for kernel in kernels:
            with contextlib.suppress(psutil.Error):
                busy += kernel.cpu_percent(interval=None)
        quiet = quiet + 1 if busy < 20 else 0


INTERNAL_ERROR = "calculator internal error"
"""What the kit logs (with an id and the traceback) when a page hits a non-rule exception."""
_SERVER_LOG: dict[str, Path] = {}
_SERVER_PROC: dict[str, subprocess.Popen[bytes]] = {}


class _InternalErrors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.found: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if INTERNAL_ERROR in record.getMessage():
            self.found.append(f"{record.getMessage()}: {record.exc_info and record.exc_info[1]!r}")


@pytest.fixture(autouse=True)
def no_internal_errors(request: pytest.FixtureRequest) -> Iterator[_InternalErrors]:
    """Fail any test during which a calculator shows an internal error (not a rule error).

    Tests that provoke one on purpose are marked ``internal_error_expected``.
    """
    watcher = _InternalErrors()
    logger = logging.getLogger("calculators")
    logger.addHandler(watcher)
    try:
        yield watcher
    finally:
        logger.removeHandler(watcher)
    if request.node.get_closest_marker("internal_error_expected") is None:
        assert not watcher.found, f"a page showed an internal error: {watcher.found}"


@contextlib.contextmanager
def desk_server(log: Path, *args: str, env: dict[str, str] | None = None) -> Iterator[str]:
    """The desk's server (``calculators.server``) on ``notebooks/`` from the repository root (so it
    reads ``voila.json``), on a free port, logging to ``log``; yields its base address once it
    answers, and stops it afterwards."""
    port = _free_port()
    command = [
        sys.executable,
        "-m",
        "calculators.server",
        "notebooks/",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        *args,
    ]
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=REPO, stdout=out, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    _SERVER_PROC[base] = proc
    try:
        _wait_until_up(f"{base}/voila/static/voila.js", proc, log, 120)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The desk's server with its preheated kernel pools filled and quiet."""
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    _SERVER_LOG["voila"] = log
    with desk_server(log) as base:
        _wait_for_pools(_SERVER_PROC[base], log, 300)
        yield base


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch the system Chromium; never a downloaded browser."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.fail(
            "Chromium is not installed: install Debian's package with "
            "'apt-get install -y chromium' (the test command does this when run as root)."
        )
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_ARGS}


def _is_local(url: str) -> bool:
    return re.match(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/", url) is not None or (
        not re.match(r"^(https?|wss?)://", url)
    )


class ConsoleLog:
    def __init__(self) -> None:
        self.errors: list[str] = []

    def on_console(self, message: Any) -> None:
        if message.type != "error":
            return
        text = message.text
        if any(pattern.search(text) for pattern in HARMLESS_CONSOLE):
            return
        self.errors.append(text)

    def on_page_error(self, error: Any) -> None:
        self.errors.append(f"page error: {error}")


@pytest.fixture
def open_page(page: Any, voila_url: str) -> Iterator[Callable[..., Any]]:
    """Open a notebook as Voila renders it and wait for its calculator to be ready.

    ``open_page("vtm_dice.ipynb", "?lang=ru")`` returns the Playwright page. At teardown the
    page must show no widget error text and the console no unexpected error.
    """
    console = ConsoleLog()
    page.on("console", console.on_console)
    page.on("pageerror", console.on_page_error)
    page.route(
        "**/*",
        lambda route: route.continue_() if _is_local(route.request.url) else route.abort(),
    )
    page.set_default_timeout(120_000)
    page.set_default_navigation_timeout(180_000)
    server_log = _SERVER_LOG["voila"]
    log_start = server_log.stat().st_size

    def _open(name: str, query: str = "", ready: str = ".calc-ready") -> Any:
        page.goto(f"{voila_url}/voila/render/{name}{query}", wait_until="domcontentloaded")
        page.wait_for_selector(ready, state="visible", timeout=180_000)
        return page

    yield _open
    body = page.inner_text("body") if page.url.startswith("http") else ""
    for marker in WIDGET_ERRORS:
        assert marker not in body, f"the page shows {marker!r}"
    assert not console.errors, f"console errors: {console.errors}"
    assert page.locator(".calc-internal-error").count() == 0, "the page shows an internal error"
    with server_log.open("rb") as f:
        f.seek(log_start)
        logged = f.read().decode("utf-8", errors="replace")
    # the kernels' records reach the server's log (see calculators/kit/banner.py)
    assert INTERNAL_ERROR not in logged, f"the server logged an internal error:\n{logged}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "open_page" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The Russian source rules, when present beside the project (tests skip otherwise)."""
    if not SEEDS.is_dir():
        pytest.skip("the source rules folder ../shared/seeds is not present")
    return SEEDS


os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
