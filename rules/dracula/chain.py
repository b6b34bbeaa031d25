"""Whole-combat odds: an exact absorbing Markov chain over combat states (no sampling).

A state holds what the next round depends on: the hunter's health and combat items, Dracula's
blood, the cards left on the table, the run of Continues (at most 2: the third ends the combat,
which keeps the chain finite), the repel flag, the side with a Dodge bonus, and the round number
when Garlic/Rage or a "no Dodge in round 1" rule makes it matter. Each side picks its card by a
policy: ``uniform`` among legal cards, ``prefer`` (the first legal card of a preference list) or
``minimax`` (its part of an optimal mixed strategy of the round's zero-sum game, solved exactly).

Repel results can make states repeat, so the chain is solved exactly. States are grouped in
layers of equal health, blood and items; a round never raises any of them, so layers are solved
one after another, and the cycles (repels) stay inside a layer. Each layer shape is compiled
once into a straight-line program of integer multiply-adds, shared by every health and blood:
a cycle always passes through a state that starts a fresh run of Continues, so each strongly
connected component reduces to a small linear system on those states, inverted exactly.
Values are integers over denominators kept in factored form, with no gcd on the large numbers
until the end; the integers are GMP's (gmpy2) when installed, Python's otherwise, with the same
results. Probabilities are ``Fraction`` and sum to 1. The older state-by-state solver is kept
as a reference (``fast=False``); both give identical results.

A round whose roll is tied with equal initiative is rolled again; the re-roll is not counted as
a round (``expected_rounds`` counts decided rounds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from heapq import heappop, heappush
from math import gcd, lcm
from typing import Any, TypeVar

from rules.dracula.blood import MAX_BLOOD, blood_after_killed
from rules.dracula.cards import (
    DRACULA_ESCAPES,
    ENEMY_CARDS,
    HUNTER_CARDS,
    CardTable,
    CombatResult,
    default_table,
)
from rules.dracula.combat import AGATHA_CARDS, AGATHA_COST, ENDINGS, NO_DODGE_IN_ROUND_ONE
from rules.dracula.hunters import MAX_HEALTH, NO_SITUATION, Hunter, Opponent, Situation
from rules.dracula.minimax import GameSolution, solve_game
from rules.dracula.odds import roll_counts
from rules.dracula.ru import card_ru, cards_ru, enemy_ru, result_ru
from rules.errors import InvalidState
from rules.trace import Step, Trace
from rules.validation import choice, flag, present, sized, whole

__all__ = [
    "POLICIES",
    "CombatOdds",
    "Policy",
    "RoundGame",
    "combat_odds",
    "first_round_game",
    "payoff",
]

POLICIES = ("uniform", "prefer", "minimax", "plan")
MAX_STATES = 2_000_000
"""The largest ``max_states`` a caller may ask :func:`combat_odds` for."""
DODGES = frozenset({"Dodge", "Dodge (Dracula)", "Dodge (Agent)"})

# state: (health, blood, items, hunter_last, enemy_last, continues, repel, dodge, round)
State = tuple[int, int, tuple[str, ...], str | None, str | None, int, bool, int, int]
Ending = tuple[str, int, int]  # (kind, Dracula's blood at the end, hunter's health at the end)
_K = TypeVar("_K")
# (code, amount, ending kind, items after, hunter card on the table, enemy card, repel, dodge,
# blood Dracula paid to play his card: Sister Agatha)
Effect = tuple[int, int, str, tuple[str, ...], str | None, str, bool, int, int]
# a state inside one layer (health, blood and items fixed): the rest of ``State``
Local = tuple[str | None, str | None, int, bool, int, int]
# what a solver returns: ending -> numerator, expected rounds' numerator, their common
# denominator, and the number of transient states
_Solved = tuple[dict[Ending, int], int, int, int]


def enemy_cards(
    deck: Sequence[str],
    dracula: bool,
    situation: Situation,
    last: str | None,
    repel: bool,
    rnd: int,
    can_pay: bool = True,
) -> tuple[str, ...]:
    """The cards the enemy may choose this round: not the card of the last round; against
    Dracula also no Dodge in round 1 (unless allowed), no Escape in rounds 1-3 under Garlic,
    no card Sister Agatha taxes when he cannot pay, and only Dodge or Escape after a repel."""
    cards = [c for c in deck if c != last]
    if dracula:
        if rnd == 1 and not situation.dodge_in_round_one:
            cards = [c for c in cards if c != "Dodge (Dracula)"]
        if situation.garlic and 1 <= rnd <= 3:
            cards = [c for c in cards if c not in DRACULA_ESCAPES]
        if not can_pay:
            cards = [c for c in cards if c not in AGATHA_CARDS]
        if repel:
            rep = [c for c in cards if c == "Dodge (Dracula)" or c in DRACULA_ESCAPES]
            if rep:
                cards = rep
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class Policy:
    """How one side chooses its card each round."""

    kind: str = "uniform"
    preference: tuple[str, ...] = ()
    # kind "plan": the card to play in each chain state (rules.dracula.goals builds one)
    plan: Mapping[State, str] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in POLICIES:
            raise InvalidState(
                f"policy must be one of {', '.join(POLICIES)}, not {self.kind!r}",
                ru="стратегия выбора карт должна быть одной из: "
                + "; ".join(f"{k} — {_POLICY_RU[k]}" for k in POLICIES)
                + f"; указано {self.kind!r}",
            )
        if self.kind == "prefer" and not self.preference:
            raise InvalidState(
                "a 'prefer' policy needs a preference list of card names",
                ru="стратегии 'prefer' нужен список предпочтений: названия карт",
            )
        for card in sized("preference", self.preference, 0, None, ru="предпочтения (preference)"):
            choice("a preferred card", card, HUNTER_CARDS + ENEMY_CARDS, ru="карта в предпочтениях")
        if (self.kind == "plan") != (self.plan is not None):
            raise InvalidState(
                "a 'plan' policy, and only it, needs a plan (a card for each combat state)",
                ru="план (карта для каждого состояния боя) нужен стратегии 'plan', и только ей",
            )


@dataclass(frozen=True, slots=True)
class CombatOdds:
    """Distribution of how the combat ends.

    ``outcomes``: ending kind -> probability (keys of ``rules.dracula.combat.ENDINGS`` that can
    occur against this opponent). ``blood``: Dracula's blood when the combat ends (0 = destroyed).
    ``health``: the hunter's health at the end. ``joint``: (kind, blood, health) -> probability
    (a read-only mapping whose fractions are reduced when first read: a long combat has hundreds
    of endings with denominators thousands of digits long).
    """

    outcomes: dict[str, Fraction]
    blood: dict[int, Fraction]
    health: dict[int, Fraction]
    joint: Mapping[Ending, Fraction]
    expected_rounds: Fraction
    states: int
    steps: tuple[Step, ...] = field(default=())


class _Shares(Mapping[Ending, Fraction]):
    """Exact probabilities kept as integer numerators over one common denominator."""

    __slots__ = ("_den", "_nums", "_reduced")

    def __init__(self, nums: dict[Ending, int], den: int) -> None:
        self._nums = nums
        self._den = den
        self._reduced: dict[Ending, Fraction] = {}

    def __getitem__(self, key: Ending) -> Fraction:
        found = self._reduced.get(key)
        if found is None:
            found = Fraction(self._nums[key], self._den)
            self._reduced[key] = found
        return found

    def __iter__(self) -> Iterator[Ending]:
        return iter(self._nums)

    def __len__(self) -> int:
        return len(self._nums)

    def __repr__(self) -> str:
        return f"{{{', '.join(f'{k!r}: {v!r}' for k, v in self.items())}}}"


@dataclass(frozen=True, slots=True)
class RoundGame:
    """One round seen as a zero-sum game: payoff matrix, win odds and the minimax solution."""

    hunter_cards: tuple[str, ...]
    enemy_cards: tuple[str, ...]
    hunter_wins: tuple[tuple[Fraction, ...], ...]
    payoff: tuple[tuple[Fraction, ...], ...]
    solution: GameSolution


def payoff(
    winner: str,
    result: CombatResult,
    *,
    health: int,
    blood: int,
    free_slots: int,
    dracula: bool,
) -> Fraction:
    """Value of one result for the hunter, in blood-versus-health points.

    Blood Dracula loses counts +1 a point (a "killed" result counts the blood it takes off);
    health the hunter loses counts -1 a point (never more than he has). A bite counts as losing
    ``health / free bite slots``: bites are a second track that ends in defeat, so each bite is
    a share of everything the hunter still has (the last free slot costs all of it). Killing an
    agent counts the hunter's health: it ends the fight for good, as defeat does the other way.
    Continue, repel and end count 0; item losses are not counted.
    """
    choice("winner", winner, ("hunter", "enemy"), ru="победитель (winner)")
    present("result", result, CombatResult, ru="результат раунда (result)")
    whole("health", health, 1, MAX_HEALTH, ru="Здоровье (health)")
    whole("blood", blood, 0, MAX_BLOOD, ru="Кровь Дракулы (blood)")
    whole("free_slots", free_slots, 1, 3, ru="свободные ячейки Укуса (free_slots)")
    flag("dracula", dracula, ru="против Дракулы (dracula)")
    if winner == "hunter":
        if result.kind == "wound" and dracula:
            return Fraction(min(result.amount, blood))
        if result.kind == "killed":
            return Fraction(blood - blood_after_killed(blood)) if dracula else Fraction(health)
        return Fraction(0)
    if result.kind == "wound":
        return Fraction(-min(result.amount, health))
    if result.kind == "bite":
        return Fraction(-health, free_slots)
    return Fraction(0)


class _Model:
    """Everything fixed during one combat, with caches for the hot paths."""

    def __init__(
        self,
        hunter: Hunter,
        opponent: Opponent,
        situation: Situation,
        table: CardTable,
        hunter_policy: Policy,
        enemy_policy: Policy,
        assume_initiative: int | None,
    ) -> None:
        self.hunter = hunter
        self.opponent = opponent
        self.situation = situation
        self.table = table
        self.hp = hunter_policy
        self.ep = enemy_policy
        # whether the cards chosen depend on health and blood (not only on the cards and flags)
        self.state_dependent = "minimax" in (hunter_policy.kind, enemy_policy.kind) or (
            hunter_policy.kind == "plan"
        )
        self.dracula = opponent.is_dracula
        self.free_slots = hunter.bite_slots - hunter.bites
        self.dice = 2 if (hunter.godalming and not self.dracula) else 1
        hb = int(situation.advance_planning)
        eb = int(situation.trap)
        if self.dracula:
            eb += int(hunter.counts_as_bitten) + int(situation.castle_dracula)
        else:
            eb += int(opponent.minion and situation.eastern_europe)
        self.base_h = hb
        self.base_e = eb
        self.enemy_deck = opponent.deck()
        basics = ("Punch", "Dodge", "Escape")
        self.hunter_order = tuple(dict.fromkeys(basics + hunter.combat_items))
        self.playable = frozenset(
            c for c in self.hunter_order if all(table.allowed(c, e) for e in self.enemy_deck)
        )
        self.init: dict[str, int] = {}
        self.assumed: list[str] = []
        for card in self.hunter_order + self.enemy_deck:
            value = table.initiative_of(card).value
            if value is None:
                if assume_initiative is None:
                    continue
                value = assume_initiative
                self.assumed.append(card)
            self.init[card] = value
        missing = [c for c in self.hunter_order + self.enemy_deck if c not in self.init]
        if missing:
            raise InvalidState(
                "unknown initiative numbers for: "
                + ", ".join(missing)
                + ". Set them from your cards (CardTable.with_initiative) or pass "
                "assume_initiative to use one stated value for every unknown card",
                ru="неизвестны числа инициативы карт: "
                + cards_ru(missing)
                + ". Задайте их по своим картам (CardTable.with_initiative) или передайте "
                "assume_initiative, чтобы принять одно заявленное значение для всех неизвестных "
                "карт",
            )
        # Sister Agatha: Fangs and the Escapes cost Dracula blood, and need more than they cost
        self.agatha = situation.sister_agatha and self.dracula
        garlic = situation.garlic and self.dracula
        self.round_cap = 4 if garlic else (2 if not situation.dodge_in_round_one else 0)
        self._pair: dict[tuple[str, str, int], tuple[Fraction, CombatResult, CombatResult]] = {}
        self._hopts: dict[tuple[tuple[str, ...], str | None, int], tuple[str, ...]] = {}
        self._eopts: dict[tuple[str | None, bool, int, bool], tuple[str, ...]] = {}
        self._games: dict[tuple[object, ...], GameSolution] = {}
        self._local: dict[tuple[object, ...], tuple[int, tuple[tuple[Effect, int], ...]]] = {}

    # -- legal cards -------------------------------------------------------------------------
    def hunter_options(self, items: tuple[str, ...], last: str | None, rnd: int) -> tuple[str, ...]:
        key = (items, last, rnd)
        found = self._hopts.get(key)
        if found is None:
            out = []
            for card in self.hunter_order:
                copies = 1 if card in ("Punch", "Dodge", "Escape") else items.count(card)
                if card == last:
                    copies -= 1
                if copies <= 0 or card not in self.playable:
                    continue
                if rnd == 1 and card == "Dodge" and not self.situation.dodge_in_round_one:
                    continue
                out.append(card)
            found = tuple(out)
            self._hopts[key] = found
        return found

    def can_pay(self, blood: int) -> bool:
        """Whether Dracula may choose a card Sister Agatha taxes (always, without her)."""
        return not self.agatha or blood > AGATHA_COST

    def paid(self, e: str) -> int:
        """Blood Dracula pays to play ``e``."""
        return AGATHA_COST if self.agatha and e in AGATHA_CARDS else 0

    def enemy_options(
        self, last: str | None, repel: bool, rnd: int, can_pay: bool = True
    ) -> tuple[str, ...]:
        key = (last, repel, rnd, can_pay)
        found = self._eopts.get(key)
        if found is None:
            found = enemy_cards(
                self.enemy_deck, self.dracula, self.situation, last, repel, rnd, can_pay
            )
            self._eopts[key] = found
        return found

    # -- one pairing -------------------------------------------------------------------------
    def pair(self, h: str, e: str, dodge: int) -> tuple[Fraction, CombatResult, CombatResult]:
        key = (h, e, dodge)
        found = self._pair.get(key)
        if found is None:
            hb = self.base_h + (h == "Pistol") + (dodge == 1)
            eb = self.base_e + (e == "Pistol (Agent)") + (dodge == 2)
            higher, equal, lower, total = roll_counts(hb - eb, self.dice)
            hi, ei = self.init[h], self.init[e]
            if hi > ei:
                p = Fraction(higher + equal, total)
            elif hi < ei:
                p = Fraction(higher, total)
            else:
                p = Fraction(higher, higher + lower)
            found = (p, self.table.result("hunter", h, e), self.table.result("enemy", h, e))
            self._pair[key] = found
        return found

    # -- policies ----------------------------------------------------------------------------
    def round_value(self, h: str, e: str, dodge: int, health: int, blood: int) -> Fraction:
        """Expected payoff of one pairing for the hunter (see :func:`payoff`); blood Dracula
        pays to play his card (Sister Agatha) counts for the hunter, and the result then
        works on what is left."""
        p, rh, re_ = self.pair(h, e, dodge)
        slots, drac = self.free_slots, self.dracula
        paid = self.paid(e)
        blood -= paid
        win = payoff("hunter", rh, health=health, blood=blood, free_slots=slots, dracula=drac)
        lose = payoff("enemy", re_, health=health, blood=blood, free_slots=slots, dracula=drac)
        return paid + p * win + (1 - p) * lose

    def game(self, s: State) -> tuple[tuple[str, ...], tuple[str, ...], GameSolution]:
        health, blood, items, hl, el, _cont, repel, dodge, rnd = s
        hs = self.hunter_options(items, hl, rnd)
        es = self.enemy_options(el, repel, rnd, self.can_pay(blood))
        rows = tuple(tuple(self.round_value(h, e, dodge, health, blood) for e in es) for h in hs)
        key = tuple(rows)
        sol = self._games.get(key)
        if sol is None:
            sol = solve_game(rows)
            self._games[key] = sol
        return hs, es, sol

    def choices(
        self, s: State
    ) -> tuple[tuple[tuple[str, Fraction], ...], tuple[tuple[str, Fraction], ...]]:
        _health, blood, items, hl, el, _cont, repel, _dodge, rnd = s
        hs = self.hunter_options(items, hl, rnd)
        es = self.enemy_options(el, repel, rnd, self.can_pay(blood))
        if not hs:
            raise InvalidState(  # pragma: no cover
                "the hunter has no legal card to choose",
                ru="у Охотника нет ни одной карты, которую можно выбрать",
            )
        sol: GameSolution | None = None
        if self.hp.kind == "minimax" or self.ep.kind == "minimax":
            _, _, sol = self.game(s)
        emix = _mix(es, self.ep, sol.columns if sol else None)
        if self.hp.plan is not None:
            return ((self.hp.plan[s], Fraction(1)),), emix
        return _mix(hs, self.hp, sol.rows if sol else None), emix

    # -- transitions -------------------------------------------------------------------------
    def effect(
        self, h: str, e: str, winner: str, res: CombatResult, items: tuple[str, ...]
    ) -> Effect:
        """What a result does, independent of health and blood (applied in ``transitions``).

        Codes: 0 continue, 1 ending ``kind``, 2 Dracula loses ``amount`` blood, 3 Dracula is
        killed (next red mark), 4 the hunter loses ``amount`` health, 5 nothing changes but
        the run of Continues stops (repel, or a wound an agent ignores). The last field is the
        blood Dracula paid to play his card (Sister Agatha), taken before the result applies.
        """
        kind = res.kind
        discarded = False  # the played card went to the discard pile, not back to the table
        if res.item_destroyed and h in items:
            lst = list(items)
            lst.remove(h)
            items = tuple(lst)
            discarded = True
        if "hunter discards all items" in res.extras:
            discarded = discarded or h in items
            items = ()
        played = h if winner == "hunter" else e
        dodge2 = (1 if winner == "hunter" else 2) if played in DODGES else 0
        hl2: str | None = None if discarded else h
        if hl2 is not None and h not in ("Punch", "Dodge", "Escape") and items.count(h) != 1:
            hl2 = None  # two copies left: the one on the table restricts nothing
        code, amount, end, repel2 = 5, 0, "", False
        if kind == "continue":
            code = 0
        elif kind == "end":
            code, end = 1, "escaped"
        elif winner == "hunter":
            if kind == "wound" and self.dracula:
                code, amount = 2, res.amount
            elif kind == "repel":
                repel2 = self.dracula
            elif kind == "killed":
                code, end = (3, "") if self.dracula else (1, "killed")
        elif kind == "wound":
            code, amount = 4, res.amount
        elif kind == "bite":
            code, end = 1, "defeated" if self.free_slots <= 1 else "bitten"
        return (code, amount, end, items, hl2, e, repel2, dodge2, self.paid(e))

    def local(
        self, s: State, card: str | None = None
    ) -> tuple[int, tuple[tuple[Effect, int], ...]]:
        """The round's (effect, weight) list for state ``s`` (``card``: the hunter plays it).

        Weights are integers over the common denominator returned first. The list depends only
        on the cards, flags and round (and on health and blood under a minimax policy; with
        Sister Agatha, on whether Dracula can pay for Fangs or an Escape), so it is cached and
        shared by many states.
        """
        health, blood, items, hl, el, _cont, repel, dodge, rnd = s
        minimax = self.state_dependent
        key = (
            card,
            items,
            hl,
            el,
            repel,
            dodge,
            rnd,
            health if minimax else 0,
            blood if minimax else 0,
            self.can_pay(blood),
        )
        found = self._local.get(key)
        if found is None:
            hmix, emix = self.choices(s)
            if card is not None:
                hmix = ((card, Fraction(1)),)
            # Integer weights over dh * de * dp (card choices, then the roll), reduced at the end.
            dh = lcm(*(ph.denominator for _, ph in hmix))
            de = lcm(*(pe.denominator for _, pe in emix))
            pairs = [(h, e, self.pair(h, e, dodge)) for h, _ in hmix for e, _ in emix]
            dp = lcm(*(p.denominator for _, _, (p, _, _) in pairs))
            wh = {h: ph.numerator * (dh // ph.denominator) for h, ph in hmix}
            we = {e: pe.numerator * (de // pe.denominator) for e, pe in emix}
            raw: dict[Effect, int] = {}
            for h, e, (p, rh, re_) in pairs:
                w = wh[h] * we[e]
                won = p.numerator * (dp // p.denominator)
                for winner, res, q in (("hunter", rh, won), ("enemy", re_, dp - won)):
                    if q:
                        eff = self.effect(h, e, winner, res, items)
                        raw[eff] = raw.get(eff, 0) + w * q
            den = dh * de * dp
            g = gcd(den, *raw.values())
            found = (den // g, tuple((eff, q // g) for eff, q in raw.items()))
            self._local[key] = found
        return found

    def transitions(
        self, s: State, card: str | None = None
    ) -> tuple[int, dict[State | Ending, int]]:
        den, entries = self.local(s, card)
        health, blood0, _items, _hl, _el, cont, _repel, _dodge, rnd = s
        rnd2 = min(rnd + 1, self.round_cap) if self.round_cap else 0
        after_killed = _AFTER_KILLED
        out: dict[State | Ending, int] = {}
        get = out.get
        t: State | Ending
        for (code, amount, end, items, hl2, e, repel2, dodge2, paid), num in entries:
            blood = blood0 - paid  # Sister Agatha's price, before the result
            if code == 0:
                if cont >= 2:
                    t = ("continues", blood, health)
                else:
                    t = (health, blood, items, hl2, e, cont + 1, False, dodge2, rnd2)
            elif code == 1:
                t = (end, blood, health)
            elif code == 2:
                b2 = blood - amount
                if b2 <= 0:
                    t = ("destroyed", 0, health)
                else:
                    t = (health, b2, items, hl2, e, 0, False, dodge2, rnd2)
            elif code == 3:
                b2 = after_killed[blood]
                if b2 <= 0:
                    t = ("destroyed", 0, health)
                else:
                    t = (health, b2, items, hl2, e, 0, False, dodge2, rnd2)
            elif code == 4:
                h2 = health - amount
                if h2 <= 0:
                    t = ("defeated", blood, 0)
                else:
                    t = (h2, blood, items, hl2, e, 0, False, dodge2, rnd2)
            else:
                t = (health, blood, items, hl2, e, 0, repel2, dodge2, rnd2)
            out[t] = get(t, 0) + num
        return den, out


_AFTER_KILLED: tuple[int, ...] = (0, *(blood_after_killed(b) for b in range(1, MAX_BLOOD + 1)))


def _mix(
    cards: tuple[str, ...], policy: Policy, solved: tuple[Fraction, ...] | None
) -> tuple[tuple[str, Fraction], ...]:
    if policy.kind == "minimax" and solved is not None:
        return tuple((c, p) for c, p in zip(cards, solved, strict=True) if p)
    if policy.kind == "prefer":
        for c in policy.preference:
            if c in cards:
                return ((c, Fraction(1)),)
    share = Fraction(1, len(cards))
    return tuple((c, share) for c in cards)


def _start_state(model: _Model, hunter: Hunter, blood: int) -> State:
    rnd = 1 if model.round_cap else 0
    return (hunter.health, blood, hunter.combat_items, None, None, 0, False, 0, rnd)


def _setup(
    hunter: Hunter,
    opponent: Opponent,
    situation: Situation,
    blood: int,
    table: CardTable | None,
    hunter_policy: Policy | str,
    enemy_policy: Policy | str,
    assume_initiative: int | None,
) -> tuple[_Model, State]:
    present("hunter", hunter, Hunter, ru="Охотник (hunter)")
    present("opponent", opponent, Opponent, ru="противник (opponent)")
    present("situation", situation, Situation, ru="обстановка боя (situation)")
    # against an agent the blood track plays no part: any value from 0 is ignored
    low = 1 if opponent.is_dracula else 0
    whole("Dracula's blood", blood, low, MAX_BLOOD, ru="Кровь Дракулы (blood)")
    if table is not None:
        present("table", table, CardTable, ru="таблица результатов (table)")
    if assume_initiative is not None:
        whole("assume_initiative", assume_initiative, 0, 9, ru="допущенная инициатива")
    for name, policy in (("hunter_policy", hunter_policy), ("enemy_policy", enemy_policy)):
        if not isinstance(policy, Policy):
            choice(name, policy, POLICIES, ru=f"стратегия ({name})")
    hp = Policy(hunter_policy) if isinstance(hunter_policy, str) else hunter_policy
    ep = Policy(enemy_policy) if isinstance(enemy_policy, str) else enemy_policy
    _check_preference("hunter_policy", hp, hunter.deck(), "Охотника")
    _check_preference("enemy_policy", ep, opponent.deck(), "противника")
    model = _Model(
        hunter,
        opponent,
        situation,
        table if table is not None else default_table(),
        hp,
        ep,
        assume_initiative,
    )
    return model, _start_state(model, hunter, blood if opponent.is_dracula else 0)


def _check_preference(name: str, policy: Policy, deck: Iterable[str], side_ru: str) -> None:
    """A 'prefer' policy must name at least one card of its own side's deck."""
    cards = tuple(dict.fromkeys(deck))
    if policy.kind == "prefer" and not any(c in cards for c in policy.preference):
        raise InvalidState(
            f"{name} prefers {', '.join(policy.preference)}, none of which is in that side's "
            f"deck; allowed: {', '.join(cards)}",
            ru=f"{name}: в предпочтениях ({cards_ru(policy.preference)}) нет ни одной карты "
            f"колоды {side_ru}; допустимы: {cards_ru(cards)}",
        )


