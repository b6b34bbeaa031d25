"""How the rolls of V5 dice are counted: regular dice and Hunger dice, by what decides a roll.

A die is one of four kinds (a 1, a 2-5, a 6-9, a 10), so the ``10**dice`` rolls of a handful of
dice fall into a few classes, each counted with integer multinomials. Every count is a whole
number of rolls; :mod:`rules.vtm.v5_roll` and :mod:`rules.vtm.v5_willpower` turn them into
``Fraction`` odds.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

__all__ = [
    "clear_count_caches",
    "hunger_counts",
    "joint_counts",
    "regular_counts",
    "total_successes",
]


def total_successes(successes: int, tens: int) -> int:
    """Successes shown by ``successes`` dice at 6-9 and ``tens`` 10s: each pair of 10s is 4."""
    return successes + tens + 2 * (tens // 2)


@lru_cache(maxsize=64)
def regular_counts(dice: int) -> tuple[tuple[int, int, int, int], ...]:
    """``(failures, successes, tens, rolls)`` for ``dice`` non-Hunger dice: how many of the
    ``10**dice`` rolls show that many 1-5s, 6-9s and 10s."""
    rows = []
    for tens in range(dice + 1):
        for hits in range(dice - tens + 1):
            fails = dice - tens - hits
            ways = comb(dice, tens) * comb(dice - tens, hits) * 4**hits * 5**fails
            rows.append((fails, hits, tens, ways))
    return tuple(rows)


@lru_cache(maxsize=16)
def hunger_counts(dice: int) -> tuple[tuple[int, int, bool, int], ...]:
    """``(successes, tens, a_one, rolls)`` for ``dice`` Hunger dice; ``a_one``: some die shows 1."""
    rows = []
    for tens in range(dice + 1):
        for hits in range(dice - tens + 1):
            rest = dice - tens - hits
            ways = comb(dice, tens) * comb(dice - tens, hits) * 4**hits
            if rest:
                rows.append((hits, tens, True, ways * (5**rest - 4**rest)))
            rows.append((hits, tens, False, ways * 4**rest))
    return tuple(rows)


@lru_cache(maxsize=256)
def joint_counts(pool: int, hunger_dice: int) -> tuple[tuple[int, int, bool, bool, int], ...]:
    """``(total, tens, hunger_ten, hunger_one, rolls)``: the pool's rolls by what decides them."""
    joint: dict[tuple[int, int, bool, bool], int] = {}
    regular = regular_counts(pool - hunger_dice)
    for h_hits, h_tens, one, h_ways in hunger_counts(hunger_dice):
        hunger_ten = h_tens > 0
        for _fails, hits, tens, ways in regular:
            t = tens + h_tens
            key = (total_successes(hits + h_hits, t), min(t, 2), hunger_ten, one)
            joint[key] = joint.get(key, 0) + ways * h_ways
    return tuple((*key, n) for key, n in sorted(joint.items()))


def clear_count_caches() -> None:
    """Forget the cached counts."""
    for cached in (regular_counts, hunger_counts, joint_counts):
        cached.cache_clear()
