"""A combat built from cards travels: its link and its JSON export carry the card plays, and
opening either replays them, so the same combat comes out; what cannot be opened is said."""

from __future__ import annotations

import json

import pytest
from support.card_combat import THEO_AGAINST_LUCIAN, Play, theo_against_lucian

from calculators.kit.address import MAX_LINK_LENGTH
from calculators.pages.vtes_combat.page import VtesCombatPage
from rules.errors import InvalidState
from rules.link_params import LinkParams, pack
from rules.vtes.combat import resolve
from rules.vtes.link_summary import combat_summary
from rules.vtes.scenario import dump_scenario_json, load_scenario_json
from rules.vtes.scenario_cards import CardPlayed

#: what a banner about a link must never show: parameter names, Python values, tracebacks
RAW = ("combat=", "{", "}", "'card'", "'name'", "Error", "None")


def _reopened(query: str, lang: str = "en") -> VtesCombatPage:
    fresh = VtesCombatPage(lang=lang)
    fresh.apply_address(query)
    return fresh


def _same_report(made: VtesCombatPage, opened: VtesCombatPage) -> None:
    assert made.report is not None and opened.report is not None
    assert opened.report.steps == made.report.steps
    assert opened.narrative == made.narrative and opened.final_text == made.final_text
    assert opened.card_plays() == made.card_plays()


def _words_only(message: str) -> None:
    for raw in RAW:
        assert raw not in message, (raw, message)


def test_immortal_grapple_travels_in_a_link() -> None:
    app = theo_against_lucian((Play("Immortal Grapple", "POT"),))
    assert app.report is not None and len(app.report.rounds) == 2  # its press: a round at close
    opened = _reopened(app.address_query())
    assert opened.banner.message == ""
    _same_report(app, opened)


def test_an_earlier_link_with_immortal_grapple_says_why_it_opens_as_kurt_and_ira() -> None:
    # links written before the plays were recorded spelled the grapple's effects out
    app = theo_against_lucian((Play("Immortal Grapple", "POT"),))
    for lang, shown in (("en", "Kurt against Ira"), ("ru", "Kurt против Ira")):
        opened = _reopened("combat=" + pack(app.scenario()) + f"&lang={lang}", lang)
        message = opened.banner.message
        assert "Immortal Grapple" in message and shown in message, message
        _words_only(message)
        assert opened.cards["acting"].name.value == "Kurt"


def test_torn_signpost_travels_and_its_spelled_out_form_is_said_in_words() -> None:
    app = theo_against_lucian((Play("Torn Signpost", "POT"),))
    opened = _reopened(app.address_query())
    assert opened.banner.message == ""
    _same_report(app, opened)
    assert "Torn Signpost: strength set to 3" in " ".join(opened.narrative)
    again = VtesCombatPage()
    again.json_text.value = dump_scenario_json(app.scenario())
    again.import_button.click()
    assert "Torn Signpost" in again.json_message.message
    _words_only(again.json_message.message)


def test_undead_strength_majesty_and_a_magnum_travel_as_link_and_json() -> None:
    plays = (
        Play("Undead Strength", "POT (hand strike)"),
        Play("Concealed Weapon", "-", "opposing", 1, ".44 Magnum"),
        Play("Majesty", "pre", "acting", 2),
    )
    app = theo_against_lucian((*plays[:2], Play("Immortal Grapple", "POT"), plays[2]))
    text = app.export_json()
    cards = json.loads(text)["cards"]
    assert [c["card"] for c in cards] == [p.card for p in app.card_plays()]
    assert cards[1]["choices"] == {"weapon": ".44 Magnum"}
    from_json = VtesCombatPage()
    from_json.import_json(text)
    assert from_json.json_message.message == "" and from_json.banner.message == ""
    _same_report(app, from_json)
    assert app.report is not None
    assert resolve(load_scenario_json(text)).steps == app.report.steps
    opened = _reopened(app.address_query())
    assert opened.banner.message == ""
    _same_report(app, opened)
    story = " ".join(opened.narrative)
    assert "Majesty (combat ends)" in story and ".44 Magnum" in story


