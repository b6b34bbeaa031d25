"""The VTES cards page without a browser: its view functions and the page object."""

from __future__ import annotations

import re

from calculators.pages.vtes_cards.page import VtesCardsPage, library_entry
from calculators.pages.vtes_cards.view import card_html, card_text, combat_html
from calculators.vtes_widgets.card_symbols import symbols_html
from calculators.vtes_widgets.ruling_view import ruling_html
from calculators.vtes_widgets.sources_line import sources_text
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
    assert "Объём крови" in app.card_view and ">7<" in app.card_view
    assert 'vtes-symbol-basic" style="border:' in app.card_view  # cel, dom, pre
    assert 'title="POT">POT</span></td>' in app.card_view  # superior Potence
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
    basic = symbols_html("[pre] Strike")
    assert basic.startswith('<span class="vtes-symbol vtes-symbol-basic" style="border:')
    assert basic.endswith('title="pre">pre</span> Strike')
    assert 'vtes-symbol-superior" style="background:' in symbols_html("[PRE]")
    assert 'title="ACTION MODIFIER">action modifier</span>' in symbols_html("[ACTION MODIFIER]")
    assert "vtes-symbol-icon" in symbols_html("[1 CONVICTION]")
    assert symbols_html("a Ⓓ action") == "a (D) action"


def test_no_card_text_or_ruling_keeps_a_symbol_a_font_may_lack() -> None:
    """Every character the page shows of a card text or a ruling is plain Latin text (letters
    with accents, quotes), never an icon-font code or a circled letter."""
    allowed = re.compile(r"[\x20-\x7e\n\u00a0-\u017f\u2018-\u201d\u2013\u2014\u2026\u2122]*")
    for card in carddata.cards():
        html = card_html(card, en, "en")
        html += "".join(ruling_html(r, en, "en") for r in carddata.rulings(card.id))
        assert allowed.fullmatch(html), (card.name, set(re.sub(allowed, "", html)))
        shown = re.sub('<small class="vtes-references">.*?</small>', "", html)
        assert not re.search(r"\[[A-Za-z ]+\]", re.sub("<[^>]+>", "", shown)), card.name


def test_a_combat_card_links_to_the_combat_page_which_readies_it() -> None:
    from calculators.pages.vtes_combat.page import VtesCombatPage

    entry = library_entry(carddata.card(MAJESTY))
    assert entry is not None
    html = combat_html(entry, en, "en")
    assert 'class="vtes-open-combat" href="vtes_combat.ipynb?card=101144&amp;lang=en"' in html
    assert 'target="_top"' in html and f">{en('open_combat')}</a>" in html
    assert "vtes-open-combat" not in combat_html(None, en, "en")

    combat = VtesCombatPage()
    combat.apply_address(f"card={MAJESTY}&lang=ru")
    picker = combat.card_picker
    assert picker.name.value == "Majesty" and picker.side.value == "acting"
    assert picker.level.value == entry.options[0].label
    assert combat.cards_toggle.value and combat.cards_box.layout.display is None
    assert combat.banner.message == ""
    # a fresh combat, so the card can be played at once; ready, not yet played
    assert combat.report is not None and combat.report.acting.name == "Anna"
    assert picker.plays == [] and "Majesty" not in " ".join(combat.narrative)
    combat.run(picker.play_card)
    assert combat.banner.message == ""
    assert [p.name for p in picker.plays] == ["Majesty"]
    assert "Majesty" in " ".join(combat.narrative)

    # with a combat in the address too, that combat is shown and the card is still ready
    kurt = VtesCombatPage()
    kurt.apply_address(f"preset=kurt_ira&card={MAJESTY}")
    assert kurt.report is not None and kurt.report.acting.name == "Kurt"
    assert kurt.card_picker.name.value == "Majesty"


def test_the_combat_page_says_when_the_card_in_its_address_is_no_combat_card() -> None:
    from calculators.pages.vtes_combat.page import VtesCombatPage

    combat = VtesCombatPage()
    theo = carddata.card("Theo Bell (G2)").id
    combat.apply_address(f"card={theo}")
    assert combat.banner.message == (
        f"The page address names card {theo}, which is not a combat card the resolver knows: "
        "choose a card in the card pickers."
    )
    assert combat.card_picker.name.value == ""
    assert combat.report is not None  # the page still shows its combat


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
    assert f"vtes_cards.ipynb?card={MAJESTY}&lang=ru\n" in text
    assert text.endswith("\n" + sources_text("ru"))  # the line every VTES page ends with
    assert text.splitlines()[-1].startswith("Источники: ")
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
