"""The VTES damage page driven without a browser: set inputs, read outputs."""

from __future__ import annotations

import re

import pytest

from calculators.pages.vtes_damage.page import VtesDamagePage, minion_svg, seed_example_lines
from rules.vtes import MinionState, Vampire, resolve_damage


@pytest.fixture
def app() -> VtesDamagePage:
    return VtesDamagePage()


def test_page_is_ready_with_a_valid_default(app: VtesDamagePage) -> None:
    assert "calc-ready" in app.widget._dom_classes
    assert app.result is not None
    assert app.banner.message == ""
    assert app.result.state is MinionState.READY


@pytest.mark.parametrize(
    ("key", "words", "badges"),
    [
        ("krid", "Krid is wounded and goes to torpor with 1 of 4 blood.", ("wounded", "torpor")),
        ("milo", "Milo is wounded and goes to torpor with 0 of 5 blood.", ("wounded", "torpor")),
        ("barth", "Barth is burned", ("burned",)),
    ],
)
def test_presets_show_the_rulebook_outcomes(
    app: VtesDamagePage, key: str, words: str, badges: tuple[str, ...]
) -> None:
    app.load_preset(key)
    assert app.outcome_text.startswith(words)
    assert app.badges == badges
    assert app.preset is not None and app.preset.key == key
    assert "the engine agrees" in app.preset_note.value
    assert words.split(" is ")[0] in app.panel.text
    assert app.trace_view.steps and app.trace_view.steps == app.result.steps  # type: ignore[union-attr]


def test_preset_button_click_loads_it(app: VtesDamagePage) -> None:
    app.preset_buttons["barth"].click()
    assert app.name.value == "Barth"
    assert (app.blood.value, app.normal.value, app.aggravated.value) == (1, 2, 1)
    assert app.result is not None and app.result.state is MinionState.BURNED


def test_changing_an_input_leaves_the_preset(app: VtesDamagePage) -> None:
    app.load_preset("barth")
    app.prevent_aggravated.value = 1
    assert app.preset is None and app.preset_note.value == ""
    assert app.result is not None and app.result.state is MinionState.TORPOR
    assert "torpor" in app.outcome_text


def test_trace_links_each_rule_to_the_reference(app: VtesDamagePage) -> None:
    app.load_preset("krid")
    html = app.trace_view.widget.value
    assert "rules_reference.ipynb?section=vtes%3A6.4.6" in html
    assert "rules_reference.ipynb?section=vtes%3A6.5.1" in html
    assert app.trace_view.text.startswith("1. [vtes:6.4.6]")


@pytest.mark.parametrize(
    ("inputs", "pattern"),
    [
        ({"aggravated": 0, "prevent_aggravated": 1}, r"no damage is dealt.*G00154"),
        ({"kind": "retainer", "normal": 2, "prevent_normal": 1}, r"retainer.*cannot be prevented"),
    ],
)
def test_bad_input_gives_a_message_not_a_result(
    app: VtesDamagePage, inputs: dict[str, object], pattern: str
) -> None:
    app.set_inputs(**inputs)
    assert re.search(pattern, app.banner.message), app.banner.message
    assert app.banner.visible
    assert app.result is None and app.outcome_text == "" and app.panel.text == ""
    assert "Traceback" not in app.banner.widget.value


@pytest.mark.parametrize(
    ("inputs", "field", "pattern"),
    [
        ({"capacity": 3, "blood": 9}, "blood", r"^9 is out of range.* from 0 to 3\."),
        ({"normal": -1}, "normal", r"from 0 to 30"),
        ({"aggravated": -2}, "aggravated", r"from 0 to 30"),
        ({"capacity": 12}, "capacity", r"from 1 to 11"),
    ],
)
def test_a_number_out_of_bounds_is_explained_beside_its_box(
    app: VtesDamagePage, inputs: dict[str, object], field: str, pattern: str
) -> None:
    before = app.outcome_text
    app.set_inputs(**inputs)
    box = getattr(app, field)
    assert not box.valid and re.search(pattern, box.message()), box.message()
    assert "calc-field-invalid" in box._dom_classes
    assert box.message() in box.note.value
    assert not app.banner.visible  # the page banner is for page-wide problems
    assert app.outcome_text == before  # nothing computed from the bad value


