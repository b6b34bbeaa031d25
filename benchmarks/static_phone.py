"""The static site on a phone-like connection, before and after, beside the server app; one run.

Each page gets a first visit (a fresh browser profile on disk) and a repeat visit (the same
profile, a new tab, once the page said "Available offline" or after 120 s) on:

- ``before``: the static site built from an earlier commit (``--before-ref``, default ``main``;
  or a built folder, ``--before``);
- ``after``: the static site built from this tree (or ``--after``);
- ``server``: the desk's server app (``benchmarks/phone.py``'s setup and Chromium's emulation).

The static sites are served by a throttling host written here, so that the phone's connection
applies to every request, those of the kernel's web worker and of the service worker included:
9 Mbit/s down shared by all connections, 150 ms for each request's round trip (another for a
new connection), gzip as common static hosts send it (the build's ``.gz`` copy where there is
one, otherwise compressed on the fly), ``Last-Modified`` with a 10-minute ``max-age`` and 304
answers. Bytes are counted at that host (headers included) up to the page's first result and
until the visit ends; times are from navigation to the first result.

    .venv/bin/python benchmarks/static_phone.py [--only vtm_dice] [--before-ref main]

Prints one table, the load averages, and the after/before ratio of every figure. A visit that
does not show its result in 240 s is marked ``timeout``.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import gzip
import json
import mimetypes
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
import phone  # noqa: E402  (the server app's phone setup)

DOWN_BITS = phone.DOWN_BITS
ROUND_TRIP = phone.ROUND_TRIP_MS / 1000
MAX_AGE = 600
TEXT = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".txt", ".ipynb", ".zip", ".map")
PAGES = [name.removesuffix(".ipynb") for name in phone.RESULTS]
LIMIT = 240.0


class Link:
    """The phone's downlink: every byte of every connection passes through one bucket."""

    def __init__(self, bits: float) -> None:
        self.rate = bits / 8
        self.lock = threading.Lock()
        self.free_at = time.monotonic()
        self.bytes = 0

    def send(self, sock: Any, data: bytes) -> None:
        for start in range(0, len(data), 16384):
            chunk = data[start : start + 16384]
            with self.lock:
                now = time.monotonic()
                self.free_at = max(self.free_at, now) + len(chunk) / self.rate
                wait = self.free_at - now
                self.bytes += len(chunk)
            if wait > 0:
                time.sleep(wait)
            sock.sendall(chunk)


def handler(root: Path, link: Link) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        fresh = True

        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            time.sleep(ROUND_TRIP * (2 if self.fresh else 1))  # a new connection: one more
            self.fresh = False
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            target = (root / path.lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            if root.resolve() not in target.parents or not target.is_file():
                self._answer(404, {}, b"not found")
                return
            stamp = int(target.stat().st_mtime)
            since = self.headers.get("If-Modified-Since")
            headers = {
                "Last-Modified": email.utils.formatdate(stamp, usegmt=True),
                "Cache-Control": f"max-age={MAX_AGE}",
                "Content-Type": mimetypes.guess_type(target.name)[0]
                or ("application/wasm" if target.suffix == ".wasm" else "application/octet-stream"),
                "Vary": "Accept-Encoding",
            }
            if since:
                with contextlib.suppress(TypeError, ValueError):
                    if email.utils.parsedate_to_datetime(since).timestamp() >= stamp:
                        self._answer(304, headers, b"")
                        return
            body = target.read_bytes()
            if "gzip" in self.headers.get("Accept-Encoding", "") and target.suffix in TEXT:
                copy = target.with_name(target.name + ".gz")
                body = copy.read_bytes() if copy.exists() else gzip.compress(body, 6, mtime=0)
                headers["Content-Encoding"] = "gzip"
            self._answer(200, headers, body)

        def _answer(self, status: int, headers: dict[str, str], body: bytes) -> None:
            lines = [f"HTTP/1.1 {status} {self.responses[status][0]}"]
            lines += [f"{k}: {v}" for k, v in headers.items()]
            lines += [f"Content-Length: {len(body)}", "", ""]
            link.send(self.connection, "\r\n".join(lines).encode() + body)

    return Handler


@dataclass
class Site:
    name: str
    url: str
    link: Link


@contextlib.contextmanager
def host(name: str, root: Path) -> Iterator[Site]:
    link = Link(DOWN_BITS)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler(root, link))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(name, f"http://127.0.0.1:{server.server_address[1]}", link)
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Figures:
    first_mb: float = float("nan")
    first_s: float = float("nan")
    repeat_mb: float = float("nan")
    repeat_s: float = float("nan")
    kept_mb: float = float("nan")  # what the first visit moved until "Available offline"


def _static_visit(context: Any, site: Site, page_name: str, result: str) -> tuple[float, float]:
    """Seconds to the first result and MB moved until then (NaN, NaN on a timeout)."""
    page = context.new_page()
    page.add_init_script(phone.WATCH.replace("RESULT", json.dumps(result)))
    before = site.link.bytes
    page.goto(f"{site.url}/voici/render/{page_name}.html", wait_until="commit", timeout=60_000)
    try:
        page.wait_for_function(
            "window.__deskMarks && window.__deskMarks.result !== null", timeout=LIMIT * 1000
        )
    except PlaywrightTimeout:
        return float("nan"), float("nan")
    moved = (site.link.bytes - before) / 1e6
    return page.evaluate("window.__deskMarks.result") / 1000, moved


