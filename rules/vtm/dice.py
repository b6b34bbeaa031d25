"""One roll of a pool of d10s: exact distributions of successes, botch, failure.

Rules (section ids of the rules reference):

* ``vtm:dice-roll`` - each die at or above the difficulty is a success, each 1
  cancels one success.
* ``vtm:botch`` - no die of the roll reaches the difficulty and at least one die
  shows 1. A roll whose successes are all cancelled by 1s is a failure.
* ``vtm:specialty`` - Revised rerolls every 10 (open-ended, each rerolled die at
  or above the difficulty adds a success); V20 counts every 10 twice.
* ``vtm:willpower`` - one success that 1s cannot cancel; no botch.
* ``vtm:wound-penalties`` and ``vtm:multiple-actions`` remove dice.

The exact law of the net successes, open-ended under the Revised reroll, is in
:mod:`rules.vtm.net_successes`; a concrete roll is read in :mod:`rules.vtm.dice_faces`, and the
editions, limits and parameter checks are in :mod:`rules.vtm.dice_rules`. Every public name is
importable from this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import flag, shown, whole
from rules.vtm._counts import roll_counts
from rules.vtm.dice_faces import RollOutcome, classify
from rules.vtm.dice_rules import (
    DICE_PARAM,
    DIFFICULTY_PARAM,
    EDITIONS,
    MAX_DICE,
    ONES_CANCEL_PARAM,
    SPECIALTIES,
    WILLPOWER_PARAM,
    check_specialty,
    check_wound,
    specialty_for_edition,
)
from rules.vtm.health import HEALTH_LEVELS, UNHURT, level_name, wound_penalty
from rules.vtm.net_successes import (
    TAIL_BOUND,
    NetLaw,
    clear_net_caches,
    expected_net_per_die,
    net_law,
    net_table,
)

__all__ = [
    "EDITIONS",
    "MAX_DICE",
    "SPECIALTIES",
    "TAIL_BOUND",
    "PoolResult",
    "RollOutcome",
    "classify",
    "clear_caches",
    "multiple_action_pools",
    "multiple_actions",
    "pool",
    "specialty_for_edition",
]


@dataclass(frozen=True, eq=False)
class PoolResult:
    """The exact outcome distribution of one pool roll.

    ``successes`` and ``net`` list every value with non-zero probability up to a
    cut; ``tail`` (``net_tail``) is the exact probability of the values above the
    cut (zero unless the Revised reroll makes the roll open-ended), so
    ``sum(successes.values()) + tail == 1``.
    """

    dice: int
    difficulty: int
    specialty: str | None
    willpower: bool
    reroll_ones_cancel: bool
    wound: str | None
    penalty: int
    rolled: int
    """Dice actually rolled after wound and other penalties (0 = no roll)."""
    botch: Fraction
    failure: Fraction
    success: Fraction
    successes: dict[int, Fraction]
    net: dict[int, Fraction]
    expected: Fraction
    expected_net: Fraction
    tail: Fraction
    net_tail: Fraction
    steps: tuple[Step, ...]
    _law: NetLaw | None = field(default=None, repr=False)

    def probability(self, k: int) -> Fraction:
        """P(successes kept == k), exact for every ``k`` (also beyond the stored cut)."""
        base = 1 if self.willpower else 0
        if k < base:
            return Fraction(0)
        if self._law is None or k <= max(self.successes):
            return self.successes.get(k, Fraction(0))
        return self._law.mass(k - base)

    def net_probability(self, k: int) -> Fraction:
        """P(net == k), exact for every ``k``."""
        if self._law is None or k <= max(self.net):
            return self.net.get(k, Fraction(0))
        return self._law.mass(k)

    def at_least(self, k: int) -> Fraction:
        """P(successes kept >= k), exact for every ``k``."""
        top = max(self.successes)
        if k <= top:
            stored = sum((m for j, m in self.successes.items() if j >= k), Fraction(0))
            return stored + self.tail
        beyond = sum((self.probability(j) for j in range(top + 1, k)), Fraction(0))
        return self.tail - beyond

    def at_least_table(self) -> list[tuple[int, Fraction]]:
        """``(k, P(successes kept >= k))`` for k = 1 .. the largest stored value."""
        rows: list[tuple[int, Fraction]] = []
        running = self.tail
        for k in range(max(self.successes), 0, -1):
            running += self.successes.get(k, Fraction(0))
            rows.append((k, running))
        return rows[::-1]

    @property
    def outcomes(self) -> dict[str, Fraction]:
        return {"botch": self.botch, "failure": self.failure, "success": self.success}


@lru_cache(maxsize=4096)
def _pool_cached(
    dice: int,
    difficulty: int,
    specialty: str | None,
    willpower: bool,
    ones_cancel: bool,
    wound: str | None,
    penalty: int,
) -> PoolResult:
    trace = Trace()
    lost = wound_penalty(wound)
    if lost is None:
        raise IllegalPlay(
            msg(
                "An incapacitated character cannot act; choose a wound level from {low} to {high}.",
                low=level_name(UNHURT),
                high=level_name(HEALTH_LEVELS[-2]),
            )
        )
    rolled = dice - lost - penalty
    trace.add(
        "vtm:dice-roll",
        msg_n(
            "Pool of {n} d10 at difficulty {difficulty}: each die showing {difficulty} or more "
            "is a success, each 1 cancels one success.",
            "Pool of {n} d10 at difficulty {difficulty}: each die showing {difficulty} or more "
            "is a success, each 1 cancels one success.",
            dice,
            difficulty=difficulty,
        ),
    )
    if lost:
        trace.add(
            "vtm:wound-penalties",
            msg_n(
                "Wound level {level}: {n} die fewer.",
                "Wound level {level}: {n} dice fewer.",
                lost,
                level=level_name(str(wound)),
            ),
        )
    if penalty:
        trace.add(
            "vtm:multiple-actions",
            msg_n(
                "Several actions this turn: {n} die fewer.",
                "Several actions this turn: {n} dice fewer.",
                penalty,
            ),
        )
    if rolled < 1:
        rolled = 0
        trace.add(
            "vtm:wound-penalties",
            msg(
                "No dice are left, so nothing is rolled (our reading: the action fails unless a "
                "Willpower point supplies its one success)."
            ),
        )
    else:
        trace.add("vtm:dice-roll", msg_n("{n} die is rolled.", "{n} dice are rolled.", rolled))
    if specialty == "reroll" and ones_cancel:
        trace.add(
            "vtm:specialty",
            msg(
                "Specialty (Revised): every 10 keeps its success and is rolled again, without "
                "limit; a reroll at or above the difficulty adds a success; a 1 on a reroll "
                "cancels a success (switch on)."
            ),
        )
    elif specialty == "reroll":
        trace.add(
            "vtm:specialty",
            msg(
                "Specialty (Revised): every 10 keeps its success and is rolled again, without "
                "limit; a reroll at or above the difficulty adds a success; a 1 on a reroll "
                "is ignored (default)."
            ),
        )
    elif specialty == "double":
        trace.add("vtm:specialty", msg("Specialty (V20): every 10 counts as two successes."))

    law: NetLaw | None = None
    if rolled == 0:
        net = {0: Fraction(1)}
        net_tail = Fraction(0)
        botch = Fraction(0)
        expected_net = Fraction(0)
    else:
        law = net_law(rolled, difficulty, specialty, ones_cancel)
        rows, net_tail = net_table(rolled, difficulty, specialty, ones_cancel)
        net = dict(rows)
        botch = Fraction((difficulty - 1) ** rolled - (difficulty - 2) ** rolled, 10**rolled)
        expected_net = rolled * expected_net_per_die(difficulty, specialty, ones_cancel)
        if specialty != "reroll":
            law = None
    not_positive = sum((m for k, m in net.items() if k <= 0), Fraction(0))
    negative_part = sum((-k * m for k, m in net.items() if k < 0), Fraction(0))
    base = 1 if willpower else 0
    successes: dict[int, Fraction] = {}
    if not_positive:
        successes[base] = not_positive
    for k, m in net.items():
        if k > 0:
            successes[k + base] = m
    expected = expected_net + negative_part + base
    if willpower:
        trace.add(
            "vtm:willpower",
            msg("Willpower: one automatic success that 1s cannot cancel; the roll cannot botch."),
        )
        outcome_botch, failure, success = Fraction(0), Fraction(0), Fraction(1)
    else:
        outcome_botch = botch
        failure = not_positive - botch
        success = 1 - not_positive
        if rolled:
            trace.add(
                "vtm:botch",
                msg(
                    "A botch needs no die at or above the difficulty and at least one 1; "
                    "successes cancelled by 1s give a plain failure."
                ),
            )
    if net_tail:
        trace.add(
            "vtm:specialty",
            msg(
                "Values above {top} net successes are not listed; their exact total "
                "probability {tail} is reported as the tail.",
                top=max(net),
                tail=net_tail,
            ),
        )
    return PoolResult(
        dice=dice,
        difficulty=difficulty,
        specialty=specialty,
        willpower=willpower,
        reroll_ones_cancel=ones_cancel,
        wound=wound,
        penalty=penalty,
        rolled=rolled,
        botch=outcome_botch,
        failure=failure,
        success=success,
        successes=successes,
        net=net,
        expected=expected,
        expected_net=expected_net,
        tail=net_tail,
        net_tail=net_tail,
        steps=trace.steps,
        _law=law,
    )


def pool(
    dice: int,
    difficulty: int = 6,
    *,
    specialty: str | None = None,
    willpower: bool = False,
    reroll_ones_cancel: bool = False,
    wound: str | None = None,
    penalty: int = 0,
) -> PoolResult:
    """The exact distribution of one roll of ``dice`` d10s at ``difficulty``.

    ``specialty``: ``None``, ``"reroll"`` (Revised) or ``"double"`` (V20).
    ``reroll_ones_cancel``: whether a 1 on a Revised reroll cancels a success
    (default: ignored). ``wound``: a health level name whose penalty removes dice;
    ``penalty``: further dice removed (e.g. multiple actions). When no dice are
    left nothing is rolled: the action fails, or gets Willpower's one success.
    """
    whole(DICE_PARAM, dice, 1, MAX_DICE)
    whole(DIFFICULTY_PARAM, difficulty, 2, 10)
    whole(msg_p("vtm parameter", "penalty"), penalty, 0, MAX_DICE)
    check_specialty(specialty)
    flag(WILLPOWER_PARAM, willpower)
    flag(ONES_CANCEL_PARAM, reroll_ones_cancel)
    check_wound(wound)
    result = _pool_cached(
        dice,
        difficulty,
        specialty,
        bool(willpower),
        bool(reroll_ones_cancel) and specialty == "reroll",
        None if wound == UNHURT else wound,
        penalty,
    )
    # fresh dictionaries, so that callers cannot alter the cached result
    return replace(
        result,
        successes=dict(result.successes),
        net=dict(result.net),
        reroll_ones_cancel=bool(reroll_ones_cancel),
    )


def clear_caches() -> None:
    """Forget every cached pool computation (benchmarks measure cold runs with this)."""
    _pool_cached.cache_clear()
    clear_net_caches()
    roll_counts.cache_clear()


# --------------------------------------------------------------------------- multiple actions


def multiple_action_pools(pools: list[int]) -> list[int]:
    """Pools after splitting the turn into ``len(pools)`` actions.

    The first action loses as many dice as there are actions, each later action one
    die more; pools below one die become 0. A single action loses nothing.
    """
    if not isinstance(pools, list | tuple) or not pools:
        raise InvalidState(
            msg(
                "Give at least one action's pool as a list of whole numbers; got {value}.",
                value=shown(pools),
            )
        )
    whole(msg_p("vtm parameter", "the number of actions"), len(pools), 1, 10)
    for p in pools:
        whole(msg_p("vtm parameter", "a pool"), p, 0, MAX_DICE)
    n = len(pools)
    if n == 1:
        return [pools[0]]
    return [max(0, p - (n + i)) for i, p in enumerate(pools)]


def multiple_actions(
    dice: int,
    actions: int,
    difficulty: int = 6,
    *,
    specialty: str | None = None,
    willpower: bool = False,
    reroll_ones_cancel: bool = False,
    wound: str | None = None,
) -> tuple[PoolResult, ...]:
    """The roll of each of ``actions`` actions taken from the same ``dice`` pool."""
    whole(msg_p("vtm parameter", "actions"), actions, 1, 10)
    whole(DICE_PARAM, dice, 1, MAX_DICE)
    whole(DIFFICULTY_PARAM, difficulty, 2, 10)
    check_specialty(specialty)
    flag(WILLPOWER_PARAM, willpower)
    flag(ONES_CANCEL_PARAM, reroll_ones_cancel)
    check_wound(wound)
    penalties = [0] if actions == 1 else [actions + i for i in range(actions)]
    results = []
    for i, extra in enumerate(penalties):
        r = pool(
            dice,
            difficulty,
            specialty=specialty,
            willpower=willpower and i == 0,
            reroll_ones_cancel=reroll_ones_cancel,
            wound=wound,
            penalty=min(extra, MAX_DICE),
        )
        results.append(r)
    return tuple(results)
