"""The VTES table rules page driven without a browser: set inputs, read outputs."""

from __future__ import annotations

import pytest

from calculators.pages.vtes_table.page import TABS, VtesTablePage, seed_example_lines
from rules.errors import InvalidState
from rules.vtes.influence import Move
from rules.vtes.models import MinionState
from rules.vtes.table_text import (
    format_moves,
    parse_cards,
    parse_clan_counts,
    parse_events,
    parse_moves,
    parse_titles,
    parse_uncontrolled,
)
from rules.vtes.victory import Ousting, Withdrawal


@pytest.fixture
def app() -> VtesTablePage:
    return VtesTablePage()


def test_page_is_ready_and_every_tab_has_a_result(app: VtesTablePage) -> None:
    assert "calc-ready" in app.widget._dom_classes
    assert app.tab.titles == (
        "Torpor and diablerie",
        "Influence phase",
        "Victory points",
        "Contests",
    )
    for key in TABS:
        app.select_tab(key)
        assert app.active == key
        assert app.banner.message == ""
        assert app.tabs[key].summary_text
        assert app.tabs[key].trace_view.steps


def test_russian_labels(app: VtesTablePage) -> None:
    app.set_language("ru")
    assert app.tab.titles[1] == "Фаза влияния"
    assert app.influence.pool.description == "Пул"
    assert app.influence.summary_text.startswith("Пул 2 -> 1")
    assert app.victory.summary_text.startswith("Ничья")
    app.set_language("en")
    assert app.victory.summary_text == "A tie between Richard, Lisa."


# --------------------------------------------------------------------------- torpor


def test_torpor_states_are_named_in_the_page_language(app: VtesTablePage) -> None:
    t = app.torpor
    assert "(ready)" in t.panel.text  # the default: the vampire leaves torpor
    app.set_language("ru")
    assert "(готов)" in t.panel.text and "(ready)" not in t.panel.text
    t.set_values(blocked="vampire", blocker_diablerizes=True, votes_for=3, votes_against=5)
    assert "(сожжён)" in t.panel.text and "burned" not in t.panel.text
    app.set_language("en")
    assert "(burned)" in t.panel.text


def test_leave_torpor_default(app: VtesTablePage) -> None:
    t = app.torpor
    assert t.result is not None and t.result.outcome == "left torpor"
    assert "leaves torpor" in t.summary_text


def test_leave_torpor_blocked_by_vampire_who_diablerizes(app: VtesTablePage) -> None:
    t = app.torpor
    t.set_values(
        actor_capacity=8,
        actor_blood=4,
        blocked="vampire",
        blocker_capacity=5,
        blocker_blood=2,
        blocker_diablerizes=True,
        votes_for=3,
        votes_against=5,
    )
    assert app.banner.message == ""
    assert t.result.outcome == "diablerized"
    assert "No combat" in t.summary_text
    assert "5 of 5 blood (1 drained)" in t.panel.text
    assert "may be taken" in t.panel.text
    assert t.hunt is not None and not t.hunt.passed
    assert "fails" in t.panel.text


def test_leave_torpor_blocked_by_ally(app: VtesTablePage) -> None:
    app.torpor.set_values(blocked="ally")
    assert app.torpor.result.outcome == "failed"
    assert "stays in torpor" in app.torpor.summary_text


def test_leave_torpor_without_blood_is_explained(app: VtesTablePage) -> None:
    app.torpor.set_values(actor_blood=1)
    assert "costs 2 blood" in app.banner.message
    assert app.torpor.summary_text == ""
    app.torpor.actor_blood.value = 2
    assert app.banner.message == ""


def test_rescue_split_and_stealth(app: VtesTablePage) -> None:
    app.torpor.set_values(action="rescue", rescuer_share=2, same_controller=False)
    r = app.torpor.result
    assert r.outcome == "rescued" and r.rescuer_paid == 2 and r.rescued_paid == 0
    assert "Stealth 0, directed" in app.torpor.panel.text
    app.torpor.rescuer_share.value = 5
    assert "from 0 to 2" in app.torpor.rescuer_share.message()


def test_ally_cannot_rescue(app: VtesTablePage) -> None:
    app.torpor.set_values(action="rescue", actor_kind="ally")
    assert "allies cannot" in app.banner.message


