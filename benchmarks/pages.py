"""Page speed in headless Chromium, measured in one run.

For every page: time from navigation to the calculator being ready (``.calc-ready`` visible),
first with a Voila that starts a kernel per visit (cold) and then with ``voila.json``'s preheated
kernels, side by side with their ratio; then, on the preheated server, the latency from a
person's input (a key press on a slider, a click) to the result text changing.

    .venv/bin/python benchmarks/pages.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def voila(preheat: bool) -> Iterator[str]:
    port = free_port()
    command = [
        str(Path(sys.executable).with_name("voila")),
        "notebooks/",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
    ]
    if not preheat:
        command.append("--VoilaConfiguration.preheat_kernel=False")
    proc = subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                with urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)
        if preheat:
            time.sleep(30)  # let the pools fill, as they would on a server that has been up
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


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


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", action="append", help="measure only this notebook (repeatable)")
    args = parser.parse_args(argv)
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
            c, w = _median(cold[name]), _median(warm.get(name, []))
            print(f"{name:26} {c:8.2f}s {w:9.2f}s {c / w:14.1f}x", flush=True)
        latency = update_latency(base, args.repeat * 2)
    print("\ninput to result, preheated server (median, max)")
    for what, values in latency.items():
        print(f"{what:50} {_median(values) * 1000:7.0f} ms {max(values) * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
