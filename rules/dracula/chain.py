"""Whole-combat odds: an exact absorbing Markov chain over combat states (no sampling).

The model (states, policies, each round's moves) is :mod:`rules.dracula.chain_model`; the exact
solvers are :mod:`rules.dracula.chain_solvers`, built on the game-free linear algebra of
:mod:`rules.exact`. Probabilities are ``Fraction`` and sum to 1. The state-by-state reference
solver is kept (``fast=False``); both give identical results.

A round whose roll is tied with equal initiative is rolled again; the re-roll is not counted as
a round (``expected_rounds`` counts decided rounds).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from rules.dracula.blood import MAX_BLOOD
from rules.dracula.cards import CardTable
from rules.dracula.chain_model import (
    POLICIES,
    POLICY_NAMES,
    Ending,
    Policy,
    check_size,
    payoff,
    setup_combat,
)
from rules.dracula.chain_solvers import solve_layers, solve_states
from rules.dracula.hunters import NO_SITUATION, Hunter, Opponent, Situation
from rules.dracula.legality import enemy_cards
from rules.dracula.minimax import GameSolution
from rules.dracula.shares import Shares, outcome_shares
from rules.dracula.stated import stated_rules
from rules.dracula.words import card_names
from rules.errors import InvalidState
from rules.i18n import msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import flag, whole

__all__ = [
    "POLICIES",
    "CombatOdds",
    "Policy",
    "RoundGame",
    "combat_odds",
    "enemy_cards",
    "first_round_game",
    "payoff",
]

MAX_STATES = 2_000_000
"""The largest ``max_states`` a caller may ask :func:`combat_odds` for."""


@dataclass(frozen=True, slots=True)
class CombatOdds:
    """Distribution of how the combat ends.

    ``outcomes``: ending kind -> probability (keys of ``rules.dracula.combat.ENDINGS`` that can
    occur against this opponent). ``blood``: Dracula's blood when the combat ends (0 = destroyed).
    ``health``: the hunter's health at the end. ``joint``: (kind, blood, health) -> probability
    (a read-only mapping whose fractions are reduced when first read: a long combat has hundreds
    of endings with denominators thousands of digits long).
    """

    outcomes: dict[str, Fraction]
    blood: dict[int, Fraction]
    health: dict[int, Fraction]
    joint: Mapping[Ending, Fraction]
    expected_rounds: Fraction
    states: int
    steps: tuple[Step, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class RoundGame:
    """One round seen as a zero-sum game: payoff matrix, win odds and the minimax solution."""

    hunter_cards: tuple[str, ...]
    enemy_cards: tuple[str, ...]
    hunter_wins: tuple[tuple[Fraction, ...], ...]
    payoff: tuple[tuple[Fraction, ...], ...]
    solution: GameSolution


def first_round_game(
    hunter: Hunter,
    opponent: Opponent,
    situation: Situation = NO_SITUATION,
    *,
    blood: int = MAX_BLOOD,
    table: CardTable | None = None,
    assume_initiative: int | None = None,
) -> RoundGame:
    """The first round as a zero-sum game (see :func:`payoff`) and its exact minimax solution."""
    model, s = setup_combat(
        hunter, opponent, situation, blood, table, "minimax", "minimax", assume_initiative
    )
    hs, es, sol = model.game(s)
    wins = tuple(tuple(model.pair(h, e, 0)[0] for e in es) for h in hs)
    pay = tuple(tuple(model.round_value(h, e, 0, s[0], s[1]) for e in es) for h in hs)
    return RoundGame(hs, es, wins, pay, sol)


def combat_odds(
    hunter: Hunter,
    opponent: Opponent,
    situation: Situation = NO_SITUATION,
    *,
    blood: int = MAX_BLOOD,
    table: CardTable | None = None,
    hunter_policy: Policy | str = "uniform",
    enemy_policy: Policy | str = "uniform",
    assume_initiative: int | None = None,
    max_states: int = 200_000,
    fast: bool = True,
) -> CombatOdds:
    """Exact distribution of how a single hunter's combat ends, with the expected rounds.

    ``fast=False`` uses the state-by-state reference solver (same results, much slower on large
    combats; kept to check the layered one).
    """
    whole(msg_p("dracula", "max_states"), max_states, 1, MAX_STATES)
    flag(msg_p("dracula", "fast"), fast)
    model, start = setup_combat(
        hunter, opponent, situation, blood, table, hunter_policy, enemy_policy, assume_initiative
    )
    check_size(model, start, max_states)
    solve = solve_layers if fast else solve_states
    joint_n, rounds_n, den, n_states = solve(model, start, max_states)
    kinds = ["defeated", "bitten", "escaped", "continues"]
    kinds.append("destroyed" if opponent.is_dracula else "killed")
    # Sums are taken on the integer numerators over the common denominator: one reduction
    # per reported probability.
    outcomes_n = dict.fromkeys(kinds, 0)
    blood_n: dict[int, int] = {}
    health_n: dict[int, int] = {}
    for (kind, b, hh), n in joint_n.items():
        outcomes_n[kind] = outcomes_n.get(kind, 0) + n
        blood_n[b] = blood_n.get(b, 0) + n
        health_n[hh] = health_n.get(hh, 0) + n
    joint = Shares(joint_n, den)
    outcomes = {k: Fraction(n, den) for k, n in outcomes_n.items()}
    blood_d = {k: Fraction(n, den) for k, n in blood_n.items()}
    health_d = {k: Fraction(n, den) for k, n in health_n.items()}
    expected_rounds = Fraction(rounds_n, den)
    total = Fraction(sum(joint_n.values()), den)
    if total != 1:  # pragma: no cover - guarded by tests
        raise InvalidState(msg("internal error: ending probabilities sum to {total}", total=total))
    trace = Trace()
    items = card_names(hunter.combat_items) if hunter.combat_items else msg_p("items", "none")
    trace.add(
        "dracula:combat-decks",
        msg(
            "{name} ({health} health, items: {items}) against {opponent} with {blood} blood; "
            "hunter policy {hunter_policy}, enemy policy {enemy_policy}.",
            name=hunter.name,
            health=hunter.health,
            items=items,
            opponent=opponent.against(),
            blood=blood,
            hunter_policy=POLICY_NAMES.get(model.hp.kind, model.hp.kind),
            enemy_policy=POLICY_NAMES.get(model.ep.kind, model.ep.kind),
        )
        if opponent.is_dracula
        else msg(
            "{name} ({health} health, items: {items}) against {opponent}; hunter policy "
            "{hunter_policy}, enemy policy {enemy_policy}.",
            name=hunter.name,
            health=hunter.health,
            items=items,
            opponent=opponent.against(),
            hunter_policy=POLICY_NAMES.get(model.hp.kind, model.hp.kind),
            enemy_policy=POLICY_NAMES.get(model.ep.kind, model.ep.kind),
        ),
    )
    trace.extend(stated_rules(situation, opponent, model.table, model.assumed, assume_initiative))
    trace.add(
        "dracula:combat-end",
        msg_n(
            "Solved exactly over {n} combat states: {outcomes}.",
            "Solved exactly over {n} combat states: {outcomes}.",
            n_states,
            outcomes=outcome_shares(outcomes),
        ),
    )
    return CombatOdds(
        outcomes=outcomes,
        blood=dict(sorted(blood_d.items())),
        health=dict(sorted(health_d.items())),
        joint=joint,
        expected_rounds=expected_rounds,
        states=n_states,
        steps=trace.steps,
    )
