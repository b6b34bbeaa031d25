"""The hunter's best plan for a goal the player names, with the plan's exact whole-combat odds.

Three goals: ``destroy`` (the largest chance that Dracula is destroyed, or the agent killed),
``safety`` (the smallest chance that the hunter is defeated or bitten) and ``blood`` (the most
blood Dracula loses on average). The opponent plays a fixed policy (any legal card equally, or
his part of the round-by-round minimax mix), so the hunter's best plan is a choice of one card
in every combat state: a Markov decision problem over the states of ``rules.dracula.chain``.

The plan is found by comparing, in every state, the value each legal card leads to (computed in
floating point, state by state in reverse order of the chain, small cycles iterated to
convergence); a card within 1e-12 of the best counts as best and the first in deck order wins.
The odds reported are then the exact odds of that plan, from the same exact chain as every
other policy.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.dracula.blood import MAX_BLOOD
from rules.dracula.cards import CardTable
from rules.dracula.chain import CombatOdds, combat_odds
from rules.dracula.chain_model import (
    CombatModel,
    Policy,
    State,
    setup_combat,
)
from rules.dracula.hunters import NO_SITUATION, Hunter, Opponent, Situation
from rules.dracula.words import card_name
from rules.errors import InvalidState
from rules.exact.graph import strong_components
from rules.i18n import Message, msg, msg_p
from rules.i18n.numbers import Significant
from rules.trace import Step, Trace
from rules.validation import choice, present, whole

__all__ = ["GOALS", "GOAL_TEXT", "GoalPlan", "best_plan", "goal_value"]

GOALS: tuple[str, ...] = ("destroy", "safety", "blood")
GOAL_TEXT: dict[str, Message] = {
    "destroy": msg_p("goal", "the largest chance that Dracula is destroyed (an agent: killed)"),
    "safety": msg_p("goal", "the smallest chance that the hunter is defeated or bitten"),
    "blood": msg_p("goal", "the most blood Dracula loses on average"),
}
"""What each goal asks of the hunter's plan."""
_TIE = 1e-12
_ITERATIONS = 100_000


@dataclass(frozen=True, slots=True)
class GoalPlan:
    """The hunter's best plan for ``goal``: ``first_card`` in round 1, ``odds`` exact.

    ``value``: the goal's exact value under the plan (a probability, or expected blood lost).
    ``states``: how many combat states the plan covers.
    """

    goal: str
    first_card: str
    value: Fraction
    odds: CombatOdds
    states: int
    steps: tuple[Step, ...]


def goal_value(goal: str, odds: CombatOdds, blood: int) -> Fraction:
    """The goal's value for these odds (``blood``: Dracula's blood at the start)."""
    if goal == "destroy":
        return odds.outcomes.get("destroyed", Fraction(0)) + odds.outcomes.get(
            "killed", Fraction(0)
        )
    if goal == "safety":
        return 1 - odds.outcomes["defeated"] - odds.outcomes["bitten"]
    return sum(((blood - b) * p for b, p in odds.blood.items()), Fraction(0))


def _check_goal(goal: object, opponent: Opponent) -> str:
    goal = choice(msg_p("dracula", "goal"), goal, GOALS)
    if goal == "blood" and not opponent.is_dracula:
        raise InvalidState(
            msg(
                "the goal 'blood' needs Dracula: agents have no blood track; choose 'destroy' "
                "or 'safety'"
            )
        )
    return goal


def _reward(goal: str, end: tuple[str, int, int], blood: int) -> float:
    kind, b, _health = end
    if goal == "destroy":
        return 1.0 if kind in ("destroyed", "killed") else 0.0
    if goal == "safety":
        return 0.0 if kind in ("defeated", "bitten") else 1.0
    return float(blood - b)


