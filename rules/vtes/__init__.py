"""Vampire: The Eternal Struggle rules engines.

Damage resolution (:func:`resolve_damage`), combat (:mod:`rules.vtes.combat`), torpor and
diablerie, the influence phase, victory points and contested cards.
"""

from rules.vtes.contested import (
    ContestedCard,
    ContestedTitle,
    ContestUpkeep,
    UniqueEntry,
    unique_card_enters,
    untap_contests,
)
from rules.vtes.damage import DamageResult, resolve_damage
from rules.vtes.influence import (
    InfluencePlan,
    Move,
    Uncontrolled,
    plan_influence,
    transfers_for_turn,
)
from rules.vtes.models import Ally, MinionState, Retainer, Vampire
from rules.vtes.torpor import (
    blood_hunt,
    commit_diablerie,
    diablerie,
    leave_torpor,
    rescue,
)
from rules.vtes.victory import Ousting, Score, Withdrawal, predator_of, prey_of, score_game

__all__ = [
    "Ally",
    "ContestUpkeep",
    "ContestedCard",
    "ContestedTitle",
    "DamageResult",
    "InfluencePlan",
    "MinionState",
    "Move",
    "Ousting",
    "Retainer",
    "Score",
    "Uncontrolled",
    "UniqueEntry",
    "Vampire",
    "Withdrawal",
    "blood_hunt",
    "commit_diablerie",
    "diablerie",
    "leave_torpor",
    "plan_influence",
    "predator_of",
    "prey_of",
    "rescue",
    "resolve_damage",
    "score_game",
    "transfers_for_turn",
    "unique_card_enters",
    "untap_contests",
]
