"""VTES cards page: find a card by any spelling, read its text, its official rulings and what
the combat resolver does with it.

Drive it without a browser::

    app = VtesCardsPage()
    app.query.value = "majsty"   # the list answers: app.found
    app.choose(0)                # app.chosen is Majesty; app.card.value == "101144"
    app.ruling_text()            # the card, its rulings and the sources as plain text
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.markup import heading
from calculators.kit.page import Page
from calculators.kit.page_tools import PageTools
from calculators.pages.vtes_cards.labels import LABELS, RESULTS
from calculators.pages.vtes_cards.view import (
    card_html,
    card_text,
    combat_html,
    results_note,
    rulings_html,
    sources_html,
)
from calculators.vtes_widgets.card_symbols import plain_symbols
from rules.errors import InvalidState
from rules.vtes import card_library, carddata
from rules.vtes.card_library import LibraryEntry
from rules.vtes.carddata import Card, CryptCard

__all__ = ["LABELS", "VtesCardsPage", "library_entry"]


def library_entry(card: Card) -> LibraryEntry | None:
    """The combat library's entry for ``card``, if it has one."""
    try:
        return card_library.entry(str(card.id))
    except InvalidState:
        return None


def _result_name(card: Card) -> str:
    if isinstance(card, CryptCard):
        return f"{card.name} · {card.clan} · {card.capacity}"
    return f"{card.name} · {' / '.join(card.types)}"


class VtesCardsPage(Page):
    """Look up a VTES card and read its rulings.

    Test handles: ``query`` (the search box), :attr:`found` (the listed cards), :meth:`choose`,
    :attr:`chosen`, ``card`` (the chosen card's id, in the address), :attr:`card_view`,
    :attr:`rulings_view`, :attr:`combat_view` (HTML), :meth:`ruling_text`.
    """

    labels = LABELS
    title_key = "title"

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self.found: tuple[Card, ...] = ()
        self.chosen: Card | None = None
        self._intro = widgets.HTML()
        self.query = widgets.Text(
            value="", continuous_update=True, layout=widgets.Layout(width="100%")
        )
        self.query.add_class("vtes-card-search")
        #: the chosen card's id: hidden, it carries the card in the address
        self.card = widgets.Text(value="", layout=widgets.Layout(display="none"))
        self.card.add_class("vtes-card-id")
        self._results_title = widgets.HTML()
        self._results_note = widgets.HTML()
        self.result_buttons = [
            widgets.Button(
                layout=widgets.Layout(
                    width="100%", min_height="44px", height="auto", display="none"
                )
            )
            for _ in range(RESULTS)
        ]
        for index, button in enumerate(self.result_buttons):
            button.add_class("vtes-card-result")
            button.on_click(lambda _b, i=index: self.run(self.choose, i))
        results = widgets.VBox(
            [self._results_title, self._results_note, *self.result_buttons],
            layout=widgets.Layout(width="100%"),
        )
        results.add_class("vtes-card-results")
        self._view = widgets.HTML()
        self._view.add_class("vtes-card-view")
        self.card_view = ""
        self.rulings_view = ""
        self.combat_view = ""
        search = widgets.VBox(
            [self.query, self.card, results], layout=widgets.Layout(max_width="560px")
        )
        self.body.children = [self._intro, search, self._view]
        self.query.observe(lambda _c: self.run(self._search), names="value")
        self.card.observe(lambda _c: self.run(self._show_card), names="value")
        self.tools = PageTools(self)
        self.ready()

    # -- searching -------------------------------------------------------------------------
    def _search(self) -> None:
        if self.held:
            return
        text = self.query.value
        self.found = carddata.find(text, limit=RESULTS) if text.strip() else ()
        self._show_results()

    def _show_results(self) -> None:
        for index, button in enumerate(self.result_buttons):
            if index < len(self.found):
                card = self.found[index]
                button.description = plain_symbols(_result_name(card))
                button.tooltip = button.description
                button.layout.display = None
            else:
                button.layout.display = "none"
        self._results_title.value = heading(self.t("results")) if self.found else ""
        self._results_note.value = results_note(self.query.value, len(self.found), self.t)

    def choose(self, index: int) -> None:
        """Show the ``index``-th card of the list (its id goes into the address)."""
        if not 0 <= index < len(self.found):
            raise InvalidState(LABELS.message("choose"))
        self.card.value = str(self.found[index].id)

    # -- the chosen card -------------------------------------------------------------------
    def _show_card(self) -> None:
        ident = self.card.value.strip()
        self.chosen = None
        if ident:
            try:
                self.chosen = carddata.card(int(ident)) if ident.isdigit() else None
            except InvalidState:
                self.chosen = None
            if self.chosen is None:
                self._render()
                raise InvalidState(LABELS.message("bad_card", card=ident))
        self._render()

    def _render(self) -> None:
        card = self.chosen
        if card is None:
            self.card_view = self.rulings_view = self.combat_view = ""
            self._view.value = f"<p><i>{escape(self.t('no_card'))}</i></p>" + sources_html(
                carddata.sources(), self.t, self.lang
            )
            self.tools.refresh()
            return
        lang = self.lang
        entry = library_entry(card)
        self.card_view = card_html(card, self.t, lang)
        self.rulings_view = rulings_html(carddata.rulings(card.id), self.t, lang)
        combat = entry is not None or "Combat" in card.types
        self.combat_view = combat_html(entry, self.t, lang) if combat else ""
        self._view.value = (
            '<div class="calc-result-box">'
            + self.card_view
            + self.rulings_view
            + self.combat_view
            + sources_html(carddata.sources(), self.t, lang)
            + "</div>"
        )
        self.tools.refresh()

    def ruling_text(self) -> str:
        """The chosen card, its rulings and the dated sources as plain text ("" if none)."""
        card = self.chosen
        if card is None:
            return ""
        return card_text(
            card,
            carddata.rulings(card.id),
            library_entry(card),
            carddata.sources(),
            self.t,
            self.lang,
            self.link.absolute,
        )

    def no_ruling_text(self) -> str:
        return self.t("no_card")

    def reset(self) -> None:
        """No query and no card."""
        self.query.value = ""
        self.card.value = ""

    def apply_parameters(self, params: dict[str, Any]) -> None:
        """Nothing beyond the inputs: ``query`` and ``card`` are fields."""

    # -- labels ----------------------------------------------------------------------------
    def relabel(self) -> None:
        self._intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self.query.placeholder = self.t("search_hint")
        self._search_label()
        self._show_results()
        self._render()

    def _search_label(self) -> None:
        self.query.description = self.t("search")  # a visible label: the hint goes as one types
        self.query.tooltip = self.t("search")
