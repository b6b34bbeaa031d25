"""A typed V5 roll is read as typed: the Hunger dice where the '/' puts them, the count checked
against the pool and the Hunger, and never a silent guess."""

from __future__ import annotations

import pytest

from rules.errors import InvalidState
from rules.reference import exists
from rules.vtm import v5_reroll
from rules.vtm.notation import UNMARKED_READINGS, parse_roll, read_roll


def test_a_marked_roll_is_read_as_typed() -> None:
    roll = read_roll("10 7 3 2 / 10 1 5", pool=7, hunger=3)
    assert (roll.regular, roll.hunger, roll.warnings) == ((10, 7, 3, 2), (10, 1, 5), ())
    assert all(exists(s.rule) for s in roll.steps)


def test_no_slash_at_hunger_three_is_not_seven_regular_dice() -> None:
    with pytest.raises(InvalidState) as caught:
        read_roll("10 7 3 2 10 1 5", pool=7, hunger=3)
    said = str(caught.value)
    assert "3 of the 7 dice are Hunger dice" in said and "/" in said
    assert caught.value.ru
    # the old reading took every die as regular, and the advice re-rolled a Hunger die
    assert parse_roll("10 7 3 2 10 1 5") == ([10, 7, 3, 2, 10, 1, 5], [])


def test_the_last_reading_says_how_it_read_the_roll() -> None:
    roll = read_roll("10 7 3 2 10 1 5", pool=7, hunger=3, unmarked="last")
    assert (roll.regular, roll.hunger) == ((10, 7, 3, 2), (10, 1, 5))
    assert len(roll.warnings) == 1
    warning = roll.warnings[0]
    assert "10 1 5" in warning.render("en") and "10 1 5" in warning.render("ru")
    assert warning.render("ru") != warning.render("en")
    # the advice then never touches the Hunger 1
    assert 1 not in v5_reroll(roll.regular, roll.hunger, 5).best.faces


def test_a_roll_short_of_the_pool_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        read_roll("10 7 3 2 / 10 1", pool=7, hunger=2)
    assert "6 dice" in str(caught.value) and "7" in str(caught.value)
    with pytest.raises(InvalidState):
        read_roll("10 7 3 2 / 10 1 5 6", pool=7, hunger=3)


def test_the_hunger_dice_must_match_the_hunger() -> None:
    with pytest.raises(InvalidState) as caught:
        read_roll("10 7 3 6 / 10", pool=5, hunger=2)
    assert "1 Hunger die" in str(caught.value) and "2" in str(caught.value)
    with pytest.raises(InvalidState):
        read_roll("7 3 / 1", pool=3, hunger=0)


def test_every_die_a_hunger_die() -> None:
    roll = read_roll("10 1", pool=2, hunger=4)
    assert (roll.regular, roll.hunger, roll.warnings) == ((), (10, 1), ())
    assert read_roll("/ 10 1", pool=2, hunger=4).hunger == (10, 1)
    with pytest.raises(InvalidState):
        read_roll("10 / 1", pool=2, hunger=4)


def test_at_hunger_zero_no_slash_is_needed() -> None:
    assert read_roll("7 3 1", pool=3, hunger=0).regular == (7, 3, 1)


def test_unknown_hunger_reads_every_die_as_regular_and_says_so() -> None:
    roll = read_roll("7 3 1")
    assert roll.regular == (7, 3, 1) and roll.hunger == ()
    assert len(roll.warnings) == 1
    assert read_roll("7 3 / 1").warnings == ()


def test_bad_text() -> None:
    assert read_roll("  ", pool=3, hunger=1) is None
    for text in ("7 x 3", "7 / 3 / 1", "11 3 / 1", "0 3 / 1"):
        with pytest.raises(InvalidState) as caught:
            read_roll(text, pool=3, hunger=1)
        assert caught.value.ru
    with pytest.raises(InvalidState):
        read_roll("7 3 1", pool=3, hunger=1, unmarked="first")
    assert UNMARKED_READINGS == ("ask", "last")
