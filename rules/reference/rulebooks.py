"""Which rulebook each section of the rules reference follows.

A section's ``source`` names where its rule comes from; :func:`rulebook` turns it into the
edition of the rules the section follows, so a reader knows which book the rule is read from
(the edition notes under a section say how the other editions differ).

>>> from rules.reference import lookup
>>> rulebook(lookup("vtes:6.4.6")).render("en")
'Black Hand rulebook'
>>> rulebook(lookup("vtes:6.4.8")).render("en")
'current VEKN rulebook'
"""

from __future__ import annotations

from rules.errors import InvalidState
from rules.i18n import Message, msg
from rules.reference.model import EDITION_NAMES, Section

__all__ = ["rulebook"]

_REVISED = msg("Vampire: the Masquerade, Revised (3rd) edition")

#: the game (any when empty), the start of a section's source, and the rulebook a section
#: with that source follows
_FOLLOWS: tuple[tuple[str, str, Message], ...] = (
    ("vtes", "vtes-rulebook-", EDITION_NAMES["black-hand"]),
    ("vtes", "VEKN rulebook", EDITION_NAMES["vekn-2024"]),
    ("dracula", "fury-of-dracula-2e", msg("Fury of Dracula rulebook, 2nd edition")),
    (
        "vtm",
        "Vampire: the Masquerade 5th edition",
        msg("Vampire: the Masquerade 5th edition (V5) core rules"),
    ),
    # the classic V:tM sections: the Revised combat chapter, the desk's default edition
    ("vtm", "vtm-revised", _REVISED),
    ("vtm", "spec/vtm.md", _REVISED),
    ("", "the project's own method", msg("no rulebook: the desk's own method")),
)


def rulebook(section: Section) -> Message:
    """The rulebook (edition) ``section`` follows; :class:`InvalidState` for a source that
    names none (every shipped section names one: the reference's tests check it)."""
    for game, start, book in _FOLLOWS:
        if game in ("", section.game) and section.source.startswith(start):
            return book
    raise InvalidState(
        msg(
            "The section {section} names no rulebook it follows (its source: {source}).",
            section=section.id,
            source=section.source,
        )
    )
