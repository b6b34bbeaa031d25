"""Time the exact whole-combat odds against a Monte Carlo baseline measured in the same run.

Run: ``python benchmarks/bench_dracula.py``. Prints, per setup, the median time of
``combat_odds`` (exact, Fractions) and of a Monte Carlo of 100,000 combats driven by the round
resolver's rules (floats, random dice), and their ratio. Two more ratios, from the same run
and checked to give identical answers: the layered solver on Python's own integers against
GMP's (``int/gmp``), and the state-by-state reference solver (``fast=False``) against ours
(``ref/ours``, on setups up to 15,000 states). The machine is shared, so everything is
measured here, back to back, as CPU time of this process (wall time would mostly measure the
neighbours), and medians of several runs are reported. The run ends with the slowest setups
and whether each stays under the one-second target.

Then group combats (``group_odds``): per setup its CPU time, the states solved, the estimate
the page refuses on before solving (``estimated_states``) and whether the page computes it
(``GROUP_ESTIMATE_LIMITS``: about 3 s of CPU). The default group (Van Helsing 8 + Stake, Mina
Harker 8 + Crucifix, blood 15) is timed by day and by night; then the bound of states the
engine reports for four hunters with three items each by night, and the time to refuse it
(target: under 0.1 s). ``--group`` runs only this part.
"""

from __future__ import annotations

import random
import sys

from harness import median_cpu_ms

import rules.dracula.chain_solvers as chain_solvers
import rules.exact.rational as rational
from calculators.pages.dracula.labels import GROUP_ESTIMATE_LIMITS
from rules.dracula.cards import default_table
from rules.dracula.chain import CombatOdds, combat_odds
from rules.dracula.chain_model import setup_combat
from rules.dracula.group import estimated_states, group_odds, state_bound
from rules.dracula.group_model import GroupModel
from rules.dracula.hunters import Hunter, Opponent, Situation, hunter
from rules.errors import InvalidState

SETUPS: list[tuple[str, Hunter, Opponent, Situation, int, str]] = [
    (
        "worked example, minimax",
        hunter("Van Helsing", health=4, items=("Stake",)),
        Opponent.dracula(night=False),
        Situation(trap=True),
        4,
        "minimax",
    ),
    (
        "Van Helsing 8 + Stake, day, blood 15, uniform",
        hunter("Van Helsing", items=("Stake",)),
        Opponent.dracula(night=False),
        Situation(),
        15,
        "uniform",
    ),
    (
        "Mina 8 + Stake, night, blood 10, minimax",
        hunter("Mina Harker", items=("Stake",)),
        Opponent.dracula(night=True),
        Situation(),
        10,
        "minimax",
    ),
    (
        "Godalming + Knife vs armed agent, uniform",
        hunter("Lord Godalming", items=("Knife",)),
        Opponent.agent(("Knife (Agent)", "Pistol (Agent)", "Rifle (Agent)")),
        Situation(),
        15,
        "uniform",
    ),
    (
        "Seward 10 + Stake, Rifle, Pistol, day, blood 15, uniform",
        hunter("Dr. Seward", items=("Stake", "Rifle", "Pistol")),
        Opponent.dracula(night=False),
        Situation(),
        15,
        "uniform",
    ),
    (
        "Godalming 12 + Stake, night, blood 15, uniform (large)",
        hunter("Lord Godalming", items=("Stake",)),
        Opponent.dracula(night=True),
        Situation(),
        15,
        "uniform",
    ),
    (
        "Godalming 12 + Stake, Rifle, Pistol, night, blood 15, uniform (heavy)",
        hunter("Lord Godalming", items=("Stake", "Rifle", "Pistol")),
        Opponent.dracula(night=True),
        Situation(),
        15,
        "uniform",
    ),
]
GROUPS: list[tuple[str, tuple[Hunter, ...], Opponent, int, str]] = [
    (
        "Van Helsing 4 + Stake, Mina 4 + Crucifix, day, blood 5, uniform target",
        (
            hunter("Van Helsing", health=4, items=("Stake",)),
            hunter("Mina Harker", health=4, items=("Crucifix",)),
        ),
        Opponent.dracula(night=False),
        5,
        "uniform",
    ),
    (
        "Van Helsing 4 + Stake, Mina 4 + Crucifix, day, blood 5, minimax target",
        (
            hunter("Van Helsing", health=4, items=("Stake",)),
            hunter("Mina Harker", health=4, items=("Crucifix",)),
        ),
        Opponent.dracula(night=False),
        5,
        "minimax",
    ),
    (
        "Seward 3 + Rifle, Van Helsing 3 + Stake, day, blood 6 (repel cycles)",
        (
            hunter("Dr. Seward", health=3, items=("Rifle",)),
            hunter("Van Helsing", health=3, items=("Stake",)),
        ),
        Opponent.dracula(night=False),
        6,
        "uniform",
    ),
    (
        "Godalming 4 + Knife, Seward 4 + Pistol vs agent with a Knife",
        (
            hunter("Lord Godalming", health=4, items=("Knife",)),
            hunter("Dr. Seward", health=4, items=("Pistol",)),
        ),
        Opponent.agent(("Knife (Agent)",)),
        15,
        "uniform",
    ),
    (
        "default group: Van Helsing 8 + Stake, Mina 8 + Crucifix, day, blood 15",
        (
            hunter("Van Helsing", items=("Stake",)),
            hunter("Mina Harker", items=("Crucifix",)),
        ),
        Opponent.dracula(night=False),
        15,
        "uniform",
    ),
    (
        "default group, minimax target",
        (
            hunter("Van Helsing", items=("Stake",)),
            hunter("Mina Harker", items=("Crucifix",)),
        ),
        Opponent.dracula(night=False),
        15,
        "minimax",
    ),
    (
        "Van Helsing 4 + Stake, Mina 4 + Crucifix, night, blood 3",
        (
            hunter("Van Helsing", health=4, items=("Stake",)),
            hunter("Mina Harker", health=4, items=("Crucifix",)),
        ),
        Opponent.dracula(night=True),
        3,
        "uniform",
    ),
    (
        "default group by night (heavy)",
        (
            hunter("Van Helsing", items=("Stake",)),
            hunter("Mina Harker", items=("Crucifix",)),
        ),
        Opponent.dracula(night=True),
        15,
        "uniform",
    ),
]
TARGET_SECONDS = 1.0
PAGE_SECONDS = 3.0  # what the page allows a group combat
REFERENCE_MAX_STATES = 15_000  # the state-by-state solver takes about 1 s at 14,000 states


