"""Vampire: the Masquerade dice: exact pools, the attack chain, the health track.

>>> from rules.vtm import pool
>>> pool(1, 6).botch
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

__all__ = [
    "BEYOND",
    "DAMAGE_TYPES",
    "EDITIONS",
    "HEALTH_LEVELS",
    "MAX_DICE",
    "SPECIALTIES",
    "TAIL_BOUND",
    "TARGETS",
    "UNHURT",
    "WOUND_PENALTIES",
    "AttackResult",
    "HealthState",
    "PoolResult",
    "RollOutcome",
    "attack",
    "classify",
    "health_after",
    "health_distribution",
    "multiple_action_pools",
    "multiple_actions",
    "pool",
    "reflexive_successes",
    "soak_pool",
    "specialty_for_edition",
    "wound_penalty",
]
