"""Named Willpower strategies in V5, each with its exact odds, beside the desk's best re-roll.

Rules (``vtm:v5-willpower-strategies``): every strategy re-rolls at most three regular dice
and keeps the point when it has nothing to do.

* ``"reroll-failures"`` - a roll that does not win: re-roll up to three regular 1-5s.
* ``"maximize-criticals"`` - a roll that is not a critical win: re-roll up to three regular
  dice that are not 10s, the 1-5s first, then the 6-9s.
* ``"avoid-messy"`` - a messy critical that losing the regular 10s would break (exactly one
  Hunger 10 and a regular 10): re-roll the regular 10s (up to three); any other roll as
  ``"reroll-failures"``.
* ``"risky-avoid-messy"`` - as ``"avoid-messy"``, with the re-rolls left after the 10s spent
  on 1-5s.

:func:`v5_strategies` gives each strategy's odds over all rolls of a pool, with the desk's best
(:func:`v5_willpower`) and the strategy it recommends (the best by win, then fewer messy
criticals, then more successes, then the point spent less often). :func:`v5_strategy_advice`
does the same for a roll on the table: what each strategy re-rolls, its odds, and which
strategy picks the dice the desk's best picks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Final

from rules.i18n import Message, msg, msg_p
from rules.trace import Step, Trace
from rules.validation import whole
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
from rules.vtm.v5_willpower import (
    REROLL_DICE,
    Choice,
    RerollChoice,
    WillpowerOdds,
    fresh_rolls,
    read_faces,
    reroll_choice,
    reroll_score,
    v5_reroll,
    v5_willpower,
)

__all__ = [
    "STRATEGIES",
    "STRATEGY_NAMES",
    "StrategyAdvice",
    "StrategyOdds",
    "V5Strategies",
    "clear_strategy_caches",
    "v5_strategies",
    "v5_strategy_advice",
]

Policy = Callable[[int, int, int, int, int, int], Choice]
"""``(fails, hits, tens, hunger hits, hunger tens, difficulty)`` -> the dice re-rolled."""


def _wins(hits: int, tens: int, h_hits: int, h_tens: int, difficulty: int) -> bool:
    return total_successes(hits + h_hits, tens + h_tens) >= difficulty


def _reroll_failures(
    fails: int, hits: int, tens: int, h_hits: int, h_tens: int, difficulty: int
) -> Choice:
    if _wins(hits, tens, h_hits, h_tens, difficulty):
        return (0, 0, 0)
    return (min(fails, REROLL_DICE), 0, 0)


def _maximize_criticals(
    fails: int, hits: int, tens: int, h_hits: int, h_tens: int, difficulty: int
) -> Choice:
    if _wins(hits, tens, h_hits, h_tens, difficulty) and tens + h_tens >= 2:
        return (0, 0, 0)
    x = min(fails, REROLL_DICE)
    return (x, min(hits, REROLL_DICE - x), 0)


def _breakable(hits: int, tens: int, h_hits: int, h_tens: int, difficulty: int) -> bool:
    """A messy critical that re-rolling the regular 10s can clean."""
    return h_tens == 1 and tens >= 1 and _wins(hits, tens, h_hits, h_tens, difficulty)


def _avoid_messy(
    fails: int, hits: int, tens: int, h_hits: int, h_tens: int, difficulty: int
) -> Choice:
    if _breakable(hits, tens, h_hits, h_tens, difficulty):
        return (0, 0, min(tens, REROLL_DICE))
    return _reroll_failures(fails, hits, tens, h_hits, h_tens, difficulty)


def _risky_avoid_messy(
    fails: int, hits: int, tens: int, h_hits: int, h_tens: int, difficulty: int
) -> Choice:
    if _breakable(hits, tens, h_hits, h_tens, difficulty):
        z = min(tens, REROLL_DICE)
        return (min(fails, REROLL_DICE - z), 0, z)
    return _reroll_failures(fails, hits, tens, h_hits, h_tens, difficulty)


_POLICIES: Final[dict[str, Policy]] = {
    "reroll-failures": _reroll_failures,
    "maximize-criticals": _maximize_criticals,
    "avoid-messy": _avoid_messy,
    "risky-avoid-messy": _risky_avoid_messy,
}
STRATEGIES: Final = tuple(_POLICIES)
"""The named strategies, in the order a page lists them."""
STRATEGY_NAMES: Final[dict[str, Message]] = {
    "reroll-failures": msg_p("v5 strategy", "re-roll failures"),
    "maximize-criticals": msg_p("v5 strategy", "maximise criticals"),
    "avoid-messy": msg_p("v5 strategy", "avoid a messy critical"),
    "risky-avoid-messy": msg_p("v5 strategy", "risky: avoid a messy critical, re-roll failures"),
    "keep": msg_p("v5 strategy", "keep the roll"),
    "best": msg_p("v5 strategy", "the desk's own choice"),
}
"""What a page calls each strategy, and the two other recommendations."""


@dataclass(frozen=True, eq=False)
class StrategyOdds:
    """A V5 roll's exact odds when the player follows one strategy after every roll."""

    name: str
    spend: Fraction
    """Chance the strategy spends the Willpower point."""
    successes: dict[int, Fraction]
    win: Fraction
    critical_win: Fraction
    messy: Fraction
    bestial: Fraction
    total_failure: Fraction
    expected: Fraction


