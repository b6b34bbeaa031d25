"""The words of Fury of Dracula that traces and pages show: card names, results, endings.

Each is a catalog message, translated once. A card is named by the name the page shows in its
card lists; the Russian catalog writes the Russian name followed by that name, e.g.
``<Russian name> (Stake)``, so a step can be matched to the card picked on the page. Hunter
and agent names are proper names and stay as they are (only Dracula and the default "Agent"
are translated).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.i18n import Message, msg, msg_np, msg_p

__all__ = [
    "CARD_NAMES",
    "ENDINGS",
    "ENDING_LABELS",
    "EXTRAS",
    "card_name",
    "card_names",
    "enemy_name",
    "extra_name",
    "result_key",
    "result_name",
    "semicolons",
]

CARD_NAMES: dict[str, Message] = {
    "Punch": msg_p("card", "Punch"),
    "Dodge": msg_p("card", "Dodge"),
    "Escape": msg_p("card", "Escape"),
    "Stake": msg_p("card", "Stake"),
    "Knife": msg_p("card", "Knife"),
    "Pistol": msg_p("card", "Pistol"),
    "Rifle": msg_p("card", "Rifle"),
    "Crucifix": msg_p("card", "Crucifix"),
    "Heavenly Host": msg_p("card", "Heavenly Host"),
    "Holy Water": msg_p("card", "Holy Water"),
    "Sacred Bullets": msg_p("card", "Sacred Bullets"),
    "Dogs": msg_p("card", "Dogs"),
    "Fast Horse": msg_p("card", "Fast Horse"),
    "Garlic": msg_p("card", "Garlic"),
    "Local Rumors": msg_p("card", "Local Rumors"),
    "Claws": msg_p("card", "Claws"),
    "Dodge (Dracula)": msg_p("card", "Dodge (Dracula)"),
    "Escape (Man)": msg_p("card", "Escape (Man)"),
    "Escape (Bat)": msg_p("card", "Escape (Bat)"),
    "Escape (Mist)": msg_p("card", "Escape (Mist)"),
    "Fangs": msg_p("card", "Fangs"),
    "Mesmerize": msg_p("card", "Mesmerize"),
    "Strength": msg_p("card", "Strength"),
    "Punch (Agent)": msg_p("card", "Punch (Agent)"),
    "Dodge (Agent)": msg_p("card", "Dodge (Agent)"),
    "Knife (Agent)": msg_p("card", "Knife (Agent)"),
    "Pistol (Agent)": msg_p("card", "Pistol (Agent)"),
    "Rifle (Agent)": msg_p("card", "Rifle (Agent)"),
}
"""Every card by the name the page shows: its name in the reader's language."""

_RESULTS: dict[str, Message] = {
    "continue": msg_p("result", "continue"),
    "repel": msg_p("result", "repel"),
    "bite": msg_p("result", "bite"),
    "killed": msg_p("result", "killed"),
    "end": msg_p("result", "end"),
    "not-allowed": msg_p("result", "not-allowed"),
}

ENDINGS: dict[str, Message] = {
    "defeated": msg_p("ending", "the hunter is defeated"),
    "bitten": msg_p("ending", "the hunter is bitten (combat ends)"),
    "escaped": msg_p("ending", "a fighter leaves the combat (End)"),
    "continues": msg_p("ending", "three Continues in a row end the combat"),
    "destroyed": msg_p("ending", "Dracula is destroyed (blood 0): the hunters win"),
    "killed": msg_p("ending", "the agent is killed"),
}
"""How a combat ended, by the key a combat state keeps in ``ended``."""

ENDING_LABELS: dict[str, Message] = {
    "defeated": msg("hunter defeated"),
    "bitten": msg("hunter bitten"),
    "escaped": msg("someone escaped (End)"),
    "continues": msg("three Continues"),
    "destroyed": msg("Dracula destroyed"),
    "killed": msg("agent killed"),
}
"""The same endings in a few words, for a chart's legend or a table's heading."""

EXTRAS: dict[str, Message] = {
    "hunter discards all items": msg_p("extra", "hunter discards all items"),
    "hunter discards 1 event": msg_p("extra", "hunter discards 1 event"),
    "Dracula escapes as bat": msg_p("extra", "Dracula escapes as bat"),
    "winner +1 next round": msg_p("extra", "winner +1 next round"),
}
"""The notes of the result table (effects beside the result)."""

_RESULT_KEYS: dict[str, Message] = {
    "wound": msg_p("result key", "'wound'"),
    "continue": msg_p("result key", "'continue'"),
    "repel": msg_p("result key", "'repel'"),
    "bite": msg_p("result key", "'bite'"),
    "killed": msg_p("result key", "'killed'"),
    "end": msg_p("result key", "'end'"),
}

_ENEMIES: dict[str, Message] = {
    "Dracula": msg_p("enemy", "Dracula"),
    "Agent": msg_p("enemy", "Agent"),
    "the agent": msg_p("enemy", "the agent"),
    "": msg_p("enemy", "Agent"),
}


def card_name(card: str) -> Message | str:
    """A card's name in the reader's language (an unknown name is shown as it is)."""
    return CARD_NAMES.get(card, card)


def card_names(cards: Iterable[str]) -> tuple[Message | str, ...]:
    """Several cards' names; a message parameter shows them comma-separated."""
    return tuple(card_name(c) for c in cards)


def result_name(kind: str, amount: int = 0) -> Message | str:
    """A result of the table: ``wound 2``, ``continue``, ``killed``... in the reader's language."""
    if kind == "wound":
        return msg_np("result", "wound {n}", "wound {n}", amount)
    return _RESULTS.get(kind, kind)


def result_key(kind: str) -> Message | str:
    """A result as it is typed (``'bite'``); other languages add what it means."""
    return _RESULT_KEYS.get(kind, repr(kind))


def enemy_name(name: str) -> Message | str:
    """The opponent's name: Dracula and the default agent name are translated."""
    return _ENEMIES.get(name, name)


def extra_name(extra: str) -> Message | str:
    """A note of the result table in the reader's language."""
    return EXTRAS.get(extra, extra)


def semicolons(parts: Sequence[Message | str]) -> Message | str:
    """Several messages or values one after another, separated by semicolons (``""`` for
    none)."""
    said: Message | str = ""
    for part in parts:
        said = part if said == "" else msg("{first}; {second}", first=said, second=part)
    return said
