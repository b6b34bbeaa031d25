"""The minions of VTES as immutable values: vampires, allies and retainers.

Each class checks itself when built and raises :class:`rules.errors.InvalidState`
for a situation that cannot exist (negative blood, blood above capacity, ...).

>>> Vampire("Krid", capacity=4, blood=1)
Vampire(name='Krid', capacity=4, blood=1, strength=1, state=<MinionState.READY: 'ready'>)
>>> Vampire("Krid", capacity=4, blood=5)
Traceback (most recent call last):
...
rules.errors.InvalidState: Krid has 5 blood but capacity 4: blood must be from 0 to 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.errors import InvalidState

__all__ = ["Ally", "Minion", "MinionState", "Retainer", "Vampire", "check_count"]


class MinionState(StrEnum):
    """Where a minion stands: ready, in torpor (vampires only) or burned."""

    READY = "ready"
    TORPOR = "torpor"
    BURNED = "burned"


def check_count(what: str, value: object, *, minimum: int = 0) -> int:
    """Return ``value`` if it is a whole number >= ``minimum``, else raise InvalidState."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(f"{what} must be a whole number, got {value!r}.")
    if value < minimum:
        raise InvalidState(f"{what} must be {minimum} or more, got {value}.")
    return value


def _check_name(kind: str, name: object) -> None:
    if not isinstance(name, str) or not name.strip():
        raise InvalidState(f"A {kind} needs a non-empty name, got {name!r}.")


def _coerce_state(name: str, state: object) -> MinionState:
    try:
        return MinionState(str(state))
    except ValueError:
        allowed = ", ".join(repr(s.value) for s in MinionState)
        raise InvalidState(f"{name}: unknown state {state!r}; allowed: {allowed}.") from None


@dataclass(frozen=True, slots=True)
class Vampire:
    """A vampire: blood between 0 and its capacity; ready, in torpor or burned.

    A vampire in torpor counts as wounded for damage resolution.
    """

    name: str
    capacity: int
    blood: int
    strength: int = 1
    state: MinionState = MinionState.READY

    def __post_init__(self) -> None:
        _check_name("vampire", self.name)
        check_count(f"{self.name}'s capacity", self.capacity, minimum=1)
        check_count(f"{self.name}'s blood", self.blood)
        check_count(f"{self.name}'s strength", self.strength)
        if self.blood > self.capacity:
            raise InvalidState(
                f"{self.name} has {self.blood} blood but capacity {self.capacity}: "
                f"blood must be from 0 to {self.capacity}."
            )
        object.__setattr__(self, "state", _coerce_state(self.name, self.state))

    @property
    def wounded(self) -> bool:
        """A vampire in torpor is wounded (a burned one was wounded when it burned)."""
        return self.state is not MinionState.READY


@dataclass(frozen=True, slots=True)
class Ally:
    """An ally: it has life instead of blood and is burned when its life reaches 0."""

    name: str
    life: int
    strength: int = 1

    def __post_init__(self) -> None:
        _check_name("ally", self.name)
        check_count(f"{self.name}'s life", self.life)
        check_count(f"{self.name}'s strength", self.strength)

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
        check_count(f"{self.name}'s life", self.life)

    @property
    def state(self) -> MinionState:
        """Burned at 0 life, ready otherwise (retainers never go to torpor)."""
        return MinionState.BURNED if self.life == 0 else MinionState.READY


Minion = Vampire | Ally | Retainer
