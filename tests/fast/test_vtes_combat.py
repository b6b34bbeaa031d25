"""VTES combat resolver: the seed's worked examples and one case per combat rule."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.errors import IllegalPlay, InvalidState, RuleError
from rules.reference import exists
from rules.vtes import MinionState
from rules.vtes.combat import resolve
from rules.vtes.combat_examples import COHN_ROSE_VS_MAGE, EXAMPLES, KURT_VS_IRA
from rules.vtes.scenario import dump_scenario_json, load_scenario_json


def vampire(name: str, capacity: int = 6, blood: int = 4, **more: Any) -> dict[str, Any]:
    return {"name": name, "kind": "vampire", "capacity": capacity, "blood": blood, **more}


def ally(name: str, life: int = 3, **more: Any) -> dict[str, Any]:
    return {"name": name, "kind": "ally", "life": life, **more}


def combat(
    acting: dict[str, Any] | None = None,
    opposing: dict[str, Any] | None = None,
    *rounds: dict[str, Any],
    **top: Any,
) -> dict[str, Any]:
    return {
        "acting": acting or vampire("Anna"),
        "opposing": opposing or vampire("Boris"),
        "rounds": list(rounds) or [{}],
        **top,
    }


def strikes(acting: list[Any] | None = None, opposing: list[Any] | None = None) -> dict[str, Any]:
    return {"acting": acting or [], "opposing": opposing or []}


GUN = {"name": "Pistol", "strike": {"damage": 2, "ranged": True}}
KNIFE = {"name": "Knife", "strike": {"damage": 2}}


# -- the seed's examples -------------------------------------------------------------------


class TestSeedExamples:
    def test_kurt_vs_ira(self) -> None:
        report = resolve(KURT_VS_IRA.scenario)
        kurt, ira = report.acting, report.opposing
        # Undead Strength is dodged; then two pairs of hand strikes hit Kurt (1 + 1) and one
        # hits Ira; each point is mended with 1 blood from 4 and 5.
        assert (kurt.damage_taken, ira.damage_taken) == (2, 1)
        assert (kurt.blood, ira.blood) == (4 - 2, 5 - 1)
        assert kurt.state is MinionState.READY and ira.state is MinionState.READY
        assert [r.range for r in report.rounds] == ["close"]
        assert report.rounds[0].continued is False
        text = " ".join(report.narrative)
        assert "Ira dodges" in text
        assert "Kurt has no strike left" in text
        assert "Kurt plays Blur: 1 additional strike" in text
        assert "Ira plays Blur: 2 additional strikes" in text

    def test_cohn_rose_vs_mage(self) -> None:
        report = resolve(COHN_ROSE_VS_MAGE.scenario)
        cohn, mage = report.acting, report.opposing
        assert mage.state is MinionState.BURNED
        assert mage.life == 0
        # 4 + 2 stolen = 6 > capacity 5: 1 drains; then 2 damage mended: 5 - 2 = 3.
        assert cohn.drained == 1
        assert cohn.blood == 3
        assert cohn.state is MinionState.READY
        assert report.ended_by == "not_ready"

    def test_examples_in_russian(self) -> None:
        for example in EXAMPLES.values():
            ru = resolve(example.scenario).narrative_ru
            assert ru and all(any("а" <= ch <= "я" for ch in line.lower()) for line in ru)

    def test_seed_mentions_the_numbers(self, seeds_dir: Any) -> None:
        text = (seeds_dir / "vtes-rulebook-p4-combat-torpor-influence-victory.ru.txt").read_text()
        assert "Undead Strength" in text and "Cohn" in text
        assert "теперь у него 3 литра крови" in text


# -- range ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("maneuvers", "expected"),
    [
        ([], "close"),
        (["acting"], "long"),
        (["opposing"], "long"),
        (["acting", "opposing"], "close"),
        (["opposing", "acting"], "close"),
        (["acting", "opposing", "acting"], "long"),
    ],
)
def test_range_follows_the_maneuvers(maneuvers: list[str], expected: str) -> None:
    report = resolve(combat(None, None, {"maneuvers": maneuvers}))
    assert report.rounds[0].range == expected


@pytest.mark.parametrize("side", ["acting", "opposing"])
def test_two_maneuvers_in_a_row_are_illegal(side: str) -> None:
    with pytest.raises(IllegalPlay, match="twice in a row"):
        resolve(combat(None, None, {"maneuvers": ["acting", side, side]}))


def test_each_round_starts_at_close_range() -> None:
    report = resolve(combat(None, None, {"maneuvers": ["acting"], "presses": ["acting"]}, {}))
    assert [r.range for r in report.rounds] == ["long", "close"]


# -- strikes -------------------------------------------------------------------------------


def test_hand_strike_deals_strength() -> None:
    report = resolve(combat(vampire("Anna", strength=3), vampire("Boris", blood=5)))
    assert report.opposing.blood == 5 - 3
    assert report.acting.blood == 4 - 1  # Boris's default hand strike, strength 1


def test_hand_strike_does_nothing_at_long_range() -> None:
    report = resolve(combat(None, None, {"maneuvers": ["opposing"]}))
    assert (report.acting.blood, report.opposing.blood) == (4, 4)
    assert report.acting.damage_taken == 0


def test_ranged_weapon_hits_at_long_range_close_only_one_does_not() -> None:
    scenario = combat(
        vampire("Anna", equipment=[GUN]),
        vampire("Boris", equipment=[KNIFE]),
        {
            "maneuvers": ["acting"],
            "strikes": strikes([{"weapon": "Pistol"}], [{"weapon": "Knife"}]),
        },
    )
    report = resolve(scenario)
    assert report.opposing.blood == 4 - 2
    assert report.acting.blood == 4


def test_weapon_at_close_range_and_equipment_kept() -> None:
    report = resolve(
        combat(
            vampire("Anna", equipment=[KNIFE]), None, {"strikes": strikes([{"weapon": "Knife"}])}
        )
    )
    assert report.opposing.blood == 2
    assert report.acting.equipment == ("Knife",)


def test_weapon_not_carried_is_illegal() -> None:
    with pytest.raises(IllegalPlay, match="does not carry"):
        resolve(combat(None, None, {"strikes": strikes([{"weapon": "Sword"}])}))


def test_aggravated_damage_wounds_and_sends_to_torpor() -> None:
    scenario = combat(
        None,
        vampire("Boris", blood=3),
        {"strikes": strikes([{"name": "Fire", "damage": 2, "aggravated": True}])},
    )
    report = resolve(scenario)
    # First aggravated point wounds, the second costs 1 blood; Boris goes to torpor.
    assert report.opposing.state is MinionState.TORPOR
    assert report.opposing.blood == 2
    assert report.ended_by == "not_ready"


def test_aggravated_burns_a_vampire_without_blood() -> None:
    scenario = combat(
        None,
        vampire("Boris", blood=0),
        {"strikes": strikes([{"name": "Fire", "damage": 2, "aggravated": True}])},
    )
    report = resolve(scenario)
    assert report.opposing.state is MinionState.BURNED
    assert report.opposing.blood == 0


def test_prevention_reduces_damage() -> None:
    report = resolve(
        combat(None, None, {"strikes": strikes([{"name": "Claws", "damage": 3, "prevented": 2}])})
    )
    assert report.opposing.blood == 4 - 1
    assert (report.opposing.damage_taken, report.opposing.damage_prevented) == (1, 2)


def test_prevention_above_the_strike_damage_is_capped() -> None:
    """Ruling G00153: superior Skin of Rock (prevent 2) against a 1-damage hand strike."""
    report = resolve(combat(None, None, {"strikes": strikes([{"hand": True, "prevented": 2}])}))
    assert report.opposing.blood == 4  # nothing to mend: all of it was prevented
    assert report.opposing.damage_prevented == 1
    capped = [s for s in report.steps if "G00153" in s.text]
    assert len(capped) == 1
    assert capped[0].rule == "vtes:6.4.6" and exists(capped[0].rule)
    assert "remaining 1 prevents nothing" in capped[0].text
    assert "решение G00153" in capped[0].in_language("ru")
    same = resolve(combat(None, None, {"strikes": strikes([{"hand": True, "prevented": 1}])}))
    assert (same.opposing.blood, same.opposing.state) == (
        report.opposing.blood,
        report.opposing.state,
    )


def test_prevention_against_a_strike_without_damage_is_illegal() -> None:
    """Ruling G00154: a prevention card needs damage to prevent."""
    scenario = combat(
        None, None, {"strikes": strikes([{"name": "Leech", "steal_blood": 2, "prevented": 1}])}
    )
    with pytest.raises(IllegalPlay, match="G00154") as caught:
        resolve(scenario)
    assert "G00154" in caught.value.in_language("ru")


class TestFirstStrike:
    def test_first_strike_torpor_stops_the_other_strike(self) -> None:
        scenario = combat(
            vampire("Anna", blood=1),
            vampire("Boris", blood=1),
            {
                "strikes": strikes(
                    [{"name": "Quick", "damage": 2, "first_strike": True}],
                    [{"name": "Club", "damage": 3}],
                )
            },
        )
        report = resolve(scenario)
        assert report.opposing.state is MinionState.TORPOR
        assert report.acting.blood == 1 and report.acting.damage_taken == 0

    def test_opponent_survives_and_strikes_back(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", blood=5),
            {
                "strikes": strikes(
                    [{"name": "Quick", "damage": 2, "first_strike": True}], [{"hand": True}]
                )
            },
        )
        report = resolve(scenario)
        assert (report.acting.blood, report.opposing.blood) == (3, 3)

    def test_two_first_strikes_are_simultaneous(self) -> None:
        quick = {"name": "Quick", "damage": 2, "first_strike": True}
        scenario = combat(
            vampire("Anna", blood=1),
            vampire("Boris", blood=1),
            {"strikes": strikes([quick], [quick])},
        )
        report = resolve(scenario)
        assert report.acting.state is MinionState.TORPOR
        assert report.opposing.state is MinionState.TORPOR

    def test_weapon_taken_by_first_strike_loses_the_strike(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", equipment=[KNIFE]),
            {
                "strikes": strikes(
                    [{"name": "Disarm", "steal_equipment": "Knife", "first_strike": True}],
                    [{"weapon": "Knife"}],
                )
            },
        )
        report = resolve(scenario)
        assert report.acting.blood == 4  # the knife never hit
        assert report.acting.equipment == ("Knife",)
        assert report.opposing.equipment == ()
        assert any("loses its strike" in line for line in report.narrative)

    def test_weapon_destroyed_by_first_strike_loses_the_strike(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", equipment=[KNIFE]),
            {
                "strikes": strikes(
                    [{"name": "Smash", "destroy_equipment": "Knife", "first_strike": True}],
                    [{"weapon": "Knife"}],
                )
            },
        )
        report = resolve(scenario)
        assert report.acting.blood == 4
        assert report.opposing.equipment == () and report.acting.equipment == ()


class TestDodge:
    def test_dodge_stops_first_strike(self) -> None:
        scenario = combat(
            None,
            None,
            {
                "strikes": strikes(
                    [{"name": "Quick", "damage": 3, "first_strike": True}], [{"dodge": True}]
                )
            },
        )
        report = resolve(scenario)
        assert (report.acting.blood, report.opposing.blood) == (4, 4)

    def test_dodge_works_at_long_range(self) -> None:
        scenario = combat(
            vampire("Anna", equipment=[GUN]),
            None,
            {
                "maneuvers": ["acting"],
                "strikes": strikes([{"weapon": "Pistol"}], [{"dodge": True}]),
            },
        )
        assert resolve(scenario).opposing.blood == 4

    def test_dodge_protects_equipment(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", equipment=[KNIFE]),
            {
                "strikes": strikes(
                    [{"name": "Smash", "destroy_equipment": "Knife"}], [{"dodge": True}]
                )
            },
        )
        assert resolve(scenario).opposing.equipment == ("Knife",)

    def test_dodge_does_not_protect_retainers(self) -> None:
        scenario = combat(
            vampire("Anna", equipment=[GUN]),
            vampire("Boris", retainers=[{"name": "Ghoul", "life": 3}]),
            {
                "maneuvers": ["acting"],
                "strikes": strikes([{"weapon": "Pistol", "target": "Ghoul"}], [{"dodge": True}]),
            },
        )
        assert resolve(scenario).opposing.retainers == {"Ghoul": 1}

    def test_dodge_deals_no_damage(self) -> None:
        report = resolve(combat(None, None, {"strikes": strikes([{"dodge": True}])}))
        assert report.opposing.blood == 4 and report.acting.blood == 4


class TestCombatEnds:
    def test_combat_ends_before_first_strike_and_through_dodge(self) -> None:
        scenario = combat(
            None,
            None,
            {
                "strikes": strikes(
                    [{"name": "Escape", "combat_ends": True}],
                    [{"name": "Quick", "damage": 3, "first_strike": True}],
                )
            },
        )
        report = resolve(scenario)
        assert (report.acting.blood, report.opposing.blood) == (4, 4)
        assert report.ended_by == "combat_ends"

    def test_combat_ends_at_long_range_despite_a_dodge(self) -> None:
        scenario = combat(
            None,
            None,
            {
                "maneuvers": ["opposing"],
                "strikes": strikes([{"dodge": True}], [{"name": "Mist", "combat_ends": True}]),
            },
        )
        assert resolve(scenario).ended_by == "combat_ends"

    def test_remaining_strikes_are_not_made(self) -> None:
        scenario = combat(
            None,
            None,
            {
                "strikes": strikes(
                    [{"name": "Escape", "combat_ends": True}, {"hand": True}],
                    [{"hand": True}, {"hand": True}],
                ),
                "additional_strikes": strikes([{"name": "Blur"}], [{"name": "Blur"}]),
            },
        )
        report = resolve(scenario)
        assert (report.acting.blood, report.opposing.blood) == (4, 4)

    def test_a_round_after_combat_ended_is_illegal(self) -> None:
        scenario = combat(
            None,
            None,
            {"strikes": strikes([{"name": "Escape", "combat_ends": True}]), "presses": []},
            {},
        )
        with pytest.raises(IllegalPlay, match="ended in round 1"):
            resolve(scenario)


class TestStealBlood:
    def test_steal_blood_cannot_be_prevented(self) -> None:
        scenario = combat(
            None, None, {"strikes": strikes([{"name": "Leech", "steal_blood": 2, "prevented": 1}])}
        )
        with pytest.raises(IllegalPlay, match="deals no damage"):
            resolve(scenario)

    def test_stolen_blood_mends_damage_dealt_at_the_same_time(self) -> None:
        scenario = combat(
            vampire("Anna", blood=0),
            vampire("Boris", blood=4),
            {
                "strikes": strikes(
                    [{"name": "Leech", "steal_blood": 2}], [{"name": "Claws", "damage": 2}]
                )
            },
        )
        report = resolve(scenario)
        assert report.acting.state is MinionState.READY
        assert report.acting.blood == 0
        assert report.opposing.blood == 2

    def test_excess_above_capacity_drains(self) -> None:
        scenario = combat(
            vampire("Anna", capacity=3, blood=3),
            vampire("Boris", blood=4),
            {"strikes": strikes([{"name": "Leech", "steal_blood": 2}], [{"dodge": True}])},
        )
        report = resolve(scenario)
        # the dodge stops the theft
        assert (report.acting.blood, report.opposing.blood, report.acting.drained) == (3, 4, 0)
        scenario["rounds"][0]["strikes"]["opposing"] = [{"name": "Wait", "damage": 0}]
        report = resolve(scenario)
        assert (report.acting.blood, report.opposing.blood, report.acting.drained) == (3, 2, 2)

    def test_steal_only_what_is_there(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", blood=1),
            {"strikes": strikes([{"name": "Leech", "steal_blood": 3}], [{"dodge": True}])},
        )
        scenario["rounds"][0]["strikes"]["opposing"] = [{"name": "Wait"}]
        report = resolve(scenario)
        assert (report.acting.blood, report.opposing.blood) == (5, 0)
        assert report.opposing.state is MinionState.READY

    def test_ally_thief_gains_life(self) -> None:
        scenario = combat(
            ally("Hound", life=2),
            vampire("Boris", blood=4),
            {"strikes": strikes([{"name": "Bite", "steal_blood": 2}], [{"name": "Wait"}])},
        )
        report = resolve(scenario)
        assert report.acting.life == 4 and report.acting.blood is None
        assert report.opposing.blood == 2


class TestEquipment:
    def test_destroyed_weapon_still_works_in_the_same_strike_pair(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", equipment=[KNIFE]),
            {
                "strikes": strikes(
                    [{"name": "Smash", "destroy_equipment": "Knife"}], [{"weapon": "Knife"}]
                )
            },
        )
        report = resolve(scenario)
        assert report.acting.blood == 2  # the knife hit before it was gone
        assert report.opposing.equipment == ()

    def test_stolen_weapon_not_usable_by_thief_this_round(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", equipment=[KNIFE]),
            {
                "strikes": strikes(
                    [{"name": "Grab", "steal_equipment": "Knife"}, {"weapon": "Knife"}],
                    [{"name": "Wait"}, {"name": "Wait"}],
                ),
                "additional_strikes": strikes([{"name": "Blur"}], [{"name": "Blur"}]),
            },
        )
        with pytest.raises(IllegalPlay, match="next round"):
            resolve(scenario)

    def test_stolen_weapon_usable_by_thief_next_round(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", blood=5, equipment=[KNIFE]),
            {
                "strikes": strikes([{"name": "Grab", "steal_equipment": "Knife"}], [{"name": "W"}]),
                "presses": ["acting"],
            },
            {"strikes": strikes([{"weapon": "Knife"}], [{"name": "Wait"}])},
        )
        report = resolve(scenario)
        assert report.opposing.blood == 3
        assert report.acting.equipment == ("Knife",)

    def test_victim_cannot_use_a_weapon_it_lost_earlier(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", equipment=[KNIFE]),
            {
                "strikes": strikes(
                    [{"name": "Grab", "steal_equipment": "Knife"}, {"name": "W"}],
                    [{"name": "Wait"}, {"weapon": "Knife"}],
                ),
                "additional_strikes": strikes([{"name": "Blur"}], [{"name": "Blur"}]),
            },
        )
        with pytest.raises(IllegalPlay, match="does not carry"):
            resolve(scenario)

    def test_destroying_missing_equipment_is_illegal(self) -> None:
        with pytest.raises(IllegalPlay, match="does not carry"):
            resolve(combat(None, None, {"strikes": strikes([{"destroy_equipment": "Gun"}])}))


class TestRetainers:
    def scenario(self, **strike: Any) -> dict[str, Any]:
        return combat(
            vampire("Anna", equipment=[GUN]),
            vampire("Boris", retainers=[{"name": "Ghoul", "life": 2}, {"name": "Dog", "life": 1}]),
            {
                "maneuvers": ["acting"],
                "strikes": strikes([{"weapon": "Pistol", "target": "Ghoul", **strike}]),
            },
        )

    def test_damage_to_retainer_at_long_range(self) -> None:
        report = resolve(self.scenario())
        assert report.opposing.retainers == {"Dog": 1}  # Ghoul burned with 2 damage
        assert report.opposing.blood == 4

    def test_retainer_at_close_range_is_illegal(self) -> None:
        scenario = self.scenario()
        scenario["rounds"][0]["maneuvers"] = []
        with pytest.raises(IllegalPlay, match="close range"):
            resolve(scenario)

    def test_damage_to_retainer_cannot_be_prevented(self) -> None:
        with pytest.raises(IllegalPlay, match="cannot be prevented"):
            resolve(self.scenario(prevented=1))

    def test_unknown_retainer_is_illegal(self) -> None:
        scenario = self.scenario()
        scenario["rounds"][0]["strikes"]["acting"][0]["target"] = "Cat"
        with pytest.raises(IllegalPlay, match="no such retainer"):
            resolve(scenario)

    def test_retainers_burn_with_their_vampire(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", blood=0, retainers=[{"name": "Dog", "life": 1}]),
            {"strikes": strikes([{"name": "Fire", "damage": 2, "aggravated": True}])},
        )
        report = resolve(scenario)
        assert report.opposing.state is MinionState.BURNED
        assert report.opposing.retainers == {}


class TestAdditionalStrikes:
    def test_more_strikes_than_granted(self) -> None:
        scenario = combat(None, None, {"strikes": strikes([{"hand": True}, {"hand": True}])})
        with pytest.raises(IllegalPlay, match="granted 1"):
            resolve(scenario)

    def test_two_limited_effects(self) -> None:
        scenario = combat(
            None,
            None,
            {"additional_strikes": strikes([{"name": "Blur"}, {"name": "Quickness"}])},
        )
        with pytest.raises(IllegalPlay, match="limited"):
            resolve(scenario)

    def test_one_limited_and_one_unlimited(self) -> None:
        scenario = combat(
            None,
            vampire("Boris", blood=6),
            {
                "strikes": strikes([{"hand": True}] * 3),
                "additional_strikes": strikes(
                    [{"name": "Blur"}, {"name": "Extra", "limited": False}]
                ),
            },
        )
        report = resolve(scenario)
        # three hand strikes from Anna; Boris's one hand strike
        assert (report.opposing.blood, report.acting.blood) == (3, 3)

    def test_lone_strikes_of_the_side_with_more(self) -> None:
        scenario = combat(
            None,
            None,
            {
                "maneuvers": ["acting"],
                "strikes": strikes(
                    [{"dodge": True}],
                    [{"dodge": True}, {"name": "Arrow", "damage": 1, "ranged": True}],
                ),
                "additional_strikes": strikes([], [{"name": "Blur", "count": 2}]),
            },
        )
        report = resolve(scenario)
        # additional strikes keep the long range; Anna's dodge covered only the first pair
        assert report.acting.blood == 3


class TestPresses:
    def test_uncancelled_press_starts_a_round(self) -> None:
        report = resolve(combat(None, None, {"presses": ["opposing"]}, {}))
        assert [r.continued for r in report.rounds] == [True, False]
        assert (report.acting.blood, report.opposing.blood) == (2, 2)

    def test_cancelled_press_ends_combat(self) -> None:
        scenario = combat(None, None, {"presses": ["acting", "opposing"]}, {})
        with pytest.raises(IllegalPlay, match="ended in round 1"):
            resolve(scenario)

    def test_press_twice_in_a_row(self) -> None:
        with pytest.raises(IllegalPlay, match="twice in a row"):
            resolve(combat(None, None, {"presses": ["acting", "acting"]}))

    def test_press_standing_without_next_round(self) -> None:
        report = resolve(combat(None, None, {"presses": ["acting"]}))
        assert report.ended_by == "open"
        assert report.rounds[0].continued is True

    def test_combat_ends_at_once_when_not_ready(self) -> None:
        scenario = combat(
            vampire("Anna", strength=5),
            vampire("Boris", blood=2),
            {
                "strikes": strikes([{"hand": True}, {"hand": True}], [{"hand": True}] * 2),
                "additional_strikes": strikes([{"name": "Blur"}], [{"name": "Blur"}]),
                "presses": ["acting"],
            },
            {},
        )
        with pytest.raises(IllegalPlay, match="ended in round 1"):
            resolve(scenario)
        scenario["rounds"].pop()
        report = resolve(scenario)
        assert report.opposing.state is MinionState.TORPOR
        assert report.acting.blood == 3  # only the first pair happened
        assert report.rounds[0].continued is False


# -- scenario format -----------------------------------------------------------------------


class TestScenarioFormat:
    @pytest.mark.parametrize(
        ("path", "key"),
        [((), "round"), (("acting",), "bloood"), (("rounds", 0), "strike")],
    )
    def test_unknown_keys_are_named(self, path: tuple[Any, ...], key: str) -> None:
        scenario = combat()
        target: Any = scenario
        for step in path:
            target = target[step]
        target[key] = 1
        with pytest.raises(InvalidState, match=f"unknown key '{key}'; allowed keys: "):
            resolve(scenario)

    def test_unknown_strike_key(self) -> None:
        scenario = combat(None, None, {"strikes": strikes([{"damgae": 2}])})
        with pytest.raises(InvalidState, match=r"'damgae'.*allowed keys: name, hand"):
            resolve(scenario)

    def test_blood_above_capacity(self) -> None:
        with pytest.raises(InvalidState, match="above capacity"):
            resolve(combat(vampire("Anna", capacity=3, blood=4)))

    def test_bad_kind(self) -> None:
        with pytest.raises(InvalidState, match="'vampire', 'ally'"):
            resolve(combat({"name": "X", "kind": "ghoul", "life": 2}))

    def test_json_round_trip_and_errors(self) -> None:
        text = dump_scenario_json(KURT_VS_IRA.scenario_dict())
        assert resolve(load_scenario_json(text)).acting.blood == 2
        with pytest.raises(InvalidState, match="not valid JSON"):
            load_scenario_json("{'acting': 1}")
        with pytest.raises(InvalidState, match="JSON object"):
            load_scenario_json("[1, 2]")

    def test_input_is_not_modified(self) -> None:
        scenario = KURT_VS_IRA.scenario_dict()
        before = copy.deepcopy(scenario)
        resolve(scenario)
        assert scenario == before

    def test_all_errors_are_rule_errors(self) -> None:
        with pytest.raises(RuleError):
            resolve({"acting": 1})


# -- one damage implementation, traces -------------------------------------------------------


def test_damage_goes_through_resolve_damage(monkeypatch: pytest.MonkeyPatch) -> None:
    import rules.vtes.combat_hits as hits_module
    from rules.vtes import resolve_damage

    calls: list[tuple[str, int]] = []

    def spy(minion: Any, **kwargs: Any) -> Any:
        calls.append((minion.name, kwargs.get("normal", 0)))
        return resolve_damage(minion, **kwargs)

    monkeypatch.setattr(hits_module, "resolve_damage", spy)
    resolve(KURT_VS_IRA.scenario)
    assert sorted(calls) == [("Ira", 1), ("Kurt", 1), ("Kurt", 1)]


def test_strength_from_before_range_lasts_the_combat() -> None:
    scenario = combat(
        None,
        vampire("Boris", capacity=8, blood=8),
        {
            "before_range": strikes([{"name": "Horrid Form", "strength": 1}]),
            "presses": ["acting"],
        },
        {},
    )
    report = resolve(scenario)
    assert report.opposing.blood == 8 - 2 - 2
    assert report.acting.strength == 2


def test_trace_cites_only_known_sections() -> None:
    for example in EXAMPLES.values():
        report = resolve(example.scenario)
        assert all(step.rule.startswith("vtes:") and exists(step.rule) for step in report.steps)
        assert all(step.text for step in report.steps)


def test_mutual_theft_is_simultaneous() -> None:
    """Each ally steals the other's only life at once: both end with 1 life, nobody burns."""
    leech = {"name": "Leech", "steal_blood": 1}
    report = resolve(
        combat(ally("Hound", life=1), ally("Rat", life=1), {"strikes": strikes([leech], [leech])})
    )
    assert (report.acting.life, report.opposing.life) == (1, 1)
    assert report.acting.state is MinionState.READY and report.opposing.state is MinionState.READY


