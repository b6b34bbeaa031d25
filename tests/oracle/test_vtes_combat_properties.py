"""Property tests: whatever legal combat is played, blood and life stay within bounds."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalPlay
from rules.vtes import MinionState
from rules.vtes.combat import resolve

SIDES = ("acting", "opposing")


@st.composite
def combatant(draw: st.DrawFn, name: str) -> dict[str, Any]:
    retainers = [
        {"name": f"{name} retainer {i}", "life": draw(st.integers(1, 3))}
        for i in range(draw(st.integers(0, 2)))
    ]
    strength = draw(st.integers(0, 4))
    if draw(st.booleans()):
        capacity = draw(st.integers(1, 11))
        return {
            "name": name,
            "kind": "vampire",
            "capacity": capacity,
            "blood": draw(st.integers(0, capacity)),
            "strength": strength,
            "retainers": retainers,
        }
    return {
        "name": name,
        "kind": "ally",
        "life": draw(st.integers(1, 6)),
        "strength": strength,
        "retainers": retainers,
    }


@st.composite
def strike(draw: st.DrawFn) -> dict[str, Any]:
    shape = draw(st.sampled_from(["hand", "damage", "dodge", "steal", "ends"]))
    if shape == "hand":
        return {"hand": True}
    if shape == "dodge":
        return {"name": "Dodge", "dodge": True}
    if shape == "ends":
        return {"name": "Ends", "combat_ends": True}
    if shape == "steal":
        return {
            "name": "Leech",
            "steal_blood": draw(st.integers(1, 4)),
            "ranged": draw(st.booleans()),
            "first_strike": draw(st.booleans()),
        }
    damage = draw(st.integers(0, 5))
    return {
        "name": "Blow",
        "damage": damage,
        "prevented": draw(st.integers(0, damage)),
        "aggravated": draw(st.booleans()),
        "ranged": draw(st.booleans()),
        "first_strike": draw(st.booleans()),
    }


def alternating(start: str, count: int) -> list[str]:
    other = "opposing" if start == "acting" else "acting"
    return [start if i % 2 == 0 else other for i in range(count)]


@st.composite
def a_round(draw: st.DrawFn) -> dict[str, Any]:
    extra = {side: draw(st.integers(0, 2)) for side in SIDES}
    return {
        "maneuvers": alternating(draw(st.sampled_from(SIDES)), draw(st.integers(0, 3))),
        "strikes": {
            side: draw(st.lists(strike(), min_size=0, max_size=1 + extra[side])) for side in SIDES
        },
        "additional_strikes": {
            side: [{"name": "Blur", "count": extra[side]}] if extra[side] else [] for side in SIDES
        },
        "presses": alternating(draw(st.sampled_from(SIDES)), draw(st.integers(0, 3))),
    }


def check_bounds(start: dict[str, Any], end: Any) -> None:
    if start["kind"] == "vampire":
        assert end.blood is not None and 0 <= end.blood <= start["capacity"]
        assert end.life is None
    else:
        assert end.life is not None and end.life >= 0
        assert end.state is not MinionState.TORPOR  # allies never go to torpor
    if end.state is MinionState.BURNED:
        assert end.amount == 0 and end.retainers == {}
    assert set(end.retainers) <= {r["name"] for r in start["retainers"]}
    assert all(1 <= life <= 3 for life in end.retainers.values())
    assert end.drained >= 0 and end.damage_taken >= 0


@settings(max_examples=200, deadline=None)
@given(
    acting=combatant("Anna"),
    opposing=combatant("Boris"),
    rounds=st.lists(a_round(), min_size=1, max_size=3),
)
def test_blood_and_life_stay_within_bounds(
    acting: dict[str, Any], opposing: dict[str, Any], rounds: list[dict[str, Any]]
) -> None:
    played: list[dict[str, Any]] = []
    for rnd in rounds:
        played.append(rnd)
        try:
            report = resolve({"acting": acting, "opposing": opposing, "rounds": played})
        except IllegalPlay as error:
            # Prevention against a strike that ends up dodged or out of range is illegal
            # (vtes:6.4.12): that round is played again without the prevention.
            assert "no damage to prevent" in str(error)
            for side in SIDES:
                for item in rnd["strikes"][side]:
                    item.pop("prevented", None)
            report = resolve({"acting": acting, "opposing": opposing, "rounds": played})
        check_bounds(acting, report.acting)
        check_bounds(opposing, report.opposing)
        assert len(report.rounds) == len(played)
        if report.ended_by != "open":
            break
    # Blood never appears from nowhere: the total of both sides can only grow by stealing
    # from retainers, so it is at most the start plus the retainers' life.
    start_total = sum(c.get("blood", c.get("life", 0)) for c in (acting, opposing))
    retainer_life = sum(r["life"] for c in (acting, opposing) for r in c["retainers"])
    assert report.acting.amount + report.opposing.amount <= start_total + retainer_life


@settings(max_examples=100, deadline=None)
@given(
    acting=combatant("Anna"),
    opposing=combatant("Boris"),
    blows=st.lists(st.integers(0, 4), min_size=1, max_size=3),
)
def test_unprevented_normal_damage_costs_one_blood_per_point(
    acting: dict[str, Any], opposing: dict[str, Any], blows: list[int]
) -> None:
    """Only the acting side strikes (normal damage); the opposing side dodges nothing."""
    extra = len(blows) - 1
    scenario = {
        "acting": {**acting, "retainers": []},
        "opposing": {**opposing, "retainers": []},
        "rounds": [
            {
                "strikes": {
                    "acting": [{"name": "Blow", "damage": d} for d in blows],
                    "opposing": [{"name": "Wait"} for _ in blows],
                },
                "additional_strikes": {
                    "acting": [{"name": "Blur", "count": extra}] if extra else [],
                    "opposing": [{"name": "Blur", "count": extra}] if extra else [],
                },
            }
        ],
    }
    report = resolve(scenario)
    start = opposing.get("blood", opposing.get("life"))
    assert start is not None
    end = report.opposing
    if end.state is MinionState.READY:
        assert end.amount == start - sum(blows)
    else:
        assert sum(blows) > start or (sum(blows) == start and opposing["kind"] == "ally")
