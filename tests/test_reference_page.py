"""The rules reference page: driven as widgets, then in the browser through Voila."""

from __future__ import annotations

import re
from typing import Any

import pytest

from calculators.pages.reference.page import RulesReferencePage, section_html, text_html
from calculators.pages.reference.sources import source_text
from rules.reference import lookup, sections

# -- without a browser ---------------------------------------------------------------------


def test_page_lists_every_section_until_a_search_is_typed() -> None:
    app = RulesReferencePage()
    assert "calc-ready" in app.widget._dom_classes
    assert app.result_ids == [s.id for s in sections()]
    assert app.current is None and "Pick a section" in app.section_text


def test_search_shows_the_best_match_in_the_chosen_language() -> None:
    app = RulesReferencePage()
    app.search_box.value = "aggravated"
    assert app.result_ids[0] == "vtes:6.4.6"
    assert app.current is not None and app.current.id == "vtes:6.4.6"
    app.set_language("ru")
    assert lookup("vtes:6.4.6").title["ru"] in app.section_text
    app.search_box.value = "охотиться"
    assert app.current is not None and app.current.id == "vtes:6.1.2"
    assert "Охота" in app.section_text and "Hunt" not in app.section_text


def test_game_filter_limits_the_list() -> None:
    app = RulesReferencePage()
    app.game.value = "vtes"
    assert app.result_ids and all(i.startswith("vtes:") for i in app.result_ids)
    app.search_box.value = "qwertyzzz"
    assert app.result_ids == [] and "No section matches" in app.count.value


def test_picking_from_the_list_shows_examples_editions_and_source() -> None:
    app = RulesReferencePage()
    app.results.value = "vtes:6.1.6"
    text = app.section_text
    assert "Worked examples" in text and "Krid" in text
    assert "VTES rulebook (Black Hand era), page 2, section 6.1.6" in text
    app.results.value = "vtes:3"
    assert "Differences between editions" in app.section_text
    assert "unlock" in app.section_text


def test_the_source_names_the_rulebook_and_page_in_the_page_language() -> None:
    """Bug: the Russian page showed an internal file name and the English word "section"."""
    from rules.reference import sections

    app = RulesReferencePage()
    app.set_language("ru")
    app.show_section("vtes:6.4.6")
    assert "Правила VTES (эпоха Black Hand), страница 4, раздел 6.4.6" in app.section_text
    for section in sections():
        app.show_section(section.id)
        source = app.section_text.split("Источник:")[-1]
        assert ".txt" not in source and ".md" not in source and ".csv" not in source
        assert "section" not in source and "seed" not in source
        assert source_text(section.source, "ru").strip(), section.id  # a book is named


# Latin words a Russian text may use outside parentheses and quotes: names of cards, clans,
# traits, editions and games, and the formula function max
NAMES = {
    "Assamite", "Banu", "Haqim", "Blood", "Cursed", "Blur", "Celerity", "Chrysanthemum",
    "Computer", "Hacking", "Dodge", "Undead", "Strength", "Underbridge", "Stray", "Revised",
    "VEKN", "VTES", "max",
}  # fmt: skip


def test_russian_texts_leave_no_english_words_untranslated() -> None:
    """The Russian reference once said "в фазе unlock"; an English term may only follow its
    Russian translation in parentheses or quotes."""
    for section in sections():
        texts = [section.title["ru"], section.text["ru"]]
        texts += [example.title["ru"] + " " + example.text["ru"] for example in section.examples]
        texts += [note.text["ru"] for note in section.editions]
        for text in texts:
            bare = re.sub(r"«[^«»]*»", "", re.sub(r"\([^()]*\)", "", text))
            english = set(re.findall(r"\b[A-Za-z][A-Za-z'-]{2,}\b", bare)) - NAMES
            assert not english, (section.id, english)


def test_unknown_section_gives_a_message_not_an_exception() -> None:
    app = RulesReferencePage()
    app.show_section("vtes:6.1.2")
    app.show_section("vtes:6.1.99")
    assert "vtes:6.1.99" in app.banner.message and "vtes:6.1.7" in app.banner.message
    assert app.current is not None and app.current.id == "vtes:6.1.2"  # the page keeps working
    app.show_section("vtes:6.1.3")
    assert not app.banner.visible


