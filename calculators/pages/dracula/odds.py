"""Fury of Dracula page's engine calls, cached: combat odds, goal plans, group odds and their
estimated size, round games, and the Valour points of a tally and of one combat.

The inputs they take as one frozen value: :class:`GroupSetup` (a group combat),
:class:`TallyInputs` and :class:`CombatFlags` (the Valour tab's tally and combat boxes),
:class:`ValourCombat` (the combat the Valour tab scores).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from calculators.pages.dracula.labels import GROUP_MAX_STATES
from rules.dracula.cards import CardTable
from rules.dracula.chain import CombatOdds, Policy, RoundGame, combat_odds, first_round_game
from rules.dracula.goals import GoalPlan, best_plan
from rules.dracula.group import GroupOdds, estimated_states, group_odds
from rules.dracula.hunters import Hunter, Opponent, Situation
from rules.dracula.valour import (
    CombatValour,
    ValourEvent,
    ValourStanding,
    combat_valour,
    valour_winner,
)


@dataclass(frozen=True)
class GroupSetup:
    """A group combat as the situation gives it: the hunters (the chosen one first), the
    opponent, the situation with the group's readings, Dracula's blood, the card table, whom
    the opponent strikes (``target``) and the assumed initiative."""

    group: tuple[Hunter, ...]
    opponent: Opponent
    situation: Situation
    blood: int
    table: CardTable
    target: str
    assume: int | None

    def engine_arguments(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """The positional and keyword arguments both group engines take for this combat."""
        kwargs = {
            "blood": self.blood,
            "table": self.table,
            "target_policy": self.target,
            "assume_initiative": self.assume,
        }
        return (self.group, self.opponent, self.situation), kwargs


@dataclass(frozen=True)
class TallyInputs:
    """The judge's tally: each hunter taking part (name, Valour events) in the form's order,
    and whether the hunters won the game."""

    hunters: tuple[tuple[str, tuple[ValourEvent, ...]], ...]
    hunters_won: bool


@dataclass(frozen=True)
class CombatFlags:
    """The Valour tab's boxes for one combat: the hunter attacked Dracula, the agent is an
    Assassin (each counts only against the opponent it applies to)."""

    attacked: bool
    assassin: bool


@dataclass(frozen=True)
class ValourCombat:
    """The combat the Valour tab scores: its odds, the opponent and Dracula's starting blood
    they were computed for."""

    odds: CombatOdds
    opponent: Opponent
    blood: int


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
def group_odds_cached(setup: GroupSetup) -> GroupOdds:
    args, kwargs = setup.engine_arguments()
    return group_odds(
        *args,
        **kwargs,
        max_states=GROUP_MAX_STATES,
        # the page refuses on its estimate first (group_estimate_cached): the engine's
        # widest bound here
        max_bound=10**12,
    )


@lru_cache(maxsize=64)
def group_estimate_cached(setup: GroupSetup, limit: int) -> int:
    """The group combat's estimated states (a few milliseconds; above ``limit``: a number above
    it, found without exploring further)."""
    args, kwargs = setup.engine_arguments()
    return estimated_states(*args, **kwargs, limit=limit)


@lru_cache(maxsize=256)
def round_game_cached(
    h: Hunter, opp: Opponent, sit: Situation, blood: int, table: CardTable, assume: int | None
) -> RoundGame:
    return first_round_game(h, opp, sit, blood=blood, table=table, assume_initiative=assume)


@lru_cache(maxsize=64)
def valour_standing(tally: TallyInputs) -> ValourStanding | None:
    """The tally's standings; ``None`` while no hunter takes part."""
    if not tally.hunters:
        return None
    return valour_winner(dict(tally.hunters), hunters_won=tally.hunters_won)


class CombatValourCache:
    """The Valour of one combat (:func:`rules.dracula.valour.combat_valour`), kept while the
    same odds are asked for again (a language switch, a tally change): nothing recomputed."""

    def __init__(self) -> None:
        self._last: tuple[tuple[object, ...], CombatOdds, CombatValour] | None = None

    def __call__(self, combat: ValourCombat, flags: CombatFlags) -> CombatValour:
        odds, opponent = combat.odds, combat.opponent
        dracula = opponent.is_dracula
        attacked = dracula and flags.attacked
        assassin = not dracula and not opponent.minion and flags.assassin
        key = (id(odds), opponent, combat.blood, attacked, assassin)
        last = self._last
        if last is not None and last[0] == key and last[1] is odds:
            return last[2]
        value = combat_valour(
            odds, opponent, blood=combat.blood, hunter_attacked=attacked, assassin=assassin
        )
        self._last = (key, odds, value)
        return value
