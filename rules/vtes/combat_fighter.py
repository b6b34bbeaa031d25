"""A combatant while the combat runs: blood or life, strength and the effects on it.

Strength follows the card rulings: a card that *sets* strength (Torn Signpost) replaces
the base value, and every "+N strength" or "-N strength" effect adds to it
(vtes:6.4.11). Effects lasting one round are undone at the end of the round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.i18n import Message, msg_p
from rules.vtes.combat_report import CombatantState
from rules.vtes.models import Ally, MinionState, Vampire
from rules.vtes.scenario import Combatant, Equipment, Retainer, Side

__all__ = ["Fighter", "Lasting"]


@dataclass
class Lasting:
    """An effect in force on one fighter: this round only, or for the rest of the combat."""

    name: str
    this_round: bool
    environmental: int = 0
    press_damage: int = 0
    restrict: tuple[str, ...] = ()
    trap_press: bool = False


@dataclass
class Fighter:
    side: Side
    name: str
    kind: str
    capacity: int | None
    amount: int
    base_strength: int
    equipment: list[Equipment]
    retainers: dict[str, int]
    retainer_damage: dict[str, int] = field(default_factory=dict)
    state: MinionState = MinionState.READY
    wounded: bool = False
    stolen_this_round: set[str] = field(default_factory=set)
    drained: int = 0
    damage_taken: int = 0
    damage_prevented: int = 0
    unlocked: bool = False
    bonus: int = 0
    round_bonus: int = 0
    hand_aggravated: str | None = None
    hand_aggravated_round: str | None = None
    # what this fighter's cards do to the other side (Carrion Crows, Drawing Out the Beast)
    against: list[Lasting] = field(default_factory=list)
    # per round: what it lost and took, for Taste of Vitae and Disarm
    blood_lost_round: int = 0
    damage_round: int = 0

    @classmethod
    def start(cls, c: Combatant, side: Side) -> Fighter:
        amount = c.blood if c.kind == "vampire" else c.life
        assert amount is not None
        return cls(
            side=side,
            name=c.name,
            kind=c.kind,
            capacity=c.capacity,
            amount=amount,
            base_strength=c.strength,
            equipment=list(c.equipment),
            retainers={r.name: r.life for r in c.retainers},
            retainer_damage={r.name: r.damage for r in c.retainers if r.damage},
            wounded=c.wounded,
        )

    @property
    def strength(self) -> int:
        """Base (or set) strength plus every modifier in force; never below 0."""
        return max(0, self.base_strength + self.bonus + self.round_bonus)

    @property
    def ready(self) -> bool:
        return self.state is MinionState.READY

    @property
    def unit(self) -> str:
        return "blood" if self.kind == "vampire" else "life"

    def hand_aggravated_by(self) -> str | None:
        """The card making this fighter's hand strikes aggravated now, if any."""
        return self.hand_aggravated_round or self.hand_aggravated

    def employ(self, retainer: Retainer) -> str:
        name = retainer.name
        while name in self.retainers:
            name = f"{name} #2"
        self.retainers[name] = retainer.life
        if retainer.damage:
            self.retainer_damage[name] = retainer.damage
        return name

    def carried(self, name: str) -> Equipment | None:
        for item in self.equipment:
            if item.name == name:
                return item
        return None

    def equipment_names(self) -> tuple[str, ...] | Message:
        """The equipment carried, or a message saying there is none."""
        return tuple(e.name for e in self.equipment) or msg_p("equipment", "nothing")

    def minion(self) -> Vampire | Ally:
        if self.kind == "vampire":
            assert self.capacity is not None
            return Vampire(
                self.name,
                self.capacity,
                self.amount,
                self.strength,
                self.state,
                wounded=self.wounded and self.state is MinionState.READY,
            )
        return Ally(self.name, self.amount, self.strength)

    def report(self) -> CombatantState:
        vampire = self.kind == "vampire"
        return CombatantState(
            name=self.name,
            kind="vampire" if vampire else "ally",
            state=self.state,
            blood=self.amount if vampire else None,
            life=None if vampire else self.amount,
            capacity=self.capacity,
            strength=self.strength,
            equipment=tuple(e.name for e in self.equipment),
            retainers=dict(self.retainers),
            drained=self.drained,
            damage_taken=self.damage_taken,
            damage_prevented=self.damage_prevented,
            unlocked=self.unlocked,
            wounded=vampire and (self.wounded or self.state is not MinionState.READY),
        )