def _check_size(model: _Model, start: State, max_states: int) -> None:
    """Refuse, before any solving, a combat far larger than ``max_states``.

    Against the uniform and preference policies the states of a combat are, layer by layer,
    Dracula's blood x the hunter's health x the sets of items still in hand, each with the
    cards left on the table from the last round. Their product with the number of card pairs
    the round can be played with follows the solved state counts of full-strength night
    combats within about a quarter; a combat whose product is more than twice ``max_states``
    is refused at once instead of after exploring ``max_states`` states.
    """
    if model.hp.kind == "minimax" or model.ep.kind == "minimax":
        return  # a minimax combat has a handful of states per layer
    health, blood, items = start[0], max(start[1], 1), start[2]
    destroyable = {c.hunter_card for c in model.table.cells.values() if c.item_destroyed}
    item_sets = 1
    for item in set(items):
        if item in destroyable:
            item_sets *= items.count(item) + 1
    size = health * blood * item_sets * len(model.hunter_order) * len(set(model.enemy_deck))
    if size > 2 * max_states:
        raise InvalidState(
            f"this combat is too large to solve exactly: health {health} x blood {blood} x "
            f"{item_sets} item sets x {len(model.hunter_order)} x {len(set(model.enemy_deck))} "
            f"card pairs is {size}, more than twice the limit of {max_states} states; "
            "choose the minimax policy, fewer combat items, or less health or blood",
            ru=f"этот бой слишком велик для точного решения: Здоровье {health} x Кровь {blood} x "
            f"{item_sets} наборов Вещей x {len(model.hunter_order)} x "
            f"{len(set(model.enemy_deck))} пар карт = {size}, больше двойного предела в "
            f"{max_states} состояний; выберите стратегию minimax, меньше боевых Вещей, "
            "меньше Здоровья или Крови",
        )


