"""The official rulings on the most-played combat cards, played through the card library.

Each test is named after the ruling it follows and first checks that the shipped rulings
(``rules.vtes.carddata.rulings``) hold that ruling for the card, with the words the test
relies on; then it plays the situation the ruling describes and asserts what the ruling says.
The standard combat: Anna (acting) and Boris (opposing), both vampires of capacity 6 with 4
blood and strength 1, each making a hand strike unless told otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import IllegalPlay, RuleError
from rules.vtes import MinionState
from rules.vtes.card_library import entry, play_card
from rules.vtes.carddata import rulings
from rules.vtes.combat import resolve

BLOW = {"name": "Blow", "damage": 3}
CLAWS = {"name": "Claws", "damage": 3, "aggravated": True}
BIG = {"name": "Blow", "damage": 5}  # more than a vampire with 4 blood can mend


def vampire(name: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "kind": "vampire", "capacity": 6, "blood": 4, **more}


def combat(*rounds: dict[str, Any], anna: Any = None, boris: Any = None) -> dict[str, Any]:
    return {
        "acting": anna or vampire("Anna"),
        "opposing": boris or vampire("Boris"),
        "rounds": [dict(r) for r in rounds] or [{}],
    }


def strikes(acting: list[Any] | None = None, opposing: list[Any] | None = None) -> dict[str, Any]:
    return {"strikes": {"acting": list(acting or []), "opposing": list(opposing or [])}}


def ruling(card: str, reference: str, *words: str) -> str:
    """The text of the card's ruling citing ``reference``, which must say ``words``."""
    found = [
        r.text for r in rulings(entry(card).id) if reference in (x.label for x in r.references)
    ]
    assert found, f"{card} has no ruling {reference}"
    saying = [text for text in found if all(word in text for word in words)]
    assert saying, (reference, words, found)
    return saying[0]


def play(scenario: dict[str, Any], *plays: tuple[Any, ...]) -> dict[str, Any]:
    """``scenario`` with each (round, side, card, option[, choices]) played in turn."""
    for number, side, card, key, *more in plays:
        scenario = play_card(scenario, number, side, card, key, **(more[0] if more else {}))
    return scenario


# -- prevention ----------------------------------------------------------------------------


def test_lsj_20040812_2_flesh_of_marble_leaves_aggravated_damage_treated_as_normal() -> None:
    ruling(
        "Flesh of Marble",
        "LSJ 20040812-2",
        "[pro] Cannot be used to prevent aggravated damage, even if the minion treats them as "
        "normal damage",
        "Skin of Night",
    )
    # Anna plays Flesh of Marble [pro] and Skin of Night [for]; Boris's Claws deal 3
    # aggravated, which she takes as normal: basic Flesh of Marble prevents none of it.
    scenario = play(
        combat(strikes([], [CLAWS])),
        (1, "acting", "Flesh of Marble", "pro"),
        (1, "acting", "Skin of Night", "for"),
    )
    report = resolve(scenario)
    assert report.acting.state is MinionState.READY  # Skin of Night: mended as normal damage
    assert report.acting.blood == 1  # all 3 points taken
    # the same 3 points of normal damage from a Blow: only the first gets through
    normal = play(combat(strikes([], [BLOW])), (1, "acting", "Flesh of Marble", "pro"))
    assert resolve(normal).acting.blood == 3
    # superior Flesh of Marble prevents aggravated damage as well
    superior = play(
        combat(strikes([], [CLAWS])),
        (1, "acting", "Flesh of Marble", "PRO"),
        (1, "acting", "Skin of Night", "for"),
    )
    assert resolve(superior).acting.blood == 3


def test_pib_20120116_superior_rockheart_prevents_only_half_of_the_current_strike() -> None:
    ruling("Rockheart", "PIB 20120116", "Superior still prevents only half of the current strike")
    # Boris's Blow deals 3: superior Rockheart prevents half of it rounded up (2), not that
    # half and the half of every later strike on top: Anna takes 1 in round 1.
    rounds = (
        {**strikes([], [BLOW]), "presses": ["acting"]},
        strikes([], [BLOW]),
    )
    one_round = resolve(play(combat(strikes([], [BLOW])), (1, "acting", "Rockheart", "VIS")))
    assert (one_round.acting.blood, one_round.acting.damage_prevented) == (3, 2)
    # round 2: the lasting half of the superior text prevents 2 of the next Blow too
    report = resolve(play(combat(*rounds), (1, "acting", "Rockheart", "VIS")))
    assert report.acting.blood == 2 and len(report.rounds) == 2


def test_lsj_20001114_rockheart_needs_damage_to_prevent() -> None:
    ruling("Rockheart", "LSJ 20001114", "Cannot be used if there is no damage to prevent")
    # at long range Boris's hand strike deals nothing, so basic Rockheart has nothing to prevent
    far = combat({"maneuvers": ["acting"]})
    with pytest.raises(IllegalPlay, match="no damage to prevent"):
        resolve(play(far, (1, "acting", "Rockheart", "vis")))


def test_rtr_20041202_undead_persistence_prevents_all_of_a_smaller_strike() -> None:
    ruling("Undead Persistence", "RTR 20041202", "prevents all of those points")
    # superior Undead Persistence prevents 2; Boris's hand strike deals 1: all of it
    report = resolve(play(combat(), (1, "acting", "Undead Persistence", "FOR")))
    assert report.acting.blood == 4


# -- torpor --------------------------------------------------------------------------------


def test_lsj_20030214_undead_persistence_cannot_be_played_twice_in_a_combat() -> None:
    ruling(
        "Undead Persistence",
        "LSJ 20030214",
        "Cannot be used twice by the same vampire during the same combat",
        "is not going into torpor",
    )
    rounds = (
        {**strikes([], [BIG]), "presses": ["acting"]},
        strikes([], [BIG]),
    )
    once = play(combat(*rounds), (1, "acting", "Undead Persistence", "for"))
    report = resolve(once)
    # she fights on, wounded, and goes to torpor when the combat ends
    assert len(report.rounds) == 2 and report.acting.state is MinionState.TORPOR
    # in round 2 she is not going to torpor, so a second one cannot be played
    twice = play(once, (2, "acting", "Undead Persistence", "for"))
    with pytest.raises(IllegalPlay, match="Anna did not this round"):
        resolve(twice)


# -- strikes -------------------------------------------------------------------------------


def test_tom_19951217_immortal_grapple_leaves_a_gun_committed_minion_without_strike() -> None:
    ruling(
        "Immortal Grapple",
        "TOM 19951217",
        "committed to a strike other than a hand strike",
        "he gets no strike",
    )
    # Boris maneuvers with his .44 Magnum (committing his strike to it), Anna maneuvers back
    # to close range and plays Immortal Grapple: only hand strikes this round.
    boris = vampire("Boris")
    scenario = play(
        combat(strikes([], [{"weapon": ".44 Magnum"}]), boris=boris),
        (1, "opposing", ".44 Magnum", "- (carried)"),
        (1, "opposing", ".44 Magnum", "- (maneuver)"),
        (1, "acting", "Leapfrog", "spi"),
        (1, "acting", "Immortal Grapple", "pot"),
    )
    report = resolve(scenario)
    assert report.rounds[0].range == "close"
    assert report.acting.blood == 4  # Boris gets no strike
    assert report.opposing.blood == 3  # Anna's hand strike
    assert "TOM 19951217" in " ".join(step.text for step in report.steps)


