"""The desk's service worker, served at ``<base>voila/desk-sw.js`` (its scope: every page).

A phone's browser keeps the desk's front end (about 5 MB of JavaScript once uncompressed) in its
HTTP cache, but it compiles the scripts again on the next page; it keeps their compiled code
only from the third visit on. Files a service worker stores while it installs get their compiled
code kept at once, so the second page starts as fast as the tenth. The worker
(``service_worker.js``) keeps the content-hashed files the page loaded (those served with
``immutable`` caching, :mod:`calculators.server.caching`) and answers them; everything else
(pages, the kernel's API, websockets) goes to the server as before.

The page template registers it once the calculator is shown, so it never competes with a first
visit for the connection. The script itself is always revalidated: a new build of the front end
brings a new list, a new worker and a new cache, and the old cache is deleted.
"""

from __future__ import annotations

from pathlib import Path

from tornado.web import RequestHandler

from calculators.server.caching import REVALIDATE

SCRIPT = Path(__file__).with_name("service_worker.js")
ADDRESS = "voila/desk-sw.js"
"""Under the server's base address; the worker's scope is the folder, ``<base>voila/``."""


class ServiceWorkerHandler(RequestHandler):
    """Serves the worker's script (its query, build and list, is read by the script)."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", REVALIDATE)
        self.write(SCRIPT.read_bytes())
