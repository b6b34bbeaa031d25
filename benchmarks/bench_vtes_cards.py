"""Speed of card play in VTES combat and of the shipped card data.

Run: ``.venv/bin/python benchmarks/bench_vtes_cards.py``. Reports, in one run:

- a 3-round combat with 6 card effects (Immortal Grapple at superior, Torn Signpost,
  Carrion Crows, Blur, Rolling with the Punches, Taste of Vitae), built from the card
  library and resolved: CPU milliseconds per ``resolve`` (median of the repeats) against
  the 5 ms goal;
- the card data: what opening the pickers reads (every vampire's name, one card) in a
  fresh interpreter, against the 200 ms goal (the pages read it only when the card pickers are
  opened), and the extra import time the pickers add to a cold combat page.

Ratios ``goal/measured`` above 1 mean within the goal. Times are reported, never asserted.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Any

from rules.vtes.card_library import play_card
from rules.vtes.combat import resolve

COMBAT_GOAL_MS = 5.0
DATA_GOAL_MS = 200.0


def six_card_combat() -> dict[str, Any]:
    scenario: dict[str, Any] = {
        "acting": {"name": "Tupdog", "kind": "vampire", "capacity": 10, "blood": 10},
        "opposing": {"name": "Ira", "kind": "vampire", "capacity": 9, "blood": 9},
        "rounds": [{}, {}, {}],
    }
    scenario = play_card(scenario, 1, "acting", "Immortal Grapple", "POT")
    scenario = play_card(scenario, 1, "acting", "Torn Signpost", "POT")
    scenario = play_card(scenario, 1, "opposing", "Carrion Crows", "ANI")
    scenario = play_card(scenario, 1, "opposing", "Rolling with the Punches", "for")
    scenario = play_card(scenario, 2, "acting", "Blur", "cel")
    scenario["rounds"][1]["strikes"] = {"acting": [{"hand": True}, {"hand": True}]}
    scenario["rounds"][1]["presses"] = ["opposing"]
    scenario = play_card(scenario, 3, "acting", "Taste of Vitae", "-")
    return scenario


def cpu_ms(fn: Any, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        out.append((time.process_time() - start) * 1000)
    return out


def fresh_ms(code: str) -> float:
    """Wall milliseconds of ``code`` in a fresh interpreter (it prints its own timing)."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    return float(result.stdout.strip())


def main() -> int:
    scenario = six_card_combat()
    report = resolve(scenario)
    effects = sum(
        1
        for s in report.steps
        if s.rule in ("vtes:6.4.10", "vtes:6.4.11", "vtes:6.4.12", "vtes:6.4.13")
    )
    times = cpu_ms(lambda: resolve(scenario), 400)
    median = statistics.median(times)
    print(
        f"3-round combat, 6 card effects ({len(report.rounds)} rounds, {effects} card steps): "
        f"median {median:.3f} ms, slowest {max(times):.3f} ms; "
        f"goal {COMBAT_GOAL_MS} ms, goal/measured {COMBAT_GOAL_MS / median:.1f}x"
    )
    load = fresh_ms(
        "import time; t = time.perf_counter(); from rules.vtes import carddata; "
        "carddata.crypt_names(); carddata.library_card('Majesty'); "
        "print((time.perf_counter() - t) * 1000)"
    )
    scale = fresh_ms(
        "import time; t = time.perf_counter(); import json; "
        "json.loads(json.dumps(list(range(100000)))); print((time.perf_counter() - t) * 1000)"
    )
    print(
        f"card data read cold: {load:.1f} ms; goal {DATA_GOAL_MS} ms, "
        f"goal/measured {DATA_GOAL_MS / load:.1f}x; for scale, a 100,000-number JSON round "
        f"trip in the same run takes {scale:.1f} ms (data/scale {load / scale:.1f}x)"
    )
    base = fresh_ms(
        "import time; import ipywidgets, calculators.kit, rules.vtes.combat; "
        "t = time.perf_counter(); import calculators.pages.vtes_combat.page; "
        "print((time.perf_counter() - t) * 1000)"
    )
    pickers = fresh_ms(
        "import time; import ipywidgets, calculators.kit, rules.vtes.combat; "
        "t = time.perf_counter(); import calculators.vtes_widgets.card_pickers; "
        "print((time.perf_counter() - t) * 1000)"
    )
    print(
        f"cold combat page module import: {base:.1f} ms, of which the card pickers "
        f"{pickers:.1f} ms (card data not read until the pickers are opened)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
