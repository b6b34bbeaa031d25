"""Deck lists as players paste them: the tournament archive's text, VDB's text export, Lackey's
tab-separated list and plain "3x Name" lines; unknown cards and malformed lines name the line."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.vtes.decklist import parse

ARCHIVE = """\
Origins Championship
Columbus, Ohio
June 12th 2004
3R+F
36 players
Joe Player

Deck Name: Tupdog's friends
Description: Gargoyles hit hard.

Crypt (12 cards, min=4, max=12, avg=2.5)
----------------------------------------
6x Tupdog                            1 pot vis                    Gargoyle:3
4x Al-Ashrad, Amr of Alamut (ADV)   11 ABO ANI CEL OBF QUI SER    Banu Haqim:2
2x Alan Sovereign (ADV)              9 AUS DOM FOR PRE            Ventrue:3

Library (14 cards)
Combat (10)
4x Immortal Grapple
6x Torn Signpost

Equipment (4)
2x .44 Magnum
2x Aaron's Feeding Razor
"""


def test_the_archive_format() -> None:
    deck = parse(ARCHIVE)
    assert deck.crypt == {
        "Tupdog (G3)": 6,
        "Al-Ashrad, Amr of Alamut (G2 ADV)": 4,
        "Alan Sovereign (G3 ADV)": 2,
    }
    assert deck.library == {
        "Immortal Grapple": 4,
        "Torn Signpost": 6,
        ".44 Magnum": 2,
        "Aaron's Feeding Razor": 2,
    }
    assert (deck.crypt_size, deck.library_size) == (12, 14)
    assert deck.name == "Tupdog's friends"
    assert deck.warnings == ()


def test_lackey_tabs_library_first_then_crypt() -> None:
    deck = parse("4\tImmortal Grapple\n2\t.44 Magnum\nCrypt:\n6\tTupdog\n")
    assert deck.library == {"Immortal Grapple": 4, ".44 Magnum": 2}
    assert deck.crypt == {"Tupdog (G3)": 6}


def test_plain_lines_with_headings_and_spelling_slips() -> None:
    text = "Crypt:\n3 x tupdog (g3)\nLibrary:\n2 IMMORTAL GRAPPLE\n1x The Ankara Citadel, Turkey\n"
    deck = parse(text)
    assert deck.crypt == {"Tupdog (G3)": 3}
    assert deck.library == {"Immortal Grapple": 2, "The Ankara Citadel, Turkey": 1}
    # the archive's older spelling puts "The" at the end; accents and dashes may be plain
    moved = parse("Library\n1x Ankara Citadel, Turkey, The\n1x Bang Nakh -- Tiger's Claws\n")
    assert moved.library == {"The Ankara Citadel, Turkey": 1, "Bang Nakh — Tiger's Claws": 1}


def test_copies_of_one_card_on_two_lines_add_up() -> None:
    deck = parse("Library\n2x Immortal Grapple\n1x Immortal Grapple\n")
    assert deck.library == {"Immortal Grapple": 3}


def test_a_heading_whose_count_disagrees_is_a_warning() -> None:
    deck = parse("Crypt (13 cards)\n12x Tupdog\n")
    assert len(deck.warnings) == 1
    said = deck.warnings[0]
    assert "13" in said.render("en") and "12" in said.render("en")
    assert said.render("ru") != said.render("en")


def test_an_unknown_card_names_its_line() -> None:
    with pytest.raises(RuleError) as caught:
        parse("Crypt (2 cards)\n2x Tupdog\nLibrary (3 cards)\n3x Immortal Grapplez\n")
    said = str(caught.value)
    assert "line 4" in said and "Immortal Grapplez" in said
    assert "Immortal Grapplez" in caught.value.in_language("ru")


def test_a_malformed_line_names_its_line() -> None:
    with pytest.raises(RuleError) as caught:
        parse("Library\n2x Immortal Grapple\nthree Torn Signpost\n")
    assert "line 3" in str(caught.value) and "three Torn Signpost" in str(caught.value)
    with pytest.raises(RuleError):
        parse("Library\n0x Immortal Grapple\n")


def test_a_vampire_in_the_library_or_a_library_card_in_the_crypt() -> None:
    with pytest.raises(RuleError) as caught:
        parse("Crypt\n2x Immortal Grapple\n")
    assert "line 2" in str(caught.value)
    with pytest.raises(RuleError):
        parse("Library\n2x Tupdog\n")


def test_empty_text() -> None:
    with pytest.raises(RuleError):
        parse("   \n")
    with pytest.raises(RuleError):
        parse("Deck Name: nothing\n")


def test_every_card_of_the_card_data_reads_back() -> None:
    """Each library card by its name; each vampire as the archive writes it (the printed name,
    "(ADV)", the group after the clan) and by its full name."""
    from rules.vtes import carddata

    library = "\n".join(f"1x {card.name}" for card in carddata.library())
    assert parse("Library\n" + library).library == {c.name: 1 for c in carddata.library()}
    for card in carddata.crypt():
        printed = card.printed + (" (ADV)" if card.adv else "")
        archive = f"Crypt\n1x {printed}   {card.capacity} -   {card.clan}:{card.group}"
        assert parse(archive).crypt == {card.name: 1}, card.name
        assert parse(f"Crypt\n1x {card.name}").crypt == {card.name: 1}, card.name