def monte_carlo(
    h: Hunter, opp: Opponent, sit: Situation, blood: int, policy: str, n: int, seed: int = 1
) -> dict[str, float]:
    """Sample ``n`` combats with the chain's own round model (the baseline)."""
    model, start = setup_combat(h, opp, sit, blood, None, policy, policy, 1)
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    cache: dict[object, tuple[list[object], list[float]]] = {}
    for _ in range(n):
        s = start
        while True:
            entry = cache.get(s)
            if entry is None:
                den, moves = model.transitions(s)
                targets = list(moves)
                weights = [moves[t] / den for t in targets]
                cum, acc = [], 0.0
                for w in weights:
                    acc += w
                    cum.append(acc)
                entry = (targets, cum)  # type: ignore[assignment]
                cache[s] = entry  # type: ignore[assignment]
            targets, cum = entry
            x = rng.random() * cum[-1]
            k = next(i for i, c in enumerate(cum) if c >= x)
            t = targets[k]
            if isinstance(t[0], str):  # type: ignore[index]
                kind = str(t[0])  # type: ignore[index]
                counts[kind] = counts.get(kind, 0) + 1
                break
            s = t  # type: ignore[assignment]
    return {k: v / n for k, v in counts.items()}


def run_setup(
    name: str, h: Hunter, opp: Opponent, sit: Situation, blood: int, policy: str, samples: int
) -> tuple[str, float, float, int]:
    def exact(fast: bool = True) -> CombatOdds:
        chain_solvers._OPERATORS.clear()  # no help from earlier runs
        chain_solvers._LAYER_OPERATORS.clear()
        return combat_odds(
            h,
            opp,
            sit,
            blood=blood,
            hunter_policy=policy,
            enemy_policy=policy,
            assume_initiative=1,
            fast=fast,
        )

    t_exact = median_cpu_ms(exact, 3) / 1000
    odds = exact()
    # the same layered solver on Python's own integers instead of GMP's
    gmp = rational.big_integers()
    rational._BIG = int
    try:
        t_plain = median_cpu_ms(exact, 1) / 1000
        assert exact() == odds
    finally:
        rational._BIG = gmp
    # the state-by-state reference solver, on the setups where it ends in seconds
    ref = "-"
    if odds.states <= REFERENCE_MAX_STATES:
        t_ref = median_cpu_ms(lambda: exact(fast=False), 1) / 1000
        assert exact(fast=False) == odds
        ref = f"{t_ref / t_exact:8.1f}"
    t_mc = median_cpu_ms(lambda: monte_carlo(h, opp, sit, blood, policy, samples), 1) / 1000
    print(
        f"{name:70} {t_exact:8.3f} {t_plain / t_exact:8.1f} {ref:>8} "
        f"{t_mc:8.3f} {t_mc / t_exact:9.1f}  {odds.states}"
    )
    return name, t_exact, t_mc, odds.states


