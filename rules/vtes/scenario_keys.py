"""The keys a combat scenario allows at each of its levels: the scenario itself, a combatant,
an equipment card, a retainer, a round, a before-range card, an additional-strikes card, a
strike's effects and how a strike is used.

:func:`rules.vtes.scenario.parse_scenario` refuses any other key, so that a typo never passes
silently; its errors list these keys as what is allowed.
"""

from __future__ import annotations

__all__ = [
    "ADDITIONAL_KEYS",
    "BEFORE_RANGE_KEYS",
    "COMBATANT_KEYS",
    "EFFECT_KEYS",
    "EQUIPMENT_KEYS",
    "RETAINER_KEYS",
    "ROUND_KEYS",
    "STRIKE_KEYS",
    "TOP_KEYS",
    "USE_KEYS",
    "WEAPON_USE_KEYS",
]

TOP_KEYS = ("rules", "title", "notes", "acting", "opposing", "rounds")
COMBATANT_KEYS = (
    "name",
    "kind",
    "capacity",
    "blood",
    "life",
    "strength",
    "equipment",
    "retainers",
    "wounded",
)
EQUIPMENT_KEYS = ("name", "strike")
RETAINER_KEYS = ("name", "life", "damage")
ROUND_KEYS = (
    "before_range",
    "range",
    "maneuvers",
    "strikes",
    "additional_strikes",
    "environmental",
    "presses",
    "end_of_round",
    "new_round",
)
BEFORE_RANGE_KEYS = (
    "name",
    "strength",
    "set_strength",
    "this_round",
    "hand_aggravated",
    "hand_strikes_only",
    "environmental",
    "press_damage",
    "damage",
    "opponent_strength",
    "restrict",
    "equip",
    "employ",
    "burn_retainer",
    "trap_press",
    "cost",
)
ADDITIONAL_KEYS = ("name", "count", "limited", "cost")
EFFECT_KEYS = (
    "damage",
    "strength_bonus",
    "aggravated",
    "ranged",
    "first_strike",
    "dodge",
    "combat_ends",
    "steal_blood",
    "destroy_equipment",
    "steal_equipment",
    "undodgeable",
    "long_range_only",
    "send_to_torpor",
    "combat_ends_after_resolution",
    "unpreventable",
    "unlock",
    "recoil",
    "recoil_aggravated",
    "recoil_close_only",
    "burn_after_use",
)
USE_KEYS = (
    "target",
    "prevented",
    "prevention",
    "cancelled_by",
    "cancel_cost",
    "aim",
    "aim_bonus",
    "aim_no_press",
    "cost",
)
STRIKE_KEYS = ("name", "hand", "weapon", *EFFECT_KEYS, *USE_KEYS)
WEAPON_USE_KEYS = ("name", "weapon", *USE_KEYS)
