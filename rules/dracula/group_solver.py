"""Exact ending odds of a Fury of Dracula group combat, from its model's moves.

Two solvers give identical results. :func:`solve_group_layers` groups the states in layers of
equal healths, items and blood: a round never raises any of them, so the layers are solved one
after another and every cycle (repels, results that change nothing) stays inside one layer.
The moves inside a layer do not depend on the hunters' health (except through a minimax
target), so each layer's shape is explored and compiled once (:mod:`rules.exact.layers`) and
run for every health; values are integers over factored denominators, reduced at the end.
:func:`solve_group_states`, the reference, explores state by state, takes the strongly connected
components in order and pushes probability forward as integer pairs.
"""

from __future__ import annotations

from heapq import heappop, heappush
from math import gcd, lcm
from typing import Any

from rules.dracula.blood import AFTER_KILLED
from rules.dracula.group_model import GEffect, GEnding, GLocal, GroupModel, GState
from rules.errors import InvalidState
from rules.exact.graph import strong_components
from rules.exact.layers import LayerProgram, Moves
from rules.exact.program import Operators, Program, compile_absorbing
from rules.exact.rational import Den, FactoredDenominators, big_integers, sum_pairs
from rules.i18n import msg

__all__ = ["Solved", "solve_group_layers", "solve_group_states"]

Solved = tuple[dict[GEnding, int], int, int, int]
"""Ending -> numerator, the expected rounds' numerator, their common denominator, and the
number of combat states solved."""


