"""The browser tier: pages in Chromium through Playwright, and the static site. (The notebooks,
run by nbval, are in this tier too: the repository's ``conftest.py`` marks them.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.tiers import mark_folder


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_folder(items, Path(__file__).parent, "browser")
