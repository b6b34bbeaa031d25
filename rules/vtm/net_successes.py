"""The exact law of the net successes (successes minus ones) of one Revised or V20 pool roll.

Without the Revised specialty a roll is finite and its law is counted face by face. With it,
every 10 is rolled again without limit, and the law is open-ended:

One die's net value has the generating function ``g(z) = M(z) / (100 - 10 z)`` with
``M(z) = 10/z + (10 d - 21) + (100 - 10 d) z + z**(1 - c)`` (``d`` the difficulty,
``c = 1`` when a 1 on a reroll cancels a success, else ``0``). For ``n`` dice,
``g(z)**n = M(z)**n / 100**n * sum_m C(m + n - 1, n - 1) (z / 10)**m``, so the
probability of every single net value ``k`` is a finite sum computed exactly
(:meth:`rules.vtm.dice.PoolResult.probability`). Only the stored dictionaries are cut:
they stop once the remaining mass is at most ``10**-12``, and that remaining mass is
reported exactly as ``tail`` (``net_tail``). Without the reroll both tails are zero.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from rules.vtm._counts import Poly, poly_pow, roll_counts

__all__ = [
    "TAIL_BOUND",
    "NetLaw",
    "clear_net_caches",
    "expected_net_per_die",
    "net_law",
    "net_table",
]

TAIL_BOUND = Fraction(1, 10**12)
"""The stored distributions of an open-ended reroll stop once the rest is at most this."""


class NetLaw:
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
def net_law(dice: int, difficulty: int, specialty: str | None, ones_cancel: bool) -> NetLaw:
    """The law of ``dice`` dice at ``difficulty`` (cached)."""
    return NetLaw(dice, difficulty, specialty, ones_cancel)


@lru_cache(maxsize=1024)
def net_table(
    dice: int, difficulty: int, specialty: str | None, ones_cancel: bool
) -> tuple[tuple[tuple[int, Fraction], ...], Fraction]:
    """Stored net distribution (value, mass) in order, and the exact mass left out above it."""
    law = net_law(dice, difficulty, specialty, ones_cancel)
    if law.high is not None:
        finite = ((k, law.mass(k)) for k in range(law.low, law.high + 1))
        return tuple((k, m) for k, m in finite if m), Fraction(0)
    return _reroll_table(law)


def _reroll_table(law: NetLaw) -> tuple[tuple[tuple[int, Fraction], ...], Fraction]:
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


def expected_net_per_die(difficulty: int, specialty: str | None, ones_cancel: bool) -> Fraction:
    """The expected net value of one die, exactly."""
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


def clear_net_caches() -> None:
    """Forget the cached laws and tables."""
    net_table.cache_clear()
    net_law.cache_clear()
