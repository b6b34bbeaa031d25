"""The kernels' graces measured on a phone: how soon a page's front end connects, and comes back.

The desk's server shuts a visitor's kernel down when its page's front end has not connected
within the connect grace, or has been gone longer than the reconnect grace
(``calculators/server/lifetimes.py``). This measures what those graces must cover, in headless
Chromium on the phone profile of ``benchmarks/phone.py`` (390 px screen, 9 Mbit/s, 150 ms round
trip), with the CPU slowed four times as a mid-range phone's is:

- **connect**: from the page's request to its kernel's websocket open, first visit (a new
  browser profile: nothing cached) and repeat visit, per page;
- **outage**: the network gone for T seconds while the page is open (a tunnel, a lift): the
  connection is cut (a proxy between the browser and the server drops it and refuses new ones)
  and the browser is offline; then both come back. Printed: how long after the network came
  back the front end was connected again, to the same kernel, and the page answered an input;
- **lock**: the same with the page frozen meanwhile (a phone that locks its screen: no script
  runs), then thawed;
- **beyond the front end's patience**: an outage longer than the front end's seven attempts to
  reconnect (at most 120 s of waits), the kernel still alive: the page must come back by itself
  (the desk's template reloads it; its inputs are in its address) and answer again;
- **beyond the grace**: a lock longer than the server's reconnect grace: the kernel is shut
  down meanwhile, and the page must come back by itself as well.

    .venv/bin/python benchmarks/graces.py [--visits 2] [--outages 10,30] [--grace 45]
    .venv/bin/python benchmarks/graces.py --outages 10,30,60 --grace 150   # every case, 15 min

About five minutes with the defaults. The server preheats one kernel per page and reads
``voila.json``; its reconnect grace is ``--grace`` (the lock and outage lengths stay below it,
the last lock passes it; with a grace above 140 s an awake outage of 140 s outlasts the front
end's attempts).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, sync_playwright

REPO = Path(__file__).resolve().parents[1]
CPU_SLOWDOWN = 4
GIVE_UP_S = 125  # Voila's front end tries 7 times, waiting at most 0+1+3+...+63 = 120 s between
PAGES = ("vtm_dice.ipynb", "vtes_damage.ipynb", "vtes_combat.ipynb", "dracula.ipynb")


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


phone = _load("desk_phone_profile", REPO / "benchmarks" / "phone.py")


class Proxy:
    """A TCP proxy on 127.0.0.1 in a thread of its own, whose network can be cut."""

    def __init__(self, upstream: int) -> None:
        self.upstream = upstream
        self.port = phone.free_port()
        self.loop = asyncio.new_event_loop()
        self.links: set[asyncio.StreamWriter] = set()
        self.up = True
        self._server: asyncio.AbstractServer | None = None
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        ready.wait(10)

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self._server = self.loop.run_until_complete(
            asyncio.start_server(self._link, "127.0.0.1", self.port)
        )
        ready.set()
        self.loop.run_forever()

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.up:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream)
        except OSError:
            writer.transport.abort()
            return
        self.links |= {writer, up_writer}

        async def pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            with contextlib.suppress(Exception):
                sink.close()

        await asyncio.gather(pump(reader, up_writer), pump(up_reader, writer))
        self.links -= {writer, up_writer}

    def cut(self) -> None:
        """Drop every connection at once, both ways, and refuse new ones (the network is gone:
        the server sees its websocket end, as when a phone's connection is lost)."""

        def drop() -> None:
            self.up = False
            for link in list(self.links):
                link.transport.abort()
            self.links.clear()

        self.loop.call_soon_threadsafe(drop)

    def restore(self) -> None:
        def back() -> None:
            self.up = True

        self.loop.call_soon_threadsafe(back)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@contextlib.contextmanager
def desk_server(grace: float, workdir: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = phone.free_port()
    pools = json.dumps({"default": {"pool_size": 1}})
    log = workdir / "server.log"
    command = phone.voila_command(
        port,
        f"--VoilaKernelManager.kernel_pools_config={pools}",
        f"--VisitorKernels.reconnect_grace={grace}",
    )
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=REPO, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield f"http://127.0.0.1:{port}", proc
    finally:
        phone.stop(proc, 30)


def wait_pools(base: str, seconds: float = 400) -> None:
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, ValueError):
            with urllib.request.urlopen(f"{base}/health", timeout=5) as answer:
                pools = json.loads(answer.read())["pools"]
            if pools and all(p["ready"] >= p["target"] for p in pools.values()):
                return
        time.sleep(1)
    raise RuntimeError(f"the pools did not fill in {seconds} s")


class PhoneTab:
    """A page on the phone profile, with its websocket handshakes recorded (CDP clock)."""

    def __init__(self, context: BrowserContext) -> None:
        self.page: Page = context.new_page()
        self.cdp = context.new_cdp_session(self.page)
        self.cdp.send("Network.enable")
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        self.network(online=True)
        self.requested: float | None = None
        self.sockets: list[tuple[float, str]] = []  # (CDP time, kernel id) of each open
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.webSocketCreated", self._created)
        self.cdp.on("Network.webSocketHandshakeResponseReceived", self._opened)
        self._handshakes: dict[str, str] = {}
        self.wall_offset = 0.0  # CDP time - time.monotonic(), from the first event

    def network(self, online: bool) -> None:
        self.cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": not online,
                "latency": phone.ROUND_TRIP_MS,
                "downloadThroughput": phone.DOWN_BITS / 8,
                "uploadThroughput": phone.DOWN_BITS / 8,
                "connectionType": "cellular4g",
            },
        )

    def _sent(self, event: dict[str, Any]) -> None:
        if event.get("type") == "Document" and self.requested is None:
            self.requested = float(event["timestamp"])
            self.wall_offset = float(event["timestamp"]) - time.monotonic()

    def _created(self, event: dict[str, Any]) -> None:
        url = event.get("url", "")
        found = re.search(r"/api/kernels/([0-9a-f-]+)/channels", url)
        if found:
            self._handshakes[event["requestId"]] = found.group(1)

    def _opened(self, event: dict[str, Any]) -> None:
        kernel = self._handshakes.get(event["requestId"])
        if kernel is not None and event["response"].get("status") == 101:
            self.sockets.append((float(event["timestamp"]), kernel))

    def open(self, url: str, result: str) -> float:
        """Open ``url``, wait for its first result; seconds from the request to the kernel's
        websocket open."""
        self.page.goto(url, wait_until="commit", timeout=180_000)
        self.page.wait_for_selector(result, state="visible", timeout=180_000)
        self.page.wait_for_function(
            f"document.querySelector({json.dumps(result)}).innerText.trim() !== ''",
            timeout=180_000,
        )
        self._wait(lambda: bool(self.sockets), 60)
        assert self.requested is not None
        return self.sockets[0][0] - self.requested

    def _wait(self, done: Any, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while not done() and time.monotonic() < deadline:
            self.page.wait_for_timeout(100)  # lets Playwright deliver the CDP events
        return bool(done())

    def connected_after(self, since: float, seconds: float) -> tuple[float, str] | None:
        """The first websocket opened after ``since`` (time.monotonic()), if one opens."""
        cdp_since = since + self.wall_offset
        self._wait(lambda: any(t > cdp_since for t, _ in self.sockets), seconds)
        later = [(t - cdp_since, k) for t, k in self.sockets if t > cdp_since]
        return later[0] if later else None

    def answers(self, seconds: float = 60) -> float | None:
        """Seconds until the dice page shows new odds after a new pool size is typed."""
        box = self.page.locator(".vtm-dice-typed input")
        before = self.page.inner_text(".vtm-botch")
        wanted = "9" if box.input_value() != "9" else "5"
        start = time.monotonic()
        box.fill(wanted)
        box.press("Enter")
        try:
            self.page.wait_for_function(
                "b => document.querySelector('.vtm-botch') &&"
                " document.querySelector('.vtm-botch').innerText !== b",
                arg=before,
                timeout=seconds * 1000,
            )
        except Exception:
            return None
        return time.monotonic() - start

    def kernel_in_page(self) -> str:
        found = re.search(r'"kernelId": "([0-9a-f-]+)"', self.page.content())
        return found.group(1) if found else ""


class Phone:
    """The system's Chromium, each browser profile in its own folder (as a phone keeps one)."""

    def __init__(self, browser_type: Any, executable: str | None) -> None:
        self.browser_type = browser_type
        self.executable = executable

    def launch_persistent_context(self, profile: str, **options: Any) -> BrowserContext:
        context: BrowserContext = self.browser_type.launch_persistent_context(
            profile, executable_path=self.executable, **options
        )
        return context


def measure_connect(chromium: Any, base: str, visits: int, workdir: Path) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for notebook in PAGES:
        first: list[float] = []
        repeat: list[float] = []
        for i in range(visits):
            profile = workdir / f"profile-{notebook}-{i}"
            context = chromium.launch_persistent_context(
                str(profile), headless=True, args=phone.ARGS, viewport=phone.SCREEN
            )
            try:
                for bucket in (first, repeat):
                    tab = PhoneTab(context)
                    address = f"{base}/voila/render/{notebook}"
                    bucket.append(tab.open(address, phone.RESULTS[notebook]))
                    tab.page.close()
                    time.sleep(2)
            finally:
                context.close()
        results[notebook] = {"first": first, "repeat": repeat}
        print(
            f"connect {notebook}: first visit {_range(first)}, repeat {_range(repeat)}",
            flush=True,
        )
    return results


def _range(values: list[float]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values):.1f} s, max {max(values):.1f} s"


