"""The whole-combat chain's model: its states, how each side picks a card, and each round's moves.

A state holds what the next round depends on: the hunter's health and combat items, Dracula's
blood, the cards left on the table, the run of Continues (at most 2: the third ends the combat,
which keeps the chain finite), the repel flag, the side with a Dodge bonus, and the round number
when Garlic/Rage or a "no Dodge in round 1" rule makes it matter. Each side picks its card by a
policy: ``uniform`` among legal cards, ``prefer`` (the first legal card of a preference list),
``minimax`` (its part of an optimal mixed strategy of the round's zero-sum game, solved exactly)
or ``plan`` (a card for each state, built by :mod:`rules.dracula.goals`).

A round whose roll is tied with equal initiative is rolled again; the re-roll is not counted as
a round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd, lcm

from rules.dracula.blood import AFTER_KILLED, MAX_BLOOD, blood_after_killed
from rules.dracula.cards import (
    ENEMY_CARDS,
    HUNTER_BASICS,
    HUNTER_CARDS,
    CardTable,
    CombatResult,
    default_table,
)
from rules.dracula.hunters import MAX_HEALTH, Hunter, Opponent, Situation
from rules.dracula.legality import (
    AGATHA_CARDS,
    AGATHA_COST,
    DODGES,
    can_pay,
    enemy_cards,
    hunter_cards,
    playable_cards,
)
from rules.dracula.minimax import GameSolution, solve_game
from rules.dracula.odds import roll_counts
from rules.dracula.words import card_names, semicolons
from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_p
from rules.validation import choice, flag, present, sized, whole

__all__ = [
    "POLICIES",
    "POLICY_NAMES",
    "CombatModel",
    "Policy",
    "State",
    "check_size",
    "enemy_cards",
    "initiatives",
    "payoff",
    "result_value",
    "setup_combat",
]

POLICIES = ("uniform", "prefer", "minimax", "plan")

# state: (health, blood, items, hunter_last, enemy_last, continues, repel, dodge, round)
State = tuple[int, int, tuple[str, ...], str | None, str | None, int, bool, int, int]
Ending = tuple[str, int, int]  # (kind, Dracula's blood at the end, hunter's health at the end)
# (code, amount, ending kind, items after, hunter card on the table, enemy card, repel, dodge,
# blood Dracula paid to play his card: Sister Agatha)
Effect = tuple[int, int, str, tuple[str, ...], str | None, str, bool, int, int]
# a state inside one layer (health, blood and items fixed): the rest of ``State``
Local = tuple[str | None, str | None, int, bool, int, int]

POLICY_NAMES: dict[str, Message] = {
    "uniform": msg_p("policy", "uniform"),
    "prefer": msg_p("policy", "prefer"),
    "minimax": msg_p("policy", "minimax"),
    "plan": msg_p("policy", "plan"),
}
"""Each policy as a trace names it: its key in English, what it does in other languages."""


def _policy_list() -> Message | str:
    """Every policy key with what it does: ``uniform — ...; prefer — ...``."""
    return semicolons([msg("{key} — {title}", key=k, title=POLICY_NAMES[k]) for k in POLICIES])


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
                msg(
                    "policy must be one of {policies}, not {kind}",
                    policies=_policy_list(),
                    kind=repr(self.kind),
                )
            )
        if self.kind == "prefer" and not self.preference:
            raise InvalidState(msg("a 'prefer' policy needs a preference list of card names"))
        for card in sized(msg_p("dracula", "preference"), self.preference, 0, None):
            choice(msg_p("dracula", "a preferred card"), card, HUNTER_CARDS + ENEMY_CARDS)
        if (self.kind == "plan") != (self.plan is not None):
            raise InvalidState(
                msg("a 'plan' policy, and only it, needs a plan (a card for each combat state)")
            )


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
    choice(msg_p("dracula", "winner"), winner, ("hunter", "enemy"))
    present(msg_p("dracula", "result"), result, CombatResult)
    whole(msg_p("dracula", "health"), health, 1, MAX_HEALTH)
    whole(msg_p("dracula", "blood"), blood, 0, MAX_BLOOD)
    whole(msg_p("dracula", "free_slots"), free_slots, 1, 3)
    flag(msg_p("dracula", "dracula"), dracula)
    return result_value(winner, result, health, blood, free_slots, dracula)


def initiatives(
    table: CardTable, cards: Sequence[str], assume_initiative: int | None
) -> tuple[dict[str, int], list[str]]:
    """Each card's initiative number, and the cards whose number is ``assume_initiative``
    because the table does not know it; refused when a number is unknown and none is assumed."""
    init: dict[str, int] = {}
    assumed: list[str] = []
    missing: list[str] = []
    for card in cards:
        value = table.initiative_of(card).value
        if value is None:
            if assume_initiative is None:
                missing.append(card)
                continue
            value = assume_initiative
            assumed.append(card)
        init[card] = value
    if missing:
        raise InvalidState(
            msg(
                "unknown initiative numbers for: {cards}. Set them from your cards "
                "(CardTable.with_initiative) or pass assume_initiative to use one stated value "
                "for every unknown card",
                cards=card_names(missing),
            )
        )
    return init, assumed


def result_value(
    winner: str, result: CombatResult, health: int, blood: int, free_slots: int, dracula: bool
) -> Fraction:
    """:func:`payoff` without its checks, for the chains' inner loops (arguments already valid)."""
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


