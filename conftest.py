"""Test tiers beyond ``tests/`` and what every tier shares (see ``tests/support/tiers.py``).

- The doctests of ``rules/`` are in the fast tier; the notebooks (nbval) in the browser tier, each
  notebook's cells kept together on one worker (they share one kernel).
- Hypothesis: ``--hypothesis-profile=fast`` (``scripts/test --fast``) runs every property test
  with at most a few examples; without it each test runs as many as it asks for.
- With several workers (``scripts/test``: pytest-xdist, ``--dist loadgroup``), the tests that share
  a server or a build (``SHARED_SERVERS``) run on one worker, which starts it once. The tests on
  the desk's server (``voila_url``) are the most: they are split by file into ``DESK_GROUPS``
  groups of about as many tests each, and each worker that takes a group starts its own server.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

REPO = Path(__file__).resolve().parent
FAST_EXAMPLES = 10
"""Hypothesis examples per test at most on the ``fast`` profile."""
SHARED_SERVERS = {
    "voila_url": "desk-server",  # tests/conftest.py: the desk's server with its pools
    "pseudo_url": "pseudo-locale-server",  # browser/test_pseudo_locale_browser.py
    "desk": "serving-server",  # server/test_serving.py
    "static_site": "static-site",  # browser/test_static_site.py: built once
}
"""Fixtures of a server (or a build) shared by several tests, and the worker group of the
tests that use them: one worker starts it once."""
DESK_GROUPS = 2
"""Groups the desk server's tests are split into (one per worker of ``scripts/test``)."""


def _desk_groups(items: list[pytest.Item]) -> dict[Path, str]:
    """The desk server's test files, each given to the group with the fewest tests so far
    (largest files first)."""
    counts: dict[Path, int] = {}
    for item in items:
        if "voila_url" in getattr(item, "fixturenames", ()):
            counts[item.path] = counts.get(item.path, 0) + 1
    sizes = [0] * DESK_GROUPS
    groups: dict[Path, str] = {}
    for path in sorted(counts, key=lambda p: (-counts[p], str(p))):
        group = sizes.index(min(sizes))
        sizes[group] += counts[path]
        groups[path] = f"{SHARED_SERVERS['voila_url']}-{group}"
    return groups


settings.register_profile("fast", max_examples=FAST_EXAMPLES)


def _small(item: pytest.Item) -> None:
    """At most FAST_EXAMPLES examples for this test, whatever its own ``@settings`` ask."""
    test = getattr(item, "obj", None)
    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if own is not None and own.max_examples > FAST_EXAMPLES:
        test._hypothesis_internal_use_settings = settings(own, max_examples=FAST_EXAMPLES)  # type: ignore[union-attr]


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """A tier folder's ``conftest.py`` holds hooks, not doctests (``--doctest-modules`` would
    import each one again as a test module, under the one name ``conftest``)."""
    return True if collection_path.name == "conftest.py" else None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    fast_profile = config.getoption("hypothesis_profile", None) == "fast"
    desk_groups = _desk_groups(items)
    for item in items:
        if REPO / "rules" in item.path.parents:
            item.add_marker(pytest.mark.fast)
        elif REPO / "notebooks" in item.path.parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group(f"notebook-{item.path.name}"))
        for fixture, group in SHARED_SERVERS.items():
            if fixture in getattr(item, "fixturenames", ()):
                group = desk_groups.get(item.path, group) if fixture == "voila_url" else group
                item.add_marker(pytest.mark.xdist_group(group))
        if fast_profile:
            _small(item)
