"""The end of a round of VTES combat (sections 6.4.12, 6.4.8, 6.4.14): the cards played after
the presses (Taste of Vitae, Disarm, Pulled Fangs), and the cards that start another round, or
a new combat, when the combat would end (superior Telepathic Tracking, Relentless Reaper,
superior Psyche!). Each card's own limits (close range, more damage inflicted, an opposing
vampire) are checked before it takes effect.

:class:`RoundEndCards` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

from rules.errors import IllegalPlay
from rules.i18n import Message, msg
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import ROUND_END, Hit
from rules.vtes.combat_effects import takes_damage as _takes
from rules.vtes.combat_fighter import Fighter
from rules.vtes.combat_torpor import TorporCards
from rules.vtes.models import MinionState
from rules.vtes.scenario import SIDES, other

__all__ = ["RoundEndCards"]


class RoundEndCards(TorporCards):
    """The end-of-round cards and the cards that start another round (mixed into the round
    player)."""

    def _end_of_round(self) -> None:
        for side in SIDES:
            fighter = self.f[side]
            opp = self.f[other(side)]
            seen: set[str] = set()
            for card in self.rnd.end_of_round_of(side):
                if not fighter.ready:
                    if fighter.state is MinionState.TORPOR:
                        raise IllegalPlay(
                            msg(
                                "{where}: {name} is in torpor and cannot play {card}: "
                                "end-of-round cards are not usable by a vampire being burned "
                                "or going to torpor.",
                                where=self._where(),
                                name=fighter.name,
                                card=card.name,
                            )
                        )
                    raise IllegalPlay(
                        msg(
                            "{where}: {name} is burned and cannot play {card}: "
                            "end-of-round cards are not usable by a vampire being burned or "
                            "going to torpor.",
                            where=self._where(),
                            name=fighter.name,
                            card=card.name,
                        )
                    )
                if card.name in seen and card.limits is None:
                    raise IllegalPlay(
                        msg(
                            "{where}: {name} plays {card} twice; a vampire can play only one "
                            "each round.",
                            where=self._where(),
                            name=fighter.name,
                            card=card.name,
                        )
                    )
                seen.add(card.name)
                if (card.gain_blood_lost or card.send_to_torpor) and (
                    fighter.kind != "vampire" or opp.kind != "vampire"
                ):
                    raise IllegalPlay(
                        msg(
                            "{where}: {card} is played by a vampire against an opposing "
                            "vampire; it cannot be played by or against an ally.",
                            where=self._where(),
                            card=card.name,
                        )
                    )
                self._limits(side, card.name, card.limits)
                if card.needs_more_damage:
                    mine, theirs = opp.damage_by_minion(), fighter.damage_by_minion()
                    if self.range != "close" or mine <= theirs:
                        raise IllegalPlay(
                            msg(
                                "{where}: {card} needs close range and more damage successfully "
                                "inflicted than received this round; {name} inflicted {mine} "
                                "and received {theirs} {range_at}.",
                                where=self._where(),
                                card=card.name,
                                name=fighter.name,
                                mine=mine,
                                theirs=theirs,
                                range_at=words.range_at(self.range),
                            )
                        )
                self._pay(fighter, card.cost, card.name, burn=card.burn_blood, limits=card.limits)
                if card.gain_blood_lost:
                    self._gain_lost(fighter, opp, card.name)
                if card.opponent_strength:
                    self._change_strength(fighter, opp, card.opponent_strength, card.name, "combat")
                if card.send_to_torpor and opp.ready:
                    self.trace.add(
                        ROUND_END,
                        msg(
                            "{name} plays {card}: {other} goes to torpor with {blood} blood.",
                            name=fighter.name,
                            card=card.name,
                            other=opp.name,
                            blood=opp.amount,
                        ),
                    )
                    self._card(fighter, card.name, msg("{name} goes to torpor", name=opp.name))
                    self._to_torpor(opp)
                if (
                    not (card.gain_blood_lost or card.opponent_strength or card.send_to_torpor)
                    and not card.damage
                ):
                    self.trace.add(
                        ROUND_END,
                        msg(
                            "{name} plays {card}: its conditions hold, and what it does takes "
                            "place outside this combat.",
                            name=fighter.name,
                            card=card.name,
                        ),
                    )
                if card.damage and opp.state is not MinionState.BURNED:
                    self.trace.add(
                        ROUND_END,
                        msg(
                            "{name} plays {card}: {other} is dealt {damage}.",
                            name=fighter.name,
                            card=card.name,
                            other=opp.name,
                            damage=words.damage(card.damage),
                        ),
                    )
                    self._card(fighter, card.name, _takes(opp.name, card.damage))
                    hit = Hit()
                    hit.add("card", card.name, card.damage, by=side)
                    self._deal({other(side): hit})
        if any(not f.ready for f in self.f.values()) and self.ended_by is None:
            self.ended_by = "not_ready"

    def _gain_lost(self, fighter: Fighter, opp: Fighter, card: str) -> None:
        lost = opp.blood_lost_round
        before = fighter.amount
        assert fighter.capacity is not None
        fighter.amount = min(fighter.capacity, before + lost)
        excess = before + lost - fighter.amount
        fighter.drained += excess
        tail: Message | str = (
            msg("; {excess} above capacity drains to the bank", excess=excess) if excess else ""
        )
        self.trace.add(
            ROUND_END,
            msg(
                "{name} plays {card} after the presses: {other} lost {lost} to damage this "
                "round, so {name} gains {gained} ({before} -> {after}){tail}.",
                name=fighter.name,
                card=card,
                other=opp.name,
                lost=words.blood(lost),
                gained=lost,
                before=before,
                after=fighter.amount,
                tail=tail,
            ),
        )
        self._card(
            fighter,
            card,
            msg("gains {blood}, now {now}", blood=words.blood(lost), now=fighter.amount),
        )

    def _another_round(self) -> bool:
        """A card starts another round although the combat would end; True if it did."""
        new = self.rnd.new_round
        if new is None:
            return False
        fighter = self.f[new.side]
        if self.ended_by is None or not all(f.ready for f in self.f.values()):
            why = (
                msg("the combat goes on anyway")
                if self.ended_by is None
                else msg("a combatant is no longer ready")
            )
            raise IllegalPlay(
                msg(
                    "{where}: {card} is only usable if both combatants are still ready and the "
                    "combat would end; here {why}.",
                    where=self._where(),
                    card=new.card,
                    why=why,
                )
            )
        self._limits(new.side, new.card, new.limits)
        self._pay(fighter, new.cost, new.card, burn=new.burn_blood, limits=new.limits)
        self.combat.after.clear()
        if new.new_combat:
            self._new_combat()
            what = msg(
                "a new combat between the same two minions follows; effects lasting 'this "
                "combat' are over"
            )
        else:
            what = msg("instead of ending, the combat goes on with a new round")
        self.trace.add(
            ROUND_END,
            msg(
                "The combat would end, but {name} plays {card}: {what}.",
                name=fighter.name,
                card=new.card,
                what=what,
            ),
        )
        self._card(fighter, new.card, what)
        self.ended_by = None
        return True
