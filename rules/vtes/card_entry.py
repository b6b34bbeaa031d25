"""The shape of a combat card library entry: the card, its options (one per level or choice the
text offers), the plays each option writes into a combat scenario, and the card's limits.

:mod:`rules.vtes.card_library` holds the entries and writes them into scenarios; this module
only defines what an entry is, so that the entries' data and their wording can use it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_p

__all__ = ["COSTED", "LIMITED", "CardOption", "CardPlay", "LibraryEntry", "Slot", "merge_limits"]

Slot = Literal[
    "strike",
    "additional_strikes",
    "before_range",
    "maneuver",
    "press",
    "prevention",
    "end_of_round",
    "new_round",
    "next_round_range",
    "round_range",
    "cancel",
    "aim",
    "ammo",
    "counter",
    "torpor",
    "equipment",
]

#: Slots whose fragment can carry a blood cost.
COSTED = frozenset(
    {
        "strike",
        "additional_strikes",
        "before_range",
        "maneuver",
        "press",
        "prevention",
        "end_of_round",
        "new_round",
        "cancel",
        "ammo",
        "counter",
        "torpor",
    }
)
#: Slots whose fragment carries the card's limits itself.
LIMITED = COSTED | {"aim"}


@dataclass(frozen=True, slots=True)
class CardPlay:
    """One thing a card does: where it goes in the scenario and the fragment it stands for.

    A fragment value ``"{weapon}"``, ``"{equipment}"``, ``"{retainer}"`` or ``"{range}"`` is
    filled in by :func:`play_card` from the choice the user makes.
    """

    slot: Slot
    fragment: Mapping[str, Any]
    optional: bool = False


@dataclass(frozen=True, slots=True)
class CardOption:
    """A way to play the card: ``key`` is the level as printed (``pot`` basic, ``POT``
    superior, ``-`` for a card without Discipline), plus a choice when the text offers one."""

    key: str
    plays: tuple[CardPlay, ...]
    note: Message | None = None
    """What the resolver leaves to the judge, if anything."""
    choice: str = ""
    limits: Mapping[str, Any] | None = None
    """The limits of this level only (merged with the entry's)."""

    @property
    def level(self) -> Literal["basic", "superior", "-"]:
        code = self.key.split("/")[0]
        if code == "-":
            return "-"
        return "superior" if code.replace(" ", "").isupper() else "basic"

    @property
    def label(self) -> str:
        return f"{self.key} ({self.choice})" if self.choice else self.key

    @property
    def requires(self) -> tuple[str, ...]:
        """The Disciplines this option requires, as codes (``"pot"``)."""
        return tuple(
            code.lower()
            for code in self.key.replace("/", " ").split()
            if code not in ("-", "FLIGHT")
        )


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    """A combat card or a piece of equipment, with its id in the official card lists."""

    id: int
    name: str
    kind: Literal["combat", "equipment"]
    options: tuple[CardOption, ...]
    unmodelled: tuple[tuple[str, Message], ...] = ()
    """(level, reason) for each level the model cannot express."""
    source: str = "card text"
    limits: Mapping[str, Any] | None = None
    """The limits of every level of the card."""
    kinds: tuple[str, ...] = ()
    """What the card is, for the cards that cancel a kind of card: ``grapple``, ``frenzy``,
    ``aim``, ``ammo``."""

    @property
    def modelled(self) -> bool:
        """True when every combat use of the card can be entered."""
        return bool(self.options) and not self.unmodelled

    def option(self, key: str) -> CardOption:
        """The option labelled ``key`` (``"abo (strength)"``), or the only option at level
        ``key`` (``"abo"``); a level the text offers several choices at needs the choice.

        >>> beast = LibraryEntry(0, "Beast", "combat", (
        ...     CardOption("abo", (), choice="strength"), CardOption("abo", (), choice="cancel")))
        >>> beast.option("abo (cancel)").choice
        'cancel'
        >>> beast.option("abo")
        Traceback (most recent call last):
        ...
        rules.errors.InvalidState: Beast offers several choices at abo; give one of them: \
abo (strength), abo (cancel).
        """
        for opt in self.options:
            if key == opt.label:
                return opt
        at_level = [opt for opt in self.options if key == opt.key]
        if len(at_level) == 1:
            return at_level[0]
        if at_level:
            raise InvalidState(
                msg(
                    "{name} offers several choices at {key}; give one of them: {allowed}.",
                    name=self.name,
                    key=key,
                    allowed=tuple(o.label for o in at_level),
                )
            )
        for level, why in self.unmodelled:
            if key == level:
                raise InvalidState(
                    msg("{name} at {key} is not modelled: {why}.", name=self.name, key=key, why=why)
                )
        allowed: tuple[str, ...] | Message = tuple(o.label for o in self.options) or msg_p(
            "options", "none"
        )
        raise InvalidState(
            msg(
                "{name} has no option {key}; allowed: {allowed}.",
                name=self.name,
                key=repr(key),
                allowed=allowed,
            )
        )

    def limits_of(self, option: CardOption) -> dict[str, Any]:
        """The limits of ``option``: the entry's, then the option's own."""
        return merge_limits(self.limits, option.limits)


def merge_limits(*parts: Mapping[str, Any] | None) -> dict[str, Any]:
    """Limits fragments merged: conditions combined, each keeping the words it stands for."""
    out: dict[str, Any] = {}
    quotes: dict[str, str] = {}
    plain = ""
    for part in parts:
        if not part:
            continue
        said = part.get("quote", "")
        if isinstance(said, str) and not any(
            k not in ("quote", "group", "count", "outsider", "use") for k in part
        ):
            plain = plain or said
        for key, value in part.items():
            if key == "quote":
                continue
            out[key] = value
            if key not in ("group", "count", "outsider", "use"):
                quotes[key] = said[key] if isinstance(said, Mapping) else said
    if quotes:
        out["quote"] = quotes
    elif plain:
        out["quote"] = plain
    return out