def test_lsj_19980302_2_the_44_magnum_gives_one_maneuver_each_combat() -> None:
    ruling(".44 Magnum", "LSJ 19980302-2", "only one maneuver each combat")
    rounds = (
        {**strikes([{"weapon": ".44 Magnum"}]), "presses": ["acting"]},
        strikes([{"weapon": ".44 Magnum"}]),
    )
    scenario = play(
        combat(*rounds),
        (1, "acting", ".44 Magnum", "- (carried)"),
        (1, "acting", ".44 Magnum", "- (maneuver)"),
    )
    report = resolve(scenario)
    # round 1 at long range, round 2 back at close: the gun hits twice
    assert [r.range for r in report.rounds] == ["long", "close"] and report.opposing.blood == 0
    with pytest.raises(IllegalPlay, match="it is used up"):
        resolve(play(scenario, (2, "acting", ".44 Magnum", "- (maneuver)")))


def test_lsj_19980302_2_the_44_magnum_maneuver_is_spent_when_the_bearer_changes() -> None:
    ruling(".44 Magnum", "LSJ 19980302-2", "even if the bearer changes")
    # Anna maneuvers with the gun in round 1 (long range); Boris's ranged strike takes it
    # from her, and in round 2 he cannot use its maneuver again.
    take = {"name": "Grab", "steal_equipment": ".44 Magnum", "ranged": True}
    rounds = (
        {**strikes([{"weapon": ".44 Magnum"}], [take]), "presses": ["acting"]},
        {"maneuvers": [{"side": "opposing", "weapon": ".44 Magnum"}]},
    )
    scenario = play(
        combat(*rounds),
        (1, "acting", ".44 Magnum", "- (carried)"),
        (1, "acting", ".44 Magnum", "- (maneuver)"),
    )
    stolen = resolve({**scenario, "rounds": [scenario["rounds"][0]]})
    assert stolen.opposing.equipment == (".44 Magnum",)
    with pytest.raises(IllegalPlay, match="whoever bears it, and it is used up"):
        resolve(scenario)


def test_lsj_20011214_5_no_additional_strike_card_after_superior_stutter_step() -> None:
    ruling(
        "Stutter-Step",
        "LSJ 20011214-5",
        "cannot play a card that provides an additional strike",
        "Acrobatics",
    )
    scenario = play(combat(), (1, "acting", "Stutter-Step", "CEL"))
    report = resolve(scenario)
    assert (report.acting.blood, report.opposing.blood) == (4, 3)  # dodge and hand strike
    # Acrobatics [cel] gives an additional strike: not even playable for its own sake
    with pytest.raises(IllegalPlay, match="additional strike"):
        resolve(play(scenario, (1, "acting", "Acrobatics", "cel")))


def test_lsj_20010919_stutter_step_is_a_hand_strike_and_a_dodge() -> None:
    ruling("Stutter-Step", "LSJ 20010919", "both a hand strike and a dodge")
    # under Immortal Grapple only hand strikes may be used, so superior Stutter-Step is out
    scenario = play(
        combat(),
        (1, "opposing", "Immortal Grapple", "pot"),
        (1, "acting", "Stutter-Step", "CEL"),
    )
    with pytest.raises(IllegalPlay, match="only hand strikes"):
        resolve(scenario)


# -- damage by its source ------------------------------------------------------------------


def test_lsj_20010812_disarm_does_not_count_environmental_damage() -> None:
    ruling("Disarm", "LSJ 20010812", "Environmental damages", "Carrion Crows", "do not count")
    # Anna's hand strike (1) against Boris's (1), plus Carrion Crows' 1 environmental damage
    # on Boris: Anna did not inflict more damage than Boris with strikes, so no Disarm.
    crows = play(
        combat(),
        (1, "acting", "Carrion Crows", "ani"),
        (1, "acting", "Disarm", "pot"),
    )
    with pytest.raises(IllegalPlay, match="inflicted 1 and received 1"):
        resolve(crows)
    # with a 2-damage strike she did: Boris goes to torpor
    blow = combat(strikes([{"name": "Blow", "damage": 2}]))
    report = resolve(play(blow, (1, "acting", "Disarm", "pot")))
    assert report.opposing.state is MinionState.TORPOR


def test_tom_19950304_pulled_fangs_does_not_count_retainer_damage() -> None:
    ruling(
        "Pulled Fangs",
        "TOM 19950304",
        "retainers and environmental damage do not count",
    )
    ruling("Pulled Fangs", "LSJ 20010812")
    # Anna's hand strike (1) and her Wolf's strike (1) against Boris's hand strike (1): the
    # Wolf's damage is not Anna's, so she did not inflict more and cannot play Pulled Fangs.
    anna = vampire("Anna", retainers=[{"name": "Wolf", "life": 1, "damage": 1}])
    scenario = play(combat(anna=anna), (1, "acting", "Pulled Fangs", "-"))
    with pytest.raises(IllegalPlay, match="inflicted 1 and received 1"):
        resolve(scenario)
    # environmental damage does not count either (Carrion Crows)
    crows = play(
        combat(),
        (1, "acting", "Carrion Crows", "ani"),
        (1, "acting", "Pulled Fangs", "-"),
    )
    with pytest.raises(IllegalPlay, match="inflicted 1 and received 1"):
        resolve(crows)


def test_lsj_20040802_improvised_flamethrower_burns_even_when_the_damage_is_prevented() -> None:
    ruling(
        "Improvised Flamethrower",
        "LSJ 20040802",
        "at long range, even if it is prevented or ignored, the Flamethrower will burn",
    )
    # at long range Boris shoots Anna, who carries an Improvised Flamethrower, and she
    # prevents all of it with Leather Jacket: the Flamethrower still burns and she takes 2
    # aggravated damage.
    gun = {"name": "Pistol", "type": "gun", "strike": {"damage": 2, "ranged": True}}
    scenario = play(
        combat(
            {"maneuvers": ["acting"], **strikes([], [{"weapon": "Pistol"}])},
            boris=vampire("Boris", equipment=[gun]),
        ),
        (1, "acting", "Improvised Flamethrower", "-"),
        (1, "acting", "Leather Jacket", "- (carried)"),
        (1, "acting", "Leather Jacket", "- (burn to prevent)"),
    )
    report = resolve(scenario)
    assert "Improvised Flamethrower" not in report.acting.equipment
    assert report.acting.state is MinionState.TORPOR  # 2 aggravated: wounded
    assert report.acting.blood == 3  # the second point burns 1 blood


# -- more of the most-played combat cards ----------------------------------------------------


def test_lsj_20040812_2_soak_leaves_aggravated_damage_treated_as_normal() -> None:
    ruling("Soak", "LSJ 20040812-2", "Cannot be used to prevent aggravated damage", "Skin of Night")
    scenario = play(
        combat(strikes([], [CLAWS])),
        (1, "acting", "Skin of Night", "for"),
        (1, "acting", "Soak", "for"),
    )
    with pytest.raises(IllegalPlay, match="aggravated"):
        resolve(scenario)
    # against normal damage Soak prevents 2 of the Blow's 3
    assert (
        resolve(play(combat(strikes([], [BLOW])), (1, "acting", "Soak", "for"))).acting.blood == 3
    )


