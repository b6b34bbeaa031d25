"""Formatting of exact numbers for display: floats appear only here."""

from __future__ import annotations

import html
import math
from fractions import Fraction

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def scientific(x: Fraction, significant: int = 2) -> str:
    """A positive number as ``'5.1×10⁻³³'``, computed exactly (no float underflow).

    >>> scientific(Fraction(1, 3 * 10**32))
    '3.3×10⁻³³'
    """
    if x <= 0:
        raise ValueError(f"scientific() needs a positive number, got {x}")
    exponent = digit_count(x.numerator) - digit_count(x.denominator)
    mantissa = x / Fraction(10) ** exponent
    while mantissa < 1:
        mantissa *= 10
        exponent -= 1
    while mantissa >= 10:
        mantissa /= 10
        exponent += 1
    text = f"{float(mantissa):.{significant - 1}f}"
    if float(text) >= 10:  # 9.96 rounded up
        text = f"{1:.{significant - 1}f}"
        exponent += 1
    return f"{text}×10{str(exponent).translate(_SUPERSCRIPT)}"


def percent(p: Fraction, digits: int = 2) -> str:
    """``Fraction(1, 3)`` -> ``'33.33%'``; tiny non-zero values never show as 0.

    A probability too small for ``digits`` decimals is shown in scientific notation
    (``Fraction(1, 10**9)`` -> ``'1.0×10⁻⁷%'``), never as 0 or as a wall of digits.
    """
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    value = float(p) * 100
    text = f"{value:.{digits}f}%"
    if float(text.rstrip("%")) == 0:
        return f"{scientific(p * 100)}%"
    if float(text.rstrip("%")) == 100:
        return f">{100 - 10**-digits:.{digits}f}%"
    return text


LONGEST_EXACT = 60  # digits: longer numerators or denominators are shown as a decimal


def digit_count(n: int) -> int:
    """How many decimal digits ``abs(n)`` has (no string conversion: it may be huge)."""
    n = abs(n)
    if n < 10:
        return 1
    count = int(math.log10(n)) + 1  # may be one off near a power of ten
    if 10 ** (count - 1) > n:
        return count - 1
    if 10**count <= n:
        return count + 1
    return count


def fraction_text(p: Fraction) -> str:
    """The exact value as ``'7/36'`` (or ``'1'``, ``'0'``).

    A whole combat's odds can have denominators thousands of digits long: those are shown as
    ``'≈0.364135304659'`` (twelve significant digits), never as a wall of digits.
    """
    if max(digit_count(p.numerator), digit_count(p.denominator)) > LONGEST_EXACT:
        return f"≈{float(p):.12g}"
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


SHORT_EXACT = 12  # digits: a longer fraction of a tiny probability is shown as ≈a×10⁻ⁿ


def short_fraction(p: Fraction) -> str:
    """The exact fraction when it is short; a tiny probability's long one in scientific form.

    >>> short_fraction(Fraction(7, 36)), short_fraction(Fraction(1, 10**33))
    ('7/36', '≈1.0×10⁻³³')
    """
    if 0 < p < Fraction(1, 10**4) and digit_count(p.denominator) > SHORT_EXACT:
        return f"≈{scientific(p)}"
    return fraction_text(p)


def exact_html(p: Fraction, digits: int = 2) -> str:
    """A percent whose hover title shows the exact fraction."""
    title = html.escape(f"{fraction_text(p)} = {percent(p, 6)}")
    return f'<span class="calc-exact" title="{title}">{html.escape(percent(p, digits))}</span>'


def mean_html(x: Fraction) -> str:
    """An expected value to three decimals whose hover title shows the exact fraction."""
    return f'<span class="calc-exact" title="{html.escape(fraction_text(x))}">{float(x):.3f}</span>'


def escape(text: str) -> str:
    return html.escape(text, quote=True)
