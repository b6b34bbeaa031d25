"""Held for an hour: mixed visitors at a steady rate, and what the server keeps, minute by minute.

Visitors arrive at ``--rate`` a second for ``--minutes``, in a fixed cycle of ten:

- 3 **stay**: a real browser (headless Chromium) opens a calculator page, waits until it is
  ready, stays ``--stay`` seconds, and closes the tab;
- 2 **vanish**: the same, but once the page is ready its connection goes silent and the tab
  is gone without closing anything (the browser's traffic passes a proxy that stops
  forwarding and never closes: the server learns it only from its websocket pings);
- 3 **fetch**: the page over HTTP only, as a script or a phone that drops the page does (no
  websocket: its kernel is shut down after the connect grace);
- 2 **preview**: a chat app's link-preview bot (Discordbot), which gets a preview without a
  kernel.

With ``--protocol`` the stay and vanish visitors are websocket clients doing what the page's
front end does to the server (``benchmarks/load.py``'s visitor: the page, its kernel's
websocket, every widget's state) instead of Chromium, so that the box's cores go to the server
alone, as they do when the browsers are phones.

Every minute it prints: kernels alive (and of them the visitors' connected, waiting for a first
connection, gone but within the reconnect grace), the server's memory (RSS), the kernels'
memory (PSS: forked kernels share pages with the nursery, which is counted with them), the
memory the box has available, visits that failed (or were asked to come back), and the p95 of
render (the page over HTTP) and ready (the calculator shown, or its widgets' state received).
At the end: the goals (memory flat: the last 10 minutes within 10 % of minutes 10-20; no real
visit failed; render p95 within 2 s), and the box's load average meanwhile.

    .venv/bin/python benchmarks/soak.py --minutes 60 --rate 1          # the hour
    .venv/bin/python benchmarks/soak.py --minutes 8 --rate 1           # the short form
    .venv/bin/python benchmarks/soak.py --minutes 5 --rates 1,2,3 --protocol   # highest rate

The server is the desk's (``python -m calculators.server``, reading ``voila.json``: pools
sized from the machine, the graces and the memory ceiling); ``--pool-size`` gives every page
that many preheated kernels instead. Shorter runs compare the middle third with the last third
of the run for the memory goal.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import urllib.parse
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import psutil

REPO = Path(__file__).resolve().parents[1]
PAGES = (
    "vtes_damage.ipynb",
    "vtm_dice.ipynb",
    "vtes_combat.ipynb",
    "dracula.ipynb",
    "vtes_table.ipynb",
    "rules_reference.ipynb",
    "00_index.ipynb",
)
CYCLE = (
    "stay",
    "fetch",
    "vanish",
    "preview",
    "stay",
    "fetch",
    "stay",
    "vanish",
    "fetch",
    "preview",
)
REAL = ("stay", "vanish", "fetch")  # a visit that must be served
BOT = "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"
BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Mobile"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"]
GOAL_RENDER_P95_S = 2.0
GOAL_FLAT = 0.10


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


load = _load("desk_load_benchmark", REPO / "benchmarks" / "load.py")


@dataclass
class Visit:
    kind: str
    page: str
    started: float  # seconds from the run's start
    render_s: float | None = None
    ready_s: float | None = None
    status: int = 0
    error: str = ""
    previewed: bool = False

    @property
    def failed(self) -> bool:
        return bool(self.error)


@dataclass
class Minute:
    minute: int
    kernels: int
    connected: int
    waiting: int
    left: int
    pooled: int
    server_mb: float
    kernels_mb: float
    available_mb: float
    load1: float
    visits: int
    failed: int
    busy: int
    render_p95_s: float | None
    ready_p95_s: float | None
    shut_down_unvisited: int = 0
    shut_down_left: int = 0

    @property
    def memory_mb(self) -> float:
        return self.server_mb + self.kernels_mb


@dataclass
class Run:
    rate: float
    minutes: int
    mode: str
    visits: list[Visit] = field(default_factory=list)
    per_minute: list[Minute] = field(default_factory=list)


# -- the proxy that lets a visitor vanish -----------------------------------------------------
class Silencer:
    """A TCP proxy port for one visitor; :meth:`vanish` stops forwarding both ways and closes
    nothing, so the server's side stays open until the server gives up on it."""

    def __init__(self, upstream: int) -> None:
        self.upstream = upstream
        self.silent = False
        self.server: asyncio.AbstractServer | None = None
        self.port = 0
        self.held: list[asyncio.StreamWriter] = []  # upstream sockets kept open, silent
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._link, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream)
        except OSError:
            writer.close()
            return
        self.held.append(up_writer)

        async def pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter, up: bool) -> None:
            with contextlib.suppress(Exception):
                while True:
                    data = await source.read(65536)
                    if self.silent:
                        return  # silent: nothing more passes, nothing is closed
                    if not data:
                        break
                    sink.write(data)
                    await sink.drain()
            if not self.silent:
                with contextlib.suppress(Exception):
                    sink.close()

        with contextlib.suppress(asyncio.CancelledError):  # the run ends with a silent link
            await asyncio.gather(pump(reader, up_writer, True), pump(up_reader, writer, False))

    def vanish(self) -> None:
        self.silent = True
        if self.server is not None:
            self.server.close()

    async def release_after(self, seconds: float) -> None:
        """Close the silent sockets once the server surely gave up on them."""
        await asyncio.sleep(seconds)
        for writer in self.held:
            with contextlib.suppress(Exception):
                writer.transport.abort()


