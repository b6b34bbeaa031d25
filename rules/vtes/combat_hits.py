"""Hits landing in a round of VTES combat (sections 6.4.6, 6.4.7, 6.4.5): blood stolen and
gained, equipment taken or burned, damage dealt to minions and retainers with prevention capped
by the cards played, and what a burned minion loses with it.

:class:`HitSteps` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes import (
    MinionState,
    Retainer,
    resolve_damage,
)
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import DAMAGE, EFFECTS, PREVENTION, RETAINERS, SOURCES
from rules.vtes.combat_effects import Hit as _Hit
from rules.vtes.combat_effects import Part as _Part
from rules.vtes.combat_fighter import Fighter as _Fighter
from rules.vtes.combat_strike_cards import StrikeCards, strike_name
from rules.vtes.scenario import (
    SIDES,
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
                    thief.equipment.append(dataclasses.replace(item, name=name))
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
        struck_at_long: list[_Fighter] = []
        acid: dict[Side, _Hit] = {}
        for side in SIDES:
            hit = hits.get(side)
            if hit is None or not hit.damaging:
                continue
            fighter = self.f[side]
            if self.range == "long" and any(
                p.dealt and p.by == other(side) and p.source in ("strike", "card")
                for p in hit.parts
            ):
                struck_at_long.append(fighter)
            through = self._damage_minion(fighter, hit)
            effect = next((e for e in fighter.effects if e.acid), None)
            if effect is not None and through:
                striker = self.f[other(side)]
                self.trace.add(
                    SOURCES,
                    msg_n(
                        "{card}: {name} successfully inflicted {n} strike damage on {other}, so "
                        "{name} takes as much environmental damage.",
                        "{card}: {name} successfully inflicted {n} strike damage on {other}, so "
                        "{name} takes as much environmental damage.",
                        through,
                        card=effect.name,
                        name=striker.name,
                        other=fighter.name,
                    ),
                )
                self._say(
                    msg(
                        "{card}: {name} takes {damage} back.",
                        card=effect.name,
                        name=striker.name,
                        damage=words.damage(through),
                    )
                )
                acid.setdefault(other(side), _Hit()).add(
                    "environment", effect.name, through, aggravated=effect.acid == "aggravated"
                )
        for (side, name), hit in retainer_hits.items():
            if not hit.damaging:
                continue
            owner = self.f[side]
            if name not in owner.retainers:
                continue
            prevented = min(sum(p.prevented for p in hit.parts), hit.normal + hit.aggravated)
            result = resolve_damage(
                Retainer(name, owner.retainers[name]),
                normal=hit.normal,
                aggravated=hit.aggravated,
                prevent_normal=min(prevented, hit.normal),
                prevent_aggravated=max(0, prevented - hit.normal),
                rules=self.rules,
            )
            self.trace.extend(result.steps)
            total = hit.normal + hit.aggravated - prevented
            self._say(_takes(name, words.damage(total)))
            if result.state is MinionState.BURNED:
                del owner.retainers[name]
                owner.retainer_damage.pop(name, None)
                self._say(msg("{name} is burned.", name=name))
            else:
                owner.retainers[name] = result.blood
                self._say(_loses_life(name, total, result.blood))
        for fighter in struck_at_long:
            self._burns_at_long(fighter)
        for side, hit in acid.items():
            self._damage_minion(self.f[side], hit)

    def _burns_at_long(self, fighter: _Fighter) -> None:
        """Equipment that burns when its bearer is dealt damage at long range by the opposing
        minion, even prevented, and hurts the bearer (Improvised Flamethrower)."""
        for item in list(fighter.equipment):
            burns = item.burns_at_long
            if burns is None or item not in fighter.equipment:
                continue
            fighter.equipment.remove(item)
            self.trace.add(
                SOURCES,
                msg(
                    "{name} was dealt damage by the opposing minion at long range (prevented or "
                    "not), so {item} burns and deals {damage} to {name}, which is not a strike; "
                    "its text says: “{quote}”",
                    name=fighter.name,
                    item=item.name,
                    damage=words.aggravated(burns.damage)
                    if burns.aggravated
                    else words.damage(burns.damage),
                    quote=burns.quote,
                ),
            )
            self._say(
                msg(
                    "{item} burns, and {name} takes {damage} from it.",
                    item=item.name,
                    name=fighter.name,
                    damage=words.aggravated(burns.damage)
                    if burns.aggravated
                    else words.damage(burns.damage),
                )
            )
            if burns.damage and fighter.ready:
                hit = _Hit()
                hit.add("environment", item.name, burns.damage, aggravated=burns.aggravated)
                self._damage_minion(fighter, hit)

    def _prevent_parts(self, fighter: _Fighter, parts: list[_Part]) -> list[tuple[int, int]]:
        """(normal, aggravated) prevented of each part: first the cards played against the
        strike (what is above the strike's damage prevents nothing, ruling G00153), then the
        lasting prevention in force, each covering every damage it names."""
        out: list[tuple[int, int]] = []
        opp_side = other(fighter.side)
        inflicted = sum(fighter.taken_round.values())
        for part in parts:
            for effect in fighter.effects:
                prevent = effect.prevent
                if prevent is None:
                    continue
                if prevent.aggravated_as_normal and part.aggravated:
                    self.trace.add(
                        PREVENTION,
                        msg(
                            "{card}: {name} treats the {damage} of {source} as normal damage.",
                            card=effect.name,
                            name=fighter.name,
                            damage=words.aggravated(part.aggravated),
                            source=part.name,
                        ),
                    )
                    part.normal += part.aggravated
                    part.was_aggravated += part.aggravated
                    part.aggravated = 0
                if prevent.immune_normal and part.normal:
                    self.trace.add(
                        PREVENTION,
                        msg(
                            "{card}: {name} is immune to non-aggravated damage, so the {damage} "
                            "of {source} is not inflicted.",
                            card=effect.name,
                            name=fighter.name,
                            damage=words.damage(part.normal),
                            source=part.name,
                        ),
                    )
                    part.normal = 0
            dealt = part.dealt
            if not dealt:
                out.append((0, 0))
                continue
            prevented = part.prevented
            if prevented > dealt:
                self._cap_prevention(fighter.name, prevented, dealt)
                prevented = dealt
            if not part.unpreventable:
                prevented = self._lasting_prevention(fighter, part, prevented, opp_side)
            left = dealt - prevented
            for effect in fighter.effects:
                after = effect.prevent.after_first if effect.prevent is not None else None
                if after is None or part.unpreventable or not left:
                    continue
                agg_left = max(0, part.aggravated - max(0, prevented - part.normal))
                normal_left = left - agg_left
                # prevention comes off the points treated as normal first
                converted_left = max(0, part.was_aggravated - min(prevented, part.normal))
                if after == "normal" and converted_left:
                    self.trace.add(
                        PREVENTION,
                        msg_n(
                            "{card} cannot prevent the {n} aggravated damage {name} treats as "
                            "normal (ruling LSJ 20040812-2).",
                            "{card} cannot prevent the {n} aggravated damage {name} treats as "
                            "normal (ruling LSJ 20040812-2).",
                            converted_left,
                            card=effect.name,
                            name=fighter.name,
                        ),
                    )
                if after == "normal":
                    agg_left += converted_left
                    normal_left -= converted_left
                    allowed = 0 if inflicted or agg_left else 1
                    stopped = max(0, normal_left - allowed)
                else:
                    allowed = 0 if inflicted else 1
                    stopped = max(0, left - allowed)
                if stopped:
                    prevented += stopped
                    left -= stopped
                    self.trace.add(
                        PREVENTION,
                        msg_n(
                            "{card}: {n} more damage to {name} this round is prevented "
                            "automatically, since a damage already got through.",
                            "{card}: {n} more damage to {name} this round is prevented "
                            "automatically, since a damage already got through.",
                            stopped,
                            card=effect.name,
                            name=fighter.name,
                        )
                        if inflicted or (after == "normal" and agg_left)
                        else msg_n(
                            "{card}: the first damage gets through, and the other {n} this round "
                            "is prevented automatically.",
                            "{card}: the first damage gets through, and the other {n} this round "
                            "are prevented automatically.",
                            stopped,
                            card=effect.name,
                        ),
                    )
            inflicted += left
            # prevention comes off the normal damage first, then the aggravated
            pn = min(prevented, part.normal)
            out.append((pn, prevented - pn))
        return out

    def _lasting_prevention(
        self, fighter: _Fighter, part: _Part, prevented: int, opp_side: Side
    ) -> int:
        dealt = part.dealt
        from_strike = part.source == "strike" and part.by == opp_side
        for effect in fighter.effects:
            prevent = effect.prevent
            if prevent is None or prevented >= dealt:
                continue
            if set(effect.requires) & set(part.proof):
                self.trace.add(
                    PREVENTION,
                    msg(
                        "{card} requires a Discipline whose cards cannot prevent the damage of "
                        "{source}.",
                        card=effect.name,
                        source=part.name,
                    ),
                )
                continue
            stop = 0
            if prevent.all_strikes and from_strike:
                stop = dealt - prevented
            elif prevent.half_strikes and from_strike:
                stop = min((dealt + 1) // 2, dealt - prevented)
            elif effect.budget and (from_strike or not prevent.strikes_only):
                stop = min(effect.budget, dealt - prevented)
                effect.budget -= stop
            if not stop:
                continue
            prevented += stop
            self.trace.add(
                PREVENTION,
                msg_n(
                    "{card}, in force on {name}, prevents {n} of the damage of {source}.",
                    "{card}, in force on {name}, prevents {n} of the damage of {source}.",
                    stop,
                    card=effect.name,
                    name=fighter.name,
                    source=strike_name(part.name),
                ),
            )
        return prevented

    def _cap_prevention(self, name: str, prevented: int, dealt: int) -> None:
        """Prevention typed as printed may exceed the strike's damage: the rest is lost."""
        rest = prevented - dealt
        self.trace.add(
            DAMAGE,
            msg_n(
                "{name} prevents {prevented} against {dealt}: all of it is prevented, and the "
                "remaining {n} prevents nothing (ruling G00153).",
                "{name} prevents {prevented} against {dealt}: all of it is prevented, and the "
                "remaining {n} prevent nothing (ruling G00153).",
                rest,
                name=name,
                prevented=prevented,
                dealt=words.damage(dealt),
            ),
        )

    def _damage_minion(self, fighter: _Fighter, hit: _Hit) -> int:
        """Resolve ``hit`` on ``fighter``; the strike damage the opposing minion successfully
        inflicted by it."""
        if not fighter.ready:
            self.trace.add(
                DAMAGE,
                msg(
                    "{name} is already burned, so the damage has nothing to hit.",
                    name=fighter.name,
                ),
            )
            return 0
        before = fighter.amount
        parts = [p for p in hit.parts if p.dealt]
        shares = self._prevent_parts(fighter, parts)
        normal = sum(p.normal for p in parts)
        aggravated = sum(p.aggravated for p in parts)
        prevent_n = sum(n for n, _ in shares)
        prevent_a = sum(a for _, a in shares)
        prevented = prevent_n + prevent_a
        total = normal + aggravated
        result = (
            resolve_damage(
                fighter.minion(),
                normal=normal,
                aggravated=aggravated,
                prevent_normal=prevent_n,
                prevent_aggravated=prevent_a,
                rules=self.rules,
            )
            if total
            else None
        )
        if result is not None:
            self.trace.extend(result.steps)
        through = total - prevented
        by_strikes = 0
        for part, (pn, pa) in zip(parts, shares, strict=True):
            got = part.dealt - pn - pa
            if part.source == "strike" and part.by == other(fighter.side):
                by_strikes += got
            if got:
                fighter.taken_round[part.source] = fighter.taken_round.get(part.source, 0) + got
                if part.weapon is not None:
                    fighter.weapon_damage[part.weapon] = (
                        fighter.weapon_damage.get(part.weapon, 0) + got
                    )
        fighter.dealt_round += total
        fighter.damage_taken += through
        fighter.damage_prevented += prevented
        if result is None:
            return by_strikes
        if fighter.kind == "vampire":
            fighter.blood_lost_round += result.mended + result.paid
            fighter.wounded = result.wounded
        else:
            fighter.blood_lost_round += before - result.blood
        if aggravated and normal:
            self._say(
                msg(
                    "{name} takes {damage} and {aggravated}.",
                    name=fighter.name,
                    damage=words.damage(normal),
                    aggravated=words.aggravated(aggravated),
                )
            )
        elif aggravated:
            self._say(_takes(fighter.name, words.aggravated(total)))
        else:
            self._say(_takes(fighter.name, words.damage(total)))
        if prevented:
            self._say(
                msg(
                    "{name} prevents {damage}.",
                    name=fighter.name,
                    damage=words.damage(prevented),
                )
            )
        fighter.amount = result.blood
        went_to_torpor = result.state is MinionState.TORPOR and fighter.ready
        if result.state is MinionState.BURNED:
            fighter.state = MinionState.BURNED
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
            fighter.state = result.state
            lost = before - result.blood
            if result.state is MinionState.BURNED:
                self._say(msg("{name} is burned.", name=fighter.name))
            elif lost:
                self._say(_loses_life(fighter.name, lost, result.blood))
            else:
                self._say(msg("No damage reaches {name}.", name=fighter.name))
        if went_to_torpor:
            self._to_torpor(fighter)
        if fighter.state is MinionState.BURNED:
            self._burn_possessions(fighter)
        return by_strikes

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