def first_round_game(
    hunter: Hunter,
    opponent: Opponent,
    situation: Situation = NO_SITUATION,
    *,
    blood: int = MAX_BLOOD,
    table: CardTable | None = None,
    assume_initiative: int | None = None,
) -> RoundGame:
    """The first round as a zero-sum game (see :func:`payoff`) and its exact minimax solution."""
    model, s = _setup(
        hunter, opponent, situation, blood, table, "minimax", "minimax", assume_initiative
    )
    hs, es, sol = model.game(s)
    wins = tuple(tuple(model.pair(h, e, 0)[0] for e in es) for h in hs)
    pay = tuple(tuple(model.round_value(h, e, 0, s[0], s[1]) for e in es) for h in hs)
    return RoundGame(hs, es, wins, pay, sol)


def combat_odds(
    hunter: Hunter,
    opponent: Opponent,
    situation: Situation = NO_SITUATION,
    *,
    blood: int = MAX_BLOOD,
    table: CardTable | None = None,
    hunter_policy: Policy | str = "uniform",
    enemy_policy: Policy | str = "uniform",
    assume_initiative: int | None = None,
    max_states: int = 200_000,
    fast: bool = True,
) -> CombatOdds:
    """Exact distribution of how a single hunter's combat ends, with the expected rounds.

    ``fast=False`` uses the state-by-state reference solver (same results, much slower on large
    combats; kept to check the layered one).
    """
    whole("max_states", max_states, 1, MAX_STATES, ru="предел состояний (max_states)")
    flag("fast", fast, ru="быстрый решатель (fast)")
    model, start = _setup(
        hunter, opponent, situation, blood, table, hunter_policy, enemy_policy, assume_initiative
    )
    _check_size(model, start, max_states)
    solve = _solve_layers if fast else _solve_states
    joint_n, rounds_n, den, n_states = solve(model, start, max_states)
    kinds = ["defeated", "bitten", "escaped", "continues"]
    kinds.append("destroyed" if opponent.is_dracula else "killed")
    # Sums are taken on the integer numerators over the common denominator: one reduction
    # per reported probability.
    outcomes_n = dict.fromkeys(kinds, 0)
    blood_n: dict[int, int] = {}
    health_n: dict[int, int] = {}
    for (kind, b, hh), n in joint_n.items():
        outcomes_n[kind] = outcomes_n.get(kind, 0) + n
        blood_n[b] = blood_n.get(b, 0) + n
        health_n[hh] = health_n.get(hh, 0) + n
    joint = _Shares(joint_n, den)
    outcomes = {k: Fraction(n, den) for k, n in outcomes_n.items()}
    blood_d = {k: Fraction(n, den) for k, n in blood_n.items()}
    health_d = {k: Fraction(n, den) for k, n in health_n.items()}
    expected_rounds = Fraction(rounds_n, den)
    total = Fraction(sum(joint_n.values()), den)
    if total != 1:  # pragma: no cover - guarded by tests
        raise InvalidState(
            f"internal error: ending probabilities sum to {total}",
            ru=f"внутренняя ошибка: сумма вероятностей исходов равна {total}",
        )
    trace = Trace()
    opponent_ru = (
        ("Дракулы ночью" if opponent.night else "Дракулы днём")
        if opponent.is_dracula
        else ("Агента" if enemy_ru(opponent.name) == "Агент" else opponent.name)
        + (" (Миньон)" if opponent.minion else "")
    )
    trace.add(
        "dracula:combat-decks",
        f"{hunter.name} ({hunter.health} health, items: "
        f"{', '.join(hunter.combat_items) or 'none'}) against {opponent.describe()}"
        + (f" with {blood} blood" if opponent.is_dracula else "")
        + f"; hunter policy {model.hp.kind}, enemy policy {model.ep.kind}.",
        f"{hunter.name} (Здоровье {hunter.health}, боевые Вещи: "
        f"{cards_ru(hunter.combat_items) or 'нет'}) против {opponent_ru}"
        + (f" (Кровь {blood})" if opponent.is_dracula else "")
        + f"; Охотник играет: {_POLICY_RU.get(model.hp.kind, model.hp.kind)}, противник "
        f"играет: {_POLICY_RU.get(model.ep.kind, model.ep.kind)}.",
    )
    if model.assumed:
        trace.add(
            "dracula:initiative",
            f"Assumed initiative {assume_initiative} for {', '.join(model.assumed)} (not known).",
            f"Допущение: инициатива {assume_initiative} для карт {cards_ru(model.assumed)} "
            "(настоящие числа неизвестны).",
        )
    trace.add(
        "dracula:initiative",
        "Equal totals with equal initiative are rolled again (our stated assumption).",
        "Если равны и итоги, и инициатива, раунд перебрасывается (наше явное допущение).",
    )
    if not situation.dodge_in_round_one:
        trace.add("dracula:combat-decks", *NO_DODGE_IN_ROUND_ONE)
    if model.agatha:
        trace.add(
            "dracula:powers",
            f"Sister Agatha: Dracula pays {AGATHA_COST} blood for each Fangs or Escape, when it "
            "is revealed and before the result; he needs "
            f"{AGATHA_COST + 1} blood or more to choose one.",
            f"Сестра Агата: за каждые Клыки или Бегство Дракула платит {AGATHA_COST} Крови при "
            "вскрытии карты, до результата раунда; выбрать такую карту он может лишь при "
            f"{AGATHA_COST + 1} Крови и больше.",
        )
    for cell in model.table.overrides():
        trace.add(
            "dracula:results",
            f"User override: {cell.winner} wins, {cell.hunter_card} vs {cell.enemy_card} -> "
            f"{cell.label}.",
            f"Замена пользователя: если побеждает "
            f"{'Охотник' if cell.winner == 'hunter' else 'противник'}, "
            f"карта {card_ru(cell.hunter_card)} против карты {card_ru(cell.enemy_card)} -> "
            f"{result_ru(cell.kind, cell.amount) if cell.allowed else result_ru('not-allowed')}.",
        )
    trace.add(
        "dracula:combat-end",
        f"Solved exactly over {n_states} combat states: "
        + "; ".join(f"{k} {_share_text(p)}" for k, p in outcomes.items() if p)
        + ".",
        f"Точно решено состояний боя: {n_states}. Исходы: "
        + "; ".join(f"{_ENDING_RU.get(k, k)} {_share_text_ru(p)}" for k, p in outcomes.items() if p)
        + ".",
    )
    return CombatOdds(
        outcomes=outcomes,
        blood=dict(sorted(blood_d.items())),
        health=dict(sorted(health_d.items())),
        joint=joint,
        expected_rounds=expected_rounds,
        states=n_states,
        steps=trace.steps,
    )


