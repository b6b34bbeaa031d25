"""The short notation a judge types for a Fury of Dracula table.

Companions' items (``"Mina Harker: Crucifix"``), initiative numbers (``"Punch=1"``), result
overrides (``"hunter: Punch vs Claws = wound 1"``) and the blood taken in each combat
(``"3, 2"``). A text that does not follow the notation raises :class:`InvalidState` saying how
to write it; what the values mean is checked where they are used.
"""

from __future__ import annotations

from rules.dracula.cards import CardTable
from rules.dracula.hunters import HUNTERS
from rules.errors import InvalidState
from rules.i18n import msg


def parse_companion_items(text: str) -> dict[str, tuple[str, ...]]:
    """``"Mina Harker: Crucifix; Dr. Seward: Knife, Pistol"`` -> items per companion."""
    out: dict[str, tuple[str, ...]] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        if ":" not in part:
            raise InvalidState(
                msg(
                    "write a companion's items as 'Mina Harker: Crucifix' (got {part!r})",
                    part=part.strip(),
                )
            )
        name, items = (x.strip() for x in part.split(":", 1))
        if name not in HUNTERS:
            raise InvalidState(
                msg(
                    "unknown hunter {name!r}; allowed: {allowed}", name=name, allowed=tuple(HUNTERS)
                )
            )
        out[name] = tuple(i.strip() for i in items.split(",") if i.strip())
    return out


def parse_initiatives(text: str, table: CardTable) -> CardTable:
    """``"Punch=1, Fangs=4"`` applied to ``table``."""
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise InvalidState(
                msg(
                    "write initiative as Card=number, e.g. Punch=1 (got {part!r})",
                    part=part.strip(),
                )
            )
        card, value = (x.strip() for x in part.split("=", 1))
        if not value.isdigit():
            raise InvalidState(
                msg(
                    "initiative of {card} must be a number 0..9, not {value!r}",
                    card=card,
                    value=value,
                )
            )
        table = table.with_initiative(card, int(value))
    return table


def parse_overrides(text: str, table: CardTable) -> CardTable:
    """``"hunter: Punch vs Claws = wound 1; enemy: Stake vs Fangs = bite"``."""
    for part in text.split(";"):
        if not part.strip():
            continue
        try:
            winner, rest = part.split(":", 1)
            pair, result = rest.split("=", 1)
            h, e = pair.split(" vs ", 1)
        except ValueError:
            raise InvalidState(
                msg(
                    "write an override as 'hunter: Punch vs Claws = wound 1' (got {part!r})",
                    part=part.strip(),
                )
            ) from None
        table = table.with_result(winner.strip(), h.strip(), e.strip(), result.strip())
    return table


def parse_blood_list(text: str) -> tuple[int, ...]:
    """``"3, 2"`` -> ``(3, 2)``: the blood taken in each combat (range checks are the engine's)."""
    values = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            values.append(int(part))
        except ValueError:
            raise InvalidState(
                msg(
                    "write the blood taken in each combat as whole numbers separated by "
                    "commas, for example 3, 2 (got {part!r})",
                    part=part,
                )
            ) from None
    return tuple(values)
