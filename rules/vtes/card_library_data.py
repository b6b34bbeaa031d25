"""The combat card library's entries: the most-played combat cards and weapons of the
Tournament Winning Deck Archive, each with its card id and what it does at each level.

Written from the official card texts (shipped in ``rules/vtes/data``) and rulings; see
:mod:`rules.vtes.card_library` for the meaning of the fields.
"""

from __future__ import annotations

from typing import Any

from rules.i18n import Message, msg
from rules.vtes.card_library import CardOption, CardPlay, LibraryEntry

__all__ = ["COMBAT", "EQUIPMENT"]


def S(**fragment: Any) -> CardPlay:
    return CardPlay("strike", fragment)


def ADD(count: int = 1, *, limited: bool = True) -> CardPlay:
    return CardPlay("additional_strikes", {"count": count, "limited": limited})


def BR(**fragment: Any) -> CardPlay:
    return CardPlay("before_range", fragment)


def MAN(to: str | None = None, *, optional: bool = False) -> CardPlay:
    return CardPlay("maneuver", {"to": to} if to else {}, optional)


def PRESS(only: str | None = None, *, optional: bool = False) -> CardPlay:
    return CardPlay("press", {"only": only} if only else {}, optional)


def PREV(amount: int | None = None, *, every: bool = False, **more: Any) -> CardPlay:
    frag: dict[str, Any] = {"all": True} if every else {"amount": amount}
    return CardPlay("prevention", {**frag, **more})


def EOR(**fragment: Any) -> CardPlay:
    return CardPlay("end_of_round", fragment)


def OPT(key: str, *plays: CardPlay, note: Message | None = None, choice: str = "") -> CardOption:
    return CardOption(key, plays, note, choice)


def C(
    card_id: int,
    name: str,
    *options: CardOption,
    unmodelled: tuple[tuple[str, Message], ...] = (),
    source: str = "card text",
) -> LibraryEntry:
    return LibraryEntry(card_id, name, "combat", options, unmodelled, source)


def W(card_id: int, name: str, *options: CardOption, source: str = "card text") -> LibraryEntry:
    return LibraryEntry(card_id, name, "equipment", options, (), source)


def EQ(**strike: Any) -> CardPlay:
    return CardPlay("equipment", {"strike": strike} if strike else {})


CLOSE = CardPlay("next_round_range", {"range": "close"})
CANCEL = CardPlay("cancel", {})
NEW = CardPlay("new_round", {})

# notes: what the resolver leaves to the judge
AFTER = msg(
    "After combat: the rest of this card's text (continuing the action, stealth) is outside "
    "the combat resolver."
)
ONCE = msg(
    "The card's limits (once each combat or round, only one per vampire) are for the judge "
    "to check."
)
EACH_ROUND = msg(
    "Its prevention each round: add it to the opposing strike of each later round by hand."
)
OUTCOME = msg(
    "No effect on the combat's outcome (hands, cards drawn); the resolver records nothing."
)
STAYS = msg("The card stays on the vampire after combat; its lasting effect is for the judge.")
REFLEX = msg("Its reflex (cancel a card as it is played): simply do not enter the cancelled card.")
MELEE = msg(
    "The 'use a melee weapon strike' choice: enter the weapon's strike with the bonus by hand."
)
FIRST_ROUND = msg(
    "Only usable in the first round (or at the time the card names): the judge checks it."
)
STRIKES_ROUND = msg(
    "Prevents all damage of every opposing strike this round: add it to each of them."
)


