"""Vampire: The Eternal Struggle rules engines.

Damage resolution (:func:`resolve_damage`), combat (:mod:`rules.vtes.combat`), torpor and
diablerie, the influence phase, victory points and contested cards.

The minion models and damage resolution load with the package; torpor, influence, victory
and contested cards load on first use of one of their names (a page that only resolves
damage or combat starts faster).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rules.vtes.damage import DamageResult, resolve_damage
from rules.vtes.models import Ally, MinionState, Retainer, Vampire

if TYPE_CHECKING:
    from rules.vtes.contested import (
        ContestedCard,
        ContestedTitle,
        ContestUpkeep,
        UniqueEntry,
        unique_card_enters,
        untap_contests,
    )
    from rules.vtes.influence import (
        InfluencePlan,
        Move,
        Uncontrolled,
        plan_influence,
        transfers_for_turn,
    )
    from rules.vtes.torpor import (
        blood_hunt,
        commit_diablerie,
        diablerie,
        leave_torpor,
        rescue,
    )
    from rules.vtes.victory import Ousting, Score, Withdrawal, predator_of, prey_of, score_game

# name -> the submodule defining it, imported on first access (PEP 562)
_LAZY: dict[str, str] = {
    **dict.fromkeys(
        (
            "ContestedCard",
            "ContestedTitle",
            "ContestUpkeep",
            "UniqueEntry",
            "unique_card_enters",
            "untap_contests",
        ),
        "contested",
    ),
    **dict.fromkeys(
        ("InfluencePlan", "Move", "Uncontrolled", "plan_influence", "transfers_for_turn"),
        "influence",
    ),
    **dict.fromkeys(
        ("blood_hunt", "commit_diablerie", "diablerie", "leave_torpor", "rescue"), "torpor"
    ),
    **dict.fromkeys(
        ("Ousting", "Score", "Withdrawal", "predator_of", "prey_of", "score_game"), "victory"
    ),
}
_LAZY_MODULES = frozenset(_LAZY.values())


def __getattr__(name: str) -> Any:
    if name in _LAZY_MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    home = _LAZY.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY, *_LAZY_MODULES})


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
