"""Load on loopback: many visitors opening and using calculator pages at once.

Each simulated visitor is a websocket client, like a browser tab: it asks for a page (Voila
renders it in a kernel), connects to that kernel's websocket, asks for the widgets' state as the
page's script does, switches the page to Russian through the language buttons, and waits for the
translated heading to come back. The run reports first-render and use latencies, the memory of
each kernel, and whether idle kernels were culled and their memory returned.

    .venv/bin/python benchmarks/load.py --users 30 --server both      # a burst, before and now
    .venv/bin/python benchmarks/load.py --rates 0.25,0.5,1 --duration 30

Visitors are truly concurrent: each request has its own connection on one event loop. Each
visit reports the HTTP render, the widget state (websocket + every widget's state) and the first
interaction separately.

It starts its own Voila (from the repository root, with ``voila.json``, idle kernels culled after
a few seconds) and stops it at the end. Requests go to 127.0.0.1 only; every wait is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psutil
from harness import (
    DESK,
    EARLIER_POOLS,
    EARLIER_SETTINGS,
    READY_PATH,
    VOILA,
    free_port,
    p95,
    stop,
    voila_command,
    wait_until_up,
)
from websockets.asyncio.client import connect

from calculators.server.forking import kernel_processes
from calculators.server.sizing import configured_size, machine, pool_sizes

REPO = Path(__file__).resolve().parents[1]
PAGES = (
    "vtes_damage.ipynb",
    "vtes_combat.ipynb",
    "vtes_table.ipynb",
    "dracula.ipynb",
    "vtm_dice.ipynb",
    "rules_reference.ipynb",
)
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@dataclass
class Visit:
    page: str
    render_s: float = 0.0  # the page over HTTP, from the request
    state_s: float = 0.0  # then: the kernel's websocket and every widget's state
    use_s: float = 0.0  # then: a language switch, until the translated heading comes back
    error: str = ""
    kernel_id: str = ""

    @property
    def ready_s(self) -> float:
        """The page and its widgets, as a browser needs them (without its own script time)."""
        return self.render_s + self.state_s


@dataclass
class LoadReport:
    visits: list[Visit]
    kernel_rss_mb: list[float] = field(default_factory=list)
    kernels_at_peak: int = 0
    kernels_after_cull: int = 0
    rss_at_peak_mb: float = 0.0
    rss_after_cull_mb: float = 0.0
    unique_after_cull_mb: list[float] = field(default_factory=list)  # USS: not shared
    burst_s: float = 0.0  # from the first request to the last visitor done
    server_cpu_s: float = 0.0  # the server process's CPU meanwhile
    kernel_cpu_s: float = 0.0  # the kernels' CPU meanwhile (sampled each 0.5 s)

    @property
    def failures(self) -> list[Visit]:
        return [v for v in self.visits if v.error]

    def summary(self) -> str:
        ok = [v for v in self.visits if not v.error]
        lines = [f"visitors: {len(self.visits)}, failed: {len(self.failures)}"]
        if ok:
            lines.append(timings(ok))
        if self.kernel_rss_mb:
            lines.append(
                f"memory per kernel: median {statistics.median(self.kernel_rss_mb):.0f} MB "
                f"(max {max(self.kernel_rss_mb):.0f} MB)"
            )
        lines.append(
            f"kernels: {self.kernels_at_peak} at peak ({self.rss_at_peak_mb:.0f} MB), "
            f"{self.kernels_after_cull} after culling ({self.rss_after_cull_mb:.0f} MB)"
        )
        if own := self.unique_after_cull_mb:
            lines.append(
                "memory of its own per kernel after culling (USS: forked kernels share the"
                f" rest with the nursery): median {statistics.median(own):.0f} MB,"
                f" {sum(own):.0f} MB in all"
            )
        if self.burst_s:
            lines.append(
                f"CPU during the {self.burst_s:.1f} s of visits (2 cores: "
                f"{2 * self.burst_s:.0f} CPU-s at most): server {self.server_cpu_s:.1f} s, "
                f"kernels {self.kernel_cpu_s:.1f} s"
            )
        for visit in self.failures:
            lines.append(f"  failed {visit.page}: {visit.error}")
        return "\n".join(lines)


def timings(visits: Sequence[Visit]) -> str:
    """p50 and p95 of each part of a visit."""

    def both(values: list[float], unit: str = "s") -> str:
        scale = 1000 if unit == "ms" else 1
        return (
            f"p50 {statistics.median(values) * scale:.{0 if unit == 'ms' else 2}f}, "
            f"p95 {p95(values) * scale:.{0 if unit == 'ms' else 2}f} {unit}"
        )

    return (
        f"HTTP render {both([v.render_s for v in visits])}; "
        f"widget state {both([v.state_s for v in visits])}; "
        f"ready (render + state) {both([v.ready_s for v in visits])}; "
        f"first interaction {both([v.use_s for v in visits], 'ms')}"
    )


def _message(msg_type: str, content: dict[str, Any], session: str, **meta: str) -> str:
    return json.dumps(
        {
            "header": {
                "msg_id": uuid.uuid4().hex,
                "msg_type": msg_type,
                "username": "visitor",
                "session": session,
                "date": datetime.now(UTC).isoformat(),
                "version": "5.3",
            },
            "parent_header": {},
            "metadata": meta,
            "content": content,
            "channel": "shell",
            "buffers": [],
        }
    )


async def fetch(url: str, timeout: float = 180) -> tuple[int, str]:
    """GET ``url`` on its own connection, on the event loop: visitors never queue in the client.

    (A thread per request would queue in the default pool: 6 threads on 2 cores.)
    """
    parts = urllib.parse.urlsplit(url)
    path = parts.path + (f"?{parts.query}" if parts.query else "")

    async def get() -> tuple[int, str]:
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
        try:
            writer.write(f"GET {path} HTTP/1.0\r\nHost: {parts.netloc}\r\n\r\n".encode())
            await writer.drain()
            raw = await reader.read()
        finally:
            writer.close()
        head, _, body = raw.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        return status, body.decode("utf-8", "replace")

    return await asyncio.wait_for(get(), timeout)


async def _next_comm(ws: Any, want: Any, seconds: float) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no answer from the kernel in time")
        raw = await asyncio.wait_for(ws.recv(), left)
        if not isinstance(raw, str):
            continue
        msg = json.loads(raw)
        if msg.get("msg_type") == "comm_msg" and want(msg["content"]["data"]):
            return dict(msg)


async def visit(base: str, page: str, timeout: float = 300) -> Visit:
    result = Visit(page)
    try:
        start = time.monotonic()
        status, html = await fetch(f"{base}/voila/render/{page}", timeout)
        result.render_s = time.monotonic() - start
        if status != 200:
            raise RuntimeError(f"the page answered HTTP {status}")
        match = re.search(r'"kernelId": "([0-9a-f-]+)"', html)
        if not match:
            raise RuntimeError("the page did not name its kernel")
        result.kernel_id = match.group(1)
        session = uuid.uuid4().hex
        url = f"{base.replace('http', 'ws')}/api/kernels/{match.group(1)}/channels"
        start = time.monotonic()
        async with connect(f"{url}?session_id={session}", open_timeout=60, max_size=None) as ws:
            control = uuid.uuid4().hex
            await ws.send(
                _message(
                    "comm_open",
                    {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                    session,
                    version="1.0.0",
                )
            )
            await ws.send(
                _message(
                    "comm_msg",
                    {"comm_id": control, "data": {"method": "request_states"}},
                    session,
                    version="1.0.0",
                )
            )
            states = await _next_comm(ws, lambda d: d.get("method") == "update_states", timeout)
            result.state_s = time.monotonic() - start
            switch = next(
                model_id
                for model_id, model in states["content"]["data"]["states"].items()
                if "calc-lang" in model["state"].get("_dom_classes", ())
            )
            start = time.monotonic()
            await ws.send(
                _message(
                    "comm_msg",
                    {
                        "comm_id": switch,
                        "data": {"method": "update", "state": {"index": 1}, "buffer_paths": []},
                    },
                    session,
                    version="2.1.0",
                )
            )
            await _next_comm(
                ws,
                lambda d: (
                    d.get("method") == "update"
                    and bool(CYRILLIC.search(str(d.get("state", {}).get("value", ""))))
                ),
                timeout,
            )
            result.use_s = time.monotonic() - start
    except Exception as error:  # reported, never raised: one visitor's failure is a finding
        result.error = f"{type(error).__name__}: {error}"
    return result


def _cpu(process: psutil.Process) -> float:
    with contextlib.suppress(psutil.Error):
        times = process.cpu_times()
        return float(times.user + times.system)
    return 0.0


def _uss_mb(processes: Sequence[psutil.Process]) -> list[float]:
    sizes = []
    for proc in processes:
        with contextlib.suppress(psutil.Error):
            sizes.append(proc.memory_full_info().uss / 2**20)
    return sizes


def _rss_mb(processes: Sequence[psutil.Process]) -> list[float]:
    sizes = []
    for proc in processes:
        with contextlib.suppress(psutil.Error):
            sizes.append(proc.memory_info().rss / 2**20)
    return sizes


def start_voila(port: int, cull_after: int, server: str = "desk") -> subprocess.Popen[bytes]:
    """``desk``: ``python -m calculators.server``; ``unforked``: the same, every kernel a new
    interpreter (``fork_kernels`` off); ``voila``: plain Voila as before the desk's server."""
    program, settings = {
        "desk": (DESK, ()),
        "unforked": (DESK, ("--DeskKernelManager.fork_kernels=False",)),
        "voila": (VOILA, EARLIER_SETTINGS),
    }[server]
    command = voila_command(
        port,
        *settings,
        f"--MappingKernelManager.cull_idle_timeout={cull_after}",
        "--MappingKernelManager.cull_interval=2",
        f"--VoilaKernelManager.cull_idle_timeout={cull_after}",
        "--VoilaKernelManager.cull_interval=2",
        program=program,
    )
    return subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_pools_filled(server: psutil.Process, expected: int, seconds: float = 240) -> int:
    deadline = time.monotonic() + seconds
    count = 0
    while time.monotonic() < deadline:
        count = len(kernel_processes(server))
        if count >= expected:
            return count
        time.sleep(1)
    return count


