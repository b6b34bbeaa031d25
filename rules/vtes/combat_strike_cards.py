"""What strike-related combat cards change in a pair of strikes (sections 6.4.8, 6.4.11,
6.4.13): a strike card cancelled and chosen again, grapples and strikes usable only at long
range, blood costs, aggravated hands, prevention cards (and the check that prevention needs
damage to prevent), aims, damage a strike deals its own user, strikes that send to torpor,
weapons burned after use and unlocking before the combat ends.

:class:`StrikeCards` is mixed into the round player of :mod:`rules.vtes.combat`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.errors import IllegalPlay
from rules.vtes import ru_words
from rules.vtes.combat_effects import CARDS, LASTING, PREVENTION, CardEffects, Hit
from rules.vtes.combat_text import Phrase
from rules.vtes.models import MinionState
from rules.vtes.scenario import SIDES, Side, Strike, StrikeEffect, other

__all__ = ["Chosen", "StrikeCards", "ru_name"]

# Names the scenario gives to strikes and strike effects left unnamed.
_RU_DEFAULT_NAME = {
    "hand strike": "кулачный удар",
    "strike": "удар",
    "additional strike": "дополнительный удар",
}


def ru_name(name: str) -> str:
    return _RU_DEFAULT_NAME.get(name, name)


@dataclass
class Chosen:
    side: Side
    strike: Strike
    effect: StrikeEffect
    default: bool = False
    prevented: int = 0


class StrikeCards(CardEffects):
    """The card-driven parts of choosing and resolving strikes."""

    _no_press: dict[Side, str]

    def _uncancelled(self, side: Side, strikes: list[Strike]) -> list[Strike]:
        """Drop the strike cards cancelled as they were played: the striker chooses again."""
        fighter = self.f[side]
        kept: list[Strike] = []
        for strike in strikes:
            if strike.cancelled_by is None:
                kept.append(strike)
                continue
            opp = self.f[other(side)]
            self._pay(opp, strike.cancel_cost, strike.cancelled_by)
            self.trace.add(
                PREVENTION,
                f"{opp.name} cancels {fighter.name}'s {strike.name} with {strike.cancelled_by} "
                f"as it is played: its cost is not paid and {fighter.name} chooses a strike "
                "again.",
                f"{opp.name} отменяет {ru_name(strike.name)} ({fighter.name}) картой "
                f"{strike.cancelled_by} в момент розыгрыша: стоимость не платится, и "
                f"{fighter.name} выбирает удар заново.",
            )
            self._sentence(
                "cancelled",
                name=opp.name,
                other=fighter.name,
                card=strike.cancelled_by,
                strike=strike.name,
            )
        return kept

    def _chosen(self, c: Chosen) -> Chosen:
        """Checks and changes that card effects make to a chosen strike."""
        fighter = self.f[c.side]
        grapples = [
            card.name
            for side in SIDES
            for card in self.rnd.before_range_of(side)
            if card.hand_strikes_only
        ]
        if grapples and not c.strike.hand:
            raise IllegalPlay(
                f"{self._where()}: {grapples[0]} allows only hand strikes this round, so "
                f"{fighter.name} cannot use {c.strike.name}; choose a hand strike.",
                ru=f"{self._where_ru()}: из-за карты {grapples[0]} в этом раунде разрешены только "
                f"кулачные удары, и {fighter.name} не может использовать "
                f"{ru_name(c.strike.name)}; выберите кулачный удар.",
            )
        if c.effect.long_range_only and self.range != "long":
            raise IllegalPlay(
                f"{self._where()}: {c.strike.name} is usable only at long range, and the round "
                "is at close range.",
                ru=f"{self._where_ru()}: {ru_name(c.strike.name)} можно использовать только на "
                "дальней дистанции, а раунд идёт на близкой.",
            )
        self._pay(fighter, c.strike.cost, c.strike.name)
        card = fighter.hand_aggravated_by()
        if c.strike.hand and card is not None and not c.effect.aggravated:
            self.trace.add(
                LASTING,
                f"{card} makes the damage of {fighter.name}'s hand strike aggravated.",
                f"Из-за карты {card} кулачный удар {fighter.name} наносит неизлечимые повреждения.",
            )
            c.effect = dataclasses.replace(c.effect, aggravated=True)
        return c

    def _prevention_total(self, c: Chosen, dmg: int) -> int:
        """How much of this strike the receiver prevents: ``prevented`` plus the prevention
        cards listed (a card preventing 'all' covers the whole strike)."""
        opp = self.f[other(c.side)]
        entries = c.strike.prevention
        if (entries or c.strike.prevented) and c.effect.unpreventable:
            raise IllegalPlay(
                f"{self._where()}: the damage of {c.strike.name} cannot be prevented, so "
                f"{opp.name} cannot play prevention against it.",
                ru=f"{self._where_ru()}: повреждения от {ru_name(c.strike.name)} нельзя "
                f"предотвратить, поэтому {opp.name} не может играть против него предотвращение.",
            )
        total = c.strike.prevented
        for entry in entries:
            if entry.non_aggravated and c.effect.aggravated:
                raise IllegalPlay(
                    f"{self._where()}: {entry.name} prevents only non-aggravated damage, and "
                    f"{c.strike.name} deals aggravated damage.",
                    ru=f"{self._where_ru()}: {entry.name} предотвращает только обычные "
                    f"повреждения, а {ru_name(c.strike.name)} наносит неизлечимые.",
                )
            total += dmg if entry.all else entry.amount
        if any(entry.all for entry in entries):
            total = min(total, dmg)
        return total

    def _pay_prevention(self, c: Chosen) -> None:
        opp = self.f[other(c.side)]
        for entry in c.strike.prevention:
            self._pay(opp, entry.cost, entry.name)
            if entry.burn is not None:
                item = opp.carried(entry.burn)
                if item is None:
                    raise IllegalPlay(
                        f"{self._where()}: {opp.name} burns {entry.burn} to prevent damage but "
                        f"does not carry it; {opp.name} carries: {opp.equipment_names()}.",
                        ru=f"{self._where_ru()}: {opp.name} сжигает {entry.burn} ради "
                        f"предотвращения, но у {opp.name} этого нет; снаряжение: "
                        f"{opp.equipment_names_ru()}.",
                    )
                opp.equipment.remove(item)
                self.trace.add(
                    PREVENTION,
                    f"{opp.name} burns {entry.burn} to prevent the damage.",
                    f"{opp.name} сжигает {entry.burn}, чтобы предотвратить повреждения.",
                )
            how_en = "all of its damage" if entry.all else f"{entry.amount}"
            how_ru = "все его повреждения" if entry.all else f"{entry.amount}"
            self.trace.add(
                PREVENTION,
                f"{opp.name} plays {entry.name} against {c.strike.name}: prevents {how_en}.",
                f"{opp.name} играет {entry.name} против {ru_name(c.strike.name)}: "
                f"предотвращает {how_ru}.",
            )
            self._sentence("prevention_card", name=opp.name, card=entry.name)

    def _no_prevention(self, c: Chosen, why_en: str, why_ru: str) -> None:
        """Prevention needs damage to prevent: none against a dodged or out-of-range strike."""
        if c.prevented or c.strike.prevention:
            opp = self.f[other(c.side)]
            raise IllegalPlay(
                f"{self._where()}: {opp.name} plays prevention against {c.strike.name}, but "
                f"that strike {why_en}, so there is no damage to prevent; remove the prevention.",
                ru=f"{self._where_ru()}: {opp.name} играет предотвращение против "
                f"{ru_name(c.strike.name)}, но этот удар {why_ru}, и предотвращать нечего; "
                "уберите предотвращение.",
            )

    def _check_grapple_range(self) -> None:
        for side in SIDES:
            for card in self.rnd.before_range_of(side):
                if card.hand_strikes_only and self.range != "close":
                    raise IllegalPlay(
                        f"{self._where()}: {card.name} is a grapple, usable only at close range, "
                        "and this round is at long range.",
                        ru=f"{self._where_ru()}: {card.name} — захват, он играется только на "
                        "близкой дистанции, а этот раунд идёт на дальней.",
                    )

    def _burn_used(self, group: Sequence[Chosen]) -> None:
        """Weapons burned after use (Grenade, Flash Grenade)."""
        for c in group:
            item = self.f[c.side].carried(c.strike.weapon) if c.strike.weapon else None
            if item is not None and c.effect.burn_after_use:
                self.f[c.side].equipment.remove(item)
                self.trace.add(
                    CARDS,
                    f"{item.name} is burned after use.",
                    f"{item.name} сжигается после использования.",
                )

    def _unlock(self, side: Side, c: Chosen) -> None:
        if c.effect.unlock:
            fighter = self.f[side]
            fighter.unlocked = True
            self.trace.add(
                CARDS,
                f"{fighter.name} unlocks before the combat ends ({c.strike.name}).",
                f"{fighter.name} разворачивается до окончания боя ({ru_name(c.strike.name)}).",
            )
            self._sentence("unlock", name=fighter.name)

    def _aim(self, c: Chosen, hit: Hit, dmg: int) -> None:
        """An aim card (Target Vitals): more damage of the same type if any got through."""
        opp_side = other(c.side)
        opp = self.f[opp_side]
        aim = c.strike.aim
        assert aim is not None
        if dmg - c.prevented <= 0:
            self.trace.add(
                CARDS,
                f"{aim}: no damage of {c.strike.name} is successfully inflicted, so it adds "
                "nothing.",
                f"{aim}: удар {ru_name(c.strike.name)} не нанёс ни одного повреждения, "
                "поэтому карта ничего не добавляет.",
            )
            return
        if c.effect.aggravated:
            hit.aggravated += c.strike.aim_bonus
        else:
            hit.normal += c.strike.aim_bonus
        if c.strike.aim_no_press:
            self._no_press[opp_side] = aim
        self.trace.add(
            CARDS,
            f"{aim}: damage from {c.strike.name} got through, so {opp.name} takes "
            f"+{c.strike.aim_bonus} damage of the same type"
            + (" and cannot press this round." if c.strike.aim_no_press else "."),
            f"{aim}: повреждения от {ru_name(c.strike.name)} прошли, поэтому {opp.name} "
            f"получает ещё +{c.strike.aim_bonus} того же типа"
            + (" и не может играть прессы в этом раунде." if c.strike.aim_no_press else "."),
        )
        self._sentence(
            "card_effect",
            name=self.f[c.side].name,
            card=aim,
            what=Phrase(f"+{c.strike.aim_bonus} damage", f"+{ru_words.damage(c.strike.aim_bonus)}"),
        )

    def _recoil(self, c: Chosen, hits: dict[Side, Hit]) -> None:
        fighter = self.f[c.side]
        eff = c.effect
        kind_en = "aggravated " if eff.recoil_aggravated else ""
        dealt_ru = ru_words.damage(eff.recoil, "aggravated" if eff.recoil_aggravated else "")
        self.trace.add(
            CARDS,
            f"Using {c.strike.name}, {fighter.name} also takes {eff.recoil} {kind_en}damage "
            "itself (environmental, so a dodge does not stop it).",
            f"Используя {ru_name(c.strike.name)}, {fighter.name} и сам получает {dealt_ru} "
            "(от окружения, уклонение их не останавливает).",
        )
        self._sentence("recoil", name=fighter.name, card=c.strike.name, n=eff.recoil)
        hit = hits.setdefault(c.side, Hit())
        if eff.recoil_aggravated:
            hit.aggravated += eff.recoil
        else:
            hit.normal += eff.recoil

    def _apply_torpor(self, hits: Mapping[Side, Hit]) -> None:
        for side, hit in hits.items():
            victim = self.f[side]
            if hit.torpor is None or not victim.ready:
                continue
            victim.state = MinionState.TORPOR
            self.trace.add(
                CARDS,
                f"{hit.torpor} sends {victim.name} to torpor: it keeps its {victim.amount} blood "
                "and takes no damage from this strike.",
                f"{ru_name(hit.torpor)} отправляет {victim.name} в ступор: кровь "
                f"({victim.amount}) остаётся при нём, повреждений этот удар не наносит.",
            )
            self._sentence("sent_to_torpor", name=victim.name, card=hit.torpor, n=victim.amount)
