"""The combat page's words and tables from a resolved combat alone (no widgets, no page)."""

from __future__ import annotations

import pytest

from calculators.kit.labels import COMMON
from calculators.pages.vtes_combat import view
from calculators.pages.vtes_combat.labels import LABELS
from rules.vtes.combat import CombatReport, resolve
from rules.vtes.combat_examples import EXAMPLES

WORDS = COMMON.merged(LABELS)


@pytest.fixture(scope="module")
def kurt_ira() -> CombatReport:
    return resolve(EXAMPLES["kurt_ira"].scenario)


def test_the_rulebook_example_in_one_line(kurt_ira: CombatReport) -> None:
    # Undead Strength dodged; Blur gives Kurt one extra strike and Ira two: hand strikes of 1
    assert view.example_line("Kurt vs Ira", kurt_ira) == (
        "Kurt vs Ira: Kurt ready with 2 blood after 2 damage; Ira ready with 4 blood after 1 damage"
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Round 1 (close range)", "Ira dodges", "Kurt plays Blur: 1 additional strike."]),
        ("ru", ["Раунд 1 (близкая дистанция)", "Ira уклоняется", "2 дополнительных удара"]),
    ],
)
def test_the_story_tells_each_round(kurt_ira: CombatReport, lang: str, words: list[str]) -> None:
    story = view.story_html(kurt_ira, lambda key: WORDS.text(key, lang), lang)
    assert story.startswith("<p>Kurt (")
    for said in words:
        assert said in story, said
    assert story.count("vtes-round-title") == len(kurt_ira.rounds) == 1


@pytest.mark.parametrize(
    ("lang", "rows"),
    [
        (
            "en",
            [
                "<th>Blood / Life</th><td>Blood: 2 / 6</td><td>Blood: 4 / 7</td>",
                "<th>Damage taken</th><td>2</td><td>1</td>",
            ],
        ),
        (
            "ru",
            [
                "<th>Кровь / Жизнь</th><td>Кровь: 2 / 6</td><td>Кровь: 4 / 7</td>",
                "<th>Получено повреждений</th><td>2</td><td>1</td>",
            ],
        ),
    ],
)
def test_the_final_table_has_both_sides(kurt_ira: CombatReport, lang: str, rows: list[str]) -> None:
    final = view.final_html(kurt_ira, lambda key: WORDS.text(key, lang))
    assert final.startswith('<table class="calc-table"><tr><th></th><th>Kurt</th><th>Ira</th>')
    for row in rows:
        assert row in final, row