def test_typed_text_is_kept_and_nothing_is_computed_until_valid(
    app: VtesDamagePage,
) -> None:
    """Bug: "2.5" became 25, "1e3" became 13, letters and empty boxes silently reverted."""
    app.load_preset("krid")
    result = app.result
    for typed in ("2.5", "1e3", "", "abc", "100000000000000000000"):
        app.capacity.text.value = typed
        assert app.capacity.text.value == typed  # what the visitor typed stays
        assert app.capacity.value == 4 and app.result is result  # nothing recomputed
        assert "whole number from 1 to 11" in app.capacity.message()
    app.capacity.text.value = " 6 "
    assert app.capacity.valid and app.capacity.value == 6
    assert app.result is not result and app.result is not None
    assert app.result.before.capacity == 6  # type: ignore[union-attr]


def test_fixing_the_input_clears_the_message(app: VtesDamagePage) -> None:
    app.set_inputs(capacity=3)
    app.blood.value = 5
    assert not app.blood.valid and "from 0 to 3" in app.blood.message()
    app.capacity.value = 6
    assert app.blood.valid and app.blood.message() == ""
    assert not app.banner.visible and app.result is not None
    assert app.result.blood == 5


def test_an_empty_name_falls_back_to_the_kind_in_the_page_language(
    app: VtesDamagePage,
) -> None:
    app.set_inputs(name="  ", normal=1)
    assert app.result is not None and app.result.minion.name == "Vampire"
    app.set_language("ru")
    assert app.result.minion.name == "Вампир" and app.name.placeholder == "Вампир"
    app.kind.value = "ally"
    assert app.result.minion.name == "Союзник"


def test_default_names_follow_the_language_and_the_kind(app: VtesDamagePage) -> None:
    assert app.name.value == "Vampire"
    app.set_language("ru")
    assert app.name.value == "Вампир"
    app.kind.value = "ally"
    assert app.name.value == "Союзник" and app.result is not None
    assert app.result.minion.name == "Союзник"
    app.name.value = "Gregor"
    app.kind.value = "retainer"
    assert app.name.value == "Gregor"  # a name the visitor typed is kept


def test_retainer_prevention_allowed_with_current_rules(app: VtesDamagePage) -> None:
    app.set_inputs(kind="retainer", blood=2, normal=2, prevent_normal=1, rules="vekn-2024")
    assert app.banner.message == ""
    assert app.outcome_text.endswith("stays ready with 1 life.")


def test_kind_switch_hides_vampire_only_inputs_and_relabels_blood(
    app: VtesDamagePage,
) -> None:
    app.kind.value = "ally"
    assert app.capacity.layout.display == "none"
    assert app.minion.state_row.layout.display == "none"
    for shown in (app.name, app.blood, app.normal, app.aggravated, app.prevent_normal):
        assert shown.layout.display is None
    assert app.prevent_aggravated.layout.display is None
    assert app.blood.description == "Life"
    app.set_inputs(blood=2, aggravated=3)
    assert app.result is not None and app.result.state is MinionState.BURNED
    assert app.outcome_text == "Ally has no life left and is burned."  # the default name
    app.kind.value = "vampire"
    assert app.capacity.layout.display is None
    assert app.blood.description == "Blood"


def test_russian_labels_and_outcome(app: VtesDamagePage) -> None:
    app.load_preset("milo")
    app.set_language("ru")
    # seed vtes-rulebook-p4, Milo: 2 blood burned against 3 aggravated, torpor with none left
    assert app.outcome_text == "Milo ранен и уходит в ступор; крови 0 из 5."
    assert app.capacity.description == "Объём крови"
    assert dict(app.kind.options)["Союзник"] == "ally"
    assert "ранен" in app.panel.widget.value and "ступор" in app.panel.widget.value
    app.set_language("en")
    assert app.outcome_text.startswith("Milo is wounded")


