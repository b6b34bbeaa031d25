"""What combat cards add to a round: costs, lasting effects, environmental damage, the
end of the round and extra rounds (sections 6.4.8, 6.4.10-6.4.16).

This module holds the section ids the combat steps cite, what a card may forbid
(:data:`RESTRICTIONS`), what one side receives (:class:`Hit`, made of :class:`Part` s that
each keep the *source* of their damage: a strike, a card effect of the opposing minion, the
environment or a retainer), the state shared by the rounds of one combat
(:class:`CombatState`) and :class:`CardEffects`, the base of the round player of
:mod:`rules.vtes.combat`, with the card steps every other step shares:

- :meth:`CardEffects._pay`: a card's blood cost (which effects on card costs change) and the
  blood its effect burns (which they do not), burned when the card is played;
- :meth:`CardEffects._change_strength`: strength added or lowered by a card, as a lasting effect;
- :meth:`CardEffects._forbidden` / :meth:`CardEffects._check_restricted`: what an effect in
  force forbids a minion to do, quoting the card;
- :meth:`CardEffects._environmental`: the round's environmental damage (a dodge does not
  stop it; a combat-ends strike or a first strike that ends the combat comes before it);
- :meth:`CardEffects._press_step`: damage dealt during the press step.

The checks of a card's own limits are in :mod:`rules.vtes.combat_limits`; the cards played
before range is determined in :mod:`rules.vtes.combat_before_range`; the end of the round
(Taste of Vitae, Disarm, Pulled Fangs) and starting a new round or a new combat when the
combat would end in :mod:`rules.vtes.combat_round_end`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Trace
from rules.vtes import combat_text as words
from rules.vtes.combat_fighter import Fighter, Lasting, Span
from rules.vtes.combat_report import Range
from rules.vtes.scenario import SIDES, Round, Side, other
from rules.vtes.scenario_limits import Limits

__all__ = [
    "AFTER",
    "CARDS",
    "ENVIRONMENT",
    "LASTING",
    "LIMITS",
    "RESTRICTIONS",
    "ROUND_END",
    "SOURCES",
    "CardEffects",
    "CombatState",
    "Hit",
    "Part",
    "effect_span",
    "takes_damage",
]

SEQUENCE = "vtes:6.4.1"
RANGE = "vtes:6.4.2"
STRIKES = "vtes:6.4.3"
PRESSES = "vtes:6.4.4"
EFFECTS = "vtes:6.4.5"
DAMAGE = "vtes:6.4.6"
RETAINERS = "vtes:6.4.7"
CARDS = "vtes:6.4.8"
ENVIRONMENT = "vtes:6.4.10"
LASTING = "vtes:6.4.11"
ROUND_END = "vtes:6.4.12"
PREVENTION = "vtes:6.4.13"
LIMITS = "vtes:6.4.14"
SOURCES = "vtes:6.4.15"
AFTER = "vtes:6.4.16"

RESTRICTIONS: dict[str, Message] = {
    "maneuver_to_long": msg_p("restriction", "maneuver to long range"),
    "maneuver_to_close": msg_p("restriction", "maneuver to close range"),
    "maneuver": msg_p("restriction", "maneuver"),
    "press_to_continue": msg_p("restriction", "press to continue the combat"),
    "press_to_end": msg_p("restriction", "press to end the combat"),
    "press": msg_p("restriction", "press"),
    "equipment": msg_p("restriction", "use equipment"),
    "strike_cards": msg_p("restriction", "play strike cards"),
    "strike": msg_p("restriction", "strike"),
    "initial_strike": msg_p("restriction", "make an initial strike"),
    "additional_strikes": msg_p("restriction", "use additional strikes"),
    "dodge": msg_p("restriction", "strike: dodge"),
    "combat_ends": msg_p("restriction", "strike: combat ends"),
}
"""What an effect in force may forbid a minion to do, by its scenario name."""


def effect_span(this_round: bool) -> Message:
    """How long an effect lasts."""
    return msg("this round") if this_round else msg("for the rest of the combat")


def span_of(span: Span) -> Message:
    return effect_span(span == "round")


@dataclass
class Part:
    """Damage from one source, kept apart until it is resolved."""

    source: str
    """``"strike"``, ``"card"`` (an effect of the opposing minion's card), ``"environment"``
    or ``"retainer"``."""
    name: str
    normal: int = 0
    aggravated: int = 0
    prevented: int = 0
    """Prevented by the cards played against this strike."""
    by: Side | None = None
    unpreventable: bool = False
    proof: tuple[str, ...] = ()
    """Disciplines whose cards cannot prevent this damage."""
    gun: bool = False
    melee: str | None = None
    """The opposing melee weapon this damage came from, if any."""
    initial: bool = False
    """From the opposing minion's initial strike of the round."""
    weapon: str | None = None
    was_aggravated: int = 0
    """Aggravated points treated as normal (Skin of Night): still aggravated for prevention
    that excludes aggravated damage (ruling LSJ 20040812-2)."""

    @property
    def dealt(self) -> int:
        return self.normal + self.aggravated


@dataclass
class Hit:
    """What one side receives in one resolution, collected before anything is applied."""

    parts: list[Part] = field(default_factory=list)
    steal: int = 0
    destroy: str | None = None
    take: str | None = None
    torpor: str | None = None
    burn: str | None = None
    """The card burning this ally outright (Entombment)."""

    def add(
        self,
        source: str,
        name: str,
        amount: int,
        *,
        aggravated: bool = False,
        by: Side | None = None,
        unpreventable: bool = False,
    ) -> Part:
        part = Part(source, name, by=by, unpreventable=unpreventable)
        if aggravated:
            part.aggravated = amount
        else:
            part.normal = amount
        self.parts.append(part)
        return part

    @property
    def normal(self) -> int:
        return sum(p.normal for p in self.parts)

    @property
    def aggravated(self) -> int:
        return sum(p.aggravated for p in self.parts)

    @property
    def damaging(self) -> bool:
        return any(p.dealt for p in self.parts)


@dataclass
class AfterEffect:
    """Something a card does once the combat is over (Oubliette, Catatonic Fear)."""

    side: Side
    card: str
    burn: int = 0
    damage: int = 0
    cost: int = 0
    gain_half: int = 0


@dataclass
class CombatState:
    """What the rounds of one combat share."""

    weapon_maneuvers: dict[str, int] = field(default_factory=dict)
    """Maneuvers used this combat from each weapon (whoever bears it)."""
    after: list[AfterEffect] = field(default_factory=list)


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
    combat: CombatState

    def _say(self, message: Message) -> None:
        """Add a sentence to the round's story."""
        self.say.append(message)

    def _where(self) -> Message:
        return msg("Round {number}", number=self.number)

    def _card(self, fighter: Fighter, card: str, what: Message) -> None:
        """Tell the story of a card and what it does."""
        self._say(msg("{name} plays {card}: {what}.", name=fighter.name, card=card, what=what))

    # .. costs ..
    def _pay(
        self,
        fighter: Fighter,
        cost: int,
        card: str,
        *,
        burn: int = 0,
        limits: Limits | None = None,
    ) -> None:
        """The vampire burns ``cost`` (the card's cost) and ``burn`` (blood its effect burns)
        to play ``card``. A card played (``limits`` given) costs what effects in force add or
        take off; burned blood is never changed by them."""
        if limits is not None and limits.outsider:
            if cost or burn:
                self.trace.add(
                    CARDS,
                    msg(
                        "{card} is played by a vampire outside the combat, who pays its blood; "
                        "{name}'s blood is not touched.",
                        card=card,
                        name=fighter.name,
                    ),
                )
            return
        if limits is not None and not limits.use and fighter.kind == "vampire":
            cost = self._card_cost(fighter, cost, card)
        total = cost + burn
        if not total:
            return
        if fighter.kind != "vampire":
            raise InvalidState(
                msg(
                    "{where}: {card} costs {cost}, but {name} is an ally; the resolver burns "
                    "card costs only from vampires.",
                    where=self._where(),
                    card=card,
                    cost=words.blood(total),
                    name=fighter.name,
                )
            )
        if fighter.amount < total:
            raise IllegalPlay(
                msg(
                    "{where}: {name} has {blood} and cannot pay the {cost} that {card} costs.",
                    where=self._where(),
                    name=fighter.name,
                    blood=words.blood(fighter.amount),
                    cost=words.blood(total),
                    card=card,
                )
            )
        fighter.amount -= total
        self.trace.add(
            CARDS,
            msg(
                "{name} burns {cost} to play {card} ({left} left).",
                name=fighter.name,
                cost=words.blood(total),
                card=card,
                left=fighter.amount,
            ),
        )

    def _card_cost(self, fighter: Fighter, cost: int, card: str) -> int:
        """The card's cost after the effects in force on card costs."""
        foe = self.f[other(fighter.side)]
        for effect in foe.effects:
            if effect.card_cost:
                cost += effect.card_cost
                self.trace.add(
                    LASTING,
                    msg_n(
                        "{effect}: combat cards cost {name} {n} more blood, so {card} costs "
                        "{cost}.",
                        "{effect}: combat cards cost {name} {n} more blood, so {card} costs "
                        "{cost}.",
                        effect.card_cost,
                        effect=effect.name,
                        name=fighter.name,
                        card=card,
                        cost=words.blood(cost),
                    ),
                )
        for item in fighter.equipment:
            if item.card_discount and cost:
                off = min(item.card_discount, cost)
                cost -= off
                self.trace.add(
                    LASTING,
                    msg_n(
                        "{item}: combat cards cost its bearer {n} blood less, so {card} costs "
                        "{cost}.",
                        "{item}: combat cards cost its bearer {n} blood less, so {card} costs "
                        "{cost}.",
                        off,
                        item=item.name,
                        card=card,
                        cost=words.blood(cost),
                    ),
                )
        if cost:
            for effect in fighter.effects:
                if effect.discount and cost:
                    off = min(effect.discount, cost)
                    effect.discount -= off
                    cost -= off
                    self.trace.add(
                        LASTING,
                        msg_n(
                            "{effect} takes {n} blood off the cost of {card} (once this combat).",
                            "{effect} takes {n} blood off the cost of {card} (once this combat).",
                            off,
                            effect=effect.name,
                            card=card,
                        ),
                    )
        return cost

    # .. lasting effects ..
    def _forbidden(self, side: Side, what: str) -> Lasting | None:
        """The effect in force forbidding ``what`` to ``side``'s minion, if any."""
        for effect in self.f[other(side)].effects:
            if what in effect.restrict:
                return effect
        for effect in self.f[side].effects:
            if what in effect.restrict_self:
                return effect
        if self.f[side].kind == "vampire":
            for item in self.f[other(side)].equipment:
                if what in item.restrict:
                    return Lasting(item.name, "combat", says=item.says)
        return None

    def _check_restricted(self, side: Side, what: str) -> None:
        effect = self._forbidden(side, what)
        if effect is None:
            return
        fighter = self.f[side]
        if effect.says:
            raise IllegalPlay(
                msg(
                    "{where}: {name} cannot {what} {span} because of {card}, whose text says: "
                    "“{quote}”",
                    where=self._where(),
                    name=fighter.name,
                    what=RESTRICTIONS[what],
                    span=span_of(effect.span),
                    card=effect.name,
                    quote=effect.says,
                )
            )
        raise IllegalPlay(
            msg(
                "{where}: {name} cannot {what} {span} because of {card}.",
                where=self._where(),
                name=fighter.name,
                what=RESTRICTIONS[what],
                span=span_of(effect.span),
                card=effect.name,
            )
        )

    def _add_effect(self, fighter: Fighter, effect: Lasting) -> None:
        if effect.prevent is not None:
            effect.budget = effect.prevent.each_round
        fighter.effects.append(effect)

    def _change_strength(
        self,
        player: Fighter,
        target: Fighter,
        change: int,
        card: str,
        span: Span,
    ) -> None:
        """``player``'s card ``card`` changes ``target``'s strength by ``change``."""
        if target is player:
            self._add_effect(player, Lasting(card, span, strength=change))
        else:
            self._add_effect(player, Lasting(card, span, opponent_strength=change))
        signed = f"{change:+d}"
        self.trace.add(
            LASTING,
            msg(
                "{card}: {name} gets {change} strength {span}, now {strength}.",
                card=card,
                name=target.name,
                change=signed,
                span=span_of(span),
                strength=target.strength,
            ),
        )
        self._say(
            msg(
                "{player} plays {card}: {name} gets {change} strength {span} (now {strength}).",
                player=player.name,
                card=card,
                name=target.name,
                change=signed,
                span=span_of(span),
                strength=target.strength,
            )
        )

    def _trap_press(self) -> str | None:
        """A card in force that provides a press to continue this round (Trap, Talbot's
        Chainsaw in the first round)."""
        for fighter in self.f.values():
            for effect in fighter.effects:
                if effect.trap_press:
                    return effect.name
        if self.number == 1:
            for fighter in self.f.values():
                if not fighter.ready:
                    continue
                for item in fighter.equipment:
                    if item.press_first_round is not None:
                        return item.name
        return None

    # .. environmental damage ..
    def _environmental(self, hits: dict[Side, Hit]) -> None:
        """Add this round's environmental damage to ``hits`` (with the normal strikes)."""
        for side in SIDES:
            victim = self.f[side]
            opp = self.f[other(side)]
            sources: list[tuple[str, int, bool, bool, str]] = [
                (e.name, e.damage, e.aggravated, False, "environment")
                for e in self.rnd.environmental_of(side)
            ]
            sources += [
                (e.name, e.environmental, False, e.unpreventable, "environment")
                for e in opp.effects
                if e.environmental and (self.range == "close" or not e.env_close_only)
            ]
            if self.range == "close":
                sources += [
                    (name, n, False, False, "retainer")
                    for name, n in opp.retainer_damage.items()
                    if name in opp.retainers
                ]
            for name, n, aggravated, unpreventable, source in sources:
                n += self._bonus_against(side, name)
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
                hits.setdefault(side, Hit()).add(
                    source, name, n, aggravated=aggravated, unpreventable=unpreventable
                )

    def _bonus_against(self, side: Side, source: str | Message) -> int:
        """Damage added to every damaging effect against ``side``'s minion (Dam the Heart's
        River), with a step saying so."""
        extra = 0
        for effect in self.f[other(side)].effects:
            bonus = effect.damage_bonus
            if bonus is not None and bonus.everything:
                extra += bonus.amount
                self.trace.add(
                    LASTING,
                    msg_n(
                        "{card}: {source} deals {n} more damage to {name}.",
                        "{card}: {source} deals {n} more damage to {name}.",
                        bonus.amount,
                        card=effect.name,
                        source=source,
                        name=self.f[side].name,
                    ),
                )
        return extra

    def _deal(self, hits: dict[Side, Hit]) -> None:
        raise NotImplementedError  # provided by the round player

    def _new_combat(self) -> None:
        raise NotImplementedError  # provided by the round player

    def _ended_by_state(self) -> bool:
        raise NotImplementedError  # provided by the round player

    # .. press step ..
    def _press_step(self) -> bool:
        """Damage dealt during the press step; True if a combatant is no longer ready."""
        hits: dict[Side, Hit] = {}
        for side in SIDES:
            for effect in self.f[other(side)].effects:
                if effect.press_damage:
                    victim = self.f[side]
                    n = effect.press_damage + self._bonus_against(side, effect.name)
                    self.trace.add(
                        ENVIRONMENT,
                        msg(
                            "{card}: {name} takes {damage} during the press step.",
                            card=effect.name,
                            name=victim.name,
                            damage=words.damage(n),
                        ),
                    )
                    self._say(_environmental(effect.name, victim.name, n))
                    hits.setdefault(side, Hit()).add(
                        "environment", effect.name, n, unpreventable=effect.unpreventable
                    )
        if not hits:
            return False
        self._deal(hits)
        return self._ended_by_state()


def takes_damage(name: str, damage: int) -> Message:
    """What a card does: "{name} takes 2 damage"."""
    return msg_p("card effect", "{name} takes {damage}", name=name, damage=words.damage(damage))


def _environmental(card: str, name: str, damage: int) -> Message:
    return msg(
        "{card}: {name} takes {damage} (not a strike).",
        card=card,
        name=name,
        damage=words.damage(damage),
    )
