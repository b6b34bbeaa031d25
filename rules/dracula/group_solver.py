"""Exact ending odds of a Fury of Dracula group combat, from its model's moves.

The chain of combat states is explored from the start, its strongly connected components are
taken in order, and probability is pushed forward exactly as integer pairs (cycles, from repels
and results that change nothing, are solved as small exact linear systems).
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd, lcm

from rules.dracula.group_model import GEnding, GroupModel, GState
from rules.errors import InvalidState
from rules.exact.graph import strong_components
from rules.exact.program import Program, compile_absorbing
from rules.exact.rational import sum_pairs
from rules.i18n import msg

__all__ = ["solve_group"]


def solve_group(
    model: GroupModel, start: GState, max_states: int
) -> tuple[dict[GEnding, Fraction], Fraction, int]:
    """Explore, then push probability forward component by component (integer pairs, reduced
    once per state, as in :mod:`rules.dracula.chain`)."""
    index: dict[GState, int] = {start: 0}
    states: list[GState] = [start]
    dens: list[int] = []
    succ: list[list[tuple[int, int]]] = []
    exits: list[list[tuple[GEnding, int]]] = []
    i = 0
    while i < len(states):
        den, moves_all = model.transitions(states[i])
        moves: list[tuple[int, int]] = []
        ends: list[tuple[GEnding, int]] = []
        for t, num in moves_all.items():
            if isinstance(t[0], str):
                ends.append((t, num))
                continue
            tt: GState = t
            j = index.get(tt)
            if j is None:
                j = len(states)
                if j >= max_states:
                    raise InvalidState(
                        msg(
                            "this group combat has more than {max_states} states to solve "
                            "exactly; choose fewer hunters or items, or less health or blood",
                            max_states=max_states,
                        )
                    )
                index[tt] = j
                states.append(tt)
            moves.append((j, num))
        dens.append(den)
        succ.append(moves)
        exits.append(ends)
        i += 1
    n = len(states)
    adjacency = [[w for w, _ in moves] for moves in succ]
    comps = strong_components(n, adjacency.__getitem__)
    comp_of = [0] * n
    for ci, comp in enumerate(comps):
        for v in comp:
            comp_of[v] = ci
    mass: dict[int, dict[int, int]] = {0: {1: 1}}
    visits: list[tuple[int, int]] = [(0, 1)] * n
    programs: dict[object, Program] = {}
    for ci, comp in enumerate(comps):
        if len(comp) == 1:
            v = comp[0]
            num, den = sum_pairs(mass.pop(v, None))
            loop = sum(q for w, q in succ[v] if w == v)
            if loop:
                num, den = num * dens[v], den * (dens[v] - loop)
            g = gcd(num, den)
            visits[v] = (num // g, den // g)
        else:
            _solve_cycle(comp, states, succ, dens, comp_of, ci, mass, visits, programs)
        for v in comp:
            xn, xd = visits[v]
            if not xn:
                continue
            xd *= dens[v]
            for w, q in succ[v]:
                if comp_of[w] == ci:
                    continue
                sums = mass.get(w)
                if sums is None:
                    mass[w] = {xd: xn * q}
                else:
                    sums[xd] = sums.get(xd, 0) + xn * q
    joint_pairs: dict[GEnding, dict[int, int]] = {}
    rounds_pairs: dict[int, int] = {}
    for v in range(n):
        xn, xd = visits[v]
        if xn:
            rounds_pairs[xd] = rounds_pairs.get(xd, 0) + xn
            xd *= dens[v]
            for end, q in exits[v]:
                sums = joint_pairs.setdefault(end, {})
                sums[xd] = sums.get(xd, 0) + xn * q
    joint = {k: Fraction(*sum_pairs(v)) for k, v in joint_pairs.items()}
    return joint, Fraction(*sum_pairs(rounds_pairs)), n


def _solve_cycle(
    comp: list[int],
    states: list[GState],
    succ: list[list[tuple[int, int]]],
    dens: list[int],
    comp_of: list[int],
    ci: int,
    mass: dict[int, dict[int, int]],
    visits: list[tuple[int, int]],
    programs: dict[object, Program],
) -> None:
    """Visits x on a cyclic component: x = b + x Q, exactly (:mod:`rules.exact.program`).

    Every cycle passes through a state that starts a fresh run of Continues (a Continue raises
    the count, and only a result that changes nothing sets it back), so those states form the
    cut the program is compiled around. Health and blood are equal inside a component, so its
    program is shared by every component of the same shape."""
    comp = sorted(comp, key=lambda v: repr((states[v][1], *states[v][3:])))
    pos = {v: k for k, v in enumerate(comp)}
    inner: list[dict[int, int]] = []
    for v in comp:
        moves: dict[int, int] = {}
        for w, num in succ[v]:
            if comp_of[w] == ci:
                moves[pos[w]] = moves.get(pos[w], 0) + num
        inner.append(moves)
    local_dens = [dens[v] for v in comp]
    key = tuple(
        ((states[v][1], *states[v][3:]), local_dens[k], tuple(sorted(inner[k].items())))
        for k, v in enumerate(comp)
    )
    program = programs.get(key)
    if program is None:
        fresh = [states[v][5] == 0 for v in comp]  # no Continue in a row yet
        program = compile_absorbing(local_dens, inner, fresh.__getitem__, {})
        programs[key] = program
    incoming = [sum_pairs(mass.pop(v, None)) for v in comp]
    common = lcm(*(d for _n, d in incoming))
    values = program.run({k: n * (common // d) for k, (n, d) in enumerate(incoming) if n})
    for k, v in enumerate(comp):
        den = common * program.scale[program.values[k]]
        g = gcd(int(values[k]), den)
        visits[v] = (int(values[k]) // g, den // g)
