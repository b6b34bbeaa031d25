"""Exact solvers of the whole-combat chain: the layered solver and the state-by-state reference.

Repel results can make states repeat, so the chain is solved exactly. States are grouped in
layers of equal health, blood and items; a round never raises any of them, so layers are solved
one after another, and the cycles (repels) stay inside a layer. Each layer shape is compiled
once into a straight-line program of integer multiply-adds (:mod:`rules.exact.program`), shared
by every health and blood: a cycle always passes through a state that starts a fresh run of
Continues, so each strongly connected component reduces to a small linear system on those
states, inverted exactly. Values are integers over denominators kept in factored form, with no
gcd on the large numbers until the end. Both solvers return identical results.
"""

from __future__ import annotations

from fractions import Fraction
from heapq import heappop, heappush
from math import gcd, lcm
from typing import Any

from rules.dracula.blood import AFTER_KILLED
from rules.dracula.chain_model import CombatModel, Ending, Local, State
from rules.errors import InvalidState
from rules.exact.graph import strong_components
from rules.exact.inverse import inverse_of_identity_minus
from rules.exact.program import compile_absorbing
from rules.exact.rational import (
    Den,
    FactoredDenominators,
    add_pair,
    big_integers,
    factor,
    sum_pairs,
)
from rules.i18n import msg

__all__ = ["Solved", "solve_layers", "solve_states"]

# what a solver returns: ending -> numerator, expected rounds' numerator, their common
# denominator, and the number of transient states
Solved = tuple[dict[Ending, int], int, int, int]


