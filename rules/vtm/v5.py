"""Vampire: the Masquerade 5th edition (V5) dice: Hunger, criticals, Willpower, rouse checks.

Rules (section ids of the rules reference):

* ``vtm:v5-dice`` - a pool of d10s, as many of them Hunger dice as the Hunger (every die when
  the Hunger exceeds the pool); each die showing 6-10 is a success, and each pair of 10s is
  a critical worth 4 successes (the two 10s' own successes plus 2).
* ``vtm:v5-difficulty`` - the test is won when the successes reach the difficulty. Allowed
  difficulties are 0..60 (60 is the most successes 30 dice can show); difficulty 0 means
  there is nothing to beat: every roll wins and only the successes (the margin) matter.
* ``vtm:v5-criticals`` - a critical win is a win with at least two 10s; it is messy when at
  least one of the 10s is on a Hunger die.
* ``vtm:v5-bestial`` - a roll that does not win with a 1 on a Hunger die is a bestial
  failure; a roll with no success at all is a total failure.
* ``vtm:v5-willpower`` - one Willpower point re-rolls up to three non-Hunger dice.
* ``vtm:v5-rouse`` - a rouse check is one d10: 6 or more and Hunger stays, else it rises by 1.

Exactness: a die is one of four kinds (a 1, a 2-5, a 6-9, a 10), so a pool's outcome is a
count of the ``10**pool`` rolls; the engine counts them with integer multinomials (the
regular dice and the Hunger dice apart) and builds ``Fraction`` values at the end.

The Willpower advice maximises, in this order: the probability to win; then the lowest
probability of a messy critical; then the highest expected successes (the margin); then
the fewest dice re-rolled. Keeping the roll (re-rolling nothing) is one of the choices, so
the advice never makes a roll worse by that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import sized, whole

__all__ = [
    "MAX_HUNGER",
    "MAX_V5_DIFFICULTY",
    "MAX_V5_POOL",
    "REROLL_DICE",
    "RerollAdvice",
    "RerollChoice",
    "RouseResult",
    "V5Result",
    "WillpowerOdds",
    "clear_v5_caches",
    "rouse_check",
    "v5_pool",
    "v5_reroll",
    "v5_willpower",
]

MAX_V5_POOL = 30
MAX_HUNGER = 5
MAX_V5_DIFFICULTY = 2 * MAX_V5_POOL
"""The most successes a pool can show: 30 dice, all 10s, in 15 criticals."""
REROLL_DICE = 3
"""Non-Hunger dice one Willpower point re-rolls at most."""


_POOL = msg_p("vtm parameter", "pool")
_HUNGER = msg_p("vtm parameter", "hunger")


def _check_difficulty(difficulty: object) -> int:
    return whole(
        msg_p("vtm parameter", "difficulty (successes needed)"), difficulty, 0, MAX_V5_DIFFICULTY
    )


def _total(successes: int, tens: int) -> int:
    """Successes shown by ``successes`` dice at 6-9 and ``tens`` 10s: each pair of 10s is 4."""
    return successes + tens + 2 * (tens // 2)


# --------------------------------------------------------------------------- counting


@lru_cache(maxsize=64)
def _regular_counts(dice: int) -> tuple[tuple[int, int, int, int], ...]:
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
def _hunger_counts(dice: int) -> tuple[tuple[int, int, bool, int], ...]:
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
def _joint_counts(pool: int, hunger_dice: int) -> tuple[tuple[int, int, bool, bool, int], ...]:
    """``(total, tens, hunger_ten, hunger_one, rolls)``: the pool's rolls by what decides them."""
    joint: dict[tuple[int, int, bool, bool], int] = {}
    regular = _regular_counts(pool - hunger_dice)
    for h_hits, h_tens, one, h_ways in _hunger_counts(hunger_dice):
        hunger_ten = h_tens > 0
        for _fails, hits, tens, ways in regular:
            t = tens + h_tens
            key = (_total(hits + h_hits, t), min(t, 2), hunger_ten, one)
            joint[key] = joint.get(key, 0) + ways * h_ways
    return tuple((*key, n) for key, n in sorted(joint.items()))


# --------------------------------------------------------------------------- one roll


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


