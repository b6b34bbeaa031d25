"""A V5 contest: two sides roll, the successes are compared, the margin decides.

Rules (section ids of the rules reference):

* ``vtm:v5-dice``, ``vtm:v5-criticals``, ``vtm:v5-bestial`` - each side's roll, as in one test.
* ``vtm:v5-contests`` - the side with more successes wins by the difference (the margin).
  A tie follows the reading chosen with ``tie``:

  - ``"acting"`` (default): the acting side (A: the one attempting, the attacker) carries a
    tie, as V5's contests let the acting character win on equal successes;
  - ``"standoff"``: a tie is won by nobody and nothing changes;
  - ``"defender"``: the resisting side (B) holds on a tie.

  ``a_wins``, ``tie`` and ``b_wins`` are always the chances of a positive, zero and negative
  margin; ``a.prevails`` and ``b.prevails`` are the chances each side carries the contest under
  the reading. A side's critical win and messy critical need it to carry the contest; a side
  that does not carry it with a 1 on a Hunger die has a bestial failure.

Exactness: each side's rolls are counted in whole numbers by :func:`joint_counts`; the two are
combined over ``10**(pool_a + pool_b)`` rolls with prefix sums, so a contest of 15 dice against
15 costs a few hundred additions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Final

from rules.i18n import Message, msg, msg_p
from rules.trace import Step, Trace
from rules.validation import choice, whole
from rules.vtm.v5_counts import joint_counts
from rules.vtm.v5_roll import MAX_HUNGER, MAX_V5_POOL

__all__ = ["TIE_READINGS", "ContestSide", "V5Contest", "clear_contest_caches", "v5_contest"]

TIE_READINGS: Final = ("acting", "standoff", "defender")
"""Who carries a tie: the acting side A (default), nobody, or the resisting side B."""

_TIE_SAID: Final[dict[str, Message]] = {
    "acting": msg(
        "On a tie the acting side (A) carries the contest with a margin of 0 (the default reading)."
    ),
    "standoff": msg("On a tie nobody carries the contest: a standoff (a reading chosen here)."),
    "defender": msg("On a tie the resisting side (B) holds (a reading chosen here)."),
}


@dataclass(frozen=True, eq=False)
class ContestSide:
    """One side of a contest: its roll and what the contest makes of it."""

    pool: int
    hunger: int
    hunger_dice: int
    successes: dict[int, Fraction]
    """The side's successes (criticals counted) -> probability."""
    prevails: Fraction
    """The side carries the contest (wins it, or carries a tie under the reading)."""
    critical_win: Fraction
    """It carries the contest with at least two 10s."""
    messy: Fraction
    """A critical win with a 10 on a Hunger die."""
    bestial: Fraction
    """It does not carry the contest and a Hunger die shows 1."""
    total_failure: Fraction
    """Not a single success."""


@dataclass(frozen=True, eq=False)
class V5Contest:
    """The exact outcome of a contest of A (acting) against B (resisting)."""

    a: ContestSide
    b: ContestSide
    margin: dict[int, Fraction]
    """A's successes minus B's -> probability (criticals counted)."""
    a_wins: Fraction
    """Margin above 0."""
    tie: Fraction
    """Margin 0."""
    b_wins: Fraction
    """Margin below 0."""
    tie_reading: str
    expected_margin: Fraction
    steps: tuple[Step, ...] = field(repr=False)


@dataclass
class _Tally:
    prevails: int = 0
    critical: int = 0
    messy: int = 0
    bestial: int = 0


def _side_tally(
    rows: tuple[tuple[int, int, bool, bool, int], ...],
    other_by_total: list[int],
    carries_tie: bool,
) -> _Tally:
    """Counts of the side's rolls (times the other side's) by what the contest makes of them."""
    top = len(other_by_total)
    below = [0, *accumulate(other_by_total)]  # below[t]: the other side's rolls under t
    every = below[-1]
    tally = _Tally()
    for total, tens, hunger_ten, one, n in rows:
        beaten = below[min(total, top)]
        level = other_by_total[total] if total < top else 0
        carried = beaten + (level if carries_tie else 0)
        tally.prevails += n * carried
        if tens >= 2:
            tally.critical += n * carried
            if hunger_ten:
                tally.messy += n * carried
        if one:
            tally.bestial += n * (every - carried)
    return tally


def _by_total(rows: tuple[tuple[int, int, bool, bool, int], ...]) -> list[int]:
    counts = [0] * (max(r[0] for r in rows) + 1)
    for total, _tens, _ten, _one, n in rows:
        counts[total] += n
    return counts


def _side(
    pool: int, hunger: int, rows: tuple[tuple[int, int, bool, bool, int], ...], own: list[int]
) -> tuple[int, int, int, dict[int, Fraction]]:
    denominator = 10**pool
    successes = {t: Fraction(n, denominator) for t, n in enumerate(own) if n}
    return pool, hunger, min(hunger, pool), successes


