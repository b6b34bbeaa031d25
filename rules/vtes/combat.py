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
from rules.russian import count as count_ru
from rules.trace import Step, Trace
from rules.vtes import (
    Ally,
    DamageResult,
    MinionState,
    Retainer,
    Vampire,
    resolve_damage,
    ru_words,
)
from rules.vtes.combat_effects import CARDS, LASTING
from rules.vtes.combat_effects import Hit as _Hit
from rules.vtes.combat_fighter import Fighter as _Fighter
from rules.vtes.combat_report import CombatantState, CombatReport, Range, RoundReport
from rules.vtes.combat_strike_cards import Chosen as _Chosen
from rules.vtes.combat_strike_cards import StrikeCards
from rules.vtes.combat_strike_cards import ru_name as _ru_name
from rules.vtes.combat_text import Phrase, Sentence, plural_ru, words
from rules.vtes.scenario import (
    SIDES,
    Equipment,
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
EFFECTS = "vtes:6.4.5"
DAMAGE = "vtes:6.4.6"
RETAINERS = "vtes:6.4.7"


# -- Russian words for the trace ---------------------------------------------------------

_RU_SIDE = {"acting": "действующий", "opposing": "противостоящий"}
_RU_RANGE = {"close": "близкая дистанция", "long": "дальняя дистанция"}
_RU_RANGE_TO = {"close": "близкую дистанцию", "long": "дальнюю дистанцию"}
_RU_RANGE_AT = {"close": "на близкой дистанции", "long": "на дальней дистанции"}
_RU_STATE = ru_words.STATE


# Names the scenario gives to strikes and strike effects left unnamed.
def _ru_amount(n: int, unit: str) -> str:
    """``n`` blood or life counters in Russian: 1 литр крови, 2 литра крови; 1 жизнь, 5 жизней."""
    if unit == "blood":
        return ru_words.blood(n)
    return f"{n} {plural_ru(n, 'жизнь', 'жизни', 'жизней')}"


def _ru_unit_of(unit: str) -> str:
    """The unit after 'не осталось': крови / жизни."""
    return "крови" if unit == "blood" else "жизни"


_RU_ITEM_ACTION = {"destroy": "уничтожить", "take": "забрать"}


def _ru_card(name: str) -> str:
    """A card played, as the object of 'играет' (an unnamed one is just 'карту')."""
    return "карту" if name == "card" else name


def _ru_sides(sides: Sequence[str]) -> str:
    return ", ".join(_RU_SIDE.get(side, side) for side in sides)


def _ru_alternating(sides: Sequence[str], one: str, few: str, many: str) -> str:
    """How many plays and by whom: '1 маневр (действующий)', '2 пресса по очереди (...)'."""
    n = len(sides)
    noun = plural_ru(n, one, few, many)
    if n == 1:
        return f"1 {noun} ({_ru_sides(sides)})"
    return f"{n} {noun} по очереди ({_ru_sides(sides)})"


# -- the combatants while the combat runs -------------------------------------------------


# -- describing strikes -------------------------------------------------------------------


def _effect_parts(
    effect: StrikeEffect, strength: int, target: str | None, *, trace: bool = False
) -> tuple[list[str], list[str]]:
    en: list[str] = []
    ru: list[str] = []
    dmg = effect.damage_for(strength)
    if dmg or effect.strength_based:
        r = "R" if effect.ranged else ""
        unit = "agg" if effect.aggravated else "dmg"
        en.append(f"{dmg}{r} {words(dmg, unit, 'en').split(' ', 1)[1]}")
        ru.append(f"{dmg}{r} {words(dmg, unit, 'ru').split(' ', 1)[1]}")
    if effect.steal_blood:
        en.append(f"steal {effect.steal_blood} blood")
        stolen = (
            _ru_amount(effect.steal_blood, "blood")
            if trace
            else words(effect.steal_blood, "blood", "ru")
        )
        ru.append(f"украсть {stolen}")
    if effect.destroy_equipment:
        en.append(f"burn {effect.destroy_equipment}")
        ru.append(f"сжечь {effect.destroy_equipment}")
    if effect.steal_equipment:
        en.append(f"take {effect.steal_equipment}")
        ru.append(f"забрать {effect.steal_equipment}")
    if effect.dodge:
        en.append("dodge")
        ru.append("уклонение")
    if effect.combat_ends:
        en.append("combat ends")
        ru.append("бой заканчивается")
    if effect.first_strike:
        en.append("first strike")
        ru.append("первый удар")
    damaging = bool(dmg or effect.steal_blood or effect.destroy_equipment or effect.steal_equipment)
    if damaging and not effect.ranged:
        en.append("close range only")
        ru.append("только на близкой дистанции")
    if target:
        en.append(f"aimed at {target}")
        ru.append(f"по слуге {target}")
    return en, ru


def describe_strike(strike: Strike, effect: StrikeEffect, strength: int) -> Phrase:
    """What the striker does, as a verb phrase (e.g. 'makes a hand strike (1 damage)')."""
    return _strike_phrase(strike, effect, strength)


def _strike_phrase(
    strike: Strike, effect: StrikeEffect, strength: int, *, trace: bool = False
) -> Phrase:
    """:func:`describe_strike`; with ``trace`` the Russian counts blood as the trace does."""
    en, ru = _effect_parts(effect, strength, strike.target, trace=trace)
    en_d = f" ({', '.join(en)})" if en else ""
    ru_d = f" ({', '.join(ru)})" if ru else ""
    if strike.hand:
        bonus = effect.strength_bonus or 0
        at = f" at +{bonus}" if bonus else ""
        ru_at = f" +{bonus}" if bonus else ""
        if strike.name != "hand strike":
            return Phrase(
                f"plays {strike.name}: a hand strike{at}{en_d}",
                f"играет {strike.name}: кулачный удар{ru_at}{ru_d}",
            )
        return Phrase(f"makes a hand strike{at}{en_d}", f"наносит кулачный удар{ru_at}{ru_d}")
    if strike.weapon:
        return Phrase(f"strikes with {strike.weapon}{en_d}", f"бьёт оружием {strike.weapon}{ru_d}")
    return Phrase(f"strikes with {strike.name}{en_d}", f"использует {_ru_name(strike.name)}{ru_d}")


# -- one round ----------------------------------------------------------------------------


class _RoundPlay(StrikeCards):
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
        self.say: list[Sentence] = []
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
                    f"{self._where()}: {who.name} ({maneuvers[i]}) plays maneuvers {i} and "
                    f"{i + 1} in a row; a minion may not maneuver twice in a row, so the "
                    "maneuvers must alternate between the two sides.",
                    ru=f"{self._where_ru()}: {who.name} ({_RU_SIDE[maneuvers[i]]}) играет "
                    f"маневры {i} и {i + 1} подряд; миньон не может маневрировать дважды "
                    "подряд, поэтому маневры сторон должны чередоваться.",
                )
        if self.rnd.range is not None:
            if maneuvers:
                raise IllegalPlay(
                    f"{self._where()}: the range of this round was already set to "
                    f"{self.rnd.range} by an earlier effect, so the determine-range step is "
                    "skipped and no maneuver can be played; remove the maneuvers.",
                    ru=f"{self._where_ru()}: дистанцию этого раунда заранее задал прежний эффект "
                    f"({_RU_RANGE[self.rnd.range]}), поэтому шаг определения дистанции "
                    "пропускается и маневры играть нельзя; уберите их.",
                )
            self.range = self.rnd.range
            self.trace.add(
                LASTING,
                f"An earlier effect set round {self.number} at {self.range} range: the "
                "determine-range step is skipped.",
                f"Дистанцию раунда {self.number} заранее задал прежний эффект "
                f"({_RU_RANGE[self.range]}): шаг определения дистанции пропускается.",
            )
            self._sentence(
                "range_set",
                round=self.number,
                range_at=Phrase(
                    f"at {self.range} range",
                    "на близкой дистанции" if self.range == "close" else "на дальней дистанции",
                ),
            )
            return
        if not maneuvers:
            self.trace.add(
                RANGE,
                f"Round {self.number} starts at close range; nobody maneuvers.",
                f"Раунд {self.number} начинается на близкой дистанции: никто не маневрирует.",
            )
            self._sentence("no_maneuver", round=self.number)
            return
        current: Range = "close"
        for i, side in enumerate(maneuvers):
            current = "long" if current == "close" else "close"
            play = self.rnd.maneuver_plays[i] if i < len(self.rnd.maneuver_plays) else None
            self._check_restricted(side, f"maneuver_to_{current}")
            if play is not None and play.to is not None and play.to != current:
                raise IllegalPlay(
                    f"{self._where()}: {play.card or 'this maneuver'} is only usable to get to "
                    f"{play.to} range, but maneuver {i + 1} would take the combat to {current} "
                    "range.",
                    ru=f"{self._where_ru()}: {play.card or 'этот маневр'} годится только для "
                    f"перехода на {_RU_RANGE_TO[play.to]}, а маневр {i + 1} переводит бой на "
                    f"{_RU_RANGE_TO[current]}.",
                )
            if play is not None and play.card:
                self._pay(self.f[side], play.cost, play.card)
                self.trace.add(
                    CARDS,
                    f"{self.f[side].name}'s maneuver {i + 1} comes from {play.card}.",
                    f"Маневр {i + 1} ({self.f[side].name}) даёт карта {play.card}.",
                )
            self._sentence(
                "maneuver",
                name=self.f[side].name,
                range_to=Phrase(
                    f"{current} range",
                    "на близкую дистанцию" if current == "close" else "на дальнюю дистанцию",
                ),
            )
        self.range = current
        self.trace.add(
            RANGE,
            f"{len(maneuvers)} maneuver(s) alternate ({', '.join(maneuvers)}); each one flips "
            f"the range, so round {self.number} is at {current} range.",
            f"{_ru_alternating(maneuvers, 'маневр', 'маневра', 'маневров')}: "
            f"{'он' if len(maneuvers) == 1 else 'каждый'} меняет дистанцию, поэтому раунд "
            f"{self.number} проходит {_RU_RANGE_AT[current]}.",
        )
        self._sentence(
            "range",
            count=len(maneuvers),
            round=self.number,
            range=current,
            range_at=Phrase(
                f"at {current} range",
                "на близкой дистанции" if current == "close" else "на дальней дистанции",
            ),
        )

    def _count_strikes(self) -> dict[Side, list[Strike]]:
        chosen: dict[Side, list[Strike]] = {}
        for side in SIDES:
            fighter = self.f[side]
            effects = self.rnd.additional_of(side)
            limited = [e for e in effects if e.limited]
            if len(limited) > 1:
                raise IllegalPlay(
                    f"{self._where()}: {fighter.name} plays two '(limited)' additional-strike "
                    f"effects ({limited[0].name} and {limited[1].name}); only one limited "
                    "effect per minion per round is allowed.",
                    ru=f"{self._where_ru()}: {fighter.name} играет два ограниченных "
                    f"(limited) эффекта дополнительных ударов ({limited[0].name} и "
                    f"{limited[1].name}); миньону разрешён только один ограниченный эффект "
                    "за раунд.",
                )
            granted = 1 + sum(e.count for e in effects)
            strikes = self._uncancelled(side, list(self.rnd.strikes_of(side)))
            if len(strikes) > granted:
                extra = granted - 1
                raise IllegalPlay(
                    f"{self._where()}: {fighter.name} lists {len(strikes)} strikes but is "
                    f"granted {granted} (1 strike + {extra} additional); allowed: at most "
                    f"{granted} strikes, or add the effect granting more.",
                    ru=f"{self._where_ru()}: у {fighter.name} указано "
                    f"{count_ru(len(strikes), 'удар', 'удара', 'ударов')}, а положено {granted} "
                    f"(1 удар + {words(extra, 'strikes', 'ru')}); допустимо не больше "
                    f"{granted}, либо добавьте эффект, дающий ещё удары.",
                )
            if not strikes:
                strikes = [Strike(name="hand strike", hand=True, default=True)]
            for strike in strikes:
                if strike.target is not None and self.range == "close":
                    raise IllegalPlay(
                        f"{self._where()}: {fighter.name} aims {strike.name} at the retainer "
                        f"{strike.target}, but the round is at close range; a retainer can be "
                        "targeted only at long range.",
                        ru=f"{self._where_ru()}: {fighter.name} направляет "
                        f"{_ru_name(strike.name)} в слугу {strike.target}, но раунд идёт на "
                        "близкой дистанции; слугу можно выбрать целью только на дальней "
                        "дистанции.",
                    )
            chosen[side] = strikes
        return chosen

    def _announce_additional(self) -> None:
        for side in SIDES:
            fighter = self.f[side]
            for effect in self.rnd.additional_of(side):
                self._pay(fighter, effect.cost, effect.name)
                limited = " (limited)" if effect.limited else ""
                ru_limited = " (ограниченный)" if effect.limited else ""
                self.trace.add(
                    STRIKES,
                    f"{fighter.name} plays {effect.name}{limited}: {effect.count} additional "
                    "strike(s) this round, at the same range.",
                    f"{fighter.name} играет {_ru_name(effect.name)}{ru_limited}: "
                    f"{words(effect.count, 'strikes', 'ru')} в этом раунде, на той же "
                    "дистанции.",
                )
                self._sentence("additional", name=fighter.name, card=effect.name, n=effect.count)

    def _strikes(self, chosen: dict[Side, list[Strike]]) -> None:
        acting, opposing = chosen["acting"], chosen["opposing"]
        pairs = max(len(acting), len(opposing))
        for k in range(pairs):
            if k >= 1:
                self._sentence(
                    "pair",
                    pair=k,
                    range=Phrase(self.range, "близкой" if self.range == "close" else "дальней"),
                )
            a = acting[k] if k < len(acting) else None
            o = opposing[k] if k < len(opposing) else None
            self._pair_index = k
            self._pair({"acting": a, "opposing": o})
            if self.ended_by is not None:
                if k + 1 < pairs:
                    self.trace.add(
                        SEQUENCE,
                        "The remaining strikes of this round are not made.",
                        "Оставшиеся удары этого раунда не наносятся.",
                    )
                    self._sentence("skipped")
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
                    f"{self._where()}: {fighter.name} strikes with {strike.weapon} but does not "
                    f"carry it; {fighter.name} carries: {fighter.equipment_names()}.",
                    ru=f"{self._where_ru()}: {fighter.name} бьёт оружием {strike.weapon}, но у "
                    f"{fighter.name} его нет; снаряжение {fighter.name}: "
                    f"{fighter.equipment_names_ru()}.",
                )
            if strike.weapon in fighter.stolen_this_round:
                raise IllegalPlay(
                    f"{self._where()}: {fighter.name} took {strike.weapon} this round; a stolen "
                    "item cannot be used by its new holder until the next round.",
                    ru=f"{self._where_ru()}: {fighter.name} отбирает {strike.weapon} в этом же "
                    "раунде; новый владелец может пользоваться отобранным предметом только "
                    "со следующего раунда.",
                )
            if item.strike is None:
                raise IllegalPlay(
                    f"{self._where()}: {strike.weapon} gives no strike, so {fighter.name} "
                    "cannot strike with it; choose a hand strike or another weapon.",
                    ru=f"{self._where_ru()}: {strike.weapon} не даёт удара, поэтому "
                    f"{fighter.name} не может им ударить; выберите кулачный удар или другое "
                    "оружие.",
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
                    f"{self._where()}: a strike aimed at a retainer can only deal damage or "
                    f"steal life; {fighter.name}'s {c.strike.name} has other effects.",
                    ru=f"{self._where_ru()}: удар по слуге может только наносить повреждения "
                    f"или красть жизнь, а {_ru_name(c.strike.name)} ({fighter.name}) даёт и "
                    "другие эффекты.",
                )
            if c.strike.target not in opp.retainers:
                left = ", ".join(opp.retainers) or "none"
                left_ru = ", ".join(opp.retainers) or "нет"
                raise IllegalPlay(
                    f"{self._where()}: {fighter.name} aims at {c.strike.target}, but {opp.name} "
                    f"has no such retainer; {opp.name}'s retainers: {left}.",
                    ru=f"{self._where_ru()}: {fighter.name} целится в {c.strike.target}, но у "
                    f"{opp.name} нет такого слуги; слуги {opp.name}: {left_ru}.",
                )
            if c.strike.prevented and self.rules == "black-hand":
                raise IllegalPlay(
                    f"{self._where()}: damage dealt to the retainer {c.strike.target} cannot be "
                    "prevented; 'prevented' must be 0 for a strike aimed at a retainer.",
                    ru=f"{self._where_ru()}: повреждения, нанесённые слуге {c.strike.target}, "
                    "предотвратить нельзя; для удара по слуге 'prevented' должно быть 0.",
                )
        dmg = eff.damage_for(fighter.strength)
        c.prevented = self._prevention_total(c, dmg)
        if eff.send_to_torpor and opp.kind != "vampire":
            raise IllegalPlay(
                f"{self._where()}: {c.strike.name} sends the opposing vampire to torpor, but "
                f"{opp.name} is an ally.",
                ru=f"{self._where_ru()}: {_ru_name(c.strike.name)} отправляет в ступор "
                f"вампира-противника, а {opp.name} — союзник.",
            )
        if c.prevented and dmg == 0:
            raise IllegalPlay(
                f"{self._where()}: {opp.name} prevents {c.prevented}, but "
                f"{fighter.name}'s {c.strike.name} deals no damage: a prevention card needs "
                "damage to prevent (ruling G00154); set the prevention to 0.",
                ru=f"{self._where_ru()}: {opp.name} предотвращает {c.prevented}, но "
                f"{_ru_name(c.strike.name)} ({fighter.name}) не наносит повреждений: карте "
                "предотвращения нужно, что предотвращать (решение G00154); укажите "
                "предотвращение 0.",
            )
        for key, item in (("destroy", eff.destroy_equipment), ("take", eff.steal_equipment)):
            if item is not None and opp.carried(item) is None:
                raise IllegalPlay(
                    f"{self._where()}: {fighter.name}'s strike would {key} {item}, but "
                    f"{opp.name} does not carry it; {opp.name} carries: {opp.equipment_names()}.",
                    ru=f"{self._where_ru()}: удар {fighter.name} должен {_RU_ITEM_ACTION[key]} "
                    f"{item}, но у {opp.name} его нет; снаряжение {opp.name}: "
                    f"{opp.equipment_names_ru()}.",
                )

    def _pair(self, strikes: Mapping[Side, Strike | None]) -> None:
        chosen: dict[Side, _Chosen] = {}
        for side in SIDES:
            strike = strikes[side]
            if strike is None:
                continue
            c = self._choose(side, strike)
            fighter = self.f[side]
            if c.default:
                dmg = c.effect.damage_for(fighter.strength)
                self._sentence("default_hand", name=fighter.name, n=dmg)
            else:
                what = describe_strike(strike, c.effect, fighter.strength)
                self._sentence("strike", name=fighter.name, what=what)
            phrase = _strike_phrase(strike, c.effect, fighter.strength, trace=True)
            self.trace.add(STRIKES, f"{fighter.name} {phrase.en}.", f"{fighter.name} {phrase.ru}.")
            self._check_chosen(c)
            chosen[side] = c
        if len(chosen) == 1:
            (side,) = chosen
            self._sentence("alone", name=self.f[other(side)].name, other=self.f[side].name)
            self.trace.add(
                STRIKES,
                f"{self.f[other(side)].name} has no strike left, so "
                f"{self.f[side].name}'s strike resolves alone.",
                f"У {self.f[other(side)].name} ударов больше нет, поэтому удар "
                f"{self.f[side].name} разыгрывается без ответа.",
            )

        # Combat ends: before anything else, at any range, a dodge does not stop it.
        for side, c in chosen.items():
            if c.effect.combat_ends:
                name = self.f[side].name
                self.trace.add(
                    EFFECTS,
                    f"{name}'s combat-ends effect resolves first and ends the combat before "
                    "any other strike or effect; a dodge cannot stop it.",
                    f"{name} применяет эффект завершения боя: он срабатывает первым и "
                    "заканчивает бой раньше любых других ударов и эффектов; уклонение его не "
                    "останавливает.",
                )
                self._sentence("combat_ends", name=name)
                self._unlock(side, c)
                self._burn_used([c])
                for others in chosen.values():
                    if others is not c:
                        self._no_prevention(others, "never resolves", "не разыгрывается")
                self.ended_by = "combat_ends"
                return

        dodging = {side: c.effect.dodge for side, c in chosen.items()}
        for side, dodges in dodging.items():
            if dodges:
                self.trace.add(
                    EFFECTS,
                    f"{self.f[side].name} dodges: the opposing strike has no effect on it or "
                    "its equipment (retainers are not protected); a dodge works at any range.",
                    f"{self.f[side].name} уклоняется: удар соперника не действует ни на самого "
                    "миньона, ни на его снаряжение (слуг уклонение не защищает); уклониться "
                    "можно на любой дистанции.",
                )
        first = [s for s, c in chosen.items() if c.effect.first_strike]
        if first and len(first) < len(chosen):
            side = first[0]
            self.trace.add(
                EFFECTS,
                f"{self.f[side].name}'s first strike resolves before the other strike.",
                f"Удар {self.f[side].name} первоочерёдный (first strike), поэтому он "
                "разыгрывается раньше удара соперника.",
            )
            self._sentence("first_strike", name=self.f[side].name)
            self._resolve_group([chosen[side]], dodging, environmental=False)
            if self._check_ready():
                return
            rest = [c for s, c in chosen.items() if s != side]
            self._resolve_group(rest, dodging, environmental=self._pair_index == 0)
        else:
            if len(first) == 2:
                self.trace.add(
                    EFFECTS,
                    "Both strikes are first strikes, so they are simultaneous.",
                    "Оба удара первоочерёдные (first strike), поэтому разыгрываются одновременно.",
                )
                self._sentence("both_first")
            self._resolve_group(list(chosen.values()), dodging, environmental=self._pair_index == 0)
        if self._check_ready():
            return
        after = [s for s, c in chosen.items() if c.effect.combat_ends_after_resolution]
        if after:
            name = self.f[after[0]].name
            self.trace.add(
                CARDS,
                f"Both strikes have resolved; {name}'s strike now ends the combat, and no "
                "press can continue it.",
                f"Оба удара разыграны; теперь удар {name} заканчивает бой, и никакой пресс "
                "его не продолжит.",
            )
            self._sentence("combat_ends_after", name=name)
            for side in after:
                self._unlock(side, chosen[side])
            self.ended_by = "combat_ends"

    def _check_ready(self) -> bool:
        """End the combat if a combatant is no longer ready; True if it ended."""
        out = [f for f in self.f.values() if not f.ready]
        for fighter in out:
            self.trace.add(
                SEQUENCE,
                f"{fighter.name} is no longer ready ({fighter.state.value}), so the combat "
                "ends at once.",
                f"Миньон {fighter.name} больше не готов ({_RU_STATE[fighter.state]}), поэтому бой "
                "сразу заканчивается.",
            )
            self._sentence("not_ready_end", name=fighter.name)
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
            if c.strike.weapon is not None and fighter.carried(c.strike.weapon) is None:
                self.trace.add(
                    EFFECTS,
                    f"{fighter.name} loses its strike: {c.strike.weapon} was burned or taken by "
                    "the first strike.",
                    f"{fighter.name} теряет свой удар: первый удар соперника сжёг или отнял "
                    f"{c.strike.weapon}.",
                )
                self._sentence("lost_weapon", name=fighter.name, weapon=c.strike.weapon)
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
                self._no_prevention(c, "is out of range", "не действует на этой дистанции")
                self.trace.add(
                    STRIKES,
                    f"{fighter.name}'s {c.strike.name} works only at close range, so it does "
                    "nothing at long range.",
                    f"Удар {fighter.name} ({_ru_name(c.strike.name)}) действует только на "
                    "близкой дистанции, поэтому на дальней ничего не делает.",
                )
                self._sentence("out_of_range", name=fighter.name)
                continue
            dmg = eff.damage_for(fighter.strength)
            if c.strike.target is not None:
                self.trace.add(
                    RETAINERS,
                    f"{fighter.name} aims at {opp.name}'s retainer {c.strike.target}: a dodge "
                    "does not protect a retainer and damage to it cannot be prevented.",
                    f"{fighter.name} направляет удар на {c.strike.target}, слугу {opp.name}: "
                    "уклонение слугу не защищает, а повреждения, нанесённые слуге, нельзя "
                    "предотвратить.",
                )
                self._sentence(
                    "at_retainer", name=fighter.name, retainer=c.strike.target, other=opp.name
                )
                hit = retainer_hits.setdefault((opp_side, c.strike.target), _Hit())
            elif dodging.get(opp_side, False) and eff.undodgeable:
                self.trace.add(
                    CARDS,
                    f"{c.strike.name} cannot be dodged: {opp.name}'s dodge has no effect on it.",
                    f"От удара {_ru_name(c.strike.name)} нельзя уклониться: уклонение {opp.name} "
                    "на него не действует.",
                )
                self._sentence("undodgeable", name=opp.name, other=fighter.name)
                hit = hits.setdefault(opp_side, _Hit())
                hit.destroy = eff.destroy_equipment
                hit.take = eff.steal_equipment
            elif dodging.get(opp_side, False):
                self._no_prevention(c, "was dodged", "отменён уклонением")
                self.trace.add(
                    EFFECTS,
                    f"{opp.name}'s dodge stops {fighter.name}'s {c.strike.name}.",
                    f"{opp.name} уклоняется, и удар {fighter.name} ({_ru_name(c.strike.name)}) "
                    "не достигает цели.",
                )
                self._sentence("dodged", name=opp.name, other=fighter.name)
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

    def _apply_steals(
        self, hits: Mapping[Side, _Hit], retainer_hits: Mapping[tuple[Side, str], _Hit]
    ) -> None:
        taken: dict[Side, int] = {}
        for side, hit in hits.items():
            if hit.steal:
                taken[side] = min(hit.steal, self.f[side].amount)
        for (side, name), hit in retainer_hits.items():
            if hit.steal:
                life = self.f[side].retainers[name]
                got = min(hit.steal, life)
                self.f[side].retainers[name] = life - got
                thief = self.f[other(side)]
                self._gain(thief, got, name, "life")
                if life - got == 0:
                    del self.f[side].retainers[name]
                    self.trace.add(
                        RETAINERS,
                        f"{name} has no life left and is burned.",
                        f"{name}: жизни не осталось, слуга сжигается.",
                    )
                    self._sentence("no_life", name=name)
        for side, got in taken.items():
            victim = self.f[side]
            victim.amount -= got
        for side, got in taken.items():
            victim = self.f[side]
            self._gain(self.f[other(side)], got, victim.name, victim.unit)
        # Thefts are simultaneous: an ally is burned only if it ends them with no life.
        for side in taken:
            victim = self.f[side]
            if victim.kind == "ally" and victim.amount == 0 and victim.ready:
                victim.state = MinionState.BURNED
                self.trace.add(
                    EFFECTS,
                    f"{victim.name} has no life left and is burned.",
                    f"{victim.name}: жизни не осталось, союзник сжигается.",
                )
                self._sentence("no_life", name=victim.name)
                self._burn_possessions(victim)

    def _gain(self, thief: _Fighter, got: int, source: str, unit: str) -> None:
        if got == 0:
            self.trace.add(
                EFFECTS,
                f"{source} has no {unit} left, so nothing is stolen.",
                f"У {source} не осталось {_ru_unit_of(unit)}, поэтому украсть нечего.",
            )
            self._sentence("steal_none", name=thief.name, other=source)
            return
        before = thief.amount
        thief.amount += got
        self.trace.add(
            EFFECTS,
            f"{thief.name} steals {got} {unit} from {source}: stealing is not damage, cannot "
            f"be prevented and happens before damage is mended ({before} -> {thief.amount}).",
            f"{thief.name} крадёт {_ru_amount(got, unit)} у {source}: кража не считается "
            "повреждением, её нельзя предотвратить, и она происходит до лечения повреждений "
            f"({before} -> {thief.amount}).",
        )
        self._sentence(
            "steal_blood",
            name=thief.name,
            other=source,
            n_unit=Phrase(words(got, unit, "en"), words(got, unit, "ru")),
        )
        if thief.capacity is not None and thief.amount > thief.capacity:
            excess = thief.amount - thief.capacity
            self.trace.add(
                EFFECTS,
                f"{thief.name} now has {thief.amount} blood but capacity {thief.capacity}: "
                f"{excess} blood drains to the blood bank at once.",
                f"Теперь у {thief.name} {_ru_amount(thief.amount, 'blood')} при объёме крови "
                f"{thief.capacity}: излишек ({_ru_amount(excess, 'blood')}) сразу уходит в банк "
                "крови.",
            )
            self._sentence(
                "drain",
                name=thief.name,
                blood=thief.amount,
                capacity=thief.capacity,
                n=excess,
            )
            thief.drained += excess
            thief.amount = thief.capacity

    def _apply_equipment(self, hits: Mapping[Side, _Hit]) -> None:
        for side, hit in hits.items():
            victim = self.f[side]
            thief = self.f[other(side)]
            if hit.destroy is not None:
                item = victim.carried(hit.destroy)
                if item is not None:
                    victim.equipment.remove(item)
                    self.trace.add(
                        EFFECTS,
                        f"{thief.name}'s strike burns {victim.name}'s {item.name}; it worked "
                        "until this strike resolved.",
                        f"Удар {thief.name} сжигает {item.name} у {victim.name}; до этого удара "
                        "карта ещё действовала.",
                    )
                    self._sentence("destroy", name=thief.name, other=victim.name, item=item.name)
            if hit.take is not None:
                item = victim.carried(hit.take)
                if item is not None:
                    victim.equipment.remove(item)
                    name = item.name
                    while thief.carried(name) is not None:
                        name = f"{name} #2"
                    thief.equipment.append(Equipment(name, item.strike))
                    thief.stolen_this_round.add(name)
                    self.trace.add(
                        EFFECTS,
                        f"{thief.name} takes {item.name} from {victim.name}; the new holder "
                        "cannot use it this round and keeps it after the combat.",
                        f"{thief.name} забирает {item.name} у {victim.name}; в этом раунде новый "
                        "владелец не может использовать эту карту, а после боя оставляет её "
                        "себе.",
                    )
                    self._sentence("steal_item", name=thief.name, other=victim.name, item=name)

    def _apply_damage(
        self, hits: Mapping[Side, _Hit], retainer_hits: Mapping[tuple[Side, str], _Hit]
    ) -> None:
        for side in SIDES:
            hit = hits.get(side)
            if hit is None or not (hit.normal or hit.aggravated):
                continue
            self._damage_minion(self.f[side], hit)
        for (side, name), hit in retainer_hits.items():
            if not (hit.normal or hit.aggravated):
                continue
            owner = self.f[side]
            if name not in owner.retainers:
                continue
            result = self._resolve_hit(Retainer(name, owner.retainers[name]), hit)
            self.trace.extend(result.steps)
            total = hit.normal + hit.aggravated - hit.prevented
            self._sentence("damage", name=name, n=total)
            if result.state is MinionState.BURNED:
                del owner.retainers[name]
                self._sentence("burned", name=name)
            else:
                owner.retainers[name] = result.blood
                self._sentence("loses_life", name=name, n=total, life=result.blood)

    def _resolve_hit(self, minion: Vampire | Ally | Retainer, hit: _Hit) -> DamageResult:
        """One strike's damage on ``minion``. One strike per side per pair, so the damage is
        all normal or all aggravated; prevention comes off the normal damage first."""
        prevent_n = min(hit.prevented, hit.normal)
        if hit.prevented > hit.normal + hit.aggravated:
            self._cap_prevention(minion.name, hit)
        return resolve_damage(
            minion,
            normal=hit.normal,
            aggravated=hit.aggravated,
            prevent_normal=prevent_n,
            prevent_aggravated=min(hit.prevented - prevent_n, hit.aggravated),
            rules=self.rules,
        )

    def _cap_prevention(self, name: str, hit: _Hit) -> None:
        """Prevention typed as printed may exceed the strike's damage: the rest is lost."""
        dealt = hit.normal + hit.aggravated
        rest = hit.prevented - dealt
        self.trace.add(
            DAMAGE,
            f"{name} prevents {hit.prevented} against {dealt} damage: all of it is prevented, "
            f"and the remaining {rest} prevent{'s' if rest == 1 else ''} nothing "
            "(ruling G00153).",
            f"{name} предотвращает {hit.prevented}, а нанесено {words(dealt, 'dmg', 'ru')}: "
            f"предотвращено всё, остаток ({rest}) ничего не предотвращает (решение G00153).",
        )
        hit.prevented = dealt

    def _damage_minion(self, fighter: _Fighter, hit: _Hit) -> None:
        if not fighter.ready:
            self.trace.add(
                DAMAGE,
                f"{fighter.name} is already burned, so the damage has nothing to hit.",
                f"Миньон {fighter.name} уже сожжён, так что повреждения наносить некому.",
            )
            return
        before = fighter.amount
        result = self._resolve_hit(fighter.minion(), hit)
        self.trace.extend(result.steps)
        through = hit.normal + hit.aggravated - hit.prevented
        fighter.damage_taken += through
        fighter.damage_round += through
        fighter.damage_prevented += hit.prevented
        if fighter.kind == "vampire":
            fighter.blood_lost_round += result.mended + result.paid
            fighter.wounded = result.wounded
        total = hit.normal + hit.aggravated
        if hit.aggravated and hit.normal:
            self._sentence("damage_mixed", name=fighter.name, n=hit.normal, agg=hit.aggravated)
        elif hit.aggravated:
            self._sentence("damage_agg", name=fighter.name, n=total)
        else:
            self._sentence("damage", name=fighter.name, n=total)
        if hit.prevented:
            self._sentence("prevented", name=fighter.name, n=hit.prevented)
        fighter.amount = result.blood
        fighter.state = result.state
        if fighter.kind == "vampire":
            if result.state is MinionState.BURNED:
                self._sentence("burned", name=fighter.name)
            elif result.state is MinionState.TORPOR:
                self._sentence("torpor", name=fighter.name, n=result.blood)
            elif result.mended:
                self._sentence("mend", name=fighter.name, n=result.mended, blood=result.blood)
            elif through == 0:
                self._sentence("no_damage_left", name=fighter.name)
        else:
            lost = before - result.blood
            if result.state is MinionState.BURNED:
                self._sentence("burned", name=fighter.name)
            elif lost:
                self._sentence("loses_life", name=fighter.name, n=lost, life=result.blood)
            else:
                self._sentence("no_damage_left", name=fighter.name)
        if result.state is MinionState.BURNED:
            self._burn_possessions(fighter)

    def _burn_possessions(self, fighter: _Fighter) -> None:
        if fighter.retainers:
            self.trace.add(
                RETAINERS,
                f"{fighter.name}'s retainers are burned with it.",
                f"Слуги {fighter.name} сжигаются вместе с нанимателем.",
            )
            self._sentence("retainers_burn", name=fighter.name)
        fighter.retainers.clear()
        fighter.equipment.clear()
        fighter.amount = 0

    # .. presses ..
    def _presses(self) -> bool:
        presses = self.rnd.presses
        for i in range(1, len(presses)):
            if presses[i] == presses[i - 1]:
                who = self.f[presses[i]]
                raise IllegalPlay(
                    f"{self._where()}: {who.name} ({presses[i]}) plays presses {i} and {i + 1} "
                    "in a row; a minion may not press twice in a row, so presses must "
                    "alternate between the two sides.",
                    ru=f"{self._where_ru()}: {who.name} ({_RU_SIDE[presses[i]]}) играет "
                    f"прессы {i} и {i + 1} подряд; миньон не может играть пресс дважды "
                    "подряд, поэтому прессы сторон должны чередоваться.",
                )
        if self.ended_by is not None:
            if presses:
                self.trace.add(
                    PRESSES,
                    "The listed presses are not played: combat is over.",
                    "Указанные прессы не играются: бой уже окончен.",
                )
                self._sentence("skipped_presses")
            return False
        trap = self._trap_press()
        if trap is not None:
            self.trace.add(
                LASTING,
                f"{trap} provides a press to continue before any other press; a combatant may "
                "answer with a press to end the combat.",
                f"{trap} даёт пресс на продолжение раньше всех прочих прессов; боец может "
                "ответить прессом на завершение боя.",
            )
            self._sentence("press", name=trap)
        for side in presses:
            card = self._no_press.get(side)
            if card is not None:
                raise IllegalPlay(
                    f"{self._where()}: {self.f[side].name} cannot press this round because of "
                    f"{card}.",
                    ru=f"{self._where_ru()}: {self.f[side].name} не может играть прессы в этом "
                    f"раунде из-за карты {card}.",
                )
        if not presses and trap is not None:
            self._sentence("continues")
            return True
        if not presses:
            self.trace.add(
                PRESSES,
                f"Nobody presses, so the combat ends after round {self.number}.",
                f"Никто не играет пресс, поэтому бой заканчивается после раунда {self.number}.",
            )
            self._sentence("no_press", round=self.number)
            self.ended_by = "no_press"
            return False
        shift = 1 if trap is not None else 0
        for i, side in enumerate(presses):
            name = self.f[side].name
            purpose = "continue" if (i + shift) % 2 == 0 else "end"
            self._check_restricted(side, f"press_to_{purpose}")
            play = self.rnd.press_plays[i] if i < len(self.rnd.press_plays) else None
            if play is not None and play.only is not None and play.only != purpose:
                raise IllegalPlay(
                    f"{self._where()}: {play.card or 'this press'} is only usable to "
                    f"{play.only} the combat, but press {i + 1} would {purpose} it.",
                    ru=f"{self._where_ru()}: {play.card or 'этот пресс'} годится только для "
                    f"{'продолжения' if play.only == 'continue' else 'завершения'} боя, а "
                    f"пресс {i + 1} его {'продолжает' if purpose == 'continue' else 'завершает'}.",
                )
            if play is not None and play.card:
                self._pay(self.f[side], play.cost, play.card)
                self.trace.add(
                    CARDS,
                    f"{name}'s press {i + 1} comes from {play.card}.",
                    f"Пресс {i + 1} ({name}) даёт карта {play.card}.",
                )
            self._sentence("press" if i == 0 else "press_cancel", name=name)
        continued = len(presses) % 2 == 1
        ru_presses = _ru_alternating(presses, "пресс", "пресса", "прессов")
        if continued:
            self.trace.add(
                PRESSES,
                f"{len(presses)} press(es) alternate ({', '.join(presses)}); the last press to "
                "continue is not cancelled, so another round begins.",
                f"{ru_presses}: "
                + ("его" if len(presses) == 1 else "последний пресс на продолжение боя")
                + " никто не отменил, поэтому начинается ещё один раунд.",
            )
            self._sentence("continues")
        else:
            self.trace.add(
                PRESSES,
                f"{len(presses)} presses alternate ({', '.join(presses)}); the last one cancels "
                f"the press to continue, so the combat ends after round {self.number}.",
                f"{ru_presses}: последний из них отменяет пресс на продолжение боя, поэтому бой "
                f"заканчивается после раунда {self.number}.",
            )
            self._sentence("press_cancelled", round=self.number)
            self.ended_by = "no_press"
        return continued


