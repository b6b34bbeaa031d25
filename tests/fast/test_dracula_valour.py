"""Valour points (Fury of Dracula variant): award values, tallies, the winner, combat odds."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dracula.blood import blood_after_killed
from rules.dracula.chain import CombatOdds, combat_odds
from rules.dracula.examples import (
    EXAMPLE_BLOOD,
    EXAMPLE_OPPONENT,
    EXAMPLE_SITUATION,
    example_hunter,
)
from rules.dracula.hunters import Opponent, hunter
from rules.dracula.valour import (
    AWARD_BY_KEY,
    AWARDS,
    ValourEvent,
    agent_combat_points,
    combat_valour,
    dracula_combat_points,
    valour_tally,
    valour_winner,
)
from rules.errors import InvalidState
from rules.trace import cited_rules

# The seed's Valour list, written out here by hand (not read from the engine).
SEED_POINTS = {
    "rats_unhurt": 1,
    "wolves_unhurt": 1,
    "minion_beaten": 2,
    "assassin_beaten": 3,
    "castle_dracula": 3,
    "final_stand": 3,
    "new_vampire_destroyed": 4,
    "attack_on_dracula": 5,
    "blood_taken": 5,
    "final_blow": 10,
}


# -- the awards as data ----------------------------------------------------------------------


def test_the_awards_are_the_seeds_list() -> None:
    assert {a.key: a.points for a in AWARDS} == SEED_POINTS
    assert [a.key for a in AWARDS if a.once_per_game] == ["castle_dracula", "final_blow"]
    assert [a.key for a in AWARDS if a.per == "blood point"] == ["blood_taken"]
    assert AWARD_BY_KEY["blood_taken"].max_per_event == 15


@pytest.mark.parametrize(("key", "points"), sorted(SEED_POINTS.items()))
def test_each_award_alone_scores_its_points(key: str, points: int) -> None:
    tally = valour_tally("Dr. Seward", [ValourEvent(key)])
    assert tally.points == points
    assert len(tally.lines) == 1 and tally.lines[0].points == points
    assert cited_rules(tally.steps) == {"dracula:variants"}
    assert f"= {points} Valour points" in tally.steps[0].text


def test_per_event_awards_multiply_by_their_count() -> None:
    tally = valour_tally(
        "Mina Harker",
        [
            ValourEvent("rats_unhurt", 3),
            ValourEvent("wolves_unhurt", 2),
            ValourEvent("rats_unhurt"),
        ],
    )
    assert tally.points == 6
    assert tally.count("rats_unhurt") == 4 and tally.count("wolves_unhurt") == 2


def test_a_whole_game_tally() -> None:
    events = [
        ValourEvent("attack_on_dracula", 2),
        ValourEvent("blood_taken", 3),  # one combat
        ValourEvent("blood_taken", 4),  # another combat
        ValourEvent("castle_dracula"),
        ValourEvent("minion_beaten"),
        ValourEvent("final_stand"),
        ValourEvent("new_vampire_destroyed", 2),
        ValourEvent("final_blow"),
    ]
    tally = valour_tally("  Van Helsing ", events)
    assert tally.hunter == "Van Helsing"
    assert tally.points == 2 * 5 + 7 * 5 + 3 + 2 + 3 + 2 * 4 + 10
    blood = next(line for line in tally.lines if line.award.key == "blood_taken")
    assert (blood.count, blood.events, blood.points) == (7, 2, 35)
    text = "\n".join(s.text for s in tally.steps)
    assert "over 2 combats" in text and "71 Valour points in all" in text
    assert [line.award.key for line in tally.lines] == [
        "minion_beaten",
        "castle_dracula",
        "final_stand",
        "new_vampire_destroyed",
        "attack_on_dracula",
        "blood_taken",
        "final_blow",
    ]


def test_zero_counts_and_no_events_score_nothing() -> None:
    tally = valour_tally("Lord Godalming", [ValourEvent("rats_unhurt", 0)])
    assert tally.points == 0 and tally.lines == ()
    assert "no Valour awards" in tally.steps[-1].text
    assert valour_tally("Lord Godalming", []).points == 0


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ([ValourEvent("rats_unhurt", -1)], "must be a whole number 0 or more"),
        ([ValourEvent("rats_unhurt", True)], "must be a whole number 0 or more"),
        ([ValourEvent("final_stand", 1.5)], "must be a whole number 0 or more"),  # type: ignore[arg-type]
        ([ValourEvent("dragon_slain")], "unknown Valour award 'dragon_slain'; allowed: rats"),
        ([ValourEvent("castle_dracula", 2)], "once per game: its count must be 0 or 1"),
        (
            [ValourEvent("castle_dracula"), ValourEvent("castle_dracula")],
            "at most once per game, but it is counted 2 times; allowed: 0 or 1",
        ),
        ([ValourEvent("final_blow"), ValourEvent("final_blow")], "at most once per game"),
        ([ValourEvent("blood_taken", 16)], "one combat takes 0..15; give one event per combat"),
        (["blood_taken"], "must be a ValourEvent"),
    ],
)
def test_bad_events_say_what_is_allowed(events: list[ValourEvent], message: str) -> None:
    with pytest.raises(InvalidState, match=re.escape(message)):
        valour_tally("Mina Harker", events)


def test_fifteen_blood_in_one_combat_and_more_over_several_are_fine() -> None:
    tally = valour_tally("Dr. Seward", [ValourEvent("blood_taken", 15)] * 3)
    assert tally.points == 45 * 5


def test_a_hunter_needs_a_name() -> None:
    with pytest.raises(InvalidState, match="needs a name"):
        valour_tally("  ", [])


# -- the winner -------------------------------------------------------------------------------


def test_most_points_wins_when_the_hunters_win() -> None:
    standing = valour_winner(
        {
            "Van Helsing": [ValourEvent("blood_taken", 2), ValourEvent("final_blow")],
            "Mina Harker": [ValourEvent("attack_on_dracula", 3), ValourEvent("final_stand")],
            "Dr. Seward": [ValourEvent("wolves_unhurt")],
        }
    )
    assert standing.ranking == (("Van Helsing", 20), ("Mina Harker", 18), ("Dr. Seward", 1))
    assert standing.winner == "Van Helsing" and not standing.tie
    assert standing.leaders == ("Van Helsing",)
    assert "Van Helsing has the most Valour points (20)" in standing.steps[-1].text
    assert cited_rules(standing.steps) == {"dracula:variants"}


def test_equal_top_scores_are_reported_as_a_tie_not_broken() -> None:
    standing = valour_winner(
        {
            "Lord Godalming": [ValourEvent("minion_beaten", 2), ValourEvent("rats_unhurt")],
            "Mina Harker": [ValourEvent("attack_on_dracula")],
            "Dr. Seward": [ValourEvent("assassin_beaten")],
        }
    )
    assert standing.tie and standing.winner is None
    assert standing.leaders == ("Lord Godalming", "Mina Harker")
    last = standing.steps[-1].text
    assert "Tie" in last and "no tie-break" in last and "5 points" in last


def test_no_valour_winner_when_dracula_wins() -> None:
    standing = valour_winner(
        {"Van Helsing": [ValourEvent("blood_taken", 3)], "Mina Harker": []}, hunters_won=False
    )
    assert standing.winner is None and not standing.tie
    assert standing.leaders == ("Van Helsing",)
    assert "Dracula won the game" in standing.steps[-1].text


@pytest.mark.parametrize(
    ("hunters", "won", "message"),
    [
        ({}, True, "give 1 to 4 hunters"),
        ({f"H{i}": [] for i in range(5)}, True, "give 1 to 4 hunters for a Valour standing, not 5"),
        (
            {"Mina Harker": [ValourEvent("final_blow")], "Dr. Seward": [ValourEvent("final_blow")]},
            True,
            "only one hunter can strike the final blow",
        ),
        ({"Mina Harker": [ValourEvent("final_blow")]}, False, "the hunters won"),
        ({"Mina": [], " Mina ": []}, True, "each hunter may appear once; repeated: Mina"),
        ({"Mina": [ValourEvent("rats_unhurt", -2)]}, True, "Mina: the count of"),
    ],
)
def test_bad_standings_say_what_is_allowed(
    hunters: dict[str, list[ValourEvent]], won: bool, message: str
) -> None:
    with pytest.raises(InvalidState, match=re.escape(message)):
        valour_winner(hunters, hunters_won=won)


# -- points of one combat ---------------------------------------------------------------------


def test_dracula_combat_points_follow_the_seed() -> None:
    assert dracula_combat_points(blood_taken=0, destroyed=False, attacked=False) == 0
    assert dracula_combat_points(blood_taken=0, destroyed=False, attacked=True) == 5
    assert dracula_combat_points(blood_taken=3, destroyed=False, attacked=False) == 15
    assert dracula_combat_points(blood_taken=4, destroyed=True, attacked=True) == 20 + 10 + 5
    with pytest.raises(InvalidState, match="from 0 to 15"):
        dracula_combat_points(blood_taken=16, destroyed=False, attacked=False)


def test_a_killed_result_counts_the_blood_actually_lost() -> None:
    # 12 blood, Killed -> the red mark at 10: 2 blood points, 10 Valour points
    taken = 12 - blood_after_killed(12)
    assert taken == 2
    assert dracula_combat_points(blood_taken=taken, destroyed=False, attacked=False) == 10
    # 4 blood, Killed -> 0: 4 blood points plus the final blow
    taken = 4 - blood_after_killed(4)
    assert dracula_combat_points(blood_taken=taken, destroyed=True, attacked=False) == 30


def test_agent_combat_points() -> None:
    assert agent_combat_points(killed=True, minion=True, assassin=False) == 2
    assert agent_combat_points(killed=True, minion=False, assassin=True) == 3
    assert agent_combat_points(killed=True, minion=False, assassin=False) == 0
    assert agent_combat_points(killed=False, minion=True, assassin=False) == 0
    with pytest.raises(InvalidState, match="not both"):
        agent_combat_points(killed=True, minion=True, assassin=True)


# -- the distribution of one combat, against independent computations ------------------------


def _by_hand(odds: CombatOdds, start: int, attacked: bool) -> dict[int, Fraction]:
    """Points of each ending of a combat with Dracula, computed here from the seed's numbers."""
    out: dict[int, Fraction] = {}
    for (kind, end, _health), p in odds.joint.items():
        x = 5 * (start - end) + (10 if kind == "destroyed" else 0) + (5 if attacked else 0)
        out[x] = out.get(x, Fraction(0)) + p
    return {x: p for x, p in out.items() if p}


