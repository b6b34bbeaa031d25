"""What strike-related combat cards change in a pair of strikes (sections 6.4.8, 6.4.11,
6.4.13, 6.4.14): a strike card cancelled and chosen again (or not at all), the limits of a
strike card and of a weapon, grapples and what effects in force forbid, blood costs, damage
added to a strike, aggravated hands, prevention cards (and the check that prevention needs
damage to prevent), aims, ammo, damage a strike deals its own user, strikes that send to
torpor, weapons burned after use and unlocking before the combat ends.

:class:`StrikeCards` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.errors import IllegalPlay
from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes import combat_text as words
from rules.vtes.combat_before_range import cancel_fits
from rules.vtes.combat_effects import CARDS, LASTING, PREVENTION, Hit, Part
from rules.vtes.combat_fighter import Fighter, Lasting
from rules.vtes.combat_round_end import RoundEndCards
from rules.vtes.models import MinionState
from rules.vtes.scenario import SIDES, Side, Strike, StrikeEffect, other
from rules.vtes.scenario_effects import DamageBonus

__all__ = ["Chosen", "StrikeCards", "strike_name"]


def strike_name(name: str) -> Message | str:
    """A strike's name: the names the scenario gives to unnamed strikes are translated."""
    if name == "hand strike":
        return msg_p("strike name", "hand strike")
    if name == "strike":
        return msg_p("strike name", "strike")
    if name == "additional strike":
        return msg_p("strike name", "additional strike")
    if name == "no strike":
        return msg_p("strike name", "no strike")
    return name


@dataclass
class Chosen:
    side: Side
    strike: Strike
    effect: StrikeEffect
    default: bool = False
    prevented: int = 0
    bonus: int = 0
    """Damage added to the strike (cards used with it, effects in force, ammo)."""
    bonus_aggravated: int = 0
    gun: bool = False
    melee: bool = False
    initial: bool = True

    def damage(self, strength: int) -> int:
        """The damage points the strike deals: added damage only to a strike that deals
        damage, capped where the card caps it."""
        base = self.effect.damage_for(strength)
        if base <= 0:
            return 0
        total = base + self.bonus + self.bonus_aggravated
        if self.effect.max_damage is not None:
            total = min(total, self.effect.max_damage)
        return total


