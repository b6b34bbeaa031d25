"""Whole-combat odds: an exact absorbing Markov chain over combat states (no sampling).

The model (states, policies, each round's moves) is :mod:`rules.dracula.chain_model`; the exact
solvers are :mod:`rules.dracula.chain_solvers`, built on the game-free linear algebra of
:mod:`rules.exact`. Probabilities are ``Fraction`` and sum to 1. The state-by-state reference
solver is kept (``fast=False``); both give identical results.

A round whose roll is tied with equal initiative is rolled again; the re-roll is not counted as
a round (``expected_rounds`` counts decided rounds).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from rules.dracula.blood import MAX_BLOOD
from rules.dracula.cards import CardTable
from rules.dracula.chain_model import (
    POLICIES,
    POLICY_RU,
    Ending,
    Policy,
    check_size,
    payoff,
    setup_combat,
)
from rules.dracula.chain_solvers import solve_layers, solve_states
from rules.dracula.hunters import NO_SITUATION, Hunter, Opponent, Situation
from rules.dracula.legality import AGATHA_COST, NO_DODGE_IN_ROUND_ONE, enemy_cards
from rules.dracula.minimax import GameSolution
from rules.dracula.ru import card_ru, cards_ru, ending_ru, enemy_ru, result_ru
from rules.dracula.shares import share_text, share_text_ru
from rules.errors import InvalidState
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


class _Shares(Mapping[Ending, Fraction]):
    """Exact probabilities kept as integer numerators over one common denominator."""

    __slots__ = ("_den", "_nums", "_reduced")

    def __init__(self, nums: dict[Ending, int], den: int) -> None:
        self._nums = nums
        self._den = den
        self._reduced: dict[Ending, Fraction] = {}

    def __getitem__(self, key: Ending) -> Fraction:
        found = self._reduced.get(key)
        if found is None:
            found = Fraction(self._nums[key], self._den)
            self._reduced[key] = found
        return found

    def __iter__(self) -> Iterator[Ending]:
        return iter(self._nums)

    def __len__(self) -> int:
        return len(self._nums)

    def __repr__(self) -> str:
        return f"{{{', '.join(f'{k!r}: {v!r}' for k, v in self.items())}}}"


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
    whole("max_states", max_states, 1, MAX_STATES, ru="предел состояний (max_states)")
    flag("fast", fast, ru="быстрый решатель (fast)")
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
    joint = _Shares(joint_n, den)
    outcomes = {k: Fraction(n, den) for k, n in outcomes_n.items()}
    blood_d = {k: Fraction(n, den) for k, n in blood_n.items()}
    health_d = {k: Fraction(n, den) for k, n in health_n.items()}
    expected_rounds = Fraction(rounds_n, den)
    total = Fraction(sum(joint_n.values()), den)
    if total != 1:  # pragma: no cover - guarded by tests
        raise InvalidState(
            f"internal error: ending probabilities sum to {total}",
            ru=f"внутренняя ошибка: сумма вероятностей исходов равна {total}",
        )
    trace = Trace()
    opponent_ru = (
        ("Дракулы ночью" if opponent.night else "Дракулы днём")
        if opponent.is_dracula
        else ("Агента" if enemy_ru(opponent.name) == "Агент" else opponent.name)
        + (" (Миньон)" if opponent.minion else "")
    )
    trace.add(
        "dracula:combat-decks",
        f"{hunter.name} ({hunter.health} health, items: "
        f"{', '.join(hunter.combat_items) or 'none'}) against {opponent.describe()}"
        + (f" with {blood} blood" if opponent.is_dracula else "")
        + f"; hunter policy {model.hp.kind}, enemy policy {model.ep.kind}.",
        f"{hunter.name} (Здоровье {hunter.health}, боевые Вещи: "
        f"{cards_ru(hunter.combat_items) or 'нет'}) против {opponent_ru}"
        + (f" (Кровь {blood})" if opponent.is_dracula else "")
        + f"; Охотник играет: {POLICY_RU.get(model.hp.kind, model.hp.kind)}, противник "
        f"играет: {POLICY_RU.get(model.ep.kind, model.ep.kind)}.",
    )
    if model.assumed:
        trace.add(
            "dracula:initiative",
            f"Assumed initiative {assume_initiative} for {', '.join(model.assumed)} (not known).",
            f"Допущение: инициатива {assume_initiative} для карт {cards_ru(model.assumed)} "
            "(настоящие числа неизвестны).",
        )
    trace.add(
        "dracula:initiative",
        "Equal totals with equal initiative are rolled again (our stated assumption).",
        "Если равны и итоги, и инициатива, раунд перебрасывается (наше явное допущение).",
    )
    if not situation.dodge_in_round_one:
        trace.add("dracula:combat-decks", NO_DODGE_IN_ROUND_ONE)
    if model.agatha:
        trace.add(
            "dracula:powers",
            f"Sister Agatha: Dracula pays {AGATHA_COST} blood for each Fangs or Escape, when it "
            "is revealed and before the result; he needs "
            f"{AGATHA_COST + 1} blood or more to choose one.",
            f"Сестра Агата: за каждые Клыки или Бегство Дракула платит {AGATHA_COST} Крови при "
            "вскрытии карты, до результата раунда; выбрать такую карту он может лишь при "
            f"{AGATHA_COST + 1} Крови и больше.",
        )
    for cell in model.table.overrides():
        trace.add(
            "dracula:results",
            f"User override: {cell.winner} wins, {cell.hunter_card} vs {cell.enemy_card} -> "
            f"{cell.label}.",
            f"Замена пользователя: если побеждает "
            f"{'Охотник' if cell.winner == 'hunter' else 'противник'}, "
            f"карта {card_ru(cell.hunter_card)} против карты {card_ru(cell.enemy_card)} -> "
            f"{result_ru(cell.kind, cell.amount) if cell.allowed else result_ru('not-allowed')}.",
        )
    trace.add(
        "dracula:combat-end",
        f"Solved exactly over {n_states} combat states: "
        + "; ".join(f"{k} {share_text(p)}" for k, p in outcomes.items() if p)
        + ".",
        f"Точно решено состояний боя: {n_states}. Исходы: "
        + "; ".join(f"{ending_ru(k)} {share_text_ru(p)}" for k, p in outcomes.items() if p)
        + ".",
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
