"""Russian number agreement for the VTES trace texts.

A Russian noun after a number takes one of three forms: the "one" form after 1, 21, 31, ...
(but not 11), the "few" form after 2-4, 22-24, ... (but not 12-14), and the "many" form
otherwise (0, 5-20, 25-30, ...).

>>> blood(1), blood(2), blood(5)
('1 литр крови', '2 литра крови', '5 литров крови')
>>> damage(1, "aggravated"), damage(3, "aggravated"), damage(11, "normal")
('1 неизлечимое повреждение', '3 неизлечимых повреждения', '11 обычных повреждений')
"""

from __future__ import annotations

from rules.russian import count

__all__ = ["STATE", "blood", "count", "damage", "life", "pool"]

STATE = {"ready": "готов", "torpor": "в ступоре", "burned": "сожжён"}
"""A minion's state (``MinionState`` values) as the Russian traces and messages name it."""


def blood(n: int) -> str:
    """Blood counters, as the Russian rulebook counts them: 1 литр крови, 2 литра, 5 литров."""
    return count(n, "литр крови", "литра крови", "литров крови")


def pool(n: int) -> str:
    """Pool counters: 1 пул, 3 пула, 6 пула (the reference's usage)."""
    return count(n, "пул", "пула", "пула")


def life(n: int) -> str:
    return count(n, "жизнь", "жизни", "жизней")


_DAMAGE_FORMS: dict[str, tuple[str, str, str]] = {
    "": ("повреждение", "повреждения", "повреждений"),
    "normal": ("обычное повреждение", "обычных повреждения", "обычных повреждений"),
    "aggravated": (
        "неизлечимое повреждение",
        "неизлечимых повреждения",
        "неизлечимых повреждений",
    ),
}


def damage(n: int, kind: str = "") -> str:
    """Points of damage; ``kind`` is ``""``, ``"normal"`` or ``"aggravated"``."""
    return count(n, *_DAMAGE_FORMS[kind])
