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
from rules.i18n import Message, msg, msg_p
from rules.validation import choice, fraction, shown, whole, whole_at_least

__all__ = [
    "BEYOND",
    "HEALTH_LEVELS",
    "UNHURT",
    "WOUND_PENALTIES",
    "HealthState",
    "health_after",
    "health_distribution",
    "level_name",
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

_LEVEL_NAMES: Mapping[str, Message] = {
    UNHURT: msg_p("health level", "unhurt"),
    "bruised": msg_p("health level", "bruised"),
    "hurt": msg_p("health level", "hurt"),
    "injured": msg_p("health level", "injured"),
    "wounded": msg_p("health level", "wounded"),
    "mauled": msg_p("health level", "mauled"),
    "crippled": msg_p("health level", "crippled"),
    "incapacitated": msg_p("health level", "incapacitated"),
}


def level_name(level: str) -> Message | str:
    """The name of the health level ``level`` in any language (an unknown name as it is)."""
    return _LEVEL_NAMES.get(level, level)


@dataclass(frozen=True, slots=True)
class HealthState:
    """Where a character stands on the track after ``marked`` levels of damage."""

    marked: int
    level: str
    penalty: int | None
    """Dice lost by actions; ``None`` when the character cannot act at all."""


def wound_penalty(level: str | None) -> int | None:
    """Dice lost at ``level`` (``None``/``"unhurt"``: 0); ``None`` if the character cannot act."""
    choice(msg_p("vtm parameter", "level"), level, (None, UNHURT, *HEALTH_LEVELS))
    if level is None:
        return 0
    return WOUND_PENALTIES.get(level)


def health_after(marked: int) -> HealthState:
    """The track with ``marked`` boxes filled (0 = unhurt, 7 = incapacitated, more = beyond)."""
    whole_at_least(msg_p("vtm parameter", "marked"), marked, 0)
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
    ones appear, in track order. The masses must add up to exactly 1.
    """
    whole(msg_p("vtm parameter", "already_marked"), already_marked, 0, len(HEALTH_LEVELS))
    if not isinstance(levels, Mapping) or not levels:
        raise InvalidState(
            msg(
                "levels must map health levels marked to their probabilities, got {value}.",
                value=shown(levels),
            )
        )
    for taken, mass in levels.items():
        whole_at_least(msg_p("vtm parameter", "levels marked"), taken, 0)
        fraction(msg_p("vtm parameter", "a probability"), mass, Fraction(0), Fraction(1))
    total = sum(levels.values(), Fraction(0))
    if total != 1:
        raise InvalidState(
            msg("The probabilities in levels must add up to 1, got {total}.", total=total)
        )
    order = (UNHURT, *HEALTH_LEVELS, BEYOND)
    out: dict[str, Fraction] = {}
    for taken, mass in levels.items():
        if mass == 0:
            continue
        name = health_after(already_marked + taken).level
        out[name] = out.get(name, Fraction(0)) + mass
    return {name: out[name] for name in order if name in out}