@pytest.mark.parametrize(
    ("n", "word"), [(1, "литр"), (2, "литра"), (5, "литров"), (11, "литров"), (21, "литр")]
)
def test_russian_plurals(n: int, word: str) -> None:
    from rules.vtes.combat_text import blood

    assert blood(n).render("ru") == f"{n} {word} крови"


def test_card_presets_are_valid_plays() -> None:
    from rules.vtes.cards import CARDS, additional_of, before_range_of, prevention_of, strike_of

    for preset in CARDS.values():
        for level in preset.levels:
            if preset.kind == "strike":
                play: dict[str, Any] = {"strikes": strikes([strike_of(preset.key, level)])}
            elif preset.kind == "additional_strikes":
                extra = additional_of(preset.key, level)
                play = {
                    "additional_strikes": strikes([extra]),
                    "strikes": strikes([{"hand": True}] * (1 + extra["count"])),
                }
            elif preset.kind == "before_range":
                play = {"before_range": strikes([before_range_of(preset.key, level)])}
            else:
                amount = prevention_of(preset.key, level)
                play = {"strikes": strikes([{"name": "Club", "damage": 3, "prevented": amount}])}
            report = resolve(combat(None, vampire("Boris", capacity=9, blood=9), play))
            assert report.steps
    assert (
        resolve(
            combat(None, None, {"strikes": strikes([strike_of("Undead Strength")])})
        ).opposing.damage_taken
        == 3
    )


