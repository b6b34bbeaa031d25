"""Fury of Dracula engine: card data, round odds, blood track and the round resolver."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dracula import (
    Opponent,
    Situation,
    blood_after_killed,
    combat_result,
    default_table,
    hunter,
    resolve_round,
    round_odds,
    start_combat,
)
from rules.dracula.cards import ENEMY_CARDS, HUNTER_CARDS, CardTable
from rules.dracula.combat import enemy_options, hunter_options
from rules.dracula.examples import EXAMPLE_ROUNDS, example_start, example_text, run_example
from rules.dracula.words import CARD_NAMES, result_name
from rules.errors import IllegalPlay, InvalidState
from rules.i18n import render_param
from rules.trace import Step

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds"
SEED_FILE = SEED / "fury-of-dracula-2e-combat-hunters-powers.ru.txt"


# --- the seed's worked example -------------------------------------------------------------


def test_worked_example_states_after_each_round() -> None:
    r1, r2, r3 = run_example()
    # Round 1: both roll 3, Trap makes Dracula's 4; Claws against Stake: 2 wounds.
    assert (r1.hunter_total, r1.enemy_total, r1.winner) == (3, 4, "enemy")
    assert r1.result is not None and (r1.result.kind, r1.result.amount) == ("wound", 2)
    assert r1.state.hunter.health == 2 and r1.state.blood == 4
    assert r1.state.hunter_last == ("Stake",) and r1.state.enemy_last == "Claws"
    assert r1.state.ended is None and r1.state.continues == 0
    # Round 2: Dodge against Dodge, 4 against 2+1: Continue, Van Helsing +1 next round.
    assert (r2.hunter_total, r2.enemy_total, r2.winner) == (4, 3, "hunter")
    assert r2.result is not None and r2.result.kind == "continue"
    assert r2.state.continues == 1 and r2.state.dodge_bonus == "hunter"
    assert r2.state.hunter.health == 2 and r2.state.blood == 4
    # Round 3: Stake against Claws again, 4+1 each; initiative 3 beats 2; killed at 4 -> 0.
    assert (r3.hunter_total, r3.enemy_total, r3.winner) == (5, 5, "hunter")
    assert r3.result is not None and r3.result.kind == "killed"
    assert r3.state.blood == 0 and r3.state.ended == "destroyed"
    assert any(s.rule == "dracula:initiative" and "3" in s.text for s in r3.steps)


def test_example_data_matches_resolver() -> None:
    for data, rep in zip(EXAMPLE_ROUNDS, run_example(), strict=True):
        assert rep.winner == data.winner
        assert rep.state.hunter.health == data.hunter_health
        assert rep.state.blood == data.dracula_blood
        assert rep.state.ended == data.ended
    assert example_text().count("Round ") == 3


def test_example_setup_from_seed() -> None:
    if not SEED_FILE.exists():
        pytest.skip("seed folder absent")
    text = SEED_FILE.read_text(encoding="utf-8")
    assert "у Ван Хельсинга 4 Здоровья, у Дракулы 4 Крови" in text
    state, _ = example_start()
    assert state.hunter.health == 4 and state.blood == 4 and state.situation.trap


def test_second_stake_cannot_follow_stake() -> None:
    state, _ = example_start()
    state = resolve_round(state, "Stake", "Claws", 3, 3).state
    with pytest.raises(IllegalPlay, match="allowed now"):
        resolve_round(state, "Stake", "Dodge (Dracula)", 1, 1)
    with pytest.raises(IllegalPlay, match="stays on the table"):
        resolve_round(state, "Dodge", "Claws", 1, 1)
    # Two copies of the Stake: the second may follow the first.
    two, _ = start_combat(
        hunter("Van Helsing", items=("Stake", "Stake")), Opponent.dracula(night=False)
    )
    two = resolve_round(two, "Stake", "Claws", 1, 6).state
    assert "Stake" in hunter_options(two)


# --- card data ------------------------------------------------------------------------------


def test_table_has_every_cell_with_a_source() -> None:
    t = default_table()
    assert len(t.cells) == 2 * len(HUNTER_CARDS) * len(ENEMY_CARDS)
    assert all(c.source for c in t.cells.values())
    confirmed = {k for k, c in t.cells.items() if c.confirmed}
    assert confirmed == {
        ("hunter", "Stake", "Claws"),
        ("enemy", "Stake", "Claws"),
        ("hunter", "Dodge", "Dodge (Dracula)"),
    }


def test_combat_result_contract() -> None:
    r = combat_result("Stake", "Claws", "enemy")
    assert (r.kind, r.amount, r.item_destroyed, r.confirmed) == ("wound", 2, False, True)
    assert combat_result("Stake", "Claws", "hunter").kind == "killed"
    hw = combat_result("Holy Water", "Claws", "hunter")
    assert hw.item_destroyed and not hw.confirmed and "DracJS" in hw.source
    with pytest.raises(IllegalPlay):
        combat_result("Crucifix", "Punch (Agent)", "hunter")
    with pytest.raises(InvalidState):
        combat_result("Stake", "Claws", "nobody")
    with pytest.raises(InvalidState):
        combat_result("Sword", "Claws", "hunter")


def test_initiative_unknowns_are_explicit() -> None:
    t = default_table()
    assert t.initiative("Stake") == 3 and t.initiative("Claws") == 2
    assert t.initiative_of("Punch").value is None
    with pytest.raises(InvalidState, match="unknown"):
        t.initiative("Punch")
    t2 = t.with_initiative("Punch", 1)
    assert t2.initiative("Punch") == 1 and t2 != t
    assert t2.missing_initiatives(["Punch", "Fangs", "Stake"]) == ("Fangs",)
    assert t2.with_initiative("Punch", None) == t


def test_override_cell() -> None:
    t = default_table().with_result("hunter", "Punch", "Claws", "wound 2")
    cell = t.result("hunter", "Punch", "Claws")
    assert (cell.kind, cell.amount, cell.overridden, cell.confirmed) == ("wound", 2, True, False)
    assert t.overrides() == (cell,)
    assert combat_result("Punch", "Claws", "hunter").kind == "continue"
    assert t.with_result("hunter", "Punch", "Claws", "continue") == default_table()
    with pytest.raises(InvalidState, match="cannot give"):
        t.with_result("enemy", "Punch", "Claws", "killed")
    with pytest.raises(InvalidState, match="allowed"):
        t.with_result("hunter", "Punch", "Claws", "wound 9")


# --- round odds -----------------------------------------------------------------------------


def _brute_odds(hb: int, eb: int, hi: int, ei: int, dice: int) -> tuple[Fraction, Fraction]:
    win = tie = lose = 0
    hunter_rolls = (
        [(a,) for a in range(1, 7)]
        if dice == 1
        else [(a, b) for a in range(1, 7) for b in range(1, 7)]
    )
    for roll in hunter_rolls:
        for e in range(1, 7):
            h, x = max(roll) + hb, e + eb
            if h > x:
                win += 1
            elif h < x:
                lose += 1
            else:
                tie += 1
    if hi > ei:
        win += tie
    elif hi < ei:
        lose += tie
    # equal initiative: ties are rolled again, so only decided rolls count
    return Fraction(win, win + lose), Fraction(lose, win + lose)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 4),
    st.integers(0, 4),
    st.integers(0, 4),
    st.integers(0, 4),
    st.sampled_from([1, 2]),
)
def test_round_odds_equal_brute_force(hb: int, eb: int, hi: int, ei: int, dice: int) -> None:
    o = round_odds(hb, eb, hunter_initiative=hi, enemy_initiative=ei, hunter_dice=dice)
    assert (o.hunter_wins, o.enemy_wins) == _brute_odds(hb, eb, hi, ei, dice)
    assert o.hunter_wins + o.enemy_wins == 1
    assert o.rerolled == (hi == ei)


def test_round_odds_known_values() -> None:
    # Plain d6 against d6, hunter wins ties: 21/36.
    assert round_odds(hunter_initiative=3, enemy_initiative=2).hunter_wins == Fraction(21, 36)
    # Equal initiative: ties rolled again: 15/30.
    assert round_odds(hunter_initiative=2, enemy_initiative=2).hunter_wins == Fraction(1, 2)
    # Godalming keeps the better of two dice against an agent, losing ties.
    two = round_odds(hunter_initiative=1, enemy_initiative=2, hunter_dice=2)
    assert two.hunter_wins == Fraction(sum((2 * a - 1) * (a - 1) for a in range(1, 7)), 216)
    with pytest.raises(InvalidState):
        round_odds(hunter_initiative=1, enemy_initiative=1, hunter_dice=3)


# --- blood track ----------------------------------------------------------------------------


@pytest.mark.parametrize("blood", range(1, 16))
def test_blood_after_killed_every_value(blood: int) -> None:
    expected = {range(11, 16): 10, range(6, 11): 5, range(1, 6): 0}
    want = next(v for r, v in expected.items() if blood in r)
    assert blood_after_killed(blood) == want


@pytest.mark.parametrize("blood", [0, 16, -3])
def test_blood_after_killed_rejects(blood: int) -> None:
    with pytest.raises(InvalidState):
        blood_after_killed(blood)


# --- resolver rules -------------------------------------------------------------------------


def test_repel_limits_dracula_next_round() -> None:
    t = default_table().with_initiatives({"Rifle": 1})
    state, _ = start_combat(hunter("Dr. Seward", items=("Rifle",)), Opponent.dracula())
    rep = resolve_round(state, "Rifle", "Claws", 6, 1, table=t)
    assert rep.result is not None and rep.result.kind == "repel" and rep.state.repel
    assert set(enemy_options(rep.state)) == {
        "Dodge (Dracula)",
        "Escape (Man)",
        "Escape (Bat)",
        "Escape (Mist)",
    }
    with pytest.raises(IllegalPlay, match="repelled"):
        resolve_round(rep.state, "Punch", "Fangs", 1, 1, table=t)


def test_garlic_forbids_escapes_for_three_rounds() -> None:
    state, _ = start_combat(
        hunter("Van Helsing"), Opponent.dracula(night=False), Situation(garlic=True)
    )
    assert enemy_options(state) == ("Claws", "Dodge (Dracula)")
    s = state
    for _ in range(3):
        card = "Claws" if s.enemy_last != "Claws" else "Dodge (Dracula)"
        mine = "Punch" if s.hunter_last != ("Punch",) else "Dodge"
        s = resolve_round(s, mine, card, 6, 1).state
    assert s.round == 4 and "Escape (Man)" in enemy_options(s)


def test_three_continues_end_the_combat() -> None:
    state, _ = start_combat(hunter("Van Helsing"), Opponent.dracula(night=False))
    plays = [("Punch", "Claws"), ("Dodge", "Dodge (Dracula)"), ("Punch", "Claws")]
    for h, e in plays:
        state = resolve_round(state, h, e, 6, 1).state
    assert state.ended == "continues"
    with pytest.raises(IllegalPlay, match="over"):
        resolve_round(state, "Dodge", "Dodge (Dracula)", 6, 1)


def test_bite_fills_last_slot_defeats_mina() -> None:
    t = default_table().with_initiatives({"Punch": 1, "Fangs": 1})
    state, _ = start_combat(hunter("Mina Harker"), Opponent.dracula())
    rep = resolve_round(state, "Punch", "Fangs", 1, 6, table=t)
    assert rep.state.ended == "defeated" and rep.state.hunter.bites == 1
    vh, _ = start_combat(hunter("Van Helsing", bites=1), Opponent.dracula())
    rep = resolve_round(vh, "Punch", "Fangs", 1, 6, table=t)
    assert rep.state.ended == "bitten" and rep.state.hunter.bites == 2
    # a bitten Van Helsing gives Dracula +1
    assert "bitten" in " ".join(s.text for s in rep.steps)


def test_equal_totals_equal_initiative_reroll() -> None:
    t = default_table().with_initiatives({"Punch": 2})
    state, _ = start_combat(hunter("Van Helsing"), Opponent.dracula(night=False))
    rep = resolve_round(state, "Punch", "Claws", 4, 4, table=t)
    assert rep.rerolled and rep.winner is None and rep.state == state
    assert "rolled again" in rep.steps[-1].text
    with pytest.raises(InvalidState, match="unknown"):
        resolve_round(state, "Punch", "Claws", 4, 4)


def test_item_destroyed() -> None:
    t = default_table().with_initiatives({"Holy Water": 1})
    state, _ = start_combat(hunter("Dr. Seward", items=("Holy Water",)), Opponent.dracula())
    rep = resolve_round(state, "Holy Water", "Claws", 6, 1, table=t)
    # combat results table, hunter wins Holy Water vs Claws: wound 3, item destroyed; 15 - 3
    assert rep.state.blood == 12 and rep.state.hunter.items == ()
    assert rep.state.destroyed == ("Holy Water",)
    assert any(s.rule == "dracula:item-destruction" for s in rep.steps)


def test_agent_combat_godalming_two_dice_and_holy_items() -> None:
    agent = Opponent.agent(("Pistol (Agent)",), minion=True)
    state, _ = start_combat(
        hunter("Lord Godalming", items=("Crucifix", "Knife")),
        agent,
        Situation(eastern_europe=True),
    )
    assert "Crucifix" not in hunter_options(state)
    rep = resolve_round(state, "Knife", "Pistol (Agent)", (2, 6), 3)
    # Minion in Eastern Europe +1, Pistol +1: 3+2 = 5 against the kept 6.
    assert (rep.hunter_total, rep.enemy_total) == (6, 5)
    assert rep.state.ended == "killed"
    with pytest.raises(InvalidState, match="two dice"):
        resolve_round(state, "Knife", "Punch (Agent)", 3, 3)
    with pytest.raises(IllegalPlay):
        resolve_round(state, "Crucifix", "Punch (Agent)", (3, 3), 3)


def test_group_combat_target_and_applied_card() -> None:
    group = (hunter("Mina Harker", items=("Stake",)), hunter("Van Helsing", bites=1))
    state, steps = start_combat(group, Opponent.dracula())
    assert len([s for s in steps if s.rule == "dracula:combat-decks"]) == 3
    t = default_table().with_initiatives({"Punch": 1})
    # Dracula targets Van Helsing (index 1); a bitten non-Mina hunter gives Dracula +1.
    rep = resolve_round(state, ("Stake", "Punch"), "Claws", 5, 4, table=t, target=1, applied=0)
    assert rep.enemy_total == 5 and rep.hunter_total == 5
    # tie: Punch (1) against Claws (2) -> Dracula wins and reads the target's Punch: wound 1
    assert rep.winner == "enemy"
    assert rep.state.hunters[1].health == 7 and rep.state.hunters[0].health == 8
    rep = resolve_round(state, ("Stake", "Punch"), "Claws", 6, 1, table=t, target=1, applied=0)
    assert rep.winner == "hunter" and rep.result is not None and rep.result.kind == "killed"
    assert rep.state.blood == 10  # killed: down to the next red mark below 15
    with pytest.raises(InvalidState):
        resolve_round(state, "Stake", "Claws", 6, 1)


# --- Sister Agatha (hunters' ally; not in the seed) -------------------------------------------

AGATHA = Situation(sister_agatha=True)
TAXED = {"Fangs", "Escape (Man)", "Escape (Bat)", "Escape (Mist)"}


def _ones() -> CardTable:
    return default_table().with_initiatives(
        {c: 1 for c in default_table().missing_initiatives(HUNTER_CARDS + ENEMY_CARDS)}
    )


def test_agatha_payment_comes_before_the_result() -> None:
    t = _ones()
    vh = hunter("Van Helsing", items=("Stake", "Holy Water"))
    state, steps = start_combat(vh, Opponent.dracula(), AGATHA, blood=12)
    assert any(s.rule == "dracula:powers" and "Sister Agatha" in s.text for s in steps)
    # Stake beats Fangs: killed. He pays 2 first (12 -> 10), then drops to the next red mark.
    rep = resolve_round(state, "Stake", "Fangs", 6, 1, table=t)
    assert rep.state.blood == 5
    assert (
        resolve_round(
            start_combat(vh, Opponent.dracula(), blood=12)[0], "Stake", "Fangs", 6, 1, table=t
        ).state.blood
        == 10
    )
    paid = [s for s in rep.steps if s.rule == "dracula:powers"]
    assert paid and "12 -> 10" in paid[0].text
    # Holy Water beats Fangs for 4 wounds: from 5 blood, 2 paid leaves 3 and the wounds end him
    state5, _ = start_combat(vh, Opponent.dracula(), AGATHA, blood=5)
    rep = resolve_round(state5, "Holy Water", "Fangs", 6, 1, table=t)
    assert rep.state.blood == 0 and rep.state.ended == "destroyed"
    state5b, _ = start_combat(vh, Opponent.dracula(), blood=5)
    assert resolve_round(state5b, "Holy Water", "Fangs", 6, 1, table=t).state.blood == 1


def test_agatha_escape_costs_even_when_it_ends_the_fight() -> None:
    t = _ones()
    state, _ = start_combat(hunter("Mina Harker"), Opponent.dracula(night=False), AGATHA, blood=7)
    rep = resolve_round(state, "Punch", "Escape (Man)", 1, 6, table=t)
    assert rep.state.ended == "escaped" and rep.state.blood == 5
    # the hunter's own Escape against an untaxed card costs Dracula nothing
    rep = resolve_round(state, "Escape", "Claws", 6, 1, table=t)
    assert rep.state.ended == "escaped" and rep.state.blood == 7


def test_agatha_needs_more_blood_than_the_price() -> None:
    t = _ones()
    state, _ = start_combat(hunter("Dr. Seward"), Opponent.dracula(), AGATHA, blood=2)
    assert set(enemy_options(state)) == {"Claws", "Dodge (Dracula)", "Mesmerize", "Strength"}
    with pytest.raises(IllegalPlay, match="Sister Agatha"):
        resolve_round(state, "Punch", "Fangs", 6, 1, table=t)
    state3, _ = start_combat(hunter("Dr. Seward"), Opponent.dracula(), AGATHA, blood=3)
    assert set(enemy_options(state3)) >= TAXED
    rep = resolve_round(state3, "Dodge", "Escape (Bat)", 1, 6, table=t)
    assert rep.state.blood == 1  # paid down to 1, never to 0


def test_agatha_is_paid_once_per_card_and_not_by_agents() -> None:
    t = _ones()  # Punch 1 and Fangs 1: equal totals re-roll
    state, _ = start_combat(hunter("Dr. Seward"), Opponent.dracula(), AGATHA, blood=9)
    tie = resolve_round(state, "Punch", "Fangs", 3, 3, table=t)
    assert tie.rerolled and tie.state.blood == 9
    assert any("paid once" in s.text for s in tie.steps)
    assert resolve_round(tie.state, "Punch", "Fangs", 1, 6, table=t).state.blood == 7
    agent_state, _ = start_combat(hunter("Dr. Seward"), Opponent.agent(), AGATHA)
    rep = resolve_round(agent_state, "Punch", "Punch (Agent)", 6, 1, table=t)
    assert not any(s.rule == "dracula:powers" and "pays" in s.text for s in rep.steps)


def test_dracula_always_has_a_legal_card() -> None:
    # Every mix of blood, the card on the table, repel, round, Garlic, Dodge in round 1 and
    # Sister Agatha that a combat can reach leaves Dracula at least one card.
    for night in (True, False):
        opp = Opponent.dracula(night=night)
        for blood in (1, 2, 3, 15):
            for flags in range(8):
                sit = Situation(
                    garlic=bool(flags & 1),
                    dodge_in_round_one=bool(flags & 2),
                    sister_agatha=bool(flags & 4),
                )
                start, _ = start_combat(hunter("Van Helsing"), opp, sit, blood=blood)
                for last in (None, *opp.deck()):
                    for repel in (False, True):
                        for rnd in (1, 2, 3, 4):
                            if rnd == 1 and (last is not None or repel):
                                continue  # round 1 starts with an empty table
                            s = replace(start, enemy_last=last, repel=repel, round=rnd)
                            assert enemy_options(s), (night, blood, sit, last, repel, rnd)


def test_no_dodge_in_round_one_for_either_side() -> None:
    sit = Situation(dodge_in_round_one=False)
    state, steps = start_combat(hunter("Van Helsing"), Opponent.dracula(), sit)
    assert "Dodge" not in hunter_options(state, table=_ones())
    assert "Dodge (Dracula)" not in enemy_options(state)
    assert any("round 1" in s.text for s in steps)
    after = resolve_round(state, "Punch", "Claws", 6, 1, table=_ones()).state
    assert "Dodge" in hunter_options(after, table=_ones())
    assert "Dodge (Dracula)" in enemy_options(after)


# --- Russian trace texts ----------------------------------------------------------------------


def _ru(steps: tuple[Step, ...], rule: str) -> list[str]:
    return [s.ru for s in steps if s.rule == rule]


def test_worked_example_round_three_in_russian() -> None:
    # Stake against Claws, 5 against 5: initiative 3 beats 2, Killed drops 4 blood to 0.
    r3 = run_example()[2]
    assert _ru(r3.steps, "dracula:initiative") == [
        "Итоги равны: инициатива у карты Кол (Stake) 3, у карты Когти (Claws) 2; побеждает Охотник."
    ]
    assert "Охотник 4+1 = 5; Дракула 4+1 = 5." in _ru(r3.steps, "dracula:combat-roll")
    assert _ru(r3.steps, "dracula:blood-track") == [
        "Убит: Кровь Дракулы опускается до следующего красного деления, 4 -> 0."
    ]
    assert _ru(r3.steps, "dracula:victory") == ["Кровь Дракулы дошла до 0: Охотники победили."]


def test_worked_example_round_one_wound_in_russian() -> None:
    r1 = run_example()[0]
    results = _ru(r1.steps, "dracula:results")
    assert results[0].startswith("Побеждает Дракула; на карте Когти (Claws) против карты Кол")
    assert results[0].endswith("стоит результат: 2 Раны.")
    assert results[1] == "Van Helsing теряет 2 Здоровья: 4 -> 2."
    _, start = example_start()
    assert "До первого раунда: Дракула сыграл «Ловушку»" in start[0].ru
    assert "Кровь Дракулы в начале боя: 4." in _ru(start, "dracula:blood-track")


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (1, "1 Рана"),
        (2, "2 Раны"),
        (4, "4 Раны"),
        (5, "5 Ран"),
        (11, "11 Ран"),
        (12, "12 Ран"),
        (21, "21 Рана"),
        (22, "22 Раны"),
        (111, "111 Ран"),
    ],
)
def test_russian_plural_forms(n: int, expected: str) -> None:
    assert render_param(result_name("wound", n), "ru") == expected


def test_russian_steps_name_cards_in_russian_and_as_the_page_shows_them() -> None:
    # A health loss of 1 and a destroyed item, with one-unit plurals.
    vh = hunter("Van Helsing", items=("Rifle",))
    state, steps = start_combat(vh, Opponent.dracula(), blood=12)
    report = resolve_round(state, "Punch", "Claws", 1, 6, table=_ones())
    lost = [s.ru for s in report.steps if "теряет" in s.ru]
    wound = report.result.amount if report.result else 0
    health = "Здоровье" if wound == 1 else "Здоровья"
    assert lost == [f"Van Helsing теряет {wound} {health}: 8 -> {8 - wound}."]
    every = steps + report.steps
    assert all(re.search("[А-Яа-я]", s.ru) and s.ru != s.text for s in every)
    for s in every:
        for card, name in CARD_NAMES.items():
            if f"({card})" in s.ru:
                ru = name.render("ru")
                assert ru.endswith(f" ({card})") and ru in s.ru, s.ru


# --- errors in Russian ----------------------------------------------------------------------


def test_a_card_left_on_the_table_is_refused_in_russian() -> None:
    state, _ = start_combat(hunter("Van Helsing"), Opponent.dracula())
    state = resolve_round(state, "Punch", "Claws", 6, 1).state
    with pytest.raises(IllegalPlay, match="cannot choose Punch") as caught:
        resolve_round(state, "Punch", "Fangs", 6, 1)
    ru = caught.value.in_language("ru")
    assert ru.startswith("Van Helsing не может выбрать карту Удар (Punch)")
    assert "ещё лежит на столе" in ru
    allowed_ru = ru.split("сейчас можно: ", 1)[1]
    assert "Уклонение (Dodge)" in allowed_ru and "Бегство (Escape)" in allowed_ru
    assert "Удар (Punch)" not in allowed_ru
    assert caught.value.in_language("en") == str(caught.value)


def test_bad_hunter_and_table_input_explained_in_russian() -> None:
    with pytest.raises(InvalidState) as caught:
        hunter("Mina Harker", bites=1)
    assert caught.value.in_language("ru") == (
        "Mina Harker: 1 ячейка Укуса, поэтому жетонов Укуса может быть 0..0, а не 1 "
        "(Укус в последнюю ячейку означает поражение Охотника)"
    )
    with pytest.raises(InvalidState) as caught:
        default_table().with_result("hunter", "Punch", "Claws", "bite")
    ru = caught.value.in_language("ru")
    assert ru.startswith("победа Охотника не может дать 'bite' (Укус); допустимы:")
    assert "'repel' (Подавление)" in ru and "'bite'" not in ru.split("допустимы:")[1]
    with pytest.raises(InvalidState) as caught:
        default_table().with_initiative("Fangs", 12)
    ru = caught.value.in_language("ru")
    assert ru == "инициатива карты Клыки (Fangs) должна быть 0..9, а не 12"


def test_unknown_initiative_and_bad_dice_in_russian() -> None:
    from rules.dracula.chain import combat_odds

    with pytest.raises(InvalidState, match="unknown initiative numbers") as caught:
        combat_odds(hunter("Van Helsing"), Opponent.dracula(night=False))
    ru = caught.value.in_language("ru")
    assert ru.startswith("неизвестны числа инициативы карт: ")
    assert "Удар (Punch)" in ru and "assume_initiative" in ru
    state, _ = start_combat(hunter("Lord Godalming"), Opponent.agent())
    with pytest.raises(InvalidState) as caught:
        resolve_round(state, "Punch", "Punch (Agent)", 3, 2)
    assert caught.value.in_language("ru") == (
        "против Агента Lord Godalming бросает два кубика: укажите пару"
    )
    with pytest.raises(InvalidState) as caught:
        resolve_round(state, "Punch", "Punch (Agent)", (3, 7), 2)
    assert caught.value.in_language("ru") == "на кубике Охотника должно быть 1..6, а не 7"
