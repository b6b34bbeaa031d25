"""Voila as the desk serves it: compressed responses and cache headers for a slow connection.

The desk's server (:mod:`calculators.server.app`) mixes this in; run it like the ``voila``
command (same options, same ``voila.json``):

    python -m calculators.server notebooks/ --port=8866 --Voila.ip=127.0.0.1

Two things cannot be set from ``voila.json``. Tornado turns on response compression only when
its application is built, and Voila applies ``Voila.tornado_settings`` after building it, so
``compress_response`` there has no effect; this subclass passes it at construction. And the
cache headers of static files come from Voila's handler classes (see :mod:`.caching`),
which this subclass replaces with ones that keep Voila's behaviour and choose the headers.
"""

from __future__ import annotations

import re
from typing import Any

from jupyter_server.base.handlers import FileFindHandler
from jupyter_server.utils import url_path_join
from voila.static_file_handler import (
    AllowListFileHandler,
    MultiStaticFileHandler,
    TemplateStaticFileHandler,
)

from calculators.server.bundle import ENTRY, ExtensionBundle, StartBundle
from calculators.server.caching import (
    FingerprintedStaticFiles,
    LabExtensionFiles,
    NotebookFolderFiles,
    StaticFiles,
    TemplateFiles,
    fingerprint,
)

# Voila's handler class -> ours (same arguments, same files, our cache headers)
_REPLACED: dict[type, type] = {
    TemplateStaticFileHandler: TemplateFiles,
    MultiStaticFileHandler: StaticFiles,
    FileFindHandler: LabExtensionFiles,
    AllowListFileHandler: NotebookFolderFiles,
}


def gzip_settings() -> dict[str, Any]:
    """Tornado settings: gzip every text response, deflate the kernel websocket's messages."""
    return {"compress_response": True, "websocket_compression_options": {}}


class HttpMixin:
    """For a subclass of Voila: compression, content-addressed static files, cache headers."""

    static_fingerprint = ""
    # provided by voila.app.Voila
    static_paths: list[str]
    server_url: str
    voila_configuration: Any

    def init_settings(self) -> dict[str, Any]:
        self.static_fingerprint = fingerprint(self.static_paths)
        own_hook = self.voila_configuration.page_config_hook
        prefix = f"voila/static/{self.static_fingerprint}"

        def page_config_hook(page_config: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
            # Voila's front end loads its chunks from fullStaticUrl: give it the fingerprinted
            # address, under which every file is immutable.
            page_config["fullStaticUrl"] = url_path_join(kwargs["base_url"], prefix)
            return own_hook(page_config, **kwargs) if own_hook else page_config

        self.voila_configuration.page_config_hook = page_config_hook
        settings: dict[str, Any] = super().init_settings()  # type: ignore[misc]
        settings.update(gzip_settings())
        return settings

    def init_handlers(self) -> list[Any]:
        handlers = []
        for spec in super().init_handlers():  # type: ignore[misc]
            pattern, handler, *rest = spec
            if handler is MultiStaticFileHandler:  # first the fingerprinted addresses
                versioned = url_path_join(
                    self.server_url, f"/voila/static/{self.static_fingerprint}"
                )
                handlers.append((f"{versioned}/{re.escape(ENTRY)}", StartBundle, *rest))
                handlers.append((f"{versioned}/(.*)", FingerprintedStaticFiles, *rest))
            if handler is FileFindHandler and pattern.endswith("/voila/labextensions/(.*)"):
                prefix = url_path_join(self.server_url, "/voila/labextensions")
                handlers.append((ExtensionBundle.pattern(prefix), ExtensionBundle, *rest))
            handlers.append((pattern, _REPLACED.get(handler, handler), *rest))
        return handlers