def pool_total(repo: Path, server_kind: str = "desk") -> int:
    """How many preheated kernels the server keeps for the notebooks present.

    The desk's server: the sizes ``voila.json`` names, the others from the machine
    (``calculators.server.sizing``); plain Voila as before: the fixed sizes of before.
    """
    config = json.loads((repo / "voila.json").read_text())
    if not config.get("VoilaConfiguration", {}).get("preheat_kernel", False):
        return 0
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    if server_kind == "voila":
        pools = EARLIER_POOLS
    pages = sorted(nb.name for nb in (repo / "notebooks").glob("*.ipynb"))
    auto = pool_sizes(pages, *machine())
    return sum(
        size if (size := configured_size(pools, page)) is not None else auto[page] for page in pages
    )


def run_load(
    users: int,
    pages: Sequence[str] = PAGES,
    cull_after: int = 20,
    settle: float = 90,
    server_kind: str = "desk",
) -> LoadReport:
    """Start a Voila, send ``users`` simultaneous visitors, then watch idle kernels go."""
    present = [p for p in pages if (REPO / "notebooks" / p).is_file()]
    if not present:
        raise RuntimeError("no calculator notebooks to visit")
    port = free_port()
    proc = start_voila(port, cull_after, server_kind)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + READY_PATH, proc, 180)
        server = psutil.Process(proc.pid)
        pooled = wait_pools_filled(server, expected=pool_total(REPO, server_kind))

        async def crowd() -> list[Visit]:
            return list(
                await asyncio.gather(
                    *(visit(base, present[i % len(present)]) for i in range(users))
                )
            )

        # the peak is sampled while the visitors run: the first ones' kernels may be culled
        # before the last visitor is done
        peak: list[psutil.Process] = []
        done = threading.Event()
        kernel_cpu: dict[int, float] = {}  # each kernel's CPU, at the start and when last seen
        kernel_cpu_before = {p.pid: _cpu(p) for p in kernel_processes(server)}

        def sample() -> None:
            while not done.wait(0.5):
                now = kernel_processes(server)
                for process in now:
                    kernel_cpu[process.pid] = _cpu(process)
                if len(now) > len(peak):
                    peak[:] = now
                    report.kernel_rss_mb = _rss_mb(now)

        report = LoadReport([])
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        # a thread of its own: the caller may already run an event loop (as pytest-playwright does)
        server_before, started = _cpu(server), time.monotonic()
        try:
            with concurrent.futures.ThreadPoolExecutor(1) as executor:
                report.visits = executor.submit(lambda: asyncio.run(crowd())).result()
        finally:
            done.set()
            sampler.join()
        report.burst_s = time.monotonic() - started
        report.server_cpu_s = _cpu(server) - server_before
        report.kernel_cpu_s = sum(
            cpu - kernel_cpu_before.get(pid, 0.0) for pid, cpu in kernel_cpu.items()
        )
        report.kernels_at_peak = len(peak)
        report.rss_at_peak_mb = sum(report.kernel_rss_mb)
        deadline = time.monotonic() + settle
        while time.monotonic() < deadline:
            now = kernel_processes(server)
            if len(now) <= pooled:
                break
            time.sleep(1)
        after = kernel_processes(server)
        report.kernels_after_cull = len(after)
        report.rss_after_cull_mb = sum(_rss_mb(after))
        report.unique_after_cull_mb = _uss_mb(after)
        return report
    finally:
        stop(proc, 30)