def test_rtr_19941109_carrion_crows_hits_through_a_dodge_not_through_combat_ends() -> None:
    ruling("Carrion Crows", "RTR 19941109", "Damage is inflicted even against a dodge")
    ruling("Carrion Crows", "TOM 19951216", "ends combat before damage is applied")
    dodged = play(
        combat(strikes([], [{"name": "Dodge", "dodge": True}])),
        (1, "acting", "Carrion Crows", "ani"),
    )
    assert resolve(dodged).opposing.blood == 3  # Anna's hand strike dodged, the crows are not
    ended = play(
        combat(),
        (1, "acting", "Carrion Crows", "ani"),
        (1, "opposing", "Majesty", "pre"),
    )
    report = resolve(ended)
    assert report.ended_by == "combat_ends" and report.opposing.blood == 3  # Majesty's cost only


def test_pib_20121028_taste_of_vitae_is_not_played_against_an_ally() -> None:
    ruling("Taste of Vitae", "PIB 20121028", "Cannot be played against an ally")
    ally = {"name": "Boris", "kind": "ally", "life": 3}
    with pytest.raises(IllegalPlay, match="Taste of Vitae"):
        resolve(play(combat(boris=ally), (1, "acting", "Taste of Vitae", "-")))
    assert resolve(play(combat(), (1, "acting", "Taste of Vitae", "-"))).acting.blood == 4


def test_rtr_19960221_target_vitals_on_a_strike_without_damage_does_nothing() -> None:
    ruling("Target Vitals", "RTR 19960221", "even a dodge or a combat ends, but has no effect")
    dodge = combat(strikes([{"name": "Dodge", "dodge": True}]))
    report = resolve(play(dodge, (1, "acting", "Target Vitals", "-")))
    assert (report.acting.blood, report.opposing.blood) == (4, 4)


def test_rtr_19970630_target_vitals_damage_is_of_the_strikes_kind() -> None:
    ruling("Target Vitals", "RTR 19970630", "same type as the strike's damage")
    # a 1-point aggravated strike with Target Vitals: 3 aggravated damage; the first wounds,
    # the other two burn 2 blood
    claw = combat(strikes([{"name": "Claw", "damage": 1, "aggravated": True}]))
    report = resolve(play(claw, (1, "acting", "Target Vitals", "-")))
    assert report.opposing.state is MinionState.TORPOR and report.opposing.blood == 2


def test_lsj_20100813_torn_signpost_strength_bonuses_add_to_it() -> None:
    ruling("Torn Signpost", "LSJ 20100813", '"+X strength" effect adds to it')
    ruling("Torn Signpost", "PIB 20130303", "It can reduce the base strength")
    report = resolve(
        play(
            combat(), (1, "acting", "Torn Signpost", "POT"), (1, "acting", "Fists of Death", "pot")
        )
    )
    assert report.opposing.blood == 0  # strength 3, +1: a hand strike for 4
    strong = combat(anna=vampire("Anna", strength=4))
    assert resolve(play(strong, (1, "acting", "Torn Signpost", "pot"))).opposing.blood == 2


def test_rtr_20010711_theft_of_vitae_steals_what_there_is() -> None:
    ruling("Theft of Vitae", "RTR 20010711", "less blood or life than the amount stolen")
    poor = combat(boris=vampire("Boris", blood=1))
    report = resolve(play(poor, (1, "acting", "Theft of Vitae", "THA")))
    # Anna steals Boris's only blood and mends Boris's hand strike
    assert (report.acting.blood, report.opposing.blood) == (4, 0)


def test_rtr_20041202_hidden_strength_may_prevent_less_than_x_plus_1() -> None:
    ruling("Hidden Strength", "RTR 20041202", "it can prevent less")
    ruling("Hidden Strength", "LSJ 20001114", "no damage to prevent")
    # X = 2 (3 to prevent, 2 blood paid) against Boris's 1-damage hand strike
    report = resolve(play(combat(), (1, "acting", "Hidden Strength", "for (X=2)")))
    assert (report.acting.blood, report.acting.damage_prevented) == (2, 1)
    far = combat({"maneuvers": ["acting"]})
    with pytest.raises(IllegalPlay, match="no damage to prevent"):
        resolve(play(far, (1, "acting", "Hidden Strength", "for (X=0)")))


def test_lsj_20030902_2_dust_up_does_not_stop_the_dodge_it_ignores() -> None:
    ruling("Dust Up", "LSJ 20030902-2", "Does not prevent the opponent from dodging")
    dodge = combat(strikes([], [{"name": "Dodge", "dodge": True}]))
    report = resolve(play(dodge, (1, "acting", "Dust Up", "ani")))
    assert report.opposing.blood == 2  # the hand strike at +1 lands anyway
    assert any("dodge has no effect" in line for line in report.narrative)


def test_lsj_20010312_drawing_out_the_beast_press_damage_needs_the_press_step() -> None:
    ruling(
        "Drawing Out the Beast", "LSJ 20010312", "does not happen if the combat ends prematurely"
    )
    ruling("Drawing Out the Beast", "RTR 19970630", "environmental")
    report = resolve(play(combat(), (1, "acting", "Drawing Out the Beast", "ANI")))
    # Boris: Anna's hand strike and 1 in the press step; Anna: Boris's hand strike at +1
    assert (report.acting.blood, report.opposing.blood) == (2, 2)
    ended = play(
        combat(),
        (1, "acting", "Drawing Out the Beast", "ANI"),
        (1, "opposing", "Majesty", "pre"),
    )
    report = resolve(ended)
    assert report.ended_by == "combat_ends" and report.opposing.blood == 3  # Majesty's cost


def test_ank_20191221_superior_terror_frenzy_raises_the_cost_of_taste_of_vitae() -> None:
    ruling("Terror Frenzy", "ANK 20191221", "Taste of Vitae")
    scenario = play(
        combat(),
        (1, "acting", "Terror Frenzy", "ANI"),
        (1, "opposing", "Taste of Vitae", "-"),
    )
    report = resolve(scenario)
    # Boris: 4, -1 from Anna's hand strike, -1 for Taste of Vitae, +1 Anna's blood lost
    assert (report.acting.blood, report.opposing.blood) == (2, 3)


def test_ank_20210226_superior_rolling_with_the_punches_needs_the_blood_to_burn() -> None:
    ruling(
        "Rolling with the Punches", "ANK 20210226", "cannot be played if the minion cannot afford"
    )
    empty = combat(anna=vampire("Anna", blood=0))
    with pytest.raises(IllegalPlay, match="blood"):
        resolve(play(empty, (1, "acting", "Rolling with the Punches", "FOR")))


def test_ank_20200525_2_a_cancelled_immortal_grapple_still_counts_for_the_round() -> None:
    ruling("Immortal Grapple", "ANK 20200525-2", "still considered played if it is canceled")
    scenario = play(
        combat(),
        (1, "acting", "Immortal Grapple", "pot"),
        (1, "opposing", "Charismatic Aura", "aus pre (cancel a grapple)"),
    )
    report = resolve(scenario)
    assert report.opposing.blood == 2  # 1 blood burned for the Aura, 1 from the hand strike
    with pytest.raises(IllegalPlay, match="only one Immortal Grapple each round"):
        resolve(play(scenario, (1, "acting", "Immortal Grapple", "pot")))


