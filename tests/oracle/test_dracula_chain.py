"""Whole-combat odds (Markov chain) and the exact minimax solver, against brute force."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dracula import Opponent, Situation, default_table, hunter, resolve_round, start_combat
from rules.dracula.cards import CardTable
from rules.dracula.chain import Policy, combat_odds, first_round_game
from rules.dracula.combat import CombatState, enemy_options, hunter_options
from rules.dracula.hunters import Hunter
from rules.dracula.minimax import pure_bounds, solve_game
from rules.errors import InvalidState

ALL_ONE = 1  # every unknown initiative set to this for the chain tests


def _table(cards: tuple[str, ...], value: int = ALL_ONE) -> CardTable:
    t = default_table()
    for c in t.missing_initiatives(cards):
        t = t.with_initiative(c, value)
    return t


def _brute(
    h: Hunter, opp: Opponent, situation: Situation, blood: int, table: CardTable
) -> tuple[dict[tuple[str, int], Fraction], Fraction]:
    """Enumerate every card choice (uniform) and every die face with the round resolver."""
    dice2 = h.godalming and not opp.is_dracula
    rolls = (
        [((a, b), e) for a in range(1, 7) for b in range(1, 7) for e in range(1, 7)]
        if dice2
        else [(a, e) for a in range(1, 7) for e in range(1, 7)]
    )

    def canonical(s: CombatState) -> CombatState:
        # The round number only matters for Garlic (rounds 1-3); the list of destroyed items
        # is a record. Dropping both lets equal situations share one memo entry.
        return replace(s, round=min(s.round, 4), destroyed=())

    @cache
    def go(state: CombatState, depth: int) -> tuple[tuple[tuple[str, int], Fraction], ...]:
        assert depth < 40, "combat too long for brute force"
        out: dict[tuple[str, int], Fraction] = {}
        hs = hunter_options(state, table=table)
        es = enemy_options(state)
        for hc, ec in product(hs, es):
            decided = []
            for hr, er in rolls:
                rep = resolve_round(state, hc, ec, hr, er, table=table)
                if not rep.rerolled:
                    decided.append(rep.state)
            w = Fraction(1, len(hs) * len(es) * len(decided))
            for s in decided:
                if s.ended is not None:
                    key = (s.ended, s.blood)
                    out[key] = out.get(key, Fraction(0)) + w
                else:
                    for k, p in go(canonical(s), depth + 1):
                        out[k] = out.get(k, Fraction(0)) + w * p
        return tuple(out.items())

    @cache
    def rounds(state: CombatState) -> Fraction:
        hs = hunter_options(state, table=table)
        es = enemy_options(state)
        total = Fraction(1)
        for hc, ec in product(hs, es):
            decided = []
            for hr, er in rolls:
                rep = resolve_round(state, hc, ec, hr, er, table=table)
                if not rep.rerolled:
                    decided.append(rep.state)
            w = Fraction(1, len(hs) * len(es) * len(decided))
            for s in decided:
                if s.ended is None:
                    total += w * rounds(canonical(s))
        return total

    start, _ = start_combat(h, opp, situation, blood=blood)
    return dict(go(start, 0)), rounds(start)


SHORT = [
    # (hunter, opponent, situation, blood)
    (hunter("Van Helsing", health=1), Opponent.dracula(night=False), Situation(), 1),
    (
        hunter("Mina Harker", health=2, items=("Stake", "Holy Water")),
        Opponent.dracula(night=False),
        Situation(trap=True),
        2,
    ),
    (
        hunter("Lord Godalming", health=1, items=("Knife",)),
        Opponent.agent(("Knife (Agent)",)),
        Situation(),
        15,
    ),
    (
        hunter("Dr. Seward", health=2, items=("Stake",)),
        Opponent.dracula(night=False),
        Situation(garlic=True, advance_planning=True),
        3,
    ),
    # Sister Agatha: Escape (Man) costs Dracula 2 blood; from 4 blood he can pay once, then
    # (at 2) no more, so the chain crosses from "can pay" layers to "cannot pay" ones
    (
        hunter("Van Helsing", health=2, items=("Stake",)),
        Opponent.dracula(night=False),
        Situation(sister_agatha=True),
        4,
    ),
    (
        hunter("Mina Harker", health=2),
        Opponent.dracula(night=False),
        Situation(sister_agatha=True, dodge_in_round_one=False, trap=True),
        5,
    ),
]


@pytest.mark.parametrize("case", range(len(SHORT)))
def test_chain_matches_brute_force(case: int) -> None:
    h, opp, sit, blood = SHORT[case]
    cards = tuple(h.deck()) + opp.deck()
    table = _table(cards, value=2)  # equal to Claws: exercises the re-roll rule too
    odds = combat_odds(h, opp, sit, blood=blood, table=table)
    brute, rounds = _brute(h, opp, sit, blood, table)
    merged: dict[tuple[str, int], Fraction] = {}
    for (kind, b, _health), p in odds.joint.items():
        merged[(kind, b)] = merged.get((kind, b), Fraction(0)) + p
    assert merged == {k: v for k, v in brute.items() if v}
    assert odds.expected_rounds == rounds
    assert sum(odds.outcomes.values()) == 1


@pytest.mark.parametrize(
    ("night", "items", "policy"),
    [
        (False, ("Stake", "Rifle"), "uniform"),
        (True, ("Pistol",), "uniform"),
        (True, ("Stake", "Crucifix"), "minimax"),
        (False, ("Holy Water", "Sacred Bullets"), "minimax"),
    ],
)
def test_chain_sums_to_one(night: bool, items: tuple[str, ...], policy: str) -> None:
    h = hunter("Dr. Seward", health=4, items=items)
    odds = combat_odds(
        h,
        Opponent.dracula(night=night),
        blood=6,
        assume_initiative=1,
        hunter_policy=policy,
        enemy_policy=policy,
    )
    assert sum(odds.outcomes.values()) == 1
    assert sum(odds.blood.values()) == 1 and sum(odds.health.values()) == 1
    assert all(isinstance(p, Fraction) and p >= 0 for p in odds.joint.values())
    assert odds.expected_rounds >= 1


def test_repel_cycles_are_solved_exactly() -> None:
    # The Rifle repels Claws and Escape (Man): states recur, so the chain solves a linear
    # system. Check it against the resolver run forward for N rounds: what has ended by then
    # is a lower bound, and what has not ended bounds the gap.
    h = hunter("Dr. Seward", health=1, items=("Rifle",))
    opp = Opponent.dracula(night=False)
    table = _table(tuple(h.deck()) + opp.deck())
    odds = combat_odds(h, opp, blood=1, table=table)
    assert sum(odds.outcomes.values()) == 1
    start, _ = start_combat(h, opp, blood=1)
    alive: dict[CombatState, Fraction] = {start: Fraction(1)}
    ended: dict[str, Fraction] = {}
    for _ in range(14):
        nxt: dict[CombatState, Fraction] = {}
        for state, mass in alive.items():
            hs, es = hunter_options(state, table=table), enemy_options(state)
            for hc, ec in product(hs, es):
                decided = [
                    rep.state
                    for a in range(1, 7)
                    for e in range(1, 7)
                    if not (rep := resolve_round(state, hc, ec, a, e, table=table)).rerolled
                ]
                w = mass / (len(hs) * len(es) * len(decided))
                for s in decided:
                    if s.ended:
                        ended[s.ended] = ended.get(s.ended, Fraction(0)) + w
                    else:
                        key = replace(s, round=0, destroyed=())
                        nxt[key] = nxt.get(key, Fraction(0)) + w
        alive = nxt
    gap = sum(alive.values(), Fraction(0))
    assert 0 < gap < Fraction(1, 10**6)
    for kind, p in odds.outcomes.items():
        assert ended.get(kind, Fraction(0)) <= p <= ended.get(kind, Fraction(0)) + gap


def _forward(
    h: Hunter, opp: Opponent, sit: Situation, blood: int, table: CardTable, rounds: int
) -> tuple[dict[tuple[str, int], Fraction], Fraction]:
    """Run the round resolver forward ``rounds`` rounds (uniform choices, every die face):
    what has ended by then, by (ending, Dracula's blood), and the mass still fighting."""
    start, _ = start_combat(h, opp, sit, blood=blood)
    alive: dict[CombatState, Fraction] = {start: Fraction(1)}
    ended: dict[tuple[str, int], Fraction] = {}
    for _ in range(rounds):
        nxt: dict[CombatState, Fraction] = {}
        for state, mass in alive.items():
            hs, es = hunter_options(state, table=table), enemy_options(state)
            for hc, ec in product(hs, es):
                decided = [
                    rep.state
                    for a in range(1, 7)
                    for e in range(1, 7)
                    if not (rep := resolve_round(state, hc, ec, a, e, table=table)).rerolled
                ]
                w = mass / (len(hs) * len(es) * len(decided))
                for s in decided:
                    if s.ended:
                        key = (s.ended, s.blood)
                        ended[key] = ended.get(key, Fraction(0)) + w
                    else:
                        key2 = replace(s, round=min(s.round, 2), destroyed=())
                        nxt[key2] = nxt.get(key2, Fraction(0)) + w
        alive = nxt
    return ended, sum(alive.values(), Fraction(0))


def test_sister_agatha_fangs_by_night_against_the_resolver() -> None:
    # The full night deck is slow for the brute-force helper; the resolver run forward 12
    # rounds bounds every (ending, blood) probability of the chain from both sides (here every
    # combat has ended by then, so the bounds meet).
    h = hunter("Dr. Seward", health=1)
    opp = Opponent.dracula(night=True)
    sit = Situation(sister_agatha=True)
    table = _table(tuple(h.deck()) + opp.deck())
    odds = combat_odds(h, opp, sit, blood=4, table=table)
    assert odds == combat_odds(h, opp, sit, blood=4, table=table, fast=False)
    ended, gap = _forward(h, opp, sit, 4, table, 12)
    assert 0 <= gap < Fraction(1, 10**4)
    merged: dict[tuple[str, int], Fraction] = {}
    for (kind, b, _health), p in odds.joint.items():
        merged[(kind, b)] = merged.get((kind, b), Fraction(0)) + p
    for key in set(merged) | set(ended):
        low = ended.get(key, Fraction(0))
        assert low <= merged.get(key, Fraction(0)) <= low + gap, key
    # Dracula's own Escape now costs 2: more combats end by End with him at 2 blood, fewer
    # with his 4 untouched
    plain: dict[tuple[str, int], Fraction] = {}
    for (kind, b, _health), p in combat_odds(h, opp, blood=4, table=table).joint.items():
        plain[(kind, b)] = plain.get((kind, b), Fraction(0)) + p
    assert merged[("escaped", 2)] > plain.get(("escaped", 2), Fraction(0))
    assert merged[("escaped", 4)] < plain[("escaped", 4)]


def test_sister_agatha_ignores_agents_and_costs_dracula() -> None:
    h = hunter("Dr. Seward", health=2, items=("Knife",))
    agent = Opponent.agent(("Knife (Agent)",))
    table = _table(tuple(h.deck()) + agent.deck())
    with_her = combat_odds(h, agent, Situation(sister_agatha=True), table=table)
    assert with_her.outcomes == combat_odds(h, agent, table=table).outcomes
    drac = Opponent.dracula(night=True)
    table = _table(tuple(h.deck()) + drac.deck())
    a = combat_odds(h, drac, Situation(sister_agatha=True), blood=6, table=table)
    b = combat_odds(h, drac, blood=6, table=table)
    assert a.outcomes["destroyed"] > b.outcomes["destroyed"]
    assert sum(p * k for k, p in a.blood.items()) < sum(p * k for k, p in b.blood.items())
    # at 2 blood he cannot pay, so he never chooses Fangs or an Escape: the combat changes
    # although no blood is ever paid
    low = combat_odds(h, drac, Situation(sister_agatha=True), blood=2, table=table)
    assert low.outcomes != combat_odds(h, drac, blood=2, table=table).outcomes
    assert low == combat_odds(
        h, drac, Situation(sister_agatha=True), blood=2, fast=False, table=table
    )


def test_sister_agatha_counts_in_the_round_game() -> None:
    h = hunter("Van Helsing", health=4, items=("Stake",))
    opp = Opponent.dracula(night=True)
    plain = first_round_game(h, opp, blood=8, assume_initiative=1)
    taxed = first_round_game(h, opp, Situation(sister_agatha=True), blood=8, assume_initiative=1)
    assert plain.enemy_cards == taxed.enemy_cards
    for i in range(len(plain.hunter_cards)):
        for j, card in enumerate(plain.enemy_cards):
            extra = taxed.payoff[i][j] - plain.payoff[i][j]
            if card in ("Fangs", "Escape (Man)", "Escape (Bat)", "Escape (Mist)"):
                assert 0 < extra <= 2  # 2 blood paid, less what the result no longer takes
            else:
                assert extra == 0
    short = first_round_game(h, opp, Situation(sister_agatha=True), blood=2, assume_initiative=1)
    assert "Fangs" not in short.enemy_cards and "Escape (Bat)" not in short.enemy_cards


def test_prefer_policy_is_deterministic_choice() -> None:
    h = hunter("Van Helsing", health=1, items=("Stake",))
    table = _table(tuple(h.deck()) + Opponent.dracula(night=False).deck())
    odds = combat_odds(
        h,
        Opponent.dracula(night=False),
        blood=1,
        table=table,
        hunter_policy=Policy("prefer", ("Escape",)),
        enemy_policy=Policy("prefer", ("Claws",)),
    )
    # Escape against Claws: whoever wins the roll, the combat ends by End (hunter wins) or
    # Claws wounds 2 (Dracula wins): Van Helsing at 1 health is defeated.
    p = table.with_initiative("Escape", 1)
    win = Fraction(15, 36)  # Escape 1 < Claws 2: ties go to Dracula
    assert p == table
    assert odds.outcomes["escaped"] == win
    assert odds.outcomes["defeated"] == 1 - win


def test_unknown_initiative_needs_a_value() -> None:
    with pytest.raises(InvalidState, match="unknown initiative"):
        combat_odds(hunter("Van Helsing"), Opponent.dracula())
    odds = combat_odds(
        hunter("Van Helsing", health=1),
        Opponent.dracula(night=False),
        blood=1,
        assume_initiative=2,
    )
    assert any("Assumed initiative 2" in s.text for s in odds.steps)


# --- minimax --------------------------------------------------------------------------------


def _check_certificate(a: list[list[Fraction]]) -> Fraction:
    sol = solve_game(a)
    m, n = len(a), len(a[0])
    assert sum(sol.rows) == 1 and sum(sol.columns) == 1
    assert all(x >= 0 for x in sol.rows + sol.columns)
    guaranteed = min(sum(sol.rows[i] * a[i][j] for i in range(m)) for j in range(n))
    conceded = max(sum(a[i][j] * sol.columns[j] for j in range(n)) for i in range(m))
    assert guaranteed == sol.value == conceded
    lower, upper = pure_bounds(a)
    assert lower <= sol.value <= upper
    return sol.value


def _two_row_value(a: list[list[Fraction]]) -> Fraction:
    """Brute force for 2 x n games: the best mix lies at x in {0, 1} or where two lines cross."""
    n = len(a[0])
    xs = {Fraction(0), Fraction(1)}
    for j, k in combinations(range(n), 2):
        # x*a0j + (1-x)*a1j == x*a0k + (1-x)*a1k
        den = (a[0][j] - a[1][j]) - (a[0][k] - a[1][k])
        if den:
            x = (a[1][k] - a[1][j]) / den
            if 0 <= x <= 1:
                xs.add(x)
    return max(min(x * a[0][j] + (1 - x) * a[1][j] for j in range(n)) for x in xs)


entries = st.integers(-5, 5).map(Fraction)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda n: st.lists(st.lists(entries, min_size=n, max_size=n), min_size=2, max_size=2)
    )
)
def test_minimax_two_rows_equals_brute_force(a: list[list[Fraction]]) -> None:
    assert _check_certificate(a) == _two_row_value(a)


