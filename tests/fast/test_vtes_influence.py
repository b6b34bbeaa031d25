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


# --------------------------------------------------------------------------- the two rulebooks
#
# "black-hand" follows the seed rulebook, section 7 (Influence Phase): at the END of the phase
# every uncontrolled vampire with blood at least its capacity becomes controlled, and a scarce
# one burns 3 pool for each vampire of its clan already IN PLAY.
# "vekn-2024" follows the current VEKN rulebook: chapter 4, "Influence Phase" (at any time of
# the phase, a vampire whose blood reaches its capacity CAN be moved to the ready region: the
# Methuselah's choice) and chapter 7, "Traits", "Scarce" (3 pool for each vampire of the same
# clan the Methuselah already CONTROLS).

SAMEDI = Uncontrolled("Baron", capacity=3, blood=2, clan="Samedi", scarce=True)


def test_seed_rulebook_wording_behind_the_black_hand_case(seeds_dir) -> None:  # type: ignore[no-untyped-def]
    """Guard: the seed's section 7 says what the black-hand cases below rely on."""
    text = (seeds_dir / "vtes-rulebook-p4-combat-torpor-influence-victory.ru.txt").read_text(
        encoding="utf-8"
    )
    section = text[text.index("7. Фаза влияния") :]
    assert "В конце вашей фазы влияния" in section  # control happens at the end, by itself
    assert "уже находившегося в игре" in section  # the scarce cost counts vampires in play


def test_black_hand_is_the_default_and_takes_control_at_the_end() -> None:
    """Seed §7: reaching capacity is enough; nobody chooses."""
    kwargs = {
        "pool": 5,
        "uncontrolled": [Uncontrolled("Anna", capacity=4, blood=2)],
        "moves": [Move.to_vampire("Anna", 2)],
    }
    default = plan_influence(**kwargs)  # type: ignore[arg-type]
    explicit = plan_influence(**kwargs, rules="black-hand")  # type: ignore[arg-type]
    assert default.steps == explicit.steps
    assert [v.name for v in default.controlled] == ["Anna"] and not default.uncontrolled
    with pytest.raises(IllegalPlay, match="Black Hand rulebook") as caught:
        plan_influence(**kwargs | {"moves": [Move.to_vampire("Anna", 2), Move.bring_out("Anna")]})  # type: ignore[arg-type]
    assert "vekn-2024" in caught.value.ru


def test_vekn_2024_a_vampire_at_capacity_stays_unless_brought_out() -> None:
    """VEKN rulebook, Influence Phase: moving a vampire at capacity out is optional."""
    kept = plan_influence(
        pool=5,
        uncontrolled=[Uncontrolled("Anna", capacity=4, blood=2)],
        moves=[Move.to_vampire("Anna", 2)],
        rules="vekn-2024",
    )
    assert kept.controlled == () and kept.pool == 3
    assert kept.uncontrolled == (Uncontrolled("Anna", capacity=4, blood=4),)
    assert "Methuselah's choice" in kept.steps[-1].text
    assert "выбор Метузела" in kept.steps[-1].ru
    taken = plan_influence(
        pool=5,
        uncontrolled=[Uncontrolled("Anna", capacity=4, blood=2)],
        moves=[Move.to_vampire("Anna", 3), Move.bring_out("Anna")],
        rules="vekn-2024",
    )
    assert [(v.name, v.blood, v.drained) for v in taken.controlled] == [("Anna", 4, 1)]
    assert taken.uncontrolled == () and taken.transfers_used == 3 and taken.pool == 2


def test_vekn_2024_bring_out_happens_at_its_point_of_the_phase() -> None:
    """VEKN rulebook: at any time of the phase; once out, the vampire is no longer influenced."""
    with pytest.raises(IllegalPlay, match="already brought out"):
        plan_influence(
            pool=5,
            uncontrolled=[Uncontrolled("Anna", capacity=2, blood=2)],
            moves=[Move.bring_out("Anna"), Move.to_pool("Anna", 1)],
            rules="vekn-2024",
        )
    with pytest.raises(IllegalPlay, match="1 more needed") as caught:
        plan_influence(
            pool=5,
            uncontrolled=[Uncontrolled("Anna", capacity=4, blood=2)],
            moves=[Move.to_vampire("Anna", 1), Move.bring_out("Anna")],
            rules="vekn-2024",
        )
    assert "не хватает 1" in caught.value.ru


