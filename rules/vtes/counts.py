"""Counted quantities of VTES as catalog messages: blood, life, pool, damage, transfers.

Each returns a :class:`~rules.i18n.Message` counted by ``n``, so every language takes its
plural forms from its catalog (Russian has three: for 1, for 2-4 and for 5-20).

>>> blood(2).render("en"), transfers(1).render("en"), damage(3, "aggravated").render("en")
('2 blood', '1 transfer', '3 aggravated damage')
>>> len({blood(n).render("ru").split(" ", 1)[1] for n in (1, 2, 5)})
3
"""

from __future__ import annotations

from rules.i18n import Message, msg_n

__all__ = ["blood", "damage", "life", "pool", "transfers"]


def blood(n: int) -> Message:
    """``n`` blood counters."""
    return msg_n("{n} blood", "{n} blood", n)


def life(n: int) -> Message:
    """``n`` life counters (of an ally or a retainer)."""
    return msg_n("{n} life", "{n} life", n)


def pool(n: int) -> Message:
    """``n`` pool counters."""
    return msg_n("{n} pool", "{n} pool", n)


def transfers(n: int) -> Message:
    """``n`` transfers of the influence phase."""
    return msg_n("{n} transfer", "{n} transfers", n)


def damage(n: int, kind: str = "") -> Message:
    """``n`` points of damage; ``kind`` is ``""``, ``"normal"`` or ``"aggravated"``."""
    if kind == "normal":
        return msg_n("{n} normal damage", "{n} normal damage", n)
    if kind == "aggravated":
        return msg_n("{n} aggravated damage", "{n} aggravated damage", n)
    return msg_n("{n} damage", "{n} damage", n)
