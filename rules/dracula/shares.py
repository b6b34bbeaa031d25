"""How a probability is written in a Fury of Dracula trace: as its exact fraction, or, when
that is too long to read (a long combat's fractions run to thousands of digits, past what
``str()`` accepts), as its value to ten significant digits with the length of the exact
denominator."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.dracula.words import ENDINGS, semicolons
from rules.i18n import Message, msg

__all__ = ["outcome_shares", "share_text"]


def share_text(p: Fraction) -> Message | str:
    """``'7/36'``, or for a fraction too long to read, its value to ten significant digits and
    the length of its exact denominator (a message, shown in the reader's language)."""
    if max(p.numerator.bit_length(), p.denominator.bit_length()) <= 128:
        return str(p)
    digits = int(p.denominator.bit_length() * 0.30103) + 1
    return msg(
        "≈{value} (exact: a fraction with a denominator of about {digits} digits)",
        value=format(float(p), ".10g"),
        digits=digits,
    )


def outcome_shares(outcomes: Mapping[str, Fraction]) -> Message | str:
    """``the hunter is defeated: 1/3; ...``: each ending that can happen, with its share."""
    return semicolons(
        [
            msg("{ending}: {share}", ending=ENDINGS.get(kind, kind), share=share_text(p))
            for kind, p in outcomes.items()
            if p
        ]
    )
