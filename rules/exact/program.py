"""Straight-line integer programs that solve an absorbing chain's visits, compiled once.

For a chain whose moves out of state ``v`` are ``inner[v][w] / dens[v]``, the expected visits
``x`` from arrivals ``b`` solve ``x = b + x Q``. :func:`compile_absorbing` turns that into a
program of integer multiply-adds, built once per chain shape and run for any arrivals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from heapq import heappop, heappush
from math import gcd, lcm
from typing import Any

from rules.exact.graph import strong_components, topological_order
from rules.exact.inverse import fraction_free_inverse
from rules.exact.rational import big_integers

__all__ = ["Operators", "Program", "StraightLine", "compile_absorbing"]

Operators = dict[object, tuple[int, list[list[tuple[int, int]]]]]
"""A cache of inverted cut systems, shared between compilations."""


class StraightLine:
    """A straight-line program over integers, being built.

    Temporary ``k`` stands for the rational ``T_k / scale[k]`` (over the arrivals' common
    denominator D), so running it needs only integer multiply-adds. Temporaries
    ``0..inputs-1`` are the arrivals (scale 1); each op sets one new temporary to a
    combination of earlier ones, with coefficients fixed while building.
    """

    def __init__(self, inputs: int) -> None:
        self.scale = [1] * inputs
        self.ops: list[tuple[int, tuple[tuple[int, int], ...]]] = []

    def assign(self, terms: dict[int, Fraction]) -> int:
        """A temporary equal to sum(coefficient * temporary); returns its index."""
        live = {src: a for src, a in terms.items() if a}
        if len(live) == 1:
            ((src, a),) = live.items()
            if a == 1:
                return src
        scale = 1
        for src, a in live.items():
            scale = lcm(scale, self.scale[src] * a.denominator)
        coefs = tuple(
            (src, a.numerator * (scale // (self.scale[src] * a.denominator)))
            for src, a in sorted(live.items())
        )
        k = len(self.scale)
        self.scale.append(scale)
        self.ops.append((k, coefs))
        return k


@dataclass(frozen=True, slots=True)
class Program:
    """A compiled chain: run ``ops`` over ``size`` temporaries; ``values[v]`` holds state v.

    State ``v``'s expected visits are ``run(arrivals)[v] / scale[values[v]]`` (over the
    arrivals' common denominator).
    """

    size: int
    ops: tuple[tuple[int, tuple[tuple[int, Any], ...]], ...]
    values: tuple[int, ...]
    scale: tuple[int, ...]

    def run(self, arrivals: dict[int, Any]) -> list[Any]:
        """Numerators of every state's visits from arrival numerators (state -> numerator)."""
        t: list[Any] = [0] * self.size
        for v, a in arrivals.items():
            t[v] = a
        for target, terms in self.ops:
            acc = 0
            for src, c in terms:
                value = t[src]
                if value:
                    acc += value * c
            t[target] = acc
        return [t[k] for k in self.values]