@pytest.fixture(scope="module")
def knife_odds() -> CombatOdds:
    """Van Helsing with a Knife against Dracula by day at 7 blood: several blood levels."""
    return combat_odds(
        hunter("Van Helsing", items=("Knife",)),
        Opponent.dracula(night=False),
        blood=7,
        assume_initiative=1,
    )


@pytest.mark.parametrize("attacked", [False, True])
def test_worked_example_setup(example_odds: CombatOdds, attacked: bool) -> None:
    v = combat_valour(example_odds, EXAMPLE_OPPONENT, blood=4, hunter_attacked=attacked)
    bonus = 5 if attacked else 0
    destroyed = example_odds.outcomes["destroyed"]
    # he either keeps his 4 blood or a Killed/wounds take all 4: 20 + 10 for the final blow
    assert set(example_odds.blood) == {0, 4}
    assert v.distribution == {bonus: 1 - destroyed, 30 + bonus: destroyed}
    assert v.distribution == _by_hand(example_odds, 4, attacked)
    assert v.expected == bonus + 30 * destroyed
    assert {s.rule for s in v.steps} == {"dracula:variants", "dracula:blood-track"}


def test_several_blood_levels_match_the_blood_distribution(knife_odds: CombatOdds) -> None:
    v = combat_valour(knife_odds, Opponent.dracula(night=False), blood=7)
    assert len(knife_odds.blood) >= 4
    # each end blood gives its own points: 5 per blood lost, +10 at 0 (destroyed)
    from_blood = {5 * (7 - b) + (10 if b == 0 else 0): p for b, p in knife_odds.blood.items() if p}
    assert v.distribution == from_blood == _by_hand(knife_odds, 7, False)
    linear = 5 * sum(((7 - b) * p for b, p in knife_odds.blood.items()), Fraction(0))
    assert v.expected == linear + 10 * knife_odds.outcomes["destroyed"]
    assert sum(v.distribution.values()) == 1


