"""The VTES combat page driven without a browser: set widgets, read the outputs."""

from __future__ import annotations

import json

import pytest

from calculators.pages.vtes_combat.page import VtesCombatPage, seed_example_lines
from rules.vtes import MinionState
from rules.vtes.combat import resolve
from rules.vtes.combat_examples import EXAMPLES


@pytest.fixture
def app() -> VtesCombatPage:
    return VtesCombatPage()


def test_page_opens_ready_on_kurt_and_ira(app: VtesCombatPage) -> None:
    assert "calc-ready" in app.widget._dom_classes
    assert app.banner.message == ""
    assert app.report is not None
    # seed vtes-rulebook-p4, Kurt vs Ira: Kurt takes 2 and mends from 4, Ira 1 from 5
    assert (app.report.acting.blood, app.report.opposing.blood) == (2, 4)
    assert "Ira dodges, so Kurt's strike has no effect on Ira." in app.narrative
    assert "Kurt" in app.final_text and "Damage taken 2 1" in app.final_text


def test_preset_buttons_load_the_rulebook_examples(app: VtesCombatPage) -> None:
    app.preset_buttons["cohn_mage"].click()
    assert app.banner.message == ""
    assert app.cards["opposing"].kind.value == "ally"
    assert app.report is not None
    # seed, Cohn Rose vs the Mage: 4 + 2 stolen over capacity 5 drains 1, 2 mended: 3
    assert app.report.acting.blood == 3 and app.report.acting.drained == 1
    assert app.report.opposing.state is MinionState.BURNED
    assert "Cohn Rose" in app._preset_note.value
    app.preset_buttons["kurt_ira"].click()
    assert app.report is not None and app.report.acting.blood == 2


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_presets_survive_the_widgets(app: VtesCombatPage, key: str) -> None:
    """Loading a preset into the widgets and reading it back gives the same outcome."""
    app.load_preset(key)
    direct = resolve(EXAMPLES[key].scenario)
    via_page = resolve(app.scenario())
    assert via_page.acting == direct.acting and via_page.opposing == direct.opposing
    assert via_page.narrative == direct.narrative


def test_build_a_combat_from_scratch(app: VtesCombatPage) -> None:
    app.new_combat()
    assert app.report is not None and app.report.opposing.blood == 3  # hand strikes
    anna = app.rounds[0].sides["acting"]
    anna.add_button.click()
    anna.strikes[0].choice.value = "card:undead_strength"
    assert app.report is not None
    assert app.report.opposing.blood == 4 - 3
    assert "Boris takes 3 damage." in app.narrative
    boris = app.rounds[0].sides["opposing"]
    boris.add_strike()
    boris.strikes[0].choice.value = "card:dodge"
    assert app.report is not None and app.report.opposing.blood == 4


def test_custom_strike_switches(app: VtesCombatPage) -> None:
    app.new_combat()
    side = app.rounds[0].sides["acting"]
    row = side.add_strike()
    row.choice.value = "custom"
    assert row.custom.layout.display is None
    row.damage.value = 2
    row.flags["aggravated"].value = True
    assert app.report is not None
    assert app.report.opposing.state is MinionState.TORPOR  # wounded by aggravated damage
    row.flags["aggravated"].value = False
    row.prevented.value = "1"
    assert app.report is not None and app.report.opposing.blood == 3


def test_weapons_and_retainers_appear_as_choices(app: VtesCombatPage) -> None:
    app.new_combat()
    anna = app.cards["acting"]
    gun = anna.equipment.add()
    gun.name.value = "Pistol"
    gun.damage.value = 2
    gun.ranged.value = True
    boris = app.cards["opposing"]
    ghoul = boris.retainers.add()
    ghoul.name.value = "Ghoul"
    ghoul.life.value = 2
    row = app.rounds[0].sides["acting"].add_strike()
    assert "weapon:Pistol" in [v for _l, v in row.choice.options]
    assert "Ghoul" in [v for _l, v in row.target.options]
    row.choice.value = "weapon:Pistol"
    row.target.value = "Ghoul"
    # close range: a retainer cannot be targeted
    assert "long range" in app.banner.message
    app.rounds[0].maneuvers.value = 1
    assert app.banner.message == ""
    assert app.report is not None and app.report.opposing.retainers == {}


