"""Fury of Dracula page's engine calls, cached: combat odds, goal plans, group odds and their
estimated size, round games."""

from __future__ import annotations

from functools import lru_cache

from calculators.pages.dracula.labels import GROUP_MAX_STATES
from rules.dracula.cards import CardTable
from rules.dracula.chain import CombatOdds, Policy, RoundGame, combat_odds, first_round_game
from rules.dracula.goals import GoalPlan, best_plan
from rules.dracula.group import GroupOdds, estimated_states, group_odds
from rules.dracula.hunters import Hunter, Opponent, Situation


@lru_cache(maxsize=256)
def combat_odds_cached(
    h: Hunter,
    opp: Opponent,
    sit: Situation,
    blood: int,
    table: CardTable,
    hp: str,
    ep: str,
    assume: int | None,
) -> CombatOdds:
    """``hp``: a policy kind, or ``always:<card>`` (that card whenever it is allowed)."""
    policy = Policy("prefer", (hp[7:],)) if hp.startswith("always:") else Policy(hp)
    return combat_odds(
        h,
        opp,
        sit,
        blood=blood,
        table=table,
        hunter_policy=policy,
        enemy_policy=Policy(ep),
        assume_initiative=assume,
        max_states=50_000,
    )


@lru_cache(maxsize=64)
def goal_plan_cached(
    h: Hunter,
    opp: Opponent,
    sit: Situation,
    blood: int,
    table: CardTable,
    goal: str,
    ep: str,
    assume: int | None,
) -> GoalPlan:
    return best_plan(
        h,
        opp,
        sit,
        goal=goal,
        blood=blood,
        table=table,
        enemy_policy=Policy(ep),
        assume_initiative=assume,
        max_states=20_000,
    )


@lru_cache(maxsize=32)
def group_odds_cached(
    group: tuple[Hunter, ...],
    opp: Opponent,
    sit: Situation,
    blood: int,
    table: CardTable,
    target: str,
    assume: int | None,
) -> GroupOdds:
    return group_odds(
        group,
        opp,
        sit,
        blood=blood,
        table=table,
        target_policy=target,
        assume_initiative=assume,
        max_states=GROUP_MAX_STATES,
        # the page refuses on its estimate first (group_estimate_cached): the engine's
        # widest bound here
        max_bound=10**12,
    )


@lru_cache(maxsize=64)
def group_estimate_cached(
    group: tuple[Hunter, ...],
    opp: Opponent,
    sit: Situation,
    blood: int,
    table: CardTable,
    target: str,
    assume: int | None,
    limit: int,
) -> int:
    """The group combat's estimated states (a few milliseconds; above ``limit``: a number above
    it, found without exploring further)."""
    return estimated_states(
        group,
        opp,
        sit,
        blood=blood,
        table=table,
        target_policy=target,
        assume_initiative=assume,
        limit=limit,
    )


@lru_cache(maxsize=256)
def round_game_cached(
    h: Hunter, opp: Opponent, sit: Situation, blood: int, table: CardTable, assume: int | None
) -> RoundGame:
    return first_round_game(h, opp, sit, blood=blood, table=table, assume_initiative=assume)