DODGE = {"name": "Dodge", "dodge": True}
PISTOL = {"name": "Pistol", "type": "gun", "strike": {"damage": 2, "ranged": True}}


def test_lsj_20011210_anesthetic_touch_ends_combat_after_its_strike_resolves() -> None:
    ruling("Anesthetic Touch", "LSJ 20011210-2", "A dodge won't prevent combat from ending")
    ruling("Anesthetic Touch", "LSJ 20011210-3", "the damage can be prevented or healed")
    dodged = resolve(play(combat(strikes([], [DODGE])), (1, "acting", "Anesthetic Touch", "obe")))
    assert dodged.ended_by == "combat_ends" and dodged.opposing.blood == 4
    prevented = play(
        combat(),
        (1, "acting", "Anesthetic Touch", "obe"),
        (1, "opposing", "Rolling with the Punches", "for"),
    )
    report = resolve(prevented)
    # Boris prevents the hand strike; both hand strikes resolved before the combat ended
    assert report.ended_by == "combat_ends"
    assert (report.acting.blood, report.opposing.blood) == (3, 4)


def test_lsj_19980526_a_dodged_oubliette_or_catatonic_fear_does_nothing_after_combat() -> None:
    ruling("Oubliette", "LSJ 19980526", "If the strike is dodged, no blood is burned")
    ruling("Catatonic Fear", "LSJ 19980526", "If the strike is dodged, no damage is done")
    for card, key in (("Oubliette", "OBT"), ("Catatonic Fear", "PRE")):
        hit = resolve(play(combat(), (1, "acting", card, key)))
        assert hit.opposing.blood == 3, card
        dodged = resolve(play(combat(strikes([], [DODGE])), (1, "acting", card, key)))
        assert (dodged.ended_by, dodged.opposing.blood) == ("combat_ends", 4), card


def test_ank_20170111_catatonic_fear_damage_is_raised_by_dam_the_hearts_river() -> None:
    ruling("Catatonic Fear", "ANK 20170111", "Dam the Heart's River")
    scenario = play(
        combat(),
        (1, "acting", "Dam the Heart's River", "qui"),
        (1, "acting", "Catatonic Fear", "PRE"),
    )
    assert resolve(scenario).opposing.blood == 2  # 1 after combat, +1


def test_ank_20180104_outside_the_hourglass_damage_stands_when_combat_ends_early() -> None:
    ruling("Outside the Hourglass", "ANK 20180104", "even if the combat ends prematurely")
    scenario = play(
        combat(),
        (1, "acting", "Outside the Hourglass", "TEM"),
        (1, "opposing", "Illusions of the Kindred", "chi"),
    )
    report = resolve(scenario)
    # Boris: 2 blood for Illusions of the Kindred, 2 damage from the Hourglass
    assert report.ended_by == "combat_ends" and report.opposing.blood == 0


def test_lsj_20040812_2_superior_resilience_leaves_aggravated_damage_treated_as_normal() -> None:
    ruling("Resilience", "LSJ 20040812-2", "[FOR]Cannot be used to prevent aggravated damage")
    scenario = play(
        combat(strikes([], [CLAWS])),
        (1, "acting", "Skin of Night", "for"),
        (1, "acting", "Resilience", "FOR"),
    )
    with pytest.raises(IllegalPlay, match="aggravated"):
        resolve(scenario)
    # basic Resilience prevents any 1 damage
    basic = play(
        combat(strikes([], [CLAWS])),
        (1, "acting", "Skin of Night", "for"),
        (1, "acting", "Resilience", "for"),
    )
    assert resolve(basic).acting.blood == 2


def test_lsj_19981006_dragons_breath_rounds_keep_the_gun_when_combat_ends_first() -> None:
    ruling("Dragon's Breath Rounds", "LSJ 19981006", "Does not burn the gun if combat ends")
    ruling(
        "Dragon's Breath Rounds", "LSJ 20030419-2", "Does not make the gun base damage aggravated"
    )
    anna = vampire("Anna", equipment=[PISTOL])
    shot = play(
        combat(strikes([{"weapon": "Pistol"}]), anna=anna),
        (1, "acting", "Dragon's Breath Rounds", "-"),
    )
    report = resolve(shot)
    # 2 normal (mended) and 2 aggravated (the first wounds, the second burns 1); gun burned
    assert report.opposing.state is MinionState.TORPOR and report.opposing.blood == 1
    assert report.acting.equipment == ()
    ended = resolve(play(shot, (1, "opposing", "Majesty", "pre")))
    assert ended.ended_by == "combat_ends" and ended.acting.equipment == ("Pistol",)


def test_pib_20130704_hide_the_mind_cancels_only_a_card_played_with_auspex() -> None:
    ruling("Hide the Mind", "PIB 20130704", "Anesthetic Touch")
    with_obe = play(combat(), (1, "opposing", "Anesthetic Touch", "obe"))
    with pytest.raises(RuleError, match="cannot cancel Anesthetic Touch"):
        resolve(play(with_obe, (1, "acting", "Hide the Mind", "obf")))
    with_aus = play(combat(), (1, "opposing", "Anesthetic Touch", "aus"))
    report = resolve(play(with_aus, (1, "acting", "Hide the Mind", "obf")))
    assert report.opposing.blood == 3  # the dodge is cancelled: Anna's hand strike lands


def test_rtr_20020501_superior_majesty_still_unlocks_when_a_new_combat_follows() -> None:
    ruling("Majesty", "RTR 20020501", "still unlocks if an effect continues the combat")
    scenario = play(
        combat({}, {}),
        (1, "acting", "Majesty", "PRE"),
        (1, "opposing", "Psyche!", "CEL"),
    )
    report = resolve(scenario)
    assert len(report.rounds) == 2 and report.acting.unlocked


def test_ank_20200525_1_trap_gives_the_press_to_continue_first() -> None:
    ruling("Trap", "ANK 20200525-1", "The provided press is applied before any other press")
    # Trap presses to continue; a press after it ends the combat, whoever plays it
    for side in ("acting", "opposing"):
        scenario = play(combat(), (1, "acting", "Trap", "-"), (1, side, "Boxed In", "-"))
        report = resolve(scenario)
        assert (report.ended_by, len(report.rounds)) == ("no_press", 1), side
    # and a press only usable to continue has nothing to do
    alley = play(combat(), (1, "acting", "Trap", "-"), (1, "acting", "Dead-End Alley", "-"))
    with pytest.raises(IllegalPlay, match="only usable to continue"):
        resolve(alley)


def test_ank_20200123_two_thefts_of_vitae_resolve_together() -> None:
    ruling("Theft of Vitae", "ANK 20200123", "they resolve simultaneously")
    scenario = play(
        combat(),
        (1, "acting", "Theft of Vitae", "THA"),
        (1, "opposing", "Theft of Vitae", "tha"),
    )
    report = resolve(scenario)
    assert (report.acting.blood, report.opposing.blood) == (5, 3)  # +2 -1 and -2 +1


def test_rtr_19980928_superior_canine_horde_needs_equipment_to_destroy() -> None:
    ruling("Canine Horde", "RTR 19980928", "Cannot be used if there is no equipment to destroy")
    with pytest.raises(IllegalPlay, match="does not carry it"):
        resolve(play(combat(), (1, "acting", "Canine Horde", "ANI", {"equipment": "Knife"})))


