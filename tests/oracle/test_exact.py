"""The game-free exact linear algebra of ``rules.exact``, against independent computations:
sympy's exact matrices, Python's ``Fraction`` and brute-force graph search."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import prod

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.exact.graph import strong_components, topological_order
from rules.exact.inverse import fraction_free_inverse, inverse_of_identity_minus
from rules.exact.program import compile_absorbing
from rules.exact.rational import FactoredDenominators, add_pair, factor, sum_pairs

# --- graphs -----------------------------------------------------------------------------------

graphs = st.integers(1, 8).flatmap(
    lambda n: st.lists(st.lists(st.integers(0, n - 1), max_size=3), min_size=n, max_size=n)
)


def _reach(edges: list[list[int]], v: int) -> set[int]:
    seen, todo = {v}, [v]
    while todo:
        for w in edges[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


@settings(max_examples=150, deadline=None)
@given(graphs)
def test_components_are_the_mutual_reachability_classes_in_topological_order(
    edges: list[list[int]],
) -> None:
    n = len(edges)
    comps = strong_components(n, edges.__getitem__)
    reach = [_reach(edges, v) for v in range(n)]
    # brute force: v and w share a component when each reaches the other
    for comp in comps:
        for v, w in itertools.product(comp, repeat=2):
            assert w in reach[v] and v in reach[w]
    assert sorted(v for comp in comps for v in comp) == list(range(n))
    where = {v: k for k, comp in enumerate(comps) for v in comp}
    for v in range(n):
        for w in edges[v]:
            assert where[v] <= where[w]  # edges never point back to an earlier component


def test_topological_order_of_a_dag_and_none_for_a_cycle() -> None:
    before = {0: [], 1: [0], 2: [0, 1], 3: [2]}
    order = topological_order([0, 1, 2, 3], before.__getitem__)
    assert order is not None
    assert all(order.index(u) < order.index(v) for v, us in before.items() for u in us)
    # predecessors outside the nodes asked about are ignored
    assert topological_order([2, 3], before.__getitem__) == [2, 3]
    assert topological_order([0, 1], {0: [1], 1: [0]}.__getitem__) is None


# --- rationals ---------------------------------------------------------------------------------

pairs = st.lists(st.tuples(st.integers(-50, 50), st.integers(1, 60)), max_size=8)


@given(pairs)
def test_sums_of_pairs_equal_sums_of_fractions(terms: list[tuple[int, int]]) -> None:
    acc: dict[str, tuple[int, int]] = {}
    sums: dict[int, int] = {}
    for n, d in terms:
        add_pair(acc, "x", n, d)
        sums[d] = sums.get(d, 0) + n
    expected = sum((Fraction(n, d) for n, d in terms), Fraction(0))
    n, d = acc.get("x", (0, 1))
    assert Fraction(n, d) == expected
    total = sum_pairs(sums)
    assert Fraction(*total) == expected and Fraction(*total).denominator == total[1]  # reduced


@given(st.integers(1, 10**12))
def test_factor_multiplies_back(n: int) -> None:
    found = factor(n)
    assert prod(f**e for f, e in found.items()) == n


@given(st.lists(st.integers(1, 5000), min_size=1, max_size=4))
def test_factored_denominators_follow_the_integers(numbers: list[int]) -> None:
    dens = FactoredDenominators()
    parts = [tuple(sorted(factor(k).items())) for k in numbers]
    common = dens.common(parts)
    value = int(dens.ratio(common, ()))
    for k, part in zip(numbers, parts, strict=True):
        assert value % k == 0
        assert int(dens.ratio(common, part)) == value // k
    product = dens.times(parts[0], parts[-1])
    assert int(dens.ratio(product, ())) == numbers[0] * numbers[-1]


# --- inverses of I - Q ------------------------------------------------------------------------

substochastic = st.integers(1, 5).flatmap(
    lambda n: st.lists(
        st.tuples(
            st.integers(2, 40),
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, 9)), max_size=2 * n),
        ),
        min_size=n,
        max_size=n,
    )
)


def _rows(raw: list[tuple[int, list[tuple[int, int]]]]) -> list[tuple[int, dict[int, int]]]:
    """Rows (denominator, {column: numerator}) whose numerators sum below the denominator, so
    that I - Q is invertible."""
    rows = []
    for den, entries in raw:
        merged: dict[int, int] = {}
        left = den - 1
        for j, num in entries:
            num = min(num, left)
            left -= num
            if num:
                merged[j] = merged.get(j, 0) + num
        rows.append((den, merged))
    return rows


def _sympy_inverse(rows: list[tuple[int, dict[int, int]]]) -> list[list[Fraction]]:
    n = len(rows)
    q = sympy.Matrix(n, n, lambda i, j: sympy.Rational(rows[i][1].get(j, 0), rows[i][0]))
    inv = (sympy.eye(n) - q).inv()
    return [[Fraction(int(inv[i, j].p), int(inv[i, j].q)) for j in range(n)] for i in range(n)]


def _dense(n: int, den: int, sparse: list[list[tuple[int, int]]]) -> list[list[Fraction]]:
    out = [[Fraction(0)] * n for _ in range(n)]
    for i, row in enumerate(sparse):
        for j, x in row:
            out[i][j] = Fraction(x, den)
    return out


@settings(max_examples=60, deadline=None)
@given(substochastic)
def test_both_inverses_equal_sympys(raw: list[tuple[int, list[tuple[int, int]]]]) -> None:
    rows = _rows(raw)
    n = len(rows)
    expected = _sympy_inverse(rows)
    den, sparse = inverse_of_identity_minus(
        [{j: Fraction(num, d) for j, num in entries.items()} for d, entries in rows]
    )
    assert _dense(n, den, sparse) == expected
    m, scaled = fraction_free_inverse(tuple((d, tuple(sorted(e.items()))) for d, e in rows))
    assert _dense(n, m, scaled) == expected


# --- compiled chains --------------------------------------------------------------------------


@st.composite
def chains(draw: st.DrawFn) -> tuple[list[int], list[dict[int, int]], set[int], dict[int, int]]:
    """A transient chain whose back edges all lead into a named cut, and its arrivals."""
    n = draw(st.integers(1, 7))
    cut = set(draw(st.lists(st.integers(0, n - 1), max_size=n)))
    dens: list[int] = []
    inner: list[dict[int, int]] = []
    for v in range(n):
        den = draw(st.integers(2, 12))
        targets = [w for w in range(n) if w > v or w in cut]
        moves: dict[int, int] = {}
        left = den - 1  # some mass always leaves the chain: I - Q is invertible
        for w in draw(st.lists(st.sampled_from(targets), max_size=3)) if targets else []:
            num = draw(st.integers(0, left))
            left -= num
            if num:
                moves[w] = moves.get(w, 0) + num
        dens.append(den)
        inner.append(moves)
    arrivals = draw(st.dictionaries(st.integers(0, n - 1), st.integers(1, 9), min_size=1))
    return dens, inner, cut, arrivals


@settings(max_examples=120, deadline=None)
@given(chains(), st.booleans())
def test_a_compiled_chain_gives_the_expected_visits(
    chain: tuple[list[int], list[dict[int, int]], set[int], dict[int, int]], name_cut: bool
) -> None:
    dens, inner, cut, arrivals = chain
    n = len(dens)
    # without the cut named, cycles avoid it: the program must still be exact
    program = compile_absorbing(
        dens, inner, (cut.__contains__ if name_cut else lambda v: False), {}
    )
    got = program.run(dict(arrivals))
    rows = [(dens[v], inner[v]) for v in range(n)]
    inverse = _sympy_inverse(rows)  # x = b (I - Q)^-1
    for v in range(n):
        expected = sum((arrivals.get(u, 0) * inverse[u][v] for u in range(n)), Fraction(0))
        assert Fraction(int(got[v]), program.scale[program.values[v]]) == expected
