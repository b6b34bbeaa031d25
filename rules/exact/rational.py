"""Exact rationals without a gcd on every step.

Values are kept as integer (numerator, denominator) pairs, or over denominators in factored form
(sorted (factor, exponent) pairs, hashable, so that values over equal denominators are added
without any multiplication). Big integers are GMP's (gmpy2) when it is installed and Python's
otherwise, with identical results.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import gcd
from typing import Any, TypeVar

__all__ = ["Den", "FactoredDenominators", "add_pair", "big_integers", "factor", "sum_pairs"]

K = TypeVar("K")
Den = tuple[tuple[int, int], ...]
"""A denominator in factored form: sorted (factor, exponent) pairs."""
SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)
# looked up on first use, so that importing this module stays cheap
_BIG: Callable[[int], Any] | None = None


def big_integers() -> Callable[[int], Any]:
    """The big-integer type: ``gmpy2.mpz`` when installed, else ``int``."""
    global _BIG
    if _BIG is None:
        try:
            from gmpy2 import mpz
        except ImportError:  # pragma: no cover - the pure-Python path gives identical results
            _BIG = int
        else:
            _BIG = mpz
    return _BIG


def factor(n: int) -> dict[int, int]:
    """Factors of ``n`` as {factor: exponent}: small primes, then one cofactor as it is."""
    out: dict[int, int] = {}
    for p in SMALL_PRIMES:
        while n % p == 0:
            n //= p
            out[p] = out.get(p, 0) + 1
    if n > 1:
        out[n] = 1
    return out


def add_pair(acc: dict[K, tuple[int, int]], key: K, n: int, d: int) -> None:
    """acc[key] += n / d on (numerator, denominator) pairs, keeping a common denominator."""
    cur = acc.get(key)
    if cur is None:
        acc[key] = (n, d)
        return
    cn, cd = cur
    if cd == d:
        acc[key] = (cn + n, d)
        return
    g = gcd(cd, d)
    if g == d:
        acc[key] = (cn + n * (cd // d), cd)
    elif g == cd:
        acc[key] = (cn * (d // cd) + n, d)
    else:
        m = cd // g * d
        acc[key] = (cn * (m // cd) + n * (m // d), m)


def sum_pairs(sums: dict[int, int] | None) -> tuple[int, int]:
    """Sum of numerator/denominator pairs as one reduced (numerator, denominator)."""
    if not sums:
        return 0, 1
    items = iter(sums.items())
    d, n = next(items)
    for d2, n2 in items:
        if d2 == d:
            n += n2
            continue
        g = gcd(d, d2)
        m = d // g * d2
        n = n * (m // d) + n2 * (m // d2)
        d = m
    g = gcd(n, d)
    return n // g, d // g


class FactoredDenominators:
    """Products of factors, and the integer multipliers between them (cached)."""

    def __init__(self) -> None:
        self._powers: dict[tuple[int, int], Any] = {}
        self._ratios: dict[tuple[Den, Den], Any] = {}
        self._products: dict[tuple[Den, Den], Den] = {}

    @staticmethod
    def common(parts: Iterable[Den]) -> Den:
        """The least common multiple, factor by factor."""
        out: dict[int, int] = {}
        for part in parts:
            for f, e in part:
                if e > out.get(f, 0):
                    out[f] = e
        return tuple(sorted(out.items()))

    def times(self, a: Den, b: Den) -> Den:
        key = (a, b)
        found = self._products.get(key)
        if found is None:
            out = dict(a)
            for f, e in b:
                out[f] = out.get(f, 0) + e
            found = tuple(sorted(out.items()))
            self._products[key] = found
        return found

    def ratio(self, target: Den, source: Den) -> Any:
        """target / source as an integer (target's exponents are at least source's)."""
        key = (target, source)
        found = self._ratios.get(key)
        if found is None:
            have = dict(source)
            found = big_integers()(1)
            for f, e in target:
                d = e - have.get(f, 0)
                if d:
                    p = self._powers.get((f, d))
                    if p is None:
                        p = big_integers()(f) ** d
                        self._powers[(f, d)] = p
                    found *= p
            self._ratios[key] = found
        return found
