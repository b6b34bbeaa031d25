"""Combat cards of Fury of Dracula (2nd edition): decks, result table and initiative numbers.

The result table and the initiative numbers are package data (``data/*.csv``). Every cell and
every initiative number carries its source and whether the seed rules confirm it. Initiative
numbers that no source gives are explicit unknowns (``None``): whoever needs them sets them with
:meth:`CardTable.with_initiative`. Any cell can be replaced with :meth:`CardTable.with_result`;
overrides are remembered and listed in traces.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from types import MappingProxyType

from rules.dracula.words import card_name, card_names, result_key
from rules.errors import IllegalPlay, InvalidState
from rules.i18n import msg, msg_p
from rules.validation import flag, present, shown, sized, text

__all__ = [
    "AGENT_BASICS",
    "AGENT_WEAPONS",
    "DRACULA_DAY",
    "DRACULA_ESCAPES",
    "DRACULA_NIGHT",
    "ENEMY_CARDS",
    "ENEMY_WIN_KINDS",
    "HUNTER_BASICS",
    "HUNTER_CARDS",
    "HUNTER_ITEMS",
    "HUNTER_WIN_KINDS",
    "NON_COMBAT_ITEMS",
    "CardTable",
    "CombatResult",
    "Initiative",
    "combat_result",
    "default_table",
    "parse_result",
]

HUNTER_BASICS: tuple[str, ...] = ("Punch", "Dodge", "Escape")
HUNTER_ITEMS: tuple[str, ...] = (
    "Stake",
    "Knife",
    "Pistol",
    "Rifle",
    "Crucifix",
    "Heavenly Host",
    "Holy Water",
    "Sacred Bullets",
)
HUNTER_CARDS: tuple[str, ...] = HUNTER_BASICS + HUNTER_ITEMS
NON_COMBAT_ITEMS: tuple[str, ...] = ("Dogs", "Fast Horse", "Garlic", "Local Rumors")
DRACULA_NIGHT: tuple[str, ...] = (
    "Claws",
    "Dodge (Dracula)",
    "Escape (Man)",
    "Escape (Bat)",
    "Escape (Mist)",
    "Fangs",
    "Mesmerize",
    "Strength",
)
DRACULA_DAY: tuple[str, ...] = ("Claws", "Dodge (Dracula)", "Escape (Man)")
DRACULA_ESCAPES: tuple[str, ...] = ("Escape (Man)", "Escape (Bat)", "Escape (Mist)")
AGENT_BASICS: tuple[str, ...] = ("Punch (Agent)", "Dodge (Agent)")
AGENT_WEAPONS: tuple[str, ...] = ("Knife (Agent)", "Pistol (Agent)", "Rifle (Agent)")
ENEMY_CARDS: tuple[str, ...] = DRACULA_NIGHT + AGENT_BASICS + AGENT_WEAPONS

KINDS: tuple[str, ...] = ("wound", "continue", "repel", "bite", "killed", "end")
HUNTER_WIN_KINDS: frozenset[str] = frozenset({"wound", "continue", "repel", "killed", "end"})
ENEMY_WIN_KINDS: frozenset[str] = frozenset({"wound", "continue", "bite", "end"})
WINNERS: tuple[str, ...] = ("hunter", "enemy")
USER_SOURCE = "user override"


@dataclass(frozen=True, slots=True)
class CombatResult:
    """One cell of the result table: what happens when ``winner`` wins with these two cards.

    ``kind`` is one of ``wound``, ``continue``, ``repel``, ``bite``, ``killed``, ``end``;
    ``amount`` is the number of wounds (0 for other kinds). ``allowed`` is False for a pairing the
    table refuses (then ``kind`` is meaningless and :func:`combat_result` raises).
    """

    winner: str
    hunter_card: str
    enemy_card: str
    kind: str
    amount: int = 0
    item_destroyed: bool = False
    extras: tuple[str, ...] = ()
    confirmed: bool = False
    source: str = ""
    allowed: bool = True
    overridden: bool = False

    @property
    def label(self) -> str:
        """Short text such as ``wound 2`` or ``killed``."""
        if not self.allowed:
            return "not-allowed"
        return f"wound {self.amount}" if self.kind == "wound" else self.kind


@dataclass(frozen=True, slots=True)
class Initiative:
    """The initiative number printed on a card, or ``None`` while unknown."""

    card: str
    value: int | None
    source: str
    confirmed: bool


def parse_result(text: str) -> tuple[str, int]:
    """``"wound 3"`` -> ``("wound", 3)``; ``"repel"`` -> ``("repel", 0)``."""
    if not isinstance(text, str):
        text = shown(text)  # the message below names what was given
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] == "wound" and words[1].isdigit():
        amount = int(words[1])
        if 1 <= amount <= 4:
            return "wound", amount
    if len(words) == 1 and words[0] in KINDS and words[0] != "wound":
        return words[0], 0
    raise InvalidState(
        msg(
            "unknown result {text}; allowed: 'wound 1'..'wound 4', {kinds}",
            text=repr(text),
            kinds=tuple(result_key(k) for k in KINDS if k != "wound"),
        )
    )


def _check_card(card: str, allowed: Iterable[str], what: str) -> None:
    names = tuple(allowed)
    if not isinstance(card, str) or card not in names:
        said = repr(card)
        allowed_names = card_names(names)
        if what == "hunter":
            raise InvalidState(
                msg(
                    "unknown hunter card {card}; allowed: {allowed}",
                    card=said,
                    allowed=allowed_names,
                )
            )
        if what == "enemy":
            raise InvalidState(
                msg(
                    "unknown enemy card {card}; allowed: {allowed}",
                    card=said,
                    allowed=allowed_names,
                )
            )
        raise InvalidState(
            msg("unknown combat card {card}; allowed: {allowed}", card=said, allowed=allowed_names)
        )


def _check_winner(winner: str) -> None:
    if winner not in WINNERS:
        raise InvalidState(
            msg("winner must be 'hunter' or 'enemy', not {winner}", winner=repr(winner))
        )


class CardTable:
    """The result table plus initiative numbers, with the user's overrides.

    Immutable: ``with_result`` and ``with_initiative`` return new tables. Tables compare and hash
    by their content, so results computed from them can be cached.
    """

    __slots__ = ("_cells", "_initiatives", "_key")

    def __init__(
        self,
        cells: Mapping[tuple[str, str, str], CombatResult],
        initiatives: Mapping[str, Initiative],
    ) -> None:
        self._cells = MappingProxyType(dict(cells))
        self._initiatives = MappingProxyType(dict(initiatives))
        self._key = (
            tuple(sorted((k, v) for k, v in self._cells.items() if v.overridden)),
            tuple(sorted((k, v.value) for k, v in self._initiatives.items())),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardTable) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    @property
    def cells(self) -> Mapping[tuple[str, str, str], CombatResult]:
        """Every cell keyed by ``(winner, hunter_card, enemy_card)``."""
        return self._cells

    @property
    def initiatives(self) -> Mapping[str, Initiative]:
        return self._initiatives

    def cell(self, winner: str, hunter_card: str, enemy_card: str) -> CombatResult:
        """The stored cell, including a ``not-allowed`` one."""
        _check_winner(winner)
        _check_card(hunter_card, HUNTER_CARDS, "hunter")
        _check_card(enemy_card, ENEMY_CARDS, "enemy")
        return self._cells[(winner, hunter_card, enemy_card)]

    def allowed(self, hunter_card: str, enemy_card: str) -> bool:
        return self.cell("hunter", hunter_card, enemy_card).allowed

    def result(self, winner: str, hunter_card: str, enemy_card: str) -> CombatResult:
        """The result when ``winner`` wins the roll; raises ``IllegalPlay`` for a refused pair."""
        found = self.cell(winner, hunter_card, enemy_card)
        if not found.allowed:
            raise IllegalPlay(
                msg(
                    "{hunter_card} cannot be played against {enemy_card} (the table marks the "
                    "pairing not-allowed); holy items are only played against Dracula",
                    hunter_card=card_name(hunter_card),
                    enemy_card=card_name(enemy_card),
                )
            )
        return found

    def initiative(self, card: str) -> int:
        """The initiative number of ``card``; raises ``InvalidState`` while it is unknown."""
        value = self.initiative_of(card).value
        if value is None:
            raise InvalidState(
                msg(
                    "the initiative number of {card} is unknown (the seed does not print it); "
                    "set it from your card with CardTable.with_initiative",
                    card=card_name(card),
                )
            )
        return value

    def initiative_of(self, card: str) -> Initiative:
        _check_card(card, HUNTER_CARDS + ENEMY_CARDS, "combat")
        return self._initiatives[card]

    def missing_initiatives(self, cards: Iterable[str]) -> tuple[str, ...]:
        """The cards among ``cards`` whose initiative is still unknown, in order."""
        out: list[str] = []
        for card in cards:
            if self.initiative_of(card).value is None and card not in out:
                out.append(card)
        return tuple(out)

    def with_initiative(self, card: str, value: int | None) -> CardTable:
        """A table where ``card`` has initiative ``value`` (``None`` makes it unknown again)."""
        _check_card(card, HUNTER_CARDS + ENEMY_CARDS, "combat")
        if value is not None and not (
            isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9
        ):
            raise InvalidState(
                msg(
                    "initiative of {card} must be 0..9, not {value}",
                    card=card_name(card),
                    value=shown(value),
                )
            )
        base = default_table().initiatives[card]
        if value == base.value:
            entry = base
        else:
            entry = Initiative(card, value, USER_SOURCE if value is not None else "unknown", False)
        inits = dict(self._initiatives)
        inits[card] = entry
        return CardTable(self._cells, inits)

    def with_initiatives(self, values: Mapping[str, int | None]) -> CardTable:
        """A table with several initiatives set (see :meth:`with_initiative`)."""
        if not isinstance(values, Mapping):
            raise InvalidState(
                msg("values must map card names to initiatives, got {value}", value=shown(values))
            )
        table = self
        for card, value in values.items():
            table = table.with_initiative(card, value)
        return table

    def with_result(
        self,
        winner: str,
        hunter_card: str,
        enemy_card: str,
        result: str,
        *,
        item_destroyed: bool | None = None,
        extras: tuple[str, ...] | None = None,
    ) -> CardTable:
        """A table where this cell reads ``result`` (e.g. ``"wound 2"``), marked as overridden."""
        old = self.cell(winner, hunter_card, enemy_card)
        if item_destroyed is not None:
            flag(msg_p("dracula", "item_destroyed"), item_destroyed)
        if extras is not None:
            for extra in sized(msg_p("dracula", "extras"), extras, 0, None):
                text(msg_p("dracula", "an extra effect"), extra)
        kind, amount = parse_result(result)
        allowed_kinds = HUNTER_WIN_KINDS if winner == "hunter" else ENEMY_WIN_KINDS
        if kind not in allowed_kinds:
            raise InvalidState(
                msg(
                    "a {winner} win cannot give {kind}; allowed: {allowed}",
                    winner=msg_p("win of", "hunter")
                    if winner == "hunter"
                    else msg_p("win of", "enemy"),
                    kind=result_key(kind),
                    allowed=tuple(result_key(k) for k in sorted(allowed_kinds)),
                )
            )
        new = replace(
            old,
            kind=kind,
            amount=amount,
            item_destroyed=old.item_destroyed if item_destroyed is None else item_destroyed,
            extras=old.extras if extras is None else extras,
            confirmed=False,
            source=USER_SOURCE,
            allowed=True,
            overridden=True,
        )
        base = default_table().cells[(winner, hunter_card, enemy_card)]
        same = (base.kind, base.amount, base.item_destroyed, base.extras, base.allowed) == (
            new.kind,
            new.amount,
            new.item_destroyed,
            new.extras,
            new.allowed,
        )
        cells = dict(self._cells)
        cells[(winner, hunter_card, enemy_card)] = base if same else new
        return CardTable(cells, self._initiatives)

    def overrides(self) -> tuple[CombatResult, ...]:
        """The cells the user changed, in a stable order."""
        return tuple(v for _, v in sorted(self._cells.items()) if v.overridden)


def _read(name: str) -> str:
    return resources.files("rules.dracula").joinpath("data", name).read_text(encoding="utf-8")


def _extras(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(";") if part.strip())


@cache
def default_table() -> CardTable:
    """The table shipped with the package (see the ``source`` of each cell)."""
    cells: dict[tuple[str, str, str], CombatResult] = {}
    for row in csv.DictReader(io.StringIO(_read("combat-results.csv"))):
        key = (row["round_winner"], row["hunter_card"], row["enemy_card"])
        confirmed = row["confirmed_by_seed"] == "yes"
        if row["result"] == "not-allowed":
            cells[key] = CombatResult(
                *key, kind="end", confirmed=confirmed, source=row["source"], allowed=False
            )
            continue
        kind, amount = parse_result(row["result"])
        cells[key] = CombatResult(
            *key,
            kind=kind,
            amount=amount,
            item_destroyed=row["hunter_item_destroyed"] == "yes",
            extras=_extras(row["extra"]),
            confirmed=confirmed,
            source=row["source"],
        )
    inits: dict[str, Initiative] = {}
    for row in csv.DictReader(io.StringIO(_read("initiative.csv"))):
        raw = row["initiative"].strip()
        inits[row["card"]] = Initiative(
            row["card"],
            int(raw) if raw else None,
            row["source"],
            row["confirmed_by_seed"] == "yes",
        )
    for winner in WINNERS:
        for h in HUNTER_CARDS:
            for e in ENEMY_CARDS:
                if (winner, h, e) not in cells:  # pragma: no cover - data guard
                    raise InvalidState(
                        msg(
                            "result table lacks {winner}/{hunter_card}/{enemy_card}",
                            winner=winner,
                            hunter_card=h,
                            enemy_card=e,
                        )
                    )
    return CardTable(cells, inits)


def combat_result(
    hunter_card: str, enemy_card: str, winner: str, *, table: CardTable | None = None
) -> CombatResult:
    """The result of a round: the winner reads the loser's card on the winner's own card."""
    if table is not None:
        present(msg_p("dracula", "table"), table, CardTable)
    return (table or default_table()).result(winner, hunter_card, enemy_card)
