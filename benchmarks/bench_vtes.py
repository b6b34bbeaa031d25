"""Speed of the VTES engines, side by side with literal reference versions written here.

Run: ``.venv/bin/python benchmarks/bench_vtes.py [--quick]``. Every engine is deterministic,
so the baseline of each case is a deliberately literal version of the same rules, written
in this file straight from the rulebook's wording: damage and blood are moved one point at
a time, combat is replayed one strike pair at a time with that damage, every influence
plan is walked transfer by transfer, every ousting walks the seats to find the predator.
Every timed case is also a check: the engine and the literal version must give the same
answer on every input, or the run stops with a non-zero exit status.

Times are CPU time of this process (the machine is shared), in milliseconds per call:
each call is timed on its own, the median over the repeats is kept, and each case reports
the median and the slowest of its calls. ``base/ours`` above 1 means our engine is faster.
The budget of an interactive call (a page update) is 100 ms; it is reported, never
asserted: this is a benchmark, not a test.
"""

from __future__ import annotations

import itertools
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from harness import per_call_ms

from rules.errors import RuleError
from rules.vtes import (
    Ally,
    ContestedCard,
    ContestedTitle,
    MinionState,
    Move,
    Ousting,
    Retainer,
    Uncontrolled,
    Vampire,
    blood_hunt,
    diablerie,
    leave_torpor,
    plan_influence,
    rescue,
    resolve_damage,
    score_game,
    untap_contests,
)
from rules.vtes.combat import resolve
from rules.vtes.combat_examples import EXAMPLES
from rules.vtes.examples import DAMAGE_EXAMPLES
from rules.vtes.table_examples import NORA_POOL, NORA_TRANSFERS, NORA_UNCONTROLLED

BUDGET_MS = 100.0
READY, TORPOR, BURNED = MinionState.READY, MinionState.TORPOR, MinionState.BURNED


@dataclass
class CaseResult:
    label: str
    calls: int
    ours_median: float
    ours_max: float
    base_median: float
    ours_total: float
    base_total: float


def outcome(fn: Callable[[], object]) -> object:
    """What ``fn`` returns, or the word 'refused' when the rules forbid it."""
    try:
        return fn()
    except RuleError:
        return "refused"


def run_case(
    label: str,
    inputs: Sequence[Any],
    ours: Callable[[Any], object],
    ours_key: Callable[[Any, object], object],
    base: Callable[[Any], object],
    repeat: int,
) -> CaseResult:
    """Check ours == base on every input, then time both, call by call."""
    for item in inputs:
        got = outcome(partial(ours, item))
        want = outcome(partial(base, item))
        mine = got if got == "refused" else ours_key(item, got)
        if mine != want:
            print(f"\nMISMATCH in {label!r} on input {item!r}:")
            print(f"  engine:  {mine!r}")
            print(f"  literal: {want!r}")
            sys.exit(1)
    ours_calls = [lambda item=item: outcome(lambda: ours(item)) for item in inputs]
    base_calls = [lambda item=item: outcome(lambda: base(item)) for item in inputs]
    ours_ms = per_call_ms(ours_calls, repeat)
    base_ms = per_call_ms(base_calls, repeat)
    return CaseResult(
        label,
        len(inputs),
        statistics.median(ours_ms),
        max(ours_ms),
        statistics.median(base_ms),
        sum(ours_ms),
        sum(base_ms),
    )


# ============================================================================ literal damage


def literal_damage(
    kind: str,
    blood: int,
    state: MinionState,
    normal: int,
    aggravated: int,
    prevent_normal: int = 0,
    prevent_aggravated: int = 0,
) -> tuple[MinionState, int, bool]:
    """(state, blood or life, wounded) after the damage, one point at a time (6.4.6).

    Prevented points never arrive. A vampire: each normal point costs 1 blood to mend, or
    wounds it when no blood is left; the first aggravated point wounds an unwounded vampire,
    each later one costs 1 blood, and one that cannot be paid burns it. A wounded vampire
    goes to torpor once everything is done. Allies and retainers lose 1 life per point.
    """
    if kind != "vampire":
        life = blood
        for _ in range(normal - prevent_normal + aggravated - prevent_aggravated):
            if life > 0:
                life -= 1
        return (BURNED if life == 0 else READY), life, False
    wounded = state is TORPOR
    burned = False
    for _ in range(normal - prevent_normal):
        if blood > 0:
            blood -= 1
        else:
            wounded = True
    for _ in range(aggravated - prevent_aggravated):
        if burned:
            break
        if not wounded:
            wounded = True
        elif blood > 0:
            blood -= 1
        else:
            burned = True
    if burned:
        return BURNED, 0, True
    return (TORPOR if wounded else READY), blood, wounded


