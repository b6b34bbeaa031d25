"""VTES deck odds page's words and bounds: the label catalog, the sample deck, the limits."""

from __future__ import annotations

from calculators.kit.labels import Catalog
from rules.i18n import msg, msg_p

CATEGORY_ROWS = 3  # categories counted at once
MAX_TURNS = 20
MAX_AT_LEAST = 30

#: the deck a fresh page shows (every card is in the card data the desk ships)
SAMPLE_DECK = """Deck Name: Brujah brawl (sample)

Crypt (12 cards, min=20, max=32, avg=6.5)
2x Carlak              8 cel dom pot pre  Brujah:5
2x Don Caravelli       8 aus dom cel pot pre  Brujah:5
2x Salvador Garcia     7 pot pro cel pre  Brujah:4
2x Karen Suadela       7 obf pre cel pot  Brujah:5
2x Marguerite Foccart  6 aus pot cel pre  Brujah:4
2x Hezekiah Rutledge   5 ani cel pot pre  Brujah:4

Library (60 cards)
Combat (40)
8x Brute Force
6x Dust Up
6x Disarm
6x Blur
6x Backstep
4x Fists of Death
4x Dark Steel

Equipment (14)
4x .44 Magnum
6x AK-47
4x Ambulance

Ally (6)
6x Abyssal Hunter
"""

#: the card types a library card may have, by the card data's names, and their catalog keys
TYPE_KEYS: dict[str, str] = {
    "Action": "type_action",
    "Action Modifier": "type_action_modifier",
    "Ally": "type_ally",
    "Combat": "type_combat",
    "Conviction": "type_conviction",
    "Equipment": "type_equipment",
    "Event": "type_event",
    "Master": "type_master",
    "Political Action": "type_political_action",
    "Power": "type_power",
    "Reaction": "type_reaction",
    "Reflex": "type_reflex",
    "Retainer": "type_retainer",
}

LABELS = Catalog(
    {
        "title": msg("VTES deck odds"),
        "intro": msg(
            "Paste a deck list (the tournament archive's text, a VDB or Lackey export, or plain "
            "'3x Name' lines under Crypt and Library), pick what to count, and read the exact "
            "odds of drawing it, turn by turn."
        ),
        "deck": msg("Deck list"),
        "deck_help": msg(
            "One card a line with its count; Crypt and Library headings separate the piles."
        ),
        "deck_summary": msg("{crypt} crypt cards, {library} library cards"),
        "pile": msg("Pile"),
        "pile_library": msg_p("deck odds pile", "Library"),
        "pile_crypt": msg_p("deck odds pile", "Crypt"),
        "turns": msg("Turns"),
        "count": msg("Count"),
        "count_help": msg(
            "Up to three categories at once: the page gives each one's odds and the odds of "
            "every one at the same time."
        ),
        "category": msg("Category {n}"),
        "none": msg("(none)"),
        "at_least": msg("at least"),
        "type": msg("Type: {name}"),
        "clan": msg("Clan: {name}"),
        "discipline": msg("Discipline: {name}"),
        "copies": msg("{label} ({copies} of {deck})"),
        "odds": msg("Odds by turn"),
        "turn": msg_p("deck odds", "Turn"),
        "seen": msg("Cards seen"),
        "all": msg("All at once"),
        "chart_title": msg("Every category at once, by turn"),
        "chart_one": msg("{label}, by turn"),
        "pick_something": msg("Pick at least one category to count."),
        "no_deck": msg("Paste a deck list to count its cards."),
        "empty_library": msg("The deck has no library cards to count."),
        "empty_crypt": msg("The deck has no crypt cards to count."),
        "result_line": msg("Turn {turn} ({seen} cards seen): {p} ({exact})"),
        "situation_pile": msg(
            "Pile: {pile} of {deck} cards; turn 1 shows {start}, then {more} a turn"
        ),
        "situation_want": msg("At least {k} of {label} ({copies} in the pile)"),
        "type_action": msg_p("card type", "Action"),
        "type_action_modifier": msg_p("card type", "Action Modifier"),
        "type_ally": msg_p("card type", "Ally"),
        "type_combat": msg_p("card type", "Combat"),
        "type_conviction": msg_p("card type", "Conviction"),
        "type_equipment": msg_p("card type", "Equipment"),
        "type_event": msg_p("card type", "Event"),
        "type_master": msg_p("card type", "Master"),
        "type_political_action": msg_p("card type", "Political Action"),
        "type_power": msg_p("card type", "Power"),
        "type_reaction": msg_p("card type", "Reaction"),
        "type_reflex": msg_p("card type", "Reflex"),
        "type_retainer": msg_p("card type", "Retainer"),
    }
)
