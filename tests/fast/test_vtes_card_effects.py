"""Combat effects that cards bring: each case cites the card text or the ruling it follows."""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import IllegalPlay
from rules.vtes import MinionState, Vampire, resolve_damage
from rules.vtes.combat import resolve


def vampire(name: str, capacity: int = 6, blood: int = 4, **more: Any) -> dict[str, Any]:
    return {"name": name, "kind": "vampire", "capacity": capacity, "blood": blood, **more}


def combat(*rounds: dict[str, Any], acting: Any = None, opposing: Any = None) -> dict[str, Any]:
    return {
        "acting": acting or vampire("Anna"),
        "opposing": opposing or vampire("Boris"),
        "rounds": list(rounds),
    }


def strikes(acting: list[Any] | None = None, opposing: list[Any] | None = None) -> dict[str, Any]:
    return {"acting": acting or [], "opposing": opposing or []}


DODGE = {"name": "Dodge", "dodge": True}
EARTHSHOCK = {"name": "Earthshock", "strength_bonus": 0, "ranged": True, "undodgeable": True}
SNIPER = {"name": "Sniper Rifle", "strike": {"damage": 2, "ranged": True, "long_range_only": True}}


def rules_of(report: Any) -> set[str]:
    return {step.rule for step in report.steps}


class TestStrikes:
    def test_earthshock_cannot_be_dodged(self) -> None:
        # Earthshock (100604): "Strike: strength ranged damage. This strike cannot be dodged."
        # Ruling [LSJ 20030902-2]: the opponent may dodge, the dodge just has no effect.
        report = resolve(combat({"strikes": strikes([EARTHSHOCK], [DODGE])}))
        assert report.opposing.blood == 3 and report.opposing.damage_taken == 1
        assert "vtes:6.4.8" in rules_of(report)
        assert any("dodge has no effect" in line for line in report.narrative)

    def test_sniper_rifle_only_at_long_range(self) -> None:
        # Sniper Rifle (101816): "Strike: 2R damage, only usable at long range."
        anna = vampire("Anna", equipment=[SNIPER])
        close = combat({"strikes": strikes([{"weapon": "Sniper Rifle"}])}, acting=anna)
        with pytest.raises(IllegalPlay, match="only at long range") as error:
            resolve(close)
        assert "только на дальней дистанции" in error.value.ru
        far = combat(
            {"maneuvers": ["acting"], "strikes": strikes([{"weapon": "Sniper Rifle"}])},
            acting=anna,
        )
        assert resolve(far).opposing.blood == 2

    def test_coma_sends_to_torpor_keeping_blood(self) -> None:
        # Coma (100378) [dem]: "Strike: send the opposing vampire to torpor."; ruling
        # [LSJ 20000110]: only effective at close range.
        coma = {"name": "Coma", "send_to_torpor": True}
        report = resolve(combat({"strikes": strikes([coma])}))
        assert report.opposing.state is MinionState.TORPOR and report.opposing.blood == 4
        assert report.opposing.damage_taken == 0 and report.ended_by == "not_ready"
        at_long = resolve(combat({"maneuvers": ["opposing"], "strikes": strikes([coma])}))
        assert at_long.opposing.state is MinionState.READY
        dodged = resolve(combat({"strikes": strikes([coma], [DODGE])}))
        assert dodged.opposing.state is MinionState.READY
        ally = {"name": "Gargoyle", "kind": "ally", "life": 3}
        with pytest.raises(IllegalPlay, match="is an ally"):
            resolve(combat({"strikes": strikes([coma])}, opposing=ally))

    def test_autonomic_mastery_resolves_both_strikes_then_ends(self) -> None:
        # Autonomic Mastery (100117) ruling [LSJ 20071112]: a hand strike resolved together
        # with the opponent's strike, which does its damage; then combat ends.
        mastery = {"name": "Autonomic Mastery", "hand": True, "combat_ends_after_resolution": True}
        report = resolve(
            combat(
                {
                    "strikes": strikes([mastery], [{"name": "Blow", "damage": 2}]),
                    "presses": ["opposing"],
                }
            )
        )
        assert (report.acting.blood, report.opposing.blood) == (2, 3)
        assert report.ended_by == "combat_ends" and not report.rounds[0].continued
        # an ordinary combat-ends strike resolves first and nobody is hurt
        ends = resolve(combat({"strikes": strikes([{"combat_ends": True}], [{"damage": 2}])}))
        assert (ends.acting.blood, ends.opposing.blood) == (4, 4)

    def test_breath_of_the_dragon_burns_its_user_at_close_range(self) -> None:
        # Breath of the Dragon (100250) [vic]: "1R aggravated damage. If this strike is used
        # at close range, this striking vampire also takes 1 environmental aggravated damage."
        breath = {
            "name": "Breath of the Dragon",
            "damage": 1,
            "ranged": True,
            "aggravated": True,
            "recoil": 1,
            "recoil_aggravated": True,
            "recoil_close_only": True,
        }
        close = resolve(combat({"strikes": strikes([breath], [DODGE])}))
        assert close.acting.state is MinionState.TORPOR  # its own aggravated point wounds it
        far = resolve(combat({"maneuvers": ["acting"], "strikes": strikes([breath])}))
        assert far.acting.state is MinionState.READY
        assert far.opposing.state is MinionState.TORPOR


