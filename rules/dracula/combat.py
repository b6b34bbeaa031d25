"""A deterministic round resolver for Fury of Dracula combat.

``start_combat`` builds the state before round 1; ``resolve_round`` takes the state, the cards
both sides revealed and the dice they rolled, and returns the new state with a trace. Group
combat is supported: Dracula names a target, who rolls for the group; when the hunters win
they choose whose revealed card gives the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.dracula.blood import MAX_BLOOD, blood_after_killed
from rules.dracula.cards import (
    ENEMY_CARDS,
    HUNTER_BASICS,
    HUNTER_CARDS,
    CardTable,
    CombatResult,
    default_table,
)
from rules.dracula.hunters import NO_SITUATION, Hunter, Opponent, Situation
from rules.dracula.legality import (
    AGATHA_CARDS,
    AGATHA_COST,
    DODGES,
    NO_DODGE_IN_ROUND_ONE,
    can_pay,
    enemy_cards,
    hunter_cards,
    playable_cards,
)
from rules.dracula.ru import card_ru, cards_ru, enemy_ru, extra_ru, plural, result_ru
from rules.errors import IllegalPlay, InvalidState
from rules.trace import Step, Trace
from rules.validation import choice, present, sized, text, whole

__all__ = [
    "AGATHA_CARDS",
    "AGATHA_COST",
    "ENDINGS",
    "CombatState",
    "RoundReport",
    "agatha_cost",
    "bonuses",
    "enemy_options",
    "hunter_options",
    "resolve_round",
    "start_combat",
]

ENDINGS: dict[str, str] = {
    "defeated": "the hunter is defeated",
    "bitten": "the hunter is bitten (combat ends)",
    "escaped": "a fighter leaves the combat (End)",
    "continues": "three Continues in a row end the combat",
    "destroyed": "Dracula is destroyed (blood 0): the hunters win",
    "killed": "the agent is killed",
}
_ENDINGS_RU: dict[str, str] = {
    "defeated": "Охотник повержен",
    "bitten": "Охотник укушен (бой окончен)",
    "escaped": "один из бойцов вышел из боя (Конец)",
    "continues": "три Продолжения подряд завершают бой",
    "destroyed": "Дракула уничтожен (Кровь 0): Охотники победили",
    "killed": "Агент убит",
}
_WHO_RU: dict[str, str] = {"the hunter": "Охотника", "the enemy": "противника"}


def _blood_ru(n: int) -> str:
    return plural(n, "Кровь", "Крови", "Крови")


def _health_ru(n: int) -> str:
    return plural(n, "Здоровье", "Здоровья", "Здоровья")


def _describe_ru(opponent: Opponent) -> str:
    """Russian counterpart of :meth:`Opponent.describe`."""
    if opponent.is_dracula:
        return "Дракула ночью" if opponent.night else "Дракула днём"
    extra = " (Миньон)" if opponent.minion else ""
    return f"{enemy_ru(opponent.name)}{extra}"


def agatha_cost(situation: Situation, opponent: Opponent, card: str) -> int:
    """Blood Dracula pays to play ``card`` (Sister Agatha: 2 for Fangs or an Escape, else 0)."""
    present("situation", situation, Situation, ru="обстановка боя (situation)")
    present("opponent", opponent, Opponent, ru="противник (opponent)")
    choice("card", card, ENEMY_CARDS, ru="карта (card)")
    if situation.sister_agatha and opponent.is_dracula and card in AGATHA_CARDS:
        return AGATHA_COST
    return 0


@dataclass(frozen=True, slots=True)
class CombatState:
    """Everything the next round depends on.

    ``hunter_last`` / ``enemy_last``: cards left on the table from the previous round (they
    cannot be chosen now). ``dodge_bonus``: the side that played Dodge and won the previous roll
    (+1 now). ``repel``: Dracula was repelled last round. ``round``: the number of the next round.
    ``ended``: an ending key of ``ENDINGS`` once the combat is over.
    """

    hunters: tuple[Hunter, ...]
    opponent: Opponent
    situation: Situation = NO_SITUATION
    blood: int = MAX_BLOOD
    hunter_last: tuple[str | None, ...] = ()
    enemy_last: str | None = None
    continues: int = 0
    repel: bool = False
    dodge_bonus: str | None = None
    round: int = 1
    destroyed: tuple[str, ...] = ()
    ended: str | None = None

    @property
    def hunter(self) -> Hunter:
        """The only (or first) hunter."""
        return self.hunters[0]


@dataclass(frozen=True, slots=True)
class RoundReport:
    """The outcome of one round (``rerolled``: equal totals and initiative, roll again)."""

    state: CombatState
    winner: str | None
    result: CombatResult | None
    hunter_total: int
    enemy_total: int
    rerolled: bool
    steps: tuple[Step, ...]


def start_combat(
    hunters: Hunter | Sequence[Hunter],
    opponent: Opponent,
    situation: Situation = NO_SITUATION,
    *,
    blood: int = MAX_BLOOD,
) -> tuple[CombatState, tuple[Step, ...]]:
    """The state before round 1 and a trace of what was set up."""
    if isinstance(hunters, Hunter):
        group: tuple[Hunter, ...] = (hunters,)
    else:
        members = sized("hunters", hunters, 0, 4, ru="Охотники (hunters)")
        group = tuple(present("a hunter", h, Hunter, ru="Охотник (hunters)") for h in members)
    present("opponent", opponent, Opponent, ru="противник (opponent)")
    present("situation", situation, Situation, ru="обстановка боя (situation)")
    # against an agent the blood track plays no part: any value from 0 is ignored
    low = 1 if opponent.is_dracula else 0
    whole("Dracula's blood", blood, low, MAX_BLOOD, ru="Кровь Дракулы (blood)")
    if not group:
        raise InvalidState(
            "a combat needs at least one hunter", ru="для боя нужен хотя бы один Охотник"
        )
    names = [h.name for h in group]
    if len(set(names)) != len(names):
        raise InvalidState(
            f"each hunter may appear once in a group, got {names}",
            ru=f"каждый Охотник может входить в группу только один раз, а дано {names}",
        )
    if opponent.is_dracula and not 1 <= blood <= MAX_BLOOD:
        raise InvalidState(
            f"Dracula's blood must be 1..{MAX_BLOOD}, not {blood}",
            ru=f"Кровь Дракулы должна быть 1..{MAX_BLOOD}, а не {blood}",
        )
    if situation.eastern_europe and (opponent.is_dracula or not opponent.minion):
        pass  # harmless: only a Minion gets the bonus; reported by bonuses()
    trace = Trace()
    played = [
        (text, ru)
        for flag, text, ru in (
            (
                situation.trap,
                "Dracula played Trap (+1 to his side's rolls this combat)",
                "Дракула сыграл «Ловушку» (+1 к броскам его стороны в этом бою)",
            ),
            (
                situation.advance_planning,
                "a hunter played Advance Planning (+1 to the hunters)",
                "Охотник сыграл «План Атаки» (+1 Охотникам)",
            ),
            (
                situation.garlic,
                "Garlic or Rage was played (no Escape for Dracula in rounds 1-3)",
                "сыграны «Чеснок» или «Бешенство» (в раундах 1–3 Дракула не может выбрать Бегство)",
            ),
        )
        if flag
    ]
    trace.add(
        "dracula:combat-start",
        "Before round 1: "
        + ("; ".join(t for t, _ in played) if played else "no cards were played")
        + ".",
        "До первого раунда: "
        + ("; ".join(r for _, r in played) if played else "карт не сыграно")
        + ".",
    )
    if not situation.dodge_in_round_one:
        trace.add("dracula:combat-decks", *NO_DODGE_IN_ROUND_ONE)
    if situation.sister_agatha:
        trace.add(
            "dracula:powers",
            "Sister Agatha is with the hunters: "
            + (
                f"Dracula pays {AGATHA_COST} blood for each Fangs or Escape he plays, when it is "
                f"revealed; he may not go to 0 blood that way, so he needs at least "
                f"{AGATHA_COST + 1} to choose one."
                if opponent.is_dracula
                else "she only taxes Dracula's cards, not an agent's."
            ),
            "Сестра Агата на стороне Охотников: "
            + (
                f"Дракула платит {_blood_ru(AGATHA_COST)} за каждые сыгранные Клыки или "
                f"Бегство, когда карта вскрыта; опуститься так до 0 Крови он не может, поэтому "
                f"выбрать такую карту может лишь при {AGATHA_COST + 1} Крови и больше."
                if opponent.is_dracula
                else "она облагает только карты Дракулы, а не Агента."
            ),
        )
    for h in group:
        deck = sorted(h.deck().elements())
        trace.add(
            "dracula:combat-decks",
            f"{h.name} may choose from {', '.join(deck)}.",
            f"{h.name} выбирает из карт: {cards_ru(deck)}.",
        )
    trace.add(
        "dracula:combat-decks",
        f"{opponent.describe()} may choose from {', '.join(opponent.deck())}.",
        f"{_describe_ru(opponent)} выбирает из карт: {cards_ru(opponent.deck())}.",
    )
    if opponent.is_dracula:
        trace.add(
            "dracula:blood-track",
            f"Dracula starts the combat with {blood} blood.",
            f"Кровь Дракулы в начале боя: {blood}.",
        )
    state = CombatState(
        hunters=group,
        opponent=opponent,
        situation=situation,
        blood=blood if opponent.is_dracula else 0,
        hunter_last=(None,) * len(group),
    )
    return state, trace.steps


def _table(table: CardTable | None) -> CardTable:
    if table is None:
        return default_table()
    return present("table", table, CardTable, ru="таблица результатов (table)")


def _state(state: CombatState) -> CombatState:
    return present("state", state, CombatState, ru="состояние боя (state)")


def hunter_options(
    state: CombatState, index: int = 0, *, table: CardTable | None = None
) -> tuple[str, ...]:
    """Cards hunter ``index`` may choose this round, in deck order."""
    t = _table(table)
    _state(state)
    h = state.hunters[whole("index", index, 0, len(state.hunters) - 1, ru="номер Охотника")]
    last = state.hunter_last[index] if state.hunter_last else None
    playable = playable_cards(t, (*HUNTER_BASICS, *h.combat_items), state.opponent.deck())
    return hunter_cards(h.combat_items, last, state.round, state.situation, playable)


def enemy_options(state: CombatState) -> tuple[str, ...]:
    """Cards Dracula or the agent may choose this round."""
    _state(state)
    dracula = state.opponent.is_dracula
    return enemy_cards(
        state.opponent.deck(),
        dracula,
        state.situation,
        state.enemy_last,
        state.repel,
        state.round,
        can_pay(state.situation, dracula, state.blood),
    )


def bonuses(
    state: CombatState, hunter_cards: Sequence[str], enemy_card: str
) -> tuple[int, int, tuple[Step, ...]]:
    """The hunters' and the enemy's roll bonuses this round, each explained."""
    _state(state)
    for card in sized("hunter_cards", hunter_cards, 1, len(state.hunters), ru="карты Охотников"):
        choice("a hunter card", card, HUNTER_CARDS, ru="карта Охотника")
    choice("enemy_card", enemy_card, ENEMY_CARDS, ru="карта противника (enemy_card)")
    s = state.situation
    trace = Trace()
    hb = 0
    eb = 0
    if s.advance_planning:
        hb += 1
        trace.add(
            "dracula:modifiers",
            "Hunters +1: Advance Planning was played.",
            "Охотники +1: сыгран «План Атаки».",
        )
    if "Pistol" in hunter_cards:
        hb += 1
        trace.add(
            "dracula:modifiers",
            "Hunters +1: a Pistol was chosen this round.",
            "Охотники +1: в этом раунде выбран Пистолет.",
        )
    if state.dodge_bonus == "hunter":
        hb += 1
        trace.add(
            "dracula:modifiers",
            "Hunters +1: Dodge won the previous roll.",
            "Охотники +1: Уклонение выиграло прошлый бросок.",
        )
    if state.opponent.is_dracula:
        if any(h.counts_as_bitten for h in state.hunters):
            eb += 1
            trace.add(
                "dracula:modifiers",
                "Dracula +1: a bitten hunter (not Mina) is fighting.",
                "Дракула +1: в бою Укушенный Охотник (не Мина).",
            )
        if s.castle_dracula:
            eb += 1
            trace.add(
                "dracula:modifiers",
                "Dracula +1: the combat is in Castle Dracula.",
                "Дракула +1: бой идёт в Замке Дракулы.",
            )
    else:
        if state.opponent.minion and s.eastern_europe:
            eb += 1
            trace.add(
                "dracula:modifiers",
                "Agent +1: a Minion fighting in Eastern Europe.",
                "Агент +1: Миньон сражается в Восточной Европе.",
            )
        if enemy_card == "Pistol (Agent)":
            eb += 1
            trace.add(
                "dracula:modifiers",
                "Agent +1: it chose the Pistol this round.",
                "Агент +1: в этом раунде он выбрал Пистолет.",
            )
    if s.trap:
        eb += 1
        trace.add(
            "dracula:modifiers",
            "Enemy +1: Trap was played before the combat.",
            "Противник +1: перед боем сыграна «Ловушка».",
        )
    if state.dodge_bonus == "enemy":
        eb += 1
        trace.add(
            "dracula:modifiers",
            "Enemy +1: its Dodge won the previous roll.",
            "Противник +1: его Уклонение выиграло прошлый бросок.",
        )
    return hb, eb, trace.steps


def _die(value: int, who: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise InvalidState(
            f"{who}'s die must show 1..6, not {value!r}",
            ru=f"на кубике {_WHO_RU.get(who, who)} должно быть 1..6, а не {value!r}",
        )
    return value


def _remove_one(items: tuple[str, ...], card: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(card)
    return tuple(out)


def resolve_round(
    state: CombatState,
    hunter_cards: str | Sequence[str],
    enemy_card: str,
    hunter_roll: int | tuple[int, int],
    enemy_roll: int,
    *,
    table: CardTable | None = None,
    target: int = 0,
    applied: int | None = None,
) -> RoundReport:
    """Resolve one round from revealed cards and dice.

    ``hunter_cards``: one card, or one per hunter of a group. ``hunter_roll``: one die, or two
    dice when Lord Godalming faces an agent (the better is kept). ``target``: the hunter Dracula
    attacks (who rolls). ``applied``: when the hunters win, whose card gives the result
    (default: the target's).
    """
    t = _table(table)
    _state(state)
    if not isinstance(hunter_cards, str):
        for card in sized("hunter_cards", hunter_cards, 1, 4, ru="карты Охотников"):
            text("a hunter card", card, ru="карта Охотника")
    text("enemy_card", enemy_card, ru="карта противника (enemy_card)")
    n_hunters = len(state.hunters)
    whole("target", target, 0, n_hunters - 1, ru="цель (target)")
    if applied is not None:
        whole("applied", applied, 0, n_hunters - 1, ru="чья карта даёт результат (applied)")
    if not isinstance(hunter_roll, int | tuple):
        _die(hunter_roll, "the hunter")
    if state.ended is not None:
        raise IllegalPlay(
            f"the combat is over ({ENDINGS[state.ended]}); no more rounds",
            ru=f"бой окончен ({_ENDINGS_RU.get(state.ended, state.ended)}); раундов больше нет",
        )
    cards = (hunter_cards,) if isinstance(hunter_cards, str) else tuple(hunter_cards)
    n = len(state.hunters)
    if len(cards) != n:
        raise InvalidState(
            f"give one card per hunter: {n} expected, got {len(cards)}",
            ru=f"нужно по одной карте на Охотника: ожидается {n}, а дано {len(cards)}",
        )
    if not 0 <= target < n:
        raise InvalidState(
            f"target must be a hunter index 0..{n - 1}, not {target}",
            ru=f"цель должна быть номером Охотника 0..{n - 1}, а не {target}",
        )
    chooser = target if applied is None else applied
    if not 0 <= chooser < n:
        raise InvalidState(
            f"applied must be a hunter index 0..{n - 1}, not {applied}",
            ru=f"результат берётся по карте Охотника с номером 0..{n - 1}, а не {applied}",
        )
    trace = Trace()
    # Legal choices.
    for i, card in enumerate(cards):
        legal = hunter_options(state, i, table=t)
        if card not in legal:
            why = why_ru = ""
            if state.hunter_last and card == state.hunter_last[i]:
                why = " (it was played last round and stays on the table)"
                why_ru = " (она сыграна в прошлом раунде и ещё лежит на столе)"
            raise IllegalPlay(
                f"{state.hunters[i].name} cannot choose {card}{why}; allowed now: "
                f"{', '.join(legal)}",
                ru=f"{state.hunters[i].name} не может выбрать карту {card_ru(card)}{why_ru}; "
                f"сейчас можно: {cards_ru(legal)}",
            )
    legal_enemy = enemy_options(state)
    if enemy_card not in legal_enemy:
        why = why_ru = ""
        if enemy_card == state.enemy_last:
            why = " (it was played last round and stays on the table)"
            why_ru = " (она сыграна в прошлом раунде и ещё лежит на столе)"
        elif (
            agatha_cost(state.situation, state.opponent, enemy_card) and state.blood <= AGATHA_COST
        ):
            why = (
                f" (Sister Agatha: it costs {AGATHA_COST} blood and Dracula has {state.blood}; "
                "he may not go to 0 blood by paying)"
            )
            why_ru = (
                f" (Сестра Агата: карта стоит {_blood_ru(AGATHA_COST)}, а у Дракулы "
                f"{_blood_ru(state.blood)}; заплатив, опуститься до 0 Крови он не может)"
            )
        elif state.repel:
            why = " (Dracula was repelled: only Dodge or an Escape)"
            why_ru = " (Дракула подавлен: только Уклонение или Бегство)"
        raise IllegalPlay(
            f"{state.opponent.describe()} cannot choose {enemy_card}{why}; allowed now: "
            f"{', '.join(legal_enemy)}",
            ru=f"{_describe_ru(state.opponent)} не может выбрать карту {card_ru(enemy_card)}"
            f"{why_ru}; сейчас можно: {cards_ru(legal_enemy)}",
        )
    if state.repel and state.opponent.is_dracula:
        trace.add(
            "dracula:results",
            "Dracula was repelled last round: only Dodge or an Escape.",
            "В прошлом раунде Дракула был подавлен: теперь он может выбрать только Уклонение "
            "или Бегство.",
        )
    if state.situation.garlic and state.round <= 3 and state.opponent.is_dracula:
        trace.add(
            "dracula:combat-start",
            f"Round {state.round}: Garlic/Rage forbids Escapes.",
            f"Раунд {state.round}: «Чеснок»/«Бешенство» запрещают Бегство.",
        )
    if state.round == 1 and not state.situation.dodge_in_round_one:
        trace.add(
            "dracula:combat-decks",
            "Round 1: no Dodge for either side (chosen rule).",
            "Раунд 1: Уклонение запрещено обеим сторонам (выбранное правило).",
        )
    if state.situation.sister_agatha and state.opponent.is_dracula and state.blood <= AGATHA_COST:
        trace.add(
            "dracula:powers",
            f"Sister Agatha: with {state.blood} blood Dracula cannot pay {AGATHA_COST}, so "
            "Fangs and the Escapes are not his to choose this round.",
            f"Сестра Агата: при {state.blood} Крови Дракула не может заплатить "
            f"{AGATHA_COST}, поэтому Клыки и Бегство в этом раунде ему недоступны.",
        )
    if state.hunter_last and any(c is not None for c in state.hunter_last):
        left = ", ".join(c for c in (*state.hunter_last, state.enemy_last) if c)
        left_ru = cards_ru(c for c in (*state.hunter_last, state.enemy_last) if c)
        trace.add(
            "dracula:repeat-cards",
            f"Still on the table from last round: {left}.",
            f"С прошлого раунда на столе лежат: {left_ru}.",
        )
    who = state.hunters[target]
    enemy_name = "Dracula" if state.opponent.is_dracula else (state.opponent.name or "Agent")
    revealed = " / ".join(f"{h.name}: {c}" for h, c in zip(state.hunters, cards, strict=True))
    enemy_ru_name = enemy_ru(enemy_name)
    revealed_ru = " / ".join(
        f"{h.name}: {card_ru(c)}" for h, c in zip(state.hunters, cards, strict=True)
    )
    trace.add(
        "dracula:combat-decks",
        f"Round {state.round}: revealed {revealed} against {enemy_name}: {enemy_card}.",
        f"Раунд {state.round}, вскрытые карты: {revealed_ru}; {enemy_ru_name}: "
        f"{card_ru(enemy_card)}.",
    )
    if n > 1:
        trace.add(
            "dracula:groups",
            f"Dracula's target this round is {who.name}.",
            f"Цель Дракулы в этом раунде: {who.name}.",
        )
    # The roll.
    hb, eb, mod_steps = bonuses(state, cards, enemy_card)
    trace.extend(mod_steps)
    godalming_vs_agent = not state.opponent.is_dracula and any(h.godalming for h in state.hunters)
    if isinstance(hunter_roll, tuple):
        if not godalming_vs_agent:
            raise InvalidState(
                "two hunter dice are rolled only when Lord Godalming fights an agent; give one die",
                ru="два кубика за Охотников бросаются, только когда Lord Godalming сражается с "
                "Агентом; укажите один кубик",
            )
        if len(hunter_roll) != 2:
            raise InvalidState(
                "give exactly two hunter dice for Lord Godalming against an agent",
                ru="для Lord Godalming против Агента укажите ровно два кубика",
            )
        a, b = (_die(v, "the hunter") for v in hunter_roll)
        face = max(a, b)
        trace.add(
            "dracula:combat-roll",
            f"Lord Godalming rolls {a} and {b} and keeps {face}.",
            f"Lord Godalming бросает два кубика, {a} и {b}, и оставляет {face}.",
        )
    else:
        face = _die(hunter_roll, "the hunter")
        if godalming_vs_agent:
            raise InvalidState(
                "Lord Godalming rolls two dice against an agent: give a pair",
                ru="против Агента Lord Godalming бросает два кубика: укажите пару",
            )
    enemy_face = _die(enemy_roll, "the enemy")
    ht, et = face + hb, enemy_face + eb
    trace.add(
        "dracula:combat-roll",
        f"Hunter {face}+{hb} = {ht}; {enemy_name} {enemy_face}+{eb} = {et}.",
        f"Охотник {face}+{hb} = {ht}; {enemy_ru_name} {enemy_face}+{eb} = {et}.",
    )
    hunter_card = cards[target]
    if ht != et:
        winner = "hunter" if ht > et else "enemy"
    else:
        hi = t.initiative(hunter_card)
        ei = t.initiative(enemy_card)
        if hi == ei:
            trace.add(
                "dracula:initiative",
                f"Equal totals and equal initiative ({hi}): the round is rolled again "
                "(our stated assumption; the seed does not settle it).",
                f"Итоги равны и инициатива равна ({hi}): раунд перебрасывается "
                "(наше явное допущение; правила этого не решают).",
            )
            if agatha_cost(state.situation, state.opponent, enemy_card):
                trace.add(
                    "dracula:powers",
                    f"The cards stay revealed: Sister Agatha's {AGATHA_COST} blood for "
                    f"{enemy_card} are paid once, when the re-rolled round is decided.",
                    f"Карты остаются вскрытыми: {_blood_ru(AGATHA_COST)} за карту "
                    f"{card_ru(enemy_card)} по правилу Сестры Агаты платятся один раз, когда "
                    "переброшенный раунд будет решён.",
                )
            return RoundReport(state, None, None, ht, et, True, trace.steps)
        winner = "hunter" if hi > ei else "enemy"
        trace.add(
            "dracula:initiative",
            f"Equal totals: initiative {hunter_card} {hi} vs {enemy_card} {ei}; the "
            f"{'hunter' if winner == 'hunter' else enemy_name} wins.",
            f"Итоги равны: инициатива у карты {card_ru(hunter_card)} {hi}, у карты "
            f"{card_ru(enemy_card)} {ei}; побеждает "
            f"{'Охотник' if winner == 'hunter' else enemy_ru_name}.",
        )
    result_card = cards[chooser] if winner == "hunter" else hunter_card
    owner = chooser if winner == "hunter" else target
    if winner == "hunter" and n > 1:
        trace.add(
            "dracula:groups",
            f"The hunters apply {state.hunters[owner].name}'s {result_card}.",
            f"Охотники берут результат по карте {state.hunters[owner].name}: "
            f"{card_ru(result_card)}.",
        )
    res = t.result(winner, result_card, enemy_card)
    reader = result_card if winner == "hunter" else enemy_card
    mark = "" if res.confirmed else " (unconfirmed by the seed)"
    mark_ru = "" if res.confirmed else " (правилами не подтверждено)"
    if res.overridden:
        mark = " (set by the user)"
        mark_ru = " (задано пользователем)"
    loser_card = result_card if winner == "enemy" else enemy_card
    trace.add(
        "dracula:results",
        f"{'The hunter' if winner == 'hunter' else enemy_name} wins and reads "
        f"{result_card if winner == 'enemy' else enemy_card} on {reader}: {res.label}{mark}.",
        f"Побеждает {'Охотник' if winner == 'hunter' else enemy_ru_name}; на карте "
        f"{card_ru(reader)} против карты {card_ru(loser_card)} стоит результат: "
        f"{result_ru(res.kind, res.amount)}"
        f"{mark_ru}.",
    )
    paid = agatha_cost(state.situation, state.opponent, enemy_card)
    if paid:
        trace.add(
            "dracula:powers",
            f"Sister Agatha: Dracula pays {paid} blood for playing {enemy_card}, "
            f"{state.blood} -> {state.blood - paid}; the result applies after that.",
            f"Сестра Агата: Дракула платит {_blood_ru(paid)} за карту {card_ru(enemy_card)}, "
            f"{state.blood} -> {state.blood - paid}; результат раунда применяется после этого.",
        )
    new = _apply(state, cards, enemy_card, winner, res, owner, trace, paid)
    return RoundReport(new, winner, res, ht, et, False, trace.steps)


def _apply(
    state: CombatState,
    cards: tuple[str, ...],
    enemy_card: str,
    winner: str,
    res: CombatResult,
    owner: int,
    trace: Trace,
    paid: int = 0,
) -> CombatState:
    hunters = list(state.hunters)
    before = state.blood - paid  # Sister Agatha's price is paid before the result
    blood = before
    ended: str | None = None
    repel = False
    destroyed = list(state.destroyed)
    left: list[str | None] = list(cards)  # the cards that stay on the table for one round
    h = hunters[owner]
    enemy_name = "Dracula" if state.opponent.is_dracula else (state.opponent.name or "the agent")
    enemy = enemy_ru(enemy_name)
    continues = 0
    if res.kind == "continue":
        continues = state.continues + 1
        trace.add(
            "dracula:results",
            f"Continue: {continues} in a row.",
            f"Продолжение; Продолжений подряд: {continues}.",
        )
        if continues >= 3:
            ended = "continues"
            trace.add(
                "dracula:combat-end",
                "Three Continues in a row: the combat ends.",
                "Три Продолжения подряд: бой окончен.",
            )
    elif res.kind == "end":
        ended = "escaped"
        trace.add(
            "dracula:combat-end",
            "End: one fighter leaves and the combat is over.",
            "Конец: один из бойцов выходит из схватки, бой окончен.",
        )
    elif winner == "hunter":
        if res.kind == "wound":
            if state.opponent.is_dracula:
                blood = max(0, blood - res.amount)
                trace.add(
                    "dracula:blood-track",
                    f"Dracula loses {res.amount} blood: {before} -> {blood}.",
                    f"Дракула теряет {_blood_ru(res.amount)}: {before} -> {blood}.",
                )
                if blood == 0:
                    ended = "destroyed"
                    trace.add(
                        "dracula:victory",
                        "Dracula's blood reaches 0: the hunters win.",
                        "Кровь Дракулы дошла до 0: Охотники победили.",
                    )
            else:
                trace.add(
                    "dracula:results",
                    f"Wounds have no effect on {enemy_name}: agents have no health track.",
                    f"{enemy}: Раны ничего не меняют, у Агентов нет шкалы Здоровья.",
                )
        elif res.kind == "repel":
            if state.opponent.is_dracula:
                repel = True
                trace.add(
                    "dracula:results",
                    "Repel: next round Dracula may only play Dodge or an Escape.",
                    "Подавление: в следующем раунде Дракула может выбрать только Уклонение "
                    "или Бегство.",
                )
            else:
                trace.add(
                    "dracula:results",
                    "Repel has no effect on an agent.",
                    "Подавление на Агента не действует.",
                )
        elif res.kind == "killed":
            if state.opponent.is_dracula:
                blood = blood_after_killed(blood)
                trace.add(
                    "dracula:blood-track",
                    f"Killed: Dracula drops to the next red mark, {before} -> {blood}.",
                    f"Убит: Кровь Дракулы опускается до следующего красного деления, "
                    f"{before} -> {blood}.",
                )
                if blood == 0:
                    ended = "destroyed"
                    trace.add(
                        "dracula:victory",
                        "Dracula's blood reaches 0: the hunters win.",
                        "Кровь Дракулы дошла до 0: Охотники победили.",
                    )
                else:
                    trace.add(
                        "dracula:combat-end",
                        "Dracula still has blood: the combat goes on.",
                        "Кровь у Дракулы ещё осталась: бой продолжается.",
                    )
            else:
                ended = "killed"
                trace.add(
                    "dracula:combat-end",
                    f"{enemy_name} is killed; the combat ends.",
                    f"{enemy}: Убит, бой окончен.",
                )
    else:  # enemy wins
        if res.kind == "wound":
            health = max(0, h.health - res.amount)
            trace.add(
                "dracula:results",
                f"{h.name} loses {res.amount} health: {h.health} -> {health}.",
                f"{h.name} теряет {_health_ru(res.amount)}: {h.health} -> {health}.",
            )
            h = _with(h, health=health)
            if health == 0:
                ended = "defeated"
                trace.add(
                    "dracula:combat-end",
                    f"{h.name} has no health left and is defeated.",
                    f"{h.name}: Здоровья не осталось, Охотник повержен.",
                )
        elif res.kind == "bite":
            bites = h.bites + 1
            trace.add(
                "dracula:bites",
                f"{h.name} takes a bite token ({bites} of {h.bite_slots} slots).",
                f"{h.name} получает жетон Укуса (занято {bites} из "
                f"{plural(h.bite_slots, 'ячейки', 'ячеек', 'ячеек')}).",
            )
            if bites >= h.bite_slots:
                ended = "defeated"
                trace.add(
                    "dracula:combat-end",
                    f"The last bite slot is filled: {h.name} is defeated.",
                    f"{h.name}: последняя ячейка Укуса занята, Охотник повержен.",
                )
            else:
                ended = "bitten"
                trace.add("dracula:combat-end", "A bite ends the combat.", "Укус завершает бой.")
            h = _with(h, bites=min(bites, h.bite_slots))
    if res.item_destroyed:
        card = cards[owner]
        h = _with(h, items=_remove_one(h.items, card))
        destroyed.append(card)
        left[owner] = None
        trace.add(
            "dracula:item-destruction",
            f"{h.name}'s {card} is destroyed: it goes to the discard pile, not back to the "
            "table, so another copy of it may be played next round.",
            f"{h.name}: карта {card_ru(card)} уничтожена и уходит в сброс, а не остаётся на "
            "столе, поэтому второй экземпляр этой Вещи можно сыграть в следующем раунде.",
        )
    for extra in res.extras:
        if extra == "hunter discards all items":
            gone = [i for i in h.items]
            h = _with(h, items=())
            if left[owner] in gone:
                left[owner] = None  # discarded with the rest: no longer on the table
            destroyed.extend(gone)
            trace.add(
                "dracula:item-destruction",
                f"{h.name} discards all items" + (f": {', '.join(gone)}." if gone else "."),
                f"{h.name} сбрасывает все Вещи" + (f": {cards_ru(gone)}." if gone else "."),
            )
        elif extra != "winner +1 next round":
            trace.add(
                "dracula:results",
                f"Also: {extra} (noted, outside the combat model).",
                f"Также: {extra_ru(extra)} (отмечено; вне модели боя).",
            )
    hunters[owner] = h
    dodge: str | None = None
    played = cards[owner] if winner == "hunter" else enemy_card
    if ended is None and played in DODGES:
        dodge = winner
        trace.add(
            "dracula:modifiers",
            f"{'The hunters get' if winner == 'hunter' else enemy_name + ' gets'} +1 next round "
            "(Dodge won this roll).",
            f"{'Охотники получают' if winner == 'hunter' else enemy + ' получает'} +1 в "
            "следующем раунде (Уклонение выиграло этот бросок).",
        )
    if ended is None:
        trace.add(
            "dracula:repeat-cards",
            "The cards played stay on the table for one round.",
            "Сыгранные карты остаются на столе ещё на один раунд.",
        )
    return CombatState(
        hunters=tuple(hunters),
        opponent=state.opponent,
        situation=state.situation,
        blood=blood,
        hunter_last=tuple(left),
        enemy_last=enemy_card,
        continues=0 if ended is not None and res.kind != "continue" else continues,
        repel=repel,
        dodge_bonus=dodge,
        round=state.round + 1,
        destroyed=tuple(destroyed),
        ended=ended,
    )


def _with(h: Hunter, **changes: object) -> Hunter:
    """A copy of ``h`` with ``changes``; skips the "able to fight" checks (0 health is an end)."""
    new = object.__new__(Hunter)
    for name in Hunter.__slots__:
        object.__setattr__(new, name, changes.get(name, getattr(h, name)))
    return new
