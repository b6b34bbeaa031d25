"""How a probability is written in a Fury of Dracula trace: as its exact fraction, or, when
that is too long to read (a long combat's fractions run to thousands of digits, past what
``str()`` accepts), as its value to ten significant digits with the length of the exact
denominator."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["share_text", "share_text_ru"]


def share_text(p: Fraction) -> str:
    """``'7/36'``, or for a fraction too long to read, its value to ten significant digits and
    the length of its exact denominator."""
    if max(p.numerator.bit_length(), p.denominator.bit_length()) <= 128:
        return str(p)
    digits = int(p.denominator.bit_length() * 0.30103) + 1
    return f"≈{float(p):.10g} (exact: a fraction with a denominator of about {digits} digits)"


def share_text_ru(p: Fraction) -> str:
    """Russian counterpart of :func:`share_text`."""
    if max(p.numerator.bit_length(), p.denominator.bit_length()) <= 128:
        return str(p)
    digits = int(p.denominator.bit_length() * 0.30103) + 1
    return f"≈{float(p):.10g} (точное значение — дробь; число цифр в её знаменателе около {digits})"
