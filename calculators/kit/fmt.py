"""Formatting of exact numbers for display: floats appear only here and in
:mod:`rules.i18n.numbers`, which writes every number in the page's language (CLDR's symbols:
Russian ``53,50 %``). Every function takes the language; called without one, it writes in the
language of the page whose handler is running (:meth:`calculators.kit.page.Page.run`), so no
number is shown the English way on a Russian page."""

from __future__ import annotations

import html
from fractions import Fraction

from rules.i18n import numbers
from rules.i18n.numbers import digit_count

__all__ = [
    "LONGEST_EXACT",
    "SHORT_EXACT",
    "decimal",
    "digit_count",
    "escape",
    "exact_html",
    "fraction_text",
    "mean_html",
    "percent",
    "scientific",
    "short_fraction",
]


def _lang(lang: str | None) -> str:
    return lang if lang is not None else numbers.current_language()


def scientific(x: Fraction, significant: int = 2, *, lang: str | None = None) -> str:
    """A positive number as ``'5.1×10⁻³³'`` (Russian ``'5,1×10⁻³³'``), computed exactly.

    >>> scientific(Fraction(1, 3 * 10**32), lang="en")
    '3.3×10⁻³³'
    """
    return numbers.scientific(x, significant, _lang(lang))


def percent(p: Fraction, digits: int = 2, *, lang: str | None = None) -> str:
    """``Fraction(1, 3)`` -> ``'33.33%'`` (Russian ``'33,33 %'``); tiny non-zero values never
    show as 0.

    A probability too small for ``digits`` decimals is shown in scientific notation
    (``Fraction(1, 10**9)`` -> ``'1.0×10⁻⁷%'``), never as 0 or as a wall of digits.
    """
    return numbers.percent(p, digits, _lang(lang))


def decimal(x: Fraction | int | float, digits: int, *, lang: str | None = None) -> str:
    """``x`` with ``digits`` decimals in ``lang`` (``'2.333'``, Russian ``'2,333'``)."""
    return numbers.decimal(x, digits, _lang(lang))


LONGEST_EXACT = 60  # digits: longer numerators or denominators are shown as a decimal


def fraction_text(p: Fraction, *, lang: str | None = None) -> str:
    """The exact value as ``'7/36'`` (or ``'1'``, ``'0'``).

    A whole combat's odds can have denominators thousands of digits long: those are shown as
    ``'≈0.364135304659'`` (twelve significant digits, in ``lang``), never as a wall of digits.
    """
    lang = _lang(lang)
    if max(digit_count(p.numerator), digit_count(p.denominator)) > LONGEST_EXACT:
        if 0 < abs(p) < Fraction(1, 10**4):
            return f"≈{numbers.scientific(abs(p), 12, lang)}"
        return f"≈{numbers.localized(f'{float(p):.12g}', lang)}"
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


SHORT_EXACT = 12  # digits: a longer fraction of a tiny probability is shown as ≈a×10⁻ⁿ


def short_fraction(p: Fraction, *, lang: str | None = None) -> str:
    """The exact fraction when it is short; a tiny probability's long one in scientific form.

    >>> short_fraction(Fraction(7, 36), lang="en"), short_fraction(Fraction(1, 10**33), lang="ru")
    ('7/36', '≈1,0×10⁻³³')
    """
    if 0 < p < Fraction(1, 10**4) and digit_count(p.denominator) > SHORT_EXACT:
        return f"≈{scientific(p, lang=lang)}"
    return fraction_text(p, lang=lang)


def exact_html(p: Fraction, digits: int = 2, *, lang: str | None = None) -> str:
    """A percent whose hover title shows the exact fraction."""
    title = html.escape(f"{fraction_text(p, lang=lang)} = {percent(p, 6, lang=lang)}")
    shown = html.escape(percent(p, digits, lang=lang))
    return f'<span class="calc-exact" title="{title}">{shown}</span>'


def mean_html(x: Fraction, *, lang: str | None = None) -> str:
    """An expected value to three decimals whose hover title shows the exact fraction."""
    title = html.escape(fraction_text(x, lang=lang))
    return f'<span class="calc-exact" title="{title}">{decimal(x, 3, lang=lang)}</span>'


def escape(text: str) -> str:
    return html.escape(text, quote=True)
