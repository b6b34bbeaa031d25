"""The boundary checks every public function of ``rules`` uses (``rules.validation``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import InvalidState
from rules.i18n import msg_p
from rules.validation import choice, choices, finite, flag, fraction, present, text, whole


@pytest.mark.parametrize("bad", [True, False, 2.0, "2", None, 2 + 0j, Fraction(2), float("nan")])
def test_whole_takes_only_real_ints(bad: object) -> None:
    with pytest.raises(InvalidState) as caught:
        whole(msg_p("parameter", "Your pool"), bad, 0, 10)
    assert "Your pool must be a whole number from 0 to 10" in str(caught.value)
    assert caught.value.in_language("ru").startswith("Ваш пул: нужно целое число от 0 до 10")
    assert repr(bad)[:20] in str(caught.value)


@pytest.mark.parametrize("bad", [-1, 11, 10**100, -(10**100)])
def test_whole_range_is_inclusive_and_refuses_outside(bad: int) -> None:
    assert whole("dice", 0, 0, 10) == 0 and whole("dice", 10, 0, 10) == 10
    with pytest.raises(InvalidState, match="from 0 to 10"):
        whole("dice", bad, 0, 10)


def test_choice_returns_the_allowed_value_and_keeps_kinds_apart() -> None:
    assert choice("edition", "v20", ("revised", "v20")) == "v20"
    with pytest.raises(InvalidState, match=r"n 1\.0 is not allowed; allowed: 1, 2\."):
        choice("n", 1.0, (1, 2))
    with pytest.raises(InvalidState, match="True is not allowed"):
        choice("n", True, (1, 2))
    with pytest.raises(InvalidState, match=r"\[\] is not allowed"):
        choice("n", [], ("a",))  # unhashable values are refused, not crashed on
    assert choices("cards", ["a", "a"], ("a", "b")) == ("a", "a")
    with pytest.raises(InvalidState, match="must be a list of"):
        choices("cards", "ab", ("a", "b"))


def test_present_flag_text_fraction_finite() -> None:
    assert present("f", Fraction(1, 2), Fraction) == Fraction(1, 2)
    with pytest.raises(InvalidState, match="must be an int, got True"):
        present("n", True, int)
    with pytest.raises(InvalidState, match="True or False, got 'no'"):
        flag("willpower", "no")
    with pytest.raises(InvalidState, match="True or False, got 0"):
        flag("willpower", 0)
    with pytest.raises(InvalidState, match="non-empty text"):
        text("name", None)
    assert fraction("p", 1, Fraction(0), Fraction(1)) == 1
    for bad in (0.5, True, Fraction(3, 2), "1/2", float("nan")):
        with pytest.raises(InvalidState, match="exact fraction from 0 to 1"):
            fraction("p", bad, Fraction(0), Fraction(1))
    for bad in (float("nan"), float("inf"), True, "1", None):
        with pytest.raises(InvalidState, match="finite number"):
            finite("initiative", bad)


def test_a_huge_value_is_named_by_its_start_only() -> None:
    with pytest.raises(InvalidState) as caught:
        text("name", ["x" * 10**6])
    assert len(str(caught.value)) < 200
