"""Formatting of exact numbers for display: floats appear only here."""

from __future__ import annotations

import html
from fractions import Fraction


def percent(p: Fraction, digits: int = 2) -> str:
    """``Fraction(1, 3)`` -> ``'33.33%'``; tiny non-zero values never show as 0."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    value = float(p) * 100
    text = f"{value:.{digits}f}%"
    if float(text.rstrip("%")) == 0:
        return f"<{10**-digits:.{digits}f}%"
    if float(text.rstrip("%")) == 100:
        return f">{100 - 10**-digits:.{digits}f}%"
    return text


def fraction_text(p: Fraction) -> str:
    """The exact value as ``'7/36'`` (or ``'1'``, ``'0'``)."""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def exact_html(p: Fraction, digits: int = 2) -> str:
    """A percent whose hover title shows the exact fraction."""
    title = html.escape(f"{fraction_text(p)} = {percent(p, 6)}")
    return f'<span class="calc-exact" title="{title}">{html.escape(percent(p, digits))}</span>'


def escape(text: str) -> str:
    return html.escape(text, quote=True)