def test_six_card_plays_of_different_kinds_travel_in_a_short_link() -> None:
    app = theo_against_lucian(THEO_AGAINST_LUCIAN)
    query = app.address_query()
    assert len(query) < MAX_LINK_LENGTH // 4  # 414 characters when measured
    opened = _reopened(query)
    assert opened.banner.message == ""
    _same_report(app, opened)
    summary = combat_summary(LinkParams.from_query(query))
    assert str(summary).startswith("Theo Bell vs Lucian, the Perfect, 3 rounds")


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "without 2 card plays"), ("ru", "без 2 розыгрышей карт")],
)
def test_plays_a_link_cannot_make_are_named_and_the_rest_applies(lang: str, words: str) -> None:
    app = theo_against_lucian((Play("Immortal Grapple", "POT"), Play("Torn Signpost", "POT")))
    data = app.shared_scenario()
    grapple_again = dict(data["cards"][0])  # a second grapple in the same round is forbidden
    data["cards"] = [data["cards"][0], grapple_again, {"card": 1, "level": "-"}, data["cards"][1]]
    opened = _reopened(f"combat={pack(data)}&lang={lang}", lang)
    message = opened.banner.message
    assert words in message and "Immortal Grapple (POT)" in message, message
    _words_only(message)
    opened.set_language("en")
    _same_report(app, opened)  # both plays that apply are there


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "the page shows Kurt against Ira"), ("ru", "страница показывает бой Kurt против Ira")],
)
def test_a_damaged_link_is_said_in_words(lang: str, words: str) -> None:
    opened = _reopened(f"combat=q1YqSk_MS&lang={lang}", lang)
    assert words in opened.banner.message, opened.banner.message
    _words_only(opened.banner.message)


def test_a_card_play_the_file_cannot_make_refuses_the_import_by_name() -> None:
    app = theo_against_lucian((Play("Majesty", "pre"),))
    data = app.shared_scenario()
    data["cards"].append({"card": "Majesty", "level": "DOM", "side": "acting", "round": 1})
    app.json_text.value = json.dumps(data)
    app.import_button.click()
    assert "Card play 2" in app.json_message.message and "Majesty" in app.json_message.message
    assert len(app.card_plays()) == 1  # the page keeps its combat


def test_a_card_play_is_checked_when_recorded() -> None:
    with pytest.raises(InvalidState, match="needs a choice of a weapon"):
        CardPlayed.of("Concealed Weapon", "-", "acting", 1)
    with pytest.raises(InvalidState, match="Majesty is not a weapon"):
        CardPlayed.of("Concealed Weapon", "-", "acting", 1, weapon="Majesty")
    with pytest.raises(InvalidState, match="rounds go from 1 to 50"):
        CardPlayed.of("Majesty", "PRE", "acting", 0)
    with pytest.raises(InvalidState, match="acting or the opposing side"):
        CardPlayed.of("Majesty", "PRE", "left", 1)
    with pytest.raises(InvalidState, match="has no card 12"):
        CardPlayed.of(12, "-", "acting", 1)
    played = CardPlayed.of("Majesty", "pre", "opposing", 2)
    assert str(played.describe()) == "Majesty (pre), opposing, round 2"
    assert played.describe().render("ru") == "Majesty (pre): противостоящий миньон, раунд 2"


def test_a_card_opened_from_the_cards_page_stays_in_the_link_until_it_is_played() -> None:
    majesty = 101144
    page = _reopened(f"card={majesty}")
    picker = page.card_picker
    assert page.ready_card == str(majesty)
    page.cards["opposing"].name.value = "Boris the Bold"  # the address follows; the card stays
    query = page.link.query
    assert f"card={majesty}" in query and "combat=" in query
    copied = _reopened(query)  # a link copied before the card is played opens it ready
    assert copied.card_picker.name.value == "Majesty" and copied.card_picker.plays == []
    assert copied.cards["opposing"].name.value == "Boris the Bold"
    assert copied.banner.message == ""

    picker.play.click()  # played: the link now carries the play, not the ready card
    assert [p.name for p in picker.plays] == ["Majesty"]
    assert "card=" not in page.link.query and page.ready_card == ""
    assert [p.name for p in _reopened(page.link.query).card_picker.plays] == ["Majesty"]

    other = _reopened(f"card={majesty}")
    other.card_picker.name.value = "Immortal Grapple"  # another card chosen: the link drops it
    assert "card=" not in other.link.query and other.ready_card == ""
