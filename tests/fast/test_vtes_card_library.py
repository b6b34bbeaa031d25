"""Every modelled card of the combat card library, played in a scenario.

The standard scenario: Anna (acting, capacity 6, 4 blood, strength 1) plays the card in
round 1 against Boris (capacity 6, 4 blood), who makes a hand strike (1 damage) unless
another strike is given. Each expected result is worked out by hand from the card's
official text (shipped in rules/vtes/data) and, where noted in the library entry, its
rulings; blood costs are the printed ones.
"""

from __future__ import annotations

import csv
import io
from importlib import resources
from typing import Any

import pytest

from rules.errors import IllegalPlay, InvalidState, RuleError
from rules.vtes import MinionState
from rules.vtes.card_coverage import FILES, coverage, main, ranking
from rules.vtes.card_library import describe_option, entries, entry, play_card
from rules.vtes.combat import resolve

BLOW = {"name": "Blow", "damage": 3}
KNIFE = {"name": "Knife", "strike": {"damage": 2}}
HAND = {"hand": True}
TWO = {"nrounds": 2}
# the card is played in round 2, after Anna pressed in round 1
ROUND_TWO = {"nrounds": 2, "at": 2, "presses": ["acting"]}
# Anna presses in round 1, so a second round is played
PRESSED = {"nrounds": 2, "presses": ["acting"]}
CLAWS = {"name": "Claws", "damage": 3, "aggravated": True}
BIG = {"name": "Blow", "damage": 5}  # sends a vampire with 4 blood to torpor
PISTOL = {"name": "Pistol", "type": "gun", "strike": {"damage": 2, "ranged": True}}
CLUB = {"name": "Club", "type": "melee", "strike": {"strength_bonus": 1}}
ALLY = {"kind": "ally", "name": "Boris", "life": 3}  # Boris as an ally with 3 life
ARMED_BORIS = {"boris": {"equipment": [KNIFE]}, "opp": {"weapon": "Knife"}}

