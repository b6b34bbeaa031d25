"""The state of a Fury of Dracula combat between rounds, and the report of one round.

:class:`CombatState` holds everything the next round depends on; :class:`RoundReport` is what
:func:`rules.dracula.combat.resolve_round` returns. ``checked_state`` and ``checked_table``
refuse anything else where an engine expects them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.dracula.blood import MAX_BLOOD
from rules.dracula.cards import CardTable, CombatResult, default_table
from rules.dracula.hunters import NO_SITUATION, Hunter, Opponent, Situation
from rules.i18n import msg_p
from rules.trace import Step
from rules.validation import present

__all__ = ["CombatState", "RoundReport", "checked_state", "checked_table"]


@dataclass(frozen=True, slots=True)
class CombatState:
    """Everything the next round depends on.

    ``hunter_last`` / ``enemy_last``: cards left on the table from the previous round (they
    cannot be chosen now). ``dodge_bonus``: the side that played Dodge and won the previous roll
    (+1 now). ``repel``: Dracula was repelled last round. ``round``: the number of the next round.
    ``ended``: an ending key of ``ENDINGS`` once the combat is over.
    """

    hunters: tuple[Hunter, ...]
    opponent: Opponent
    situation: Situation = NO_SITUATION
    blood: int = MAX_BLOOD
    hunter_last: tuple[str | None, ...] = ()
    enemy_last: str | None = None
    continues: int = 0
    repel: bool = False
    dodge_bonus: str | None = None
    round: int = 1
    destroyed: tuple[str, ...] = ()
    ended: str | None = None

    @property
    def hunter(self) -> Hunter:
        """The only (or first) hunter."""
        return self.hunters[0]


@dataclass(frozen=True, slots=True)
class RoundReport:
    """The outcome of one round (``rerolled``: equal totals and initiative, roll again)."""

    state: CombatState
    winner: str | None
    result: CombatResult | None
    hunter_total: int
    enemy_total: int
    rerolled: bool
    steps: tuple[Step, ...]


def checked_table(table: CardTable | None) -> CardTable:
    """The card table given, or the default one when none is given."""
    if table is None:
        return default_table()
    return present(msg_p("dracula", "table"), table, CardTable)


def checked_state(state: CombatState) -> CombatState:
    """``state`` itself, refused unless it is a combat state."""
    return present(msg_p("dracula", "state"), state, CombatState)