BROWSER_EVERY = 3  # with --browser, every third visitor is a Chromium page
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


async def browser_visit(browser: Any, base: str, page: str, timeout: float = 120) -> float:
    """Open ``page`` in a new Chromium context (an empty cache, as a new visitor's); the
    seconds from navigation until the calculator is shown (``.calc-ready``)."""
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    try:
        tab = await context.new_page()
        await tab.route(
            "**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort()
        )
        start = time.perf_counter()
        await tab.goto(f"{base}/voila/render/{page}", wait_until="commit")
        await tab.wait_for_selector(".calc-ready", state="visible", timeout=timeout * 1000)
        return time.perf_counter() - start
    finally:
        await context.close()


@dataclass
class RateReport:
    rate: float  # visitors per second
    visits: list[Visit]
    browser_ready_s: list[float] = field(default_factory=list)  # with --browser
    browser_failed: int = 0

    @property
    def ok(self) -> list[Visit]:
        return [v for v in self.visits if not v.error]

    def line(self) -> str:
        failed = len(self.visits) - len(self.ok)
        head = f"{self.rate:g} visitor/s: {len(self.visits)} visitors, {failed} failed"
        line = head + (f"; {timings(self.ok)}" if self.ok else "")
        if ready := self.browser_ready_s:
            line += (
                f"\n  in Chromium, {len(ready)} of them ({self.browser_failed} failed): page"
                f" ready (calculator shown) p50 {statistics.median(ready):.2f},"
                f" p95 {p95(ready):.2f} s"
            )
        return line