# (card, option, expected, setup); expected: a/b = Anna's/Boris's blood (an ally's life),
# bs/as = state, ended, range (round 1), n = rounds played, unlocked, retainers, anna_eq /
# boris_eq = equipment after combat. setup: pre/post = Anna's strikes before/after the card,
# opp = Boris's strike, foe = Boris's card played first, then = cards played after it, r2 =
# the strikes of round 2, anna/boris = changes to the combatants, choices, optional, side.
# Every option of every entry has a row (one value of X stands for the others).
CASES: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    ("Majesty", "pre", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Majesty", "PRE", {"a": 3, "b": 4, "unlocked": True}, {}),
    ("Taste of Vitae", "-", {"a": 4, "b": 3}, {}),
    ("Earth Meld", "pro", {"a": 4, "b": 4, "ended": "combat_ends"}, {}),
    ("Earth Meld", "PRO", {"a": 4, "b": 4, "unlocked": True}, {}),
    ("Carrion Crows", "ani", {"a": 3, "b": 2}, {}),
    ("Carrion Crows", "ANI", {"a": 3, "b": 1}, {}),
    ("Swallowed by the Night", "OBF", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Immortal Grapple", "pot", {"a": 3, "b": 3}, {}),
    ("Immortal Grapple", "POT", {"a": 2, "b": 2, "n": 2}, {}),
    ("Aid from Bats", "ani", {"a": 4, "b": 3, "range": "long"}, {}),
    ("Aid from Bats", "ANI", {"a": 3, "b": 2, "n": 2}, TWO),
    ("Form of Mist", "pro", {"a": 4, "b": 4}, {}),
    ("Form of Mist", "PRO", {"a": 4, "b": 4, "ended": "combat_ends"}, {}),
    ("Pursuit", "cel", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Pursuit", "CEL", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    ("Target Vitals", "-", {"a": 3, "b": 1}, {"pre": [HAND]}),
    ("Torn Signpost", "pot", {"a": 3, "b": 2}, {}),
    ("Torn Signpost", "POT", {"a": 3, "b": 1}, {}),
    (
        "Concealed Weapon",
        "-",
        {"a": 3, "b": 2},
        {"post": [{"weapon": "Knife"}], "choices": {"weapon": KNIFE}},
    ),
    ("Rolling with the Punches", "for", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Rolling with the Punches", "FOR", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Psyche!", "cel", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Psyche!", "CEL", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Theft of Vitae", "tha", {"a": 4, "b": 3}, {}),
    ("Theft of Vitae", "THA", {"a": 5, "b": 2}, {}),
    ("Hidden Strength", "for (X=1)", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Hidden Strength", "FOR (X=0)", {"a": 2, "b": 3}, {"opp": BLOW, "optional": False}),
    ("Blur", "cel", {"a": 2, "b": 2}, {"post": [HAND, HAND]}),
    ("Blur", "CEL", {"a": 2, "b": 1}, {"post": [HAND, HAND, HAND]}),
    (
        "Weighted Walking Stick",
        "-",
        {"a": 3, "b": 2},
        {"post": [{"weapon": "Weighted Walking Stick"}]},
    ),
    ("Chiropteran Marauder", "vic", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Chiropteran Marauder", "VIC", {"a": 2, "b": 4, "bs": "torpor"}, {}),
    ("Disarm", "pot", {"a": 3, "b": 2, "bs": "torpor"}, {"pre": [{"name": "Blow", "damage": 2}]}),
    ("Disarm", "POT", {"a": 3, "b": 2, "bs": "torpor"}, {"pre": [{"name": "Blow", "damage": 2}]}),
    ("Resist Earth's Grasp", "cel (press)", {"a": 1, "b": 2, "n": 2}, TWO),
    ("Resist Earth's Grasp", "cel (maneuver)", {"a": 3, "b": 4}, {"optional": False}),
    ("Trap", "-", {"a": 2, "b": 2, "n": 2, "ended": "open"}, TWO),
    ("Indomitability", "for", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Indomitability", "FOR (press)", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Indomitability", "FOR (prevent)", {"a": 2, "b": 3}, {"opp": BLOW, "optional": False}),
    ("Diversion", "cel", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    ("Diversion", "for", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Diversion", "tha", {"a": 5, "b": 3, "range": "long"}, {}),
    ("Apportation", "tha", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Apportation", "THA", {"a": 4, "b": 4}, {}),
    ("Raking Talons", "-", {"a": 3, "b": 4, "bs": "torpor"}, {}),
    ("Skin of Steel", "for", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Skin of Steel", "FOR", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Flash", "cel (maneuver)", {"a": 4, "b": 4}, {}),
    ("Flash", "cel (press)", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Flash", "CEL", {"a": 3, "b": 3, "n": 2}, TWO),
    ("Sideslip", "cel", {"a": 4, "b": 4}, {}),
    ("Sideslip", "CEL", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Claws of the Dead", "pro", {"a": 2, "b": 4, "bs": "torpor"}, {}),
    ("Claws of the Dead", "PRO", {"a": 3, "b": 4, "range": "long"}, {}),
    ("Canine Horde", "ani", {"a": 3, "b": 3}, {}),
    (
        "Canine Horde",
        "ANI",
        {"a": 4, "b": 4, "boris_eq": ()},
        {
            "boris": {"equipment": [KNIFE]},
            "opp": {"weapon": "Knife"},
            "choices": {"equipment": "Knife"},
        },
    ),
    ("Spiritual Intervention", "nec", {"a": 4, "b": 4}, {}),
    ("Spiritual Intervention", "NEC", {"a": 4, "b": 4, "ended": "combat_ends"}, {}),
    ("Unflinching Persistence", "for", {"a": 2, "b": 3}, {"opp": BLOW}),
    (
        "Unflinching Persistence",
        "FOR",
        {"a": 2, "b": 4},
        {"opp": {"name": "Gun", "damage": 3, "ranged": True}},
    ),
    ("Hunger of Marduk", "tha", {"a": 4, "b": 3}, {}),
    ("Hunger of Marduk", "THA", {"a": 5, "b": 2}, {}),
    ("Fake Out", "-", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Swiftness of the Stag", "cel", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Swiftness of the Stag", "spi (maneuver)", {"a": 4, "b": 4}, {}),
    ("Swiftness of the Stag", "spi (press)", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Staredown", "pre", {"a": 4, "b": 4}, {}),
    ("Staredown", "PRE", {"a": 4, "b": 4, "ended": "combat_ends"}, {}),
    ("Drawing Out the Beast", "ani", {"a": 2, "b": 3}, {}),
    ("Drawing Out the Beast", "ANI", {"a": 2, "b": 2}, {}),
    ("No Trace", "obf", {"a": 3, "b": 4, "ended": "combat_ends"}, {"maneuver": True}),
    ("No Trace", "OBF", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Dust Up", "ani", {"a": 4, "b": 2}, {"opp": {"dodge": True}}),
    ("Dust Up", "cel", {"a": 4, "b": 3}, {"post": [HAND]}),
    ("Dust Up", "pot", {"a": 3, "b": 1}, {}),
    ("Soak", "for", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Soak", "FOR", {"a": 4, "b": 3}, {"opp": {"name": "Blow", "damage": 4}}),
    ("Undead Strength", "pot (hand strike)", {"a": 3, "b": 2}, {}),
    ("Undead Strength", "POT (hand strike)", {"a": 3, "b": 1}, {}),
    ("Rego Motum", "tha", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Rego Motum", "THA", {"a": 3, "b": 3}, {"opp": {"name": "Blow", "damage": 4}}),
    (
        "Pack Alpha",
        "ani",
        {"a": 3, "b": 3, "retainers": {"Raven": 1}},
        {"choices": {"retainer": {"name": "Raven", "life": 1}}},
    ),
    (
        "Pack Alpha",
        "ANI",
        {"a": 3, "b": 2, "retainers": {}},
        {"anna": {"retainers": [{"name": "Wolf", "life": 1}]}, "choices": {"retainer": "Wolf"}},
    ),
    ("Dodge", "-", {"a": 4, "b": 4}, {}),
    ("Breath of the Dragon", "vic", {"a": 2, "b": 4, "as": "torpor", "bs": "torpor"}, {}),
    ("Breath of the Dragon", "VIC", {"a": 1, "b": 3, "as": "torpor", "bs": "torpor"}, {}),
    ("Deny", "dem", {"a": 2, "b": 2, "n": 2}, TWO),
    (
        "Donnybrook",
        "obf (equipment)",
        {"a": 4, "b": 4},
        {
            "boris": {"equipment": [KNIFE]},
            "opp": {"weapon": "Knife"},
            "choices": {"equipment": "Knife"},
        },
    ),
    ("Donnybrook", "pro", {"a": 3, "b": 4, "bs": "torpor"}, {}),
    ("Donnybrook", "ser", {"a": 5, "b": 2}, {}),
    ("Thrown Gate", "pot", {"a": 4, "b": 3, "range": "long"}, {}),
    ("Thrown Gate", "POT", {"a": 4, "b": 2}, {}),
    ("Rapid Change", "PRO", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Terror Frenzy", "ani", {"a": 2, "b": 3}, {}),
    ("Plasmic Form", "VIC", {"a": 3, "b": 4}, {}),
    ("Shadow Body", "obt", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Shadow Body", "OBT", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Glancing Blow", "-", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Infernal Pursuit", "cel", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Infernal Pursuit", "CEL", {"a": 3, "b": 3}, {}),
    ("Side Strike", "cel", {"a": 4, "b": 4}, {}),
    ("Side Strike", "CEL", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    ("Superior Mettle", "for", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Superior Mettle", "FOR", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Thrown Sewer Lid", "pot", {"a": 4, "b": 1}, {"maneuver": True}),
    ("Thrown Sewer Lid", "POT", {"a": 4, "b": 1}, {"maneuver": True, "optional": False}),
    ("Aura Reading", "aus", {"a": 3, "b": 3}, {}),
    ("Aura Reading", "AUS", {"a": 3, "b": 3}, {}),
    ("Brick by Brick", "tha", {"a": 3, "b": 4, "range": "long"}, {}),
    ("Brick by Brick", "vis", {"a": 3, "b": 2, "range": "long"}, {}),
    ("Brick by Brick", "VIS", {"a": 3, "b": 4, "range": "long"}, {"choices": {"range": "long"}}),
    ("Arms of the Abyss", "obt", {"a": 4, "b": 4}, {}),
    ("Arms of the Abyss", "OBT", {"a": 4, "b": 3}, {"post": [HAND]}),
    ("Anesthetic Touch", "aus", {"a": 4, "b": 4}, {}),
    ("Anesthetic Touch", "obe", {"a": 3, "b": 3, "ended": "combat_ends"}, {}),
    ("Anesthetic Touch", "OBE", {"a": 3, "b": 3, "ended": "combat_ends"}, {}),
    ("Force of Personality", "pre", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Outside the Hourglass", "obf", {"a": 4, "b": 4}, {}),
    ("Outside the Hourglass", "tem (maneuver)", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Outside the Hourglass", "tem (dodge)", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Outside the Hourglass", "TEM", {"a": 3, "b": 1}, {}),
    (
        "Disguised Weapon",
        "obf",
        {"a": 3, "b": 2},
        {"post": [{"weapon": "Knife"}], "choices": {"weapon": KNIFE}},
    ),
    (
        "Disguised Weapon",
        "OBF",
        {"a": 3, "b": 2},
        {"post": [{"weapon": "Knife"}], "choices": {"weapon": KNIFE}},
    ),
    ("Mirror Image", "CHI", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Typhonic Beast", "ser", {"a": 2, "b": 2}, {}),
    ("Typhonic Beast", "pot ser", {"a": 3, "b": 2}, {}),
    ("Typhonic Beast", "POT SER", {"a": 3, "b": 2}, {"optional": False}),
    ("Breath of Thanatos", "NEC", {"a": 2, "b": 4, "bs": "torpor"}, {}),
    ("Oubliette", "obt", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Hell-for-Leather", "ani", {"a": 4, "b": 3}, {"post": [HAND]}),
    ("Hell-for-Leather", "cel", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    (
        "Hell-for-Leather",
        "obt",
        {"a": 3, "b": 0, "bs": "torpor"},
        {"pre": [BLOW], "boris": {"blood": 2}},
    ),
    ("Telepathic Tracking", "aus", {"a": 1, "b": 2, "n": 2}, TWO),
    ("Telepathic Tracking", "AUS", {"a": 1, "b": 2, "n": 2}, TWO),
    ("Behind You!", "obf", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Behind You!", "OBF", {"a": 4, "b": 4}, {}),
    ("Horrid Form", "vic", {"a": 2, "b": 2}, {}),
    ("Horrid Form", "VIC", {"a": 3, "b": 2}, {}),
    ("Fae Contortion", "obt", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Fae Contortion", "myt (maneuver)", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Slam", "pot", {"a": 2, "b": 1}, {}),
    ("Slam", "POT", {"a": 2, "b": 1}, {"optional": False}),
    ("Roundhouse", "pot", {"a": 3, "b": 1}, {}),
    ("Roundhouse", "POT", {"a": 3, "b": 0}, {}),
    ("Stonestrength", "tha", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Stonestrength", "vis (press)", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Stonestrength", "vis (prevent)", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Stonestrength", "VIS", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Quickness", "cel", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    ("Quickness", "CEL", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    ("Meld with the Land", "vic", {"a": 4, "b": 4, "ended": "combat_ends"}, {}),
    ("Meld with the Land", "VIC", {"a": 4, "b": 4, "ended": "combat_ends"}, {}),
    ("Pulled Fangs", "-", {"a": 3, "b": 1}, {"pre": [{"name": "Blow", "damage": 2}]}),
    ("Charismatic Aura", "aus pre (cancel a strike card)", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Charismatic Aura", "AUS PRE", {"a": 4, "b": 4, "ended": "combat_ends"}, {}),
    ("Catatonic Fear", "pre", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Invoking the Beast", "abo (strength)", {"a": 3, "b": 2}, {}),
    (
        "Invoking the Beast",
        "abo (cancel a frenzy card)",
        {"a": 3, "b": 3},
        {"foe": ("Drawing Out the Beast", "ani")},
    ),
    ("Invoking the Beast", "ABO", {"a": 3, "b": 2}, {"optional": False}),
    ("Walk of Flame", "tha", {"a": 2, "b": 3, "bs": "torpor", "n": 2}, ROUND_TWO),
    ("Walk of Flame", "THA", {"a": 2, "b": 2, "bs": "torpor", "n": 2}, ROUND_TWO),
    ("Crawling Chamber", "tha", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Crawling Chamber", "vis (maneuver)", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Crawling Chamber", "vis (press)", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Crawling Chamber", "VIS", {"a": 3, "b": 2}, {}),
    ("Occlusion", "chi", {"a": 4, "b": 4}, {}),
    ("Pass Through Shadow", "obl", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Pass Through Shadow", "OBL", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Resilience", "for", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Resilience", "FOR", {"a": 4, "b": 3}, {"opp": BLOW}),
    ("Hide the Mind", "obf", {"a": 3, "b": 3}, {"foe": ("Anesthetic Touch", "aus")}),
    ("Bollix", "cel (maneuver)", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Bollix", "cel (press)", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Bollix", "pre", {"a": 3, "b": 3}, {"foe": ("Immortal Grapple", "pot")}),
    ("Zip Gun", "- (equip)", {"a": 2, "b": 3}, {"post": [{"weapon": "Zip Gun"}]}),
    ("Decapitate", "pot (hand strike)", {"a": 1, "b": 1}, {}),
    (
        "Decapitate",
        "pot (melee weapon)",
        {"a": 1, "b": 0},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    ("Predator's Transformation", "ABO", {"a": 3, "b": 3}, {}),
    ("Entombment", "OBT", {"a": 1, "b": 4, "bs": "torpor"}, {}),
    ("Earth Swords", "pot", {"a": 3, "b": 3}, {}),
    ("Earth Swords", "myt", {"a": 3, "b": 2}, {}),
    ("Earth Swords", "MYT", {"a": 3, "b": 1}, {}),
    ("Groundfighting", "- (maneuver)", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Groundfighting", "- (press)", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Groundfighting", "- (cancel)", {"a": 2, "b": 3}, {"foe": ("Immortal Grapple", "pot")}),
    ("Burst of Sunlight", "tha", {"a": 3, "b": 4, "as": "torpor", "bs": "torpor"}, {}),
    ("Burst of Sunlight", "THA", {"a": 2, "b": 3, "as": "torpor", "bs": "torpor"}, {}),
    ("Skin of Rock", "for", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Skin of Rock", "FOR", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Pushing the Limit", "pot (hand strike)", {"a": 2, "b": 1}, {}),
    ("Pushing the Limit", "POT (hand strike)", {"a": 2, "b": 0}, {}),
    ("Earthshock", "pot", {"a": 3, "b": 3}, {"opp": {"dodge": True}}),
    ("Earthshock", "POT", {"a": 3, "b": 2}, {"opp": {"dodge": True}}),
    ("Devil-Channel: Hands", "abo (aggravated hands)", {"a": 2, "b": 4, "bs": "torpor"}, {}),
    (
        "Devil-Channel: Hands",
        "abo (cancel a frenzy card)",
        {"a": 2, "b": 3},
        {"foe": ("Drawing Out the Beast", "ani")},
    ),
    ("Devil-Channel: Hands", "ABO", {"a": 2, "b": 4, "bs": "torpor"}, {"optional": False}),
    ("Wolf Claws", "pro", {"a": 2, "b": 4, "bs": "torpor"}, {}),
    ("Wolf Claws", "PRO", {"a": 1, "b": 2, "n": 2}, TWO),
    ("Bone Spur", "pro", {"a": 2, "b": 4, "bs": "torpor"}, {}),
    ("Bone Spur", "PRO", {"a": 2, "b": 4, "bs": "torpor"}, {}),
    ("Taste of Death", "qui", {"a": 3, "b": 4, "bs": "torpor"}, {"maneuver": True}),
    ("Taste of Death", "QUI", {"a": 3, "b": 3, "bs": "torpor"}, {"maneuver": True}),
    ("Acrobatics", "cel", {"a": 2, "b": 2}, {"post": [HAND, HAND]}),
    ("Acrobatics", "CEL", {"a": 3, "b": 3}, {"post": [HAND]}),
    ("Preternatural Evasion", "cel", {"a": 4, "b": 4}, {}),
    ("Preternatural Evasion", "CEL", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Relentless Reaper", "for", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Relentless Reaper", "thn", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Relentless Reaper", "THN", {"a": 1, "b": 2, "n": 2}, TWO),
    ("Bear's Skin", "ani pro", {"a": 4, "b": 2}, {}),
    ("Bear's Skin", "ANI PRO", {"a": 4, "b": 2}, {}),
    ("Coma", "dem", {"a": 0, "b": 4, "bs": "torpor"}, {}),
    ("Coma", "DEM", {"a": 0, "b": 4, "bs": "torpor"}, {}),
    ("Absorb the Mind", "dom", {"a": 4, "b": 4}, {}),
    ("Absorb the Mind", "myt", {"a": 4, "b": 3}, {}),
    ("Absorb the Mind", "MYT", {"a": 4, "b": 3}, {}),
    ("Apparition", "chi", {"a": 3, "b": 3}, {}),
    ("Apparition", "CHI", {"a": 3, "b": 3}, {}),
    ("Wind Dance", "tha", {"a": 4, "b": 4}, {}),
    ("Wind Dance", "THA", {"a": 4, "b": 4}, {"post": [{"dodge": True}]}),
    ("High Ground", "-", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Stutter-Step", "cel", {"a": 4, "b": 4}, {}),
    ("Stutter-Step", "CEL", {"a": 4, "b": 3}, {}),
    (
        "Fast Hands",
        "cel",
        {"a": 1, "b": 4, "anna_eq": ("Knife",)},
        {
            "boris": {"equipment": [KNIFE]},
            "opp": {"weapon": "Knife"},
            "choices": {"equipment": "Knife"},
        },
    ),
    (
        "Fast Hands",
        "CEL",
        {"a": 3, "b": 4, "anna_eq": ("Knife",)},
        {
            "boris": {"equipment": [KNIFE]},
            "opp": {"weapon": "Knife"},
            "choices": {"equipment": "Knife"},
        },
    ),
    ("Read Intentions", "aus", {"a": 3, "b": 3, "ended": "no_press"}, {"presses": ["opposing"]}),
    ("Read Intentions", "AUS", {"a": 4, "b": 4}, {}),
    (
        "Movement of the Mind",
        "tha",
        {"a": 3, "b": 3, "ended": "no_press"},
        {"presses": ["opposing"]},
    ),
    ("Movement of the Mind", "THA", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Unholy Penance", "pre", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Unholy Penance", "PRE", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Body Flare", "pro", {"a": 1, "b": 3, "bs": "torpor"}, {}),
    ("Body Flare", "PRO", {"a": 1, "b": 3, "bs": "torpor"}, {}),
    ("Quick Meld", "pro", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Quick Meld", "PRO", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Serpent's Numbing Kiss", "pre ser", {"a": 4, "b": 4, "ended": "combat_ends"}, {}),
    ("Serpent's Numbing Kiss", "PRE SER", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Form of the Cobra", "pro", {"a": 4, "b": 3}, {}),
    ("Armor of Vitality", "for", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Armor of Vitality", "FOR", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Flesh of Marble", "pro", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Flesh of Marble", "pro", {"a": 2, "b": 3, "as": "torpor"}, {"opp": CLAWS}),
    ("Flesh of Marble", "PRO", {"a": 4, "b": 3, "as": "torpor"}, {"opp": CLAWS}),
    ("Amaranth", "-", {"a": 3, "b": 0, "bs": "burned"}, {"pre": [BIG]}),
    ("Increased Strength", "pot", {"a": 3, "b": 3}, {}),
    (
        "Increased Strength",
        "pot",
        {"a": 3, "b": 1},
        {"then": [("Undead Strength", "pot (hand strike)")]},
    ),
    (
        "Increased Strength",
        "POT",
        {"a": 3, "b": 0},
        {"then": [("Undead Strength", "pot (hand strike)")]},
    ),
    (
        "Molotov Cocktail",
        "-",
        {"a": 2, "b": 3, "bs": "torpor", "n": 2, "anna_eq": ()},
        {**PRESSED, "r2": {"acting": [{"weapon": "Molotov Cocktail"}]}},
    ),
    (
        "Dragon's Breath Rounds",
        "-",
        {"a": 3, "b": 1, "bs": "torpor", "anna_eq": ()},
        {"anna": {"equipment": [PISTOL]}, "pre": [{"weapon": "Pistol"}]},
    ),
    ("Rockheart", "tha", {"a": 4, "b": 4}, {}),
    ("Rockheart", "vis", {"a": 3, "b": 3}, {"opp": BLOW}),
    # "(Doing this twice would prevent all damage from the strike.)"
    (
        "Rockheart",
        "vis",
        {"a": 4, "b": 3},
        {"opp": {"name": "Blow", "damage": 5}, "then": [("Rockheart", "vis")]},
    ),
    (
        "Rockheart",
        "VIS",
        {"a": 2, "b": 2, "n": 2},
        {**PRESSED, "opp": BLOW, "r2": {"opposing": [BLOW]}},
    ),
    ("Undead Persistence", "for", {"a": 0, "b": 3, "as": "torpor"}, {"opp": BIG}),
    ("Undead Persistence", "FOR", {"a": 3, "b": 3}, {"opp": BLOW}),
    (
        "Inner Essence",
        "vic",
        {"a": 4, "b": 4, "ended": "combat_ends"},
        {"then": [("Flesh Bond", "ANI")]},
    ),
    (
        "Inner Essence",
        "VIC",
        {"a": 5, "b": 4, "ended": "combat_ends"},
        {"then": [("Flesh Bond", "ANI")]},
    ),
    ("Weather Control", "tha", {"a": 2, "b": 2}, {}),
    (
        "Weather Control",
        "THA",
        {"a": 1, "b": 1, "n": 2},
        {**PRESSED, "anna": {"blood": 6}, "boris": {"blood": 6}},
    ),
    ("Pounce", "-", {"a": 3, "b": 1}, {}),
    ("Pounce", "-", {"a": 3, "b": 4}, {"opp": {"dodge": True}}),
    ("Thoughts Betrayed", "dom", {"a": 1, "b": 2}, {}),
    ("Thoughts Betrayed", "DOM", {"a": 1, "b": 3}, {}),
    ("Blood Fury", "tha", {"a": 3, "b": 2}, ARMED_BORIS),
    ("Blood Fury", "THA", {"a": 3, "b": 1}, ARMED_BORIS),
    ("Evil Eye", "mal", {"a": 3, "b": 3}, {"foe": ("Undead Strength", "pot (hand strike)")}),
    ("Gemini's Mirror", "obf", {"a": 3, "b": 4, "range": "long"}, {}),
    ("Gemini's Mirror", "OBF", {"a": 3, "b": 3}, {"opp": {**BLOW, "coin": "tails"}}),
    ("Gemini's Mirror", "OBF", {"a": 0, "b": 3}, {"opp": {**BLOW, "coin": "heads"}}),
    (
        "Skin of Night",
        "for",
        {"a": 0, "b": 3, "as": "torpor"},
        {"anna": {"blood": 0}, "opp": {"name": "Claws", "damage": 2, "aggravated": True}},
    ),
    (
        "Skin of Night",
        "FOR",
        {"a": 0, "b": 3},
        {"anna": {"blood": 1}, "opp": {"name": "Claws", "damage": 2, "aggravated": True}},
    ),
    ("Groaning Corpse", "thn (X=0)", {"a": 3, "b": 2}, {}),
    ("Groaning Corpse", "thn (X=1)", {"a": 2, "b": 2}, {}),
    ("Groaning Corpse", "THN (X=0)", {"a": 3, "b": 1}, {}),
    ("Groaning Corpse", "THN (X=0)", {"a": 4, "b": 4, "range": "long"}, {"maneuver": True}),
    ("Blood Rage", "tha", {"a": 4, "b": 3}, ARMED_BORIS),
    ("Blood Rage", "THA", {"a": 4, "b": 2}, ARMED_BORIS),
    ("Illusions of the Kindred", "chi", {"a": 2, "b": 4, "ended": "combat_ends"}, {}),
    ("Illusions of the Kindred", "CHI", {"a": 2, "b": 4, "ended": "combat_ends"}, {}),
    ("Armor of Caine's Fury", "pre", {"a": 1, "b": 3}, {"opp": BLOW}),
    (
        "Armor of Caine's Fury",
        "val",
        {"a": 0, "b": 2, "n": 2, "as": "torpor"},
        {**PRESSED, "opp": BLOW, "r2": {"opposing": [BLOW]}},
    ),
    (
        "Armor of Caine's Fury",
        "VAL",
        {"a": 2, "b": 2, "n": 2},
        {**PRESSED, "opp": BLOW, "r2": {"opposing": [BLOW]}, "anna": {"blood": 5}},
    ),
    ("Backstep", "-", {"a": 4, "b": 4, "range": "long"}, {}),
    (
        "Obedient Flesh",
        "DOM PRO",
        {"a": 2, "b": 2},
        {"opp": {"name": "Blow", "damage": 2}, "optional": False},
    ),
    ("Obedient Flesh", "DOM PRO", {"a": 3, "b": 4, "range": "long"}, {}),
    ("Octopod", "san", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    ("Octopod", "SAN", {"a": 3, "b": 1}, {"post": [HAND, HAND, HAND]}),
    ("Burning Wrath", "pot", {"a": 0, "b": 3, "bs": "torpor"}, {}),
    ("Burning Wrath", "POT", {"a": 0, "b": 2, "bs": "torpor"}, {}),
    (
        "Flames of the Netherworld",
        "tha",
        {"a": 3, "b": 4, "bs": "torpor", "range": "long"},
        {"maneuver": True},
    ),
    ("Flames of the Netherworld", "dai", {"a": 3, "b": 4, "bs": "torpor"}, {}),
    ("Flames of the Netherworld", "DAI", {"a": 3, "b": 4, "bs": "torpor"}, {}),
    ("Torrent", "cel", {"a": 1, "b": 2}, {"post": [HAND, HAND]}),
    ("Torrent", "CEL", {"a": 2, "b": 4, "ended": "combat_ends"}, {}),
    ("Leapfrog", "obf", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Leapfrog", "spi", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Leapfrog", "SPI", {"a": 4, "b": 4, "ended": "combat_ends"}, {}),
    (
        "Sword of the Righteous",
        "ani",
        {"a": 2, "b": 1},
        {
            "anna": {"equipment": [CLUB]},
            "post": [{"weapon": "Club"}],
            "choices": {"equipment": "Club"},
        },
    ),
    (
        "Sword of the Righteous",
        "val",
        {"a": 2, "b": 2, "bs": "torpor"},
        {
            "anna": {"equipment": [CLUB]},
            "post": [{"weapon": "Club"}],
            "choices": {"equipment": "Club"},
        },
    ),
    (
        "Sword of the Righteous",
        "VAL",
        {"a": 3, "b": 2, "bs": "torpor"},
        {
            "anna": {"equipment": [CLUB]},
            "post": [{"weapon": "Club"}],
            "choices": {"equipment": "Club"},
        },
    ),
    (
        "Darkling Trickery",
        "obt",
        {"a": 3, "b": 3, "ended": "no_press", "n": 1},
        {"presses": ["opposing"]},
    ),
    ("Darkling Trickery", "myt (maneuver)", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Darkling Trickery", "myt (press)", {"a": 2, "b": 2, "n": 2}, TWO),
    (
        "Darkling Trickery",
        "MYT",
        {"a": 4, "b": 2},
        {"boris": {"equipment": [PISTOL]}, "opp": {"weapon": "Pistol"}},
    ),
    ("Disengage", "- (press)", {"a": 3, "b": 3, "ended": "no_press"}, {"presses": ["opposing"]}),
    ("Disengage", "- (cancel a grapple)", {"a": 2, "b": 3}, {"foe": ("Immortal Grapple", "pot")}),
    (
        "Shadow Boxing",
        "obf pot (maneuver)",
        {"a": 3, "b": 3, "range": "close"},
        {"foe": ("Leapfrog", "obf")},
    ),
    ("Shadow Boxing", "obf pot (press)", {"a": 2, "b": 2, "n": 2}, TWO),
    (
        "Stunt Cycle",
        "pot",
        {"a": 3, "b": 1, "range": "long"},
        {"maneuver": True, "opp": {"name": "Gun", "damage": 2, "ranged": True}},
    ),
    (
        "Stunt Cycle",
        "POT",
        {"a": 4, "b": 0, "range": "long"},
        {"maneuver": True, "opp": {"name": "Gun", "damage": 2, "ranged": True}},
    ),
    ("Roll", "-", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Song of Serenity", "ani", {"a": 4, "b": 3}, {}),
    ("Song of Serenity", "ani", {"a": 3, "b": 2, "n": 2}, PRESSED),
    ("Song of Serenity", "ANI", {"a": 4, "b": 2, "n": 2}, PRESSED),
    ("Selective Silence", "qui", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Selective Silence", "QUI", {"a": 3, "b": 4, "range": "long"}, {"choices": {"range": "long"}}),
    ("Alpha Glint", "ani for", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Alpha Glint", "ANI FOR", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Boxed In", "-", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Vitae Block", "ani", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Vitae Block", "obe", {"a": 3, "b": 1}, {}),
    ("Vitae Block", "OBE", {"a": 3, "b": 0}, {}),
    ("Form of the Serpent", "SER", {"a": 3, "b": 4, "range": "long"}, {}),
    ("Fists of Death", "pot", {"a": 2, "b": 2}, {}),
    ("Fists of Death", "POT", {"a": 2, "b": 1}, {}),
    ("Blissful Agony", "ani", {"a": 2, "b": 2}, {}),
    ("Blissful Agony", "val", {"a": 2, "b": 2}, {}),
    ("Blissful Agony", "VAL", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Scorpion Sting", "ani", {"a": 3, "b": 2}, {}),
    ("Scorpion Sting", "ani", {"a": 4, "b": 4}, {"opp": {"dodge": True}}),
    ("Scorpion Sting", "ANI", {"a": 4, "b": 2}, {"opp": {"dodge": True}}),
    ("Lightning Reflexes", "cel", {"a": 2, "b": 2}, {"post": [HAND, HAND]}),
    ("Lightning Reflexes", "CEL (X=2)", {"a": 0, "b": 1}, {"post": [HAND, HAND, HAND]}),
    ("Mighty Grapple", "pot", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Mighty Grapple", "POT (hand strike)", {"a": 2, "b": 1, "n": 2}, TWO),
    (
        "Mighty Grapple",
        "POT (melee weapon)",
        {"a": 3, "b": 1},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}, "optional": False},
    ),
    ("Starvation of Marena", "vic", {"a": 2, "b": 2}, {"optional": False}),
    ("Starvation of Marena", "VIC", {"a": 2, "b": 1}, {"optional": False}),
    ("Leathery Hide", "-", {"a": 4, "b": 3}, {"opp": BLOW}),
    ("Leathery Hide", "-", {"a": 3, "b": 3}, {"opp": {"name": "Blow", "damage": 5}}),
    ("Dust to Dust", "obf", {"a": 3, "b": 3, "ended": "no_press"}, {"presses": ["opposing"]}),
    ("Dust to Dust", "thn", {"a": 4, "b": 4}, {"optional": False}),
    ("Dust to Dust", "thn", {"a": 3, "b": 3, "n": 2}, TWO),
    (
        "Dust to Dust",
        "THN",
        {"a": 4, "b": 4, "range": "long"},
        {"optional": False, "maneuver": True},
    ),
    ("Shadow Step", "obt", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Shadow Step", "OBT", {"a": 2, "b": 4, "range": "long"}, {"choices": {"range": "long"}}),
    ("Soul Burn", "tha", {"a": 3, "b": 3}, ARMED_BORIS),
    ("Soul Burn", "THA", {"a": 3, "b": 2}, ARMED_BORIS),
    ("Flesh Bond", "ani", {"a": 2, "b": 2}, {}),
    ("Flesh Bond", "ANI", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    (
        "Devil-Channel: Back",
        "abo (cancel a frenzy card)",
        {"a": 3, "b": 3},
        {"foe": ("Drawing Out the Beast", "ani")},
    ),
    ("Devil-Channel: Back", "abo (additional strike)", {"a": 2, "b": 2}, {"post": [HAND, HAND]}),
    ("Devil-Channel: Back", "ABO", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    ("Chameleon's Colors", "ani", {"a": 3, "b": 4, "range": "long"}, {}),
    ("Chameleon's Colors", "spi (press)", {"a": 1, "b": 2, "n": 2}, TWO),
    (
        "Chameleon's Colors",
        "spi (maneuver)",
        {"a": 3, "b": 4, "range": "long"},
        {"optional": False},
    ),
    ("Chameleon's Colors", "SPI", {"a": 3, "b": 4, "ended": "combat_ends"}, {"maneuver": True}),
    ("Psychic Assault", "aus", {"a": 3, "b": 3}, {}),
    ("Psychic Assault", "aus (Black Hand)", {"a": 3, "b": 3}, {}),
    ("Psychic Assault", "AUS", {"a": 3, "b": 2}, {}),
    ("Psychic Assault", "AUS (Black Hand)", {"a": 3, "b": 2}, {}),
    ("Blood of Acid", "vic", {"a": 1, "b": 0}, {"anna": {"blood": 6}, "opp": BLOW}),
    ("Blood of Acid", "VIC", {"a": 1, "b": 1, "bs": "torpor"}, {"anna": {"blood": 6}, "opp": BLOW}),
    ("Conflagration", "pot", {"a": 2, "b": 2}, {}),
    ("Conflagration", "dai", {"a": 2, "b": 4, "bs": "torpor"}, {}),
    ("Conflagration", "DAI", {"a": 2, "b": 3, "bs": "torpor"}, {}),
    ("Shadow Shift", "obl", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    ("Shadow Shift", "OBL", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Dead Hand", "nec", {"a": 3, "b": 2}, {}),
    ("Dead Hand", "NEC", {"a": 3, "b": 2}, {}),
    ("Dam the Heart's River", "qui", {"a": 3, "b": 2}, {}),
    ("Lead Fist", "tha", {"a": 3, "b": 2}, {}),
    ("Lead Fist", "vis", {"a": 1, "b": 1, "n": 2}, TWO),
    ("Lead Fist", "VIS", {"a": 1, "b": 0, "n": 2}, TWO),
    ("Touch of Valeren", "for", {"a": 3, "b": 3}, {"opp": BLOW}),
    ("Touch of Valeren", "FOR", {"a": 4, "b": 3}, {"opp": BLOW}),
    ("Bloodform", "VIC", {"a": 4, "b": 4}, {"opp": BLOW, "optional": False}),
    ("Death Seeker", "-", {"a": 2, "b": 3}, {"foe": ("Undead Strength", "pot (hand strike)")}),
    ("Spiritual Guidance", "-", {"a": 3, "b": 3}, {}),
    ("Vengeance of Samiel", "pot (hand strike)", {"a": 2, "b": 2}, {}),
    (
        "Vengeance of Samiel",
        "pot (melee weapon)",
        {"a": 2, "b": 1},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    ("Vengeance of Samiel", "val (hand strike)", {"a": 3, "b": 2}, {"opp": {"dodge": True}}),
    (
        "Vengeance of Samiel",
        "val (melee weapon)",
        {"a": 3, "b": 1},
        {"opp": {"dodge": True}, "anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    ("Vengeance of Samiel", "VAL (hand strike)", {"a": 2, "b": 1}, {}),
    (
        "Vengeance of Samiel",
        "VAL (melee weapon)",
        {"a": 2, "b": 0},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    ("Anticipation", "aus (hand strike)", {"a": 3, "b": 1}, {}),
    (
        "Anticipation",
        "aus (melee weapon)",
        {"a": 3, "b": 0},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    ("Anticipation", "AUS", {"a": 2, "b": 3}, {"foe": ("Undead Strength", "pot (hand strike)")}),
    ("Voracious Vermin", "ani", {"a": 4, "b": 4}, {}),
    (
        "Voracious Vermin",
        "ANI",
        {"a": 4, "b": 4, "boris_eq": ()},
        {**ARMED_BORIS, "choices": {"equipment": "Knife"}},
    ),
    ("Form of the Wolf", "pro", {"a": 3, "b": 2}, {}),
    ("Form of the Wolf", "PRO", {"a": 2, "b": 0, "n": 2}, PRESSED),
    ("Tracker's Mark", "-", {"a": 3, "b": 3}, {}),
    ("Sanguine Entrapment", "cel qui", {"a": 3, "b": 3}, {}),
    ("Sanguine Entrapment", "CEL QUI", {"a": 3, "b": 3}, {}),
    ("Dead-End Alley", "-", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Sculpt the Flesh", "pro", {"a": 3, "b": 4, "bs": "torpor"}, {}),
    ("Sculpt the Flesh", "PRO", {"a": 3, "b": 2}, {}),
    ("Lucky Blow", "- (hand strike)", {"a": 3, "b": 2}, {}),
    (
        "Lucky Blow",
        "- (melee weapon)",
        {"a": 3, "b": 1},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    ("Dark Steel", "obt pot", {"a": 3, "b": 2}, {"optional": False}),
    ("Dark Steel", "OBT POT", {"a": 3, "b": 1}, {"optional": False}),
    ("Form of the Ghost", "pro", {"a": 4, "b": 4, "range": "long"}, {}),
    ("Form of the Ghost", "PRO", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Eye of Unforgiving Heaven", "aus val", {"a": 2, "b": 3, "as": "torpor", "bs": "torpor"}, {}),
    ("Eye of Unforgiving Heaven", "AUS VAL", {"a": 1, "b": 3, "bs": "torpor"}, {}),
    ("Penitent Resilience", "for", {"a": 1, "b": 3}, {"opp": CLAWS}),
    (
        "Penitent Resilience",
        "for obe",
        {"a": 0, "b": 2, "n": 2},
        {**PRESSED, "anna": {"blood": 6}, "opp": CLAWS, "r2": {"opposing": [CLAWS]}},
    ),
    (
        "Focus the Blood",
        "-",
        {"a": 4, "b": 4, "ended": "combat_ends"},
        {"then": [("Flesh Bond", "ANI")]},
    ),
    ("Steely Tenacity", "ani (hand strike)", {"a": 2, "b": 2}, {"optional": False}),
    (
        "Steely Tenacity",
        "ani (melee weapon)",
        {"a": 2, "b": 1},
        {"optional": False, "anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    ("Lam Into", "for (hand strike)", {"a": 3, "b": 2}, {"optional": False}),
    (
        "Lam Into",
        "for (melee weapon)",
        {"a": 4, "b": 4, "range": "long"},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    ("Lam Into", "pot (hand strike)", {"a": 3, "b": 1}, {}),
    (
        "Lam Into",
        "pot (melee weapon)",
        {"a": 3, "b": 0},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    ("Lam Into", "vic (hand strike)", {"a": 2, "b": 1, "n": 2}, TWO),
    (
        "Lam Into",
        "vic (melee weapon)",
        {"a": 2, "b": 0, "n": 2},
        {**TWO, "anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    ("Martyr's Resilience", "aus for", {"a": 2, "b": 3}, {"opp": BLOW}),
    ("Martyr's Resilience", "AUS FOR (X=2)", {"a": 4, "b": 3}, {"opp": BLOW}),
    ("Quick Jab", "-", {"a": 3, "b": 3}, {"anna": {"strength": 3}}),
    ("Cold Aura", "nec", {"a": 3, "b": 4, "range": "long"}, {}),
    (
        "Cold Aura",
        "NEC",
        {"a": 3, "b": 4, "range": "long", "ended": "no_press"},
        {"presses": ["opposing"]},
    ),
    ("Conquer the Beast", "ANI", {"a": 3, "b": 3}, {}),
    ("Conquer the Beast", "ani", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Bond with the Mountain", "tha", {"a": 3, "b": 4}, {"optional": False}),
    (
        "Bond with the Mountain",
        "vis",
        {"a": 3, "b": 4, "ended": "combat_ends", "unlocked": True},
        {},
    ),
    (
        "Bond with the Mountain",
        "VIS",
        {"a": 3, "b": 4, "ended": "combat_ends", "unlocked": True},
        {},
    ),
    ("Lessons in the Steel", "aus for", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Lessons in the Steel", "AUS FOR", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Target Head", "-", {"a": 3, "b": 1}, {"pre": [HAND]}),
    ("Jones, The", "ser", {"a": 4, "b": 4}, {"optional": False}),
    ("Jones, The", "SER", {"a": 3, "b": 3}, {"foe": ("Undead Strength", "pot (hand strike)")}),
    ("Thin Blood", "qui", {"a": 2, "b": 2}, {}),
    ("Thin Blood", "QUI", {"a": 2, "b": 1}, {}),
    ("Mercury's Arrow", "cel", {"a": 3, "b": 3, "range": "long"}, {}),
    ("Mercury's Arrow", "CEL", {"a": 2, "b": 1}, {}),
    ("Slake the Thirst", "san", {"a": 3, "b": 3}, {}),
    ("Lapse", "pot", {"a": 1, "b": 1}, {}),
    ("Lapse", "tem", {"a": 1, "b": 3}, {}),
    ("Lapse", "TEM", {"a": 2, "b": 3}, {}),
    ("Song in the Dark", "ani", {"a": 1, "b": 2}, {}),
    ("Song in the Dark", "ANI", {"a": 1, "b": 3, "bs": "torpor"}, {}),
    ("Body Arsenal", "vic", {"a": 1, "b": 4, "bs": "torpor"}, {}),
    ("Body Arsenal", "VIC", {"a": 1, "b": 3, "bs": "torpor"}, {}),
    ("Burning Touch", "tha", {"a": 3, "b": 3}, {}),
    (
        "Angel's Gift",
        "- (melee weapon)",
        {"a": 3, "b": 2},
        {"choices": {"weapon": CLUB}, "post": [{"weapon": "Club"}]},
    ),
    (
        "Angel's Gift",
        "- (maneuver)",
        {"a": 3, "b": 3, "range": "close"},
        {"foe": ("Leapfrog", "obf")},
    ),
    ("Three's a Crowd", "-", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Flow Within the Mountain", "tha", {"a": 1, "b": 2, "n": 2}, TWO),
    ("Flow Within the Mountain", "vis", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Flow Within the Mountain", "VIS", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Sacrament of Carnage", "pot", {"a": 2, "b": 2}, {}),
    ("Sacrament of Carnage", "POT", {"a": 2, "b": 1}, {}),
    ("Mercy for Seth", "nec", {"a": 2, "b": 4}, {}),
    ("Mercy for Seth", "NEC", {"a": 2, "b": 3}, {}),
    ("Quick Exit", "obf", {"a": 3, "b": 3, "ended": "no_press"}, {"presses": ["opposing"]}),
    ("Quick Exit", "OBF", {"a": 4, "b": 4}, {}),
    ("Blood Sweat", "qui", {"a": 3, "b": 2, "range": "long"}, {"maneuver": True}),
    ("Blood Sweat", "QUI", {"a": 3, "b": 1, "range": "long"}, {"maneuver": True}),
    ("Nimble Feet", "cel", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Nimble Feet", "CEL", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    ("Street Cred", "pot", {"a": 2, "b": 1}, {"pre": [BLOW]}),
    ("Street Cred", "POT", {"a": 2, "b": 1}, {"pre": [BLOW]}),
    ("Kiss of Cathari", "obf", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Kiss of Cathari", "pre", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Kiss of Cathari", "OBF", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Kiss of Cathari", "PRE", {"a": 3, "b": 4, "ended": "combat_ends"}, {}),
    ("Hexe", "dai", {"a": 2, "b": 2}, {}),
    ("Hexe", "str", {"a": 2, "b": 4, "bs": "torpor"}, {}),
    ("Hexe", "STR", {"a": 2, "b": 4, "bs": "torpor"}, {}),
    ("Vampiric Speed", "cel", {"a": 4, "b": 4}, {}),
    ("Vampiric Speed", "CEL", {"a": 3, "b": 3, "n": 2}, TWO),
    ("Arms of Ahriman", "obl", {"a": 3, "b": 2}, {"post": [HAND, HAND]}),
    ("Arms of Ahriman", "OBL", {"a": 4, "b": 3}, {"post": [HAND]}),
    ("Compress", "pot", {"a": 1, "b": 1}, {}),
    ("Compress", "thn", {"a": 1, "b": 3, "bs": "torpor"}, {}),
    ("Compress", "THN", {"a": 1, "b": 2, "bs": "torpor"}, {}),
    (
        "Manstopper Rounds",
        "-",
        {"a": 3, "b": 1},
        {"anna": {"equipment": [PISTOL]}, "pre": [{"weapon": "Pistol"}]},
    ),
    ("Gleam of Red Eyes", "pro", {"a": 2, "b": 2, "n": 2}, TWO),
    ("Gleam of Red Eyes", "PRO", {"a": 4, "b": 4, "range": "long"}, {}),
    (
        "Blade of Bellona",
        "- (carried)",
        {"a": 3, "b": 2},
        {"post": [{"weapon": "Blade of Bellona"}]},
    ),
    (
        "Blade of Bellona",
        "- (carried)",
        {"a": 3, "b": 2, "range": "close"},
        {
            "foe": ("Leapfrog", "obf"),
            "then": [("Blade of Bellona", "- (maneuver)")],
            "post": [{"weapon": "Blade of Bellona"}],
        },
    ),
    ("AK-47", "- (carried)", {"a": 3, "b": 2}, {"post": [{"weapon": "AK-47"}]}),
    (
        "AK-47",
        "- (carried)",
        {"a": 4, "b": 2, "range": "long"},
        {"then": [("AK-47", "- (maneuver)")], "post": [{"weapon": "AK-47"}]},
    ),
    (
        "AK-47",
        "- (carried)",
        {"a": 3, "b": 0},
        {
            "then": [("AK-47", "- (additional strike)")],
            "post": [{"weapon": "AK-47"}, {"weapon": "AK-47"}],
        },
    ),
    ("Eye of Hazimel", "-", {"a": 3, "b": 2}, {}),
    (
        "Eye of Hazimel",
        "-",
        {"a": 4, "b": 4, "ended": "combat_ends"},
        {"then": [("Flesh Bond", "ANI")]},
    ),
    ("Blood Shield", "- (carried)", {"a": 4, "b": 1}, {"then": [("Blood Shield", "- (prevent)")]}),
    ("Wooden Stake", "-", {"a": 3, "b": 3}, {"post": [{"weapon": "Wooden Stake"}]}),
    (
        "Wooden Stake",
        "-",
        {"a": 3, "b": 2, "bs": "torpor", "anna_eq": (), "boris_eq": ("Wooden Stake",)},
        {"anna": {"strength": 2}, "post": [{"weapon": "Wooden Stake"}]},
    ),
    (
        "Femur of Toomler",
        "-",
        {"a": 3, "b": 3, "bs": "torpor"},
        {"post": [{"weapon": "Femur of Toomler"}]},
    ),
    (
        "Mark V",
        "-",
        {"a": 4, "b": 0, "range": "long"},
        {"maneuver": True, "post": [{"weapon": "Mark V"}]},
    ),
    (
        "Rowan Ring",
        "-",
        {"a": 3, "b": 4, "bs": "torpor", "anna_eq": (), "boris_eq": ("Rowan Ring",)},
        {"post": [{"weapon": "Rowan Ring"}]},
    ),
    ("Sawed-Off Shotgun", "-", {"a": 3, "b": 1}, {"post": [{"weapon": "Sawed-Off Shotgun"}]}),
    ("Blade of Enoch", "-", {"a": 3, "b": 2}, {"post": [{"weapon": "Blade of Enoch"}]}),
    ("Meat Hook", "-", {"a": 3, "b": 2}, {"post": [{"weapon": "Meat Hook"}]}),
    (
        "Starshell Grenade Launcher",
        "-",
        {"a": 4, "b": 4, "bs": "torpor"},
        {"maneuver": True, "post": [{"weapon": "Starshell Grenade Launcher"}]},
    ),
    (
        "White Phosphorus Grenade",
        "-",
        {"a": 3, "b": 3, "as": "torpor", "bs": "torpor", "anna_eq": ()},
        {"post": [{"weapon": "White Phosphorus Grenade"}]},
    ),
    (
        "White Phosphorus Grenade",
        "-",
        {"a": 4, "b": 3, "bs": "torpor", "anna_eq": ()},
        {"maneuver": True, "post": [{"weapon": "White Phosphorus Grenade"}]},
    ),
    ("Righteous Blade", "-", {"a": 3, "b": 2}, {"post": [{"weapon": "Righteous Blade"}]}),
    (
        "Bomb",
        "-",
        {"a": 0, "b": 0, "as": "torpor", "bs": "torpor", "anna_eq": ()},
        {"post": [{"weapon": "Bomb"}]},
    ),
    (
        "Enhanced Coagulant",
        "-",
        {"a": 3, "b": 1, "anna_eq": ()},
        {"post": [{"weapon": "Enhanced Coagulant"}]},
    ),
    ("Banshee Ironwail", "-", {"a": 3, "b": 1}, {"post": [{"weapon": "Banshee Ironwail"}]}),
    ("Blow Torch", "-", {"a": 3, "b": 4, "bs": "torpor"}, {"post": [{"weapon": "Blow Torch"}]}),
    ("Gas-Powered Chainsaw", "-", {"a": 3, "b": 1}, {"post": [{"weapon": "Gas-Powered Chainsaw"}]}),
    ("Baseball Bat", "-", {"a": 3, "b": 2}, {"post": [{"weapon": "Baseball Bat"}]}),
    ("Terror Frenzy", "ANI", {"a": 1, "b": 2}, {"foe": ("Undead Strength", "pot (hand strike)")}),
    ("Oubliette", "OBT", {"a": 3, "b": 3, "ended": "combat_ends"}, {}),
    ("Catatonic Fear", "PRE", {"a": 3, "b": 3, "ended": "combat_ends"}, {}),
    (
        "Catatonic Fear",
        "PRE",
        {"a": 3, "b": 4, "ended": "combat_ends", "range": "long"},
        {"maneuver": True},
    ),
    ("Bollix", "tha", {"a": 4, "b": 2}, ARMED_BORIS),
    ("Decapitate", "POT", {"a": 1, "b": 0, "bs": "burned"}, {"pre": [BIG]}),
    (
        "Predator's Transformation",
        "abo",
        {"a": 3, "b": 3},
        {"foe": ("Drawing Out the Beast", "ani")},
    ),
    ("Entombment", "obt", {"a": 1, "b": 0, "bs": "burned"}, {"boris": ALLY}),
    ("Bloodform", "vic", {"a": 4, "b": 3, "ended": "combat_ends"}, {"boris": ALLY}),
    (
        "Leather Jacket",
        "- (carried)",
        {"a": 4, "b": 3, "anna_eq": ()},
        {"opp": BLOW, "then": [("Leather Jacket", "- (burn to prevent)")]},
    ),
    (
        "Kevlar Vest",
        "- (carried)",
        {"a": 4, "b": 3},
        {
            "boris": {"equipment": [PISTOL]},
            "opp": {"weapon": "Pistol"},
            "then": [("Kevlar Vest", "- (prevent)")],
        },
    ),
    (
        "Kevlar Vest",
        "- (carried)",
        {"a": 2, "b": 3},
        {"opp": BLOW, "then": [("Kevlar Vest", "- (prevent)")]},
    ),
    (
        "Kaymakli Fragment",
        "- (carried)",
        {"a": 4, "b": 3, "anna_eq": (), "boris_eq": ("Kaymakli Fragment",)},
        {"foe": ("Kaymakli Fragment", "- (steal it)")},
    ),
    (
        "Flak Jacket",
        "- (carried)",
        {"a": 2, "b": 3},
        {"opp": BLOW, "then": [("Flak Jacket", "- (prevent)")]},
    ),
    (
        "Blood Tears of Kephran",
        "- (carried)",
        {"a": 3, "b": 3, "anna_eq": ()},
        {"opp": BLOW, "then": [("Blood Tears of Kephran", "- (burn to prevent)")]},
    ),
    (
        "Undead Strength",
        "pot (melee weapon)",
        {"a": 3, "b": 1},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    (
        "Undead Strength",
        "POT (melee weapon)",
        {"a": 3, "b": 0},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    (
        "Donnybrook",
        "obf (retainer)",
        {"a": 3, "b": 4},
        {"boris": {"retainers": [{"name": "Wolf", "life": 1}]}, "choices": {"retainer": "Wolf"}},
    ),
    (
        "Superior Mettle",
        "FOR",
        {"a": 2, "b": 2, "n": 2},
        {
            **PRESSED,
            "opp": BLOW,
            "r2": {"opposing": [BLOW]},
            "then": [("Superior Mettle", "FOR (a later round)", {"round": 2})],
        },
    ),
    (
        "Fae Contortion",
        "myt (cancel a grapple)",
        {"a": 3, "b": 3},
        {"foe": ("Immortal Grapple", "pot")},
    ),
    (
        "Charismatic Aura",
        "aus pre (cancel a grapple)",
        {"a": 2, "b": 3},
        {"foe": ("Immortal Grapple", "pot")},
    ),
    (
        "Zip Gun",
        "- (equip)",
        {"a": 3, "b": 3, "range": "long"},
        {"then": [("Zip Gun", "- (maneuver)")], "post": [{"weapon": "Zip Gun"}]},
    ),
    (
        "Pushing the Limit",
        "pot (melee weapon)",
        {"a": 2, "b": 0},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    (
        "Pushing the Limit",
        "POT (melee weapon)",
        {"a": 2, "b": 0, "bs": "torpor"},
        {"anna": {"equipment": [CLUB]}, "choices": {"equipment": "Club"}},
    ),
    (
        "Quick Meld",
        "PRO",
        {"a": 3, "b": 4, "range": "long"},
        {
            "then": [
                ("Leapfrog", "spi", {"side": "opposing"}),
                ("Quick Meld", "PRO (the extra maneuver)"),
            ]
        },
    ),
    (
        ".44 Magnum",
        "- (carried)",
        {"a": 4, "b": 2, "range": "long"},
        {"then": [(".44 Magnum", "- (maneuver)")], "post": [{"weapon": ".44 Magnum"}]},
    ),
    (
        "Sniper Rifle",
        "- (carried)",
        {"a": 2, "b": 4, "range": "long"},
        {
            "side": "opposing",
            "opp": {"weapon": "Sniper Rifle"},
            "then": [("Sniper Rifle", "- (set the first round's range)", {"side": "opposing"})],
        },
    ),
    (
        "Saturday-Night Special",
        "- (carried)",
        {"a": 4, "b": 3, "range": "long"},
        {
            "then": [("Saturday-Night Special", "- (maneuver)")],
            "post": [{"weapon": "Saturday-Night Special"}],
        },
    ),
    (
        "Assault Rifle",
        "- (carried)",
        {"a": 4, "b": 0, "range": "long"},
        {"then": [("Assault Rifle", "- (maneuver)")], "post": [{"weapon": "Assault Rifle"}]},
    ),
    (
        "Deer Rifle",
        "- (carried)",
        {"a": 4, "b": 3, "range": "long"},
        {"then": [("Deer Rifle", "- (maneuver)")], "post": [{"weapon": "Deer Rifle"}]},
    ),
    (
        "Talbot's Chainsaw",
        "- (carried)",
        {"a": 2, "b": 1},
        {
            "opp": BLOW,
            "then": [("Talbot's Chainsaw", "- (prevent)")],
            "post": [{"weapon": "Talbot's Chainsaw"}],
        },
    ),
]

WEAPONS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (".44 Magnum", {"a": 3, "b": 2}, {}),
    ("Ivory Bow", {"a": 3, "b": 4, "bs": "torpor"}, {}),
    ("Sniper Rifle", {"a": 4, "b": 2}, {"maneuver": True}),
    ("Flash Grenade", {"a": 4, "b": 4, "ended": "combat_ends", "anna_eq": ()}, {}),
    ("Saturday-Night Special", {"a": 3, "b": 3}, {}),
    ("Assault Rifle", {"a": 3, "b": 0}, {}),
    ("The Crusader Sword", {"a": 3, "b": 3, "bs": "torpor"}, {}),
    ("Improvised Flamethrower", {"a": 3, "b": 3, "bs": "torpor"}, {}),
    ("Treasured Samadji", {"a": 4, "b": 4}, {}),
    ("Flamethrower", {"a": 3, "b": 3, "bs": "torpor"}, {}),
    ("Grenade", {"a": 2, "b": 1, "anna_eq": ()}, {}),
    ("Deer Rifle", {"a": 3, "b": 3}, {}),
    ("Talbot's Chainsaw", {"a": 3, "b": 1}, {}),
    ("Sengir Dagger", {"a": 3, "b": 4, "bs": "torpor"}, {}),
    ("Desert Eagle", {"a": 3, "b": 2}, {}),
]


def _scenario(setup: dict[str, Any]) -> dict[str, Any]:
    rounds: list[dict[str, Any]] = [{} for _ in range(setup.get("nrounds", 1))]
    first = rounds[0]
    strikes: dict[str, list[Any]] = {"acting": list(setup.get("pre", [])), "opposing": []}
    if "opp" in setup:
        strikes["opposing"].append(dict(setup["opp"]))
    first["strikes"] = strikes
    if setup.get("maneuver"):
        first["maneuvers"] = ["acting"]
    if "presses" in setup:
        first["presses"] = list(setup["presses"])
    if "r2" in setup:  # the strikes of round 2, by side
        rounds[1]["strikes"] = {side: list(listed) for side, listed in setup["r2"].items()}
    anna = {"name": "Anna", "kind": "vampire", "capacity": 6, "blood": 4, **setup.get("anna", {})}
    boris = {"name": "Boris", "kind": "vampire", "capacity": 6, "blood": 4}
    boris.update(setup.get("boris", {}))
    if boris["kind"] == "ally":  # an ally has life, not capacity and blood
        del boris["capacity"], boris["blood"]
    return {"acting": anna, "opposing": boris, "rounds": rounds}


def _play_row(card: str, key: str, setup: dict[str, Any]) -> Any:
    """The row's scenario with the card played by Anna (or the row's ``side``), after Boris's
    ``foe`` card and before the ``then`` cards and Anna's ``post`` strikes, resolved."""
    scenario = _scenario(setup)
    at = setup.get("at", 1)
    if "foe" in setup:
        foe_card, foe_key = setup["foe"]
        scenario = play_card(scenario, at, "opposing", foe_card, foe_key)
    scenario = play_card(
        scenario,
        at,
        setup.get("side", "acting"),
        card,
        key,
        optional=setup.get("optional", True),
        **setup.get("choices", {}),
    )
    for then_card, then_key, *more in setup.get("then", []):
        # (card, option) played next by Anna, or with {"side": ..., "round": ..., choices}
        choices = dict(more[0]) if more else {}
        side = choices.pop("side", "acting")
        scenario = play_card(
            scenario, choices.pop("round", at), side, then_card, then_key, **choices
        )
    scenario["rounds"][at - 1].setdefault("strikes", {}).setdefault("acting", []).extend(
        setup.get("post", [])
    )
    return resolve(scenario)


def _check(report: Any, expected: dict[str, Any]) -> None:
    boris = report.opposing.blood if report.opposing.life is None else report.opposing.life
    assert (report.acting.blood, boris) == (expected["a"], expected["b"])
    assert report.opposing.state is MinionState(expected.get("bs", "ready"))
    assert report.acting.state is MinionState(expected.get("as", "ready"))
    for key, value in (("ended", "ended_by"),):
        if key in expected:
            assert getattr(report, value) == expected[key]
    if "range" in expected:
        assert report.rounds[0].range == expected["range"]
    if "n" in expected:
        assert len(report.rounds) == expected["n"]
    if "unlocked" in expected:
        assert report.acting.unlocked is expected["unlocked"]
    if "retainers" in expected:
        assert report.acting.retainers == expected["retainers"]
    if "anna_eq" in expected:
        assert report.acting.equipment == expected["anna_eq"]
    if "boris_eq" in expected:
        assert report.opposing.equipment == expected["boris_eq"]


@pytest.mark.parametrize(
    ("card", "key", "expected", "setup"), CASES, ids=[f"{c}-{k}" for c, k, _, _ in CASES]
)
def test_card(card: str, key: str, expected: dict[str, Any], setup: dict[str, Any]) -> None:
    report = _play_row(card, key, setup)
    _check(report, expected)
    text = " ".join(s.text for s in report.steps) + " ".join(report.narrative)
    if card != "Infernal Pursuit" or key != "CEL":
        assert card in text or entry(card).option(key).plays == ()


def _carried(card: str) -> str:
    """The option for carrying the equipment (``- (carried)`` when it has other uses)."""
    labels = [o.label for o in entry(card).options]
    return "- (carried)" if "- (carried)" in labels else "-"


@pytest.mark.parametrize(("card", "expected", "setup"), WEAPONS, ids=[w for w, _, _ in WEAPONS])
def test_weapon(card: str, expected: dict[str, Any], setup: dict[str, Any]) -> None:
    scenario = play_card(_scenario(setup), 1, "acting", card, _carried(card))
    scenario["rounds"][0]["strikes"]["acting"].append({"weapon": card})
    _check(resolve(scenario), expected)


def test_leather_jacket_burns_to_prevent_all() -> None:
    # Leather Jacket (101081): "Bearer may burn Leather Jacket to prevent all the damage
    # from the opposing minion's strike."
    scenario = play_card(_scenario({"opp": BLOW}), 1, "acting", "Leather Jacket", "- (carried)")
    scenario["rounds"][0]["strikes"]["opposing"][0]["prevention"] = [
        {"name": "Leather Jacket", "all": True, "burn": "Leather Jacket"}
    ]
    report = resolve(scenario)
    assert report.acting.blood == 4 and report.acting.equipment == ()


def _played_levels() -> set[tuple[str, str]]:
    """Every (card, option) a row plays: its own, the ones it plays first or after."""
    levels = {(w, _carried(w)) for w, _, _ in WEAPONS}
    for card, key, _, setup in CASES:
        levels.add((card, key))
        levels.update((then[0], then[1]) for then in setup.get("then", []))
        if "foe" in setup:
            levels.add(setup["foe"])
    return levels


def test_every_modelled_card_is_played() -> None:
    played = {c for c, _, _, _ in CASES} | {w for w, _, _ in WEAPONS}
    modelled = {e.name for e in entries() if e.options}
    assert modelled <= played, sorted(modelled - played)
    levels = _played_levels()
    for item in entries():
        keys = {key for card, key in levels if card == item.name}
        for option in item.options:
            at_level = {o.label for o in item.options if o.key == option.key}
            covered = option.label in keys or (option.key in keys and len(at_level) == 1)
            # one value of X stands for the others (X=0, X=1, ...)
            covered = covered or (option.choice.startswith("X=") and bool(at_level & keys))
            assert covered, (item.name, option.label)
    for item in entries():
        for option in item.options:
            said = describe_option(option)
            assert said.render("en") and said.render("ru") != said.render("en")


def test_restrictions_and_limits_from_cards() -> None:
    # Drawing Out the Beast: the opposing vampire cannot maneuver to long range.
    scenario = play_card(_scenario({}), 1, "acting", "Drawing Out the Beast", "ani")
    scenario["rounds"][0]["maneuvers"] = ["opposing"]
    with pytest.raises(IllegalPlay, match="cannot maneuver to long range"):
        resolve(scenario)
    # Thrown Sewer Lid: "Only usable at long range."
    with pytest.raises(IllegalPlay, match="only usable at long range"):
        resolve(play_card(_scenario({}), 1, "acting", "Thrown Sewer Lid", "pot"))
    # Apportation [tha]: "Press, only usable to continue combat."
    scenario = play_card(_scenario({"presses": ["opposing"]}), 1, "acting", "Apportation", "tha")
    with pytest.raises(IllegalPlay, match="only usable to continue"):
        resolve(scenario)


def test_a_level_with_several_choices_needs_the_choice() -> None:
    # Invoking the Beast (101006) offers two uses at [abo]: the level alone names neither.
    beast = entry("Invoking the Beast")
    with pytest.raises(InvalidState, match="several choices at abo") as error:
        beast.option("abo")
    assert "abo (strength)" in str(error.value) and "несколько вариантов" in error.value.ru
    with pytest.raises(InvalidState, match="several choices"):
        play_card(_scenario({}), 1, "acting", "Invoking the Beast", "abo")
    assert beast.option("abo (strength)").choice == "strength"
    assert beast.option("ABO").key == "ABO" and entry("Majesty").option("pre").key == "pre"


def test_unmodelled_levels_say_why() -> None:
    with pytest.raises(RuleError, match="not modelled") as error:
        play_card(_scenario({}), 1, "acting", "Dam the Heart's River", "QUI")
    assert "не моделируется" in error.value.ru
    # Dam the Heart's River (100489) [QUI]: "strikes cost the opposing minion 1 additional
    # blood or life, and they can choose not to strike" is what the resolver cannot express.
    assert not entry("Dam the Heart's River").modelled and entry("Majesty").modelled


def _top_share(kind: str) -> float:
    """The share of all archive copies that the ranking file gives its first card."""
    text = resources.files("rules.vtes").joinpath(f"data/{FILES[kind]}").read_text("utf-8")
    return float(next(csv.DictReader(io.StringIO(text)))["share_of_combat_copies"])


def test_coverage_of_the_archive(capsys: pytest.CaptureFixture[str]) -> None:
    combat, weapons = coverage("combat"), coverage("weapons")
    assert combat.share >= 0.9 and weapons.share >= 0.9
    assert combat.total == 72769 and weapons.total == 4824
    # independent source: the archive's own share column of its top card, copies / share
    for report in (combat, weapons):
        top = ranking(report.kind)[0]
        share = _top_share(report.kind)
        assert round(top.copies / share) == report.total
    assert main([]) == 0
    out = capsys.readouterr().out
    first_missing = combat.missing[0][0].name
    assert "combat:" in out and "weapons:" in out and first_missing in out
