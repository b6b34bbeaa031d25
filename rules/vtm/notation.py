"""The way a player writes a V5 roll: ``"10 7 3 / 10 1"``, the Hunger dice after the slash.

:func:`read_roll` reads a roll for a known pool and Hunger (``vtm:v5-typed-roll``): the number
of faces must be the pool, the faces after the slash must be the Hunger dice, and a roll typed
without a slash at a Hunger that puts Hunger dice among regular ones is either refused
(``unmarked="ask"``, the default) or read with its last faces as the Hunger dice
(``unmarked="last"``) together with a warning a page shows. :func:`parse_roll` only splits the
text at the slash.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import choice, whole
from rules.vtm.v5_roll import MAX_HUNGER, MAX_V5_POOL

__all__ = ["UNMARKED_READINGS", "TypedRoll", "parse_roll", "read_roll"]

_ROLL = re.compile(r"^\s*(?P<regular>[\d\s,]*?)\s*(?:/\s*(?P<hunger>[\d\s,]*))?\s*$")

UNMARKED_READINGS: Final = ("ask", "last")
"""A roll typed without '/' where Hunger dice sit among regular ones: refused with a question
(``"ask"``), or read with its last faces as the Hunger dice and a warning (``"last"``)."""


def parse_roll(text: str) -> tuple[list[int], list[int]] | None:
    """``"10 7 3 / 10 1"`` -> ``([10, 7, 3], [10, 1])``; empty text -> ``None``.

    Faces are checked by the engine; a text that is not a roll raises :class:`InvalidState`.

    >>> parse_roll("10 7, 3 / 10 1")
    ([10, 7, 3], [10, 1])
    """
    if not text.strip():
        return None
    match = _ROLL.match(text) if text.count("/") <= 1 else None
    if match is None:
        raise InvalidState(
            msg(
                "Your roll: write die faces 1-10 separated by spaces, with '/' before the Hunger "
                "dice, e.g. '10 7 3 / 10 1'; got {text!r}.",
                text=text,
            )
        )
    regular = [int(f) for f in re.split(r"[\s,]+", match["regular"]) if f]
    hunger = [int(f) for f in re.split(r"[\s,]+", match["hunger"] or "") if f]
    return regular, hunger


@dataclass(frozen=True, eq=False)
class TypedRoll:
    """A typed roll as the desk read it."""

    regular: tuple[int, ...]
    hunger: tuple[int, ...]
    warnings: tuple[Message, ...]
    """How the roll was read where the text did not say it (a page shows these)."""
    steps: tuple[Step, ...] = field(repr=False)


def _faces(faces: list[int]) -> str:
    return " ".join(str(f) for f in faces)


def read_roll(
    text: str, *, pool: int | None = None, hunger: int | None = None, unmarked: str = "ask"
) -> TypedRoll | None:
    """The roll typed in ``text`` for a pool of ``pool`` dice at ``hunger`` (either may be
    ``None``: not checked); empty text -> ``None``.

    >>> read_roll("10 7 3 2 10 1 5", pool=7, hunger=3, unmarked="last").hunger
    (10, 1, 5)
    """
    reading = choice(
        msg_p("vtm parameter", "reading of a roll without '/'"), unmarked, UNMARKED_READINGS
    )
    if pool is not None:
        whole(msg_p("vtm parameter", "pool"), pool, 1, MAX_V5_POOL)
    if hunger is not None:
        whole(msg_p("vtm parameter", "hunger"), hunger, 0, MAX_HUNGER)
    parsed = parse_roll(text)
    if parsed is None:
        return None
    regular, hungry = parsed
    for face in regular + hungry:
        whole(msg_p("vtm parameter", "a die face"), face, 1, 10)
    typed = len(regular) + len(hungry)
    if typed == 0:
        raise InvalidState(msg("A roll needs at least one die."))
    if pool is not None and typed != pool:
        raise InvalidState(
            msg_n(
                "The pool is {n} die, but {typed} dice are typed: type every die of the roll, or "
                "change the pool.",
                "The pool is {n} dice, but {typed} dice are typed: type every die of the roll, "
                "or change the pool.",
                pool,
                typed=typed,
            )
        )
    marked = "/" in text
    warnings: list[Message] = []
    trace = Trace()
    if hunger is None:
        if not marked:
            warnings.append(
                msg("No '/' in the roll and no Hunger given: every die is read as a regular die.")
            )
    else:
        expected = min(hunger, typed)
        if not marked and expected == typed:
            hungry, regular = regular, []
            trace.add(
                "vtm:v5-typed-roll",
                msg(
                    "Hunger {hunger} is at least the pool, so every die typed is a Hunger die.",
                    hunger=hunger,
                ),
            )
        elif not marked and expected:
            if reading == "ask":
                example = f"{_faces(regular[:-expected])} / {_faces(regular[-expected:])}"
                raise InvalidState(
                    msg_n(
                        "At Hunger {hunger}, {n} of the {typed} dice is a Hunger die: type it "
                        "after a '/', e.g. '{example}'.",
                        "At Hunger {hunger}, {n} of the {typed} dice are Hunger dice: type them "
                        "after a '/', e.g. '{example}'.",
                        expected,
                        hunger=hunger,
                        typed=typed,
                        example=example,
                    )
                )
            regular, hungry = regular[:-expected], regular[-expected:]
            warnings.append(
                msg_n(
                    "No '/' in the roll: the last die, {hunger_faces}, is read as the Hunger die.",
                    "No '/' in the roll: the last {n} dice, {hunger_faces}, are read as the "
                    "Hunger dice.",
                    expected,
                    hunger_faces=_faces(hungry),
                )
            )
        elif len(hungry) != expected:
            raise InvalidState(
                msg_n(
                    "{n} Hunger die is typed after the '/', but at Hunger {hunger} the roll has "
                    "{expected}.",
                    "{n} Hunger dice are typed after the '/', but at Hunger {hunger} the roll "
                    "has {expected}.",
                    len(hungry),
                    hunger=hunger,
                    expected=expected,
                )
            )
    trace.add(
        "vtm:v5-typed-roll",
        msg(
            "Read as regular dice {regular} and Hunger dice {hunger}.",
            regular=str(regular),
            hunger=str(hungry),
        ),
    )
    for warning in warnings:
        trace.add("vtm:v5-typed-roll", warning)
    return TypedRoll(tuple(regular), tuple(hungry), tuple(warnings), trace.steps)