def damage_inputs(quick: bool) -> list[tuple[Any, int, int, int, int]]:
    items: list[tuple[Any, int, int, int, int]] = []
    capacities = (1, 4, 7, 11) if quick else range(1, 12)
    top = 4 if quick else 6
    for cap in capacities:
        for blood in range(cap + 1):
            for state in (READY, TORPOR):
                v = Vampire("V", capacity=cap, blood=blood, state=state)
                for n in range(top + 1):
                    for a in range(top + 1):
                        items.append((v, n, a, min(n, 1), min(a, 1) if n == 0 else 0))
    for life in range(1, 6):
        for n in range(top + 1):
            for a in range(top + 1):
                items.append((Ally("A", life=life), n, a, 0, 0))
                items.append((Retainer("R", life=life), n, a, 0, 0))
    return items


def damage_ours(item: tuple[Any, int, int, int, int]) -> object:
    minion, n, a, pn, pa = item
    if isinstance(minion, Retainer):
        pn = pa = 0
    return resolve_damage(minion, normal=n, aggravated=a, prevent_normal=pn, prevent_aggravated=pa)


def damage_key(_item: object, r: Any) -> object:
    return (r.state, r.blood, r.wounded)


def damage_base(item: tuple[Any, int, int, int, int]) -> object:
    minion, n, a, pn, pa = item
    if isinstance(minion, Vampire):
        return literal_damage("vampire", minion.blood, minion.state, n, a, pn, pa)
    if isinstance(minion, Retainer):
        pn = pa = 0
    return literal_damage("life", minion.life, READY, n, a, pn, pa)


def seed_damage_inputs() -> list[tuple[Any, int, int, int, int]]:
    return [
        (e.vampire, e.normal, e.aggravated, e.prevent_normal, e.prevent_aggravated)
        for e in DAMAGE_EXAMPLES
    ]


# ============================================================================ literal combat


