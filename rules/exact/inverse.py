"""Exact inverses of I - Q for the transient part Q of an absorbing Markov chain."""

from __future__ import annotations

from fractions import Fraction
from math import gcd, lcm

__all__ = ["fraction_free_inverse", "inverse_of_identity_minus"]


def inverse_of_identity_minus(
    q: list[dict[int, Fraction]],
) -> tuple[int, list[list[tuple[int, int]]]]:
    """(I - Q)^-1 as a common denominator and sparse rows of (column, numerator)."""
    n = len(q)
    a = [[Fraction(int(i == j)) - q[i].get(j, Fraction(0)) for j in range(n)] for i in range(n)]
    inv = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    for col in range(n):
        piv = next(r for r in range(col, n) if a[r][col])
        a[col], a[piv] = a[piv], a[col]
        inv[col], inv[piv] = inv[piv], inv[col]
        pv = a[col][col]
        if pv != 1:
            a[col] = [x / pv for x in a[col]]
            inv[col] = [x / pv for x in inv[col]]
        arow, irow = a[col], inv[col]
        anz = [k for k in range(n) if arow[k]]
        inz = [k for k in range(n) if irow[k]]
        for r in range(n):
            if r != col:
                f = a[r][col]
                if f:
                    ar, ir = a[r], inv[r]
                    for k in anz:
                        ar[k] -= f * arow[k]
                    for k in inz:
                        ir[k] -= f * irow[k]
    den = 1
    for row in inv:
        for x in row:
            if x:
                den = lcm(den, x.denominator)
    return den, [[(j, int(x * den)) for j, x in enumerate(row) if x] for row in inv]


def fraction_free_inverse(
    rows: tuple[tuple[int, tuple[tuple[int, int], ...]], ...],
) -> tuple[int, list[list[tuple[int, int]]]]:
    """(I - Q)^-1 as (m, sparse integer rows N) with (I - Q)^-1 = N / m.

    Row ``i`` of Q is ``rows[i] = (den, ((j, num), ...))``: Q[i][j] = num / den. The integer
    matrix A = diag(den) (I - Q) is inverted by fraction-free Gauss-Jordan elimination (each
    division by the previous pivot is exact), giving A^-1 = adj / det; then
    (I - Q)^-1 = A^-1 diag(den).
    """
    n = len(rows)
    dens = [d for d, _ in rows]
    a: list[list[int]] = []
    for i, (d, entries) in enumerate(rows):
        row = [0] * (2 * n)
        row[i] = d
        for j, num in entries:
            row[j] -= num
        row[n + i] = 1
        a.append(row)
    prev = 1
    for k in range(n):
        if not a[k][k]:
            piv = next(r for r in range(k + 1, n) if a[r][k])
            a[k], a[piv] = a[piv], a[k]
        rk = a[k]
        pk = rk[k]
        for i in range(n):
            if i == k:
                continue
            ri = a[i]
            f = ri[k]
            if f:
                ri = [pk * x - f * y for x, y in zip(ri, rk, strict=True)]
            else:
                ri = [pk * x for x in ri]
            if prev != 1:  # exact: every entry is a minor of A (Sylvester's identity)
                ri = [x // prev for x in ri]
            a[i] = ri
        prev = pk
    det = a[0][0]
    out = [[a[i][n + j] * dens[j] for j in range(n)] for i in range(n)]
    if det < 0:
        det = -det
        out = [[-x for x in row] for row in out]
    g = gcd(det, *(x for row in out for x in row))
    return det // g, [[(j, x // g) for j, x in enumerate(row) if x] for row in out]
