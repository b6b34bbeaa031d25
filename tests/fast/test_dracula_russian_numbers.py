"""The Fury of Dracula page writes its decimals the Russian way on a Russian page."""

from __future__ import annotations

import re
from fractions import Fraction

from calculators.pages.dracula.page import DraculaPage
from rules.dracula.shares import share_text
from rules.i18n.numbers import decimal

ENGLISH_DECIMAL = re.compile(r"(?<![\d/])\d+\.\d+")  # 2.345, not inside a fraction or a word


def _text(html: str) -> str:
    return re.sub(r"<[^>]*>", " ", html)


def test_expected_rounds_and_compute_time_in_russian() -> None:
    app = DraculaPage(lang="ru")
    app.set_inputs(assume="1")
    assert app.odds is not None
    summary = _text(app.summary.value)
    rounds = decimal(app.odds.expected_rounds, 3, "ru")
    assert "," in rounds and f"Ожидаемое число раундов : {rounds}" in summary.replace("  ", " ")
    assert re.search(r"\d+,\d\d\xa0с\)", summary), summary
    assert not ENGLISH_DECIMAL.findall(summary), summary


def test_blood_plan_value_in_russian() -> None:
    app = DraculaPage(lang="ru")
    app.set_inputs(assume="1", hunter_policy="goal", goal="blood")
    assert app.plan is not None
    shown = _text(app.plan_view.value)
    assert f"≈{decimal(app.plan.value, 3, 'ru')}" in shown
    assert not re.search(r"≈\d+\.\d", shown), shown


def test_group_table_in_russian() -> None:
    app = DraculaPage(lang="ru")
    app.set_inputs(assume="1", health=2, blood=3, companions=("Mina Harker",))
    assert app.group is not None
    table = _text(app.group_view.value)
    assert re.search(r"\b\d,\d\d\b", table), table
    assert not ENGLISH_DECIMAL.findall(table), table


def test_a_long_share_in_russian() -> None:
    long = Fraction(2**200 + 1, 3**130)
    assert share_text(long).render("ru").startswith("≈")  # type: ignore[union-attr]
    ru, en = share_text(long).render("ru"), share_text(long).render("en")  # type: ignore[union-attr]
    assert re.match(r"≈\d,\d{9}", ru) and re.match(r"≈\d\.\d{9}", en), (ru, en)
