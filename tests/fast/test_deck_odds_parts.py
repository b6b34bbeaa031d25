"""The VTES deck odds page without a kernel: its counting, its view, its parts, the page driven
from Python (the address round trip included)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from calculators.kit.part import StandaloneContext
from calculators.pages.deck_odds.categories import (
    Category,
    canonical_text,
    copies,
    deck_data,
    deck_from_data,
    options,
    read_deck,
    wants,
)
from calculators.pages.deck_odds.deck import DeckPart
from calculators.pages.deck_odds.labels import LABELS, SAMPLE_DECK
from calculators.pages.deck_odds.page import DeckOddsPage
from calculators.pages.deck_odds.view import (
    category_label,
    chart_bars,
    odds_table_html,
    ruling,
)
from calculators.pages.deck_odds.wants import WantsPart
from rules.errors import InvalidState
from rules.link_params import pack, unpack
from rules.vtes.draws import draw_odds

#: a 12-card crypt with 3 copies of one vampire, 90 library cards with 10 masters and 12
#: combat cards
DECK = """Crypt (12 cards)
3x Tupdog
9x Carlak

Library (90 cards)
Master (10)
10x Blood Doll
Combat (12)
12x Dust Up
68x Ambulance
"""


def en(key: str) -> str:
    return LABELS.text(key, "en")


def hyper(deck: int, copies: int, drawn: int, k: int) -> Fraction:
    ways = sum(
        math.comb(copies, i) * math.comb(deck - copies, drawn - i) for i in range(k, drawn + 1)
    )
    return Fraction(ways, math.comb(deck, drawn))


def test_a_pasted_list_reads_into_categories_of_the_card_data() -> None:
    read = read_deck(DECK)
    assert read.deck.crypt == {"Tupdog (G3)": 3, "Carlak (G5)": 9}
    assert read.deck.library["Blood Doll"] == 10
    assert copies(read, "library", "type:Master") == 10
    assert "card:Blood Doll" in options(read, "library")
    assert "type:Combat" in options(read, "library") and "clan:Brujah" in options(read, "crypt")
    assert copies(read, "library", "type:Combat") == 12
    assert copies(read, "crypt", "disc:pot") == 12  # both have Potence (Tupdog superior)
    assert copies(read, "crypt", "disc:dom") == 9  # Carlak only


def test_a_card_the_card_data_does_not_know_names_its_line() -> None:
    with pytest.raises(InvalidState, match="line 2"):
        read_deck("Crypt\n2x Nobody Atall\nLibrary\n1x Dust Up")
    with pytest.raises(InvalidState, match="line 4"):
        read_deck("Crypt\n2x Tupdog\nLibrary\n1x Dust Upp")


def test_the_worked_values_hold_through_the_page_counting() -> None:
    read = read_deck(DECK)
    tupdog = wants(read, "crypt", [Category("card:Tupdog (G3)")])
    crypt = draw_odds(read.deck.crypt, tupdog, pile="crypt")
    assert crypt.turns[0].all == Fraction(41, 55)
    library = read.deck.library
    masters = draw_odds(library, wants(read, "library", [Category("type:Master")]))
    assert round(float(masters.turns[0].all), 4) == 0.5748
    combat = wants(read, "library", [Category("type:Combat", 2)])
    assert draw_odds(library, combat).turns[0].all == hyper(90, 12, 7, 2)


def test_a_category_the_pile_lacks_is_refused_by_name() -> None:
    with pytest.raises(InvalidState, match="clan:Brujah"):
        wants(read_deck(DECK), "library", [Category("clan:Brujah")])


def test_a_deck_travels_packed_and_reads_back_the_same() -> None:
    read = read_deck(SAMPLE_DECK)
    again = read_deck(deck_from_data(unpack(pack(deck_data(read.deck)), "deck")))
    assert again.deck.crypt == read.deck.crypt and again.deck.library == read.deck.library
    assert again.deck.name == read.deck.name
    assert read_deck(canonical_text(read.deck)).deck.library == read.deck.library
    with pytest.raises(InvalidState, match="damaged"):
        deck_from_data({"c": "no"})


def test_the_view_labels_in_both_languages_and_shows_exact_fractions() -> None:
    assert category_label("type:Combat", en) == "Type: Combat"
    assert category_label("type:Combat", lambda k: LABELS.text(k, "ru")) == "Тип: Бой"
    read = read_deck(DECK)
    chosen = (Category("card:Blood Doll"), Category("type:Combat", 2))
    odds = draw_odds(read.deck.library, wants(read, "library", chosen), turns=3)
    html = odds_table_html(odds, ["Blood Doll", "Type: Combat"], en)
    assert html.count("<tr>") == 4 and "All at once" in html
    assert f'title="{odds.turns[0].all.numerator}/{odds.turns[0].all.denominator}' in html
    assert [bar.value for bar in chart_bars(odds)] == [turn.all for turn in odds.turns]
    text = ruling(read, "library", chosen, odds, en, "en")
    assert "At least 2 of Type: Combat (12 in the pile)" in text
    assert "[vtes:2.3]" in text and "Turn 3 (9 cards seen)" in text


def test_the_deck_part_shows_a_bad_line_beside_the_list() -> None:
    asked: list[str] = []
    part = DeckPart(StandaloneContext(LABELS, refresh=lambda: asked.append("refresh")))
    part.relabel()
    assert part.check() is not None and "crypt cards" in part.summary.value
    part.text.value = "Crypt\n2x Tupdog\nLibrary\nthree Dust Up"
    assert asked == ["refresh"]
    assert part.check() is None and "line 4" in part.message.message
    assert unpack(part.packed(), "deck") == {"t": part.text.value}  # travels as typed


def test_the_wants_part_offers_the_deck_pile_categories_and_keeps_a_choice() -> None:
    part = WantsPart(StandaloneContext(LABELS))
    part.relabel()
    read = read_deck(DECK)
    part.offer(read)
    assert part.category[0].value == "type:Combat"  # a fresh page counts combat cards
    part.category[1].value = "card:Blood Doll"
    part.at_least[1].value = 2
    part.offer(read)
    assert part.read() == ("library", 10, (Category("type:Combat"), Category("card:Blood Doll", 2)))
    part.pile.value = "crypt"
    part.offer(read)
    # the crypt lacks those: the first becomes the crypt's first category, the second none
    assert part.read()[2] == (Category("clan:Brujah"),)
    part.category[0].value = ""
    part.offer(read)
    assert part.read()[2] == ()  # a category taken off stays off
    assert set(part.address_fields()) >= {"pile", "turns", "category0", "at_least2"}


def test_the_page_counts_a_pasted_deck_and_its_link_brings_the_same_odds() -> None:
    app = DeckOddsPage()
    assert app.odds.result is not None and not app.banner.message
    app.set_inputs(text=DECK, pile="crypt", category0="card:Tupdog (G3)")
    assert app.odds.result is not None and app.odds.result.turns[0].all == Fraction(41, 55)
    query = app.address_query()
    assert "deck=" in query and len(query) < 600
    fresh = DeckOddsPage(lang="ru")
    fresh.apply_address(query)
    assert not fresh.banner.message
    assert fresh.odds.result is not None
    assert [(t.seen, t.each, t.all) for t in fresh.odds.result.turns] == [
        (t.seen, t.each, t.all) for t in app.odds.result.turns
    ]
    assert "Склеп" in fresh.ruling_text() and "41/55" in fresh.ruling_text()


def test_the_page_says_what_is_missing_instead_of_odds() -> None:
    app = DeckOddsPage()
    app.set_inputs(text="Crypt\n2x Tupdog\nLibrary\nfour Dust Up")
    assert app.odds.result is None and "line 4" in app.deck.message.message
    assert not app.banner.message and "Paste a deck list" in app.odds.panel.text
    app.set_inputs(text=DECK, category0="")
    assert app.odds.result is None and "Pick at least one" in app.odds.panel.text
    link = DeckOddsPage()
    link.apply_address("deck=garbage")
    assert "damaged" in link.banner.message
