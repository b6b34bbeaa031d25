"""VTES cards page's words: the label catalog."""

from __future__ import annotations

from calculators.kit.labels import Catalog
from calculators.vtes_widgets.official_labels import OFFICIAL_LABELS
from rules.i18n import msg, msg_p

#: the combat page, where a combat card opens ready to play
COMBAT_NOTEBOOK = "vtes_combat.ipynb"
#: how many cards the result list shows
RESULTS = 8

LABELS = Catalog(
    {
        "title": msg("VTES cards and rulings"),
        "intro": msg(
            "Type a card's name in any spelling (a typo, without accents, a vampire's name "
            "in Cyrillic): the list answers as you type. Choose a card to read its text and "
            "every official ruling on it."
        ),
        "search": msg("Card name"),
        "search_hint": msg("e.g. majsty, Theo Bell, Тео Белл"),
        "results": msg("Cards found"),
        "no_results": msg("No card matches {query}."),
        "choose": msg("Choose a card from the list."),
        "bad_card": msg("No card has the id {card} in the page address; showing none."),
        "type": msg_p("vtes_cards.type", "Type"),
        "cost": msg_p("vtes_cards.cost", "Cost"),
        "blood_cost": msg_p("vtes_cards.cost", "blood {n}"),
        "pool_cost": msg_p("vtes_cards.cost", "pool {n}"),
        "conviction_cost": msg_p("vtes_cards.cost", "conviction {n}"),
        "disciplines": msg("Disciplines"),
        "clan": msg_p("vtes_cards.clan", "Clan"),
        "capacity": msg_p("vtes_cards.capacity", "Capacity"),
        "group": msg_p("vtes_cards.group", "Group"),
        "card_title": msg_p("vtes_cards.title", "Title"),
        "official_text": msg("Card text"),
        "rulings": msg("Official rulings"),
        "combat": msg("In the combat resolver"),
        "not_in_library": msg(
            "The combat resolver has no entry for this card: enter its effect by hand."
        ),
        "open_combat": msg("Open in the combat resolver"),
        "open_combat_help": msg(
            "The combat page, with this card ready to play for the acting minion"
        ),
        "level": msg("Level"),
        "does": msg("What the resolver does"),
        "judge": msg("Left to the judge"),
        "not_modelled": msg("Not modelled: {why}"),
        "nothing_left": msg("nothing"),
        "basic": msg_p("vtes_cards.level", "basic"),
        "superior": msg_p("vtes_cards.level", "superior"),
        "no_discipline": msg("without a Discipline"),
        "sources": msg("Sources"),
        "no_card": msg("No card chosen: type a name and choose a card from the list."),
    }
).merged(OFFICIAL_LABELS)
