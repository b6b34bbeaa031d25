"""The way a player writes a V5 roll: ``"10 7 3 / 10 1"``, the Hunger dice after the slash."""

from __future__ import annotations

import re

from rules.errors import InvalidState
from rules.i18n import msg

__all__ = ["parse_roll"]

_ROLL = re.compile(r"^\s*(?P<regular>[\d\s,]*?)\s*(?:/\s*(?P<hunger>[\d\s,]*))?\s*$")


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
