"""VTES combat, round by round (sections 6.4.1-6.4.7).

:func:`resolve` takes a combat scenario (see :mod:`rules.vtes.scenario`): the two
combatants and each round as it was played. It replays the rounds: range from the
maneuvers, the strikes in pairs (combat ends first, then first strikes, then the rest),
strike effects (dodge, steal blood, destroy or steal equipment, strikes aimed at
retainers), damage resolution after each pair through :func:`rules.vtes.resolve_damage`,
then the presses. Illegal sequences raise :class:`rules.errors.IllegalPlay`.

>>> from rules.vtes.combat_examples import KURT_VS_IRA
>>> report = resolve(KURT_VS_IRA.scenario)
>>> report.acting.blood, report.opposing.blood
(2, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.vtes import (
    MinionState,
)
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import CARDS, EFFECTS, LASTING, RETAINERS
from rules.vtes.combat_effects import Hit as _Hit
from rules.vtes.combat_fighter import Fighter as _Fighter
from rules.vtes.combat_hits import HitSteps
from rules.vtes.combat_report import CombatantState, CombatReport, Range, RoundReport
from rules.vtes.combat_strike_cards import Chosen as _Chosen
from rules.vtes.combat_strike_cards import strike_name as _strike_name
from rules.vtes.scenario import (
    SIDES,
    Round,
    Side,
    Strike,
    StrikeEffect,
    other,
    parse_scenario,
)

__all__ = ["CombatReport", "CombatantState", "RoundReport", "describe_strike", "resolve"]

SEQUENCE = "vtes:6.4.1"
RANGE = "vtes:6.4.2"
STRIKES = "vtes:6.4.3"
PRESSES = "vtes:6.4.4"


def _sides(sides: Sequence[str]) -> tuple[Message, ...]:
    return tuple(words.side(side) for side in sides)


# -- describing strikes -------------------------------------------------------------------


def _effect_parts(effect: StrikeEffect, strength: int, target: str | None) -> list[Message]:
    parts: list[Message] = []
    dmg = effect.damage_for(strength)
    if dmg or effect.strength_based:
        r = "R" if effect.ranged else ""
        if effect.aggravated:
            parts.append(msg_n("{n}{r} aggravated damage", "{n}{r} aggravated damage", dmg, r=r))
        else:
            parts.append(msg_n("{n}{r} damage", "{n}{r} damage", dmg, r=r))
    if effect.steal_blood:
        parts.append(msg_n("steal {n} blood", "steal {n} blood", effect.steal_blood))
    if effect.destroy_equipment:
        parts.append(msg("burn {item}", item=effect.destroy_equipment))
    if effect.steal_equipment:
        parts.append(msg("take {item}", item=effect.steal_equipment))
    if effect.dodge:
        parts.append(msg_p("strike effect", "dodge"))
    if effect.combat_ends:
        parts.append(msg_p("strike effect", "combat ends"))
    if effect.first_strike:
        parts.append(msg_p("strike effect", "first strike"))
    damaging = bool(dmg or effect.steal_blood or effect.destroy_equipment or effect.steal_equipment)
    if damaging and not effect.ranged:
        parts.append(msg_p("strike effect", "close range only"))
    if target:
        parts.append(msg("aimed at {target}", target=target))
    return parts


def describe_strike(strike: Strike, effect: StrikeEffect, strength: int) -> Message:
    """What the striker does, as a verb phrase (e.g. 'makes a hand strike (1 damage)')."""
    parts = _effect_parts(effect, strength, strike.target)
    details: Message | str = msg(" ({parts})", parts=tuple(parts)) if parts else ""
    if strike.hand:
        bonus = effect.strength_bonus or 0
        at: Message | str = msg(" at +{bonus}", bonus=bonus) if bonus else ""
        if strike.name != "hand strike":
            return msg(
                "plays {card}: a hand strike{at}{details}",
                card=strike.name,
                at=at,
                details=details,
            )
        return msg("makes a hand strike{at}{details}", at=at, details=details)
    if strike.weapon:
        return msg("strikes with {weapon}{details}", weapon=strike.weapon, details=details)
    return msg("strikes with {strike}{details}", strike=_strike_name(strike.name), details=details)


# -- one round ----------------------------------------------------------------------------


class _RoundPlay(HitSteps):
    def __init__(
        self,
        number: int,
        rnd: Round,
        fighters: Mapping[Side, _Fighter],
        rules: str,
    ) -> None:
        self.number = number
        self.rnd = rnd
        self.f = fighters
        self.rules = rules
        self.trace = Trace()
        self.say: list[Message] = []
        self.range: Range = "close"
        self.ended_by: str | None = None
        self._pair_index = 0
        self._no_press: dict[Side, str] = {}

    # .. steps of the round ..
    def play(self) -> RoundReport:
        for fighter in self.f.values():
            fighter.stolen_this_round.clear()
            fighter.blood_lost_round = 0
            fighter.damage_round = 0
        self._before_range()
        if self.ended_by is None:
            self._determine_range()
            self._check_grapple_range()
            chosen = self._count_strikes()
            self._strikes(chosen)
        if self.ended_by is None:
            self._press_step()
        continued = self._presses()
        self._end_of_round()
        if self._another_round():
            continued = True
        self._end_round_effects()
        return RoundReport(
            number=self.number,
            range=self.range,
            maneuvers=tuple(self.rnd.maneuvers),
            continued=continued,
            ended=self.ended_by is not None,
            sentences=tuple(self.say),
            steps=self.trace.steps,
        )

    def _deal(self, hits: dict[Side, _Hit]) -> None:
        self._apply_damage(hits, {})

    def _ended_by_state(self) -> bool:
        return self._check_ready()

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
                    sides=_sides(maneuvers),
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
                    sides=_sides(maneuvers),
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

    def _strikes(self, chosen: dict[Side, list[Strike]]) -> None:
        acting, opposing = chosen["acting"], chosen["opposing"]
        pairs = max(len(acting), len(opposing))
        for k in range(pairs):
            if k >= 1:
                if self.range == "close":
                    self._say(
                        msg("Additional strikes, pair {pair}, at the same close range:", pair=k)
                    )
                else:
                    self._say(
                        msg("Additional strikes, pair {pair}, at the same long range:", pair=k)
                    )
            a = acting[k] if k < len(acting) else None
            o = opposing[k] if k < len(opposing) else None
            self._pair_index = k
            self._pair({"acting": a, "opposing": o})
            if self.ended_by is not None:
                if k + 1 < pairs:
                    self.trace.add(
                        SEQUENCE, msg("The remaining strikes of this round are not made.")
                    )
                    self._say(msg("The remaining strikes of this round are not made."))
                break
            if k == 0:
                self._announce_additional()

    def _has_additional(self) -> bool:
        return any(self.rnd.additional_of(side) for side in SIDES)

    # .. one pair of strikes ..
    def _choose(self, side: Side, strike: Strike) -> _Chosen:
        fighter = self.f[side]
        if strike.weapon is not None:
            item = fighter.carried(strike.weapon)
            if item is None:
                raise IllegalPlay(
                    msg(
                        "{where}: {name} strikes with {weapon} but does not carry it; {name} "
                        "carries: {carried}.",
                        where=self._where(),
                        name=fighter.name,
                        weapon=strike.weapon,
                        carried=fighter.equipment_names(),
                    )
                )
            if strike.weapon in fighter.stolen_this_round:
                raise IllegalPlay(
                    msg(
                        "{where}: {name} took {weapon} this round; a stolen item cannot be used "
                        "by its new holder until the next round.",
                        where=self._where(),
                        name=fighter.name,
                        weapon=strike.weapon,
                    )
                )
            if item.strike is None:
                raise IllegalPlay(
                    msg(
                        "{where}: {weapon} gives no strike, so {name} cannot strike with it; "
                        "choose a hand strike or another weapon.",
                        where=self._where(),
                        name=fighter.name,
                        weapon=strike.weapon,
                    )
                )
            self._check_restricted(side, "equipment")
            return self._chosen(_Chosen(side, strike, item.strike))
        assert strike.effect is not None
        return self._chosen(_Chosen(side, strike, strike.effect, default=strike.default))

    def _check_chosen(self, c: _Chosen) -> None:
        fighter = self.f[c.side]
        opp = self.f[other(c.side)]
        eff = c.effect
        if c.strike.target is not None:
            if eff.dodge or eff.combat_ends or eff.destroy_equipment or eff.steal_equipment:
                raise InvalidState(
                    msg(
                        "{where}: a strike aimed at a retainer can only deal damage or steal "
                        "life; {name}'s {strike} has other effects.",
                        where=self._where(),
                        name=fighter.name,
                        strike=_strike_name(c.strike.name),
                    )
                )
            if c.strike.target not in opp.retainers:
                left: tuple[str, ...] | Message = tuple(opp.retainers) or msg_p("retainers", "none")
                raise IllegalPlay(
                    msg(
                        "{where}: {name} aims at {target}, but {other} has no such retainer; "
                        "{other}'s retainers: {left}.",
                        where=self._where(),
                        name=fighter.name,
                        target=c.strike.target,
                        other=opp.name,
                        left=left,
                    )
                )
            if c.strike.prevented and self.rules == "black-hand":
                raise IllegalPlay(
                    msg(
                        "{where}: damage dealt to the retainer {target} cannot be prevented; "
                        "'prevented' must be 0 for a strike aimed at a retainer.",
                        where=self._where(),
                        target=c.strike.target,
                    )
                )
        dmg = eff.damage_for(fighter.strength)
        c.prevented = self._prevention_total(c, dmg)
        if eff.send_to_torpor and opp.kind != "vampire":
            raise IllegalPlay(
                msg(
                    "{where}: {strike} sends the opposing vampire to torpor, but {other} is an "
                    "ally.",
                    where=self._where(),
                    strike=_strike_name(c.strike.name),
                    other=opp.name,
                )
            )
        if c.prevented and dmg == 0:
            raise IllegalPlay(
                msg(
                    "{where}: {other} prevents {prevented}, but {name}'s {strike} deals no "
                    "damage: a prevention card needs damage to prevent (ruling G00154); set the "
                    "prevention to 0.",
                    where=self._where(),
                    other=opp.name,
                    prevented=c.prevented,
                    name=fighter.name,
                    strike=_strike_name(c.strike.name),
                )
            )
        for key, item in (("destroy", eff.destroy_equipment), ("take", eff.steal_equipment)):
            if item is not None and opp.carried(item) is None:
                if key == "destroy":
                    raise IllegalPlay(
                        msg(
                            "{where}: {name}'s strike would destroy {item}, but {other} does not "
                            "carry it; {other} carries: {carried}.",
                            where=self._where(),
                            name=fighter.name,
                            item=item,
                            other=opp.name,
                            carried=opp.equipment_names(),
                        )
                    )
                raise IllegalPlay(
                    msg(
                        "{where}: {name}'s strike would take {item}, but {other} does not "
                        "carry it; {other} carries: {carried}.",
                        where=self._where(),
                        name=fighter.name,
                        item=item,
                        other=opp.name,
                        carried=opp.equipment_names(),
                    )
                )

    def _pair(self, strikes: Mapping[Side, Strike | None]) -> None:
        chosen: dict[Side, _Chosen] = {}
        for side in SIDES:
            strike = strikes[side]
            if strike is None:
                continue
            c = self._choose(side, strike)
            fighter = self.f[side]
            what = describe_strike(strike, c.effect, fighter.strength)
            if c.default:
                dmg = c.effect.damage_for(fighter.strength)
                self._say(
                    msg(
                        "{name} chooses no strike card, so it makes a hand strike ({damage}).",
                        name=fighter.name,
                        damage=words.damage(dmg),
                    )
                )
            else:
                self._say(msg("{name} {what}.", name=fighter.name, what=what))
            self.trace.add(STRIKES, msg("{name} {what}.", name=fighter.name, what=what))
            self._check_chosen(c)
            chosen[side] = c
        if len(chosen) == 1:
            (side,) = chosen
            self._say(
                msg(
                    "{name} has no strike left, so {other}'s strike resolves alone.",
                    name=self.f[other(side)].name,
                    other=self.f[side].name,
                )
            )
            self.trace.add(
                STRIKES,
                msg(
                    "{name} has no strike left, so {other}'s strike resolves alone.",
                    name=self.f[other(side)].name,
                    other=self.f[side].name,
                ),
            )

        # Combat ends: before anything else, at any range, a dodge does not stop it.
        for side, c in chosen.items():
            if c.effect.combat_ends:
                name = self.f[side].name
                self.trace.add(
                    EFFECTS,
                    msg(
                        "{name}'s combat-ends effect resolves first and ends the combat before "
                        "any other strike or effect; a dodge cannot stop it.",
                        name=name,
                    ),
                )
                self._say(
                    msg(
                        "{name}'s strike ends the combat at once, before any other strike "
                        "resolves.",
                        name=name,
                    )
                )
                self._unlock(side, c)
                self._burn_used([c])
                for others in chosen.values():
                    if others is not c:
                        self._no_prevention(others, msg_p("why no damage", "never resolves"))
                self.ended_by = "combat_ends"
                return

        dodging = {side: c.effect.dodge for side, c in chosen.items()}
        for side, dodges in dodging.items():
            if dodges:
                self.trace.add(
                    EFFECTS,
                    msg(
                        "{name} dodges: the opposing strike has no effect on it or its "
                        "equipment (retainers are not protected); a dodge works at any range.",
                        name=self.f[side].name,
                    ),
                )
        first = [s for s, c in chosen.items() if c.effect.first_strike]
        if first and len(first) < len(chosen):
            side = first[0]
            self.trace.add(
                EFFECTS,
                msg(
                    "{name}'s first strike resolves before the other strike.",
                    name=self.f[side].name,
                ),
            )
            self._say(
                msg(
                    "{name}'s first strike resolves before the other strike.",
                    name=self.f[side].name,
                )
            )
            self._resolve_group([chosen[side]], dodging, environmental=False)
            if self._check_ready():
                return
            rest = [c for s, c in chosen.items() if s != side]
            self._resolve_group(rest, dodging, environmental=self._pair_index == 0)
        else:
            if len(first) == 2:
                self.trace.add(
                    EFFECTS, msg("Both strikes are first strikes, so they are simultaneous.")
                )
                self._say(msg("Both strikes have first strike, so they resolve together."))
            self._resolve_group(list(chosen.values()), dodging, environmental=self._pair_index == 0)
        if self._check_ready():
            return
        after = [s for s, c in chosen.items() if c.effect.combat_ends_after_resolution]
        if after:
            name = self.f[after[0]].name
            self.trace.add(
                CARDS,
                msg(
                    "Both strikes have resolved; {name}'s strike now ends the combat, and no "
                    "press can continue it.",
                    name=name,
                ),
            )
            self._say(msg("Both strikes resolve, then {name}'s strike ends the combat.", name=name))
            for side in after:
                self._unlock(side, chosen[side])
            self.ended_by = "combat_ends"

    def _check_ready(self) -> bool:
        """End the combat if a combatant is no longer ready; True if it ended."""
        out = [f for f in self.f.values() if not f.ready]
        for fighter in out:
            self.trace.add(
                SEQUENCE,
                msg(
                    "{name} is no longer ready ({state}), so the combat ends at once.",
                    name=fighter.name,
                    state=words.state_value(fighter.state),
                ),
            )
            self._say(
                msg("{name} is no longer ready, so the combat ends at once.", name=fighter.name)
            )
        if out:
            self.ended_by = "not_ready"
        return bool(out)

    def _resolve_group(
        self, group: Sequence[_Chosen], dodging: Mapping[Side, bool], *, environmental: bool
    ) -> None:
        hits: dict[Side, _Hit] = {}
        retainer_hits: dict[tuple[Side, str], _Hit] = {}
        for c in group:
            fighter = self.f[c.side]
            opp_side = other(c.side)
            opp = self.f[opp_side]
            eff = c.effect
            strike = _strike_name(c.strike.name)
            if c.strike.weapon is not None and fighter.carried(c.strike.weapon) is None:
                self.trace.add(
                    EFFECTS,
                    msg(
                        "{name} loses its strike: {weapon} was burned or taken by the first "
                        "strike.",
                        name=fighter.name,
                        weapon=c.strike.weapon,
                    ),
                )
                self._say(
                    msg(
                        "{name} loses its strike: {weapon} is gone before it could be used.",
                        name=fighter.name,
                        weapon=c.strike.weapon,
                    )
                )
                continue
            if eff.recoil and (self.range == "close" or not eff.recoil_close_only):
                self._recoil(c, hits)
            harmful = (
                eff.damage_for(fighter.strength)
                or eff.steal_blood
                or eff.destroy_equipment
                or eff.steal_equipment
                or eff.send_to_torpor
            )
            if not harmful:
                continue
            if self.range == "long" and not (eff.ranged or eff.long_range_only):
                self._no_prevention(c, msg_p("why no damage", "is out of range"))
                self.trace.add(
                    STRIKES,
                    msg(
                        "{name}'s {strike} works only at close range, so it does nothing at "
                        "long range.",
                        name=fighter.name,
                        strike=strike,
                    ),
                )
                self._say(
                    msg(
                        "{name}'s strike works only at close range, so it does nothing at long "
                        "range.",
                        name=fighter.name,
                    )
                )
                continue
            dmg = eff.damage_for(fighter.strength)
            if c.strike.target is not None:
                self.trace.add(
                    RETAINERS,
                    msg(
                        "{name} aims at {other}'s retainer {retainer}: a dodge does not protect "
                        "a retainer and damage to it cannot be prevented.",
                        name=fighter.name,
                        other=opp.name,
                        retainer=c.strike.target,
                    ),
                )
                self._say(
                    msg(
                        "{name} aims the strike at {retainer}, {other}'s retainer: a dodge does "
                        "not protect it and its damage cannot be prevented.",
                        name=fighter.name,
                        retainer=c.strike.target,
                        other=opp.name,
                    )
                )
                hit = retainer_hits.setdefault((opp_side, c.strike.target), _Hit())
            elif dodging.get(opp_side, False) and eff.undodgeable:
                self.trace.add(
                    CARDS,
                    msg(
                        "{strike} cannot be dodged: {other}'s dodge has no effect on it.",
                        strike=strike,
                        other=opp.name,
                    ),
                )
                self._say(
                    msg(
                        "{name}'s dodge has no effect on {other}'s strike.",
                        name=opp.name,
                        other=fighter.name,
                    )
                )
                hit = hits.setdefault(opp_side, _Hit())
                hit.destroy = eff.destroy_equipment
                hit.take = eff.steal_equipment
            elif dodging.get(opp_side, False):
                self._no_prevention(c, msg_p("why no damage", "was dodged"))
                self.trace.add(
                    EFFECTS,
                    msg(
                        "{other}'s dodge stops {name}'s {strike}.",
                        other=opp.name,
                        name=fighter.name,
                        strike=strike,
                    ),
                )
                self._say(
                    msg(
                        "{name} dodges, so {other}'s strike has no effect on {name}.",
                        name=opp.name,
                        other=fighter.name,
                    )
                )
                continue
            else:
                hit = hits.setdefault(opp_side, _Hit())
                hit.destroy = eff.destroy_equipment
                hit.take = eff.steal_equipment
            if eff.aggravated:
                hit.aggravated += dmg
            else:
                hit.normal += dmg
            self._pay_prevention(c)
            hit.prevented += c.prevented
            if c.strike.aim is not None and c.strike.target is None:
                self._aim(c, hit, dmg)
            hit.steal += eff.steal_blood
            if eff.send_to_torpor and c.strike.target is None:
                hit.torpor = c.strike.name
        self._burn_used(group)
        if environmental and self.ended_by is None:
            self._environmental(hits)
        self._apply_steals(hits, retainer_hits)
        self._apply_equipment(hits)
        self._apply_damage(hits, retainer_hits)
        self._apply_torpor(hits)

    # .. presses ..
    def _presses(self) -> bool:
        presses = self.rnd.presses
        for i in range(1, len(presses)):
            if presses[i] == presses[i - 1]:
                who = self.f[presses[i]]
                raise IllegalPlay(
                    msg(
                        "{where}: {name} ({side}) plays presses {first} and {second} in a row; "
                        "a minion may not press twice in a row, so presses must alternate "
                        "between the two sides.",
                        where=self._where(),
                        name=who.name,
                        side=words.side(presses[i]),
                        first=i,
                        second=i + 1,
                    )
                )
        if self.ended_by is not None:
            if presses:
                self.trace.add(PRESSES, msg("The listed presses are not played: combat is over."))
                self._say(
                    msg(
                        "The presses listed for this round are not played: the combat is "
                        "already over."
                    )
                )
            return False
        trap = self._trap_press()
        if trap is not None:
            self.trace.add(
                LASTING,
                msg(
                    "{card} provides a press to continue before any other press; a combatant "
                    "may answer with a press to end the combat.",
                    card=trap,
                ),
            )
            self._say(msg("{name} presses to continue.", name=trap))
        for side in presses:
            card = self._no_press.get(side)
            if card is not None:
                raise IllegalPlay(
                    msg(
                        "{where}: {name} cannot press this round because of {card}.",
                        where=self._where(),
                        name=self.f[side].name,
                        card=card,
                    )
                )
        if not presses and trap is not None:
            self._say(msg("The last press stands, so another round begins."))
            return True
        if not presses:
            self.trace.add(
                PRESSES,
                msg("Nobody presses, so the combat ends after round {round}.", round=self.number),
            )
            self._say(
                msg("Nobody presses, so the combat ends after round {round}.", round=self.number)
            )
            self.ended_by = "no_press"
            return False
        shift = 1 if trap is not None else 0
        for i, side in enumerate(presses):
            name = self.f[side].name
            purpose = "continue" if (i + shift) % 2 == 0 else "end"
            self._check_restricted(side, f"press_to_{purpose}")
            play = self.rnd.press_plays[i] if i < len(self.rnd.press_plays) else None
            if play is not None and play.only is not None and play.only != purpose:
                press_card: Message | str = play.card or msg("this press")
                if play.only == "continue":
                    raise IllegalPlay(
                        msg(
                            "{where}: {card} is only usable to continue the combat, but press "
                            "{number} would end it.",
                            where=self._where(),
                            card=press_card,
                            number=i + 1,
                        )
                    )
                raise IllegalPlay(
                    msg(
                        "{where}: {card} is only usable to end the combat, but press {number} "
                        "would continue it.",
                        where=self._where(),
                        card=press_card,
                        number=i + 1,
                    )
                )
            if play is not None and play.card:
                self._pay(self.f[side], play.cost, play.card)
                self.trace.add(
                    CARDS,
                    msg(
                        "{name}'s press {number} comes from {card}.",
                        name=name,
                        number=i + 1,
                        card=play.card,
                    ),
                )
            if i == 0:
                self._say(msg("{name} presses to continue.", name=name))
            else:
                self._say(msg("{name} presses to cancel that press.", name=name))
        count = len(presses)
        continued = count % 2 == 1
        if continued:
            if count == 1:
                self.trace.add(
                    PRESSES,
                    msg_p(
                        "one press",
                        "{n} press(es) alternate ({sides}); the last press to continue is not "
                        "cancelled, so another round begins.",
                        n=count,
                        sides=_sides(presses),
                    ),
                )
            else:
                self.trace.add(
                    PRESSES,
                    msg_n(
                        "{n} press(es) alternate ({sides}); the last press to continue is not "
                        "cancelled, so another round begins.",
                        "{n} press(es) alternate ({sides}); the last press to continue is not "
                        "cancelled, so another round begins.",
                        count,
                        sides=_sides(presses),
                    ),
                )
            self._say(msg("The last press stands, so another round begins."))
        else:
            self.trace.add(
                PRESSES,
                msg_n(
                    "{n} presses alternate ({sides}); the last one cancels the press to "
                    "continue, so the combat ends after round {round}.",
                    "{n} presses alternate ({sides}); the last one cancels the press to "
                    "continue, so the combat ends after round {round}.",
                    count,
                    sides=_sides(presses),
                    round=self.number,
                ),
            )
            self._say(
                msg(
                    "The last press to continue is cancelled, so the combat ends after round "
                    "{round}.",
                    round=self.number,
                )
            )
            self.ended_by = "no_press"
        return continued


# -- the whole combat ---------------------------------------------------------------------


def _ended_text(ended_by: str) -> Message:
    if ended_by == "combat_ends":
        return msg("a combat-ends effect")
    if ended_by == "not_ready":
        return msg("a combatant was no longer ready")
    return msg("no press continued it")


def _closing(fighter: _Fighter) -> list[Message]:
    out: list[Message] = []
    if fighter.state is MinionState.BURNED:
        out.append(msg("{name} ends the combat burned.", name=fighter.name))
    else:
        state = words.state(fighter.state)
        if fighter.kind == "vampire":
            amount = words.blood(fighter.amount)
        else:
            amount = words.life(fighter.amount)
        out.append(
            msg("{name} ends {state} with {amount}.", name=fighter.name, state=state, amount=amount)
        )
    if fighter.drained:
        out.append(
            msg(
                "{name} lost {drained} to the bank because of capacity.",
                name=fighter.name,
                drained=words.blood(fighter.drained),
            )
        )
    return out


def resolve(scenario: Mapping[str, Any]) -> CombatReport:
    """Replay the combat ``scenario`` and report the outcome, round by round.

    Raises :class:`InvalidState` for a malformed scenario and :class:`IllegalPlay` for an
    illegal sequence of plays.
    """
    sc = parse_scenario(scenario)
    fighters: dict[Side, _Fighter] = {
        "acting": _Fighter.start(sc.acting, "acting"),
        "opposing": _Fighter.start(sc.opposing, "opposing"),
    }
    a, o = fighters["acting"], fighters["opposing"]
    steps: list[Step] = [
        Step(
            SEQUENCE,
            msg(
                "{acting} (acting) and {opposing} (opposing) enter combat; the acting minion "
                "gets the first opportunity at every step, then play alternates.",
                acting=a.name,
                opposing=o.name,
            ),
        )
    ]
    opening = (
        msg(
            "{acting} (acting) and {opposing} (opposing) enter combat.",
            acting=a.name,
            opposing=o.name,
        ),
    )
    rounds: list[RoundReport] = []
    ended_by: str | None = None
    for number, rnd in enumerate(sc.rounds, 1):
        if ended_by is not None:
            raise IllegalPlay(
                msg(
                    "Round {number} cannot be played: the combat ended in round {last} "
                    "({why}). Remove the rounds after round {last}, or change the plays so "
                    "that the combat goes on.",
                    number=number,
                    last=number - 1,
                    why=_ended_text(ended_by),
                )
            )
        play = _RoundPlay(number, rnd, fighters, sc.rules)
        report = play.play()
        steps.append(
            Step(
                SEQUENCE,
                msg(
                    "Round {number} ({range}).",
                    number=number,
                    range=words.range_name(report.range),
                ),
            )
        )
        steps.extend(report.steps)
        rounds.append(report)
        ended_by = play.ended_by
    closing: list[Message] = []
    if ended_by is None:
        ended_by = "open"
        closing.append(msg("The next round is not recorded in this scenario."))
    closing.extend(_closing(a))
    closing.extend(_closing(o))
    return CombatReport(
        acting=a.report(),
        opposing=o.report(),
        rounds=tuple(rounds),
        steps=tuple(steps),
        ended_by=ended_by,
        rules=sc.rules,
        opening=opening,
        closing=tuple(closing),
    )
