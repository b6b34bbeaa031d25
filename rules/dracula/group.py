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
checked before any work starts; :func:`estimated_states` gives a closer estimate in a few
milliseconds, for a caller that refuses what it cannot solve in time (the Dracula page).

The model (states and moves) is in :mod:`rules.dracula.group_model`, the exact solution in
:mod:`rules.dracula.group_solver`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import prod

from rules.dracula.blood import MAX_BLOOD
from rules.dracula.cards import HUNTER_BASICS, CardTable, default_table
from rules.dracula.group_model import GEnding, GLocal, GroupModel, GState
from rules.dracula.group_solver import solve_group_layers, solve_group_states
from rules.dracula.hunters import GROUP_READINGS, NO_SITUATION, Hunter, Opponent, Situation
from rules.dracula.shares import Shares, outcome_shares
from rules.dracula.stated import stated_rules
from rules.dracula.words import card_names
from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import choice, flag, present, whole, whole_at_least

__all__ = [
    "MAX_GROUP_STATES",
    "TARGET_POLICIES",
    "GroupOdds",
    "estimated_states",
    "group_odds",
    "grouped_number",
    "state_bound",
]

TARGET_POLICIES: tuple[str, ...] = ("uniform", "minimax")
MAX_GROUP_STATES = 8_000_000
"""The default largest bound on combat states (:func:`state_bound`) that is explored at all."""


@dataclass(frozen=True, slots=True)
class GroupOdds:
    """How a group combat ends, exactly.

    ``outcomes``: ending kind -> probability. ``by_hunter``: each hunter's name -> chance that
    this hunter is the one ``defeated`` or ``bitten``, and his ``health`` at the end (health ->
    probability). ``blood``: Dracula's blood at the end. ``states``: combat states solved.
    ``joint``: (kind, index of the hunter bitten or defeated or -1, blood, every hunter's
    health) -> probability (a read-only mapping whose fractions are reduced when first read).
    """

    hunters: tuple[str, ...]
    outcomes: dict[str, Fraction]
    by_hunter: dict[str, dict[str, Fraction]]
    health: dict[str, dict[int, Fraction]]
    blood: dict[int, Fraction]
    expected_rounds: Fraction
    states: int
    steps: tuple[Step, ...]
    joint: Mapping[GEnding, Fraction]


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


def _checked(
    hunters: Sequence[Hunter],
    opponent: Opponent,
    situation: Situation,
    blood: int,
    table: CardTable | None,
    target_policy: str,
    assume_initiative: int | None,
) -> tuple[GroupModel, int]:
    """The group combat's model and the blood it starts with, every input checked."""
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
    if assume_initiative is not None:
        assume_initiative = whole(msg_p("dracula", "assume_initiative"), assume_initiative, 0, 9)
    model = GroupModel(
        group,
        opponent,
        situation,
        default_table() if table is None else present(msg_p("dracula", "table"), table, CardTable),
        target_policy,
        assume_initiative,
    )
    return model, blood if opponent.is_dracula else 0