@dataclass(frozen=True, eq=False)
class V5Strategies:
    """Every named strategy's odds for a pool, the roll without Willpower, the desk's best."""

    pool: int
    hunger: int
    difficulty: int
    without: V5Result
    best: WillpowerOdds
    strategies: dict[str, StrategyOdds]
    recommended: str
    """The named strategy that does best (win, then fewer messy criticals, then more
    successes, then the point spent less often)."""
    steps: tuple[Step, ...] = field(repr=False)


def _strategy_odds(name: str, pool: int, hunger: int, difficulty: int) -> StrategyOdds:
    policy = _POLICIES[name]
    hunger_dice = min(hunger, pool)
    denominator = 10**pool * 10**REROLL_DICE
    kept: dict[tuple[int, int, int, bool, bool], int] = {}
    for h_hits, h_tens, one, h_ways in hunger_counts(hunger_dice):
        for fails, hits, tens, ways in regular_counts(pool - hunger_dice):
            x, y, z = policy(fails, hits, tens, h_hits, h_tens, difficulty)
            key = (hits + h_hits - y, tens + h_tens - z, x + y + z, h_tens > 0, one)
            kept[key] = kept.get(key, 0) + ways * h_ways
    tally = OutcomeTally(difficulty)
    spend = 0
    for (kept_hits, kept_tens, dice, hunger_ten, one), weight in kept.items():
        scale = weight * 10 ** (REROLL_DICE - dice)
        if dice:
            spend += weight * 10**REROLL_DICE
        for new_hits, new_tens, new_ways in fresh_rolls(dice):
            t = kept_tens + new_tens
            tally.add(
                total_successes(kept_hits + new_hits, t), t, hunger_ten, one, scale * new_ways
            )
    successes = tally.successes(denominator)
    return StrategyOdds(
        name=name,
        spend=Fraction(spend, denominator),
        successes=successes,
        win=Fraction(tally.win, denominator),
        critical_win=Fraction(tally.critical, denominator),
        messy=Fraction(tally.messy, denominator),
        bestial=Fraction(tally.bestial, denominator),
        total_failure=successes.get(0, Fraction(0)),
        expected=tally.expected(denominator),
    )


@lru_cache(maxsize=256)
def _strategies(pool: int, hunger: int, difficulty: int) -> V5Strategies:
    strategies = {name: _strategy_odds(name, pool, hunger, difficulty) for name in STRATEGIES}
    recommended = max(
        STRATEGIES,
        key=lambda n: (
            strategies[n].win,
            -strategies[n].messy,
            strategies[n].expected,
            -strategies[n].spend,
        ),
    )
    without = cached_roll(pool, hunger, difficulty)
    best = v5_willpower(pool, hunger, difficulty)
    trace = Trace(without.steps[:-1])
    trace.add(
        "vtm:v5-willpower-strategies",
        msg(
            "Each named strategy is followed after every roll and counted exactly; the desk's "
            "own choice weighs every re-roll of up to three regular dice."
        ),
    )
    for name in STRATEGIES:
        r = strategies[name]
        trace.add(
            "vtm:v5-willpower-strategies",
            msg(
                "{strategy}: win {win}, messy critical {messy}, bestial failure {bestial}, "
                "expected successes {expected}; the point is spent on {spend} of the rolls.",
                strategy=STRATEGY_NAMES[name],
                win=r.win,
                messy=r.messy,
                bestial=r.bestial,
                expected=r.expected,
                spend=r.spend,
            ),
        )
    trace.add(
        "vtm:v5-willpower-strategies",
        msg(
            "Without Willpower: win {without}. The desk's own choice: win {best}. Of the named "
            "strategies, {recommended} does best.",
            without=without.win,
            best=best.win,
            recommended=STRATEGY_NAMES[recommended],
        ),
    )
    return V5Strategies(
        pool=pool,
        hunger=hunger,
        difficulty=difficulty,
        without=without,
        best=best,
        strategies=strategies,
        recommended=recommended,
        steps=trace.steps,
    )


