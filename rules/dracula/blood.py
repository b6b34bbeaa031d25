"""Dracula's blood track: 15 at most, red marks at 10 and 5; "killed" drops to the next mark."""

from __future__ import annotations

from rules.i18n import msg_p
from rules.validation import whole, whole_at_least

__all__ = ["AFTER_KILLED", "MAX_BLOOD", "RED_MARKS", "blood_after_killed", "blood_after_wounds"]

MAX_BLOOD = 15
RED_MARKS: tuple[int, ...] = (10, 5)


def _check(blood: int) -> None:
    whole(msg_p("dracula", "Dracula's blood"), blood, 1, MAX_BLOOD)


def blood_after_killed(blood: int) -> int:
    """Blood after a "Killed" result: 15..11 -> 10, 10..6 -> 5, 5..1 -> 0 (destroyed)."""
    _check(blood)
    for mark in RED_MARKS:
        if blood > mark:
            return mark
    return 0


def blood_after_wounds(blood: int, wounds: int) -> int:
    """Blood after losing ``wounds`` (never below 0; 0 means Dracula is destroyed)."""
    _check(blood)
    whole_at_least(msg_p("dracula", "wounds"), wounds, 0)
    return max(0, blood - wounds)


AFTER_KILLED: tuple[int, ...] = (0, *(blood_after_killed(b) for b in range(1, MAX_BLOOD + 1)))
"""``AFTER_KILLED[blood]``: :func:`blood_after_killed` for every blood, for the chains' hot loops
(index 0, no blood, stays 0)."""
