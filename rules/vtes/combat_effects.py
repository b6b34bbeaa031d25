"""What combat cards add to a round: costs, lasting effects, environmental damage, the
end of the round and extra rounds (sections 6.4.8, 6.4.10-6.4.13).

:class:`CardEffects` is mixed into the round player of :mod:`rules.vtes.combat`; each
method is one step of the round that a card can change:

- :meth:`CardEffects._before_range`: effects in force before the strikes: strength added,
  set (Torn Signpost) or lowered, for the round or the combat; aggravated hand damage;
  grapples (hand strikes only); environmental damage each round (Carrion Crows); damage
  at the press step; restrictions on the opponent; equipping and employing mid-combat;
- :meth:`CardEffects._environmental`: the round's environmental damage (a dodge does not
  stop it; a combat-ends strike or a first strike that ends the combat comes before it);
- :meth:`CardEffects._press_step`: damage dealt during the press step;
- :meth:`CardEffects._end_of_round`: Taste of Vitae, Disarm, Pulled Fangs, after presses;
- :meth:`CardEffects._another_round`: starting a new round (or a new combat) when the
  combat would end (superior Telepathic Tracking, Relentless Reaper, Psyche!).

Every card cost is blood burned by the vampire when the card is played (:meth:`_pay`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Trace
from rules.vtes import combat_text as words
from rules.vtes.combat_fighter import Fighter, Lasting
from rules.vtes.combat_report import Range
from rules.vtes.models import MinionState
from rules.vtes.scenario import SIDES, Round, Side, other

__all__ = [
    "CARDS",
    "ENVIRONMENT",
    "LASTING",
    "RESTRICTIONS",
    "ROUND_END",
    "CardEffects",
    "Hit",
]

EFFECTS = "vtes:6.4.5"
DAMAGE = "vtes:6.4.6"
RETAINERS = "vtes:6.4.7"
CARDS = "vtes:6.4.8"
ENVIRONMENT = "vtes:6.4.10"
LASTING = "vtes:6.4.11"
ROUND_END = "vtes:6.4.12"
PREVENTION = "vtes:6.4.13"

RESTRICTIONS: dict[str, Message] = {
    "maneuver_to_long": msg_p("restriction", "maneuver to long range"),
    "maneuver_to_close": msg_p("restriction", "maneuver to close range"),
    "press_to_continue": msg_p("restriction", "press to continue the combat"),
    "press_to_end": msg_p("restriction", "press to end the combat"),
    "equipment": msg_p("restriction", "use equipment"),
}
"""What an opponent's card may forbid a minion to do, by its scenario name."""


def _span(this_round: bool) -> Message:
    """How long an effect lasts."""
    return msg("this round") if this_round else msg("for the rest of the combat")


@dataclass
class Hit:
    """What one side receives in one resolution, collected before anything is applied."""

    normal: int = 0
    aggravated: int = 0
    prevented: int = 0
    steal: int = 0
    destroy: str | None = None
    take: str | None = None
    torpor: str | None = None


