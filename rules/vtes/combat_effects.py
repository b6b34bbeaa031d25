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
from rules.trace import Trace
from rules.vtes import ru_words as ru
from rules.vtes.combat_fighter import Fighter, Lasting
from rules.vtes.combat_report import Range
from rules.vtes.combat_text import Phrase, Sentence
from rules.vtes.models import MinionState
from rules.vtes.scenario import SIDES, Round, Side, other

__all__ = ["CARDS", "ENVIRONMENT", "LASTING", "ROUND_END", "CardEffects", "Hit"]

CARDS = "vtes:6.4.8"
ENVIRONMENT = "vtes:6.4.10"
LASTING = "vtes:6.4.11"
ROUND_END = "vtes:6.4.12"
PREVENTION = "vtes:6.4.13"

_RESTRICTION_EN = {
    "maneuver_to_long": "maneuver to long range",
    "maneuver_to_close": "maneuver to close range",
    "press_to_continue": "press to continue the combat",
    "press_to_end": "press to end the combat",
    "equipment": "use equipment",
}
_RESTRICTION_RU = {
    "maneuver_to_long": "маневрировать на дальнюю дистанцию",
    "maneuver_to_close": "маневрировать на близкую дистанцию",
    "press_to_continue": "играть пресс на продолжение боя",
    "press_to_end": "играть пресс на завершение боя",
    "equipment": "пользоваться снаряжением",
}


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
    say: list[Sentence]
    range: Range
    ended_by: str | None

    def _sentence(self, key: str, **values: str | int | Phrase) -> None:
        self.say.append(Sentence(key, values))

    def _where(self) -> str:
        return f"Round {self.number}"

    def _where_ru(self) -> str:
        return f"Раунд {self.number}"

    def _card(self, fighter: Fighter, card: str, en: str, ru_text: str) -> None:
        """Tell the story of a card and what it does."""
        self._sentence("card_effect", name=fighter.name, card=card, what=Phrase(en, ru_text))

    # .. costs ..
    def _pay(self, fighter: Fighter, cost: int, card: str) -> None:
        """The vampire burns ``cost`` blood to play ``card``."""
        if not cost:
            return
        if fighter.kind != "vampire":
            raise InvalidState(
                f"{self._where()}: {card} costs {cost} blood, but {fighter.name} is an ally; "
                "the resolver burns card costs only from vampires.",
                ru=f"{self._where_ru()}: {card} стоит {ru.blood(cost)}, но {fighter.name} — "
                "союзник; калькулятор списывает стоимость карт только с вампиров.",
            )
        if fighter.amount < cost:
            raise IllegalPlay(
                f"{self._where()}: {fighter.name} has {fighter.amount} blood and cannot pay "
                f"the {cost} blood that {card} costs.",
                ru=f"{self._where_ru()}: у {fighter.name} {ru.blood(fighter.amount)}, а "
                f"{card} стоит {ru.blood(cost)}: заплатить нечем.",
            )
        fighter.amount -= cost
        self.trace.add(
            CARDS,
            f"{fighter.name} burns {cost} blood to play {card} ({fighter.amount} left).",
            f"{fighter.name} сжигает {ru.blood(cost)}, чтобы сыграть {card} (крови осталось: "
            f"{fighter.amount}).",
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
                f"{self._where()}: {fighter.name} cannot {_RESTRICTION_EN[what]} this combat "
                f"because of {card}.",
                ru=f"{self._where_ru()}: {fighter.name} не может {_RESTRICTION_RU[what]} в этом "
                f"бою из-за карты {card}.",
            )

    def _before_range(self) -> None:
        for side in SIDES:
            fighter = self.f[side]
            opp = self.f[other(side)]
            for card in self.rnd.before_range_of(side):
                self._pay(fighter, card.cost, card.name)
                span_en = "this round" if card.this_round else "for the rest of the combat"
                span_ru = "в этом раунде" if card.this_round else "до конца боя"
                if card.set_strength is not None:
                    fighter.base_strength = card.set_strength
                    self.trace.add(
                        LASTING,
                        f"{fighter.name} plays {card.name}: its strength is set to "
                        f"{card.set_strength} for the rest of the combat; every '+N strength' "
                        f"still adds to it, so strength is now {fighter.strength}.",
                        f"{fighter.name} играет {card.name}: сила становится равной "
                        f"{card.set_strength} до конца боя; любые «+N к силе» к ней "
                        f"прибавляются, так что сейчас сила {fighter.strength}.",
                    )
                    self._card(
                        fighter,
                        card.name,
                        f"strength set to {card.set_strength}, now {fighter.strength}",
                        f"сила становится {card.set_strength}, сейчас {fighter.strength}",
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
                        f"{fighter.name} plays {card.name}: damage from its hand strikes is "
                        f"aggravated {span_en}.",
                        f"{fighter.name} играет {card.name}: повреждения от его кулачных ударов "
                        f"неизлечимые {span_ru}.",
                    )
                    self._card(
                        fighter,
                        card.name,
                        f"hand strikes deal aggravated damage {span_en}",
                        f"кулачные удары наносят неизлечимые повреждения {span_ru}",
                    )
                if card.trap_press:
                    fighter.against.append(Lasting(card.name, False, trap_press=True))
                    self.trace.add(
                        LASTING,
                        f"{fighter.name} plays {card.name}: each round of this combat it "
                        "provides a press to continue.",
                        f"{fighter.name} играет {card.name}: в каждом раунде этого боя карта даёт "
                        "пресс на продолжение.",
                    )
                    self._card(
                        fighter,
                        card.name,
                        "a press to continue each round",
                        "пресс на продолжение каждый раунд",
                    )
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
                    parts_en: list[str] = []
                    parts_ru: list[str] = []
                    if card.environmental:
                        parts_en.append(
                            f"{opp.name} takes {card.environmental} environmental damage each "
                            "round with the strikes"
                        )
                        parts_ru.append(
                            f"{opp.name} каждый раунд получает {ru.damage(card.environmental)} "
                            "от окружения вместе с ударами"
                        )
                    if card.press_damage:
                        parts_en.append(
                            f"{opp.name} takes {card.press_damage} damage at each press step"
                        )
                        parts_ru.append(
                            f"{opp.name} получает {ru.damage(card.press_damage)} на каждом шаге "
                            "прессов"
                        )
                    if card.restrict:
                        parts_en.append(
                            f"{opp.name} cannot "
                            + ", ".join(_RESTRICTION_EN[r] for r in card.restrict)
                        )
                        parts_ru.append(
                            f"{opp.name} не может "
                            + ", ".join(_RESTRICTION_RU[r] for r in card.restrict)
                        )
                    self.trace.add(
                        ENVIRONMENT if card.environmental or card.press_damage else LASTING,
                        f"{fighter.name} plays {card.name}: {'; '.join(parts_en)} ({span_en}).",
                        f"{fighter.name} играет {card.name}: {'; '.join(parts_ru)} ({span_ru}).",
                    )
                    self._card(fighter, card.name, "; ".join(parts_en), "; ".join(parts_ru))
                if card.hand_strikes_only:
                    self.trace.add(
                        LASTING,
                        f"{fighter.name} plays {card.name}: this round neither combatant can use "
                        "a strike that is not a hand strike.",
                        f"{fighter.name} играет {card.name}: в этом раунде ни один боец не может "
                        "использовать удар, кроме кулачного.",
                    )
                    self._card(
                        fighter,
                        card.name,
                        "only hand strikes this round",
                        "в этом раунде только кулачные удары",
                    )
                if card.equip is not None:
                    fighter.equipment.append(card.equip)
                    self.trace.add(
                        LASTING,
                        f"{fighter.name} plays {card.name} and equips with {card.equip.name}.",
                        f"{fighter.name} играет {card.name} и берёт снаряжение {card.equip.name}.",
                    )
                    self._card(
                        fighter,
                        card.name,
                        f"equips with {card.equip.name}",
                        f"берёт снаряжение {card.equip.name}",
                    )
                if card.employ is not None:
                    name = fighter.employ(card.employ)
                    self.trace.add(
                        LASTING,
                        f"{fighter.name} plays {card.name} and employs the retainer {name} "
                        f"({card.employ.life} life).",
                        f"{fighter.name} играет {card.name} и нанимает слугу {name} "
                        f"({ru.life(card.employ.life)}).",
                    )
                    self._card(fighter, card.name, f"employs {name}", f"нанимает слугу {name}")
                if card.burn_retainer is not None:
                    if card.burn_retainer not in fighter.retainers:
                        raise IllegalPlay(
                            f"{self._where()}: {card.name} burns {fighter.name}'s retainer "
                            f"{card.burn_retainer}, but {fighter.name} has no such retainer.",
                            ru=f"{self._where_ru()}: {card.name} сжигает слугу "
                            f"{card.burn_retainer}, но у {fighter.name} такого слуги нет.",
                        )
                    del fighter.retainers[card.burn_retainer]
                    fighter.retainer_damage.pop(card.burn_retainer, None)
                    self.trace.add(
                        LASTING,
                        f"{fighter.name} burns its retainer {card.burn_retainer} for {card.name}.",
                        f"{fighter.name} сжигает своего слугу {card.burn_retainer} ради карты "
                        f"{card.name}.",
                    )
                if card.damage:
                    self.trace.add(
                        ENVIRONMENT,
                        f"{fighter.name} plays {card.name}: {opp.name} is dealt {card.damage} "
                        "damage before range is determined.",
                        f"{fighter.name} играет {card.name}: {opp.name} получает "
                        f"{ru.damage(card.damage)} до определения дистанции.",
                    )
                    self._card(
                        fighter,
                        card.name,
                        f"{opp.name} takes {card.damage} damage",
                        f"{opp.name} получает {ru.damage(card.damage)}",
                    )
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
                f"{self._where()}: {card} would bring {fighter.name}'s strength below 0 (it is "
                f"{fighter.strength}).",
                ru=f"{self._where_ru()}: {card} опустит силу {fighter.name} ниже 0 (сейчас она "
                f"{fighter.strength}); сила может быть только 0 или больше.",
            )
        if this_round:
            fighter.round_bonus += change
        else:
            fighter.bonus += change
        signed = f"{change:+d}"
        span_en = "this round" if this_round else "for the rest of the combat"
        span_ru = "в этом раунде" if this_round else "до конца боя"
        self.trace.add(
            LASTING,
            f"{card}: {fighter.name} gets {signed} strength {span_en}, now {fighter.strength}.",
            f"{card}: {fighter.name} получает {signed} к силе {span_ru}, теперь "
            f"{fighter.strength}.",
        )
        self._sentence(
            "before_range",
            name=fighter.name,
            card=card,
            change=signed,
            strength=fighter.strength,
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
                kind_en = "aggravated " if aggravated else ""
                dealt_ru = ru.damage(n, "aggravated" if aggravated else "")
                self.trace.add(
                    ENVIRONMENT,
                    f"{name}: {victim.name} takes {n} {kind_en}environmental damage during strike "
                    "resolution; it is not a strike, so a dodge does not stop it.",
                    f"{name}: {victim.name} получает {dealt_ru} от окружения во время "
                    "разрешения ударов; это не удар, поэтому уклонение их не останавливает.",
                )
                self._sentence(
                    "environmental",
                    name=victim.name,
                    card=name,
                    n=n,
                )
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
                        f"{effect.name}: {victim.name} takes {effect.press_damage} damage during "
                        "the press step.",
                        f"{effect.name}: {victim.name} получает {ru.damage(effect.press_damage)} "
                        "на шаге прессов.",
                    )
                    self._sentence(
                        "environmental", name=victim.name, card=effect.name, n=effect.press_damage
                    )
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
                    raise IllegalPlay(
                        f"{self._where()}: {fighter.name} is "
                        f"{'in torpor' if fighter.state is MinionState.TORPOR else 'burned'} "
                        "and cannot "
                        f"play {card.name}: end-of-round cards are not usable by a vampire being "
                        "burned or going to torpor.",
                        ru=f"{self._where_ru()}: {fighter.name} ({ru.STATE[fighter.state]}) не "
                        f"может сыграть {card.name}: карты конца раунда недоступны вампиру, "
                        "который сгорает или уходит в ступор.",
                    )
                if card.name in seen:
                    raise IllegalPlay(
                        f"{self._where()}: {fighter.name} plays {card.name} twice; a vampire can "
                        "play only one each round.",
                        ru=f"{self._where_ru()}: {fighter.name} играет {card.name} дважды; за "
                        "раунд вампир может сыграть только одну такую карту.",
                    )
                seen.add(card.name)
                if (card.gain_blood_lost or card.send_to_torpor) and (
                    fighter.kind != "vampire" or opp.kind != "vampire"
                ):
                    raise IllegalPlay(
                        f"{self._where()}: {card.name} is played by a vampire against an "
                        "opposing vampire; it cannot be played by or against an ally.",
                        ru=f"{self._where_ru()}: {card.name} играет вампир против вампира; "
                        "союзник не может ни сыграть её, ни стать её целью.",
                    )
                if card.needs_more_damage:
                    mine, theirs = opp.damage_round, fighter.damage_round
                    if self.range != "close" or mine <= theirs:
                        raise IllegalPlay(
                            f"{self._where()}: {card.name} needs close range and more damage "
                            f"successfully inflicted than received this round; {fighter.name} "
                            f"inflicted {mine} and received {theirs} at {self.range} range.",
                            ru=f"{self._where_ru()}: для {card.name} нужна близкая дистанция и "
                            "больше успешно нанесённых повреждений, чем полученных; "
                            f"{fighter.name} нанёс {mine}, получил {theirs}, дистанция "
                            f"{'близкая' if self.range == 'close' else 'дальняя'}.",
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
                        f"{fighter.name} plays {card.name}: {opp.name} goes to torpor with "
                        f"{opp.amount} blood.",
                        f"{fighter.name} играет {card.name}: {opp.name} уходит в ступор; крови: "
                        f"{opp.amount}.",
                    )
                    self._card(
                        fighter,
                        card.name,
                        f"{opp.name} goes to torpor",
                        f"{opp.name} уходит в ступор",
                    )
                if card.damage and opp.state is not MinionState.BURNED:
                    self.trace.add(
                        ROUND_END,
                        f"{fighter.name} plays {card.name}: {opp.name} is dealt {card.damage} "
                        "damage.",
                        f"{fighter.name} играет {card.name}: {opp.name} получает "
                        f"{ru.damage(card.damage)}.",
                    )
                    self._card(
                        fighter,
                        card.name,
                        f"{opp.name} takes {card.damage} damage",
                        f"{opp.name} получает {ru.damage(card.damage)}",
                    )
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
        tail_en = f"; {excess} above capacity drains to the bank" if excess else ""
        tail_ru = f"; излишек сверх объёма ({ru.blood(excess)}) уходит в банк" if excess else ""
        self.trace.add(
            ROUND_END,
            f"{fighter.name} plays {card} after the presses: {opp.name} lost {lost} blood to "
            f"damage this round, so {fighter.name} gains {lost} ({before} -> "
            f"{fighter.amount}){tail_en}.",
            f"{fighter.name} играет {card} после прессов: {opp.name} потерял от повреждений "
            f"{ru.blood(lost)} в этом раунде, поэтому {fighter.name} получает столько же "
            f"({before} -> {fighter.amount}){tail_ru}.",
        )
        self._card(
            fighter,
            card,
            f"gains {lost} blood, now {fighter.amount}",
            f"получает {ru.blood(lost)}, теперь {fighter.amount}",
        )

    def _another_round(self) -> bool:
        """A card starts another round although the combat would end; True if it did."""
        new = self.rnd.new_round
        if new is None:
            return False
        fighter = self.f[new.side]
        if self.ended_by is None or not all(f.ready for f in self.f.values()):
            why_en = (
                "the combat goes on anyway"
                if self.ended_by is None
                else ("a combatant is no longer ready")
            )
            why_ru = (
                "бой и так продолжается"
                if self.ended_by is None
                else ("один из бойцов уже не готов")
            )
            raise IllegalPlay(
                f"{self._where()}: {new.card} is only usable if both combatants are still ready "
                f"and the combat would end; here {why_en}.",
                ru=f"{self._where_ru()}: {new.card} можно сыграть, только если оба бойца готовы "
                f"и бой вот-вот закончится; а здесь {why_ru}.",
            )
        self._pay(fighter, new.cost, new.card)
        if new.new_combat:
            self._new_combat()
            en = "a new combat between the same two minions follows; effects lasting 'this "
            en += "combat' are over"
            ru_text = "следует новый бой между теми же миньонами; эффекты «до конца боя» "
            ru_text += "закончились"
        else:
            en = "instead of ending, the combat goes on with a new round"
            ru_text = "вместо завершения бой продолжается новым раундом"
        self.trace.add(
            ROUND_END,
            f"The combat would end, but {fighter.name} plays {new.card}: {en}.",
            f"Бой должен закончиться, но {fighter.name} играет {new.card}: {ru_text}.",
        )
        self._card(fighter, new.card, en, ru_text)
        self.ended_by = None
        return True
