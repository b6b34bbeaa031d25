"""What a combat card needs from the vampire who plays it, and what a vampire's own text does."""

from __future__ import annotations

import re

import pytest

from rules.errors import IllegalPlay, RuleError
from rules.reference import exists
from rules.vtes.card_library import entries, entry
from rules.vtes.card_library_needs import (
    RULE,
    MissingDiscipline,
    allowed_options,
    check_disciplines,
    minion_text,
    needs,
)
from rules.vtes.carddata import crypt, vampire

THEO = vampire("Theo Bell (G2)")  # cel dom pre POT: no Fortitude


def test_hidden_strength_is_refused_to_theo_bell_with_the_reason() -> None:
    with pytest.raises(MissingDiscipline) as info:
        check_disciplines(entry("Hidden Strength"), "FOR", THEO)
    assert isinstance(info.value, IllegalPlay) and isinstance(info.value, RuleError)
    said = str(info.value)
    assert said.startswith("Theo Bell (G2) has no Fortitude (for): Hidden Strength at FOR")
    assert "cel dom pre POT" in said and "none of the card's levels" in said
    assert info.value.render("ru").startswith("У Theo Bell (G2) нет дисциплины Fortitude (for)")


def test_a_superior_level_needs_the_superior_discipline_and_names_what_may_be_played() -> None:
    with pytest.raises(MissingDiscipline, match=r"Presence \(pre\) at basic level only") as info:
        check_disciplines(entry("Majesty"), "PRE", THEO)
    assert str(info.value).endswith("it may play the card at pre.")
    step = check_disciplines(entry("Majesty"), "pre", THEO)
    assert step.rule == RULE and exists(step.rule)
    assert step.text == "Theo Bell (G2) has Presence (pre): Majesty may be played at pre."
    superior = check_disciplines(entry("Undead Strength"), "POT (hand strike)", THEO)
    assert superior.text.startswith("Theo Bell (G2) has superior Potence (POT)")


def test_a_combination_card_needs_both_disciplines() -> None:
    aura = entry("Charismatic Aura")
    assert needs(aura.option("aus pre (cancel a grapple)")) == (("aus", "basic"), ("pre", "basic"))
    with pytest.raises(MissingDiscipline, match=r"no Auspex \(aus\)"):
        check_disciplines(aura, "aus pre", THEO)  # Presence but no Auspex
    victoria = vampire("Victoria Ash (G2)")
    assert victoria.level("aus") and victoria.level("pre")
    assert check_disciplines(aura, "aus pre", victoria).rule == RULE


def test_a_card_without_a_discipline_needs_none() -> None:
    stick = entry("Weighted Walking Stick")
    option = stick.options[0]
    assert option.key == "-" and needs(option) == ()
    assert "needs no Discipline" in check_disciplines(stick, "-", THEO).text


@pytest.mark.parametrize("name", [v.name for v in crypt()[::97]])
def test_the_allowed_options_are_exactly_those_the_check_lets_through(name: str) -> None:
    minion = vampire(name)
    for item in entries()[::7]:
        allowed = {o.label for o in allowed_options(item, minion)}
        for option in item.options:
            try:
                check_disciplines(item, option.key, minion)
            except MissingDiscipline:
                assert option.label not in allowed, (item.name, option.key)
                assert any(
                    minion.level(code) is None
                    or (level == "superior" and minion.level(code) == "basic")
                    for code, level in needs(option)
                )
            else:
                assert option.label in allowed, (item.name, option.key)


def test_lucians_text_is_left_to_the_judge_as_printed() -> None:
    lucian = vampire("Lucian, the Perfect")
    assert "Strikes against Lucian cost an additional blood or life." in lucian.text
    text = minion_text(lucian)
    assert text.strength_bonus == 0 and text.applied == ()
    assert text.left == (
        "Strikes against Lucian cost an additional blood or life.",
        "A minion opposing Lucian may choose not to strike.",
    )
    steps = text.steps()
    assert [s.rule for s in steps] == [RULE, RULE]
    assert "left to the judge" in steps[0].text and "судья" in steps[0].render("ru")


def test_a_plain_strength_bonus_is_applied_and_a_conditional_one_left() -> None:
    theo = minion_text(vampire("Theo Bell (G6)"))
    assert (theo.strength_bonus, theo.applied, theo.left) == (1, ("+1 strength.",), ())
    alfred = minion_text(vampire("Alfred Benezri (G3)"))
    assert alfred.strength_bonus == 0
    assert alfred.left == ("Alfred gets -1 strength in combat with an ally.",)
    # entering combat is an action, not something the combat does; what it gives in that
    # combat is combat text
    assert minion_text(THEO).left == ()
    joe = minion_text(vampire('Joe "Boot" Hill (G4)'))
    assert any("1 optional maneuver during that combat" in s for s in joe.left)


def test_no_vampires_combat_text_is_dropped() -> None:
    """Every sentence of a crypt card naming strength, strikes, damage, presses or maneuvers
    is applied or left to the judge (actions, such as entering combat, aside)."""
    words = re.compile(r"strength|strike|damage|maneuver|press|prevent", re.IGNORECASE)
    fights = re.compile(r"strength|strike|maneuver|press|prevent", re.IGNORECASE)
    for minion in crypt():
        text = minion_text(minion)
        kept = " ".join((*text.applied, *text.left))
        for sentence in re.split(r"(?<=[.!?])\s+", " ".join(minion.text.split())):
            action = "Ⓓ action" in sentence and not fights.search(sentence)
            if words.search(sentence) and not action:
                assert sentence.split(": ", 1)[-1] in kept, (minion.name, sentence)


def test_an_allys_card_gives_its_life_strength_and_combat_text() -> None:
    from rules.vtes.card_library_needs import minion_combatant
    from rules.vtes.carddata import library, library_card

    ghoul = library_card("Rafastio Ghoul")  # "1 bleed, 1 strength": the order varies
    assert minion_combatant(ghoul) == {
        "name": "Rafastio Ghoul",
        "kind": "ally",
        "life": 2,
        "strength": 1,
    }
    carlton = minion_text(library_card("Carlton Van Wyk"))
    assert (carlton.life, carlton.strength) == (2, 0)
    assert carlton.steps()[0].text == "Carlton Van Wyk's card gives it 2 life and 0 strength."
    allies = [c for c in library() if "Ally" in c.types]
    assert len(allies) > 100 and all(minion_text(c).life for c in allies)
    theo = minion_combatant(vampire("Theo Bell (G6)"))
    assert (theo["kind"], theo["capacity"], theo["strength"]) == ("vampire", 8, 2)