def test_minion_and_assassin_combats() -> None:
    mina = hunter("Mina Harker", health=3)
    minion = Opponent.agent(minion=True)
    odds = combat_odds(mina, minion, assume_initiative=1)
    killed = odds.outcomes["killed"]
    assert 0 < killed < 1
    v = combat_valour(odds, minion)
    assert v.distribution == {0: 1 - killed, 2: killed} and v.expected == 2 * killed
    plain = Opponent.agent(name="Assassin")
    odds2 = combat_odds(mina, plain, assume_initiative=1)
    killed2 = odds2.outcomes["killed"]
    assert combat_valour(odds2, plain, assassin=True).distribution == {0: 1 - killed2, 3: killed2}
    none = combat_valour(odds2, plain)
    assert none.distribution == {0: Fraction(1)} and none.expected == 0
    assert "scores no Valour" in none.steps[0].text


def test_mismatched_inputs_are_refused(example_odds: CombatOdds) -> None:
    mina = hunter("Mina Harker", health=2)
    agent_odds = combat_odds(mina, Opponent.agent(minion=True), assume_initiative=1)
    with pytest.raises(InvalidState, match="against an agent"):
        combat_valour(agent_odds, Opponent.dracula())
    with pytest.raises(InvalidState, match="against Dracula"):
        combat_valour(example_odds, Opponent.agent())
    with pytest.raises(InvalidState, match=r"give the starting blood .* \(4\.\.15\)"):
        combat_valour(example_odds, EXAMPLE_OPPONENT, blood=3)
    with pytest.raises(InvalidState, match="from 1 to 15, got 16"):
        combat_valour(example_odds, EXAMPLE_OPPONENT, blood=16)
    with pytest.raises(InvalidState, match="attacks on Dracula only"):
        combat_valour(agent_odds, Opponent.agent(minion=True), hunter_attacked=True)
    with pytest.raises(InvalidState, match="not both"):
        combat_valour(agent_odds, Opponent.agent(minion=True), assassin=True)
    with pytest.raises(InvalidState, match="Dracula is not an Assassin"):
        combat_valour(example_odds, EXAMPLE_OPPONENT, blood=4, assassin=True)
    with pytest.raises(InvalidState, match="combat_odds"):
        combat_valour("odds", EXAMPLE_OPPONENT)  # type: ignore[arg-type]