COMBAT: tuple[LibraryEntry, ...] = (
    C(
        101144,
        "Majesty",
        OPT("pre", S(combat_ends=True)),
        OPT("PRE", S(combat_ends=True, unlock=True)),
    ),
    C(
        101945,
        "Taste of Vitae",
        OPT("-", EOR(gain_blood_lost=True)),
        source="card text; rulings PIB 20121028, RTR 20001020, LSJ 20031201-2",
    ),
    C(
        100601,
        "Earth Meld",
        OPT("pro", S(combat_ends=True)),
        OPT("PRO", S(combat_ends=True, unlock=True)),
    ),
    C(
        100301,
        "Carrion Crows",
        OPT("ani", BR(environmental=1), note=ONCE),
        OPT("ANI", BR(environmental=2), note=ONCE),
        source="card text; ruling RTR 19941109",
    ),
    C(101913, "Swallowed by the Night", OPT("OBF", MAN())),
    C(
        100959,
        "Immortal Grapple",
        OPT("pot", BR(hand_strikes_only=True)),
        OPT("POT", BR(hand_strikes_only=True), PRESS(optional=True), CLOSE),
        source="card text; rulings TOM 19960521, RTR 19970630",
    ),
    C(
        100029,
        "Aid from Bats",
        OPT("ani", S(damage=1, ranged=True), MAN(optional=True)),
        OPT("ANI", S(damage=1, ranged=True), MAN(optional=True), PRESS(optional=True)),
    ),
    C(
        100771,
        "Form of Mist",
        OPT("pro", S(dodge=True)),
        OPT("PRO", S(combat_ends=True), note=AFTER),
    ),
    C(101523, "Pursuit", OPT("cel", MAN()), OPT("CEL", ADD(1))),
    C(
        101942,
        "Target Vitals",
        OPT(
            "-",
            CardPlay("aim", {"aim_bonus": 2, "aim_no_press": True}),
            note=msg(
                "The opponent may discard two combat cards to cancel it: then do not enter it."
            ),
        ),
        source="card text; rulings RTR 19970630, RTR 19960221",
    ),
    C(
        101993,
        "Torn Signpost",
        OPT("pot", BR(set_strength=2)),
        OPT("POT", BR(set_strength=3)),
        source="card text; rulings PIB 20130303, LSJ 20100813",
    ),
    C(
        100392,
        "Concealed Weapon",
        OPT(
            "-",
            BR(equip="{weapon}"),
            note=msg(
                "The weapon's limits (cost under 3 pool, no aggravated or 4+ damage) are for the "
                "judge."
            ),
        ),
    ),
    C(
        101649,
        "Rolling with the Punches",
        OPT("for", PREV(1)),
        OPT("FOR", PREV(every=True, cost=1), note=STRIKES_ROUND),
    ),
    C(
        101507,
        "Psyche!",
        OPT("cel", PRESS()),
        OPT("CEL", CardPlay("new_round", {"new_combat": True})),
    ),
    C(
        101966,
        "Theft of Vitae",
        OPT("tha", S(steal_blood=1, ranged=True)),
        OPT("THA", S(steal_blood=2, ranged=True)),
    ),
    C(
        100918,
        "Hidden Strength",
        *(
            OPT(
                lvl,
                PREV(x + 1, cost=x),
                *((PRESS(optional=True),) if lvl == "FOR" else ()),
                choice=f"X={x}",
            )
            for lvl in ("for", "FOR")
            for x in range(4)
        ),
        source="card text; rulings LSJ 19970224, RTR 20041202",
    ),
    C(100227, "Blur", OPT("cel", ADD(1)), OPT("CEL", ADD(2))),
    C(
        102169,
        "Weighted Walking Stick",
        OPT(
            "-",
            BR(equip={"name": "Weighted Walking Stick", "strike": {"strength_bonus": 1}}),
            note=msg("Its 5 counters (1 burned per damage it inflicts) are not tracked."),
        ),
    ),
    C(
        100344,
        "Chiropteran Marauder",
        OPT("vic", MAN()),
        OPT("VIC", BR(hand_aggravated=True, this_round=True, cost=1)),
    ),
    C(
        100549,
        "Disarm",
        OPT(
            "pot",
            EOR(send_to_torpor=True, needs_more_damage=True, opponent_strength=-1),
            note=STAYS,
        ),
        OPT(
            "POT",
            EOR(send_to_torpor=True, needs_more_damage=True, opponent_strength=-2),
            note=STAYS,
        ),
    ),
    C(
        101610,
        "Resist Earth's Grasp",
        OPT("cel", PRESS(), choice="press"),
        OPT("cel", MAN(), PRESS(optional=True), choice="maneuver"),
    ),
    C(
        102012,
        "Trap",
        OPT(
            "-",
            BR(trap_press=True),
            note=msg(
                "Its counters (reset to 3 by every card "
                "played) are not tracked: remove it when they run out."
            ),
        ),
        source="card text; rulings LSJ 20040521, ANK 20200525-1",
    ),
    C(
        100973,
        "Indomitability",
        OPT("for", PREV(1)),
        OPT("FOR", PRESS(), choice="press"),
        OPT("FOR", PREV(1), PRESS(optional=True), choice="prevent"),
    ),
    C(
        100563,
        "Diversion",
        OPT("cel", ADD(1)),
        OPT("for", PREV(2)),
        OPT("tha", S(steal_blood=1, ranged=True), MAN(optional=True)),
    ),
    C(100077, "Apportation", OPT("tha", PRESS("continue")), OPT("THA", MAN())),
    C(101538, "Raking Talons", OPT("-", BR(hand_aggravated=True))),
    C(
        101792,
        "Skin of Steel",
        OPT("for", PREV(every=True)),
        OPT("FOR", PREV(every=True), note=STRIKES_ROUND),
    ),
    C(
        100744,
        "Flash",
        OPT("cel", MAN(), choice="maneuver"),
        OPT("cel", PRESS(), choice="press"),
        OPT("CEL", MAN(), PRESS(optional=True)),
    ),
    C(101779, "Sideslip", OPT("cel", S(dodge=True)), OPT("CEL", PREV(1))),
    C(
        100356,
        "Claws of the Dead",
        OPT("pro", BR(hand_aggravated=True, this_round=True)),
        OPT("PRO", MAN()),
    ),
    C(
        100290,
        "Canine Horde",
        OPT("ani", S(damage=1, ranged=True)),
        OPT("ANI", S(ranged=True, destroy_equipment="{equipment}", first_strike=True)),
    ),
    C(101852, "Spiritual Intervention", OPT("nec", S(dodge=True)), OPT("NEC", S(combat_ends=True))),
    C(102071, "Unflinching Persistence", OPT("for", PREV(1)), OPT("FOR", MAN(), PREV(1))),
    C(
        102227,
        "Hunger of Marduk",
        OPT("tha", S(steal_blood=1, ranged=True)),
        OPT("THA", S(steal_blood=2, ranged=True)),
    ),
    C(100693, "Fake Out", OPT("-", MAN())),
    C(
        101916,
        "Swiftness of the Stag",
        OPT("cel", PRESS()),
        OPT("spi", MAN(), choice="maneuver"),
        OPT("spi", PRESS(), choice="press"),
    ),
    C(101859, "Staredown", OPT("pre", S(dodge=True)), OPT("PRE", S(combat_ends=True))),
    C(
        100585,
        "Drawing Out the Beast",
        OPT(
            "ani",
            BR(opponent_strength=1, restrict=["maneuver_to_long", "press_to_end", "equipment"]),
            note=FIRST_ROUND,
        ),
        OPT(
            "ANI",
            BR(
                opponent_strength=1,
                press_damage=1,
                restrict=["maneuver_to_long", "press_to_end", "equipment"],
            ),
            note=FIRST_ROUND,
        ),
    ),
    C(
        101292,
        "No Trace",
        OPT("obf", S(combat_ends=True, long_range_only=True)),
        OPT("OBF", S(combat_ends=True)),
    ),
    C(
        100597,
        "Dust Up",
        OPT("ani", S(hand=True, strength_bonus=1, undodgeable=True)),
        OPT("cel", S(dodge=True), ADD(1)),
        OPT("pot", S(hand=True, strength_bonus=2)),
    ),
    C(
        101817,
        "Soak",
        OPT("for", PREV(2, non_aggravated=True)),
        OPT("FOR", PREV(4, non_aggravated=True)),
    ),
    C(
        102061,
        "Undead Strength",
        OPT("pot", S(hand=True, strength_bonus=1), note=MELEE),
        OPT("POT", S(hand=True, strength_bonus=2), note=MELEE),
    ),
    C(101588, "Rego Motum", OPT("tha", PREV(2)), OPT("THA", PREV(4))),
    C(
        101342,
        "Pack Alpha",
        OPT("ani", BR(employ="{retainer}")),
        OPT("ANI", BR(burn_retainer="{retainer}", strength=1), note=STAYS),
    ),
    C(100567, "Dodge", OPT("-", S(dodge=True))),
    C(
        100250,
        "Breath of the Dragon",
        OPT(
            "vic",
            S(
                damage=1,
                ranged=True,
                aggravated=True,
                recoil=1,
                recoil_aggravated=True,
                recoil_close_only=True,
            ),
        ),
        OPT(
            "VIC",
            S(
                damage=2,
                ranged=True,
                aggravated=True,
                recoil=2,
                recoil_aggravated=True,
                recoil_close_only=True,
            ),
        ),
    ),
    C(100524, "Deny", OPT("dem", PRESS())),
    C(
        100576,
        "Donnybrook",
        OPT(
            "obf",
            S(destroy_equipment="{equipment}", first_strike=True),
            note=msg("Burning a retainer instead: enter a strike aimed at the retainer by hand."),
        ),
        OPT("pro", S(hand=True, aggravated=True)),
        OPT("ser", S(steal_blood=2)),
    ),
    C(
        101982,
        "Thrown Gate",
        OPT("pot", S(damage=1, ranged=True), MAN(optional=True)),
        OPT("POT", S(damage=2, ranged=True), MAN(optional=True)),
    ),
    C(101542, "Rapid Change", OPT("PRO", S(combat_ends=True))),
    C(
        101960,
        "Terror Frenzy",
        OPT(
            "ani",
            BR(restrict=["maneuver_to_close", "press_to_continue", "equipment"]),
            note=FIRST_ROUND,
        ),
        unmodelled=(
            (
                "ANI",
                msg(
                    "combat cards costing the opponent 1 more blood is not modelled; "
                    "add the cost to each of its cards by hand"
                ),
            ),
        ),
    ),
    C(101402, "Plasmic Form", OPT("VIC", S(dodge=True))),
    C(
        101735,
        "Shadow Body",
        OPT("obt", S(combat_ends=True)),
        OPT("OBT", S(combat_ends=True), note=AFTER),
    ),
    C(100834, "Glancing Blow", OPT("-", PREV(1))),
    C(100980, "Infernal Pursuit", OPT("cel", PRESS()), OPT("CEL", note=OUTCOME)),
    C(101778, "Side Strike", OPT("cel", S(dodge=True)), OPT("CEL", ADD(1))),
    C(
        101905,
        "Superior Mettle",
        OPT("for", PREV(every=True)),
        OPT(
            "FOR",
            PREV(every=True),
            note=msg(
                "In later rounds it prevents the initial strike for 1 "
                "blood: add that prevention (cost 1) by hand."
            ),
        ),
    ),
    C(
        101983,
        "Thrown Sewer Lid",
        OPT("pot", S(damage=3, ranged=True, long_range_only=True)),
        OPT("POT", S(damage=3, ranged=True, long_range_only=True), PRESS(optional=True)),
    ),
    C(100113, "Aura Reading", OPT("aus", note=OUTCOME), OPT("AUS", note=OUTCOME)),
    C(
        100252,
        "Brick by Brick",
        OPT("tha", MAN()),
        OPT("vis", S(damage=2, ranged=True), MAN(optional=True)),
        OPT("VIS", CardPlay("round_range", {"range": "{range}"})),
    ),
    C(100091, "Arms of the Abyss", OPT("obt", S(dodge=True)), OPT("OBT", S(dodge=True), ADD(1))),
    C(
        100066,
        "Anesthetic Touch",
        OPT("aus", S(dodge=True)),
        OPT("obe", S(hand=True, combat_ends_after_resolution=True)),
        OPT("OBE", S(hand=True, combat_ends_after_resolution=True, first_strike=True)),
    ),
    C(100758, "Force of Personality", OPT("pre", S(combat_ends=True))),
    C(
        100043,
        "Amaranth",
        unmodelled=(
            (
                "-",
                msg(
                    "diablerie in place of torpor is resolved by the "
                    "torpor and diablerie page, not the combat resolver"
                ),
            ),
        ),
    ),
    C(
        101338,
        "Outside the Hourglass",
        OPT("obf", S(dodge=True)),
        OPT("tem", MAN(), choice="maneuver"),
        OPT("tem", S(dodge=True), MAN(optional=True), choice="dodge"),
        OPT("TEM", BR(damage=2)),
    ),
    C(
        100555,
        "Disguised Weapon",
        OPT("obf", BR(equip="{weapon}")),
        OPT("OBF", BR(equip="{weapon}")),
    ),
    C(101222, "Mirror Image", OPT("CHI", S(combat_ends=True), note=AFTER)),
    C(
        102054,
        "Typhonic Beast",
        OPT("ser", BR(strength=1)),
        OPT("pot ser", BR(strength=1), note=EACH_ROUND),
        OPT("POT SER", BR(strength=1), PRESS(optional=True), note=EACH_ROUND),
    ),
    C(100249, "Breath of Thanatos", OPT("NEC", S(damage=1, aggravated=True))),
    C(
        101334,
        "Oubliette",
        OPT("obt", S(combat_ends=True)),
        unmodelled=(
            (
                "OBT",
                msg("the blood or life burned after combat is outside the combat resolver"),
            ),
        ),
    ),
    C(
        100910,
        "Hell-for-Leather",
        OPT("ani", S(dodge=True), ADD(1)),
        OPT("cel", ADD(1, limited=False)),
        OPT("obt", note=OUTCOME),
    ),
    C(
        100971,
        "Increased Strength",
        unmodelled=(
            (
                "pot",
                msg("extra damage only for strikes that require Potence is not modelled"),
            ),
            (
                "POT",
                msg("extra damage only for strikes that require Potence is not modelled"),
            ),
        ),
    ),
    C(
        101950,
        "Telepathic Tracking",
        OPT(
            "aus",
            PRESS("continue"),
            note=msg("Its optional maneuver next round: enter it in that round."),
        ),
        OPT("AUS", NEW),
        source="card text; rulings RTR 20030519, RTR 20020501",
    ),
    C(
        100149,
        "Behind You!",
        OPT("obf", MAN(), note=FIRST_ROUND),
        OPT("OBF", S(dodge=True), note=FIRST_ROUND),
    ),
    C(
        100934,
        "Horrid Form",
        OPT("vic", BR(strength=1)),
        OPT("VIC", BR(strength=1), note=EACH_ROUND),
    ),
    C(100689, "Fae Contortion", OPT("obt", MAN()), OPT("myt", MAN(), note=REFLEX)),
    C(
        101798,
        "Slam",
        OPT("pot", S(hand=True, strength_bonus=2)),
        OPT("POT", S(hand=True, strength_bonus=2), MAN("close", optional=True)),
    ),
    C(
        102215,
        "Roundhouse",
        OPT("pot", S(hand=True, strength_bonus=2)),
        OPT("POT", S(hand=True, strength_bonus=3)),
    ),
    C(
        101876,
        "Stonestrength",
        OPT("tha", PRESS("continue")),
        OPT("vis", PRESS(), choice="press"),
        OPT("vis", PREV(1), choice="prevent"),
        OPT("VIS", PREV(2)),
    ),
    C(101532, "Quickness", OPT("cel", ADD(1)), OPT("CEL", ADD(1, limited=False))),
    C(
        101196,
        "Meld with the Land",
        OPT(
            "vic",
            S(combat_ends=True),
            note=msg("The opposing minion unlocks before combat ends: for the judge."),
        ),
        OPT("VIC", S(combat_ends=True)),
    ),
    C(101515, "Pulled Fangs", OPT("-", EOR(damage=1, needs_more_damage=True), note=STAYS)),
    C(
        100333,
        "Charismatic Aura",
        OPT(
            "aus pre",
            CardPlay("cancel", {"cost": 1}),
            note=msg("Cancelling a grapple instead: simply do not enter the grapple."),
        ),
        OPT("AUS PRE", S(combat_ends=True)),
    ),
    C(
        100307,
        "Catatonic Fear",
        OPT("pre", S(combat_ends=True)),
        unmodelled=(
            (
                "PRE",
                msg("the unpreventable damage after combat is outside the combat resolver"),
            ),
        ),
    ),
    C(
        101006,
        "Invoking the Beast",
        OPT("abo", BR(strength=1), note=REFLEX),
        OPT("ABO", BR(strength=1), PRESS(optional=True)),
    ),
    C(
        102139,
        "Walk of Flame",
        OPT("tha", S(damage=1, ranged=True, aggravated=True)),
        OPT("THA", S(damage=2, ranged=True, aggravated=True)),
    ),
    C(
        100439,
        "Crawling Chamber",
        OPT("tha", MAN("long")),
        OPT("vis", MAN(), choice="maneuver"),
        OPT("vis", PRESS(), choice="press"),
        OPT("VIS", BR(press_damage=1)),
    ),
    C(101313, "Occlusion", OPT("chi", S(dodge=True))),
    C(
        101235,
        "Molotov Cocktail",
        unmodelled=(
            (
                "-",
                msg(
                    "a strike that becomes a weapon usable only from the next round is not modelled"
                ),
            ),
        ),
    ),
    C(
        102279,
        "Pass Through Shadow",
        OPT("obl", S(combat_ends=True)),
        OPT("OBL", S(combat_ends=True), note=AFTER),
    ),
    C(101608, "Resilience", OPT("for", PREV(1)), OPT("FOR", PREV(3, non_aggravated=True))),
    C(
        100580,
        "Dragon's Breath Rounds",
        unmodelled=(
            (
                "-",
                msg("ammunition changing a gun's damage for the rest of combat is not modelled"),
            ),
        ),
    ),
    C(100921, "Hide the Mind", OPT("obf", CANCEL)),
    C(
        100232,
        "Bollix",
        OPT("cel", MAN(), choice="maneuver"),
        OPT("cel", PRESS(), choice="press"),
        OPT("pre", note=REFLEX),
        unmodelled=(
            (
                "tha",
                msg(
                    "damage that Fortitude cards cannot prevent and weapons dealing no "
                    "damage are not modelled"
                ),
            ),
        ),
    ),
    C(
        102208,
        "Zip Gun",
        OPT(
            "-",
            BR(equip={"name": "Zip Gun", "strike": {"damage": 1, "ranged": True, "recoil": 1}}),
            note=msg(
                "The bearer takes its 1 damage only once each "
                "combat: drop the recoil in later rounds by hand."
            ),
        ),
    ),
    C(
        100511,
        "Decapitate",
        OPT("pot", S(hand=True, strength_bonus=2), note=MELEE),
        unmodelled=(
            (
                "POT",
                msg("burning the vampire in place of torpor is not modelled"),
            ),
        ),
    ),
    C(101479, "Predator's Transformation", OPT("ABO", note=OUTCOME)),
    C(
        100651,
        "Entombment",
        OPT("OBT", S(send_to_torpor=True)),
        unmodelled=(
            (
                "obt",
                msg("burning an ally outright is not modelled"),
            ),
        ),
    ),
    C(
        100602,
        "Earth Swords",
        OPT("pot", S(damage=1, ranged=True)),
        OPT("myt", S(damage=2, ranged=True)),
        OPT("MYT", S(damage=3, ranged=True)),
    ),
    C(
        100861,
        "Groundfighting",
        OPT("-", MAN(), choice="maneuver"),
        OPT("-", PRESS(), choice="press"),
        OPT("-", CANCEL, choice="cancel"),
    ),
    C(
        100273,
        "Burst of Sunlight",
        OPT("tha", S(damage=1, ranged=True, aggravated=True, recoil=1, recoil_aggravated=True)),
        OPT("THA", S(damage=2, ranged=True, aggravated=True, recoil=2, recoil_aggravated=True)),
    ),
    C(101791, "Skin of Rock", OPT("for", PREV(1)), OPT("FOR", PREV(2))),
    C(
        101524,
        "Pushing the Limit",
        OPT("pot", S(hand=True, strength_bonus=2), note=MELEE),
        OPT("POT", S(hand=True, strength_bonus=3), note=MELEE),
    ),
    C(
        100604,
        "Earthshock",
        OPT("pot", S(strength_bonus=0, ranged=True, undodgeable=True)),
        OPT("POT", S(strength_bonus=1, ranged=True, undodgeable=True)),
        source="card text; rulings LSJ 20030902-2, LSJ 20060509",
    ),
    C(
        100539,
        "Devil-Channel: Hands",
        OPT("abo", BR(hand_aggravated=True)),
        OPT("ABO", BR(hand_aggravated=True), PRESS(optional=True)),
    ),
    C(
        102190,
        "Wolf Claws",
        OPT("pro", BR(hand_aggravated=True, this_round=True)),
        OPT("PRO", PRESS()),
    ),
    C(
        100237,
        "Bone Spur",
        OPT("pro", BR(hand_aggravated=True, this_round=True)),
        OPT("PRO", BR(hand_aggravated=True)),
    ),
    C(
        101944,
        "Taste of Death",
        OPT("qui", S(damage=1, ranged=True, aggravated=True, long_range_only=True)),
        OPT("QUI", S(damage=2, ranged=True, aggravated=True, long_range_only=True)),
    ),
    C(100020, "Acrobatics", OPT("cel", ADD(1)), OPT("CEL", S(dodge=True), ADD(1))),
    C(
        101482,
        "Preternatural Evasion",
        OPT("cel", S(dodge=True)),
        OPT("CEL", S(combat_ends=True, cost=1)),
    ),
    C(
        101595,
        "Relentless Reaper",
        OPT("for", PREV(1)),
        OPT("thn", PRESS()),
        OPT("THN", CardPlay("new_round", {"cost": 1})),
    ),
    C(
        100145,
        "Bear's Skin",
        OPT(
            "ani pro",
            BR(strength=1, this_round=True),
            note=msg("Its 1 prevention this round: add it to the opposing strike."),
        ),
        OPT("ANI PRO", BR(strength=1), note=EACH_ROUND),
    ),
    C(
        100378,
        "Coma",
        OPT("dem", S(send_to_torpor=True)),
        OPT(
            "DEM",
            S(send_to_torpor=True),
            note=msg("The 'does not unlock' part is for the judge."),
        ),
        source="card text; rulings LSJ 20000110, LSJ 20090622-2",
    ),
    C(
        100013,
        "Absorb the Mind",
        OPT("dom", S(dodge=True)),
        OPT("myt", S(steal_blood=1, ranged=True)),
        OPT(
            "MYT",
            S(steal_blood=1, ranged=True),
            note=msg("Stealing a master card is for the judge."),
        ),
    ),
    C(100076, "Apparition", OPT("chi", note=EACH_ROUND), OPT("CHI", note=EACH_ROUND)),
    C(102185, "Wind Dance", OPT("tha", S(dodge=True)), OPT("THA", S(dodge=True), ADD(1))),
    C(100925, "High Ground", OPT("-", MAN("long"))),
    C(
        101889,
        "Stutter-Step",
        OPT("cel", S(dodge=True)),
        OPT(
            "CEL",
            S(hand=True, dodge=True),
            note=msg("Not as an additional strike, and no additional strikes this round."),
        ),
    ),
    C(
        100704,
        "Fast Hands",
        OPT("cel", S(steal_equipment="{equipment}")),
        OPT("CEL", S(steal_equipment="{equipment}", first_strike=True)),
    ),
    C(101558, "Read Intentions", OPT("aus", PRESS("end")), OPT("AUS", S(dodge=True))),
    C(101246, "Movement of the Mind", OPT("tha", PRESS("end")), OPT("THA", MAN())),
    C(
        102072,
        "Unholy Penance",
        OPT("pre", S(combat_ends=True)),
        OPT("PRE", S(combat_ends=True), note=AFTER),
    ),
    C(
        100230,
        "Body Flare",
        OPT("pro", S(damage=2, aggravated=True)),
        OPT("PRO", S(damage=2, ranged=True, aggravated=True)),
    ),
    C(101530, "Quick Meld", OPT("pro", MAN()), OPT("PRO", MAN(), note=ONCE)),
    C(
        101727,
        "Serpent's Numbing Kiss",
        OPT("pre ser", S(combat_ends=True)),
        OPT("PRE SER", S(combat_ends=True), note=AFTER),
    ),
    C(102224, "Form of the Cobra", OPT("pro", S(steal_blood=1))),
    C(
        100089,
        "Armor of Vitality",
        OPT("for", PREV(3)),
        OPT(
            "FOR",
            PREV(3),
            note=msg("Destroying the opposing melee weapon is for the judge."),
        ),
    ),
)