@lru_cache(maxsize=2048)
def _v5_cached(pool: int, hunger: int, difficulty: int) -> V5Result:
    hunger_dice = min(hunger, pool)
    denominator = 10**pool
    by_total: dict[int, int] = {}
    win = critical = messy = bestial = 0
    for total, tens, hunger_ten, one, n in _joint_counts(pool, hunger_dice):
        by_total[total] = by_total.get(total, 0) + n
        if total >= difficulty:
            win += n
            if tens >= 2:
                critical += n
                if hunger_ten:
                    messy += n
        elif one:
            bestial += n
    successes = {k: Fraction(n, denominator) for k, n in sorted(by_total.items())}
    expected = Fraction(sum(k * n for k, n in by_total.items()), denominator)
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
    whole(_POOL, pool, 1, MAX_V5_POOL)
    whole(_HUNGER, hunger, 0, MAX_HUNGER)
    _check_difficulty(difficulty)
    result = _v5_cached(pool, hunger, difficulty)
    return V5Result(
        **{**result.__dict__, "successes": dict(result.successes)}  # callers may not alter it
    )


# --------------------------------------------------------------------------- Willpower


@lru_cache(maxsize=8)
def _fresh(dice: int) -> tuple[tuple[int, int, int], ...]:
    """``(successes, tens, rolls)`` of ``dice`` freshly re-rolled regular dice (of 10**dice)."""
    return tuple((hits, tens, ways) for _f, hits, tens, ways in _regular_counts(dice))


Score = tuple[int, int, int, int, int]
"""A choice's exact odds as numerators over ``10**REROLL_DICE`` (so that choices compare):
win, critical win, messy critical, total failure, and the expected successes."""


@lru_cache(maxsize=65536)
def _score(successes: int, tens: int, hunger_ten: bool, dice: int, difficulty: int) -> Score:
    """Odds after re-rolling ``dice`` regular dice, keeping ``successes`` 6-9s and ``tens`` 10s
    (Hunger dice included); ``hunger_ten``: a kept Hunger die shows 10."""
    scale = 10 ** (REROLL_DICE - dice)
    win = critical = messy = zero = expected = 0
    for hits, new_tens, ways in _fresh(dice):
        t = tens + new_tens
        total = _total(successes + hits, t)
        expected += total * ways
        if total >= difficulty:
            win += ways
            if t >= 2:
                critical += ways
                if hunger_ten:
                    messy += ways
        if total == 0:
            zero += ways
    return (win * scale, critical * scale, messy * scale, zero * scale, expected * scale)


Choice = tuple[int, int, int]
"""How many regular failures (1-5), successes (6-9) and 10s are re-rolled."""


@lru_cache(maxsize=256)
def _choices(fails: int, hits: int, tens: int, hunger_ten: bool) -> tuple[Choice, ...]:
    """The re-rolls of at most three regular dice that can be best.

    Left out, because another choice of as many dice is at least as good on every count:
    re-rolling a 6-9 while a 1-5 stays (re-roll the 1-5 instead); and, when no Hunger die
    shows 10 (so nothing can be messy), re-rolling a 10 while a 1-9 stays.
    """
    out: list[Choice] = []
    for z in range(min(tens, REROLL_DICE) + 1):
        for y in range(min(hits, REROLL_DICE - z) + 1):
            for x in range(min(fails, REROLL_DICE - z - y) + 1):
                if y and x < fails:
                    continue
                if z and not hunger_ten and (x < fails or y < hits):
                    continue
                out.append((x, y, z))
    return tuple(out)


@lru_cache(maxsize=65536)
def _best(
    fails: int,
    hits: int,
    tens: int,
    successes: int,
    all_tens: int,
    hunger_ten: bool,
    difficulty: int,
) -> tuple[Choice, Score]:
    """The best re-roll of a roll whose regular dice show ``fails`` 1-5s (at most 3 count),
    ``hits`` 6-9s (at most 3 count) and ``tens`` 10s (at most 3 count), with ``successes``
    6-9s and ``all_tens`` 10s over the whole pool. The Hunger 1s do not change the choice:
    a bestial failure is exactly a loss with a Hunger 1."""
    best: tuple[Choice, Score] | None = None
    best_key: tuple[int, int, int, int] | None = None
    for choice in _choices(fails, hits, tens, hunger_ten):
        x, y, z = choice
        dice = x + y + z
        score = _score(successes - y, all_tens - z, hunger_ten, dice, difficulty)
        key = (score[0], -score[2], score[4], -dice)
        if best_key is None or key > best_key:
            best, best_key = (choice, score), key
    assert best is not None
    return best


def _best_for(
    fails: int, hits: int, tens: int, h_hits: int, h_tens: int, difficulty: int
) -> tuple[Choice, Score]:
    return _best(
        min(fails, REROLL_DICE),
        min(hits, REROLL_DICE),
        min(tens, REROLL_DICE),
        hits + h_hits,
        tens + h_tens,
        h_tens > 0,
        difficulty,
    )


