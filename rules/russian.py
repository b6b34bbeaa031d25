"""Russian number agreement, shared by every engine's Russian trace texts.

A Russian noun after a whole number takes one of three forms: the "one" form after 1, 21, 31, ...
(but not 11), the "few" form after 2-4, 22-24, ... (but not 12-14), and the "many" form otherwise
(0, 5-20, 25-30, ...).

>>> noun_form(1, "кубик", "кубика", "кубиков"), noun_form(12, "кубик", "кубика", "кубиков")
('кубик', 'кубиков')
>>> count(22, "раунд", "раунда", "раундов")
'22 раунда'
"""

from __future__ import annotations

__all__ = ["count", "noun_form"]


def noun_form(n: int, one: str, few: str, many: str) -> str:
    """The form of a noun counted by the whole number ``n``."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def count(n: int, one: str, few: str, many: str) -> str:
    """``n`` followed by the noun form that agrees with it."""
    return f"{n} {noun_form(n, one, few, many)}"