def test_diablerie_action_and_blood_hunt(app: VtesTablePage) -> None:
    app.torpor.set_values(
        action="diablerie",
        actor_capacity=6,
        actor_blood=3,
        target_capacity=8,
        target_blood=5,
        equipment="Sword of Nuln, Flak Jacket",
        take_discipline=True,
        votes_for=6,
        votes_against=2,
    )
    t = app.torpor
    assert t.result.diablerie.diablerist.capacity == 7
    assert t.result.diablerie.equipment_taken == ("Sword of Nuln", "Flak Jacket")
    assert t.hunt is not None and t.hunt.passed
    assert t.hunt.diablerist.state is MinionState.BURNED
    assert "Blood hunt called" in t.panel.text
    assert "Stealth +1, not directed" in t.panel.text


def test_diablerie_blood_curse_message(app: VtesTablePage) -> None:
    app.torpor.set_values(action="diablerie", blood_cursed=True)
    assert "blood curse" in app.banner.message


# --------------------------------------------------------------------------- influence


def test_nora_buttons(app: VtesTablePage) -> None:
    app.select_tab("influence")
    app.influence.nora_refused_button.click()
    assert "ousted" in app.banner.message and "refused" in app.banner.message
    assert app.influence.plan is None
    app.influence.nora_button.click()
    assert app.banner.message == ""
    plan = app.influence.plan
    # seed vtes-rulebook-p4, Nora's influence example: pool 2, +1 back from the capacity-7
    # vampire (2 transfers), 2 onto the capacity-10 vampire (2 transfers): pool 1
    assert plan is not None and plan.pool == 1
    assert [v.name for v in plan.controlled] == ["Capacity-10 vampire"]
    assert app.influence.summary_text == "Pool 2 -> 1; transfers used 4 of 4."


def test_first_turn_has_one_transfer(app: VtesTablePage) -> None:
    app.select_tab("influence")
    app.influence.set_values(game_turn=1)
    assert "transfers but only 1" in app.banner.message or "only 1 of the 1" in app.banner.message
    assert "1 transfers" in app.influence._transfers_note.value


def test_bad_plan_line_is_explained(app: VtesTablePage) -> None:
    app.select_tab("influence")
    app.influence.moves.value = "Capacity-10 vampire twice"
    assert "line 1" in app.banner.message and "'name +N'" in app.banner.message


def test_scarce_in_the_page(app: VtesTablePage) -> None:
    app.select_tab("influence")
    app.influence.set_values(
        pool=12,
        uncontrolled="Baron, 4, 3, Samedi, scarce",
        moves="Baron +1",
        in_play="Samedi: 2",
    )
    assert app.banner.message == ""
    assert app.influence.plan is not None and app.influence.plan.pool == 12 - 1 - 6


def test_draw_from_crypt_in_the_page(app: VtesTablePage) -> None:
    app.select_tab("influence")
    app.influence.set_values(pool=5, uncontrolled="", moves="draw", crypt="Top, 7, 0")
    assert app.influence.plan is not None
    assert [u.name for u in app.influence.plan.uncontrolled] == ["Top"]


# --------------------------------------------------------------------------- victory


def test_richard_example_in_the_page(app: VtesTablePage) -> None:
    app.select_tab("victory")
    app.victory.richard_button.click()
    s = app.victory.score
    assert s is not None and s.tie
    # seed vtes-rulebook-p4, victory example: Richard 2 VP and 12 pool, Lisa 2 VP and 6 pool
    assert "Richard 2 12 ousted" in app.victory.panel.text
    assert "Lisa 2 6 last standing" in app.victory.panel.text


def test_victory_errors(app: VtesTablePage) -> None:
    app.select_tab("victory")
    app.victory.events.value = "Steve\nSteve"
    assert "no longer in the game" in app.banner.message
    app.victory.events.value = "Zed"
    assert "not at this table" in app.banner.message
    app.victory.events.value = "withdraw: Steve"
    assert app.banner.message == ""
    assert app.victory.score is not None and app.victory.score.vp("Steve") == 1
    app.victory.withdrawal_vp.value = "1/2"
    assert "Steve 1/2 0 withdrawn" in app.victory.panel.text  # the withdrawal VP typed above


def test_simultaneous_in_the_page(app: VtesTablePage) -> None:
    app.select_tab("victory")
    app.victory.set_values(seating="A, B, C, D", events="B + C")
    s = app.victory.score
    assert s is not None
    assert (s.vp("B"), s.pool_gained("B")) == (1, 0)
    assert "leading" in app.victory.summary_text


# --------------------------------------------------------------------------- contests


def test_contests_default(app: VtesTablePage) -> None:
    app.select_tab("contests")
    r = app.contests.upkeep
    assert r is not None
    assert r.cards_kept == ("Elysium: The Arboretum",)
    assert r.cards_yielded == ("Archon Investigation",)
    assert r.forced_yields == ("Archbishop of Rome",)
    assert "Archbishop of Rome (forced)" in app.contests.panel.text