class CombatModel:
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
        basics = HUNTER_BASICS
        self.hunter_order = tuple(dict.fromkeys(basics + hunter.combat_items))
        self.playable = playable_cards(table, self.hunter_order, self.enemy_deck)
        self.init, self.assumed = initiatives(
            table, self.hunter_order + self.enemy_deck, assume_initiative
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
            found = hunter_cards(items, last, rnd, self.situation, self.playable)
            self._hopts[key] = found
        return found

    def can_pay(self, blood: int) -> bool:
        """Whether Dracula may choose a card Sister Agatha taxes (always, without her)."""
        return can_pay(self.situation, self.dracula, blood)

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
        win = result_value("hunter", rh, health, blood, slots, drac)
        lose = result_value("enemy", re_, health, blood, slots, drac)
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
            raise InvalidState(msg("the hunter has no legal card to choose"))  # pragma: no cover
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
        if hl2 is not None and h not in HUNTER_BASICS and items.count(h) != 1:
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
        after_killed = AFTER_KILLED
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


def start_state(model: CombatModel, hunter: Hunter, blood: int) -> State:
    rnd = 1 if model.round_cap else 0
    return (hunter.health, blood, hunter.combat_items, None, None, 0, False, 0, rnd)


def setup_combat(
    hunter: Hunter,
    opponent: Opponent,
    situation: Situation,
    blood: int,
    table: CardTable | None,
    hunter_policy: Policy | str,
    enemy_policy: Policy | str,
    assume_initiative: int | None,
) -> tuple[CombatModel, State]:
    present(msg_p("dracula", "hunter"), hunter, Hunter)
    present(msg_p("dracula", "opponent"), opponent, Opponent)
    present(msg_p("dracula", "situation"), situation, Situation)
    # against an agent the blood track plays no part: any value from 0 is ignored
    low = 1 if opponent.is_dracula else 0
    whole(msg_p("dracula", "Dracula's blood"), blood, low, MAX_BLOOD)
    if table is not None:
        present(msg_p("dracula", "table"), table, CardTable)
    if assume_initiative is not None:
        whole(msg_p("dracula", "assume_initiative"), assume_initiative, 0, 9)
    if not isinstance(hunter_policy, Policy):
        choice(msg_p("dracula", "hunter_policy"), hunter_policy, POLICIES)
    if not isinstance(enemy_policy, Policy):
        choice(msg_p("dracula", "enemy_policy"), enemy_policy, POLICIES)
    hp = Policy(hunter_policy) if isinstance(hunter_policy, str) else hunter_policy
    ep = Policy(enemy_policy) if isinstance(enemy_policy, str) else enemy_policy
    if _refused(hp, hunter.deck()):
        raise InvalidState(
            msg(
                "hunter_policy prefers {preferred}, none of which is in that side's deck; "
                "allowed: {allowed}",
                preferred=card_names(hp.preference),
                allowed=card_names(dict.fromkeys(hunter.deck())),
            )
        )
    if _refused(ep, opponent.deck()):
        raise InvalidState(
            msg(
                "enemy_policy prefers {preferred}, none of which is in that side's deck; "
                "allowed: {allowed}",
                preferred=card_names(ep.preference),
                allowed=card_names(dict.fromkeys(opponent.deck())),
            )
        )
    model = CombatModel(
        hunter,
        opponent,
        situation,
        table if table is not None else default_table(),
        hp,
        ep,
        assume_initiative,
    )
    return model, start_state(model, hunter, blood if opponent.is_dracula else 0)


def _refused(policy: Policy, deck: Iterable[str]) -> bool:
    """Whether a 'prefer' policy names no card of its own side's deck."""
    cards = tuple(dict.fromkeys(deck))
    return policy.kind == "prefer" and not any(c in cards for c in policy.preference)


def check_size(model: CombatModel, start: State, max_states: int) -> None:
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
            msg(
                "this combat is too large to solve exactly: health {health} x blood {blood} x "
                "{item_sets} item sets x {hunter_cards} x {enemy_cards} card pairs is {size}, "
                "more than twice the limit of {max_states} states; choose the minimax policy, "
                "fewer combat items, or less health or blood",
                health=health,
                blood=blood,
                item_sets=item_sets,
                hunter_cards=len(model.hunter_order),
                enemy_cards=len(set(model.enemy_deck)),
                size=size,
                max_states=max_states,
            )
        )