def estimated_states(
    hunters: Sequence[Hunter],
    opponent: Opponent,
    situation: Situation = NO_SITUATION,
    *,
    blood: int = MAX_BLOOD,
    table: CardTable | None = None,
    target_policy: str = "uniform",
    assume_initiative: int | None = None,
    limit: int | None = None,
) -> int:
    """A quick estimate of the combat states :func:`group_odds` solves, before solving.

    The layers (every hunter's health and items kept, Dracula's blood) times the situations
    one layer can hold (cards on the table, Continues, repel, Dodge bonus, round), explored
    from the start's layer only. Measured against the solver it is above the true count:
    about 1.2-1.5 times it against Dracula by night, 4-22 times by day (many situations of a
    layer are never reached with that health). With ``limit``, the exploration stops as soon
    as the estimate passes it, and a number above ``limit`` is returned.
    """
    model, start_blood = _checked(
        hunters, opponent, situation, blood, table, target_policy, assume_initiative
    )
    if limit is not None:
        limit = whole_at_least(msg_p("dracula", "limit"), limit, 1)
    layers = max(start_blood, 1) * prod(
        h.health * prod(h.combat_items.count(c) + 1 for c in set(h.combat_items))
        for h in model.group
    )
    if limit is not None and layers > limit:
        return layers
    healths = tuple(h.health for h in model.group)
    items = tuple(h.combat_items for h in model.group)
    cap = model.round_cap
    first: GLocal = ((None,) * len(model.group), None, 0, False, 0, 1 if cap else 0)
    seen = {first}
    todo = [first]
    while todo:
        lasts, el, cont, repel, dodge, rnd = todo.pop()
        _den, entries = model.local((healths, items, start_blood, lasts, el, 0, repel, dodge, rnd))
        rnd2 = min(rnd + 1, cap) if cap else 0
        for effect, _num in entries:
            code, _owner, _amount, _end, _items, lasts2, e, repel2, dodge2, _paid = effect
            if code == 1 or (code == 0 and cont >= 2):  # the combat ends
                continue
            nxt: GLocal = (
                (lasts2, e, cont + 1, False, dodge2, rnd2)
                if code == 0
                else (lasts2, e, 0, code == 5 and repel2, dodge2, rnd2)
            )
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
                if limit is not None and layers * len(seen) > limit:
                    return layers * len(seen)
    return layers * len(seen)


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
    fast: bool = True,
) -> GroupOdds:
    """Exact distribution of how a group combat ends, with each hunter's share (see above).

    Refused before any work when :func:`state_bound` exceeds ``max_bound``, and during the
    exploration when more than ``max_states`` states are reached. ``fast=False`` uses the
    state-by-state reference solver (same results, slower; kept to check the layered one).
    """
    model, start_blood = _checked(
        hunters, opponent, situation, blood, table, target_policy, assume_initiative
    )
    group, situation = model.group, model.situation
    names = [h.name for h in group]
    max_states = whole(msg_p("dracula", "max_states"), max_states, 1, 1_000_000)
    flag(msg_p("dracula", "fast"), fast)
    max_bound = whole(msg_p("dracula", "max_bound"), max_bound, 1, 10**12)
    bound = state_bound(group, model.opponent, max(start_blood, 1), model.round_cap)
    if bound > max_bound:
        raise InvalidState(
            msg(
                "this group combat may have up to {bound} states, more than the {max_bound} "
                "allowed; choose fewer hunters or items, or less health or blood",
                bound=grouped_number(bound),
                max_bound=grouped_number(max_bound),
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
    solve = solve_group_layers if fast else solve_group_states
    joint_n, rounds_n, den, n_states = solve(model, start, max_states)
    kinds = [
        "defeated",
        "bitten",
        "escaped",
        "continues",
        "destroyed" if model.dracula else "killed",
    ]
    # sums are taken on the integer numerators: one reduction per reported probability
    outcomes_n = dict.fromkeys(kinds, 0)
    by_hunter_n = {h.name: {"defeated": 0, "bitten": 0} for h in group}
    health_n: dict[str, dict[int, int]] = {h.name: {} for h in group}
    blood_n: dict[int, int] = {}
    for (kind, who, b, hs), p in joint_n.items():
        outcomes_n[kind] += p
        if who >= 0:
            by_hunter_n[group[who].name][kind] += p
        for h, x in zip(group, hs, strict=True):
            health_n[h.name][x] = health_n[h.name].get(x, 0) + p
        blood_n[b] = blood_n.get(b, 0) + p
    if sum(outcomes_n.values()) != den:  # pragma: no cover - guarded by tests
        raise InvalidState(msg("internal error: the group's ending probabilities do not sum to 1"))
    outcomes = {k: Fraction(p, den) for k, p in outcomes_n.items()}
    by_hunter = {
        name: {k: Fraction(p, den) for k, p in shares.items()}
        for name, shares in by_hunter_n.items()
    }
    health = {
        name: {x: Fraction(p, den) for x, p in sorted(shares.items())}
        for name, shares in health_n.items()
    }
    trace = _trace(model, blood, n_states, outcomes, assume_initiative)
    return GroupOdds(
        hunters=tuple(names),
        outcomes=outcomes,
        by_hunter=by_hunter,
        health=health,
        blood={b: Fraction(p, den) for b, p in sorted(blood_n.items())},
        expected_rounds=Fraction(rounds_n, den),
        states=n_states,
        steps=trace,
        joint=Shares(joint_n, den),
    )


def grouped_number(n: int) -> Message | str:
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
    model: GroupModel,
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
            "repel, no effect, continue, end."
        )
        if model.any_dodge
        else msg(
            "When the hunters win they apply the revealed card whose result is best for them: "
            "Dracula destroyed (the agent killed), then the most blood, then no item lost, then "
            "repel, no effect, continue, end, then a Dodge's +1."
        ),
    )
    situation = model.situation
    trace.add("dracula:group-odds", GROUP_READINGS[situation.group_tie])
    trace.add("dracula:group-odds", GROUP_READINGS[situation.group_dodge])
    trace.extend(stated_rules(situation, model.opponent, model.table, model.assumed, assume))
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
