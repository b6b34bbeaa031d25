"""The V5 remorse test: does the Humanity survive the Stains of a session?

Rules (``vtm:v5-remorse``): the pool is the boxes of the ten-box Humanity track that are neither
Humanity nor Stain, at least one die; no Hunger dice; one success (6 or more) keeps the
Humanity, otherwise it drops by one; the Stains are cleared either way. Stains beyond the free
boxes (degeneration) are not this test and are refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from rules.errors import InvalidState
from rules.i18n import msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import whole

__all__ = ["HUMANITY_BOXES", "RemorseTest", "remorse_test"]

HUMANITY_BOXES: Final = 10


@dataclass(frozen=True, eq=False)
class RemorseTest:
    """A remorse test's exact odds."""

    humanity: int
    stains: int
    tested: bool
    """False without Stains: there is nothing to test."""
    dice: int
    keeps: Fraction
    """The Humanity stays."""
    loses: Fraction
    """The Humanity drops by one."""
    humanity_after: dict[int, Fraction]
    steps: tuple[Step, ...] = field(repr=False)


def remorse_test(humanity: int, stains: int) -> RemorseTest:
    """The remorse test at ``humanity`` (1-10) with ``stains`` (0 up to the free boxes).

    >>> remorse_test(7, 1).keeps
    Fraction(3, 4)
    """
    whole(msg_p("vtm parameter", "Humanity"), humanity, 1, HUMANITY_BOXES)
    free = HUMANITY_BOXES - humanity
    whole(msg_p("vtm parameter", "Stains"), stains, 0, HUMANITY_BOXES)
    if stains > free:
        raise InvalidState(
            msg_n(
                "At Humanity {humanity} the track has {n} free box, so at most {n} Stain before "
                "degeneration; got {stains}. Degeneration is not a remorse test.",
                "At Humanity {humanity} the track has {n} free boxes, so at most {n} Stains "
                "before degeneration; got {stains}. Degeneration is not a remorse test.",
                free,
                humanity=humanity,
                stains=stains,
            )
        )
    trace = Trace()
    if stains == 0:
        trace.add(
            "vtm:v5-remorse",
            msg("No Stains this session: there is no remorse test and the Humanity stays."),
        )
        return RemorseTest(
            humanity, 0, False, 0, Fraction(1), Fraction(0), {humanity: Fraction(1)}, trace.steps
        )
    dice = max(1, free - stains)
    loses = Fraction(1, 2**dice)
    trace.add(
        "vtm:v5-remorse",
        msg_n(
            "Humanity {humanity} with {stains} Stains leaves {empty} boxes empty: the test rolls "
            "{n} die, without Hunger dice.",
            "Humanity {humanity} with {stains} Stains leaves {empty} boxes empty: the test rolls "
            "{n} dice, without Hunger dice.",
            dice,
            humanity=humanity,
            stains=stains,
            empty=free - stains,
        ),
    )
    trace.add(
        "vtm:v5-remorse",
        msg(
            "One success keeps Humanity {humanity} ({keeps}); otherwise it drops to {lower} "
            "({loses}). The Stains are cleared either way.",
            humanity=humanity,
            keeps=1 - loses,
            lower=humanity - 1,
            loses=loses,
        ),
    )
    return RemorseTest(
        humanity=humanity,
        stains=stains,
        tested=True,
        dice=dice,
        keeps=1 - loses,
        loses=loses,
        humanity_after={humanity - 1: loses, humanity: 1 - loses},
        steps=trace.steps,
    )
