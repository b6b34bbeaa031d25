"""The Fury of Dracula explorer page, driven without a browser."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculators.pages.dracula.page import DraculaPage, blood_track_svg, example_lines, heat_color


def test_the_page_opens_on_a_stated_assumption_the_visitor_can_drop() -> None:
    app = DraculaPage()
    assert not app.banner.visible and "Punch" in app.missing
    assert app.assume.value == "1"
    assert app.odds is not None and sum(app.odds.outcomes.values()) == 1
    assert "Assumed: the initiative numbers the rules do not give" in app.prompt.value
    assert "are all 1" in app.prompt.value and "calc-notice" in app.prompt.value
    assert "drac-cell" in app.round_table.value and "†" in app.round_table.value
    app.set_inputs(assume="")  # no assumption: the page asks for the numbers instead
    assert app.odds is None
    assert "Set the initiative numbers first" in app.prompt.value
    assert app.round_table.value == "" and app.summary.value == ""
    app.set_language("ru")
    app.set_inputs(assume="3")
    assert "Допущение" in app.prompt.value and "все равны 3" in app.prompt.value


def test_typed_initiative_replaces_the_prompt() -> None:
    app = DraculaPage()
    app.set_inputs(initiative="Punch=1, Dodge=4, Escape=5, Dodge (Dracula)=4, Escape (Man)=5")
    assert app.missing == () and app.odds is not None
    assert app.prompt.value == ""
    app.set_inputs(initiative="Punch=x")
    assert "must be a number" in app.banner.message


def test_changing_the_hunter_changes_the_odds() -> None:
    app = DraculaPage()
    app.set_inputs(assume="2")
    first = app.odds
    assert first is not None
    app.set_inputs(hunter="Mina Harker", health=2)
    assert app.odds is not None and app.odds.outcomes != first.outcomes
    assert app.health.value == 2
    app.set_inputs(bites=1)  # Mina has one bite slot: no bite may be set before combat
    assert "bites must be a whole number from 0 to 0" in app.banner.message


def test_override_cell_is_marked_and_used() -> None:
    app = DraculaPage()
    app.set_inputs(assume="1", hunter_policy="uniform", enemy_policy="uniform")
    before = app.odds
    app.set_inputs(overrides="enemy: Punch vs Claws = wound 4")
    assert "✎" in app.round_table.value
    assert app.odds is not None and before is not None and app.odds.outcomes != before.outcomes
    assert any("User override" in s.text for s in app.odds.steps)
    app.set_inputs(overrides="enemy: Punch vs Claws = killed")
    assert "cannot give" in app.banner.message


def test_blood_track_and_chart_and_mix() -> None:
    app = DraculaPage()
    app.set_inputs(assume="1", opponent="dracula-night", blood=12, items=("Stake", "Crucifix"))
    assert "<svg" in app.blood_track.value and "drac-track-bar" in app.blood_track.value
    assert app.chart.bars and sum(b.value for b in app.chart.bars) == 1
    assert "minimax" in app.card_mix.value
    svg = blood_track_svg(12, {10: Fraction(1, 2), 0: Fraction(1, 2)}, "t")
    assert svg.count('stroke="#c0392b"') == 2  # red marks at 10 and 5
    assert heat_color(Fraction(0)) != heat_color(Fraction(1))


def test_agent_and_russian_labels() -> None:
    app = DraculaPage(lang="ru")
    app.set_inputs(
        assume="1", opponent="agent", weapons=("Knife (Agent)",), hunter="Lord Godalming"
    )
    assert app.odds is not None and "killed" in app.odds.outcomes
    assert "Агент убит" in app.summary.value
    assert app.blood_track.value == ""


def test_round_resolver_tab_plays_the_example() -> None:
    app = DraculaPage()
    app.set_inputs(health=4, blood=4, trap=True, items=("Stake",))
    r1 = app.judge_round("Stake", "Claws", 3, 3)
    assert r1 is not None and r1.state.hunter.health == 2
    r2 = app.judge_round("Dodge", "Dodge (Dracula)", 4, 2)
    assert r2 is not None and r2.state.dodge_bonus == "hunter"
    r3 = app.judge_round("Stake", "Claws", 4, 4)
    assert r3 is not None and r3.state.ended == "destroyed"
    assert "Dracula destroyed" in app.resolver.state_view.value and app.resolver.resolve.disabled
    assert "dracula:initiative" in app.resolver.trace.text
    app.restart_judge()
    assert not app.resolver.resolve.disabled
    app.judge_round("Punch", "Claws", 2, 1)  # 2 against 1 + Trap: a tie, Punch's initiative unknown
    assert "initiative" in app.banner.message


def test_example_lines() -> None:
    lines = example_lines()
    assert len(lines) == 4 and "Dracula blood 0" in lines[-1]


def test_too_large_combat_gives_a_message_not_stale_results() -> None:
    app = DraculaPage()
    app.set_inputs(assume="1")
    assert app.summary.value
    app.set_inputs(
        hunter="Lord Godalming",
        opponent="dracula-night",
        items=("Stake", "Rifle", "Pistol", "Knife"),
        hunter_policy="uniform",
        enemy_policy="uniform",
    )
    assert "minimax" in app.banner.message and app.odds is None
    assert app.summary.value == ""
    app.set_inputs(hunter_policy="minimax", enemy_policy="minimax")
    assert app.banner.message == "" and app.odds is not None


def test_long_combat_shows_odds_with_shortened_fractions() -> None:
    # 44,805 states: exact denominators of about 3,600 digits. The state count is a
    # regression pin: recorded from the engine, no independent source.
    app = DraculaPage()
    app.set_inputs(
        assume="1",
        hunter="Lord Godalming",
        opponent="dracula-night",
        items=("Stake", "Rifle", "Pistol"),
        hunter_policy="uniform",
        enemy_policy="uniform",
    )
    assert app.banner.message == "" and app.odds is not None
    assert app.odds.states == 44_805 and sum(app.odds.outcomes.values()) == 1
    assert "≈0." in app.summary.value  # hover titles: a decimal, not thousands of digits
    assert len(app.summary.value) < 5_000


# --- the two open-point switches: Sister Agatha and Dodge in round 1 --------------------------


def test_sister_agatha_switch_changes_odds_table_and_trace() -> None:
    app = DraculaPage()
    app.set_inputs(assume="1", opponent="dracula-night")
    before = app.odds
    assert before is not None and "costs 2 blood" not in app.round_table.value
    app.set_inputs(agatha=True)
    after = app.odds
    assert after is not None and after.outcomes != before.outcomes
    # the enemy can no longer escape for free: fewer combats end by End
    assert after.outcomes["escaped"] < before.outcomes["escaped"]
    assert app.round_table.value.count("costs 2 blood") == 4  # Fangs and the three Escapes
    assert any(s.rule == "dracula:powers" and "Sister Agatha" in s.text for s in after.steps)
    assert "Sister Agatha" in app.trace.text
    # at 2 blood Dracula cannot pay: Fangs and the Escapes leave the card table
    app.set_inputs(blood=2)
    assert "Fangs" not in app.round_table.value and "Escape (Bat)" not in app.round_table.value
    app.set_inputs(agatha=False)
    assert "Fangs" in app.round_table.value


def test_dodge_in_round_one_switch_changes_odds_and_table() -> None:
    app = DraculaPage()
    app.set_inputs(assume="1", enemy_policy="uniform")
    before = app.odds
    assert before is not None and app.dodge1.value
    assert "Dodge (Dracula)" in app.round_table.value
    app.set_inputs(dodge1=False)
    after = app.odds
    assert after is not None and after.outcomes != before.outcomes
    assert "Dodge (Dracula)" not in app.round_table.value  # round 1's table: no Dodge either side
    assert ">Dodge<" not in app.round_table.value
    assert any("Dodge in round 1" in s.text for s in after.steps)


def test_switches_reach_the_round_resolver() -> None:
    app = DraculaPage()
    app.set_inputs(assume="1", opponent="dracula-night", agatha=True, dodge1=False)
    hunter_cards = [card for _label, card in app.resolver.hunter_card.options]
    enemy_cards = [card for _label, card in app.resolver.enemy_card.options]
    assert "Punch" in hunter_cards and "Claws" in enemy_cards
    assert "Dodge" not in hunter_cards and "Dodge (Dracula)" not in enemy_cards
    rep = app.judge_round("Punch", "Fangs", 1, 6)
    assert rep is not None and rep.state.blood == 13  # 2 paid; Fangs's win bites, no wounds
    assert "blood</b> 13" in app.resolver.state_view.value
    assert "Sister Agatha" in app.resolver.trace.text
    app.set_inputs(agatha=False)  # a new situation starts a new combat
    assert app.judge_state is not None and app.judge_state.blood == 15


def test_switches_from_the_page_address_and_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    app = DraculaPage(lang="ru")
    monkeypatch.setenv("QUERY_STRING", "agatha=1&dodge1=no")
    app.follow_url()
    assert app.agatha.value is True and app.dodge1.value is False
    assert not app.banner.visible
    app = DraculaPage(lang="ru")
    monkeypatch.setenv("QUERY_STRING", "agatha=maybe&blood=9")
    app.follow_url()
    assert "«Сестра Агата" in app.banner.message and "1 или 0" in app.banner.message
    assert app.agatha.value is False and app.blood.value == 9  # the good one still applies
    labels = {lab.value for lab, _w in app._row_labels}
    assert any("Сестра Агата" in t for t in labels) and any("Уклонение" in t for t in labels)
    app.set_language("en")
    labels = {lab.value for lab, _w in app._row_labels}
    assert any("Sister Agatha" in t for t in labels)
    assert any("Dodge allowed in round 1" in t for t in labels)


def test_bad_input_on_the_russian_page_is_explained_in_russian() -> None:
    app = DraculaPage()
    app.set_language("ru")
    app.set_inputs(initiative="Punch=x")
    assert app.banner.message == "инициатива карты Punch должна быть числом 0..9, а не 'x'"
    assert "инициатива карты Punch" in app.banner.widget.value
    app.set_inputs(initiative="Punch=1", overrides="hunter: Punch vs Claws = bite")
    assert app.banner.message.startswith("победа Охотника не может дать 'bite' (Укус)")
    app.set_inputs(overrides="Punch vs Claws")
    assert app.banner.message.startswith("замену пишите так: 'hunter: Punch vs Claws = wound 1'")


def test_the_open_point_switch_explains_itself_in_both_languages() -> None:
    app = DraculaPage()
    (label,) = [lab for lab, _w in app._row_labels if lab.key == "dodge1"]  # type: ignore[attr-defined]
    assert "rulebook does not say whether Dodge" in label.tooltip
    assert app.dodge1.tooltip == label.tooltip
    app.set_language("ru")
    assert label.tooltip.startswith("Спорный момент: правила не говорят")


def test_number_boxes_keep_what_was_typed_and_say_what_is_allowed() -> None:
    app = DraculaPage()
    setup = app.current_setup
    app.blood.text.value = "99"  # was silently made 15
    assert app.blood.text.value == "99" and app.current_setup is setup  # nothing recomputed
    assert "from 1 to 15" in app.blood.message()
    app.bites.text.value = "5"  # was silently made 2
    assert "from 0 to 2" in app.bites.message()
    app.bites.text.value = "1"
    app.blood.text.value = "10"
    assert app.current_setup.blood == 10 and app.current_setup.hunter.bites == 1


def test_round_resolver_cards_are_chosen_and_named_in_the_page_language() -> None:
    app = DraculaPage()
    app.set_inputs(assume="1", opponent="dracula-night")
    assert (
        app.resolver.hunter_card.value == app.resolver.hunter_card.options[0][1] == "Punch"
    )  # never an empty choice
    assert app.resolver.enemy_card.value is not None
    app.resolver.hunter_card.value = "Escape"
    app.set_language("ru")
    labels = dict((card, label) for label, card in app.resolver.hunter_card.options)
    assert labels["Punch"] == "Удар (Punch)" and app.resolver.hunter_card.value == "Escape"  # kept
