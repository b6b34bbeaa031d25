"""The fast tier: rules, kit, pages and views without a kernel. No test here starts a process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.tiers import mark_folder, no_process

from rules.dracula.chain import CombatOdds, combat_odds
from rules.dracula.examples import (
    EXAMPLE_BLOOD,
    EXAMPLE_OPPONENT,
    EXAMPLE_SITUATION,
    example_hunter,
)

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


@pytest.fixture(scope="session")
def example_odds() -> CombatOdds:
    """The Fury of Dracula rulebook example's whole combat, its initiative assumed won."""
    return combat_odds(
        example_hunter(),
        EXAMPLE_OPPONENT,
        EXAMPLE_SITUATION,
        blood=EXAMPLE_BLOOD,
        assume_initiative=1,
    )
