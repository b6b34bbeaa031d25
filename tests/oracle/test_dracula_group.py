"""Group combat odds: against the round resolver (every choice and die), against an independent
simulation, and the state-space limits."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import product
from math import sqrt

import pytest

from rules.dracula import Opponent, default_table, hunter, resolve_round, start_combat
from rules.dracula.blood import blood_after_killed
from rules.dracula.cards import CardTable
from rules.dracula.chain import combat_odds
from rules.dracula.combat import CombatState, RoundReport, enemy_options, hunter_options
from rules.dracula.group import group_odds, state_bound
from rules.dracula.hunters import GROUP_DODGES, GROUP_TIES, NO_SITUATION, Hunter, Situation
from rules.dracula.words import ENDINGS
from rules.errors import InvalidState

DAY = Opponent.dracula(night=False)
KIND_ORDER = {"repel": 3, "continue": 1, "end": 0}


def _table(group: tuple[Hunter, ...], opp: Opponent, value: int = 1) -> CardTable:
    t = default_table()
    cards = tuple(c for h in group for c in h.deck()) + opp.deck()
    for c in t.missing_initiatives(cards):
        t = t.with_initiative(c, value)
    return t


def _rank(before: CombatState, rep: RoundReport, j: int) -> tuple[int, ...]:
    """The group's preference among results, read off the resolver's own reports."""
    after = rep.state
    assert rep.result is not None
    dracula = before.opponent.is_dracula
    finishes = after.ended in ("destroyed", "killed")
    taken = before.blood - after.blood if dracula else 0
    keeps = len(after.destroyed) == len(before.destroyed)
    kind = rep.result.kind
    order = (
        2
        if (kind in ("wound", "repel") and not taken and not finishes)
        else KIND_ORDER.get(kind, 0)
    )
    if kind == "repel" and dracula:
        order = 3
    dodge = int(after.dodge_bonus == "hunter")
    return (int(finishes), taken, int(keeps), order, dodge, -j)


def _brute(
    group: tuple[Hunter, ...],
    opp: Opponent,
    blood: int,
    table: CardTable,
    sit: Situation = NO_SITUATION,
) -> dict[tuple[str, str | None, int], Fraction]:
    """Every card choice, target and die difference, resolved with the round resolver; when the
    hunters win, every revealed card is tried and the best report kept."""
    n = len(group)
    # die pairs by face difference (the resolved state depends on the faces only through it)
    diffs = Counter(a - b for a in range(1, 7) for b in range(1, 7))
    pairs = {d: (max(1, 1 + d), max(1, 1 - d)) for d in diffs}

    def who(before: CombatState, after: CombatState) -> str | None:
        for h0, h1 in zip(before.hunters, after.hunters, strict=True):
            if (h1.health != h0.health and h1.health == 0) or h1.bites != h0.bites:
                return h0.name
        return None

    @cache
    def go(
        state: CombatState, depth: int
    ) -> tuple[tuple[tuple[str, str | None, int], Fraction], ...]:
        assert depth < 60
        out: dict[tuple[str, str | None, int], Fraction] = {}
        options = [hunter_options(state, i, table=table) for i in range(n)]
        es = enemy_options(state)
        profiles = list(product(*options))
        for cards, e, t in product(profiles, es, range(n)):
            decided: list[tuple[int, CombatState]] = []
            for d, count in diffs.items():
                hr, er = pairs[d]
                rep = resolve_round(state, cards, e, hr, er, table=table, target=t, applied=t)
                if rep.rerolled:
                    continue
                if rep.winner == "hunter":
                    tries = [
                        (
                            resolve_round(
                                state, cards, e, hr, er, table=table, target=t, applied=j
                            ),
                            j,
                        )
                        for j in range(n)
                    ]
                    rep = max(tries, key=lambda x: _rank(state, x[0], x[1]))[0]
                decided.append((count, rep.state))
            total = sum(c for c, _ in decided)
            w = Fraction(1, len(profiles) * len(es) * n * total)
            for count, s in decided:
                if s.ended is not None:
                    key = (s.ended, who(state, s), s.blood)
                    out[key] = out.get(key, Fraction(0)) + w * count
                else:
                    for k, p in go(replace(s, round=2, destroyed=()), depth + 1):
                        out[k] = out.get(k, Fraction(0)) + w * count * p
        return tuple(out.items())

    start, _ = start_combat(group, opp, sit, blood=blood)
    return dict(go(start, 0))


@pytest.mark.parametrize(
    ("group", "opp", "blood"),
    [
        ((hunter("Van Helsing", health=1), hunter("Mina Harker", health=1)), DAY, 1),
        (
            (hunter("Dr. Seward", health=1, items=("Knife",)), hunter("Mina Harker", health=1)),
            Opponent.agent(),
            15,
        ),
    ],
)
def test_group_odds_match_the_round_resolver(
    group: tuple[Hunter, ...], opp: Opponent, blood: int
) -> None:
    table = _table(group, opp, value=2)  # equal to Claws: the re-roll rule is used too
    odds = group_odds(group, opp, blood=blood, table=table)
    brute = _brute(group, opp, blood, table)
    mine: dict[tuple[str, str | None, int], Fraction] = {}
    for (kind, who, b, _hs), p in odds.joint.items():
        key = (kind, group[who].name if who >= 0 else None, b)
        mine[key] = mine.get(key, Fraction(0)) + p
    assert mine == {k: v for k, v in brute.items() if v}
    assert sum(odds.outcomes.values()) == 1


def _spread_table(group: tuple[Hunter, ...], opp: Opponent) -> CardTable:
    """Distinct initiatives, so that whose card meets a tie matters: Punch 1, Dodge 4, Escape
    3 for the hunters (Stake 3 printed), Claws 2 and the rest 2 for Dracula."""
    t = _table(group, opp, value=2)
    for card, value in (("Punch", 1), ("Dodge", 4), ("Escape", 3)):
        t = t.with_initiative(card, value)
    return t


@pytest.mark.parametrize("tie", GROUP_TIES)
@pytest.mark.parametrize("dodge", GROUP_DODGES)
def test_every_reading_matches_the_round_resolver(tie: str, dodge: str) -> None:
    # the resolver reads a group's tie and Dodge by the same options, one round at a time
    group = (hunter("Van Helsing", health=1, items=("Stake",)), hunter("Mina Harker", health=1))
    table = _spread_table(group, DAY)
    sit = Situation(group_tie=tie, group_dodge=dodge)
    odds = group_odds(group, DAY, sit, blood=1, table=table)
    brute = _brute(group, DAY, 1, table, sit)
    mine: dict[tuple[str, str | None, int], Fraction] = {}
    for (kind, who, b, _hs), p in odds.joint.items():
        key = (kind, group[who].name if who >= 0 else None, b)
        mine[key] = mine.get(key, Fraction(0)) + p
    assert mine == {k: v for k, v in brute.items() if v}


def test_the_readings_move_a_group_and_never_a_single_hunter() -> None:
    group = (
        hunter("Van Helsing", health=2, items=("Stake",)),
        hunter("Mina Harker", health=2, items=("Crucifix",)),
    )
    table = _spread_table(group, DAY)
    odds = {
        (tie, dodge): group_odds(
            group, DAY, Situation(group_tie=tie, group_dodge=dodge), blood=3, table=table
        ).outcomes
        for tie in GROUP_TIES
        for dodge in GROUP_DODGES
    }
    assert len({tuple(o.values()) for o in odds.values()}) == 4  # each reading counts
    single = {
        tuple(
            combat_odds(
                group[0], DAY, Situation(group_tie=tie, group_dodge=dodge), blood=3, table=table
            ).outcomes.items()
        )
        for tie in GROUP_TIES
        for dodge in GROUP_DODGES
    }
    assert len(single) == 1


_READING_LINES = {
    "target": ("initiative of the target's card", "group_tie = target"),
    "highest": ("highest initiative among the hunters' revealed cards", "group_tie = highest"),
    "applied": ("only when the Dodge is the card they apply", "group_dodge = applied"),
    "any": ("when any of them revealed a Dodge", "group_dodge = any"),
}


@pytest.mark.parametrize("tie", GROUP_TIES)
@pytest.mark.parametrize("dodge", GROUP_DODGES)
def test_every_reading_is_stated_in_the_traces(tie: str, dodge: str) -> None:
    group = (hunter("Van Helsing", health=1), hunter("Mina Harker", health=1))
    sit = Situation(group_tie=tie, group_dodge=dodge, dodge_in_round_one=False)
    odds = group_odds(group, DAY, sit, blood=1, assume_initiative=2)
    _state, start = start_combat(group, DAY, sit)
    for steps in (odds.steps, start):
        texts = [s.text for s in steps if s.rule == "dracula:group-odds"]
        for reading in (tie, dodge):
            said, option = _READING_LINES[reading]
            assert sum(said in t and option in t for t in texts) == 1, (reading, texts)
        ru = [s.in_language("ru") for s in steps if s.rule == "dracula:group-odds"]
        assert any(f"group_tie = {tie}" in t and "инициатив" in t for t in ru)
        assert any(f"group_dodge = {dodge}" in t and "Уклонени" in t for t in ru)
    said = " ".join(s.text for s in odds.steps)
    # what the single hunter's trace states, the group's states too
    assert "Equal totals with equal initiative are rolled again" in said
    assert "Neither side may choose Dodge in round 1" in said
    applied = [s.text for s in odds.steps if s.text.startswith("When the hunters win")]
    assert applied and applied[0].endswith("a Dodge's +1.") == (dodge == "applied")


def test_sister_agatha_is_stated_for_a_group_against_dracula() -> None:
    group = (hunter("Van Helsing", health=1), hunter("Mina Harker", health=1))
    sit = Situation(sister_agatha=True)
    odds = group_odds(group, DAY, sit, blood=3, assume_initiative=2)
    assert any(s.rule == "dracula:powers" and "Sister Agatha" in s.text for s in odds.steps)
    agent = group_odds(group, Opponent.agent(), sit, assume_initiative=2)
    assert not any("Sister Agatha" in s.text for s in agent.steps)


def test_the_resolver_says_whose_card_meets_a_tie_and_who_gets_the_dodge() -> None:
    group = (hunter("Van Helsing", items=("Stake",)), hunter("Mina Harker"))
    table = _spread_table(group, DAY)
    # totals 4 and 4; Van Helsing (the target) shows Punch 1, Mina Dodge 4, Dracula Claws 2
    for tie, winner in (("target", "enemy"), ("highest", "hunter")):
        state, _ = start_combat(group, DAY, Situation(group_tie=tie))
        rep = resolve_round(state, ("Punch", "Dodge"), "Claws", 4, 4, table=table, target=0)
        assert rep.winner == winner
        assert any(f"group_tie = {tie}" in s.text for s in rep.steps)
    # the hunters win with Van Helsing's Stake applied while Mina revealed a Dodge
    for dodge, bonus in (("applied", None), ("any", "hunter")):
        state, _ = start_combat(group, DAY, Situation(group_dodge=dodge))
        rep = resolve_round(state, ("Stake", "Dodge"), "Claws", 6, 1, table=table, applied=0)
        assert rep.state.dodge_bonus == bonus
        assert any("group_dodge = any" in s.text for s in rep.steps) == (dodge == "any")


# -- an independent simulation -------------------------------------------------------------------
# Written from the group rules, not from the engine: its own hands, table, dice, ties, choice of
# the applied card and endings; it reads only the printed table and initiative numbers.

BASICS = ("Punch", "Dodge", "Escape")


def _score(table: CardTable, cards: list[str], j: int, e: str, blood: int) -> tuple[int, ...]:
    """How much the group likes applying card ``j`` after winning the roll."""
    r = table.result("hunter", cards[j], e)
    took = 0
    if r.kind == "wound":
        took = min(r.amount, blood)
    elif r.kind == "killed":
        took = blood - blood_after_killed(blood)
    lost = r.item_destroyed and cards[j] not in BASICS
    order = {"repel": 3, "continue": 1, "end": 0}.get(r.kind, 0)
    gone = took >= blood
    dodge = cards[j] == "Dodge" and r.kind != "end" and not gone
    return (int(gone), took, int(not lost), order, int(dodge), -j)


def _simulate(
    rng: random.Random, group: tuple[Hunter, ...], blood: int, table: CardTable
) -> tuple[str, str | None]:
    deck = DAY.deck()
    hands = [Counter(h.combat_items) for h in group]
    health = [h.health for h in group]
    on_table: list[str | None] = [None] * len(group)
    enemy_last: str | None = None
    continues, repel, bonus = 0, False, ""
    while True:
        cards = []
        for i, hand in enumerate(hands):
            legal = [
                c
                for c in (*BASICS, *sorted(hand))
                if (1 if c in BASICS else hand[c]) - (c == on_table[i]) > 0
            ]
            cards.append(rng.choice(legal))
        theirs = [e for e in deck if e != enemy_last]
        if repel:
            theirs = [e for e in theirs if e in ("Dodge (Dracula)", "Escape (Man)")] or theirs
        e = rng.choice(theirs)
        t = rng.randrange(len(group))
        while True:
            ht = rng.randint(1, 6) + (bonus == "hunter") + ("Pistol" in cards)
            et = rng.randint(1, 6) + (bonus == "enemy")
            if ht == et:
                hi, ei = table.initiative_of(cards[t]).value, table.initiative_of(e).value
                assert hi is not None and ei is not None
                if hi == ei:
                    continue
                ht, et = hi, ei
            break
        if ht > et:
            winner = "hunter"

            owner = max(range(len(group)), key=lambda j: _score(table, cards, j, e, blood))
        else:
            winner, owner = "enemy", t
        res = table.result(winner, cards[owner], e)
        on_table, enemy_last = list(cards), e
        if res.item_destroyed and cards[owner] not in BASICS:
            hands[owner][cards[owner]] -= 1
            hands[owner] += Counter()  # drop empty entries
            on_table[owner] = None
        played = cards[owner] if winner == "hunter" else e
        bonus = winner if played in ("Dodge", "Dodge (Dracula)") else ""
        repel = False
        if res.kind == "continue":
            continues += 1
            if continues == 3:
                return "continues", None
            continue
        continues = 0
        if res.kind == "end":
            return "escaped", None
        if winner == "hunter":
            if res.kind == "wound":
                blood -= res.amount
            elif res.kind == "killed":
                blood = blood_after_killed(blood)
            elif res.kind == "repel":
                repel = True
            if blood <= 0:
                return "destroyed", None
        elif res.kind == "bite":
            slots = group[owner].bite_slots - group[owner].bites
            return ("defeated" if slots <= 1 else "bitten"), group[owner].name
        elif res.kind == "wound":
            health[owner] -= res.amount
            if health[owner] <= 0:
                return "defeated", group[owner].name


def test_group_odds_agree_with_an_independent_simulation() -> None:
    group = (
        hunter("Van Helsing", health=3, items=("Stake",)),
        hunter("Dr. Seward", health=2, items=("Crucifix",)),
    )
    table = _table(group, DAY, value=1)
    odds = group_odds(group, DAY, blood=5, table=table)
    assert sum(odds.outcomes.values()) == 1
    rng = random.Random(19)
    n = 4000
    seen = Counter(_simulate(rng, group, 5, table) for _ in range(n))
    expected: dict[tuple[str, str | None], Fraction] = {}
    for (kind, who, _b, _hs), p in odds.joint.items():
        key = (kind, group[who].name if who >= 0 else None)
        expected[key] = expected.get(key, Fraction(0)) + p
    assert set(seen) <= set(expected)
    for key, p in expected.items():
        sigma = sqrt(float(p * (1 - p)) / n)
        assert abs(seen[key] / n - float(p)) <= 4.5 * sigma + 1e-9, (key, seen[key] / n, p)
    # each hunter's own share adds up to the group's outcome
    for kind in ("defeated", "bitten"):
        assert sum(odds.by_hunter[h.name][kind] for h in group) == odds.outcomes[kind]
    for h in group:
        assert sum(odds.health[h.name].values()) == 1


def test_minimax_target_and_bigger_groups() -> None:
    pair = (hunter("Van Helsing", health=2, items=("Stake",)), hunter("Mina Harker", health=1))
    uniform = group_odds(pair, DAY, blood=2, assume_initiative=1)
    minimax = group_odds(pair, DAY, blood=2, assume_initiative=1, target_policy="minimax")
    assert sum(minimax.outcomes.values()) == 1 and minimax.outcomes != uniform.outcomes
    assert any(s.rule == "dracula:group-odds" for s in minimax.steps)
    names = ("Van Helsing", "Mina Harker", "Dr. Seward", "Lord Godalming")
    for size in (3, 4):
        group = tuple(hunter(n, health=1) for n in names[:size])
        odds = group_odds(group, DAY, blood=1, assume_initiative=1)
        assert sum(odds.outcomes.values()) == 1 and len(odds.by_hunter) == size


def test_every_ending_is_in_the_trace_however_long_its_fraction() -> None:
    # Long combats have fractions of thousands of digits: too long to read, and past what
    # str() accepts at about 4,300. Each is written as a value with the length of its exact
    # denominator; none is left out of the last step.
    pair = (
        hunter("Van Helsing", health=4, items=("Stake",)),
        hunter("Mina Harker", health=4, items=("Crucifix",)),
    )
    odds = group_odds(pair, DAY, blood=5, assume_initiative=1)
    last = odds.steps[-1]
    shown = [p for p in odds.outcomes.values() if p]
    assert any(p.denominator.bit_length() > 128 for p in shown)
    assert last.text.count(";") == len(shown) - 1
    assert all(f"{ENDINGS[k]}: " in last.text for k, p in odds.outcomes.items() if p)
    assert "exact: a fraction with a denominator of about" in last.text
    assert "число цифр в её знаменателе" in last.in_language("ru")


def test_limits_refuse_before_any_work() -> None:
    big = tuple(
        hunter(n, items=("Stake", "Crucifix", "Holy Water"))
        for n in ("Van Helsing", "Mina Harker", "Dr. Seward", "Lord Godalming")
    )
    start = time.perf_counter()
    with pytest.raises(InvalidState, match="may have up to") as err:
        group_odds(big, Opponent.dracula(), blood=15, assume_initiative=1)
    assert time.perf_counter() - start < 0.1
    assert state_bound(big, Opponent.dracula(), 15, 0) > 8_000_000
    assert "состояний" in err.value.in_language("ru")
    pair = (hunter("Van Helsing"), hunter("Mina Harker"))
    with pytest.raises(InvalidState, match="more than 100 states"):
        group_odds(pair, DAY, blood=15, assume_initiative=1, max_states=100)


@pytest.mark.parametrize(
    ("hunters", "message"),
    [
        ((hunter("Van Helsing"),), "a group has 2 to 4 hunters"),
        ((hunter("Van Helsing"), hunter("Van Helsing")), "once in a group"),
        ("Van Helsing", "must be a list"),
        ((hunter("Van Helsing"), None), "hunter must be a Hunter"),
    ],
)
def test_bad_groups(hunters: object, message: str) -> None:
    with pytest.raises(InvalidState, match=message):
        group_odds(hunters, DAY, assume_initiative=1)  # type: ignore[arg-type]


def test_bad_target_policy_and_blood() -> None:
    pair = (hunter("Van Helsing", health=1), hunter("Mina Harker", health=1))
    with pytest.raises(InvalidState, match="target_policy"):
        group_odds(pair, DAY, target_policy="weakest", assume_initiative=1)
    with pytest.raises(InvalidState, match="blood"):
        group_odds(pair, DAY, blood=99, assume_initiative=1)
    with pytest.raises(InvalidState, match="unknown initiative"):
        group_odds(pair, DAY, blood=2)


# -- the layered solver, against the state-by-state reference ------------------------------------

LAYERED = [
    # (group, opponent, situation, blood, target policy)
    ((hunter("Van Helsing", health=3, items=("Stake",)), hunter("Mina Harker", health=2)), DAY,
     NO_SITUATION, 6, "uniform"),
    ((hunter("Van Helsing", health=3, items=("Stake",)), hunter("Mina Harker", health=2)), DAY,
     NO_SITUATION, 6, "minimax"),
    ((hunter("Dr. Seward", health=2, items=("Rifle",)), hunter("Van Helsing", health=2)),
     Opponent.dracula(), Situation(sister_agatha=True, garlic=True), 4, "uniform"),
    ((hunter("Dr. Seward", health=2, items=("Stake", "Stake")), hunter("Van Helsing", health=1)),
     Opponent.dracula(), Situation(trap=True, dodge_in_round_one=False), 3, "minimax"),
    ((hunter("Lord Godalming", health=3, items=("Knife",)), hunter("Mina Harker", health=3)),
     Opponent.agent(("Pistol (Agent)",)), Situation(group_tie="highest"), 15, "uniform"),
    ((hunter("Van Helsing", health=2), hunter("Mina Harker", health=1), hunter("Dr. Seward",
     health=1, items=("Holy Water",))), DAY, Situation(group_dodge="any"), 4, "uniform"),
]  # fmt: skip


@pytest.mark.parametrize("case", range(len(LAYERED)))
def test_layered_solver_equals_the_reference(case: int) -> None:
    group, opp, sit, blood, target = LAYERED[case]
    table = _spread_table(group, opp)
    fast = group_odds(group, opp, sit, blood=blood, table=table, target_policy=target)
    ref = group_odds(group, opp, sit, blood=blood, table=table, target_policy=target, fast=False)
    assert dict(fast.joint) == dict(ref.joint)
    assert fast.expected_rounds == ref.expected_rounds and fast.states == ref.states
    assert fast.outcomes == ref.outcomes and fast.health == ref.health
    assert sum(fast.outcomes.values()) == 1


def test_minimax_target_is_the_one_worth_the_fewest_points() -> None:
    # Dracula's minimax target, scored here from the round resolver and chain.payoff: every
    # card choice equally likely, every die pair, the group's best applied card
    from rules.dracula.chain import payoff
    from rules.dracula.group_model import GroupModel

    group = (hunter("Van Helsing", health=2, items=("Stake",)), hunter("Mina Harker", health=3))
    table = _spread_table(group, DAY)
    model = GroupModel(group, DAY, NO_SITUATION, table, "minimax", None)
    start, _ = start_combat(group, DAY, blood=4)
    after = resolve_round(start, ("Punch", "Escape"), "Claws", 1, 6, table=table).state
    assert after.ended is None
    picked = []
    for state in (start, after):
        worth = []
        for t in range(2):
            total = Fraction(0)
            options = [hunter_options(state, i, table=table) for i in range(2)]
            for cards in product(*options):
                for e in enemy_options(state):
                    values = []
                    for hr, er in product(range(1, 7), repeat=2):
                        rep = resolve_round(state, cards, e, hr, er, table=table, target=t)
                        if rep.rerolled:
                            continue
                        if rep.winner == "hunter":
                            tries = [
                                resolve_round(
                                    state, cards, e, hr, er, table=table, target=t, applied=j
                                )
                                for j in range(2)
                            ]
                            best = max(range(2), key=lambda j: _rank(state, tries[j], j))
                            rep = tries[best]
                        assert rep.result is not None and rep.winner is not None
                        values.append(
                            payoff(
                                rep.winner,
                                rep.result,
                                health=state.hunters[t].health,
                                blood=state.blood,
                                free_slots=group[t].bite_slots - group[t].bites,
                                dracula=True,
                            )
                        )
                    total += sum(values, Fraction(0)) / len(values)
            worth.append(total)
        chosen = tuple(t for t in range(2) if worth[t] == min(worth))
        s = (
            tuple(h.health for h in state.hunters),
            tuple(h.combat_items for h in state.hunters),
            state.blood,
            state.hunter_last,
            state.enemy_last,
            state.continues,
            state.repel,
            {None: 0, "hunter": 1, "enemy": 2}[state.dodge_bonus],
            0,
        )
        assert model.targets(s) == chosen, (worth, model.targets(s))
        picked.append(chosen)
    assert (0,) in picked or (1,) in picked  # a real choice, not a tie
