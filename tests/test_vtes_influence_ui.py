"""The influence tab of the VTES table page under each rulebook, driven without a browser."""

from __future__ import annotations

import pytest

from calculators.pages.vtes_table.page import VtesTablePage, format_moves, parse_moves
from rules.vtes.influence import Move


@pytest.fixture
def app() -> VtesTablePage:
    page = VtesTablePage()
    page.select_tab("influence")
    return page


def test_the_tab_states_its_rulebook_and_black_hand_is_the_default(
    app: VtesTablePage,
) -> None:
    tab = app.influence
    assert tab.rules.value == "black-hand"
    assert "Applies the Black Hand rulebook (section 7)" in tab._rules_note.value
    assert "Rulebook: Black Hand rulebook (seed)" in tab.panel.text
    assert tab.in_play.description == "Vampires in play by clan"


def test_current_rulebook_keeps_a_vampire_at_capacity_until_brought_out(
    app: VtesTablePage,
) -> None:
    tab = app.influence
    tab.set_values(rules="vekn-2024")  # Nora's plan, without bringing the vampire out
    assert app.banner.message == ""
    assert "Rulebook: Current VEKN rulebook" in tab.panel.text
    assert "brought out only by a &#x27;bring out&#x27; line" in tab._rules_note.value
    assert tab.plan is not None and tab.plan.controlled == () and tab.plan.pool == 1
    assert "Methuselah's choice" in tab.trace_view.text
    assert tab.in_play.description == "Your vampires by clan"
    tab.load_nora()  # under the current rulebook her plan ends with the bring-out line
    assert tab.moves.value.endswith("bring out: Capacity-10 vampire")
    assert tab.plan is not None and [v.name for v in tab.plan.controlled] == ["Capacity-10 vampire"]
    tab.set_values(
        pool=12,
        uncontrolled="Baron, 3, 2, Samedi, scarce",
        moves="Baron +1\nbring out: Baron",
        in_play="Samedi: 1",
    )
    assert tab.plan is not None and tab.plan.controlled[0].scarce_cost == 3
    tab.set_values(rules="black-hand")  # the bring-out line is refused under the seed
    assert "Black Hand rulebook there is no such choice" in app.banner.message
    tab.set_values(moves="Baron +1")
    assert tab.plan is not None and tab.plan.controlled[0].scarce_cost == 3  # 1 in play
    tab.set_values(in_play="Samedi one")
    assert app.banner.message.startswith("Vampires in play by clan: write 'Clan: N'")


def test_russian_rulebook_texts(app: VtesTablePage) -> None:
    app.set_language("ru")
    tab = app.influence
    assert [label for label, _ in tab.rules.options] == [
        "Правила Black Hand (исходные)",
        "Текущие правила VEKN",
    ]
    tab.set_values(rules="vekn-2024", in_play="Samedi один")
    assert app.banner.message.startswith("Ваши вампиры по кланам: пишите пары")
    tab.set_values(in_play="")
    assert "Правила: Текущие правила VEKN" in tab.panel.text
    assert "выбор Метузела" in tab.trace_view.text


def test_bring_out_lines() -> None:
    moves = parse_moves("Anna +2\nBring out: Anna\nbring out Boris")
    assert moves == (Move.to_vampire("Anna", 2), Move.bring_out("Anna"), Move.bring_out("Boris"))
    assert format_moves(moves) == "Anna +2\nbring out: Anna\nbring out: Boris"