@dataclass(frozen=True, slots=True)
class RerollChoice:
    """Re-rolling some non-Hunger dice of a roll, with the exact odds that follow."""

    faces: tuple[int, ...]
    """The faces re-rolled (empty: keep the roll and the Willpower point)."""
    win: Fraction
    critical_win: Fraction
    messy: Fraction
    bestial: Fraction
    total_failure: Fraction
    expected: Fraction

    @property
    def dice(self) -> int:
        return len(self.faces)


@dataclass(frozen=True, eq=False)
class RerollAdvice:
    """The best Willpower re-roll of a concrete roll, and what keeping the roll gives."""

    regular: tuple[int, ...]
    hunger: tuple[int, ...]
    difficulty: int
    successes: int
    """Successes the roll shows now."""
    keep: RerollChoice
    best: RerollChoice
    steps: tuple[Step, ...] = field(repr=False)

    @property
    def spend(self) -> bool:
        """True when the best choice re-rolls at least one die."""
        return self.best.dice > 0


def _faces_of(name: Message, faces: object, high: int) -> tuple[int, ...]:
    listed = sized(name, faces, 0, high)
    return tuple(whole(msg_p("vtm parameter", "a die face"), f, 1, 10) for f in listed)


def _choice_of(regular: tuple[int, ...], h_one: bool, picked: Choice, score: Score) -> RerollChoice:
    x, y, z = picked
    fails = sorted(f for f in regular if f <= 5)
    hits = sorted(f for f in regular if 6 <= f <= 9)
    faces = tuple(fails[:x]) + tuple(hits[:y]) + (10,) * z
    whole = 10**REROLL_DICE
    win = Fraction(score[0], whole)
    return RerollChoice(
        faces=faces,
        win=win,
        critical_win=Fraction(score[1], whole),
        messy=Fraction(score[2], whole),
        bestial=(1 - win) if h_one else Fraction(0),
        total_failure=Fraction(score[3], whole),
        expected=Fraction(score[4], whole),
    )


def v5_reroll(regular: Sequence[int], hunger: Sequence[int], difficulty: int) -> RerollAdvice:
    """The best Willpower re-roll (up to three of the ``regular`` dice) of a roll whose
    non-Hunger dice show ``regular`` and Hunger dice show ``hunger``, at ``difficulty``.

    The order of preference is in the module's docstring: win, then no messy critical, then
    more successes, then fewer dice.

    >>> advice = v5_reroll([3, 2, 7], [8], 3)
    >>> advice.best.faces, advice.best.win
    ((2, 3), Fraction(3, 4))
    """
    regular_t = _faces_of(msg_p("vtm parameter", "regular dice"), regular, MAX_V5_POOL)
    hunger_t = _faces_of(msg_p("vtm parameter", "Hunger dice"), hunger, MAX_HUNGER)
    if not regular_t and not hunger_t:
        raise InvalidState(msg("A roll needs at least one die."))
    if len(regular_t) + len(hunger_t) > MAX_V5_POOL:
        raise InvalidState(
            msg_n(
                "At most {n} die in a pool, got {got}.",
                "At most {n} dice in a pool, got {got}.",
                MAX_V5_POOL,
                got=len(regular_t) + len(hunger_t),
            )
        )
    _check_difficulty(difficulty)
    fails = sum(1 for f in regular_t if f <= 5)
    hits = sum(1 for f in regular_t if 6 <= f <= 9)
    tens = regular_t.count(10)
    h_hits = sum(1 for f in hunger_t if 6 <= f <= 9)
    h_tens = hunger_t.count(10)
    h_one = 1 in hunger_t
    shown = _total(hits + h_hits, tens + h_tens)
    keep = _choice_of(
        regular_t, h_one, (0, 0, 0), _score(hits + h_hits, tens + h_tens, h_tens > 0, 0, difficulty)
    )
    picked, score = _best_for(fails, hits, tens, h_hits, h_tens, difficulty)
    best = _choice_of(regular_t, h_one, picked, score)

    trace = Trace()
    trace.add(
        "vtm:v5-dice",
        msg_n(
            "The roll: regular dice {regular}, Hunger dice {hunger}: {n} success.",
            "The roll: regular dice {regular}, Hunger dice {hunger}: {n} successes.",
            shown,
            regular=str(list(regular_t)),
            hunger=str(list(hunger_t)),
        ),
    )
    if shown >= difficulty:
        trace.add(
            "vtm:v5-difficulty",
            msg(
                "At difficulty {difficulty} the roll as it stands is a win.", difficulty=difficulty
            ),
        )
    else:
        trace.add(
            "vtm:v5-difficulty",
            msg(
                "At difficulty {difficulty} the roll as it stands is not a win.",
                difficulty=difficulty,
            ),
        )
    trace.add(
        "vtm:v5-willpower",
        msg(
            "One Willpower point re-rolls up to three regular dice (never Hunger dice). Every "
            "choice is compared exactly: first the chance to win, then the lower chance of a "
            "messy critical, then more expected successes, then fewer dice."
        ),
    )
    if best.dice:
        trace.add(
            "vtm:v5-willpower",
            msg(
                "Best: re-roll {faces}: win {win} (keeping the roll: {keep}), messy critical "
                "{messy}, bestial failure {bestial}, expected successes {expected}.",
                faces=str(list(best.faces)),
                win=best.win,
                keep=keep.win,
                messy=best.messy,
                bestial=best.bestial,
                expected=best.expected,
            ),
        )
    else:
        trace.add(
            "vtm:v5-willpower",
            msg("Best: keep the roll and the Willpower point; no re-roll does better."),
        )
    return RerollAdvice(
        regular=regular_t,
        hunger=hunger_t,
        difficulty=difficulty,
        successes=shown,
        keep=keep,
        best=best,
        steps=trace.steps,
    )


