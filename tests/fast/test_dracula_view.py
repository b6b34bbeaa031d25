"""The Fury of Dracula page's words and pictures from real engine results, without widgets:
the Valour tab's verdict, standings and a combat's expected points; the explorer's summary,
initiative prompt, assumption note and the hunter's plan (English and Russian)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from calculators.kit.fmt import fraction_text
from calculators.kit.labels import COMMON
from calculators.pages.dracula import view
from calculators.pages.dracula.labels import LABELS, states_solved
from calculators.pages.dracula.valour import LABELS as VALOUR_LABELS
from rules.dracula.chain import CombatOdds
from rules.dracula.examples import (
    EXAMPLE_BLOOD,
    EXAMPLE_OPPONENT,
    EXAMPLE_SITUATION,
    example_hunter,
)
from rules.dracula.goals import best_plan
from rules.dracula.valour import ValourEvent, ValourStanding, combat_valour, valour_winner
from rules.i18n.numbers import numbers_in

Words = Callable[[str], str]


def page_words(lang: str) -> Words:
    catalog = COMMON.merged(LABELS)
    return lambda key: catalog.text(key, lang)


def valour_words(lang: str) -> Words:
    catalog = COMMON.merged(VALOUR_LABELS)
    return lambda key: catalog.text(key, lang)


def van_helsing_leads() -> ValourStanding:
    return valour_winner(
        {
            "Van Helsing": [
                ValourEvent("attack_on_dracula", 2),
                ValourEvent("blood_taken", 3),
                ValourEvent("blood_taken", 4),
            ],
            "Mina Harker": [],
        }
    )


# -- the Valour tab ---------------------------------------------------------------------------


def test_the_verdict_names_the_winner_with_his_points() -> None:
    standing = van_helsing_leads()
    # by hand: 2 attacks x 5 + (3 + 4) blood x 5 = 45
    assert view.valour_verdict(standing, valour_words("en")) == (
        "Winner: Van Helsing with 45 Valour points."
    )
    assert view.valour_verdict(standing, valour_words("ru")) == (
        "Победитель: Van Helsing, Очков Доблести: 45."
    )
    assert view.valour_verdict_html("A & B") == (
        '<p class="valour-verdict-text"><b>A &amp; B</b></p>'
    )


def test_a_tie_stands_and_dracula_winning_names_nobody() -> None:
    # Final Stand and Castle Dracula are both +3: a tie at 3
    tie = valour_winner(
        {"Arthur": [ValourEvent("final_stand")], "Quincey": [ValourEvent("castle_dracula")]}
    )
    assert view.valour_verdict(tie, valour_words("en")) == (
        "Tie: Arthur, Quincey share the top score of 3. The rules name no tie-break, so the "
        "tie stands."
    )
    assert view.valour_verdict(tie, valour_words("ru")).startswith(
        "Ничья: Arthur, Quincey набрали одинаковое лучшее число очков (3)."
    )
    lost = valour_winner({"Arthur": [ValourEvent("final_stand")]}, hunters_won=False)
    assert view.valour_verdict(lost, valour_words("en")) == (
        "Dracula won the game: Valour points name no winner."
    )
    assert view.valour_verdict(lost, valour_words("ru")) == (
        "Дракула выиграл партию: Очки Доблести победителя не определяют."
    )
    assert view.valour_note_html("") == ""
    assert view.valour_note_html("Mark a hunter") == "<p><i>Mark a hunter</i></p>"


def test_the_standings_list_points_and_awards_leader_first() -> None:
    standing = van_helsing_leads()
    html = view.valour_standings_html(standing, valour_words("en"))
    assert html.startswith("<p><b>Valour standings</b></p>")
    assert "<th>Hunter</th><th>Points</th><th>Awards</th>" in html
    leader = (
        '<tr class="valour-leader" style="font-weight:bold"><td>Van Helsing</td><td>45</td>'
        '<td style="text-align:left">Attacks on Dracula, not his attacks (+5 each): 2; '
        "Blood taken per combat (+5 per point): 7</td></tr>"
    )
    assert leader in html
    assert '<tr><td>Mina Harker</td><td>0</td><td style="text-align:left">—</td></tr>' in html
    assert html.index("Van Helsing") < html.index("Mina Harker")
    ru = view.valour_standings_html(standing, valour_words("ru"))
    assert "<b>Таблица Доблести</b>" in ru and "<th>Охотник</th><th>Очки</th>" in ru
    assert "Снятая Кровь по боям (+5 за единицу): 7" in ru
    # when Dracula won nobody leads in bold
    lost = valour_winner({"Arthur": [ValourEvent("final_stand")]}, hunters_won=False)
    assert "valour-leader" not in view.valour_standings_html(lost, valour_words("en"))


def test_a_combats_expected_valour_exact_and_rounded(example_odds: CombatOdds) -> None:
    combat = combat_valour(example_odds, EXAMPLE_OPPONENT, blood=EXAMPLE_BLOOD)
    destroyed = example_odds.outcomes["destroyed"]
    # destroyed: all his blood taken (5 a point) and the final blow (+10); otherwise nothing
    assert combat.distribution == {0: 1 - destroyed, 30: destroyed}
    expected = 30 * destroyed
    en = view.valour_expected_html(combat, valour_words("en"))
    assert en.startswith('<p class="valour-expected-text"><b>Expected Valour points</b>: ')
    assert f"{fraction_text(expected)} (≈{float(expected):.3f})" in en
    assert "(≈5.789)" in en and "0: " in en and ", 30: " in en and "19.30%" in en
    with numbers_in("ru"):
        ru = view.valour_expected_html(combat, valour_words("ru"))
    assert "<b>Ожидаемые Очки Доблести</b>" in ru and "(≈5,789)" in ru and "19,30\u00a0%" in ru


# -- the explorer -----------------------------------------------------------------------------


def test_the_summary_lists_outcomes_rounds_states_and_time(example_odds: CombatOdds) -> None:
    en = view.summary_html(example_odds, 0.4213, page_words("en"), "en")
    assert en.startswith('<div class="drac-summary-text"><b>hunter defeated</b>: ')
    assert "<b>Dracula destroyed</b>: " in en and "19.30%" in en
    assert sum(example_odds.outcomes.values()) == 1
    assert (
        f"<b>Expected rounds</b>: {float(example_odds.expected_rounds):.3f} "
        f"({example_odds.states} combat states solved exactly; computed in 0.42 s)"
    ) in en
    assert view.seconds_text(1.5, page_words("en")) == "1.50 s"
    with numbers_in("ru"):
        ru = view.summary_html(example_odds, 0.4213, page_words("ru"), "ru")
        assert view.seconds_text(1.5, page_words("ru")) == "1,50\u00a0с"
    assert "<b>Дракула уничтожен</b>" in ru and "19,30\u00a0%" in ru
    solved = states_solved(example_odds.states).render("ru")
    assert f"({solved}; рассчитано за 0,42\u00a0с)" in ru


def test_the_initiative_prompt_and_the_assumption_note() -> None:
    need = view.need_initiative_html("Punch, Dodge", page_words("en"))
    assert need.startswith('<div class="drac-need"')
    assert "unknown here: Punch, Dodge." in need and "about 17% of rolls" in need
    with numbers_in("ru"):
        ru = view.need_initiative_html("Punch", page_words("ru"))
    assert "неизвестны: Punch." in ru and "примерно в 17\u00a0% бросков" in ru
    note = view.assumption_html(1, "Punch", page_words("en"))
    assert note.startswith('<div class="drac-assumption calc-notice" role="note">')
    assert "(Punch) are all 1." in note
    assert "(Punch), все равны 1." in view.assumption_html(1, "Punch", page_words("ru"))
    assert view.assumption_html(1, "", page_words("en")) == ""  # every number is known


def test_the_plan_of_a_goal_and_a_card_always_played() -> None:
    plan = best_plan(
        example_hunter(),
        EXAMPLE_OPPONENT,
        EXAMPLE_SITUATION,
        goal="destroy",
        blood=EXAMPLE_BLOOD,
        assume_initiative=1,
    )
    assert plan.first_card == "Stake" and Fraction(0) < plan.value < 1
    en = view.plan_html(plan, page_words("en"), "en")
    assert en.startswith("<p><b>Best plan for the goal: destroy Dracula (kill the agent)</b>")
    assert "Round 1 card: <b>Stake</b>" in en
    assert f'title="{plan.value.numerator}/{plan.value.denominator} = ' in en
    with numbers_in("ru"):
        ru = view.plan_html(plan, page_words("ru"), "ru")
    assert "Карта в раунде 1: <b>Кол (Stake)</b>" in ru and "Лучший план для цели" in ru
    always = view.always_html("Stake", page_words("en"), "en")
    assert always.startswith("<p><i>The hunter plays Stake in every round the rules allow it")
    assert "Охотник играет карту Кол (Stake)" in view.always_html("Stake", page_words("ru"), "ru")