def test_pib_20120426_outside_the_hourglass_damage_is_the_minions_own() -> None:
    ruling("Outside the Hourglass", "PIB 20120426", "inflicted by the minion (not environmental)")
    # 2 damage before range and a hand strike against Boris's hand strike: Anna inflicted
    # more damage (3 against 1), so Disarm sends Boris to torpor
    scenario = play(
        combat(),
        (1, "acting", "Outside the Hourglass", "TEM"),
        (1, "acting", "Disarm", "pot"),
    )
    report = resolve(scenario)
    assert report.opposing.state is MinionState.TORPOR and report.opposing.blood == 1


def test_lsj_20030717_meld_with_the_land_unlocks_the_opponent_before_a_new_combat() -> None:
    ruling("Meld with the Land", "LSJ 20030717", "The opponent still unlocks")
    scenario = play(
        combat({}, {}),
        (1, "acting", "Meld with the Land", "vic"),
        (1, "opposing", "Psyche!", "CEL"),
    )
    report = resolve(scenario)
    assert len(report.rounds) == 2 and report.opposing.unlocked


def test_lsj_20010312_crawling_chamber_press_damage_needs_the_press_step() -> None:
    ruling("Crawling Chamber", "LSJ 20010312", "does not happen if the combat ends prematurely")
    report = resolve(play(combat(), (1, "acting", "Crawling Chamber", "VIS")))
    assert report.opposing.blood == 2  # the hand strike and 1 in the press step
    ended = play(
        combat(),
        (1, "acting", "Crawling Chamber", "VIS"),
        (1, "opposing", "Majesty", "pre"),
    )
    report = resolve(ended)
    assert report.ended_by == "combat_ends" and report.opposing.blood == 3  # Majesty's cost


# -- rulings shared by many prevention cards -------------------------------------------------

NO_DAMAGE_TO_PREVENT = [
    ("Rolling with the Punches", "for"),
    ("Hidden Strength", "for (X=0)"),
    ("Indomitability", "for"),
    ("Indomitability", "FOR (prevent)"),
    ("Diversion", "for"),
    ("Skin of Steel", "for"),
    ("Skin of Steel", "FOR"),
    ("Sideslip", "CEL"),
    ("Unflinching Persistence", "for"),
    ("Soak", "for"),
    ("Soak", "FOR"),
    ("Rego Motum", "tha"),
    ("Rego Motum", "THA"),
    ("Glancing Blow", "-"),
    ("Superior Mettle", "for"),
    ("Superior Mettle", "FOR"),
    ("Stonestrength", "VIS"),
    ("Resilience", "for"),
    ("Resilience", "FOR"),
    ("Undead Persistence", "FOR"),
    ("Rockheart", "vis"),
]


@pytest.mark.parametrize(("card", "key"), NO_DAMAGE_TO_PREVENT)
def test_lsj_20001114_prevention_needs_damage_to_prevent(card: str, key: str) -> None:
    ruling(card, "LSJ 20001114", "no damage to prevent")
    # at long range Boris's hand strike deals nothing: there is nothing to prevent
    far = combat({"maneuvers": ["acting"]})
    with pytest.raises(IllegalPlay, match="no damage to prevent"):
        resolve(play(far, (1, "acting", card, key)))


FEWER_POINTS = [
    ("Diversion", "for"),
    ("Soak", "for"),
    ("Soak", "FOR"),
    ("Rego Motum", "tha"),
    ("Rego Motum", "THA"),
    ("Stonestrength", "VIS"),
    ("Resilience", "FOR"),
    ("Undead Persistence", "FOR"),
]


@pytest.mark.parametrize(("card", "key"), FEWER_POINTS)
def test_rtr_20041202_prevention_above_the_damage_prevents_all_of_it(card: str, key: str) -> None:
    ruling(card, "RTR 20041202", "prevents all of those points")
    # each prevents 2 or more; Boris's hand strike deals 1: none of it gets through
    report = resolve(play(combat(), (1, "acting", card, key)))
    assert (report.acting.damage_taken, report.acting.damage_prevented) == (0, 1)


def test_lsj_20011204_3_a_card_requires_the_discipline_it_is_played_with() -> None:
    ruling("Dust Up", "LSJ 20011204-3", "counts as requiring the Discipline(s) being used")
    # Increased Strength adds 1 to strikes requiring Potence: Dust Up played with [pot] (a
    # hand strike at +2) is one, played with [ani] (a hand strike at +1) it is not
    with_pot = play(
        combat(), (1, "acting", "Increased Strength", "pot"), (1, "acting", "Dust Up", "pot")
    )
    assert resolve(with_pot).opposing.blood == 0  # 1 + 2 + 1
    with_ani = play(
        combat(), (1, "acting", "Increased Strength", "pot"), (1, "acting", "Dust Up", "ani")
    )
    assert resolve(with_ani).opposing.blood == 2  # 1 + 1


def test_rtr_19970630_increased_strength_adds_damage_of_the_strikes_kind() -> None:
    ruling("Increased Strength", "RTR 19970630", "same type as the strike's damage")
    # Burning Wrath [pot]: a hand strike at +1, aggravated (2); Increased Strength adds 1 more
    # aggravated: the first point wounds Boris, the other two burn 2 blood
    scenario = play(
        combat(),
        (1, "acting", "Increased Strength", "pot"),
        (1, "acting", "Burning Wrath", "pot"),
    )
    report = resolve(scenario)
    assert report.opposing.state is MinionState.TORPOR and report.opposing.blood == 2


def test_tom_19960225_undead_strength_damage_takes_the_weapons_kind() -> None:
    ruling("Undead Strength", "TOM 19960225", "inherits all of the properties of the base damage")
    ruling("Undead Strength", "RTR 19960221", "the strike still will not do damage")
    femur = {"name": "Femur of Toomler", "type": "melee"}
    femur["strike"] = {"strength_bonus": 1, "aggravated": True}
    anna = vampire("Anna", equipment=[femur])
    used = play(
        combat(anna=anna),
        (1, "acting", "Undead Strength", "pot (melee weapon)", {"equipment": "Femur of Toomler"}),
    )
    report = resolve(used)
    # the Femur's 2 aggravated and the card's 1, aggravated too
    assert report.opposing.state is MinionState.TORPOR and report.opposing.blood == 2
    ring = {"name": "Rowan Ring", "type": "melee"}
    ring["strike"] = {"send_to_torpor": True, "unpreventable": True}
    with_ring = play(
        combat(anna=vampire("Anna", equipment=[ring])),
        (1, "acting", "Undead Strength", "pot (melee weapon)", {"equipment": "Rowan Ring"}),
    )
    report = resolve(with_ring)
    # the Ring deals no damage, so the +1 adds none: Boris goes to torpor with all his blood
    assert report.opposing.state is MinionState.TORPOR and report.opposing.blood == 4


CANNOT_AFFORD = [
    ("Charismatic Aura", "aus pre (cancel a strike card)"),
    ("Chiropteran Marauder", "VIC"),
    ("Superior Mettle", "FOR"),
]


