"""Group combats on the Fury of Dracula page: what it computes, what it refuses at once and
why, the two open readings as options, and the round resolver's round-1 choices."""

from __future__ import annotations

import html
import itertools
from typing import Any

import pytest

import calculators.pages.dracula.page as dracula_page
from calculators.kit.fmt import percent
from calculators.pages.dracula.labels import GROUP_ESTIMATE_LIMITS
from calculators.pages.dracula.page import DraculaPage
from rules.dracula.cards import default_table
from rules.dracula.combat import enemy_options, hunter_options, resolve_round, start_combat
from rules.dracula.group import estimated_states, group_odds
from rules.dracula.hunters import Opponent, Situation, hunter

MINA = {"companions": ("Mina Harker",), "companion_items": "Mina Harker: Crucifix"}


def _no_solving(*_args: Any) -> Any:
    raise AssertionError("the group was solved although it is refused before solving")


# -- the engine's estimate ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("group", "opponent", "blood"),
    [
        ((("Van Helsing", 3, ("Stake",)), ("Mina Harker", 3, ("Crucifix",))), "day", 4),
        ((("Dr. Seward", 2, ("Rifle",)), ("Van Helsing", 2, ("Stake",))), "night", 2),
        ((("Lord Godalming", 3, ("Knife",)), ("Dr. Seward", 3, ())), "agent", 15),
    ],
)
def test_the_estimate_is_never_below_the_states_solved(
    group: tuple[tuple[str, int, tuple[str, ...]], ...], opponent: str, blood: int
) -> None:
    hunters = tuple(hunter(n, health=h, items=i) for n, h, i in group)
    opp = (
        Opponent.agent(("Knife (Agent)",))
        if opponent == "agent"
        else Opponent.dracula(night=opponent == "night")
    )
    estimate = estimated_states(hunters, opp, blood=blood, assume_initiative=1)
    solved = group_odds(hunters, opp, blood=blood, assume_initiative=1).states
    assert solved <= estimate <= 25 * solved


def test_the_estimate_stops_once_past_its_limit() -> None:
    # four hunters with three items each by night: 471,859,200 layers of health, items and
    # blood (8*8 * 8*8 * 10*8 * 12*8 * 15), so the estimate stops before exploring a round
    big = tuple(
        hunter(n, items=("Stake", "Crucifix", "Holy Water"))
        for n in ("Van Helsing", "Mina Harker", "Dr. Seward", "Lord Godalming")
    )
    assert estimated_states(big, Opponent.dracula(), assume_initiative=1, limit=1000) == (
        8 * 8 * 8 * 8 * 10 * 8 * 12 * 8 * 15
    )
    two = big[:2]
    capped = estimated_states(two, Opponent.dracula(night=False), assume_initiative=1, limit=10)
    full = estimated_states(two, Opponent.dracula(night=False), assume_initiative=1)
    assert 10 < capped < full


# -- the page: the default group computes, a larger one is refused at once ---------------------


def test_the_copied_ruling_carries_the_group_result_and_its_steps() -> None:
    app = DraculaPage()
    app.set_inputs(assume="1", **MINA)
    assert app.group is not None
    text = app.ruling_text()
    result, steps = text.split("\nSteps:\n")
    group_line = next(line for line in result.splitlines() if "Group combat:" in line)
    assert group_line.startswith("- Group combat: Van Helsing, Mina Harker: ")
    for kind, p in app.group.outcomes.items():  # each outcome the page shows, with its odds
        assert f"{app.t(kind)}: {percent(p, 2, lang='en')} (" in group_line
    mina = app.group.by_hunter["Mina Harker"]
    assert f"- Mina Harker: is the one defeated {percent(mina['defeated'], 2, lang='en')}" in result
    # the hunter's own steps, then the group's, numbered on
    single, group = len(app.odds.steps), len(app.group.steps)
    numbered = [line for line in steps.splitlines() if line[:1].isdigit()]
    assert len(numbered) == single + group
    assert numbered[single].startswith(f"{single + 1}. [dracula:groups] A group of 2")
    assert group_line.endswith(f"(the group's steps: {single + 1} to {single + group})")
    # a group refused before solving: the copied ruling says why, as the page does
    app.set_inputs(target="minimax")
    refused = app.ruling_text()
    assert "- Group combat not computed: it would need more than 350,000" in refused
    assert "[dracula:groups]" not in refused
    ru = DraculaPage("ru")
    ru.set_inputs(assume="1", **MINA)
    assert "- Групповой бой: Van Helsing, Mina Harker: Охотник повержен: 0,01\xa0%" in (
        ru.ruling_text()
    )


def test_the_default_group_by_day_computes_on_the_page() -> None:
    app = DraculaPage()
    app.set_inputs(assume="1", **MINA)
    assert app.group is not None and app.group.hunters == ("Van Helsing", "Mina Harker")
    # a regression pin: the count the layered solver reports for this group
    assert app.group.states == 89_743 and sum(app.group.outcomes.values()) == 1
    assert "Group combat: Van Helsing, Mina Harker" in app.group_view.value
    assert "89743 combat states" in app.group_trace.text
    app.set_inputs(target="minimax")  # just over 3 s: the uniform target is offered instead
    assert app.group is None and "more than 350,000 combat states" in app.group_view.value
    assert "(faster)" in app.group_view.value


