"""Exact whole-combat odds for a group of 2-4 hunters against Dracula or an agent.

Group combat as the rules give it: every hunter fights; each round every hunter chooses a card,
and Dracula chooses a card and the hunter he targets (he may change target between rounds).
The target rolls for the group, with every modifier that applies to any member. If Dracula wins,
his result (read against the target's card) hits the target only. If the hunters win, they pick
which of their revealed cards gives the result. The combat ends on End (or three Continues in a
row), when Dracula is destroyed or the agent killed, or as soon as the first hunter is bitten,
defeated or flees.

Stated choices: each hunter plays any legal card with equal chance, and so does the opponent.
Dracula's target is ``uniform`` (each hunter equally) or ``minimax``: with the cards played at
random, the round's game leaves only his choice of target, so its minimax is the target that
gives the hunters the fewest expected points this round (:func:`rules.dracula.chain.payoff`;
equal targets share his choice). When the hunters win they take, among their revealed cards, the
result that (1) destroys Dracula or kills the agent, then (2) takes the most blood, then (3)
destroys no item, then (4) repels, changes nothing, continues or ends, in that order, then (5)
gives a Dodge's +1 next round; the first hunter of the group wins a full tie.

The chain of combat states is explored from the start, its strongly connected components are
taken in order, and probability is pushed forward exactly (cycles, from repels and results that
change nothing, are solved as small exact linear systems). A bound on the number of states is
checked before any work starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import gcd, lcm, prod

from rules.dracula.blood import AFTER_KILLED, MAX_BLOOD
from rules.dracula.cards import HUNTER_BASICS, CardTable, CombatResult, default_table
from rules.dracula.chain_model import initiatives, result_value
from rules.dracula.hunters import NO_SITUATION, Hunter, Opponent, Situation
from rules.dracula.legality import (
    AGATHA_CARDS,
    AGATHA_COST,
    DODGES,
    can_pay,
    enemy_cards,
    hunter_cards,
    playable_cards,
)
from rules.dracula.odds import roll_counts
from rules.dracula.shares import outcome_shares
from rules.dracula.words import card_names
from rules.errors import InvalidState
from rules.exact.graph import strong_components
from rules.exact.program import Program, compile_absorbing
from rules.exact.rational import sum_pairs
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import choice, present, whole

__all__ = ["MAX_GROUP_STATES", "TARGET_POLICIES", "GroupOdds", "group_odds", "state_bound"]

TARGET_POLICIES: tuple[str, ...] = ("uniform", "minimax")
MAX_GROUP_STATES = 8_000_000
"""The default largest bound on combat states (:func:`state_bound`) that is explored at all."""
_KIND_RANK = {"repel": 3, "nothing": 2, "continue": 1, "end": 0}
ENDING_KINDS = ("defeated", "bitten", "escaped", "continues", "destroyed", "killed")

# (healths, items per hunter, blood, cards on the table per hunter, enemy's card on the table,
#  continues, repel, side with a Dodge bonus (0 none, 1 hunters, 2 enemy), round (capped))
GState = tuple[
    tuple[int, ...], tuple[tuple[str, ...], ...], int, tuple[str | None, ...], str | None,
    int, bool, int, int,
]  # fmt: skip
# (kind, index of the hunter bitten/defeated or -1, blood, healths) at the end
GEnding = tuple[str, int, int, tuple[int, ...]]
# (code, owner, amount, ending kind, items after, cards on the table after, enemy's card,
#  repel, Dodge bonus, blood Dracula paid to play his card)
_Effect = tuple[
    int, int, int, str, tuple[tuple[str, ...], ...], tuple[str | None, ...], str, bool, int, int
]


@dataclass(frozen=True, slots=True)
class GroupOdds:
    """How a group combat ends, exactly.

    ``outcomes``: ending kind -> probability. ``by_hunter``: each hunter's name -> chance that
    this hunter is the one ``defeated`` or ``bitten``, and his ``health`` at the end (health ->
    probability). ``blood``: Dracula's blood at the end. ``states``: combat states solved.
    ``joint``: (kind, index of the hunter bitten or defeated or -1, blood, every hunter's
    health) -> probability.
    """

    hunters: tuple[str, ...]
    outcomes: dict[str, Fraction]
    by_hunter: dict[str, dict[str, Fraction]]
    health: dict[str, dict[int, Fraction]]
    blood: dict[int, Fraction]
    expected_rounds: Fraction
    states: int
    steps: tuple[Step, ...]
    joint: dict[GEnding, Fraction]


def state_bound(group: Sequence[Hunter], opponent: Opponent, blood: int, round_cap: int) -> int:
    """An upper bound on the combat states of this group combat (cheap: no exploration)."""
    per_hunter = []
    for h in group:
        items = h.combat_items
        kinds = set(items)
        subsets = prod(items.count(c) + 1 for c in kinds)
        per_hunter.append(h.health * subsets * (len(HUNTER_BASICS) + len(kinds) + 1))
    flags = 3 * 3 * (2 if opponent.is_dracula else 1) * max(round_cap, 1)
    return prod(per_hunter) * blood * (len(opponent.deck()) + 1) * flags


class _Group:
    """Everything fixed during one group combat."""

    def __init__(
        self,
        group: tuple[Hunter, ...],
        opponent: Opponent,
        situation: Situation,
        table: CardTable,
        target_policy: str,
        assume_initiative: int | None,
    ) -> None:
        self.group = group
        self.opponent = opponent
        self.situation = situation
        self.table = table
        self.target_policy = target_policy
        self.dracula = opponent.is_dracula
        self.enemy_deck = opponent.deck()
        self.dice = 2 if (not self.dracula and any(h.godalming for h in group)) else 1
        hb = int(situation.advance_planning)
        eb = int(situation.trap)
        if self.dracula:
            eb += int(any(h.counts_as_bitten for h in group)) + int(situation.castle_dracula)
        else:
            eb += int(opponent.minion and situation.eastern_europe)
        self.base_h, self.base_e = hb, eb
        self.free_slots = tuple(h.bite_slots - h.bites for h in group)
        self.playable = playable_cards(
            table, (c for h in group for c in (*HUNTER_BASICS, *h.combat_items)), self.enemy_deck
        )
        cards = tuple(dict.fromkeys(c for h in group for c in (*HUNTER_BASICS, *h.combat_items)))
        self.init, self.assumed = initiatives(table, cards + self.enemy_deck, assume_initiative)
        self.agatha = situation.sister_agatha and self.dracula
        garlic = situation.garlic and self.dracula
        self.round_cap = 4 if garlic else (2 if not situation.dodge_in_round_one else 0)
        self._hopts: dict[tuple[tuple[str, ...], str | None, int], tuple[str, ...]] = {}
        self._eopts: dict[tuple[str | None, bool, int, bool], tuple[str, ...]] = {}
        self._win: dict[tuple[str, str, int, bool], tuple[int, int]] = {}
        self._cells: dict[tuple[str, str, str], CombatResult] = {}
        self._local: dict[tuple[object, ...], tuple[int, tuple[tuple[_Effect, int], ...]]] = {}
        self._best: dict[tuple[tuple[str, ...], str, int], int] = {}
        self._scores: dict[tuple[object, ...], Fraction] = {}

    # -- legal cards ---------------------------------------------------------------------------
    def hunter_options(self, items: tuple[str, ...], last: str | None, rnd: int) -> tuple[str, ...]:
        key = (items, last, rnd)
        found = self._hopts.get(key)
        if found is None:
            found = hunter_cards(items, last, rnd, self.situation, self.playable)
            self._hopts[key] = found
        return found

    def enemy_options(self, last: str | None, repel: bool, rnd: int, blood: int) -> tuple[str, ...]:
        payable = can_pay(self.situation, self.dracula, blood)
        key = (last, repel, rnd, payable)
        found = self._eopts.get(key)
        if found is None:
            found = enemy_cards(
                self.enemy_deck, self.dracula, self.situation, last, repel, rnd, payable
            )
            self._eopts[key] = found
        return found

    def paid(self, e: str) -> int:
        return AGATHA_COST if self.agatha and e in AGATHA_CARDS else 0

    # -- one round -----------------------------------------------------------------------------
    def win(self, h: str, e: str, dodge: int, pistol: bool) -> tuple[int, int]:
        """Chance the target (playing ``h``) wins the roll against ``e`` (ties re-rolled), as
        (numerator, denominator)."""
        key = (h, e, dodge, pistol)
        found = self._win.get(key)
        if found is None:
            hb = self.base_h + pistol + (dodge == 1)
            eb = self.base_e + (e == "Pistol (Agent)") + (dodge == 2)
            higher, equal, lower, total = roll_counts(hb - eb, self.dice)
            hi, ei = self.init[h], self.init[e]
            if hi > ei:
                found = (higher + equal, total)
            elif hi < ei:
                found = (higher, total)
            else:
                found = (higher, higher + lower)
            self._win[key] = found
        return found

    def _taken(self, res: CombatResult, blood: int) -> int:
        """Blood a hunters' result takes from Dracula (0 against an agent)."""
        if not self.dracula:
            return 0
        if res.kind == "wound":
            return min(res.amount, blood)
        if res.kind == "killed":
            return blood - AFTER_KILLED[blood]
        return 0

    def best_card(self, cards: tuple[str, ...], e: str, blood: int) -> int:
        """Which revealed card the hunters apply when they win (see the module text)."""
        key = (cards, e, blood)
        found = self._best.get(key)
        if found is not None:
            return found

        def rank(j: int) -> tuple[int, int, int, int, int, int]:
            res = self.result("hunter", cards[j], e)
            taken = self._taken(res, blood)
            finishes = (self.dracula and taken >= blood > 0) or (
                not self.dracula and res.kind == "killed"
            )
            keeps = not (
                (res.item_destroyed and cards[j] not in HUNTER_BASICS)
                or "hunter discards all items" in res.extras
            )
            kind = res.kind
            if kind == "wound" or (kind == "repel" and not self.dracula):
                kind = "nothing" if not taken else "wound"
            order = _KIND_RANK.get(kind, 0)
            dodge = int(cards[j] in DODGES and kind not in ("end",) and not finishes)
            return (int(finishes), taken, int(keeps), order, dodge, -j)

        found = max(range(len(cards)), key=rank)
        self._best[key] = found
        return found

    def targets(self, s: GState) -> tuple[int, ...]:
        """The hunters Dracula may target this round, each with equal chance."""
        n = len(self.group)
        if self.target_policy == "uniform":
            return tuple(range(n))
        healths, items, blood, lasts, el, _cont, repel, dodge, rnd = s
        options = [self.hunter_options(items[i], lasts[i], rnd) for i in range(n)]
        enemy = self.enemy_options(el, repel, rnd, blood)
        scores: list[Fraction] = []
        for t in range(n):
            # the score depends on the health of the target only: cached per target and health
            key = (items, blood, lasts, el, repel, dodge, rnd, t, healths[t])
            total = self._scores.get(key)
            if total is None:
                total = self._score(t, healths[t], options, enemy, blood, dodge)
                self._scores[key] = total
            scores.append(total)
        low = min(scores)
        chosen = [t for t in range(n) if scores[t] == low]
        return tuple(chosen)

    def _score(
        self,
        t: int,
        health: int,
        options: list[tuple[str, ...]],
        enemy: tuple[str, ...],
        blood: int,
        dodge: int,
    ) -> Fraction:
        """The hunters' expected points this round when Dracula targets hunter ``t``, summed
        over every card choice (see :func:`rules.dracula.chain.payoff`)."""
        slots = self.free_slots[t]
        # integer numerators over (roll denominator x free slots): a bite costs health / slots
        acc: dict[int, int] = {}
        for cards in product(*options):
            pistol = "Pistol" in cards
            for e in enemy:
                paid = self.paid(e)
                b = blood - paid
                num, den = self.win(cards[t], e, dodge, pistol)
                j = self.best_card(cards, e, b)
                rh = self.result("hunter", cards[j], e)
                re_ = self.result("enemy", cards[t], e)
                win = result_value("hunter", rh, health, b, slots, self.dracula) * slots
                lose = result_value("enemy", re_, health, b, slots, self.dracula) * slots
                d = den * slots
                acc[d] = acc.get(d, 0) + paid * d + num * int(win) + (den - num) * int(lose)
        return Fraction(*sum_pairs(acc))

    def result(self, winner: str, h: str, e: str) -> CombatResult:
        key = (winner, h, e)
        found = self._cells.get(key)
        if found is None:
            found = self.table.result(winner, h, e)
            self._cells[key] = found
        return found

    def local(self, s: GState) -> tuple[int, tuple[tuple[_Effect, int], ...]]:
        """The round's effects with integer weights over a common denominator (cached: they
        do not depend on health, except through a minimax target)."""
        _healths, items, blood, lasts, el, _cont, repel, dodge, rnd = s
        targets = self.targets(s)
        key = (items, blood, lasts, el, repel, dodge, rnd, targets)
        found = self._local.get(key)
        if found is not None:
            return found
        n = len(self.group)
        options = [self.hunter_options(items[i], lasts[i], rnd) for i in range(n)]
        enemy = self.enemy_options(el, repel, rnd, blood)
        # each term is num / (choices * den of the roll): summed per denominator, no gcd
        raw: dict[_Effect, dict[int, int]] = {}
        choices = prod(len(o) for o in options) * len(enemy) * len(targets)
        for t in targets:
            for cards in product(*options):
                pistol = "Pistol" in cards
                for e in enemy:
                    paid = self.paid(e)
                    won, den = self.win(cards[t], e, dodge, pistol)
                    j = self.best_card(cards, e, blood - paid)
                    for winner, owner, q in (("hunter", j, won), ("enemy", t, den - won)):
                        if q:
                            res = self.result(winner, cards[owner], e)
                            eff = self.effect(items, cards, e, winner, owner, res, paid)
                            sums = raw.setdefault(eff, {})
                            sums[den] = sums.get(den, 0) + q
        common = lcm(*(d for sums in raw.values() for d in sums))
        entries = [
            (eff, sum(q * (common // d) for d, q in sums.items())) for eff, sums in raw.items()
        ]
        g = gcd(common * choices, *(q for _, q in entries))
        found = (common * choices // g, tuple((eff, q // g) for eff, q in entries))
        self._local[key] = found
        return found

    def effect(
        self,
        items: tuple[tuple[str, ...], ...],
        cards: tuple[str, ...],
        e: str,
        winner: str,
        owner: int,
        res: CombatResult,
        paid: int,
    ) -> _Effect:
        """What a result does, apart from health and blood (applied in :meth:`transitions`).

        Codes: 0 continue, 1 ending ``end``, 2 Dracula loses ``amount`` blood, 3 Dracula is
        killed (next red mark), 4 hunter ``owner`` loses ``amount`` health, 5 nothing else
        changes (a repel, or a result with no effect)."""
        kind = res.kind
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
            code, end = 1, "defeated" if self.free_slots[owner] <= 1 else "bitten"
        # cards stay on the table, except a destroyed or discarded one (the discard pile)
        new_items = list(items)
        lasts: list[str | None] = list(cards)
        mine = list(items[owner])
        if res.item_destroyed and cards[owner] in mine:
            mine.remove(cards[owner])
            lasts[owner] = None
        if "hunter discards all items" in res.extras:
            if cards[owner] in mine:
                lasts[owner] = None
            mine = []
        new_items[owner] = tuple(mine)
        for i, c in enumerate(lasts):
            if c is not None and c not in HUNTER_BASICS and new_items[i].count(c) != 1:
                lasts[i] = None  # another copy in hand: the one on the table bars nothing
        played = cards[owner] if winner == "hunter" else e
        dodge2 = (1 if winner == "hunter" else 2) if played in DODGES else 0
        return (
            code,
            owner,
            amount,
            end,
            tuple(new_items),
            tuple(lasts),
            e,
            repel2,
            dodge2,
            paid,
        )

    def transitions(self, s: GState) -> tuple[int, dict[GState | GEnding, int]]:
        """Successor states and endings with integer weights over the returned denominator."""
        den, entries = self.local(s)
        healths, _items, blood0, _lasts, _el, cont, _repel, _dodge, rnd = s
        rnd2 = min(rnd + 1, self.round_cap) if self.round_cap else 0
        out: dict[GState | GEnding, int] = {}
        t: GState | GEnding
        for (code, owner, amount, end, items, lasts, e, repel2, dodge2, paid), num in entries:
            blood = blood0 - paid  # Sister Agatha's price, before the result
            cont2 = 0
            if code == 0:
                if cont >= 2:
                    t = ("continues", -1, blood, healths)
                    out[t] = out.get(t, 0) + num
                    continue
                cont2 = cont + 1
            elif code == 1:
                who = owner if end in ("bitten", "defeated") else -1
                t = (end, who, 0 if end == "killed" else blood, healths)
                out[t] = out.get(t, 0) + num
                continue
            elif code in (2, 3):
                blood = blood - amount if code == 2 else AFTER_KILLED[blood]
                if blood <= 0:
                    t = ("destroyed", -1, 0, healths)
                    out[t] = out.get(t, 0) + num
                    continue
            elif code == 4:
                left = healths[owner] - amount
                if left <= 0:
                    hs = (*healths[:owner], 0, *healths[owner + 1 :])
                    t = ("defeated", owner, blood, hs)
                    out[t] = out.get(t, 0) + num
                    continue
                healths2 = (*healths[:owner], left, *healths[owner + 1 :])
                t = (healths2, items, blood, lasts, e, 0, False, dodge2, rnd2)
                out[t] = out.get(t, 0) + num
                continue
            t = (healths, items, blood, lasts, e, cont2, repel2, dodge2, rnd2)
            out[t] = out.get(t, 0) + num
        return den, out


def _solve(
    model: _Group, start: GState, max_states: int
) -> tuple[dict[GEnding, Fraction], Fraction, int]:
    """Explore, then push probability forward component by component (integer pairs, reduced
    once per state, as in :mod:`rules.dracula.chain`)."""
    index: dict[GState, int] = {start: 0}
    states: list[GState] = [start]
    dens: list[int] = []
    succ: list[list[tuple[int, int]]] = []
    exits: list[list[tuple[GEnding, int]]] = []
    i = 0
    while i < len(states):
        den, moves_all = model.transitions(states[i])
        moves: list[tuple[int, int]] = []
        ends: list[tuple[GEnding, int]] = []
        for t, num in moves_all.items():
            if isinstance(t[0], str):
                ends.append((t, num))
                continue
            tt: GState = t
            j = index.get(tt)
            if j is None:
                j = len(states)
                if j >= max_states:
                    raise InvalidState(
                        msg(
                            "this group combat has more than {max_states} states to solve "
                            "exactly; choose fewer hunters or items, or less health or blood",
                            max_states=max_states,
                        )
                    )
                index[tt] = j
                states.append(tt)
            moves.append((j, num))
        dens.append(den)
        succ.append(moves)
        exits.append(ends)
        i += 1
    n = len(states)
    adjacency = [[w for w, _ in moves] for moves in succ]
    comps = strong_components(n, adjacency.__getitem__)
    comp_of = [0] * n
    for ci, comp in enumerate(comps):
        for v in comp:
            comp_of[v] = ci
    mass: dict[int, dict[int, int]] = {0: {1: 1}}
    visits: list[tuple[int, int]] = [(0, 1)] * n
    programs: dict[object, Program] = {}
    for ci, comp in enumerate(comps):
        if len(comp) == 1:
            v = comp[0]
            num, den = sum_pairs(mass.pop(v, None))
            loop = sum(q for w, q in succ[v] if w == v)
            if loop:
                num, den = num * dens[v], den * (dens[v] - loop)
            g = gcd(num, den)
            visits[v] = (num // g, den // g)
        else:
            _solve_cycle(comp, states, succ, dens, comp_of, ci, mass, visits, programs)
        for v in comp:
            xn, xd = visits[v]
            if not xn:
                continue
            xd *= dens[v]
            for w, q in succ[v]:
                if comp_of[w] == ci:
                    continue
                sums = mass.get(w)
                if sums is None:
                    mass[w] = {xd: xn * q}
                else:
                    sums[xd] = sums.get(xd, 0) + xn * q
    joint_pairs: dict[GEnding, dict[int, int]] = {}
    rounds_pairs: dict[int, int] = {}
    for v in range(n):
        xn, xd = visits[v]
        if xn:
            rounds_pairs[xd] = rounds_pairs.get(xd, 0) + xn
            xd *= dens[v]
            for end, q in exits[v]:
                sums = joint_pairs.setdefault(end, {})
                sums[xd] = sums.get(xd, 0) + xn * q
    joint = {k: Fraction(*sum_pairs(v)) for k, v in joint_pairs.items()}
    return joint, Fraction(*sum_pairs(rounds_pairs)), n


def _solve_cycle(
    comp: list[int],
    states: list[GState],
    succ: list[list[tuple[int, int]]],
    dens: list[int],
    comp_of: list[int],
    ci: int,
    mass: dict[int, dict[int, int]],
    visits: list[tuple[int, int]],
    programs: dict[object, Program],
) -> None:
    """Visits x on a cyclic component: x = b + x Q, exactly (:mod:`rules.exact.program`).

    Every cycle passes through a state that starts a fresh run of Continues (a Continue raises
    the count, and only a result that changes nothing sets it back), so those states form the
    cut the program is compiled around. Health and blood are equal inside a component, so its
    program is shared by every component of the same shape."""
    comp = sorted(comp, key=lambda v: repr((states[v][1], *states[v][3:])))
    pos = {v: k for k, v in enumerate(comp)}
    inner: list[dict[int, int]] = []
    for v in comp:
        moves: dict[int, int] = {}
        for w, num in succ[v]:
            if comp_of[w] == ci:
                moves[pos[w]] = moves.get(pos[w], 0) + num
        inner.append(moves)
    local_dens = [dens[v] for v in comp]
    key = tuple(
        ((states[v][1], *states[v][3:]), local_dens[k], tuple(sorted(inner[k].items())))
        for k, v in enumerate(comp)
    )
    program = programs.get(key)
    if program is None:
        fresh = [states[v][5] == 0 for v in comp]  # no Continue in a row yet
        program = compile_absorbing(local_dens, inner, fresh.__getitem__, {})
        programs[key] = program
    incoming = [sum_pairs(mass.pop(v, None)) for v in comp]
    common = lcm(*(d for _n, d in incoming))
    values = program.run({k: n * (common // d) for k, (n, d) in enumerate(incoming) if n})
    for k, v in enumerate(comp):
        den = common * program.scale[program.values[k]]
        g = gcd(int(values[k]), den)
        visits[v] = (int(values[k]) // g, den // g)


def group_odds(
    hunters: Sequence[Hunter],
    opponent: Opponent,
    situation: Situation = NO_SITUATION,
    *,
    blood: int = MAX_BLOOD,
    table: CardTable | None = None,
    target_policy: str = "uniform",
    assume_initiative: int | None = None,
    max_states: int = 200_000,
    max_bound: int = MAX_GROUP_STATES,
) -> GroupOdds:
    """Exact distribution of how a group combat ends, with each hunter's share (see above).

    Refused before any work when :func:`state_bound` exceeds ``max_bound``, and during the
    exploration when more than ``max_states`` states are reached.
    """
    if not isinstance(hunters, list | tuple):
        raise InvalidState(
            msg("hunters must be a list of 2 to 4 hunters, got {value}", value=repr(hunters))
        )
    group = tuple(present(msg_p("dracula", "hunter"), h, Hunter) for h in hunters)
    if not 2 <= len(group) <= 4:
        raise InvalidState(
            msg("a group has 2 to 4 hunters, not {n} (one hunter: use combat_odds)", n=len(group))
        )
    names = [h.name for h in group]
    if len(set(names)) != len(names):
        raise InvalidState(
            msg("each hunter may appear once in a group, got {names}", names=repr(names))
        )
    opponent = present(msg_p("dracula", "opponent"), opponent, Opponent)
    situation = present(msg_p("dracula", "situation"), situation, Situation)
    # unused against an agent
    blood = whole(msg_p("dracula", "blood"), blood, 1, MAX_BLOOD)
    target_policy = choice(msg_p("dracula", "target_policy"), target_policy, TARGET_POLICIES)
    max_states = whole(msg_p("dracula", "max_states"), max_states, 1, 1_000_000)
    max_bound = whole(msg_p("dracula", "max_bound"), max_bound, 1, 10**12)
    if assume_initiative is not None:
        assume_initiative = whole(msg_p("dracula", "assume_initiative"), assume_initiative, 0, 9)
    model = _Group(
        group,
        opponent,
        situation,
        table if table is not None else default_table(),
        target_policy,
        assume_initiative,
    )
    start_blood = blood if opponent.is_dracula else 0
    bound = state_bound(group, opponent, max(start_blood, 1), model.round_cap)
    if bound > max_bound:
        raise InvalidState(
            msg(
                "this group combat may have up to {bound} states, more than the {max_bound} "
                "allowed; choose fewer hunters or items, or less health or blood",
                bound=_grouped(bound),
                max_bound=_grouped(max_bound),
            )
        )
    rnd = 1 if model.round_cap else 0
    start: GState = (
        tuple(h.health for h in group),
        tuple(h.combat_items for h in group),
        start_blood,
        (None,) * len(group),
        None,
        0,
        False,
        0,
        rnd,
    )
    joint, rounds, n_states = _solve(model, start, max_states)
    kinds = [
        "defeated",
        "bitten",
        "escaped",
        "continues",
        "destroyed" if model.dracula else "killed",
    ]
    outcomes = dict.fromkeys(kinds, Fraction(0))
    by_hunter = {h.name: {"defeated": Fraction(0), "bitten": Fraction(0)} for h in group}
    health: dict[str, dict[int, Fraction]] = {h.name: {} for h in group}
    blood_d: dict[int, Fraction] = {}
    for (kind, who, b, hs), p in joint.items():
        outcomes[kind] += p
        if who >= 0:
            by_hunter[group[who].name][kind] += p
        for h, x in zip(group, hs, strict=True):
            health[h.name][x] = health[h.name].get(x, Fraction(0)) + p
        blood_d[b] = blood_d.get(b, Fraction(0)) + p
    if sum(outcomes.values()) != 1:  # pragma: no cover - guarded by tests
        raise InvalidState(msg("internal error: the group's ending probabilities do not sum to 1"))
    trace = _trace(model, blood, n_states, outcomes, assume_initiative)
    return GroupOdds(
        hunters=tuple(names),
        outcomes=outcomes,
        by_hunter=by_hunter,
        health={k: dict(sorted(v.items())) for k, v in health.items()},
        blood=dict(sorted(blood_d.items())),
        expected_rounds=rounds,
        states=n_states,
        steps=trace,
        joint=joint,
    )


def _grouped(n: int) -> Message | str:
    """A large whole number with its digits in groups of three (``1,000,000``), each language
    using its own separator."""
    groups = f"{n:,}".split(",")
    said: Message | str = groups[0]
    for group in groups[1:]:
        said = msg("{head}{sep}{tail}", head=said, sep=msg_p("digit groups", ","), tail=group)
    return said


_TARGETS: dict[str, Message] = {
    "uniform": msg("uniform (each hunter equally)"),
    "minimax": msg("minimax (the hunter worth the group's fewest points this round)"),
}


def _trace(
    model: _Group,
    blood: int,
    n_states: int,
    outcomes: dict[str, Fraction],
    assume: int | None,
) -> tuple[Step, ...]:
    trace = Trace()
    names: list[Message] = [
        msg(
            "{name} ({health} health; {items})",
            name=h.name,
            health=h.health,
            items=card_names(h.combat_items) if h.combat_items else msg("no items"),
        )
        for h in model.group
    ]
    versus: Message | str = (
        msg("{opponent} with {blood} blood", opponent=model.opponent.against(), blood=blood)
        if model.dracula
        else model.opponent.against()
    )
    trace.add(
        "dracula:groups",
        msg_n(
            "A group of {n}: {names}, against {versus}. Every hunter fights and chooses a card "
            "each round; the target rolls for the group with every member's modifiers.",
            "A group of {n}: {names}, against {versus}. Every hunter fights and chooses a card "
            "each round; the target rolls for the group with every member's modifiers.",
            len(model.group),
            names=names,
            versus=versus,
        ),
    )
    trace.add(
        "dracula:group-odds",
        msg(
            "Dracula's target: {target}; every card choice is equally likely among the legal ones.",
            target=_TARGETS.get(model.target_policy, model.target_policy),
        ),
    )
    trace.add(
        "dracula:group-odds",
        msg(
            "When the hunters win they apply the revealed card whose result is best for them: "
            "Dracula destroyed (the agent killed), then the most blood, then no item lost, then "
            "repel, no effect, continue, end, then a Dodge's +1."
        ),
    )
    if model.assumed:
        trace.add(
            "dracula:initiative",
            msg(
                "Assumed initiative {initiative} for {cards} (not known).",
                initiative=assume,
                cards=card_names(model.assumed),
            ),
        )
    trace.add(
        "dracula:combat-end",
        msg_n(
            "Solved exactly over {n} combat states: {outcomes}. The combat ends as soon as the "
            "first hunter is bitten or defeated.",
            "Solved exactly over {n} combat states: {outcomes}. The combat ends as soon as the "
            "first hunter is bitten or defeated.",
            n_states,
            outcomes=outcome_shares(outcomes),
        ),
    )
    return trace.steps
