"""V:tM dice page's words and inputs: the label catalog, the input names, the colours."""

from __future__ import annotations

from calculators.kit.labels import Catalog
from rules.i18n import msg, msg_p
from rules.vtm import BEYOND, HEALTH_LEVELS, UNHURT

POOL_INPUTS: tuple[str, ...] = (
    "dice",
    "difficulty",
    "edition",
    "specialty",
    "reroll_ones_cancel",
    "willpower",
    "wound",
    "actions",
    "exact",
    "closed_forms",
)
ATTACK_INPUTS: tuple[str, ...] = (
    "attack_pool",
    "attack_difficulty",
    "attack_willpower",
    "damage_base",
    "damage_type",
    "thrown",
    "target",
    "stamina",
    "fortitude",
    "armor",
    "defense_pool",
    "defense_difficulty",
    "abort_willpower",
    "wounds_taken",
    "fire",
    "fire_soak_with_stamina",
    "damage_ones_cancel",
    "dazed_after_halving",
)
WOUND_CHOICES: tuple[str, ...] = (UNHURT, *HEALTH_LEVELS)
TRACK: tuple[str, ...] = (UNHURT, *HEALTH_LEVELS, BEYOND)

BOTCH_COLOR = "#b3261e"
FAIL_COLOR = "#5f5f5f"
SUCCESS_COLOR = "#1b5e20"
TAIL_COLOR = "#9ccc9c"
LEVEL_COLOR = "#7a1f2b"

LABELS = Catalog(
    {
        "title": msg("V:tM dice pools and attacks"),
        "intro": msg(
            "Exact odds for one roll of d10s and for a whole attack, from the attack roll to "
            "the health levels lost. Hover over any number or bar to see its exact fraction."
        ),
        "tab_pool": msg("One roll"),
        "tab_attack": msg("Attack"),
        "dice": msg("Dice pool"),
        "difficulty": msg("Difficulty"),
        "edition": msg("Edition"),
        "revised": msg("Revised"),
        "v20": msg("V20"),
        "specialty": msg("Specialty applies"),
        "reroll_ones_cancel": msg("1s on specialty rerolls cancel (unclear rule; off by default)"),
        "willpower": msg("Spend Willpower (+1 success)"),
        "wound": msg("Wound level"),
        "actions": msg("Actions this turn"),
        "exact": msg("Show exact fractions"),
        "closed_forms": msg("Show closed forms"),
        "unhurt": msg("Unhurt"),
        "bruised": msg("Bruised"),
        "hurt": msg("Hurt"),
        "injured": msg("Injured"),
        "wounded": msg("Wounded"),
        "mauled": msg("Mauled"),
        "crippled": msg("Crippled"),
        "incapacitated": msg("Incapacitated"),
        "beyond": msg("Beyond the track"),
        "botch": msg("Botch"),
        "failure": msg("Failure"),
        "success": msg("Success"),
        "expected": msg("Expected successes"),
        "successes": msg("Successes"),
        "chart_title": msg("Successes kept (action 1)"),
        "at_least": msg("At least k successes"),
        "k": msg("k"),
        "fraction": msg("Exact fraction"),
        "action": msg("Action"),
        "rolled": msg("Dice rolled"),
        "no_roll": msg("no dice left"),
        "tail": msg("above the list"),
        "tail_note": msg(
            "A specialty reroll can go on forever; values above {k} are not listed and have "
            "total probability {p}."
        ),
        "forms_title": msg("Closed forms"),
        "forms_loading": msg("Fetching the algebra for the closed forms (once)…"),
        "forms_note": msg("n = dice rolled, d = difficulty; values for the pool above."),
        "attacker": msg("Attacker"),
        "defender": msg("Defender"),
        "attack_pool": msg("Attack pool"),
        "attack_difficulty": msg("Attack difficulty"),
        "attack_willpower": msg("Willpower on the attack"),
        "damage_base": msg("Damage base"),
        "damage_type": msg("Damage type"),
        "bashing": msg("Bashing"),
        "lethal": msg("Lethal"),
        "aggravated": msg_p("vtm_dice.aggravated", "Aggravated"),
        "thrown": msg("Thrown or missile weapon (extra successes do not add)"),
        "target": msg("Target"),
        "mortal": msg("Mortal"),
        "vampire": msg("Vampire"),
        "stamina": msg("Stamina"),
        "fortitude": msg("Fortitude"),
        "armor": msg("Armour"),
        "defense_pool": msg("Defence pool (0 = none)"),
        "defense_difficulty": msg("Defence difficulty"),
        "abort_willpower": msg("Willpower dice to abort (0 = no roll)"),
        "wounds_taken": msg("Levels already lost"),
        "fire": msg("Fire or sunlight"),
        "fire_soak_with_stamina": msg(
            "Fire/sunlight soaked with Stamina + Fortitude (source text; off: Fortitude only)"
        ),
        "damage_ones_cancel": msg("1s cancel successes on damage and soak rolls"),
        "dazed_after_halving": msg(
            "Dazed compares the levels actually taken (after halving bashing); off: the "
            "damage left after soak"
        ),
        "hit": msg("Hit"),
        "miss": msg("Miss"),
        "attack_botch": msg("Attack botch"),
        "levels_expected": msg("Expected levels"),
        "dazed": msg("Dazed"),
        "soak_dice": msg("Soak dice"),
        "levels_title": msg("Health levels inflicted"),
        "levels": msg("Levels"),
        "health_after": msg("Health afterwards"),
        "penalty": msg("Wound penalty"),
        "cannot_act": msg("cannot act"),
    }
)