def solve_states(model: CombatModel, start: State, max_states: int) -> Solved:
    """Reference solver: one chain state at a time (slower; kept to check ``solve_layers``)."""
    # 1. Explore the reachable transient states (integer weights over a per-state denominator).
    index: dict[State, int] = {start: 0}
    states: list[State] = [start]
    dens: list[int] = []
    succ: list[list[tuple[int, int]]] = []
    exits: list[list[tuple[Ending, int]]] = []
    i = 0
    while i < len(states):
        den, moves_all = model.transitions(states[i])
        moves: list[tuple[int, int]] = []
        ends: list[tuple[Ending, int]] = []
        for t, num in moves_all.items():
            if isinstance(t[0], str):
                ends.append((t, num))
            else:
                tt: State = t
                j = index.get(tt)
                if j is None:
                    j = len(states)
                    index[tt] = j
                    states.append(tt)
                    if j > max_states:
                        raise InvalidState(
                            msg(
                                "this combat has more than {max_states} states to solve "
                                "exactly; choose the minimax policy, fewer combat items, or "
                                "less health or blood",
                                max_states=max_states,
                            )
                        )
                moves.append((j, num))
        dens.append(den)
        succ.append(moves)
        exits.append(ends)
        i += 1
    # 2. Strongly connected components, in topological order.
    adjacency = [[w for w, _ in moves] for moves in succ]
    comps = strong_components(len(states), adjacency.__getitem__)
    comp_of = [0] * len(states)
    for ci, comp in enumerate(comps):
        for v in comp:
            comp_of[v] = ci
    # 3. Push probability mass forward; solve each cyclic component exactly. Rationals are kept
    #    as (numerator, denominator) pairs of ints here: this loop is the hot path.
    # mass[w] maps a denominator to the sum of numerators over it (no gcd while adding).
    mass: dict[int, dict[int, int]] = {0: {1: 1}}
    visits: list[tuple[int, int]] = [(0, 1)] * len(states)
    for ci, comp in enumerate(comps):
        if len(comp) == 1:
            v = comp[0]
            n, d = sum_pairs(mass.pop(v, None))
            loop = sum(num for w, num in succ[v] if w == v)
            if loop:
                n, d = n * dens[v], d * (dens[v] - loop)
            g = gcd(n, d)
            visits[v] = (n // g, d // g)
        else:
            _solve_component(comp, states, succ, dens, comp_of, ci, mass, visits)
        for v in comp:
            xn, xd = visits[v]
            if not xn:
                continue
            xd *= dens[v]
            for w, num in succ[v]:
                if comp_of[w] == ci:
                    continue
                sums = mass.get(w)
                if sums is None:
                    mass[w] = {xd: xn * num}
                else:
                    sums[xd] = sums.get(xd, 0) + xn * num
    joint_pairs: dict[Ending, tuple[int, int]] = {}
    rounds_pairs: dict[int, tuple[int, int]] = {}
    for v, ends in enumerate(exits):
        xn, xd = visits[v]
        if xn:
            add_pair(rounds_pairs, 0, xn, xd)
            xd *= dens[v]
            for end, num in ends:
                add_pair(joint_pairs, end, xn * num, xd)
    rounds_n, rounds_d = rounds_pairs.get(0, (0, 1))
    den = lcm(rounds_d, *(d for _n, d in joint_pairs.values()))
    joint = {k: n * (den // d) for k, (n, d) in joint_pairs.items()}
    return joint, rounds_n * (den // rounds_d), den, len(states)


_OPERATORS: dict[tuple[object, ...], tuple[int, list[list[tuple[int, int]]]]] = {}


def _solve_component(
    comp: list[int],
    states: list[State],
    succ: list[list[tuple[int, int]]],
    dens: list[int],
    comp_of: list[int],
    ci: int,
    mass: dict[int, dict[int, int]],
    visits: list[tuple[int, int]],
) -> None:
    """Solve x = b + x Q on a cyclic component: x = b (I - Q)^-1.

    Components at different health/blood levels usually share the same in-component
    transitions, so (I - Q)^-1 is cached by the component's local structure.
    """
    comp = sorted(comp, key=lambda v: repr(states[v][2:]))
    pos = {v: k for k, v in enumerate(comp)}
    key_parts: list[object] = []
    for v in comp:
        inner = tuple(sorted((pos[w], num) for w, num in succ[v] if comp_of[w] == ci))
        key_parts.append((states[v][2:], dens[v], inner))
    key = tuple(key_parts)
    op = _OPERATORS.get(key)
    if op is None:
        q: list[dict[int, Fraction]] = []
        for v in comp:
            row: dict[int, Fraction] = {}
            for w, num in succ[v]:
                if comp_of[w] == ci:
                    j = pos[w]
                    row[j] = row.get(j, Fraction(0)) + Fraction(num, dens[v])
            q.append(row)
        op = inverse_of_identity_minus(q)
        if len(_OPERATORS) > 20_000:
            _OPERATORS.clear()
        _OPERATORS[key] = op
    op_den, op_rows = op
    incoming = [(i, sum_pairs(mass.pop(v, None))) for i, v in enumerate(comp)]
    incoming = [(i, b) for i, b in incoming if b[0]]
    common = 1
    for _i, (_bn, bd) in incoming:
        common = lcm(common, bd)
    acc = [0] * len(comp)
    for i, (bn, bd) in incoming:
        factor = bn * (common // bd)
        for j, n in op_rows[i]:
            acc[j] += factor * n
    total_den = common * op_den
    for j, v in enumerate(comp):
        g = gcd(acc[j], total_den)
        visits[v] = (acc[j] // g, total_den // g)


# -- layered solver ----------------------------------------------------------------------------
#
# A layer is every state with the same health, blood and items. Rounds only ever lower health or
# blood or remove items, so layers form a DAG (processed by decreasing health + blood + items),
# and all cycles (repels) stay inside one layer. Inside a layer a state is a "local" tuple
# (hunter_last, enemy_last, continues, repel, dodge, round). Its transitions do not depend on
# health or blood (except under a minimax policy, whose layers are then solved one by one), so
# each layer's elimination program is built once and shared by every health and blood.
#
# Values are integers over denominators kept in factored form (sorted factor/exponent pairs),
# so no gcd is ever taken on the large numbers: a layer's values are X / (D * g) with D the
# layer's common denominator and g a small per-temporary scale fixed by its program
# (rules.exact.program).

# exit class: (code, amount, end, items after, blood Dracula paid (Sister Agatha), ((local
# target, ((local index, coefficient), ...)), ...), the same terms summed over the targets);
# code -1 adds to the expected rounds.
# The summed terms serve exits that end the combat, where the local target no longer matters.
_Terms = tuple[tuple[int, Any], ...]
_Exit = tuple[int, int, str, tuple[str, ...], int, tuple[tuple[Local, _Terms], ...], _Terms]
_LAYER_OPERATORS: dict[object, tuple[int, list[list[tuple[int, int]]]]] = {}


class _Program:
    """Elimination program for one layer kind and a set of local states."""

    def __init__(
        self,
        model: CombatModel,
        health: int,
        blood: int,
        items: tuple[str, ...],
        seeds: set[Local],
        operators: dict[object, tuple[int, list[list[tuple[int, int]]]]],
        hints: dict[tuple[str, ...], set[Local]] | None,
    ) -> None:
        """Build from ``seeds``. With ``hints`` (policies that ignore health and blood), also
        take in every local state these items can arrive in, from any layer, and record in
        ``hints`` the local states they send to layers with fewer items."""
        rnd_cap = model.round_cap
        locs: list[Local] = []
        index: dict[Local, int] = {}
        for loc in sorted(seeds, key=repr):
            index[loc] = len(locs)
            locs.append(loc)
        dens: list[int] = []
        inner: list[dict[int, int]] = []  # in-layer successors: index -> numerator
        # exits: (code, amount, end, items after, blood paid, local target, numerator)
        outer: list[list[tuple[int, int, str, tuple[str, ...], int, Local, int]]] = []
        i = 0
        while i < len(locs):
            hl, el, cont, repel, dodge, rnd = locs[i]
            state: State = (health, blood, items, hl, el, cont, repel, dodge, rnd)
            den, entries = model.local(state)
            rnd2 = min(rnd + 1, rnd_cap) if rnd_cap else 0
            ins: dict[int, int] = {}
            outs: list[tuple[int, int, str, tuple[str, ...], int, Local, int]] = []
            for (code, amount, end, items2, hl2, e, repel2, dodge2, paid), num in entries:
                if code == 0:
                    target: Local = (hl2, e, cont + 1, False, dodge2, rnd2)
                elif code == 5:
                    target = (hl2, e, 0, repel2, dodge2, rnd2)
                else:
                    target = (hl2, e, 0, False, dodge2, rnd2)
                stays = (
                    items2 == items
                    and not paid
                    and ((code == 0 and cont < 2) or code == 5 or (code in (2, 4) and amount == 0))
                )
                if stays:
                    j = index.get(target)
                    if j is None:
                        j = len(locs)
                        index[target] = j
                        locs.append(target)
                    ins[j] = ins.get(j, 0) + num
                elif code == 0 and cont >= 2:  # the third Continue ends the combat
                    outs.append((1, 0, "continues", items2, paid, target, num))
                else:
                    outs.append((code, amount, end, items2, paid, target, num))
                    if hints is not None and code != 1:
                        if items2 == items:  # arrives in another layer with these items
                            if target not in index:
                                index[target] = len(locs)
                                locs.append(target)
                        else:
                            hints.setdefault(items2, set()).add(target)
            dens.append(den)
            inner.append(ins)
            outer.append(outs)
            i += 1
        n = len(locs)
        self.locals = locs
        self.index = index
        # every cycle passes through a state that starts a fresh run of Continues: a Continue
        # raises the count and only a repel or a null result sets it back
        self.program = compile_absorbing(dens, inner, lambda v: locs[v][2] == 0, operators)
        scale = [self.program.scale[k] for k in self.program.values]
        # Every state also "exits" to the expected-rounds total (code -1) with its own weight.
        for v in range(n):
            outer[v].append((-1, 0, "", items, 0, locs[v], dens[v]))
        # Exits are grouped by denominator, so that coefficients stay small: a state whose
        # scale lacks a cycle's determinant is not multiplied by it edge by edge.
        groups: list[tuple[int, list[int]]] = []  # (common denominator, states)
        for ev, v in sorted(((scale[v] * dens[v], v) for v in range(n)), reverse=True):
            for k, (common, members_) in enumerate(groups):
                merged = lcm(common, ev)
                if merged // ev < 1 << 48 and merged // common < 1 << 16:
                    groups[k] = (merged, members_)
                    members_.append(v)
                    break
            else:
                groups.append((ev, [v]))
        self.groups: list[tuple[Den, tuple[_Exit, ...]]] = []
        for common, members_ in groups:
            classes: dict[
                tuple[int, int, str, tuple[str, ...], int], dict[Local, list[tuple[int, int]]]
            ] = {}
            for v in sorted(members_):
                f = common // (scale[v] * dens[v])
                for code, amount, end, items2, paid, target, num in outer[v]:
                    by_target = classes.setdefault((code, amount, end, items2, paid), {})
                    by_target.setdefault(target, []).append((v, num * f))
            big = big_integers()
            exit_list: list[_Exit] = []
            for (code, amount, end, items2, paid), by_target in classes.items():
                summed: dict[int, int] = {}
                for lst in by_target.values():
                    for v, c in lst:
                        summed[v] = summed.get(v, 0) + c
                per_target = tuple(
                    (t, tuple((v, big(c)) for v, c in lst)) for t, lst in by_target.items()
                )
                total = tuple((v, big(c)) for v, c in sorted(summed.items()))
                exit_list.append((code, amount, end, items2, paid, per_target, total))
            exits = tuple(exit_list)
            self.groups.append((tuple(sorted(factor(common).items())), exits))

    def run(self, arrivals: dict[Local, int]) -> list[Any]:
        """Values X of every local state from arrival numerators (over the layer's D)."""
        index = self.index
        return self.program.run({index[loc]: a for loc, a in arrivals.items()})


def solve_layers(model: CombatModel, start: State, max_states: int) -> Solved:
    """Layer by layer (see above); returns the same values as :func:`solve_states`."""
    minimax = model.state_dependent
    after_killed = AFTER_KILLED
    if len(_LAYER_OPERATORS) > 200:  # shared between calls; each entry is a dense matrix
        _LAYER_OPERATORS.clear()
    programs: dict[tuple[object, ...], _Program] = {}
    hints: dict[tuple[str, ...], set[Local]] = {}
    denominators = FactoredDenominators()
    Layer = tuple[int, int, tuple[str, ...]]
    # pending[layer] = list of (denominator, {local: numerator})
    pending: dict[Layer, list[tuple[Den, dict[Local, Any]]]] = {}
    health0, blood0, items0 = start[0], start[1], start[2]
    pending[(health0, blood0, items0)] = [
        ((), {(None, None, 0, False, 0, start[8]): big_integers()(1)})
    ]
    order: list[tuple[int, Layer]] = [
        (-(health0 + blood0 + len(items0)), (health0, blood0, items0))
    ]
    results: dict[object, dict[Den, Any]] = {}  # ending -> denominator -> numerator
    done: set[Layer] = set()
    n_states = 0
    while order:
        _, layer = heappop(order)
        incoming = pending.pop(layer)
        done.add(layer)
        health, blood, items = layer
        den = denominators.common(f for f, _ in incoming)
        arrivals: dict[Local, Any] = {}
        for src_den, vals in incoming:
            mult = denominators.ratio(den, src_den)
            for loc, a in vals.items():
                arrivals[loc] = arrivals.get(loc, 0) + a * mult
        # the program depends on the layer's blood only through what Dracula can pay for
        key: tuple[object, ...] = (
            (items, health, blood) if minimax else (items, model.can_pay(blood))
        )
        prog = programs.get(key)
        if prog is None or any(loc not in prog.index for loc in arrivals):
            seeds = set(arrivals)
            if prog is not None:
                seeds.update(prog.locals)
            if not minimax:
                seeds.update(hints.get(items, ()))
            prog = _Program(
                model, health, blood, items, seeds, _LAYER_OPERATORS, None if minimax else hints
            )
            programs[key] = prog
        x = prog.run(arrivals)
        n_states += sum(1 for v in x if v)
        if n_states > max_states + 1:
            raise InvalidState(
                msg(
                    "this combat has more than {max_states} states to solve exactly; choose the "
                    "minimax policy, fewer combat items, or less health or blood",
                    max_states=max_states,
                )
            )
        for factors, exits in prog.groups:
            out_den = denominators.times(den, factors)
            for code, amount, end, items2, paid, targets, merged in exits:
                dest: object
                b1 = blood - paid  # Sister Agatha's price, taken before the result
                if code == -1:
                    dest = 0
                elif code == 1:
                    dest = (end, b1, health)
                elif code == 2 or code == 3:
                    b2 = b1 - amount if code == 2 else after_killed[b1]
                    dest = ("destroyed", 0, health) if b2 <= 0 else (health, b2, items2)
                elif code == 4:
                    h2 = health - amount
                    dest = ("defeated", b1, 0) if h2 <= 0 else (h2, b1, items2)
                else:  # a Continue or a repel that cost an item, or paid blood
                    dest = (health, b1, items2)
                if dest == 0 or isinstance(dest[0], str):  # type: ignore[index]
                    total = 0
                    for v, c in merged:
                        xv = x[v]
                        if xv:
                            total += xv * c
                    if total:
                        by_den = results.setdefault(dest, {})
                        by_den[out_den] = by_den.get(out_den, 0) + total
                else:
                    sent: dict[Local, int] = {}
                    for target, terms in targets:
                        acc = 0
                        for v, c in terms:
                            xv = x[v]
                            if xv:
                                acc += xv * c
                        if acc:
                            sent[target] = acc
                    if sent:
                        lay: Layer = dest  # type: ignore[assignment]
                        waiting = pending.get(lay)
                        if waiting is None:
                            if lay in done:  # pragma: no cover - rounds never raise a layer
                                raise InvalidState(
                                    msg("internal error: layer {layer} came back", layer=lay)
                                )
                            pending[lay] = [(out_den, sent)]
                            heappush(order, (-(lay[0] + lay[1] + len(lay[2])), lay))
                        else:
                            waiting.append((out_den, sent))
    overall = denominators.common(f for parts in results.values() for f in parts)
    den_all = int(denominators.ratio(overall, ()))
    nums = {
        k: int(sum(t * denominators.ratio(overall, f) for f, t in parts.items()))
        for k, parts in results.items()
    }
    rounds = nums.pop(0, 0)
    joint: dict[Ending, int] = nums  # type: ignore[assignment]
    return joint, rounds, den_all, n_states