def test_scarce_cost_counts_what_each_rulebook_says() -> None:
    """Same table: 3 Samedi in play, 1 of them the player's own. Seed §7 counts all 3 in
    play (9 pool); the VEKN rulebook's Scarce trait counts the player's 1 (3 pool)."""
    seed = plan_influence(
        pool=12,
        uncontrolled=[SAMEDI],
        moves=[Move.to_vampire("Baron")],
        in_play_by_clan={"Samedi": 3},
    )
    assert seed.controlled[0].scarce_cost == 9 and seed.pool == 2
    current = plan_influence(
        pool=12,
        uncontrolled=[SAMEDI],
        moves=[Move.to_vampire("Baron"), Move.bring_out("Baron")],
        rules="vekn-2024",
        controlled_by_clan={"Samedi": 1},
    )
    assert current.controlled[0].scarce_cost == 3 and current.pool == 8
    scarce_step = current.steps[-2]  # the bring-out is the plan's last move
    assert "you already control" in scarce_step.text
    assert "под вашим контролем уже 1 вампир клана Samedi" in scarce_step.ru


def test_vekn_2024_scarce_vampires_brought_out_count_each_other() -> None:
    plan = plan_influence(
        pool=10,
        uncontrolled=[
            Uncontrolled("S1", 2, blood=2, clan="Samedi", scarce=True),
            Uncontrolled("S2", 2, blood=2, clan="Samedi", scarce=True),
        ],
        moves=[Move.bring_out("S2"), Move.bring_out("S1")],
        rules="vekn-2024",
    )
    assert [(v.name, v.scarce_cost) for v in plan.controlled] == [("S2", 0), ("S1", 3)]
    with pytest.raises(IllegalPlay, match="you already control"):
        plan_influence(
            pool=3,
            uncontrolled=[SAMEDI],
            moves=[Move.to_vampire("Baron"), Move.bring_out("Baron")],
            rules="vekn-2024",
            controlled_by_clan={"Samedi": 1},
        )


def test_counts_and_rules_must_match() -> None:
    base = {"pool": 5, "uncontrolled": [SAMEDI], "moves": []}
    with pytest.raises(InvalidState, match="controlled_by_clan instead"):
        plan_influence(**base, rules="vekn-2024", in_play_by_clan={"Samedi": 1})  # type: ignore[arg-type]
    with pytest.raises(InvalidState, match="give in_play_by_clan"):
        plan_influence(**base, controlled_by_clan={"Samedi": 1})  # type: ignore[arg-type]
    with pytest.raises(InvalidState, match="black-hand, vekn-2024") as caught:
        plan_influence(**base, rules="vekn")  # type: ignore[arg-type]
    assert "редакция" in caught.value.ru
    with pytest.raises(InvalidState):
        plan_influence(**base, rules="vekn-2024", controlled_by_clan={"Samedi": -1})  # type: ignore[arg-type]


def test_nora_under_the_current_rulebook() -> None:
    """Nora's example plays the same under both rulebooks once she brings the vampire out."""
    seed = nora_plan()
    big = NORA_UNCONTROLLED[0].name
    current = plan_influence(
        pool=NORA_POOL,
        uncontrolled=NORA_UNCONTROLLED,
        moves=[*NORA_MOVES, Move.bring_out(big)],
        rules="vekn-2024",
    )
    assert (current.pool, current.controlled, current.uncontrolled) == (
        seed.pool,
        seed.controlled,
        seed.uncontrolled,
    )


@settings(max_examples=60, deadline=None)
@given(pool=st.integers(1, 8), a=st.integers(0, 8), b=st.integers(0, 10), plan_moves=moves)
def test_bringing_out_at_the_end_agrees_with_the_seed(
    pool: int, a: int, b: int, plan_moves: list[Move]
) -> None:
    """Without scarce vampires, a current-rulebook plan that brings out, at the end, every
    vampire at capacity ends exactly as the seed's automatic control does."""
    region = [Uncontrolled("A", 7, blood=a), Uncontrolled("B", 9, blood=b)]
    try:
        seed = plan_influence(pool=pool, uncontrolled=region, moves=plan_moves)
    except IllegalPlay:
        return
    kept = plan_influence(pool=pool, uncontrolled=region, moves=plan_moves, rules="vekn-2024")
    full = [u.name for u in kept.uncontrolled if u.blood >= u.capacity]
    assert [v.name for v in seed.controlled] == full
    current = plan_influence(
        pool=pool,
        uncontrolled=region,
        moves=[*plan_moves, *(Move.bring_out(name) for name in full)],
        rules="vekn-2024",
    )
    assert (current.pool, current.controlled, current.uncontrolled) == (
        seed.pool,
        seed.controlled,
        seed.uncontrolled,
    )