def _share_text(p: Fraction) -> str:
    """``'7/36'``, or for a fraction too long to read, its value to ten significant digits and
    the length of its exact denominator."""
    if max(p.numerator.bit_length(), p.denominator.bit_length()) <= 128:
        return str(p)
    digits = int(p.denominator.bit_length() * 0.30103) + 1
    return f"≈{float(p):.10g} (exact: a fraction with a denominator of about {digits} digits)"


_POLICY_RU: dict[str, str] = {
    "uniform": "любую разрешённую карту поровну",
    "prefer": "по заданным предпочтениям",
    "minimax": "лучшую смесь (минимакс)",
    "plan": "лучший план для выбранной цели",
}
_ENDING_RU: dict[str, str] = {
    "defeated": "Охотник повержен",
    "bitten": "Охотник укушен",
    "escaped": "кто-то сбежал (Конец)",
    "continues": "три Продолжения",
    "destroyed": "Дракула уничтожен",
    "killed": "Агент убит",
}


def _too_many_states_ru(max_states: int) -> str:
    """Russian message: the exact solution needs more states than allowed."""
    return (
        f"в этом бою больше {max_states} состояний, точно его не решить; выберите "
        "«лучшую смесь (минимакс)», меньше боевых Вещей, меньше Здоровья или Крови"
    )


