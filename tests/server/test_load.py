"""A bounded load run on loopback: simultaneous visitors all get working pages, idle kernels go."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


load = _load("desk_load", REPO / "benchmarks" / "load.py")


def test_simultaneous_visitors_render_and_use_pages_then_kernels_are_culled() -> None:
    report = load.run_load(users=8, cull_after=15, settle=120)
    print(report.summary())
    assert not report.failures, report.summary()
    assert all(visit.use_s > 0 for visit in report.visits)
    # every visitor had a kernel of their own
    assert len({visit.kernel_id for visit in report.visits}) == len(report.visits)
    assert report.kernels_at_peak >= 1
    # the visitors' kernels were culled once idle; only the preheated pools remain
    assert report.kernels_after_cull <= load.pool_total(REPO)
    # culling frees the visitors' kernels while the pools refill theirs: memory must not grow
    # past the peak (5 % for the refilled kernels' own growth)
    assert report.rss_after_cull_mb <= 1.05 * report.rss_at_peak_mb