def test_blur_and_additional_strikes(app: VtesCombatPage) -> None:
    app.new_combat()
    side = app.rounds[0].sides["acting"]
    side.add_strike()
    side.add_strike()
    assert "granted 1" in app.banner.message
    side.additional.value = "blur_basic"
    assert app.banner.message == ""
    assert app.report is not None and app.report.opposing.blood == 2


def test_rounds_can_be_added_and_removed(app: VtesCombatPage) -> None:
    app.new_combat()
    app.add_round()
    assert "ended in round 1" in app.banner.message
    app.rounds[0].presses.value = 1
    assert app.banner.message == ""
    assert app.report is not None and len(app.report.rounds) == 2
    assert "Round 2" in app.story.text
    app.remove_round(1)
    assert len(app.rounds) == 1 and app.report is not None and app.report.ended_by == "open"
    app.rounds[0].remove.click()
    assert "at least one round" in app.banner.message


def test_export_and_import_json(app: VtesCombatPage) -> None:
    text = app.export_json()
    assert json.loads(text)["acting"]["name"] == "Kurt"
    app.new_combat()
    app.import_json(text)
    assert app.banner.message == ""
    assert app.cards["acting"].name.value == "Kurt"
    assert app.report is not None and app.report.acting.blood == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("", "empty"),
        ('{"acting": {}, "opposing": {}}', "'name' is missing"),
        ('{"atcing": {}}', "unknown key 'atcing'"),
    ],
)
def test_bad_json_gives_a_clear_message(app: VtesCombatPage, text: str, message: str) -> None:
    app.json_text.value = text
    app.import_button.click()
    assert message in app.json_message.message  # beside the box, not at the top of the page
    assert not app.banner.visible
    assert "Traceback" not in app.json_message.widget.value
    assert app.cards["acting"].name.value == "Kurt"  # the page keeps its combat


def test_illegal_scenario_import_is_explained(app: VtesCombatPage) -> None:
    data = EXAMPLES["kurt_ira"].scenario_dict()
    data["rounds"][0]["maneuvers"] = ["acting", "acting"]
    app.json_text.value = json.dumps(data)
    app.import_button.click()
    assert "twice in a row" in app.json_message.message
    app.json_text.value = json.dumps(EXAMPLES["kurt_ira"].scenario_dict())
    app.import_button.click()
    assert not app.json_message.visible


def test_russian_labels_and_story(app: VtesCombatPage) -> None:
    app.set_language("ru")
    assert app.report is not None
    assert "Ira уклоняется" in " ".join(app.narrative)
    assert "Раунд 1" in app.story.text
    assert app.cards["acting"].name.description == "Имя"
    assert app.new_button.description == "Новый бой"
    assert app.banner.message == ""


def test_trace_cites_rules(app: VtesCombatPage) -> None:
    assert "vtes:6.4.5" in app.trace_view.widget.value
    assert "rules_reference.ipynb?section=vtes%3A6.4.6" in app.trace_view.widget.value


def test_seed_example_lines_are_computed() -> None:
    lines = seed_example_lines()
    assert any("Kurt ready with 2 blood" in line for line in lines)
    assert any("Cohn Rose ready with 3 blood" in line and "Mage burned" in line for line in lines)


def test_russian_page_explains_bad_input_in_russian(app: VtesCombatPage) -> None:
    app.set_language("ru")
    app.json_text.value = '{"atcing": {}}'
    app.import_button.click()
    assert app.json_message.message.startswith(
        "Сценарий: неизвестный ключ 'atcing'; допустимые ключи:"
    )
    data = EXAMPLES["kurt_ira"].scenario_dict()
    data["rounds"][0]["maneuvers"] = ["acting", "acting"]
    app.json_text.value = json.dumps(data)
    app.import_button.click()
    assert "миньон не может маневрировать дважды подряд" in app.json_message.message
    app.rounds[0].remove.click()
    assert app.banner.message.startswith("В бою должен быть хотя бы один раунд")
    assert app.cards["acting"].name.value == "Kurt"  # the page keeps its combat


def test_bad_preset_in_a_russian_address(app: VtesCombatPage) -> None:
    app.set_language("ru")
    app.apply_parameters({"preset": "nobody"})
    assert "примеру боя, которого на странице нет (nobody)" in app.banner.message
    assert "Kurt против Ira: Undead Strength, Dodge и Blur; Cohn Rose" in app.banner.message


