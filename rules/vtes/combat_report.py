"""What a resolved combat reports: the combatants afterwards, each round, the trace.

:class:`CombatReport` is the result of :func:`rules.vtes.combat.resolve`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.i18n import Message
from rules.trace import Step
from rules.vtes.models import MinionState

__all__ = ["CombatReport", "CombatantState", "RoundReport"]

Range = Literal["close", "long"]


@dataclass(frozen=True, slots=True)
class CombatantState:
    """A combatant after the combat.

    ``blood`` and ``capacity`` are set for a vampire, ``life`` for an ally (the other is
    None). ``retainers`` maps each surviving retainer to its life. ``drained`` is the blood
    lost to the bank because stolen blood went above capacity; ``damage_taken`` counts the
    damage points that got through prevention, ``damage_prevented`` those prevented.
    """

    name: str
    kind: Literal["vampire", "ally"]
    state: MinionState
    blood: int | None
    life: int | None
    capacity: int | None
    strength: int
    equipment: tuple[str, ...]
    retainers: dict[str, int] = field(default_factory=dict)
    drained: int = 0
    damage_taken: int = 0
    damage_prevented: int = 0
    unlocked: bool = False
    wounded: bool = False

    @property
    def amount(self) -> int:
        """Blood (vampire) or life (ally)."""
        value = self.blood if self.kind == "vampire" else self.life
        return value or 0


@dataclass(frozen=True, slots=True)
class RoundReport:
    """One round: its range, whether an uncancelled press continued the combat, its story."""

    number: int
    range: Range
    maneuvers: tuple[str, ...]
    continued: bool
    ended: bool
    sentences: tuple[Message, ...]
    steps: tuple[Step, ...]

    @property
    def narrative(self) -> tuple[str, ...]:
        """The round's story in English, one plain sentence per item."""
        return self.narrative_in("en")

    def narrative_in(self, lang: str) -> tuple[str, ...]:
        return tuple(s.render(lang) for s in self.sentences)


@dataclass(frozen=True, slots=True)
class CombatReport:
    """The outcome of a combat scenario.

    ``ended_by`` says why the combat stopped: ``"combat_ends"`` (a combat-ends strike),
    ``"not_ready"`` (a combatant went to torpor or was burned), ``"no_press"`` (no
    uncancelled press after the last round) or ``"open"`` (a press stands but the next
    round is not in the scenario).
    """

    acting: CombatantState
    opposing: CombatantState
    rounds: tuple[RoundReport, ...]
    steps: tuple[Step, ...]
    ended_by: str
    rules: str = "black-hand"
    opening: tuple[Message, ...] = ()
    closing: tuple[Message, ...] = ()

    @property
    def narrative(self) -> tuple[str, ...]:
        """The whole combat in English, one plain sentence per item."""
        return self.narrative_in("en")

    @property
    def narrative_ru(self) -> tuple[str, ...]:
        return self.narrative_in("ru")

    def narrative_in(self, lang: str) -> tuple[str, ...]:
        out = [s.render(lang) for s in self.opening]
        for r in self.rounds:
            out.extend(r.narrative_in(lang))
        out.extend(s.render(lang) for s in self.closing)
        return tuple(out)

    def combatant(self, side: str) -> CombatantState:
        return self.acting if side == "acting" else self.opposing
