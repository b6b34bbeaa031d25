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
from rules.vtes.ru_words import blood as blood_ru

__all__ = ["Ally", "Minion", "MinionState", "Retainer", "Vampire", "check_count"]


class MinionState(StrEnum):
    """Where a minion stands: ready, in torpor (vampires only) or burned."""

    READY = "ready"
    TORPOR = "torpor"
    BURNED = "burned"


def check_count(what: str, value: object, *, minimum: int = 0, what_ru: str = "") -> int:
    """Return ``value`` if it is a whole number >= ``minimum``, else raise InvalidState.

    ``what_ru`` names the quantity in Russian for the Russian message (the English name,
    quoted, stands in when it is empty).
    """
    name_ru = what_ru or f"«{what}»"
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(
            f"{what} must be a whole number, got {value!r}.",
            ru=f"{name_ru}: нужно целое число, а получено {value!r}.",
        )
    if value < minimum:
        raise InvalidState(
            f"{what} must be {minimum} or more, got {value}.",
            ru=f"{name_ru}: допустимо от {minimum} и больше, а получено {value}.",
        )
    return value


_KIND_RU = {"vampire": "вампира", "ally": "союзника", "retainer": "слуги"}


def _check_name(kind: str, name: object) -> None:
    if not isinstance(name, str) or not name.strip():
        raise InvalidState(
            f"A {kind} needs a non-empty name, got {name!r}.",
            ru=f"У {_KIND_RU[kind]} должно быть непустое имя, а получено {name!r}.",
        )


def _coerce_state(name: str, state: object) -> MinionState:
    try:
        return MinionState(str(state))
    except ValueError:
        allowed = ", ".join(repr(s.value) for s in MinionState)
        raise InvalidState(
            f"{name}: unknown state {state!r}; allowed: {allowed}.",
            ru=f"{name}: неизвестное состояние {state!r}; допустимые: {allowed}.",
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
        check_count(
            f"{self.name}'s capacity",
            self.capacity,
            minimum=1,
            what_ru=f"Объём крови вампира {self.name}",
        )
        check_count(f"{self.name}'s blood", self.blood, what_ru=f"Кровь вампира {self.name}")
        check_count(f"{self.name}'s strength", self.strength, what_ru=f"Сила вампира {self.name}")
        if self.blood > self.capacity:
            raise InvalidState(
                f"{self.name} has {self.blood} blood but capacity {self.capacity}: "
                f"blood must be from 0 to {self.capacity}.",
                ru=f"У вампира {self.name} {blood_ru(self.blood)} при объёме "
                f"{self.capacity}: крови может быть от 0 до {self.capacity}.",
            )
        object.__setattr__(self, "state", _coerce_state(self.name, self.state))
        if not isinstance(self.wounded, bool):
            raise InvalidState(
                f"{self.name}: 'wounded' must be true or false, got {self.wounded!r}.",
                ru=f"{self.name}: значение 'wounded' должно быть true или false, "
                f"а получено {self.wounded!r}.",
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
        check_count(f"{self.name}'s life", self.life, what_ru=f"Жизнь союзника {self.name}")
        check_count(f"{self.name}'s strength", self.strength, what_ru=f"Сила союзника {self.name}")

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
        check_count(f"{self.name}'s life", self.life, what_ru=f"Жизнь слуги {self.name}")

    @property
    def state(self) -> MinionState:
        """Burned at 0 life, ready otherwise (retainers never go to torpor)."""
        return MinionState.BURNED if self.life == 0 else MinionState.READY


Minion = Vampire | Ally | Retainer
