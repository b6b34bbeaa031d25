"""The influence phase planner (VTES section 7).

A plan is a sequence of :class:`Move` values spent with the phase's transfers:

* ``Move.to_vampire(name, n)``: n transfers move n pool onto an uncontrolled vampire;
* ``Move.to_pool(name, n)``: 2n transfers move n blood from an uncontrolled vampire to the pool;
* ``Move.draw()``: 4 transfers and 1 pool move the top crypt card to the uncontrolled region;
* ``Move.bring_out(name)`` (``rules="vekn-2024"`` only, no transfer): move a vampire whose blood
  has reached its capacity to the ready region, at that point of the phase.

Two rulebooks (``rules``):

* ``"black-hand"`` (default, the seed's section 7): at the end of the phase each uncontrolled
  vampire whose blood reaches its capacity becomes controlled (excess blood drains); a scarce
  one costs 3 pool per vampire of its clan already in play (``in_play_by_clan``).
* ``"vekn-2024"`` (the current VEKN rulebook): bringing such a vampire out is the
  Methuselah's choice, made with ``Move.bring_out``; one left out stays uncontrolled with its
  blood. A scarce one costs 3 pool per vampire of its clan the Methuselah already controls
  (``controlled_by_clan``, plus those brought out earlier in the phase).

A plan that would bring the pool to 0 (which ousts the Methuselah) is refused with
:class:`rules.errors.IllegalPlay`.

>>> plan = plan_influence(
...     pool=3,
...     uncontrolled=[Uncontrolled("Anna", capacity=4, blood=2)],
...     moves=[Move.to_vampire("Anna", 2)],
... )
>>> plan.pool, [v.name for v in plan.controlled]
(1, ['Anna'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from rules.errors import IllegalPlay, InvalidState
from rules.trace import Step, Trace
from rules.validation import flag, members, shown, text
from rules.vtes import ru_words as ru
from rules.vtes.damage import EDITIONS
from rules.vtes.models import check_count

__all__ = [
    "DRAW_POOL_COST",
    "DRAW_TRANSFERS",
    "EDITIONS",
    "FULL_TRANSFERS",
    "SCARCE_POOL_PER_VAMPIRE",
    "TO_POOL_TRANSFERS",
    "TO_VAMPIRE_TRANSFERS",
    "InfluencePlan",
    "Move",
    "NewlyControlled",
    "Uncontrolled",
    "plan_influence",
    "transfers_for_turn",
]

FULL_TRANSFERS = 4
TO_VAMPIRE_TRANSFERS = 1
TO_POOL_TRANSFERS = 2
DRAW_TRANSFERS = 4
DRAW_POOL_COST = 1
SCARCE_POOL_PER_VAMPIRE = 3
MOVE_KINDS: tuple[str, ...] = ("to_vampire", "to_pool", "draw", "bring_out")


def transfers_for_turn(game_turn: int) -> int:
    """Transfers received on the ``game_turn``-th turn of the game (counted from 1 over all
    players): 1, 2 and 3 on the first three turns of the game, 4 from then on.

    >>> [transfers_for_turn(t) for t in range(1, 7)]
    [1, 2, 3, 4, 4, 4]
    """
    check_count("The turn number", game_turn, minimum=1, what_ru="Номер хода")
    return min(game_turn, FULL_TRANSFERS)


@dataclass(frozen=True, slots=True)
class Uncontrolled:
    """A vampire in the uncontrolled region (or in the crypt); the blood invested in it
    accumulates until it reaches the capacity."""

    name: str
    capacity: int
    blood: int = 0
    clan: str = ""
    scarce: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidState(
                f"An uncontrolled vampire needs a non-empty name, got {self.name!r}.",
                ru=f"Неподчинённому вампиру нужно непустое имя, а получено {self.name!r}.",
            )
        check_count(
            f"{self.name}'s capacity",
            self.capacity,
            minimum=1,
            what_ru=f"Объём крови вампира {self.name}",
        )
        check_count(f"{self.name}'s blood", self.blood, what_ru=f"Кровь вампира {self.name}")
        if not isinstance(self.clan, str):
            text("clan", self.clan, ru=f"Клан вампира {self.name}")
        flag("scarce", self.scarce, ru=f"Редкий вампир {self.name} (scarce)")
        if self.scarce and not self.clan:
            raise InvalidState(
                f"{self.name} is scarce: give its clan so the scarce cost can be counted.",
                ru=f"Вампир {self.name} редкий (scarce): укажите его клан, чтобы можно было "
                "подсчитать цену редкости.",
            )


@dataclass(frozen=True, slots=True)
class Move:
    """One step of the plan; build it with :meth:`to_vampire`, :meth:`to_pool`, :meth:`draw`
    or :meth:`bring_out`."""

    kind: Literal["to_vampire", "to_pool", "draw", "bring_out"]
    vampire: str = ""
    count: int = 1

    def __post_init__(self) -> None:
        if self.kind not in MOVE_KINDS:
            allowed = ", ".join(repr(k) for k in MOVE_KINDS)
            raise InvalidState(
                f"Unknown influence move {self.kind!r}; allowed: {allowed}.",
                ru=f"Неизвестный ход фазы влияния {self.kind!r}; допустимы: {allowed}.",
            )
        check_count(
            "The number of counters moved",
            self.count,
            minimum=1,
            what_ru="Число перемещаемых жетонов",
        )
        if not isinstance(self.vampire, str) or (self.kind != "draw" and not self.vampire.strip()):
            raise InvalidState(
                f"A {self.kind!r} move needs the vampire's name.",
                ru=f"Для хода {self.kind!r} нужно имя вампира.",
            )

    @classmethod
    def to_vampire(cls, vampire: str, count: int = 1) -> Move:
        return cls("to_vampire", vampire, count)

    @classmethod
    def to_pool(cls, vampire: str, count: int = 1) -> Move:
        return cls("to_pool", vampire, count)

    @classmethod
    def draw(cls) -> Move:
        return cls("draw", "", 1)

    @classmethod
    def bring_out(cls, vampire: str) -> Move:
        """Move ``vampire`` (blood at capacity) to the ready region; ``rules="vekn-2024"``."""
        return cls("bring_out", vampire, 1)

    @property
    def transfers(self) -> int:
        if self.kind == "to_vampire":
            return TO_VAMPIRE_TRANSFERS * self.count
        if self.kind == "to_pool":
            return TO_POOL_TRANSFERS * self.count
        if self.kind == "bring_out":
            return 0
        return DRAW_TRANSFERS


@dataclass(frozen=True, slots=True)
class NewlyControlled:
    """A vampire that became controlled at the end of the phase."""

    name: str
    capacity: int
    blood: int
    drained: int
    scarce_cost: int
    clan: str = ""


@dataclass(frozen=True, slots=True)
class InfluencePlan:
    """The outcome of a legal influence phase plan."""

    pool: int
    """Pool at the end of the phase (always at least 1)."""
    transfers: int
    transfers_used: int
    uncontrolled: tuple[Uncontrolled, ...]
    """The uncontrolled region afterwards (vampires that became controlled removed)."""
    controlled: tuple[NewlyControlled, ...]
    crypt: tuple[Uncontrolled, ...]
    """What is left of the crypt, top card first."""
    scarce_pool: int
    steps: tuple[Step, ...] = field(repr=False)

    @property
    def transfers_left(self) -> int:
        return self.transfers - self.transfers_used


def _oust_refusal(pool: int, cost: int, what: str, what_ru: str) -> IllegalPlay:
    return IllegalPlay(
        f"{what} would take {cost} pool from your {pool} and leave you with "
        f"{pool - cost}: a Methuselah with no pool is ousted, so the plan is refused. "
        "Keep at least 1 pool (for example, take blood back from an uncontrolled vampire first).",
        ru=f"{what_ru} заберёт {ru.pool(cost)} из ваших {pool}, и останется {pool - cost}: "
        "Метузела без пула вытесняется из игры, поэтому план отклонён. Оставьте хотя бы 1 пул "
        "(например, сначала верните кровь с неподчинённого вампира).",
    )


def _check_rules(
    rules: str,
    in_play_by_clan: Mapping[str, int] | None,
    controlled_by_clan: Mapping[str, int] | None,
) -> dict[str, int]:
    """The clan counts the scarce cost of ``rules`` uses, checked."""
    if rules not in EDITIONS:
        raise InvalidState(
            f"Unknown rules edition {rules!r}; allowed: {', '.join(EDITIONS)}.",
            ru=f"Неизвестная редакция правил {rules!r}; допустимые: {', '.join(EDITIONS)}.",
        )
    if rules == "black-hand" and controlled_by_clan is not None:
        raise InvalidState(
            "controlled_by_clan is what the current rulebook's scarce cost counts; the "
            "black-hand rulebook counts the vampires of the clan in play: give in_play_by_clan, "
            "or choose rules='vekn-2024'.",
            ru="controlled_by_clan считает цена редкости по текущим правилам; правила Black "
            "Hand считают вампиров клана в игре: укажите in_play_by_clan или выберите "
            "rules='vekn-2024'.",
        )
    if rules == "vekn-2024" and in_play_by_clan is not None:
        raise InvalidState(
            "Under the current rulebook the scarce cost counts only the vampires of the clan you "
            "control: give controlled_by_clan instead of in_play_by_clan.",
            ru="По текущим правилам цена редкости считает только вампиров клана, которыми вы "
            "управляете: укажите controlled_by_clan вместо in_play_by_clan.",
        )
    for name, given in (
        ("in_play_by_clan", in_play_by_clan),
        ("controlled_by_clan", controlled_by_clan),
    ):
        if given is not None and not isinstance(given, Mapping):
            raise InvalidState(
                f"{name} must map clans to counts, got {shown(given)}.",
                ru=f"{name}: нужно соответствие «клан -> число», а получено {shown(given)}.",
            )
    counts = dict((in_play_by_clan if rules == "black-hand" else controlled_by_clan) or {})
    for clan, n in counts.items():
        if rules == "black-hand":
            check_count(
                f"Vampires of clan {clan} in play", n, what_ru=f"Вампиры клана {clan} в игре"
            )
        else:
            check_count(
                f"Vampires of clan {clan} you control",
                n,
                what_ru=f"Ваши подчинённые вампиры клана {clan}",
            )
    return counts


def plan_influence(
    *,
    pool: int,
    uncontrolled: Sequence[Uncontrolled],
    moves: Sequence[Move],
    transfers: int = FULL_TRANSFERS,
    crypt: Sequence[Uncontrolled] = (),
    in_play_by_clan: Mapping[str, int] | None = None,
    rules: str = "black-hand",
    controlled_by_clan: Mapping[str, int] | None = None,
) -> InfluencePlan:
    """Check and carry out an influence phase plan, move by move.

    ``transfers`` is what the phase grants (see :func:`transfers_for_turn`); ``crypt`` the
    crypt from the top. ``rules`` is ``"black-hand"`` (the seed rulebook, default: vampires at
    capacity become controlled at the end of the phase; the scarce cost counts
    ``in_play_by_clan``, the vampires of each clan already in play) or ``"vekn-2024"`` (the
    current rulebook: a vampire at capacity is brought out only by ``Move.bring_out``; the
    scarce cost counts ``controlled_by_clan``, the player's own vampires of each clan).
    """
    counts = _check_rules(rules, in_play_by_clan, controlled_by_clan)
    current = rules == "vekn-2024"
    check_count("Your pool", pool, minimum=1, what_ru="Ваш пул")
    check_count("The transfers of the phase", transfers, what_ru="Трансферы фазы")
    members("uncontrolled", uncontrolled, Uncontrolled, ru="Неподчинённые вампиры")
    members("moves", moves, Move, ru="Ходы фазы влияния")
    members("crypt", crypt, Uncontrolled, ru="Склеп")
    region: list[Uncontrolled] = list(uncontrolled)
    names = [v.name for v in region]
    if len(set(names)) != len(names):
        raise InvalidState(
            "Two uncontrolled vampires share a name; give each a distinct name.",
            ru="У двух неподчинённых вампиров одно и то же имя; дайте каждому своё имя.",
        )
    deck = list(crypt)

    trace = Trace()
    trace.add(
        "vtes:7",
        f"The influence phase begins with {transfers} transfers and {pool} pool; "
        "unused transfers are lost"
        + (
            "; current VEKN rulebook: a vampire at capacity is brought out only by choice."
            if current
            else "."
        ),
        f"Начало фазы влияния: {ru.transfers(transfers)} и {ru.pool(pool)}; неиспользованные "
        "трансферы пропадают"
        + (
            "; текущие правила VEKN: вампира с полной кровью выводят в игру только по выбору."
            if current
            else "."
        ),
    )
    used = 0
    controlled: list[NewlyControlled] = []
    brought_out: set[str] = set()
    scarce_total = 0

    def find(name: str) -> int:
        for i, v in enumerate(region):
            if v.name == name:
                return i
        if name in brought_out:
            raise IllegalPlay(
                f"{name} was already brought out to the ready region in this phase; "
                "it is no longer uncontrolled.",
                ru=f"Вампир {name} уже выведен в зону готовых в этой фазе и больше не "
                "неподчинённый.",
            )
        known = ", ".join(v.name for v in region)
        raise InvalidState(
            f"No uncontrolled vampire named {name!r}; the region holds: {known or 'none'}.",
            ru=f"Неподчинённого вампира с именем {name!r} нет; в зоне неподчинённых: "
            f"{known or 'никого'}.",
        )

    def take_control(v: Uncontrolled) -> None:
        """``v`` (blood at capacity) goes to the ready region; drain and scarce cost."""
        nonlocal pool, scarce_total
        drained = v.blood - v.capacity
        scarce_cost = 0
        text = f"{v.name} has {v.blood} blood for capacity {v.capacity}: it becomes controlled"
        text += f", {drained} excess blood drains to the bank" if drained else ""
        text_ru = (
            f"У вампира {v.name} {ru.blood(v.blood)} при объёме {v.capacity}: он становится "
            "подчинённым"
        )
        text_ru += f", излишек ({ru.blood(drained)}) уходит в банк крови" if drained else ""
        if current:
            trace.add(
                "vtes:7",
                text + " and goes face up, unlocked, to the ready region (the Methuselah "
                "chooses to bring it out).",
                text_ru + "; его открывают и кладут неповёрнутым в зону готовых (Метузела "
                "решил вывести его в игру).",
            )
        else:
            trace.add(
                "vtes:7",
                text + " and goes face up, untapped, to the ready region.",
                text_ru + "; его открывают и кладут неповёрнутым в зону готовых.",
            )
        if v.scarce:
            same = counts.get(v.clan, 0)
            scarce_cost = SCARCE_POOL_PER_VAMPIRE * same
            if current:
                whose, whose_ru = "you already control", "под вашим контролем уже"
            else:
                whose, whose_ru = "already in play", "в игре уже"
            if scarce_cost and pool - scarce_cost <= 0:
                raise _oust_refusal(
                    pool,
                    scarce_cost,
                    f"Controlling scarce {v.name} ({same} {v.clan} vampire(s) {whose})",
                    f"Подчинение редкого вампира {v.name} ({whose_ru} {ru.vampires(same)} "
                    f"клана {v.clan})",
                )
            pool -= scarce_cost
            scarce_total += scarce_cost
            trace.add(
                "vtes:7",
                f"{v.name} is scarce: {SCARCE_POOL_PER_VAMPIRE} pool for each of the {same} "
                f"{v.clan} vampire(s) {whose} = {scarce_cost} pool burned; pool {pool}.",
                f"Вампир {v.name} редкий (scarce): {whose_ru} {ru.vampires(same)} клана "
                f"{v.clan}, по {ru.pool(SCARCE_POOL_PER_VAMPIRE)} за каждого, итого сжигается "
                f"{ru.pool(scarce_cost)}; пул: {pool}.",
            )
        if v.clan:
            counts[v.clan] = counts.get(v.clan, 0) + 1
        controlled.append(
            NewlyControlled(v.name, v.capacity, v.capacity, drained, scarce_cost, v.clan)
        )

    for number, move in enumerate(moves, 1):
        if not isinstance(move, Move):
            raise InvalidState(
                f"Move {number} must be a Move, got {move!r}.",
                ru=f"Ход {number} должен быть значением Move, а получено {move!r}.",
            )
        cost = move.transfers
        if used + cost > transfers:
            raise IllegalPlay(
                f"Move {number} needs {cost} transfers but only {transfers - used} of the "
                f"{transfers} are left; drop or shorten a move.",
                ru=f"Ходу {number} нужно {ru.transfers(cost)}, но из {transfers} осталось "
                f"только {transfers - used}; уберите или сократите какой-нибудь ход.",
            )
        if move.kind == "bring_out":
            if not current:
                raise IllegalPlay(
                    f"Move {number} brings {move.vampire} out, but under the Black Hand rulebook "
                    "there is no such choice: every vampire whose blood reaches its capacity "
                    "becomes controlled at the end of the phase. Drop the move, or choose "
                    "rules='vekn-2024'.",
                    ru=f"Ход {number} выводит в игру вампира {move.vampire}, но по правилам "
                    "Black Hand такого выбора нет: каждый вампир, чья кровь достигла объёма, "
                    "становится подчинённым в конце фазы. Уберите этот ход или выберите "
                    "rules='vekn-2024'.",
                )
            i = find(move.vampire)
            v = region[i]
            if v.blood < v.capacity:
                raise IllegalPlay(
                    f"Move {number} brings {v.name} out with {v.blood} blood for capacity "
                    f"{v.capacity}; a vampire can be brought out only once its blood reaches "
                    f"its capacity ({v.capacity - v.blood} more needed).",
                    ru=f"Ход {number} выводит в игру вампира {v.name} с {ru.blood(v.blood)} при "
                    f"объёме {v.capacity}; вывести можно, только когда кровь достигнет объёма "
                    f"(не хватает {v.capacity - v.blood}).",
                )
            region.pop(i)
            brought_out.add(v.name)
            take_control(v)
        elif move.kind == "to_vampire":
            i = find(move.vampire)
            if pool - move.count <= 0:
                raise _oust_refusal(
                    pool,
                    move.count,
                    f"Move {number} (pool onto {move.vampire})",
                    f"Ход {number} (пул на вампира {move.vampire})",
                )
            pool -= move.count
            v = region[i]
            region[i] = replace(v, blood=v.blood + move.count)
            trace.add(
                "vtes:7",
                f"{cost} transfer(s): {move.count} pool onto {v.name} "
                f"(blood {region[i].blood}/{v.capacity}); pool {pool}.",
                f"{ru.transfers(cost)}: {ru.pool(move.count)} на вампира {v.name} "
                f"(крови {region[i].blood}/{v.capacity}); пул: {pool}.",
            )
        elif move.kind == "to_pool":
            i = find(move.vampire)
            v = region[i]
            if v.blood < move.count:
                raise IllegalPlay(
                    f"Move {number} takes {move.count} blood from {v.name}, who has only "
                    f"{v.blood}; take at most {v.blood}.",
                    ru=f"Ход {number} забирает {ru.blood(move.count)} с вампира {v.name}, у "
                    f"которого только {v.blood}; забрать можно не больше {v.blood}.",
                )
            pool += move.count
            region[i] = replace(v, blood=v.blood - move.count)
            trace.add(
                "vtes:7",
                f"{cost} transfers: {move.count} blood from {v.name} back to the pool "
                f"(blood {region[i].blood}/{v.capacity}); pool {pool}.",
                f"{ru.transfers(cost)}: {ru.blood(move.count)} с вампира {v.name} обратно в пул "
                f"(крови {region[i].blood}/{v.capacity}); пул: {pool}.",
            )
        else:
            if not deck:
                raise IllegalPlay(
                    f"Move {number} draws from the crypt, but the crypt is empty; "
                    "list the crypt's top card or drop the move.",
                    ru=f"Ход {number} берёт карту из склепа, но склеп пуст; укажите верхнюю "
                    "карту склепа или уберите этот ход.",
                )
            if pool - DRAW_POOL_COST <= 0:
                raise _oust_refusal(
                    pool,
                    DRAW_POOL_COST,
                    f"Move {number} (drawing a crypt card)",
                    f"Ход {number} (взять карту из склепа)",
                )
            top = deck.pop(0)
            if top.name in (v.name for v in region) or top.name in brought_out:
                raise InvalidState(
                    f"{top.name} is already in the uncontrolled region.",
                    ru=f"{top.name} уже лежит в зоне неподчинённых.",
                )
            pool -= DRAW_POOL_COST
            region.append(top)
            trace.add(
                "vtes:7",
                f"4 transfers and 1 pool: the top crypt card, {top.name}, moves to the "
                f"uncontrolled region; pool {pool}.",
                f"{ru.transfers(DRAW_TRANSFERS)} и {ru.pool(DRAW_POOL_COST)}: верхняя карта "
                f"склепа, {top.name}, переходит в зону неподчинённых; пул: {pool}.",
            )
        used += cost

    trace.add(
        "vtes:7",
        f"{used} of {transfers} transfers used; the phase ends.",
        f"Использовано трансферов: {used} из {transfers}; фаза заканчивается.",
    )
    remaining: list[Uncontrolled] = []
    for v in region:
        if v.blood < v.capacity:
            remaining.append(v)
        elif current:
            remaining.append(v)
            trace.add(
                "vtes:7",
                f"{v.name} has {v.blood} blood for capacity {v.capacity} but was not brought "
                "out: under the current rulebook that is the Methuselah's choice, so it stays "
                "in the uncontrolled region with its blood (add a bring-out move to take it).",
                f"У вампира {v.name} {ru.blood(v.blood)} при объёме {v.capacity}, но его не "
                "вывели в игру: по текущим правилам это выбор Метузела, поэтому он остаётся в "
                "зоне неподчинённых со своей кровью (чтобы вывести, добавьте ход вывода).",
            )
        else:
            take_control(v)
    return InfluencePlan(
        pool=pool,
        transfers=transfers,
        transfers_used=used,
        uncontrolled=tuple(remaining),
        controlled=tuple(controlled),
        crypt=tuple(deck),
        scarce_pool=scarce_total,
        steps=trace.steps,
    )
