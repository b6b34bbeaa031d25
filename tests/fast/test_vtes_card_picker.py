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
    info = app.crypt_picker.info.value
    assert (
        "Gargoyle" in info and 'title="POT">POT</span>' in info and 'title="VIS">VIS</span>' in info
    )
    app.crypt_picker.use.click()
    assert app.scenario()["acting"]["capacity"] == 1 and app.banner.message == ""
    # "Tupdog plays superior Immortal Grapple, then a Torn Signpost strike."
    picker = app.card_picker
    picker.name.value = "Immortal Grapple"
    picker.level.value = "POT"
    assert 'title="POT">POT</span> As above, with 1 optional press' in (picker.info.value)
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
    assert "не моделируется" in app.card_picker.feedback.message and app.card_picker.plays == []
    assert app.banner.message == ""


def test_illegal_card_play_is_refused_with_a_message() -> None:
    app = _open(VtesCombatPage())
    app.card_picker.name.value = "Thrown Sewer Lid"
    app.card_picker.level.value = "pot"
    app.card_picker.play.click()
    feedback = app.card_picker.feedback
    # the card's own words, beside the picker (not in the page's banner)
    assert "only usable at long range" in feedback.message and app.card_picker.plays == []
    assert feedback.kind == "error" and app.banner.message == ""
    assert "vtes-picker-error" in feedback.widget_message.value
    app.card_picker.name.value = "Concealed Weapon"
    app.card_picker.play.click()
    assert "needs a choice" in feedback.message
    app.card_picker.choice.value = ".44 Magnum"
    app.card_picker.play.click()
    assert feedback.kind == "done" and "Concealed Weapon at" in feedback.message
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
    assert app.crypt_picker.feedback.message == "Kurt Densch (G3) is now the minion."
    assert "vtes-minion-changed" in app.minion.widget._dom_classes
    app.crypt_picker.name.value = "Nobody At All"
    app.crypt_picker.use.click()
    assert app.crypt_picker.feedback.message == "Choose a vampire or an ally from the list."
    assert app.banner.message == "" and app.name.value == "Kurt Densch"


def test_a_misspelled_vampire_offers_did_you_mean_and_its_rulings_show() -> None:
    app = _open(VtesCombatPage())
    picker = app.crypt_picker
    picker.name.value = "Lucian the Perfct"
    feedback = picker.feedback
    assert feedback.suggested[0] == "Lucian, the Perfect (G4)"
    assert feedback.suggestions.layout.display is None and picker.info.value == ""
    picker.use.click()  # a name that is no card's is refused beside the picker
    assert feedback.message == "Choose a vampire or an ally from the list."
    assert app.banner.message == ""
    feedback.buttons[0].click()
    assert picker.name.value == "Lucian, the Perfect (G4)"
    assert feedback.suggestions.layout.display == "none" and feedback.message == ""
    # the card's official rulings, closed until opened, references as links
    assert '<details class="vtes-picker-rulings"><summary>Official rulings (6)' in (
        picker.info.value
    )
    assert 'class="vtes-reference" href="' in picker.info.value
    assert "LSJ 20031118" in picker.info.value


def test_a_misspelled_combat_card_offers_did_you_mean_from_the_library() -> None:
    app = _open(VtesCombatPage())
    picker = app.card_picker
    picker.name.value = "majsty"
    assert picker.feedback.suggested[0] == "Majesty"
    assert picker.level.options == ()
    picker.play.click()
    assert picker.feedback.message == "Choose a card from the list." and picker.plays == []
    picker.name.value = "majest"  # typing on: the old error goes, the suggestions stay
    assert picker.feedback.message == "" and picker.feedback.suggested[0] == "Majesty"
    picker.feedback.pick(0)
    assert picker.name.value == "Majesty" and picker.level.value == "pre"
    assert "Official rulings (" in picker.info.value
    # a card that is not in the combat library is not offered
    picker.name.value = "Govern the Unaligned"
    assert "Govern the Unaligned" not in picker.feedback.suggested


def test_the_chosen_vampire_is_confirmed_and_its_box_marked() -> None:
    app = _open(VtesCombatPage())
    picker = app.crypt_picker
    picker.name.value = "Theo Bell (G2)"
    picker.use.click()
    assert picker.feedback.message == "Theo Bell (G2) is now the acting minion."
    assert "vtes-picker-done" in picker.feedback.widget_message.value
    assert "vtes-minion-changed" in app.cards["acting"].widget._dom_classes
    picker.name.value = "Victoria Ash (G2)"
    picker.side.value = "opposing"
    picker.use.click()
    assert picker.feedback.message == "Victoria Ash (G2) is now the opposing minion."
    assert "vtes-minion-changed" in app.cards["opposing"].widget._dom_classes
    assert "vtes-minion-changed" not in app.cards["acting"].widget._dom_classes
    app.language.value = "ru"  # the message follows the language switch
    assert picker.feedback.message == "Victoria Ash (G2) теперь — противостоящий миньон."
    app.new_combat()  # another combat: no box is marked as just changed
    assert not any("vtes-minion-changed" in c.widget._dom_classes for c in app.cards.values())


