"""A combatant while the combat runs: blood or life, strength and the effects in force.

Every card effect that lasts (this round or the rest of the combat) is one :class:`Lasting`
kept by the minion who played it: what it does to that minion (strength, aggravated hands,
prevention, extra strikes, limits on itself) and what it does to the opposing minion
(environmental damage, damage at the press step, restrictions, card costs, strength). The
round player reads the effects in force at each step and drops those of the round when it
ends, or all of them when a new combat starts.

Strength follows the card rulings: a card that *sets* strength (Torn Signpost) replaces
the base value, and every "+N strength" or "-N strength" effect adds to it
(vtes:6.4.11); it never goes below 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.i18n import Message, msg_p
from rules.vtes.combat_report import CombatantState
from rules.vtes.models import Ally, MinionState, Vampire
from rules.vtes.scenario import Combatant, Equipment, Retainer, Side
from rules.vtes.scenario_effects import DamageBonus, LastingPrevention

__all__ = ["Fighter", "Lasting", "Span"]

Span = Literal["round", "combat"]


@dataclass
class Lasting:
    """An effect in force, kept by the minion who played it (see the module's documentation)."""

    name: str
    span: Span
    says: str = ""
    """The words of the card the effect stands for (quoted when it forbids a play)."""
    requires: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    # on the minion who played it
    strength: int = 0
    set_strength: int | None = None
    hand_aggravated: bool = False
    prevent: LastingPrevention | None = None
    budget: int = 0
    """Prevention points still available this round (``prevent.each_round``)."""
    damage_bonus: DamageBonus | None = None
    discount: int = 0
    restrict_self: tuple[str, ...] = ()
    extra_strikes: int = 0
    frenzy_immune: bool = False
    coin_dodge: bool = False
    acid: str | None = None
    # on the opposing minion
    environmental: int = 0
    env_close_only: bool = False
    unpreventable: bool = False
    press_damage: int = 0
    restrict: tuple[str, ...] = ()
    trap_press: bool = False
    card_cost: int = 0
    opponent_strength: int = 0
    weather: int = 0
    escalates: bool = False
    weather_rounds: int = 0


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
    new_this_round: set[str] = field(default_factory=set)
    """Weapons put in play this round, usable from the next round (Molotov Cocktail)."""
    drained: int = 0
    damage_taken: int = 0
    damage_prevented: int = 0
    unlocked: bool = False
    effects: list[Lasting] = field(default_factory=list)
    """The lasting effects this minion played that are in force."""
    foe: Fighter | None = None
    # per round: what it lost and took, by the source of the damage
    blood_lost_round: int = 0
    taken_round: dict[str, int] = field(default_factory=dict)
    """Damage successfully inflicted on this minion this round, by source (``"strike"``,
    ``"card"``, ``"environment"``, ``"retainer"``)."""
    dealt_round: int = 0
    """Damage points dealt to this minion this round, before prevention (any source)."""
    played: dict[tuple[str, str], int] = field(default_factory=dict)
    """Cards played, by (``"round"`` or ``"combat"``, group), for "only one each" limits."""
    counters: dict[str, int] = field(default_factory=dict)
    """Counters on this minion's equipment (Weighted Walking Stick)."""
    weapon_damage: dict[str, int] = field(default_factory=dict)
    """Damage each opposing weapon has inflicted on this minion this combat (Wooden Stake)."""
    recoiled: set[str] = field(default_factory=set)
    """Weapons whose once-each-combat damage to their bearer was already taken (Zip Gun)."""
    persisting: str | None = None
    """The card keeping this wounded vampire out of torpor until the combat ends."""

    @classmethod
    def start(cls, c: Combatant, side: Side) -> Fighter:
        amount = c.blood if c.kind == "vampire" else c.life
        assert amount is not None
        fighter = cls(
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
        for item in c.equipment:
            if item.counters is not None:
                fighter.counters[item.name] = item.counters
        return fighter

    @property
    def strength(self) -> int:
        """Base (or set) strength plus every modifier in force; never below 0."""
        base = self.base_strength
        for effect in self.effects:
            if effect.set_strength is not None:
                base = effect.set_strength
        total = base + sum(e.strength for e in self.effects)
        total += sum(item.strength for item in self.equipment)
        if self.foe is not None:
            total += sum(e.opponent_strength for e in self.foe.effects)
        return max(0, total)

    @property
    def ready(self) -> bool:
        return self.state is MinionState.READY

    @property
    def unit(self) -> str:
        return "blood" if self.kind == "vampire" else "life"

    def damage_by_minion(self) -> int:
        """Damage the opposing minion itself successfully inflicted on this one this round
        (its strikes and its own card effects; not environmental or retainer damage)."""
        return self.taken_round.get("strike", 0) + self.taken_round.get("card", 0)

    def hand_aggravated_by(self) -> str | None:
        """The card making this fighter's hand strikes aggravated now, if any."""
        for effect in self.effects:
            if effect.hand_aggravated:
                return effect.name
        return None

    def in_force(self, name: str) -> bool:
        return any(e.name == name for e in self.effects)

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

    def end_round(self) -> None:
        """Undo what lasted this round; prevention each round is available again."""
        self.effects = [e for e in self.effects if e.span != "round"]
        for effect in self.effects:
            if effect.prevent is not None:
                effect.budget = effect.prevent.each_round

    def new_round(self) -> None:
        """A round starts: what is counted each round starts from nothing."""
        self.stolen_this_round.clear()
        self.new_this_round.clear()
        self.blood_lost_round = 0
        self.taken_round = {}
        self.dealt_round = 0
        self.played = {k: v for k, v in self.played.items() if k[0] != "round"}

    def new_combat(self) -> None:
        """A queued combat starts afresh: every lasting effect and per-combat count is over."""
        self.effects.clear()
        self.played.clear()
        self.recoiled.clear()

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
