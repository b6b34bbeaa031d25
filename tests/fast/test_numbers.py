"""Numbers in the reader's language: the desk's formatter agrees with Babel's CLDR formatting,
and pages, traces, copied rulings and link previews write Russian numbers the Russian way."""

from __future__ import annotations

import decimal as stdlib_decimal
from fractions import Fraction

import pytest
from babel import Locale
from babel.numbers import format_decimal, format_percent

from calculators.kit import fmt
from rules.i18n import msg
from rules.i18n.numbers import (
    Decimal,
    Percent,
    Significant,
    decimal,
    numbers_in,
    percent,
    scientific,
)

NBSP = "\u00a0"

PROBABILITIES = [
    Fraction(107, 200),
    Fraction(1, 3),
    Fraction(2, 3),
    Fraction(7, 36),
    Fraction(41, 48),
    Fraction(1, 1000),
    Fraction(999, 1000),
    Fraction(5, 8),
]
NUMBERS = [Fraction(7, 3), Fraction(1234567891, 1000), Fraction(-98765, 7), Fraction(1, 2), 0]


def _babel_percent(p: Fraction, digits: int, lang: str) -> str:
    """CLDR's own formatting of the percent our rounding gives (Babel, the locale's pattern)."""
    pattern = Locale.parse(lang).percent_formats[None].pattern
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)
    rounded = stdlib_decimal.Decimal(f"{float(p) * 100:.{digits}f}") / 100
    return str(format_percent(rounded, pattern, locale=lang))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("digits", [0, 1, 2, 4])
@pytest.mark.parametrize("p", PROBABILITIES)
def test_percentages_as_cldr_writes_them(lang: str, digits: int, p: Fraction) -> None:
    if float(f"{float(p) * 100:.{digits}f}") in (0, 100):
        pytest.skip("shown as a bound or in scientific form (tested below)")
    assert percent(p, digits, lang) == _babel_percent(p, digits, lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("digits", [0, 2, 3])
@pytest.mark.parametrize("x", NUMBERS)
def test_decimals_as_cldr_writes_them(lang: str, digits: int, x: Fraction) -> None:
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    rounded = stdlib_decimal.Decimal(f"{float(x):.{digits}f}")
    assert decimal(x, digits, lang) == format_decimal(rounded, pattern, locale=lang)


def test_russian_writes_a_decimal_comma_and_a_no_break_space_before_the_sign() -> None:
    assert percent(Fraction(107, 200), 2, "ru") == f"53,50{NBSP}%"
    assert percent(Fraction(107, 200), 2, "en") == "53.50%"
    assert percent(Fraction(0), 2, "ru") == f"0{NBSP}%"
    assert percent(Fraction(1), 2, "ru") == f"100{NBSP}%"
    assert percent(1 - Fraction(1, 10**9), 2, "ru") == f">99,99{NBSP}%"
    assert percent(Fraction(1, 10**9), 2, "ru") == f"1,0×10⁻⁷{NBSP}%"
    assert percent(Fraction(1, 10**9), 2, "ru", bound=True) == f"<0,01{NBSP}%"
    assert scientific(Fraction(52, 10**5), 2, "ru") == "5,2×10⁻⁴"
    assert decimal(Fraction(1234567, 1000), 3, "ru") == f"1{NBSP}234,567"


def test_a_language_without_formats_writes_english() -> None:
    assert percent(Fraction(1, 3), 2, "qps") == "33.33%"


def test_numbers_as_message_parameters_render_in_the_message_language() -> None:
    said = msg("{p} of {x}", p=Percent(Fraction(1, 3)), x=Decimal(Fraction(5, 2), 1))
    assert said.render("en") == "33.33% of 2.5"
    assert said.render("ru") == f"33,33{NBSP}% of 2,5"
    assert Significant(Fraction(2, 3), 4).render("ru") == "0,6667"


def test_the_kit_formats_in_the_language_it_is_given_or_the_running_page_language() -> None:
    p = Fraction(1, 3)
    assert fmt.percent(p, lang="ru") == f"33,33{NBSP}%"
    assert fmt.percent(p) == "33.33%"
    with numbers_in("ru"):
        assert fmt.percent(p) == f"33,33{NBSP}%"
        assert fmt.percent(p, lang="en") == "33.33%"
        assert fmt.mean_html(Fraction(7, 3)).endswith(">2,333</span>")
        assert "1/3 = 33,333333" in fmt.exact_html(p)
    assert fmt.percent(p) == "33.33%"
    assert fmt.short_fraction(Fraction(1, 10**33), lang="ru") == "≈1,0×10⁻³³"


def test_the_package_number_formats_are_cldr_s() -> None:
    """``rules/i18n/number_formats.py`` is what Babel's data gives now (scripts/catalogs)."""
    from deploy import number_formats

    assert number_formats.stale() == []
    assert number_formats.number_format("ru")["percent_suffix"] == f"{NBSP}%"


def test_a_russian_dice_page_its_chart_and_its_copied_text() -> None:
    from calculators.pages.vtm_dice.page import VtmDicePage

    app = VtmDicePage()
    app.set_language("ru")
    assert app.botch_text.endswith(f"{NBSP}%") and "," in app.botch_text
    assert "." not in app.botch_text.split(":")[1]
    assert f"{NBSP}%" in app.pool.chart.widget.value  # the chart's axis
    app.set_language("en")
    assert app.botch_text.endswith("%") and NBSP not in app.botch_text


def test_a_russian_fury_of_dracula_summary() -> None:
    from calculators.pages.dracula.page import DraculaPage

    app = DraculaPage(lang="ru")
    app.set_inputs(assume="1", hunter="Mina Harker", health=2)
    assert f"85,42{NBSP}%" in app.summary.value
    assert "85.42%" not in app.summary.value


def test_a_russian_link_preview() -> None:
    from rules.link_params import LinkParams
    from rules.vtm.link_summary import dice_summary

    said = dice_summary(LinkParams({"dice": "7", "difficulty": "8", "specialty": "1"}))
    assert said is not None
    assert f"73,68{NBSP}%" in said.render("ru") and "73.68%" in said.render("en")
