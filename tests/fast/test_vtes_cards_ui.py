"""The VTES cards page without a browser: its view functions and the page object."""

from __future__ import annotations

import re

from calculators.pages.vtes_cards.page import VtesCardsPage, library_entry
from calculators.pages.vtes_cards.view import (
    card_html,
    card_text,
    combat_html,
    ruling_html,
    symbols_html,
)
from rules.vtes import card_library, carddata

MAJESTY = 101144
IMMORTAL_GRAPPLE = carddata.card("Immortal Grapple").id


def en(key: str) -> str:
    return VtesCardsPage.labels.text(key, "en")


def test_a_misspelled_name_lists_the_card_and_choosing_it_puts_it_in_the_address() -> None:
    app = VtesCardsPage()
    app.query.value = "majsty"
    assert app.found[0].name == "Majesty"
    assert app.result_buttons[0].layout.display is None
    assert app.result_buttons[0].layout.min_height == "44px"
    app.choose(0)
    assert app.chosen is not None and app.chosen.id == MAJESTY
    assert "card=101144" in app.address_query()
    assert "query=majsty" in app.address_query()
    assert "Strike: combat ends." in app.card_view
    assert "RTR 20020501" in app.rulings_view


def test_a_vampire_typed_in_cyrillic_is_found_on_the_russian_page() -> None:
    app = VtesCardsPage("ru")
    app.query.value = "Тео Белл"
    assert [card.name for card in app.found[:2]] == ["Theo Bell (G2)", "Theo Bell (G6)"]
    app.choose(0)
    assert "Ёмкость" in app.card_view and ">7<" in app.card_view
    assert "официальный английский текст" in app.card_view
    assert "(D) action" in app.card_view  # the directed-action glyph shown as letters
    assert "Ⓓ" not in app.card_view


def test_the_address_shows_the_card_and_a_bad_id_says_so() -> None:
    app = VtesCardsPage()
    app.apply_address(f"card={MAJESTY}&lang=ru")
    assert app.chosen is not None and app.chosen.name == "Majesty"
    assert app.lang == "ru"
    again = VtesCardsPage()
    again.apply_address("card=7")
    assert again.chosen is None
    assert again.banner.message == "No card has the id 7 in the page address; showing none."


def test_every_ruling_links_its_references_and_the_cards_it_names() -> None:
    rulings = carddata.rulings(IMMORTAL_GRAPPLE)
    named = next(r for r in rulings if r.cards)
    html = ruling_html(named, en, "en")
    for ref in named.references:
        assert f'href="{ref.url}"' in html and f">{ref.label}</a>" in html
    for card in named.cards:
        assert f'href="vtes_cards.ipynb?card={card.id}&amp;lang=en"' in html
    assert "{" not in html and "}" not in html
    app = VtesCardsPage()
    app.card.value = str(IMMORTAL_GRAPPLE)
    assert app.rulings_view.count('class="vtes-ruling"') == len(rulings)


def test_the_page_fetches_nothing_from_other_hosts() -> None:
    app = VtesCardsPage()
    app.card.value = str(IMMORTAL_GRAPPLE)
    html = app.card_view + app.rulings_view + app.combat_view
    assert not re.search(r"<(img|script|link|iframe)\b", html)
    assert "src=" not in html


def test_card_symbols_show_as_text() -> None:
    assert symbols_html("[pre] Strike") == '<span class="vtes-symbol">pre</span> Strike'
    assert symbols_html("a Ⓓ action") == "a (D) action"


def test_combat_cards_say_what_the_resolver_does_at_each_level() -> None:
    majesty = carddata.card(MAJESTY)
    entry = library_entry(majesty)
    assert entry is not None
    html = combat_html(entry, en, "en")
    assert "pre (basic)" in html and "PRE (superior)" in html
    assert "combat ends" in html and "unlock" in html
    assert en("judge") in html
    unmodelled = next(e for e in card_library.entries() if e.unmodelled)
    assert "Not modelled" in combat_html(unmodelled, en, "en")
    assert library_entry(carddata.card("Theo Bell (G2)")) is None


def test_a_library_card_shows_its_cost_and_discipline() -> None:
    html = card_html(carddata.card(MAJESTY), en, "en")
    assert "blood 1" in html and "pre" in html and "Combat" in html


def test_the_copied_text_has_the_card_its_rulings_and_the_dated_sources() -> None:
    app = VtesCardsPage("ru")
    assert app.ruling_text() == ""
    app.card.value = str(MAJESTY)
    text = app.ruling_text()
    assert text.startswith("Majesty\n")
    assert "RTR 20020501 https://" in text
    assert "krcg 4.19" in text and "2026-05-22" in text
    assert "Источники" in text
    assert text.endswith(f"card={MAJESTY}&lang=ru")
    same = card_text(
        app.chosen,
        carddata.rulings(MAJESTY),
        library_entry(app.chosen),
        carddata.sources(),
        app.t,
        "ru",
    )
    assert same == text


def test_every_label_is_russian_on_the_russian_page() -> None:
    app = VtesCardsPage("ru")
    for key in VtesCardsPage.labels._entries:
        if key == "search_hint":
            continue
        ru = VtesCardsPage.labels.text(key, "ru")
        assert re.search("[а-яё]", ru, re.I), (key, ru)
    assert app.query.placeholder.startswith("например")
