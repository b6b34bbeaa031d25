"""Fury of Dracula page's text inputs: companions' items, initiative numbers, result overrides."""

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