def _plan(
    model: CombatModel, start: State, goal: str, blood: int, max_states: int
) -> dict[State, str]:
    """The best card in every state reachable with any card (see the module text)."""
    index: dict[State, int] = {start: 0}
    states: list[State] = [start]
    # per state, per card: (card, [(successor index, p)], p of staying, payoff of the endings)
    moves: list[list[tuple[str, list[tuple[int, float]], float]]] = []
    i = 0
    while i < len(states):
        s = states[i]
        _health, _blood, items, hl, _el, _c, _r, _d, rnd = s
        per_card: list[tuple[str, list[tuple[int, float]], float]] = []
        for card in model.hunter_options(items, hl, rnd):
            den, out = model.transitions(s, card)
            succ: list[tuple[int, float]] = []
            ends = 0.0
            for t, num in out.items():
                p = num / den
                if isinstance(t[0], str):
                    ends += p * _reward(goal, t, blood)
                    continue
                tt: State = t
                j = index.get(tt)
                if j is None:
                    j = len(states)
                    if j >= max_states:
                        raise InvalidState(
                            msg(
                                "this combat has more than {max_states} states to plan "
                                "exactly; choose fewer combat items, or less health or blood",
                                max_states=max_states,
                            )
                        )
                    index[tt] = j
                    states.append(tt)
                succ.append((j, p))
            per_card.append((card, succ, ends))
        moves.append(per_card)
        i += 1
    n = len(states)
    value = [0.0] * n
    choice = [""] * n

    def best(v: int) -> tuple[str, float]:
        scored = [(c, ends + sum(p * value[j] for j, p in succ)) for c, succ, ends in moves[v]]
        top = max(x for _, x in scored)
        for c, x in scored:
            if x >= top - _TIE * (1 + abs(top)):
                return c, top
        raise AssertionError("unreachable")  # pragma: no cover

    adjacency = [[j for _, succ, _ in moves[v] for j, _ in succ] for v in range(n)]
    comps = strong_components(n, adjacency.__getitem__)
    for comp in reversed(comps):  # successors first
        if len(comp) == 1:
            v = comp[0]
            scored = []
            for c, succ, ends in moves[v]:
                loop = sum(p for j, p in succ if j == v)
                rest = ends + sum(p * value[j] for j, p in succ if j != v)
                scored.append((c, rest / (1 - loop)))
            top = max(x for _, x in scored)
            value[v] = top
            choice[v] = next(c for c, x in scored if x >= top - _TIE * (1 + abs(top)))
            continue
        for _ in range(_ITERATIONS):
            change = 0.0
            for v in comp:
                c, x = best(v)
                change = max(change, abs(x - value[v]))
                value[v], choice[v] = x, c
            if change <= 1e-15:
                break
    return {s: choice[k] for k, s in enumerate(states)}


def best_plan(
    hunter: Hunter,
    opponent: Opponent,
    situation: Situation = NO_SITUATION,
    *,
    goal: str,
    blood: int = MAX_BLOOD,
    table: CardTable | None = None,
    enemy_policy: Policy | str = "uniform",
    assume_initiative: int | None = None,
    max_states: int = 20_000,
) -> GoalPlan:
    """The hunter's best plan for ``goal`` against ``enemy_policy``, with its exact odds."""
    hunter = present(msg_p("dracula", "hunter"), hunter, Hunter)
    opponent = present(msg_p("dracula", "opponent"), opponent, Opponent)
    situation = present(msg_p("dracula", "situation"), situation, Situation)
    goal = _check_goal(goal, opponent)
    max_states = whole(msg_p("dracula", "max_states"), max_states, 1, 200_000)
    if isinstance(enemy_policy, Policy) and enemy_policy.kind == "plan":
        raise InvalidState(msg("the opponent plays 'uniform', 'prefer' or 'minimax', not a plan"))
    model, start = setup_combat(
        hunter, opponent, situation, blood, table, "uniform", enemy_policy, assume_initiative
    )
    plan = _plan(model, start, goal, blood, max_states)
    odds = combat_odds(
        hunter,
        opponent,
        situation,
        blood=blood,
        table=table,
        hunter_policy=Policy("plan", plan=plan),
        enemy_policy=enemy_policy,
        assume_initiative=assume_initiative,
        max_states=max_states,
    )
    value = goal_value(goal, odds, blood)
    first = plan[start]
    trace = Trace()
    trace.add(
        "dracula:odds-goals",
        msg(
            "Goal: {goal}. The hunter's plan picks, in every combat state, the card that serves "
            "this goal best against the opponent's policy ({policy}); round 1: {card}.",
            goal=GOAL_TEXT[goal],
            policy=model.ep.kind,
            card=card_name(first),
        ),
    )
    shown = Significant(value, 6)
    trace.add(
        "dracula:odds-goals",
        msg("Under this plan the goal's exact value is {value} blood on average.", value=shown)
        if goal == "blood"
        else msg("Under this plan the goal's exact value is {value}.", value=shown),
    )
    trace.extend(odds.steps)
    return GoalPlan(goal, first, value, odds, len(plan), trace.steps)
