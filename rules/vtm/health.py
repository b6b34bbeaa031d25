"""The health track of Vampire: the Masquerade and its wound penalties.

A character has seven health levels. Each level of damage marks the next
box; the last marked box gives the wound penalty, which removes dice from
every pool except reflexive ones such as soak.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules.errors import InvalidState

__all__ = [
    "BEYOND",
    "HEALTH_LEVELS",
    "UNHURT",
    "WOUND_PENALTIES",
    "HealthState",
    "health_after",
    "health_distribution",
    "wound_penalty",
]

UNHURT = "unhurt"
"""No box marked."""

BEYOND = "beyond"
"""More damage than the track holds: torpor or Final Death for a vampire, death for a mortal."""

HEALTH_LEVELS: tuple[str, ...] = (
    "bruised",
    "hurt",
    "injured",
    "wounded",
    "mauled",
    "crippled",
    "incapacitated",
)
"""The seven boxes of the health track, from the first marked to the last."""

WOUND_PENALTIES: Mapping[str, int] = {
    UNHURT: 0,
    "bruised": 0,
    "hurt": 1,
    "injured": 1,
    "wounded": 2,
    "mauled": 2,
    "crippled": 5,
}
"""Dice removed from non-reflexive pools at each level (Incapacitated cannot act)."""


@dataclass(frozen=True, slots=True)
class HealthState:
    """Where a character stands on the track after ``marked`` levels of damage."""

    marked: int
    level: str
    penalty: int | None
    """Dice lost by actions; ``None`` when the character cannot act at all."""

    @property
    def can_act(self) -> bool:
        return self.penalty is not None


def _check_level(level: str) -> None:
    allowed = (UNHURT, *HEALTH_LEVELS)
    if level not in allowed:
        raise InvalidState(
            f"Unknown health level {level!r}; allowed: {', '.join(allowed)}.",
            ru=f"Неизвестный уровень здоровья {level!r}; допустимы: {', '.join(allowed)}.",
        )


def wound_penalty(level: str | None) -> int | None:
    """Dice lost at ``level`` (``None``/``"unhurt"``: 0); ``None`` if the character cannot act."""
    if level is None:
        return 0
    _check_level(level)
    return WOUND_PENALTIES.get(level)


def health_after(marked: int) -> HealthState:
    """The track with ``marked`` boxes filled (0 = unhurt, 7 = incapacitated, more = beyond)."""
    if marked < 0:
        raise InvalidState(
            f"Damage taken must be 0 or more, got {marked}.",
            ru=f"Полученный урон должен быть 0 или больше, а получено {marked}.",
        )
    if marked == 0:
        return HealthState(0, UNHURT, 0)
    if marked > len(HEALTH_LEVELS):
        return HealthState(marked, BEYOND, None)
    level = HEALTH_LEVELS[marked - 1]
    return HealthState(marked, level, WOUND_PENALTIES.get(level))


def health_distribution(
    levels: Mapping[int, Fraction], already_marked: int = 0
) -> dict[str, Fraction]:
    """Distribution of the health level reached when ``levels`` more boxes are marked.

    Keys are ``"unhurt"``, the seven level names and ``"beyond"``; only reachable
    ones appear, in track order.
    """
    if already_marked < 0 or already_marked > len(HEALTH_LEVELS):
        raise InvalidState(
            f"Boxes already marked must be 0..{len(HEALTH_LEVELS)}, got {already_marked}.",
            ru=f"Уже отмеченных клеток здоровья может быть от 0 до {len(HEALTH_LEVELS)}, "
            f"а получено {already_marked}.",
        )
    order = (UNHURT, *HEALTH_LEVELS, BEYOND)
    out: dict[str, Fraction] = {}
    for taken, mass in levels.items():
        if mass == 0:
            continue
        name = health_after(already_marked + taken).level
        out[name] = out.get(name, Fraction(0)) + mass
    return {name: out[name] for name in order if name in out}