class LiteralCombat:
    """A plain replay of a combat scenario: the subset with hand strikes, fixed-damage
    strikes (aggravated, ranged, first strike, dodge, combat ends, steal blood,
    prevention), maneuvers, additional strikes and presses; no equipment or retainers."""

    def __init__(self, scenario: Mapping[str, Any]) -> None:
        self.f: dict[str, dict[str, Any]] = {}
        for side in ("acting", "opposing"):
            c = scenario[side]
            vampire = c["kind"] == "vampire"
            self.f[side] = {
                "vampire": vampire,
                "amount": c["blood"] if vampire else c["life"],
                "capacity": c.get("capacity"),
                "strength": c.get("strength", 1),
                "state": READY,
            }
        self.rounds: list[tuple[str, bool]] = []
        self.over = False
        self.refused = False
        for rnd in scenario.get("rounds", [{}]):
            if self.over:  # no round may follow the end of the combat
                self.refused = True
                break
            self.play(rnd)

    def play(self, rnd: Mapping[str, Any]) -> None:
        rng = "close"
        for _ in rnd.get("maneuvers", []):
            rng = "long" if rng == "close" else "close"
        strikes = rnd.get("strikes", {})
        acting = list(strikes.get("acting", [])) or [{"hand": True}]
        opposing = list(strikes.get("opposing", [])) or [{"hand": True}]
        for k in range(max(len(acting), len(opposing))):
            pair = {
                "acting": acting[k] if k < len(acting) else None,
                "opposing": opposing[k] if k < len(opposing) else None,
            }
            self.pair(pair, rng)
            if self.over:
                self.rounds.append((rng, False))
                return
        presses = len(rnd.get("presses", []))
        continued = presses % 2 == 1
        self.rounds.append((rng, continued))
        self.over = not continued

    def pair(self, pair: Mapping[str, Mapping[str, Any] | None], rng: str) -> None:
        chosen = {side: s for side, s in pair.items() if s is not None}
        if any(s.get("combat_ends") for s in chosen.values()):
            self.over = True
            return
        dodging = {side: bool(s.get("dodge")) for side, s in chosen.items()}
        first = [side for side, s in chosen.items() if s.get("first_strike")]
        if first and len(first) < len(chosen):
            groups = [first, [side for side in chosen if side not in first]]
        else:
            groups = [list(chosen)]
        for group in groups:
            self.resolve_group({side: chosen[side] for side in group}, dodging, rng)
            if any(f["state"] is not READY for f in self.f.values()):
                self.over = True
                return

    def resolve_group(
        self, group: Mapping[str, Mapping[str, Any]], dodging: Mapping[str, bool], rng: str
    ) -> None:
        damage: dict[str, tuple[int, int, int]] = {}
        steals: dict[str, int] = {}
        for side, s in group.items():
            target = "opposing" if side == "acting" else "acting"
            points = s.get("damage", 0)
            if s.get("hand"):
                points = max(0, self.f[side]["strength"] + s.get("strength_bonus", 0))
            steal = s.get("steal_blood", 0)
            if not (points or steal):
                continue
            if rng == "long" and not s.get("ranged"):
                continue
            if dodging.get(target, False):
                continue
            agg = bool(s.get("aggravated"))
            damage[target] = (0 if agg else points, points if agg else 0, s.get("prevented", 0))
            steals[target] = steal
        for target, steal in steals.items():  # stolen one counter at a time, before damage
            thief = self.f["opposing" if target == "acting" else "acting"]
            victim = self.f[target]
            for _ in range(steal):
                if victim["amount"] == 0:
                    break
                victim["amount"] -= 1
                thief["amount"] += 1
                if thief["capacity"] is not None and thief["amount"] > thief["capacity"]:
                    thief["amount"] -= 1  # drains to the blood bank
            if not victim["vampire"] and victim["amount"] == 0:
                victim["state"] = BURNED
        for target, (normal, aggravated, prevented) in damage.items():
            f = self.f[target]
            if f["state"] is not READY or not (normal or aggravated):
                continue
            pn = min(prevented, normal)
            kind = "vampire" if f["vampire"] else "life"
            state, amount, _ = literal_damage(
                kind, f["amount"], f["state"], normal, aggravated, pn, prevented - pn
            )
            f["state"], f["amount"] = state, amount

    def result(self) -> object:
        if self.refused:
            return "refused"
        sides = tuple((f["state"], f["amount"]) for f in self.f.values())
        return sides, tuple(self.rounds)


def combat_key(_scenario: object, report: Any) -> object:
    sides = tuple(
        (c.state, c.blood if c.kind == "vampire" else c.life)
        for c in (report.acting, report.opposing)
    )
    return sides, tuple((r.range, r.continued) for r in report.rounds)


def combat_base(scenario: Mapping[str, Any]) -> object:
    return LiteralCombat(scenario).result()


def vampire(name: str, capacity: int, blood: int, strength: int = 1) -> dict[str, Any]:
    return {
        "name": name,
        "kind": "vampire",
        "capacity": capacity,
        "blood": blood,
        "strength": strength,
    }


SINGLE_ROUND: dict[str, Any] = {
    "acting": vampire("Anna", 6, 4, strength=2),
    "opposing": vampire("Boris", 5, 3),
    "rounds": [{"strikes": {"acting": [{"hand": True}], "opposing": [{"hand": True}]}}],
}

PRESSED_ROUNDS: dict[str, Any] = {
    "acting": vampire("Anna", 8, 6, strength=2),
    "opposing": vampire("Boris", 9, 7),
    "rounds": [
        {
            "maneuvers": ["acting", "opposing"],
            "strikes": {
                "acting": [{"hand": True}],
                "opposing": [{"name": "Bite", "damage": 2}],
            },
            "presses": ["acting"],
        },
        {
            "maneuvers": ["opposing"],
            "strikes": {
                "acting": [{"hand": True}],
                "opposing": [{"name": "Pistol shot", "damage": 2, "ranged": True}],
            },
            "presses": ["acting", "opposing", "acting"],
        },
        {
            "strikes": {
                "acting": [
                    {"name": "Torn limb", "damage": 3, "prevented": 1},
                    {"name": "Claws", "damage": 1, "aggravated": True},
                ],
                "opposing": [{"hand": True, "first_strike": True}],
            },
            "additional_strikes": {"acting": [{"name": "Blur", "count": 1}]},
            "presses": ["opposing", "acting"],
        },
    ],
}


