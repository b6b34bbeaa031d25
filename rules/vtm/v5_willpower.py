"""The Willpower re-roll in V5: the best re-roll of a concrete roll, and a roll's exact odds
when the player re-rolls as advised.

One Willpower point re-rolls up to three non-Hunger dice (``vtm:v5-willpower``). The advice
maximises, in this order: the probability to win; then the lowest probability of a messy
critical; then the highest expected successes (the margin); then the fewest dice re-rolled.
Keeping the roll (re-rolling nothing) is one of the choices, so the advice never makes a roll
worse by that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import sized, whole
from rules.vtm.v5_counts import hunger_counts, regular_counts, total_successes
from rules.vtm.v5_roll import (
    HUNGER_PARAM,
    MAX_HUNGER,
    MAX_V5_POOL,
    POOL_PARAM,
    OutcomeTally,
    V5Result,
    cached_roll,
    check_difficulty,
)

__all__ = [
    "REROLL_DICE",
    "Choice",
    "RerollAdvice",
    "RerollChoice",
    "Score",
    "WillpowerOdds",
    "clear_willpower_caches",
    "fresh_rolls",
    "read_faces",
    "reroll_choice",
    "reroll_score",
    "v5_reroll",
    "v5_willpower",
]

REROLL_DICE = 3
"""Non-Hunger dice one Willpower point re-rolls at most."""


@lru_cache(maxsize=8)
def fresh_rolls(dice: int) -> tuple[tuple[int, int, int], ...]:
    """``(successes, tens, rolls)`` of ``dice`` freshly re-rolled regular dice (of 10**dice)."""
    return tuple((hits, tens, ways) for _f, hits, tens, ways in regular_counts(dice))


Score = tuple[int, int, int, int, int]
"""A choice's exact odds as numerators over ``10**REROLL_DICE`` (so that choices compare):
win, critical win, messy critical, total failure, and the expected successes."""


@lru_cache(maxsize=65536)
def reroll_score(successes: int, tens: int, hunger_ten: bool, dice: int, difficulty: int) -> Score:
    """Odds after re-rolling ``dice`` regular dice, keeping ``successes`` 6-9s and ``tens`` 10s
    (Hunger dice included); ``hunger_ten``: a kept Hunger die shows 10."""
    scale = 10 ** (REROLL_DICE - dice)
    win = critical = messy = zero = expected = 0
    for hits, new_tens, ways in fresh_rolls(dice):
        t = tens + new_tens
        total = total_successes(successes + hits, t)
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
        score = reroll_score(successes - y, all_tens - z, hunger_ten, dice, difficulty)
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


def read_faces(regular: object, hunger: object) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The faces of a roll's regular and Hunger dice, checked (1-10, a pool of 1-30, at most
    five Hunger dice)."""
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
    return regular_t, hunger_t


def reroll_choice(
    regular: tuple[int, ...], h_one: bool, picked: Choice, score: Score
) -> RerollChoice:
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
    regular_t, hunger_t = read_faces(regular, hunger)
    check_difficulty(difficulty)
    fails = sum(1 for f in regular_t if f <= 5)
    hits = sum(1 for f in regular_t if 6 <= f <= 9)
    tens = regular_t.count(10)
    h_hits = sum(1 for f in hunger_t if 6 <= f <= 9)
    h_tens = hunger_t.count(10)
    h_one = 1 in hunger_t
    shown = total_successes(hits + h_hits, tens + h_tens)
    keep = reroll_choice(
        regular_t,
        h_one,
        (0, 0, 0),
        reroll_score(hits + h_hits, tens + h_tens, h_tens > 0, 0, difficulty),
    )
    picked, score = _best_for(fails, hits, tens, h_hits, h_tens, difficulty)
    best = reroll_choice(regular_t, h_one, picked, score)

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
    regular = regular_counts(pool - hunger_dice)
    denominator = 10**pool * 10**REROLL_DICE
    tally = OutcomeTally(difficulty)
    spend = 0
    # the rolls grouped by what is kept and how many dice are re-rolled
    kept: dict[tuple[int, int, int, bool, bool], int] = {}
    decided: dict[tuple[int, int, int, int, int, bool], Choice] = {}
    rows = [
        (min(f, REROLL_DICE), min(h, REROLL_DICE), min(t, REROLL_DICE), h, t, w)
        for f, h, t, w in regular
    ]
    for h_hits, h_tens, one, h_ways in hunger_counts(hunger_dice):
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
        for new_hits, new_tens, new_ways in fresh_rolls(dice):
            n = scale * new_ways
            t = kept_tens + new_tens
            tally.add(total_successes(kept_hits + new_hits, t), t, hunger_ten, one, n)
    without = cached_roll(pool, hunger, difficulty)
    successes = tally.successes(denominator)
    expected = tally.expected(denominator)
    result = WillpowerOdds(
        pool=pool,
        hunger=hunger,
        difficulty=difficulty,
        spend=Fraction(spend, denominator),
        successes=successes,
        win=Fraction(tally.win, denominator),
        critical_win=Fraction(tally.critical, denominator),
        messy=Fraction(tally.messy, denominator),
        bestial=Fraction(tally.bestial, denominator),
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
    whole(POOL_PARAM, pool, 1, MAX_V5_POOL)
    whole(HUNGER_PARAM, hunger, 0, MAX_HUNGER)
    check_difficulty(difficulty)
    result = _willpower_cached(pool, hunger, difficulty)
    return WillpowerOdds(**{**result.__dict__, "successes": dict(result.successes)})


def clear_willpower_caches() -> None:
    """Forget the cached re-roll choices and Willpower odds."""
    for cached in (fresh_rolls, _choices, reroll_score, _best, _willpower_cached):
        cached.cache_clear()
