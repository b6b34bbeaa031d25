"""The test tiers: each folder of ``tests/`` is one, marked by its ``conftest.py``.

- ``fast``: rules, kit, pages and views without a kernel, doctests; starts no process.
- ``oracle``: checks against an independent answer: brute force, icepool, full Hypothesis runs.
- ``server``: every test that starts a process (a server, a kernel, a tool) but no browser.
- ``browser``: Chromium through Playwright, the notebooks through nbval, the static site.

``scripts/test --fast`` runs the fast tier alone, with Hypothesis on its small profile (the
repository's ``conftest.py``, which also puts the doctests of ``rules/`` in the fast tier and the
notebooks in the browser tier).
"""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

TIERS = ("fast", "oracle", "server", "browser")


def mark_folder(items: list[pytest.Item], folder: Path, tier: str) -> None:
    """Give every test collected under ``folder`` the marker of ``tier``."""
    assert tier in TIERS, tier
    for item in items:
        if folder in item.path.parents:
            item.add_marker(getattr(pytest.mark, tier))


class ProcessStarted(AssertionError):
    """A fast test tried to start a process."""


class _NoProcess(subprocess.Popen):  # type: ignore[type-arg]
    def __init__(self, args: Any, *rest: Any, **options: Any) -> None:
        raise ProcessStarted(
            f"a fast test starts no process; this one started {args!r}: "
            "move it to tests/server/ (or tests/browser/ if it drives Chromium)"
        )


@contextlib.contextmanager
def no_process() -> Iterator[None]:
    """Meanwhile, starting a process (``subprocess``, ``asyncio``'s subprocesses) fails."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(subprocess, "Popen", _NoProcess)
        yield