# -- the whole combat ---------------------------------------------------------------------

_ENDED_TEXT = {
    "combat_ends": "a combat-ends effect",
    "not_ready": "a combatant was no longer ready",
    "no_press": "no press continued it",
}
_ENDED_TEXT_RU = {
    "combat_ends": "эффект, завершающий бой",
    "not_ready": "один из бойцов перестал быть готовым",
    "no_press": "ни один пресс его не продолжил",
}


def _closing(fighter: _Fighter) -> list[Sentence]:
    out: list[Sentence] = []
    if fighter.state is MinionState.BURNED:
        out.append(Sentence("final_burned", {"name": fighter.name}))
    else:
        state = Phrase(
            "in torpor" if fighter.state is MinionState.TORPOR else "ready",
            "в ступоре" if fighter.state is MinionState.TORPOR else "готов",
        )
        key = "final_vampire" if fighter.kind == "vampire" else "final_ally"
        out.append(Sentence(key, {"name": fighter.name, "state": state, "n": fighter.amount}))
    if fighter.drained:
        out.append(Sentence("final_drained", {"name": fighter.name, "n": fighter.drained}))
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
            f"{a.name} (acting) and {o.name} (opposing) enter combat; the acting minion gets "
            "the first opportunity at every step, then play alternates.",
            f"{a.name} (действующий) и {o.name} (противостоящий) вступают в бой; на каждом "
            "шаге первым сыграть может действующий миньон, дальше стороны ходят по очереди.",
        )
    ]
    opening = (Sentence("start", {"acting": a.name, "opposing": o.name}),)
    rounds: list[RoundReport] = []
    ended_by: str | None = None
    for number, rnd in enumerate(sc.rounds, 1):
        if ended_by is not None:
            raise IllegalPlay(
                f"Round {number} cannot be played: the combat ended in round {number - 1} "
                f"({_ENDED_TEXT[ended_by]}). Remove the rounds after round {number - 1}, or "
                "change the plays so that the combat goes on.",
                ru=f"Раунд {number} сыграть нельзя: бой закончился в раунде {number - 1} "
                f"({_ENDED_TEXT_RU[ended_by]}). Удалите раунды после раунда {number - 1} "
                "или измените розыгрыш так, чтобы бой продолжался.",
            )
        play = _RoundPlay(number, rnd, fighters, sc.rules)
        report = play.play()
        steps.append(
            Step(
                SEQUENCE,
                f"Round {number} ({report.range} range).",
                f"Раунд {number} ({_RU_RANGE[report.range]}).",
            )
        )
        steps.extend(report.steps)
        rounds.append(report)
        ended_by = play.ended_by
    closing: list[Sentence] = []
    if ended_by is None:
        ended_by = "open"
        closing.append(Sentence("open"))
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
