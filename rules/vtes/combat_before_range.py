"""Cards played before range is determined in VTES combat (sections 6.4.8, 6.4.10, 6.4.11):
strength added, set (Torn Signpost) or lowered, for the round or the combat; aggravated hand
damage; grapples (hand strikes only); environmental damage each round (Carrion Crows); damage
at the press step; restrictions on the opponent; equipping and employing mid-combat; retainers
burned; damage dealt at once (superior Outside the Hourglass).

:class:`BeforeRangeCards` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

from rules.errors import IllegalPlay
from rules.i18n import Message, msg, msg_n
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import ENVIRONMENT, LASTING, RESTRICTIONS, CardEffects, Hit
from rules.vtes.combat_effects import effect_span as _span
from rules.vtes.combat_effects import takes_damage as _takes
from rules.vtes.combat_fighter import Lasting
from rules.vtes.scenario import SIDES, other

__all__ = ["BeforeRangeCards"]


class BeforeRangeCards(CardEffects):
    """The cards in force from before range is determined (mixed into the round player)."""

    def _before_range(self) -> None:
        for side in SIDES:
            fighter = self.f[side]
            opp = self.f[other(side)]
            for card in self.rnd.before_range_of(side):
                self._pay(fighter, card.cost, card.name)
                span = _span(card.this_round)
                if card.set_strength is not None:
                    fighter.base_strength = card.set_strength
                    self.trace.add(
                        LASTING,
                        msg(
                            "{name} plays {card}: its strength is set to {value} for the rest "
                            "of the combat; every '+N strength' still adds to it, so strength "
                            "is now {strength}.",
                            name=fighter.name,
                            card=card.name,
                            value=card.set_strength,
                            strength=fighter.strength,
                        ),
                    )
                    self._card(
                        fighter,
                        card.name,
                        msg(
                            "strength set to {value}, now {strength}",
                            value=card.set_strength,
                            strength=fighter.strength,
                        ),
                    )
                if card.strength:
                    self._change_strength(fighter, card.strength, card.name, card.this_round)
                if card.opponent_strength:
                    self._change_strength(
                        opp, card.opponent_strength, card.name, card.this_round, by_foe=True
                    )
                if card.hand_aggravated:
                    if card.this_round:
                        fighter.hand_aggravated_round = card.name
                    else:
                        fighter.hand_aggravated = card.name
                    self.trace.add(
                        LASTING,
                        msg(
                            "{name} plays {card}: damage from its hand strikes is aggravated "
                            "{span}.",
                            name=fighter.name,
                            card=card.name,
                            span=span,
                        ),
                    )
                    self._card(
                        fighter,
                        card.name,
                        msg("hand strikes deal aggravated damage {span}", span=span),
                    )
                if card.trap_press:
                    fighter.against.append(Lasting(card.name, False, trap_press=True))
                    self.trace.add(
                        LASTING,
                        msg(
                            "{name} plays {card}: each round of this combat it provides a press "
                            "to continue.",
                            name=fighter.name,
                            card=card.name,
                        ),
                    )
                    self._card(fighter, card.name, msg("a press to continue each round"))
                if card.environmental or card.press_damage or card.restrict:
                    fighter.against.append(
                        Lasting(
                            card.name,
                            card.this_round,
                            environmental=card.environmental,
                            press_damage=card.press_damage,
                            restrict=card.restrict,
                        )
                    )
                    parts: list[Message] = []
                    if card.environmental:
                        parts.append(
                            msg_n(
                                "{name} takes {n} environmental damage each round with the strikes",
                                "{name} takes {n} environmental damage each round with the strikes",
                                card.environmental,
                                name=opp.name,
                            )
                        )
                    if card.press_damage:
                        parts.append(
                            msg(
                                "{name} takes {damage} at each press step",
                                name=opp.name,
                                damage=words.damage(card.press_damage),
                            )
                        )
                    if card.restrict:
                        parts.append(
                            msg(
                                "{name} cannot {what}",
                                name=opp.name,
                                what=tuple(RESTRICTIONS[r] for r in card.restrict),
                            )
                        )
                    effects = parts[0]
                    for part in parts[1:]:
                        effects = msg("{first}; {second}", first=effects, second=part)
                    self.trace.add(
                        ENVIRONMENT if card.environmental or card.press_damage else LASTING,
                        msg(
                            "{name} plays {card}: {effects} ({span}).",
                            name=fighter.name,
                            card=card.name,
                            effects=effects,
                            span=span,
                        ),
                    )
                    self._card(fighter, card.name, effects)
                if card.hand_strikes_only:
                    self.trace.add(
                        LASTING,
                        msg(
                            "{name} plays {card}: this round neither combatant can use a strike "
                            "that is not a hand strike.",
                            name=fighter.name,
                            card=card.name,
                        ),
                    )
                    self._card(fighter, card.name, msg("only hand strikes this round"))
                if card.equip is not None:
                    fighter.equipment.append(card.equip)
                    self.trace.add(
                        LASTING,
                        msg(
                            "{name} plays {card} and equips with {item}.",
                            name=fighter.name,
                            card=card.name,
                            item=card.equip.name,
                        ),
                    )
                    self._card(fighter, card.name, msg("equips with {item}", item=card.equip.name))
                if card.employ is not None:
                    name = fighter.employ(card.employ)
                    self.trace.add(
                        LASTING,
                        msg(
                            "{name} plays {card} and employs the retainer {retainer} ({life}).",
                            name=fighter.name,
                            card=card.name,
                            retainer=name,
                            life=words.life(card.employ.life),
                        ),
                    )
                    self._card(fighter, card.name, msg("employs {retainer}", retainer=name))
                if card.burn_retainer is not None:
                    if card.burn_retainer not in fighter.retainers:
                        raise IllegalPlay(
                            msg(
                                "{where}: {card} burns {name}'s retainer {retainer}, but {name} "
                                "has no such retainer.",
                                where=self._where(),
                                card=card.name,
                                name=fighter.name,
                                retainer=card.burn_retainer,
                            )
                        )
                    del fighter.retainers[card.burn_retainer]
                    fighter.retainer_damage.pop(card.burn_retainer, None)
                    self.trace.add(
                        LASTING,
                        msg(
                            "{name} burns its retainer {retainer} for {card}.",
                            name=fighter.name,
                            retainer=card.burn_retainer,
                            card=card.name,
                        ),
                    )
                if card.damage:
                    self.trace.add(
                        ENVIRONMENT,
                        msg(
                            "{name} plays {card}: {other} is dealt {damage} before range is "
                            "determined.",
                            name=fighter.name,
                            card=card.name,
                            other=opp.name,
                            damage=words.damage(card.damage),
                        ),
                    )
                    self._card(fighter, card.name, _takes(opp.name, card.damage))
                    self._deal({other(side): Hit(normal=card.damage)})
                    if self._ended_by_state():
                        return
