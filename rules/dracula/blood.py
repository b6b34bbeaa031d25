"""Dracula's blood track: 15 at most, red marks at 10 and 5; "killed" drops to the next mark."""

from __future__ import annotations

from rules.errors import InvalidState

__all__ = ["MAX_BLOOD", "RED_MARKS", "blood_after_killed", "blood_after_wounds"]

MAX_BLOOD = 15
RED_MARKS: tuple[int, ...] = (10, 5)


def _check(blood: int) -> None:
    if not isinstance(blood, int) or not 1 <= blood <= MAX_BLOOD:
        raise InvalidState(
            f"Dracula's blood must be 1..{MAX_BLOOD} while he fights, not {blood!r}",
            ru=f"Кровь Дракулы во время боя должна быть 1..{MAX_BLOOD}, а не {blood!r}",
        )


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
    if wounds < 0:
        raise InvalidState(
            f"wounds must be 0 or more, not {wounds}",
            ru=f"число Ран должно быть 0 или больше, а не {wounds}",
        )
    return max(0, blood - wounds)
