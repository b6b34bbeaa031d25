"""Speed of the V5 dice engine, side by side with icepool, measured in one run.

Run: ``.venv/bin/python benchmarks/bench_vtm_v5.py [--quick]``. CPU time of this process
(the machine is shared: compare the ratios). Our engine is timed cold: its caches are
cleared before every call. icepool computes the same roll by summing encoded dice (each
digit of the sum counts 6-9s, 10s, Hunger 10s or Hunger 1s); both answers must be equal, or
the run stops. The targets (a pool of 20 at Hunger 5 under 20 ms; the Willpower odds, a
slider move on the page, under 100 ms) are reported, never asserted.
"""

from __future__ import annotations

import statistics
import sys
import time
from fractions import Fraction

import icepool
from harness import median_cpu_ms

from rules.vtm import v5_pool, v5_willpower
from rules.vtm.v5 import clear_v5_caches

POOL_TARGET_MS = 20.0
WILLPOWER_TARGET_MS = 100.0
REGULAR_FACE = {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1, 7: 1, 8: 1, 9: 1, 10: 100}
HUNGER_FACE = {**REGULAR_FACE, 1: 1_000_000, 10: 100 + 10_000}


def icepool_v5(pool: int, hunger: int, difficulty: int) -> tuple[Fraction, ...]:
    """(win, critical win, messy, bestial, total failure) of the same roll, with icepool."""
    h = min(hunger, pool)
    parts = []
    if pool - h:
        parts.append((pool - h) @ icepool.d10.map(REGULAR_FACE))
    if h:
        parts.append(h @ icepool.d10.map(HUNGER_FACE))
    summed = parts[0] if len(parts) == 1 else parts[0] + parts[1]
    counts = [0, 0, 0, 0, 0]
    for value, q in summed.items():
        ones, rest = divmod(int(value), 1_000_000)
        hunger_tens, rest = divmod(rest, 10_000)
        tens, hits = divmod(rest, 100)
        total = hits + tens + 2 * (tens // 2)
        win = total >= difficulty
        flags = (
            win,
            win and tens >= 2,
            win and tens >= 2 and hunger_tens > 0,
            not win and ones > 0,
            total == 0,
        )
        for i, flag in enumerate(flags):
            if flag:
                counts[i] += q
    return tuple(Fraction(c, summed.denominator()) for c in counts)


def ours_tuple(pool: int, hunger: int, difficulty: int) -> tuple[Fraction, ...]:
    r = v5_pool(pool, hunger, difficulty)
    return (r.win, r.critical_win, r.messy, r.bestial, r.total_failure)


def sweep(quick: bool) -> tuple[float, float, str, float, float, str]:
    """Cold time of every pool 1..30 x Hunger 0..5 (difficulty 3), and of its Willpower odds."""
    pool_times: list[float] = []
    wp_times: list[float] = []
    worst = worst_wp = ""
    worst_ms = worst_wp_ms = 0.0
    pools = range(1, 31, 4) if quick else range(1, 31)
    for pool in pools:
        for hunger in range(6):
            clear_v5_caches()
            start = time.process_time()
            v5_pool(pool, hunger, 3)
            ms = (time.process_time() - start) * 1000
            pool_times.append(ms)
            if ms > worst_ms:
                worst_ms, worst = ms, f"pool {pool}, Hunger {hunger}"
            clear_v5_caches()
            start = time.process_time()
            v5_willpower(pool, hunger, 3)
            ms = (time.process_time() - start) * 1000
            wp_times.append(ms)
            if ms > worst_wp_ms:
                worst_wp_ms, worst_wp = ms, f"pool {pool}, Hunger {hunger}"
    return (
        statistics.median(pool_times),
        worst_ms,
        worst,
        statistics.median(wp_times),
        worst_wp_ms,
        worst_wp,
    )


def main() -> None:
    quick = "--quick" in sys.argv
    print("V5 dice benchmark (CPU ms, medians; ours cold, caches cleared)\n")
    header = f"{'case':<32}{'ours':>9}{'icepool':>10}{'icepool/ours':>14}{'Willpower odds':>16}"
    print(header)
    print("-" * len(header))
    cases = [(5, 2, 3), (10, 3, 5), (20, 5, 5), (20, 5, 10), (30, 5, 12)]
    if quick:
        cases = cases[:3]
    target_case = 0.0
    for pool, hunger, difficulty in cases:
        if icepool_v5(pool, hunger, difficulty) != ours_tuple(pool, hunger, difficulty):
            raise SystemExit(f"icepool disagrees on pool {pool}, Hunger {hunger}")
        ours = median_cpu_ms(lambda a=(pool, hunger, difficulty): v5_pool(*a), 5, clear_v5_caches)
        ice = median_cpu_ms(lambda a=(pool, hunger, difficulty): icepool_v5(*a), 3)
        wp = median_cpu_ms(
            lambda a=(pool, hunger, difficulty): v5_willpower(*a), 3, clear_v5_caches
        )
        if (pool, hunger) == (20, 5):
            target_case = max(target_case, ours)
        label = f"pool {pool}, Hunger {hunger}, difficulty {difficulty}"
        print(f"{label:<32}{ours:>9.2f}{ice:>10.1f}{ice / ours:>14.1f}{wp:>16.1f}")
    verdict = "meets" if target_case < POOL_TARGET_MS else "MISSES"
    print(
        f"\npool 20 at Hunger 5: {target_case:.2f} ms; {verdict} the {POOL_TARGET_MS:.0f} ms target"
    )

    median_ms, worst_ms, worst, wp_median, wp_worst, wp_where = sweep(quick)
    print(
        f"sweep of pools 1-30 x Hunger 0-5: median {median_ms:.2f} ms, slowest {worst_ms:.2f} ms "
        f"({worst})"
    )
    verdict = "meets" if wp_worst < WILLPOWER_TARGET_MS else "MISSES"
    print(
        f"Willpower odds over the same sweep: median {wp_median:.1f} ms, slowest "
        f"{wp_worst:.1f} ms ({wp_where}); {verdict} the {WILLPOWER_TARGET_MS:.0f} ms target"
    )
    print("Our numbers and icepool's agree exactly on every case above.")


if __name__ == "__main__":
    main()
