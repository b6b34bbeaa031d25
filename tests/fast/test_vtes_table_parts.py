"""The VTES table page's tabs and view without a page: frozen inputs, engine calls, words."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from calculators.kit.part import StandaloneContext
from calculators.pages.vtes_table.contests import ContestTab, pay_contests
from calculators.pages.vtes_table.influence import InfluenceTab, plan_phase
from calculators.pages.vtes_table.inputs import (
    ContestInputs,
    InfluenceInputs,
    TorporInputs,
    VictoryInputs,
)
from calculators.pages.vtes_table.labels import LABELS
from calculators.pages.vtes_table.page import VtesTablePage
from calculators.pages.vtes_table.torpor import TorporTab, resolve_torpor
from calculators.pages.vtes_table.victory import VictoryTab, score_table
from calculators.pages.vtes_table.view import (
    contests_html,
    contests_summary,
    influence_html,
    influence_summary,
    result_html,
    ruling,
    torpor_html,
    torpor_lines,
    torpor_rows,
    torpor_summary,
    victory_html,
    victory_summary,
    vp_text,
)
from rules.errors import IllegalPlay, InvalidState
from rules.vtes.contested import ContestedCard
from rules.vtes.models import Ally, MinionState, Vampire
from rules.vtes.table_examples import (
    NORA_MOVES,
    NORA_POOL,
    NORA_UNCONTROLLED,
    RICHARD_EVENTS,
    RICHARD_SEATING,
)


def en(key: str) -> str:
    return LABELS.text(key, "en")


def ru(key: str) -> str:
    return LABELS.text(key, "ru")


def torpor_inputs(**changes: object) -> TorporInputs:
    """Lucinde (capacity 6, 3 blood) leaves torpor, unblocked; ``changes`` alter it."""
    inputs = TorporInputs(
        action="leave",
        actor=Vampire("Lucinde", capacity=6, blood=3, state=MinionState.TORPOR),
        target=None,
        blocked="none",
        blocker=None,
        blocker_diablerizes=False,
        same_controller=True,
        rescuer_share=1,
        equipment=(),
        take_equipment=True,
        take_discipline=False,
        blood_cursed=False,
        votes_for=0,
        votes_against=0,
    )
    return dataclasses.replace(inputs, **changes)


# --------------------------------------------------------------------------- view


def test_leaving_torpor_in_words() -> None:
    result = resolve_torpor(torpor_inputs())
    assert result.hunt is None and result.diablerie is None
    # leaving torpor costs 2 blood and gives +1 stealth (6.5.2)
    assert torpor_summary(result, en) == (
        "Lucinde leaves torpor: pays 2 blood, now ready with 1 blood."
    )
    assert torpor_rows(result, en) == [("Lucinde", "3", "1 (ready)")]
    assert "<p>Stealth +1</p>" in torpor_html(result, en)
    assert torpor_rows(result, ru) == [("Lucinde", "3", "1 (готов)")]


def test_a_blocker_who_diablerizes_faces_the_blood_hunt() -> None:
    blocker = Vampire("Gratiano", capacity=5, blood=2)
    result = resolve_torpor(
        torpor_inputs(
            blocked="vampire", blocker=blocker, blocker_diablerizes=True,
            votes_for=3, votes_against=5,
        )
    )  # fmt: skip
    assert result.hunt is not None and not result.hunt.passed
    assert [s.rule for s in result.steps][-len(result.hunt.steps) :] == [
        s.rule for s in result.hunt.steps
    ]  # the referendum's steps follow the action's
    lines = torpor_lines(result, en)
    assert lines[0] == "No combat: Gratiano commits diablerie on Lucinde."
    assert lines[-1] == "The blood hunt referendum fails: Gratiano survives."
    rows = torpor_rows(result, en)
    assert rows[0] == ("Lucinde", "3", "0 (burned)")
    # the diablerist drains the victim's 3 blood up to its capacity 5, then gains 1 capacity
    name, before, _after = rows[1]
    assert (name, before) == ("Gratiano", "2")


def test_rescue_words_and_split() -> None:
    result = resolve_torpor(
        torpor_inputs(
            action="rescue",
            actor=Vampire("Lucinde", capacity=6, blood=3),
            target=Vampire("Anson", capacity=8, blood=2, state=MinionState.TORPOR),
            rescuer_share=2,
            same_controller=False,
        )
    )
    assert torpor_summary(result, en) == (
        "Anson is rescued and ready: Lucinde paid 2, Anson paid 0."
    )
    assert torpor_rows(result, en) == [("Lucinde", "3", "1"), ("Anson", "2", "2 (ready)")]
    assert "Stealth 0, directed" in torpor_html(result, en)


def test_an_ally_cannot_rescue() -> None:
    inputs = torpor_inputs(
        action="rescue",
        actor=Ally("Ghoul", life=2),
        target=Vampire("Anson", capacity=8, blood=2, state=MinionState.TORPOR),
    )
    with pytest.raises(IllegalPlay, match="allies cannot"):
        resolve_torpor(inputs)


def test_the_influence_view_of_noras_phase() -> None:
    inputs = InfluenceInputs(
        pool=NORA_POOL,
        game_turn=4,
        transfers=4,
        uncontrolled=NORA_UNCONTROLLED,
        moves=NORA_MOVES,
        crypt=(),
        clan_counts={},
        rules="black-hand",
    )
    result = plan_phase(inputs)
    assert influence_summary(result, en) == "Pool 2 -> 1; transfers used 4 of 4."
    html = influence_html(result, en)
    assert "Black Hand rulebook (seed)" in html and "Capacity-10 vampire" in html
    refused = plan_phase(dataclasses.replace(inputs, rules="vekn-2024"))
    assert refused.plan.controlled == ()  # under the current rulebook it is not brought out
    assert "<p>none</p>" in influence_html(refused, en)


def test_the_victory_view_of_the_rulebook_example() -> None:
    score = score_table(VictoryInputs(RICHARD_SEATING, RICHARD_EVENTS, Fraction(1)))
    assert victory_summary(score, en) == "A tie between Richard, Lisa."
    assert victory_summary(score, ru).startswith("Ничья")
    html = victory_html(score, en)
    assert "<td>Richard</td><td>2</td><td>12</td><td>ousted</td>" in html.replace("\n", "")
    assert vp_text(Fraction(1, 2)) == "1/2" and vp_text(Fraction(3)) == "3"


def test_the_contests_view_when_the_last_pool_is_paid() -> None:
    inputs = ContestInputs(
        pool=2,
        cards=(ContestedCard("Haven A"), ContestedCard("Haven B")),
        yield_cards=(),
        titles=(),
        yield_titles=(),
    )
    result = pay_contests(inputs)
    assert result.upkeep.ousted
    assert contests_summary(result, en) == "Pool paid 2 (2 -> 0); blood paid 0."
    assert "The last pool was paid: ousted." in contests_html(result, en)


def test_the_panel_and_the_plain_text_of_a_ruling() -> None:
    html = result_html("A <tie>", "<table></table>")
    assert html == '<p class="vtes-summary"><b>A &lt;tie&gt;</b></p><table></table>'
    text = ruling("victory", ["Seating: A, B"], "A wins.", (), en, "en")
    assert text.splitlines()[0] == "VTES table rules: Victory points"
    assert "- Seating: A, B" in text and "- A wins." in text


# --------------------------------------------------------------------------- tabs


def test_a_tab_reads_frozen_inputs_and_shows_a_ruling_without_a_page() -> None:
    asked: list[str] = []
    tab = TorporTab(StandaloneContext(LABELS, refresh=lambda: asked.append("refresh")))
    tab.relabel()
    inputs = tab.read()
    assert inputs.actor == Vampire("Lucinde", capacity=6, blood=3, state=MinionState.TORPOR)
    assert inputs.target is None  # leaving torpor involves no other vampire
    with pytest.raises(dataclasses.FrozenInstanceError):
        inputs.action = "rescue"  # type: ignore[misc]
    tab.action.value = "rescue"
    assert asked == ["refresh"]
    tab.refresh()
    assert tab.summary_text.startswith("Anson is rescued")
    assert tab.ruling is not None and tab.result is tab.ruling.result
    tab.show(resolve_torpor(torpor_inputs()))
    assert "Lucinde leaves torpor" in tab.panel.text


def test_impossible_inputs_raise_a_rule_error_and_clear_the_tab() -> None:
    tab = TorporTab(StandaloneContext(LABELS))
    tab.relabel()
    tab.refresh()
    assert tab.summary_text
    tab.actor_blood.value = 9  # more blood than the capacity of 6
    with pytest.raises(InvalidState, match="capacity 6"):
        tab.read()
    with pytest.raises(InvalidState):
        tab.refresh()
    assert tab.summary_text == "" and tab.ruling is None and tab.panel.text == ""


def test_influence_reads_the_clan_counts_before_the_plan() -> None:
    tab = InfluenceTab(StandaloneContext(LABELS))
    tab.relabel()
    tab.in_play.value = "Samedi one"
    tab.moves.value = "nonsense"
    with pytest.raises(InvalidState, match="Vampires in play by clan"):
        tab.read()
    tab.in_play.value = ""
    with pytest.raises(InvalidState, match="line 1"):
        tab.read()


def test_tabs_follow_their_contexts_language() -> None:
    context = StandaloneContext(LABELS)
    tab = VictoryTab(context)
    tab.relabel()
    tab.refresh()
    assert tab.summary_text == "A tie between Richard, Lisa."
    context.set_language("ru")
    tab.relabel()
    tab.refresh()
    assert tab.summary_text.startswith("Ничья") and tab.seating.description != "Seating, clockwise"


#: every input of the page's links, by tab: links made before keep working only with these
ADDRESS = {
    "torpor": (
        "action", "actor_kind", "actor_name", "actor_capacity", "actor_blood", "target_name",
        "target_capacity", "target_blood", "same_controller", "rescuer_share", "blocked",
        "blocker_name", "blocker_capacity", "blocker_blood", "blocker_diablerizes", "equipment",
        "take_equipment", "take_discipline", "blood_cursed", "votes_for", "votes_against",
    ),
    "influence": (
        "pool", "game_turn", "uncontrolled", "crypt", "in_play", "moves", "rules",
    ),
    "victory": ("seating", "events", "withdrawal_vp"),
    "contests": ("pool", "cards", "titles"),
}  # fmt: skip


def test_each_tab_puts_its_inputs_in_the_page_address() -> None:
    page = VtesTablePage()
    tabs = {"torpor": TorporTab, "influence": InfluenceTab, "victory": VictoryTab}
    for key, cls in {**tabs, "contests": ContestTab}.items():
        fields = cls(StandaloneContext(LABELS)).address_fields()
        assert tuple(fields) == tuple(f"{key}_{name}" for name in ADDRESS[key])
        page.tab_object(key)
        assert set(fields) <= set(page.address_names())
    every = {f"{key}_{name}" for key, names in ADDRESS.items() for name in names}
    assert set(page.address_names()) == every | {"tab"}
