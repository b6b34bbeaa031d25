"""The card pickers on the VTES combat and damage pages, driven through their widgets."""

from __future__ import annotations

from calculators.pages.vtes_combat.page import VtesCombatPage
from calculators.pages.vtes_damage.page import VtesDamagePage
from rules.vtes.scenario import dump_scenario_json


def _open(app: VtesCombatPage) -> VtesCombatPage:
    # the pickers' box is shown and hidden: it must not share a layout with other widgets
    assert app.cards_box.layout.display == "none" and app.new_button.layout.display is None
    app.new_combat()
    app.cards_toggle.value = True
    return app


def test_vampire_from_the_crypt_and_cards_by_name() -> None:
    app = _open(VtesCombatPage())
    app.crypt_picker.name.value = "Tupdog (G3)"
    assert "Gargoyle" in app.crypt_picker.info.value and "POT VIS" in app.crypt_picker.info.value
    app.crypt_picker.use.click()
    assert app.scenario()["acting"]["capacity"] == 1 and app.banner.message == ""
    # "Tupdog plays superior Immortal Grapple, then a Torn Signpost strike."
    picker = app.card_picker
    picker.name.value = "Immortal Grapple"
    picker.level.value = "POT"
    assert "[POT] As above, with 1 optional press" in picker.info.value
    assert "next round is at close range" in picker.info.value
    picker.play.click()
    picker.name.value = "Torn Signpost"
    picker.level.value = "POT"
    picker.play.click()
    assert app.banner.message == ""
    story = " ".join(app.narrative)
    assert "Tupdog plays Immortal Grapple" in story and "Torn Signpost: strength set to 3" in story
    # strength 3 hands: Boris 4 -> 1, then 3 more in round 2 send him to torpor with 0;
    # Tupdog (1 blood) mends round 1's point and goes to torpor in round 2.
    assert app.report is not None and app.report.opposing.blood == 0
    assert app.report.opposing.state.value == "torpor" == app.report.acting.state.value
    assert len(app.report.rounds) == 2 and app.report.rounds[1].range == "close"
    picker.remove.click()
    assert "Torn Signpost" not in " ".join(app.narrative)


def test_unmodelled_level_is_said_and_refused_in_russian() -> None:
    app = _open(VtesCombatPage(lang="ru"))
    app.card_picker.name.value = "Dam the Heart's River"
    app.card_picker.level.value = "QUI"
    assert "Не моделируется" in app.card_picker.info.value
    app.card_picker.play.click()
    assert "не моделируется" in app.banner.message and app.card_picker.plays == []


def test_illegal_card_play_is_refused_with_a_message() -> None:
    app = _open(VtesCombatPage())
    app.card_picker.name.value = "Thrown Sewer Lid"
    app.card_picker.level.value = "pot"
    app.card_picker.play.click()
    assert "only usable at long range" in app.banner.message and app.card_picker.plays == []
    app.card_picker.name.value = "Concealed Weapon"
    app.card_picker.play.click()
    assert "needs a choice" in app.banner.message
    app.card_picker.choice.value = ".44 Magnum"
    app.card_picker.play.click()
    assert app.banner.message == "" and app.report is not None
    assert ".44 Magnum" in " ".join(s.text for s in app.report.steps)


def test_import_of_card_effects_the_editors_cannot_show() -> None:
    app = _open(VtesCombatPage())
    app.card_picker.name.value = "Carrion Crows"
    app.card_picker.play.click()
    # the card's effects spelled out, as a scenario written by hand has them
    text = dump_scenario_json(app.scenario())
    assert "environmental" in text
    app.json_text.value = text
    app.import_button.click()
    assert "card pickers" in app.json_message.message  # beside the import box
    assert app.card_picker.plays and "Carrion Crows" in " ".join(app.narrative)


def test_damage_page_takes_a_vampire_from_the_crypt() -> None:
    app = VtesDamagePage()
    app.crypt_toggle.value = True
    app.crypt_picker.name.value = "Kurt Densch (G3)"
    app.crypt_picker.use.click()
    assert (app.name.value, app.capacity.value, app.blood.value) == ("Kurt Densch", 8, 8)
    app.crypt_picker.name.value = "Nobody At All"
    app.crypt_picker.use.click()
    assert "No vampire named" in app.banner.message