def test_rarer_sentences_read_well_in_both_languages() -> None:
    cancelled = resolve(combat(None, None, {"presses": ["acting", "opposing"]}))
    assert cancelled.rounds[0].continued is False and cancelled.ended_by == "no_press"
    assert "Boris presses to cancel that press." in cancelled.narrative
    full = resolve(
        combat(None, None, {"strikes": strikes([{"name": "Club", "damage": 2, "prevented": 2}])})
    )
    assert "No damage reaches Boris." in full.narrative and full.opposing.blood == 4
    empty = resolve(
        combat(
            None,
            vampire("Boris", blood=0),
            {"strikes": strikes([{"name": "Leech", "steal_blood": 2}], [{"name": "Wait"}])},
        )
    )
    assert "Boris has nothing left for Anna to steal." in empty.narrative
    for report in (cancelled, full, empty):
        assert len(report.narrative_ru) == len(report.narrative)


# -- the trace in Russian ------------------------------------------------------------------


def _ru_steps(report: Any, rule: str) -> list[str]:
    return [step.ru for step in report.steps if step.rule == rule]


def test_every_combat_step_has_its_own_russian_sentence() -> None:
    scenarios = [example.scenario for example in EXAMPLES.values()] + [
        combat(None, None, {"maneuvers": ["acting"], "presses": ["opposing"]}, {}),
        combat(
            None,
            vampire("Boris", retainers=[{"name": "Ghoul", "life": 1}], equipment=[KNIFE]),
            {
                "maneuvers": ["opposing"],
                "strikes": strikes(
                    [{"name": "Arrow", "damage": 1, "ranged": True, "target": "Ghoul"}],
                    [{"weapon": "Knife"}],
                ),
            },
        ),
    ]
    for scenario in scenarios:
        for step in resolve(scenario).steps:
            assert any("а" <= ch <= "я" for ch in step.ru.lower()), step
            assert step.ru != step.text