def test_more_starting_blood_than_needed_shifts_the_points(example_odds: CombatOdds) -> None:
    # the same odds read as a combat that began at 6 blood: 2 more blood points always taken
    at4 = combat_valour(example_odds, EXAMPLE_OPPONENT, blood=4)
    at6 = combat_valour(example_odds, EXAMPLE_OPPONENT, blood=6)
    assert at6.distribution == {x + 10: p for x, p in at4.distribution.items()}


# -- properties ------------------------------------------------------------------------------


@st.composite
def dracula_combats(draw: st.DrawFn) -> tuple[CombatOdds, int]:
    start = draw(st.integers(1, 15))
    endings = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["defeated", "bitten", "escaped", "continues", "destroyed"]),
                st.integers(1, start),
                st.integers(0, 12),
                st.integers(1, 50),
            ),
            min_size=1,
            max_size=12,
        )
    )
    weights: dict[tuple[str, int, int], int] = {}
    for kind, end, health, w in endings:
        key = (kind, 0 if kind == "destroyed" else end, health)
        weights[key] = weights.get(key, 0) + w
    total = sum(weights.values())
    joint = {k: Fraction(w, total) for k, w in weights.items()}
    outcomes = dict.fromkeys(
        ["defeated", "bitten", "escaped", "continues", "destroyed"], Fraction(0)
    )
    blood: dict[int, Fraction] = {}
    health: dict[int, Fraction] = {}
    for (kind, end, hp), p in joint.items():
        outcomes[kind] += p
        blood[end] = blood.get(end, Fraction(0)) + p
        health[hp] = health.get(hp, Fraction(0)) + p
    odds = CombatOdds(
        outcomes=outcomes,
        blood=blood,
        health=health,
        joint=joint,
        expected_rounds=Fraction(1),
        states=1,
    )
    return odds, start


@settings(max_examples=150, deadline=None)
@given(dracula_combats(), st.booleans())
def test_distribution_properties(combat: tuple[CombatOdds, int], attacked: bool) -> None:
    odds, start = combat
    v = combat_valour(odds, Opponent.dracula(), blood=start, hunter_attacked=attacked)
    assert sum(v.distribution.values()) == 1
    assert all(p > 0 for p in v.distribution.values())
    assert all(x >= 0 for x in v.distribution)
    assert v.expected == sum(x * p for x, p in v.distribution.items())
    assert v.distribution == _by_hand(odds, start, attacked)
    if attacked:
        base = combat_valour(odds, Opponent.dracula(), blood=start)
        assert v.distribution == {x + 5: p for x, p in base.distribution.items()}


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 14), st.booleans(), st.booleans())
def test_more_blood_taken_never_scores_fewer_points(
    taken: int, destroyed: bool, attacked: bool
) -> None:
    less = dracula_combat_points(blood_taken=taken, destroyed=destroyed, attacked=attacked)
    more = dracula_combat_points(blood_taken=taken + 1, destroyed=destroyed, attacked=attacked)
    assert more > less >= 0
    finished = dracula_combat_points(blood_taken=taken, destroyed=True, attacked=attacked)
    assert finished >= less


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(sorted(SEED_POINTS)), st.integers(0, 3)), max_size=10
    ).filter(lambda evs: sum(c for k, c in evs if k in ("castle_dracula", "final_blow")) <= 1)
)
def test_a_tally_is_the_sum_of_its_awards(events: list[tuple[str, int]]) -> None:
    tally = valour_tally("Dr. Seward", [ValourEvent(k, c) for k, c in events])
    assert tally.points == sum(SEED_POINTS[k] * c for k, c in events)
    assert tally.points == sum(line.points for line in tally.lines)
    assert tally.points >= 0


