"""One pair of strikes in a round of VTES combat (section 6.4.3): each side's choice, the checks
that choice must pass, first strikes and dodges, and the hits that land together.

:class:`PairSteps` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import CARDS, EFFECTS, RETAINERS, SEQUENCE, STRIKES
from rules.vtes.combat_effects import Hit as _Hit
from rules.vtes.combat_range import RangeSteps
from rules.vtes.combat_strike_cards import Chosen as _Chosen
from rules.vtes.combat_strike_cards import strike_name as _strike_name
from rules.vtes.scenario import (
    SIDES,
    Side,
    Strike,
    StrikeEffect,
    other,
)

__all__ = ["PairSteps", "describe_strike"]


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


class PairSteps(RangeSteps):
    """One pair of strikes: the choices, their checks, and the hits."""

    _pair_index: int

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