def long_combat(rounds: int) -> dict[str, Any]:
    """``rounds`` rounds of hand strikes held open by presses; both mend every round."""
    played: list[dict[str, Any]] = []
    for i in range(rounds):
        last = i == rounds - 1
        played.append(
            {
                "maneuvers": ["acting"] if i % 2 else [],
                "strikes": {
                    "acting": [{"name": "Ranged bite", "damage": 1, "ranged": True}],
                    "opposing": [{"name": "Thrown knife", "damage": 1, "ranged": True}],
                },
                "presses": [] if last else (["opposing"] if i % 3 else ["acting"]),
            }
        )
    return {
        "acting": vampire("Anna", rounds + 2, rounds + 1),
        "opposing": vampire("Boris", rounds + 2, rounds + 1),
        "rounds": played,
    }


# ============================================================================ torpor


def torpor_inputs(quick: bool) -> list[tuple[str, Any]]:
    items: list[tuple[str, Any]] = []
    caps = (2, 5, 9, 11) if quick else range(1, 12)
    for cap in caps:
        for blood in range(2, cap + 1):
            items.append(("leave", Vampire("T", cap, blood, state=TORPOR)))
    for cap in caps:
        for blood in (0, 1, 2, cap):
            if blood > cap:
                continue
            sleeper = Vampire("T", cap, blood, state=TORPOR)
            for share in (0, 1, 2):
                items.append(("rescue", (Vampire("R", 5, 2), sleeper, share)))
    for c1 in caps:
        for c2 in caps:
            for b1 in {0, c1 // 2, c1}:
                for b2 in {0, c2 // 2, c2}:
                    actor = Vampire("D", c1, b1)
                    items.append(("diablerie", (actor, Vampire("V", c2, b2, state=TORPOR))))
    for votes_for in range(0, 9, 2 if quick else 1):
        for against in range(0, 9, 2 if quick else 1):
            items.append(("hunt", (Vampire("D", 5, 3), votes_for, against)))
    return items


def torpor_ours(item: tuple[str, Any]) -> object:
    kind, data = item
    if kind == "leave":
        return leave_torpor(data)
    if kind == "rescue":
        rescuer, sleeper, share = data
        return rescue(rescuer, sleeper, rescuer_pays=share, same_controller=True)
    if kind == "diablerie":
        return diablerie(*data)
    diablerist, votes_for, against = data
    return blood_hunt(diablerist, votes_for=votes_for, votes_against=against)


def torpor_key(item: tuple[str, Any], r: Any) -> object:
    kind = item[0]
    if kind == "leave":
        return (r.vampire.state, r.vampire.blood)
    if kind == "rescue":
        return (r.rescuer.blood, r.rescued.blood, r.rescued.state)
    if kind == "diablerie":
        return (r.diablerist.blood, r.blood_drained, r.victim.state, r.discipline_allowed)
    return (r.passed, r.diablerist.state)


def torpor_base(item: tuple[str, Any]) -> object:
    kind, data = item
    if kind == "leave":  # 6.5.2: 2 blood, paid one at a time, and the vampire is ready
        blood = data.blood
        if blood < 2:
            return "refused"
        for _ in range(2):
            blood -= 1
        return (READY, blood)
    if kind == "rescue":  # 6.5.3: 2 blood in all, split as announced
        rescuer, sleeper, share = data
        a, b = rescuer.blood, sleeper.blood
        for payer in ["rescuer"] * share + ["rescued"] * (2 - share):
            if payer == "rescuer":
                if a == 0:
                    return "refused"
                a -= 1
            else:
                if b == 0:
                    return "refused"
                b -= 1
        return (a, b, READY)
    if kind == "diablerie":  # 6.5.5: every counter moves over; what does not fit drains
        actor, victim = data
        blood, drained = actor.blood, 0
        for _ in range(victim.blood):
            if blood < actor.capacity:
                blood += 1
            else:
                drained += 1
        return (blood, drained, BURNED, victim.capacity > actor.capacity)
    diablerist, votes_for, against = data  # 6.5.6: a referendum passes on more votes for
    passed = votes_for > against
    return (passed, BURNED if passed else diablerist.state)


# ============================================================================ influence


def unit_cost(move: Move) -> int:
    return move.transfers


def all_plans(names: Sequence[str], transfers: int, with_draw: bool) -> list[tuple[Move, ...]]:
    """Every sequence of moves (any counts) that fits in ``transfers``."""
    alphabet: list[Move] = []
    for name in names:
        alphabet += [Move.to_vampire(name, n) for n in range(1, transfers + 1)]
        alphabet += [Move.to_pool(name, n) for n in range(1, transfers // 2 + 1)]
    if with_draw:
        alphabet.append(Move.draw())
    plans: list[tuple[Move, ...]] = [()]
    frontier: list[tuple[tuple[Move, ...], int]] = [((), 0)]
    while frontier:
        nxt = []
        for plan, used in frontier:
            for move in alphabet:
                if used + unit_cost(move) <= transfers:
                    longer = (*plan, move)
                    plans.append(longer)
                    nxt.append((longer, used + unit_cost(move)))
        frontier = nxt
    return plans


@dataclass(frozen=True)
class Situation:
    pool: int
    transfers: int
    uncontrolled: tuple[Uncontrolled, ...]
    crypt: tuple[Uncontrolled, ...] = ()
    in_play: tuple[tuple[str, int], ...] = ()


def influence_ours(item: tuple[Situation, tuple[Move, ...]]) -> object:
    s, moves = item
    return plan_influence(
        pool=s.pool,
        uncontrolled=s.uncontrolled,
        moves=moves,
        transfers=s.transfers,
        crypt=s.crypt,
        in_play_by_clan=dict(s.in_play),
    )


def influence_key(_item: object, plan: Any) -> object:
    return (
        plan.pool,
        plan.transfers_used,
        tuple((v.name, v.blood) for v in plan.uncontrolled),
        tuple((v.name, v.drained, v.scarce_cost) for v in plan.controlled),
    )


def influence_base(item: tuple[Situation, tuple[Move, ...]]) -> object:
    """Section 7, one transfer and one counter at a time."""
    s, moves = item
    pool = s.pool
    left = s.transfers
    used = 0
    region: dict[str, list[Any]] = {
        v.name: [v.blood, v.capacity, v.clan, v.scarce] for v in s.uncontrolled
    }
    deck = list(s.crypt)
    for move in moves:
        if move.kind == "draw":
            if left < 4 or not deck:
                return "refused"
            left -= 4
            used += 4
            pool -= 1
            if pool == 0:
                return "refused"
            top = deck.pop(0)
            region[top.name] = [top.blood, top.capacity, top.clan, top.scarce]
            continue
        if move.vampire not in region:
            return "refused"
        for _ in range(move.count):
            if move.kind == "to_vampire":
                if left < 1:
                    return "refused"
                left -= 1
                used += 1
                pool -= 1
                if pool == 0:
                    return "refused"
                region[move.vampire][0] += 1
            else:
                if left < 2 or region[move.vampire][0] == 0:
                    return "refused"
                left -= 2
                used += 2
                region[move.vampire][0] -= 1
                pool += 1
    counts = dict(s.in_play)
    remaining = []
    controlled = []
    for name, (blood, capacity, clan, scarce) in region.items():
        if blood < capacity:
            remaining.append((name, blood))
            continue
        cost = 0
        if scarce:
            for _ in range(counts.get(clan, 0)):
                for _ in range(3):
                    pool -= 1
                    cost += 1
                    if pool == 0:
                        return "refused"
        if clan:
            counts[clan] = counts.get(clan, 0) + 1
        controlled.append((name, blood - capacity, cost))
    return (pool, used, tuple(remaining), tuple(controlled))


BIG_TABLE = Situation(
    pool=4,
    transfers=4,
    uncontrolled=(
        Uncontrolled("Ada", capacity=3, blood=2, clan="Tremere", scarce=True),
        Uncontrolled("Ben", capacity=6, blood=5, clan="Brujah"),
        Uncontrolled("Cyd", capacity=2, blood=1, clan="Tremere"),
    ),
    crypt=(Uncontrolled("Dee", capacity=1, blood=0, clan="Tremere", scarce=True),),
    in_play=(("Tremere", 1),),
)


def influence_inputs(s: Situation, quick: bool) -> list[tuple[Situation, tuple[Move, ...]]]:
    names = [v.name for v in (*s.uncontrolled, *s.crypt)]
    plans = all_plans(names, s.transfers, bool(s.crypt))
    if quick:
        plans = plans[::4]
    return [(s, plan) for plan in plans]


# ============================================================================ victory


def victory_inputs(players: int) -> list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]:
    """Every order of oustings at a table, one at a time, plus a simultaneous double ousting."""
    seating = tuple(f"P{i}" for i in range(1, players + 1))
    items: list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = []
    for order in itertools.permutations(seating, players - 1):
        items.append((seating, tuple((p,) for p in order)))
        items.append((seating, ((order[0], order[1]), *((p,) for p in order[2:]))))
    return items


def victory_ours(item: tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]) -> object:
    seating, events = item
    return score_game(seating, [Ousting(e) for e in events])


def victory_key(_item: object, score: Any) -> object:
    return tuple((p.name, p.victory_points, p.pool_gained) for p in score.players)


def victory_base(item: tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]) -> object:
    """Section 9.1: the predator of each ousted player, found by walking to the right."""
    seating, events = item
    in_game = set(seating)
    vp = dict.fromkeys(seating, 0)
    pool = dict.fromkeys(seating, 0)
    for event in events:
        for player in event:
            i = seating.index(player)
            while True:
                i = (i - 1) % len(seating)
                if seating[i] in in_game:
                    break
            predator = seating[i]
            vp[predator] += 1
            if predator not in event:
                pool[predator] += 6
        in_game -= set(event)
        if len(in_game) == 1:
            vp[next(iter(in_game))] += 1
    return tuple((p, vp[p], pool[p]) for p in seating)


# ============================================================================ contested


def contested_inputs(quick: bool) -> list[tuple[int, tuple[int, ...], tuple[int, ...], int]]:
    """(pool, rivals of each card, blood of each title's vampire, cards yielded)."""
    items: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []
    blood_sets: tuple[tuple[int, ...], ...] = ((), (0,), (2,), (1, 3))
    for pool in range(0, 6):
        for n_cards in range(0, 4):
            for rivals in itertools.product((0, 1), repeat=n_cards):
                for bloods in blood_sets:
                    for yielded in range(0, 2 if quick else n_cards + 1):
                        items.append((pool, rivals, bloods, yielded))
    return items


def contested_ours(item: tuple[int, tuple[int, ...], tuple[int, ...], int]) -> object:
    pool, rivals, bloods, yielded = item
    cards = [ContestedCard(f"Card {i}", rivals=r) for i, r in enumerate(rivals)]
    titles = [ContestedTitle(f"Title {i}", f"Vamp {i}", b) for i, b in enumerate(bloods)]
    return untap_contests(
        pool=pool,
        cards=cards,
        titles=titles,
        yield_cards=[c.name for c in cards[:yielded]],
    )


def contested_key(_item: object, r: Any) -> object:
    return (r.pool, r.blood, len(r.cards_kept), len(r.titles_yielded), r.ousted)


def contested_base(item: tuple[int, tuple[int, ...], tuple[int, ...], int]) -> object:
    """Sections 4.1 and 4.2: 1 pool per card kept, 1 blood per title kept, paid one by one."""
    pool, rivals, bloods, yielded = item
    kept = 0
    for i, r in enumerate(rivals):
        if r == 0 or i < yielded:
            continue
        if pool == 0:
            return "refused"
        pool -= 1
        kept += 1
    blood = []
    lost = 0
    for b in bloods:
        if b == 0:
            lost += 1
            blood.append(b)
        else:
            blood.append(b - 1)
    names = tuple((f"Vamp {i}", b) for i, b in enumerate(blood))
    return (pool, names, kept, lost, pool == 0 and kept > 0)


# ============================================================================ main


def print_row(r: CaseResult) -> None:
    ratio = r.base_median / r.ours_median if r.ours_median else float("inf")
    verdict = "yes" if r.ours_max < BUDGET_MS else "NO"
    print(
        f"{r.label:<46}{r.calls:>6}{r.ours_median:>10.4f}{r.ours_max:>9.3f}"
        f"{r.base_median:>10.4f}{ratio:>10.2f}{verdict:>8}"
    )


def main() -> None:
    quick = "--quick" in sys.argv
    repeat = 3 if quick else 5
    run_start = time.process_time()
    floor = statistics.median(per_call_ms([lambda: outcome(lambda: None)] * 1000, repeat))
    print("VTES engines benchmark (CPU ms per call: median of each call over repeats)")
    print(f"timer floor (an empty call, included in every figure): {floor:.4f} ms\n")
    header = (
        f"{'case':<46}{'calls':>6}{'ours':>10}{'max':>9}{'literal':>10}{'base/ours':>10}"
        f"{'<100ms':>8}"
    )
    print(header)
    print("-" * len(header))
    rows: list[CaseResult] = []

    def case(label: str, inputs: Sequence[Any], ours: Any, key: Any, base: Any) -> None:
        row = run_case(label, inputs, ours, key, base, repeat)
        rows.append(row)
        print_row(row)

    case(
        "damage: seed examples (Krid, Milo, Barth)",
        seed_damage_inputs(),
        damage_ours,
        damage_key,
        damage_base,
    )
    case(
        "damage: every small case (sweep)",
        damage_inputs(quick),
        damage_ours,
        damage_key,
        damage_base,
    )
    for example in EXAMPLES.values():
        case(
            f"combat: seed, {example.scenario['title']}",
            [example.scenario],
            resolve,
            combat_key,
            combat_base,
        )
    case("combat: single round, hand strikes", [SINGLE_ROUND], resolve, combat_key, combat_base)
    case(
        "combat: 3 rounds, maneuvers, presses, Blur",
        [PRESSED_ROUNDS],
        resolve,
        combat_key,
        combat_base,
    )
    for n in (10, 30) if not quick else (10,):
        case(
            f"combat: {n} rounds held open by presses",
            [long_combat(n)],
            resolve,
            combat_key,
            combat_base,
        )
    case(
        "torpor: leave, rescue, diablerie, blood hunt",
        torpor_inputs(quick),
        torpor_ours,
        torpor_key,
        torpor_base,
    )
    nora = Situation(NORA_POOL, NORA_TRANSFERS, NORA_UNCONTROLLED)
    case(
        "influence: every plan of Nora's phase",
        influence_inputs(nora, quick),
        influence_ours,
        influence_key,
        influence_base,
    )
    case(
        "influence: every plan, 3 vampires + crypt",
        influence_inputs(BIG_TABLE, quick),
        influence_ours,
        influence_key,
        influence_base,
    )
    case(
        "victory: every ousting order, 5 players",
        victory_inputs(5),
        victory_ours,
        victory_key,
        victory_base,
    )
    if not quick:
        case(
            "victory: every ousting order, 6 players",
            victory_inputs(6),
            victory_ours,
            victory_key,
            victory_base,
        )
    case(
        "contested: cards and titles at untap",
        contested_inputs(quick),
        contested_ours,
        contested_key,
        contested_base,
    )

    checked = sum(r.calls for r in rows)
    slowest = max(rows, key=lambda r: r.ours_max)
    slower = [r for r in rows if r.ours_median > r.base_median]
    print(
        f"\nEngine and literal versions agree on all {checked} inputs. Slowest single call: "
        f"{slowest.ours_max:.3f} ms ({slowest.label}); "
        + (
            f"every call stays under the {BUDGET_MS:.0f} ms budget."
            if slowest.ours_max < BUDGET_MS
            else f"OVER the {BUDGET_MS:.0f} ms budget."
        )
    )
    if slower:
        print(
            f"Our engine is slower than its literal version in {len(slower)} of {len(rows)} "
            "cases: the engines also check their input, build checked frozen results and "
            "write the trace (the steps with section ids), which the literal versions skip."
        )
    print(f"Whole run: {time.process_time() - run_start:.1f} s CPU.")


if __name__ == "__main__":
    main()
