"""What every benchmark shares: CPU timings, medians, percentiles and ratios, a run in a fresh
interpreter, and the servers it measures (started by ``tests/support/servers.py``, as the tests
start them).

Benchmarks print CPU time and ratios measured in one run: the machine is shared, so wall-clock
seconds say more about the other work than about ours.
"""

from __future__ import annotations

import math
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO / "tests") not in sys.path:
    sys.path.insert(0, str(REPO / "tests"))

from support.servers import (  # noqa: E402  (tests/ is on the path only from here)
    DESK,
    EARLIER_POOLS,
    EARLIER_SETTINGS,
    READY_PATH,
    VOILA,
    Server,
    free_port,
    running,
    stop,
    voila_command,
    voila_server,
    wait_until_up,
)

__all__ = [
    "DESK",
    "EARLIER_POOLS",
    "EARLIER_SETTINGS",
    "READY_PATH",
    "REPO",
    "VOILA",
    "Server",
    "cpu_ms",
    "free_port",
    "fresh_interpreter",
    "median",
    "median_cpu_ms",
    "p95",
    "per_call_ms",
    "ratio",
    "running",
    "stop",
    "voila_command",
    "voila_server",
    "wait_until_up",
]


def cpu_ms(
    fn: Callable[[], object], repeat: int, before: Callable[[], None] | None = None
) -> list[float]:
    """The CPU time of each of ``repeat`` calls of ``fn`` in milliseconds (``before`` runs
    before each call, untimed: e.g. clearing caches)."""
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.process_time()
        fn()
        times.append((time.process_time() - start) * 1000)
    return times


def median_cpu_ms(
    fn: Callable[[], object], repeat: int, before: Callable[[], None] | None = None
) -> float:
    """The median of :func:`cpu_ms`."""
    return statistics.median(cpu_ms(fn, repeat, before))


def per_call_ms(calls: Sequence[Callable[[], object]], repeat: int) -> list[float]:
    """The median CPU time of each call over ``repeat`` passes over all of them, in ms."""
    samples: list[list[float]] = [[] for _ in calls]
    for _ in range(repeat):
        for i, call in enumerate(calls):
            start = time.process_time()
            call()
            samples[i].append((time.process_time() - start) * 1000)
    return [statistics.median(s) for s in samples]


def median(values: Sequence[float]) -> float:
    """The median of the values that are numbers; NaN when there are none."""
    numbers = [v for v in values if not math.isnan(v)]
    return statistics.median(numbers) if numbers else float("nan")


def p95(values: Sequence[float]) -> float:
    """The 95th percentile (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def ratio(before: Sequence[float], now: Sequence[float]) -> str:
    """Ratio of medians, then of the best runs (least disturbed by other work): ``1.52x 1.61x``."""
    if not before or not now:
        return "     -"
    return f"{median(before) / median(now):5.2f}x {min(before) / min(now):5.2f}x"


def fresh_interpreter(code: str) -> str:
    """What ``code`` prints when run in a new interpreter (to time a cold start)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
