"""The VTES cards page in a real browser, as a judge uses it: type a misspelled name, choose the
card, read its rulings and their references, follow a card a ruling names, copy the ruling as
text, copy the page link and open it in a fresh browser, open a combat card in the combat
resolver; and the Russian page."""

from __future__ import annotations

from typing import Any

import pytest

from rules.vtes import carddata

pytestmark = pytest.mark.browser

PAGE = "vtes_cards.ipynb"
MAJESTY = 101144


def wait_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => [...document.querySelectorAll(s)].some(e => e.innerText.includes(t))",
        arg=[selector, text],
    )


def search(page: Any, typed: str) -> None:
    """Type ``typed`` into the search box one key at a time, as a person does."""
    box = page.locator(".vtes-card-search input")
    box.click()
    box.press_sequentially(typed, delay=60)


def test_search_choose_read_the_rulings_and_follow_a_card_they_name(open_page: Any) -> None:
    page = open_page(PAGE)
    search(page, "majsty")
    first = page.locator(".vtes-card-result:visible").first
    wait_text(page, ".vtes-card-result", "Majesty")
    assert first.inner_text().startswith("Majesty")
    first.click()
    wait_text(page, ".vtes-card-view .calc-h3", "Majesty")
    page.wait_for_function(f"() => location.search.includes('card={MAJESTY}')")
    view = page.locator(".vtes-card-view")
    assert "Strike: combat ends." in view.inner_text()
    rulings = carddata.rulings(MAJESTY)
    assert page.locator(".vtes-ruling").count() == len(rulings)
    reference = rulings[0].references[0]
    link = page.locator(".vtes-reference", has_text=reference.label).first
    assert link.get_attribute("href") == reference.url
    assert link.get_attribute("target") == "_blank"
    assert "krcg 4.19" in page.inner_text(".vtes-sources")

    # a ruling that names another card links to it: the page opens on that card
    grapple = carddata.card("Immortal Grapple").id
    page.goto(page.url.split("?")[0] + f"?card={grapple}")
    page.wait_for_selector(".calc-ready")
    named = next(r for r in carddata.rulings(grapple) if r.cards)
    other = named.cards[0]
    page.locator(".vtes-card-link", has_text=other.name).first.click()
    page.wait_for_selector(".calc-ready")
    page.wait_for_function(f"() => location.search.includes('card={other.id}')")
    wait_text(page, ".vtes-card-view .calc-h3", other.name)


def test_copy_the_ruling_and_the_link_opened_in_a_fresh_browser(
    open_page: Any, browser: Any
) -> None:
    page = open_page(PAGE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    search(page, "majesty")
    wait_text(page, ".vtes-card-result", "Majesty")
    page.locator(".vtes-card-result:visible").first.click()
    wait_text(page, ".vtes-card-view .calc-h3", "Majesty")

    page.get_by_role("button", name="Copy the ruling as text").click()
    box = page.locator("textarea.calc-ruling-text")
    box.wait_for(state="visible")
    page.get_by_role("button", name="Copy", exact=True).click()
    wait_text(page, ".calc-copy-status", "Copied")
    text = str(page.evaluate("navigator.clipboard.readText()"))
    assert text == box.input_value()
    assert text.startswith("Majesty\n")
    assert "RTR 20020501 https://" in text
    sources = carddata.sources().message().render("en")
    assert f"Sources: {sources}" in text

    page.locator(".calc-copy-link").click()
    wait_text(page, ".calc-link-status", "Link copied")
    link = str(page.evaluate("navigator.clipboard.readText()"))
    assert f"card={MAJESTY}" in link
    fresh = browser.new_context()
    try:
        other = fresh.new_page()
        other.set_default_timeout(120_000)
        other.goto(link, wait_until="domcontentloaded", timeout=180_000)
        other.wait_for_selector(".calc-ready", state="visible", timeout=180_000)
        wait_text(other, ".vtes-card-view .calc-h3", "Majesty")
        assert other.locator(".vtes-ruling").count() == len(carddata.rulings(MAJESTY))
        assert other.locator(".calc-error:visible").count() == 0
    finally:
        fresh.close()


def test_a_combat_card_opens_in_the_combat_resolver_ready_to_play(open_page: Any) -> None:
    page = open_page(PAGE, f"?card={MAJESTY}")
    wait_text(page, ".vtes-card-view .calc-h3", "Majesty")
    page.locator(".vtes-open-combat").click()
    page.wait_for_selector(".calc-ready", state="visible", timeout=180_000)
    assert "vtes_combat.ipynb" in page.url
    name = page.locator(".vtes-card-name input")
    name.wait_for(state="visible")
    assert name.input_value() == "Majesty"
    wait_text(page, ".vtes-card-info", "What the resolver does")
    page.locator(".vtes-card-play").click()
    wait_text(page, ".vtes-cards-played", "Majesty")
    wait_text(page, ".vtes-story", "Majesty")
    assert "krcg 4.19" in page.inner_text(".vtes-sources")


def test_the_russian_page_marks_the_official_english_text(open_page: Any) -> None:
    page = open_page(PAGE, "?lang=ru")
    assert (
        page.locator(".vtes-card-search input").get_attribute("placeholder").startswith("например")
    )
    search(page, "Тео Белл")
    wait_text(page, ".vtes-card-result", "Theo Bell")
    page.locator(".vtes-card-result:visible").first.click()
    wait_text(page, ".vtes-card-view .calc-h3", "Theo Bell")
    view = page.inner_text(".vtes-card-view")
    for label in ("Объём крови", "Текст карты", "официальный английский текст", "Источники"):
        assert label in view, label
    assert page.locator('.vtes-card[lang="en"]').count() == 1
    # the symbols are letters the page's font has: superior Potence, the directed action
    potence = page.locator(".vtes-card-facts .vtes-symbol-superior", has_text="POT")
    assert potence.count() == 1 and potence.bounding_box()["width"] > 10
    text = page.inner_text(".vtes-card-text")
    assert "(D) action" in text and "Ⓓ" not in text and "[" not in text
    page.goto(page.url.split("?")[0] + f"?lang=ru&card={MAJESTY}")
    page.wait_for_selector(".calc-ready")
    wait_text(page, ".vtes-card-view", "Официальные разъяснения")
    view = page.inner_text(".vtes-card-view")
    assert "Разъяснения приведены на английском" in view
    assert "В калькуляторе боя" in view
    assert "Strike: combat ends." in view  # the card text itself stays English
    page.locator(".vtes-open-combat").click()
    page.wait_for_selector(".calc-ready", state="visible", timeout=180_000)
    assert "lang=ru" in page.url
    assert page.locator(".vtes-card-name input").input_value() == "Majesty"


def test_the_damage_page_and_the_reference_name_their_sources(open_page: Any) -> None:
    page = open_page("vtes_damage.ipynb", "?lang=ru")
    sources = carddata.sources()
    line = page.inner_text(".vtes-sources")
    assert line.startswith("Источники:")
    assert f"krcg {sources.krcg}" in line and sources.newest_ruling_date in line
    page = open_page("rules_reference.ipynb", "?section=vtes%3A6.4.6")
    wait_text(page, ".ref-rulebook", "Rulebook followed: Black Hand rulebook")
    page.get_by_role("button", name="Русский").click()
    wait_text(page, ".ref-rulebook", "Редакция правил: правила эпохи Black Hand")
