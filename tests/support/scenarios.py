"""Scenarios several test modules share."""

from __future__ import annotations

from typing import Any

STRIKES = (
    {"name": "Claws", "damage": 2},
    {"name": "Dodge", "dodge": True},
    {"name": "Pistol shot", "damage": 2, "ranged": True, "prevented": 1},
    {"hand": True},
    {"name": "Torn limb", "damage": 3},  # dodged in round 5: no prevention (G00154)
    {"name": "Thrown knife", "damage": 1, "ranged": True},
)


def ten_round_combat() -> dict[str, Any]:
    """A VTES combat of 10 rounds, each different: maneuvers, strikes, presses that keep it
    going until the last round."""
    rounds: list[dict[str, Any]] = []
    for i in range(10):
        last = i == 9
        rounds.append(
            {
                "maneuvers": ["acting", "opposing", "acting"][: i % 3],
                "strikes": {
                    "acting": [dict(STRIKES[i % 6])],
                    "opposing": [dict(STRIKES[(i + 3) % 6])],
                },
                "presses": [] if last else (["opposing"] if i % 2 else ["acting"]),
            }
        )
    return {
        "rules": "black-hand",
        "acting": {"name": "Anneke", "kind": "vampire", "capacity": 11, "blood": 11},
        "opposing": {"name": "Lucian, the Perfect", "kind": "vampire", "capacity": 11, "blood": 11},
        "rounds": rounds,
    }