def test_cohn_rose_steals_life_in_russian() -> None:
    report = resolve(COHN_ROSE_VS_MAGE.scenario)
    effects = _ru_steps(report, "vtes:6.4.5")
    # The mage has 2 life, so only 2 of the 3 are stolen (4 -> 6); 1 above capacity 5 drains.
    assert any(s.startswith("Cohn Rose крадёт 2 жизни у Mage") and "(4 -> 6)" in s for s in effects)
    assert any("излишек (1 литр крови)" in s and "банк крови" in s for s in effects)
    assert any("Mage" in s and "сжигается" in s for s in effects)
    assert any("бой сразу заканчивается" in s for s in _ru_steps(report, "vtes:6.4.1"))


def test_kurt_vs_ira_blur_and_dodge_in_russian() -> None:
    report = resolve(KURT_VS_IRA.scenario)
    strikes_ru = _ru_steps(report, "vtes:6.4.3")
    assert "Kurt играет Blur (ограниченный): 1 дополнительный удар" in " ".join(strikes_ru)
    assert "Ira играет Blur (ограниченный): 2 дополнительных удара" in " ".join(strikes_ru)
    assert any(s.startswith("У Kurt ударов больше нет") for s in strikes_ru)
    assert any(s.startswith("Ira уклоняется") for s in _ru_steps(report, "vtes:6.4.5"))
    assert _ru_steps(report, "vtes:6.4.2") == [
        "Раунд 1 начинается на близкой дистанции: никто не маневрирует."
    ]


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, "1 маневр ("),
        (2, "2 маневра по очереди"),
        (4, "4 маневра по очереди"),
        (5, "5 маневров по очереди"),
    ],
)
def test_maneuvers_are_counted_in_russian(count: int, expected: str) -> None:
    sides = ["acting", "opposing"] * 3
    report = resolve(combat(None, None, {"maneuvers": sides[:count]}))
    (step,) = _ru_steps(report, "vtes:6.4.2")
    assert step.startswith(expected)
    assert step.endswith("на дальней дистанции." if count % 2 else "на близкой дистанции.")