def _share_text_ru(p: Fraction) -> str:
    """Russian counterpart of :func:`_share_text`."""
    if max(p.numerator.bit_length(), p.denominator.bit_length()) <= 128:
        return str(p)
    digits = int(p.denominator.bit_length() * 0.30103) + 1
    return f"≈{float(p):.10g} (точное значение — дробь; число цифр в её знаменателе около {digits})"


def _solve_states(model: _Model, start: State, max_states: int) -> _Solved:
    """Reference solver: one chain state at a time (slower; kept to check ``_solve_layers``)."""
    # 1. Explore the reachable transient states (integer weights over a per-state denominator).
    index: dict[State, int] = {start: 0}
    states: list[State] = [start]
    dens: list[int] = []
    succ: list[list[tuple[int, int]]] = []
    exits: list[list[tuple[Ending, int]]] = []
    i = 0
    while i < len(states):
        den, moves_all = model.transitions(states[i])
        moves: list[tuple[int, int]] = []
        ends: list[tuple[Ending, int]] = []
        for t, num in moves_all.items():
            if isinstance(t[0], str):
                ends.append((t, num))
            else:
                tt: State = t
                j = index.get(tt)
                if j is None:
                    j = len(states)
                    index[tt] = j
                    states.append(tt)
                    if j > max_states:
                        raise InvalidState(
                            f"this combat has more than {max_states} states to solve exactly; "
                            "choose the minimax policy, fewer combat items, or less health "
                            "or blood",
                            ru=_too_many_states_ru(max_states),
                        )
                moves.append((j, num))
        dens.append(den)
        succ.append(moves)
        exits.append(ends)
        i += 1
    # 2. Strongly connected components, in topological order.
    adjacency = [[w for w, _ in moves] for moves in succ]
    comps = _components(len(states), adjacency.__getitem__)
    comp_of = [0] * len(states)
    for ci, comp in enumerate(comps):
        for v in comp:
            comp_of[v] = ci
    # 3. Push probability mass forward; solve each cyclic component exactly. Rationals are kept
    #    as (numerator, denominator) pairs of ints here: this loop is the hot path.
    # mass[w] maps a denominator to the sum of numerators over it (no gcd while adding).
    mass: dict[int, dict[int, int]] = {0: {1: 1}}
    visits: list[tuple[int, int]] = [(0, 1)] * len(states)
    for ci, comp in enumerate(comps):
        if len(comp) == 1:
            v = comp[0]
            n, d = _combine(mass.pop(v, None))
            loop = sum(num for w, num in succ[v] if w == v)
            if loop:
                n, d = n * dens[v], d * (dens[v] - loop)
            g = gcd(n, d)
            visits[v] = (n // g, d // g)
        else:
            _solve_component(comp, states, succ, dens, comp_of, ci, mass, visits)
        for v in comp:
            xn, xd = visits[v]
            if not xn:
                continue
            xd *= dens[v]
            for w, num in succ[v]:
                if comp_of[w] == ci:
                    continue
                sums = mass.get(w)
                if sums is None:
                    mass[w] = {xd: xn * num}
                else:
                    sums[xd] = sums.get(xd, 0) + xn * num
    joint_pairs: dict[Ending, tuple[int, int]] = {}
    rounds_pairs: dict[int, tuple[int, int]] = {}
    for v, ends in enumerate(exits):
        xn, xd = visits[v]
        if xn:
            _add(rounds_pairs, 0, xn, xd)
            xd *= dens[v]
            for end, num in ends:
                _add(joint_pairs, end, xn * num, xd)
    rounds_n, rounds_d = rounds_pairs.get(0, (0, 1))
    den = lcm(rounds_d, *(d for _n, d in joint_pairs.values()))
    joint = {k: n * (den // d) for k, (n, d) in joint_pairs.items()}
    return joint, rounds_n * (den // rounds_d), den, len(states)


def _components(n: int, edges: Callable[[int], Sequence[int]]) -> list[list[int]]:
    """Tarjan's algorithm (iterative); components come out in topological order of the DAG."""
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work: list[tuple[int, int]] = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, k = work[-1]
            nbrs = edges(v)
            if k < len(nbrs):
                work[-1] = (v, k + 1)
                w = nbrs[k]
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    u = work[-1][0]
                    low[u] = min(low[u], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack[w] = False
                        comp.append(w)
                        if w == v:
                            break
                    out.append(comp)
    out.reverse()
    return out


def _add(acc: dict[_K, tuple[int, int]], key: _K, n: int, d: int) -> None:
    """acc[key] += n / d on (numerator, denominator) pairs, keeping a common denominator."""
    cur = acc.get(key)
    if cur is None:
        acc[key] = (n, d)
        return
    cn, cd = cur
    if cd == d:
        acc[key] = (cn + n, d)
        return
    g = gcd(cd, d)
    if g == d:
        acc[key] = (cn + n * (cd // d), cd)
    elif g == cd:
        acc[key] = (cn * (d // cd) + n, d)
    else:
        m = cd // g * d
        acc[key] = (cn * (m // cd) + n * (m // d), m)


def _inverse(q: list[dict[int, Fraction]]) -> tuple[int, list[list[tuple[int, int]]]]:
    """(I - Q)^-1 as a common denominator and sparse rows of (column, numerator)."""
    n = len(q)
    a = [[Fraction(int(i == j)) - q[i].get(j, Fraction(0)) for j in range(n)] for i in range(n)]
    inv = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    for col in range(n):
        piv = next(r for r in range(col, n) if a[r][col])
        a[col], a[piv] = a[piv], a[col]
        inv[col], inv[piv] = inv[piv], inv[col]
        pv = a[col][col]
        if pv != 1:
            a[col] = [x / pv for x in a[col]]
            inv[col] = [x / pv for x in inv[col]]
        arow, irow = a[col], inv[col]
        anz = [k for k in range(n) if arow[k]]
        inz = [k for k in range(n) if irow[k]]
        for r in range(n):
            if r != col:
                f = a[r][col]
                if f:
                    ar, ir = a[r], inv[r]
                    for k in anz:
                        ar[k] -= f * arow[k]
                    for k in inz:
                        ir[k] -= f * irow[k]
    den = 1
    for row in inv:
        for x in row:
            if x:
                den = lcm(den, x.denominator)
    return den, [[(j, int(x * den)) for j, x in enumerate(row) if x] for row in inv]


def _combine(sums: dict[int, int] | None) -> tuple[int, int]:
    """Sum of numerator/denominator pairs as one reduced (numerator, denominator)."""
    if not sums:
        return 0, 1
    items = iter(sums.items())
    d, n = next(items)
    for d2, n2 in items:
        if d2 == d:
            n += n2
            continue
        g = gcd(d, d2)
        m = d // g * d2
        n = n * (m // d) + n2 * (m // d2)
        d = m
    g = gcd(n, d)
    return n // g, d // g


_OPERATORS: dict[tuple[object, ...], tuple[int, list[list[tuple[int, int]]]]] = {}


def _solve_component(
    comp: list[int],
    states: list[State],
    succ: list[list[tuple[int, int]]],
    dens: list[int],
    comp_of: list[int],
    ci: int,
    mass: dict[int, dict[int, int]],
    visits: list[tuple[int, int]],
) -> None:
    """Solve x = b + x Q on a cyclic component: x = b (I - Q)^-1.

    Components at different health/blood levels usually share the same in-component
    transitions, so (I - Q)^-1 is cached by the component's local structure.
    """
    comp = sorted(comp, key=lambda v: repr(states[v][2:]))
    pos = {v: k for k, v in enumerate(comp)}
    key_parts: list[object] = []
    for v in comp:
        inner = tuple(sorted((pos[w], num) for w, num in succ[v] if comp_of[w] == ci))
        key_parts.append((states[v][2:], dens[v], inner))
    key = tuple(key_parts)
    op = _OPERATORS.get(key)
    if op is None:
        q: list[dict[int, Fraction]] = []
        for v in comp:
            row: dict[int, Fraction] = {}
            for w, num in succ[v]:
                if comp_of[w] == ci:
                    j = pos[w]
                    row[j] = row.get(j, Fraction(0)) + Fraction(num, dens[v])
            q.append(row)
        op = _inverse(q)
        if len(_OPERATORS) > 20_000:
            _OPERATORS.clear()
        _OPERATORS[key] = op
    op_den, op_rows = op
    incoming = [(i, _combine(mass.pop(v, None))) for i, v in enumerate(comp)]
    incoming = [(i, b) for i, b in incoming if b[0]]
    common = 1
    for _i, (_bn, bd) in incoming:
        common = lcm(common, bd)
    acc = [0] * len(comp)
    for i, (bn, bd) in incoming:
        factor = bn * (common // bd)
        for j, n in op_rows[i]:
            acc[j] += factor * n
    total_den = common * op_den
    for j, v in enumerate(comp):
        g = gcd(acc[j], total_den)
        visits[v] = (acc[j] // g, total_den // g)


ENDING_KINDS = tuple(ENDINGS)


# -- layered solver ----------------------------------------------------------------------------
#
# A layer is every state with the same health, blood and items. Rounds only ever lower health or
# blood or remove items, so layers form a DAG (processed by decreasing health + blood + items),
# and all cycles (repels) stay inside one layer. Inside a layer a state is a "local" tuple
# (hunter_last, enemy_last, continues, repel, dodge, round). Its transitions do not depend on
# health or blood (except under a minimax policy, whose layers are then solved one by one), so
# each layer's elimination program is built once and shared by every health and blood.
#
# Values are integers over denominators kept in factored form (sorted factor/exponent pairs),
# so no gcd is ever taken on the large numbers: a layer's values are X / (D * g) with D the
# layer's common denominator and g a small per-temporary scale fixed by its program (_Line).

# exit class: (code, amount, end, items after, blood Dracula paid (Sister Agatha), ((local
# target, ((local index, coefficient), ...)), ...), the same terms summed over the targets);
# code -1 adds to the expected rounds.
# The summed terms serve exits that end the combat, where the local target no longer matters.
_Terms = tuple[tuple[int, Any], ...]
# A denominator in factored form: sorted (factor, exponent) pairs, hashable so that values over
# equal denominators are added without any multiplication.
_Den = tuple[tuple[int, int], ...]
_Exit = tuple[int, int, str, tuple[str, ...], int, tuple[tuple[Local, _Terms], ...], _Terms]
_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)
# The integer type of the layered solver's hot loops: numerators grow to thousands of bits.
# (GMP's when gmpy2 is installed: the same exact arithmetic, several times faster on big
# numbers; looked up on the first combat solved, so that importing this module stays cheap)
_BIG: Callable[[int], Any] | None = None


def _big() -> Callable[[int], Any]:
    global _BIG
    if _BIG is None:
        try:
            from gmpy2 import mpz
        except ImportError:  # pragma: no cover - the pure-Python path gives identical results
            _BIG = int
        else:
            _BIG = mpz
    return _BIG


def _factor(n: int) -> dict[int, int]:
    """Factors of ``n`` as {factor: exponent}: small primes, then one cofactor as it is."""
    out: dict[int, int] = {}
    for p in _SMALL_PRIMES:
        while n % p == 0:
            n //= p
            out[p] = out.get(p, 0) + 1
    if n > 1:
        out[n] = 1
    return out


_LAYER_OPERATORS: dict[object, tuple[int, list[list[tuple[int, int]]]]] = {}


def _inverse_scaled(
    rows: tuple[tuple[int, tuple[tuple[int, int], ...]], ...],
) -> tuple[int, list[list[tuple[int, int]]]]:
    """(I - Q)^-1 as (m, sparse integer rows N) with (I - Q)^-1 = N / m.

    Row ``i`` of Q is ``rows[i] = (den, ((j, num), ...))``: Q[i][j] = num / den. The integer
    matrix A = diag(den) (I - Q) is inverted by fraction-free Gauss-Jordan elimination (each
    division by the previous pivot is exact), giving A^-1 = adj / det; then
    (I - Q)^-1 = A^-1 diag(den).
    """
    n = len(rows)
    dens = [d for d, _ in rows]
    a: list[list[int]] = []
    for i, (d, entries) in enumerate(rows):
        row = [0] * (2 * n)
        row[i] = d
        for j, num in entries:
            row[j] -= num
        row[n + i] = 1
        a.append(row)
    prev = 1
    for k in range(n):
        if not a[k][k]:
            piv = next(r for r in range(k + 1, n) if a[r][k])
            a[k], a[piv] = a[piv], a[k]
        rk = a[k]
        pk = rk[k]
        for i in range(n):
            if i == k:
                continue
            ri = a[i]
            f = ri[k]
            if f:
                ri = [pk * x - f * y for x, y in zip(ri, rk, strict=True)]
            else:
                ri = [pk * x for x in ri]
            if prev != 1:  # exact: every entry is a minor of A (Sylvester's identity)
                ri = [x // prev for x in ri]
            a[i] = ri
        prev = pk
    det = a[0][0]
    out = [[a[i][n + j] * dens[j] for j in range(n)] for i in range(n)]
    if det < 0:
        det = -det
        out = [[-x for x in row] for row in out]
    g = gcd(det, *(x for row in out for x in row))
    return det // g, [[(j, x // g) for j, x in enumerate(row) if x] for row in out]


class _Line:
    """A straight-line program over integers, built once per layer kind and run per layer.

    Temporary ``k`` stands for the rational ``T_k / scale[k]`` (over the layer's common
    denominator D), so running it needs only integer multiply-adds. Temporaries
    ``0..inputs-1`` are the arrivals (scale 1); each op sets one new temporary to a
    combination of earlier ones, with coefficients fixed while building.
    """

    def __init__(self, inputs: int) -> None:
        self.scale = [1] * inputs
        self.ops: list[tuple[int, tuple[tuple[int, int], ...]]] = []

    def assign(self, terms: dict[int, Fraction]) -> int:
        """A temporary equal to sum(coefficient * temporary); returns its index."""
        live = {src: a for src, a in terms.items() if a}
        if len(live) == 1:
            ((src, a),) = live.items()
            if a == 1:
                return src
        scale = 1
        for src, a in live.items():
            scale = lcm(scale, self.scale[src] * a.denominator)
        coefs = tuple(
            (src, a.numerator * (scale // (self.scale[src] * a.denominator)))
            for src, a in sorted(live.items())
        )
        k = len(self.scale)
        self.scale.append(scale)
        self.ops.append((k, coefs))
        return k


@dataclass(frozen=True, slots=True)
class _LayerProgram:
    """Compiled layer: run ``ops`` over ``size`` temporaries; ``values[v]`` holds state v."""

    size: int
    ops: tuple[tuple[int, tuple[tuple[int, Any], ...]], ...]
    values: tuple[int, ...]
    scale: tuple[int, ...]


def _compile_layer(
    locs: Sequence[Local],
    dens: Sequence[int],
    inner: Sequence[dict[int, int]],
    operators: dict[object, tuple[int, list[list[tuple[int, int]]]]],
) -> _LayerProgram:
    """Compile x = arrivals + x Q (Q: in-layer moves, row v = inner[v] / dens[v]).

    Strongly connected components are taken in topological order. A cyclic component is cut
    at the states that start a run of Continues (every cycle passes through one, since a
    Continue raises the count and only a repel or a null result sets it back): the other
    states form a DAG, so the component reduces to a small linear system on the cut
    (x_C = c (I - Q')^-1, with Q' the cut-to-cut moves through the DAG), inverted exactly
    once, and the DAG states are then filled in by substitution.
    """
    n = len(locs)
    line = _Line(n)
    preds: list[list[tuple[int, Fraction]]] = [[] for _ in range(n)]
    for u in range(n):
        for target, num in inner[u].items():
            preds[target].append((u, Fraction(num, dens[u])))
    value = [-1] * n

    def add(terms: dict[int, Fraction], src: int, a: Fraction) -> None:
        terms[src] = terms.get(src, Fraction(0)) + a

    for comp in _components(n, lambda v: tuple(inner[v])):
        members = sorted(comp)
        inside = set(members)
        inflow: dict[int, int] = {}  # member -> temporary of what flows in from outside
        for v in members:
            terms = {v: Fraction(1)}
            for u, a in preds[v]:
                if u not in inside:
                    add(terms, value[u], a)
            inflow[v] = line.assign(terms) if len(members) > 1 else -1
        if len(members) == 1:
            v = members[0]
            terms = {v: Fraction(1)}
            loop = Fraction(0)
            for u, a in preds[v]:
                if u == v:
                    loop += a
                else:
                    add(terms, value[u], a)
            if loop:
                terms = {k: a / (1 - loop) for k, a in terms.items()}
            value[v] = line.assign(terms)
            continue
        cut = [v for v in members if locs[v][2] == 0 or any(u == v for u, _ in preds[v])]
        order = _dag_order([v for v in members if v not in cut], preds)
        if order is None:  # pragma: no cover - a cycle without a fresh run of Continues
            cut, order = members, []
        in_dag = set(order)
        # 1. what reaches each DAG state from outside, through the DAG only
        through: dict[int, int] = {}
        for v in order:
            terms = {inflow[v]: Fraction(1)}
            for u, a in preds[v]:
                if u in in_dag:
                    add(terms, through[u], a)
            through[v] = line.assign(terms)
        # 2. the same, arriving at each cut state
        c: dict[int, int] = {}
        for f in cut:
            terms = {inflow[f]: Fraction(1)}
            for u, a in preds[f]:
                if u in in_dag:
                    add(terms, through[u], a)
            c[f] = line.assign(terms)
        # 3. the reduced system on the cut: Q'[g][f], moves from g to f directly or via the DAG
        pos = {f: k for k, f in enumerate(cut)}
        rows: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        for g in cut:
            # a unit of mass leaving g, followed through the DAG (y) and into the cut (row)
            y: dict[int, Fraction] = {}

            def arriving(v: int, g: int = g, y: dict[int, Fraction] = y) -> Fraction:
                return sum(
                    (a if u == g else y[u] * a for u, a in preds[v] if u == g or u in y),
                    Fraction(0),
                )

            for v in order:
                acc = arriving(v)
                if acc:
                    y[v] = acc
            row: dict[int, Fraction] = {}
            for f in cut:
                acc = arriving(f)
                if acc:
                    row[pos[f]] = acc
            den = lcm(1, *(q.denominator for q in row.values()))
            rows.append((den, tuple((j, int(q * den)) for j, q in sorted(row.items()))))
        key = tuple(rows)
        found = operators.get(key)
        if found is None:
            found = _inverse_scaled(key)
            operators[key] = found
        m, inverse = found
        columns: list[dict[int, Fraction]] = [{} for _ in cut]
        for gi, inv_row in enumerate(inverse):
            for j, num in inv_row:
                columns[j][c[cut[gi]]] = Fraction(num, m)
        for j, f in enumerate(cut):
            value[f] = line.assign(columns[j])
        # 4. the DAG states, from their inflow, the cut and earlier DAG states
        for v in order:
            terms = {inflow[v]: Fraction(1)}
            for u, a in preds[v]:
                if u in inside:
                    add(terms, value[u], a)
            value[v] = line.assign(terms)
    big = _big()
    return _LayerProgram(
        size=len(line.scale),
        ops=tuple((k, tuple((src, big(coef)) for src, coef in terms)) for k, terms in line.ops),
        values=tuple(value),
        scale=tuple(line.scale),
    )


def _dag_order(
    nodes: Sequence[int], preds: Sequence[Sequence[tuple[int, Fraction]]]
) -> list[int] | None:
    """``nodes`` in an order where each comes after its predecessors among them, or None if
    they contain a cycle."""
    among = set(nodes)
    waiting = {v: sum(1 for u, _ in preds[v] if u in among) for v in nodes}
    succ: dict[int, list[int]] = {v: [] for v in nodes}
    for v in nodes:
        for u, _ in preds[v]:
            if u in among:
                succ[u].append(v)
    ready = sorted(v for v, k in waiting.items() if k == 0)
    out: list[int] = []
    while ready:
        u = ready.pop()
        out.append(u)
        for v in succ[u]:
            waiting[v] -= 1
            if waiting[v] == 0:
                ready.append(v)
    return out if len(out) == len(nodes) else None


class _Program:
    """Elimination program for one layer kind and a set of local states."""

    def __init__(
        self,
        model: _Model,
        health: int,
        blood: int,
        items: tuple[str, ...],
        seeds: set[Local],
        operators: dict[object, tuple[int, list[list[tuple[int, int]]]]],
        hints: dict[tuple[str, ...], set[Local]] | None,
    ) -> None:
        """Build from ``seeds``. With ``hints`` (policies that ignore health and blood), also
        take in every local state these items can arrive in, from any layer, and record in
        ``hints`` the local states they send to layers with fewer items."""
        rnd_cap = model.round_cap
        locs: list[Local] = []
        index: dict[Local, int] = {}
        for loc in sorted(seeds, key=repr):
            index[loc] = len(locs)
            locs.append(loc)
        dens: list[int] = []
        inner: list[dict[int, int]] = []  # in-layer successors: index -> numerator
        # exits: (code, amount, end, items after, blood paid, local target, numerator)
        outer: list[list[tuple[int, int, str, tuple[str, ...], int, Local, int]]] = []
        i = 0
        while i < len(locs):
            hl, el, cont, repel, dodge, rnd = locs[i]
            state: State = (health, blood, items, hl, el, cont, repel, dodge, rnd)
            den, entries = model.local(state)
            rnd2 = min(rnd + 1, rnd_cap) if rnd_cap else 0
            ins: dict[int, int] = {}
            outs: list[tuple[int, int, str, tuple[str, ...], int, Local, int]] = []
            for (code, amount, end, items2, hl2, e, repel2, dodge2, paid), num in entries:
                if code == 0:
                    target: Local = (hl2, e, cont + 1, False, dodge2, rnd2)
                elif code == 5:
                    target = (hl2, e, 0, repel2, dodge2, rnd2)
                else:
                    target = (hl2, e, 0, False, dodge2, rnd2)
                stays = (
                    items2 == items
                    and not paid
                    and ((code == 0 and cont < 2) or code == 5 or (code in (2, 4) and amount == 0))
                )
                if stays:
                    j = index.get(target)
                    if j is None:
                        j = len(locs)
                        index[target] = j
                        locs.append(target)
                    ins[j] = ins.get(j, 0) + num
                elif code == 0 and cont >= 2:  # the third Continue ends the combat
                    outs.append((1, 0, "continues", items2, paid, target, num))
                else:
                    outs.append((code, amount, end, items2, paid, target, num))
                    if hints is not None and code != 1:
                        if items2 == items:  # arrives in another layer with these items
                            if target not in index:
                                index[target] = len(locs)
                                locs.append(target)
                        else:
                            hints.setdefault(items2, set()).add(target)
            dens.append(den)
            inner.append(ins)
            outer.append(outs)
            i += 1
        n = len(locs)
        self.locals = locs
        self.index = index
        self.program = _compile_layer(locs, dens, inner, operators)
        scale = [self.program.scale[k] for k in self.program.values]
        # Every state also "exits" to the expected-rounds total (code -1) with its own weight.
        for v in range(n):
            outer[v].append((-1, 0, "", items, 0, locs[v], dens[v]))
        # Exits are grouped by denominator, so that coefficients stay small: a state whose
        # scale lacks a cycle's determinant is not multiplied by it edge by edge.
        groups: list[tuple[int, list[int]]] = []  # (common denominator, states)
        for ev, v in sorted(((scale[v] * dens[v], v) for v in range(n)), reverse=True):
            for k, (common, members_) in enumerate(groups):
                merged = lcm(common, ev)
                if merged // ev < 1 << 48 and merged // common < 1 << 16:
                    groups[k] = (merged, members_)
                    members_.append(v)
                    break
            else:
                groups.append((ev, [v]))
        self.groups: list[tuple[_Den, tuple[_Exit, ...]]] = []
        for common, members_ in groups:
            classes: dict[
                tuple[int, int, str, tuple[str, ...], int], dict[Local, list[tuple[int, int]]]
            ] = {}
            for v in sorted(members_):
                f = common // (scale[v] * dens[v])
                for code, amount, end, items2, paid, target, num in outer[v]:
                    by_target = classes.setdefault((code, amount, end, items2, paid), {})
                    by_target.setdefault(target, []).append((v, num * f))
            big = _big()
            exit_list: list[_Exit] = []
            for (code, amount, end, items2, paid), by_target in classes.items():
                summed: dict[int, int] = {}
                for lst in by_target.values():
                    for v, c in lst:
                        summed[v] = summed.get(v, 0) + c
                per_target = tuple(
                    (t, tuple((v, big(c)) for v, c in lst)) for t, lst in by_target.items()
                )
                total = tuple((v, big(c)) for v, c in sorted(summed.items()))
                exit_list.append((code, amount, end, items2, paid, per_target, total))
            exits = tuple(exit_list)
            self.groups.append((tuple(sorted(_factor(common).items())), exits))

    def run(self, arrivals: dict[Local, int]) -> list[Any]:
        """Values X of every local state from arrival numerators (over the layer's D)."""
        t: list[Any] = [0] * self.program.size
        index = self.index
        for loc, a in arrivals.items():
            t[index[loc]] = a
        for target, terms in self.program.ops:
            acc = 0
            for src, c in terms:
                value = t[src]
                if value:
                    acc += value * c
            t[target] = acc
        return [t[k] for k in self.program.values]


class _Denominators:
    """Products of factors, and the integer multipliers between them (cached)."""

    def __init__(self) -> None:
        self._powers: dict[tuple[int, int], Any] = {}
        self._ratios: dict[tuple[_Den, _Den], Any] = {}
        self._products: dict[tuple[_Den, _Den], _Den] = {}

    @staticmethod
    def common(parts: Iterable[_Den]) -> _Den:
        """The least common multiple, factor by factor."""
        out: dict[int, int] = {}
        for part in parts:
            for f, e in part:
                if e > out.get(f, 0):
                    out[f] = e
        return tuple(sorted(out.items()))

    def times(self, a: _Den, b: _Den) -> _Den:
        key = (a, b)
        found = self._products.get(key)
        if found is None:
            out = dict(a)
            for f, e in b:
                out[f] = out.get(f, 0) + e
            found = tuple(sorted(out.items()))
            self._products[key] = found
        return found

    def ratio(self, target: _Den, source: _Den) -> Any:
        """target / source as an integer (target's exponents are at least source's)."""
        key = (target, source)
        found = self._ratios.get(key)
        if found is None:
            have = dict(source)
            found = _big()(1)
            for f, e in target:
                d = e - have.get(f, 0)
                if d:
                    p = self._powers.get((f, d))
                    if p is None:
                        p = _big()(f) ** d
                        self._powers[(f, d)] = p
                    found *= p
            self._ratios[key] = found
        return found


def _solve_layers(model: _Model, start: State, max_states: int) -> _Solved:
    """Layer by layer (see above); returns the same values as :func:`_solve_states`."""
    minimax = model.state_dependent
    after_killed = _AFTER_KILLED
    if len(_LAYER_OPERATORS) > 200:  # shared between calls; each entry is a dense matrix
        _LAYER_OPERATORS.clear()
    programs: dict[tuple[object, ...], _Program] = {}
    hints: dict[tuple[str, ...], set[Local]] = {}
    denominators = _Denominators()
    Layer = tuple[int, int, tuple[str, ...]]
    # pending[layer] = list of (denominator, {local: numerator})
    pending: dict[Layer, list[tuple[_Den, dict[Local, Any]]]] = {}
    health0, blood0, items0 = start[0], start[1], start[2]
    pending[(health0, blood0, items0)] = [((), {(None, None, 0, False, 0, start[8]): _big()(1)})]
    order: list[tuple[int, Layer]] = [
        (-(health0 + blood0 + len(items0)), (health0, blood0, items0))
    ]
    results: dict[object, dict[_Den, Any]] = {}  # ending -> denominator -> numerator
    done: set[Layer] = set()
    n_states = 0
    while order:
        _, layer = heappop(order)
        incoming = pending.pop(layer)
        done.add(layer)
        health, blood, items = layer
        den = denominators.common(f for f, _ in incoming)
        arrivals: dict[Local, Any] = {}
        for src_den, vals in incoming:
            mult = denominators.ratio(den, src_den)
            for loc, a in vals.items():
                arrivals[loc] = arrivals.get(loc, 0) + a * mult
        # the program depends on the layer's blood only through what Dracula can pay for
        key: tuple[object, ...] = (
            (items, health, blood) if minimax else (items, model.can_pay(blood))
        )
        prog = programs.get(key)
        if prog is None or any(loc not in prog.index for loc in arrivals):
            seeds = set(arrivals)
            if prog is not None:
                seeds.update(prog.locals)
            if not minimax:
                seeds.update(hints.get(items, ()))
            prog = _Program(
                model, health, blood, items, seeds, _LAYER_OPERATORS, None if minimax else hints
            )
            programs[key] = prog
        x = prog.run(arrivals)
        n_states += sum(1 for v in x if v)
        if n_states > max_states + 1:
            raise InvalidState(
                f"this combat has more than {max_states} states to solve exactly; "
                "choose the minimax policy, fewer combat items, or less health or blood",
                ru=_too_many_states_ru(max_states),
            )
        for factors, exits in prog.groups:
            out_den = denominators.times(den, factors)
            for code, amount, end, items2, paid, targets, merged in exits:
                dest: object
                b1 = blood - paid  # Sister Agatha's price, taken before the result
                if code == -1:
                    dest = 0
                elif code == 1:
                    dest = (end, b1, health)
                elif code == 2 or code == 3:
                    b2 = b1 - amount if code == 2 else after_killed[b1]
                    dest = ("destroyed", 0, health) if b2 <= 0 else (health, b2, items2)
                elif code == 4:
                    h2 = health - amount
                    dest = ("defeated", b1, 0) if h2 <= 0 else (h2, b1, items2)
                else:  # a Continue or a repel that cost an item, or paid blood
                    dest = (health, b1, items2)
                if dest == 0 or isinstance(dest[0], str):  # type: ignore[index]
                    total = 0
                    for v, c in merged:
                        xv = x[v]
                        if xv:
                            total += xv * c
                    if total:
                        by_den = results.setdefault(dest, {})
                        by_den[out_den] = by_den.get(out_den, 0) + total
                else:
                    sent: dict[Local, int] = {}
                    for target, terms in targets:
                        acc = 0
                        for v, c in terms:
                            xv = x[v]
                            if xv:
                                acc += xv * c
                        if acc:
                            sent[target] = acc
                    if sent:
                        lay: Layer = dest  # type: ignore[assignment]
                        waiting = pending.get(lay)
                        if waiting is None:
                            if lay in done:  # pragma: no cover - rounds never raise a layer
                                raise InvalidState(
                                    f"internal error: layer {lay} came back",
                                    ru=f"внутренняя ошибка: слой {lay} встретился снова",
                                )
                            pending[lay] = [(out_den, sent)]
                            heappush(order, (-(lay[0] + lay[1] + len(lay[2])), lay))
                        else:
                            waiting.append((out_den, sent))
    overall = denominators.common(f for parts in results.values() for f in parts)
    den_all = int(denominators.ratio(overall, ()))
    nums = {
        k: int(sum(t * denominators.ratio(overall, f) for f, t in parts.items()))
        for k, parts in results.items()
    }
    rounds = nums.pop(0, 0)
    joint: dict[Ending, int] = nums  # type: ignore[assignment]
    return joint, rounds, den_all, n_states
