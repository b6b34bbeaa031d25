"""Links to a card on the Cards page, as every VTES page draws them (a ruling's named cards,
the card the Cards page shows, a copied ruling's address)."""

from __future__ import annotations

from calculators.kit.links import page_url

__all__ = ["CARDS_NOTEBOOK", "LINK_STYLE", "card_link"]

#: the Cards page's notebook, where a link to a card opens
CARDS_NOTEBOOK = "vtes_cards.ipynb"
#: links look like links inside a result box (the widgets' own styles make them plain text)
LINK_STYLE = "color:#7a1f2b;text-decoration:underline"


def card_link(card_id: int, lang: str) -> str:
    """The address of the Cards page showing the card ``card_id``."""
    return page_url(CARDS_NOTEBOOK, lang, card=str(card_id))