EQUIPMENT: tuple[LibraryEntry, ...] = (
    W(
        100001,
        ".44 Magnum",
        OPT(
            "-",
            EQ(damage=2, ranged=True),
            note=msg("Its optional maneuver (once each combat): enter it as a maneuver."),
        ),
    ),
    W(101014, "Ivory Bow", OPT("-", EQ(damage=1, ranged=True, aggravated=True))),
    W(
        101816,
        "Sniper Rifle",
        OPT(
            "-",
            EQ(damage=2, ranged=True, long_range_only=True),
            note=msg(
                "When its bearer blocks it can set the first round at long range: enter that "
                "round's range as long."
            ),
        ),
    ),
    W(
        101081,
        "Leather Jacket",
        OPT(
            "-",
            EQ(),
            note=msg(
                "Burn it to prevent all damage of an "
                "opposing strike: add prevention 'all' with burn='Leather Jacket'."
            ),
        ),
    ),
    W(
        100745,
        "Flash Grenade",
        OPT(
            "-",
            EQ(combat_ends=True, burn_after_use=True),
            note=msg(
                "Locking the opposing vampire (and the bearer at close range) is for the judge."
            ),
        ),
    ),
    W(101682, "Saturday-Night Special", OPT("-", EQ(damage=1, ranged=True), note=ONCE)),
    W(
        101040,
        "Kevlar Vest",
        OPT(
            "-",
            EQ(),
            note=msg(
                "Once each combat: prevent 2 from a gun or 1 "
                "from anything else; add it to that strike."
            ),
        ),
    ),
    W(100107, "Assault Rifle", OPT("-", EQ(damage=4, ranged=True), note=ONCE)),
    W(101035, "Kaymakli Fragment", OPT("-", EQ(), note=OUTCOME)),
    W(
        100739,
        "Flak Jacket",
        OPT(
            "-",
            EQ(),
            note=msg("Prevent 1 damage each combat: add it to a strike."),
        ),
    ),
    W(100474, "The Crusader Sword", OPT("-", EQ(strength_bonus=1, aggravated=True))),
    W(
        100964,
        "Improvised Flamethrower",
        OPT("-", EQ(damage=2, ranged=True, aggravated=True), note=ONCE),
    ),
    W(102015, "Treasured Samadji", OPT("-", EQ(dodge=True), note=ONCE)),
    W(100742, "Flamethrower", OPT("-", EQ(damage=2, ranged=True, aggravated=True))),
    W(
        100857,
        "Grenade",
        OPT("-", EQ(damage=3, ranged=True, recoil=1, recoil_close_only=True, burn_after_use=True)),
    ),
    W(
        100212,
        "Blood Tears of Kephran",
        OPT(
            "-",
            EQ(),
            note=msg("Burn to prevent 2: add prevention 2 with burn."),
        ),
    ),
    W(100516, "Deer Rifle", OPT("-", EQ(damage=1, ranged=True), note=ONCE)),
    W(101931, "Talbot's Chainsaw", OPT("-", EQ(damage=3), note=ONCE)),
    W(101715, "Sengir Dagger", OPT("-", EQ(strength_bonus=0, aggravated=True))),
    W(100529, "Desert Eagle", OPT("-", EQ(damage=2, ranged=True))),
)
