"""Page speed in headless Chromium, measured in one run.

For every page: time from navigation to the calculator being ready (``.calc-ready`` visible),
first with a Voila that starts a kernel per visit (cold) and then with ``voila.json``'s preheated
kernels, side by side with their ratio; then, on the preheated server, the latency from a
person's input (a key press on a slider, a click) to the result text changing.

    .venv/bin/python benchmarks/pages.py [--repeat 3]

On a quiet machine the browser loading Voila's front end dominates, so preheated and cold
kernels look alike. ``--busy N`` measures the case preheating exists for. Two pages (vtm_dice
and vtes_damage, or those given with ``--only``) get their preheated pools; in each round N
visitors ask for one of them at once (plain page requests, each taking a kernel, so N > its
pool size exhausts the pool and new kernels start in the background), then both pages are
opened together in Chromium: the crowded one waits for a kernel starting under load, the
other gets a preheated kernel, on the same busy machine at the same moment. The next round
crowds the other page. Ratio = pool exhausted / preheated, per page. ``--burn K`` adds K
CPU-burning processes during each round (a machine busy with other work). Idle kernels are
culled between rounds. About 2 minutes with the default ``--repeat 1`` (two rounds).

    .venv/bin/python benchmarks/pages.py --busy 4 [--only vtm_dice.ipynb] [--repeat 1] [--burn 2]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness import median, voila_server
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

REPO = Path(__file__).resolve().parents[1]
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@dataclass(frozen=True)
class Probe:
    """How a person changes one input of a page, and where the result shows."""

    page: str
    what: str
    act: Callable[[Page, int], None]  # the int counts the moves, so each one changes something
    result: str  # CSS selector of the text that must change
    setup: Callable[[Page], None] | None = None


def _arrow(selector: str) -> Callable[[Page, int], None]:
    def act(page: Page, i: int) -> None:
        handle = page.locator(selector).first
        handle.focus()
        handle.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")

    return act


def _type(selector: str, values: tuple[str, str]) -> Callable[[Page, int], None]:
    def act(page: Page, i: int) -> None:
        box = page.locator(selector).first
        box.fill(values[i % 2])
        box.press("Enter")

    return act


def _click(selectors: tuple[str, str]) -> Callable[[Page, int], None]:
    def act(page: Page, i: int) -> None:
        page.locator(selectors[i % 2]).first.click()

    return act


PAGES = (
    "00_index.ipynb",
    "vtes_damage.ipynb",
    "vtes_combat.ipynb",
    "vtes_table.ipynb",
    "dracula.ipynb",
    "vtm_dice.ipynb",
    "rules_reference.ipynb",
)
PROBES: tuple[Probe, ...] = (
    Probe(
        "00_index.ipynb",
        "language switch",
        lambda page, i: page.get_by_role("button", name=("Русский", "English")[i % 2]).click(),
        ".calc-landing",
    ),
    Probe(
        "vtes_damage.ipynb",
        "aggravated damage typed",
        _type(".vtes-aggravated input", ("2", "1")),
        ".vtes-outcome",
    ),
    Probe(
        "vtm_dice.ipynb", "pool slider key press", _arrow(".vtm-dice .noUi-handle"), ".vtm-botch"
    ),
    Probe(
        "vtes_combat.ipynb",
        "preset chosen",
        _click((".vtes-preset-cohn_mage", ".vtes-preset-kurt_ira")),
        ".vtes-story",
    ),
    Probe(
        "dracula.ipynb",
        "hunter's health typed",
        _type(".drac-health input", ("2", "3")),
        ".drac-summary",
        lambda page: page.locator(".drac-assume select").select_option(label="assume all are 1"),
    ),
    Probe(
        "vtes_table.ipynb",
        "rescuer's share typed",
        _type(".vtes-rescuer-share input", ("2", "1")),
        ".vtes-torpor-result",
        lambda page: page.get_by_role("button", name="Rescue", exact=True).click(),
    ),
    Probe(
        "rules_reference.ipynb",
        "search typed",
        _type(".ref-search input", ("torpor", "неизлечимое")),
        ".ref-view",
    ),
)


@contextmanager
def voila(preheat: bool, extra: tuple[str, ...] = (), settle: float = 30) -> Iterator[str]:
    """The desk's server, as ``scripts/serve`` runs it; ``preheat``: wait ``settle`` s more."""
    options = () if preheat else ("--VoilaConfiguration.preheat_kernel=False",)
    with voila_server(None, *options, *extra, stop_seconds=30) as server:
        _SERVERS[server.url] = server.proc.pid
        try:
            if preheat:
                time.sleep(settle)  # let the pools fill, as on a server that has been up
            yield server.url
        finally:
            _SERVERS.pop(server.url, None)


