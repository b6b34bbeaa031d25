"""Hunters, opponents and the situation of a combat (modifier sources)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rules.dracula.cards import (
    AGENT_BASICS,
    AGENT_WEAPONS,
    DRACULA_DAY,
    DRACULA_NIGHT,
    HUNTER_BASICS,
    HUNTER_ITEMS,
    NON_COMBAT_ITEMS,
)
from rules.dracula.words import card_names, enemy_name
from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_n, msg_p, render_param
from rules.validation import choice, flag, sized, text, whole

__all__ = [
    "GROUP_DODGES",
    "GROUP_READINGS",
    "GROUP_TIES",
    "HUNTERS",
    "NO_SITUATION",
    "Hunter",
    "HunterProfile",
    "Opponent",
    "Situation",
    "hunter",
]


@dataclass(frozen=True, slots=True)
class HunterProfile:
    """A hunter's fixed numbers: maximum health (from a non-seed source) and bite slots (seed)."""

    name: str
    max_health: int
    bite_slots: int
    health_source: str
    mina: bool = False
    godalming: bool = False


MAX_HEALTH = 20
"""The most health any hunter can fight with (the characters' maxima are 8 to 12)."""
MAX_ITEMS = 8
"""The most items a hunter can take into one combat here: one of each combat item, the size
of the page's list (the seed prints no item hand limit)."""

_HEALTH_SOURCE = "not in the seed: other sources (check your character sheet)"
HUNTERS: dict[str, HunterProfile] = {
    "Lord Godalming": HunterProfile("Lord Godalming", 12, 2, _HEALTH_SOURCE, godalming=True),
    "Dr. Seward": HunterProfile("Dr. Seward", 10, 2, _HEALTH_SOURCE),
    "Van Helsing": HunterProfile("Van Helsing", 8, 3, _HEALTH_SOURCE),
    "Mina Harker": HunterProfile("Mina Harker", 8, 1, _HEALTH_SOURCE, mina=True),
}


@dataclass(frozen=True, slots=True)
class Hunter:
    """A hunter going into combat: health, bite tokens and the items held.

    ``items`` may repeat a name (two Stakes) and may include non-combat items, which stay in hand
    but can never be chosen as combat cards.
    """

    name: str
    health: int
    bites: int = 0
    items: tuple[str, ...] = ()
    bite_slots: int = 0
    mina: bool = False
    godalming: bool = False

    def __post_init__(self) -> None:
        text(msg_p("hunter's name", "name"), self.name)
        who = self.name
        whole(msg("{who}'s bite_slots", who=who), self.bite_slots, 1, 3)
        whole(msg("{who}'s health", who=who), self.health, 1, MAX_HEALTH)
        whole(msg("{who}'s bites", who=who), self.bites, 0, 2)
        flag("mina", self.mina)
        flag("godalming", self.godalming)
        sized(msg("{who}'s items", who=who), self.items, 0, MAX_ITEMS)
        if not 0 <= self.bites < self.bite_slots:
            raise InvalidState(
                msg_n(
                    "{name} has {n} bite slot(s): bites must be 0..{top}, not {bites} (a bite in "
                    "the last slot defeats the hunter)",
                    "{name} has {n} bite slot(s): bites must be 0..{top}, not {bites} (a bite in "
                    "the last slot defeats the hunter)",
                    self.bite_slots,
                    name=self.name,
                    top=self.bite_slots - 1,
                    bites=self.bites,
                )
            )
        allowed = HUNTER_ITEMS + NON_COMBAT_ITEMS
        for item in self.items:
            if item not in allowed:
                raise InvalidState(
                    msg(
                        "unknown item {item}; allowed: {allowed}",
                        item=repr(item),
                        allowed=card_names(allowed),
                    )
                )

    @property
    def combat_items(self) -> tuple[str, ...]:
        """Held items that can be chosen in combat (they show an initiative number)."""
        return tuple(sorted(i for i in self.items if i in HUNTER_ITEMS))

    def deck(self) -> Counter[str]:
        """Cards the hunter may choose from, with copies: three basics plus combat items."""
        deck: Counter[str] = Counter(HUNTER_BASICS)
        deck.update(self.combat_items)
        return deck

    @property
    def counts_as_bitten(self) -> bool:
        """Bitten for Dracula's +1: a bite token on anyone but Mina Harker."""
        return self.bites > 0 and not self.mina


def hunter(
    name: str, *, health: int | None = None, bites: int = 0, items: tuple[str, ...] = ()
) -> Hunter:
    """A hunter from the four characters (health defaults to the maximum)."""
    choice(msg_p("hunter", "name"), name, HUNTERS)
    p = HUNTERS[name]
    if health is not None:
        whole(msg("{who}'s health", who=name), health, 1, p.max_health)
    return Hunter(
        name=name,
        health=p.max_health if health is None else health,
        bites=bites,
        items=tuple(items) if isinstance(items, list | tuple) else items,
        bite_slots=p.bite_slots,
        mina=p.mina,
        godalming=p.godalming,
    )


