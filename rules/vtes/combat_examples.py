"""The seed rulebook's two worked combat examples, as combat scenarios.

* Kurt vs Ira (the strike example before 6.4.4): Undead Strength against a dodge, then
  Blur on both sides (Ira with superior Celerity), hand strikes in the extra pairs. The
  seed gives no blood counts, so we pick them: Kurt 4 of 6, Ira 5 of 7.
* Cohn Rose vs the mage (6.4.5, Steal Blood): Cohn (capacity 5, 4 blood) steals 3 blood
  as the mage (2 life) strikes for 2R.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules.i18n import Message, msg

__all__ = ["COHN_ROSE_VS_MAGE", "EXAMPLES", "KURT_VS_IRA", "CombatExample"]

_SEED = "vtes-rulebook-p4-combat-torpor-influence-victory.ru.txt"


@dataclass(frozen=True, slots=True)
class CombatExample:
    key: str
    title: Message
    summary: Message
    scenario: Mapping[str, Any]
    source: str

    def scenario_dict(self) -> dict[str, Any]:
        """A fresh, mutable deep copy of the scenario (safe to edit)."""
        thawed: dict[str, Any] = _thaw(self.scenario)
        return thawed


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    return value


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


KURT_VS_IRA = CombatExample(
    key="kurt_ira",
    title=msg("Kurt vs Ira: Undead Strength, Dodge and Blur"),
    summary=msg(
        "Ira blocks Kurt. No maneuvers, so close range. Kurt's Undead Strength meets "
        "Ira's dodge; then Kurt has one extra strike from Blur and Ira two (superior Celerity): "
        "both trade hand strikes, then Ira strikes once more alone. Blood counts are our choice "
        "(the rulebook gives none)."
    ),
    scenario=_freeze(
        {
            "title": "Kurt vs Ira",
            "acting": {"name": "Kurt", "kind": "vampire", "capacity": 6, "blood": 4},
            "opposing": {"name": "Ira", "kind": "vampire", "capacity": 7, "blood": 5},
            "rounds": [
                {
                    "maneuvers": [],
                    "strikes": {
                        "acting": [{"name": "Undead Strength", "damage": 3}, {"hand": True}],
                        "opposing": [
                            {"name": "Dodge", "dodge": True},
                            {"hand": True},
                            {"hand": True},
                        ],
                    },
                    "additional_strikes": {
                        "acting": [{"name": "Blur", "count": 1, "limited": True}],
                        "opposing": [{"name": "Blur", "count": 2, "limited": True}],
                    },
                    "presses": [],
                }
            ],
        }
    ),
    source=f"{_SEED}, the strike example before 6.4.4",
)

COHN_ROSE_VS_MAGE = CombatExample(
    key="cohn_mage",
    title=msg("Cohn Rose vs the mage: stealing blood"),
    summary=msg(
        "Cohn Rose (capacity 5, 4 blood) fights an ally mage with 2 life. Cohn's strike "
        "steals 3 blood; the mage strikes for 2R. Only 2 life can be stolen: Cohn goes to 6, one "
        "above capacity, so 1 drains to the bank; the mage has no life left and burns; Cohn mends "
        "the 2 damage and ends with 3 blood."
    ),
    scenario=_freeze(
        {
            "title": "Cohn Rose vs the mage",
            "acting": {"name": "Cohn Rose", "kind": "vampire", "capacity": 5, "blood": 4},
            "opposing": {"name": "Mage", "kind": "ally", "life": 2},
            "rounds": [
                {
                    "strikes": {
                        "acting": [{"name": "Steal blood", "steal_blood": 3}],
                        "opposing": [{"name": "Mage's strike", "damage": 2, "ranged": True}],
                    },
                }
            ],
        }
    ),
    source=f"{_SEED}, 6.4.5 (Steal Blood)",
)

EXAMPLES: Mapping[str, CombatExample] = MappingProxyType(
    {e.key: e for e in (KURT_VS_IRA, COHN_ROSE_VS_MAGE)}
)
