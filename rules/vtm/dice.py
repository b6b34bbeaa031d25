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

Exactness of the open-ended reroll
----------------------------------
One die's net value has the generating function ``g(z) = M(z) / (100 - 10 z)`` with
``M(z) = 10/z + (10 d - 21) + (100 - 10 d) z + z**(1 - c)`` (``d`` the difficulty,
``c = 1`` when a 1 on a reroll cancels a success, else ``0``). For ``n`` dice,
``g(z)**n = M(z)**n / 100**n * sum_m C(m + n - 1, n - 1) (z / 10)**m``, so the
probability of every single net value ``k`` is a finite sum computed exactly
(:meth:`PoolResult.probability`). Only the stored dictionaries are cut: they stop
once the remaining mass is at most ``10**-12``, and that remaining mass is reported
exactly as ``tail`` (``net_tail``). Without the reroll both tails are zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from math import comb

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_np, msg_p
from rules.trace import Step, Trace
from rules.validation import choice, flag, shown, sized, whole
from rules.vtm._counts import Poly, poly_pow, roll_counts
from rules.vtm.health import HEALTH_LEVELS, UNHURT, level_name, wound_penalty

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

MAX_DICE = 50
SPECIALTIES: tuple[str, ...] = ("reroll", "double")
EDITIONS: tuple[str, ...] = ("revised", "v20")
TAIL_BOUND = Fraction(1, 10**12)
"""The stored distributions of an open-ended reroll stop once the rest is at most this."""


def specialty_for_edition(edition: str) -> str:
    """The specialty rule of an edition: ``"reroll"`` (Revised) or ``"double"`` (V20)."""
    choice(msg_p("vtm parameter", "edition"), edition, EDITIONS)
    return "reroll" if edition == "revised" else "double"


_DICE = msg_p("vtm parameter", "dice")
_DIFFICULTY = msg_p("vtm parameter", "difficulty")
_WILLPOWER = msg_p("vtm parameter", "willpower")
_ONES_CANCEL = msg_p("vtm parameter", "reroll_ones_cancel")
_WOUND = msg_p("vtm parameter", "wound")


def _dice(n: int) -> Message:
    return msg_n("{n} die", "{n} dice", n)


def _successes(n: int) -> Message:
    return msg_n("{n} success", "{n} successes", n)


def _ones(n: int) -> Message:
    return msg_np("die face", "{n} one", "{n} ones", n)


def _check_specialty(specialty: object) -> None:
    choice(msg_p("vtm parameter", "specialty"), specialty, (None, *SPECIALTIES))


def _check_wound(wound: object) -> None:
    choice(_WOUND, wound, (None, UNHURT, *HEALTH_LEVELS))


# --------------------------------------------------------------------------- net law


class _NetLaw:
    """The exact law of the net value (successes minus ones) of one roll."""

    __slots__ = ("_denominator", "_finite", "dice", "difficulty", "high", "low", "poly")

    def __init__(self, dice: int, difficulty: int, specialty: str | None, ones_cancel: bool):
        self.dice = dice
        self.difficulty = difficulty
        d = difficulty
        if specialty == "reroll":
            c = 1 if ones_cancel else 0
            # M(z) = 10/z + (10d - 21) + (100 - 10d) z + z**(1 - c)
            m = [10, 10 * d - 21, 100 - 10 * d]
            m[2 - c] += 1
            self.poly: Poly = poly_pow((-1, tuple(m)), dice)
            self._finite = False
            self._denominator = 100**dice
            self.low = -dice
            self.high: int | None = None
        else:
            ten = 2 if specialty == "double" else 1
            faces = tuple(-1 if f == 1 else (ten if f == 10 else int(f >= d)) for f in range(1, 11))
            self.poly = roll_counts(faces, dice)
            self._finite = True
            self._denominator = 10**dice
            self.low = self.poly[0]
            self.high = self.poly[0] + len(self.poly[1]) - 1

    def mass(self, k: int) -> Fraction:
        """P(net == k), exactly, for any integer ``k``."""
        low, coeffs = self.poly
        if k < self.low:
            return Fraction(0)
        if self._finite:
            if self.high is not None and k > self.high:
                return Fraction(0)
            return Fraction(coeffs[k - low], self._denominator)
        n = self.dice
        # denominator 100**n * 10**(k + n); term j contributes m_j C(k-j+n-1, n-1) 10**(j+n)
        top = min(k, low + len(coeffs) - 1)
        numerator = 0
        for j in range(low, top + 1):
            m_j = coeffs[j - low]
            if m_j:
                numerator += m_j * comb(k - j + n - 1, n - 1) * 10 ** (j + n)
        return Fraction(numerator, self._denominator * 10 ** (k + n))