def v5_strategies(pool: int, hunger: int, difficulty: int) -> V5Strategies:
    """Each named strategy's exact odds for a pool of ``pool`` dice at ``hunger`` against
    ``difficulty``, beside the roll without Willpower and the desk's best.

    >>> odds = v5_strategies(1, 0, 1)
    >>> odds.strategies["reroll-failures"].win, odds.best.win
    (Fraction(3, 4), Fraction(3, 4))
    """
    whole(POOL_PARAM, pool, 1, MAX_V5_POOL)
    whole(HUNGER_PARAM, hunger, 0, MAX_HUNGER)
    check_difficulty(difficulty)
    result = _strategies(pool, hunger, difficulty)
    return V5Strategies(
        **{
            **result.__dict__,
            "strategies": {
                n: StrategyOdds(**{**s.__dict__, "successes": dict(s.successes)})
                for n, s in result.strategies.items()
            },
        }
    )


@dataclass(frozen=True, eq=False)
class StrategyAdvice:
    """What each named strategy re-rolls in a roll on the table, with the exact odds."""

    regular: tuple[int, ...]
    hunger: tuple[int, ...]
    difficulty: int
    keep: RerollChoice
    best: RerollChoice
    """The desk's best re-roll (as :func:`v5_reroll` gives it)."""
    choices: dict[str, RerollChoice]
    """Strategy name -> what it re-rolls and the odds that follow."""
    recommended: str
    """``"keep"`` when the best is to keep the roll; else the first named strategy that picks
    dice as good as the best; else ``"best"`` (no named strategy matches the desk's choice)."""
    steps: tuple[Step, ...] = field(repr=False)


def _key(c: RerollChoice) -> tuple[Fraction, Fraction, Fraction, int]:
    return (c.win, -c.messy, c.expected, -c.dice)


def v5_strategy_advice(
    regular: Sequence[int], hunger: Sequence[int], difficulty: int
) -> StrategyAdvice:
    """What each named strategy re-rolls in the roll whose regular dice show ``regular`` and
    Hunger dice ``hunger``, at ``difficulty``, and which one the desk recommends.

    >>> advice = v5_strategy_advice([3, 2, 7], [8], 3)
    >>> advice.recommended, advice.best.faces
    ('reroll-failures', (2, 3))
    """
    regular_t, hunger_t = read_faces(regular, hunger)
    check_difficulty(difficulty)
    advice = v5_reroll(regular_t, hunger_t, difficulty)
    fails = sum(1 for f in regular_t if f <= 5)
    hits = sum(1 for f in regular_t if 6 <= f <= 9)
    tens = regular_t.count(10)
    h_hits = sum(1 for f in hunger_t if 6 <= f <= 9)
    h_tens = hunger_t.count(10)
    h_one = 1 in hunger_t
    choices: dict[str, RerollChoice] = {}
    for name, policy in _POLICIES.items():
        picked = policy(fails, hits, tens, h_hits, h_tens, difficulty)
        x, y, z = picked
        score = reroll_score(
            hits + h_hits - y, tens + h_tens - z, h_tens > 0, x + y + z, difficulty
        )
        choices[name] = reroll_choice(regular_t, h_one, picked, score)
    if not advice.best.dice:
        recommended = "keep"
    else:
        matching = [n for n in STRATEGIES if _key(choices[n]) == _key(advice.best)]
        recommended = matching[0] if matching else "best"
    trace = Trace(advice.steps)
    for name in STRATEGIES:
        c = choices[name]
        if c.dice:
            said = msg(
                "{strategy}: re-roll {faces}: win {win}, messy critical {messy}, expected "
                "successes {expected}.",
                strategy=STRATEGY_NAMES[name],
                faces=str(list(c.faces)),
                win=c.win,
                messy=c.messy,
                expected=c.expected,
            )
        else:
            said = msg(
                "{strategy}: nothing to re-roll here; the point is kept.",
                strategy=STRATEGY_NAMES[name],
            )
        trace.add("vtm:v5-willpower-strategies", said)
    trace.add(
        "vtm:v5-willpower-strategies",
        msg("The desk recommends: {recommended}.", recommended=STRATEGY_NAMES[recommended]),
    )
    return StrategyAdvice(
        regular=regular_t,
        hunger=hunger_t,
        difficulty=difficulty,
        keep=advice.keep,
        best=advice.best,
        choices=choices,
        recommended=recommended,
        steps=trace.steps,
    )


def clear_strategy_caches() -> None:
    """Forget the cached strategy odds."""
    _strategies.cache_clear()