class TestEnvironmental:
    def test_carrion_crows_gets_past_a_dodge(self) -> None:
        # Carrion Crows (100301) [ANI]: 2R environmental damage each round; ruling
        # [RTR 19941109]: the damage is inflicted even against a dodge.
        crows = {"name": "Carrion Crows", "environmental": 2}
        report = resolve(
            combat({"before_range": strikes([crows]), "strikes": strikes([], [DODGE])})
        )
        assert report.opposing.blood == 2 and report.opposing.damage_taken == 2
        assert "vtes:6.4.10" in rules_of(report)

    def test_carrion_crows_lasts_the_combat(self) -> None:
        crows = {"name": "Carrion Crows", "environmental": 1}
        report = resolve(
            combat(
                {
                    "before_range": strikes([crows]),
                    "strikes": strikes([DODGE], [DODGE]),
                    "presses": ["acting"],
                },
                {"strikes": strikes([DODGE], [DODGE])},
            )
        )
        assert report.opposing.blood == 2

    def test_combat_ends_comes_before_carrion_crows(self) -> None:
        # Ruling [PIB 20140324]: a "strike: combat ends" ends combat before damage is applied.
        crows = {"name": "Carrion Crows", "environmental": 2}
        report = resolve(
            combat(
                {"before_range": strikes([crows]), "strikes": strikes([], [{"combat_ends": True}])}
            )
        )
        assert report.opposing.blood == 4

    def test_round_environmental_and_ghoul_retainer(self) -> None:
        # Conscripted Statue: environmental damage this round; a retainer's damage is
        # environmental (6.4.7, current rules), so a dodge does not stop it.
        report = resolve(
            combat({"environmental": {"opposing": 1}, "strikes": strikes([], [DODGE])})
        )
        assert report.opposing.blood == 3
        ghoul = vampire("Anna", retainers=[{"name": "Ghoul Retainer", "life": 2, "damage": 1}])
        both = resolve(combat({"strikes": strikes([DODGE], [DODGE])}, acting=ghoul))
        assert both.opposing.blood == 3
        far = resolve(
            combat({"maneuvers": ["acting"], "strikes": strikes([DODGE], [DODGE])}, acting=ghoul)
        )
        assert far.opposing.blood == 4


