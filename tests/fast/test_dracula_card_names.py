"""Fury of Dracula's cards are named in the page's language wherever a page sentence lists them
(the seed's Russian names: Удар, Уклонение, Бегство…), not in English inside Russian text."""

from __future__ import annotations

import re

import pytest

from calculators.pages.dracula.page import DraculaPage
from rules.dracula.words import CARD_NAMES

# an English card name standing alone (the Russian catalog keeps it only in brackets after the
# Russian name, so that a step can be matched to the card chosen on the page)
_ENGLISH = re.compile(
    r"(?<![(\w])("
    + "|".join(re.escape(n) for n in sorted(CARD_NAMES, key=len, reverse=True))
    + r")(?![\w)])"
)


def _alone(text: str) -> list[str]:
    return _ENGLISH.findall(text)


def test_the_initiative_assumption_names_the_cards_in_russian() -> None:
    app = DraculaPage(lang="ru")
    app.set_inputs(assume="1", opponent="dracula-night", items=("Stake",))
    note = app.prompt.value
    assert "Удар (Punch)" in note and "Уклонение (Dodge)" in note and "Бегство (Escape)" in note
    assert _alone(note) == []
    app.set_language("en")
    assert "Punch, Dodge, Escape" in app.prompt.value


def test_the_prompt_without_an_assumption_names_the_cards_in_russian() -> None:
    app = DraculaPage(lang="ru")
    app.set_inputs(assume="", opponent="dracula-night")
    assert "Удар (Punch)" in app.prompt.value and _alone(app.prompt.value) == []


@pytest.mark.parametrize(
    ("lang", "shown"), [("ru", "Кол (Stake), Когти (Claws)"), ("en", "Stake, Claws")]
)
def test_the_cards_on_the_table_in_the_round_resolver(lang: str, shown: str) -> None:
    app = DraculaPage(lang=lang)
    app.set_inputs(health=4, blood=4, trap=True, items=("Stake",))
    app.judge_round("Stake", "Claws", 3, 3)
    assert shown in app.resolver.state_view.value
    if lang == "ru":
        assert _alone(app.resolver.state_view.value) == []