def _through_dag(
    g: int,
    inner: Sequence[dict[int, int]],
    dens: Sequence[int],
    pos: dict[int, int],
    rank: dict[int, int],
    order: Sequence[int],
) -> dict[int, Fraction]:
    """Where a unit of mass leaving cut state ``g`` first comes back to the cut: followed
    through the DAG states (``rank``: their topological rank) in order, visiting only those it
    reaches, on unreduced integer pairs (each reduced once, at the end); keyed by the cut
    state's position ``pos``."""
    y: dict[int, list[int]] = {}  # DAG state -> [numerator, denominator]
    row: dict[int, list[int]] = {}
    ahead: list[int] = []  # a heap of the DAG states reached, by topological rank

    def send(u: int, mn: int, md: int) -> None:
        md *= dens[u]
        for w, num in inner[u].items():
            k = pos.get(w)
            if k is not None:
                acc = row.get(k)
                if acc is None:
                    row[k] = [mn * num, md]
                    continue
            elif w in rank:
                acc = y.get(w)
                if acc is None:
                    y[w] = [mn * num, md]
                    heappush(ahead, rank[w])
                    continue
            else:
                continue  # leaves the component
            cn, cd = acc
            if cd == md:
                acc[0] = cn + mn * num
            else:
                common = cd // gcd(cd, md) * md
                acc[0] = cn * (common // cd) + mn * num * (common // md)
                acc[1] = common

    send(g, 1, 1)
    while ahead:
        v = order[heappop(ahead)]
        mn, md = y[v]
        if mn:
            send(v, mn, md)
    return {k: Fraction(a, b) for k, (a, b) in row.items() if a}


def compile_absorbing(
    dens: Sequence[int],
    inner: Sequence[dict[int, int]],
    is_cut: Callable[[int], bool],
    operators: Operators,
) -> Program:
    """Compile x = arrivals + x Q (Q: moves between transient states, row v = inner[v] / dens[v]).

    Strongly connected components are taken in topological order. A cyclic component is cut
    at the states ``is_cut`` names, and at states with a loop to themselves; every cycle must
    pass through one (else the whole component is the cut, which is exact but slower). The
    other states form a DAG, so the component reduces to a small linear system on the cut
    (x_C = c (I - Q')^-1, with Q' the cut-to-cut moves through the DAG), inverted exactly
    once, and the DAG states are then filled in by substitution.
    """
    n = len(dens)
    line = StraightLine(n)
    preds: list[list[tuple[int, Fraction]]] = [[] for _ in range(n)]
    for u in range(n):
        for target, num in inner[u].items():
            preds[target].append((u, Fraction(num, dens[u])))
    value = [-1] * n

    def add(terms: dict[int, Fraction], src: int, a: Fraction) -> None:
        terms[src] = terms.get(src, Fraction(0)) + a

    for comp in strong_components(n, lambda v: tuple(inner[v])):
        members = sorted(comp)
        inside = set(members)
        inflow: dict[int, int] = {}  # member -> temporary of what flows in from outside
        for v in members:
            terms = {v: Fraction(1)}
            for u, a in preds[v]:
                if u not in inside:
                    add(terms, value[u], a)
            inflow[v] = line.assign(terms) if len(members) > 1 else -1
        if len(members) == 1:
            v = members[0]
            terms = {v: Fraction(1)}
            loop = Fraction(0)
            for u, a in preds[v]:
                if u == v:
                    loop += a
                else:
                    add(terms, value[u], a)
            if loop:
                terms = {k: a / (1 - loop) for k, a in terms.items()}
            value[v] = line.assign(terms)
            continue
        cut = [v for v in members if is_cut(v) or any(u == v for u, _ in preds[v])]
        order = topological_order(
            [v for v in members if v not in cut], lambda v: (u for u, _ in preds[v])
        )
        if order is None:  # a cycle that avoids the named cut
            cut, order = members, []
        in_dag = set(order)
        # 1. what reaches each DAG state from outside, through the DAG only
        through: dict[int, int] = {}
        for v in order:
            terms = {inflow[v]: Fraction(1)}
            for u, a in preds[v]:
                if u in in_dag:
                    add(terms, through[u], a)
            through[v] = line.assign(terms)
        # 2. the same, arriving at each cut state
        c: dict[int, int] = {}
        for f in cut:
            terms = {inflow[f]: Fraction(1)}
            for u, a in preds[f]:
                if u in in_dag:
                    add(terms, through[u], a)
            c[f] = line.assign(terms)
        # 3. the reduced system on the cut: Q'[g][f], moves from g to f directly or via the DAG
        pos = {f: k for k, f in enumerate(cut)}
        rank = {v: k for k, v in enumerate(order)}
        rows: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        for g in cut:
            row = _through_dag(g, inner, dens, pos, rank, order)
            den = lcm(1, *(q.denominator for q in row.values()))
            rows.append((den, tuple((j, int(q * den)) for j, q in sorted(row.items()))))
        key = tuple(rows)
        found = operators.get(key)
        if found is None:
            found = fraction_free_inverse(key)
            operators[key] = found
        m, inverse = found
        columns: list[dict[int, Fraction]] = [{} for _ in cut]
        for gi, inv_row in enumerate(inverse):
            for j, num in inv_row:
                columns[j][c[cut[gi]]] = Fraction(num, m)
        for j, f in enumerate(cut):
            value[f] = line.assign(columns[j])
        # 4. the DAG states, from their inflow, the cut and earlier DAG states
        for v in order:
            terms = {inflow[v]: Fraction(1)}
            for u, a in preds[v]:
                if u in inside:
                    add(terms, value[u], a)
            value[v] = line.assign(terms)
    big = big_integers()
    return Program(
        size=len(line.scale),
        ops=tuple((k, tuple((src, big(coef)) for src, coef in terms)) for k, terms in line.ops),
        values=tuple(value),
        scale=tuple(line.scale),
    )
