"""The oracle tier: engines checked against an independent answer (brute-force enumeration,
icepool, Hypothesis at full strength)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.tiers import mark_folder


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_folder(items, Path(__file__).parent, "oracle")
