"""Every page over a phone-like connection: today's Voila against the desk's server, one run.

Chromium's network emulation (9 Mbit/s both ways, 150 ms round trip) on a 390 px wide phone
screen. For each page, two servers are measured side by side:

- ``today``: the plain ``voila`` command with the repository's settings as they were before
  compression and caching (the settings that came with them are overridden);
- ``desk``: the desk's server (compressed responses, cache headers) with ``voila.json``.

Both preheat one kernel per page. Each page gets a first visit (a new browser profile on disk,
as a phone's browser keeps one) and a repeat visit (same profile, a new tab, after the server
refilled its pool; on the desk, once the first page's service worker has started). Printed per
visit: bytes on the wire (HTTP, as received, headers included), requests that went to the
network (a 304 counts; a file taken from the cache or the service worker's store does not), of
which static files, and the time from navigation to the page's first result seen (on the desk,
in the page's snapshot, before the widgets are drawn), to the first widget shown and to the
first result shown by the widgets.

    .venv/bin/python benchmarks/phone.py [--repeat 1] [--only vtm_dice.ipynb]

About 3 minutes for all pages on a quiet 2-core machine. Other hosts are unreachable (the
browser resolves only 127.0.0.1), as in the browser tests.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from harness import DESK, VOILA, free_port, median, stop, voila_command
from playwright.sync_api import BrowserContext, BrowserType, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

REPO = Path(__file__).resolve().parents[1]
DOWN_BITS = 9_000_000  # bits per second
ROUND_TRIP_MS = 150
SCREEN = {"width": 390, "height": 844}
# voila.json settings that came with compression and caching, as today's server runs without
# them (an empty allowlist loads every installed widget front end)
TODAY = {"VoilaConfiguration": {"extension_allowlist": []}}
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # every other host is unreachable (not intercepted: interception would turn off the cache)
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
# the first result each page shows (a CSS selector whose text must not be empty)
RESULTS = {
    "00_index.ipynb": ".calc-landing",
    "vtes_damage.ipynb": ".vtes-outcome",
    "vtes_combat.ipynb": ".vtes-story",
    "vtes_cards.ipynb": ".vtes-card-view",
    "vtes_table.ipynb": ".vtes-torpor-result",
    "vtes_deck_odds.ipynb": ".deck-odds-summary",
    "dracula.ipynb": ".drac-summary",
    "vtm_dice.ipynb": ".vtm-botch",
    "rules_reference.ipynb": ".ref-view",
}
STATIC = re.compile(r"/voila/(static|templates|labextensions|files)/")
CHUNK = re.compile(r"/voila/static/(?:[0-9a-f]+/)?(\d+)\.voila\.js")
# Records, in the page, when the first widget and the first result became visible, and when
# the result was first seen (in the page's snapshot, before the widgets are drawn, on the desk).
WATCH = """
(() => {
  const marks = { widget: null, result: null, seen: null };
  window.__deskMarks = marks;
  const shown = (el) => el !== null && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden" && el.innerText.trim() !== "";
  const check = () => {
    if (marks.widget === null) {
      for (const el of document.querySelectorAll(".jupyter-widgets")) {
        if (shown(el)) { marks.widget = performance.now(); break; }
      }
    }
    const snapshot = document.querySelector(".desk-snapshot-box");  // its own shadow root
    const found = [...document.querySelectorAll(RESULT)];
    if (snapshot && snapshot.shadowRoot) {
      found.push(...snapshot.shadowRoot.querySelectorAll(RESULT));
    }
    for (const el of found) {
      if (!shown(el)) continue;
      if (marks.seen === null) marks.seen = performance.now();
      if (marks.result === null && !el.closest(".desk-snapshot")) marks.result = performance.now();
    }
    if (marks.widget === null || marks.result === null) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
"""


@dataclass
class Visit:
    wire_bytes: int = 0
    requests: int = 0
    static_requests: int = 0
    first_widget: float = float("nan")
    first_result: float = float("nan")
    first_seen: float = float("nan")  # the result, in the snapshot or in the widgets
    websocket_bytes: int = 0  # message payloads, as the page sees them (before any deflate)
    websocket_deflate: bool = False
    separate_chunks: set[str] = field(default_factory=set)  # Voila chunks not in the bundle
    complete: bool = True  # the page showed its result in time


@dataclass
class Server:
    name: str
    base: str
    proc: subprocess.Popen[bytes]
    log: Path
    visits: dict[tuple[str, str], list[Visit]] = field(default_factory=dict)


def config_folder(today: bool, notebooks: list[str], workdir: Path) -> Path:
    """Settings read before the repository's own: one preheated kernel per measured page."""
    config: dict[str, Any] = json.loads(json.dumps(TODAY)) if today else {}
    others = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb") if p.name not in notebooks)
    config["VoilaKernelManager"] = {
        "kernel_pools_config": {"default": {"pool_size": 1}},
        "preheat_denylist": others,
    }
    # On a busy machine a preheated kernel can miss voila.json's 30 s for its outputs, and its
    # page then never shows a result: this measures the front end, so give kernels time.
    config["VoilaExecutor"] = {"iopub_timeout": 120}
    folder = workdir / ("today" if today else "desk")
    folder.mkdir()
    (folder / "voila.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    return folder


@contextmanager
def server(today: bool, notebooks: list[str], workdir: Path) -> Iterator[Server]:
    """Plain ``voila`` (``today``) or the desk's server; ``wait_ready`` waits for its pools."""
    port = free_port()
    command = voila_command(
        port,
        # the first folder wins: ours, then the repository's voila.json
        f"--Voila.config_file_paths={config_folder(today, notebooks, workdir)}",
        f"--Voila.config_file_paths={REPO}",
        program=VOILA if today else DESK,
    )
    name = "today" if today else "desk"
    log = workdir / f"{name}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=REPO, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield Server(name, f"http://127.0.0.1:{port}", proc, log)
    finally:
        stop(proc, 30)


def wait_ready(srv: Server, notebooks: list[str], limit: float = 300) -> None:
    """Until the server answers and has filled the pool of every measured page."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if srv.proc.poll() is not None:
            raise RuntimeError(f"{srv.name} exited:\n{srv.log.read_text(errors='replace')[-3000:]}")
        text = srv.log.read_text(errors="replace")
        if set(notebooks) <= set(re.findall(r"Kernel pool of (\S+) is filled", text)):
            return
        time.sleep(0.5)
    raise RuntimeError(f"{srv.name}: pools not filled in {limit} s")


def wait_quiet(servers: list[Server], limit: float = 90) -> None:
    """Until the servers and their kernels use under 10% of a core for 2 s (pools refilled)."""
    roots = [psutil.Process(s.proc.pid) for s in servers]
    start = time.monotonic()
    calm = 0
    while time.monotonic() - start < limit and calm < 2:
        procs = [p for root in roots for p in (root, *root.children(recursive=True))]
        for proc in procs:
            with contextlib.suppress(psutil.Error):
                proc.cpu_percent(None)
        time.sleep(1)
        used = 0.0
        for proc in procs:
            with contextlib.suppress(psutil.Error):
                used += proc.cpu_percent(None)
        calm = calm + 1 if used < 10 else 0


def visit(
    context: BrowserContext, url: str, result: str, settle: float = 2.0, worker: bool = False
) -> Visit:
    """Open ``url`` in a new tab of ``context`` on the emulated phone connection."""
    page = context.new_page()
    page.add_init_script(WATCH.replace("RESULT", json.dumps(result)))
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": ROUND_TRIP_MS,
            "downloadThroughput": DOWN_BITS / 8,
            "uploadThroughput": DOWN_BITS / 8,
            "connectionType": "cellular4g",
        },
    )
    urls: dict[str, str] = {}
    cached: set[str] = set()
    sizes: dict[str, int] = {}
    out = Visit()

    def sent(event: dict[str, Any]) -> None:
        if not event["request"]["url"].startswith("data:"):
            urls[event["requestId"]] = event["request"]["url"]

    def received(event: dict[str, Any]) -> None:
        response = event["response"]
        if response.get("fromDiskCache") or response.get("fromPrefetchCache"):
            cached.add(event["requestId"])
        # answered by the desk's service worker from what it keeps (not from the network)
        if response.get("fromServiceWorker") and response.get("serviceWorkerResponseSource") in (
            "cache-storage",
            "http-cache",
        ):
            cached.add(event["requestId"])

    def finished(event: dict[str, Any]) -> None:
        sizes[event["requestId"]] = int(event["encodedDataLength"])

    def frame(event: dict[str, Any]) -> None:
        out.websocket_bytes += len(event["response"].get("payloadData", ""))

    def handshake(event: dict[str, Any]) -> None:
        headers = {k.lower(): v for k, v in event["response"].get("headers", {}).items()}
        out.websocket_deflate = "permessage-deflate" in headers.get("sec-websocket-extensions", "")

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
    cdp.on("Network.responseReceived", received)
    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.webSocketFrameReceived", frame)
    cdp.on("Network.webSocketFrameSent", frame)
    cdp.on("Network.webSocketHandshakeResponseReceived", handshake)
    page.goto(url, wait_until="commit", timeout=180_000)
    try:
        page.wait_for_function(
            "window.__deskMarks && window.__deskMarks.result !== null", timeout=180_000
        )
        time.sleep(settle)  # requests the page makes just after showing its result
        if worker:  # a reader stays on the page a while: its service worker starts meanwhile
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(
                    "navigator.serviceWorker.controller !== null", timeout=20_000
                )
        marks = page.evaluate("window.__deskMarks")
        out.first_widget = marks["widget"] / 1000
        out.first_result = marks["result"] / 1000
        out.first_seen = marks["seen"] / 1000
    except PlaywrightTimeout:
        print(f"{url}: no result within 180 s (left out of the medians)", flush=True)
        out.complete = False
    for request_id, address in urls.items():
        if request_id in cached:
            continue
        out.requests += 1
        out.static_requests += 1 if STATIC.search(address) else 0
        out.wire_bytes += sizes.get(request_id, 0)
    for address in urls.values():  # from the network or the cache
        chunk = CHUNK.search(address)
        if chunk:
            out.separate_chunks.add(chunk.group(1))
    page.close()
    return out


def measure(chromium: BrowserType, servers: list[Server], notebook: str, workdir: Path) -> None:
    """A first and a repeat visit of ``notebook`` on every server, interleaved.

    Each server gets a new browser profile on disk, as a phone's browser keeps one: a private
    window's profile keeps no compiled code and no service worker's files between pages.
    """
    contexts = {
        s.name: chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="profile-", dir=workdir),
            executable_path=shutil.which("chromium"),
            args=ARGS,
            viewport=SCREEN,
            screen=SCREEN,
            device_scale_factor=3,
            is_mobile=True,
            has_touch=True,
        )
        for s in servers
    }
    try:
        for kind in ("first", "repeat"):
            if kind == "repeat":
                wait_quiet(servers)  # the first visits' kernels are replaced in the pools
            for s in servers:
                url = f"{s.base}/voila/render/{notebook}"
                worker = kind == "first" and s.name == "desk"
                result = visit(contexts[s.name], url, RESULTS[notebook], worker=worker)
                s.visits.setdefault((notebook, kind), []).append(result)
        wait_quiet(servers)
    finally:
        for context in contexts.values():
            context.close()


def report(servers: list[Server], notebooks: list[str]) -> None:
    print(
        f"phone profile: {DOWN_BITS / 1e6:g} Mbit/s, {ROUND_TRIP_MS} ms round trip, "
        f"{SCREEN['width']} px screen (medians; times from navigation)"
    )
    head = (
        f"{'page':22} {'visit':6} {'server':6} {'wire kB':>8} {'requests':>8} {'static':>6} "
        f"{'seen s':>6} {'widget s':>8} {'result s':>8} {'ws kB':>6}"
    )
    print(head)
    summary: dict[str, dict[str, list[float]]] = {}
    for notebook in notebooks:
        for kind in ("first", "repeat"):
            for s in servers:
                v = [x for x in s.visits.get((notebook, kind), []) if x.complete]
                row = {
                    "wire": median([x.wire_bytes / 1000 for x in v]),
                    "req": median([x.requests for x in v]),
                    "static": median([x.static_requests for x in v]),
                    "seen": median([x.first_seen for x in v]),
                    "widget": median([x.first_widget for x in v]),
                    "result": median([x.first_result for x in v]),
                    "ws": median([x.websocket_bytes / 1000 for x in v]),
                }
                deflate = "*" if any(x.websocket_deflate for x in v) else ""
                print(
                    f"{notebook:22} {kind:6} {s.name:6} {row['wire']:8.0f} {row['req']:8.0f} "
                    f"{row['static']:6.0f} {row['seen']:6.2f} {row['widget']:8.2f} "
                    f"{row['result']:8.2f} "
                    f"{row['ws']:5.0f}{deflate}"
                )
                for key, value in row.items():
                    summary.setdefault(f"{s.name} {kind} {key}", {}).setdefault("all", []).append(
                        value
                    )
    print("(* the websocket negotiated permessage-deflate; ws kB are payloads before it)")
    if len(servers) == 2:
        print("\ndesk / today, median over pages")
        for kind in ("first", "repeat"):
            parts = []
            for key, label in (("wire", "bytes"), ("req", "requests"), ("result", "result")):
                today = summary[f"today {kind} {key}"]["all"]
                desk = summary[f"desk {kind} {key}"]["all"]
                ratios = [d / t for d, t in zip(desk, today, strict=True) if t]
                parts.append(f"{label} {median(ratios):.2f}x")
            print(f"  {kind} visit: " + ", ".join(parts))
    desk = next(s for s in servers if s.name == "desk")
    separate = sorted(
        {c for visits in desk.visits.values() for v in visits for c in v.separate_chunks}, key=int
    )
    print(
        f"\nVoila chunks the desk's pages fetched outside the start bundle: {len(separate)}"
        + (f" ({', '.join(separate)}; see calculators/server/bundle.py)" if separate else "")
    )
    print("\ngoals (desk): first visit <= 1500 kB and first widget <= 3 s; repeat <= 1.5 s")
    for notebook in notebooks:
        first = [x for x in desk.visits[(notebook, "first")] if x.complete]
        repeat = [x for x in desk.visits[(notebook, "repeat")] if x.complete]
        if not first or not repeat:
            print(f"  {notebook:22} not measured")
            continue
        wire = median([x.wire_bytes / 1000 for x in first])
        widget = median([x.first_widget for x in first])
        again = median([x.first_result for x in repeat])
        static = max(x.static_requests for x in repeat)
        ok = wire <= 1500 and widget <= 3 and again <= 1.5 and static == 0
        print(
            f"  {notebook:22} first {wire:5.0f} kB, widget {widget:4.2f} s; repeat {again:4.2f} s, "
            f"{static} static requests: {'met' if ok else 'NOT met'}"
        )


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=1, help="first+repeat visits per page")
    parser.add_argument("--only", action="append", help="measure only this notebook (repeatable)")
    args = parser.parse_args(argv)
    # stopped with SIGTERM, still stop the servers it started
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    notebooks = [n for n in RESULTS if (REPO / "notebooks" / n).is_file()]
    if args.only:
        notebooks = [n for n in notebooks if n in args.only]
    with contextlib.ExitStack() as stack:
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="desk-phone-")))
        servers = [
            stack.enter_context(server(today, notebooks, workdir)) for today in (True, False)
        ]
        for s in servers:
            wait_ready(s, notebooks)
        wait_quiet(servers, limit=180)
        with sync_playwright() as pw:
            for _ in range(args.repeat):
                for notebook in notebooks:
                    measure(pw.chromium, servers, notebook, workdir)
        report(servers, notebooks)


if __name__ == "__main__":
    main()
