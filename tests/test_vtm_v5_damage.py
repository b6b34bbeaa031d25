"""V5 damage: the Health track box by box, and the attack's end states against every pair of
rolls read literally."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import InvalidState
from rules.reference import exists
from rules.vtm import V5Health, v5_attack, v5_contest, v5_health

FACES = range(1, 11)


def marked(boxes: int, superficial: int, aggravated: int, hits: list[str]) -> tuple[int, int, int]:
    """A literal track: a list of marks, each hit ('/' or 'X') written box by box."""
    track = ["X"] * aggravated + ["/"] * superficial + [""] * (boxes - aggravated - superficial)
    overflow = 0
    for _hit in hits:
        if "" in track:
            track[track.index("")] = _hit
        elif "/" in track:
            track[track.index("/")] = "X"
        else:
            overflow += 1
    return track.count("/"), track.count("X"), overflow


def test_the_track_box_by_box() -> None:
    track = v5_health(5, 4, 1)
    assert track.condition == "impaired"
    after = track.take(1, "superficial")
    assert (after.superficial, after.aggravated, after.overflow) == (3, 2, 0)
    assert after.condition == "impaired"
    assert v5_health(5).condition == "unhurt"
    assert v5_health(5, 1).condition == "hurt"
    assert v5_health(5, 0, 5).condition == "torpor"
    assert v5_health(5, 0, 5, target="mortal").condition == "incapacitated"
    beyond = v5_health(4, 0, 3).take(3, "aggravated")
    assert (beyond.aggravated, beyond.overflow, beyond.condition) == (4, 2, "torpor")


@settings(max_examples=200, deadline=None)
@given(
    boxes=st.integers(1, 10),
    data=st.data(),
    hits=st.lists(st.sampled_from(["/", "X"]), max_size=14),
)
def test_the_track_matches_marking_each_box(
    boxes: int, data: st.DataObject, hits: list[str]
) -> None:
    aggravated = data.draw(st.integers(0, boxes))
    superficial = data.draw(st.integers(0, boxes - aggravated))
    track = v5_health(boxes, superficial, aggravated)
    for hit in hits:
        track = track.take(1, "superficial" if hit == "/" else "aggravated")
    assert (track.superficial, track.aggravated, track.overflow) == marked(
        boxes, superficial, aggravated, hits
    )


def test_points_taken_at_once_equal_one_by_one() -> None:
    for kind in ("superficial", "aggravated"):
        for points in range(12):
            once = v5_health(6, 2, 1).take(points, kind)
            each = v5_health(6, 2, 1)
            for _ in range(points):
                each = each.take(1, kind)
            assert once == each


# ----------------------------------------------------------------------------- the attack


def read(faces: tuple[int, ...], hunger_dice: int) -> int:
    tens = faces.count(10)
    return sum(1 for f in faces if f >= 6) + 2 * (tens // 2)


def brute_attack(
    pa: int,
    pb: int,
    *,
    health: int,
    weapon: int,
    damage: str,
    target: str,
    tie: str,
    halving: str,
    superficial: int = 0,
    aggravated: int = 0,
) -> dict[tuple[int, int, int], Fraction]:
    whole = 10 ** (pa + pb)
    ends: Counter[tuple[int, int, int]] = Counter()
    for fa in product(FACES, repeat=pa):
        sa = read(fa, 0)
        for fb in product(FACES, repeat=pb):
            sb = read(fb, 0)
            carries = sa > sb or (sa == sb and tie == "acting")
            points = sa - sb + weapon if carries else 0
            if damage == "superficial" and target == "vampire":
                points = (points + 1) // 2 if halving == "up" else points // 2
            kind = "/" if damage == "superficial" else "X"
            ends[marked(health, superficial, aggravated, [kind] * points)] += 1
    return {k: Fraction(n, whole) for k, n in ends.items()}


@pytest.mark.parametrize(
    ("pa", "pb", "options"),
    [
        (2, 1, {"health": 4, "weapon": 0, "damage": "superficial", "target": "vampire"}),
        (2, 2, {"health": 3, "weapon": 2, "damage": "superficial", "target": "vampire"}),
        (3, 1, {"health": 4, "weapon": 1, "damage": "superficial", "target": "mortal"}),
        (2, 1, {"health": 5, "weapon": 3, "damage": "aggravated", "target": "vampire"}),
        (3, 0, {"health": 2, "weapon": 0, "damage": "superficial", "target": "mortal"}),
    ],
)
@pytest.mark.parametrize("tie", ["acting", "standoff"])
@pytest.mark.parametrize("halving", ["up", "down"])
def test_end_states_match_every_pair_of_rolls(
    pa: int, pb: int, options: dict[str, object], tie: str, halving: str
) -> None:
    expected = brute_attack(pa, pb, tie=tie, halving=halving, superficial=1, **options)  # type: ignore[arg-type]
    got = v5_attack(pa, 0, pb, 0, tie=tie, halving=halving, superficial=1, **options)  # type: ignore[arg-type]
    assert {(s.superficial, s.aggravated, s.overflow): p for s, p in got.end.items()} == expected
    assert sum(got.end.values()) == 1
    assert got.conditions == {
        c: sum((p for s, p in got.end.items() if s.condition == c), Fraction(0))
        for c in {s.condition for s in got.end}
    }


def test_the_worked_knife_example() -> None:
    # margin 2 with a knife (+2) against a vampire: 4 Superficial, halved to 2
    got = v5_attack(1, 0, 0, 0, health=5, weapon=2)
    # one die against none: margin 1 (1/2) or a tie at 0 (1/2), carried by the attacker
    # margin 1: 1 + 2 = 3, halved up to 2; tie: 0 + 2 = 2, halved to 1
    assert got.damage == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert got.raw == {2: Fraction(1, 2), 3: Fraction(1, 2)}
    standoff = v5_attack(1, 0, 0, 0, health=5, weapon=2, tie="standoff")
    assert standoff.damage == {0: Fraction(1, 2), 2: Fraction(1, 2)}
    assert standoff.miss == Fraction(1, 2)


def test_hunger_changes_nothing_in_the_damage() -> None:
    calm = v5_attack(6, 0, 4, 0, health=6, weapon=1)
    hungry = v5_attack(6, 4, 4, 2, health=6, weapon=1)
    assert calm.end == hungry.end
    assert hungry.contest.a.messy > 0 and calm.contest.a.messy == 0


@settings(max_examples=60, deadline=None)
@given(
    pa=st.integers(1, 20),
    pb=st.integers(0, 20),
    weapon=st.integers(0, 5),
    health=st.integers(3, 10),
    damage=st.sampled_from(["superficial", "aggravated"]),
    target=st.sampled_from(["vampire", "mortal"]),
)
def test_properties(pa: int, pb: int, weapon: int, health: int, damage: str, target: str) -> None:
    got = v5_attack(pa, 1, pb, 0, health=health, weapon=weapon, damage=damage, target=target)
    contest = v5_contest(pa, 1, pb, 0)
    assert sum(got.end.values()) == sum(got.damage.values()) == 1
    assert got.miss == got.damage.get(0, 0)
    assert got.miss >= contest.b_wins
    assert got.expected_damage == sum(d * p for d, p in got.damage.items())
    if damage == "aggravated" or target == "mortal":
        assert got.damage == got.raw
    bad = {"torpor"} if target == "vampire" else {"incapacitated"}
    allowed = {"unhurt", "hurt", "impaired"} | bad
    assert set(got.conditions) <= allowed
    assert all(exists(step.rule) for step in got.steps)
    assert {"vtm:v5-contests", "vtm:v5-damage", "vtm:v5-health"} <= {s.rule for s in got.steps}


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"health": 0}, "health"),
        ({"health": 5, "superficial": 4, "aggravated": 2}, "boxes"),
        ({"health": 5, "weapon": -1}, "weapon"),
        ({"health": 5, "damage": "lethal"}, "damage"),
        ({"health": 5, "target": "ghoul"}, "target"),
        ({"health": 5, "halving": "nearest"}, "halving"),
    ],
)
def test_bad_input(kwargs: dict[str, object], word: str) -> None:
    with pytest.raises(InvalidState) as caught:
        v5_attack(3, 1, 2, 0, **kwargs)  # type: ignore[arg-type]
    assert word in str(caught.value).lower()
    assert caught.value.ru


def test_health_states_are_values() -> None:
    assert v5_health(5, 1) == V5Health(5, 1, 0, "vampire", 0)
    assert hash(v5_health(5, 1)) == hash(V5Health(5, 1, 0, "vampire", 0))
