"""Speed of the players' odds: V5 contests (side by side with icepool), the named Willpower
strategies, and VTES deck odds by turn, measured in one run.

Run: ``.venv/bin/python benchmarks/bench_players_odds.py [--quick]``. CPU time of this process
(the machine is shared: compare the ratios). Our engines are timed cold: their caches are
cleared before every call. icepool computes the same contest margin (each side a die of
successes); both answers must be equal, or the run stops. The targets (a contest of 15 dice
against 15 under 20 ms; deck odds for 5 categories on turns 1-10 under 50 ms) are reported,
never asserted.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool

from rules.vtes.draws import Want, clear_draw_caches, draw_odds
from rules.vtm import v5_contest, v5_strategies
from rules.vtm.v5 import clear_v5_caches
from rules.vtm.v5_contest import clear_contest_caches
from rules.vtm.v5_strategies import clear_strategy_caches

CONTEST_TARGET_MS = 20.0
DECK_TARGET_MS = 50.0
SUCCESSES = {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1, 7: 1, 8: 1, 9: 1, 10: 100}


def cold() -> None:
    clear_v5_caches()
    clear_contest_caches()
    clear_strategy_caches()
    clear_draw_caches()


def timed(fn: Callable[[], Any], repeat: int) -> float:
    """Median CPU time of ``fn`` in milliseconds over ``repeat`` cold runs."""
    times = []
    for _ in range(repeat):
        cold()
        start = time.process_time()
        fn()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def icepool_margin(pool_a: int, pool_b: int) -> dict[int, Fraction]:
    """A's successes minus B's, with icepool (the 10s' count kept in the hundreds)."""

    def successes(value: int) -> int:
        tens, hits = divmod(int(value), 100)
        return hits + tens + 2 * (tens // 2)

    a = (pool_a @ icepool.d10.map(SUCCESSES)).map(successes)
    b = (pool_b @ icepool.d10.map(SUCCESSES)).map(successes)
    margin = a - b
    whole = margin.denominator()
    return {int(m): Fraction(q, whole) for m, q in margin.items() if q}


def deck_case() -> tuple[dict[str, int], list[Want]]:
    """A 90-card library with 5 overlapping categories (a Potence combat card is in two)."""
    deck = {f"master {i}": 1 for i in range(10)}
    deck |= {f"Potence combat {i}": 2 for i in range(4)}
    deck |= {f"combat {i}": 1 for i in range(7)}
    deck |= {f"Potence {i}": 2 for i in range(2)}
    deck |= {f"bleed {i}": 2 for i in range(5)}
    deck |= {f"reaction {i}": 3 for i in range(4)}
    deck["other"] = 90 - sum(deck.values())

    def named(*starts: str) -> frozenset[str]:
        return frozenset(k for k in deck if k.startswith(starts))

    wants = [
        Want("masters", named("master"), 1),
        Want("combat", named("combat", "Potence combat"), 2),
        Want("Potence", named("Potence"), 2),
        Want("bleed", named("bleed"), 1),
        Want("reactions", named("reaction"), 2),
    ]
    return deck, wants


def main() -> None:
    quick = "--quick" in sys.argv
    repeat = 3 if quick else 7
    print("Players' odds benchmark (CPU ms, medians; ours cold, caches cleared)\n")
    header = f"{'contest':<34}{'ours':>9}{'icepool':>10}{'icepool/ours':>14}"
    print(header)
    print("-" * len(header))
    cases = [(5, 2, 5, 1), (10, 3, 10, 3), (15, 5, 15, 5), (20, 5, 20, 5)]
    if quick:
        cases = cases[:3]
    target = 0.0
    for pa, ha, pb, hb in cases:
        if icepool_margin(pa, pb) != v5_contest(pa, ha, pb, hb).margin:
            raise SystemExit(f"icepool disagrees on {pa} dice against {pb}")
        ours = timed(lambda a=(pa, ha, pb, hb): v5_contest(*a), repeat)
        ice = timed(lambda a=(pa, pb): icepool_margin(*a), 3)
        if (pa, pb) == (15, 15):
            target = ours
        label = f"{pa} (Hunger {ha}) vs {pb} (Hunger {hb})"
        print(f"{label:<34}{ours:>9.2f}{ice:>10.1f}{ice / ours:>14.1f}")
    verdict = "meets" if target < CONTEST_TARGET_MS else "MISSES"
    print(f"\ncontest 15 vs 15: {target:.2f} ms; {verdict} the {CONTEST_TARGET_MS:.0f} ms target")

    print(f"\n{'named strategies (4 + best)':<28}{'ours':>9}")
    for args in [(7, 2, 3), (15, 3, 5), (20, 5, 6)]:
        ms = timed(lambda a=args: v5_strategies(*a), repeat)
        print(f"{f'pool {args[0]}, Hunger {args[1]}, difficulty {args[2]}':<28}{ms:>9.1f}")

    deck, wants = deck_case()
    deck_ms = timed(lambda: draw_odds(deck, wants, turns=10), repeat)
    verdict = "meets" if deck_ms < DECK_TARGET_MS else "MISSES"
    print(
        f"\ndeck odds, 90 cards, 5 overlapping categories, turns 1-10: {deck_ms:.2f} ms; "
        f"{verdict} the {DECK_TARGET_MS:.0f} ms target"
    )
    print("Our contest margins and icepool's agree exactly on every case above.")


if __name__ == "__main__":
    main()
