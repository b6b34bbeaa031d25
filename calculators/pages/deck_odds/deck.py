"""VTES deck odds page's deck: the text area a player pastes a list into, its errors beside it.

In the address the deck travels packed (:func:`calculators.kit.address.pack`): the cards and
their counts when the list reads, the text as typed when it does not.
"""

from __future__ import annotations

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.fields import FieldMessage
from calculators.kit.fmt import escape
from calculators.kit.inputs import InputStyle
from calculators.kit.markup import heading
from calculators.kit.part import PartContext
from calculators.pages.deck_odds.categories import ReadDeck, deck_data, deck_from_data, read_deck
from calculators.pages.deck_odds.labels import SAMPLE_DECK
from calculators.pages.deck_odds.view import deck_summary_html
from rules.errors import RuleError
from rules.link_params import pack, unpack

INPUTS = InputStyle(label_width="120px", box_width="290px", area_width="100%")


class DeckPart:
    """The pasted deck list; :meth:`read` gives it read (a :class:`RuleError` naming the line
    for a list that does not read), :meth:`check` shows that error beside the text area."""

    def __init__(self, context: PartContext) -> None:
        self.context = context
        self.text = INPUTS.text_area(SAMPLE_DECK, "deck-odds-list", rows=14)
        self.text.layout.max_width = "520px"
        self.title = widgets.HTML()
        self.help = widgets.HTML()
        self.message = FieldMessage(context)
        self.summary = widgets.HTML()
        self.summary.add_class("deck-odds-summary")
        self.widget = widgets.VBox(
            [self.title, self.help, self.text, self.message.widget, self.summary]
        )
        self._read: tuple[str, ReadDeck | RuleError] | None = None
        context.watch(self.text)

    # -- the deck ------------------------------------------------------------------------
    def _reading(self) -> ReadDeck | RuleError:
        text = self.text.value
        if self._read is None or self._read[0] != text:
            try:
                found: ReadDeck | RuleError = read_deck(text)
            except RuleError as error:
                found = error
            self._read = (text, found)
        return self._read[1]

    def read(self) -> ReadDeck:
        found = self._reading()
        if isinstance(found, RuleError):
            raise found
        return found

    def check(self) -> ReadDeck | None:
        """The deck, or ``None`` with its error shown beside the text area."""
        found = self._reading()
        if isinstance(found, RuleError):
            self.message.show(found)
            self.summary.value = ""
            return None
        self.message.clear()
        self.summary.value = deck_summary_html(found, self.context.t, self.context.lang)
        return found

    # -- the address ---------------------------------------------------------------------
    def packed(self) -> str:
        found = self._reading()
        if isinstance(found, RuleError):
            return pack({"t": self.text.value})
        return pack(deck_data(found.deck))

    def unpack_into(self, text: str) -> None:
        self.text.value = deck_from_data(unpack(text, "deck"))

    def address_fields(self) -> dict[str, Field]:
        return {"deck": Field("deck", self.packed, self.unpack_into, self.text)}

    def show(self, _result: object) -> None:
        """The deck's result is its summary, drawn by :meth:`check`."""

    def relabel(self) -> None:
        t = self.context.t
        self.title.value = heading(t("deck"))
        self.help.value = f"<small>{escape(t('deck_help'))}</small>"
        self.text.description = ""
        found = self._reading()
        if not isinstance(found, RuleError):
            self.summary.value = deck_summary_html(found, t, self.context.lang)
