"""One roll of V5 dice with Hunger: its exact odds of a win, a critical, a messy critical, a
bestial and a total failure, and the successes it shows.

The limits of a roll (pool, Hunger, difficulty) and their checks are here too; the rules are
listed in :mod:`rules.vtm.v5`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import whole
from rules.vtm.v5_counts import joint_counts

__all__ = [
    "HUNGER_PARAM",
    "MAX_HUNGER",
    "MAX_V5_DIFFICULTY",
    "MAX_V5_POOL",
    "POOL_PARAM",
    "V5Result",
    "cached_roll",
    "check_difficulty",
    "clear_roll_caches",
    "v5_pool",
]

MAX_V5_POOL = 30
MAX_HUNGER = 5
MAX_V5_DIFFICULTY = 2 * MAX_V5_POOL
"""The most successes a pool can show: 30 dice, all 10s, in 15 criticals."""


POOL_PARAM = msg_p("vtm parameter", "pool")
HUNGER_PARAM = msg_p("vtm parameter", "hunger")


def check_difficulty(difficulty: object) -> int:
    """``difficulty`` (successes needed, 0..60), refused when outside that range."""
    return whole(
        msg_p("vtm parameter", "difficulty (successes needed)"), difficulty, 0, MAX_V5_DIFFICULTY
    )


@dataclass(frozen=True, eq=False)
class V5Result:
    """The exact outcome of one V5 roll; every probability is a ``Fraction``.

    ``successes`` maps each total (criticals counted) to its probability and sums to 1.
    """

    pool: int
    hunger: int
    """The character's Hunger (0-5)."""
    hunger_dice: int
    """Hunger dice in the pool: ``min(hunger, pool)``."""
    difficulty: int
    successes: dict[int, Fraction]
    win: Fraction
    critical_win: Fraction
    messy: Fraction
    bestial: Fraction
    total_failure: Fraction
    expected: Fraction
    steps: tuple[Step, ...] = field(repr=False)

    @property
    def loss(self) -> Fraction:
        """Not a win (a bestial failure included)."""
        return 1 - self.win

    def at_least(self, k: int) -> Fraction:
        """P(successes >= k)."""
        return sum((p for s, p in self.successes.items() if s >= k), Fraction(0))


def _pool_steps(pool: int, hunger: int, hunger_dice: int, difficulty: int) -> Trace:
    trace = Trace()
    hunger_said: Message
    if hunger > pool:
        hunger_said = msg_n(
            "Hunger {hunger} is more than the pool, so the {n} die is a Hunger die.",
            "Hunger {hunger} is more than the pool, so all {n} dice are Hunger dice.",
            pool,
            hunger=hunger,
        )
    else:
        hunger_said = msg(
            "Hunger {hunger}: {hunger_dice} of them are Hunger dice, {regular} regular.",
            hunger=hunger,
            hunger_dice=hunger_dice,
            regular=pool - hunger_dice,
        )
    trace.add(
        "vtm:v5-dice",
        msg_n(
            "Pool of {n} d10. {hunger} Each die showing 6-10 is a success; each pair of 10s is a "
            "critical worth 4 successes.",
            "Pool of {n} d10. {hunger} Each die showing 6-10 is a success; each pair of 10s is a "
            "critical worth 4 successes.",
            pool,
            hunger=hunger_said,
        ),
    )
    if difficulty == 0:
        trace.add(
            "vtm:v5-difficulty",
            msg(
                "Difficulty 0: nothing to beat, so every roll wins and only the successes (the "
                "margin) matter; no roll is a bestial failure."
            ),
        )
    else:
        trace.add(
            "vtm:v5-difficulty",
            msg(
                "Difficulty {difficulty}: the test is won with {difficulty} successes or more.",
                difficulty=difficulty,
            ),
        )
    if hunger_dice == 0:
        trace.add(
            "vtm:v5-criticals",
            msg(
                "A win with at least two 10s is a critical win; it is messy when a Hunger die "
                "shows one of the 10s (no Hunger dice here, so never messy)."
            ),
        )
        trace.add(
            "vtm:v5-bestial",
            msg(
                "A roll that does not win with a 1 on a Hunger die is a bestial failure (no "
                "Hunger dice here, so never bestial); a roll without a single success is a total "
                "failure."
            ),
        )
    else:
        trace.add(
            "vtm:v5-criticals",
            msg(
                "A win with at least two 10s is a critical win; it is messy when a Hunger die "
                "shows one of the 10s."
            ),
        )
        trace.add(
            "vtm:v5-bestial",
            msg(
                "A roll that does not win with a 1 on a Hunger die is a bestial failure; a roll "
                "without a single success is a total failure."
            ),
        )
    return trace