@dataclass(frozen=True, slots=True)
class Opponent:
    """Dracula (by day or night) or one of his agents with the weapons its ambush allows."""

    kind: str = "dracula"
    night: bool = True
    weapons: tuple[str, ...] = ()
    minion: bool = False
    name: str = ""

    def __post_init__(self) -> None:
        flag(msg_p("dracula", "night"), self.night)
        flag(msg_p("dracula", "minion"), self.minion)
        if not isinstance(self.name, str):
            text(msg_p("opponent's name", "name"), self.name)
        sized(msg_p("dracula", "weapons"), self.weapons, 0, len(AGENT_WEAPONS))
        if self.kind not in ("dracula", "agent"):
            raise InvalidState(
                msg(
                    "opponent kind must be 'dracula' or 'agent', not {kind}",
                    kind=repr(self.kind),
                )
            )
        for w in self.weapons:
            if w not in AGENT_WEAPONS:
                raise InvalidState(
                    msg(
                        "unknown agent weapon {weapon}; allowed: {allowed}",
                        weapon=repr(w),
                        allowed=card_names(AGENT_WEAPONS),
                    )
                )
        if self.kind == "dracula" and self.weapons:
            raise InvalidState(msg("Dracula fights with his own cards, not agent weapons"))

    @staticmethod
    def dracula(*, night: bool = True) -> Opponent:
        """Dracula by night (the default) or by day."""
        return Opponent("dracula", night=night, name="Dracula")

    @staticmethod
    def agent(
        weapons: tuple[str, ...] = (), *, minion: bool = False, name: str = "Agent"
    ) -> Opponent:
        """An agent (the default name is "Agent") with the weapons its ambush allows."""
        sized(msg_p("dracula", "weapons"), weapons, 0, len(AGENT_WEAPONS))
        return Opponent("agent", weapons=tuple(weapons), minion=minion, name=name)

    @property
    def is_dracula(self) -> bool:
        return self.kind == "dracula"

    def deck(self) -> tuple[str, ...]:
        if self.is_dracula:
            return DRACULA_NIGHT if self.night else DRACULA_DAY
        return AGENT_BASICS + tuple(w for w in AGENT_WEAPONS if w in self.weapons)

    def title(self) -> Message | str:
        """Who the opponent is, in the reader's language: ``Dracula by night``, ``Agent``..."""
        if self.is_dracula:
            return msg("Dracula by night") if self.night else msg("Dracula by day")
        name = enemy_name(self.name or "Agent")
        return msg("{name} (a Minion)", name=name) if self.minion else name

    def against(self) -> Message | str:
        """:meth:`title` as a text says whom a hunter fights (some languages decline it)."""
        if self.is_dracula:
            return (
                msg_p("against", "Dracula by night")
                if self.night
                else msg_p("against", "Dracula by day")
            )
        name = msg_p("against", "Agent") if self.name in ("", "Agent") else self.name
        return msg_p("against", "{name} (a Minion)", name=name) if self.minion else name

    def describe(self) -> str:
        """:meth:`title` in English."""
        return render_param(self.title(), "en")


GROUP_TIES: tuple[str, ...] = ("target", "highest")
"""Readings of a tie in a group combat: the initiative of the target's card decides
(``target``), or the highest initiative among the hunters' revealed cards (``highest``)."""
GROUP_DODGES: tuple[str, ...] = ("applied", "any")
"""Readings of a Dodge won in a group combat: the hunters' +1 next round needs the card they
apply to be the Dodge (``applied``), or any hunter's revealed Dodge gives it (``any``)."""


GROUP_READINGS: dict[str, Message] = {
    "target": msg(
        "In a group, equal totals are decided by the initiative of the target's card, the "
        "hunter who rolled (a reading the rules leave open; group_tie = target)."
    ),
    "highest": msg(
        "In a group, equal totals are decided by the highest initiative among the hunters' "
        "revealed cards (a reading the rules leave open; group_tie = highest)."
    ),
    "applied": msg(
        "In a group, a won Dodge gives the hunters +1 next round only when the Dodge is the "
        "card they apply (a reading the rules leave open; group_dodge = applied)."
    ),
    "any": msg(
        "In a group, a won roll gives the hunters +1 next round when any of them revealed a "
        "Dodge, whichever card they apply (a reading the rules leave open; group_dodge = any)."
    ),
}
"""How a trace states each reading of ``GROUP_TIES`` and ``GROUP_DODGES``."""


@dataclass(frozen=True, slots=True)
class Situation:
    """Cards played before round 1 and where the combat happens (sources of modifiers), and
    the readings of rules the seed leaves open.

    ``dodge_in_round_one``: whether either side may choose Dodge in round 1 (an open point of
    the rules; allowed by default). ``sister_agatha``: the hunters' ally Sister Agatha is in
    play, so Dracula pays 2 blood for each Fangs or Escape card he plays (not in the seed).
    ``group_tie`` and ``group_dodge``: how a group combat reads a tie and a Dodge won (see
    ``GROUP_TIES`` and ``GROUP_DODGES``; a single hunter's combat is the same either way).
    """

    trap: bool = False
    advance_planning: bool = False
    castle_dracula: bool = False
    eastern_europe: bool = False
    garlic: bool = False
    dodge_in_round_one: bool = True
    sister_agatha: bool = False
    notes: tuple[str, ...] = field(default=())
    group_tie: str = "target"
    group_dodge: str = "applied"

    def __post_init__(self) -> None:
        for name in (
            "trap",
            "advance_planning",
            "castle_dracula",
            "eastern_europe",
            "garlic",
            "dodge_in_round_one",
            "sister_agatha",
        ):
            flag(msg("situation ({name})", name=name), getattr(self, name))
        for note in sized(msg_p("dracula", "notes"), self.notes, 0, None):
            text(msg_p("dracula", "a note"), note)
        choice(msg("situation ({name})", name="group_tie"), self.group_tie, GROUP_TIES)
        choice(msg("situation ({name})", name="group_dodge"), self.group_dodge, GROUP_DODGES)


NO_SITUATION = Situation()
