""" "No Dodge in round 1" binds both sides: the exact engines against combats enumerated here.

The enumeration below is written from the seed's combat rules, not from the engines: its own
hands, table, legal cards, dice, ties, results, the group's choice of the applied card and the
endings. It reads only the printed result table and the initiative numbers. Against an agent
every round wounds the hunter, adds a Continue (three end the combat) or ends the combat, so
every combat is short and the enumeration is finite and exact.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from rules.dracula import Opponent, Situation, default_table, hunter, start_combat
from rules.dracula.cards import CardTable
from rules.dracula.chain import combat_odds
from rules.dracula.combat import enemy_options, hunter_options, resolve_round
from rules.dracula.group import group_odds
from rules.dracula.hunters import Hunter
from rules.errors import IllegalPlay

BASICS = ("Punch", "Dodge", "Escape")
AGENT = Opponent.agent(("Knife (Agent)",))
NO_DODGE = Situation(dodge_in_round_one=False)

# (kind, name of the hunter defeated or None) -> probability
Outcomes = dict[tuple[str, str | None], Fraction]


def _table(hunters: tuple[Hunter, ...], opp: Opponent) -> CardTable:
    t = default_table()
    cards = tuple(c for h in hunters for c in h.deck()) + opp.deck()
    for c in t.missing_initiatives(cards):
        t = t.with_initiative(c, 2)  # equal to some printed values: the re-roll is used too
    return t


def _enumerate(
    hunters: tuple[Hunter, ...], opp: Opponent, table: CardTable, dodge_in_round_one: bool
) -> Outcomes:
    """Every card choice (each legal card equally likely, Dracula's target too), every die."""
    n = len(hunters)
    deck = opp.deck()

    def legal_hunter(hand: tuple[str, ...], last: str | None, first: bool) -> list[str]:
        out = []
        for c in (*BASICS, *hand):
            if c == last or c in out:
                continue
            if first and c == "Dodge" and not dodge_in_round_one:
                continue
            out.append(c)
        return out

    def legal_enemy(last: str | None, first: bool) -> list[str]:
        return [
            e
            for e in deck
            if e != last and not (first and e.startswith("Dodge") and not dodge_in_round_one)
        ]

    def applied(cards: tuple[str, ...], e: str) -> int:
        """The card the group applies on a win: a kill, then no item lost, then Continue
        before End, then a Dodge (its +1), then the first hunter listed."""

        def score(j: int) -> tuple[int, ...]:
            r = table.result("hunter", cards[j], e)
            lost = r.item_destroyed and cards[j] not in BASICS
            order = {"continue": 1, "end": 0}.get(r.kind, 0)
            dodge = cards[j] == "Dodge" and r.kind not in ("end", "killed")
            return (int(r.kind == "killed"), int(not lost), order, int(dodge), -j)

        return max(range(n), key=score)

    @cache
    def go(
        health: tuple[int, ...],
        hands: tuple[tuple[str, ...], ...],
        lasts: tuple[str | None, ...],
        enemy_last: str | None,
        continues: int,
        bonus: str,
        first: bool,
    ) -> tuple[tuple[tuple[str, str | None], Fraction], ...]:
        out: Outcomes = {}
        options = [legal_hunter(hands[i], lasts[i], first) for i in range(n)]
        theirs = legal_enemy(enemy_last, first)
        combos = list(product(*options))
        for cards, e, t in product(combos, theirs, range(n)):
            weight = Fraction(1, len(combos) * len(theirs) * n)
            up = int(bonus == "hunter") + int("Pistol" in cards)
            down = int(bonus == "enemy") + int(e == "Pistol (Agent)")
            hi = table.initiative_of(cards[t]).value
            ei = table.initiative_of(e).value
            assert hi is not None and ei is not None
            wins = ties = losses = 0
            for a, b in product(range(1, 7), repeat=2):
                diff = (a + up) - (b + down)
                if diff > 0:
                    wins += 1
                elif diff < 0:
                    losses += 1
                else:
                    ties += 1
            if hi > ei:
                wins += ties
            elif hi < ei:
                losses += ties
            decided = wins + losses  # equal initiative: the tie is rolled again
            for winner, count in (("hunter", wins), ("enemy", losses)):
                if not count:
                    continue
                p = weight * Fraction(count, decided)
                owner = applied(cards, e) if winner == "hunter" else t
                res = table.result(winner, cards[owner], e)
                assert "hunter discards all items" not in res.extras
                new_hands = list(hands)
                new_lasts: list[str | None] = list(cards)
                if res.item_destroyed and cards[owner] not in BASICS:
                    kept = list(hands[owner])
                    kept.remove(cards[owner])
                    new_hands[owner] = tuple(kept)
                    new_lasts[owner] = None
                played = cards[owner] if winner == "hunter" else e
                bonus2 = winner if played.startswith("Dodge") else ""
                end: tuple[str, str | None] | None = None
                health2 = health
                run = 0
                if res.kind == "continue":
                    run = continues + 1
                    if run == 3:
                        end = ("continues", None)
                elif res.kind == "end":
                    end = ("escaped", None)
                elif res.kind == "killed":
                    assert winner == "hunter"
                    end = ("killed", None)
                elif res.kind == "wound":
                    assert winner == "enemy"
                    left = health[owner] - res.amount
                    health2 = (*health[:owner], max(left, 0), *health[owner + 1 :])
                    if left <= 0:
                        end = ("defeated", hunters[owner].name)
                else:  # pragma: no cover - no other result against an agent
                    raise AssertionError(res.kind)
                if end is not None:
                    out[end] = out.get(end, Fraction(0)) + p
                    continue
                rest = go(health2, tuple(new_hands), tuple(new_lasts), e, run, bonus2, False)
                for key, q in rest:
                    out[key] = out.get(key, Fraction(0)) + p * q
        return tuple(out.items())

    start = go(
        tuple(h.health for h in hunters),
        tuple(h.combat_items for h in hunters),
        (None,) * n,
        None,
        0,
        "",
        True,
    )
    return dict(start)


ONE = (hunter("Van Helsing", health=2, items=("Knife",)),)
TWO = (
    hunter("Van Helsing", health=1, items=("Knife",)),
    hunter("Dr. Seward", health=1, items=("Pistol",)),
)


@pytest.mark.parametrize("dodge_in_round_one", [False, True])
def test_one_hunter_against_an_agent_matches_the_enumeration(dodge_in_round_one: bool) -> None:
    table = _table(ONE, AGENT)
    sit = Situation(dodge_in_round_one=dodge_in_round_one)
    odds = combat_odds(ONE[0], AGENT, sit, table=table)
    mine = {k: p for k, p in odds.outcomes.items() if p}
    expected = _enumerate(ONE, AGENT, table, dodge_in_round_one)
    assert mine == {kind: p for (kind, _who), p in expected.items()}


@pytest.mark.parametrize("dodge_in_round_one", [False, True])
def test_two_hunters_against_an_agent_match_the_enumeration(dodge_in_round_one: bool) -> None:
    table = _table(TWO, AGENT)
    sit = Situation(dodge_in_round_one=dodge_in_round_one)
    odds = group_odds(TWO, AGENT, sit, table=table)
    mine: Outcomes = {}
    for (kind, who, _b, _hs), p in odds.joint.items():
        key = (kind, TWO[who].name if who >= 0 else None)
        mine[key] = mine.get(key, Fraction(0)) + p
    assert mine == _enumerate(TWO, AGENT, table, dodge_in_round_one)


def test_the_switch_moves_the_agents_odds() -> None:
    # barring the hunter's Dodge alone (the old reading of the switch) gives other odds
    table = _table(ONE, AGENT)
    barred = combat_odds(ONE[0], AGENT, NO_DODGE, table=table).outcomes
    allowed = combat_odds(ONE[0], AGENT, table=table).outcomes
    assert barred != allowed
    assert barred["killed"] == _enumerate(ONE, AGENT, table, False)[("killed", None)]


def test_round_one_choices_offered_are_never_refused() -> None:
    for opp in (AGENT, Opponent.dracula(), Opponent.dracula(night=False)):
        for group in (ONE, TWO):
            table = _table(group, opp)
            state, steps = start_combat(group, opp, NO_DODGE, table=table)
            offered = [hunter_options(state, i, table=table) for i in range(len(group))]
            theirs = enemy_options(state)
            assert all("Dodge" not in cards for cards in offered)
            assert not any(e.startswith("Dodge") for e in theirs)
            # the start's trace names the round-1 choices, Dodge left out on both sides
            said = [s.text for s in steps if s.text.startswith("In round 1 ")]
            assert len(said) == len(group) + 1
            assert not any("Dodge" in text for text in said)
            for cards in product(*offered):
                for e in theirs:
                    resolve_round(state, cards, e, 6, 1, table=table)  # none is refused
            with pytest.raises(IllegalPlay, match="allowed now"):
                resolve_round(state, ("Dodge",) * len(group), theirs[0], 6, 1, table=table)


def test_round_one_choices_in_russian() -> None:
    _state, steps = start_combat(ONE, AGENT, NO_DODGE, table=_table(ONE, AGENT))
    said = [s.in_language("ru") for s in steps if s.text.startswith("In round 1 ")]
    assert len(said) == 2 and all("раунде 1" in text for text in said)
