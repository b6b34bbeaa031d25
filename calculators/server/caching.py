"""Cache headers for the static files a page loads.

A file whose address names its content (a content hash in the file name, a ``?v=`` equal to the
file's content hash, or a folder fingerprinted by its files) never changes under that address:
the browser may keep it for a year without asking again (``immutable``). Any other file may
change under the same address after an upgrade, so the browser keeps it but asks first
(``no-cache``: a conditional request answered 304 when nothing changed).

Voila's own handlers send no ``Cache-Control`` for most files (so the browser revalidates all of
them, one round trip each, on every page), and ``no-cache`` for every lab extension file even
when its name carries a hash. The handlers here are Voila's, with only the cache headers chosen
by the rules above. Source maps are never served.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable
from typing import Any

from jupyter_server.base.handlers import FileFindHandler
from tornado.web import HTTPError
from voila.static_file_handler import (
    AllowListFileHandler,
    MultiStaticFileHandler,
    TemplateStaticFileHandler,
)

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

# A bundler's content hash in a file name: "remoteEntry.c8c9eed2cdefdeac.js", "84.09c6….js",
# "8ea8791754915a898a31.woff2", anywidget's "main.15ebcf03.js". A chunk named by its number
# ("7155.voila.js") is not one: numbers of chunks and modules stay far below 8 digits.
_HASHED_NAME = re.compile(r"(?:^|[.\-_])[0-9a-f]{8,}\.[0-9A-Za-z]+$")


def has_hashed_name(path: str) -> bool:
    """Whether the file name in ``path`` carries a content hash of at least 8 hex digits."""
    return _HASHED_NAME.search(path.rsplit("/", 1)[-1]) is not None


def fingerprint(folders: Iterable[str]) -> str:
    """A short fingerprint of every file under ``folders``: its path, size and modification time.

    Installing another version of a package rewrites its files, so the fingerprint changes
    whenever any file could have; it costs one ``stat`` per file at start-up.
    """
    digest = hashlib.sha256()
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(root, name)
                stat = os.stat(path)
                relative = os.path.relpath(path, folder)
                digest.update(f"{relative}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


class _CachePolicy:
    """Mixin for a tornado ``StaticFileHandler``: immutable when the address names the content."""

    # provided by tornado's StaticFileHandler
    path: str
    request: Any
    set_header: Any
    clear_header: Any
    compute_etag: Any

    def immutable(self) -> bool:
        if has_hashed_name(self.path):
            return True
        version = self.request.query_arguments.get("v")
        if not version:
            return False
        etag = self.compute_etag()  # tornado's: the hash that static_url puts in ?v=
        return etag is not None and etag == f'"{version[0].decode(errors="replace")}"'

    def set_headers(self) -> None:
        super().set_headers()  # type: ignore[misc]
        self.clear_header("Expires")
        self.set_header("Cache-Control", IMMUTABLE if self.immutable() else REVALIDATE)

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        if absolute_path.endswith(".map"):
            raise HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)  # type: ignore[misc, no-any-return]


class TemplateFiles(_CachePolicy, TemplateStaticFileHandler):  # type: ignore[misc]
    """``/voila/templates/<template>/static/…``: the theme's CSS and style bundle (``?v=``)."""


class LabExtensionFiles(_CachePolicy, FileFindHandler):
    """``/voila/labextensions/…``: the widget front ends, their chunks named by content hash."""


class StaticFiles(_CachePolicy, MultiStaticFileHandler):  # type: ignore[misc]
    """``/voila/static/…`` at its plain address: Voila's front end, always revalidated.

    Its chunks are named by number, not by content, so they are served immutable only under
    the fingerprinted address (:class:`FingerprintedStaticFiles`).
    """


class FingerprintedStaticFiles(_CachePolicy, MultiStaticFileHandler):  # type: ignore[misc]
    """``/voila/static/<fingerprint>/…``: the same files, immutable under that address."""

    def immutable(self) -> bool:
        return True  # the address names the content of the whole folder


class NotebookFolderFiles(_CachePolicy, AllowListFileHandler):  # type: ignore[misc]
    """``/voila/files/…``: images beside the notebooks (allow and deny lists as configured)."""
