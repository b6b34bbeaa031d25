"""The combat cards a scenario says were played: card, level, side, round and the choices made.

A scenario may list under ``cards`` the cards of the combat card library played in it, in
the order they were played. Each play is a :class:`CardPlayed`: the card's id in the official
lists, the level as the library names it (``POT``, ``pot``, ``-``, or a level with its choice
such as ``pot (press)``), the side that plays it, the round (1-based) and the choices the
card asks for (a weapon by name, the opposing equipment's name, a retainer's name and life,
a range). :func:`replay` plays them through :func:`rules.vtes.card_library.play_card` on the
rest of the scenario, so the scenario stays what a judge did ("superior Immortal Grapple in
round 1") and never the effects spelled out; :func:`with_card_plays` replays them before
:func:`rules.vtes.combat.resolve` reads the rounds.

>>> grapple = CardPlayed.of("Immortal Grapple", "POT", "acting", 1)
>>> grapple.to_json()
{'card': 100959, 'level': 'POT', 'side': 'acting', 'round': 1}
>>> read_card_plays([grapple.to_json()]) == (grapple,)
True
>>> magnum = CardPlayed.of("Concealed Weapon", "-", "opposing", 1, weapon=".44 Magnum")
>>> magnum.arguments()["weapon"]["name"], magnum.to_json()["choices"]
('.44 Magnum', {'weapon': '.44 Magnum'})
>>> base = {"acting": {"name": "A"}, "opposing": {"name": "B"}, "rounds": [{}]}
>>> played = replay(base, (grapple,))
>>> [p["card"] for p in played["rounds"][0]["presses"]], played["rounds"][1]["range"]
(['Immortal Grapple'], 'close')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.errors import InvalidState, RuleError
from rules.i18n import Message, msg, msg_p
from rules.validation import shown
from rules.vtes.card_entry import CardOption, LibraryEntry
from rules.vtes.combat_text import side as side_word
from rules.vtes.scenario_values import SIDES, Side

__all__ = [
    "CARDS_KEY",
    "CHOICE_KEYS",
    "MAX_ROUND",
    "CardPlayed",
    "card_list",
    "needed_choices",
    "read_card_play",
    "read_card_plays",
    "replay",
    "split_card_plays",
    "with_card_plays",
]

#: the scenario's key for the cards played from the library
CARDS_KEY = "cards"
#: what a card may ask the player to choose (see :func:`needed_choices`)
CHOICE_KEYS = ("weapon", "equipment", "retainer", "life", "range")
#: the last round a card may be played in (the card picker's limit)
MAX_ROUND = 50
_CHOICE_WORDS = {
    "weapon": msg_p("card choice", "a weapon"),
    "equipment": msg_p("card choice", "the opposing equipment"),
    "retainer": msg_p("card choice", "a retainer"),
    "life": msg_p("card choice", "the retainer's life"),
    "range": msg_p("card choice", "a range"),
}
_PLAY_KEYS = ("card", "level", "side", "round", "choices")
_RANGES = ("close", "long")


def _library() -> Any:
    from rules.vtes import card_library

    return card_library


def needed_choices(option: CardOption) -> frozenset[str]:
    """What ``option`` asks the player to choose: ``weapon``, ``equipment``, ``retainer``
    (with ``life`` when the retainer is employed), ``range``."""
    text = repr([p.fragment for p in option.plays])
    out = {k for k in ("weapon", "equipment", "retainer", "range") if "{" + k + "}" in text}
    if "retainer" in out and "burn_retainer" not in text:
        out.add("life")
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """One card played from the library, as the player chose it.

    ``choices`` are the player's own choices, as short as they are said ("weapon: .44
    Magnum"), in :data:`CHOICE_KEYS` order; :meth:`arguments` turns them into what
    :func:`~rules.vtes.card_library.play_card` writes."""

    card: int
    level: str
    side: Side
    round: int
    choices: tuple[tuple[str, str | int], ...] = ()

    @classmethod
    def of(
        cls, card: int | str, level: str, side: str, round_number: int, **choices: str | int
    ) -> CardPlayed:
        """The play of ``card`` (name or id) at ``level``, checked: a card of the library, a
        level it has, a side, a round from 1 to :data:`MAX_ROUND`, the choices it needs."""
        try:
            item: LibraryEntry = _library().entry(str(card))
        except InvalidState:
            raise InvalidState(
                msg("The combat card library has no card {card}.", card=str(card))
            ) from None
        option = item.option(level)
        if side not in SIDES:
            raise InvalidState(
                msg(
                    "{card} is played by the acting or the opposing side, got {value}.",
                    card=item.name,
                    value=shown(side),
                )
            )
        if isinstance(round_number, bool) or not isinstance(round_number, int):
            raise InvalidState(
                msg(
                    "{card}: the round must be a whole number, got {value}.",
                    card=item.name,
                    value=shown(round_number),
                )
            )
        if not 1 <= round_number <= MAX_ROUND:
            raise InvalidState(
                msg(
                    "{card} is played in round {number}; rounds go from 1 to {last}.",
                    card=item.name,
                    number=round_number,
                    last=MAX_ROUND,
                )
            )
        needs = needed_choices(option)
        for key in choices:
            if key not in needs:
                raise InvalidState(
                    msg(
                        "{card} at {level} asks for no choice of {what}.",
                        card=item.name,
                        level=option.label,
                        what=_CHOICE_WORDS.get(key, key),
                    )
                )
        chosen: list[tuple[str, str | int]] = []
        for key in CHOICE_KEYS:
            if key not in needs:
                continue
            value = choices.get(key)
            if key == "life":
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    raise InvalidState(
                        msg(
                            "{card}: the retainer's life must be a whole number from 1, "
                            "got {value}.",
                            card=item.name,
                            value=shown(value),
                        )
                    )
            elif not isinstance(value, str) or not value.strip():
                raise InvalidState(
                    msg("{card} needs a choice of {what}.", card=item.name, what=_CHOICE_WORDS[key])
                )
            elif key == "range" and value not in _RANGES:
                raise InvalidState(
                    msg(
                        "{card}: the range is close or long, got {value}.",
                        card=item.name,
                        value=shown(value),
                    )
                )
            elif key == "weapon":
                value = _weapon(value).name
            chosen.append((key, value.strip() if isinstance(value, str) else value))
        return cls(
            item.id,
            option.label,
            "acting" if side == "acting" else "opposing",
            round_number,
            tuple(chosen),
        )

    @classmethod
    def from_arguments(
        cls,
        card: int | str,
        level: str,
        side: str,
        round_number: int,
        arguments: Mapping[str, Any],
    ) -> CardPlayed:
        """The play whose :meth:`arguments` are ``arguments`` (a weapon's strike, an employed
        retainer's name and life), said as the player's choices again."""
        short: dict[str, str | int] = {}
        for key, value in arguments.items():
            if isinstance(value, Mapping):
                short[key] = value.get("name", "")
                if key == "retainer" and "life" in value:
                    short["life"] = value["life"]
            else:
                short[key] = value
        return cls.of(card, level, side, round_number, **short)

    @property
    def entry(self) -> LibraryEntry:
        found: LibraryEntry = _library().entry(str(self.card))
        return found

    @property
    def name(self) -> str:
        return self.entry.name

    def arguments(self) -> dict[str, Any]:
        """The choices as :func:`~rules.vtes.card_library.play_card` takes them."""
        chosen = dict(self.choices)
        out: dict[str, Any] = {}
        if "weapon" in chosen:
            weapon = _weapon(str(chosen["weapon"]))
            strike: Mapping[str, Any] = next(
                (p.fragment for o in weapon.options for p in o.plays if p.slot == "equipment"),
                {},
            )
            out["weapon"] = {"name": weapon.name, **strike}
        if "equipment" in chosen:
            out["equipment"] = chosen["equipment"]
        if "retainer" in chosen:
            name = chosen["retainer"]
            out["retainer"] = {"name": name, "life": chosen["life"]} if "life" in chosen else name
        if "range" in chosen:
            out["range"] = chosen["range"]
        return out

    def to_json(self) -> dict[str, Any]:
        """The play as the scenario's JSON writes it (choices only when the card has some)."""
        out: dict[str, Any] = {
            "card": self.card,
            "level": self.level,
            "side": self.side,
            "round": self.round,
        }
        if self.choices:
            out["choices"] = dict(self.choices)
        return out

    def describe(self) -> Message:
        """The play in words: "Immortal Grapple (POT), acting, round 1"."""
        return msg(
            "{card} ({level}), {side}, round {number}",
            card=self.name,
            level=self.level,
            side=side_word(self.side),
            number=self.round,
        )


def _weapon(name: str) -> LibraryEntry:
    weapon: LibraryEntry = _library().entry(name)
    if weapon.kind != "equipment":
        raise InvalidState(
            msg("{card} is not a weapon; choose a weapon of the card library.", card=weapon.name)
        )
    return weapon


def read_card_plays(data: object) -> tuple[CardPlayed, ...]:
    """The plays of a scenario's ``cards`` list, checked; a bad one is named by its place and
    its card."""
    return tuple(read_card_play(item, number) for number, item in enumerate(card_list(data), 1))


def card_list(data: object) -> list[Any]:
    """A scenario's ``cards``, checked to be a list."""
    if not isinstance(data, list | tuple):
        raise InvalidState(
            msg(
                "The scenario's cards must be a list of card plays, got {value}.", value=shown(data)
            )
        )
    return list(data)


def read_card_play(item: object, number: int) -> CardPlayed:
    """Card play ``number`` of a scenario's ``cards``, checked."""
    if not isinstance(item, Mapping) or not {"card", "level", "side", "round"} <= set(item):
        raise InvalidState(
            msg(
                "Card play {number} must give the card, its level, the side and the round.",
                number=number,
            )
        )
    unknown = sorted(str(k) for k in set(item) - set(_PLAY_KEYS))
    if unknown:
        raise InvalidState(
            msg(
                "Card play {number} has unknown keys {keys}; allowed: {allowed}.",
                number=number,
                keys=unknown,
                allowed=list(_PLAY_KEYS),
            )
        )
    choices = item.get("choices", {})
    if not isinstance(choices, Mapping):
        raise InvalidState(msg("Card play {number}: its choices must be a mapping.", number=number))
    card = item["card"]
    if not isinstance(card, int | str) or isinstance(card, bool):
        raise InvalidState(
            msg(
                "Card play {number}: no card {value} in the card library.",
                number=number,
                value=shown(card),
            )
        )
    try:
        return CardPlayed.of(
            card,
            str(item["level"]),
            str(item["side"]),
            item["round"],
            **{str(k): v for k, v in choices.items()},
        )
    except RuleError as error:
        raise InvalidState(
            msg("Card play {number}: {problem}", number=number, problem=error.message)
        ) from None


def split_card_plays(scenario: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[CardPlayed, ...]]:
    """The scenario without its card plays, and the plays (none when it lists none)."""
    base = {k: v for k, v in scenario.items() if k != CARDS_KEY}
    plays = read_card_plays(scenario[CARDS_KEY]) if CARDS_KEY in scenario else ()
    return base, plays


def replay(scenario: Mapping[str, Any], plays: Sequence[CardPlayed]) -> dict[str, Any]:
    """A copy of ``scenario`` with ``plays`` played in turn (rounds added up to a play's
    round); a play that cannot be written says which it is and why."""
    play_card = _library().play_card
    out: dict[str, Any] = {k: v for k, v in scenario.items() if k != CARDS_KEY}
    out["rounds"] = list(out.get("rounds", [{}]))
    for play in plays:
        while len(out["rounds"]) < play.round:
            out["rounds"].append({})
        try:
            out = play_card(out, play.round, play.side, play.name, play.level, **play.arguments())
        except RuleError as error:
            raise type(error)(
                msg("{play}: {problem}", play=play.describe(), problem=error.message)
            ) from None
    return out


def with_card_plays(scenario: Mapping[str, Any]) -> Mapping[str, Any]:
    """``scenario`` with the plays it lists under ``cards`` played on the rest (the same
    scenario when it lists none)."""
    if not isinstance(scenario, Mapping) or CARDS_KEY not in scenario:
        return scenario
    base, plays = split_card_plays(scenario)
    return replay(base, plays)