def run_rates(
    rates: Sequence[float],
    duration: float,
    server_kind: str = "desk",
    pages: Sequence[str] = PAGES,
    cull_after: int = 10,
    in_browser: bool = False,
) -> list[RateReport]:
    """One server; for each rate, visitors arrive evenly spaced for ``duration`` seconds
    (``in_browser``: every ``BROWSER_EVERY``-th of them is a page in headless Chromium)."""
    present = [p for p in pages if (REPO / "notebooks" / p).is_file()]
    port = free_port()
    proc = start_voila(port, cull_after, server_kind)
    base = f"http://127.0.0.1:{port}"
    reports = []
    try:
        wait_until_up(base + READY_PATH, proc, 180)
        server = psutil.Process(proc.pid)
        pooled = wait_pools_filled(server, expected=pool_total(REPO, server_kind))

        async def arrivals(rate: float) -> RateReport:
            count = max(1, round(rate * duration))
            report = RateReport(rate, [])
            async with contextlib.AsyncExitStack() as stack:
                browser = None
                if in_browser:
                    from playwright.async_api import async_playwright

                    pw = await stack.enter_async_context(async_playwright())
                    browser = await pw.chromium.launch(
                        executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS
                    )
                tasks = []
                probes = []
                for i in range(count):
                    page = present[i % len(present)]
                    if browser is not None and i % BROWSER_EVERY == 0:
                        probes.append(asyncio.create_task(browser_visit(browser, base, page)))
                    else:
                        tasks.append(asyncio.create_task(visit(base, page)))
                    await asyncio.sleep(1 / rate)
                report.visits = list(await asyncio.gather(*tasks))
                for outcome in await asyncio.gather(*probes, return_exceptions=True):
                    if isinstance(outcome, float):
                        report.browser_ready_s.append(outcome)
                    else:
                        report.browser_failed += 1
                if browser is not None:
                    await browser.close()
            return report

        for rate in rates:
            with concurrent.futures.ThreadPoolExecutor(1) as executor:
                reports.append(executor.submit(lambda r=rate: asyncio.run(arrivals(r))).result())
            print(reports[-1].line(), flush=True)
            deadline = time.monotonic() + 120  # idle kernels culled: the next rate starts alike
            while time.monotonic() < deadline and len(kernel_processes(server)) > pooled:
                time.sleep(1)
            wait_pools_filled(server, expected=pooled, seconds=120)
        return reports
    finally:
        stop(proc, 30)