@dataclass(frozen=True, eq=False)
class WillpowerOdds:
    """A V5 roll's exact odds when the player re-rolls with Willpower as :func:`v5_reroll`
    advises after seeing the dice (and keeps the point when the advice is to keep)."""

    pool: int
    hunger: int
    difficulty: int
    spend: Fraction
    """Chance the advice re-rolls at least one die."""
    successes: dict[int, Fraction]
    win: Fraction
    critical_win: Fraction
    messy: Fraction
    bestial: Fraction
    total_failure: Fraction
    expected: Fraction
    without: V5Result
    """The same roll without Willpower."""
    steps: tuple[Step, ...] = field(repr=False)


@lru_cache(maxsize=512)
def _willpower_cached(pool: int, hunger: int, difficulty: int) -> WillpowerOdds:
    hunger_dice = min(hunger, pool)
    regular = _regular_counts(pool - hunger_dice)
    denominator = 10**pool * 10**REROLL_DICE
    by_total: dict[int, int] = {}
    win = critical = messy = bestial = spend = 0
    # the rolls grouped by what is kept and how many dice are re-rolled
    kept: dict[tuple[int, int, int, bool, bool], int] = {}
    decided: dict[tuple[int, int, int, int, int, bool], Choice] = {}
    rows = [
        (min(f, REROLL_DICE), min(h, REROLL_DICE), min(t, REROLL_DICE), h, t, w)
        for f, h, t, w in regular
    ]
    for h_hits, h_tens, one, h_ways in _hunger_counts(hunger_dice):
        hunger_ten = h_tens > 0
        for fails, hits3, tens3, hits, tens, ways in rows:
            all_hits, all_tens = hits + h_hits, tens + h_tens
            situation = (fails, hits3, tens3, all_hits, all_tens, hunger_ten)
            choice = decided.get(situation)
            if choice is None:
                choice = decided[situation] = _best(*situation, difficulty)[0]
            x, y, z = choice
            key = (all_hits - y, all_tens - z, x + y + z, hunger_ten, one)
            kept[key] = kept.get(key, 0) + ways * h_ways
    for (kept_hits, kept_tens, dice, hunger_ten, one), weight in kept.items():
        scale = weight * 10 ** (REROLL_DICE - dice)
        if dice:
            spend += weight * 10**REROLL_DICE
        for new_hits, new_tens, new_ways in _fresh(dice):
            n = scale * new_ways
            t = kept_tens + new_tens
            total = _total(kept_hits + new_hits, t)
            by_total[total] = by_total.get(total, 0) + n
            if total >= difficulty:
                win += n
                if t >= 2:
                    critical += n
                    if hunger_ten:
                        messy += n
            elif one:
                bestial += n
    without = _v5_cached(pool, hunger, difficulty)
    successes = {k: Fraction(n, denominator) for k, n in sorted(by_total.items())}
    expected = Fraction(sum(k * n for k, n in by_total.items()), denominator)
    result = WillpowerOdds(
        pool=pool,
        hunger=hunger,
        difficulty=difficulty,
        spend=Fraction(spend, denominator),
        successes=successes,
        win=Fraction(win, denominator),
        critical_win=Fraction(critical, denominator),
        messy=Fraction(messy, denominator),
        bestial=Fraction(bestial, denominator),
        total_failure=successes.get(0, Fraction(0)),
        expected=expected,
        without=without,
        steps=(),
    )
    trace = Trace(without.steps[:-1])
    trace.add(
        "vtm:v5-willpower",
        msg(
            "After each roll, one Willpower point re-rolls up to three regular dice as the "
            "advice picks (win first, then no messy critical, then more successes); when no "
            "re-roll does better the point is kept. It is spent on {spend} of the rolls.",
            spend=result.spend,
        ),
    )
    trace.add(
        "vtm:v5-willpower",
        msg(
            "Exactly: win {win_before} -> {win}, messy critical {messy_before} -> {messy}, "
            "bestial failure {bestial_before} -> {bestial}.",
            win_before=without.win,
            win=result.win,
            messy_before=without.messy,
            messy=result.messy,
            bestial_before=without.bestial,
            bestial=result.bestial,
        ),
    )
    return WillpowerOdds(**{**result.__dict__, "steps": trace.steps})


