"""Voila's front end in one response instead of about seventy.

Voila's entry script (``voila.js``) is a webpack runtime that fetches its code in numbered
chunks, most of them at once, then more after the page connects to its kernel: about 70 requests
before the first widget. Over a phone connection with six connections per host and a 150 ms
round trip, those requests cost more than their bytes. A chunk file only registers code (it
pushes its modules onto a global list that the runtime reads when it starts, and a registered
chunk is never fetched again), so the chunks can run before the runtime in the same script.

:class:`StartBundle` answers the entry script's fingerprinted address with the chunks every
page loads (:data:`START_CHUNKS`) followed by the entry script, from the installed files. A
chunk missing from the list is fetched as usual, so a list from another Voila version costs
requests, not correctness; ``benchmarks/phone.py`` reports the chunks still fetched separately.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, ClassVar

from tornado.web import RequestHandler

from serving.caching import IMMUTABLE

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


def find(name: str, folders: Sequence[str]) -> str | None:
    """The first ``folders/name`` that exists, as Voila's static handler looks it up."""
    for folder in folders:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    return None


def build(folders: Sequence[str], chunks: Sequence[int] = START_CHUNKS) -> bytes:
    """The chunks that exist under ``folders``, then the entry script: one script."""
    entry = find(ENTRY, folders)
    if entry is None:
        raise FileNotFoundError(f"{ENTRY} is in none of {list(folders)}")
    # A script that starts with the empty statement has no directive prologue: a chunk's
    # "use strict" cannot turn the whole bundle strict.
    parts = [b";\n"]
    for chunk in chunks:
        path = find(f"{chunk}.{ENTRY}", folders)
        if path is not None:
            with open(path, "rb") as file:
                parts.append(file.read())
            parts.append(b"\n;\n")
    with open(entry, "rb") as file:
        parts.append(file.read())
    return b"".join(parts)


class StartBundle(RequestHandler):
    """``/voila/static/<fingerprint>/voila.js``: the bundle, immutable under that address."""

    _built: ClassVar[
        dict[tuple[str, ...], bytes]
    ] = {}  # the files do not change under a fingerprint

    def initialize(self, paths: Sequence[str], **_: Any) -> None:
        self.paths = tuple(paths)

    def get(self) -> None:
        body = self._built.get(self.paths)
        if body is None:
            body = self._built[self.paths] = build(self.paths)
        self.set_header("Content-Type", "application/javascript; charset=UTF-8")
        self.set_header("Cache-Control", IMMUTABLE)
        self.write(body)
