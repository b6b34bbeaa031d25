"""VTES deck odds page: paste a deck list, pick what to count, read the exact odds by turn.

The page joins three parts (:mod:`~calculators.pages.deck_odds.deck`,
:mod:`~calculators.pages.deck_odds.wants`, :mod:`~calculators.pages.deck_odds.odds`): it reads
the deck and the question, calls :func:`rules.vtes.draws.draw_odds` and shows the odds; every
text comes from :mod:`~calculators.pages.deck_odds.view`. Drive it without a browser::

    app = DeckOddsPage()
    app.set_inputs(text="Crypt\\n12x Tupdog\\nLibrary\\n...", pile="crypt",
                   category0="card:Tupdog (G3)")
    app.odds.result.turns[0].all     # Fraction
    app.deck.message.message         # the line a list does not read at
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.fields import all_valid
from calculators.kit.fmt import escape
from calculators.kit.layout import columns
from calculators.kit.page import Page, on_failure
from calculators.kit.page_tools import PageTools
from calculators.pages.deck_odds.categories import wants
from calculators.pages.deck_odds.deck import DeckPart
from calculators.pages.deck_odds.labels import CATEGORY_ROWS, LABELS
from calculators.pages.deck_odds.odds import OddsPart, Question
from calculators.pages.deck_odds.view import ruling
from calculators.pages.deck_odds.wants import WantsPart
from rules.vtes.draws import draw_odds

#: the inputs by name (``set_inputs`` and the address use these names)
INPUTS: dict[str, str] = {
    "text": "text",
    "pile": "pile",
    "turns": "turns",
    **{f"category{i}": f"category{i}" for i in range(CATEGORY_ROWS)},
    **{f"at_least{i}": f"at_least{i}" for i in range(CATEGORY_ROWS)},
}


class DeckOddsPage(Page):
    """Draw odds of a pasted VTES deck (rules.vtes.draws), by turn.

    Test handles: :meth:`set_inputs`, the parts :attr:`deck`, :attr:`wants`, :attr:`odds`
    (``odds.result`` is the engine's :class:`~rules.vtes.draws.DrawOdds`), ``banner.message``,
    ``deck.message.message`` (the deck list's error, shown beside it).
    """

    labels = LABELS
    title_key = "title"

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        context = self.part_context(self.recompute)
        self.deck = DeckPart(context)
        self.wants = WantsPart(context)
        self.odds = OddsPart(context)
        # the categories offered follow the deck and the pile, even while inputs are held
        self.deck.text.observe(lambda _c: self._offer(), names="value")
        self.wants.pile.observe(lambda _c: self._offer(), names="value")
        self.intro = widgets.HTML()
        inputs = widgets.VBox([self.deck.widget, self.wants.widget])
        self.body.children = [self.intro, columns(inputs, self.odds.widget)]
        self.tools = PageTools(self)
        self.ready()

    def _offer(self) -> None:
        try:
            deck = self.deck.read()
        except Exception:  # the error is shown beside the list by the refresh
            deck = None
        self.wants.offer(deck)

    # -- inputs -------------------------------------------------------------------------
    def _widget(self, name: str) -> Any:
        if name == "text":
            return self.deck.text
        if name.startswith("category"):
            return self.wants.category[int(name.removeprefix("category"))]
        if name.startswith("at_least"):
            return self.wants.at_least[int(name.removeprefix("at_least"))]
        return getattr(self.wants, name)

    def set_inputs(self, **values: Any) -> None:
        """Set several inputs at once (names of ``INPUTS``), then recompute once."""
        unknown = sorted(set(values) - set(INPUTS))
        if unknown:
            raise KeyError(f"unknown inputs {unknown}; allowed: {', '.join(INPUTS)}")
        order = ["text", "pile", *(k for k in values if k not in ("text", "pile"))]
        with self.hold():
            for name in order:
                if name in values:
                    self._widget(name).value = values[name]
        self.recompute()

    def url_fields(self) -> dict[str, Field]:
        return {**self.deck.address_fields(), **self.wants.address_fields()}

    # -- computing ----------------------------------------------------------------------
    def recompute(self) -> None:
        """Count the current question; bad input becomes a message beside it or the banner's."""
        self.run(self._refresh)

    def _refresh(self) -> None:
        deck = self.deck.check()
        self.wants.offer(deck)
        if deck is None:
            self.odds.note("no_deck")
        elif all_valid(self.wants.number_fields()):
            pile, turns, chosen = self.wants.read()
            cards = deck.pile(pile)
            if not cards:
                self.odds.note(f"empty_{pile}")
            elif not chosen:
                self.odds.note("pick_something")
            else:
                with on_failure(self.odds.clear, self.tools.refresh):
                    result = draw_odds(cards, wants(deck, pile, chosen), pile=pile, turns=turns)
                self.odds.show((Question(deck, pile, chosen), result))
        self.tools.refresh()

    def ruling_text(self) -> str:
        """The odds as plain text in the page's language ("" while there are none)."""
        question, result = self.odds.question, self.odds.result
        if question is None or result is None:
            return ""
        return ruling(question.deck, question.pile, question.chosen, result, self.t, self.lang)

    # -- labels -------------------------------------------------------------------------
    def relabel(self) -> None:
        self.intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self.deck.relabel()
        self.wants.relabel()
        self._refresh()