@pytest.mark.parametrize(
    ("count", "expected"), [(1, "1 пресс ("), (2, "2 пресса по очереди"), (5, "5 прессов")]
)
def test_presses_are_counted_in_russian(count: int, expected: str) -> None:
    sides = ["acting", "opposing"] * 3
    rounds = [{"presses": sides[:count]}] + [{}] * (count % 2)
    report = resolve(combat(None, None, *rounds))
    step = _ru_steps(report, "vtes:6.4.4")[0]
    assert step.startswith(expected)
    assert ("ещё один раунд" in step) == (count % 2 == 1)


# -- Russian error messages ----------------------------------------------------------------


def _error_texts(call: Any) -> tuple[str, str]:
    with pytest.raises(RuleError) as caught:
        call()
    return str(caught.value), caught.value.in_language("ru")


def test_illegal_plays_are_explained_in_russian() -> None:
    en, ru = _error_texts(
        lambda: resolve(combat(None, None, {"presses": ["opposing", "opposing"]}))
    )
    assert "press twice in a row" in en
    assert ru.startswith("Раунд 1: Boris (противостоящий) играет прессы 1 и 2 подряд")
    assert "должны чередоваться" in ru
    en, ru = _error_texts(
        lambda: resolve(combat(None, None, {"strikes": strikes([{"weapon": "Sword"}])}))
    )
    assert "does not carry" in en
    assert ru == ("Раунд 1: Anna бьёт оружием Sword, но у Anna его нет; снаряжение Anna: нет.")


