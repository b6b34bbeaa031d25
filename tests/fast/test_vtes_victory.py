"""Seating, ousting and victory points (VTES 2.1, 9.1, 9.2)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalPlay, InvalidState
from rules.vtes.table_examples import RICHARD_EVENTS, RICHARD_SEATING, richard_score
from rules.vtes.victory import Ousting, Withdrawal, predator_of, prey_of, score_game

FIVE = ("Ann", "Bob", "Cid", "Dee", "Eve")


def test_prey_is_to_the_left_predator_to_the_right() -> None:
    assert prey_of(FIVE, "Ann") == "Bob"
    assert prey_of(FIVE, "Eve") == "Ann"
    assert predator_of(FIVE, "Ann") == "Eve"
    assert predator_of(FIVE, "Cid") == "Bob"
    assert prey_of(FIVE, "Ann", in_game=["Ann", "Cid", "Eve"]) == "Cid"
    assert predator_of(FIVE, "Ann", in_game=["Ann", "Cid", "Eve"]) == "Eve"


def test_prey_errors() -> None:
    with pytest.raises(InvalidState, match="not at this table"):
        prey_of(FIVE, "Zed")
    with pytest.raises(IllegalPlay, match="no longer in the game"):
        prey_of(FIVE, "Bob", in_game=["Ann", "Cid"])
    with pytest.raises(InvalidState, match="distinct"):
        prey_of(("Ann", "Ann"), "Ann")


# --------------------------------------------------------------------------- the seed example


def test_richard_steve_justin_lisa_exactly() -> None:
    assert RICHARD_SEATING == ("Richard", "Steve", "Justin", "Lisa")
    assert [e.players for e in RICHARD_EVENTS] == [("Steve",), ("Justin",), ("Richard",)]
    s = richard_score()
    assert {p.name: (p.victory_points, p.pool_gained) for p in s.players} == {
        "Richard": (2, 12),
        "Steve": (0, 0),
        "Justin": (0, 0),
        "Lisa": (2, 6),
    }
    assert s.finished and s.tie
    assert s.leaders == ("Richard", "Lisa")
    assert s.winner is None
    assert s.player("Lisa").status == "last standing"
    texts = " ".join(step.text for step in s.steps)
    assert "Richard's new prey is Justin" in texts


def test_five_player_game() -> None:
    # Justine, Lisa, Richard, Scott, Steve clockwise; Steve, Scott, Lisa, Richard ousted.
    # By hand: Scott ousts Steve, Richard ousts Scott, Justine ousts Lisa then Richard
    # (1 VP + 6 pool each), and Justine gets 1 VP more as the last one left.
    seating = ("Justine", "Lisa", "Richard", "Scott", "Steve")
    s = score_game(seating, ["Steve", "Scott", "Lisa", "Richard"])
    assert [s.vp(p) for p in seating] == [3, 0, 1, 1, 0]
    assert [s.pool_gained(p) for p in seating] == [12, 0, 6, 6, 0]
    assert s.winner == "Justine" and not s.tie


def test_new_prey_after_ousting() -> None:
    s = score_game(FIVE, ["Bob"])
    assert dict(s.prey)["Ann"] == "Cid"
    assert s.remaining == ("Ann", "Cid", "Dee", "Eve")
    assert not s.finished and s.winner is None
    s2 = score_game(FIVE, ["Bob", "Cid"])
    assert s2.vp("Ann") == 2 and s2.pool_gained("Ann") == 12


def test_simultaneous_ousting_exception() -> None:
    # Bob and his prey Cid ousted together: Bob gets the VP for Cid but no pool.
    s = score_game(FIVE, [("Bob", "Cid")])
    assert (s.vp("Ann"), s.pool_gained("Ann")) == (1, 6)
    assert (s.vp("Bob"), s.pool_gained("Bob")) == (1, 0)
    assert s.vp("Cid") == 0
    assert dict(s.prey)["Ann"] == "Dee"


def test_last_two_ousted_together() -> None:
    s = score_game(("A", "B"), [Ousting(("A", "B"))])
    assert (s.vp("A"), s.pool_gained("A")) == (1, 0)
    assert (s.vp("B"), s.pool_gained("B")) == (1, 0)
    assert s.finished and s.tie and s.remaining == ()


def test_event_after_the_end_is_refused() -> None:
    with pytest.raises(IllegalPlay, match="after the end"):
        score_game(("A", "B", "C"), ["B", "C", "A"])


def test_ousted_winner_with_most_points() -> None:
    s = score_game(FIVE, ["Bob", "Cid", "Ann", "Dee"])
    # Ann: Bob and Cid -> 2 VP; Eve: Ann and Dee -> 2, +1 as the last one left
    assert s.vp("Ann") == 2 and s.vp("Eve") == 3
    s2 = score_game(FIVE, ["Bob", "Cid", "Dee", "Ann"])
    # Ann: Bob, Cid, Dee -> 3 VP; Eve: Ann -> 1, +1 last; Ann wins though ousted
    assert s2.vp("Ann") == 3 and s2.vp("Eve") == 2
    assert s2.winner == "Ann" and s2.player("Ann").status == "ousted"


def test_unknown_or_repeated_player() -> None:
    with pytest.raises(InvalidState, match="not at this table"):
        score_game(FIVE, ["Zed"])
    with pytest.raises(IllegalPlay, match="no longer in the game"):
        score_game(FIVE, ["Bob", "Bob"])
    with pytest.raises(InvalidState, match="at least 2"):
        score_game(("Solo",), [])


# --------------------------------------------------------------------------- withdrawal


def test_withdrawal_gives_one_vp_and_nothing_to_predator() -> None:
    s = score_game(FIVE, [Withdrawal("Bob")])
    assert s.vp("Bob") == 1 and s.player("Bob").status == "withdrawn"
    assert s.vp("Ann") == 0 and s.pool_gained("Ann") == 0
    assert dict(s.prey)["Ann"] == "Cid"


def test_withdrawal_tournament_half_point() -> None:
    s = score_game(FIVE, [Withdrawal("Bob")], withdrawal_vp=Fraction(1, 2))
    assert s.vp("Bob") == Fraction(1, 2)


def test_withdrawal_needs_an_exhausted_library() -> None:
    with pytest.raises(IllegalPlay, match="library"):
        score_game(FIVE, [Withdrawal("Bob", library_exhausted=False)])
    with pytest.raises(IllegalPlay, match="full hand"):
        score_game(FIVE, [Withdrawal("Bob", hand_short=False)])


@pytest.mark.parametrize("flag", ["entered_combat", "lost_blood", "lost_pool"])
def test_withdrawal_fails_when_a_condition_breaks(flag: str) -> None:
    s = score_game(FIVE, [Withdrawal("Bob", **{flag: True})])
    assert s.vp("Bob") == 0 and "Bob" in s.remaining
    assert s.player("Bob").status == "in game"


def test_withdrawal_leaving_one_player() -> None:
    s = score_game(("A", "B"), [Withdrawal("A")])
    assert s.vp("A") == 1 and s.vp("B") == 1
    assert s.finished and s.tie


# --------------------------------------------------------------------------- invariants


@settings(max_examples=200)
@given(n=st.integers(2, 6), data=st.data())
def test_every_ousting_pays_one_vp(n: int, data: st.DataObject) -> None:
    seating = tuple(f"P{i}" for i in range(n))
    order = data.draw(st.permutations(seating))
    cut = data.draw(st.integers(0, n - 1))
    s = score_game(seating, list(order[:cut]))
    last = 1 if len(s.remaining) == 1 else 0
    assert sum(p.victory_points for p in s.players) == cut + last
    assert sum(p.pool_gained for p in s.players) == 6 * cut
    # oracle: the predator of each ousted player, found by walking right among survivors
    alive = list(seating)
    expected = dict.fromkeys(seating, 0)
    for p in order[:cut]:
        i = alive.index(p)
        expected[alive[i - 1]] += 1
        alive.remove(p)
    if len(alive) == 1:
        expected[alive[0]] += 1
    assert {p.name: p.victory_points for p in s.players} == expected


# --------------------------------------------------------------------------- Russian texts


def test_richard_example_in_russian_ends_in_a_tie() -> None:
    s = richard_score()
    assert all(step.ru and step.ru != step.text for step in s.steps)
    ru = [step.ru for step in s.steps]
    assert "Lisa получает 1 победное очко и 6 пула из банка крови" in " ".join(ru)
    assert "Новая жертва игрока Richard — Justin." in ru
    assert "Richard — 2 очка" in ru[-1] and "Steve — 0 очков" in ru[-1]
    assert ru[-1].endswith("Ничья между игроками Richard и Lisa.")


def test_withdrawal_for_half_a_point_in_russian() -> None:
    s = score_game(FIVE, [Withdrawal("Bob")], withdrawal_vp=Fraction(1, 2))
    line = next(step.ru for step in s.steps if step.rule == "vtes:9.2")
    assert "Bob отступает из игры и получает 1/2 победного очка" in line
    assert "хищник, Ann" in line


def test_simultaneous_ousting_in_russian_gives_no_pool() -> None:
    s = score_game(("Ann", "Bob", "Cid"), [("Ann", "Bob")])
    ru = " ".join(step.ru for step in s.steps)
    assert "одновременно вытеснены игроки Ann и Bob" in ru
    assert "Ann получает 1 победное очко, но пула не получает" in ru


# --------------------------------------------------------------------------- Russian messages


def test_too_few_players_in_russian() -> None:
    with pytest.raises(InvalidState) as caught:
        score_game(["Ann"], [])
    assert caught.value.in_language("ru") == "Для игры нужно не меньше 2 игроков, а указано 1."


def test_withdrawal_without_empty_library_in_russian() -> None:
    with pytest.raises(IllegalPlay) as caught:
        score_game(["Ann", "Bob", "Cid"], [Withdrawal("Bob", library_exhausted=False)])
    text = caught.value.in_language("ru")
    assert text.startswith("Bob не может отступить из игры")
    assert "кончилась библиотека" in text and "неполной рукой" in text


def test_event_after_the_end_in_russian() -> None:
    with pytest.raises(IllegalPlay) as caught:
        score_game(["Ann", "Bob", "Cid"], ["Bob", "Ann", "Cid"])
    text = caught.value.in_language("ru")
    assert text == "Событие 3 идёт после конца игры: в игре остался только Cid."
    with pytest.raises(IllegalPlay) as gone:
        prey_of(["Ann", "Bob", "Cid"], "Bob", in_game=["Ann", "Cid"])
    assert gone.value.in_language("ru") == "Bob уже выбыл из игры; в игре остаются: Ann, Cid."
