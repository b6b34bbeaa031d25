"""One layer of a layered absorbing chain, compiled once and run for every layer of its shape.

A layered chain's states are (layer, local): moves either stay in the layer (and may cycle) or
leave it for a later layer, never coming back. Many layers often share their moves (the local
part of the chain does not see what tells the layers apart), so :class:`LayerProgram` explores
the local states once, compiles their in-layer cycles into a straight-line integer program
(:mod:`rules.exact.program`) and groups the moves that leave by class and target. Running it on
one layer's arrivals gives every local state's visits; the exits then carry them on.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from math import gcd, lcm
from typing import Any, Generic, TypeVar

from rules.exact.program import Operators, compile_absorbing
from rules.exact.rational import Den, big_integers, factor

__all__ = ["Exit", "LayerProgram", "Moves"]

L = TypeVar("L", bound=Hashable)
C = TypeVar("C", bound=Hashable)

Moves = tuple[
    int, Sequence[tuple[L, int]], Sequence[tuple[C, L, int]], Iterable[L]
]  # fmt: skip
"""What a local state does in one step: (denominator, in-layer moves (target, numerator),
exits (class, target, numerator), further local states to explore with it)."""
Terms = tuple[tuple[int, Any], ...]
"""(local state's index, integer coefficient) pairs: a sum of visits."""
Pool = tuple[Terms, Terms]
"""States whose exits of one class go to the same targets in the same proportions: the sum of
their visits (terms), then its share for each target (target's index, integer multiplier)."""
Exit = tuple[C, tuple[L, ...], tuple[Pool, ...], Terms]
"""A class of exits: (class, its targets, its pools, the exits summed over the targets as
terms, for exits where the target plays no part)."""


class LayerProgram(Generic[L, C]):
    """A layer's local states, their compiled in-layer solution and their exits.

    ``moves(local)`` gives a local state's step (:data:`Moves`). Exits are grouped by
    denominator: ``groups`` holds (factored denominator, exits) where a state's visits times
    an exit's coefficient are over the layer's arrivals' denominator times that factor.
    ``is_cut`` names states every in-layer cycle passes through (see
    :func:`rules.exact.program.compile_absorbing`).
    """

    def __init__(
        self,
        seeds: Iterable[L],
        moves: Callable[[L], Moves[L, C]],
        is_cut: Callable[[L], bool],
        operators: Operators,
    ) -> None:
        locs: list[L] = []
        index: dict[L, int] = {}

        def add(loc: L) -> int:
            k = index.get(loc)
            if k is None:
                k = len(locs)
                index[loc] = k
                locs.append(loc)
            return k

        for loc in sorted(set(seeds), key=repr):
            add(loc)
        dens: list[int] = []
        inner: list[dict[int, int]] = []
        outer: list[Sequence[tuple[C, L, int]]] = []
        i = 0
        while i < len(locs):
            den, ins, outs, more = moves(locs[i])
            row: dict[int, int] = {}
            for target, num in ins:
                j = add(target)
                row[j] = row.get(j, 0) + num
            for loc in more:
                add(loc)
            dens.append(den)
            inner.append(row)
            outer.append(outs)
            i += 1
        self.locals = locs
        self.index = index
        self.program = compile_absorbing(dens, inner, lambda v: is_cut(locs[v]), operators)
        scale = [self.program.scale[k] for k in self.program.values]
        # Exits are grouped by denominator, so that coefficients stay small: a state whose
        # scale lacks a cycle's determinant is not multiplied by it edge by edge.
        groups: list[tuple[int, list[int]]] = []  # (common denominator, states)
        for ev, v in sorted(((scale[v] * dens[v], v) for v in range(len(locs))), reverse=True):
            for k, (common, members) in enumerate(groups):
                merged = lcm(common, ev)
                if merged // ev < 1 << 48 and merged // common < 1 << 16:
                    groups[k] = (merged, members)
                    members.append(v)
                    break
            else:
                groups.append((ev, [v]))
        big = big_integers()
        self.groups: list[tuple[Den, tuple[Exit[C, L], ...]]] = []
        for common, members in groups:
            classes: dict[C, dict[L, list[tuple[int, int]]]] = {}
            for v in sorted(members):
                f = common // (scale[v] * dens[v])
                for cls, target, num in outer[v]:
                    by_target = classes.setdefault(cls, {})
                    by_target.setdefault(target, []).append((v, num * f))
            exits: list[Exit[C, L]] = []
            for cls, by_target in classes.items():
                summed: dict[int, int] = {}
                rows: dict[int, list[tuple[int, int]]] = {}
                for k, terms in enumerate(by_target.values()):
                    for v, c in terms:
                        summed[v] = summed.get(v, 0) + c
                        rows.setdefault(v, []).append((k, c))
                total = tuple((v, big(c)) for v, c in sorted(summed.items()))
                exits.append((cls, tuple(by_target), _pools(rows, big), total))
            self.groups.append((tuple(sorted(factor(common).items())), tuple(exits)))

    def run(self, arrivals: dict[L, Any]) -> list[Any]:
        """Numerators of every local state's visits from arrival numerators (over the
        arrivals' common denominator; state ``v``'s scale is folded into its exits)."""
        index = self.index
        return self.program.run({index[loc]: a for loc, a in arrivals.items()})


def _pools(rows: dict[int, list[tuple[int, int]]], big: Callable[[int], Any]) -> tuple[Pool, ...]:
    """Group the states whose rows are proportional: each row is ``g`` times a shared row of
    coprime multipliers, so the pool sums visits times ``g`` once and then multiplies the sum
    out to each target (|states| + |targets| products instead of their product)."""
    by_shape: dict[tuple[tuple[int, int], ...], list[tuple[int, int]]] = {}
    for v, row in rows.items():
        g = gcd(*(c for _t, c in row))
        shape = tuple((t, c // g) for t, c in row)
        by_shape.setdefault(shape, []).append((v, g))
    return tuple(
        (tuple((v, big(g)) for v, g in members), tuple((t, big(c)) for t, c in shape))
        for shape, members in by_shape.items()
    )
