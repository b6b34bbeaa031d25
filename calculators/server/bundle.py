"""Voila's front end and the widget front ends in a few responses instead of about eighty.

Voila's entry script (``voila.js``) is a webpack runtime that fetches its code in numbered
chunks, most of them at once, then more after the page connects to its kernel: about 70 requests
before the first widget; each widget front end (a lab extension) then loads its entry and its
chunks, in two more waves. Over a phone connection with six connections per host and a 150 ms
round trip, those requests cost more than their bytes. A chunk file only registers code (it
pushes its modules onto a global list that its runtime reads when it starts, and a registered
chunk is never fetched again), so the chunks can run before their runtime in the same script.

:class:`StartBundle` answers the entry script's fingerprinted address with the chunks every
page loads (:data:`START_CHUNKS`) followed by the entry script, and :class:`ExtensionBundle`
answers a widget front end's entry (its name carries a content hash) with its chunks the pages
load (:data:`EXTENSION_CHUNKS`) followed by the entry, all from the installed files. A chunk
missing from the lists is fetched as usual, so lists from another version cost requests, not
correctness; ``benchmarks/phone.py`` reports the chunks still fetched separately.

Each bundle opens with V8's compile hint ``//# allFunctionsCalledOnLoad``: nearly every function
of these scripts runs while the page starts, so Chromium compiles them all at once, on a
background thread while the script streams in, instead of one by one on the page's main
thread as each is first called (Lighthouse's blocking time on the phone profile, V:tM dice
page: 1.65 s → 0.93 s). Browsers without the hint read it as a comment.
"""

from __future__ import annotations

import gzip
import os
import re
from collections.abc import Sequence
from typing import Any, ClassVar

from tornado.web import HTTPError, RequestHandler

from calculators.server.caching import IMMUTABLE

ENTRY = "voila.js"
# The chunks of Voila 0.5's front end that every page loads (recorded in Chromium, in the order
# it asked for them): the first 56 at start, the rest once the page has its kernel.
START_CHUNKS: tuple[int, ...] = (
    5764, 8135, 3992, 9582, 8925, 7883, 7556, 6049, 1670, 6573, 3311, 4135, 1621, 3916, 3649,
    8487, 9684, 4041, 143, 7155, 3144, 1601, 4972, 9890, 5312, 6468, 3459, 630, 5688, 2930, 73,
    1187, 4173, 7483, 431, 3989, 8766, 9151, 4729, 6382, 5044, 7598, 9081, 7770, 3249, 4653, 8862,
    9981, 5767, 4222, 8773, 3307, 6008, 8017, 457, 9212,
    4371, 2829, 7259, 6074, 4875, 4486, 6305, 7393, 225, 614, 1996, 2121, 2772, 2296, 7245, 5992,
)  # fmt: skip


def find(name: str, folders: Sequence[str], folder: bool = False) -> str | None:
    """The first ``folders/name`` that exists (a file, or a folder), as Voila looks files up."""
    for root in folders:
        path = os.path.join(root, name)
        if os.path.isdir(path) if folder else os.path.isfile(path):
            return path
    return None


# The chunks of each widget front end that the pages load, by file name (each name carries its
# content hash, so a name from another version is simply not found).
EXTENSION_CHUNKS: dict[str, tuple[str, ...]] = {
    "@jupyter-widgets/jupyterlab-manager": (
        "7.2a0ce575775f5aad.js",
        "704.6a820cc839aca480.js",
        "170.3ff9ceddc3770116.js",
        "84.09c61a35dce1705f.js",
        "32.3281b05d23655ae8.js",
        "452.1926530ab7f8e046.js",
        "967.38afcd794ba10728.js",
        "160.235911d8e26dc735.js",
        "718.a7a3f80ef4813fab.js",
        "121.5c5a442bc10a67ee.js",
    ),
    "@voila-dashboards/widgets-manager8": (
        "883.369fbd92285483263252.js",
        "496.ad7666673ba278088e95.js",
    ),
    "anywidget": (
        "2.3dbf81c0.js",
        "528.d9f5934c.js",
    ),
}


#: V8's explicit compile hint for a whole script (the module docstring says why).
COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"

# A source map comment ending a script; anywidget's scripts carry their maps inline, as
# base64 text that is about half of their bytes.
_SOURCE_MAP = re.compile(rb"\n//# sourceMappingURL=[^\n]*")


def _script(path: str) -> bytes:
    with open(path, "rb") as file:
        return _SOURCE_MAP.sub(b"", file.read())


def build(entry: str, chunks: Sequence[str]) -> bytes:
    """One script: the chunk files, then the entry file (absolute paths), without source maps."""
    # A script that starts with the empty statement has no directive prologue: a chunk's
    # "use strict" cannot turn the whole bundle strict.
    parts = [COMPILE_HINT, b";\n"]
    for path in chunks:
        parts += [_script(path), b"\n;\n"]
    parts.append(_script(entry))
    return b"".join(parts)


class _Bundle(RequestHandler):
    # by entry file, built and compressed once (the files do not change under their address)
    _built: ClassVar[dict[str, tuple[bytes, bytes]]] = {}

    def send(self, entry: str, chunks: list[str]) -> None:
        built = self._built.get(entry)
        if built is None:
            plain = build(entry, chunks)
            built = self._built[entry] = (plain, gzip.compress(plain, 9, mtime=0))
        plain, packed = built
        self.set_header("Content-Type", "application/javascript; charset=UTF-8")
        self.set_header("Cache-Control", IMMUTABLE)
        self.set_header("Vary", "Accept-Encoding")
        if "gzip" in self.request.headers.get("Accept-Encoding", ""):
            self.set_header("Content-Encoding", "gzip")  # Tornado leaves it as it is
            self.write(packed)
        else:
            self.write(plain)


class StartBundle(_Bundle):
    """``/voila/static/<fingerprint>/voila.js``: Voila's start bundle, immutable there."""

    def initialize(self, paths: Sequence[str], **_: Any) -> None:
        self.paths = tuple(paths)

    def get(self) -> None:
        entry = find(ENTRY, self.paths)
        if entry is None:
            raise HTTPError(404)
        chunks = [find(f"{chunk}.{ENTRY}", self.paths) for chunk in START_CHUNKS]
        self.send(entry, [c for c in chunks if c is not None])


class ExtensionBundle(_Bundle):
    """``/voila/labextensions/<name>/static/remoteEntry.<hash>.js`` of a widget front end in
    :data:`EXTENSION_CHUNKS`: its chunks the pages load, then its entry."""

    def initialize(self, path: Sequence[str], **_: Any) -> None:
        self.paths = tuple(path)

    def get(self, name: str, entry_name: str) -> None:
        static = find(f"{name}/static", self.paths, folder=True)
        entry = find(entry_name, [static]) if static else None
        if static is None or entry is None:
            raise HTTPError(404)
        chunks = [find(chunk, [static]) for chunk in EXTENSION_CHUNKS.get(name, ())]
        self.send(entry, [c for c in chunks if c is not None])

    @staticmethod
    def pattern(prefix: str) -> str:
        names = "|".join(re.escape(name) for name in EXTENSION_CHUNKS)
        return rf"{prefix}/({names})/static/(remoteEntry\.[0-9a-f]{{8,}}\.js)"