# -- optional guard against the seed ---------------------------------------------------------


def test_the_seed_lists_these_award_values(seeds_dir: Path) -> None:
    text = (seeds_dir / "fury-of-dracula-2e-combat-hunters-powers.ru.txt").read_text("utf-8")
    start = text.index("Очки Доблести")
    block = text[start : text.index("окончательный удар", start)]
    found = sorted(int(n) for n in re.findall(r"\+(\d+)", block))
    assert found == sorted(SEED_POINTS.values())
    assert "раз за игру" in block


# --- Russian trace texts ----------------------------------------------------------------------


def test_russian_tally_uses_the_right_plural_of_points() -> None:
    # 21 Rats encounters: 21 points (one form), 3 for the Castle (few), 25 for blood (many).
    tally = valour_tally(
        "Mina Harker",
        [
            ValourEvent("rats_unhurt", 21),
            ValourEvent("castle_dracula"),
            ValourEvent("blood_taken", 3),
            ValourEvent("blood_taken", 2),
        ],
    )
    ru = [s.ru for s in tally.steps]
    assert ru[0] == "Mina Harker: засада с Крысами без ран: 21 × 1 = 21 Очко Доблести."
    assert ru[1] == "Mina Harker: вход в Замок Дракулы (раз за игру): 1 × 3 = 3 Очка Доблести."
    assert ru[2] == (
        "Mina Harker: единицы Крови, снятые с Дракулы за 2 боя: 5 × 5 = 25 Очков Доблести."
    )
    assert ru[3] == "Mina Harker: всего 49 Очков Доблести."


def test_russian_tie_and_example_combat_valour() -> None:
    standing = valour_winner(
        {"Van Helsing": [ValourEvent("wolves_unhurt")], "Dr. Seward": [ValourEvent("rats_unhurt")]}
    )
    assert standing.tie
    assert standing.steps[-1].ru.startswith(
        "Ничья: лучший результат, 1 Очко Доблести, у нескольких Охотников: Van Helsing, Dr. Seward."
    )
    # The seed's example combat (Van Helsing against Dracula with 4 blood): every step in Russian.
    odds = combat_odds(
        example_hunter(),
        EXAMPLE_OPPONENT,
        EXAMPLE_SITUATION,
        blood=EXAMPLE_BLOOD,
        assume_initiative=1,
    )
    value = combat_valour(odds, EXAMPLE_OPPONENT, blood=EXAMPLE_BLOOD)
    assert value.steps[0].ru.startswith("Доблесть в бою с Дракулой (Кровь в начале боя: 4): ")
    last = value.steps[-1].ru
    assert last.startswith("Сколько очков может дать этот бой: 0 с вероятностью ")
    assert f"в среднем {value.expected}" in last or "в среднем ≈" in last
    for step in (*odds.steps, *value.steps):
        assert re.search("[А-Яа-я]", step.ru) and step.ru != step.text


# --- errors in Russian ----------------------------------------------------------------------


def test_once_per_game_award_counted_twice_explained_in_russian() -> None:
    events = [ValourEvent("castle_dracula"), ValourEvent("castle_dracula")]
    with pytest.raises(InvalidState, match="at most once per game") as caught:
        valour_tally("Dr. Seward", events)
    assert caught.value.in_language("ru") == (
        "Dr. Seward: «вход в Замок Дракулы» засчитывается не больше раза за игру, а указано "
        "2 раза; допустимо: 0 или 1"
    )
    with pytest.raises(InvalidState) as caught:
        valour_tally("Dr. Seward", [ValourEvent("blood_taken", 16)])
    ru = caught.value.in_language("ru")
    assert ru.startswith("Dr. Seward: снять 16 ед. Крови за один бой невозможно")
    assert "0..15" in ru


def test_standing_and_combat_errors_in_russian() -> None:
    blows = {"A": [ValourEvent("final_blow")], "B": [ValourEvent("final_blow")]}
    with pytest.raises(InvalidState) as caught:
        valour_winner(blows)
    assert caught.value.in_language("ru").endswith("указан у нескольких: A, B")
    odds = combat_odds(hunter("Van Helsing"), Opponent.agent(), assume_initiative=1)
    with pytest.raises(InvalidState, match="against an agent") as caught:
        combat_valour(odds, Opponent.dracula())
    ru = caught.value.in_language("ru")
    assert ru.startswith("эти шансы относятся к бою с Агентом")
    assert "укажите того противника" in ru