class TestLasting:
    def test_immortal_grapple(self) -> None:
        # Immortal Grapple (100959) [pot]: "Strikes that are not hand strikes cannot be used
        # this round (by either combatant)." [POT]: the next round is at close range, skipping
        # the determine-range step; ruling [RTR 19970630]: nothing can reset that range.
        grapple = {"name": "Immortal Grapple", "hand_strikes_only": True}
        with pytest.raises(IllegalPlay, match="only hand strikes"):
            resolve(combat({"before_range": strikes([grapple]), "strikes": strikes([], [DODGE])}))
        two = combat(
            {
                "before_range": strikes([grapple]),
                "presses": [{"side": "acting", "card": "Immortal Grapple"}],
            },
            {"range": "close", "maneuvers": ["opposing"]},
        )
        with pytest.raises(IllegalPlay, match="already set to close"):
            resolve(two)
        two["rounds"][1].pop("maneuvers")
        report = resolve(two)
        assert report.rounds[1].range == "close" and report.opposing.blood == 2

    def test_torn_signpost_sets_strength_and_bonuses_add(self) -> None:
        # Torn Signpost (101993) [POT]: "This vampire gets a strength of 3 this combat."
        # Rulings: it sets base strength [PIB 20130303]; "+X strength" adds [LSJ 20100813].
        cards = [
            {"name": "Torn Signpost", "set_strength": 3},
            {"name": "Horrid Form", "strength": 1},
        ]
        report = resolve(
            combat({"before_range": strikes(cards), "strikes": strikes([{"hand": True}], [DODGE])})
        )
        assert report.acting.strength == 4
        hit = resolve(combat({"before_range": strikes(cards)}))
        assert hit.opposing.blood == 0 and hit.opposing.state is MinionState.READY

    def test_strength_lowered_and_one_round_only(self) -> None:
        # Bear's Skin (100145) [ani][pro]: "This round, this vampire gets +1 strength".
        bear = {"name": "Bear's Skin", "strength": 1, "this_round": True}
        report = resolve(
            combat(
                {"before_range": strikes([bear]), "presses": ["acting"]},
                {},
                opposing=vampire("Boris", blood=6),
            )
        )
        assert report.opposing.blood == 6 - 2 - 1 and report.acting.strength == 1
        # Disarm-style -1 strength is a lowered strength that never goes below 0
        weak = resolve(combat({"before_range": strikes([], [{"name": "Curse", "strength": -1}])}))
        assert weak.opposing.strength == 0 and weak.acting.blood == 4

    def test_aggravated_hands(self) -> None:
        # Claws of the Dead (100356) [pro]: "Damage from this vampire's hand strikes is
        # aggravated this round."
        claws = {"name": "Claws of the Dead", "hand_aggravated": True, "this_round": True}
        report = resolve(combat({"before_range": strikes([claws])}))
        assert report.opposing.state is MinionState.TORPOR and report.opposing.blood == 4


class TestChecks:
    def test_prevention_against_a_dodged_strike_is_illegal(self) -> None:
        blow = {"name": "Blow", "damage": 2, "prevention": [{"name": "Skin of Rock", "amount": 1}]}
        with pytest.raises(IllegalPlay, match="was dodged") as error:
            resolve(combat({"strikes": strikes([blow], [DODGE])}))
        assert "отменён уклонением" in error.value.ru
        with pytest.raises(IllegalPlay, match="out of range"):
            resolve(combat({"maneuvers": ["opposing"], "strikes": strikes([blow])}))
        legal = resolve(combat({"strikes": strikes([blow])}))
        assert legal.opposing.blood == 3 and legal.opposing.damage_prevented == 1

    def test_prevention_cards_all_and_non_aggravated(self) -> None:
        # Skin of Steel (101792) [for]: "Prevent all damage from the opponent's strike."
        # Soak (101817) [for]: "Prevent 2 non-aggravated damage."
        steel = {
            "name": "Big Blow",
            "damage": 4,
            "prevention": [{"name": "Skin of Steel", "all": True}],
        }
        assert resolve(combat({"strikes": strikes([steel])})).opposing.blood == 4
        soak = {
            "name": "Flame",
            "damage": 2,
            "aggravated": True,
            "prevention": [{"name": "Soak", "amount": 2, "non_aggravated": True}],
        }
        with pytest.raises(IllegalPlay, match="only non-aggravated"):
            resolve(combat({"strikes": strikes([soak])}))

    def test_wounded_vampire_kept_out_of_torpor(self) -> None:
        # Undying Tenacity / Undead Persistence: wounded but ready; aggravated damage costs
        # blood at once and burns the vampire with no blood left.
        kept = Vampire("Anna", capacity=5, blood=1, wounded=True)
        one = resolve_damage(kept, aggravated=1)
        assert (one.state, one.blood) == (MinionState.READY, 0)
        assert resolve_damage(one.minion, aggravated=1).state is MinionState.BURNED
        report = resolve(
            combat(
                {"strikes": strikes([{"damage": 1, "aggravated": True}])},
                opposing=vampire("Boris", blood=0, wounded=True),
            )
        )
        assert report.opposing.state is MinionState.BURNED

    def test_cancelled_strike_card_and_choosing_again(self) -> None:
        # Charismatic Aura (100333) [aus][pre]: "Burn 1 blood to cancel a strike card (the
        # minion chooses a strike again) ... and its cost is not paid."
        cancelled = {
            "name": "Thrown Sewer Lid",
            "damage": 3,
            "cost": 1,
            "cancelled_by": "Charismatic Aura",
            "cancel_cost": 1,
        }
        report = resolve(combat({"strikes": strikes([cancelled, {"hand": True}])}))
        # the cancelled card's cost is not paid; Boris's hand strike costs Anna 1 blood
        assert report.acting.blood == 4 - 1
        assert report.opposing.blood == 4 - 1 - 1  # Aura's 1 blood, then the hand strike
        assert any("chooses again" in line for line in report.narrative)