@lru_cache(maxsize=1024)
def _net_law(dice: int, difficulty: int, specialty: str | None, ones_cancel: bool) -> _NetLaw:
    return _NetLaw(dice, difficulty, specialty, ones_cancel)


@lru_cache(maxsize=1024)
def _net_table(
    dice: int, difficulty: int, specialty: str | None, ones_cancel: bool
) -> tuple[tuple[tuple[int, Fraction], ...], Fraction]:
    """Stored net distribution (value, mass) in order, and the exact mass left out above it."""
    law = _net_law(dice, difficulty, specialty, ones_cancel)
    if law.high is not None:
        finite = ((k, law.mass(k)) for k in range(law.low, law.high + 1))
        return tuple((k, m) for k, m in finite if m), Fraction(0)
    return _reroll_table(law)


def _reroll_table(law: _NetLaw) -> tuple[tuple[tuple[int, Fraction], ...], Fraction]:
    """The open-ended law listed until the rest is at most ``TAIL_BOUND``, with that rest.

    With ``i = k + n`` and ``c`` the coefficients of ``M(z)**n``, ``A_i = c_i 10**i``;
    dividing by ``(1 - z/10)`` is then a running sum, done ``n`` times, and
    ``P(net = k) = B_i / (100**n 10**i)``. All in integers.
    """
    n = law.dice
    _low, coeffs = law.poly
    length = len(coeffs) + 16
    while True:
        scaled = [c * 10**i for i, c in enumerate(coeffs)] + [0] * (length - len(coeffs))
        for _ in range(n):
            running = 0
            for i, value in enumerate(scaled):
                running += value
                scaled[i] = running
        rows: list[tuple[int, Fraction]] = []
        base = 100**n
        cumulative = 0
        for i, b in enumerate(scaled):
            cumulative = cumulative * 10 + b  # over base * 10**i
            if b:
                rows.append((i - n, Fraction(b, base * 10**i)))
            whole = base * 10**i
            if i >= 2 * n and (whole - cumulative) * TAIL_BOUND.denominator <= whole:
                return tuple(rows), Fraction(whole - cumulative, whole)
        length *= 2


def _expected_net_per_die(difficulty: int, specialty: str | None, ones_cancel: bool) -> Fraction:
    plain = 10 - difficulty  # faces difficulty..9
    if specialty == "double":
        ten = Fraction(2)
    elif specialty == "reroll":
        c = 1 if ones_cancel else 0
        # a chain of rerolls: on average 1/9 further tens, then a last die of faces 1..9
        ten = 1 + Fraction(11 - difficulty - c, 9)
    else:
        ten = Fraction(1)
    return (Fraction(plain - 1) + ten) / 10


# --------------------------------------------------------------------------- results


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
    _law: _NetLaw | None = field(default=None, repr=False)

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

    law: _NetLaw | None = None
    if rolled == 0:
        net = {0: Fraction(1)}
        net_tail = Fraction(0)
        botch = Fraction(0)
        expected_net = Fraction(0)
    else:
        law = _net_law(rolled, difficulty, specialty, ones_cancel)
        rows, net_tail = _net_table(rolled, difficulty, specialty, ones_cancel)
        net = dict(rows)
        botch = Fraction((difficulty - 1) ** rolled - (difficulty - 2) ** rolled, 10**rolled)
        expected_net = rolled * _expected_net_per_die(difficulty, specialty, ones_cancel)
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
    whole(_DICE, dice, 1, MAX_DICE)
    whole(_DIFFICULTY, difficulty, 2, 10)
    whole(msg_p("vtm parameter", "penalty"), penalty, 0, MAX_DICE)
    _check_specialty(specialty)
    flag(_WILLPOWER, willpower)
    flag(_ONES_CANCEL, reroll_ones_cancel)
    _check_wound(wound)
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
    _net_table.cache_clear()
    _net_law.cache_clear()
    roll_counts.cache_clear()


# --------------------------------------------------------------------------- concrete rolls


@dataclass(frozen=True, slots=True)
class RollOutcome:
    """A concrete roll read by the rules."""

    outcome: str
    """``"botch"``, ``"failure"`` or ``"success"``."""
    successes: int
    """Successes kept (Willpower included)."""
    net: int
    """Successes minus ones, before Willpower (may be negative)."""
    steps: tuple[Step, ...]


