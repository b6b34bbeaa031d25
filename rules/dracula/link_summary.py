"""What a link to the Fury of Dracula page shows, in one line, from the link's parameters alone.

The page's state (a hunter, the cards, the opponent, each side's way of playing, the rounds of
the round resolver, the Valour tally) is too rich for one line, and its exact odds take up to
seconds to compute: the summary names the tab and its key inputs. ``None`` when the link names
no input.

>>> str(dracula_summary(LinkParams({"hunter": "Lord Godalming", "items": "Stake~Rifle"})))
'Lord Godalming (12 health, Stake, Rifle) against Dracula by day, Dracula with 15 blood'
>>> print(dracula_summary(LinkParams({"tabs": "2"})))
Valour points: the hunters' brave deeds and who wins the game
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.dracula.hunters import HUNTERS
from rules.dracula.words import card_names
from rules.i18n import Message, msg, msg_n, msg_p
from rules.link_params import LinkParams

__all__ = ["OPPONENTS", "dracula_summary"]

LIST_SEPARATOR = "~"  # how the page writes several choices in one parameter
#: the opponents as the hunter fights them ("against ..."; Russian puts them in the genitive)
OPPONENTS: Mapping[str, Message] = {
    "dracula-night": msg_p("against", "Dracula by night"),
    "dracula-day": msg_p("against", "Dracula by day"),
    "agent": msg_p("against", "Agent"),
}


def dracula_summary(params: LinkParams) -> Message | None:
    """The hunter and the opponent of the link's combat, or the tab it opens."""
    if not params.inputs():
        return None
    tab = params.choice("tabs", "0", ("0", "1", "2"))
    if tab == "2":
        return msg("Valour points: the hunters' brave deeds and who wins the game")
    hunter = HUNTERS[params.choice("hunter", "Van Helsing", tuple(HUNTERS))]
    health = params.number("health", hunter.max_health)
    cards = [c for c in params.text("items", "Stake").split(LIST_SEPARATOR) if c]
    opponent = params.choice("opponent", "dracula-day", tuple(OPPONENTS))
    hunter_text: Message = msg_n("{n} health", "{n} health", health)
    if cards:
        hunter_text = msg("{health}, {cards}", health=hunter_text, cards=card_names(cards))
    fight = msg(
        "{hunter} ({state}) against {opponent}",
        hunter=hunter.name,
        state=hunter_text,
        opponent=OPPONENTS[opponent],
    )
    if opponent != "agent":
        fight = msg(
            "{fight}, Dracula with {blood}",
            fight=fight,
            blood=msg_n("{n} blood", "{n} blood", params.number("blood", 15)),
        )
    if tab == "1":
        return msg("Round resolver: {fight}", fight=fight)
    return fight