def test_russian_refusal_beside_the_picker() -> None:
    app = _open(VtesCombatPage(lang="ru"))
    app.crypt_picker.name.value = "Тео Белл"
    assert app.crypt_picker.feedback.suggested[0] == "Theo Bell (G2)"
    assert "Возможно, вы имели в виду" in app.crypt_picker.feedback.title.value
    app.crypt_picker.feedback.pick(0)
    app.crypt_picker.use.click()
    assert app.crypt_picker.feedback.message == "Theo Bell (G2) теперь — действующий миньон."
    app.card_picker.name.value = "Hidden Strength"
    app.card_picker.play.click()
    assert app.card_picker.feedback.message.startswith(
        "У Theo Bell (G2) нет дисциплины Fortitude (for), а Hidden Strength на for её требует."
    )


def test_russian_picker_marks_the_official_english_text() -> None:
    app = _open(VtesCombatPage(lang="ru"))
    app.card_picker.name.value = "Majesty"
    info = app.card_picker.info.value
    assert "(официальный английский текст)" in info
    assert "Разъяснения приведены на английском, как они опубликованы." in info


def test_a_card_needing_a_discipline_the_vampire_lacks_is_refused() -> None:
    app = _open(VtesCombatPage())
    app.crypt_picker.name.value = "Theo Bell (G2)"
    app.crypt_picker.use.click()
    picker = app.card_picker
    picker.name.value = "Hidden Strength"
    picker.play.click()
    assert picker.plays == [] and app.banner.message == ""
    assert picker.feedback.message.startswith("Theo Bell (G2) has no Fortitude (for)")
    picker.name.value = "Majesty"
    picker.level.value = "PRE"
    picker.play.click()
    assert "at basic level only" in picker.feedback.message and "at pre." in picker.feedback.message
    picker.level.value = "pre"
    picker.play.click()
    assert picker.feedback.message == "Majesty at pre played by the acting minion in round 1."
    assert [s.text for s in app.trace_view.steps if s.rule == "vtes:1.1"] == [
        "Theo Bell (G2) has Presence (pre): Majesty may be played at pre."
    ]
    picker.remove.click()
    assert picker.feedback.message == "Majesty at pre taken back." and picker.plays == []
    # a name typed over the vampire's: the crypt card no longer speaks for the box
    app.cards["acting"].name.value = "Anna"
    picker.level.value = "PRE"
    picker.play.click()
    assert picker.feedback.kind == "done" and len(picker.plays) == 1
    assert not [s for s in app.trace_view.steps if s.rule == "vtes:1.1"]


def test_a_vampires_own_text_is_applied_or_left_to_the_judge() -> None:
    app = _open(VtesCombatPage())
    app.crypt_picker.name.value = "Theo Bell (G6)"
    app.crypt_picker.use.click()
    assert app.cards["acting"].strength.value == 2  # "+1 strength."
    app.crypt_picker.name.value = "Lucian, the Perfect (G4)"
    app.crypt_picker.side.value = "opposing"
    app.crypt_picker.use.click()
    judge = app.judge.text
    assert "Left to the judge" in app.judge.widget.value
    assert "Strikes against Lucian cost an additional blood or life." in judge
    assert "A minion opposing Lucian may choose not to strike." in judge
    assert "+3 bleed" not in judge
    rules = [s.text for s in app.trace_view.steps if s.rule == "vtes:1.1"]
    assert "Theo Bell (G6)'s card text gives +1 strength: strength 2." in rules
    copied = app.ruling_text()  # the copied ruling says it too
    assert "Left to the judge: Lucian, the Perfect (G4) (card text): Strikes against" in copied
    assert "[vtes:1.1] Theo Bell (G6)'s card text gives +1 strength" in copied
    # a card's own note on what the resolver does not do is listed too
    app.card_picker.name.value = "Immortal Grapple"
    app.card_picker.level.value = "POT"
    app.card_picker.play.click()
    assert app.card_picker.feedback.kind == "done"
    assert "Immortal Grapple (POT): The optional press is only for this round" in app.judge.text
    app.card_picker.remove.click()
    assert "Immortal Grapple" not in app.judge.text and "Lucian" in app.judge.text


def test_an_ally_from_the_library_fights_with_its_life_and_strength() -> None:
    app = _open(VtesCombatPage())
    picker = app.crypt_picker
    picker.name.value = "Carlton van wik"
    assert picker.feedback.suggested == ("Carlton Van Wyk",)
    picker.feedback.pick(0)
    assert "Unique mortal with 2 life. 0 strength, 0 bleed." in picker.info.value
    picker.side.value = "opposing"
    picker.use.click()
    assert picker.feedback.message == "Carlton Van Wyk is now the opposing minion."
    assert app.scenario()["opposing"] == {
        "name": "Carlton Van Wyk",
        "kind": "ally",
        "life": 2,
        "strength": 0,
    }
    assert "Carlton Van Wyk (card text): Once each combat, he can strike: dodge." in (
        app.judge.text
    )


def test_damage_page_takes_an_ally_by_a_misspelled_name() -> None:
    app = VtesDamagePage()
    app.crypt_toggle.value = True
    app.crypt_picker.name.value = "Gregori Winter"
    app.crypt_picker.feedback.buttons[0].click()
    app.crypt_picker.use.click()
    assert (app.kind.value, app.name.value, app.blood.value) == ("ally", "Gregory Winter", 4)
    assert app.crypt_picker.feedback.message == "Gregory Winter is now the minion."
