"""The static site's offline addition to JupyterLite's service worker, without a browser.

``tests/browser/test_static_site.py`` shows in a browser that one visit keeps every page; this
checks what the build writes: which files the worker keeps and when it keeps them again.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from deploy.static_site import OFFLINE_WORKER_END, WORKER, _add_offline_worker, offline_files

UPSTREAM = (
    '"use strict";const CACHE="precache";let enableCache=!1;'
    'self.addEventListener("fetch",onFetch);\n'
)


def _site(root: Path) -> Path:
    for path, text in {
        "voici/render/dracula.html": "<html>",
        "static/pyodide/pyodide.asm.wasm": "wasm",
        "build/jlab_core.js": "the lab",  # JupyterLite's own application: no page loads it
        "extensions/@jupyterlite/pyodide-kernel-extension/static/remoteEntry.js": "js",
        WORKER: UPSTREAM,
    }.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return root


def _kept(worker: str) -> tuple[list[str], str]:
    files = re.search(r"^const DESK_FILES = (.*);$", worker, re.M)
    version = re.search(r'^const DESK_VERSION = "(\w+)";$', worker, re.M)
    assert files and version
    return json.loads(files.group(1)), version.group(1)


def test_the_worker_keeps_every_file_a_page_may_load(tmp_path: Path) -> None:
    site = _site(tmp_path)
    _add_offline_worker(site)
    worker = (site / WORKER).read_text()
    assert worker.startswith('"use strict";') and worker.endswith(UPSTREAM + OFFLINE_WORKER_END)
    files, version = _kept(worker)
    assert (
        files
        == offline_files(site)
        == [
            "extensions/@jupyterlite/pyodide-kernel-extension/static/remoteEntry.js",
            "static/pyodide/pyodide.asm.wasm",
            "voici/render/dracula.html",
        ]
    )
    # a rebuilt site with a changed file: a new worker, which keeps the files again
    (site / WORKER).write_text(UPSTREAM)
    (site / "voici/render/dracula.html").write_text("<html>changed")
    _add_offline_worker(site)
    again, new_version = _kept((site / WORKER).read_text())
    assert again == files and new_version != version


def test_the_build_refuses_a_worker_it_does_not_know(tmp_path: Path) -> None:
    site = _site(tmp_path)
    (site / WORKER).write_text("self.onfetch = () => {};")
    with pytest.raises(SystemExit, match="not the JupyterLite service worker"):
        _add_offline_worker(site)


def test_the_worker_reads_its_cache_switch_on_every_start(tmp_path: Path) -> None:
    site = _site(tmp_path)
    _add_offline_worker(site)
    worker = (site / WORKER).read_text()
    # after JupyterLite's own code, at the top level: run whenever the browser starts it
    end = worker.rsplit("\n", 2)[-2]
    assert (
        end
        == 'enableCache = new URL(self.location.href).searchParams.get("enableCache") === "true";'
    )
    (site / WORKER).write_text(UPSTREAM.replace("let enableCache=!1;", "var cache=!1;"))
    with pytest.raises(SystemExit, match="no longer keeps its cache switch"):
        _add_offline_worker(site)
