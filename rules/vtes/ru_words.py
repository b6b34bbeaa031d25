"""Russian number agreement for the VTES trace texts.

A Russian noun after a number takes one of three forms: the "one" form after 1, 21, 31, ...
(but not 11), the "few" form after 2-4, 22-24, ... (but not 12-14), and the "many" form
otherwise (0, 5-20, 25-30, ...).

>>> blood(1), blood(2), blood(5)
('1 литр крови', '2 литра крови', '5 литров крови')
>>> damage(1, "aggravated"), damage(3, "aggravated"), damage(11, "normal")
('1 неизлечимое повреждение', '3 неизлечимых повреждения', '11 обычных повреждений')
>>> victory_points(1), victory_points(2), victory_points(Fraction(1, 2))
('1 победное очко', '2 победных очка', '1/2 победного очка')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from rules.russian import count, noun_form

__all__ = [
    "STATE",
    "blood",
    "count",
    "damage",
    "damage_genitive",
    "form",
    "life",
    "pool",
    "transfers",
    "vampires",
    "victory_points",
]

STATE = {"ready": "готов", "torpor": "в ступоре", "burned": "сожжён"}
"""A minion's state (``MinionState`` values) as the Russian traces and messages name it."""

Form = Literal["one", "few", "many"]


def form(n: int) -> Form:
    """Which of the three noun forms follows the whole number ``n``."""
    found: Form = noun_form(n, "one", "few", "many")  # type: ignore[assignment]
    return found


def blood(n: int) -> str:
    """Blood counters, as the Russian rulebook counts them: 1 литр крови, 2 литра, 5 литров."""
    return count(n, "литр крови", "литра крови", "литров крови")


def pool(n: int) -> str:
    """Pool counters: 1 пул, 3 пула, 6 пула (the reference's usage)."""
    return count(n, "пул", "пула", "пула")


def life(n: int) -> str:
    return count(n, "жизнь", "жизни", "жизней")


def transfers(n: int) -> str:
    return count(n, "трансфер", "трансфера", "трансферов")


def vampires(n: int) -> str:
    return count(n, "вампир", "вампира", "вампиров")


_DAMAGE_FORMS: dict[str, tuple[str, str, str]] = {
    "": ("повреждение", "повреждения", "повреждений"),
    "normal": ("обычное повреждение", "обычных повреждения", "обычных повреждений"),
    "aggravated": (
        "неизлечимое повреждение",
        "неизлечимых повреждения",
        "неизлечимых повреждений",
    ),
}


_DAMAGE_GENITIVE: dict[str, tuple[str, str]] = {
    "": ("повреждения", "повреждений"),
    "normal": ("обычного повреждения", "обычных повреждений"),
    "aggravated": ("неизлечимого повреждения", "неизлечимых повреждений"),
}


def damage_genitive(n: int, kind: str = "") -> str:
    """Damage after "из" or "больше": из 1 обычного повреждения, из 21 обычного повреждения,
    из 2 обычных повреждений.

    >>> damage_genitive(21, "normal"), damage_genitive(3, "normal"), damage_genitive(11)
    ('21 обычного повреждения', '3 обычных повреждений', '11 повреждений')
    """
    singular, plural = _DAMAGE_GENITIVE[kind]
    return f"{n} {singular if n % 10 == 1 and n % 100 != 11 else plural}"


def damage(n: int, kind: str = "") -> str:
    """Points of damage; ``kind`` is ``""``, ``"normal"`` or ``"aggravated"``."""
    return count(n, *_DAMAGE_FORMS[kind])


def victory_points(vp: Fraction | int) -> str:
    """Victory points; a fraction of a point takes the genitive singular (1/2 очка)."""
    value = Fraction(vp)
    if value.denominator != 1:
        return f"{value.numerator}/{value.denominator} победного очка"
    return count(value.numerator, "победное очко", "победных очка", "победных очков")
