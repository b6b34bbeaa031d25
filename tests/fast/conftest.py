"""The fast tier: rules, kit, pages and views without a kernel. No test here starts a process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.tiers import mark_folder, no_process

HERE = Path(__file__).parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_folder(items, HERE, "fast")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """A test of this folder that starts a process fails (it belongs to tests/server/)."""
    if HERE not in item.path.parents:
        yield
        return
    with no_process():
        yield
