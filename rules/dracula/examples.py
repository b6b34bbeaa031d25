"""The seed's worked example (Van Helsing against Dracula by day) kept as data."""

from __future__ import annotations

from dataclasses import dataclass

from rules.dracula.combat import CombatState, RoundReport, resolve_round, start_combat
from rules.dracula.hunters import Hunter, Opponent, Situation, hunter
from rules.trace import Step

__all__ = ["EXAMPLE_ROUNDS", "ExampleRound", "example_start", "example_text", "run_example"]


@dataclass(frozen=True, slots=True)
class ExampleRound:
    """One round of the example: both cards, both dice, and the state the seed says follows."""

    hunter_card: str
    enemy_card: str
    hunter_die: int
    enemy_die: int
    winner: str
    hunter_health: int
    dracula_blood: int
    ended: str | None


def example_hunter() -> Hunter:
    """Van Helsing with 4 health, holding a Stake and a Fast Horse (not a combat item)."""
    return hunter("Van Helsing", health=4, items=("Stake", "Fast Horse"))


EXAMPLE_OPPONENT = Opponent.dracula(night=False)
EXAMPLE_SITUATION = Situation(trap=True)
EXAMPLE_BLOOD = 4
EXAMPLE_ROUNDS: tuple[ExampleRound, ...] = (
    ExampleRound("Stake", "Claws", 3, 3, "enemy", 2, 4, None),
    ExampleRound("Dodge", "Dodge (Dracula)", 4, 2, "hunter", 2, 4, None),
    ExampleRound("Stake", "Claws", 4, 4, "hunter", 2, 0, "destroyed"),
)


def example_start() -> tuple[CombatState, tuple[Step, ...]]:
    return start_combat(example_hunter(), EXAMPLE_OPPONENT, EXAMPLE_SITUATION, blood=EXAMPLE_BLOOD)


def run_example() -> tuple[RoundReport, ...]:
    """Resolve the three rounds of the example with the round resolver."""
    state, _ = example_start()
    reports = []
    for r in EXAMPLE_ROUNDS:
        report = resolve_round(state, r.hunter_card, r.enemy_card, r.hunter_die, r.enemy_die)
        reports.append(report)
        state = report.state
    return tuple(reports)


def example_text() -> str:
    """The example's three rounds as plain text (cards, totals, result, state after)."""
    lines = ["Van Helsing (health 4) vs Dracula (blood 4), by day; Dracula played Trap."]
    for i, (r, rep) in enumerate(zip(EXAMPLE_ROUNDS, run_example(), strict=True), start=1):
        s = rep.state
        label = rep.result.label if rep.result else "re-roll"
        end = f"; combat over: {s.ended}" if s.ended else ""
        lines.append(
            f"Round {i}: {r.hunter_card} vs {r.enemy_card}; totals {rep.hunter_total} vs "
            f"{rep.enemy_total}; {rep.winner} wins: {label}; Van Helsing health "
            f"{s.hunter.health}, Dracula blood {s.blood}, continues {s.continues}, "
            f"dodge bonus {s.dodge_bonus or 'none'}{end}"
        )
    return "\n".join(lines)
