"""Numbers in the reader's language: decimals, percentages and powers of ten, by CLDR's rules.

Every number a page, a trace or a copied ruling shows is formatted here. The symbols and the
percent pattern of each language come from CLDR through Babel when the catalogs are built
(:mod:`rules.i18n.number_formats`), so nothing here needs Babel to run. English writes
``53.50%`` and ``1.0×10⁻⁷%``; Russian writes ``53,50 %`` (a no-break space before the sign)
and ``1,0×10⁻⁷ %``. A language without formats of its own (the pseudo-locale) uses English's.

The numbers are exact until shown: a :class:`~fractions.Fraction` is rounded once, here.
:class:`Percent` and :class:`Decimal` are message parameters that render in the message's
language.

>>> percent(Fraction(107, 200), 2, "ru")
'53,50\\xa0%'
>>> decimal(Fraction(1234567, 1000), 2, "ru")
'1\\xa0234,57'
>>> scientific(Fraction(1, 3 * 10**32), lang="ru")
'3,3×10⁻³³'
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction

from rules.i18n.languages import SOURCE_LANGUAGE
from rules.i18n.number_formats import NUMBER_FORMATS

__all__ = [
    "Decimal",
    "Percent",
    "Significant",
    "current_language",
    "decimal",
    "digit_count",
    "localized",
    "numbers_in",
    "percent",
    "scientific",
    "significant",
]

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


_LANGUAGE: ContextVar[str] = ContextVar("numbers_language", default=SOURCE_LANGUAGE)


@contextlib.contextmanager
def numbers_in(lang: str) -> Iterator[None]:
    """Within ``with numbers_in("ru"):``, a formatter called without a language writes Russian
    (a page runs its handlers this way: :meth:`calculators.kit.page.Page.run`)."""
    token = _LANGUAGE.set(lang)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def current_language() -> str:
    """The language of the innermost :func:`numbers_in`, else the source language."""
    return _LANGUAGE.get()


def _symbols(lang: str) -> dict[str, str | int]:
    return NUMBER_FORMATS.get(lang, NUMBER_FORMATS[SOURCE_LANGUAGE])


def localized(plain: str, lang: str) -> str:
    """A number written the plain way (``-1234.5``) in ``lang``'s symbols and grouping.

    >>> localized("-1234.5", "en"), localized("-1234.5", "ru"), localized("999", "ru")
    ('-1,234.5', '-1\\xa0234,5', '999')
    """
    symbols = _symbols(lang)
    sign, digits = ("-", plain[1:]) if plain.startswith("-") else ("", plain)
    whole, _, fraction = digits.partition(".")
    size = int(symbols["grouping"])
    groups: list[str] = []
    while len(whole) > size:
        groups.insert(0, whole[-size:])
        whole = whole[:-size]
    groups.insert(0, whole)
    text = str(symbols["group"]).join(groups)
    if fraction:
        text += str(symbols["decimal"]) + fraction
    return (str(symbols["minus"]) if sign else "") + text


def _with_percent_sign(number: str, lang: str) -> str:
    symbols = _symbols(lang)
    return f"{symbols['percent_prefix']}{number}{symbols['percent_suffix']}"


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


def decimal(x: Fraction | int | float, digits: int, lang: str) -> str:
    """``x`` with ``digits`` decimals in ``lang``.

    >>> decimal(Fraction(7, 3), 3, "en"), decimal(Fraction(7, 3), 3, "ru")
    ('2.333', '2,333')
    """
    return localized(f"{float(x):.{digits}f}", lang)


def scientific(x: Fraction, significant: int = 2, lang: str = SOURCE_LANGUAGE) -> str:
    """A positive number as ``5.1×10⁻³³`` (Russian ``5,1×10⁻³³``), computed exactly (no float
    underflow).

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
    times = _symbols(lang)["times"]
    return f"{localized(text, lang)}{times}10{str(exponent).translate(_SUPERSCRIPT)}"


def percent(p: Fraction, digits: int = 2, lang: str = SOURCE_LANGUAGE, bound: bool = False) -> str:
    """A probability in percent with ``digits`` decimals in ``lang``; a tiny non-zero one never
    shows as 0, nor an almost certain one as 100.

    A probability too small for ``digits`` decimals is shown in scientific notation
    (``1.0×10⁻⁷%``), or with ``bound`` as the bound it is under (``<0.01%``).

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 3), 2, "ru")
    ('33.33%', '33,33\\xa0%')
    >>> percent(Fraction(1, 10**9)), percent(Fraction(1, 10**9), 2, "en", bound=True)
    ('1.0×10⁻⁷%', '<0.01%')
    """
    if p == 0:
        return _with_percent_sign("0", lang)
    if p == 1:
        return _with_percent_sign("100", lang)
    text = f"{float(p) * 100:.{digits}f}"
    if float(text) == 0:
        if bound:
            return "<" + _with_percent_sign(localized(f"{10**-digits:.{digits}f}", lang), lang)
        return _with_percent_sign(scientific(p * 100, lang=lang), lang)
    if float(text) == 100:
        return ">" + _with_percent_sign(localized(f"{100 - 10**-digits:.{digits}f}", lang), lang)
    return _with_percent_sign(localized(text, lang), lang)


def significant(x: Fraction | float, digits: int, lang: str) -> str:
    """``x`` to ``digits`` significant digits in ``lang``; a tiny or huge one as a power of ten.

    >>> significant(Fraction(2, 3), 6, "ru"), significant(Fraction(1, 7 * 10**9), 3, "en")
    ('0,666667', '1.43×10⁻¹⁰')
    """
    text = format(float(x), f".{digits}g")
    if "e" in text or "inf" in text or "nan" in text:
        exact = Fraction(x)
        if exact > 0:
            return scientific(exact, digits, lang)
        if exact < 0:
            return str(_symbols(lang)["minus"]) + scientific(-exact, digits, lang)
    return localized(text, lang)


@dataclass(frozen=True, slots=True)
class Percent:
    """A probability as a message parameter: shown in percent in the message's language."""

    value: Fraction
    digits: int = 2
    bound: bool = False

    def render(self, lang: str) -> str:
        return percent(self.value, self.digits, lang, self.bound)


@dataclass(frozen=True, slots=True)
class Decimal:
    """A number as a message parameter: shown with ``digits`` decimals in the message's
    language."""

    value: Fraction | int | float
    digits: int

    def render(self, lang: str) -> str:
        return decimal(self.value, self.digits, lang)


@dataclass(frozen=True, slots=True)
class Significant:
    """A number as a message parameter: ``digits`` significant digits in the message's
    language."""

    value: Fraction | float
    digits: int

    def render(self, lang: str) -> str:
        return significant(self.value, self.digits, lang)