def test_contests_not_enough_pool(app: VtesTablePage) -> None:
    app.select_tab("contests")
    app.contests.set_values(pool=1, cards="A\nB\nC")
    assert "yield at least 2" in app.banner.message
    app.contests.cards.value = "A, oops"
    assert "unknown option 'oops'" in app.banner.message


# --------------------------------------------------------------------------- parsers, url


def test_parsers() -> None:
    (v,) = parse_uncontrolled("Baron, 4, 3, Samedi, scarce")
    assert (v.capacity, v.blood, v.clan, v.scarce) == (4, 3, "Samedi", True)
    with pytest.raises(InvalidState, match="line 1"):
        parse_uncontrolled("Baron, four, 3")
    assert parse_moves("A +2\nB -1\ndraw") == (
        Move.to_vampire("A", 2),
        Move.to_pool("B"),
        Move.draw(),
    )
    assert format_moves(parse_moves("A +2\nB -1")) == "A +2\nB -1"
    assert parse_clan_counts("Samedi: 2, Brujah: 1") == {"Samedi": 2, "Brujah": 1}
    assert parse_events("A\nB + C\nwithdraw: D\nwithdraw failed: E") == (
        Ousting(("A",)),
        Ousting(("B", "C")),
        Withdrawal("D"),
        Withdrawal("E", lost_pool=True),
    )
    cards, yields = parse_cards("X, rivals 0\nY, yield")
    assert [c.rivals for c in cards] == [0, 1] and yields == ("Y",)
    titles, tyields = parse_titles("Prince, Anne, 3, torpor, rivals 2, yield")
    assert titles[0].ready is False and titles[0].rivals == 2 and tyields == ("Prince",)


def test_url_tab_parameter(app: VtesTablePage, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "tab=victory")
    app.follow_url()
    assert app.active == "victory"
    monkeypatch.setenv("QUERY_STRING", "tab=nowhere")
    app.follow_url()
    assert "unknown tab" in app.banner.message


def test_seed_example_lines() -> None:
    lines = seed_example_lines()
    assert "  accepted: transfers used 4/4, pool left 1" in lines
    assert "  Richard: 2 VP, +12 pool (ousted)" in lines
    assert "  Lisa: 2 VP, +6 pool (last standing)" in lines
    assert lines[-1] == "  result: a tie between Richard and Lisa"


def test_russian_page_shows_russian_errors(app: VtesTablePage) -> None:
    app.set_language("ru")
    app.torpor.set_values(actor_blood=1)
    assert "выход из ступора стоит 2 литра крови" in app.banner.message
    app.torpor.actor_blood.value = 2
    assert app.banner.message == ""
    app.select_tab("influence")
    app.influence.moves.value = "Anna plus two"
    assert app.banner.message.startswith("План, строка 1: пишите 'имя +N'")
    app.set_language("en")
    assert app.banner.message.startswith("Plan, line 1: write 'name +N'")


def test_parser_errors_in_russian() -> None:
    with pytest.raises(InvalidState) as caught:
        parse_uncontrolled("Anna, four, 2", "Crypt")
    assert caught.value.in_language("ru") == (
        "Склеп, строка 1: значение «объём крови» должно быть целым числом, а получено 'four'."
    )
    with pytest.raises(InvalidState) as caught_option:
        parse_titles("Prince, Anne, 3, asleep")
    assert caught_option.value.in_language("ru") == (
        "Оспариваемые титулы, строка 1: неизвестный параметр 'asleep'; "
        "допустимы: yield, torpor, rivals N."
    )


def test_after_a_reset_the_address_follows_the_rebuilt_tabs(app: VtesTablePage) -> None:
    from ipywidgets.widgets.widget import _instances  # every widget not closed yet

    victory = app.tab_object("victory")
    victory.seating.value = "Ann, Bob, Cid"
    assert "victory_seating=Ann" in app.address_query()
    app.reset()
    open_after_reset = len(_instances)
    assert "victory_seating" not in app.address_query()
    rebuilt = app.tab_object("victory")
    with_one_tab = len(_instances)
    assert with_one_tab > open_after_reset
    assert rebuilt is not victory and victory.seating.comm is None  # the old tab was closed
    rebuilt.seating.value = "Dee, Eve, Fay"
    assert "victory_seating=Dee" in app.address_query()
    app.reset()
    app.tab_object("victory")
    assert len(_instances) == with_one_tab  # nothing piles up
