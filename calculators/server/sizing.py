"""How many preheated kernels each page keeps, from the machine's cores and memory at start.

The rule: every page keeps one kernel, and the pages share three more per core, the landing
page first and then the calculators in turn; the total is capped so that the preheated
kernels take at most a quarter of the memory available at start (a kernel that has run its
page holds about ``KERNEL_MB``), leaving the rest to the kernels of visitors beyond the pools.

Why per core: a kernel forked from the nursery starts and builds its page in a third to two
thirds of a CPU-second, and the server adds about a third more for the page, so a box refills
about one kernel per core per second; three per core absorb the burst that arrives while a
refill is under way. On 2 cores and 16 GB available this gives 13 kernels
for 7 pages: the landing page and every calculator 2, the rules reference 1.

A page named in ``kernel_pools_config`` with a ``pool_size`` keeps that size instead.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import psutil

KERNEL_MB = 110
MEMORY_SHARE = 0.25
PER_CORE = 3
LANDING = "00_index.ipynb"


def machine() -> tuple[int, int]:
    """Usable cores and the memory available now, in MB."""
    cores = len(os.sched_getaffinity(0))
    return cores, psutil.virtual_memory().available // 2**20


def pool_sizes(pages: Sequence[str], cores: int, available_mb: int) -> dict[str, int]:
    """Kernels to keep for each page, by the rule above (0 when memory is too short)."""
    if not pages:
        return {}
    by_memory = int(available_mb * MEMORY_SHARE) // KERNEL_MB
    total = min(len(pages) + PER_CORE * max(1, cores), by_memory)
    # the landing page first, then the others in name order; the reference last: it is read,
    # not computed, and its visitors come from the other pages
    order = sorted(pages, key=lambda p: (p != LANDING, p.startswith("rules_reference"), p))
    sizes = dict.fromkeys(order, 0)
    for i in range(max(0, total)):
        sizes[order[i % len(order)]] += 1
    return sizes


def configured_size(pools_config: dict[str, dict[str, object]], page: str) -> int | None:
    """The ``pool_size`` that ``kernel_pools_config`` gives ``page`` (or its default), if any."""
    entry = pools_config.get(page, pools_config.get("default", {}))
    size = entry.get("pool_size")
    return int(size) if isinstance(size, int) else None