def test_too_many_strikes_in_russian_counts_them() -> None:
    scenario = combat(
        None,
        None,
        {
            "strikes": strikes([{"hand": True}] * 3),
            "additional_strikes": {"acting": [{"name": "Blur", "count": 1}]},
        },
    )
    _en, ru = _error_texts(lambda: resolve(scenario))
    assert "указано 3 удара, а положено 2 (1 удар + 1 дополнительный удар)" in ru
    assert "допустимо не больше 2" in ru


def test_rounds_after_the_end_in_russian() -> None:
    ends = {"strikes": strikes([{"name": "Flee", "combat_ends": True}])}
    en, ru = _error_texts(lambda: resolve(combat(None, None, ends, {})))
    assert en.startswith("Round 2 cannot be played")
    assert ru.startswith("Раунд 2 сыграть нельзя: бой закончился в раунде 1")
    assert "Удалите раунды после раунда 1" in ru


@pytest.mark.parametrize(
    ("scenario", "english", "russian"),
    [
        (
            combat(vampire("Anna", capacity=3, blood=5)),
            "blood 5 is above capacity 3",
            "Anna (действующий): кровь 5 больше объёма 3; крови может быть от 0 до 3.",
        ),
        (
            combat(None, None, {"strikes": strikes(None, [{"hand": True, "damag": 1}])}),
            "unknown key 'damag'",
            "Раунд 1, противостоящая сторона, удар 1: неизвестный ключ 'damag'; допустимые ключи:",
        ),
        (
            combat({"kind": "ally", "life": 2}),
            "'name' is missing",
            "Действующий боец: не указано 'name'; нужен непустой текст.",
        ),
        (
            combat(vampire("Anna", retainers=[{"name": "Dog", "life": 0}])),
            "'life' must be 1 or more, got 0",
            "Anna (действующий), Dog: значение 'life' должно быть не меньше 1, а получено 0.",
        ),
    ],
)
def test_malformed_scenarios_in_russian(
    scenario: dict[str, Any], english: str, russian: str
) -> None:
    en, ru = _error_texts(lambda: resolve(scenario))
    assert english in en
    assert ru.startswith(russian)


def test_bad_json_in_russian() -> None:
    _en, ru = _error_texts(lambda: load_scenario_json("{bad"))
    assert ru.startswith("Сценарий не является корректным JSON:")
    assert "строка 1, столбец 2" in ru
    _en, ru = _error_texts(lambda: load_scenario_json("  "))
    assert ru == "Текст сценария пуст; вставьте сценарий в формате JSON."


def test_card_preset_errors_in_russian() -> None:
    from rules.vtes.cards import card, strike_of

    _en, ru = _error_texts(lambda: strike_of("Blur"))
    assert ru == "Blur — карта дополнительных ударов, а не карта удара."
    _en, ru = _error_texts(lambda: card("Blur").fragment("master"))
    assert ru == "У карты Blur нет уровня 'master'; допустимые: basic, superior."
