"""Hits landing in a round of VTES combat (sections 6.4.6, 6.4.7, 6.4.5): blood stolen and
gained, equipment taken or burned, damage dealt to minions and retainers with prevention capped
by the cards played, and what a burned minion loses with it.

:class:`HitSteps` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes import (
    Ally,
    DamageResult,
    MinionState,
    Retainer,
    Vampire,
    resolve_damage,
)
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import DAMAGE, EFFECTS, RETAINERS
from rules.vtes.combat_effects import Hit as _Hit
from rules.vtes.combat_fighter import Fighter as _Fighter
from rules.vtes.combat_strike_cards import StrikeCards
from rules.vtes.scenario import (
    SIDES,
    Equipment,
    Side,
    other,
)

__all__ = ["HitSteps"]


def _takes(name: str, damage: Message) -> Message:
    return msg("{name} takes {damage}.", name=name, damage=damage)


def _loses_life(name: str, lost: int, left: int) -> Message:
    return msg("{name} loses {lost} ({life} left).", name=name, lost=words.life(lost), life=left)


class HitSteps(StrikeCards):
    """Applying the hits of a pair of strikes: steals, equipment, damage."""

    def _apply_steals(
        self, hits: Mapping[Side, _Hit], retainer_hits: Mapping[tuple[Side, str], _Hit]
    ) -> None:
        taken: dict[Side, int] = {}
        for side, hit in hits.items():
            if hit.steal:
                taken[side] = min(hit.steal, self.f[side].amount)
        for (side, name), hit in retainer_hits.items():
            if hit.steal:
                life = self.f[side].retainers[name]
                got = min(hit.steal, life)
                self.f[side].retainers[name] = life - got
                thief = self.f[other(side)]
                self._gain(thief, got, name, "life")
                if life - got == 0:
                    del self.f[side].retainers[name]
                    self.trace.add(
                        RETAINERS,
                        msg_p("retainer", "{name} has no life left and is burned.", name=name),
                    )
                    self._say(msg("{name} has no life left and is burned.", name=name))
        for side, got in taken.items():
            victim = self.f[side]
            victim.amount -= got
        for side, got in taken.items():
            victim = self.f[side]
            self._gain(self.f[other(side)], got, victim.name, victim.unit)
        # Thefts are simultaneous: an ally is burned only if it ends them with no life.
        for side in taken:
            victim = self.f[side]
            if victim.kind == "ally" and victim.amount == 0 and victim.ready:
                victim.state = MinionState.BURNED
                self.trace.add(
                    EFFECTS,
                    msg_p("ally", "{name} has no life left and is burned.", name=victim.name),
                )
                self._say(msg("{name} has no life left and is burned.", name=victim.name))
                self._burn_possessions(victim)

    def _gain(self, thief: _Fighter, got: int, source: str, unit: str) -> None:
        if got == 0:
            if unit == "blood":
                self.trace.add(
                    EFFECTS, msg("{source} has no blood left, so nothing is stolen.", source=source)
                )
            else:
                self.trace.add(
                    EFFECTS, msg("{source} has no life left, so nothing is stolen.", source=source)
                )
            self._say(
                msg("{other} has nothing left for {name} to steal.", name=thief.name, other=source)
            )
            return
        before = thief.amount
        thief.amount += got
        self.trace.add(
            EFFECTS,
            msg(
                "{name} steals {amount} from {source}: stealing is not damage, cannot be "
                "prevented and happens before damage is mended ({before} -> {after}).",
                name=thief.name,
                amount=words.unit_amount(got, unit),
                source=source,
                before=before,
                after=thief.amount,
            ),
        )
        self._say(
            msg(
                "{name} steals {amount} from {other} (stealing is not damage and cannot be "
                "prevented).",
                name=thief.name,
                other=source,
                amount=words.unit_amount(got, unit),
            )
        )
        if thief.capacity is not None and thief.amount > thief.capacity:
            excess = thief.amount - thief.capacity
            self.trace.add(
                EFFECTS,
                msg(
                    "{name} now has {blood} but capacity {capacity}: {excess} drains to the "
                    "blood bank at once.",
                    name=thief.name,
                    blood=words.blood(thief.amount),
                    capacity=thief.capacity,
                    excess=words.blood(excess),
                ),
            )
            self._say(
                msg(
                    "{name} now has {blood} blood but capacity {capacity}: {excess} drains to "
                    "the bank.",
                    name=thief.name,
                    blood=thief.amount,
                    capacity=thief.capacity,
                    excess=words.blood(excess),
                )
            )
            thief.drained += excess
            thief.amount = thief.capacity

    def _apply_equipment(self, hits: Mapping[Side, _Hit]) -> None:
        for side, hit in hits.items():
            victim = self.f[side]
            thief = self.f[other(side)]
            if hit.destroy is not None:
                item = victim.carried(hit.destroy)
                if item is not None:
                    victim.equipment.remove(item)
                    self.trace.add(
                        EFFECTS,
                        msg(
                            "{name}'s strike burns {other}'s {item}; it worked until this strike "
                            "resolved.",
                            name=thief.name,
                            other=victim.name,
                            item=item.name,
                        ),
                    )
                    self._say(
                        msg(
                            "{name}'s strike burns {other}'s {item}.",
                            name=thief.name,
                            other=victim.name,
                            item=item.name,
                        )
                    )
            if hit.take is not None:
                item = victim.carried(hit.take)
                if item is not None:
                    victim.equipment.remove(item)
                    name = item.name
                    while thief.carried(name) is not None:
                        name = f"{name} #2"
                    thief.equipment.append(Equipment(name, item.strike))
                    thief.stolen_this_round.add(name)
                    self.trace.add(
                        EFFECTS,
                        msg(
                            "{name} takes {item} from {other}; the new holder cannot use it "
                            "this round and keeps it after the combat.",
                            name=thief.name,
                            item=item.name,
                            other=victim.name,
                        ),
                    )
                    self._say(
                        msg(
                            "{name} takes {item} from {other}; it cannot be used by {name} this "
                            "round.",
                            name=thief.name,
                            other=victim.name,
                            item=name,
                        )
                    )

    def _apply_damage(
        self, hits: Mapping[Side, _Hit], retainer_hits: Mapping[tuple[Side, str], _Hit]
    ) -> None:
        for side in SIDES:
            hit = hits.get(side)
            if hit is None or not (hit.normal or hit.aggravated):
                continue
            self._damage_minion(self.f[side], hit)
        for (side, name), hit in retainer_hits.items():
            if not (hit.normal or hit.aggravated):
                continue
            owner = self.f[side]
            if name not in owner.retainers:
                continue
            result = self._resolve_hit(Retainer(name, owner.retainers[name]), hit)
            self.trace.extend(result.steps)
            total = hit.normal + hit.aggravated - hit.prevented
            self._say(_takes(name, words.damage(total)))
            if result.state is MinionState.BURNED:
                del owner.retainers[name]
                self._say(msg("{name} is burned.", name=name))
            else:
                owner.retainers[name] = result.blood
                self._say(_loses_life(name, total, result.blood))

    def _resolve_hit(self, minion: Vampire | Ally | Retainer, hit: _Hit) -> DamageResult:
        """One strike's damage on ``minion``. One strike per side per pair, so the damage is
        all normal or all aggravated; prevention comes off the normal damage first."""
        prevent_n = min(hit.prevented, hit.normal)
        if hit.prevented > hit.normal + hit.aggravated:
            self._cap_prevention(minion.name, hit)
        return resolve_damage(
            minion,
            normal=hit.normal,
            aggravated=hit.aggravated,
            prevent_normal=prevent_n,
            prevent_aggravated=min(hit.prevented - prevent_n, hit.aggravated),
            rules=self.rules,
        )

    def _cap_prevention(self, name: str, hit: _Hit) -> None:
        """Prevention typed as printed may exceed the strike's damage: the rest is lost."""
        dealt = hit.normal + hit.aggravated
        rest = hit.prevented - dealt
        self.trace.add(
            DAMAGE,
            msg_n(
                "{name} prevents {prevented} against {dealt}: all of it is prevented, and the "
                "remaining {n} prevents nothing (ruling G00153).",
                "{name} prevents {prevented} against {dealt}: all of it is prevented, and the "
                "remaining {n} prevent nothing (ruling G00153).",
                rest,
                name=name,
                prevented=hit.prevented,
                dealt=words.damage(dealt),
            ),
        )
        hit.prevented = dealt

    def _damage_minion(self, fighter: _Fighter, hit: _Hit) -> None:
        if not fighter.ready:
            self.trace.add(
                DAMAGE,
                msg(
                    "{name} is already burned, so the damage has nothing to hit.",
                    name=fighter.name,
                ),
            )
            return
        before = fighter.amount
        result = self._resolve_hit(fighter.minion(), hit)
        self.trace.extend(result.steps)
        through = hit.normal + hit.aggravated - hit.prevented
        fighter.damage_taken += through
        fighter.damage_round += through
        fighter.damage_prevented += hit.prevented
        if fighter.kind == "vampire":
            fighter.blood_lost_round += result.mended + result.paid
            fighter.wounded = result.wounded
        total = hit.normal + hit.aggravated
        if hit.aggravated and hit.normal:
            self._say(
                msg(
                    "{name} takes {damage} and {aggravated}.",
                    name=fighter.name,
                    damage=words.damage(hit.normal),
                    aggravated=words.aggravated(hit.aggravated),
                )
            )
        elif hit.aggravated:
            self._say(_takes(fighter.name, words.aggravated(total)))
        else:
            self._say(_takes(fighter.name, words.damage(total)))
        if hit.prevented:
            self._say(
                msg(
                    "{name} prevents {damage}.",
                    name=fighter.name,
                    damage=words.damage(hit.prevented),
                )
            )
        fighter.amount = result.blood
        fighter.state = result.state
        if fighter.kind == "vampire":
            if result.state is MinionState.BURNED:
                self._say(msg("{name} is burned.", name=fighter.name))
            elif result.state is MinionState.TORPOR:
                self._say(
                    msg(
                        "{name} cannot mend all the damage: wounded, it goes to torpor with "
                        "{blood}.",
                        name=fighter.name,
                        blood=words.blood(result.blood),
                    )
                )
            elif result.mended:
                self._say(
                    msg(
                        "{name} burns {mended} to mend the damage ({blood} blood left).",
                        name=fighter.name,
                        mended=words.blood(result.mended),
                        blood=result.blood,
                    )
                )
            elif through == 0:
                self._say(msg("No damage reaches {name}.", name=fighter.name))
        else:
            lost = before - result.blood
            if result.state is MinionState.BURNED:
                self._say(msg("{name} is burned.", name=fighter.name))
            elif lost:
                self._say(_loses_life(fighter.name, lost, result.blood))
            else:
                self._say(msg("No damage reaches {name}.", name=fighter.name))
        if result.state is MinionState.BURNED:
            self._burn_possessions(fighter)

    def _burn_possessions(self, fighter: _Fighter) -> None:
        if fighter.retainers:
            self.trace.add(
                RETAINERS,
                msg_p("trace", "{name}'s retainers are burned with it.", name=fighter.name),
            )
            self._say(msg("{name}'s retainers are burned with it.", name=fighter.name))
        fighter.retainers.clear()
        fighter.equipment.clear()
        fighter.amount = 0
