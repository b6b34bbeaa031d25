"""The desk's service worker keeps the front end a page loaded; the next page starts from it.

In Chromium, as a person would: a first page is opened and shown; its worker starts and keeps
the page's content-hashed front-end files; a second page of the desk then takes every one of
them from the worker's store (none from the server), computes, and its own address, the
kernel's API and websocket still go to the server. A store left by an older build is deleted.
"""

from __future__ import annotations

import re
import time
import urllib.request
from typing import Any

from calculators.server.caching import REVALIDATE

FRONT_END = re.compile(r"/voila/(static|labextensions|templates)/")


def _watch_responses(context: Any, page: Any) -> list[dict[str, Any]]:
    responses: list[dict[str, Any]] = []
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.on("Network.responseReceived", lambda event: responses.append(event["response"]))
    return responses


def _kept(page: Any, build: str) -> set[str]:
    """The addresses the worker's store of ``build`` holds."""
    script = f"caches.open('desk-static-{build}').then(c => c.keys()).then(k => k.map(r => r.url))"
    return set(page.evaluate(script))


def _open(page: Any, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded", timeout=180_000)
    page.wait_for_selector(".calc-ready", state="visible", timeout=180_000)


def test_the_second_page_takes_the_front_end_from_the_worker(browser: Any, voila_url: str) -> None:
    context = browser.new_context()
    try:
        first = context.new_page()
        _open(first, f"{voila_url}/voila/render/00_index.ipynb")
        # a store from an older build of the front end, as a browser may still hold
        first.evaluate(
            "caches.open('desk-static-0123456789abcdef')"
            ".then(c => c.put('/x', new Response('old')))"
        )
        first.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        worker = first.evaluate("navigator.serviceWorker.controller.scriptURL")
        assert worker.startswith(f"{voila_url}/voila/desk-sw.js?build=")
        loaded = first.evaluate(
            "performance.getEntriesByType('resource').map(e => e.name)"
            ".filter(a => /\\/voila\\/(static|labextensions|templates)\\//.test(a))"
        )
        main = next(a for a in loaded if re.search(r"/voila/static/[0-9a-f]+/voila\.js$", a))
        build = main.split("/")[-2]
        stores = first.evaluate("caches.keys()")
        assert stores == [f"desk-static-{build}"], stores  # the old one is gone, lists too
        kept = _kept(first, build)
        assert main in kept and set(loaded) <= kept, set(loaded) - kept

        second = context.new_page()
        responses = _watch_responses(context, second)
        _open(second, f"{voila_url}/voila/render/vtm_dice.ipynb?dice=7")
        second.wait_for_function("() => document.querySelector('.vtm-summary').innerText.trim()")
        # the link's input applied (the address follows the inputs: a default would drop it)
        assert second.evaluate("location.search") == "?dice=7"
        front_end = [r for r in responses if FRONT_END.search(r["url"])]
        assert front_end and main in {r["url"] for r in front_end}
        from_server = {
            r["url"]
            for r in front_end
            if not (
                r.get("fromServiceWorker")
                and r.get("serviceWorkerResponseSource") == "cache-storage"
            )
        }
        assert not from_server & kept, from_server & kept
        # what the first page never loaded (a font this page shows) is kept from now on
        deadline = time.monotonic() + 30
        while not from_server <= (kept_now := _kept(second, build)):
            assert time.monotonic() < deadline, from_server - kept_now
            time.sleep(0.2)
        # the page itself is never answered by the worker
        others = [r for r in responses if not FRONT_END.search(r["url"])]
        assert any("/voila/render/vtm_dice.ipynb" in r["url"] for r in others)
        assert not [r["url"] for r in others if r.get("fromServiceWorker")]
    finally:
        context.close()


def test_the_worker_script_is_revalidated_and_the_page_registers_it(voila_url: str) -> None:
    with urllib.request.urlopen(f"{voila_url}/voila/desk-sw.js", timeout=30) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/javascript")
        assert response.headers["Cache-Control"] == REVALIDATE
        script = response.read().decode()
    assert "desk-static-" in script and "immutable" in script
    with urllib.request.urlopen(f"{voila_url}/voila/render/vtm_dice.ipynb", timeout=120) as page:
        html = page.read().decode()
    assert "desk-sw.js?build=" in html and "serviceWorker" in html