def _kind(opp: Opponent) -> str:
    """The opponent as the page's choice names it."""
    if not opp.is_dracula:
        return "agent"
    return "dracula-night" if opp.night else "dracula-day"


def run_groups() -> None:
    print(
        f"\n{'group setup':72} {'exact s':>8} {'states':>8} {'estimate':>10}  page  "
        f"under {PAGE_SECONDS:.0f} s"
    )
    for name, group, opp, blood, target in GROUPS:
        found: list[int] = []

        def solve(
            group: tuple[Hunter, ...] = group, opp: Opponent = opp, blood: int = blood,
            target: str = target, found: list[int] = found,
        ) -> None:  # fmt: skip
            found.append(
                group_odds(
                    group,
                    opp,
                    blood=blood,
                    target_policy=target,
                    assume_initiative=1,
                    max_states=1_000_000,
                    max_bound=10**12,
                ).states
            )

        estimate = estimated_states(
            group, opp, blood=blood, target_policy=target, assume_initiative=1
        )
        page = "yes" if estimate <= GROUP_ESTIMATE_LIMITS[(_kind(opp), target)] else "no"
        t = median_cpu_ms(solve, 1 if "heavy" in name else 3) / 1000
        verdict = "ok" if t < PAGE_SECONDS else "OVER"
        print(f"{name:72} {t:8.3f} {found[-1]:8} {estimate:10}  {page:>4}  {verdict}")
    big = tuple(
        hunter(n, items=("Stake", "Crucifix", "Holy Water"))
        for n in ("Van Helsing", "Mina Harker", "Dr. Seward", "Lord Godalming")
    )
    night = Opponent.dracula()
    model = GroupModel(big, night, Situation(), default_table(), "uniform", 1)
    bound = state_bound(big, night, 15, model.round_cap)
    print(
        f"four hunters, three items each, night, blood 15: the engine's bound {bound:,} "
        f"({bound:.2e}) states"
    )

    def refuse() -> None:
        try:
            group_odds(big, night, blood=15, assume_initiative=1)
        except InvalidState:
            return
        raise AssertionError("the four-hunter night combat was not refused")

    t = median_cpu_ms(refuse, 5) / 1000
    verdict = "ok" if t < 0.1 else "OVER"
    print(f"{'refusal: four hunters, three items each, night, blood 15':72} {t:8.4f}  {verdict}")

    def estimate_big() -> None:
        limit = GROUP_ESTIMATE_LIMITS[("dracula-night", "uniform")]
        assert estimated_states(big, night, assume_initiative=1, limit=limit) > limit

    t = median_cpu_ms(estimate_big, 5) / 1000
    verdict = "ok" if t < 0.1 else "OVER"
    print(f"{'page refusal on the estimate, same group':72} {t:8.4f}  {verdict}")


def main() -> None:
    if "--group" in sys.argv:
        run_groups()
        return
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    print(
        f"{'setup':70} {'exact s':>8} {'int/gmp':>8} {'ref/ours':>8} "
        f"{'MC s':>8} {'MC/exact':>9}  states"
    )
    rows = [run_setup(*setup, samples) for setup in SETUPS]
    print(f"\nSlowest setups (target: under {TARGET_SECONDS:.0f} s each):")
    for name, t_exact, t_mc, states in sorted(rows, key=lambda r: -r[1])[:3]:
        verdict = "ok" if t_exact < TARGET_SECONDS else "OVER"
        print(
            f"  {name:70} {t_exact:8.3f} s  {states:6} states  "
            f"MC/exact {t_mc / t_exact:6.1f}  {verdict}"
        )
    run_groups()


if __name__ == "__main__":
    main()
