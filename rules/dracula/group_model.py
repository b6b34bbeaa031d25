"""The model of a Fury of Dracula group combat: its states and each round's moves.

A state holds every hunter's health, combat items and card left on the table, Dracula's blood
and card on the table, the run of Continues, the repel flag, the side with a Dodge bonus and the
round (when a rule makes it matter). :class:`GroupModel` holds what stays fixed during one combat
and gives, for each state, the legal cards, Dracula's targets, the card the hunters apply when
they win, and the successor states and endings with exact integer weights
(:mod:`rules.dracula.group` states the choices it makes).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import gcd, lcm, prod

from rules.dracula.blood import AFTER_KILLED
from rules.dracula.cards import HUNTER_BASICS, CardTable, CombatResult
from rules.dracula.chain_model import initiatives
from rules.dracula.hunters import Hunter, Opponent, Situation
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
from rules.exact.rational import sum_pairs

__all__ = ["GEffect", "GEnding", "GLocal", "GState", "GroupModel"]

_KIND_RANK = {"repel": 3, "nothing": 2, "continue": 1, "end": 0}

# (healths, items per hunter, blood, cards on the table per hunter, enemy's card on the table,
#  continues, repel, side with a Dodge bonus (0 none, 1 hunters, 2 enemy), round (capped))
GState = tuple[
    tuple[int, ...], tuple[tuple[str, ...], ...], int, tuple[str | None, ...], str | None,
    int, bool, int, int,
]  # fmt: skip
# a state inside one layer (healths, items and blood fixed): the rest of ``GState``
GLocal = tuple[tuple[str | None, ...], str | None, int, bool, int, int]
# (kind, index of the hunter bitten/defeated or -1, blood, healths) at the end
GEnding = tuple[str, int, int, tuple[int, ...]]
# (code, owner, amount, ending kind, items after, cards on the table after, enemy's card,
#  repel, Dodge bonus, blood Dracula paid to play his card)
GEffect = tuple[
    int, int, int, str, tuple[tuple[str, ...], ...], tuple[str | None, ...], str, bool, int, int
]


class GroupModel:
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
        # the readings the rules leave open (rules.dracula.hunters.GROUP_TIES, GROUP_DODGES)
        self.tie_highest = situation.group_tie == "highest"
        self.any_dodge = situation.group_dodge == "any"
        self._hopts: dict[tuple[tuple[str, ...], str | None, int], tuple[str, ...]] = {}
        self._eopts: dict[tuple[str | None, bool, int, bool], tuple[str, ...]] = {}
        self._win: dict[tuple[str, str, int, bool], tuple[int, int]] = {}
        self._cells: dict[tuple[str, str, str], CombatResult] = {}
        self._local: dict[tuple[object, ...], tuple[int, tuple[tuple[GEffect, int], ...]]] = {}
        self._best: dict[tuple[tuple[str, ...], str, int], int] = {}
        self._scores: dict[tuple[object, ...], Fraction] = {}
        self._score_terms: dict[
            tuple[object, ...], dict[int, tuple[int, dict[tuple[str, int], int]]]
        ] = {}
        # each effect once, by number: a round's raw sums are keyed by it (cheap to hash)
        # items -> (cards, e, winner, owner) -> the effect's number
        self._effect_of: dict[tuple[tuple[str, ...], ...], dict[tuple[object, ...], int]] = {}
        self._effect_index: dict[GEffect, int] = {}
        self._effect_list: list[GEffect] = []
        self._classes: dict[int, object] = {}
        # the hunters' results see at most this much blood (the largest wound, plus one)
        self._wound_top = 1 + max(
            (c.amount for c in table.cells.values() if c.kind == "wound"), default=0
        )

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

    def blood_class(self, blood: int) -> object:
        """What one round's moves see of Dracula's blood (equal classes, equal moves): whether
        he can pay Sister Agatha's price, and, for each price he may pay, how much blood the
        hunters' results can take and whether it destroys him. Blood 15 and 10, say, are the
        same to a round: a wound takes at most 4 and a Killed takes 5 from either."""
        found = self._classes.get(blood)
        if found is None:
            seen: list[tuple[int, int, bool] | None] = []
            for paid in (0, AGATHA_COST) if self.agatha else (0,):
                b = blood - paid
                seen.append(
                    (min(b, self._wound_top), b - AFTER_KILLED[b], AFTER_KILLED[b] == 0)
                    if self.dracula and b > 0
                    else None
                )
            found = (can_pay(self.situation, self.dracula, blood), tuple(seen))
            self._classes[blood] = found
        return found

    def tie_card(self, cards: tuple[str, ...], t: int) -> str:
        """The hunters' card whose initiative meets the enemy's on equal totals: the target's,
        or the highest initiative among the revealed cards (``group_tie="highest"``)."""
        if not self.tie_highest:
            return cards[t]
        init = self.init
        return max(cards, key=lambda c: init[c])

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
        """Which revealed card the hunters apply when they win (see :mod:`rules.dracula.group`)."""
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
            # with group_dodge "any" the +1 does not depend on the card applied
            dodge = int(
                not self.any_dodge and cards[j] in DODGES and kind not in ("end",) and not finishes
            )
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
                part = key[:-1]
                terms = self._score_terms.get(part)
                if terms is None:
                    terms = self._terms(t, options, enemy, blood, dodge)
                    self._score_terms[part] = terms
                total = self._score(t, healths[t], terms)
                self._scores[key] = total
            scores.append(total)
        low = min(scores)
        chosen = [t for t in range(n) if scores[t] == low]
        return tuple(chosen)

    def _terms(
        self,
        t: int,
        options: list[tuple[str, ...]],
        enemy: tuple[str, ...],
        blood: int,
        dodge: int,
    ) -> dict[int, tuple[int, dict[tuple[str, int], int]]]:
        """The round's points for the hunters when Dracula targets hunter ``t`` (see
        :func:`rules.dracula.chain.payoff`), summed over every card choice, as what does not
        depend on the target's health and the weight of each result that does: roll
        denominator x free slots -> (points, {result: weight}). A result that depends on
        health is ``("killed", 0)`` (an agent killed: the hunters gain the target's health),
        ``("wound", n)`` (the target loses n, at most his health) or ``("bite", 0)`` (a share
        of his health for each free slot)."""
        slots = self.free_slots[t]
        acc: dict[int, tuple[int, dict[tuple[str, int], int]]] = {}
        for cards in product(*options):
            pistol = "Pistol" in cards
            for e in enemy:
                paid = self.paid(e)
                b = blood - paid
                num, den = self.win(self.tie_card(cards, t), e, dodge, pistol)
                j = self.best_card(cards, e, b)
                rh = self.result("hunter", cards[j], e)
                re_ = self.result("enemy", cards[t], e)
                d = den * slots
                points, weights = acc.get(d, (0, {}))
                points += paid * d
                if rh.kind == "killed" and not self.dracula:
                    weights[("killed", 0)] = weights.get(("killed", 0), 0) + num
                else:
                    points += num * self._taken(rh, b) * slots
                lose: tuple[str, int] | None = None
                if re_.kind == "wound":
                    lose = ("wound", re_.amount)
                elif re_.kind == "bite":
                    lose = ("bite", 0)
                if lose is not None:
                    weights[lose] = weights.get(lose, 0) + (den - num)
                acc[d] = (points, weights)
        return acc

    def _score(
        self, t: int, health: int, terms: dict[int, tuple[int, dict[tuple[str, int], int]]]
    ) -> Fraction:
        """The hunters' expected points this round when Dracula targets hunter ``t`` with
        ``health`` (see :meth:`_terms`)."""
        slots = self.free_slots[t]
        acc: dict[int, int] = {}
        for d, (points, weights) in terms.items():
            total = points
            for (kind, amount), w in weights.items():
                if kind == "killed":
                    total += w * health * slots
                elif kind == "wound":
                    total -= w * min(amount, health) * slots
                else:
                    total -= w * health
            acc[d] = total
        return Fraction(*sum_pairs(acc))

    def result(self, winner: str, h: str, e: str) -> CombatResult:
        key = (winner, h, e)
        found = self._cells.get(key)
        if found is None:
            found = self.table.result(winner, h, e)
            self._cells[key] = found
        return found

    def local(self, s: GState) -> tuple[int, tuple[tuple[GEffect, int], ...]]:
        """The round's effects with integer weights over a common denominator (cached: they
        do not depend on health, except through a minimax target, nor on blood beyond its
        :meth:`blood_class`)."""
        _healths, items, blood, lasts, el, _cont, repel, dodge, rnd = s
        targets = self.targets(s)
        key = (items, self.blood_class(blood), lasts, el, repel, dodge, rnd, targets)
        found = self._local.get(key)
        if found is not None:
            return found
        n = len(self.group)
        options = [self.hunter_options(items[i], lasts[i], rnd) for i in range(n)]
        enemy = self.enemy_options(el, repel, rnd, blood)
        # each term is num / (choices * den of the roll): summed per denominator, no gcd
        raw: dict[int, dict[int, int]] = {}
        choices = prod(len(o) for o in options) * len(enemy) * len(targets)
        ids = self._effect_of.setdefault(items, {})
        for t in targets:
            for cards in product(*options):
                pistol = "Pistol" in cards
                for e in enemy:
                    paid = self.paid(e)
                    won, den = self.win(self.tie_card(cards, t), e, dodge, pistol)
                    j = self.best_card(cards, e, blood - paid)
                    for winner, owner, q in (("hunter", j, won), ("enemy", t, den - won)):
                        if q:
                            ekey = (cards, e, winner, owner)
                            k = ids.get(ekey)
                            if k is None:
                                res = self.result(winner, cards[owner], e)
                                eff = self.effect(items, cards, e, winner, owner, res, paid)
                                k = self._effect_index.setdefault(eff, len(self._effect_list))
                                if k == len(self._effect_list):
                                    self._effect_list.append(eff)
                                ids[ekey] = k
                            sums = raw.get(k)
                            if sums is None:
                                raw[k] = {den: q}
                            else:
                                sums[den] = sums.get(den, 0) + q
        common = lcm(*(d for sums in raw.values() for d in sums))
        effects = self._effect_list
        entries = [
            (effects[k], sum(q * (common // d) for d, q in sums.items())) for k, sums in raw.items()
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
    ) -> GEffect:
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
        if self.any_dodge and winner == "hunter" and any(c in DODGES for c in cards):
            dodge2 = 1
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
