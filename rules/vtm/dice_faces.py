"""A concrete Revised or V20 roll read by the rules: its outcome (botch, failure or success)
and the successes kept, with the specialty's doubled tens or rerolls and Willpower.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_n, msg_np, msg_p
from rules.trace import Step, Trace
from rules.validation import flag, sized, whole
from rules.vtm.dice_rules import (
    DIFFICULTY_PARAM,
    MAX_DICE,
    ONES_CANCEL_PARAM,
    WILLPOWER_PARAM,
    check_specialty,
)

__all__ = ["RollOutcome", "classify"]


def _dice(n: int) -> Message:
    return msg_n("{n} die", "{n} dice", n)


def _successes(n: int) -> Message:
    return msg_n("{n} success", "{n} successes", n)


def _ones(n: int) -> Message:
    return msg_np("die face", "{n} one", "{n} ones", n)


@dataclass(frozen=True, slots=True)
class RollOutcome:
    """A concrete roll read by the rules."""

    outcome: str
    """``"botch"``, ``"failure"`` or ``"success"``."""
    successes: int
    """Successes kept (Willpower included)."""
    net: int
    """Successes minus ones, before Willpower (may be negative)."""
    steps: tuple[Step, ...]


def classify(
    faces: list[int],
    difficulty: int,
    *,
    willpower: bool = False,
    specialty: str | None = None,
    rerolls: list[int] | tuple[int, ...] = (),
    reroll_ones_cancel: bool = False,
) -> RollOutcome:
    """Read a concrete roll: its outcome and the successes kept.

    With ``specialty="reroll"``, ``rerolls`` lists the rerolled dice in order; there
    must be exactly one reroll per 10 (original or rerolled).
    """
    whole(DIFFICULTY_PARAM, difficulty, 2, 10)
    check_specialty(specialty)
    flag(WILLPOWER_PARAM, willpower)
    flag(ONES_CANCEL_PARAM, reroll_ones_cancel)
    sized(msg_p("vtm parameter", "faces"), faces, 0, None)
    sized(msg_p("vtm parameter", "rerolls"), rerolls, 0, None)
    if not faces:
        raise InvalidState(msg("A roll needs at least one die; got no faces."))
    if len(faces) > MAX_DICE:
        raise InvalidState(
            msg_n(
                "At most {n} die; got {got}.",
                "At most {n} dice; got {got}.",
                MAX_DICE,
                got=len(faces),
            )
        )
    for f in (*faces, *rerolls):
        whole(msg_p("vtm parameter", "a die face"), f, 1, 10)
    if specialty != "reroll" and rerolls:
        raise InvalidState(
            msg("Rerolls are only made with the Revised specialty (specialty='reroll').")
        )
    trace = Trace()
    ten_value = 2 if specialty == "double" else 1
    hits = sum(ten_value if f == 10 else 1 for f in faces if f >= difficulty)
    ones = sum(1 for f in faces if f == 1)
    trace.add(
        "vtm:dice-roll",
        msg(
            "{dice} at difficulty {difficulty}: {hits}, {ones}.",
            dice=_dice(len(faces)),
            difficulty=difficulty,
            hits=_successes(hits),
            ones=_ones(ones),
        ),
    )
    if specialty == "double" and faces.count(10) == 1:
        trace.add("vtm:specialty", msg("The 10 counts twice (V20)."))
    elif specialty == "double" and 10 in faces:
        trace.add(
            "vtm:specialty",
            msg_n(
                "Each of the {n} ten counts twice (V20).",
                "Each of the {n} tens counts twice (V20).",
                faces.count(10),
            ),
        )
    if specialty == "reroll":
        owed = faces.count(10)
        for i, f in enumerate(rerolls):
            if owed == 0:
                raise InvalidState(
                    msg(
                        "Too many rerolls: reroll {index} has no 10 to replace; one reroll per 10.",
                        index=i + 1,
                    )
                )
            owed -= 1
            if f == 10:
                owed += 1
            if f >= difficulty:
                hits += 1
            elif f == 1 and reroll_ones_cancel:
                ones += 1
        if owed:
            raise InvalidState(
                msg_n(
                    "{n} more reroll needed: every 10 is rolled again.",
                    "{n} more rerolls needed: every 10 is rolled again.",
                    owed,
                )
            )
        if rerolls and reroll_ones_cancel:
            trace.add(
                "vtm:specialty",
                msg(
                    "Rerolls {rerolls}: totals {hits}, {ones} (1s on rerolls cancel).",
                    rerolls=str(list(rerolls)),
                    hits=_successes(hits),
                    ones=_ones(ones),
                ),
            )
        elif rerolls:
            trace.add(
                "vtm:specialty",
                msg(
                    "Rerolls {rerolls}: totals {hits}, {ones} (1s on rerolls ignored).",
                    rerolls=str(list(rerolls)),
                    hits=_successes(hits),
                    ones=_ones(ones),
                ),
            )
    net = hits - ones
    any_hit = any(f >= difficulty for f in faces)
    if willpower:
        kept = 1 + max(0, net)
        trace.add(
            "vtm:willpower",
            msg_n(
                "Willpower adds one success that cannot be cancelled: {n}.",
                "Willpower adds one success that cannot be cancelled: {n}.",
                kept,
            ),
        )
        outcome = "success"
    elif net > 0:
        kept, outcome = net, "success"
    elif not any_hit and ones:
        kept, outcome = 0, "botch"
        trace.add("vtm:botch", msg("No die reached the difficulty and a 1 shows: a botch."))
    else:
        kept, outcome = 0, "failure"
        if any_hit:
            trace.add("vtm:botch", msg("The 1s cancel every success: a failure, not a botch."))
    return RollOutcome(outcome=outcome, successes=kept, net=net, steps=trace.steps)