@settings(max_examples=150, deadline=None)
@given(
    st.tuples(st.integers(1, 4), st.integers(1, 4)).flatmap(
        lambda mn: st.lists(
            st.lists(entries, min_size=mn[1], max_size=mn[1]), min_size=mn[0], max_size=mn[0]
        )
    )
)
def test_minimax_certificate(a: list[list[Fraction]]) -> None:
    value = _check_certificate(a)
    lower, upper = pure_bounds(a)
    if lower == upper:
        assert value == lower


def test_first_round_game_small_decks() -> None:
    h = hunter("Van Helsing", health=4, items=("Stake",))
    opp = Opponent.dracula(night=False)
    game = first_round_game(h, opp, Situation(trap=True), blood=4, assume_initiative=1)
    a = [list(r) for r in game.payoff]
    value = _check_certificate(a)
    assert game.solution.value == value
    # brute force over every pure pair: the value lies between the pure bounds, and no single
    # Dracula card lets the hunter's mix fall below it
    for j in range(len(game.enemy_cards)):
        assert sum(x * a[i][j] for i, x in enumerate(game.solution.rows)) >= value
    assert len(game.hunter_cards) == 4 and len(game.enemy_cards) == 3


# --- layered solver against the state-by-state reference ----------------------------------

LAYERED = [
    # (hunter, opponent, situation, blood, hunter policy, enemy policy)
    (
        hunter("Dr. Seward", health=3, items=("Stake", "Rifle", "Pistol")),
        Opponent.dracula(night=True),
        Situation(),
        4,
        "uniform",
        "uniform",
    ),
    (
        hunter("Dr. Seward", health=2, items=("Rifle", "Pistol")),
        Opponent.dracula(night=False),
        Situation(garlic=True, trap=True),
        5,
        "uniform",
        "uniform",
    ),
    (
        hunter("Mina Harker", health=3, items=("Stake", "Crucifix")),
        Opponent.dracula(night=True),
        Situation(castle_dracula=True),
        4,
        "minimax",
        "uniform",
    ),
    (
        hunter("Van Helsing", health=3, items=("Stake", "Rifle")),
        Opponent.dracula(night=False),
        Situation(advance_planning=True),
        5,
        Policy("prefer", ("Rifle", "Stake", "Punch")),
        "uniform",
    ),
    (
        hunter("Lord Godalming", health=3, items=("Knife", "Pistol")),
        Opponent.agent(("Knife (Agent)", "Pistol (Agent)", "Rifle (Agent)")),
        Situation(),
        15,
        "uniform",
        "minimax",
    ),
    (
        hunter("Van Helsing", health=2, items=("Holy Water", "Sacred Bullets")),
        Opponent.dracula(night=True),
        Situation(dodge_in_round_one=True),
        3,
        "uniform",
        "uniform",
    ),
    # Sister Agatha: Fangs and the Escapes cost 2 blood, and need 3 or more
    (
        hunter("Dr. Seward", health=3, items=("Stake", "Rifle")),
        Opponent.dracula(night=True),
        Situation(sister_agatha=True),
        6,
        "uniform",
        "uniform",
    ),
    (
        hunter("Van Helsing", health=3, items=("Stake",)),
        Opponent.dracula(night=False),
        Situation(sister_agatha=True, garlic=True, trap=True),
        5,
        "uniform",
        "uniform",
    ),
    (
        hunter("Mina Harker", health=3, items=("Stake", "Crucifix")),
        Opponent.dracula(night=True),
        Situation(sister_agatha=True),
        5,
        "minimax",
        "minimax",
    ),
    (
        hunter("Van Helsing", health=2, items=("Holy Water", "Pistol")),
        Opponent.dracula(night=True),
        Situation(sister_agatha=True, dodge_in_round_one=False),
        4,
        Policy("prefer", ("Pistol", "Holy Water", "Punch")),
        "uniform",
    ),
    (
        hunter("Dr. Seward", health=2, items=("Knife",)),
        Opponent.dracula(night=True),
        Situation(sister_agatha=True, castle_dracula=True),
        3,
        "uniform",
        "minimax",
    ),
]