def test_superior_skin_of_rock_against_a_hand_strike_is_not_refused(
    app: VtesCombatPage,
) -> None:
    """Ruling G00153: prevention 2 against 1 damage prevents it all; the page shows no error."""
    app.new_combat()
    row = app.rounds[0].sides["acting"].add_strike()
    row.prevented.value = "2"  # Boris prevents 2 of Anna's 1-damage hand strike
    assert app.banner.message == "" and app.report is not None
    assert app.report.opposing.blood == 4 and app.report.opposing.damage_prevented == 1
    assert "G00153" in app.trace_view.widget.value
    assert "Receiver prevents" in app._rounds_help.value  # the jargon is explained


def test_the_preset_note_says_modified_after_an_edit(app: VtesCombatPage) -> None:
    assert "Ira blocks Kurt" in app._preset_note.value or app._preset_note.value
    app.cards["acting"].strength.value = 2
    assert "modified" in app._preset_note.value and "Kurt" in app._preset_note.value
    app.set_language("ru")
    assert "с изменениями" in app._preset_note.value
    app.tools.reset_button.click()
    assert app.preset_key == "kurt_ira" and "с изменениями" not in app._preset_note.value
    assert app.cards["acting"].strength.value == 1


def test_number_boxes_keep_bad_text_and_compute_nothing(app: VtesCombatPage) -> None:
    report = app.report
    app.cards["acting"].capacity.text.value = "1e3"
    assert app.report is report and app.cards["acting"].capacity.text.value == "1e3"
    assert "whole number from 1 to 11" in app.cards["acting"].capacity.message()
    app.cards["acting"].capacity.text.value = "7"
    assert app.report is not report and app.report is not None


def test_an_empty_name_uses_a_default_in_the_page_language(app: VtesCombatPage) -> None:
    app.set_language("ru")
    app.cards["opposing"].name.value = ""
    assert app.banner.message == "" and app.report is not None
    assert app.report.opposing.name == "Противостоящий вампир"
    app.cards["opposing"].kind.value = "ally"
    assert app.report is not None and app.report.opposing.name == "Противостоящий союзник"


def test_the_ruling_as_text(app: VtesCombatPage) -> None:
    app.tools.ruling_button.click()
    text = app.tools.text
    assert text.startswith("VTES combat resolver\n\nSituation:\n- Acting minion: Kurt")
    assert "\nResult:\n- Round 1 (close range):" in text and "- Kurt: ready, Blood 2" in text
    assert "\n1. [vtes:6.4.1] " in text


def test_hiding_the_card_pickers_hides_nothing_else(app: VtesCombatPage) -> None:
    assert app.cards_box.layout.display == "none"
    shown = (app.new_button, app.cards["acting"].strength, app.rounds_box)
    assert all(w.layout.display != "none" for w in shown)
    assert all(w.layout is not app.cards_box.layout for w in shown)


def test_the_card_pickers_are_drawn_once_first_shown(app: VtesCombatPage) -> None:
    # a page that never opens them does not draw their 60 widgets on the phone
    assert app.cards_box.children == ()
    app.cards_toggle.value = True
    pickers = (app.crypt_picker.widget, app.card_picker.widget)
    assert app.cards_box.children == pickers and app.cards_box.layout.display is None
    app.cards_toggle.value = False
    assert app.cards_box.layout.display == "none" and app.cards_box.children == pickers
    app.cards_toggle.value = True
    assert app.cards_box.children == pickers


def _open_widgets() -> int:
    from ipywidgets.widgets.widget import _instances  # every widget not closed yet

    return len(_instances)


def test_widgets_the_page_drops_are_closed(app: VtesCombatPage) -> None:
    # Loading a combat again and again must not pile up widgets in the kernel and the browser
    # (each one also costs the browser its messages: a ten-round combat has about 900).
    keys = list(EXAMPLES)
    for key in keys:
        app.load_preset(key)
    settled = _open_widgets()
    for _ in range(3):
        for key in keys:
            app.load_preset(key)
    assert _open_widgets() == settled
    rounds = len(app.rounds)
    app.add_round()
    app.add_round()
    grown = _open_widgets()
    assert grown > settled
    app.remove_round(len(app.rounds) - 1)
    app.remove_round(len(app.rounds) - 1)
    assert len(app.rounds) == rounds and _open_widgets() == settled