def test_language_switch_keeps_an_error_message(app: VtesDamagePage) -> None:
    app.set_inputs(normal=-3)
    assert app.normal.message().startswith("-3 is out of range")
    app.set_language("ru")
    assert app.normal.message().startswith("-3 вне допустимых пределов")
    assert "-3 вне допустимых пределов" in app.normal.note.value
    app.set_inputs(normal=1, aggravated=0, prevent_aggravated=0, prevent_normal=0)
    app.set_inputs(normal=0, prevent_aggravated=1)
    assert app.banner.visible and "G00154" in app.banner.message
    assert app.result is None
    app.set_language("en")
    assert "no damage is dealt" in app.banner.message


def test_russian_page_shows_russian_errors(app: VtesDamagePage) -> None:
    app.set_language("ru")
    app.set_inputs(kind="vampire", name="Krid", capacity=4, blood=6)
    assert app.blood.message() == (
        "6 вне допустимых пределов: введите целое число от 0 до 4. До тех пор ничего не "
        "пересчитывается."
    )
    app.set_inputs(blood=3, normal=1, prevent_normal=2)
    assert app.banner.message == "" and app.result is not None
    assert "решение G00153" in app.trace_view.widget.value


def test_bad_preset_in_a_russian_address(app: VtesDamagePage) -> None:
    app.set_language("ru")
    app.apply_parameters({"preset": "nobody"})
    assert "неизвестный пример 'nobody'" in app.banner.message


def test_torpor_input_says_stays_in_torpor(app: VtesDamagePage) -> None:
    app.set_inputs(state="torpor", blood=2, capacity=5, aggravated=1)
    # by hand: already wounded, so 1 aggravated costs 1 blood to avoid burning: 2 - 1
    assert app.outcome_text == "Vampire is still wounded and stays in torpor with 1 of 5 blood."


def test_url_preset_parameter(app: VtesDamagePage) -> None:
    app.apply_parameters({"preset": "milo"})
    assert app.name.value == "Milo"
    app.apply_parameters({"preset": "nobody"})
    assert "unknown preset" in app.banner.message


def test_picture_counts_tokens() -> None:
    v = Vampire("Milo", capacity=5, blood=2)
    svg = minion_svg(v, resolve_damage(v, aggravated=3))
    assert svg.count('class="token-left"') == 0
    assert svg.count('class="token-spent"') == 2
    assert svg.count('class="token-empty"') == 3
    w = Vampire("Anson", capacity=6, blood=4)
    svg = minion_svg(w, resolve_damage(w, normal=1))
    assert (svg.count("token-left"), svg.count("token-spent"), svg.count("token-empty")) == (
        3,
        1,
        2,
    )
    assert "3 / 6" in svg


def test_page_picture_matches_result(app: VtesDamagePage) -> None:
    app.load_preset("krid")
    assert app.svg.count('class="token-left"') == 1
    assert app.svg.count('class="token-empty"') == 3
    assert app.svg in app.panel.widget.value


def test_seed_example_lines_come_from_the_engine() -> None:
    lines = seed_example_lines()
    assert len(lines) == 3
    assert lines[0].endswith("Krid: in torpor (wounded) with 1 blood")
    assert lines[1].endswith("Milo: in torpor (wounded) with 0 blood")
    assert lines[2].endswith("Barth: burned")


def test_a_preset_shows_in_the_address_at_once() -> None:
    # inputs set together (a rulebook example) reach the address when they are all set, so a
    # link copied right after pressing the example opens the example
    app = VtesDamagePage()
    app.follow_url()
    assert app.link.query == ""
    app.load_preset("milo")
    assert app.link.query == "name=Milo&capacity=5&blood=2&aggravated=3"
