"""VTES draw odds: hypergeometric against direct ``math.comb`` sums, several categories against
the multivariate sum and a seeded Monte Carlo, and the worked values of the issue."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb, sqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import InvalidState
from rules.reference import exists
from rules.vtes.draws import Want, all_of, at_least, by_turn, distribution, draw_odds, exactly


def test_worked_values() -> None:
    assert round(float(at_least(90, 10, 7)), 4) == 0.5748
    assert round(float(at_least(80, 12, 7)), 4) == 0.6948
    assert round(float(at_least(80, 12, 7, k=2)), 4) == 0.2814
    assert at_least(12, 3, 4) == Fraction(41, 55)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_at_least_is_the_hypergeometric_sum(data: st.DataObject) -> None:
    deck = data.draw(st.integers(1, 90))
    copies = data.draw(st.integers(0, deck))
    drawn = data.draw(st.integers(0, deck))
    k = data.draw(st.integers(0, drawn + 1))
    direct = Fraction(
        sum(comb(copies, i) * comb(deck - copies, drawn - i) for i in range(k, drawn + 1)),
        comb(deck, drawn),
    )
    assert at_least(deck, copies, drawn, k) == direct
    assert sum(distribution(deck, copies, drawn).values()) == 1
    assert exactly(deck, copies, drawn, k) == distribution(deck, copies, drawn).get(k, 0)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_two_categories_are_the_multivariate_sum(data: st.DataObject) -> None:
    deck = data.draw(st.integers(2, 90))
    a = data.draw(st.integers(0, deck))
    b = data.draw(st.integers(0, deck - a))
    drawn = data.draw(st.integers(0, min(deck, 20)))
    ka, kb = data.draw(st.integers(0, 3)), data.draw(st.integers(0, 3))
    rest = deck - a - b
    direct = Fraction(
        sum(
            comb(a, i) * comb(b, j) * comb(rest, drawn - i - j)
            for i in range(ka, drawn + 1)
            for j in range(kb, drawn - i + 1)
        ),
        comb(deck, drawn),
    )
    assert all_of(deck, [(a, ka), (b, kb)], drawn) == direct


def test_at_least_one_master_and_two_combat_cards() -> None:
    # 90 cards: 10 masters, 20 combat cards; the opening hand of 7
    direct = Fraction(
        sum(
            comb(10, i) * comb(20, j) * comb(60, 7 - i - j)
            for i in range(1, 8)
            for j in range(2, 8 - i)
        ),
        comb(90, 7),
    )
    assert all_of(90, [(10, 1), (20, 2)], 7) == direct


def monte_carlo(
    deck: dict[str, int], wants: list[Want], drawn: int, trials: int, seed: int
) -> float:
    cards = [name for name, n in deck.items() for _ in range(n)]
    rng = random.Random(seed)
    hits = 0
    for _ in range(trials):
        hand = rng.sample(cards, drawn)
        if all(sum(1 for c in hand if c in w.cards) >= w.at_least for w in wants):
            hits += 1
    return hits / trials


def test_overlapping_categories_against_a_monte_carlo() -> None:
    # a card may count in two categories (a Potence combat card is both "combat" and "Potence")
    deck = {
        "Immortal Grapple": 6,
        "Torn Signpost": 4,
        "Pushing the Limit": 3,
        "Govern": 12,
        "Bum's Rush": 5,
        "Conditioning": 4,
        "Other": 56,
    }
    wants = [
        Want("combat", frozenset({"Immortal Grapple", "Torn Signpost", "Pushing the Limit"}), 2),
        Want("Potence", frozenset({"Immortal Grapple", "Torn Signpost", "Bum's Rush"}), 1),
        Want("Govern", frozenset({"Govern"}), 1),
    ]
    trials = 40_000
    odds = draw_odds(deck, wants, turns=4)
    for turn in odds.turns:
        exact = float(turn.all)
        estimate = monte_carlo(deck, wants, turn.seen, trials, seed=turn.turn)
        sigma = sqrt(exact * (1 - exact) / trials)
        assert abs(estimate - exact) < 5 * sigma, (turn.turn, exact, estimate)


def test_by_turn_reads_the_opening_hand_then_one_card_a_turn() -> None:
    odds = draw_odds({"Master": 10, "Other": 80}, [Want("masters", frozenset({"Master"}))])
    assert [t.seen for t in odds.turns] == list(range(7, 17))
    assert odds.turns[0].all == at_least(90, 10, 7)
    assert odds.turns[9].each["masters"] == at_least(90, 10, 16)
    crypt = draw_odds(
        {"Tupdog (G3)": 3, "Other": 9},
        [Want("Tupdog", frozenset({"Tupdog (G3)"}))],
        pile="crypt",
        turns=3,
    )
    assert [t.seen for t in crypt.turns] == [4, 5, 6]
    assert crypt.turns[0].all == Fraction(41, 55)
    rules = {s.rule for s in crypt.steps}
    assert {"vtes:2.3", "vtes:7"} <= rules and all(exists(r) for r in rules)
    assert {"vtes:2.3", "vtes:8"} <= {s.rule for s in odds.steps}
    assert by_turn(90, [(10, 1)], turns=2) == (at_least(90, 10, 7), at_least(90, 10, 8))


def test_the_cards_seen_stop_at_the_deck() -> None:
    odds = draw_odds({"A": 2, "B": 6}, [Want("A", frozenset({"A"}), 2)], turns=4)
    assert [t.seen for t in odds.turns] == [7, 8, 8, 8]
    assert odds.turns[1].all == 1


@pytest.mark.parametrize(
    ("args", "word"),
    [
        ((0, 0, 0), "deck"),
        ((10, 11, 3), "copies"),
        ((10, 3, 11), "drawn"),
        ((10, -1, 3), "copies"),
        ((10, 3, 3, -1), "k"),
        ((10.0, 3, 3), "deck"),
    ],
)
def test_bad_arguments_raise_invalid_state(args: tuple[object, ...], word: str) -> None:
    with pytest.raises(InvalidState) as caught:
        at_least(*args)  # type: ignore[arg-type]
    assert word in str(caught.value)
    assert caught.value.ru


def test_bad_categories() -> None:
    with pytest.raises(InvalidState):
        all_of(10, [(6, 1), (5, 1)], 3)  # 11 cards in a deck of 10
    with pytest.raises(InvalidState):
        draw_odds({"A": 2}, [Want("x", frozenset({"B"}))])  # a card not in the deck
    with pytest.raises(InvalidState):
        draw_odds({"A": 2}, [Want("x", frozenset({"A"}))], pile="sideboard")
    with pytest.raises(InvalidState):
        draw_odds({"A": 2}, [])
