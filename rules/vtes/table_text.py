"""The VTES table pages' text fields, read and written: one line per vampire, move, event,
contested card or title. A line that cannot be read raises :class:`InvalidState` naming the
field, the line and what may be written there, as a catalog message.

- uncontrolled region or crypt: ``name, capacity, blood[, clan][, scarce]``;
- influence plan: ``name +N``, ``name -N``, ``draw``, ``bring out: name``;
- clan counts: ``Clan: N, Clan: N``;
- oustings and withdrawals: ``A``, ``B + C`` (ousted together), ``withdraw: D``,
  ``withdraw failed: E``;
- contested cards: ``name[, rivals N][, yield]``; titles:
  ``title, vampire, blood[, torpor][, rivals N][, yield]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_p
from rules.i18n.message import Said
from rules.validation import choice, shown
from rules.vtes.contested import ContestedCard, ContestedTitle
from rules.vtes.influence import Move, Uncontrolled
from rules.vtes.victory import Ousting, Withdrawal

__all__ = [
    "REGIONS",
    "format_events",
    "format_moves",
    "format_uncontrolled",
    "parse_cards",
    "parse_clan_counts",
    "parse_events",
    "parse_moves",
    "parse_titles",
    "parse_uncontrolled",
]


def _lines(text: str) -> list[tuple[int, str]]:
    return [(i, line.strip()) for i, line in enumerate(text.splitlines(), 1) if line.strip()]


def _int(token: str, what: Message, where: Message) -> int:
    """``token`` as a whole number; ``what`` and ``where`` name it in the error."""
    try:
        return int(token)
    except ValueError:
        raise InvalidState(
            msg(
                "{where}: {what} must be a whole number, got {value}.",
                where=where,
                what=what,
                value=repr(token),
            )
        ) from None


REGIONS = ("Uncontrolled region", "Crypt")
"""The fields :func:`parse_uncontrolled` reads."""


def parse_uncontrolled(text: str, where: str = "Uncontrolled region") -> tuple[Uncontrolled, ...]:
    """``name, capacity, blood[, clan][, scarce]`` per line; ``where`` (one of
    :data:`REGIONS`) names the field in error messages."""
    field = (
        msg("Crypt")
        if choice(msg_p("parameter", "where"), where, REGIONS) == "Crypt"
        else msg("Uncontrolled region")
    )
    vampires = []
    for number, line in _lines(text):
        parts = [p.strip() for p in line.split(",")]
        at = msg("{where}, line {number}", where=field, number=number)
        if len(parts) < 3:
            raise InvalidState(
                msg(
                    "{where}: write 'name, capacity, blood' (then optionally a clan and "
                    "'scarce'), got {value}.",
                    where=at,
                    value=repr(line),
                )
            )
        name, capacity, blood, *rest = parts
        scarce = any(p.lower() == "scarce" for p in rest)
        clans = [p for p in rest if p and p.lower() != "scarce"]
        if len(clans) > 1:
            raise InvalidState(
                msg("{where}: only one clan per vampire, got {clans}.", where=at, clans=clans)
            )
        vampires.append(
            Uncontrolled(
                name,
                capacity=_int(capacity, msg_p("table field", "the capacity"), at),
                blood=_int(blood, msg_p("table field", "the blood"), at),
                clan=clans[0] if clans else "",
                scarce=scarce,
            )
        )
    return tuple(vampires)


def format_uncontrolled(vampires: Iterable[Uncontrolled]) -> str:
    lines = []
    for v in vampires:
        extra = (f", {v.clan}" if v.clan else "") + (", scarce" if v.scarce else "")
        lines.append(f"{v.name}, {v.capacity}, {v.blood}{extra}")
    return "\n".join(lines)


_MOVE = re.compile(r"^(?P<name>.+?)\s*(?P<sign>[+-])\s*(?P<count>\d+)$")
_BRING_OUT = re.compile(r"^bring\s+out\s*:?\s*(?P<name>.+)$", re.IGNORECASE)


def parse_moves(text: str) -> tuple[Move, ...]:
    """``name +N`` (pool onto a vampire), ``name -N`` (blood back to pool), ``draw``,
    ``bring out: name`` (a vampire at capacity to the ready region, current rulebook)."""
    moves = []
    for number, line in _lines(text):
        if line.lower() in ("draw", "crypt"):
            moves.append(Move.draw())
            continue
        out = _BRING_OUT.match(line)
        if out:
            moves.append(Move.bring_out(out["name"].strip()))
            continue
        match = _MOVE.match(line)
        if not match:
            raise InvalidState(
                msg(
                    "Plan, line {number}: write 'name +N' (pool onto the vampire), 'name -N' "
                    "(blood back to the pool), 'draw' or 'bring out: name', got {value}.",
                    number=number,
                    value=repr(line),
                )
            )
        count = int(match["count"])
        if match["sign"] == "+":
            moves.append(Move.to_vampire(match["name"], count))
        else:
            moves.append(Move.to_pool(match["name"], count))
    return tuple(moves)


def format_moves(moves: Iterable[Move]) -> str:
    lines = []
    for m in moves:
        if m.kind == "draw":
            lines.append("draw")
        elif m.kind == "bring_out":
            lines.append(f"bring out: {m.vampire}")
        else:
            lines.append(f"{m.vampire} {'+' if m.kind == 'to_vampire' else '-'}{m.count}")
    return "\n".join(lines)


def parse_clan_counts(text: str, name: Said | None = None) -> dict[str, int]:
    """``Clan: N`` pairs separated by commas (``name``: the field's name, for error messages;
    "Vampires in play by clan" when omitted)."""
    field = msg("Vampires in play by clan") if name is None else name
    counts: dict[str, int] = {}
    for chunk in (c.strip() for c in text.split(",")):
        if not chunk:
            continue
        clan, sep, n = chunk.rpartition(":")
        if not sep or not clan.strip():
            raise InvalidState(
                msg(
                    "{name}: write 'Clan: N' pairs separated by commas, got {value}.",
                    name=field,
                    value=repr(chunk),
                )
            )
        counts[clan.strip()] = _int(
            n.strip(), msg_p("table field", "the count"), msg("Clan {clan}", clan=clan.strip())
        )
    return counts


_WITHDRAW = re.compile(r"^withdraw(?P<failed>\s+failed)?\s*:\s*(?P<name>.+)$", re.IGNORECASE)


def parse_events(text: str) -> tuple[Ousting | Withdrawal, ...]:
    events: list[Ousting | Withdrawal] = []
    for _number, line in _lines(text):
        match = _WITHDRAW.match(line)
        if match:
            name = match["name"].strip()
            if match["failed"]:
                events.append(Withdrawal(name, lost_pool=True))
            else:
                events.append(Withdrawal(name))
            continue
        names = tuple(n.strip() for n in line.split("+") if n.strip())
        events.append(Ousting(names))
    return tuple(events)


def format_events(events: Iterable[Ousting | Withdrawal]) -> str:
    lines = []
    for e in events:
        if isinstance(e, Withdrawal):
            lines.append(f"withdraw: {e.player}")
        else:
            lines.append(" + ".join(e.players))
    return "\n".join(lines)


def _options(tokens: list[str], at: Message, flags: tuple[str, ...]) -> tuple[int, set[str]]:
    rivals = 1
    seen: set[str] = set()
    for token in tokens:
        low = token.lower()
        if low in flags:
            seen.add(low)
        elif low.startswith("rivals"):
            rivals = _int(
                low.removeprefix("rivals").strip(" =:"),
                msg_p("table field", "the number of rivals"),
                at,
            )
        else:
            raise InvalidState(
                msg(
                    "{where}: unknown option {value}; allowed: {allowed}.",
                    where=at,
                    value=shown(token),
                    allowed=[*flags, "rivals N"],
                )
            )
    return rivals, seen


def parse_cards(text: str) -> tuple[tuple[ContestedCard, ...], tuple[str, ...]]:
    cards, yields = [], []
    for number, line in _lines(text):
        name, *rest = [p.strip() for p in line.split(",")]
        rivals, flags = _options(
            rest, msg("Contested cards, line {number}", number=number), ("yield",)
        )
        cards.append(ContestedCard(name, rivals=rivals))
        if "yield" in flags:
            yields.append(name)
    return tuple(cards), tuple(yields)


def parse_titles(text: str) -> tuple[tuple[ContestedTitle, ...], tuple[str, ...]]:
    titles, yields = [], []
    for number, line in _lines(text):
        parts = [p.strip() for p in line.split(",")]
        at = msg("Contested titles, line {number}", number=number)
        if len(parts) < 3:
            raise InvalidState(
                msg(
                    "{where}: write 'title, vampire, blood' (then optionally torpor, rivals N, "
                    "yield), got {value}.",
                    where=at,
                    value=repr(line),
                )
            )
        title, vampire, blood, *rest = parts
        rivals, flags = _options(rest, at, ("yield", "torpor"))
        titles.append(
            ContestedTitle(
                title,
                vampire,
                blood=_int(blood, msg_p("table field", "the blood"), at),
                ready="torpor" not in flags,
                rivals=rivals,
            )
        )
        if "yield" in flags:
            yields.append(title)
    return tuple(titles), tuple(yields)