_SERVERS: dict[str, int] = {}  # base address -> pid of the Voila this script started


def open_page(page: Page, base: str, name: str) -> float:
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/{name}", wait_until="commit")
    page.wait_for_selector(".calc-ready", state="visible", timeout=180_000)
    return time.perf_counter() - start


def time_to_render(base: str, repeat: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
        for name in PAGES:
            if not (REPO / "notebooks" / name).is_file():
                continue
            for _ in range(repeat):
                page = browser.new_page()
                page.route(
                    "**/*",
                    lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort(),
                )
                times.setdefault(name, []).append(open_page(page, base, name))
                page.close()
                time.sleep(3)  # the pool refills between visits
        browser.close()
    return times


def update_latency(base: str, repeat: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
        for probe in PROBES:
            if not (REPO / "notebooks" / probe.page).is_file():
                continue
            page = browser.new_page()
            page.route(
                "**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort()
            )
            open_page(page, base, probe.page)
            if probe.setup is not None:
                probe.setup(page)
                time.sleep(1)
            key = f"{probe.page}: {probe.what}"
            for i in range(repeat):
                before = page.inner_text(probe.result)
                start = time.perf_counter()
                probe.act(page, i)
                try:
                    page.wait_for_function(
                        "([sel, old]) => document.querySelector(sel).innerText !== old",
                        arg=[probe.result, before],
                        timeout=30_000,
                    )
                except PlaywrightTimeout:
                    print(f"{key}: the result did not change within 30 s", flush=True)
                    break
                times.setdefault(key, []).append(time.perf_counter() - start)
            page.close()
        browser.close()
    return times


# -- a busy server: the pool exhausted, kernels starting under load ----------------------------
BUSY_PAIR = ("vtm_dice.ipynb", "vtes_damage.ipynb")


def pool_size(name: str) -> int:
    """The notebook's preheated pool size in ``voila.json``."""
    config = json.loads((REPO / "voila.json").read_text(encoding="utf-8"))
    default = config.get("VoilaConfiguration", {}).get("default_pool_size", 1)
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    return int(pools.get(name, pools.get("default", {})).get("pool_size", default))


def wait_quiet(base: str, limit: float = 90, busy_percent: float = 10) -> float:
    """Wait until our Voila and its kernels are idle (pools filled, culled); seconds waited."""
    import psutil

    root = psutil.Process(_SERVERS[base])
    start = time.monotonic()
    calm = 0
    while time.monotonic() - start < limit and calm < 2:
        procs = [root, *root.children(recursive=True)]
        for proc in procs:
            with contextlib.suppress(psutil.Error):
                proc.cpu_percent(None)
        time.sleep(1)
        used = 0.0
        for proc in procs:
            with contextlib.suppress(psutil.Error):
                used += proc.cpu_percent(None)
        calm = calm + 1 if used < busy_percent else 0
    return time.monotonic() - start


def _visit(url: str) -> None:
    with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=180) as response:
        response.read()


def open_together(browser: Any, base: str, names: tuple[str, ...]) -> dict[str, float]:
    """Open the pages at the same moment; seconds until each one's calculator is ready."""
    pages = []
    for _ in names:
        page = browser.new_page()
        page.route("**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort())
        pages.append(page)
    start = time.perf_counter()
    for page, name in zip(pages, names, strict=True):  # navigate without waiting for it
        page.evaluate("url => { window.location.href = url; }", f"{base}/voila/render/{name}")
    took: dict[str, float] = {}
    try:
        while len(took) < len(names) and time.perf_counter() - start < 180:
            for page, name in zip(pages, names, strict=True):
                if name not in took:
                    with contextlib.suppress(PlaywrightError):
                        if page.locator(".calc-ready").first.is_visible():
                            took[name] = time.perf_counter() - start
            time.sleep(0.1)
    finally:
        for page in pages:
            page.close()
    return took


def busy_round(
    browser: Any, base: str, names: tuple[str, ...], crowd_page: str, visitors: int, burn: int
) -> dict[str, float]:
    """``visitors`` requests for ``crowd_page`` at once, then every page of ``names`` opened."""
    wait_quiet(base)
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(burn)]
    crowd = [
        threading.Thread(target=_visit, args=(f"{base}/voila/render/{crowd_page}",), daemon=True)
        for _ in range(visitors)
    ]
    try:
        for thread in crowd:
            thread.start()
        time.sleep(1)  # the server has taken their kernels from the pool
        return open_together(browser, base, names)
    finally:
        for burner in burners:
            burner.terminate()
            burner.wait(timeout=10)
        for thread in crowd:
            thread.join(timeout=180)


def busy_benchmark(pair: tuple[str, str], visitors: int, burn: int, repeat: int) -> None:
    """Both pages opened together after a crowd asked for one of them, then for the other."""
    cull = ("10", "2")  # idle kernels (the crowd's, the closed pages') go between rounds
    extra = [
        f"--MappingKernelManager.cull_idle_timeout={cull[0]}",
        f"--MappingKernelManager.cull_interval={cull[1]}",
        f"--VoilaKernelManager.cull_idle_timeout={cull[0]}",
        f"--VoilaKernelManager.cull_interval={cull[1]}",
    ]
    for other in sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb")):
        if other not in pair:  # pools only for the two pages measured: a shorter start
            extra.append(f"--VoilaKernelManager.preheat_denylist={other}")
    warm: dict[str, list[float]] = {name: [] for name in pair}
    cold: dict[str, list[float]] = {name: [] for name in pair}
    with voila(preheat=True, extra=tuple(extra), settle=0) as base:
        wait_quiet(base, limit=150)  # the pools filled
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
            for _ in range(repeat):
                for crowded in pair:  # the crowd exhausts one pool; the other page is preheated
                    took = busy_round(browser, base, pair, crowded, visitors, burn)
                    for name in pair:
                        side = cold if name == crowded else warm
                        side[name].append(took.get(name, float("nan")))
            browser.close()
    print(
        f"busy server: {visitors} visitors ask for one page at once"
        + (f", {burn} CPU burners running" if burn else "")
        + f"; then both pages are opened together (median of {repeat}, seconds)"
    )
    print(f"{'page':24} {'pool':>4} {'preheated kernel':>16} {'pool exhausted':>15} {'ratio':>7}")
    for name in pair:
        w, c = median(warm[name]), median(cold[name])
        print(f"{name:24} {pool_size(name):4} {w:15.2f}s {c:14.2f}s {c / w:6.1f}x", flush=True)
    small = [name for name in pair if visitors <= pool_size(name)]
    if small:
        print(f"note: {visitors} visitors do not exhaust the pool of {', '.join(small)}")


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, help="visits per case (3; with --busy 1)")
    parser.add_argument("--only", action="append", help="measure only this notebook (repeatable)")
    parser.add_argument(
        "--busy",
        type=int,
        default=0,
        metavar="N",
        help="measure under load instead: N visitors at once, pool available vs exhausted",
    )
    parser.add_argument("--burn", type=int, default=0, help="with --busy: CPU burners to run")
    args = parser.parse_args(argv)
    if args.busy:
        chosen = [*(args.only or []), *BUSY_PAIR]
        pair = (chosen[0], next(p for p in chosen[1:] if p != chosen[0]))
        busy_benchmark(pair, args.busy, args.burn, args.repeat or 1)
        return
    args.repeat = args.repeat or 3
    if args.only:
        global PAGES, PROBES
        PAGES = tuple(p for p in PAGES if p in args.only)
        PROBES = tuple(p for p in PROBES if p.page in args.only)
    with voila(preheat=False) as base:
        cold = time_to_render(base, args.repeat)
    with voila(preheat=True) as base:
        warm = time_to_render(base, args.repeat)
        print("time to first render (median of", args.repeat, "visits)")
        print(f"{'page':26} {'cold':>9} {'preheated':>10} {'cold/preheated':>15}")
        for name in cold:
            c, w = median(cold[name]), median(warm.get(name, []))
            print(f"{name:26} {c:8.2f}s {w:9.2f}s {c / w:14.1f}x", flush=True)
        latency = update_latency(base, args.repeat * 2)
    print("\ninput to result, preheated server (median, max)")
    for what, values in latency.items():
        print(f"{what:50} {median(values) * 1000:7.0f} ms {max(values) * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
