"""Common VTES combat cards as data, summarised in our own words.

Each :class:`CardPreset` says what kind of play the card is in a combat scenario
(``"strike"``, ``"additional_strikes"``, ``"before_range"`` or ``"prevention"``) and gives
the scenario fragment it stands for, per Discipline level where the level matters. The
combat calculator offers these as ready-made choices; the engine itself needs no card
names (any strike can be written out with its effect switches).

>>> strike_of("Undead Strength")
{'name': 'Undead Strength', 'damage': 3}
>>> additional_of("Blur", "superior")
{'name': 'Blur', 'count': 2, 'limited': True}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_p
from rules.validation import choice, text

__all__ = [
    "CARDS",
    "CardPreset",
    "additional_of",
    "before_range_of",
    "card",
    "cards_of_kind",
    "prevention_of",
    "strike_of",
]

Kind = Literal["strike", "additional_strikes", "before_range", "prevention"]
Level = Literal["basic", "superior"]

_KINDS: Mapping[str, Message] = MappingProxyType(
    {
        "strike": msg_p("card kind", "strike"),
        "additional_strikes": msg_p("card kind", "additional_strikes"),
        "before_range": msg_p("card kind", "before_range"),
        "prevention": msg_p("card kind", "prevention"),
    }
)


@dataclass(frozen=True, slots=True)
class CardPreset:
    """A card (or a generic stand-in for a family of cards) and what it does in combat.

    ``levels`` maps a level (``"basic"``, ``"superior"``; a card without Discipline
    levels has only ``"basic"``) to the scenario fragment: a strike dict, an
    additional-strikes dict, a before-range dict, or ``{"prevent": n}``.
    """

    key: str
    name: str
    kind: Kind
    summary: Message
    levels: Mapping[str, Mapping[str, Any]]
    source: str
    generic: bool = False

    def fragment(self, level: str = "basic") -> dict[str, Any]:
        if not isinstance(level, str) or level not in self.levels:
            raise InvalidState(
                msg(
                    "{name} has no {level} level; allowed: {allowed}.",
                    name=self.name,
                    level=repr(level),
                    allowed=tuple(self.levels),
                )
            )
        return dict(self.levels[level])


def _levels(**levels: dict[str, Any]) -> Mapping[str, Mapping[str, Any]]:
    return MappingProxyType({k: MappingProxyType(v) for k, v in levels.items()})


_SEED = "vtes-rulebook-p4-combat-torpor-influence-victory.ru.txt"

_ALL: tuple[CardPreset, ...] = (
    CardPreset(
        key="undead_strength",
        name="Undead Strength",
        kind="strike",
        summary=msg("Potence strike card: 3 damage, at close range only."),
        levels=_levels(basic={"name": "Undead Strength", "damage": 3}),
        source=f"{_SEED} (the Kurt/Ira example: 3 damage at close range)",
    ),
    CardPreset(
        key="blur",
        name="Blur",
        kind="additional_strikes",
        summary=msg(
            "Celerity: 1 additional strike this round at basic level, 2 at superior; "
            "limited (one such effect per minion per round)."
        ),
        levels=_levels(
            basic={"name": "Blur", "count": 1, "limited": True},
            superior={"name": "Blur", "count": 2, "limited": True},
        ),
        source=f"{_SEED} (the Kurt/Ira example: one extra strike, two with superior Celerity)",
    ),
    CardPreset(
        key="torn_signpost",
        name="Torn Signpost",
        kind="before_range",
        summary=msg(
            "Potence card played before range is determined: the vampire's strength "
            "becomes 2 (3 at superior) for the rest of the combat; '+N strength' effects add to it."
        ),
        levels=_levels(
            basic={"name": "Torn Signpost", "set_strength": 2},
            superior={"name": "Torn Signpost", "set_strength": 3},
        ),
        source="card text (101993); rulings PIB 20130303, LSJ 20100813",
    ),
    CardPreset(
        key="prevent_1",
        name="Skin of Rock-style prevention (1)",
        kind="prevention",
        summary=msg(
            "A prevention card in the style of Skin of Rock: the receiver prevents 1 "
            "damage of the opposing strike."
        ),
        levels=_levels(basic={"prevent": 1}),
        source=f"{_SEED} (6.4.6: prevention cards such as Skin of Rock)",
        generic=True,
    ),
    CardPreset(
        key="prevent_2",
        name="Skin of Rock-style prevention (2)",
        kind="prevention",
        summary=msg(
            "A stronger prevention card (or two cards played one after the other): "
            "the receiver prevents 2 damage of the opposing strike."
        ),
        levels=_levels(basic={"prevent": 2}),
        source=f"{_SEED} (6.4.6: prevention cards are played one at a time)",
        generic=True,
    ),
    CardPreset(
        key="dodge",
        name="Dodge",
        kind="strike",
        summary=msg(
            "A dodge strike: no damage; protects the dodger and its equipment from the "
            "opposing strike at any range (not its retainers, not against combat ends)."
        ),
        levels=_levels(basic={"name": "Dodge", "dodge": True}),
        source=f"{_SEED} (6.4.5 Dodge; the Kurt/Ira example)",
        generic=True,
    ),
    CardPreset(
        key="combat_ends",
        name="Combat ends",
        kind="strike",
        summary=msg(
            "A combat-ends strike: resolves before every other strike, at any range, "
            "and a dodge does not stop it."
        ),
        levels=_levels(basic={"name": "Combat ends", "combat_ends": True}),
        source=f"{_SEED} (6.4.5 Combat Ends)",
        generic=True,
    ),
    CardPreset(
        key="steal_blood",
        name="Steal blood",
        kind="strike",
        summary=msg(
            "A strike that steals blood (or life): not damage, cannot be prevented, "
            "happens before mending; blood above capacity drains to the bank at once."
        ),
        levels=_levels(
            basic={"name": "Steal blood", "steal_blood": 1},
            superior={"name": "Steal blood", "steal_blood": 2},
        ),
        source=f"{_SEED} (6.4.5 Steal Blood; the Cohn Rose example)",
        generic=True,
    ),
    CardPreset(
        key="first_strike",
        name="First strike",
        kind="strike",
        summary=msg(
            "A strike with first strike: resolves before the opposing strike; if that "
            "sends the opponent to torpor or burns it, the opponent's strike never happens."
        ),
        levels=_levels(basic={"name": "First strike", "damage": 1, "first_strike": True}),
        source=f"{_SEED} (6.4.5 First Strike)",
        generic=True,
    ),
)

CARDS: Mapping[str, CardPreset] = MappingProxyType({c.key: c for c in _ALL})


def card(name_or_key: str) -> CardPreset:
    """The preset with this key or card name (case-insensitive)."""
    text(msg_p("parameter", "name_or_key"), name_or_key)
    wanted = name_or_key.strip().lower()
    for preset in _ALL:
        if wanted in (preset.key, preset.name.lower()):
            return preset
    raise InvalidState(
        msg(
            "No card preset named {name}; known presets: {names}.",
            name=repr(name_or_key),
            names=tuple(c.name for c in _ALL),
        )
    )


def cards_of_kind(kind: Kind) -> tuple[CardPreset, ...]:
    """Every preset of one kind: strike, additional_strikes, before_range or prevention."""
    choice(msg_p("parameter", "kind"), kind, tuple(_KINDS))
    return tuple(c for c in _ALL if c.kind == kind)


def _of(name: str, kind: Kind, level: str) -> dict[str, Any]:
    preset = card(name)
    if preset.kind != kind:
        raise InvalidState(
            msg(
                "{name} is a {kind} card, not a {wanted} card.",
                name=preset.name,
                kind=_KINDS[preset.kind],
                wanted=_KINDS[kind],
            )
        )
    return preset.fragment(level)


def strike_of(name: str, level: str = "basic") -> dict[str, Any]:
    """The scenario strike dict of a strike card preset."""
    return _of(name, "strike", level)


def additional_of(name: str, level: str = "basic") -> dict[str, Any]:
    """The scenario additional-strikes dict of a preset such as Blur."""
    return _of(name, "additional_strikes", level)


def before_range_of(name: str, level: str = "basic") -> dict[str, Any]:
    """The scenario before-range dict of a preset such as Torn Signpost."""
    return _of(name, "before_range", level)


def prevention_of(name: str, level: str = "basic") -> int:
    """How much damage a prevention preset prevents."""
    return int(_of(name, "prevention", level)["prevent"])