@pytest.mark.parametrize(("card", "key"), CANNOT_AFFORD)
def test_ank_20210226_blood_to_burn_must_be_there(card: str, key: str) -> None:
    ruling(card, "ANK 20210226", "cannot be played if the minion cannot afford to burn the blood")
    empty = combat(anna=vampire("Anna", blood=0))
    scenario = play(empty, (1, "opposing", "Undead Strength", "pot (hand strike)"))
    with pytest.raises(IllegalPlay, match="cannot pay"):
        resolve(play(scenario, (1, "acting", card, key)))


def test_rtr_20010711_the_first_torpor_effect_played_decides() -> None:
    ruling("Amaranth", "RTR 20010711", "if played first")
    # Anna's strike should send Boris to torpor; Anna, acting, plays Amaranth first: Boris
    # is diablerized, so his Undead Persistence has no vampire going to torpor to save
    first = play(
        combat(strikes([BIG])),
        (1, "acting", "Amaranth", "-"),
        (1, "opposing", "Undead Persistence", "for"),
    )
    with pytest.raises(IllegalPlay, match="Undead Persistence is only usable when Boris should"):
        resolve(first)
    # Anna should go to torpor; she plays Undead Persistence first: Boris's Amaranth has no
    # vampire going to torpor to diablerize
    saved = play(
        combat(strikes([], [BIG])),
        (1, "acting", "Undead Persistence", "for"),
        (1, "opposing", "Amaranth", "-"),
    )
    with pytest.raises(IllegalPlay, match="Amaranth is only usable when Anna should"):
        resolve(saved)


def test_ank_20191219_telepathic_tracking_cannot_follow_psyche() -> None:
    ruling("Telepathic Tracking", "ANK 20191219", "Cannot be played after [CEL] {Psyche!}")
    ruling("Psyche!", "RTR 20020501", "Cannot be played if there is already a combat queued")
    queued = play(combat({}, {}), (1, "opposing", "Psyche!", "CEL"))
    with pytest.raises(IllegalPlay, match="Psyche! already starts a new round or queues"):
        play(queued, (1, "acting", "Telepathic Tracking", "AUS"))
    new_round = play(combat({}, {}), (1, "acting", "Telepathic Tracking", "AUS"))
    with pytest.raises(IllegalPlay, match="Telepathic Tracking already"):
        play(new_round, (1, "opposing", "Psyche!", "CEL"))


def test_rtr_19970630_a_set_range_skips_the_determine_range_step() -> None:
    ruling("Immortal Grapple", "RTR 19970630", "Skip the Determine Range step for that round")
    ruling("Brick by Brick", "RTR 19970630", "no other effect can be used to reset the range")
    # superior Immortal Grapple: the next round is at close range, without maneuvers
    grapple = play(combat({}, {}), (1, "acting", "Immortal Grapple", "POT"))
    assert [r.range for r in resolve(grapple).rounds] == ["close", "close"]
    grapple["rounds"][1]["maneuvers"] = ["opposing"]
    with pytest.raises(IllegalPlay, match="determine-range step is skipped"):
        resolve(grapple)
    # superior Brick by Brick sets this round's range: Boris cannot maneuver
    brick = play(
        combat({"maneuvers": ["opposing"]}),
        (1, "acting", "Brick by Brick", "VIS", {"range": "long"}),
    )
    with pytest.raises(IllegalPlay, match="already set to long"):
        resolve(brick)


def test_lsj_20001206_a_limited_additional_strike_before_or_after_hell_for_leather() -> None:
    ruling("Hell-for-Leather", "LSJ 20001206", "can be played before or after")
    hands = combat(strikes([{"hand": True}] * 3))
    after = play(hands, (1, "acting", "Hell-for-Leather", "cel"), (1, "acting", "Blur", "cel"))
    before = play(hands, (1, "acting", "Blur", "cel"), (1, "acting", "Hell-for-Leather", "cel"))
    for scenario in (after, before):
        report = resolve(scenario)
        # three hand strikes land; Anna paid 1 blood for Blur and took Boris's hand strike
        assert (report.acting.blood, report.opposing.blood) == (2, 1)


def test_rtr_20020501_superior_earth_meld_still_unlocks_when_a_new_combat_follows() -> None:
    ruling("Earth Meld", "RTR 20020501", "still unlocks if an effect continues the combat")
    scenario = play(
        combat({}, {}),
        (1, "acting", "Earth Meld", "PRO"),
        (1, "opposing", "Psyche!", "CEL"),
    )
    report = resolve(scenario)
    assert len(report.rounds) == 2 and report.acting.unlocked


@pytest.mark.parametrize(("card", "key"), [("Oubliette", "OBT"), ("Catatonic Fear", "PRE")])
def test_rtr_20020501_an_after_combat_effect_is_lost_to_a_new_combat(card: str, key: str) -> None:
    ruling(card, "RTR 20020501", "If the combat continues or a new combat begins")
    scenario = play(combat({}, {}), (1, "acting", card, key), (1, "opposing", "Psyche!", "CEL"))
    report = resolve(scenario)
    # the new combat's hand strikes only: nothing burned or dealt after the first combat
    assert len(report.rounds) == 2 and report.opposing.blood == 3


def test_lsj_20051113_a_frenzy_card_affecting_the_vampire_is_played_on_it() -> None:
    ruling("Invoking the Beast", "LSJ 20051113", "considered being played on the minion")
    # Boris's Drawing Out the Beast gives Anna +1 strength and binds her: it is played on her,
    # and Invoking the Beast cancels it
    scenario = play(
        combat(),
        (1, "opposing", "Drawing Out the Beast", "ani"),
        (1, "acting", "Invoking the Beast", "abo (cancel a frenzy card)"),
    )
    report = resolve(scenario)
    assert (report.acting.blood, report.opposing.blood) == (3, 3)  # Anna's strength stays 1
    assert (
        resolve(play(combat(), (1, "opposing", "Drawing Out the Beast", "ani"))).opposing.blood == 2
    )


# -- the rest of the top 100 -----------------------------------------------------------------

NO_DAMAGE = {"name": "Stare", "damage": 0}

#: Cards whose rulings all lie outside what the resolver models: (reference, what the judge
#: decides, quoting the ruling).
LEFT_TO_JUDGE: dict[str, tuple[str, str]] = {
    "Form of Mist": (
        "RTR 20020501",
        "The resolver ends the combat but does not model the action that follows it: whether "
        "the after combat effect does not happen because the combat continues or a new combat "
        "begins (Psyche!, Telepathic Tracking) is left to the judge.",
    ),
    "Shadow Body": (
        "RTR 20020501",
        "The resolver ends the combat but not the action: whether the acting minion may "
        "continue as if unblocked, and that the after combat effect does not happen when a "
        "new combat begins, is left to the judge.",
    ),
    "Mirror Image": (
        "RTR 20020501",
        "The resolver ends the combat but not the action: continuing the action as if "
        "unblocked, and that the after combat effect does not happen when the combat "
        "continues, is left to the judge.",
    ),
    "Pass Through Shadow": (
        "RTR 20020501",
        "The resolver ends the combat but not the action the vampire continues: that the "
        "after combat effect does not happen when a new combat begins is left to the judge.",
    ),
    "Force of Personality": (
        "ANK 20190425",
        "Its rulings concern the card played as an action modifier: cards played as the "
        "action is announced must be played before regular action modifiers; actions are "
        "outside the combat resolver and left to the judge.",
    ),
    "Infernal Pursuit": (
        "LSJ 20021022",
        "Its rulings concern drawing and discarding cards; if canceled as it is played, its "
        "effect is not applied and only one card is drawn: hands and draws are outside the "
        "combat resolver and left to the judge.",
    ),
    "Concealed Weapon": (
        "LSJ 20020821",
        "The resolver equips the weapon named but does not check the weapon's damage limit: "
        "that strength or other bonus from the minion are not counted for the damage limit "
        "is left to the judge, as the option's note says.",
    ),
    "Pack Alpha": (
        "LSJ 20100130",
        "The resolver employs the retainer named; that the retainer must be announced by "
        "name, and in hand, when the card is declared, and the cost reductions, are left "
        "to the judge.",
    ),
    "Disguised Weapon": (
        "LSJ 19980319",
        "The resolver does not model uniqueness: a weapon used to equip and contest a unique "
        "weapon already in play, leaving neither weapon available, is left to the judge.",
    ),
    "Swiftness of the Stag": (
        "LSJ 20011204-3",
        "The library's cards ask only whether a card requires Potence or Auspex, never "
        "Celerity or Spiritus: that a multi-Disciplines card counts as requiring the "
        "Discipline(s) being used, for Swiftness of the Stag, is left to the judge.",
    ),
}