@dataclass
class OutcomeTally:
    """Rolls counted by their outcome against ``difficulty`` (whole numbers of rolls)."""

    difficulty: int
    by_total: dict[int, int] = field(default_factory=dict)
    win: int = 0
    critical: int = 0
    messy: int = 0
    bestial: int = 0

    def add(self, total: int, tens: int, hunger_ten: bool, one: bool, n: int) -> None:
        """``n`` rolls with ``total`` successes, ``tens`` 10s, a Hunger 10 and a Hunger 1 or not."""
        self.by_total[total] = self.by_total.get(total, 0) + n
        if total >= self.difficulty:
            self.win += n
            if tens >= 2:
                self.critical += n
                if hunger_ten:
                    self.messy += n
        elif one:
            self.bestial += n

    def successes(self, denominator: int) -> dict[int, Fraction]:
        return {k: Fraction(n, denominator) for k, n in sorted(self.by_total.items())}

    def expected(self, denominator: int) -> Fraction:
        return Fraction(sum(k * n for k, n in self.by_total.items()), denominator)


@lru_cache(maxsize=2048)
def cached_roll(pool: int, hunger: int, difficulty: int) -> V5Result:
    """The roll's odds, shared by every caller (:func:`v5_pool` hands out a copy)."""
    hunger_dice = min(hunger, pool)
    denominator = 10**pool
    tally = OutcomeTally(difficulty)
    for total, tens, hunger_ten, one, n in joint_counts(pool, hunger_dice):
        tally.add(total, tens, hunger_ten, one, n)
    win, critical, messy, bestial = tally.win, tally.critical, tally.messy, tally.bestial
    successes = tally.successes(denominator)
    expected = tally.expected(denominator)
    result_win = Fraction(win, denominator)
    trace = _pool_steps(pool, hunger, hunger_dice, difficulty)
    trace.add(
        "vtm:v5-difficulty",
        msg(
            "Exactly, over all 10^{pool} rolls: win {win}, critical win {critical}, messy "
            "critical {messy}, bestial failure {bestial}, total failure {total_failure}; "
            "expected successes {expected}.",
            pool=pool,
            win=result_win,
            critical=Fraction(critical, denominator),
            messy=Fraction(messy, denominator),
            bestial=Fraction(bestial, denominator),
            total_failure=successes.get(0, Fraction(0)),
            expected=expected,
        ),
    )
    return V5Result(
        pool=pool,
        hunger=hunger,
        hunger_dice=hunger_dice,
        difficulty=difficulty,
        successes=successes,
        win=result_win,
        critical_win=Fraction(critical, denominator),
        messy=Fraction(messy, denominator),
        bestial=Fraction(bestial, denominator),
        total_failure=successes.get(0, Fraction(0)),
        expected=expected,
        steps=trace.steps,
    )


def v5_pool(pool: int, hunger: int, difficulty: int) -> V5Result:
    """The exact outcome of a V5 roll of ``pool`` dice (1-30) at ``hunger`` (0-5) against
    ``difficulty`` (0-60 successes; 0 = nothing to beat, every roll wins).

    >>> r = v5_pool(2, 1, 1)
    >>> r.win, r.messy, r.bestial
    (Fraction(3, 4), Fraction(1, 100), Fraction(1, 20))
    """
    whole(POOL_PARAM, pool, 1, MAX_V5_POOL)
    whole(HUNGER_PARAM, hunger, 0, MAX_HUNGER)
    check_difficulty(difficulty)
    result = cached_roll(pool, hunger, difficulty)
    return V5Result(
        **{**result.__dict__, "successes": dict(result.successes)}  # callers may not alter it
    )


def clear_roll_caches() -> None:
    """Forget the cached rolls."""
    cached_roll.cache_clear()
