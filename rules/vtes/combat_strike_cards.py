"""What strike-related combat cards change in a pair of strikes (sections 6.4.8, 6.4.11,
6.4.13): a strike card cancelled and chosen again, grapples and strikes usable only at long
range, blood costs, aggravated hands, prevention cards (and the check that prevention needs
damage to prevent), aims, damage a strike deals its own user, strikes that send to torpor,
weapons burned after use and unlocking before the combat ends.

:class:`StrikeCards` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.errors import IllegalPlay
from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import CARDS, LASTING, PREVENTION, Hit
from rules.vtes.combat_round_end import RoundEndCards
from rules.vtes.models import MinionState
from rules.vtes.scenario import SIDES, Side, Strike, StrikeEffect, other

__all__ = ["Chosen", "StrikeCards", "strike_name"]


def strike_name(name: str) -> Message | str:
    """A strike's name: the names the scenario gives to unnamed strikes are translated."""
    if name == "hand strike":
        return msg_p("strike name", "hand strike")
    if name == "strike":
        return msg_p("strike name", "strike")
    if name == "additional strike":
        return msg_p("strike name", "additional strike")
    return name


@dataclass
class Chosen:
    side: Side
    strike: Strike
    effect: StrikeEffect
    default: bool = False
    prevented: int = 0


class StrikeCards(RoundEndCards):
    """The card-driven parts of choosing and resolving strikes."""

    _no_press: dict[Side, str]

    def _uncancelled(self, side: Side, strikes: list[Strike]) -> list[Strike]:
        """Drop the strike cards cancelled as they were played: the striker chooses again."""
        fighter = self.f[side]
        kept: list[Strike] = []
        for strike in strikes:
            if strike.cancelled_by is None:
                kept.append(strike)
                continue
            opp = self.f[other(side)]
            self._pay(opp, strike.cancel_cost, strike.cancelled_by)
            self.trace.add(
                PREVENTION,
                msg(
                    "{other} cancels {name}'s {strike} with {card} as it is played: its cost is "
                    "not paid and {name} chooses a strike again.",
                    other=opp.name,
                    name=fighter.name,
                    strike=strike_name(strike.name),
                    card=strike.cancelled_by,
                ),
            )
            self._say(
                msg(
                    "{name} cancels {other}'s {strike} with {card}; {other} chooses again.",
                    name=opp.name,
                    other=fighter.name,
                    card=strike.cancelled_by,
                    strike=strike_name(strike.name),
                )
            )
        return kept

    def _chosen(self, c: Chosen) -> Chosen:
        """Checks and changes that card effects make to a chosen strike."""
        fighter = self.f[c.side]
        grapples = [
            card.name
            for side in SIDES
            for card in self.rnd.before_range_of(side)
            if card.hand_strikes_only
        ]
        if grapples and not c.strike.hand:
            raise IllegalPlay(
                msg(
                    "{where}: {card} allows only hand strikes this round, so {name} cannot use "
                    "{strike}; choose a hand strike.",
                    where=self._where(),
                    card=grapples[0],
                    name=fighter.name,
                    strike=strike_name(c.strike.name),
                )
            )
        if c.effect.long_range_only and self.range != "long":
            raise IllegalPlay(
                msg(
                    "{where}: {strike} is usable only at long range, and the round is at close "
                    "range.",
                    where=self._where(),
                    strike=strike_name(c.strike.name),
                )
            )
        self._pay(fighter, c.strike.cost, c.strike.name)
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
        return c

    def _prevention_total(self, c: Chosen, dmg: int) -> int:
        """How much of this strike the receiver prevents: ``prevented`` plus the prevention
        cards listed (a card preventing 'all' covers the whole strike)."""
        opp = self.f[other(c.side)]
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
            total += dmg if entry.all else entry.amount
        if any(entry.all for entry in entries):
            total = min(total, dmg)
        return total

    def _pay_prevention(self, c: Chosen) -> None:
        opp = self.f[other(c.side)]
        for entry in c.strike.prevention:
            self._pay(opp, entry.cost, entry.name)
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
            how: Message | int = msg("all of its damage") if entry.all else entry.amount
            self.trace.add(
                PREVENTION,
                msg(
                    "{name} plays {card} against {strike}: prevents {how}.",
                    name=opp.name,
                    card=entry.name,
                    strike=strike_name(c.strike.name),
                    how=how,
                ),
            )
            self._say(msg("{name} plays {card} to prevent damage.", name=opp.name, card=entry.name))

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
                if card.hand_strikes_only and self.range != "close":
                    raise IllegalPlay(
                        msg(
                            "{where}: {card} is a grapple, usable only at close range, and this "
                            "round is at long range.",
                            where=self._where(),
                            card=card.name,
                        )
                    )

    def _burn_used(self, group: Sequence[Chosen]) -> None:
        """Weapons burned after use (Grenade, Flash Grenade)."""
        for c in group:
            item = self.f[c.side].carried(c.strike.weapon) if c.strike.weapon else None
            if item is not None and c.effect.burn_after_use:
                self.f[c.side].equipment.remove(item)
                self.trace.add(CARDS, msg("{item} is burned after use.", item=item.name))

    def _unlock(self, side: Side, c: Chosen) -> None:
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

    def _aim(self, c: Chosen, hit: Hit, dmg: int) -> None:
        """An aim card (Target Vitals): more damage of the same type if any got through."""
        opp_side = other(c.side)
        opp = self.f[opp_side]
        aim = c.strike.aim
        assert aim is not None
        strike = strike_name(c.strike.name)
        if dmg - c.prevented <= 0:
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
            hit.aggravated += c.strike.aim_bonus
        else:
            hit.normal += c.strike.aim_bonus
        if c.strike.aim_no_press:
            self._no_press[opp_side] = aim
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
                    "{card}: damage from {strike} got through, so {name} takes +{bonus} damage of "
                    "the same type.",
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

    def _recoil(self, c: Chosen, hits: dict[Side, Hit]) -> None:
        fighter = self.f[c.side]
        eff = c.effect
        dealt = words.aggravated(eff.recoil) if eff.recoil_aggravated else words.damage(eff.recoil)
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
                damage=words.damage(eff.recoil),
                card=c.strike.name,
            )
        )
        hit = hits.setdefault(c.side, Hit())
        if eff.recoil_aggravated:
            hit.aggravated += eff.recoil
        else:
            hit.normal += eff.recoil

    def _apply_torpor(self, hits: Mapping[Side, Hit]) -> None:
        for side, hit in hits.items():
            victim = self.f[side]
            if hit.torpor is None or not victim.ready:
                continue
            victim.state = MinionState.TORPOR
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