def measure_static(chromium: Any, site: Site, page_name: str, result: str, work: Path) -> Figures:
    out = Figures()
    profile = Path(tempfile.mkdtemp(prefix="profile-", dir=work))
    context = chromium.launch_persistent_context(
        str(profile),
        executable_path=shutil.which("chromium"),
        args=phone.ARGS,
        viewport=phone.SCREEN,
        is_mobile=True,
        has_touch=True,
    )
    try:
        start = site.link.bytes
        out.first_s, out.first_mb = _static_visit(context, site, page_name, result)
        page = context.pages[-1]
        with contextlib.suppress(PlaywrightTimeout):  # a reader stays on the page a while
            page.wait_for_selector(".calc-offline", state="visible", timeout=120_000)
        out.kept_mb = (site.link.bytes - start) / 1e6
        page.close()
        out.repeat_s, out.repeat_mb = _static_visit(context, site, page_name, result)
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
    return out


def measure_server(chromium: Any, srv: Any, notebook: str, work: Path) -> Figures:
    out = Figures()
    profile = Path(tempfile.mkdtemp(prefix="profile-", dir=work))
    context = chromium.launch_persistent_context(
        str(profile),
        executable_path=shutil.which("chromium"),
        args=phone.ARGS,
        viewport=phone.SCREEN,
        is_mobile=True,
        has_touch=True,
    )
    url = f"{srv.base}/voila/render/{notebook}"
    try:
        first = phone.visit(context, url, phone.RESULTS[notebook], worker=True)
        phone.wait_quiet([srv])
        repeat = phone.visit(context, url, phone.RESULTS[notebook])
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
    if first.complete:
        out.first_s, out.first_mb = first.first_result, first.wire_bytes / 1e6
    if repeat.complete:
        out.repeat_s, out.repeat_mb = repeat.first_result, repeat.wire_bytes / 1e6
    return out


def build_site(ref: str | None, into: Path) -> Path:
    """The static site of ``ref`` (a temporary checkout) or of this tree (``None``)."""
    into = into.resolve()
    if (into / "voici").is_dir():
        return into
    cache = REPO / "build" / "cache"
    if ref is None:
        subprocess.run(
            [sys.executable, "-m", "deploy.static_site", str(into), "--cache", str(cache)],
            cwd=REPO,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        return into
    checkout = Path(tempfile.mkdtemp(prefix="before-"))
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(checkout), ref],
        cwd=REPO,
        check=True,
        capture_output=True,
    )
    try:
        subprocess.run(
            [sys.executable, "-m", "deploy.static_site", str(into), "--cache", str(cache)],
            cwd=checkout,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(checkout)],
            cwd=REPO,
            check=False,
            capture_output=True,
        )
    return into


def _cell(value: float, unit: str, measured: bool = True) -> str:
    if not measured:
        return "-"
    return "timeout" if value != value else f"{value:.1f} {unit}"


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="a page (vtm_dice); may repeat")
    parser.add_argument("--before", help="a built site to measure as 'before'")
    parser.add_argument("--before-ref", default="main", help="or the commit to build it from")
    parser.add_argument("--after", help="a built site to measure as 'after' (default: build)")
    parser.add_argument("--no-server", action="store_true", help="leave the server app out")
    args = parser.parse_args(argv)
    pages = args.only or PAGES
    bench = REPO / "build" / "bench"
    bench.mkdir(parents=True, exist_ok=True)
    before = Path(args.before) if args.before else build_site(args.before_ref, bench / "before")
    after = Path(args.after) if args.after else build_site(None, bench / "after")
    results: dict[tuple[str, str], Figures] = {}
    loads = [os.getloadavg()]
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        work = Path(scratch)
        chromium = playwright.chromium
        server_cm = (
            contextlib.nullcontext(None)
            if args.no_server
            else phone.server(False, [f"{p}.ipynb" for p in pages], work)
        )
        with host("before", before) as old, host("after", after) as new, server_cm as srv:
            if srv is not None:
                phone.wait_ready(srv, [f"{p}.ipynb" for p in pages])
            for name in pages:
                result = phone.RESULTS[f"{name}.ipynb"]
                for site in (old, new):
                    results[(name, site.name)] = measure_static(chromium, site, name, result, work)
                    print(name, site.name, results[(name, site.name)], flush=True)
                if srv is not None:
                    results[(name, "server")] = measure_server(chromium, srv, f"{name}.ipynb", work)
                    print(name, "server", results[(name, "server")], flush=True)
                loads.append(os.getloadavg())
    print()
    print(
        "| page | site | first visit: MB to result | s to result | MB until kept offline "
        "| repeat: MB | s |"
    )
    print("|---|---|---|---|---|---|---|")
    for (name, kind), f in results.items():
        print(
            f"| {name} | {kind} | {_cell(f.first_mb, 'MB')} | {_cell(f.first_s, 's')} | "
            f"{_cell(f.kept_mb, 'MB', kind != 'server')} | {_cell(f.repeat_mb, 'MB')} | "
            f"{_cell(f.repeat_s, 's')} |"
        )
    print()
    for name in pages:
        a, b = results[(name, "after")], results[(name, "before")]
        print(
            f"{name}: after/before first visit bytes {a.first_mb / b.first_mb:.2f}, "
            f"time {a.first_s / b.first_s:.2f}; repeat time {a.repeat_s / b.repeat_s:.2f}"
        )
    print(
        "load averages (1, 5, 15 min) during the run:",
        "; ".join(f"{x:.1f} {y:.1f} {z:.1f}" for x, y, z in loads),
    )


if __name__ == "__main__":
    main()