def outage(
    chromium: Any, proxy: Proxy, seconds: float, frozen: bool, workdir: Path, tag: str
) -> dict[str, Any]:
    """One page on the dice page through the proxy; the network goes for ``seconds``."""
    profile = workdir / f"profile-outage-{tag}"
    context = chromium.launch_persistent_context(
        str(profile), headless=True, args=phone.ARGS, viewport=phone.SCREEN
    )
    try:
        tab = PhoneTab(context)
        tab.open(f"http://127.0.0.1:{proxy.port}/voila/render/vtm_dice.ipynb", ".vtm-botch")
        kernel = tab.sockets[0][1]
        tab.answers()
        if frozen:
            tab.cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
        tab.network(online=False)
        proxy.cut()
        time.sleep(seconds)
        proxy.restore()
        back = time.monotonic()
        tab.network(online=True)
        if frozen:
            tab.cdp.send("Page.setWebLifecycleState", {"state": "active"})
        again = tab.connected_after(back, 180)
        answered = tab.answers(120) if again else None
        reloaded = tab.kernel_in_page() != kernel
        result = {
            "outage_s": seconds,
            "frozen": frozen,
            "reconnected_after_s": None if again is None else round(again[0], 2),
            "same_kernel": again is not None and again[1] == kernel,
            "reloaded": reloaded,
            "answered_s": None if answered is None else round(answered, 2),
        }
        how = "locked" if frozen else "awake"
        print(
            f"outage {seconds:.0f} s ({how}): "
            + (
                f"connected again {again[0]:.1f} s after the network came back, "
                f"{'same kernel' if result['same_kernel'] else 'a new kernel (page reloaded)'}"
                if again
                else "never connected again"
            )
            + (f"; answered an input in {answered:.1f} s" if answered else "; no answer")
            + ("; the page reloaded itself" if reloaded else ""),
            flush=True,
        )
        return result
    finally:
        context.close()


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--visits", type=int, default=2, help="first/repeat visit pairs per page")
    parser.add_argument("--outages", default="10,30", help="network outages below the grace (s)")
    parser.add_argument("--grace", type=float, default=45, help="the server's reconnect grace")
    parser.add_argument("--skip-connect", action="store_true")
    args = parser.parse_args(argv)
    chromium_path = shutil.which("chromium") or shutil.which("chromium-browser")
    outages = [float(x) for x in args.outages.split(",") if x]
    with tempfile.TemporaryDirectory(prefix="desk-graces-") as tmp:
        workdir = Path(tmp)
        with desk_server(args.grace, workdir) as (base, _proc), sync_playwright() as pw:
            wait_pools(base)
            chromium = Phone(pw.chromium, chromium_path)
            report: dict[str, Any] = {"cpu_slowdown": CPU_SLOWDOWN, "grace_s": args.grace}
            if not args.skip_connect:
                report["connect"] = measure_connect(chromium, base, args.visits, workdir)
            proxy = Proxy(int(base.rsplit(":", 1)[1]))
            try:
                runs = []
                for i, seconds in enumerate(outages):
                    runs.append(outage(chromium, proxy, seconds, False, workdir, f"a{i}"))
                runs.append(outage(chromium, proxy, outages[-1], True, workdir, "lock"))
                if args.grace > GIVE_UP_S + 15:  # the front end stops trying, the kernel lives
                    runs.append(outage(chromium, proxy, GIVE_UP_S + 15, False, workdir, "gave-up"))
                beyond = args.grace + 20
                runs.append(outage(chromium, proxy, beyond, True, workdir, "beyond"))
                report["outages"] = runs
            finally:
                proxy.close()
            print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
