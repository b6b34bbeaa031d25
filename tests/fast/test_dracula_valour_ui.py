"""The Valour points panel of the Fury of Dracula page, driven without a browser: the part
on its own (a :class:`StandaloneContext`), computed as the page computes it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculators.kit.part import StandaloneContext
from calculators.pages.dracula.odds import CombatValourCache, ValourCombat, valour_standing
from calculators.pages.dracula.valour import LABELS as VALOUR_LABELS
from calculators.pages.dracula.valour import ValourPanel, ValourResult
from rules.dracula.blood import MAX_BLOOD
from rules.dracula.chain import CombatOdds, combat_odds
from rules.dracula.examples import (
    EXAMPLE_BLOOD,
    EXAMPLE_OPPONENT,
)
from rules.dracula.hunters import Opponent, hunter
from rules.dracula.notation import parse_blood_list
from rules.dracula.valour import ValourEvent, valour_tally
from rules.errors import InvalidState


class Desk:
    """The Valour panel on its own: the tally and the given combat computed as the page does
    (``DraculaPage.refresh_valour``), each error in its banner."""

    def __init__(self, lang: str = "en") -> None:
        self.context = StandaloneContext(VALOUR_LABELS, lang, refresh=self.refresh)
        self.combat: ValourCombat | None = None
        self.cache = CombatValourCache()
        self.panel = ValourPanel(self.context)
        self.refresh()

    def refresh(self) -> None:
        panel, combat = self.panel, self.combat
        standing = panel.run_tally(lambda: valour_standing(panel.read()))
        if combat is None:
            panel.show(ValourResult(standing, None, None))
            return
        scored = panel.run_combat(self.cache, combat, panel.combat_flags())
        panel.show(ValourResult(standing, scored, combat.opponent))

    def show_combat(
        self, odds: CombatOdds | None, opponent: Opponent | None = None, blood: int = MAX_BLOOD
    ) -> None:
        if odds is None or opponent is None:
            self.combat = None
        else:
            self.combat = ValourCombat(odds, opponent, blood)
        self.refresh()

    def set_lang(self, lang: str) -> None:
        self.context.set_language(lang)
        self.panel.relabel()


@pytest.fixture()
def desk() -> Desk:
    return Desk()


@pytest.fixture()
def panel(desk: Desk) -> ValourPanel:
    return desk.panel


def test_a_fresh_form_is_a_four_way_tie_at_zero(panel: ValourPanel) -> None:
    s = panel.standing
    assert s is not None and s.tie and s.winner is None
    assert len(s.tallies) == 4 and all(t.points == 0 for t in s.tallies)
    assert panel.message.startswith("Tie:") and "no tie-break" in panel.message
    assert not panel.banner.visible
    assert "no_odds" not in panel.expected.value and "not computed yet" in panel.expected.value


def test_typing_counts_updates_the_standings(panel: ValourPanel) -> None:
    panel.counts[2]["attack_on_dracula"].value = 2  # as a judge typing in the box
    panel.counts[2]["blood_taken"].value = "3, 4"
    s = panel.standing
    assert s is not None and s.winner == "Van Helsing"
    expected = valour_tally(
        "Van Helsing",
        [
            ValourEvent("attack_on_dracula", 2),
            ValourEvent("blood_taken", 3),
            ValourEvent("blood_taken", 4),
        ],
    )
    # by hand from the seed's awards: 2 attacks x 5 + (3 + 4) blood x 5 = 45
    assert s.ranking[0] == ("Van Helsing", expected.points) == ("Van Helsing", 45)
    assert panel.message == "Winner: Van Helsing with 45 Valour points."
    assert "valour-leader" in panel.standings_view.value and "45" in panel.standings_view.value
    assert "over 2 combats" in panel.trace.text and "[dracula:variants]" in panel.trace.text
    assert 'href="rules_reference.ipynb?section=dracula%3Avariants' in panel.trace.widget.value


def test_set_hunter_names_exclusions_and_a_tie(panel: ValourPanel) -> None:
    panel.set_hunter(0, name="Arthur", minion_beaten=2, rats_unhurt=1)
    panel.set_hunter(3, attack_on_dracula=1)
    s = panel.standing
    assert s is not None and s.tie and s.leaders == ("Arthur", "Mina Harker")
    assert "Arthur, Mina Harker" in panel.message and "5" in panel.message
    panel.set_hunter(3, plays=False)
    s = panel.standing
    assert s is not None and s.winner == "Arthur" and len(s.tallies) == 3
    assert "Mina Harker" not in panel.standings_view.value


def test_no_winner_when_dracula_won(panel: ValourPanel) -> None:
    panel.set_hunter(1, blood_taken=[5])
    panel.set_hunters_won(False)
    assert panel.message == "Dracula won the game: Valour points name no winner."
    assert panel.standing is not None and panel.standing.winner is None
    assert "valour-leader" not in panel.standings_view.value


@pytest.mark.parametrize(
    ("index", "values", "message"),
    [
        (0, {"rats_unhurt": -1}, "must be a whole number 0 or more"),
        (1, {"castle_dracula": 2}, "once per game"),
        (2, {"blood_taken": "16"}, "one combat takes 0..15"),
        (2, {"blood_taken": "3, x"}, "whole numbers separated by commas"),
        (3, {"name": "Van Helsing"}, "two hunters are named 'Van Helsing'"),
    ],
)
def test_bad_input_shows_a_banner_then_clears(
    panel: ValourPanel, index: int, values: dict[str, object], message: str
) -> None:
    name = values.pop("name", None)
    panel.set_hunter(index, name=name, **values)  # type: ignore[arg-type]
    assert message in panel.banner.message
    assert panel.banner.visible and "calc-error-box" in panel.banner.widget.value
    assert panel.standing is None and panel.standings_view.value == ""
    assert "Traceback" not in panel.banner.widget.value
    panel.set_hunter(index, name=name and "Someone else", rats_unhurt=0, castle_dracula=0)
    panel.set_hunter(index, blood_taken="")
    assert not panel.banner.visible and panel.standing is not None


def test_two_final_blows_are_refused(panel: ValourPanel) -> None:
    panel.set_hunter(0, final_blow=1)
    assert panel.standing is not None and panel.standing.winner == "Lord Godalming"
    panel.set_hunter(1, final_blow=1)
    assert "only one hunter can strike the final blow" in panel.banner.message


def test_nobody_playing_asks_for_a_hunter(panel: ValourPanel) -> None:
    for i in range(4):
        panel.set_hunter(i, plays=False)
    assert panel.standing is None and not panel.banner.visible
    assert panel.message == "Mark at least one hunter as taking part."


def test_russian_labels_and_messages(
    desk: Desk, panel: ValourPanel, example_odds: CombatOdds
) -> None:
    panel.set_hunter(0, final_stand=1)
    desk.show_combat(example_odds, EXAMPLE_OPPONENT, EXAMPLE_BLOOD)
    desk.set_lang("ru")
    assert panel.tab_title == "Очки Доблести"
    assert panel.message.startswith("Победитель: Lord Godalming")
    assert "Подсчёт для судьи" in panel.tally_title.value
    assert any("Последний удар" in lab.value for lab, _ in panel._row_labels)
    assert "Ожидаемые Очки Доблести" in panel.expected.value
    assert "Пошагово" in panel.trace.widget.value
    panel.set_hunter(0, final_stand=-1)
    assert "Невозможно рассчитать" in panel.banner.widget.value
    desk.set_lang("en")
    assert panel.tab_title == "Valour points"
    from calculators.pages.dracula.page import DraculaPage

    with pytest.raises(ValueError, match="allowed: en, ru"):
        DraculaPage(lang="de")  # the page owns the language its parts follow


def test_parse_blood_list() -> None:
    assert parse_blood_list(" 3, 2;4 ,") == (3, 2, 4)
    assert parse_blood_list("") == ()
    with pytest.raises(InvalidState, match="for example 3, 2"):
        parse_blood_list("3 2")


# -- a combat's Valour -----------------------------------------------------------------------


def test_combat_distribution_chart_and_attack_box(
    desk: Desk, panel: ValourPanel, example_odds: CombatOdds
) -> None:
    desk.show_combat(example_odds, EXAMPLE_OPPONENT, EXAMPLE_BLOOD)
    destroyed = example_odds.outcomes["destroyed"]
    assert panel.combat_distribution == {0: 1 - destroyed, 30: destroyed}
    assert [b.label for b in panel.chart.bars] == ["0", "30"]
    assert sum(b.value for b in panel.chart.bars) == 1
    assert "<svg" in panel.chart.widget.value
    assert panel.attacked_row.layout.display is None
    assert panel.assassin_row.layout.display == "none"
    panel.attacked.value = True  # the judge ticks "the hunter attacked"
    assert panel.combat_distribution == {5: 1 - destroyed, 35: destroyed}
    assert panel.combat is not None and panel.combat.expected == 5 + 30 * destroyed
    assert f"≈{float(5 + 30 * destroyed):.3f}" in panel.expected.value
    assert "dracula:blood-track" in panel.combat_trace.text
    desk.show_combat(None)
    assert panel.combat is None and panel.chart.bars == ()
    assert "not computed yet" in panel.expected.value


def test_agent_combats_minion_and_assassin(desk: Desk, panel: ValourPanel) -> None:
    mina = hunter("Mina Harker", health=3)
    minion = Opponent.agent(minion=True)
    odds = combat_odds(mina, minion, assume_initiative=1)
    killed = odds.outcomes["killed"]
    desk.show_combat(odds, minion)
    assert panel.combat_distribution == {0: 1 - killed, 2: killed}
    assert panel.attacked_row.layout.display == "none"
    assert panel.assassin_row.layout.display == "none"  # a Minion is no Assassin
    plain = Opponent.agent()
    odds2 = combat_odds(mina, plain, assume_initiative=1)
    desk.show_combat(odds2, plain)
    assert panel.combat_distribution == {0: Fraction(1)}
    assert panel.assassin_row.layout.display is None
    panel.set_combat_flags(assassin=True)
    killed2 = odds2.outcomes["killed"]
    assert panel.combat_distribution == {0: 1 - killed2, 3: killed2}


def test_combat_errors_use_their_own_banner(
    desk: Desk, panel: ValourPanel, example_odds: CombatOdds
) -> None:
    desk.show_combat(example_odds, EXAMPLE_OPPONENT, 2)  # less blood than the odds allow
    assert "give the starting blood" in panel.combat_banner.message
    assert panel.combat is None and panel.chart.bars == ()
    assert not panel.banner.visible and panel.standing is not None
    desk.show_combat(example_odds, EXAMPLE_OPPONENT, 4)
    assert not panel.combat_banner.visible and panel.combat is not None


def test_fed_from_the_explorer_as_the_page_would() -> None:
    from calculators.pages.dracula.page import DraculaPage

    app = DraculaPage()
    app.set_inputs(assume="1", hunter_policy="uniform", enemy_policy="uniform", blood=6)
    _h, opp, _sit, blood, _table, _assume = app.setup()
    assert app.odds is not None
    by_blood = {5 * (6 - b) + (10 if b == 0 else 0): p for b, p in app.odds.blood.items() if p}
    panel = app.valour  # the page's own tab, built and fed by the page
    assert panel.combat is not None and sum(panel.combat_distribution.values()) == 1
    assert panel.combat_distribution == by_blood
    desk = Desk(lang=app.lang)  # the same combat given to the part on its own
    desk.show_combat(app.odds, opp, blood)
    assert desk.panel.combat_distribution == by_blood
    app.set_inputs(blood=5)  # the page hands the tab the new combat
    assert panel.combat_distribution == {
        5 * (5 - b) + (10 if b == 0 else 0): p for b, p in app.odds.blood.items() if p
    }
    panel.set_hunter(0, final_blow=1)  # the tally is the page's too
    assert panel.standing is not None and panel.standing.winner == "Lord Godalming"
    assert panel.message == "Winner: Lord Godalming with 10 Valour points."


def test_bad_blood_list_in_russian(desk: Desk, panel: ValourPanel) -> None:
    desk.set_lang("ru")
    panel.counts[1]["blood_taken"].value = "3, два"
    assert panel.banner.message == (
        "Кровь, снятую в каждом бою, пишите целыми числами через запятую, например 3, 2 "
        "(введено 'два')"
    )
    assert panel.standing is None
    panel.counts[1]["blood_taken"].value = "3"
    assert not panel.banner.visible and panel.standing is not None


def test_a_count_keeps_what_was_typed_and_says_what_is_allowed(
    desk: Desk, panel: ValourPanel
) -> None:
    key = next(k for k, w in panel.counts[0].items() if hasattr(w, "text"))
    box = panel.counts[0][key]
    standing = panel.standing
    box.text.value = "2.5"  # type: ignore[attr-defined]
    assert panel.standing is standing  # nothing recomputed
    desk.set_lang("ru")
    assert box.message().startswith("«2.5» — не целое число: введите целое число от 0 до 99")  # type: ignore[attr-defined]
    box.text.value = "1"  # type: ignore[attr-defined]
    assert panel.standing is not standing