def v5_willpower(pool: int, hunger: int, difficulty: int) -> WillpowerOdds:
    """The exact odds of a V5 roll followed by the advised Willpower re-roll (see
    :func:`v5_reroll`), next to the same roll without Willpower (``.without``).

    >>> odds = v5_willpower(1, 0, 1)
    >>> odds.without.win, odds.win
    (Fraction(1, 2), Fraction(3, 4))
    """
    whole(_POOL, pool, 1, MAX_V5_POOL)
    whole(_HUNGER, hunger, 0, MAX_HUNGER)
    _check_difficulty(difficulty)
    result = _willpower_cached(pool, hunger, difficulty)
    return WillpowerOdds(**{**result.__dict__, "successes": dict(result.successes)})


# --------------------------------------------------------------------------- rouse check


@dataclass(frozen=True, slots=True)
class RouseResult:
    """A rouse check at some Hunger: the exact chance that Hunger stays or rises by 1."""

    hunger: int
    dice: int
    no_gain: Fraction
    gain: Fraction
    hunger_after: dict[int, Fraction]
    steps: tuple[Step, ...] = field(repr=False)


def rouse_check(hunger: int, dice: int = 1) -> RouseResult:
    """A rouse check at ``hunger`` (0-4), rolling ``dice`` d10 (1, or 2 when a rule such as
    high Blood Potency lets the check be rolled again; the best die counts).

    >>> rouse_check(2).no_gain, rouse_check(2, dice=2).no_gain
    (Fraction(1, 2), Fraction(3, 4))
    """
    whole(msg_p("vtm parameter", "dice"), dice, 1, 2)
    whole(_HUNGER, hunger, 0, MAX_HUNGER)
    if hunger == MAX_HUNGER:
        raise IllegalPlay(
            msg(
                "At Hunger 5 a vampire cannot rouse the Blood by choice; a check forced from "
                "outside calls for a hunger frenzy test instead. Allowed Hunger: 0 to 4."
            )
        )
    gain = Fraction(1, 2) ** dice
    trace = Trace()
    trace.add(
        "vtm:v5-rouse",
        msg_n(
            "Rouse check at Hunger {hunger} with {n} d10: any die at 6 or more keeps Hunger at "
            "{hunger} ({stays}); otherwise Hunger rises to {higher} ({gain}).",
            "Rouse check at Hunger {hunger} with {n} d10: any die at 6 or more keeps Hunger at "
            "{hunger} ({stays}); otherwise Hunger rises to {higher} ({gain}).",
            dice,
            hunger=hunger,
            stays=1 - gain,
            higher=hunger + 1,
            gain=gain,
        ),
    )
    return RouseResult(
        hunger=hunger,
        dice=dice,
        no_gain=1 - gain,
        gain=gain,
        hunger_after={hunger: 1 - gain, hunger + 1: gain},
        steps=trace.steps,
    )


def clear_v5_caches() -> None:
    """Forget every cached V5 computation (benchmarks measure cold runs with this)."""
    for cached in (
        _regular_counts,
        _hunger_counts,
        _joint_counts,
        _v5_cached,
        _fresh,
        _choices,
        _score,
        _best,
        _willpower_cached,
    ):
        cached.cache_clear()
