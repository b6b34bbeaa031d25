"""The rulebook's worked examples for the table rules, kept as data.

* Nora's influence phase (section 7): 4 transfers, 2 pool, a capacity-10 vampire
  holding 8 blood and a capacity-7 vampire holding 2. Moving both pool counters onto
  the capacity-10 vampire would oust her; taking 1 blood back from the capacity-7
  vampire first (2 transfers) and then moving 2 of her 3 pool (2 transfers) brings
  the capacity-10 vampire into play.
* The victory points example (section 9.1): Richard, Steve, Justin and Lisa sit
  clockwise in that order; Steve is ousted, then Justin (by Richard), then Richard.
  Richard and Lisa tie with 2 victory points each.

:func:`nora_plan`, :func:`nora_refused_plan` and :func:`richard_score` run the engines
on these data; :func:`examples_text` prints both outcomes.
"""

from __future__ import annotations

from rules.errors import IllegalPlay
from rules.vtes.influence import InfluencePlan, Move, Uncontrolled, plan_influence
from rules.vtes.victory import Ousting, Score, score_game

__all__ = [
    "NORA_MOVES",
    "NORA_POOL",
    "NORA_REFUSED_MOVES",
    "NORA_TRANSFERS",
    "NORA_UNCONTROLLED",
    "RICHARD_EVENTS",
    "RICHARD_SEATING",
    "examples_text",
    "nora_plan",
    "nora_refused_plan",
    "richard_score",
]

NORA_POOL = 2
NORA_TRANSFERS = 4
NORA_BIG = "Capacity-10 vampire"
NORA_SMALL = "Capacity-7 vampire"
NORA_UNCONTROLLED: tuple[Uncontrolled, ...] = (
    Uncontrolled(NORA_BIG, capacity=10, blood=8),
    Uncontrolled(NORA_SMALL, capacity=7, blood=2),
)
NORA_MOVES: tuple[Move, ...] = (Move.to_pool(NORA_SMALL, 1), Move.to_vampire(NORA_BIG, 2))
"""What Nora does: 1 blood back to the pool (2 transfers), then 2 pool onto the big vampire."""
NORA_REFUSED_MOVES: tuple[Move, ...] = (Move.to_vampire(NORA_BIG, 2),)
"""What Nora cannot do: both pool counters onto the big vampire would leave her with 0 pool."""

RICHARD_SEATING: tuple[str, ...] = ("Richard", "Steve", "Justin", "Lisa")
RICHARD_EVENTS: tuple[Ousting, ...] = (
    Ousting(("Steve",)),
    Ousting(("Justin",), by="Richard"),
    Ousting(("Richard",)),
)


def nora_plan() -> InfluencePlan:
    return plan_influence(
        pool=NORA_POOL,
        uncontrolled=NORA_UNCONTROLLED,
        moves=NORA_MOVES,
        transfers=NORA_TRANSFERS,
    )


def nora_refused_plan() -> IllegalPlay:
    """The error the refused plan raises (returned, not raised)."""
    try:
        plan_influence(
            pool=NORA_POOL,
            uncontrolled=NORA_UNCONTROLLED,
            moves=NORA_REFUSED_MOVES,
            transfers=NORA_TRANSFERS,
        )
    except IllegalPlay as error:
        return error
    raise AssertionError("the refused plan was accepted")  # pragma: no cover


def richard_score() -> Score:
    return score_game(RICHARD_SEATING, RICHARD_EVENTS)


def examples_text() -> str:
    """Both examples' outcomes as plain lines, computed by the engines."""
    lines = ["Nora's influence phase (section 7):"]
    refused = nora_refused_plan()
    lines.append(f"  refused: 2 pool onto the capacity-10 vampire -> {refused}")
    plan = nora_plan()
    lines.append(
        f"  accepted: transfers used {plan.transfers_used}/{plan.transfers}, pool left {plan.pool}"
    )
    for v in plan.controlled:
        lines.append(f"  controlled: {v.name} with {v.blood} blood")
    for u in plan.uncontrolled:
        lines.append(f"  still uncontrolled: {u.name} with {u.blood}/{u.capacity} blood")
    score = richard_score()
    lines.append("Victory points (section 9.1): Richard, Steve, Justin, Lisa clockwise")
    for p in score.players:
        lines.append(f"  {p.name}: {p.victory_points} VP, +{p.pool_gained} pool ({p.status})")
    if score.tie:
        lines.append(f"  result: a tie between {' and '.join(score.leaders)}")
    else:
        lines.append(f"  result: {score.winner} wins")
    return "\n".join(lines)
