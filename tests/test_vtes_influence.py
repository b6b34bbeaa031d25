"""The influence phase planner (VTES 7) and the Nora example."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalPlay, InvalidState
from rules.vtes.influence import Move, Uncontrolled, plan_influence, transfers_for_turn
from rules.vtes.table_examples import (
    NORA_MOVES,
    NORA_POOL,
    NORA_UNCONTROLLED,
    nora_plan,
    nora_refused_plan,
)


def test_transfers_first_three_turns_then_four() -> None:
    assert [transfers_for_turn(t) for t in range(1, 9)] == [1, 2, 3, 4, 4, 4, 4, 4]
    with pytest.raises(InvalidState):
        transfers_for_turn(0)


def test_move_transfer_costs() -> None:
    assert Move.to_vampire("A").transfers == 1
    assert Move.to_vampire("A", 3).transfers == 3
    assert Move.to_pool("A").transfers == 2
    assert Move.to_pool("A", 2).transfers == 4
    assert Move.draw().transfers == 4


# --------------------------------------------------------------------------- Nora (seed example)


def test_nora_example_exactly() -> None:
    assert NORA_POOL == 2
    big, small = NORA_UNCONTROLLED
    assert (big.capacity, big.blood, small.capacity, small.blood) == (10, 8, 7, 2)
    plan = nora_plan()
    assert plan.transfers_used == 4 and plan.transfers_left == 0
    assert plan.pool == 1  # 2 + 1 back - 2 onto the big vampire
    assert [(v.name, v.blood, v.drained) for v in plan.controlled] == [(big.name, 10, 0)]
    assert [(u.name, u.blood) for u in plan.uncontrolled] == [(small.name, 1)]


def test_nora_cannot_spend_both_pool() -> None:
    error = nora_refused_plan()
    assert isinstance(error, IllegalPlay)
    assert "ousted" in str(error) and "0" in str(error)


def test_nora_moves_in_the_other_order_are_refused() -> None:
    with pytest.raises(IllegalPlay, match="ousted"):
        plan_influence(
            pool=NORA_POOL, uncontrolled=NORA_UNCONTROLLED, moves=tuple(reversed(NORA_MOVES))
        )


# --------------------------------------------------------------------------- own cases


def test_transfer_budget_is_enforced() -> None:
    with pytest.raises(IllegalPlay, match="only 1 of the 1"):
        plan_influence(
            pool=10,
            uncontrolled=[Uncontrolled("A", 5)],
            moves=[Move.to_vampire("A", 2)],
            transfers=transfers_for_turn(1),
        )
    with pytest.raises(IllegalPlay, match="needs 2 transfers"):
        plan_influence(
            pool=10,
            uncontrolled=[Uncontrolled("A", 5, blood=3)],
            moves=[Move.to_vampire("A", 3), Move.to_pool("A")],
        )


def test_taking_more_blood_than_there_is() -> None:
    with pytest.raises(IllegalPlay, match="only 1"):
        plan_influence(
            pool=5, uncontrolled=[Uncontrolled("A", 5, blood=1)], moves=[Move.to_pool("A", 2)]
        )


def test_unknown_vampire() -> None:
    with pytest.raises(InvalidState, match="No uncontrolled vampire named 'B'"):
        plan_influence(pool=5, uncontrolled=[Uncontrolled("A", 5)], moves=[Move.to_vampire("B")])


def test_draw_from_crypt_costs_four_transfers_and_one_pool() -> None:
    plan = plan_influence(
        pool=5,
        uncontrolled=[],
        moves=[Move.draw()],
        crypt=[Uncontrolled("Top", 6), Uncontrolled("Next", 3)],
    )
    assert plan.pool == 4
    assert [u.name for u in plan.uncontrolled] == ["Top"]
    assert [c.name for c in plan.crypt] == ["Next"]
    assert plan.transfers_used == 4


def test_draw_needs_a_crypt_and_spare_pool() -> None:
    with pytest.raises(IllegalPlay, match="crypt is empty"):
        plan_influence(pool=5, uncontrolled=[], moves=[Move.draw()])
    with pytest.raises(IllegalPlay, match="ousted"):
        plan_influence(pool=1, uncontrolled=[], moves=[Move.draw()], crypt=[Uncontrolled("T", 3)])


def test_reaching_capacity_controls_and_drains_excess() -> None:
    plan = plan_influence(
        pool=10,
        uncontrolled=[Uncontrolled("A", 3, blood=2), Uncontrolled("B", 4, blood=1)],
        moves=[Move.to_vampire("A", 3)],
    )
    assert [(v.name, v.blood, v.drained) for v in plan.controlled] == [("A", 3, 2)]
    assert [u.name for u in plan.uncontrolled] == ["B"]
    assert plan.pool == 7


def test_below_capacity_stays_uncontrolled() -> None:
    plan = plan_influence(
        pool=10, uncontrolled=[Uncontrolled("A", 5, blood=1)], moves=[Move.to_vampire("A", 3)]
    )
    assert plan.controlled == ()
    assert plan.uncontrolled[0].blood == 4


def test_scarce_costs_three_pool_per_same_clan_vampire_in_play() -> None:
    plan = plan_influence(
        pool=10,
        uncontrolled=[Uncontrolled("S", 4, blood=3, clan="Samedi", scarce=True)],
        moves=[Move.to_vampire("S")],
        in_play_by_clan={"Samedi": 2, "Brujah": 5},
    )
    assert plan.controlled[0].scarce_cost == 6
    assert plan.scarce_pool == 6
    assert plan.pool == 10 - 1 - 6


def test_scarce_with_none_in_play_is_free() -> None:
    plan = plan_influence(
        pool=3,
        uncontrolled=[Uncontrolled("S", 4, blood=3, clan="Samedi", scarce=True)],
        moves=[Move.to_vampire("S")],
        in_play_by_clan={"Brujah": 5},
    )
    assert plan.controlled[0].scarce_cost == 0 and plan.pool == 2


def test_scarce_cost_that_would_oust_is_refused() -> None:
    with pytest.raises(IllegalPlay, match="scarce"):
        plan_influence(
            pool=4,
            uncontrolled=[Uncontrolled("S", 4, blood=3, clan="Samedi", scarce=True)],
            moves=[Move.to_vampire("S")],
            in_play_by_clan={"Samedi": 1},
        )


def test_two_scarce_of_one_clan_count_each_other() -> None:
    plan = plan_influence(
        pool=20,
        uncontrolled=[
            Uncontrolled("S1", 2, blood=2, clan="Samedi", scarce=True),
            Uncontrolled("S2", 2, blood=2, clan="Samedi", scarce=True),
        ],
        moves=[],
    )
    assert [v.scarce_cost for v in plan.controlled] == [0, 3]
    assert plan.pool == 17


def test_scarce_needs_a_clan() -> None:
    with pytest.raises(InvalidState, match="clan"):
        Uncontrolled("S", 4, scarce=True)


def test_zero_pool_is_not_a_valid_start() -> None:
    with pytest.raises(InvalidState):
        plan_influence(pool=0, uncontrolled=[], moves=[])


def test_steps_cite_section_7() -> None:
    plan = nora_plan()
    assert plan.steps and {s.rule for s in plan.steps} == {"vtes:7"}


moves = st.lists(
    st.one_of(
        st.builds(Move.to_vampire, st.sampled_from(["A", "B"]), st.integers(1, 3)),
        st.builds(Move.to_pool, st.sampled_from(["A", "B"]), st.integers(1, 2)),
    ),
    max_size=4,
)


@settings(max_examples=200)
@given(pool=st.integers(1, 8), a=st.integers(0, 6), b=st.integers(0, 6), plan_moves=moves)
def test_counters_are_conserved(pool: int, a: int, b: int, plan_moves: list[Move]) -> None:
    region = [Uncontrolled("A", 7, blood=a), Uncontrolled("B", 9, blood=b)]
    try:
        plan = plan_influence(pool=pool, uncontrolled=region, moves=plan_moves)
    except IllegalPlay:
        return
    on_vampires = sum(u.blood for u in plan.uncontrolled) + sum(
        v.blood + v.drained for v in plan.controlled
    )
    assert plan.pool + on_vampires == pool + a + b
    assert plan.pool >= 1
    assert plan.transfers_used <= 4


# --------------------------------------------------------------------------- Russian texts


def test_nora_example_in_russian() -> None:
    plan = nora_plan()
    big, small = NORA_UNCONTROLLED
    assert all(s.ru and s.ru != s.text for s in plan.steps)
    ru = [s.ru for s in plan.steps]
    assert ru[0].startswith("Начало фазы влияния: 4 трансфера и 2 пула")
    back = f"2 трансфера: 1 литр крови с вампира {small.name} обратно в пул (крови 1/7); пул: 3."
    assert back in ru
    assert f"2 трансфера: 2 пула на вампира {big.name} (крови 10/10); пул: 1." in ru
    assert "Использовано трансферов: 4 из 4" in " ".join(ru)


def test_scarce_cost_in_russian() -> None:
    plan = plan_influence(
        pool=10,
        uncontrolled=[Uncontrolled("Baron", capacity=3, blood=2, clan="Samedi", scarce=True)],
        moves=[Move.to_vampire("Baron", 1)],
        in_play_by_clan={"Samedi": 2},
    )
    line = plan.steps[-1].ru
    assert "в игре уже 2 вампира клана Samedi" in line
    assert "итого сжигается 6 пула; пул: 3." in line


# --------------------------------------------------------------------------- Russian messages


def test_last_pool_refusal_in_russian() -> None:
    with pytest.raises(IllegalPlay) as caught:
        plan_influence(
            pool=2,
            uncontrolled=[Uncontrolled("Anna", capacity=4)],
            moves=[Move.to_vampire("Anna", 2)],
        )
    text = caught.value.in_language("ru")
    assert text.startswith("Ход 1 (пул на вампира Anna) заберёт 2 пула из ваших 2")
    assert "останется 0" in text and "Оставьте хотя бы 1 пул" in text


def test_too_few_transfers_in_russian() -> None:
    with pytest.raises(IllegalPlay) as caught:
        plan_influence(
            pool=5,
            uncontrolled=[],
            moves=[Move.draw()],
            transfers=3,
            crypt=[Uncontrolled("Bo", capacity=3)],
        )
    assert caught.value.in_language("ru").startswith(
        "Ходу 1 нужно 4 трансфера, но из 3 осталось только 3"
    )


def test_unknown_vampire_in_russian() -> None:
    with pytest.raises(InvalidState) as caught:
        plan_influence(pool=5, uncontrolled=[], moves=[Move.to_pool("Zed", 1)])
    assert caught.value.in_language("ru") == (
        "Неподчинённого вампира с именем 'Zed' нет; в зоне неподчинённых: никого."
    )


def test_counts_are_named_in_russian() -> None:
    with pytest.raises(InvalidState) as caught:
        plan_influence(pool=0, uncontrolled=[], moves=[])
    assert caught.value.in_language("ru").startswith("Ваш пул:")
    with pytest.raises(InvalidState) as caught_blood:
        Uncontrolled("Anna", capacity=4, blood=-1)
    text = caught_blood.value.in_language("ru")
    assert text.startswith("Кровь вампира Anna:") and "-1" in text
