"""When a vampire should go to torpor, and when the combat is over (sections 6.4.16, 6.5.5).

Cards played as a vampire should go to torpor replace that: the opposing vampire burns it
instead (superior Decapitate) or commits diablerie on it instead (Amaranth), or the vampire
itself stays ready, still wounded, until the combat ends (Undead Persistence). Such a card
played when nobody went to torpor is not allowed. After the combat, the effects some
combat-ends strikes leave (Oubliette, Catatonic Fear, Serpent's Numbing Kiss) happen if the
combat really ended, and a vampire kept out of torpor goes to torpor.

:class:`TorporCards` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

from rules.errors import IllegalPlay
from rules.i18n import msg
from rules.vtes import combat_text as words
from rules.vtes.combat_before_range import BeforeRangeCards
from rules.vtes.combat_effects import AFTER, Hit
from rules.vtes.combat_fighter import Fighter
from rules.vtes.models import MinionState, Vampire
from rules.vtes.scenario import SIDES, other
from rules.vtes.scenario_effects import TorporCard
from rules.vtes.torpor_diablerie import diablerie

__all__ = ["TorporCards"]


class TorporCards(BeforeRangeCards):
    """Torpor replaced by a card, and what happens once the combat is over."""

    _torpor_used: set[tuple[str, int]]

    def _to_torpor(self, victim: Fighter) -> None:
        """``victim`` should go to torpor now: a card may replace that."""
        if victim.persisting is not None:
            victim.state = MinionState.READY
            victim.wounded = True
            self.trace.add(
                AFTER,
                msg(
                    "{name} should go to torpor, but {card} keeps it ready, wounded, until the "
                    "combat ends.",
                    name=victim.name,
                    card=victim.persisting,
                ),
            )
            return
        victim.state = MinionState.TORPOR
        for side in SIDES:
            for i, card in enumerate(self.rnd.torpor_of(side)):
                if (side, i) in self._torpor_used:
                    continue
                own = side == victim.side
                if (card.persist and own) or ((card.burn or card.diablerize) and not own):
                    self._torpor_used.add((side, i))
                    self._replace_torpor(self.f[side], victim, card)
                    return

    def _replace_torpor(self, player: Fighter, victim: Fighter, card: TorporCard) -> None:
        self._limits(player.side, card.name, card.limits)
        self._pay(player, card.cost, card.name, burn=card.burn_blood, limits=card.limits)
        if card.persist:
            victim.state = MinionState.READY
            victim.wounded = True
            victim.persisting = card.name
            self.trace.add(
                AFTER,
                msg(
                    "{name} should go to torpor and plays {card}: it stays ready but wounded "
                    "until the combat ends (aggravated damage can still burn it), then goes to "
                    "torpor.",
                    name=victim.name,
                    card=card.name,
                ),
            )
            self._card(victim, card.name, msg("stays ready, wounded, until the combat ends"))
            return
        if card.burn:
            self.trace.add(
                AFTER,
                msg(
                    "{other} should go to torpor, but {name} plays {card}: {other} is burned "
                    "instead.",
                    name=player.name,
                    card=card.name,
                    other=victim.name,
                ),
            )
            self._card(player, card.name, msg("{name} is burned instead", name=victim.name))
            victim.state = MinionState.BURNED
            self._burn_possessions(victim)
            return
        assert victim.capacity is not None and player.capacity is not None
        result = diablerie(
            Vampire(player.name, player.capacity, player.amount, player.strength),
            Vampire(victim.name, victim.capacity, victim.amount, state=MinionState.TORPOR),
            equipment=tuple(e.name for e in victim.equipment),
        )
        self.trace.add(
            AFTER,
            msg(
                "{other} should go to torpor, but {name} plays {card} and commits diablerie "
                "on it instead.",
                name=player.name,
                card=card.name,
                other=victim.name,
            ),
        )
        self.trace.extend(result.steps)
        player.amount = result.diablerist.blood
        player.drained += result.blood_drained
        player.equipment.extend(e for e in victim.equipment if e.name in result.equipment_taken)
        victim.equipment.clear()
        victim.state = MinionState.BURNED
        victim.amount = 0
        victim.retainers.clear()
        self._card(
            player,
            card.name,
            msg(
                "diablerie on {name} instead of torpor ({blood} moved; a blood hunt may follow)",
                name=victim.name,
                blood=words.blood(result.blood_moved),
            ),
        )

    def _burn_possessions(self, fighter: Fighter) -> None:
        raise NotImplementedError  # provided by the round player

    def _torpor_cards_used(self) -> None:
        for side in SIDES:
            for i, card in enumerate(self.rnd.torpor_of(side)):
                if (side, i) in self._torpor_used:
                    continue
                who = self.f[side].name if card.persist else self.f[other(side)].name
                quote = card.limits.said("torpor") if card.limits is not None else ""
                raise IllegalPlay(
                    msg(
                        "{where}: {card} is only usable when {name} should go to torpor, and "
                        "{name} did not this round; its text says: “{quote}”",
                        where=self._where(),
                        card=card.name,
                        name=who,
                        quote=quote,
                    )
                )

    def _after_combat(self) -> None:
        """The effects left for after the combat, then torpor for a vampire kept out of it."""
        for effect in self.combat.after:
            fighter = self.f[effect.side]
            opp = self.f[other(effect.side)]
            if effect.cost and fighter.ready:
                self._pay(fighter, 0, effect.card, burn=min(effect.cost, fighter.amount))
            if effect.burn and opp.state is not MinionState.BURNED:
                burned = min(effect.burn, opp.amount)
                opp.amount -= burned
                self.trace.add(
                    AFTER,
                    msg(
                        "After the combat, {card}: {name} burns {amount}.",
                        card=effect.card,
                        name=opp.name,
                        amount=words.unit_amount(burned, opp.unit),
                    ),
                )
                self._say(
                    msg(
                        "After the combat, {card}: {name} burns {amount}.",
                        card=effect.card,
                        name=opp.name,
                        amount=words.unit_amount(burned, opp.unit),
                    )
                )
                if opp.kind == "ally" and opp.amount == 0:
                    opp.state = MinionState.BURNED
                    self._burn_possessions(opp)
            if effect.damage and opp.state is not MinionState.BURNED:
                # a damaging effect: Dam the Heart's River adds to it (ruling ANK 20170111)
                dealt = effect.damage + self._bonus_against(opp.side, effect.card)
                self.trace.add(
                    AFTER,
                    msg(
                        "After the combat, {card}: {name} takes {damage}, which no combat card "
                        "can prevent.",
                        card=effect.card,
                        name=opp.name,
                        damage=words.damage(dealt),
                    ),
                )
                self._say(
                    msg(
                        "After the combat, {card}: {name} takes {damage}.",
                        card=effect.card,
                        name=opp.name,
                        damage=words.damage(dealt),
                    )
                )
                hit = Hit()
                hit.add("card", effect.card, dealt, by=effect.side, unpreventable=True)
                self._deal({opp.side: hit})
            if effect.gain_half and fighter.ready and fighter.capacity is not None:
                half = (effect.gain_half + 1) // 2
                gained = min(half, fighter.capacity - fighter.amount)
                fighter.amount += gained
                fighter.drained += half - gained
                self.trace.add(
                    AFTER,
                    msg(
                        "After the combat, {card}: {name} gains {blood} (half of it, rounded up).",
                        card=effect.card,
                        name=fighter.name,
                        blood=words.blood(gained),
                    ),
                )
        for fighter in self.f.values():
            if fighter.persisting is not None and fighter.ready:
                fighter.state = MinionState.TORPOR
                self.trace.add(
                    AFTER,
                    msg(
                        "The combat is over: {name}, kept out of torpor by {card}, goes to torpor "
                        "now.",
                        name=fighter.name,
                        card=fighter.persisting,
                    ),
                )
                self._say(
                    msg(
                        "The combat is over: {name} goes to torpor ({card}).",
                        name=fighter.name,
                        card=fighter.persisting,
                    )
                )
