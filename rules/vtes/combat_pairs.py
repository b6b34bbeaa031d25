"""One pair of strikes in a round of VTES combat (sections 6.4.3, 6.4.15): each side's choice, the
checks that choice must pass, first strikes and dodges, and the hits that land together.

Both strikes of a pair keep their own effects, in the rulebook's order: combat-ends strikes
first (each one unlocks, burns its weapon or leaves its after-combat effect, even when both
sides end the combat), then first strikes, then the rest together. Every damage a strike
deals is kept as strike damage of its striker, apart from environmental, retainer and card
damage, so that the cards asking for damage "inflicted by" a minion count only that.

:class:`PairSteps` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import (
    AFTER,
    CARDS,
    EFFECTS,
    LIMITS,
    RETAINERS,
    SEQUENCE,
    SOURCES,
    STRIKES,
    AfterEffect,
)
from rules.vtes.combat_effects import Hit as _Hit
from rules.vtes.combat_fighter import Lasting
from rules.vtes.combat_range import RangeSteps
from rules.vtes.combat_strike_cards import Chosen as _Chosen
from rules.vtes.combat_strike_cards import strike_name as _strike_name
from rules.vtes.models import MinionState
from rules.vtes.scenario import (
    SIDES,
    Side,
    Strike,
    StrikeEffect,
    other,
)

__all__ = ["PairSteps", "describe_strike"]


# -- describing strikes -------------------------------------------------------------------


def _effect_parts(effect: StrikeEffect, strength: int, target: str | None) -> list[Message]:
    parts: list[Message] = []
    dmg = effect.damage_for(strength)
    if dmg or effect.strength_based:
        r = "R" if effect.ranged else ""
        if effect.aggravated:
            parts.append(msg_n("{n}{r} aggravated damage", "{n}{r} aggravated damage", dmg, r=r))
        else:
            parts.append(msg_n("{n}{r} damage", "{n}{r} damage", dmg, r=r))
    if effect.steal_blood:
        parts.append(msg_n("steal {n} blood", "steal {n} blood", effect.steal_blood))
    if effect.destroy_equipment:
        parts.append(msg("burn {item}", item=effect.destroy_equipment))
    if effect.steal_equipment:
        parts.append(msg("take {item}", item=effect.steal_equipment))
    if effect.dodge:
        parts.append(msg_p("strike effect", "dodge"))
    if effect.combat_ends:
        parts.append(msg_p("strike effect", "combat ends"))
    if effect.first_strike:
        parts.append(msg_p("strike effect", "first strike"))
    damaging = bool(dmg or effect.steal_blood or effect.destroy_equipment or effect.steal_equipment)
    if damaging and not effect.ranged:
        parts.append(msg_p("strike effect", "close range only"))
    if target:
        parts.append(msg("aimed at {target}", target=target))
    return parts


def describe_strike(strike: Strike, effect: StrikeEffect, strength: int) -> Message:
    """What the striker does, as a verb phrase (e.g. 'makes a hand strike (1 damage)')."""
    parts = _effect_parts(effect, strength, strike.target)
    details: Message | str = msg(" ({parts})", parts=tuple(parts)) if parts else ""
    if strike.hand:
        bonus = effect.strength_bonus or 0
        at: Message | str = msg(" at +{bonus}", bonus=bonus) if bonus else ""
        if strike.name != "hand strike":
            return msg(
                "plays {card}: a hand strike{at}{details}",
                card=strike.name,
                at=at,
                details=details,
            )
        return msg("makes a hand strike{at}{details}", at=at, details=details)
    if strike.weapon:
        if strike.name and strike.name != strike.weapon:  # a strike card used with a weapon
            bonus_at: Message | str = (
                msg(" at +{bonus}", bonus=strike.bonus) if strike.bonus else ""
            )
            return msg(
                "plays {card}: strikes with {weapon}{at}{details}",
                card=strike.name,
                weapon=strike.weapon,
                at=bonus_at,
                details=details,
            )
        return msg("strikes with {weapon}{details}", weapon=strike.weapon, details=details)
    return msg("strikes with {strike}{details}", strike=_strike_name(strike.name), details=details)


# -- one round ----------------------------------------------------------------------------


class PairSteps(RangeSteps):
    """One pair of strikes: the choices, their checks, and the hits."""

    _pair_index: int
    _harmless: dict[Side, str]

    def _choose(self, side: Side, strike: Strike) -> _Chosen:
        fighter = self.f[side]
        initial = self._pair_index == 0
        if strike.weapon is not None:
            item = fighter.carried(strike.weapon)
            if item is None:
                raise IllegalPlay(
                    msg(
                        "{where}: {name} strikes with {weapon} but does not carry it; {name} "
                        "carries: {carried}.",
                        where=self._where(),
                        name=fighter.name,
                        weapon=strike.weapon,
                        carried=fighter.equipment_names(),
                    )
                )
            if strike.weapon in fighter.stolen_this_round:
                raise IllegalPlay(
                    msg(
                        "{where}: {name} took {weapon} this round; a stolen item cannot be used "
                        "by its new holder until the next round.",
                        where=self._where(),
                        name=fighter.name,
                        weapon=strike.weapon,
                    )
                )
            if strike.weapon in fighter.new_this_round:
                raise IllegalPlay(
                    msg(
                        "{where}: {weapon} was put on {name} this round and is not usable until "
                        "the next round.",
                        where=self._where(),
                        name=fighter.name,
                        weapon=strike.weapon,
                    )
                )
            if item.strike is None:
                raise IllegalPlay(
                    msg(
                        "{where}: {weapon} gives no strike, so {name} cannot strike with it; "
                        "choose a hand strike or another weapon.",
                        where=self._where(),
                        name=fighter.name,
                        weapon=strike.weapon,
                    )
                )
            effect = item.strike
            if strike.undodgeable:
                effect = dataclasses.replace(effect, undodgeable=True)
            chosen = _Chosen(
                side,
                strike,
                effect,
                gun=item.type == "gun",
                melee=item.type == "melee",
                initial=initial,
            )
            return self._chosen(chosen)
        assert strike.effect is not None
        return self._chosen(
            _Chosen(side, strike, strike.effect, default=strike.default, initial=initial)
        )

    def _check_chosen(self, c: _Chosen) -> None:
        fighter = self.f[c.side]
        opp = self.f[other(c.side)]
        eff = c.effect
        if c.strike.target is not None:
            if eff.dodge or eff.combat_ends or eff.destroy_equipment or eff.steal_equipment:
                raise InvalidState(
                    msg(
                        "{where}: a strike aimed at a retainer can only deal damage or steal "
                        "life; {name}'s {strike} has other effects.",
                        where=self._where(),
                        name=fighter.name,
                        strike=_strike_name(c.strike.name),
                    )
                )
            if c.strike.target not in opp.retainers:
                left: tuple[str, ...] | Message = tuple(opp.retainers) or msg_p("retainers", "none")
                raise IllegalPlay(
                    msg(
                        "{where}: {name} aims at {target}, but {other} has no such retainer; "
                        "{other}'s retainers: {left}.",
                        where=self._where(),
                        name=fighter.name,
                        target=c.strike.target,
                        other=opp.name,
                        left=left,
                    )
                )
            if c.strike.prevented and self.rules == "black-hand":
                raise IllegalPlay(
                    msg(
                        "{where}: damage dealt to the retainer {target} cannot be prevented; "
                        "'prevented' must be 0 for a strike aimed at a retainer.",
                        where=self._where(),
                        target=c.strike.target,
                    )
                )
        dmg = c.damage(fighter.strength)
        c.prevented = self._prevention_total(c, dmg)
        if eff.send_to_torpor and opp.kind != "vampire":
            raise IllegalPlay(
                msg(
                    "{where}: {strike} sends the opposing vampire to torpor, but {other} is an "
                    "ally.",
                    where=self._where(),
                    strike=_strike_name(c.strike.name),
                    other=opp.name,
                )
            )
        if eff.burn_ally and opp.kind != "ally":
            raise IllegalPlay(
                msg(
                    "{where}: {strike} burns the opposing ally, but {other} is a vampire.",
                    where=self._where(),
                    strike=_strike_name(c.strike.name),
                    other=opp.name,
                )
            )
        if c.prevented and dmg == 0:
            raise IllegalPlay(
                msg(
                    "{where}: {other} prevents {prevented}, but {name}'s {strike} deals no "
                    "damage: a prevention card needs damage to prevent (ruling G00154); set the "
                    "prevention to 0.",
                    where=self._where(),
                    other=opp.name,
                    prevented=c.prevented,
                    name=fighter.name,
                    strike=_strike_name(c.strike.name),
                )
            )
        if c.strike.countered is not None:
            weapon = fighter.carried(c.strike.weapon) if c.strike.weapon else None
            if weapon is None or weapon.strike is None or not weapon.strike.ranged:
                lim = c.strike.countered.limits
                quote = lim.said("countered") if lim is not None else ""
                raise IllegalPlay(
                    msg(
                        "{where}: {card} is only usable against a strike with a weapon that "
                        "inflicts ranged damage, and {name}'s {strike} is not; its text says: "
                        "“{quote}”",
                        where=self._where(),
                        card=c.strike.countered.name,
                        name=fighter.name,
                        strike=_strike_name(c.strike.name),
                        quote=quote,
                    )
                )
            self._limits(other(c.side), c.strike.countered.name, c.strike.countered.limits)
            self._pay(
                opp,
                c.strike.countered.cost,
                c.strike.countered.name,
                burn=c.strike.countered.burn_blood,
                limits=c.strike.countered.limits,
            )
        if eff.destroy_retainer is not None and eff.destroy_retainer not in opp.retainers:
            left = tuple(opp.retainers) or msg_p("retainers", "none")
            raise IllegalPlay(
                msg(
                    "{where}: {name}'s strike would burn the retainer {target}, but {other} has "
                    "no such retainer; {other}'s retainers: {left}.",
                    where=self._where(),
                    name=fighter.name,
                    target=eff.destroy_retainer,
                    other=opp.name,
                    left=left,
                )
            )
        for key, item in (("destroy", eff.destroy_equipment), ("take", eff.steal_equipment)):
            if item is None:
                continue
            carried = opp.carried(item)
            if carried is None:
                if key == "destroy":
                    raise IllegalPlay(
                        msg(
                            "{where}: {name}'s strike would destroy {item}, but {other} does not "
                            "carry it; {other} carries: {carried}.",
                            where=self._where(),
                            name=fighter.name,
                            item=item,
                            other=opp.name,
                            carried=opp.equipment_names(),
                        )
                    )
                raise IllegalPlay(
                    msg(
                        "{where}: {name}'s strike would take {item}, but {other} does not "
                        "carry it; {other} carries: {carried}.",
                        where=self._where(),
                        name=fighter.name,
                        item=item,
                        other=opp.name,
                        carried=opp.equipment_names(),
                    )
                )
            if eff.weapons_only and carried.strike is None:
                raise IllegalPlay(
                    msg(
                        "{where}: {strike} takes or destroys only a weapon, and {item} is not a "
                        "weapon; {other}'s weapons: {weapons}.",
                        where=self._where(),
                        strike=_strike_name(c.strike.name),
                        item=item,
                        other=opp.name,
                        weapons=tuple(e.name for e in opp.equipment if e.strike is not None)
                        or msg_p("equipment", "nothing"),
                    )
                )

    def _pair(self, strikes: Mapping[Side, Strike | None]) -> None:
        chosen: dict[Side, _Chosen] = {}
        for side in SIDES:
            strike = strikes[side]
            if strike is None:
                continue
            fighter = self.f[side]
            if strike.passes:
                self._say(msg("{name} makes no strike.", name=fighter.name))
                self.trace.add(STRIKES, msg("{name} makes no strike.", name=fighter.name))
                continue
            c = self._choose(side, strike)
            what = describe_strike(strike, c.effect, fighter.strength)
            if c.default:
                dmg = c.damage(fighter.strength)
                self._say(
                    msg(
                        "{name} chooses no strike card, so it makes a hand strike ({damage}).",
                        name=fighter.name,
                        damage=words.damage(dmg),
                    )
                )
            else:
                self._say(msg("{name} {what}.", name=fighter.name, what=what))
            self.trace.add(STRIKES, msg("{name} {what}.", name=fighter.name, what=what))
            self._check_chosen(c)
            chosen[side] = c
        if not chosen:
            return
        if len(chosen) == 1 and all(strikes[s] is None for s in SIDES if s not in chosen):
            (side,) = chosen
            self._say(
                msg(
                    "{name} has no strike left, so {other}'s strike resolves alone.",
                    name=self.f[other(side)].name,
                    other=self.f[side].name,
                )
            )
            self.trace.add(
                STRIKES,
                msg(
                    "{name} has no strike left, so {other}'s strike resolves alone.",
                    name=self.f[other(side)].name,
                    other=self.f[side].name,
                ),
            )
        if self._combat_ends(chosen):
            return
        dodging = {side: c.effect.dodge for side, c in chosen.items()}
        for side, dodges in dodging.items():
            if dodges:
                self.trace.add(
                    EFFECTS,
                    msg(
                        "{name} dodges: the opposing strike has no effect on it or its "
                        "equipment (retainers are not protected); a dodge works at any range.",
                        name=self.f[side].name,
                    ),
                )
        first = [s for s, c in chosen.items() if c.effect.first_strike]
        if first and len(first) < len(chosen):
            side = first[0]
            self.trace.add(
                EFFECTS,
                msg(
                    "{name}'s first strike resolves before the other strike.",
                    name=self.f[side].name,
                ),
            )
            self._say(
                msg(
                    "{name}'s first strike resolves before the other strike.",
                    name=self.f[side].name,
                )
            )
            self._resolve_group([chosen[side]], dodging, environmental=False)
            if self._check_ready():
                return
            rest = [c for s, c in chosen.items() if s != side and self._still_strikes(c)]
            self._resolve_group(rest, dodging, environmental=self._pair_index == 0)
        else:
            if len(first) == 2:
                self.trace.add(
                    EFFECTS, msg("Both strikes are first strikes, so they are simultaneous.")
                )
                self._say(msg("Both strikes have first strike, so they resolve together."))
            self._resolve_group(list(chosen.values()), dodging, environmental=self._pair_index == 0)
        if self._check_ready():
            return
        after = [s for s, c in chosen.items() if c.effect.combat_ends_after_resolution]
        if after:
            name = self.f[after[0]].name
            self.trace.add(
                CARDS,
                msg(
                    "Both strikes have resolved; {name}'s strike now ends the combat, and no "
                    "press can continue it.",
                    name=name,
                ),
            )
            self._say(msg("Both strikes resolve, then {name}'s strike ends the combat.", name=name))
            for side in after:
                self._unlock(side, chosen[side])
            self.ended_by = "combat_ends"

    def _combat_ends(self, chosen: Mapping[Side, _Chosen]) -> bool:
        """Combat-ends strikes resolve before anything else, at any range, a dodge does not
        stop them; when both sides end the combat, both resolve with their own effects."""
        ends = [side for side, c in chosen.items() if c.effect.combat_ends]
        if not ends:
            return False
        if len(ends) == 2:
            self.trace.add(
                EFFECTS,
                msg(
                    "Both strikes end the combat: they resolve together, each with its own "
                    "effects, before anything else."
                ),
            )
            self._say(msg("Both strikes end the combat; each still has its own effects."))
        for side in ends:
            c = chosen[side]
            name = self.f[side].name
            opp = chosen.get(other(side))
            dodged = opp is not None and opp.effect.dodge
            if len(ends) == 1:
                self.trace.add(
                    EFFECTS,
                    msg(
                        "{name}'s combat-ends effect resolves first and ends the combat before "
                        "any other strike or effect; a dodge cannot stop it.",
                        name=name,
                    ),
                )
                self._say(
                    msg(
                        "{name}'s strike ends the combat at once, before any other strike "
                        "resolves.",
                        name=name,
                    )
                )
            self._unlock(side, c, dodged=dodged)
            self._queue_after(c, dodged)
        self._burn_used([chosen[s] for s in ends])
        for side, c in chosen.items():
            if side not in ends:
                self._no_prevention(c, msg_p("why no damage", "never resolves"))
        self.ended_by = "combat_ends"
        return True

    def _queue_after(self, c: _Chosen, dodged: bool) -> None:
        after = c.effect.after_combat
        if after is None:
            return
        fighter = self.f[c.side]
        if dodged:
            self.trace.add(
                AFTER,
                msg(
                    "The opposing minion dodged {strike}, so its effect after the combat does not "
                    "happen.",
                    strike=_strike_name(c.strike.name),
                ),
            )
            return
        if after.close_only and self.range != "close":
            self.trace.add(
                AFTER,
                msg(
                    "{strike} was used at long range, so its effect after the combat does not "
                    "happen.",
                    strike=_strike_name(c.strike.name),
                ),
            )
            return
        self.combat.after.append(
            AfterEffect(
                c.side, c.strike.name, burn=after.burn, damage=after.damage, cost=after.cost
            )
        )
        self.trace.add(
            AFTER,
            msg(
                "{name}'s {strike} leaves an effect for after the combat, if the combat really "
                "ends (a new round or a new combat cancels it).",
                name=fighter.name,
                strike=_strike_name(c.strike.name),
            ),
        )

    def _still_strikes(self, c: _Chosen) -> bool:
        """After a first strike, an effect may have taken away the other strike (Pounce)."""
        effect = self._forbidden(c.side, "strike")
        if effect is None or c.effect.dodge or c.effect.combat_ends:
            return True
        self.trace.add(
            LIMITS,
            msg(
                "{card}: {name} cannot strike for the rest of the round, so its {strike} does "
                "not resolve.",
                card=effect.name,
                name=self.f[c.side].name,
                strike=_strike_name(c.strike.name),
            ),
        )
        self._say(
            msg(
                "{name} cannot strike any more this round ({card}).",
                name=self.f[c.side].name,
                card=effect.name,
            )
        )
        return False

    def _check_ready(self) -> bool:
        """End the combat if a combatant is no longer ready; True if it ended."""
        out = [f for f in self.f.values() if not f.ready]
        for fighter in out:
            self.trace.add(
                SEQUENCE,
                msg(
                    "{name} is no longer ready ({state}), so the combat ends at once.",
                    name=fighter.name,
                    state=words.state_value(fighter.state),
                ),
            )
            self._say(
                msg("{name} is no longer ready, so the combat ends at once.", name=fighter.name)
            )
        if out:
            self.ended_by = "not_ready"
        return bool(out)

    def _resolve_group(
        self, group: Sequence[_Chosen], dodging: Mapping[Side, bool], *, environmental: bool
    ) -> None:
        hits: dict[Side, _Hit] = {}
        retainer_hits: dict[tuple[Side, str], _Hit] = {}
        for c in group:
            opp_side = other(c.side)
            if (
                c.effect.weapons_no_damage
                and not dodging.get(opp_side, False)
                and (self.range == "close" or c.effect.ranged)
            ):
                self._harmless[opp_side] = c.strike.name
        resolved: list[_Chosen] = []
        for c in group:
            if self._resolve_strike(c, dodging, hits, retainer_hits):
                resolved.append(c)
        for c in resolved:
            if c.effect.prevents:
                self._prevents(c, hits)
        self._burn_used(group)
        if environmental and self.ended_by is None:
            self._environmental(hits)
        self._apply_steals(hits, retainer_hits)
        self._apply_equipment(hits)
        self._apply_damage(hits, retainer_hits)
        self._apply_torpor(hits)
        self._apply_burn(hits)
        for c in resolved:
            self._after_strike(c)

    def _resolve_strike(
        self,
        c: _Chosen,
        dodging: Mapping[Side, bool],
        hits: dict[Side, _Hit],
        retainer_hits: dict[tuple[Side, str], _Hit],
    ) -> bool:
        """Put one strike's effects into ``hits``; True if it had an effect on the opponent."""
        fighter = self.f[c.side]
        opp_side = other(c.side)
        opp = self.f[opp_side]
        eff = c.effect
        strike = _strike_name(c.strike.name)
        if c.strike.weapon is not None and fighter.carried(c.strike.weapon) is None:
            self.trace.add(
                EFFECTS,
                msg(
                    "{name} loses its strike: {weapon} was burned or taken by the first strike.",
                    name=fighter.name,
                    weapon=c.strike.weapon,
                ),
            )
            self._say(
                msg(
                    "{name} loses its strike: {weapon} is gone before it could be used.",
                    name=fighter.name,
                    weapon=c.strike.weapon,
                )
            )
            return False
        if eff.recoil and (self.range == "close" or not eff.recoil_close_only):
            self._recoil(c, hits)
        if c.strike.countered is not None:
            self.trace.add(
                CARDS,
                msg(
                    "{card}: {name}'s {strike} inflicts no damage, and {name} takes {damage} "
                    "(environmental).",
                    card=c.strike.countered.name,
                    name=fighter.name,
                    strike=strike,
                    damage=words.damage(c.strike.countered.environmental),
                ),
            )
            self._say(
                msg(
                    "{card}: {name}'s {strike} inflicts no damage.",
                    card=c.strike.countered.name,
                    name=fighter.name,
                    strike=strike,
                )
            )
            if c.strike.countered.environmental:
                hits.setdefault(c.side, _Hit()).add(
                    "environment", c.strike.countered.name, c.strike.countered.environmental
                )
            return False
        if eff.equip_self is not None:
            item = eff.equip_self
            fighter.equipment.append(item)
            fighter.new_this_round.add(item.name)
            self.trace.add(
                CARDS,
                msg(
                    "{strike}: {name} now bears {item}, a weapon usable from the next round.",
                    strike=strike,
                    name=fighter.name,
                    item=item.name,
                ),
            )
            self._say(msg("{name} now bears {item}.", name=fighter.name, item=item.name))
        dmg = c.damage(fighter.strength)
        harmful = (
            dmg
            or eff.steal_blood
            or eff.destroy_equipment
            or eff.steal_equipment
            or eff.send_to_torpor
            or eff.burn_ally
            or eff.destroy_retainer
            or eff.stops_strikes
            or eff.unlock_opponent
        )
        if not harmful:
            return False
        if self.range == "long" and not (eff.ranged or eff.long_range_only):
            self._no_prevention(c, msg_p("why no damage", "is out of range"))
            self.trace.add(
                STRIKES,
                msg(
                    "{name}'s {strike} works only at close range, so it does nothing at "
                    "long range.",
                    name=fighter.name,
                    strike=strike,
                ),
            )
            self._say(
                msg(
                    "{name}'s strike works only at close range, so it does nothing at long range.",
                    name=fighter.name,
                )
            )
            return False
        if c.strike.target is not None:
            self.trace.add(
                RETAINERS,
                msg(
                    "{name} aims at {other}'s retainer {retainer}: a dodge does not protect "
                    "a retainer and damage to it cannot be prevented.",
                    name=fighter.name,
                    other=opp.name,
                    retainer=c.strike.target,
                ),
            )
            self._say(
                msg(
                    "{name} aims the strike at {retainer}, {other}'s retainer: a dodge does "
                    "not protect it and its damage cannot be prevented.",
                    name=fighter.name,
                    retainer=c.strike.target,
                    other=opp.name,
                )
            )
            hit = retainer_hits.setdefault((opp_side, c.strike.target), _Hit())
        elif dodging.get(opp_side, False) and eff.undodgeable:
            self.trace.add(
                CARDS,
                msg(
                    "{strike} cannot be dodged: {other}'s dodge has no effect on it.",
                    strike=strike,
                    other=opp.name,
                ),
            )
            self._say(
                msg(
                    "{name}'s dodge has no effect on {other}'s strike.",
                    name=opp.name,
                    other=fighter.name,
                )
            )
            hit = hits.setdefault(opp_side, _Hit())
            hit.destroy = eff.destroy_equipment or hit.destroy
            hit.take = eff.steal_equipment or hit.take
        elif dodging.get(opp_side, False):
            self._no_prevention(c, msg_p("why no damage", "was dodged"))
            self.trace.add(
                EFFECTS,
                msg(
                    "{other}'s dodge stops {name}'s {strike}.",
                    other=opp.name,
                    name=fighter.name,
                    strike=strike,
                ),
            )
            self._say(
                msg(
                    "{name} dodges, so {other}'s strike has no effect on {name}.",
                    name=opp.name,
                    other=fighter.name,
                )
            )
            if eff.recoil_if_dodged:
                self._recoil(c, hits, eff.recoil_if_dodged)
            return False
        elif self._coin_stops(c):
            hit = hits.setdefault(opp_side, _Hit())
            hit.destroy = eff.destroy_equipment or hit.destroy
            hit.take = eff.steal_equipment or hit.take
            return False
        else:
            hit = hits.setdefault(opp_side, _Hit())
            hit.destroy = eff.destroy_equipment or hit.destroy
            hit.take = eff.steal_equipment or hit.take
        if c.strike.weapon is not None and c.side in self._harmless and dmg:
            self.trace.add(
                SOURCES,
                msg(
                    "{card}: {name}'s strikes with weapons inflict no damage this round, so "
                    "{strike} inflicts none.",
                    card=self._harmless[c.side],
                    name=fighter.name,
                    strike=strike,
                ),
            )
            self._no_prevention(c, msg_p("why no damage", "inflicts no damage"))
            dmg = 0
        if dmg:
            base = dmg - c.bonus_aggravated if c.effect.max_damage is None else dmg
            part = hit.add("strike", c.strike.name, base, aggravated=eff.aggravated, by=c.side)
            if c.bonus_aggravated and c.effect.max_damage is None:
                part.aggravated += c.bonus_aggravated
            part.prevented = c.prevented
            part.proof = eff.unpreventable_by
            part.unpreventable = eff.unpreventable
            part.gun = c.gun
            part.initial = c.initial
            part.weapon = c.strike.weapon
            self._pay_prevention(c)
            if c.strike.aim is not None and c.strike.target is None:
                self._aim(c, part, dmg - c.prevented)
            if eff.spend_counters and c.strike.weapon is not None:
                self._spend_counters(c, dmg)
        hit.steal += eff.steal_blood
        if eff.send_to_torpor and c.strike.target is None:
            hit.torpor = c.strike.name
        if eff.burn_ally and c.strike.target is None:
            hit.burn = c.strike.name
        if eff.destroy_retainer is not None:
            opp.retainers.pop(eff.destroy_retainer, None)
            opp.retainer_damage.pop(eff.destroy_retainer, None)
            self.trace.add(
                RETAINERS,
                msg(
                    "{name}'s strike burns {other}'s retainer {retainer}.",
                    name=fighter.name,
                    other=opp.name,
                    retainer=eff.destroy_retainer,
                ),
            )
            self._say(
                msg(
                    "{name}'s strike burns {other}'s retainer {retainer}.",
                    name=fighter.name,
                    other=opp.name,
                    retainer=eff.destroy_retainer,
                )
            )
        if eff.unlock_opponent:
            self._unlock(c.side, c)
        if eff.stops_strikes:
            self._add_effect(
                fighter,
                Lasting(c.strike.name, "round", says=eff.says, restrict=("strike",)),
            )
            self.trace.add(
                LIMITS,
                msg(
                    "{strike}: {other} cannot strike for the rest of the round.",
                    strike=strike,
                    other=opp.name,
                ),
            )
        return True

    def _coin_stops(self, c: _Chosen) -> bool:
        """Superior Gemini's Mirror: the coin flipped for this strike; tails stops it (the
        vampire's equipment and retainers are not protected), heads ends the effect."""
        opp = self.f[other(c.side)]
        if c.strike.target is not None:
            return False
        effect = next((e for e in opp.effects if e.coin_dodge), None)
        if effect is None:
            return False
        if c.strike.coin is None:
            raise InvalidState(
                msg(
                    "{where}: {card} is in force on {name}, so a coin is flipped for {strike}: "
                    "give the strike's 'coin' ('heads' or 'tails').",
                    where=self._where(),
                    card=effect.name,
                    name=opp.name,
                    strike=_strike_name(c.strike.name),
                )
            )
        if c.strike.coin == "heads":
            opp.effects.remove(effect)
            self.trace.add(
                CARDS,
                msg(
                    "{card}: the coin for {strike} comes up heads, so the strike resolves and "
                    "the effect ends.",
                    card=effect.name,
                    strike=_strike_name(c.strike.name),
                ),
            )
            self._say(msg("{card}: heads, so its effect ends.", card=effect.name))
            return False
        self._no_prevention(c, msg_p("why no damage", "has no effect"))
        self.trace.add(
            CARDS,
            msg(
                "{card}: the coin for {strike} comes up tails, so the strike has no effect on "
                "{name} (its equipment and retainers are not protected).",
                card=effect.name,
                strike=_strike_name(c.strike.name),
                name=opp.name,
            ),
        )
        self._say(
            msg(
                "{card}: tails, so {other}'s strike has no effect on {name}.",
                card=effect.name,
                other=self.f[c.side].name,
                name=opp.name,
            )
        )
        return True

    def _prevents(self, c: _Chosen, hits: dict[Side, _Hit]) -> None:
        """A strike that also prevents damage of the opposing strike resolved with it."""
        hit = hits.get(c.side)
        if hit is None:
            return
        for part in hit.parts:
            if part.source == "strike" and part.by == other(c.side) and part.dealt:
                stop = min(c.effect.prevents, part.dealt - part.prevented)
                if stop:
                    part.prevented += stop
                    self.trace.add(
                        CARDS,
                        msg_n(
                            "{strike} also prevents {n} damage of the opposing strike.",
                            "{strike} also prevents {n} damage of the opposing strike.",
                            stop,
                            strike=_strike_name(c.strike.name),
                        ),
                    )
                return

    def _spend_counters(self, c: _Chosen, dmg: int) -> None:
        fighter = self.f[c.side]
        weapon = c.strike.weapon
        assert weapon is not None
        left = max(0, fighter.counters.get(weapon, 0) - dmg)
        fighter.counters[weapon] = left
        self.trace.add(
            CARDS,
            msg_n(
                "{weapon} burns a counter for each damage it inflicts, prevented or not: {n} left.",
                "{weapon} burns a counter for each damage it inflicts, prevented or not: {n} left.",
                left,
                weapon=weapon,
            ),
        )

    def _after_strike(self, c: _Chosen) -> None:
        """What a resolved strike leaves on its weapon or its target."""
        fighter = self.f[c.side]
        weapon = c.strike.weapon
        if weapon is not None and c.effect.spend_counters and fighter.counters.get(weapon) == 0:
            item = fighter.carried(weapon)
            if item is not None:
                fighter.equipment.remove(item)
                self.trace.add(
                    CARDS, msg("{item} has no counters left and is burned.", item=weapon)
                )
                self._say(msg("{item} has no counters left and is burned.", item=weapon))
        opp = self.f[other(c.side)]
        threshold = c.effect.torpor_after
        if (
            weapon is not None
            and threshold
            and opp.kind == "vampire"
            and opp.ready
            and opp.weapon_damage.get(weapon, 0) >= threshold
        ):
            self.trace.add(
                CARDS,
                msg(
                    "{weapon} has now inflicted {damage} on {name} this combat, so {name} "
                    "is sent to torpor.",
                    weapon=weapon,
                    damage=words.damage(opp.weapon_damage[weapon]),
                    name=opp.name,
                ),
            )
            self._say(msg("{weapon} sends {name} to torpor.", weapon=weapon, name=opp.name))
            self._to_torpor(opp)
            self._transfer_weapon(fighter, opp, weapon)

    def _apply_burn(self, hits: Mapping[Side, _Hit]) -> None:
        for side, hit in hits.items():
            victim = self.f[side]
            if hit.burn is None or not victim.ready:
                continue
            victim.state = MinionState.BURNED
            self.trace.add(
                CARDS,
                msg("{card} burns the ally {name}.", card=hit.burn, name=victim.name),
            )
            self._say(msg("{card} burns {name}.", card=hit.burn, name=victim.name))
            self._burn_possessions(victim)