@pytest.mark.parametrize("case", range(len(LAYERED)))
def test_layered_solver_equals_reference(case: int) -> None:
    h, opp, sit, blood, hp, ep = LAYERED[case]
    kwargs = {"blood": blood, "hunter_policy": hp, "enemy_policy": ep, "assume_initiative": 1}
    fast = combat_odds(h, opp, sit, **kwargs)  # type: ignore[arg-type]
    slow = combat_odds(h, opp, sit, fast=False, **kwargs)  # type: ignore[arg-type]
    assert fast == slow  # every probability, the expected rounds, the state count, the steps
    assert fast.states > 1 and sum(fast.outcomes.values()) == 1


@pytest.mark.parametrize("fast", [True, False])
def test_state_limit(fast: bool) -> None:
    h = hunter("Dr. Seward", health=3, items=("Stake", "Rifle", "Pistol"))
    opp = Opponent.dracula(night=True)
    states = combat_odds(h, opp, blood=4, assume_initiative=1).states
    combat_odds(h, opp, blood=4, assume_initiative=1, max_states=states - 1, fast=fast)
    with pytest.raises(InvalidState, match="more than"):
        combat_odds(h, opp, blood=4, assume_initiative=1, max_states=states - 2, fast=fast)


# --- big integers: GMP when present, Python's own ints otherwise -------------------------------


