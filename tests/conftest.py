"""Shared fixtures: a Voila server started from the repository root and a browser page on it.

The browser is the system's Chromium (Debian package ``chromium``), driven by Playwright;
nothing is downloaded. Requests to any host but the local server are aborted.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from support.servers import is_local, voila_server

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


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The desk's server with its preheated kernel pools filled and quiet."""
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    _SERVER_LOG["voila"] = log
    # two kernels ready per page (the box's own sizing would preheat 33, most never used by a
    # test, and two such servers start side by side): a test that needs a third gets one forked
    # from the nursery at once, as a visitor past the pools does
    pools = "--VoilaKernelManager.kernel_pools_config=" + json.dumps({"default": {"pool_size": 2}})
    with voila_server(log, pools, seconds=120) as server:
        _wait_for_pools(server.proc, log, 300)
        yield server.url


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
        lambda route: route.continue_() if is_local(route.request.url) else route.abort(),
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


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The Russian source rules, when present beside the project (tests skip otherwise)."""
    if not SEEDS.is_dir():
        pytest.skip("the source rules folder ../shared/seeds is not present")
    return SEEDS


os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
