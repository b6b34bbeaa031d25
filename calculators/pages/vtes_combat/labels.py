"""VTES combat page's words and bounds: its label catalog, number-box limits and strike choices."""

from __future__ import annotations

from typing import Any

from calculators.kit.labels import Catalog
from rules.i18n import msg, msg_p

# The number boxes' bounds: what the rules allow (capacity) or far above any real combat.
MAX_CAPACITY = 11
MAX_LIFE = 20
MAX_STRENGTH = 10
MAX_DAMAGE = 10
MAX_STEAL = 10
MAX_EXTRA_STRIKES = 10
MAX_PLAYS = 30

LABELS = Catalog(
    {
        "bad_preset": msg(
            "The link asks for an example combat the page does not have ({preset}), so the "
            "page shows {combat}. Its examples are: {allowed}."
        ),
        "title": msg("VTES combat resolver"),
        "intro": msg(
            "Describe the two combatants, then each round as it was played: maneuvers, the "
            "strikes of each side (the first is the round's strike, the others additional "
            "strikes), and presses. The page replays the combat by the rules, tells it round "
            "by round and shows every step."
        ),
        "new_combat": msg("New combat"),
        "acting": msg("Acting minion"),
        "opposing": msg("Opposing minion"),
        "side_acting": msg("acting"),
        "side_opposing": msg("opposing"),
        "name": msg_p("vtes_combat.name", "Name"),
        "kind": msg("Kind"),
        "vampire": msg("vampire"),
        "ally": msg("ally"),
        "capacity": msg("Capacity"),
        "blood": msg("Blood"),
        "life": msg("Life"),
        "strength": msg("Strength"),
        "equipment": msg("Equipment"),
        "retainers": msg("Retainers"),
        "add_equipment": msg("Add equipment"),
        "add_retainer": msg("Add retainer"),
        "item_name": msg("Card"),
        "damage": msg("Damage"),
        "ranged": msg("ranged (R)"),
        "aggravated": msg("aggravated"),
        "remove": msg("Remove"),
        "rules": msg("Rules"),
        "black-hand": msg("Black Hand rulebook (default)"),
        "vekn-2024": msg("VEKN 2024 rulebook"),
        "rounds": msg("Rounds"),
        "round": msg("Round"),
        "add_round": msg("Add round"),
        "remove_round": msg("Remove round"),
        "maneuvers": msg("Maneuvers"),
        "presses": msg("Presses"),
        "first_by": msg("first by"),
        "maneuvers_help": msg(
            "Maneuvers and presses alternate between the sides; give how many were played and"
            " who played the first. An odd number of maneuvers means long range; an odd "
            "number of presses continues the combat."
        ),
        "before_range": msg("Before range"),
        "nothing": msg("nothing"),
        "additional": msg("Additional strikes"),
        "add_strike": msg("Add strike"),
        "strikes_of": msg("Strikes of"),
        "strike": msg("Strike"),
        "no_strike_note": msg("No strike listed: a hand strike."),
        "hand": msg("hand strike"),
        "custom": msg("custom strike…"),
        "weapon": msg("weapon"),
        "taken": msg("taken from the opponent"),
        "target": msg("Aim at"),
        "the_minion": msg("the minion"),
        "prevented": msg("Receiver prevents"),
        "prevent_0": msg("nothing"),
        "prevent_1": msg("1 (Skin of Rock-style)"),
        "prevent_2": msg("2 (Skin of Rock-style, superior)"),
        "prevent_3": msg("3"),
        "first_strike": msg("first strike"),
        "dodge": msg("dodge"),
        "combat_ends": msg("combat ends"),
        "steal_blood": msg("Steal blood"),
        "destroy_equipment": msg("Burn equipment"),
        "steal_equipment": msg("Take equipment"),
        "plus_strength": msg("damage = strength +"),
        "strike_name": msg_p("vtes_combat.strike_name", "Name"),
        "add_none": msg("none"),
        "add_blur_basic": msg("Blur, basic Celerity: +1"),
        "add_blur_superior": msg("Blur, superior Celerity: +2"),
        "add_1": msg("other effect: +1 (limited)"),
        "add_2": msg("other effect: +2 (limited)"),
        "add_3": msg("other effect: +3 (limited)"),
        "unlimited": msg("+ not limited"),
        "torn_signpost": msg("Torn Signpost: strength 2"),
        "story": msg("What happened"),
        "final": msg("After the combat"),
        "state": msg("State"),
        "ready": msg("ready"),
        "torpor": msg_p("vtes_combat.torpor", "torpor"),
        "burned": msg("burned"),
        "drained": msg("Blood drained to the bank"),
        "damage_taken": msg("Damage taken"),
        "damage_prevented": msg_p("vtes_combat.damage_prevented", "Damage prevented"),
        "none": msg("none"),
        "range_close": msg("close range"),
        "range_long": msg("long range"),
        "continued": msg("a press continues the combat"),
        "share": msg("Save or share this combat (JSON)"),
        "share_help": msg(
            "Export writes the combat above as JSON text into the box; copy it to save or "
            "share. Paste a saved combat into the box and press Import to load it."
        ),
        "export": msg("Export"),
        "import": msg("Import"),
        "preset_modified": msg(
            "Based on the rulebook example “{title}”, modified: the rulebook's outcome no "
            "longer applies; the result below is for the combat as it is now."
        ),
        "default_acting_vampire": msg("Acting vampire"),
        "default_acting_ally": msg("Acting ally"),
        "default_opposing_vampire": msg("Opposing vampire"),
        "default_opposing_ally": msg("Opposing ally"),
        "jargon_help": msg(
            "“first by”: the side that played the first maneuver (or press); after it the "
            "sides alternate. “+ not limited”: additional strikes from effects not marked "
            "“(limited)”; they add to the one (limited) source picked in the list. “Receiver "
            "prevents”: the damage the minion hit by this strike prevents, as printed on its "
            "card (superior Skin of Rock: 2); prevention above the strike's damage prevents "
            "all of it and the rest is lost (ruling G00153)."
        ),
        "first_by_help": msg("The side that played the first one; the sides then alternate."),
        "unlimited_help": msg(
            "Additional strikes from effects not marked (limited), on top of the one "
            "(limited) source."
        ),
        "prevented_help": msg(
            "Damage from this strike that its receiver prevents, as printed on the card; more"
            " than the strike deals prevents all of it (ruling G00153)."
        ),
    }
)

CARD_STRIKES: tuple[tuple[str, str, str], ...] = (
    # (choice value, card key, level)
    ("card:undead_strength", "undead_strength", "basic"),
    ("card:dodge", "dodge", "basic"),
    ("card:combat_ends", "combat_ends", "basic"),
    ("card:steal_blood_1", "steal_blood", "basic"),
    ("card:steal_blood_2", "steal_blood", "superior"),
    ("card:first_strike", "first_strike", "basic"),
)
ADDITIONAL_CHOICES: dict[str, list[dict[str, Any]]] = {
    "none": [],
    "blur_basic": [{"name": "Blur", "count": 1, "limited": True}],
    "blur_superior": [{"name": "Blur", "count": 2, "limited": True}],
    "1": [{"name": "Additional strike", "count": 1, "limited": True}],
    "2": [{"name": "Additional strikes", "count": 2, "limited": True}],
    "3": [{"name": "Additional strikes", "count": 3, "limited": True}],
}
EFFECT_FLAGS = ("ranged", "aggravated", "first_strike", "dodge", "combat_ends")
