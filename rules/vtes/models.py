"""The minions of VTES as immutable values: vampires, allies and retainers.

Each class checks itself when built and raises :class:`rules.errors.InvalidState`
for a situation that cannot exist (negative blood, blood above capacity, ...).

>>> Vampire("Krid", capacity=4, blood=1).state
<MinionState.READY: 'ready'>
>>> Vampire("Krid", capacity=4, blood=5)
Traceback (most recent call last):
...
rules.errors.InvalidState: Krid has 5 blood but capacity 4: blood must be from 0 to 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_p
from rules.validation import Name, shown
from rules.vtes import counts

__all__ = ["Ally", "Minion", "MinionState", "Retainer", "Vampire", "check_count", "state_word"]


class MinionState(StrEnum):
    """Where a minion stands: ready, in torpor (vampires only) or burned."""

    READY = "ready"
    TORPOR = "torpor"
    BURNED = "burned"


def state_word(state: MinionState) -> Message:
    """A minion state as traces and messages name it: "ready", "torpor", "burned".

    >>> state_word(MinionState.TORPOR).render("en")
    'torpor'
    """
    if state is MinionState.TORPOR:
        return msg_p("minion state", "torpor")
    if state is MinionState.BURNED:
        return msg_p("minion state", "burned")
    return msg_p("minion state", "ready")


def check_count(what: Name, value: object, *, minimum: int = 0) -> int:
    """Return ``value`` if it is a whole number >= ``minimum``, else raise InvalidState.

    ``what`` names the quantity, as a :class:`~rules.i18n.Message`.

    >>> check_count(msg_p("parameter", "Normal damage"), -1)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: Normal damage must be 0 or more, got -1.
    """
    name = what
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(
            msg("{name} must be a whole number, got {value}.", name=name, value=shown(value))
        )
    if value < minimum:
        raise InvalidState(
            msg(
                "{name} must be {minimum} or more, got {value}.",
                name=name,
                minimum=minimum,
                value=value,
            )
        )
    return value


def _check_name(kind: str, name: object) -> None:
    if isinstance(name, str) and name.strip():
        return
    if kind == "vampire":
        raise InvalidState(msg("A vampire needs a non-empty name, got {value}.", value=shown(name)))
    if kind == "ally":
        raise InvalidState(msg("An ally needs a non-empty name, got {value}.", value=shown(name)))
    raise InvalidState(msg("A retainer needs a non-empty name, got {value}.", value=shown(name)))


def _coerce_state(name: str, state: object) -> MinionState:
    try:
        return MinionState(str(state))
    except ValueError:
        raise InvalidState(
            msg(
                "{name}: unknown state {value}; allowed: {allowed}.",
                name=name,
                value=shown(state),
                allowed=[repr(s.value) for s in MinionState],
            )
        ) from None


@dataclass(frozen=True, slots=True)
class Vampire:
    """A vampire: blood between 0 and its capacity; ready, in torpor or burned.

    A vampire in torpor counts as wounded for damage resolution. ``wounded=True`` marks a
    ready vampire that is wounded but kept out of torpor by an effect (Undying Tenacity,
    Undead Persistence): each point of aggravated damage then costs it 1 blood at once,
    and with no blood to pay it is burned (vtes:6.4.6, vtes:6.4.13). A vampire in torpor
    or burned is always wounded.
    """

    name: str
    capacity: int
    blood: int
    strength: int = 1
    state: MinionState = MinionState.READY
    wounded: bool = False

    def __post_init__(self) -> None:
        _check_name("vampire", self.name)
        name = self.name
        check_count(msg_p("vampire", "{name}'s capacity", name=name), self.capacity, minimum=1)
        check_count(msg_p("vampire", "{name}'s blood", name=name), self.blood)
        check_count(msg_p("vampire", "{name}'s strength", name=name), self.strength)
        if self.blood > self.capacity:
            raise InvalidState(
                msg(
                    "{name} has {blood} but capacity {capacity}: blood must be from 0 to "
                    "{capacity}.",
                    name=name,
                    blood=counts.blood(self.blood),
                    capacity=self.capacity,
                )
            )
        object.__setattr__(self, "state", _coerce_state(name, self.state))
        if not isinstance(self.wounded, bool):
            raise InvalidState(
                msg(
                    "{name}: 'wounded' must be true or false, got {value}.",
                    name=name,
                    value=shown(self.wounded),
                )
            )
        if self.state is not MinionState.READY:
            # In torpor (or burned) a vampire is wounded by definition.
            object.__setattr__(self, "wounded", True)


@dataclass(frozen=True, slots=True)
class Ally:
    """An ally: it has life instead of blood and is burned when its life reaches 0."""

    name: str
    life: int
    strength: int = 1

    def __post_init__(self) -> None:
        _check_name("ally", self.name)
        check_count(msg_p("ally", "{name}'s life", name=self.name), self.life)
        check_count(msg_p("ally", "{name}'s strength", name=self.name), self.strength)

    @property
    def state(self) -> MinionState:
        """Burned at 0 life, ready otherwise (allies never go to torpor)."""
        return MinionState.BURNED if self.life == 0 else MinionState.READY


@dataclass(frozen=True, slots=True)
class Retainer:
    """A retainer: it has life and is burned when its life reaches 0."""

    name: str
    life: int

    def __post_init__(self) -> None:
        _check_name("retainer", self.name)
        check_count(msg_p("retainer", "{name}'s life", name=self.name), self.life)

    @property
    def state(self) -> MinionState:
        """Burned at 0 life, ready otherwise (retainers never go to torpor)."""
        return MinionState.BURNED if self.life == 0 else MinionState.READY


Minion = Vampire | Ally | Retainer
