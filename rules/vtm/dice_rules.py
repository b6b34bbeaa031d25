"""What a Revised or V20 roll may be: the editions and their specialty rules, the most dice a
pool may have, and the checks of a roll's parameters shared by the pool and the concrete roll.
"""

from __future__ import annotations

from rules.i18n import msg_p
from rules.validation import choice
from rules.vtm.health import HEALTH_LEVELS, UNHURT

__all__ = [
    "DICE_PARAM",
    "DIFFICULTY_PARAM",
    "EDITIONS",
    "MAX_DICE",
    "ONES_CANCEL_PARAM",
    "SPECIALTIES",
    "WILLPOWER_PARAM",
    "check_specialty",
    "check_wound",
    "specialty_for_edition",
]

MAX_DICE = 50
SPECIALTIES: tuple[str, ...] = ("reroll", "double")
EDITIONS: tuple[str, ...] = ("revised", "v20")


def specialty_for_edition(edition: str) -> str:
    """The specialty rule of an edition: ``"reroll"`` (Revised) or ``"double"`` (V20)."""
    choice(msg_p("vtm parameter", "edition"), edition, EDITIONS)
    return "reroll" if edition == "revised" else "double"


DICE_PARAM = msg_p("vtm parameter", "dice")
DIFFICULTY_PARAM = msg_p("vtm parameter", "difficulty")
WILLPOWER_PARAM = msg_p("vtm parameter", "willpower")
ONES_CANCEL_PARAM = msg_p("vtm parameter", "reroll_ones_cancel")
_WOUND = msg_p("vtm parameter", "wound")


def check_specialty(specialty: object) -> None:
    """Refuse a specialty rule other than none, ``"reroll"`` or ``"double"``."""
    choice(msg_p("vtm parameter", "specialty"), specialty, (None, *SPECIALTIES))


def check_wound(wound: object) -> None:
    """Refuse a wound that is not a health level's name (or none)."""
    choice(_WOUND, wound, (None, UNHURT, *HEALTH_LEVELS))
