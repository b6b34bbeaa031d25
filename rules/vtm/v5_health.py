"""The V5 Health track: Superficial slashes and Aggravated crosses, and the state they leave.

Rules (``vtm:v5-health``): a track of Stamina + 3 boxes. A point of damage marks an empty box
(a slash for Superficial, a cross for Aggravated); with no empty box left, a point of either
kind turns a slash into a cross; a point that finds every box crossed is counted as overflow.
The end state is ``"unhurt"``, ``"hurt"``, ``"impaired"`` (every box marked, not all crossed),
or, every box crossed, ``"incapacitated"`` (a mortal) or ``"torpor"`` (a vampire).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rules.errors import InvalidState
from rules.i18n import Message, msg_n, msg_p
from rules.validation import choice, whole

__all__ = [
    "CONDITION_NAMES",
    "HEALTH_CONDITIONS",
    "MAX_HEALTH_BOXES",
    "V5_DAMAGE_TYPES",
    "V5_TARGETS",
    "V5Health",
    "v5_health",
]

V5_TARGETS: Final = ("vampire", "mortal")
V5_DAMAGE_TYPES: Final = ("superficial", "aggravated")
HEALTH_CONDITIONS: Final = ("unhurt", "hurt", "impaired", "incapacitated", "torpor")
CONDITION_NAMES: Final[dict[str, Message]] = {
    "unhurt": msg_p("v5 health", "unhurt"),
    "hurt": msg_p("v5 health", "hurt"),
    "impaired": msg_p("v5 health", "impaired"),
    "incapacitated": msg_p("v5 health", "incapacitated"),
    "torpor": msg_p("v5 health", "torpor"),
}
"""What each end state is called on a page and in a trace."""
MAX_HEALTH_BOXES: Final = 20
"""Stamina 5 + 3 is 8; powers that add boxes are allowed up to this."""


@dataclass(frozen=True, slots=True)
class V5Health:
    """A Health track: ``boxes`` in all, ``superficial`` slashes, ``aggravated`` crosses, and
    the points of damage that found no box (``overflow``). Build it with :func:`v5_health`."""

    boxes: int
    superficial: int = 0
    aggravated: int = 0
    target: str = "vampire"
    overflow: int = 0

    @property
    def empty(self) -> int:
        return self.boxes - self.superficial - self.aggravated

    @property
    def condition(self) -> str:
        """One of :data:`HEALTH_CONDITIONS`."""
        if self.aggravated == self.boxes:
            return "torpor" if self.target == "vampire" else "incapacitated"
        if self.empty == 0:
            return "impaired"
        return "hurt" if self.superficial or self.aggravated else "unhurt"

    def take(self, points: int, kind: str) -> V5Health:
        """The track after ``points`` of ``kind`` damage (``"superficial"`` or
        ``"aggravated"``), marked point by point as the rules say."""
        whole(msg_p("vtm parameter", "points of damage"), points, 0, 10**6)
        choice(msg_p("vtm parameter", "damage type"), kind, V5_DAMAGE_TYPES)
        filled = min(points, self.empty)
        superficial = self.superficial + (filled if kind == "superficial" else 0)
        aggravated = self.aggravated + (filled if kind == "aggravated" else 0)
        upgraded = min(points - filled, superficial)
        return V5Health(
            boxes=self.boxes,
            superficial=superficial - upgraded,
            aggravated=aggravated + upgraded,
            target=self.target,
            overflow=self.overflow + points - filled - upgraded,
        )


def v5_health(
    boxes: int, superficial: int = 0, aggravated: int = 0, *, target: str = "vampire"
) -> V5Health:
    """A track of ``boxes`` (Stamina + 3; 1-20) with damage already marked.

    >>> v5_health(5, 4, 1).take(1, "superficial")
    V5Health(boxes=5, superficial=3, aggravated=2, target='vampire', overflow=0)
    """
    whole(msg_p("vtm parameter", "health boxes"), boxes, 1, MAX_HEALTH_BOXES)
    whole(msg_p("vtm parameter", "Superficial damage marked"), superficial, 0, boxes)
    whole(msg_p("vtm parameter", "Aggravated damage marked"), aggravated, 0, boxes)
    choice(msg_p("vtm parameter", "target"), target, V5_TARGETS)
    if superficial + aggravated > boxes:
        raise InvalidState(
            msg_n(
                "The track has {n} box, but {superficial} Superficial and {aggravated} "
                "Aggravated damage are marked on it; at most {n} in all.",
                "The track has {n} boxes, but {superficial} Superficial and {aggravated} "
                "Aggravated damage are marked on it; at most {n} in all.",
                boxes,
                superficial=superficial,
                aggravated=aggravated,
            )
        )
    return V5Health(boxes, superficial, aggravated, target)
