"""What a link to the rules reference shows, in one line, from the link's parameters alone.

A link to a section gets the section's heading and its first sentence; a link with a search
gets the search and its best match. ``None`` when the link names neither.

>>> str(reference_summary(LinkParams({"section": "vtes:6.4.6"})))
'VTES 6.4.6 Damage resolution: Damage is resolved in two stages: prevent, then heal.'
>>> str(reference_summary(LinkParams({"q": "aggravated"}))).split(", first ")[1]
'6.4.6 Damage resolution'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rules.i18n import Message, msg, msg_n
from rules.link_params import LinkParams
from rules.reference import GAMES, lookup, search

__all__ = ["reference_summary"]

GAME_NAMES: Mapping[str, Message] = {
    "vtes": msg("VTES"),
    "dracula": msg("Fury of Dracula"),
    "vtm": msg("V:tM"),
}
SENTENCE = re.compile(r"(.+?[.!?])(\s|$)", re.S)


def reference_summary(params: LinkParams) -> Message | None:
    """The section or the search the link opens."""
    lang = params.lang if params.lang in ("en", "ru") else "en"
    section_id = params.text("section", "")
    if section_id:
        section = lookup(section_id)
        paragraphs = section.paragraphs(lang)
        first = paragraphs[0] if paragraphs else ""
        sentence = SENTENCE.match(first)
        return msg(
            "{game} {heading}: {sentence}",
            game=GAME_NAMES.get(section.game, section.game),
            heading=section.heading(lang),
            sentence=sentence.group(1) if sentence else first,
        )
    query = params.text("q", "").strip()
    if query:
        game = params.text("game", "all")
        found = search(query, lang, game=None if game == "all" or game not in GAMES else game)
        if not found:
            return msg("Search for “{query}”: no section", query=query)
        return msg(
            "Search for “{query}”: {count}, first {heading}",
            query=query,
            count=msg_n("{n} section", "{n} sections", len(found)),
            heading=found[0].heading(lang),
        )
    return None