class CardEffects:
    """The card-driven steps of a round (mixed into the round player)."""

    number: int
    rnd: Round
    f: Mapping[Side, Fighter]
    rules: str
    trace: Trace
    say: list[Message]
    range: Range
    ended_by: str | None

    def _say(self, message: Message) -> None:
        """Add a sentence to the round's story."""
        self.say.append(message)

    def _where(self) -> Message:
        return msg("Round {number}", number=self.number)

    def _card(self, fighter: Fighter, card: str, what: Message) -> None:
        """Tell the story of a card and what it does."""
        self._say(msg("{name} plays {card}: {what}.", name=fighter.name, card=card, what=what))

    # .. costs ..
    def _pay(self, fighter: Fighter, cost: int, card: str) -> None:
        """The vampire burns ``cost`` blood to play ``card``."""
        if not cost:
            return
        if fighter.kind != "vampire":
            raise InvalidState(
                msg(
                    "{where}: {card} costs {cost}, but {name} is an ally; the resolver burns "
                    "card costs only from vampires.",
                    where=self._where(),
                    card=card,
                    cost=words.blood(cost),
                    name=fighter.name,
                )
            )
        if fighter.amount < cost:
            raise IllegalPlay(
                msg(
                    "{where}: {name} has {blood} and cannot pay the {cost} that {card} costs.",
                    where=self._where(),
                    name=fighter.name,
                    blood=words.blood(fighter.amount),
                    cost=words.blood(cost),
                    card=card,
                )
            )
        fighter.amount -= cost
        self.trace.add(
            CARDS,
            msg(
                "{name} burns {cost} to play {card} ({left} left).",
                name=fighter.name,
                cost=words.blood(cost),
                card=card,
                left=fighter.amount,
            ),
        )

    # .. lasting effects ..
    def _restriction(self, side: Side, what: str) -> str | None:
        """The opponent's card forbidding ``what`` to ``side``'s minion, if any."""
        for effect in self.f[other(side)].against:
            if what in effect.restrict:
                return effect.name
        return None

    def _check_restricted(self, side: Side, what: str) -> None:
        card = self._restriction(side, what)
        if card is not None:
            fighter = self.f[side]
            raise IllegalPlay(
                msg(
                    "{where}: {name} cannot {what} this combat because of {card}.",
                    where=self._where(),
                    name=fighter.name,
                    what=RESTRICTIONS[what],
                    card=card,
                )
            )

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

    def _change_strength(
        self, fighter: Fighter, change: int, card: str, this_round: bool, *, by_foe: bool = False
    ) -> None:
        """``by_foe``: a penalty from the opponent's card, which stops at 0 strength."""
        total = fighter.base_strength + fighter.bonus + fighter.round_bonus + change
        if total < 0 and by_foe:
            change -= total
        elif total < 0:
            raise InvalidState(
                msg(
                    "{where}: {card} would bring {name}'s strength below 0 (it is {strength}).",
                    where=self._where(),
                    card=card,
                    name=fighter.name,
                    strength=fighter.strength,
                )
            )
        if this_round:
            fighter.round_bonus += change
        else:
            fighter.bonus += change
        signed = f"{change:+d}"
        self.trace.add(
            LASTING,
            msg(
                "{card}: {name} gets {change} strength {span}, now {strength}.",
                card=card,
                name=fighter.name,
                change=signed,
                span=_span(this_round),
                strength=fighter.strength,
            ),
        )
        self._say(
            msg(
                "Before range is determined, {name} plays {card}: {change} strength for the "
                "rest of the combat (now {strength}).",
                name=fighter.name,
                card=card,
                change=signed,
                strength=fighter.strength,
            )
        )

    def _trap_press(self) -> str | None:
        """A card in force that provides a press to continue every round (Trap)."""
        for fighter in self.f.values():
            for effect in fighter.against:
                if effect.trap_press:
                    return effect.name
        return None

    def _end_round_effects(self) -> None:
        """Undo what lasted this round only."""
        for fighter in self.f.values():
            fighter.round_bonus = 0
            fighter.hand_aggravated_round = None
            fighter.against = [e for e in fighter.against if not e.this_round]

    def _new_combat(self) -> None:
        """A queued combat starts afresh: effects lasting 'this combat' are gone."""
        for fighter in self.f.values():
            fighter.bonus = 0
            fighter.hand_aggravated = None
            fighter.against.clear()

    # .. environmental damage ..
    def _environmental(self, hits: dict[Side, Hit]) -> None:
        """Add this round's environmental damage to ``hits`` (with the normal strikes)."""
        for side in SIDES:
            victim = self.f[side]
            opp = self.f[other(side)]
            sources: list[tuple[str, int, bool]] = [
                (e.name, e.damage, e.aggravated) for e in self.rnd.environmental_of(side)
            ]
            sources += [(e.name, e.environmental, False) for e in opp.against if e.environmental]
            if self.range == "close":
                sources += [
                    (name, n, False)
                    for name, n in opp.retainer_damage.items()
                    if name in opp.retainers
                ]
            for name, n, aggravated in sources:
                if aggravated:
                    dealt = msg_n(
                        "{n} aggravated environmental damage",
                        "{n} aggravated environmental damage",
                        n,
                    )
                else:
                    dealt = msg_n("{n} environmental damage", "{n} environmental damage", n)
                self.trace.add(
                    ENVIRONMENT,
                    msg(
                        "{card}: {name} takes {damage} during strike resolution; it is not a "
                        "strike, so a dodge does not stop it.",
                        card=name,
                        name=victim.name,
                        damage=dealt,
                    ),
                )
                self._say(_environmental(name, victim.name, n))
                hit = hits.setdefault(side, Hit())
                if aggravated:
                    hit.aggravated += n
                else:
                    hit.normal += n

    def _deal(self, hits: dict[Side, Hit]) -> None:
        raise NotImplementedError  # provided by the round player

    def _ended_by_state(self) -> bool:
        raise NotImplementedError  # provided by the round player

    # .. press step ..
    def _press_step(self) -> bool:
        """Damage dealt during the press step; True if a combatant is no longer ready."""
        hits: dict[Side, Hit] = {}
        for side in SIDES:
            for effect in self.f[other(side)].against:
                if effect.press_damage:
                    victim = self.f[side]
                    self.trace.add(
                        ENVIRONMENT,
                        msg(
                            "{card}: {name} takes {damage} during the press step.",
                            card=effect.name,
                            name=victim.name,
                            damage=words.damage(effect.press_damage),
                        ),
                    )
                    self._say(_environmental(effect.name, victim.name, effect.press_damage))
                    hits.setdefault(side, Hit()).normal += effect.press_damage
        if not hits:
            return False
        self._deal(hits)
        return self._ended_by_state()

    # .. end of the round ..
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
                if card.name in seen:
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
                if card.needs_more_damage:
                    mine, theirs = opp.damage_round, fighter.damage_round
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
                self._pay(fighter, card.cost, card.name)
                if card.gain_blood_lost:
                    self._gain_lost(fighter, opp, card.name)
                if card.opponent_strength:
                    self._change_strength(
                        opp, card.opponent_strength, card.name, False, by_foe=True
                    )
                if card.send_to_torpor and opp.ready:
                    opp.state = MinionState.TORPOR
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
                    self._deal({other(side): Hit(normal=card.damage)})
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
        self._pay(fighter, new.cost, new.card)
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


def _takes(name: str, damage: int) -> Message:
    """What a card does: "{name} takes 2 damage"."""
    return msg_p("card effect", "{name} takes {damage}", name=name, damage=words.damage(damage))


def _environmental(card: str, name: str, damage: int) -> Message:
    return msg(
        "{card}: {name} takes {damage} (not a strike).",
        card=card,
        name=name,
        damage=words.damage(damage),
    )