@pytest.mark.parametrize(
    ("card", "key", "first"),
    [
        ("Flash", "CEL", {}),
        ("Resist Earth's Grasp", "cel (press)", {}),
        ("Aid from Bats", "ANI", {}),
        ("Thrown Sewer Lid", "POT", {"maneuvers": ["acting"]}),
    ],
)
def test_tom_19960521_an_optional_press_is_used_in_its_round(
    card: str, key: str, first: dict[str, Any]
) -> None:
    ruling(card, "TOM 19960521", "The optional press can only be used during the current round")
    # the card's press continues the combat into round 2; it gives nothing in round 2
    two = resolve(play(combat(dict(first), {}), (1, "acting", card, key)))
    assert len(two.rounds) == 2 and two.rounds[0].continued
    with pytest.raises(IllegalPlay, match="ended in round 2"):
        resolve(play(combat(dict(first), {}, {}), (1, "acting", card, key)))


def test_rtr_19960112_claws_of_the_dead_after_strikes_are_chosen_and_slam_inherits_it() -> None:
    ruling("Claws of the Dead", "RTR 19960112", "Can be played after both strikes have been chosen")
    ruling("Slam", "TOM 19960225", "inherits all of the properties of the base damage")
    # Anna chooses Slam (a hand strike at +2), then plays Claws of the Dead: her hand strikes
    # are aggravated this round, the 2 added damage too: 3 aggravated sends Boris to torpor
    clawed = play(combat(), (1, "acting", "Slam", "pot"), (1, "acting", "Claws of the Dead", "pro"))
    report = resolve(clawed)
    assert report.opposing.state is MinionState.TORPOR and report.opposing.damage_taken == 3
    plain = resolve(play(combat(), (1, "acting", "Slam", "pot")))
    assert plain.opposing.state is MinionState.READY and plain.opposing.blood == 1


def test_rtr_20010711_donnybrook_steals_from_a_minion_with_less_than_2_blood() -> None:
    ruling("Donnybrook", "RTR 20010711", "can target a minion with less than 2 blood")
    # Boris has 1 blood: Anna steals the 1 there is (and takes his hand strike's 1)
    scenario = play(combat(boris=vampire("Boris", blood=1)), (1, "acting", "Donnybrook", "ser"))
    report = resolve(scenario)
    assert (report.acting.blood, report.opposing.blood) == (4, 0)


def test_ank_20200203_1_a_molotov_cocktail_is_not_put_on_when_combat_ends() -> None:
    ruling("Molotov Cocktail", "ANK 20200203-1", "the Cocktail is not put on this minion")
    # Boris's superior Form of Mist ends combat: Anna's Cocktail strike is not resolved
    ended = play(
        combat(), (1, "acting", "Molotov Cocktail", "-"), (1, "opposing", "Form of Mist", "PRO")
    )
    assert resolve(ended).acting.equipment == ()
    assert resolve(play(combat(), (1, "acting", "Molotov Cocktail", "-"))).acting.equipment == (
        "Molotov Cocktail",
    )


def test_lsj_20000110_entombment_is_only_effective_at_close_range() -> None:
    ruling("Entombment", "LSJ 20000110", "Only effective at close range")
    far = resolve(play(combat({"maneuvers": ["acting"]}), (1, "acting", "Entombment", "OBT")))
    assert far.opposing.state is MinionState.READY and far.opposing.blood == 4
    ruling("Entombment", "LSJ 20090622-2", "The opponent is wounded")
    close = resolve(play(combat(), (1, "acting", "Entombment", "OBT")))
    assert close.opposing.state is MinionState.TORPOR and close.opposing.wounded


def test_lsj_20100310_zip_gun_hurts_its_bearer_only_when_it_strikes() -> None:
    ruling("Zip Gun", "LSJ 20100310", "No damage is done to the bearer if he does not strike")
    shot = play(combat(strikes([{"weapon": "Zip Gun"}])), (1, "acting", "Zip Gun", "- (equip)"))
    assert resolve(shot).acting.damage_taken == 2  # Boris's hand strike and the gun's 1
    hand = play(combat(), (1, "acting", "Zip Gun", "- (equip)"))
    assert resolve(hand).acting.damage_taken == 1  # Boris's hand strike only


def test_lsj_19970801_zip_gun_damage_to_its_bearer_is_environmental() -> None:
    ruling("Zip Gun", "LSJ 19970801", "Damage done to the bearer is environmental")
    # Boris's strike deals nothing; the gun's 1 to Anna is not Boris's: Anna inflicted 1 and
    # received none from a strike, so she may play Disarm and Boris goes to torpor
    shot = play(
        combat(strikes([{"weapon": "Zip Gun"}], [NO_DAMAGE])),
        (1, "acting", "Zip Gun", "- (equip)"),
        (1, "acting", "Disarm", "pot"),
    )
    report = resolve(shot)
    assert report.acting.damage_taken == 1 and report.opposing.state is MinionState.TORPOR


def test_rtr_19960221_decapitate_adds_nothing_to_a_strike_without_damage() -> None:
    ruling("Decapitate", "RTR 19960221", "the strike still will not do damage")
    ring = {"name": "Rowan Ring", "type": "melee"}
    ring["strike"] = {"send_to_torpor": True, "unpreventable": True}
    scenario = play(
        combat(anna=vampire("Anna", equipment=[ring])),
        (1, "acting", "Decapitate", "pot (melee weapon)", {"equipment": "Rowan Ring"}),
    )
    report = resolve(scenario)
    # the Ring deals no damage, so the +2 adds none: Boris goes to torpor with all his blood
    assert report.opposing.state is MinionState.TORPOR and report.opposing.blood == 4
    assert report.opposing.damage_taken == 0