@pytest.mark.parametrize(
    ("query", "shown", "problem"),
    [
        ("section=vtes:6.4.6&lang=ru", "vtes:6.4.6", ""),
        ("section=vtm%3Asoak", "vtm:soak", ""),
        ("section=vtes:6.4.66&lang=ru", None, "vtes:6.4.6"),
        ("section=torpor", None, "is not a section id"),
        ("game=chess", None, "unknown game"),
        ("sektion=vtes:1", None, "unknown page parameter"),
    ],
)
def test_page_address_opens_a_section_or_explains_the_problem(
    monkeypatch: pytest.MonkeyPatch, query: str, shown: str | None, problem: str
) -> None:
    monkeypatch.setenv("QUERY_STRING", query)
    app = RulesReferencePage()
    app.follow_url()
    assert (app.current.id if app.current else None) == shown
    if problem:
        assert problem in app.banner.message
        title = "Ошибка в адресе страницы" if "lang=ru" in query else "page address"
        assert title in app.banner.widget.value
    else:
        assert not app.banner.visible
    if "lang=ru" in query:
        assert app.lang == "ru"


def test_page_address_can_carry_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "q=%D1%81%D1%82%D1%83%D0%BF%D0%BE%D1%80&lang=ru&game=vtes")
    app = RulesReferencePage()
    app.follow_url()
    assert app.search_box.value == "ступор"
    assert app.current is not None and app.current.id == "vtes:6.5"


def test_glossary_tab_filters_in_both_languages() -> None:
    app = RulesReferencePage()
    everything = app.shown_terms()
    assert len(everything) >= 40 and "<table" in app.terms_view.value
    app.term_filter.value = "ступоре"
    assert [t.en for t in app.shown_terms()] == ["torpor"]
    app.term_filter.value = "soak"
    assert {t.section for t in app.shown_terms()} == {"vtm:soak"}
    app.term_game.value = "vtes"
    assert app.shown_terms() == ()
    app.term_filter.value = ""
    assert all(t.game == "vtes" for t in app.shown_terms())


def test_text_html_renders_paragraphs_and_lists() -> None:
    html = text_html("Intro line\n- one\n- two\n\n1. first\n2. <second>\n\nEnd.")
    assert html == (
        "<p>Intro line</p><ul><li>one</li><li>two</li></ul>"
        "<ol><li>first</li><li>&lt;second&gt;</li></ol><p>End.</p>"
    )


def test_section_html_links_to_itself_in_the_language() -> None:
    html = section_html(lookup("vtes:2.2"), "ru")
    assert "rules_reference.ipynb?section=vtes%3A2.2&amp;lang=ru" in html
    assert "Банк крови" in html and "Эдж" in html


# -- in the browser ------------------------------------------------------------------------
# A page's first render may take long on a busy machine: allow for it in navigation.
SLOW_LOAD_MS = 180_000


@pytest.fixture
def slow_page(page: Any, open_page: Any) -> Any:
    page.set_default_navigation_timeout(SLOW_LOAD_MS)

    def _open(query: str = "") -> Any:
        return open_page("rules_reference.ipynb", query)

    return _open


@pytest.mark.browser
def test_browser_opens_a_section_by_address_in_russian(slow_page: Any) -> None:
    page = slow_page("?section=vtes:6.4.6&lang=ru")
    view = page.locator(".ref-view")
    view.get_by_text(lookup("vtes:6.4.6").title["ru"]).first.wait_for()
    assert "vtes:6.4.6" in view.inner_text()
    assert page.locator(".calc-error-box").count() == 0


@pytest.mark.browser
def test_browser_search_and_pick(slow_page: Any) -> None:
    page = slow_page()
    box = page.locator(".ref-search input")
    box.click()
    box.press_sequentially("неизлечимое", delay=20)
    page.locator(".ref-view h3", has_text="6.4.6").wait_for()
    box.fill("")
    box.press_sequentially("hunting", delay=20)
    page.locator(".ref-view h3", has_text="6.1.2").wait_for()
    box.fill("")
    page.locator(".ref-count", has_text=str(len(sections()))).wait_for()
    page.locator(".ref-results select").select_option(label=lookup("vtes:6.1.6").heading("en"))
    page.locator(".ref-view", has_text="Krid").wait_for()


@pytest.mark.browser
def test_browser_bad_section_in_address_shows_a_message(slow_page: Any) -> None:
    page = slow_page("?section=vtes:6.4.66")
    banner = page.locator(".calc-error-box")
    banner.wait_for()
    assert "vtes:6.4.66" in banner.inner_text()
    page.get_by_text("Glossary", exact=True).click()
    page.locator(".ref-glossary-view", has_text="ступор").wait_for()
