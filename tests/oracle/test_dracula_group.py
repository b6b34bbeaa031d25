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
from rules.dracula.combat import CombatState, RoundReport, enemy_options, hunter_options
from rules.dracula.group import group_odds, state_bound
from rules.dracula.hunters import Hunter
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
    group: tuple[Hunter, ...], opp: Opponent, blood: int, table: CardTable
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

    start, _ = start_combat(group, opp, blood=blood)
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