def test_lsj_20001206_superior_quickness_before_or_after_a_limited_additional_strike() -> None:
    ruling("Quickness", "LSJ 20001206", "A limited additional strike can be played before or after")
    hands = combat(strikes([{"hand": True}] * 3))
    after = play(hands, (1, "acting", "Quickness", "CEL"), (1, "acting", "Blur", "cel"))
    before = play(hands, (1, "acting", "Blur", "cel"), (1, "acting", "Quickness", "CEL"))
    for scenario in (after, before):
        report = resolve(scenario)
        assert report.opposing.blood == 1  # three hand strikes land
    # basic Quickness is limited itself: not with Blur
    with pytest.raises(IllegalPlay, match="only one limited effect"):
        resolve(play(hands, (1, "acting", "Quickness", "cel"), (1, "acting", "Blur", "cel")))


def test_lsj_20011204_3_earth_swords_requires_the_discipline_it_is_played_with() -> None:
    ruling("Earth Swords", "LSJ 20011204-3", "counts as requiring the Discipline(s) being used")

    # Increased Strength adds 1 to strikes requiring Potence: Earth Swords played with [pot]
    # (1 damage) gets it, played with [myt] (2 damage) does not
    def boris_blood(key: str, *more: tuple[Any, ...]) -> int:
        return resolve(play(combat(), *more, (1, "acting", "Earth Swords", key))).opposing.blood

    boost = (1, "acting", "Increased Strength", "pot")
    assert (boris_blood("pot"), boris_blood("pot", boost)) == (3, 2)
    assert (boris_blood("myt"), boris_blood("myt", boost)) == (2, 2)


def test_lsj_20050628_bollix_forbids_fortitude_prevention() -> None:
    ruling("Bollix", "LSJ 20050628", "cannot play prevention cards of that discipline")
    with pytest.raises(IllegalPlay, match="cannot be prevented by cards requiring for"):
        resolve(play(combat(), (1, "acting", "Bollix", "tha"), (1, "opposing", "Soak", "for")))
    # without Soak: Anna's hand strike at +1
    assert resolve(play(combat(), (1, "acting", "Bollix", "tha"))).opposing.blood == 2


@pytest.mark.parametrize(
    ("card", "key"), [("Fae Contortion", "myt (cancel a grapple)"), ("Bollix", "pre")]
)
def test_ank_20190104_a_cancelled_grapple_has_still_been_played(card: str, key: str) -> None:
    ruling(card, "ANK 20190104", "The canceled card has still been played")
    cancelled = play(combat(), (1, "acting", "Immortal Grapple", "pot"), (1, "opposing", card, key))
    report = resolve(cancelled)
    assert report.opposing.blood == 3  # the grapple's effect is gone: hand strikes only
    with pytest.raises(IllegalPlay, match="only 1 time each round"):
        resolve(play(cancelled, (1, "acting", "Immortal Grapple", "pot")))


def test_lsj_20051113_predators_transformation_cancels_a_frenzy_card_played_on_it() -> None:
    ruling("Predator's Transformation", "LSJ 20051113", "considered being played on the minion")
    # Boris's Drawing Out the Beast gives Anna +1 strength: it is played on her, and her
    # Predator's Transformation cancels it
    scenario = play(
        combat(),
        (1, "opposing", "Drawing Out the Beast", "ani"),
        (1, "acting", "Predator's Transformation", "abo"),
    )
    assert resolve(scenario).opposing.blood == 3  # Anna's strength stays 1


def test_lsj_20100519_the_weighted_walking_stick_spends_counters_on_prevented_damage() -> None:
    ruling("Weighted Walking Stick", "LSJ 20100519", "contrary to prevented damage")
    ruling("Weighted Walking Stick", "ANK 20201229-2", "even just 1")

    def rounds(count: int) -> list[dict[str, Any]]:
        each = [strikes([{"weapon": "Weighted Walking Stick"}]) for _ in range(count)]
        return [{**r, "presses": ["acting"]} for r in each[:-1]] + each[-1:]

    boris = vampire("Boris", blood=10, capacity=11)
    plays = [(1, "acting", "Weighted Walking Stick", "-")]
    plays += [(n, "opposing", "Soak", "FOR") for n in (1, 2, 3)]
    report = resolve(play(combat(*rounds(3), boris=boris), *plays))
    # Boris prevents every point: 2 counters each in rounds 1 and 2 (5 -> 1); with the one
    # left the stick still deals its full 2 in round 3, then it is empty and burned
    assert report.opposing.damage_prevented == 6 and report.opposing.blood == 10
    assert report.acting.equipment == ()
    two = resolve(play(combat(*rounds(2), boris=boris), *plays[:3]))
    assert two.acting.equipment == ("Weighted Walking Stick",)


def test_ank_20220207_the_hunger_of_marduk_strike_may_be_chosen_again() -> None:
    ruling("Hunger of Marduk", "ANK 20220207", "can be chosen and used more than once")
    scenario = play(
        combat(), (1, "acting", "Hunger of Marduk", "tha"), (1, "acting", "Quickness", "CEL")
    )
    listed = scenario["rounds"][0]["strikes"]["acting"]
    listed.append(dict(listed[0]))  # the additional strike: the provided strike again
    report = resolve(scenario)
    # two steals of 1: Anna takes Boris's hand strike (1) and gains 2
    assert (report.acting.blood, report.opposing.blood) == (5, 2)


def test_lsj_19970801_breath_of_the_dragon_damage_to_its_striker_is_environmental() -> None:
    ruling("Breath of the Dragon", "LSJ 19970801", "Damage done to the striking minion")
    # Anna breathes at close range on Boris, an ally: 1 aggravated to him, 1 to herself.
    # Boris's hand strike inflicted 1; Anna's own 1 is environmental, not his: Boris did not
    # inflict more than he received and cannot play Pulled Fangs
    boris = {"name": "Boris", "kind": "ally", "life": 4, "strength": 1}
    breath = (1, "acting", "Breath of the Dragon", "vic")
    fangs = (1, "opposing", "Pulled Fangs", "-")
    with pytest.raises(IllegalPlay, match="inflicted 1 and received 1"):
        resolve(play(combat(boris=boris), breath, fangs))
    # with a 2-damage strike he did inflict more
    blow = combat(strikes([], [{"name": "Blow", "damage": 2}]), boris=boris)
    report = resolve(play(blow, breath, fangs))
    assert report.acting.damage_taken == 3 and report.acting.state is MinionState.TORPOR


@pytest.mark.parametrize(("card", "key"), [("Thrown Gate", "pot"), ("Aid from Bats", "ani")])
def test_lsj_20021028_no_optional_maneuver_from_a_strike_that_cannot_be_used(
    card: str, key: str
) -> None:
    ruling(
        card, "LSJ 20021028", "The optional maneuver cannot be used if the strike cannot be used"
    )
    # Anna maneuvers with her .44 Magnum (committing her strike to the gun) and Boris
    # maneuvers back: she cannot strike with the card, so she cannot take its maneuver
    gun = combat(strikes([{"weapon": ".44 Magnum"}]))
    with pytest.raises(IllegalPlay, match=r"already committed to strike with \.44 Magnum"):
        resolve(
            play(
                gun,
                (1, "acting", ".44 Magnum", "- (carried)"),
                (1, "acting", ".44 Magnum", "- (maneuver)"),
                (1, "opposing", "Leapfrog", "spi"),
                (1, "acting", card, key),
            )
        )
    # free to strike with the card, she takes its maneuver to long range and strikes with it
    report = resolve(play(combat(), (1, "acting", card, key)))
    assert report.rounds[0].range == "long"
    assert (report.acting.blood, report.opposing.blood) == (4, 3)