# -- visitors ---------------------------------------------------------------------------------
async def fetch(url: str, agent: str, timeout: float = 120) -> tuple[int, str]:
    """GET ``url`` on a connection of its own, with the User-Agent ``agent``."""
    parts = urllib.parse.urlsplit(url)
    path = parts.path + (f"?{parts.query}" if parts.query else "")

    async def get() -> tuple[int, str]:
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
        try:
            request = f"GET {path} HTTP/1.0\r\nHost: {parts.netloc}\r\nUser-Agent: {agent}\r\n\r\n"
            writer.write(request.encode())
            await writer.drain()
            raw = await reader.read()
        finally:
            writer.close()
        head, _, body = raw.partition(b"\r\n\r\n")
        return int(head.split(b" ", 2)[1]), body.decode("utf-8", "replace")

    return await asyncio.wait_for(get(), timeout)


async def http_visit(visit: Visit, base: str) -> None:
    start = time.monotonic()
    agent = BOT if visit.kind == "preview" else BROWSER
    visit.status, page = await fetch(f"{base}/voila/render/{visit.page}", agent)
    visit.render_s = time.monotonic() - start
    if visit.status != 200:
        raise RuntimeError(f"HTTP {visit.status}")
    visit.previewed = "kernelId" not in page and 'property="og:description"' in page
    if visit.kind == "preview" and not visit.previewed:
        raise RuntimeError("the bot got a page with a kernel, not a preview")
    if visit.kind == "fetch" and "kernelId" not in page:
        raise RuntimeError("the page has no kernel")


async def browser_visit(visit: Visit, browser: Any, base: str, port: int, stay: float) -> None:
    """A Chromium tab on the page: ready, then it stays and closes, or vanishes."""
    silencer = None
    address = base
    if visit.kind == "vanish":
        silencer = Silencer(port)
        await silencer.start()
        address = f"http://127.0.0.1:{silencer.port}"
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    try:
        tab = await context.new_page()
        start = time.monotonic()
        response = await tab.goto(
            f"{address}/voila/render/{visit.page}", wait_until="commit", timeout=120_000
        )
        visit.status = response.status if response is not None else 0
        if visit.status != 200:
            raise RuntimeError(f"HTTP {visit.status}")
        await tab.wait_for_selector(".calc-ready", state="visible", timeout=120_000)
        visit.ready_s = time.monotonic() - start
        timing = await tab.evaluate(
            "() => { const n = performance.getEntriesByType('navigation')[0];"
            " return n ? n.responseEnd - n.requestStart : null; }"
        )
        visit.render_s = None if timing is None else timing / 1000
        if silencer is None:
            await asyncio.sleep(stay)
            return
        await asyncio.sleep(3)
        silencer.vanish()
        asyncio.get_running_loop().create_task(silencer.release_after(600))
    finally:
        await context.close()


