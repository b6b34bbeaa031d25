"""Fury of Dracula (2nd edition) combat: cards, round odds, round resolver, whole-combat odds."""

from rules.dracula.blood import blood_after_killed
from rules.dracula.cards import CardTable, CombatResult, combat_result, default_table
from rules.dracula.combat import CombatState, RoundReport, resolve_round, start_combat
from rules.dracula.hunters import Hunter, Opponent, Situation, hunter
from rules.dracula.odds import RoundOdds, round_odds

__all__ = [
    "CardTable",
    "CombatResult",
    "CombatState",
    "Hunter",
    "Opponent",
    "RoundOdds",
    "RoundReport",
    "Situation",
    "blood_after_killed",
    "combat_result",
    "default_table",
    "hunter",
    "resolve_round",
    "round_odds",
    "start_combat",
]
