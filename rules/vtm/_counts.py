"""Integer Laurent polynomials: the counting core of the exact dice engines.

A polynomial is stored as ``(low, coeffs)``: ``coeffs[i]`` is the coefficient of
``z ** (low + i)``. With d10 dice every probability is a count over a power of
ten, so the engines multiply integer counts and build ``Fraction`` values once at
the end; this keeps them exact and fast.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["Poly", "poly_mul", "poly_pow", "roll_counts"]

Poly = tuple[int, tuple[int, ...]]


def poly_mul(a: Poly, b: Poly) -> Poly:
    """The product of two polynomials."""
    a_low, a_c = a
    b_low, b_c = b
    out = [0] * (len(a_c) + len(b_c) - 1)
    for i, x in enumerate(a_c):
        if x:
            for j, y in enumerate(b_c):
                out[i + j] += x * y
    return a_low + b_low, tuple(out)


def poly_pow(a: Poly, n: int) -> Poly:
    """``a ** n`` for ``n >= 0`` by repeated squaring."""
    result: Poly = (0, (1,))
    base = a
    while n:
        if n & 1:
            result = poly_mul(result, base)
        n >>= 1
        if n:
            base = poly_mul(base, base)
    return result


@lru_cache(maxsize=2048)
def roll_counts(face_values: tuple[int, ...], dice: int) -> Poly:
    """How many of the ``10 ** dice`` rolls give each total.

    ``face_values[f - 1]`` is what face ``f`` of one d10 is worth.
    """
    low = min(face_values)
    coeffs = [0] * (max(face_values) - low + 1)
    for value in face_values:
        coeffs[value - low] += 1
    return poly_pow((low, tuple(coeffs)), dice)
