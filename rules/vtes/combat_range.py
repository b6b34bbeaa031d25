"""Range and the strikes of a round of VTES combat (sections 6.4.2, 6.4.3, 6.4.14): maneuvers, each
recorded with its source (a card, a weapon, a strike card), then how many strikes each side has
and what they may be.

A maneuver given by a weapon or by a strike card commits the minion's initial strike of the
round to that weapon or strike; a weapon's maneuvers are counted for the combat, whoever bears
it (.44 Magnum: one each combat). A minion committed to a strike that a grapple then forbids
gets no strike that round. Additional strikes a card grants may be limited to a kind of strike
(superior Wind Dance: a dodge).

:class:`RangeSteps` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

from rules.errors import IllegalPlay
from rules.i18n import Message, msg, msg_n
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import CARDS, LASTING, LIMITS, RANGE, STRIKES
from rules.vtes.combat_hits import HitSteps
from rules.vtes.combat_report import Range
from rules.vtes.combat_strike_cards import strike_name as _strike_name
from rules.vtes.scenario import (
    SIDES,
    AdditionalStrikes,
    Side,
    Strike,
)
from rules.vtes.scenario_effects import Commit, Play

__all__ = ["RangeSteps"]


def _committed_to(strike: Strike, commit: Commit) -> bool:
    if commit.weapon is not None:
        return strike.weapon == commit.weapon
    return strike.name == commit.strike


def _commit_words(commit: Commit) -> str:
    return commit.weapon if commit.weapon is not None else commit.strike or ""


class RangeSteps(HitSteps):
    """Range, then each side's strikes."""

    _commit: dict[Side, Commit]

    def _committing(self, side: Side, commit: Commit, source: str) -> None:
        known = self._commit.get(side)
        if known is not None and known != commit:
            raise IllegalPlay(
                msg(
                    "{where}: {name} is already committed to strike with {first} this round, so "
                    "it cannot also use {second}, which commits it to {other}.",
                    where=self._where(),
                    name=self.f[side].name,
                    first=_commit_words(known),
                    second=source,
                    other=_commit_words(commit),
                )
            )
        self._commit[side] = commit

    def _weapon_maneuver(self, side: Side, play: Play, current: str) -> None:
        fighter = self.f[side]
        weapon = play.weapon
        assert weapon is not None
        item = fighter.carried(weapon)
        if item is None:
            raise IllegalPlay(
                msg(
                    "{where}: {name} maneuvers with {weapon} but does not carry it; {name} "
                    "carries: {carried}.",
                    where=self._where(),
                    name=fighter.name,
                    weapon=weapon,
                    carried=fighter.equipment_names(),
                )
            )
        if item.maneuvers is None or item.strike is None:
            raise IllegalPlay(
                msg(
                    "{where}: {weapon} gives no maneuver; a maneuver comes from a card or from "
                    "equipment whose text gives one.",
                    where=self._where(),
                    weapon=weapon,
                )
            )
        self._check_restricted(side, "equipment")
        if item.maneuvers.to is not None and item.maneuvers.to != current:
            raise IllegalPlay(
                msg(
                    "{where}: {weapon}'s maneuver is only usable to get {wanted}, but this "
                    "maneuver would take the combat {current}; its text says: “{quote}”",
                    where=self._where(),
                    weapon=weapon,
                    wanted=words.range_to(item.maneuvers.to),
                    current=words.range_to(current),
                    quote=item.maneuvers.quote,
                )
            )
        used = self.combat.weapon_maneuvers.get(weapon, 0)
        if used >= item.maneuvers.count:
            raise IllegalPlay(
                msg_n(
                    "{where}: {weapon} gives {n} maneuver each combat, whoever bears it, and it "
                    "is used up; its text says: “{quote}”",
                    "{where}: {weapon} gives {n} maneuvers each combat, whoever bears it, and "
                    "they are used up; its text says: “{quote}”",
                    item.maneuvers.count,
                    where=self._where(),
                    weapon=weapon,
                    quote=item.maneuvers.quote,
                )
            )
        self.combat.weapon_maneuvers[weapon] = used + 1
        self._usable(
            side, Strike(name=weapon, weapon=weapon, effect=None), item.strike, True, grapple=False
        )
        self._committing(side, Commit(weapon=weapon), weapon)
        self.trace.add(
            LIMITS,
            msg(
                "{name}'s maneuver comes from {weapon} ({used} of {count} this combat), so its "
                "initial strike this round must be with {weapon}.",
                name=fighter.name,
                weapon=weapon,
                used=used + 1,
                count=item.maneuvers.count,
            ),
        )

    def _strike_maneuver(self, side: Side, card: str) -> None:
        listed = [s for s in self.rnd.strikes_of(side) if s.name == card]
        effect = listed[0].effect if listed else None
        if listed and effect is None and listed[0].weapon is not None:
            # the strike card is used with a weapon (Lam Into with a melee weapon)
            item = self.f[side].carried(listed[0].weapon)
            effect = item.strike if item is not None else None
        if effect is None:
            raise IllegalPlay(
                msg(
                    "{where}: {name}'s maneuver comes from the strike card {card}, which commits "
                    "its initial strike this round to {card}; list that strike first.",
                    where=self._where(),
                    name=self.f[side].name,
                    card=card,
                )
            )
        self._usable(side, listed[0], effect, True, grapple=False)
        self._committing(side, Commit(strike=card, card=card), card)
        self.trace.add(
            LIMITS,
            msg(
                "{name}'s maneuver comes from the strike card {card}, so {card} is its initial "
                "strike this round.",
                name=self.f[side].name,
                card=card,
            ),
        )

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
            for side in SIDES:
                commit = self.rnd.commit_of(side)
                if commit is not None:
                    self._committing(side, commit, commit.card or _commit_words(commit))
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
            self._check_restricted(side, "maneuver")
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
            if play is not None and play.weapon is not None:
                self._weapon_maneuver(side, play, current)
            if play is not None and play.card:
                if play.strike:
                    self._strike_maneuver(side, play.card)
                else:
                    self._limits(side, play.card, play.limits, range_known=False)
                self._pay(
                    self.f[side], play.cost, play.card, burn=play.burn_blood, limits=play.limits
                )
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
                msg(
                    "One maneuver ({sides}) flips the range, so round {round} is {range_at}.",
                    sides=words.sides(maneuvers),
                    round=self.number,
                    range_at=words.range_at(current),
                ),
            )
            self._say(
                msg(
                    "After one maneuver, round {round} is {range_at}.",
                    round=self.number,
                    range_at=words.range_at(current),
                )
            )
            return
        self.trace.add(
            RANGE,
            msg_n(
                "{n} maneuver alternates ({sides}); each one flips the range, so round "
                "{round} is {range_at}.",
                "{n} maneuvers alternate ({sides}); each one flips the range, so round "
                "{round} is {range_at}.",
                count,
                sides=words.sides(maneuvers),
                round=self.number,
                range_at=words.range_at(current),
            ),
        )
        self._say(
            msg_n(
                "After {n} maneuver, round {round} is {range_at}.",
                "After {n} maneuvers, round {round} is {range_at}.",
                count,
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
            lasting = sum(e.extra_strikes for e in fighter.effects)
            granted = 1 + sum(e.count for e in effects) + lasting
            strikes = self._uncancelled(side, list(self.rnd.strikes_of(side)))
            if self._forbidden(side, "strike") is not None:
                if any(not s.passes for s in strikes):
                    self._check_restricted(side, "strike")
                self.trace.add(STRIKES, msg("{name} cannot strike this round.", name=fighter.name))
                chosen[side] = []
                continue
            if self._forbidden(side, "initial_strike") is not None:
                effect = self._forbidden(side, "initial_strike")
                assert effect is not None
                self.trace.add(
                    STRIKES,
                    msg(
                        "{card}: {name} makes no initial strike this round.",
                        card=effect.name,
                        name=fighter.name,
                    ),
                )
                strikes = [Strike(name="no strike", effect=None, passes=True), *strikes]
            strikes = self._committed(side, strikes)
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
                        listed=msg_n("{n} strike", "{n} strikes", len(strikes)),
                        granted=granted,
                    )
                )
            if not strikes:
                strikes = [Strike(name="hand strike", hand=True, default=True)]
            first = strikes[0].effect
            if (
                first is not None
                and "additional_strikes" in first.forbids
                and (len(strikes) > 1 or effects)
            ):
                raise IllegalPlay(
                    msg(
                        "{where}: {name} chose {strike}, so it cannot use additional strikes "
                        "this round; its text says: “{quote}”",
                        where=self._where(),
                        name=fighter.name,
                        strike=_strike_name(strikes[0].name),
                        quote=first.says,
                    )
                )
            if len(strikes) > 1 or effects:
                self._check_restricted(side, "additional_strikes")
            self._match_additional(side, strikes, effects)
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

    def _committed(self, side: Side, strikes: list[Strike]) -> list[Strike]:
        """The initial strike a maneuver or an earlier effect committed the minion to."""
        commit = self._commit.get(side)
        if commit is None:
            return strikes
        fighter = self.f[side]
        listed = [s for s in strikes if not s.passes]
        if not listed:
            if commit.weapon is None:
                return strikes
            strikes = [Strike(name=commit.weapon, weapon=commit.weapon, effect=None), *strikes]
        elif not _committed_to(strikes[0], commit):
            raise IllegalPlay(
                msg(
                    "{where}: {name} is committed to strike with {weapon} this round (a maneuver "
                    "or range set by a weapon or strike card commits that strike), but its "
                    "initial strike is {strike}.",
                    where=self._where(),
                    name=fighter.name,
                    weapon=_commit_words(commit),
                    strike=_strike_name(strikes[0].name),
                )
            )
        grapple = self._grapple()
        first = strikes[0]
        pure_hand = (
            first.hand
            and first.effect is not None
            and not (first.effect.dodge or first.effect.combat_ends)
        )
        if grapple is not None and not pure_hand:
            self.trace.add(
                LIMITS,
                msg(
                    "{name} is committed to {strike}, which {card} forbids this round, so {name} "
                    "gets no strike (ruling TOM 19951217).",
                    name=fighter.name,
                    strike=_strike_name(first.name),
                    card=grapple,
                ),
            )
            self._say(
                msg(
                    "{name} is committed to {strike}, which {card} forbids: no strike this round.",
                    name=fighter.name,
                    strike=_strike_name(first.name),
                    card=grapple,
                )
            )
            return [Strike(name="no strike", effect=None, passes=True), *strikes[1:]]
        return strikes

    def _match_additional(
        self, side: Side, strikes: list[Strike], effects: tuple[AdditionalStrikes, ...]
    ) -> None:
        """Each additional strike must fit what the effect granting it allows."""
        left: list[tuple[AdditionalStrikes, list[int]]] = [
            (e, [e.count]) for e in effects if e.only is not None
        ]
        free = sum(e.count for e in effects if e.only is None) + sum(
            e.extra_strikes for e in self.f[side].effects
        )
        for e, _ in left:
            only = e.only
            assert only is not None
            if only.after and not self._fits(strikes[0], e):
                raise IllegalPlay(
                    msg(
                        "{where}: {card} grants its additional strike only after an initial "
                        "strike of that kind, and {name}'s initial strike is {strike}; its text "
                        "says: “{quote}”",
                        where=self._where(),
                        card=e.name,
                        name=self.f[side].name,
                        strike=_strike_name(strikes[0].name),
                        quote=only.quote,
                    )
                )
        for strike in strikes[1:]:
            slot = next((pair for pair in left if pair[1][0] and self._fits(strike, pair[0])), None)
            if slot is not None:
                slot[1][0] -= 1
                continue
            if free:
                free -= 1
                continue
            grant = left[0][0] if left else None
            if grant is not None and grant.only is not None:
                raise IllegalPlay(
                    msg(
                        "{where}: {name}'s additional strike {strike} is not what {card} "
                        "grants; its text says: “{quote}”",
                        where=self._where(),
                        name=self.f[side].name,
                        strike=_strike_name(strike.name),
                        card=grant.name,
                        quote=grant.only.quote,
                    )
                )

    @staticmethod
    def _fits(strike: Strike, grant: AdditionalStrikes) -> bool:
        only = grant.only
        if only is None:
            return True
        if only.dodge:
            return strike.effect is not None and strike.effect.dodge
        if only.hand:
            return strike.hand and strike.effect is not None and not strike.effect.dodge
        if only.weapon is not None:
            return strike.weapon == only.weapon
        return strike.name == only.name

    def _announce_additional(self) -> None:
        for side in SIDES:
            fighter = self.f[side]
            for effect in self.rnd.additional_of(side):
                self._limits(side, effect.name, effect.limits)
                self._pay(
                    fighter, effect.cost, effect.name, burn=effect.burn_blood, limits=effect.limits
                )
                limited: Message | str = msg(" (limited)") if effect.limited else ""
                self.trace.add(
                    STRIKES,
                    msg_n(
                        "{name} plays {card}{limited}: {n} additional strike this round, at "
                        "the same range.",
                        "{name} plays {card}{limited}: {n} additional strikes this round, at "
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