def test_plain_integers_give_the_same_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gmpy2")
    import rules.dracula.chain_solvers as chain_solvers
    import rules.exact.rational as rational

    h = hunter("Lord Godalming", health=8, items=("Stake", "Pistol"))
    opp = Opponent.dracula(night=True)
    with_gmp = combat_odds(h, opp, blood=10, assume_initiative=1)
    monkeypatch.setattr(rational, "_BIG", int)
    chain_solvers._LAYER_OPERATORS.clear()
    plain = combat_odds(h, opp, blood=10, assume_initiative=1)
    assert plain == with_gmp
    assert plain.expected_rounds.denominator.bit_length() > 1000  # the numbers really are big
    assert all(type(p.numerator) is int for p in plain.joint.values())
    assert all(type(p.numerator) is int for p in with_gmp.joint.values())


def test_joint_is_a_read_only_mapping_of_reduced_fractions() -> None:
    h = hunter("Dr. Seward", health=3, items=("Stake", "Rifle"))
    odds = combat_odds(h, Opponent.dracula(night=True), blood=4, assume_initiative=1)
    joint = dict(odds.joint)
    assert len(joint) == len(odds.joint) and set(joint) == set(odds.joint)
    assert sum(joint.values()) == 1
    by_kind: dict[str, Fraction] = {}
    for (kind, _blood, _health), p in joint.items():
        assert kind in odds.outcomes and 0 < p <= 1
        by_kind[kind] = by_kind.get(kind, Fraction(0)) + p
    # the joint law adds up to the outcome law, kind by kind
    assert by_kind == {k: p for k, p in odds.outcomes.items() if p}
    with pytest.raises(TypeError):
        odds.joint[("escaped", 4, 3)] = Fraction(0)  # type: ignore[index]


def test_long_fractions_in_the_trace_are_shortened() -> None:
    from rules.dracula.shares import share_text

    assert share_text(Fraction(7, 36)) == "7/36"
    huge = Fraction(3**9000 - 1, 2 * 3**9000)  # 4,295 digits: too long for str() near the limit
    text = str(share_text(huge))
    assert text.startswith("≈0.5 ") and "about 4295 digits" in text
