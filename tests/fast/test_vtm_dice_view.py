"""The V:tM dice page's view: its texts, bars and HTML from engine results alone (no widgets)."""

from __future__ import annotations

from fractions import Fraction

from calculators.kit.part import StandaloneContext
from calculators.pages.vtm_dice import view
from calculators.pages.vtm_dice.labels import BOTCH_COLOR, FAIL_COLOR, LABELS, LEVEL_COLOR
from calculators.pages.vtm_dice.v5 import LABELS as V5_LABELS
from rules.vtm import attack, multiple_actions, pool, v5_pool, v5_reroll, v5_willpower
from rules.vtm.notation import read_roll

T = StandaloneContext(LABELS).t
T_RU = StandaloneContext(LABELS, lang="ru").t
V5_T = StandaloneContext(V5_LABELS).t


def test_a_probability_shows_its_fraction_only_when_asked() -> None:
    plain = view.probability_html(Fraction(61, 1000), exact=False)
    shown = view.probability_html(Fraction(61, 1000), exact=True)
    assert "6.10%" in plain and "vtm-fraction" not in plain
    assert shown.startswith(plain) and "= 61/1000" in shown


def test_three_dice_at_six_botch_as_counted_by_hand() -> None:
    r = pool(3, 6)
    # a botch: no success and at least one 1; 5**3 - 4**3 of the 1000 rolls
    assert r.botch == Fraction(61, 1000)
    assert view.botch_text(r, T) == "Botch: 6.10%"
    assert "<b>Botch:</b>" in view.botch_html(r, T)
    assert view.pool_summary_text(r, T).startswith("Botch 6.10%, Failure ")
    summary = view.pool_summary_html(r, T, exact=True)
    assert f"color:{BOTCH_COLOR}" in summary and "61/1000" in summary
    assert view.botch_text(r, T_RU) != view.botch_text(r, T)  # the reader's words


def test_the_bars_hold_every_outcome_once() -> None:
    r = pool(3, 6)
    bars = view.pool_bars(r, T)
    assert [b.label for b in bars] == ["Botch", "0", "1", "2", "3"]
    assert (bars[0].value, bars[0].color) == (Fraction(61, 1000), BOTCH_COLOR)
    assert sum(b.value for b in bars) == 1
    # with Willpower one success is sure: neither botch nor failure is drawn
    sure = view.pool_bars(pool(3, 6, willpower=True), T)
    assert sure[0].label == "1" and sum(b.value for b in sure) == 1


def test_a_long_pool_notes_its_tail_and_a_short_one_does_not() -> None:
    assert view.tail_note_html(pool(3, 6), T) == ""
    r = pool(2, 6, specialty="reroll")  # tens roll again: successes without an end
    assert r.tail > 0
    assert view.pool_bars(r, T)[-1].label == f">{max(r.successes)}"
    assert view.tail_note_html(r, T).startswith("<small>")


def test_at_least_and_actions_tables() -> None:
    r = pool(3, 6)
    html = view.at_least_html(r, T, exact=False)
    assert html.count("<tr>") == 1 + len(r.at_least_table())
    assert view.actions_html((r,), T, exact=False) == ""
    split = multiple_actions(6, 2, 6)
    actions = view.actions_html(split, T, exact=False)
    assert actions.count("<tr>") == 1 + 2


def test_closed_forms_give_the_botch_by_hand() -> None:
    html = view.forms_html(pool(3, 6), T, "en")
    assert r"\frac{61}{1000}" in html and r"\approx 0.061" in html
    assert "(n = 3, d = 6)" in html


def test_the_attack_chain_draws_its_levels_and_health_track() -> None:
    a = attack(4, damage_base=3, damage_type="bashing", target="vampire", stamina=2)
    bars = view.attack_bars(a)
    assert bars[0].label == "0" and bars[0].color == FAIL_COLOR
    assert all(b.color == LEVEL_COLOR for b in bars[1:])
    assert sum(b.value for b in bars) == 1 and bars[0].value == a.levels[0]
    summary = view.attack_summary_html(a, T, exact=True)
    assert "Soak dice" in summary or str(a.soak_dice) in summary
    health = view.health_html(a, T, exact=False)
    assert health.count("<tr>") == 1 + len(a.health)


def test_v5_two_dice_one_hunger_against_one() -> None:
    r, w = v5_pool(2, 1, 1), v5_willpower(2, 1, 1)
    assert r.win == Fraction(3, 4)  # by hand: 1 - (1/2)**2
    assert view.v5_odds_text(r, V5_T).startswith("Win 75.00% · Critical win ")
    bars = view.v5_bars(r)
    assert sum(b.value for b in bars if b.color == view.WIN_COLOR) == Fraction(3, 4)
    assert bars[0].color == view.LOSS_COLOR
    assert view.v5_summary_html(r, w, V5_T).count("<tr>") == 1 + 6
    assert "Willpower" in view.willpower_html(w, V5_T)


def test_the_rouse_check_reads_its_chances_or_refuses_at_hunger_five() -> None:
    text = view.rouse_text(2, (Fraction(1, 2), Fraction(3, 4)), V5_T)
    assert "50.00%" in text and "75.00%" in text
    assert view.rouse_text(5, None, V5_T) == V5_T("rouse_5")
    assert view.rouse_html(text, V5_T).endswith(f"<p>{text}</p>")


def test_the_advice_on_a_typed_roll() -> None:
    typed = read_roll("10 7 3 2 / 10 1", pool=6, hunger=2)
    assert typed is not None
    advice = v5_reroll(typed.regular, typed.hunger, 3)
    text = view.advice_text(typed, advice, V5_T, "en")
    assert text.startswith(f"As rolled: {advice.successes} successes")
    assert "<b>As rolled:" in view.advice_html(typed, advice, V5_T, "en")
    assert 'role="alert"' in view.roll_error_html("no")
