"""What a page does before its calculator shows, over a phone's round trips (Chromium).

- The page's snapshot (the calculator as the server sees it, the link's result included) is
  drawn before the front end is asked for; its largest text is the page's largest, and the
  live calculator takes its place without moving anything the reader sees.
- The widget front ends' entry scripts are preloaded with the main script (they used to be
  asked for only once the main script had run): each is fetched once, by the preload.
- Voila's front end asks the server for the kernel's model before it opens the kernel's
  websocket; the page answers that first question itself, and only that one.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = sorted(
    p.name for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb")
)
PHONE = {"width": 390, "height": 844}
WATCH = """
window.__paints = []; window.__shift = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__paints.push([e.startTime, e.size]);
}).observe({ type: "largest-contentful-paint", buffered: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
}).observe({ type: "layout-shift", buffered: true });
"""


def _open(page: Any, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded", timeout=180_000)
    page.wait_for_selector(".calc-ready", state="visible", timeout=180_000)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_the_snapshot_is_drawn_first_and_the_live_page_takes_its_place(
    browser: Any, voila_url: str, name: str
) -> None:
    context = browser.new_context(service_workers="block", viewport=PHONE)
    try:
        page = context.new_page()
        page.add_init_script(WATCH)
        _open(page, f"{voila_url}/voila/render/{name}")
        page.wait_for_timeout(300)
        timings = page.evaluate(
            """() => ({
              drawn: performance.getEntriesByName("first-contentful-paint")[0].startTime,
              front: performance.getEntriesByType("resource")
                .find((r) => /\\/voila\\.js$/.test(r.name)).startTime,
              paints: window.__paints,
              shift: window.__shift,
              left: document.querySelectorAll(".desk-snapshot-box, .desk-previewing").length,
            })"""
        )
        assert timings["drawn"] <= timings["front"], timings  # the page is drawn first
        # the snapshot holds the page's largest text (the live page may draw it again a
        # pixel taller: its lines sit at other fractions of a pixel)
        first = max(size for at, size in timings["paints"] if at <= timings["front"])
        assert max(size for _, size in timings["paints"]) <= first * 1.02, timings
        assert timings["shift"] < 0.05, timings
        assert timings["left"] == 0, timings  # the live calculator alone
    finally:
        context.close()


def test_before_the_front_end_the_snapshot_shows_the_links_result_and_nothing_to_press(
    browser: Any, voila_url: str
) -> None:
    context = browser.new_context(service_workers="block", viewport=PHONE)
    try:
        page = context.new_page()
        page.route(re.compile(r"/voila\.js$"), lambda route: route.abort())
        page.goto(f"{voila_url}/voila/render/vtm_dice.ipynb?dice=8&lang=ru", timeout=180_000)
        snapshot = page.locator(".desk-snapshot")
        snapshot.wait_for(state="visible")
        status = page.get_by_role("status")
        assert "Калькулятор запускается" in status.inner_text()
        shown = snapshot.inner_text()
        assert "8" in shown and "Провал" in shown
        # in its own shadow root, out of reach of the front end's style sheets
        inside = page.evaluate(
            """() => {
              const root = document.querySelector(".desk-snapshot-box").shadowRoot;
              return {
                controls: root.querySelectorAll("button, input, select, textarea").length,
                links: root.querySelectorAll("a").length,
                inert: root.querySelector(".desk-snapshot").inert,
              };
            }"""
        )
        assert inside["controls"] == 0 and inside["links"] > 0 and inside["inert"], inside
        for _ in range(3):  # the keyboard never lands in it (its links are inert)
            page.keyboard.press("Tab")
            assert page.evaluate(
                "document.activeElement !== document.querySelector('.desk-snapshot-box')"
            )
    finally:
        context.close()
    # the same link with its front end: the live page shows the same result
    context = browser.new_context(service_workers="block", viewport=PHONE)
    try:
        page = context.new_page()
        _open(page, f"{voila_url}/voila/render/vtm_dice.ipynb?dice=8&lang=ru")
        live = page.locator(".vtm-summary").inner_text()
        assert live.split()[0] and " ".join(live.split()) in " ".join(shown.split())
    finally:
        context.close()


@pytest.mark.parametrize("name", ["vtm_dice.ipynb"])
def test_the_widget_front_ends_are_preloaded_and_fetched_once(
    browser: Any, voila_url: str, name: str
) -> None:
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        _open(page, f"{voila_url}/voila/render/{name}")
        preloaded = page.evaluate(
            "[...document.querySelectorAll('head link[rel=preload][as=script]')].map(l => l.href)"
        )
        config = page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent)"
        )
        names = {e["name"] for e in config["federated_extensions"]}
        assert len(preloaded) == len(names) and all("remoteEntry." in a for a in preloaded)
        for address in preloaded:
            assert any(f"/voila/labextensions/{n}/static/remoteEntry." in address for n in names)
            assert asked.count(address) == 1, (address, asked.count(address))  # the preload is used
    finally:
        context.close()


def test_the_page_answers_the_first_question_for_its_kernel_model(
    browser: Any, voila_url: str
) -> None:
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        events: list[tuple[str, str]] = []
        page.on("request", lambda request: events.append((request.method, request.url)))
        page.on("websocket", lambda socket: events.append(("WEBSOCKET", socket.url)))
        _open(page, f"{voila_url}/voila/render/vtm_dice.ipynb?dice=8")
        page.wait_for_function("() => document.querySelector('.vtm-summary').innerText.trim()")
        assert page.evaluate("location.search") == "?dice=8"  # the kernel answers the page
        kernel = page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
        )
        model = re.compile(rf"/api/kernels/{kernel}(\?|$)")
        sockets = [i for i, (kind, url) in enumerate(events) if kind == "WEBSOCKET"]
        assert sockets and f"/api/kernels/{kernel}/channels" in events[sockets[0]][1]
        assert not [url for kind, url in events if kind == "GET" and model.search(url)]
        # a later question goes to the server, and gets the server's answer
        status = page.evaluate(
            f"fetch('/api/kernels/{kernel}').then(r => r.json()).then(m => m.id)"
        )
        assert status == kernel
        assert [url for kind, url in events if kind == "GET" and model.search(url)]
    finally:
        context.close()


def test_a_closed_tab_frees_its_kernel_within_seconds(browser: Any, voila_url: str) -> None:
    # the browser closes the page's websocket with "going away": the server keeps the kernel
    # for the closed grace (voila.json: 5 s), not for the 120 s a lost connection gets
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        _open(page, f"{voila_url}/voila/render/vtm_dice.ipynb?dice=4")
        kernel = page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
        )
        api = context.request
        assert api.get(f"{voila_url}/api/kernels/{kernel}").status == 200
        page.close()
        closed = time.monotonic()
        while time.monotonic() - closed < 60:
            if api.get(f"{voila_url}/api/kernels/{kernel}").status == 404:
                break
            time.sleep(0.5)
        gone = time.monotonic() - closed
        assert api.get(f"{voila_url}/api/kernels/{kernel}").status == 404
        assert gone < 30, f"the kernel outlived its closed tab by {gone:.0f} s"
    finally:
        context.close()
