"""Cards whose effect is put in force during a round of VTES combat (sections 6.4.8, 6.4.10,
6.4.11, 6.4.14): strength added, set (Torn Signpost) or lowered, for the round or the combat;
aggravated hand damage; grapples (hand strikes only); environmental damage each round (Carrion
Crows, Weather Control); damage at the press step; prevention that lasts (Apparition, superior
Rolling with the Punches); damage added to strikes; restrictions on either minion; card costs
changed; equipping and employing mid-combat; retainers burned; damage dealt or blood burned at
once (superior Outside the Hourglass, Thin Blood); the combat ended before range (Alpha Glint).

Most are played before range is determined; those marked ``"when": "strikes"`` take effect
once range is set, as the strikes are chosen. A card cancelled as it is played (by a card
such as Fae Contortion) has no effect and its cost is not paid, but it still counts as played.

:class:`BeforeRangeCards` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

from rules.errors import IllegalPlay
from rules.i18n import Message, msg, msg_n
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import (
    ENVIRONMENT,
    LASTING,
    PREVENTION,
    RESTRICTIONS,
    SEQUENCE,
    Hit,
)
from rules.vtes.combat_effects import effect_span as _span
from rules.vtes.combat_effects import takes_damage as _takes
from rules.vtes.combat_fighter import Fighter, Lasting, Span
from rules.vtes.combat_limits import PlayLimits
from rules.vtes.scenario import SIDES, BeforeRange, Side, other
from rules.vtes.scenario_limits import Cancel

__all__ = ["BeforeRangeCards", "cancel_fits"]


def _affects_opponent(card: BeforeRange) -> bool:
    return bool(
        card.opponent_strength
        or card.environmental
        or card.press_damage
        or card.restrict
        or card.card_cost
        or card.damage
        or card.drain
        or (card.damage_bonus is not None and card.damage_bonus.everything)
    )


def cancel_fits(cancel: Cancel, kinds: tuple[str, ...], requires: tuple[str, ...]) -> bool:
    """Whether ``cancel`` may cancel a card of these kinds and Disciplines."""
    if cancel.kinds and not set(cancel.kinds) & set(kinds):
        return False
    return not cancel.requires or bool(set(cancel.requires) & set(requires))


class BeforeRangeCards(PlayLimits):
    """The cards put in force during the round (mixed into the round player)."""

    def _before_range(self) -> None:
        for side in SIDES:
            for card in self.rnd.before_range_of(side):
                self._limits(side, card.name, card.limits, range_known=False)
                if card.when == "before_range" and self._put_in_force(side, card):
                    return
        self._weather()

    def _before_strikes(self) -> None:
        """Range is set: the range limits of this round's cards, then the cards that take
        effect as strikes are chosen."""
        for side in SIDES:
            for card in self.rnd.before_range_of(side):
                self._limits_range(card.name, card.limits)
        for side in SIDES:
            for card in self.rnd.before_range_of(side):
                if card.when == "strikes" and self._put_in_force(side, card):
                    return

    def _cancelled(self, side: Side, card: BeforeRange) -> bool:
        """Apply a cancel of ``card`` as it is played; True if it was cancelled."""
        cancel = card.cancel
        if cancel is None:
            return False
        canceller = self.f[other(side)]
        restricts = card.hand_strikes_only or bool(
            {"strike_cards", "dodge", "combat_ends", "equipment"} & set(card.restrict)
        )
        if not cancel_fits(cancel, card.kinds, card.requires) or (
            cancel.strike_choice and not restricts
        ):
            raise IllegalPlay(
                msg(
                    "{where}: {card} cannot cancel {other}, which is not the kind of card it "
                    "cancels; its text says: “{quote}”",
                    where=self._where(),
                    card=cancel.name,
                    other=card.name,
                    quote=cancel.quote,
                )
            )
        self._limits(other(side), cancel.name, cancel.limits)
        self._pay(canceller, cancel.cost, cancel.name, burn=cancel.burn_blood, limits=cancel.limits)
        self.trace.add(
            PREVENTION,
            msg(
                "{other} cancels {name}'s {card} with {cancel} as it is played: it has no effect "
                "and its cost is not paid, but it still counts as played.",
                other=canceller.name,
                name=self.f[side].name,
                card=card.name,
                cancel=cancel.name,
            ),
        )
        self._say(
            msg(
                "{other} cancels {name}'s {card} with {cancel}.",
                other=canceller.name,
                name=self.f[side].name,
                card=card.name,
                cancel=cancel.name,
            )
        )
        return True

    def _put_in_force(self, side: Side, card: BeforeRange) -> bool:
        """Play ``card`` for ``side``; True if the combat is over because of it."""
        fighter = self.f[side]
        opp = self.f[other(side)]
        if "frenzy" in card.kinds:
            target = opp if _affects_opponent(card) else fighter
            for effect in target.effects:
                if effect.frenzy_immune:
                    raise IllegalPlay(
                        msg(
                            "{where}: {card} is a frenzy card played on {name}, and frenzy "
                            "cards cannot be played on {name} because of {effect}, whose text "
                            "says: “{quote}”",
                            where=self._where(),
                            card=card.name,
                            name=target.name,
                            effect=effect.name,
                            quote=effect.says,
                        )
                    )
        if self._cancelled(side, card):
            return False
        self._pay(fighter, card.cost, card.name, burn=card.burn_blood, limits=card.limits)
        before = len(fighter.effects)
        try:
            return self._apply_card(side, card)
        finally:
            for effect in fighter.effects[before:]:
                effect.kinds = effect.kinds or card.kinds

    def _apply_card(self, side: Side, card: BeforeRange) -> bool:
        fighter = self.f[side]
        opp = self.f[other(side)]
        span: Span = "round" if card.this_round else "combat"
        said = _span(card.this_round)
        if card.set_strength is not None:
            self._add_effect(fighter, Lasting(card.name, span, set_strength=card.set_strength))
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
            self._change_strength(fighter, fighter, card.strength, card.name, span)
        if card.opponent_strength:
            self._change_strength(fighter, opp, card.opponent_strength, card.name, span)
        if card.hand_aggravated:
            self._add_effect(fighter, Lasting(card.name, span, hand_aggravated=True))
            self.trace.add(
                LASTING,
                msg(
                    "{name} plays {card}: damage from its hand strikes is aggravated {span}.",
                    name=fighter.name,
                    card=card.name,
                    span=said,
                ),
            )
            self._card(
                fighter, card.name, msg("hand strikes deal aggravated damage {span}", span=said)
            )
        if card.trap_press:
            self._add_effect(fighter, Lasting(card.name, "combat", trap_press=True))
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
        self._against(fighter, opp, card, span)
        self._own(fighter, card, span)
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
        self._possessions(fighter, card)
        if card.gain_blood and fighter.capacity is not None:
            gained = min(card.gain_blood, fighter.capacity - fighter.amount)
            fighter.amount += gained
            fighter.drained += card.gain_blood - gained
            self.trace.add(
                LASTING,
                msg(
                    "{name} gains {blood} from {card} ({now} now).",
                    name=fighter.name,
                    blood=words.blood(gained),
                    card=card.name,
                    now=fighter.amount,
                ),
            )
        if card.drain:
            burned = min(card.drain, opp.amount)
            opp.amount -= burned
            self.trace.add(
                LASTING,
                msg(
                    "{card}: {other} burns {blood}; it is not damage, so nothing prevents it "
                    "({left} left).",
                    card=card.name,
                    other=opp.name,
                    blood=words.unit_amount(burned, opp.unit),
                    left=opp.amount,
                ),
            )
            self._card(
                fighter,
                card.name,
                msg(
                    "{name} burns {blood}", name=opp.name, blood=words.unit_amount(burned, opp.unit)
                ),
            )
            if opp.kind == "ally" and opp.amount == 0 and opp.ready:
                self._burn_minion(opp)
                return self._ended_by_state()
        if card.damage:
            dealt = card.damage + self._bonus_against(other(side), card.name)
            self.trace.add(
                ENVIRONMENT,
                msg(
                    "{name} plays {card}: {other} is dealt {damage} before range is determined.",
                    name=fighter.name,
                    card=card.name,
                    other=opp.name,
                    damage=words.damage(dealt),
                ),
            )
            self._card(fighter, card.name, _takes(opp.name, dealt))
            hit = Hit()
            hit.add("card", card.name, dealt, by=side)
            self._deal({other(side): hit})
            if self._ended_by_state():
                return True
        if card.ends_combat:
            self.trace.add(
                SEQUENCE,
                msg(
                    "{name} plays {card}: the combat ends at once, before range is determined.",
                    name=fighter.name,
                    card=card.name,
                ),
            )
            self._card(fighter, card.name, msg("the combat ends"))
            self.ended_by = "combat_ends"
            return True
        return False

    def _burn_minion(self, fighter: Fighter) -> None:
        raise NotImplementedError  # provided by the round player

    def _against(self, fighter: Fighter, opp: Fighter, card: BeforeRange, span: Span) -> None:
        """What the card does to the opposing minion for the round or the combat."""
        if not (card.environmental or card.press_damage or card.restrict or card.card_cost):
            return
        effect = Lasting(
            card.name,
            span,
            says=card.says,
            requires=card.requires,
            kinds=card.kinds,
            environmental=card.environmental,
            env_close_only=card.env_close_only,
            unpreventable=card.unpreventable,
            press_damage=card.press_damage,
            restrict=card.restrict,
            card_cost=card.card_cost,
        )
        self._add_effect(fighter, effect)
        parts: list[Message] = []
        if card.environmental:
            if card.env_close_only:
                parts.append(
                    msg_n(
                        "{name} takes {n} environmental damage each round with the strikes at "
                        "close range",
                        "{name} takes {n} environmental damage each round with the strikes at "
                        "close range",
                        card.environmental,
                        name=opp.name,
                    )
                )
            else:
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
        if card.card_cost:
            parts.append(
                msg_n(
                    "combat cards cost {name} {n} more blood",
                    "combat cards cost {name} {n} more blood",
                    card.card_cost,
                    name=opp.name,
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
                span=_span(span == "round"),
            ),
        )
        self._card(fighter, card.name, effects)

    def _own(self, fighter: Fighter, card: BeforeRange, span: Span) -> None:
        """What the card does for its own minion for the round or the combat."""
        kept = span
        said = _span(span == "round")
        if card.prevent is not None:
            self._add_effect(
                fighter,
                Lasting(
                    card.name, kept, says=card.says, requires=card.requires, prevent=card.prevent
                ),
            )
            p = card.prevent
            parts: list[Message] = []
            if p.each_round:
                if p.strikes_only:
                    parts.append(
                        msg_n(
                            "{name} prevents {n} damage from the opposing strikes each round",
                            "{name} prevents {n} damage from the opposing strikes each round",
                            p.each_round,
                            name=fighter.name,
                        )
                    )
                else:
                    parts.append(
                        msg_n(
                            "{name} prevents {n} damage each round",
                            "{name} prevents {n} damage each round",
                            p.each_round,
                            name=fighter.name,
                        )
                    )
            if p.all_strikes:
                parts.append(msg("all damage from the opposing minion's strikes is prevented"))
            if p.half_strikes:
                parts.append(msg("half (rounded up) of each opposing strike's damage is prevented"))
            if p.after_first == "normal":
                parts.append(
                    msg(
                        "once a damage gets through in a round, the rest of the round's "
                        "non-aggravated damage is prevented"
                    )
                )
            if p.after_first == "all":
                parts.append(
                    msg(
                        "once a damage gets through in a round, the rest of the round's damage "
                        "is prevented"
                    )
                )
            if p.aggravated_as_normal:
                parts.append(msg("{name} treats aggravated damage as normal", name=fighter.name))
            if p.immune_normal:
                parts.append(msg("{name} is immune to non-aggravated damage", name=fighter.name))
            what = parts[0]
            for part in parts[1:]:
                what = msg("{first}; {second}", first=what, second=part)
            self.trace.add(
                PREVENTION,
                msg(
                    "{name} plays {card}: {what} ({span}); it covers every damage it names, "
                    "strike after strike.",
                    name=fighter.name,
                    card=card.name,
                    what=what,
                    span=said,
                ),
            )
            self._card(fighter, card.name, msg("{what} ({span})", what=what, span=said))
        bonus = card.damage_bonus
        if bonus is not None:
            self._add_effect(fighter, Lasting(card.name, kept, damage_bonus=bonus))
            self.trace.add(
                LASTING,
                msg_n(
                    "{name} plays {card}: +{n} damage to its strikes it names ({span}).",
                    "{name} plays {card}: +{n} damage to its strikes it names ({span}).",
                    bonus.amount,
                    name=fighter.name,
                    card=card.name,
                    span=said,
                )
                if not bonus.everything
                else msg_n(
                    "{name} plays {card}: each strike or damaging effect against the opposing "
                    "minion deals {n} more damage ({span}).",
                    "{name} plays {card}: each strike or damaging effect against the opposing "
                    "minion deals {n} more damage ({span}).",
                    bonus.amount,
                    name=fighter.name,
                    card=card.name,
                    span=said,
                ),
            )
            self._card(fighter, card.name, msg_n("+{n} damage", "+{n} damage", bonus.amount))
        if card.discount:
            self._add_effect(fighter, Lasting(card.name, "combat", discount=card.discount))
            self.trace.add(
                LASTING,
                msg_n(
                    "{name} plays {card}: once this combat, the next combat card it plays with "
                    "a blood cost costs {n} blood less.",
                    "{name} plays {card}: once this combat, the next combat card it plays with "
                    "a blood cost costs {n} blood less.",
                    card.discount,
                    name=fighter.name,
                    card=card.name,
                ),
            )
        if card.extra_strikes:
            self._add_effect(fighter, Lasting(card.name, kept, extra_strikes=card.extra_strikes))
            self.trace.add(
                LASTING,
                msg_n(
                    "{name} plays {card}: {n} additional strike (limited) each round ({span}).",
                    "{name} plays {card}: {n} additional strikes (limited) each round ({span}).",
                    card.extra_strikes,
                    name=fighter.name,
                    card=card.name,
                    span=said,
                ),
            )
        if card.restrict_self:
            self._add_effect(
                fighter, Lasting(card.name, kept, says=card.says, restrict_self=card.restrict_self)
            )
            self.trace.add(
                LASTING,
                msg(
                    "{name} plays {card}: {name} cannot {what} ({span}).",
                    name=fighter.name,
                    card=card.name,
                    what=tuple(RESTRICTIONS[r] for r in card.restrict_self),
                    span=said,
                ),
            )
        if card.frenzy_immune:
            self._add_effect(
                fighter, Lasting(card.name, "combat", says=card.says, frenzy_immune=True)
            )
            opp = self.f[other(fighter.side)]
            kept_effects = []
            for effect in opp.effects:
                if "frenzy" in effect.kinds:
                    self.trace.add(
                        LASTING,
                        msg(
                            "{card}: the effects of {frenzy}, a frenzy card played on {name}, "
                            "are cancelled.",
                            card=card.name,
                            frenzy=effect.name,
                            name=fighter.name,
                        ),
                    )
                else:
                    kept_effects.append(effect)
            opp.effects = kept_effects
        if card.keep:
            self._add_effect(fighter, Lasting(card.name, kept, says=card.says))
        if card.coin_dodge:
            self._add_effect(fighter, Lasting(card.name, "combat", coin_dodge=True))
            self.trace.add(
                LASTING,
                msg(
                    "{name} plays {card}: a coin is flipped for each strike against it, and a "
                    "tails stops that strike, until a heads comes up.",
                    name=fighter.name,
                    card=card.name,
                ),
            )
        if card.acid is not None:
            self._add_effect(fighter, Lasting(card.name, "round", acid=card.acid))
            self.trace.add(
                LASTING,
                msg(
                    "{name} plays {card}: this round, each strike damage it takes is dealt back "
                    "to the striker as environmental damage.",
                    name=fighter.name,
                    card=card.name,
                ),
            )
        if card.weather:
            self._add_effect(
                fighter,
                Lasting(card.name, "combat", weather=card.weather, escalates=card.escalates),
            )

    def _possessions(self, fighter: Fighter, card: BeforeRange) -> None:
        """Equipment and retainers gained or burned by the card."""
        if card.equip is not None:
            fighter.equipment.append(card.equip)
            if card.equip.counters is not None:
                fighter.counters[card.equip.name] = card.equip.counters
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

    def _weather(self) -> None:
        """Damage each round before range is determined, to both combatants and each of their
        retainers (Weather Control)."""
        hits: dict[Side, Hit] = {}
        for owner in self.f.values():
            for effect in owner.effects:
                if not effect.weather:
                    continue
                amount = effect.weather + (effect.weather_rounds if effect.escalates else 0)
                effect.weather_rounds += 1
                self.trace.add(
                    ENVIRONMENT,
                    msg(
                        "{card}: both combatants and each of their retainers take {damage} "
                        "before range is determined; it cannot be prevented.",
                        card=effect.name,
                        damage=words.damage(amount),
                    ),
                )
                for side in SIDES:
                    victim = self.f[side]
                    self._say(
                        msg(
                            "{card}: {name} takes {damage} (not a strike).",
                            card=effect.name,
                            name=victim.name,
                            damage=words.damage(amount),
                        )
                    )
                    hits.setdefault(side, Hit()).add(
                        "environment", effect.name, amount, unpreventable=True
                    )
                    for retainer in list(victim.retainers):
                        left = victim.retainers[retainer] - amount
                        if left <= 0:
                            del victim.retainers[retainer]
                            victim.retainer_damage.pop(retainer, None)
                            self._say(msg("{name} is burned.", name=retainer))
                        else:
                            victim.retainers[retainer] = left
                            self._say(
                                msg(
                                    "{name} loses {lost} ({life} left).",
                                    name=retainer,
                                    lost=words.life(amount),
                                    life=left,
                                )
                            )
        if hits:
            self._deal(hits)
            self._ended_by_state()
