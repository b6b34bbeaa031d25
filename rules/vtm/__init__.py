"""Vampire: the Masquerade dice: exact pools, the attack chain, the health track, and the
5th edition (V5) dice with Hunger.

>>> from rules.vtm import pool, v5_pool
>>> pool(1, 6).botch
Fraction(1, 10)
>>> v5_pool(1, 1, 1).bestial
Fraction(1, 10)
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

__all__ = [
    "BEYOND",
    "DAMAGE_TYPES",
    "EDITIONS",
    "HEALTH_LEVELS",
    "MAX_DICE",
    "MAX_HUNGER",
    "MAX_V5_DIFFICULTY",
    "MAX_V5_POOL",
    "SPECIALTIES",
    "TAIL_BOUND",
    "TARGETS",
    "UNHURT",
    "WOUND_PENALTIES",
    "AttackResult",
    "HealthState",
    "PoolResult",
    "RerollAdvice",
    "RerollChoice",
    "RollOutcome",
    "RouseResult",
    "V5Result",
    "WillpowerOdds",
    "attack",
    "classify",
    "health_after",
    "health_distribution",
    "multiple_action_pools",
    "multiple_actions",
    "pool",
    "reflexive_successes",
    "rouse_check",
    "soak_pool",
    "specialty_for_edition",
    "v5_pool",
    "v5_reroll",
    "v5_willpower",
    "wound_penalty",
]
