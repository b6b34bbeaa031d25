"""Exact shares of a Fury of Dracula combat's endings: kept as integers over one denominator
(:class:`Shares`), and written in a trace as the exact fraction or, when that is too long to
read (a long combat's fractions run to thousands of digits, past what ``str()`` accepts), as
its value to ten significant digits with the length of the exact denominator."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from fractions import Fraction
from typing import TypeVar

from rules.dracula.words import ENDINGS, semicolons
from rules.i18n import Message, msg
from rules.i18n.numbers import Significant

__all__ = ["Shares", "outcome_shares", "share_text"]

K = TypeVar("K", bound=Hashable)


class Shares(Mapping[K, Fraction]):
    """Exact probabilities kept as integer numerators over one common denominator, each
    reduced to a fraction when first read (a long combat has hundreds of endings whose
    denominators run to thousands of digits: reducing all of them costs more than solving)."""

    __slots__ = ("_den", "_nums", "_reduced")

    def __init__(self, nums: dict[K, int], den: int) -> None:
        self._nums = nums
        self._den = den
        self._reduced: dict[K, Fraction] = {}

    def __getitem__(self, key: K) -> Fraction:
        found = self._reduced.get(key)
        if found is None:
            found = Fraction(self._nums[key], self._den)
            self._reduced[key] = found
        return found

    def __iter__(self) -> Iterator[K]:
        return iter(self._nums)

    def __len__(self) -> int:
        return len(self._nums)

    def __repr__(self) -> str:
        return f"{{{', '.join(f'{k!r}: {v!r}' for k, v in self.items())}}}"


def share_text(p: Fraction) -> Message | str:
    """``'7/36'``, or for a fraction too long to read, its value to ten significant digits and
    the length of its exact denominator (a message, shown in the reader's language)."""
    if max(p.numerator.bit_length(), p.denominator.bit_length()) <= 128:
        return str(p)
    digits = int(p.denominator.bit_length() * 0.30103) + 1
    return msg(
        "≈{value} (exact: a fraction with a denominator of about {digits} digits)",
        value=Significant(p, 10),
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
