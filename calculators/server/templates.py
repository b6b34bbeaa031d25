"""Page templates compiled once per server process instead of once per page.

Voila renders each page with a new nbconvert exporter, and each exporter makes a new Jinja
environment, which compiles the page's templates again (a dozen files): in a burst of 30
visitors that was about a fifth of the server's single event loop. :class:`DeskExporter` gives
every environment the same in-memory bytecode cache (:data:`COMPILED`): a template's compiled
code is kept by template name, file and environment mode, and used while the template's source
is unchanged (Jinja checks a checksum of the source), so an edited template compiles anew.
"""

from __future__ import annotations

from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from voila.exporter import VoilaExporter


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, in memory, for every environment of the process."""

    def __init__(self) -> None:
        self._code: dict[tuple[bool, str], bytes] = {}

    @staticmethod
    def _key(bucket: Bucket) -> tuple[bool, str]:
        # async and plain environments compile the same template differently
        return bool(bucket.environment.is_async), bucket.key

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(self._key(bucket))
        if code is not None:
            bucket.bytecode_from_string(code)  # ignored when the source's checksum changed

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[self._key(bucket)] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._code.clear()

    def __len__(self) -> int:
        return len(self._code)


COMPILED = CompiledTemplates()


class DeskExporter(VoilaExporter):  # type: ignore[misc]
    """Voila's exporter, whose Jinja environment shares :data:`COMPILED`."""

    def _create_environment(self) -> Any:
        environment = super()._create_environment()
        environment.bytecode_cache = COMPILED
        return environment