async def protocol_visit(visit: Visit, base: str, port: int, stay: float) -> None:
    """What a page's front end does to the server: the page, then its kernel's websocket and
    every widget's state; it stays and closes, or vanishes."""
    from websockets.asyncio.client import connect

    silencer = None
    address = base
    if visit.kind == "vanish":
        silencer = Silencer(port)
        await silencer.start()
        address = f"http://127.0.0.1:{silencer.port}"
    start = time.monotonic()
    visit.status, page = await fetch(f"{address}/voila/render/{visit.page}", BROWSER)
    visit.render_s = time.monotonic() - start
    if visit.status != 200:
        raise RuntimeError(f"HTTP {visit.status}")
    found = re.search(r'"kernelId": "([0-9a-f-]+)"', page)
    if not found:
        raise RuntimeError("the page has no kernel")
    session = uuid.uuid4().hex
    url = f"{address.replace('http', 'ws')}/api/kernels/{found.group(1)}/channels"
    ws = await connect(f"{url}?session_id={session}", open_timeout=60, max_size=None)
    control = uuid.uuid4().hex
    message = load._message
    await ws.send(
        message(
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            session,
            version="1.0.0",
        )
    )
    await ws.send(
        message(
            "comm_msg",
            {"comm_id": control, "data": {"method": "request_states"}},
            session,
            version="1.0.0",
        )
    )
    await load._next_comm(ws, lambda d: d.get("method") == "update_states", 120)
    visit.ready_s = time.monotonic() - start
    if silencer is None:
        await asyncio.sleep(stay)
        await ws.close()
        return
    silencer.vanish()
    asyncio.get_running_loop().create_task(silencer.release_after(600))
    # the client side is dropped without a close frame (its proxy forwards nothing any more)
    with contextlib.suppress(Exception):
        ws.transport.abort()


async def one_visit(
    visit: Visit, browser: Any, base: str, port: int, stay: float, protocol: bool
) -> None:
    try:
        if visit.kind in ("fetch", "preview"):
            await http_visit(visit, base)
        elif protocol:
            await protocol_visit(visit, base, port, stay)
        else:
            await browser_visit(visit, browser, base, port, stay)
    except Exception as error:  # a visitor's failure is a finding, never a crash
        visit.error = f"{type(error).__name__}: {error}"[:200]


# -- the server and what it keeps -------------------------------------------------------------
def start_server(port: int, pool_size: int | None, log: Path) -> subprocess.Popen[bytes]:
    """The desk's server as ``scripts/serve`` runs it (``pool_size``: every page's pool)."""
    settings = []
    if pool_size is not None:
        pools = json.dumps({"default": {"pool_size": pool_size}})
        settings.append(f"--VoilaKernelManager.kernel_pools_config={pools}")
    command = load.voila_command(port, *settings)
    with log.open("wb") as out:
        return subprocess.Popen(command, cwd=REPO, stdout=out, stderr=subprocess.STDOUT)


async def health(base: str) -> dict[str, Any]:
    status, body = await fetch(f"{base}/health", BROWSER, timeout=30)
    return dict(json.loads(body)) if status == 200 else {}


async def wait_filled(base: str, proc: subprocess.Popen[bytes], seconds: float = 900) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the server exited")
        with contextlib.suppress(OSError, ValueError, asyncio.TimeoutError):
            pools = (await health(base)).get("pools", {})
            if pools and all(p["ready"] >= p["target"] for p in pools.values()):
                return
        await asyncio.sleep(2)
    raise RuntimeError(f"the pools did not fill in {seconds} s")


def memory_of(server: psutil.Process) -> tuple[float, float]:
    """The server's RSS and its kernels' (and nursery's) PSS, in MB."""
    kernels_mb = 0.0
    for child in server.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            kernels_mb += child.memory_full_info().pss / 2**20
    return server.memory_info().rss / 2**20, kernels_mb


