"""What a page does before its calculator shows, over a phone's round trips (Chromium).

- The widget front ends' entry scripts are preloaded from the page's head (they used to be asked
  for only once the main script had run): each is fetched once, by the preload.
- Voila's front end asks the server for the kernel's model before it opens the kernel's
  websocket; the page answers that first question itself, and only that one.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest


def _open(page: Any, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded", timeout=180_000)
    page.wait_for_selector(".calc-ready", state="visible", timeout=180_000)


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
