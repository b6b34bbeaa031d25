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
>>> kept, dropped = playable(base, [grapple.to_json(), lid.to_json(), {"card": 1}])
>>> [p.name for p in kept], [str(said or why)[:20] for said, why in dropped]
(['Immortal Grapple'], ['Thrown Sewer Lid (po', 'Card play 3 must giv'])
>>> print(left_out(dropped).render("en"))  # doctest: +ELLIPSIS
The link's combat is shown without 2 card plays that the page cannot make: Thrown Sewer Lid ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.errors import InvalidState, RuleError
from rules.i18n import Message, msg, msg_n
from rules.i18n.message import Said
from rules.vtes.scenario_cards import CardPlayed, card_list, read_card_play, replay

__all__ = ["Dropped", "left_out", "playable"]

Dropped = tuple[Message | None, RuleError]
"""A card play left out, in words (``None`` when it cannot be read: the reason names its
place), and why."""


def playable(
    scenario: Mapping[str, Any], cards: object
) -> tuple[tuple[CardPlayed, ...], tuple[Dropped, ...]]:
    """The plays of ``cards`` (a scenario's ``cards`` list) that can be read and that the
    resolver accepts, each after the ones kept before it, and the others with the reason
    each is left out. ``scenario`` (without the plays) must resolve."""
    from rules.vtes.combat import resolve

    kept: list[CardPlayed] = []
    dropped: list[Dropped] = []
    for number, item in enumerate(card_list(cards), 1):
        try:
            play = read_card_play(item, number)
        except RuleError as error:
            dropped.append((None, error))
            continue
        try:
            resolve(replay(scenario, (*kept, play)))
        except RuleError as error:
            dropped.append((play.describe(), error))
            continue
        kept.append(play)
    return tuple(kept), tuple(dropped)


def left_out(dropped: Sequence[Dropped]) -> InvalidState:
    """The error that says what was left out of a link's combat, in words: each play and
    why, one after another."""
    said: Said | None = None
    for play, error in reversed(dropped):
        item = (
            error.message
            if play is None
            else msg("{play} — {problem}", play=play, problem=error.message)
        )
        said = item if said is None else msg("{sentence} {more}", sentence=item, more=said)
    return InvalidState(
        msg_n(
            "The link's combat is shown without {n} card play that the page cannot make: {plays}",
            "The link's combat is shown without {n} card plays that the page cannot make: {plays}",
            len(dropped),
            plays=said if said is not None else "",
        )
    )