def p95(values: Sequence[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def visit_figures(row: Minute, visits: Sequence[Visit]) -> None:
    """The figures of the visits that started in ``row``'s minute (those done so far)."""
    since = (row.minute - 1) * 60
    ended = [v for v in visits if since <= v.started < since + 60]
    real = [v for v in ended if v.kind in REAL]
    row.visits = len(ended)
    row.failed = sum(1 for v in real if v.failed)
    row.busy = sum(1 for v in ended if v.status == 503)
    row.render_p95_s = p95([v.render_s for v in real if v.render_s is not None and not v.failed])
    row.ready_p95_s = p95([v.ready_s for v in real if v.ready_s is not None and not v.failed])


async def sample(run: Run, base: str, server: psutil.Process, minute: int) -> Minute:
    state = await health(base)
    server_mb, kernels_mb = await asyncio.get_running_loop().run_in_executor(
        None, memory_of, server
    )
    visitors = state.get("visitors", {})
    pools = state.get("pools", {})
    row = Minute(
        minute=minute,
        kernels=int(state.get("kernels", 0)),
        connected=int(visitors.get("connected", 0)),
        waiting=int(visitors.get("waiting", 0)),
        left=int(visitors.get("left", 0)),
        pooled=sum(int(p["ready"]) for p in pools.values()),
        server_mb=round(server_mb, 1),
        kernels_mb=round(kernels_mb, 1),
        available_mb=round(psutil.virtual_memory().available / 2**20),
        load1=round(os.getloadavg()[0], 2),
        visits=0,
        failed=0,
        busy=0,
        render_p95_s=None,
        ready_p95_s=None,
        shut_down_unvisited=int(state.get("shut_down", {}).get("unvisited", 0)),
        shut_down_left=int(state.get("shut_down", {}).get("left", 0)),
    )
    if minute:
        visit_figures(row, run.visits)
    print(_row(row), flush=True)
    return row


HEADER = (
    "min | kernels (conn/wait/left/pool) | server MB | kernels MB | box avail MB | load | "
    "visits failed busy | render p95 | ready p95"
)


def _s(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} s"


def _row(m: Minute) -> str:
    return (
        f"{m.minute:3d} | {m.kernels:4d} ({m.connected}/{m.waiting}/{m.left}/{m.pooled}) | "
        f"{m.server_mb:8.0f} | {m.kernels_mb:9.0f} | {m.available_mb:8.0f} | {m.load1:5.2f} | "
        f"{m.visits:4d} {m.failed:3d} {m.busy:3d} | {_s(m.render_p95_s)} | {_s(m.ready_p95_s)}"
    )


async def soak(
    rate: float,
    minutes: int,
    stay: float,
    protocol: bool,
    pool_size: int | None,
    workdir: Path,
) -> Run:
    port = load.free_port()
    base = f"http://127.0.0.1:{port}"
    log = workdir / f"server-{rate}.log"
    proc = start_server(port, pool_size, log)
    run = Run(rate, minutes, "protocol" if protocol else "chromium")
    tasks: set[asyncio.Task[None]] = set()
    playwright = browser = None
    try:
        await asyncio.get_running_loop().run_in_executor(
            None, load.wait_until_up, f"{base}/voila/static/voila.js", proc, 180, log
        )
        await wait_filled(base, proc)
        server = psutil.Process(proc.pid)
        if not protocol:
            from playwright.async_api import async_playwright

            playwright = await async_playwright().start()
            chromium = shutil.which("chromium") or shutil.which("chromium-browser")
            browser = await playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        print(f"rate {rate}/s for {minutes} min ({run.mode} visitors); {HEADER}", flush=True)
        start = time.monotonic()
        run.per_minute.append(await sample(run, base, server, 0))
        arrivals = int(minutes * 60 * rate)
        next_minute = 1
        for i in range(arrivals):
            due = start + i / rate
            while True:
                now = time.monotonic()
                if now - start >= next_minute * 60:
                    run.per_minute.append(await sample(run, base, server, next_minute))
                    next_minute += 1
                    continue
                if now >= due:
                    break
                await asyncio.sleep(min(due - now, 0.2))
            kind = CYCLE[i % len(CYCLE)]
            visit = Visit(kind, PAGES[(i // len(CYCLE) + i) % len(PAGES)], round(due - start, 2))
            run.visits.append(visit)
            task = asyncio.get_running_loop().create_task(
                one_visit(visit, browser, base, port, stay, protocol)
            )
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        while next_minute <= minutes:
            await asyncio.sleep(max(0.0, start + next_minute * 60 - time.monotonic()))
            run.per_minute.append(await sample(run, base, server, next_minute))
            next_minute += 1
        if tasks:
            await asyncio.wait(tasks, timeout=stay + 180)
        # every visit is done now: its minute's figures are whole
        print(f"the same minutes with every visit done; {HEADER}", flush=True)
        for row in run.per_minute[1:]:
            visit_figures(row, run.visits)
            print(_row(row), flush=True)
        return run
    finally:
        for task in tasks:
            task.cancel()
        if browser is not None:
            with contextlib.suppress(Exception):
                await browser.close()
        if playwright is not None:
            with contextlib.suppress(Exception):
                await playwright.stop()
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def goals(run: Run) -> dict[str, Any]:
    """The soak's goals on ``run`` (see the module)."""
    rows = run.per_minute[1:]
    if run.minutes >= 30:
        early = [m for m in rows if 10 < m.minute <= 20]
        late = [m for m in rows if m.minute > run.minutes - 10]
        windows = "minutes 10-20 and the last 10"
    else:
        third = max(1, run.minutes // 3)
        early = [m for m in rows if third < m.minute <= 2 * third]
        late = [m for m in rows if m.minute > run.minutes - third]
        windows = f"minutes {third}-{2 * third} and the last {third}"
    early_mb = statistics.mean(m.memory_mb for m in early) if early else 0.0
    late_mb = statistics.mean(m.memory_mb for m in late) if late else 0.0
    real = [v for v in run.visits if v.kind in REAL]
    renders = [v.render_s for v in real if v.render_s is not None and not v.failed]
    readies = [v.ready_s for v in real if v.ready_s is not None and not v.failed]
    drift = (late_mb - early_mb) / early_mb if early_mb else 0.0
    render_p95 = p95(renders)
    out: dict[str, Any] = {
        "rate": run.rate,
        "minutes": run.minutes,
        "mode": run.mode,
        "visits": len(run.visits),
        "by_kind": {
            kind: {
                "visits": sum(1 for v in run.visits if v.kind == kind),
                "failed": sum(1 for v in run.visits if v.kind == kind and v.failed),
                "busy": sum(1 for v in run.visits if v.kind == kind and v.status == 503),
            }
            for kind in ("stay", "vanish", "fetch", "preview")
        },
        "render_p95_s": render_p95,
        "ready_p95_s": p95(readies),
        "memory_windows": windows,
        "memory_early_mb": round(early_mb),
        "memory_late_mb": round(late_mb),
        "memory_drift": round(drift, 3),
        "kernels_max": max((m.kernels for m in rows), default=0),
        "load_mean": round(statistics.mean(m.load1 for m in rows), 2) if rows else None,
        "errors": sorted({v.error for v in run.visits if v.error})[:10],
    }
    out["flat"] = abs(drift) <= GOAL_FLAT if early and late else None  # too short to tell
    out["no_failed_real_visit"] = not any(v.failed for v in real)
    out["render_within_2s"] = render_p95 is not None and render_p95 <= GOAL_RENDER_P95_S
    out["held"] = bool(out["flat"] and out["no_failed_real_visit"] and out["render_within_2s"])
    return out


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=int, default=60)
    parser.add_argument("--rate", type=float, default=1.0, help="visitors a second")
    parser.add_argument("--rates", default="", help="several rates in turn, each a fresh server")
    parser.add_argument("--stay", type=float, default=90, help="seconds a staying visitor stays")
    parser.add_argument("--protocol", action="store_true", help="websocket clients, no Chromium")
    parser.add_argument("--pool-size", type=int, default=None)
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = parser.parse_args(argv)
    rates = [float(r) for r in args.rates.split(",") if r] or [args.rate]
    import tempfile

    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="desk-soak-") as tmp:
        for rate in rates:
            run = asyncio.run(
                soak(rate, args.minutes, args.stay, args.protocol, args.pool_size, Path(tmp))
            )
            summary = goals(run)
            print(json.dumps(summary), flush=True)
            results.append(
                {
                    "summary": summary,
                    "per_minute": [asdict(m) for m in run.per_minute],
                }
            )
    held = [r["summary"]["rate"] for r in results if r["summary"]["held"]]
    if len(rates) > 1:
        print(f"highest rate held: {max(held) if held else 'none'} visitors/s", flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