def solve_group_states(model: GroupModel, start: GState, max_states: int) -> Solved:
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
                    raise _too_many(max_states)
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
    joint = {k: sum_pairs(v) for k, v in joint_pairs.items()}
    rounds_n, rounds_d = sum_pairs(rounds_pairs)
    den = lcm(rounds_d, *(d for _n, d in joint.values()))
    nums = {k: m * (den // d) for k, (m, d) in joint.items()}
    return nums, rounds_n * (den // rounds_d), den, n


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


def _too_many(max_states: int) -> InvalidState:
    return InvalidState(
        msg(
            "this group combat has more than {max_states} states to solve exactly; choose "
            "fewer hunters or items, or less health or blood",
            max_states=max_states,
        )
    )


# -- layered solver ------------------------------------------------------------------------------
#
# A layer is (healths, items, blood); a local state is the rest of a combat state: (cards on the
# table, the enemy's card, continues, repel, Dodge bonus, round). An exit class is (code, owner,
# amount, ending kind, items after, blood Dracula paid) as in GroupModel.effect, or _VISITS, the
# weight every state adds to the expected rounds.

Layer = tuple[tuple[int, ...], tuple[tuple[str, ...], ...], int]
_Class = tuple[int, int, int, str, tuple[tuple[str, ...], ...], int]
_VISITS: _Class = (-1, -1, 0, "", (), 0)
_GroupProgram = LayerProgram[GLocal, _Class]


def _shape_key(model: GroupModel, layer: Layer) -> tuple[object, ...]:
    """What a layer's program depends on: its items and what a round sees of its blood
    (:meth:`GroupModel.blood_class`); under a minimax target its items and blood, and the
    targets the hunters' health gives each state (:func:`_targets`)."""
    _healths, items, blood = layer
    if model.target_policy == "minimax":
        return (items, blood)
    return (items, model.blood_class(blood))


def _targets(model: GroupModel, layer: Layer, locs: list[GLocal]) -> tuple[tuple[int, ...], ...]:
    """Dracula's targets in each local state of ``layer``: under a minimax target the one
    thing a program of a given shape depends on the hunters' health through."""
    healths, items, blood = layer
    return tuple(model.targets((healths, items, blood, *loc)) for loc in locs)


def _program(
    model: GroupModel,
    layer: Layer,
    seeds: set[GLocal],
    operators: Operators,
    hints: dict[tuple[object, ...], set[GLocal]] | None,
) -> _GroupProgram:
    """Explore and compile the layer's local states from ``seeds``. With ``hints`` (a uniform
    target), the local states sent to layers of another shape are recorded there, and those
    that arrive from a layer of this shape (a wound: same items and blood) explored now."""
    healths, items, blood = layer
    cap = model.round_cap
    own = _shape_key(model, layer)
    # exit class -> the shape of the layer it goes to (None: an ending)
    shapes: dict[_Class, tuple[object, ...] | None] = {}
    # what a round does apart from the run of Continues, shared by the states that differ
    # only in it: (denominator, in-layer moves, exits, states to explore, the Continues)
    Split = tuple[
        int, list[tuple[GLocal, int]], list[tuple[_Class, GLocal, int]], list[GLocal],
        list[tuple[GEffect, int]],
    ]  # fmt: skip
    splits: dict[tuple[object, ...], Split] = {}

    def leave(cls: _Class, target: GLocal, more: list[GLocal]) -> None:
        """Note where an exit's target is explored: here, or in the layer shape it reaches."""
        if hints is None:
            return
        if cls in shapes:
            shape = shapes[cls]
        else:
            dest = _destination(layer, cls)
            shape = None if isinstance(dest[0], str) else _shape_key(model, dest)
            shapes[cls] = shape
        if shape == own:
            more.append(target)
        elif shape is not None:
            hints.setdefault(shape, set()).add(target)

    def split(
        lasts: tuple[str | None, ...], el: str | None, repel: bool, dodge: int, rnd: int
    ) -> Split:
        key = (lasts, el, repel, dodge, rnd)
        found = splits.get(key)
        if found is not None:
            return found
        state: GState = (healths, items, blood, lasts, el, 0, repel, dodge, rnd)
        den, entries = model.local(state)
        rnd2 = min(rnd + 1, cap) if cap else 0
        ins: list[tuple[GLocal, int]] = []
        outs: list[tuple[_Class, GLocal, int]] = []
        more: list[GLocal] = []
        continues: list[tuple[GEffect, int]] = []
        for effect, num in entries:
            code, owner, amount, end, items2, lasts2, e, repel2, dodge2, paid = effect
            if code == 0:
                continues.append((effect, num))
                continue
            target: GLocal = (lasts2, e, 0, code == 5 and repel2, dodge2, rnd2)
            if items2 == items and not paid and (code == 5 or (code in (2, 4) and not amount)):
                ins.append((target, num))
                continue
            cls: _Class = (code, owner, amount, end, items2, paid)
            outs.append((cls, target, num))
            leave(cls, target, more)
        found = (den, ins, outs, more, continues)
        splits[key] = found
        return found

    def moves(loc: GLocal) -> Moves[GLocal, _Class]:
        lasts, el, cont, repel, dodge, rnd = loc
        den, ins0, outs0, more0, continues = split(lasts, el, repel, dodge, rnd)
        if not continues:
            return den, ins0, [(_VISITS, loc, den), *outs0], more0
        rnd2 = min(rnd + 1, cap) if cap else 0
        ins = list(ins0)
        outs: list[tuple[_Class, GLocal, int]] = [(_VISITS, loc, den), *outs0]
        more = list(more0)
        for effect, num in continues:
            _code, owner, amount, end, items2, lasts2, e, _repel2, dodge2, paid = effect
            target: GLocal = (lasts2, e, cont + 1, False, dodge2, rnd2)
            if cont >= 2:  # the third Continue ends the combat
                outs.append(((1, -1, 0, "continues", items2, paid), target, num))
            elif items2 == items and not paid:
                ins.append((target, num))
            else:
                cls: _Class = (0, owner, amount, end, items2, paid)
                outs.append((cls, target, num))
                leave(cls, target, more)
        return den, ins, outs, more

    return LayerProgram(seeds, moves, lambda loc: loc[2] == 0, operators)


def _destination(layer: Layer, cls: _Class) -> Layer | GEnding:
    """Where an exit of ``layer`` goes (not the expected rounds' weight): a later layer, or
    an ending."""
    code, owner, amount, end, items2, paid = cls
    healths, _items, blood0 = layer
    blood = blood0 - paid  # Sister Agatha's price, before the result
    if code == 1:
        who = owner if end in ("bitten", "defeated") else -1
        return (end, who, 0 if end == "killed" else blood, healths)
    if code in (2, 3):
        blood = blood - amount if code == 2 else AFTER_KILLED[blood]
        if blood <= 0:
            return ("destroyed", -1, 0, healths)
    elif code == 4:
        left = healths[owner] - amount
        if left <= 0:
            return ("defeated", owner, blood, (*healths[:owner], 0, *healths[owner + 1 :]))
        healths = (*healths[:owner], left, *healths[owner + 1 :])
    return (healths, items2, blood)


def solve_group_layers(model: GroupModel, start: GState, max_states: int) -> Solved:
    """Layer by layer (see the module's text); the same results as :func:`solve_group_states`."""
    operators: Operators = {}
    # shape -> its programs, with the targets each was built for (None: a uniform target)
    programs: dict[tuple[object, ...], list[tuple[object, _GroupProgram]]] = {}
    hints: dict[tuple[object, ...], set[GLocal]] | None = (
        None if model.target_policy == "minimax" else {}
    )
    denominators = FactoredDenominators()
    healths0, items0, blood0 = start[0], start[1], start[2]
    first: Layer = (healths0, items0, blood0)
    pending: dict[Layer, list[tuple[Den, dict[GLocal, Any]]]] = {
        first: [((), {start[3:]: big_integers()(1)})]
    }
    order: list[tuple[int, Layer]] = [(-_height(first), first)]
    results: dict[object, dict[Den, Any]] = {}  # ending (or 0: the rounds) -> den -> numerator
    done: set[Layer] = set()
    n_states = 0
    while order:
        _, layer = heappop(order)
        incoming = pending.pop(layer)
        done.add(layer)
        den = denominators.common(f for f, _ in incoming)
        arrivals: dict[GLocal, Any] = {}
        for src_den, vals in incoming:
            mult = denominators.ratio(den, src_den)
            for loc, a in vals.items():
                arrivals[loc] = arrivals.get(loc, 0) + a * mult
        key = _shape_key(model, layer)
        family = programs.setdefault(key, [])
        k = next(
            (
                k
                for k, (targets, candidate) in enumerate(family)
                if targets is None or targets == _targets(model, layer, candidate.locals)
            ),
            len(family),
        )
        prog = family[k][1] if k < len(family) else None
        if prog is None or any(loc not in prog.index for loc in arrivals):
            seeds = set(arrivals)
            if prog is not None:
                seeds.update(prog.locals)
            if hints is not None:
                seeds.update(hints.get(key, ()))
            prog = _program(model, layer, seeds, operators, hints)
            found = (None if hints is not None else _targets(model, layer, prog.locals), prog)
            if k < len(family):
                family[k] = found
            else:
                family.append(found)
        x = prog.run(arrivals)
        n_states += sum(1 for v in x if v)
        if n_states > max_states:
            raise _too_many(max_states)
        for factors, exits in prog.groups:
            out_den = denominators.times(den, factors)
            for cls, targets, pools, merged in exits:
                dest: object = 0 if cls[0] < 0 else _destination(layer, cls)
                if dest == 0 or isinstance(dest[0], str):  # type: ignore[index]
                    total = 0
                    for v, c in merged:
                        xv = x[v]
                        if xv:
                            total += xv * c
                    if total:
                        by_den = results.setdefault(dest, {})
                        by_den[out_den] = by_den.get(out_den, 0) + total
                    continue
                reached = [0] * len(targets)
                for members, shares in pools:
                    acc = 0
                    for v, c in members:
                        xv = x[v]
                        if xv:
                            acc += xv * c
                    if acc:
                        for k, c in shares:
                            reached[k] += acc * c
                sent = {targets[k]: a for k, a in enumerate(reached) if a}
                if not sent:
                    continue
                lay: Layer = dest  # type: ignore[assignment]
                waiting = pending.get(lay)
                if waiting is None:
                    if lay in done:  # pragma: no cover - rounds never raise a layer
                        raise InvalidState(
                            msg("internal error: layer {layer} came back", layer=repr(lay))
                        )
                    pending[lay] = [(out_den, sent)]
                    heappush(order, (-_height(lay), lay))
                else:
                    waiting.append((out_den, sent))
    overall = denominators.common(f for parts in results.values() for f in parts)
    den_all = int(denominators.ratio(overall, ()))
    nums = {
        k: int(sum(t * denominators.ratio(overall, f) for f, t in parts.items()))
        for k, parts in results.items()
    }
    rounds = nums.pop(0, 0)
    return nums, rounds, den_all, n_states  # type: ignore[return-value]


def _height(layer: Layer) -> int:
    """What a round can only lower: the healths, blood and items summed."""
    healths, items, blood = layer
    return sum(healths) + blood + sum(len(i) for i in items)
