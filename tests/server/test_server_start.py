"""Fresh starts of the desk's server, each with a burst of visitors while its pools fill.

Two starts here; ``benchmarks/server_start.py --starts 20`` runs twenty (and the baseline).
"""

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


server_start = _load("desk_server_start", REPO / "benchmarks" / "server_start.py")


def test_fresh_starts_serve_a_burst_while_the_pools_fill_and_never_hang() -> None:
    for _ in range(2):
        result = server_start.one_round("desk", burst=4, hang_after=240)
        print(result)
        assert not result.hung, result
        assert result.failed == 0, result
        assert len(result.pages) == 4
        # the first visitor was served before the pools were full
        assert result.pools_at_first_page is not None
        ready, target = result.pools_at_first_page
        assert ready < target, result