class TestRoundEnd:
    def test_taste_of_vitae(self) -> None:
        # Taste of Vitae (101945): "gains blood equal to the amount of blood lost by the
        # opposing vampire to damage this round"; rulings: after the presses [RTR 20001020],
        # not against an ally [PIB 20121028].
        taste = {"name": "Taste of Vitae", "gain_blood_lost": True}
        report = resolve(
            combat(
                {"strikes": strikes([{"damage": 2}]), "end_of_round": strikes([taste])},
                acting=vampire("Anna", blood=3),
            )
        )
        # Anna mends Boris's hand strike (3 -> 2), then gains the 2 blood Boris lost
        assert (report.acting.blood, report.opposing.blood) == (4, 2)
        ally = {"name": "Gargoyle", "kind": "ally", "life": 3}
        with pytest.raises(IllegalPlay, match="cannot be played by or against an ally"):
            resolve(combat({"end_of_round": strikes([taste])}, opposing=ally))
        with pytest.raises(IllegalPlay, match="not usable by a vampire being burned or going"):
            resolve(
                combat(
                    {"strikes": strikes([], [{"damage": 5}]), "end_of_round": strikes([taste])},
                    acting=vampire("Anna", blood=1),
                )
            )

    def test_disarm_needs_more_damage_at_close_range(self) -> None:
        # Disarm (100549) [pot]: only usable at close range at the end of a round during
        # which this vampire inflicted more damage; send the opposing vampire to torpor.
        disarm = {
            "name": "Disarm",
            "send_to_torpor": True,
            "needs_more_damage": True,
            "opponent_strength": -1,
        }
        report = resolve(
            combat({"strikes": strikes([{"damage": 2}]), "end_of_round": strikes([disarm])})
        )
        assert report.opposing.state is MinionState.TORPOR and report.opposing.strength == 0
        with pytest.raises(IllegalPlay, match="more damage"):
            resolve(combat({"end_of_round": strikes([disarm])}))

    def test_telepathic_tracking_starts_a_new_round(self) -> None:
        # Telepathic Tracking (101950) [AUS]: "Only usable if both combatants are still ready
        # and combat would end. Instead, start a new round."
        track = {"side": "acting", "card": "Telepathic Tracking"}
        report = resolve(combat({"new_round": track}, {}))
        assert len(report.rounds) == 2 and report.rounds[0].continued
        assert report.opposing.blood == 2
        with pytest.raises(IllegalPlay, match="combat goes on anyway"):
            resolve(combat({"presses": ["acting"], "new_round": track}, {}))
