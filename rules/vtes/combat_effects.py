"""What combat cards add to a round: costs, lasting effects, environmental damage, the
end of the round and extra rounds (sections 6.4.8, 6.4.10-6.4.13).

This module holds the section ids the combat steps cite, what an opponent's card may forbid
(:data:`RESTRICTIONS`), what one side receives (:class:`Hit`) and :class:`CardEffects`, the
base of the round player of :mod:`rules.vtes.combat`, with the card steps every other step
shares:

- :meth:`CardEffects._pay`: every card cost is blood burned by the vampire when the card is
  played;
- :meth:`CardEffects._change_strength`: strength added or lowered by a card;
- :meth:`CardEffects._environmental`: the round's environmental damage (a dodge does not
  stop it; a combat-ends strike or a first strike that ends the combat comes before it);
- :meth:`CardEffects._press_step`: damage dealt during the press step;
- the restrictions and effects in force, and their end with the round or the combat.

The cards played before range is determined are in :mod:`rules.vtes.combat_before_range`;
the end of the round (Taste of Vitae, Disarm, Pulled Fangs) and starting a new round or a
new combat when the combat would end (superior Telepathic Tracking, Relentless Reaper,
Psyche!) in :mod:`rules.vtes.combat_round_end`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Trace
from rules.vtes import combat_text as words
from rules.vtes.combat_fighter import Fighter
from rules.vtes.combat_report import Range
from rules.vtes.scenario import SIDES, Round, Side, other

__all__ = [
    "CARDS",
    "ENVIRONMENT",
    "LASTING",
    "RESTRICTIONS",
    "ROUND_END",
    "CardEffects",
    "Hit",
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

RESTRICTIONS: dict[str, Message] = {
    "maneuver_to_long": msg_p("restriction", "maneuver to long range"),
    "maneuver_to_close": msg_p("restriction", "maneuver to close range"),
    "press_to_continue": msg_p("restriction", "press to continue the combat"),
    "press_to_end": msg_p("restriction", "press to end the combat"),
    "equipment": msg_p("restriction", "use equipment"),
}
"""What an opponent's card may forbid a minion to do, by its scenario name."""


def effect_span(this_round: bool) -> Message:
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
                span=effect_span(this_round),
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
