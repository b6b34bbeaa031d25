"""Opening a combat from a link: which of its card plays still apply, and what is left out.

A link (or a JSON export) of the VTES combat page carries the combat as the round editors
show it and, under ``cards``, the cards played from the library
(:mod:`rules.vtes.scenario_cards`). :func:`playable` plays them in turn and keeps each one
the resolver accepts after the ones kept before it; a play it refuses (a card no longer in
the library, a play the card now forbids) is left out with the reason, and
:func:`left_out` says in words what was left out, so that a link never opens as something
else without saying so.

>>> from rules.vtes.scenario_cards import CardPlayed
>>> theo = {"name": "Theo Bell", "kind": "vampire", "capacity": 7, "blood": 7}
>>> lucian = {"name": "Lucian", "kind": "vampire", "capacity": 11, "blood": 11}
>>> base = {"acting": theo, "opposing": lucian, "rounds": [{}]}
>>> grapple = CardPlayed.of("Immortal Grapple", "POT", "acting", 1)
>>> lid = CardPlayed.of("Thrown Sewer Lid", "pot", "opposing", 1)
>>> kept, dropped = playable(base, (grapple, lid))
>>> [p.name for p in kept], [p.name for p, _why in dropped]
(['Immortal Grapple'], ['Thrown Sewer Lid'])
>>> print(left_out(dropped).render("en"))  # doctest: +ELLIPSIS
The link's combat is shown without 1 card play that the page cannot make: Thrown Sewer Lid ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.errors import RuleError
from rules.i18n import Message, msg, msg_n
from rules.vtes.scenario_cards import CardPlayed, replay

__all__ = ["Dropped", "left_out", "playable"]

Dropped = tuple[CardPlayed, RuleError]
"""A card play left out, and why."""


def playable(
    scenario: Mapping[str, Any], plays: Sequence[CardPlayed]
) -> tuple[tuple[CardPlayed, ...], tuple[Dropped, ...]]:
    """The plays the resolver accepts, each after the ones kept before it, and the others
    with the reason each is refused. ``scenario`` itself must resolve."""
    from rules.vtes.combat import resolve

    kept: list[CardPlayed] = []
    dropped: list[Dropped] = []
    for play in plays:
        try:
            resolve(replay(scenario, (*kept, play)))
        except RuleError as error:
            dropped.append((play, error))
            continue
        kept.append(play)
    return tuple(kept), tuple(dropped)


def left_out(dropped: Sequence[Dropped]) -> Message:
    """What was left out of a link's combat, in words: each play and why, one after another."""
    said: Message | None = None
    for play, error in reversed(dropped):
        item = msg("{play} — {problem}", play=play.describe(), problem=error.message)
        said = item if said is None else msg("{sentence} {more}", sentence=item, more=said)
    return msg_n(
        "The link's combat is shown without {n} card play that the page cannot make: {plays}",
        "The link's combat is shown without {n} card plays that the page cannot make: {plays}",
        len(dropped),
        plays=said if said is not None else "",
    )
