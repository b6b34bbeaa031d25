"""Range and the strikes of a round of VTES combat (sections 6.4.2, 6.4.3): maneuvers and the cards
played before range, then how many strikes each side has.

:class:`RangeSteps` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

from rules.errors import IllegalPlay
from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import CARDS, LASTING, RANGE, STRIKES
from rules.vtes.combat_hits import HitSteps
from rules.vtes.combat_report import Range
from rules.vtes.combat_strike_cards import strike_name as _strike_name
from rules.vtes.scenario import (
    SIDES,
    Side,
    Strike,
)

__all__ = ["RangeSteps"]


class RangeSteps(HitSteps):
    """Range, then each side's strikes."""

    def _determine_range(self) -> None:
        maneuvers = self.rnd.maneuvers
        for i in range(1, len(maneuvers)):
            if maneuvers[i] == maneuvers[i - 1]:
                who = self.f[maneuvers[i]]
                raise IllegalPlay(
                    msg(
                        "{where}: {name} ({side}) plays maneuvers {first} and {second} in a "
                        "row; a minion may not maneuver twice in a row, so the maneuvers must "
                        "alternate between the two sides.",
                        where=self._where(),
                        name=who.name,
                        side=words.side(maneuvers[i]),
                        first=i,
                        second=i + 1,
                    )
                )
        if self.rnd.range is not None:
            if maneuvers:
                raise IllegalPlay(
                    msg(
                        "{where}: the range of this round was already set to {range} by an "
                        "earlier effect, so the determine-range step is skipped and no maneuver "
                        "can be played; remove the maneuvers.",
                        where=self._where(),
                        range=words.range_word(self.rnd.range),
                    )
                )
            self.range = self.rnd.range
            self.trace.add(
                LASTING,
                msg(
                    "An earlier effect set round {round} {range_at}: the determine-range step "
                    "is skipped.",
                    round=self.number,
                    range_at=words.range_at(self.range),
                ),
            )
            self._say(
                msg(
                    "Round {round} is {range_at}, set by an earlier effect.",
                    round=self.number,
                    range_at=words.range_at(self.range),
                )
            )
            return
        if not maneuvers:
            self.trace.add(
                RANGE,
                msg("Round {round} starts at close range; nobody maneuvers.", round=self.number),
            )
            self._say(
                msg("Nobody maneuvers, so round {round} is at close range.", round=self.number)
            )
            return
        current: Range = "close"
        for i, side in enumerate(maneuvers):
            current = "long" if current == "close" else "close"
            play = self.rnd.maneuver_plays[i] if i < len(self.rnd.maneuver_plays) else None
            self._check_restricted(side, f"maneuver_to_{current}")
            if play is not None and play.to is not None and play.to != current:
                raise IllegalPlay(
                    msg(
                        "{where}: {card} is only usable to get {wanted}, but maneuver "
                        "{number} would take the combat {current}.",
                        where=self._where(),
                        card=play.card or msg("this maneuver"),
                        wanted=words.range_to(play.to),
                        number=i + 1,
                        current=words.range_to(current),
                    )
                )
            if play is not None and play.card:
                self._pay(self.f[side], play.cost, play.card)
                self.trace.add(
                    CARDS,
                    msg(
                        "{name}'s maneuver {number} comes from {card}.",
                        name=self.f[side].name,
                        number=i + 1,
                        card=play.card,
                    ),
                )
            self._say(
                msg(
                    "{name} maneuvers {range_to}.",
                    name=self.f[side].name,
                    range_to=words.range_to(current),
                )
            )
        self.range = current
        count = len(maneuvers)
        if count == 1:
            self.trace.add(
                RANGE,
                msg_p(
                    "one maneuver",
                    "{n} maneuver(s) alternate ({sides}); each one flips the range, so round "
                    "{round} is {range_at}.",
                    n=count,
                    sides=words.sides(maneuvers),
                    round=self.number,
                    range_at=words.range_at(current),
                ),
            )
        else:
            self.trace.add(
                RANGE,
                msg_n(
                    "{n} maneuver(s) alternate ({sides}); each one flips the range, so round "
                    "{round} is {range_at}.",
                    "{n} maneuver(s) alternate ({sides}); each one flips the range, so round "
                    "{round} is {range_at}.",
                    count,
                    sides=words.sides(maneuvers),
                    round=self.number,
                    range_at=words.range_at(current),
                ),
            )
        self._say(
            msg(
                "After {count} maneuvers, round {round} is {range_at}.",
                count=count,
                round=self.number,
                range_at=words.range_at(current),
            )
        )

    def _count_strikes(self) -> dict[Side, list[Strike]]:
        chosen: dict[Side, list[Strike]] = {}
        for side in SIDES:
            fighter = self.f[side]
            effects = self.rnd.additional_of(side)
            limited = [e for e in effects if e.limited]
            if len(limited) > 1:
                raise IllegalPlay(
                    msg(
                        "{where}: {name} plays two '(limited)' additional-strike effects "
                        "({first} and {second}); only one limited effect per minion per round "
                        "is allowed.",
                        where=self._where(),
                        name=fighter.name,
                        first=limited[0].name,
                        second=limited[1].name,
                    )
                )
            granted = 1 + sum(e.count for e in effects)
            strikes = self._uncancelled(side, list(self.rnd.strikes_of(side)))
            if len(strikes) > granted:
                extra = granted - 1
                raise IllegalPlay(
                    msg_n(
                        "{where}: {name} lists {listed} but is granted {granted} (1 strike + "
                        "{n} additional); allowed: at most {granted} strikes, or add the "
                        "effect granting more.",
                        "{where}: {name} lists {listed} but is granted {granted} (1 strike + "
                        "{n} additional); allowed: at most {granted} strikes, or add the "
                        "effect granting more.",
                        extra,
                        where=self._where(),
                        name=fighter.name,
                        listed=msg_n("{n} strikes", "{n} strikes", len(strikes)),
                        granted=granted,
                    )
                )
            if not strikes:
                strikes = [Strike(name="hand strike", hand=True, default=True)]
            for strike in strikes:
                if strike.target is not None and self.range == "close":
                    raise IllegalPlay(
                        msg(
                            "{where}: {name} aims {strike} at the retainer {target}, but the "
                            "round is at close range; a retainer can be targeted only at long "
                            "range.",
                            where=self._where(),
                            name=fighter.name,
                            strike=_strike_name(strike.name),
                            target=strike.target,
                        )
                    )
            chosen[side] = strikes
        return chosen

    def _announce_additional(self) -> None:
        for side in SIDES:
            fighter = self.f[side]
            for effect in self.rnd.additional_of(side):
                self._pay(fighter, effect.cost, effect.name)
                limited: Message | str = msg(" (limited)") if effect.limited else ""
                self.trace.add(
                    STRIKES,
                    msg_n(
                        "{name} plays {card}{limited}: {n} additional strike(s) this round, at "
                        "the same range.",
                        "{name} plays {card}{limited}: {n} additional strike(s) this round, at "
                        "the same range.",
                        effect.count,
                        name=fighter.name,
                        card=_strike_name(effect.name),
                        limited=limited,
                    ),
                )
                self._say(
                    msg(
                        "{name} plays {card}: {strikes}.",
                        name=fighter.name,
                        card=effect.name,
                        strikes=words.strikes(effect.count),
                    )
                )