def classify(
    faces: list[int],
    difficulty: int,
    *,
    willpower: bool = False,
    specialty: str | None = None,
    rerolls: list[int] | tuple[int, ...] = (),
    reroll_ones_cancel: bool = False,
) -> RollOutcome:
    """Read a concrete roll: its outcome and the successes kept.

    With ``specialty="reroll"``, ``rerolls`` lists the rerolled dice in order; there
    must be exactly one reroll per 10 (original or rerolled).
    """
    whole(_DIFFICULTY, difficulty, 2, 10)
    _check_specialty(specialty)
    flag(_WILLPOWER, willpower)
    flag(_ONES_CANCEL, reroll_ones_cancel)
    sized(msg_p("vtm parameter", "faces"), faces, 0, None)
    sized(msg_p("vtm parameter", "rerolls"), rerolls, 0, None)
    if not faces:
        raise InvalidState(msg("A roll needs at least one die; got no faces."))
    if len(faces) > MAX_DICE:
        raise InvalidState(
            msg_n(
                "At most {n} die; got {got}.",
                "At most {n} dice; got {got}.",
                MAX_DICE,
                got=len(faces),
            )
        )
    for f in (*faces, *rerolls):
        whole(msg_p("vtm parameter", "a die face"), f, 1, 10)
    if specialty != "reroll" and rerolls:
        raise InvalidState(
            msg("Rerolls are only made with the Revised specialty (specialty='reroll').")
        )
    trace = Trace()
    ten_value = 2 if specialty == "double" else 1
    hits = sum(ten_value if f == 10 else 1 for f in faces if f >= difficulty)
    ones = sum(1 for f in faces if f == 1)
    trace.add(
        "vtm:dice-roll",
        msg(
            "{dice} at difficulty {difficulty}: {hits}, {ones}.",
            dice=_dice(len(faces)),
            difficulty=difficulty,
            hits=_successes(hits),
            ones=_ones(ones),
        ),
    )
    if specialty == "double" and faces.count(10) == 1:
        trace.add("vtm:specialty", msg("The 10 counts twice (V20)."))
    elif specialty == "double" and 10 in faces:
        trace.add(
            "vtm:specialty",
            msg_n(
                "Each of the {n} ten counts twice (V20).",
                "Each of the {n} tens counts twice (V20).",
                faces.count(10),
            ),
        )
    if specialty == "reroll":
        owed = faces.count(10)
        for i, f in enumerate(rerolls):
            if owed == 0:
                raise InvalidState(
                    msg(
                        "Too many rerolls: reroll {index} has no 10 to replace; one reroll per 10.",
                        index=i + 1,
                    )
                )
            owed -= 1
            if f == 10:
                owed += 1
            if f >= difficulty:
                hits += 1
            elif f == 1 and reroll_ones_cancel:
                ones += 1
        if owed:
            raise InvalidState(
                msg_n(
                    "{n} more reroll needed: every 10 is rolled again.",
                    "{n} more rerolls needed: every 10 is rolled again.",
                    owed,
                )
            )
        if rerolls and reroll_ones_cancel:
            trace.add(
                "vtm:specialty",
                msg(
                    "Rerolls {rerolls}: totals {hits}, {ones} (1s on rerolls cancel).",
                    rerolls=str(list(rerolls)),
                    hits=_successes(hits),
                    ones=_ones(ones),
                ),
            )
        elif rerolls:
            trace.add(
                "vtm:specialty",
                msg(
                    "Rerolls {rerolls}: totals {hits}, {ones} (1s on rerolls ignored).",
                    rerolls=str(list(rerolls)),
                    hits=_successes(hits),
                    ones=_ones(ones),
                ),
            )
    net = hits - ones
    any_hit = any(f >= difficulty for f in faces)
    if willpower:
        kept = 1 + max(0, net)
        trace.add(
            "vtm:willpower",
            msg_n(
                "Willpower adds one success that cannot be cancelled: {n}.",
                "Willpower adds one success that cannot be cancelled: {n}.",
                kept,
            ),
        )
        outcome = "success"
    elif net > 0:
        kept, outcome = net, "success"
    elif not any_hit and ones:
        kept, outcome = 0, "botch"
        trace.add("vtm:botch", msg("No die reached the difficulty and a 1 shows: a botch."))
    else:
        kept, outcome = 0, "failure"
        if any_hit:
            trace.add("vtm:botch", msg("The 1s cancel every success: a failure, not a botch."))
    return RollOutcome(outcome=outcome, successes=kept, net=net, steps=trace.steps)


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
    whole(_DICE, dice, 1, MAX_DICE)
    whole(_DIFFICULTY, difficulty, 2, 10)
    _check_specialty(specialty)
    flag(_WILLPOWER, willpower)
    flag(_ONES_CANCEL, reroll_ones_cancel)
    _check_wound(wound)
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