class StrikeCards(RoundEndCards):
    """The card-driven parts of choosing and resolving strikes."""

    def _uncancelled(self, side: Side, strikes: list[Strike]) -> list[Strike]:
        """Drop the strike cards cancelled as they were played: the striker chooses again,
        or gets no strike if the cancelling card says so."""
        fighter = self.f[side]
        kept: list[Strike] = []
        for strike in strikes:
            cancel = strike.cancel
            if cancel is None:
                kept.append(strike)
                continue
            opp = self.f[other(side)]
            if not cancel_fits(cancel, (*strike.kinds, "strike"), strike.requires):
                raise IllegalPlay(
                    msg(
                        "{where}: {card} cannot cancel {other}, which is not the kind of card it "
                        "cancels; its text says: “{quote}”",
                        where=self._where(),
                        card=cancel.name,
                        other=strike_name(strike.name),
                        quote=cancel.quote,
                    )
                )
            self._limits(side, strike.name, strike.limits, range_known=False)
            self._limits(other(side), cancel.name, cancel.limits)
            self._pay(opp, cancel.cost, cancel.name, burn=cancel.burn_blood, limits=cancel.limits)
            if cancel.no_strike:
                self.trace.add(
                    PREVENTION,
                    msg(
                        "{other} cancels {name}'s {strike} with {card} as it is played: its cost "
                        "is not paid, and {name} gets no strike instead.",
                        other=opp.name,
                        name=fighter.name,
                        strike=strike_name(strike.name),
                        card=cancel.name,
                    ),
                )
                self._say(
                    msg(
                        "{name} cancels {other}'s {strike} with {card}; {other} gets no strike.",
                        name=opp.name,
                        other=fighter.name,
                        card=cancel.name,
                        strike=strike_name(strike.name),
                    )
                )
                kept.append(Strike(name="no strike", effect=None, passes=True))
                continue
            self.trace.add(
                PREVENTION,
                msg(
                    "{other} cancels {name}'s {strike} with {card} as it is played: its cost is "
                    "not paid and {name} chooses a strike again.",
                    other=opp.name,
                    name=fighter.name,
                    strike=strike_name(strike.name),
                    card=cancel.name,
                ),
            )
            self._say(
                msg(
                    "{name} cancels {other}'s {strike} with {card}; {other} chooses again.",
                    name=opp.name,
                    other=fighter.name,
                    card=cancel.name,
                    strike=strike_name(strike.name),
                )
            )
        return kept

    def _grapple(self) -> str | None:
        """The grapple in force this round, if any (a cancelled one is not)."""
        for side in SIDES:
            for card in self.rnd.before_range_of(side):
                if card.hand_strikes_only and card.cancel is None:
                    return card.name
        return None

    def _usable(
        self,
        side: Side,
        strike: Strike,
        effect: StrikeEffect,
        initial: bool,
        *,
        grapple: bool = True,
    ) -> None:
        """What the grapple and the effects in force forbid: raise for a strike they forbid."""
        fighter = self.f[side]
        grappled = self._grapple() if grapple else None
        pure_hand = strike.hand and not (effect.dodge or effect.combat_ends)
        if grappled is not None and not pure_hand:
            raise IllegalPlay(
                msg(
                    "{where}: {card} allows only hand strikes this round, so {name} cannot use "
                    "{strike}; choose a hand strike.",
                    where=self._where(),
                    card=grappled,
                    name=fighter.name,
                    strike=strike_name(strike.name),
                )
            )
        if strike.card:
            self._check_restricted(side, "strike_cards")
        self._check_restricted(side, "strike")
        if initial:
            self._check_restricted(side, "initial_strike")
        if effect.dodge:
            self._check_restricted(side, "dodge")
        if effect.combat_ends or effect.combat_ends_after_resolution:
            self._check_restricted(side, "combat_ends")
        if strike.weapon is not None:
            self._check_restricted(side, "equipment")

    def _chosen(self, c: Chosen) -> Chosen:
        """Checks and changes that card effects make to a chosen strike."""
        fighter = self.f[c.side]
        self._usable(c.side, c.strike, c.effect, c.initial)
        self._limits(
            c.side, c.strike.name, c.strike.limits, target=c.strike.target, additional=not c.initial
        )
        if c.strike.weapon is not None and c.effect.limits is not None:
            self._limits(c.side, c.strike.weapon, c.effect.limits, target=c.strike.target)
        if c.effect.long_range_only and self.range != "long":
            raise IllegalPlay(
                msg(
                    "{where}: {strike} is usable only at long range, and the round is at close "
                    "range.",
                    where=self._where(),
                    strike=strike_name(c.strike.name),
                )
            )
        self._pay(
            fighter, c.strike.cost, c.strike.name, burn=c.strike.burn_blood, limits=c.strike.limits
        )
        card = fighter.hand_aggravated_by()
        if c.strike.hand and card is not None and not c.effect.aggravated:
            self.trace.add(
                LASTING,
                msg(
                    "{card} makes the damage of {name}'s hand strike aggravated.",
                    card=card,
                    name=fighter.name,
                ),
            )
            c.effect = dataclasses.replace(c.effect, aggravated=True)
        if c.strike.melee and not c.melee:
            raise IllegalPlay(
                msg(
                    "{where}: {card} is used with a melee weapon strike, and {weapon} is not a "
                    "melee weapon.",
                    where=self._where(),
                    card=c.strike.name,
                    weapon=c.strike.weapon or strike_name("hand strike"),
                )
            )
        if c.strike.bonus:
            c.bonus += c.strike.bonus
        self._ammo(c)
        for effect in fighter.effects:
            self._bonus(c, effect)
        if c.effect.damage_for(fighter.strength) > 0:
            # an effect in force on the other side adding damage to every strike against
            # this strike's target (Dam the Heart's River)
            c.bonus += self._bonus_against(other(c.side), strike_name(c.strike.name))
        if c.effect.never_aggravated and c.effect.aggravated:
            c.effect = dataclasses.replace(c.effect, aggravated=False)
            self.trace.add(
                CARDS,
                msg(
                    "{strike}: an effect making its damage aggravated leaves it normal instead.",
                    strike=strike_name(c.strike.name),
                ),
            )
        return c

    def _bonus(self, c: Chosen, effect: Lasting) -> None:
        bonus = effect.damage_bonus
        if bonus is None or bonus.everything:
            return
        if bonus.requires is not None and bonus.requires not in c.strike.requires:
            return
        if bonus.weapon is not None and bonus.weapon != c.strike.weapon:
            return
        if bonus.make_aggravated and not c.effect.aggravated:
            c.effect = dataclasses.replace(c.effect, aggravated=True)
        if bonus.aggravated:
            c.bonus_aggravated += bonus.amount
        else:
            c.bonus += bonus.amount
        self.trace.add(
            LASTING,
            msg_n(
                "{card}: {strike} deals {n} more damage, if it deals damage at all.",
                "{card}: {strike} deals {n} more damage, if it deals damage at all.",
                bonus.amount,
                card=effect.name,
                strike=strike_name(c.strike.name),
            ),
        )

    def _ammo(self, c: Chosen) -> None:
        """An ammo card played on a gun strike: its bonus lasts for the rest of the combat."""
        ammo = c.strike.ammo
        if ammo is None:
            return
        fighter = self.f[c.side]
        if not c.gun:
            raise IllegalPlay(
                msg(
                    "{where}: {card} is ammo for a gun, and {name}'s strike is not with a gun.",
                    where=self._where(),
                    card=ammo.name,
                    name=fighter.name,
                )
            )
        self._limits(c.side, ammo.name, ammo.limits)
        self._pay(fighter, ammo.cost, ammo.name, limits=ammo.limits)
        self._add_effect(
            fighter,
            Lasting(
                ammo.name,
                "combat",
                damage_bonus=DamageBonus(
                    ammo.bonus, aggravated=ammo.aggravated, weapon=c.strike.weapon
                ),
            ),
        )
        self.trace.add(
            CARDS,
            msg(
                "{name} plays {card} on {weapon}: each of its strikes deals more damage for the "
                "rest of the combat.",
                name=fighter.name,
                card=ammo.name,
                weapon=c.strike.weapon,
            ),
        )

    def _prevention_total(self, c: Chosen, dmg: int) -> int:
        """How much of this strike the receiver prevents: ``prevented`` plus the prevention
        cards listed (a card preventing 'all' covers the whole strike)."""
        opp_side = other(c.side)
        opp = self.f[opp_side]
        entries = c.strike.prevention
        if (entries or c.strike.prevented) and c.effect.unpreventable:
            raise IllegalPlay(
                msg(
                    "{where}: the damage of {strike} cannot be prevented, so {other} cannot play "
                    "prevention against it.",
                    where=self._where(),
                    strike=strike_name(c.strike.name),
                    other=opp.name,
                )
            )
        total = c.strike.prevented
        for entry in entries:
            if entry.non_aggravated and c.effect.aggravated:
                raise IllegalPlay(
                    msg(
                        "{where}: {card} prevents only non-aggravated damage, and {strike} "
                        "deals aggravated damage.",
                        where=self._where(),
                        card=entry.name,
                        strike=strike_name(c.strike.name),
                    )
                )
            proof = set(entry.requires) & set(c.effect.unpreventable_by)
            if proof:
                raise IllegalPlay(
                    msg(
                        "{where}: the damage of {strike} cannot be prevented by cards requiring "
                        "{discipline}, and {card} requires it.",
                        where=self._where(),
                        strike=strike_name(c.strike.name),
                        discipline=sorted(proof),
                        card=entry.name,
                    )
                )
            if entry.equipment is not None and opp.carried(entry.equipment) is None:
                raise IllegalPlay(
                    msg(
                        "{where}: {name} prevents damage with {item} but does not carry it; "
                        "{name} carries: {carried}.",
                        where=self._where(),
                        name=opp.name,
                        item=entry.equipment,
                        carried=opp.equipment_names(),
                    )
                )
            if entry.limits is not None and entry.limits.strike == "initial" and not c.initial:
                raise IllegalPlay(
                    msg(
                        "{where}: {card} prevents damage only from the opposing minion's initial "
                        "strike, and this is an additional strike; its text says: “{quote}”",
                        where=self._where(),
                        card=entry.name,
                        quote=entry.limits.said("strike"),
                    )
                )
            self._limits(opp_side, entry.name, entry.limits)
            if entry.all:
                total += dmg
            elif entry.half:
                total += (dmg + 1) // 2
            elif entry.gun_amount is not None and c.gun:
                total += entry.gun_amount
            else:
                total += entry.amount
        if any(entry.all for entry in entries):
            total = min(total, dmg)
        return total

    def _pay_prevention(self, c: Chosen) -> None:
        opp = self.f[other(c.side)]
        striker = self.f[c.side]
        for entry in c.strike.prevention:
            self._pay(opp, entry.cost, entry.name, burn=entry.burn_blood, limits=entry.limits)
            if entry.burn is not None:
                item = opp.carried(entry.burn)
                if item is None:
                    raise IllegalPlay(
                        msg(
                            "{where}: {name} burns {item} to prevent damage but does not carry "
                            "it; {name} carries: {carried}.",
                            where=self._where(),
                            name=opp.name,
                            item=entry.burn,
                            carried=opp.equipment_names(),
                        )
                    )
                opp.equipment.remove(item)
                self.trace.add(
                    PREVENTION,
                    msg(
                        "{name} burns {item} to prevent the damage.", name=opp.name, item=entry.burn
                    ),
                )
            if entry.all:
                how: Message | int = msg("all of its damage")
            elif entry.half:
                how = msg("half of its damage, rounded up")
            elif entry.gun_amount is not None and c.gun:
                how = entry.gun_amount
            else:
                how = entry.amount
            self.trace.add(
                PREVENTION,
                msg(
                    "{name} plays {card} against {strike}: prevents up to {how}.",
                    name=opp.name,
                    card=entry.name,
                    strike=strike_name(c.strike.name),
                    how=how,
                ),
            )
            self._say(msg("{name} plays {card} to prevent damage.", name=opp.name, card=entry.name))
            if entry.punish_hand and c.strike.hand and striker.kind == "vampire":
                assert striker.capacity is not None
                if striker.capacity <= 6:
                    burned = min(entry.punish_hand, striker.amount)
                    striker.amount -= burned
                    self.trace.add(
                        PREVENTION,
                        msg(
                            "{card} prevents damage from the hand strike of {name}, a vampire "
                            "of capacity {capacity}: {name} burns {blood}.",
                            card=entry.name,
                            name=striker.name,
                            capacity=striker.capacity,
                            blood=words.blood(burned),
                        ),
                    )
            if entry.destroy_melee and c.melee and c.strike.weapon is not None:
                item = striker.carried(c.strike.weapon)
                if item is not None:
                    striker.equipment.remove(item)
                    self.trace.add(
                        PREVENTION,
                        msg(
                            "{card}: the damage came from {name}'s melee weapon {item}, which is "
                            "destroyed.",
                            card=entry.name,
                            name=striker.name,
                            item=item.name,
                        ),
                    )
                    self._say(
                        msg(
                            "{card} destroys {name}'s {item}.",
                            card=entry.name,
                            name=striker.name,
                            item=item.name,
                        )
                    )

    def _no_prevention(self, c: Chosen, why: Message) -> None:
        """Prevention needs damage to prevent: none against a dodged or out-of-range strike."""
        if c.prevented or c.strike.prevention:
            opp = self.f[other(c.side)]
            raise IllegalPlay(
                msg(
                    "{where}: {name} plays prevention against {strike}, but that strike {why}, "
                    "so there is no damage to prevent; remove the prevention.",
                    where=self._where(),
                    name=opp.name,
                    strike=strike_name(c.strike.name),
                    why=why,
                )
            )

    def _check_grapple_range(self) -> None:
        for side in SIDES:
            for card in self.rnd.before_range_of(side):
                if card.hand_strikes_only and card.limits is None and self.range != "close":
                    raise IllegalPlay(
                        msg(
                            "{where}: {card} is a grapple, usable only at close range, and this "
                            "round is at long range.",
                            where=self._where(),
                            card=card.name,
                        )
                    )

    def _burn_used(self, group: Sequence[Chosen]) -> None:
        """Weapons burned after use (Grenade, Flash Grenade) or by the ammo played on them."""
        for c in group:
            fighter = self.f[c.side]
            item = fighter.carried(c.strike.weapon) if c.strike.weapon else None
            if item is None:
                continue
            if c.effect.burn_after_use:
                fighter.equipment.remove(item)
                self.trace.add(CARDS, msg("{item} is burned after use.", item=item.name))
                self._say(msg("{item} is burned after use.", item=item.name))
            elif c.strike.ammo is not None and c.strike.ammo.burn_gun:
                fighter.equipment.remove(item)
                self.trace.add(
                    CARDS,
                    msg(
                        "{card}: {item} is burned after its strike resolves.",
                        card=c.strike.ammo.name,
                        item=item.name,
                    ),
                )
                self._say(
                    msg(
                        "{card}: {item} is burned after its strike resolves.",
                        card=c.strike.ammo.name,
                        item=item.name,
                    )
                )

    def _unlock(self, side: Side, c: Chosen, *, dodged: bool = False) -> None:
        """Unlocking before the combat ends: the striker itself, and the opposing minion when
        the strike has an effect on it (not dodged)."""
        if c.effect.unlock:
            fighter = self.f[side]
            fighter.unlocked = True
            self.trace.add(
                CARDS,
                msg(
                    "{name} unlocks before the combat ends ({strike}).",
                    name=fighter.name,
                    strike=strike_name(c.strike.name),
                ),
            )
            self._say(msg("{name} unlocks.", name=fighter.name))
        if c.effect.unlock_opponent and not dodged:
            opp = self.f[other(side)]
            opp.unlocked = True
            self.trace.add(
                CARDS,
                msg(
                    "{strike} unlocks the opposing minion, {name}, before the combat ends.",
                    name=opp.name,
                    strike=strike_name(c.strike.name),
                ),
            )
            self._say(msg("{name} unlocks.", name=opp.name))

    def _aim(self, c: Chosen, part: Part, through: int) -> None:
        """An aim card (Target Vitals): more damage of the same type if any got through."""
        opp_side = other(c.side)
        opp = self.f[opp_side]
        aim = c.strike.aim
        assert aim is not None
        strike = strike_name(c.strike.name)
        if not c.strike.aim_always and through <= 0:
            self.trace.add(
                CARDS,
                msg(
                    "{card}: no damage of {strike} is successfully inflicted, so it adds nothing.",
                    card=aim,
                    strike=strike,
                ),
            )
            return
        if c.effect.aggravated:
            part.aggravated += c.strike.aim_bonus
        else:
            part.normal += c.strike.aim_bonus
        forbids = set(c.strike.aim_forbids)
        if c.strike.aim_no_press:
            forbids.add("press")
        if forbids and (through > 0 or not c.strike.aim_always):
            quote = c.strike.aim_limits.said("aim") if c.strike.aim_limits is not None else ""
            self._add_effect(
                self.f[c.side],
                Lasting(aim, "round", says=quote, restrict=tuple(sorted(forbids))),
            )
        if c.strike.aim_no_press:
            self.trace.add(
                CARDS,
                msg(
                    "{card}: damage from {strike} got through, so {name} takes +{bonus} damage of "
                    "the same type and cannot press this round.",
                    card=aim,
                    strike=strike,
                    name=opp.name,
                    bonus=c.strike.aim_bonus,
                ),
            )
        else:
            self.trace.add(
                CARDS,
                msg(
                    "{card}: {name} takes +{bonus} damage of the same type from {strike}.",
                    card=aim,
                    strike=strike,
                    name=opp.name,
                    bonus=c.strike.aim_bonus,
                ),
            )
        self._card(
            self.f[c.side],
            aim,
            msg_n("+{n} damage", "+{n} damage", c.strike.aim_bonus),
        )

    def _recoil(self, c: Chosen, hits: dict[Side, Hit], amount: int | None = None) -> None:
        fighter = self.f[c.side]
        eff = c.effect
        n = eff.recoil if amount is None else amount
        aggravated = eff.recoil_aggravated and amount is None
        if amount is None and eff.recoil_once and c.strike.weapon is not None:
            if c.strike.weapon in fighter.recoiled:
                self.trace.add(
                    CARDS,
                    msg(
                        "{name} already took the damage of {weapon} once this combat: none now.",
                        name=fighter.name,
                        weapon=c.strike.weapon,
                    ),
                )
                return
            fighter.recoiled.add(c.strike.weapon)
        dealt = words.aggravated(n) if aggravated else words.damage(n)
        self.trace.add(
            CARDS,
            msg(
                "Using {strike}, {name} also takes {damage} itself (environmental, so a dodge "
                "does not stop it).",
                strike=strike_name(c.strike.name),
                name=fighter.name,
                damage=dealt,
            ),
        )
        self._say(
            msg(
                "{name} takes {damage} from its own {card}.",
                name=fighter.name,
                damage=dealt,
                card=c.strike.name,
            )
        )
        hits.setdefault(c.side, Hit()).add("environment", c.strike.name, n, aggravated=aggravated)

    def _apply_torpor(self, hits: Mapping[Side, Hit]) -> None:
        for side, hit in hits.items():
            victim = self.f[side]
            if hit.torpor is None or not victim.ready:
                continue
            self.trace.add(
                CARDS,
                msg(
                    "{card} sends {name} to torpor: it keeps its {blood} blood and takes no "
                    "damage from this strike.",
                    card=strike_name(hit.torpor),
                    name=victim.name,
                    blood=victim.amount,
                ),
            )
            self._say(
                msg(
                    "{card} sends {name} to torpor with {blood}.",
                    name=victim.name,
                    card=hit.torpor,
                    blood=words.blood(victim.amount),
                )
            )
            self._to_torpor(victim)
            self._transfer_weapon(self.f[other(side)], victim, hit.torpor)

    def _transfer_weapon(self, bearer: Fighter, victim: Fighter, weapon: str) -> None:
        """A weapon whose text moves it to the vampire it sent to torpor (Rowan Ring)."""
        item = bearer.carried(weapon)
        if item is None or item.strike is None or not item.strike.transfers:
            return
        if victim.state is not MinionState.TORPOR:
            return
        bearer.equipment.remove(item)
        victim.equipment.append(item)
        self.trace.add(
            CARDS,
            msg(
                "{weapon} moves to {name}, which it sent to torpor; {name} does not unlock as "
                "normal while it stays in torpor.",
                weapon=weapon,
                name=victim.name,
            ),
        )
        self._say(msg("{weapon} moves to {name}.", weapon=weapon, name=victim.name))
