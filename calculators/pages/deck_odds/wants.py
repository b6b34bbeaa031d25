"""VTES deck odds page's question: the pile, up to three categories (at least k of each), the
number of turns. The categories offered are those of the deck's pile."""

from __future__ import annotations

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.fields import IntField
from calculators.kit.fmt import escape
from calculators.kit.inputs import InputStyle
from calculators.kit.markup import heading
from calculators.kit.part import PartContext
from calculators.pages.deck_odds.categories import PILES, Category, ReadDeck, options
from calculators.pages.deck_odds.labels import CATEGORY_ROWS, MAX_AT_LEAST, MAX_TURNS
from calculators.pages.deck_odds.view import option_label

INPUTS = InputStyle(label_width="90px", box_width="220px")

#: what a fresh page counts (the sample deck's combat cards)
DEFAULT_CATEGORY = "type:Combat"


class WantsPart:
    """The pile and the categories; :meth:`read` gives ``(pile, turns, categories)``."""

    def __init__(self, context: PartContext) -> None:
        self.context = context
        self.pile = widgets.ToggleButtons(options=[(p, p) for p in PILES], value="library")
        self.pile.style.button_width = "110px"
        self.pile.add_class("deck-odds-pile")
        self.turns = INPUTS.int_box(context, 10, 1, MAX_TURNS, "deck-odds-turns")
        self.category: list[widgets.Dropdown] = []
        self.at_least: list[IntField] = []
        rows = []
        for i in range(CATEGORY_ROWS):
            choice = widgets.Dropdown(
                options=[("", "")],
                value="",
                layout=widgets.Layout(width="100%", max_width="360px"),
                style={"description_width": "90px"},
            )
            choice.add_class(f"deck-odds-category{i}")
            need = INPUTS.int_box(context, 1, 0, MAX_AT_LEAST, f"deck-odds-at-least{i}")
            self.category.append(choice)
            self.at_least.append(need)
            rows.append(widgets.VBox([choice, need]))
        self.deck: ReadDeck | None = None
        self.title = widgets.HTML()
        self.help = widgets.HTML()
        self.widget = widgets.VBox([self.title, self.pile, self.turns, self.help, *rows])
        context.watch(self.pile, self.turns, *self.category, *self.at_least)

    def address_fields(self) -> dict[str, Field]:
        return widget_fields(self)

    def number_fields(self) -> list[IntField]:
        return [self.turns, *self.at_least]

    def offer(self, deck: ReadDeck | None) -> None:
        """Offer the categories of ``deck``'s chosen pile; a chosen one the pile still has
        stays chosen, a first category it lacks becomes the pile's first (combat cards in a
        library). No new result: the caller asks for it."""
        self.deck = deck
        keys = () if deck is None else options(deck, self.pile.value)
        t = self.context.t
        with self.context.hold():
            for i, choice in enumerate(self.category):
                value = choice.value
                labelled = [(t("none"), "")]
                if deck is not None:
                    labelled += [(option_label(deck, self.pile.value, k, t), k) for k in keys]
                if [o[1] for o in choice.options] != [o[1] for o in labelled] or [
                    o[0] for o in choice.options
                ] != [o[0] for o in labelled]:
                    choice.options = labelled
                if value in keys:
                    choice.value = value
                elif i == 0 and keys and (self._fresh or value != ""):
                    # a fresh page, or a first category the new pile lacks: the pile's first
                    choice.value = DEFAULT_CATEGORY if DEFAULT_CATEGORY in keys else keys[0]
                else:
                    choice.value = ""
        if deck is not None:
            self._fresh = False

    _fresh = True

    def read(self) -> tuple[str, int, tuple[Category, ...]]:
        chosen = tuple(
            Category(choice.value, need.value)
            for choice, need in zip(self.category, self.at_least, strict=True)
            if choice.value
        )
        return self.pile.value, self.turns.value, chosen

    def show(self, _result: object) -> None:
        """The question shows no result."""

    def relabel(self) -> None:
        t = self.context.t
        self.title.value = heading(t("count"))
        self.help.value = f"<small>{escape(t('count_help'))}</small>"
        self.pile.description = t("pile")
        with self.context.hold():
            value = self.pile.value
            self.pile.options = [(t(f"pile_{p}"), p) for p in PILES]
            self.pile.value = value
        self.turns.description = t("turns")
        for i, (choice, need) in enumerate(zip(self.category, self.at_least, strict=True), 1):
            choice.description = t("category").format(n=i)
            need.description = t("at_least")
        self.offer(self.deck)
