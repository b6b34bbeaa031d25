"""Dated sources: every VTES page that uses card data or rulings names them with versions, its
ruling as text ends with the same line, and the rules reference says which rulebook each
section follows."""

from __future__ import annotations

import pytest

from calculators.pages.reference.page import RulesReferencePage, section_html
from calculators.pages.vtes_cards.page import VtesCardsPage
from calculators.pages.vtes_combat.page import VtesCombatPage
from calculators.pages.vtes_damage.page import VtesDamagePage
from calculators.vtes_widgets.sources_line import sources_html, sources_text
from rules.errors import InvalidState
from rules.reference import EDITION_NAMES, library, lookup
from rules.reference.model import Section
from rules.reference.rulebooks import rulebook
from rules.vtes import carddata
from rules.vtes.card_sources import shipped


def test_the_headers_alone_give_the_same_sources_as_the_card_data() -> None:
    assert shipped() == carddata.sources()
    s = shipped()
    assert (s.krcg, s.newest_set_date, s.newest_ruling_date) == (
        carddata.meta()["krcg"],
        carddata.meta()["newest_set"]["date"],
        carddata.card_rulings.meta()["newest_reference"],
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_line_names_every_source_with_its_version(lang: str) -> None:
    s = shipped()
    line = sources_text(lang)
    assert line.startswith({"en": "Sources: ", "ru": "Источники: "}[lang])
    for fact in (f"krcg {s.krcg}", s.newest_set, s.newest_set_date, s.newest_ruling_date):
        assert fact in line
    assert EDITION_NAMES[s.rulebook].render(lang) in line
    html = sources_html(lang)
    assert html.startswith('<p class="vtes-sources">') and s.newest_ruling_date in html


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("page", [VtesCombatPage, VtesDamagePage])
def test_the_combat_and_damage_pages_name_their_sources(page: type, lang: str) -> None:
    app = page(lang)
    assert app.sources_note in app.body.children
    assert app.sources_note.value == sources_html(lang)
    text = app.ruling_text()
    assert text and text.endswith("\n\n" + sources_text(lang))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_cards_page_names_them_with_or_without_a_card(lang: str) -> None:
    app = VtesCardsPage(lang)
    shown = sources_text(lang).split(": ", 1)[1]
    assert shown in app._view.value
    app.card.value = "101144"
    assert shown in app._view.value
    assert app.ruling_text().endswith("\n" + sources_text(lang))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_reference_section_says_which_rulebook_it_follows(lang: str) -> None:
    books = {section.id: rulebook(section).render(lang) for section in library().sections}
    assert all(books.values())
    assert books["vtes:6.4.6"] == EDITION_NAMES["black-hand"].render(lang)
    assert books["vtes:6.4.8"] == EDITION_NAMES["vekn-2024"].render(lang)
    label = {"en": "Rulebook followed", "ru": "Редакция правил"}[lang]
    html = section_html(lookup("vtes:6.4.6"), lang, RulesReferencePage.labels)
    assert f"<b>{label}:</b> {books['vtes:6.4.6']}" in html
    app = RulesReferencePage(lang)
    app.show_section("dracula:combat-roll")
    assert f"\n{label}: {books['dracula:combat-roll']}\n" in app.ruling_text()


def test_a_section_whose_source_names_no_rulebook_is_refused() -> None:
    section = Section("vtes:99", "vtes", "99", {"en": "x"}, {"en": "y"}, "a rumour")
    with pytest.raises(InvalidState, match="names no rulebook"):
        rulebook(section)
