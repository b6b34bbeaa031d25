"""The VTES table pages' text fields, read and written: one line per vampire, move, event,
contested card or title. A line that cannot be read raises :class:`InvalidState` naming the
field, the line and what may be written there, in English and Russian.

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
from rules.vtes.contested import ContestedCard, ContestedTitle
from rules.vtes.influence import Move, Uncontrolled
from rules.vtes.victory import Ousting, Withdrawal

__all__ = [
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


# What the parsers read, and where: English -> Russian, for the error messages.
_RU_WHAT = {
    "the capacity": "объём крови",
    "the blood": "кровь",
    "the count": "количество",
    "the number of rivals": "число соперников",
}
_RU_WHERE = {"Uncontrolled region": "Зона неподчинённых", "Crypt": "Склеп"}


def _int(token: str, what: str, where: str, where_ru: str = "") -> int:
    try:
        return int(token)
    except ValueError:
        raise InvalidState(
            f"{where}: {what} must be a whole number, got {token!r}.",
            ru=f"{where_ru or where}: значение «{_RU_WHAT.get(what, what)}» должно быть целым "
            f"числом, а получено {token!r}.",
        ) from None


def parse_uncontrolled(
    text: str, where: str = "Uncontrolled region", where_ru: str = ""
) -> tuple[Uncontrolled, ...]:
    """``name, capacity, blood[, clan][, scarce]`` per line (``where_ru``: ``where`` in Russian,
    for error messages)."""
    where_ru = where_ru or _RU_WHERE.get(where, where)
    vampires = []
    for number, line in _lines(text):
        parts = [p.strip() for p in line.split(",")]
        at = f"{where}, line {number}"
        at_ru = f"{where_ru}, строка {number}"
        if len(parts) < 3:
            raise InvalidState(
                f"{at}: write 'name, capacity, blood' (then optionally a clan and 'scarce'), "
                f"got {line!r}.",
                ru=f"{at_ru}: пишите «имя, объём, кровь» (затем, по желанию, клан и 'scarce'), "
                f"а получено {line!r}.",
            )
        name, capacity, blood, *rest = parts
        scarce = any(p.lower() == "scarce" for p in rest)
        clans = [p for p in rest if p and p.lower() != "scarce"]
        if len(clans) > 1:
            raise InvalidState(
                f"{at}: only one clan per vampire, got {', '.join(clans)}.",
                ru=f"{at_ru}: у вампира может быть только один клан, а указано: "
                f"{', '.join(clans)}.",
            )
        vampires.append(
            Uncontrolled(
                name,
                capacity=_int(capacity, "the capacity", at, at_ru),
                blood=_int(blood, "the blood", at, at_ru),
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
                f"Plan, line {number}: write 'name +N' (pool onto the vampire), 'name -N' "
                f"(blood back to the pool), 'draw' or 'bring out: name', got {line!r}.",
                ru=f"План, строка {number}: пишите 'имя +N' (пул на вампира), 'имя -N' "
                f"(кровь обратно в пул), 'draw' или 'bring out: имя', а получено {line!r}.",
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


def parse_clan_counts(
    text: str, name: str = "Vampires in play by clan", name_ru: str = "Вампиры в игре по кланам"
) -> dict[str, int]:
    """``Clan: N`` pairs separated by commas (``name``: the field's name, for error messages)."""
    counts: dict[str, int] = {}
    for chunk in (c.strip() for c in text.split(",")):
        if not chunk:
            continue
        clan, sep, n = chunk.rpartition(":")
        if not sep or not clan.strip():
            raise InvalidState(
                f"{name}: write 'Clan: N' pairs separated by commas, got {chunk!r}.",
                ru=f"{name_ru}: пишите пары 'Клан: N' через запятую, а получено {chunk!r}.",
            )
        counts[clan.strip()] = _int(
            n.strip(), "the count", f"Clan {clan.strip()}", f"Клан {clan.strip()}"
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


def _options(
    tokens: list[str], at: str, flags: tuple[str, ...], at_ru: str = ""
) -> tuple[int, set[str]]:
    rivals = 1
    seen: set[str] = set()
    for token in tokens:
        low = token.lower()
        if low in flags:
            seen.add(low)
        elif low.startswith("rivals"):
            rivals = _int(
                low.removeprefix("rivals").strip(" =:"), "the number of rivals", at, at_ru
            )
        else:
            allowed = ", ".join([*flags, "rivals N"])
            raise InvalidState(
                f"{at}: unknown option {token!r}; allowed: {allowed}.",
                ru=f"{at_ru or at}: неизвестный параметр {token!r}; допустимы: {allowed}.",
            )
    return rivals, seen


def parse_cards(text: str) -> tuple[tuple[ContestedCard, ...], tuple[str, ...]]:
    cards, yields = [], []
    for number, line in _lines(text):
        name, *rest = [p.strip() for p in line.split(",")]
        rivals, flags = _options(
            rest,
            f"Contested cards, line {number}",
            ("yield",),
            f"Оспариваемые карты, строка {number}",
        )
        cards.append(ContestedCard(name, rivals=rivals))
        if "yield" in flags:
            yields.append(name)
    return tuple(cards), tuple(yields)


def parse_titles(text: str) -> tuple[tuple[ContestedTitle, ...], tuple[str, ...]]:
    titles, yields = [], []
    for number, line in _lines(text):
        parts = [p.strip() for p in line.split(",")]
        at = f"Contested titles, line {number}"
        at_ru = f"Оспариваемые титулы, строка {number}"
        if len(parts) < 3:
            raise InvalidState(
                f"{at}: write 'title, vampire, blood' (then optionally torpor, rivals N, yield), "
                f"got {line!r}.",
                ru=f"{at_ru}: пишите «титул, вампир, кровь» (затем, по желанию, torpor, "
                f"rivals N, yield), а получено {line!r}.",
            )
        title, vampire, blood, *rest = parts
        rivals, flags = _options(rest, at, ("yield", "torpor"), at_ru)
        titles.append(
            ContestedTitle(
                title,
                vampire,
                blood=_int(blood, "the blood", at, at_ru),
                ready="torpor" not in flags,
                rivals=rivals,
            )
        )
        if "yield" in flags:
            yields.append(title)
    return tuple(titles), tuple(yields)