@lru_cache(maxsize=512)
def _contest(pool_a: int, hunger_a: int, pool_b: int, hunger_b: int, tie: str) -> V5Contest:
    rows_a = joint_counts(pool_a, min(hunger_a, pool_a))
    rows_b = joint_counts(pool_b, min(hunger_b, pool_b))
    totals_a, totals_b = _by_total(rows_a), _by_total(rows_b)
    denominator = 10 ** (pool_a + pool_b)
    margin_counts: dict[int, int] = {}
    for ta, na in enumerate(totals_a):
        if na:
            for tb, nb in enumerate(totals_b):
                if nb:
                    margin_counts[ta - tb] = margin_counts.get(ta - tb, 0) + na * nb
    margin = {m: Fraction(n, denominator) for m, n in sorted(margin_counts.items())}
    a_wins = sum((p for m, p in margin.items() if m > 0), Fraction(0))
    level = margin.get(0, Fraction(0))
    b_wins = 1 - a_wins - level
    # B's tally needs A's totals at each of B's: a B total beats A's totals below it
    tally_a = _side_tally(rows_a, totals_b, tie == "acting")
    tally_b = _side_tally(rows_b, totals_a, tie == "defender")
    sides = []
    for pool, hunger, rows, own, tally in (
        (pool_a, hunger_a, rows_a, totals_a, tally_a),
        (pool_b, hunger_b, rows_b, totals_b, tally_b),
    ):
        p, h, hd, successes = _side(pool, hunger, rows, own)
        sides.append(
            ContestSide(
                pool=p,
                hunger=h,
                hunger_dice=hd,
                successes=successes,
                prevails=Fraction(tally.prevails, denominator),
                critical_win=Fraction(tally.critical, denominator),
                messy=Fraction(tally.messy, denominator),
                bestial=Fraction(tally.bestial, denominator),
                total_failure=successes.get(0, Fraction(0)),
            )
        )
    a, b = sides
    expected = sum((m * p for m, p in margin.items()), Fraction(0))
    trace = Trace()
    trace.add(
        "vtm:v5-dice",
        msg(
            "A rolls {pool_a} dice ({hunger_a} of them Hunger dice), B rolls {pool_b} dice "
            "({hunger_b} of them Hunger dice); each side counts its successes, criticals "
            "included.",
            pool_a=pool_a,
            hunger_a=a.hunger_dice,
            pool_b=pool_b,
            hunger_b=b.hunger_dice,
        ),
    )
    trace.add(
        "vtm:v5-contests",
        msg(
            "The side with more successes wins by the difference, the margin. {tie}",
            tie=_TIE_SAID[tie],
        ),
    )
    trace.add(
        "vtm:v5-contests",
        msg(
            "Exactly, over all 10^{dice} pairs of rolls: A wins {a_wins}, tie {tie}, B wins "
            "{b_wins}; A carries the contest {a_prevails}, B {b_prevails}; expected margin "
            "{expected}.",
            dice=pool_a + pool_b,
            a_wins=a_wins,
            tie=level,
            b_wins=b_wins,
            a_prevails=a.prevails,
            b_prevails=b.prevails,
            expected=expected,
        ),
    )
    trace.add(
        "vtm:v5-criticals",
        msg(
            "A critical win needs the side to carry the contest with two 10s; it is messy with "
            "a Hunger 10: A messy {a_messy}, B messy {b_messy}.",
            a_messy=a.messy,
            b_messy=b.messy,
        ),
    )
    trace.add(
        "vtm:v5-bestial",
        msg(
            "A side that does not carry the contest with a 1 on a Hunger die fails bestially: "
            "A {a_bestial}, B {b_bestial}.",
            a_bestial=a.bestial,
            b_bestial=b.bestial,
        ),
    )
    return V5Contest(
        a=a,
        b=b,
        margin=margin,
        a_wins=a_wins,
        tie=level,
        b_wins=b_wins,
        tie_reading=tie,
        expected_margin=expected,
        steps=trace.steps,
    )


def v5_contest(
    pool_a: int, hunger_a: int, pool_b: int, hunger_b: int, *, tie: str = "acting"
) -> V5Contest:
    """A V5 contest of side A (acting: ``pool_a`` dice at ``hunger_a``) against side B
    (resisting: ``pool_b`` dice at ``hunger_b``). Pools 0-30 (a side with no dice shows no
    success), Hunger 0-5; ``tie`` is one of :data:`TIE_READINGS`.

    >>> c = v5_contest(1, 0, 1, 0)
    >>> c.a_wins, c.tie, c.b_wins, c.a.prevails
    (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4), Fraction(3, 4))
    """
    whole(msg_p("vtm parameter", "pool A"), pool_a, 0, MAX_V5_POOL)
    whole(msg_p("vtm parameter", "Hunger A"), hunger_a, 0, MAX_HUNGER)
    whole(msg_p("vtm parameter", "pool B"), pool_b, 0, MAX_V5_POOL)
    whole(msg_p("vtm parameter", "Hunger B"), hunger_b, 0, MAX_HUNGER)
    reading = choice(msg_p("vtm parameter", "tie reading"), tie, TIE_READINGS)
    result = _contest(pool_a, hunger_a, pool_b, hunger_b, reading)
    return V5Contest(
        **{
            **result.__dict__,
            "margin": dict(result.margin),
            "a": ContestSide(**{**result.a.__dict__, "successes": dict(result.a.successes)}),
            "b": ContestSide(**{**result.b.__dict__, "successes": dict(result.b.successes)}),
        }
    )


def clear_contest_caches() -> None:
    """Forget the cached contests."""
    _contest.cache_clear()
