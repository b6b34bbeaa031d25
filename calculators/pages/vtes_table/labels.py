"""VTES table page's labels, its tabs and the choices its tabs offer."""

from __future__ import annotations

from calculators.kit.labels import Catalog
from rules.i18n import msg, msg_p

TABS: tuple[str, ...] = ("torpor", "influence", "victory", "contests")
INFLUENCE_RULEBOOKS: tuple[str, ...] = ("black-hand", "vekn-2024")
ACTIONS: tuple[str, ...] = ("leave", "rescue", "diablerie")
BLOCKERS: tuple[str, ...] = ("none", "vampire", "ally")

LABELS = Catalog(
    {
        "title": msg("VTES table rules"),
        "intro": msg(
            "Rulings asked at every table: torpor and diablerie, the influence phase, victory"
            " points and contested cards. Each result lists the rules it applies."
        ),
        "tab_torpor": msg("Torpor and diablerie"),
        "tab_influence": msg("Influence phase"),
        "tab_victory": msg("Victory points"),
        "tab_contests": msg("Contests"),
        # torpor
        "action": msg("Action"),
        "leave": msg("Leave torpor"),
        "rescue": msg("Rescue"),
        "diablerie": msg("Diablerie"),
        "actor": msg("Acting minion"),
        "actor_torpor": msg("Vampire in torpor (acting)"),
        "kind": msg("Kind"),
        "vampire": msg("Vampire"),
        "ally": msg("Ally"),
        "name": msg_p("vtes_table.name", "Name"),
        "capacity": msg("Capacity"),
        "blood": msg("Blood"),
        "target": msg("Vampire in torpor"),
        "same_controller": msg("Same controller"),
        "rescuer_share": msg("Rescuer pays"),
        "rescuer_share_help": msg(
            "The rescue costs 2 blood: the rescuer pays this much, the rescued vampire the rest."
        ),
        "blocked": msg("Blocked by"),
        "none": msg("not blocked"),
        "blocker": msg("Blocking vampire"),
        "blocker_diablerizes": msg("Blocker commits diablerie"),
        "equipment": msg("Victim's equipment"),
        "equipment_help": msg("names, separated by commas"),
        "take_equipment": msg("Diablerist takes the equipment"),
        "take_discipline": msg("Take a Discipline (older victim)"),
        "blood_cursed": msg("Diablerist is Assamite (blood curse)"),
        "hunt": msg("Blood hunt referendum"),
        "votes_for": msg("Votes for"),
        "votes_against": msg("Votes against"),
        "o_left": msg("{name} leaves torpor: pays 2 blood, now ready with {blood} blood."),
        "o_failed": msg("The action fails: {name} stays in torpor and pays nothing (no combat)."),
        "o_diablerized": msg("No combat: {blocker} commits diablerie on {name}."),
        "state_ready": msg("ready"),
        "state_torpor": msg_p("vtes_table.state_torpor", "torpor"),
        "state_burned": msg("burned"),
        "o_rescued": msg("{target} is rescued and ready: {actor} paid {a}, {target} paid {b}."),
        "o_blocked_combat": msg("Blocked: {actor} and the blocker enter combat; no cost is paid."),
        "o_diablerie": msg("{actor} commits diablerie on {target}."),
        "d_effects": msg(
            "{diablerist}: {blood} of {capacity} blood ({drained} drained); {victim} is burned."
        ),
        "d_discipline_yes": msg("The victim was older: a Discipline may be taken."),
        "d_discipline_no": msg("The victim was not older: no Discipline."),
        "hunt_passed": msg("Blood hunt called: {name} is burned."),
        "hunt_failed": msg("The blood hunt referendum fails: {name} survives."),
        "stealth": msg("Stealth"),
        "directed": msg("directed"),
        "undirected": msg("not directed"),
        # influence
        "pool": msg("Pool"),
        "game_turn": msg("Turn of the game"),
        "transfers_note": msg("{n} transfers (1, 2 and 3 on the game's first three turns, then 4)"),
        "uncontrolled": msg("Uncontrolled region"),
        "uncontrolled_help": msg("One vampire per line: name, capacity, blood[, clan][, scarce]"),
        "crypt": msg("Crypt, top card first"),
        "crypt_help": msg("Same format; only needed to draw crypt cards"),
        "in_play": msg("Vampires in play by clan"),
        "in_play_help": msg("for scarce vampires, e.g. Samedi: 2"),
        "controlled_by_clan": msg("Your vampires by clan"),
        "controlled_by_clan_help": msg(
            "the vampires you control, for scarce vampires, e.g. Samedi: 1"
        ),
        "rulebook": msg("Rulebook"),
        "black-hand": msg("Black Hand rulebook (seed)"),
        "vekn-2024": msg("Current VEKN rulebook"),
        "rulebook_black-hand": msg(
            "Applies the Black Hand rulebook (section 7): every vampire whose blood reaches "
            "its capacity is brought out at the end of the phase; the scarce cost counts the "
            "vampires of the clan in play."
        ),
        "rulebook_vekn-2024": msg(
            "Applies the current VEKN rulebook: a vampire whose blood reaches its capacity is"
            " brought out only by a 'bring out' line of the plan; the scarce cost counts only"
            " your own vampires of the clan."
        ),
        "moves": msg("Plan, one move per line"),
        "moves_help": msg(
            "'name +N': N pool onto the vampire (N transfers); 'name -N': N blood back to the"
            " pool (2N transfers); 'draw': top crypt card (4 transfers + 1 pool); 'bring out:"
            " name' (current rulebook): a vampire at capacity to the ready region"
        ),
        "nora": msg("Nora's phase"),
        "nora_refused": msg("Nora's refused plan"),
        "plan_ok": msg("Pool {before} -> {after}; transfers used {used} of {total}."),
        "now_controlled": msg("Now controlled"),
        "still_uncontrolled": msg("Still uncontrolled"),
        "drained": msg("drained"),
        "scarce_cost": msg("scarce cost"),
        "nobody": msg("none"),
        # victory
        "seating": msg("Seating, clockwise"),
        "seating_help": msg("names separated by commas"),
        "events": msg("Endings, in order"),
        "events_help": msg(
            "One line each: a name (ousted); 'A + B' (ousted at the same time); 'withdraw: A'"
            " (withdrawal); 'withdraw failed: A'"
        ),
        "withdrawal_vp": msg("Withdrawal earns"),
        "vp_rulebook": msg("1 VP (rulebook)"),
        "vp_tournament": msg("1/2 VP (tournament)"),
        "richard": msg("Richard, Steve, Justin, Lisa"),
        "player": msg("Player"),
        "vp": msg("VP"),
        "pool_gained": msg("Pool gained"),
        "status": msg("Status"),
        "prey": msg("Prey"),
        "in game": msg("in game"),
        "ousted": msg("ousted"),
        "withdrawn": msg("withdrawn"),
        "last standing": msg("last standing"),
        "winner": msg("{name} wins."),
        "tie": msg("A tie between {names}."),
        "ongoing": msg("The game goes on; leading: {names}."),
        # contests
        "cards": msg("Your contested cards"),
        "cards_help": msg(
            "One per line: name[, rivals N][, yield]; rivals 0 = every rival yielded"
        ),
        "titles": msg("Your contested titles"),
        "titles_help": msg("One per line: title, vampire, blood[, torpor][, rivals N][, yield]"),
        "contest_ok": msg("Pool paid {paid} ({before} -> {after}); blood paid {blood}."),
        "kept": msg("Still contested"),
        "yielded": msg("Yielded"),
        "won": msg("Contest won"),
        "forced": msg("forced"),
        "blood_after": msg("Blood afterwards"),
        "ousted_note": msg("The last pool was paid: ousted."),
        # page address
        "bad_tab": msg("unknown tab {key!r} in the page address; allowed: {allowed}"),
    }
)
