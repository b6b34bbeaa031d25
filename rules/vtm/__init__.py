"""Vampire: the Masquerade dice: exact pools, the attack chain, the health track, and the
5th edition (V5) dice with Hunger: contests and their damage, named Willpower strategies,
rouse checks, Blood Surge, remorse and frenzy tests, and the reading of a typed roll.

>>> from rules.vtm import pool, v5_contest, v5_pool
>>> pool(1, 6).botch
Fraction(1, 10)
>>> v5_pool(1, 1, 1).bestial
Fraction(1, 10)
>>> v5_contest(1, 0, 1, 0).tie
Fraction(1, 2)
"""

from __future__ import annotations

from rules.vtm.attack import (
    DAMAGE_TYPES,
    TARGETS,
    AttackResult,
    attack,
    reflexive_successes,
    soak_pool,
)
from rules.vtm.dice import (
    EDITIONS,
    MAX_DICE,
    SPECIALTIES,
    TAIL_BOUND,
    PoolResult,
    RollOutcome,
    classify,
    multiple_action_pools,
    multiple_actions,
    pool,
    specialty_for_edition,
)
from rules.vtm.health import (
    BEYOND,
    HEALTH_LEVELS,
    UNHURT,
    WOUND_PENALTIES,
    HealthState,
    health_after,
    health_distribution,
    wound_penalty,
)
from rules.vtm.v5 import (
    MAX_HUNGER,
    MAX_V5_DIFFICULTY,
    MAX_V5_POOL,
    RerollAdvice,
    RerollChoice,
    RouseResult,
    V5Result,
    WillpowerOdds,
    rouse_check,
    v5_pool,
    v5_reroll,
    v5_willpower,
)
from rules.vtm.v5_blood import (
    MAX_BLOOD_POTENCY,
    MAX_ROUSE_CHECKS,
    BloodPotency,
    BloodSurge,
    RouseChecks,
    blood_potency,
    blood_surge,
    rouse_checks,
)
from rules.vtm.v5_contest import TIE_READINGS, ContestSide, V5Contest, v5_contest
from rules.vtm.v5_damage import HALVING, V5AttackResult, v5_attack
from rules.vtm.v5_frenzy import FrenzyTest, frenzy_test
from rules.vtm.v5_health import (
    CONDITION_NAMES,
    HEALTH_CONDITIONS,
    V5_DAMAGE_TYPES,
    V5_TARGETS,
    V5Health,
    v5_health,
)
from rules.vtm.v5_remorse import HUMANITY_BOXES, RemorseTest, remorse_test
from rules.vtm.v5_strategies import (
    STRATEGIES,
    STRATEGY_NAMES,
    StrategyAdvice,
    StrategyOdds,
    V5Strategies,
    v5_strategies,
    v5_strategy_advice,
)

__all__ = [
    "BEYOND",
    "CONDITION_NAMES",
    "DAMAGE_TYPES",
    "EDITIONS",
    "HALVING",
    "HEALTH_CONDITIONS",
    "HEALTH_LEVELS",
    "HUMANITY_BOXES",
    "MAX_BLOOD_POTENCY",
    "MAX_DICE",
    "MAX_HUNGER",
    "MAX_ROUSE_CHECKS",
    "MAX_V5_DIFFICULTY",
    "MAX_V5_POOL",
    "SPECIALTIES",
    "STRATEGIES",
    "STRATEGY_NAMES",
    "TAIL_BOUND",
    "TARGETS",
    "TIE_READINGS",
    "UNHURT",
    "V5_DAMAGE_TYPES",
    "V5_TARGETS",
    "WOUND_PENALTIES",
    "AttackResult",
    "BloodPotency",
    "BloodSurge",
    "ContestSide",
    "FrenzyTest",
    "HealthState",
    "PoolResult",
    "RemorseTest",
    "RerollAdvice",
    "RerollChoice",
    "RollOutcome",
    "RouseChecks",
    "RouseResult",
    "StrategyAdvice",
    "StrategyOdds",
    "V5AttackResult",
    "V5Contest",
    "V5Health",
    "V5Result",
    "V5Strategies",
    "WillpowerOdds",
    "attack",
    "blood_potency",
    "blood_surge",
    "classify",
    "frenzy_test",
    "health_after",
    "health_distribution",
    "multiple_action_pools",
    "multiple_actions",
    "pool",
    "reflexive_successes",
    "remorse_test",
    "rouse_check",
    "rouse_checks",
    "soak_pool",
    "specialty_for_edition",
    "v5_attack",
    "v5_contest",
    "v5_health",
    "v5_pool",
    "v5_reroll",
    "v5_strategies",
    "v5_strategy_advice",
    "v5_willpower",
    "wound_penalty",
]