def test_a_group_too_large_is_refused_before_solving_with_what_to_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(dracula_page, "group_odds_cached", _no_solving)
    app = DraculaPage()
    app.set_inputs(assume="1", opponent="dracula-night", **MINA)
    shown = app.group_view.value
    assert app.group is None and app.odds is not None and app.banner.message == ""
    assert "Group combat not computed: it would need more than 50,000 combat states" in shown
    assert GROUP_ESTIMATE_LIMITS[("dracula-night", "uniform")] == 50_000
    assert "fewer hunters in the group, fewer combat items, less health" in shown
    assert "less blood for Dracula" in shown and "(faster)" not in shown
    assert app.group_trace.text == ""
    app.set_inputs(target="minimax")  # the slower target is named as a way out
    assert 'or the target "each hunter equally" (faster)' in html.unescape(app.group_view.value)
    app.set_language("ru")
    shown = app.group_view.value
    assert "Групповой бой не рассчитан: число состояний боя превысило бы 8 000" in shown
    assert "возьмите меньше Охотников в Группе" in shown and "меньше Крови у Дракулы" in shown
    app.set_inputs(
        opponent="agent",
        target="uniform",
        companions=("Mina Harker", "Dr. Seward", "Lord Godalming"),
        companion_items="",
    )
    shown = app.group_view.value
    assert app.group is None and "число состояний боя превысило бы 600 000" in shown
    assert "Крови" not in shown and "цель «" not in shown  # no blood against an agent


def test_a_smaller_group_by_night_computes() -> None:
    app = DraculaPage()
    app.set_inputs(
        assume="1", opponent="dracula-night", health=2, blood=2, companions=("Mina Harker",)
    )
    assert app.group is not None and app.group.states > 0
    assert "Dracula by night with 2 blood" in app.group_trace.text
    assert "not computed" not in app.group_view.value


# -- the two open readings as options ----------------------------------------------------------


def test_group_readings_are_labelled_options_with_the_engines_defaults() -> None:
    app = DraculaPage()
    assert (app.group_tie.value, app.group_dodge.value) == ("target", "applied")
    assert app.group_tie.value == Situation().group_tie
    assert app.group_dodge.value == Situation().group_dodge
    labels = {lab.key: lab for lab, _w in app._row_labels}  # type: ignore[attr-defined]
    assert labels["group_tie"].value.startswith("Group: whose initiative breaks a tie")
    assert "Open point" in labels["group_dodge"].tooltip
    assert dict(app.group_tie.options)["the highest among the hunters' cards"] == "highest"
    app.set_language("ru")
    assert labels["group_tie"].value.startswith("Группа: чья инициатива решает ничью")
    assert dict(app.group_dodge.options)["всякий раз, когда Охотник вскрыл Уклонение"] == "any"
    assert app.group_dodge.value == "applied"  # the choice is kept through the language switch


def test_group_readings_reach_the_group_and_its_trace_not_the_single_hunter() -> None:
    app = DraculaPage()
    app.set_inputs(assume="1", health=3, blood=4, **MINA)
    before, single, judge = app.group, app.odds, app.judge_state
    assert before is not None
    assert "group_tie = target" in app.group_trace.text
    assert "group_dodge = applied" in app.group_trace.text
    app.set_inputs(group_tie="highest", group_dodge="any")
    after = app.group
    assert after is not None and after.outcomes != before.outcomes
    assert "group_tie = highest" in app.group_trace.text
    assert "group_dodge = any" in app.group_trace.text
    assert app.odds is single and app.judge_state is judge  # one hunter: nothing changes
    app.set_language("ru")
    assert "самая высокая инициатива среди вскрытых карт Охотников" in app.group_trace.text


def test_group_readings_travel_in_the_link(monkeypatch: pytest.MonkeyPatch) -> None:
    app = DraculaPage()
    app.set_inputs(group_tie="highest", group_dodge="any", health=3, blood=4, **MINA)
    query = app.address_query()
    assert "group_tie=highest" in query and "group_dodge=any" in query
    assert "group_tie" not in DraculaPage().address_query()  # a default is left out
    again = DraculaPage()
    monkeypatch.setenv("QUERY_STRING", query)
    again.follow_url()
    assert (again.group_tie.value, again.group_dodge.value) == ("highest", "any")
    assert again.group is not None and app.group is not None
    assert again.group.outcomes == app.group.outcomes
    assert again.address_query() == query
    bad = DraculaPage()
    monkeypatch.setenv("QUERY_STRING", "group_tie=loudest&blood=9")
    bad.follow_url()
    assert "whose initiative breaks a tie" in bad.banner.message and "loudest" in bad.banner.message
    assert bad.group_tie.value == "target"
    assert bad.blood.value == 9


# -- the round resolver never offers a round-1 card it refuses ---------------------------------


@pytest.mark.parametrize(
    "opponent",
    [
        Opponent.dracula(night=True),
        Opponent.dracula(night=False),
        Opponent.agent(("Knife (Agent)", "Pistol (Agent)")),
    ],
    ids=["night", "day", "agent"],
)
@pytest.mark.parametrize(
    "situation",
    [
        Situation(dodge_in_round_one=False),
        Situation(garlic=True, dodge_in_round_one=False),
        Situation(sister_agatha=True),
    ],
    ids=["no-dodge", "garlic", "agatha"],
)
def test_every_round_one_choice_offered_is_accepted(
    opponent: Opponent, situation: Situation
) -> None:
    table = default_table()
    h = hunter("Dr. Seward", items=("Stake", "Knife"))
    for blood in (1, 15):  # at 1 blood Dracula cannot pay Sister Agatha's price
        state, _steps = start_combat(h, opponent, situation, blood=blood)
        hunters, enemies = hunter_options(state, table=table), enemy_options(state)
        assert hunters and enemies
        if not situation.dodge_in_round_one:
            assert "Dodge" not in hunters and not any("Dodge" in e for e in enemies)
        for hc, ec in itertools.product(hunters, enemies):  # 6 against 1: no tie to break
            report = resolve_round(state, hc, ec, 6, 1, table=table)
            assert report.state.round == 2 or report.state.ended is not None
