"""Exact solution of a two-player zero-sum matrix game over fractions (simplex, Bland's rule).

Rows belong to the maximising player (the hunter), columns to the minimising one (Dracula or the
agent). :func:`solve_game` returns the value and an optimal mixed strategy for each side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.errors import InvalidState
from rules.i18n import msg, msg_p
from rules.validation import shown, sized

__all__ = ["GameSolution", "pure_bounds", "solve_game"]

Matrix = Sequence[Sequence[Fraction]]
MAX_CHOICES = 64
"""The most choices (rows or columns) one side may have; a combat round has at most 11."""


@dataclass(frozen=True, slots=True)
class GameSolution:
    """``value``: what the row player can guarantee; ``rows`` / ``columns``: optimal mixes."""

    value: Fraction
    rows: tuple[Fraction, ...]
    columns: tuple[Fraction, ...]
    pure: bool


def pure_bounds(matrix: Matrix) -> tuple[Fraction, Fraction]:
    """(max over rows of the row minimum, min over columns of the column maximum)."""
    _check(matrix)
    lower = max(min(row) for row in matrix)
    upper = min(max(row[j] for row in matrix) for j in range(len(matrix[0])))
    return lower, upper


def _check(matrix: Matrix) -> tuple[int, int]:
    rows = sized(msg_p("dracula", "matrix"), matrix, 1, MAX_CHOICES)
    for row in rows:
        for x in sized(msg_p("dracula", "a row of the matrix"), row, 1, MAX_CHOICES):
            if not isinstance(x, Fraction) and (isinstance(x, bool) or not isinstance(x, int)):
                raise InvalidState(
                    msg("payoffs must be whole numbers or fractions, got {value}", value=shown(x))
                )
    m = len(matrix)
    if m == 0 or len(matrix[0]) == 0:
        raise InvalidState(msg("a game needs at least one choice for each side"))
    n = len(matrix[0])
    if any(len(row) != n for row in matrix):
        raise InvalidState(msg("every row of the payoff matrix must have the same length"))
    return m, n


def solve_game(matrix: Matrix) -> GameSolution:
    """Value and optimal mixed strategies of the zero-sum game ``matrix`` (row player maximises)."""
    m, n = _check(matrix)
    a = [[Fraction(x) for x in row] for row in matrix]
    lower, upper = pure_bounds(a)
    if lower == upper:
        i = next(i for i in range(m) if min(a[i]) == lower)
        j = next(j for j in range(n) if max(a[r][j] for r in range(m)) == upper)
        rows = tuple(Fraction(int(k == i)) for k in range(m))
        cols = tuple(Fraction(int(k == j)) for k in range(n))
        return GameSolution(lower, rows, cols, True)
    shift = 1 - min(min(row) for row in a)
    # Column player's program: maximise sum(q) with A' q <= 1, q >= 0 (A' = A + shift > 0).
    width = n + m + 1
    tab: list[list[Fraction]] = []
    for i in range(m):
        row = [a[i][j] + shift for j in range(n)]
        row.extend(Fraction(int(k == i)) for k in range(m))
        row.append(Fraction(1))
        tab.append(row)
    obj = [Fraction(-1)] * n + [Fraction(0)] * (m + 1)
    basis = [n + i for i in range(m)]
    while True:
        enter = next((j for j in range(width - 1) if obj[j] < 0), -1)
        if enter < 0:
            break
        best: tuple[Fraction, int] | None = None
        leave = -1
        for i in range(m):
            coef = tab[i][enter]
            if coef > 0:
                key = (tab[i][-1] / coef, basis[i])
                if best is None or key < best:
                    best, leave = key, i
        if leave < 0:  # pragma: no cover - bounded by construction
            raise InvalidState(msg("the game program is unbounded"))
        pivot_row = tab[leave]
        pv = pivot_row[enter]
        if pv != 1:
            pivot_row = [x / pv for x in pivot_row]
            tab[leave] = pivot_row
        nz = [k for k, x in enumerate(pivot_row) if x]
        for i in range(m):
            if i != leave:
                f = tab[i][enter]
                if f:
                    row = tab[i]
                    for k in nz:
                        row[k] -= f * pivot_row[k]
        f = obj[enter]
        for k in nz:
            obj[k] -= f * pivot_row[k]
        basis[leave] = enter
    total = obj[-1]
    v_shifted = 1 / total
    q = [Fraction(0)] * n
    for i, var in enumerate(basis):
        if var < n:
            q[var] = tab[i][-1]
    p = [obj[n + i] for i in range(m)]
    cols = tuple(x * v_shifted for x in q)
    rows = tuple(x * v_shifted for x in p)
    return GameSolution(v_shifted - shift, rows, cols, False)
