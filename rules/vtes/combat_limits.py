"""A card's own limits, checked before its play takes effect (section 6.4.14).

The card library writes what a card's text says about when it is usable into the scenario
(:mod:`rules.vtes.scenario_limits`); :class:`PlayLimits`, mixed into the round player of
:mod:`rules.vtes.combat`, checks them at the moment the play happens: the range of the round,
the round number, what the card may affect, how many of it a minion may play each round or
combat, whether it may be an additional strike, the state of the round it needs, the effect
it needs in force and the side that may play it. A play that breaks one raises
:class:`rules.errors.IllegalPlay` naming the card and quoting the words it breaks.
"""

from __future__ import annotations

from rules.errors import IllegalPlay
from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import CardEffects
from rules.vtes.scenario import Side, other
from rules.vtes.scenario_limits import Limits

__all__ = ["PlayLimits"]


def _kind_word(kind: str) -> Message:
    if kind == "vampire":
        return msg_p("minion kind", "a vampire")
    if kind == "ally":
        return msg_p("minion kind", "an ally")
    return msg_p("minion kind", "a retainer")


class PlayLimits(CardEffects):
    """Checks of the ``limits`` a card's play carries."""

    def _limits(
        self,
        side: Side,
        card: str,
        limits: Limits | None,
        *,
        range_known: bool = True,
        target: str | None = None,
        additional: bool | None = None,
    ) -> None:
        """Check every limit that can be checked now, then count the play."""
        if limits is None:
            return
        fighter = self.f[side]
        opp = self.f[other(side)]
        said = limits.said
        if limits.side is not None and limits.side != side:
            raise IllegalPlay(
                msg(
                    "{where}: {card} is played by the {side} minion here, but only the {allowed} "
                    "minion may play it; its text says: “{quote}”",
                    where=self._where(),
                    card=card,
                    side=words.side(side),
                    allowed=words.side(limits.side),
                    quote=said("side"),
                )
            )
        if limits.rounds == "first" and self.number != 1:
            raise IllegalPlay(
                msg(
                    "{where}: {card} is only usable in the first round of combat; its text "
                    "says: “{quote}”",
                    where=self._where(),
                    card=card,
                    quote=said("rounds"),
                )
            )
        if limits.rounds == "later" and self.number == 1:
            raise IllegalPlay(
                msg(
                    "{where}: {card} is not usable in the first round of combat; its text says: "
                    "“{quote}”",
                    where=self._where(),
                    card=card,
                    quote=said("rounds"),
                )
            )
        if limits.opponent:
            kind = "retainer" if target is not None else opp.kind
            if kind not in limits.opponent:
                affected: Message | str = target if target is not None else opp.name
                raise IllegalPlay(
                    msg(
                        "{where}: {card} cannot affect {other}, {what}; its text says: “{quote}”",
                        where=self._where(),
                        card=card,
                        other=affected,
                        what=_kind_word(kind),
                        quote=said("opponent"),
                    )
                )
        if additional is not None and limits.strike == "initial" and additional:
            raise IllegalPlay(
                msg(
                    "{where}: {card} cannot be used as an additional strike; its text says: "
                    "“{quote}”",
                    where=self._where(),
                    card=card,
                    quote=said("strike"),
                )
            )
        if additional is not None and limits.strike == "additional" and not additional:
            raise IllegalPlay(
                msg(
                    "{where}: {card} is only usable as an additional strike; its text says: "
                    "“{quote}”",
                    where=self._where(),
                    card=card,
                    quote=said("strike"),
                )
            )
        if limits.in_force is not None and not fighter.in_force(limits.in_force):
            raise IllegalPlay(
                msg(
                    "{where}: {card} needs the effect of {effect} in force on {name}, and it is "
                    "not; its text says: “{quote}”",
                    where=self._where(),
                    card=card,
                    effect=limits.in_force,
                    name=fighter.name,
                    quote=said("in_force"),
                )
            )
        for need in limits.needs:
            self._need(side, card, need, said("needs"))
        if range_known:
            self._limits_range(card, limits)
        self._count(side, card, limits)

    def _limits_range(self, card: str, limits: Limits | None) -> None:
        if limits is None or limits.range is None or limits.range == self.range:
            return
        raise IllegalPlay(
            msg(
                "{where}: {card} is only usable at {wanted}, and this round is {range_at}; its "
                "text says: “{quote}”",
                where=self._where(),
                card=card,
                wanted=words.range_name(limits.range),
                range_at=words.range_at(self.range),
                quote=limits.said("range"),
            )
        )

    def _count(self, side: Side, card: str, limits: Limits) -> None:
        if limits.once is None:
            return
        fighter = self.f[side]
        group = limits.group or card
        key = (limits.once, group)
        done = fighter.played.get(key, 0)
        if done >= limits.count:
            if limits.once == "round":
                refused = msg_n(
                    "{where}: {name} may play {group} only {n} time each round and already "
                    "did; the text of {card} says: “{quote}”",
                    "{where}: {name} may play {group} only {n} times each round and "
                    "already did; the text of {card} says: “{quote}”",
                    limits.count,
                    where=self._where(),
                    name=fighter.name,
                    group=group,
                    card=card,
                    quote=limits.said("once"),
                )
            else:
                refused = msg_n(
                    "{where}: {name} may play {group} only {n} time each combat and already "
                    "did; the text of {card} says: “{quote}”",
                    "{where}: {name} may play {group} only {n} times each combat and "
                    "already did; the text of {card} says: “{quote}”",
                    limits.count,
                    where=self._where(),
                    name=fighter.name,
                    group=group,
                    card=card,
                    quote=limits.said("once"),
                )
            raise IllegalPlay(refused)
        fighter.played[key] = done + 1

    def _need(self, side: Side, card: str, need: str, quote: str) -> None:
        fighter = self.f[side]
        opp = self.f[other(side)]
        if need == "more_damage":
            mine, theirs = opp.damage_by_minion(), fighter.damage_by_minion()
            if mine > theirs:
                return
            raise IllegalPlay(
                msg(
                    "{where}: {card} needs {name} to have successfully inflicted more damage "
                    "than it received this round (strikes and the minions' own card effects; "
                    "environmental and retainer damage do not count), but it inflicted {mine} "
                    "and received {theirs}; its text says: “{quote}”",
                    where=self._where(),
                    card=card,
                    name=fighter.name,
                    mine=mine,
                    theirs=theirs,
                    quote=quote,
                )
            )
        if need == "damage_taken":
            if sum(fighter.taken_round.values()):
                return
            raise IllegalPlay(
                msg(
                    "{where}: {card} needs damage successfully inflicted on {name} this round, "
                    "and none was; its text says: “{quote}”",
                    where=self._where(),
                    card=card,
                    name=fighter.name,
                    quote=quote,
                )
            )
        if need == "opponent_not_ready":
            if not opp.ready and fighter.ready:
                return
            raise IllegalPlay(
                msg(
                    "{where}: {card} needs {name} ready and {other} no longer ready; its text "
                    "says: “{quote}”",
                    where=self._where(),
                    card=card,
                    name=fighter.name,
                    other=opp.name,
                    quote=quote,
                )
            )
        if opp.blood_lost_round:
            return
        raise IllegalPlay(
            msg(
                "{where}: {card} needs {other} to have burned blood or life to damage this round, "
                "and it has not; its text says: “{quote}”",
                where=self._where(),
                card=card,
                other=opp.name,
                quote=quote,
            )
        )