def highest_rate(reports: Sequence[RateReport], p95_render_s: float = 3.0) -> float | None:
    """The highest rate with no failure and p95 HTTP first render within ``p95_render_s``."""
    good = [
        r.rate
        for r in reports
        if r.ok and len(r.ok) == len(r.visits) and p95([v.render_s for v in r.ok]) <= p95_render_s
    ]
    return max(good, default=None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=30, help="a burst of simultaneous visitors")
    parser.add_argument("--cull-after", type=int, default=20, help="idle seconds before culling")
    parser.add_argument(
        "--rates", help="arrival-rate mode instead: visitors per second, e.g. 0.5,1,2"
    )
    parser.add_argument("--duration", type=float, default=30, help="seconds per rate")
    parser.add_argument(
        "--browser",
        action="store_true",
        help="with --rates: every third visitor opens the page in headless Chromium (the"
        " browser runs on the same machine, and its CPU counts against the server's)",
    )
    parser.add_argument(
        "--server",
        choices=("desk", "unforked", "voila", "both", "all"),
        default="desk",
        help="the desk's server, the same with kernels started as new interpreters, plain Voila"
        " with the settings before it; both: voila then desk; all: the three in turn",
    )
    args = parser.parse_args()
    kinds = {"both": ("voila", "desk"), "all": ("voila", "unforked", "desk")}.get(
        args.server, (args.server,)
    )
    failed = False
    for kind in kinds:
        print(f"== {kind}", flush=True)
        if args.rates:
            rates = [float(r) for r in args.rates.split(",")]
            reports = run_rates(
                rates, args.duration, kind, cull_after=args.cull_after, in_browser=args.browser
            )
            best = highest_rate(reports)
            print(f"highest rate with p95 first render <= 3 s: {best or 'none'} visitor/s")
            failed |= any(len(r.ok) < len(r.visits) or r.browser_failed for r in reports)
        else:
            report = run_load(args.users, cull_after=args.cull_after, server_kind=kind)
            print(report.summary(), flush=True)
            failed |= bool(report.failures)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
