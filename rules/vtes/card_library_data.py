"""The combat card library's entries: the most-played combat cards and weapons of the
Tournament Winning Deck Archive, each with its card id and what it does at each level.

Written from the official card texts (shipped in ``rules/vtes/data``) and rulings; see
:mod:`rules.vtes.card_library` for the meaning of the fields. Every ``Q(...)`` is a limit
the text puts on the play, with the exact words it stands for (a test checks them against
the shipped text); ``says`` fragments are the words of an effect that forbids something.
The entries follow the archive ranking; the equipment comes last.
"""

from __future__ import annotations

from typing import Any

from rules.i18n import Message, msg
from rules.vtes.card_entry import CardOption, CardPlay, LibraryEntry, merge_limits

__all__ = ["COMBAT", "EQUIPMENT"]


def S(**fragment: Any) -> CardPlay:
    """A strike."""
    return CardPlay("strike", fragment)


def ADD(
    count: int = 1,
    *,
    limited: bool = True,
    only: dict[str, Any] | None = None,
    **more: Any,
) -> CardPlay:
    """Additional strikes (``only``: what they may be, with the card's words)."""
    frag: dict[str, Any] = {"count": count, "limited": limited, **more}
    if only is not None:
        frag["only"] = only
    return CardPlay("additional_strikes", frag)


def BR(**fragment: Any) -> CardPlay:
    """An effect put in force before range is determined."""
    return CardPlay("before_range", fragment)


def EFF(**fragment: Any) -> CardPlay:
    """An effect put in force once range is set, as strikes are chosen or resolved."""
    return CardPlay("before_range", {**fragment, "when": "strikes"})


def MAN(to: str | None = None, *, optional: bool = False, **more: Any) -> CardPlay:
    frag: dict[str, Any] = {"to": to} if to else {}
    return CardPlay("maneuver", {**frag, **more}, optional)


def WMAN() -> CardPlay:
    """A maneuver given by this weapon (it commits the initial strike to the weapon)."""
    return CardPlay("maneuver", {"from_weapon": True})


def PRESS(only: str | None = None, *, optional: bool = False, **more: Any) -> CardPlay:
    frag: dict[str, Any] = {"only": only} if only else {}
    return CardPlay("press", {**frag, **more}, optional)


def PREV(
    amount: int | None = None, *, every: bool = False, half: bool = False, **more: Any
) -> CardPlay:
    frag: dict[str, Any]
    if every:
        frag = {"all": True}
    elif half:
        frag = {"half": True}
    else:
        frag = {"amount": amount}
    return CardPlay("prevention", {**frag, **more})


def EOR(**fragment: Any) -> CardPlay:
    return CardPlay("end_of_round", fragment)


def CAN(cancels: str = "strike", quote: str = "", **more: Any) -> CardPlay:
    """A cancel: of the opposing strike card (``"strike"``), of a card put in force
    (``"card"``), or of either (``"any"``)."""
    return CardPlay("cancel", {"cancels": cancels, "quote": quote, **more})


def TORP(**fragment: Any) -> CardPlay:
    return CardPlay("torpor", fragment)


def AIM(**fragment: Any) -> CardPlay:
    return CardPlay("aim", fragment)


def AMMO(**fragment: Any) -> CardPlay:
    return CardPlay("ammo", fragment)


def COUNTER(**fragment: Any) -> CardPlay:
    return CardPlay("counter", fragment)


def RANGE(value: str = "{range}", **more: Any) -> CardPlay:
    return CardPlay("round_range", {"range": value, **more})


def NEW(**fragment: Any) -> CardPlay:
    return CardPlay("new_round", fragment)


def EQ(strike: dict[str, Any] | None = None, **equipment: Any) -> CardPlay:
    frag: dict[str, Any] = dict(equipment)
    if strike is not None:
        frag["strike"] = strike
    return CardPlay("equipment", frag)


def Q(says: str, **conditions: Any) -> dict[str, Any]:
    """Limits standing for one sentence of the card text."""
    return merge_limits({**conditions, "quote": says})


def LIM(*parts: dict[str, Any]) -> dict[str, Any]:
    return merge_limits(*parts)


def OPT(
    key: str,
    *plays: CardPlay,
    note: Message | None = None,
    choice: str = "",
    limits: dict[str, Any] | None = None,
) -> CardOption:
    return CardOption(key, plays, note, choice, limits)


def C(
    card_id: int,
    name: str,
    *options: CardOption,
    unmodelled: tuple[tuple[str, Message], ...] = (),
    source: str = "card text",
    limits: dict[str, Any] | None = None,
    kinds: tuple[str, ...] = (),
) -> LibraryEntry:
    return LibraryEntry(card_id, name, "combat", options, unmodelled, source, limits, kinds)


def W(
    card_id: int,
    name: str,
    *options: CardOption,
    source: str = "card text",
    limits: dict[str, Any] | None = None,
    unmodelled: tuple[tuple[str, Message], ...] = (),
) -> LibraryEntry:
    return LibraryEntry(card_id, name, "equipment", options, unmodelled, source, limits)


CLOSE = CardPlay("next_round_range", {"range": "close"})
USE = {"use": True}
"""The limits of a later use of an effect already in play (not a card played)."""

# notes: what the resolver leaves to the judge
AFTER_BLOCK = msg(
    "After combat: continuing the blocked action as if unblocked is for the judge (the combat "
    "resolver stops when the combat ends)."
)
OUTCOME = msg(
    "No effect on the combat's outcome (hands, cards drawn); the resolver records nothing."
)
ANARCH = msg("Requires an Anarch: the judge checks who plays it.")
MELEE_NOTE = msg(
    "With a melee weapon: choose the weapon-strike option, naming the weapon the minion carries."
)
FRENZY_REFLEX = msg(
    "The reflex cancels a frenzy card played on this vampire: enter that card, then this cancel."
)
ONE_AIM = msg(
    "Only one aim each strike: a strike holds one aim, so a second one cannot be entered."
)
PRESS_LATER = msg("The optional press is only for this round: enter it in this round's presses.")


def _hand_or_weapon(key: str, bonus: int, **more: Any) -> tuple[CardOption, CardOption]:
    """'Strike: hand strike or use a melee weapon strike. This strike is at +N damage.'"""
    return (
        OPT(key, S(hand=True, strength_bonus=bonus, **more), choice="hand strike"),
        OPT(
            key,
            S(weapon="{equipment}", bonus=bonus, melee=True, **more),
            choice="melee weapon",
        ),
    )


COMBAT_1: tuple[LibraryEntry, ...] = (
    C(
        101144,
        "Majesty",
        OPT("pre", S(combat_ends=True)),
        OPT("PRE", S(combat_ends=True, unlock=True)),
        source="card text; ruling RTR 20020501",
    ),
    C(
        101945,
        "Taste of Vitae",
        OPT("-", EOR(gain_blood_lost=True)),
        source="card text; rulings PIB 20121028, RTR 20001020, LSJ 20031201-2",
        limits=LIM(
            Q("A vampire can play only one Taste of Vitae each round.", once="round"),
            Q(
                "This vampire gains blood equal to the amount of blood lost by the opposing "
                "vampire to damage this round.",
                opponent=["vampire"],
            ),
        ),
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
        OPT("ani", BR(environmental=1)),
        OPT("ANI", BR(environmental=2)),
        source="card text; ruling RTR 19941109",
        limits=Q("A vampire can play only one Carrion Crows each combat.", once="combat"),
    ),
    C(101913, "Swallowed by the Night", OPT("OBF", MAN())),
    C(
        100959,
        "Immortal Grapple",
        OPT("pot", EFF(hand_strikes_only=True)),
        OPT("POT", EFF(hand_strikes_only=True), PRESS(optional=True), CLOSE, note=PRESS_LATER),
        source="card text; rulings TOM 19951217, TOM 19960521, RTR 19970630",
        limits=LIM(
            Q("Only usable at close range before strikes are chosen.", range="close"),
            Q("A vampire can play only one Immortal Grapple each round.", once="round"),
        ),
        kinds=("grapple",),
    ),
    C(
        100029,
        "Aid from Bats",
        OPT("ani", S(damage=1, ranged=True), MAN(optional=True)),
        OPT("ANI", S(damage=1, ranged=True), MAN(optional=True), PRESS(optional=True)),
        source="card text; ruling LSJ 20021028",
    ),
    C(
        100771,
        "Form of Mist",
        OPT("pro", S(dodge=True)),
        OPT(
            "PRO",
            S(combat_ends=True),
            note=msg(
                "After combat: burning 1 blood to continue a blocked action with +1 stealth, "
                "and the one superior Form of Mist each action, are for the judge."
            ),
        ),
    ),
    C(101523, "Pursuit", OPT("cel", MAN()), OPT("CEL", ADD(1))),
    C(
        101942,
        "Target Vitals",
        OPT(
            "-",
            AIM(aim_bonus=2, aim_no_press=True),
            note=msg(
                "The opponent may discard two combat cards to cancel it: then do not enter it. "
                "Only one aim each strike."
            ),
        ),
        source="card text; rulings RTR 19970630, RTR 19960221",
        kinds=("aim",),
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
                "The weapon's limits (non-unique, cost under 3 pool, no aggravated or 4+ damage "
                "with a regular strike) are for the judge."
            ),
        ),
    ),
    C(
        101649,
        "Rolling with the Punches",
        OPT("for", PREV(1)),
        OPT("FOR", EFF(prevent={"all_strikes": True}, this_round=True, burn_blood=1)),
        source="card text; rulings ANK 20210226, LSJ 20001114",
    ),
    C(
        101507,
        "Psyche!",
        OPT("cel", PRESS()),
        OPT(
            "CEL",
            NEW(new_combat=True),
            note=msg("Not usable if a combat is already queued: the judge checks it."),
        ),
        source="card text; ruling LSJ 19980109",
    ),
    C(
        101966,
        "Theft of Vitae",
        OPT("tha", S(steal_blood=1, ranged=True)),
        OPT("THA", S(steal_blood=2, ranged=True)),
        source="card text; rulings RTR 20010711, ANK 20200123",
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
            BR(
                equip={
                    "name": "Weighted Walking Stick",
                    "type": "melee",
                    "counters": 5,
                    "strike": {"strength_bonus": 1, "spend_counters": True},
                }
            ),
            note=msg("A minion can have only one Weighted Walking Stick: the judge checks it."),
        ),
        source="card text; rulings LSJ 20100519, ANK 20201229-2",
        limits=Q("Only usable before range is determined during the first round.", rounds="first"),
    ),
    C(
        100344,
        "Chiropteran Marauder",
        OPT("vic", MAN()),
        OPT("VIC", EFF(hand_aggravated=True, this_round=True, burn_blood=1)),
        source="card text; rulings RTR 19960112, ANK 20210226",
    ),
    C(
        100549,
        "Disarm",
        OPT("pot", EOR(send_to_torpor=True, opponent_strength=-1)),
        OPT("POT", EOR(send_to_torpor=True, opponent_strength=-2)),
        source="card text; rulings RTR 20030519, LSJ 20010812",
        limits=Q(
            "Only usable at close range at the end of a round during which this vampire "
            "successfully inflicted more damage than the opposing vampire.",
            range="close",
            needs=["more_damage"],
            opponent=["vampire"],
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
                "Its counters (reset to 3 by every card played, 1 burned at each press step) "
                "are not tracked: remove the Trap when they run out."
            ),
        ),
        source="card text; rulings LSJ 20040521, ANK 20200525-1",
        limits=Q(
            "Only usable before range is determined during the first round of combat.",
            rounds="first",
        ),
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
        OPT("cel", ADD(1), note=ANARCH),
        OPT("for", PREV(2), note=ANARCH),
        OPT("tha", S(steal_blood=1, ranged=True), MAN(optional=True), note=ANARCH),
        source="card text; rulings RTR 20010711, RTR 20041202",
    ),
    C(100077, "Apportation", OPT("tha", PRESS("continue")), OPT("THA", MAN())),
    C(
        101538,
        "Raking Talons",
        OPT(
            "-",
            BR(hand_aggravated=True),
            note=msg("Only a Gargoyle plays it: the judge checks who plays it."),
        ),
        limits=Q("A vampire may play only one Raking Talons each combat.", once="combat"),
    ),
    C(
        101792,
        "Skin of Steel",
        OPT("for", PREV(every=True)),
        OPT(
            "FOR",
            PREV(every=True),
            EFF(prevent={"all_strikes": True}, this_round=True),
        ),
        source="card text; ruling LSJ 20001114",
    ),
    C(
        100744,
        "Flash",
        OPT("cel", MAN(), choice="maneuver"),
        OPT("cel", PRESS(), choice="press"),
        OPT("CEL", MAN(), PRESS(optional=True)),
    ),
    C(
        101779,
        "Sideslip",
        OPT("cel", S(dodge=True)),
        OPT(
            "CEL",
            PREV(1),
            limits=Q(
                "A vampire can play only one Sideslip at superior each round.",
                once="round",
                group="Sideslip at superior",
            ),
        ),
    ),
    C(
        100356,
        "Claws of the Dead",
        OPT("pro", EFF(hand_aggravated=True, this_round=True)),
        OPT("PRO", MAN()),
        source="card text; ruling RTR 19960112",
    ),
    C(
        100290,
        "Canine Horde",
        OPT("ani", S(damage=1, ranged=True)),
        OPT("ANI", S(ranged=True, destroy_equipment="{equipment}", first_strike=True)),
        source="card text; ruling RTR 19980928",
    ),
    C(101852, "Spiritual Intervention", OPT("nec", S(dodge=True)), OPT("NEC", S(combat_ends=True))),
    C(
        100749,
        "Flesh of Marble",
        OPT("pro", BR(prevent={"after_first": "normal"})),
        OPT("PRO", BR(prevent={"after_first": "all"})),
        source="card text; rulings LSJ 20040812-2, LSJ 20021001",
    ),
    C(
        102071,
        "Unflinching Persistence",
        OPT("for", PREV(1)),
        OPT("FOR", MAN(), EFF(prevent={"each_round": 1}, this_round=True)),
    ),
    C(
        102227,
        "Hunger of Marduk",
        OPT(
            "tha",
            S(steal_blood=1, ranged=True),
            note=msg(
                "The strike it gives may be chosen again this round (ruling ANK 20220207): list "
                "it again as an additional strike."
            ),
        ),
        OPT(
            "THA",
            S(steal_blood=2, ranged=True),
            note=msg(
                "The strike it gives may be chosen again this round (ruling ANK 20220207): list "
                "it again as an additional strike."
            ),
        ),
        source="card text; ruling ANK 20220207",
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
            BR(
                opponent_strength=1,
                restrict=["maneuver_to_long", "press_to_end", "equipment"],
                says="he or she cannot use maneuvers to maneuver to long range, cannot use "
                "presses to end combat and cannot use equipment",
            ),
        ),
        OPT(
            "ANI",
            BR(
                opponent_strength=1,
                press_damage=1,
                unpreventable=True,
                restrict=["maneuver_to_long", "press_to_end", "equipment"],
                says="he or she cannot use maneuvers to maneuver to long range, cannot use "
                "presses to end combat and cannot use equipment",
            ),
        ),
        source="card text; rulings RTR 19970630, LSJ 20010312",
        limits=LIM(
            Q("Only usable before range is determined on the first round.", rounds="first"),
            Q(
                "A vampire may play only one Drawing Out the Beast each combat.",
                once="combat",
            ),
            Q("During this combat, opposing vampire gets +1 strength", opponent=["vampire"]),
        ),
        kinds=("frenzy",),
    ),
    C(
        101292,
        "No Trace",
        OPT("obf", S(combat_ends=True), limits=Q("Only usable at long range.", range="long")),
        OPT("OBF", S(combat_ends=True)),
    ),
    C(
        100597,
        "Dust Up",
        OPT("ani", S(hand=True, strength_bonus=1, undodgeable=True), note=ANARCH),
        OPT("cel", S(dodge=True), ADD(1), note=ANARCH),
        OPT("pot", S(hand=True, strength_bonus=2), note=ANARCH),
        source="card text; rulings ANK 20220204, LSJ 20030902-2",
    ),
    C(
        101817,
        "Soak",
        OPT("for", PREV(2, non_aggravated=True)),
        OPT("FOR", PREV(4, non_aggravated=True)),
        source="card text; rulings LSJ 20040812-2, RTR 20041202",
        limits=Q("A vampire can play only one Soak each round.", once="round"),
    ),
    C(
        102061,
        "Undead Strength",
        *_hand_or_weapon("pot", 1),
        *_hand_or_weapon("POT", 2),
        source="card text; rulings RTR 19960221, TOM 19960225",
    ),
    C(
        101588,
        "Rego Motum",
        OPT("tha", PREV(2)),
        OPT("THA", PREV(4)),
        limits=Q("A vampire can play only one Rego Motum each round.", once="round"),
    ),
    C(
        101342,
        "Pack Alpha",
        OPT("ani", BR(employ="{retainer}")),
        OPT(
            "ANI",
            BR(burn_retainer="{retainer}", strength=1),
            note=msg(
                "The card stays on the vampire (+1 strength after this combat too; only one "
                "Pack Alpha each): for the judge after the combat."
            ),
        ),
        limits=Q("A vampire can play only one Pack Alpha each round.", once="round"),
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
        source="card text; ruling LSJ 19970801",
    ),
    C(100524, "Deny", OPT("dem", PRESS())),
    C(
        100576,
        "Donnybrook",
        OPT(
            "obf",
            S(destroy_equipment="{equipment}", first_strike=True),
            choice="equipment",
            note=ANARCH,
        ),
        OPT(
            "obf",
            S(destroy_retainer="{retainer}", first_strike=True),
            choice="retainer",
            note=ANARCH,
        ),
        OPT("pro", S(hand=True, aggravated=True), note=ANARCH),
        OPT("ser", S(steal_blood=2), note=ANARCH),
        source="card text; ruling RTR 20010711",
        limits=Q("Only usable at close range.", range="close"),
    ),
    C(
        101982,
        "Thrown Gate",
        OPT("pot", S(damage=1, ranged=True), MAN(optional=True)),
        OPT("POT", S(damage=2, ranged=True), MAN(optional=True)),
        source="card text; ruling LSJ 20021028",
    ),
    C(101542, "Rapid Change", OPT("PRO", S(combat_ends=True))),
    C(
        101960,
        "Terror Frenzy",
        OPT(
            "ani",
            BR(
                restrict=["maneuver_to_close", "press_to_continue", "equipment"],
                says="This combat, the opposing minion cannot maneuver to close range, press to "
                "continue combat or use equipment.",
            ),
            limits=Q("Only usable during the first round.", rounds="first"),
        ),
        OPT(
            "ANI",
            BR(card_cost=1),
            limits=Q(
                "A vampire can play only one Terror Frenzy at superior each combat.",
                once="combat",
                group="Terror Frenzy at superior",
            ),
        ),
        source="card text; ruling ANK 20191221",
        kinds=("frenzy",),
    ),
    C(101402, "Plasmic Form", OPT("VIC", S(dodge=True))),
    C(
        101735,
        "Shadow Body",
        OPT("obt", S(combat_ends=True)),
        OPT("OBT", S(combat_ends=True), note=AFTER_BLOCK),
    ),
    C(100834, "Glancing Blow", OPT("-", PREV(1)), source="card text; ruling LSJ 20001114"),
    C(
        100980,
        "Infernal Pursuit",
        OPT("cel", PRESS()),
        OPT(
            "CEL", note=msg("Cards drawn when replacing cards: no effect on the combat's outcome.")
        ),
    ),
    C(101778, "Side Strike", OPT("cel", S(dodge=True)), OPT("CEL", ADD(1))),
    C(
        101905,
        "Superior Mettle",
        OPT("for", PREV(every=True)),
        OPT("FOR", PREV(every=True), BR(keep=True)),
        OPT(
            "FOR",
            PREV(every=True, burn_blood=1),
            choice="a later round",
            limits=LIM(
                USE,
                Q(
                    "each round of this combat, this vampire may burn 1 blood to prevent all "
                    "damage from the opposing minion's initial strike for that round",
                    in_force="Superior Mettle",
                    strike="initial",
                    once="round",
                    group="Superior Mettle's later prevention",
                ),
            ),
        ),
        source="card text; rulings ANK 20210226, LSJ 20001114",
    ),
    C(
        101983,
        "Thrown Sewer Lid",
        OPT("pot", S(damage=3, ranged=True)),
        OPT("POT", S(damage=3, ranged=True), PRESS(optional=True)),
        source="card text; ruling TOM 19960521",
        limits=Q("Only usable at long range.", range="long"),
    ),
    C(
        100113,
        "Aura Reading",
        OPT("aus", note=msg("An open hand for the rest of combat: no effect on the outcome.")),
        OPT(
            "AUS",
            note=msg("+2 hand size for the rest of combat: no effect on the outcome."),
            limits=Q(
                "A vampire can play only one Aura Reading at superior each combat.",
                once="combat",
                group="Aura Reading at superior",
            ),
        ),
    ),
)

COMBAT_2: tuple[LibraryEntry, ...] = (
    C(
        100252,
        "Brick by Brick",
        OPT("tha", MAN()),
        OPT("vis", S(damage=2, ranged=True), MAN(optional=True)),
        OPT("VIS", RANGE()),
        source="card text; rulings LSJ 20021028, RTR 19970630",
    ),
    C(100091, "Arms of the Abyss", OPT("obt", S(dodge=True)), OPT("OBT", S(dodge=True), ADD(1))),
    C(
        100066,
        "Anesthetic Touch",
        OPT("aus", S(dodge=True)),
        OPT("obe", S(hand=True, combat_ends_after_resolution=True)),
        OPT("OBE", S(hand=True, combat_ends_after_resolution=True, first_strike=True)),
        source="card text; rulings LSJ 20011210-1, LSJ 20011210-2",
        limits=Q("Only usable at close range.", range="close"),
    ),
    C(100758, "Force of Personality", OPT("pre", S(combat_ends=True))),
    C(
        100043,
        "Amaranth",
        OPT(
            "-",
            TORP(diablerize=True),
            note=msg(
                "Only a vampire who can commit diablerie plays it; the blood hunt and a "
                "Discipline gained are for the torpor and diablerie page."
            ),
        ),
        source="card text; ruling RTR 20010711",
        limits=Q(
            "Only usable when the opposing vampire should go to torpor.", opponent=["vampire"]
        ),
    ),
    C(
        101338,
        "Outside the Hourglass",
        OPT("obf", S(dodge=True)),
        OPT("tem", MAN(), choice="maneuver"),
        OPT("tem", S(dodge=True), MAN(optional=True), choice="dodge"),
        OPT(
            "TEM",
            BR(damage=2),
            limits=Q(
                "A vampire can play only one Outside the Hourglass at superior each round.",
                once="round",
                group="Outside the Hourglass at superior",
            ),
        ),
        source="card text; rulings PIB 20120426, ANK 20180104",
    ),
    C(
        100555,
        "Disguised Weapon",
        OPT("obf", BR(equip="{weapon}")),
        OPT("OBF", BR(equip="{weapon}")),
        source="card text; ruling LSJ 19980319",
    ),
    C(100249, "Breath of Thanatos", OPT("NEC", S(damage=1, aggravated=True))),
    C(101222, "Mirror Image", OPT("CHI", S(combat_ends=True), note=AFTER_BLOCK)),
    C(
        102054,
        "Typhonic Beast",
        OPT("ser", BR(strength=1)),
        OPT("pot ser", BR(strength=1, prevent={"each_round": 1})),
        OPT(
            "POT SER",
            BR(strength=1, prevent={"each_round": 1}),
            PRESS(optional=True),
            note=PRESS_LATER,
        ),
    ),
    C(
        101334,
        "Oubliette",
        OPT("obt", S(combat_ends=True)),
        OPT("OBT", S(combat_ends=True, after_combat={"burn": 1})),
        source="card text; rulings RTR 20020501, LSJ 19980526, LSJ 20031123",
    ),
    C(
        100910,
        "Hell-for-Leather",
        OPT(
            "ani",
            S(dodge=True),
            ADD(1),
            note=ANARCH,
            limits=Q(
                "Only one Hell-for-Leather can be played at a given Discipline each combat.",
                once="combat",
                group="Hell-for-Leather at Animalism",
            ),
        ),
        OPT(
            "cel",
            ADD(1, limited=False),
            note=ANARCH,
            limits=Q(
                "Only one Hell-for-Leather can be played at a given Discipline each combat.",
                once="combat",
                group="Hell-for-Leather at Celerity",
            ),
        ),
        OPT(
            "obt",
            EOR(),
            note=msg("The opposing minion's controller burns 2 pool: outside the combat resolver."),
            limits=LIM(
                Q(
                    "Only one Hell-for-Leather can be played at a given Discipline each combat.",
                    once="combat",
                    group="Hell-for-Leather at Obtenebration",
                ),
                Q(
                    "Only usable if this Anarch is ready and the opposing minion is not.",
                    needs=["opponent_not_ready"],
                ),
            ),
        ),
        source="card text; ruling LSJ 20001206",
    ),
    C(
        100971,
        "Increased Strength",
        OPT("pot", BR(damage_bonus={"amount": 1, "requires": "pot"})),
        OPT("POT", BR(damage_bonus={"amount": 2, "requires": "pot"})),
        source="card text; ruling RTR 19970630",
    ),
    C(
        101950,
        "Telepathic Tracking",
        OPT(
            "aus",
            PRESS("continue"),
            note=msg("Its optional maneuver next round: enter it in that round."),
        ),
        OPT("AUS", NEW()),
        source="card text; rulings RTR 20030519, RTR 20020501",
    ),
    C(
        100149,
        "Behind You!",
        OPT("obf", MAN()),
        OPT("OBF", S(dodge=True)),
        limits=Q("Only usable on the first round of combat.", rounds="first"),
    ),
    C(
        100934,
        "Horrid Form",
        OPT("vic", BR(strength=1)),
        OPT("VIC", BR(strength=1, prevent={"each_round": 1})),
    ),
    C(
        100689,
        "Fae Contortion",
        OPT("obt", MAN()),
        OPT("myt", MAN(), choice="maneuver"),
        OPT(
            "myt",
            CAN(
                "any",
                "Cancel a grapple card as it is played, and its cost is not paid.",
                kinds=["grapple"],
            ),
            choice="cancel a grapple",
        ),
    ),
    C(
        101798,
        "Slam",
        OPT("pot", S(hand=True, strength_bonus=2)),
        OPT("POT", S(hand=True, strength_bonus=2), MAN("close", optional=True)),
        source="card text; ruling LSJ 20021028",
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
    C(
        101532,
        "Quickness",
        OPT("cel", ADD(1)),
        OPT("CEL", ADD(1, limited=False)),
        source="card text; ruling LSJ 20001206",
        limits=Q("A vampire can play only one Quickness each round.", once="round"),
    ),
    C(
        101196,
        "Meld with the Land",
        OPT("vic", S(combat_ends=True, unlock_opponent=True)),
        OPT("VIC", S(combat_ends=True)),
        source="card text; rulings RTR 19970630, RTR 20020501",
    ),
    C(
        101515,
        "Pulled Fangs",
        OPT(
            "-",
            EOR(damage=1),
            note=msg(
                "The card stays on the opposing vampire (it cannot hunt; two +1 stealth actions "
                "burn it): for the judge after the combat."
            ),
        ),
        source="card text; rulings TOM 19950304, LSJ 20010812, RTR 20030519",
        limits=LIM(
            Q(
                "Only usable at close range at the end of a round during which this minion "
                "successfully inflicted more damage than the opposing vampire.",
                range="close",
                needs=["more_damage"],
            ),
            Q("Put this card on the opposing vampire", opponent=["vampire"]),
        ),
    ),
    C(
        100333,
        "Charismatic Aura",
        OPT(
            "aus pre",
            CAN(
                "strike",
                "Burn 1 blood to cancel a strike card (the minion chooses a strike again) or a "
                "grapple card as it is played by the opposing minion",
                burn_blood=1,
            ),
            choice="cancel a strike card",
            limits=Q(
                "A vampire can play only one Charismatic Aura at basic each round.",
                once="round",
                group="Charismatic Aura at basic",
            ),
        ),
        OPT(
            "aus pre",
            CAN(
                "any",
                "Burn 1 blood to cancel a strike card (the minion chooses a strike again) or a "
                "grapple card as it is played by the opposing minion",
                burn_blood=1,
                kinds=["grapple"],
            ),
            choice="cancel a grapple",
            limits=Q(
                "A vampire can play only one Charismatic Aura at basic each round.",
                once="round",
                group="Charismatic Aura at basic",
            ),
        ),
        OPT("AUS PRE", S(combat_ends=True)),
        source="card text; rulings ANK 20210226, ANK 20200525-2",
    ),
    C(
        100307,
        "Catatonic Fear",
        OPT("pre", S(combat_ends=True)),
        OPT("PRE", S(combat_ends=True, after_combat={"damage": 1, "close_only": True})),
        source="card text; rulings RTR 19970630, LSJ 19980526, LSJ 20010205",
    ),
    C(
        101006,
        "Invoking the Beast",
        OPT(
            "abo",
            CAN(
                "card",
                "Cancel a frenzy card played on this vampire as it is played.",
                kinds=["frenzy"],
            ),
            choice="cancel a frenzy card",
            note=FRENZY_REFLEX,
        ),
        OPT(
            "abo",
            BR(strength=1),
            choice="strength",
            limits=Q("A vampire can play only one Invoking the Beast each combat.", once="combat"),
        ),
        OPT(
            "ABO",
            BR(strength=1),
            PRESS(optional=True),
            note=PRESS_LATER,
            limits=Q("A vampire can play only one Invoking the Beast each combat.", once="combat"),
        ),
    ),
    C(
        102139,
        "Walk of Flame",
        OPT("tha", S(damage=1, ranged=True, aggravated=True)),
        OPT("THA", S(damage=2, ranged=True, aggravated=True)),
        limits=Q("Not usable during the first round.", rounds="later"),
    ),
    C(
        100439,
        "Crawling Chamber",
        OPT("tha", MAN("long")),
        OPT("vis", MAN(), choice="maneuver"),
        OPT("vis", PRESS(), choice="press"),
        OPT(
            "VIS",
            BR(press_damage=1),
            limits=Q(
                "A vampire can play only one Crawling Chamber at superior each combat.",
                once="combat",
                group="Crawling Chamber at superior",
            ),
        ),
        source="card text; rulings RTR 19970630, LSJ 20010312",
    ),
    C(101313, "Occlusion", OPT("chi", S(dodge=True))),
    C(
        101235,
        "Molotov Cocktail",
        OPT(
            "-",
            S(
                ranged=True,
                equip_self={
                    "name": "Molotov Cocktail",
                    "strike": {
                        "damage": 2,
                        "ranged": True,
                        "aggravated": True,
                        "burn_after_use": True,
                    },
                },
            ),
            note=msg("Burned at the end of combat if still unused: for the judge."),
        ),
        source="card text; ruling ANK 20200203-1",
    ),
    C(
        102279,
        "Pass Through Shadow",
        OPT("obl", S(combat_ends=True)),
        OPT(
            "OBL",
            S(combat_ends=True),
            note=msg("After combat the card goes on the vampire for +1 stealth: for the judge."),
        ),
    ),
    C(101608, "Resilience", OPT("for", PREV(1)), OPT("FOR", PREV(3, non_aggravated=True))),
    C(
        100580,
        "Dragon's Breath Rounds",
        OPT(
            "-",
            AMMO(bonus=2, aggravated=True, burn_gun=True),
            note=msg("Only one ammo card on a gun each combat: the judge checks it."),
        ),
        source="card text; rulings LSJ 19981006, LSJ 20030419-2",
        kinds=("ammo",),
    ),
    C(
        100921,
        "Hide the Mind",
        OPT(
            "obf",
            CAN(
                "any",
                "Cancel a combat card requiring Auspex [aus] as it is played, and its cost is "
                "not paid.",
                requires=["aus"],
            ),
        ),
        source="card text; ruling PIB 20130704",
    ),
    C(
        100232,
        "Bollix",
        OPT("cel", MAN(), choice="maneuver", note=ANARCH),
        OPT("cel", PRESS(), choice="press", note=ANARCH),
        OPT(
            "pre",
            CAN(
                "any",
                "Cancel an aim, frenzy, or grapple card as it is played by the opposing minion",
                kinds=["aim", "frenzy", "grapple"],
            ),
            note=ANARCH,
        ),
        OPT(
            "tha",
            S(hand=True, strength_bonus=1, unpreventable_by=["for"], weapons_no_damage=True),
            note=ANARCH,
        ),
        source="card text; rulings ANK 20230823, LSJ 20050628",
    ),
    C(
        102208,
        "Zip Gun",
        OPT(
            "-",
            BR(
                equip={
                    "name": "Zip Gun",
                    "type": "gun",
                    "strike": {"damage": 1, "ranged": True, "recoil": 1, "recoil_once": True},
                    "maneuvers": {"count": 1, "quote": "with an optional maneuver each combat"},
                }
            ),
            choice="equip",
        ),
        OPT("-", WMAN(), choice="maneuver", limits=USE),
        source="card text; rulings LSJ 19970801, LSJ 20100310",
    ),
    C(
        100511,
        "Decapitate",
        *_hand_or_weapon("pot", 2),
        OPT(
            "POT",
            TORP(burn=True),
            limits=Q(
                "Only usable when the opposing vampire is going into torpor;",
                opponent=["vampire"],
            ),
        ),
        source="card text; ruling RTR 20010711",
    ),
    C(
        101479,
        "Predator's Transformation",
        OPT(
            "abo",
            CAN(
                "card",
                "Cancel a frenzy card played on this vampire as it is played.",
                kinds=["frenzy"],
            ),
            note=FRENZY_REFLEX,
        ),
        OPT("ABO", note=msg("Your prey burns two pool: outside the combat resolver.")),
    ),
    C(
        100651,
        "Entombment",
        OPT(
            "obt",
            S(burn_ally=True),
            limits=Q("Strike: burn the opposing ally.", opponent=["ally"]),
        ),
        OPT(
            "OBT",
            S(send_to_torpor=True),
            limits=Q("Strike: send the opposing vampire to torpor.", opponent=["vampire"]),
        ),
        source="card text; rulings LSJ 20000110, LSJ 20090622-2",
    ),
    C(
        100602,
        "Earth Swords",
        OPT("pot", S(damage=1, ranged=True)),
        OPT("myt", S(damage=2, ranged=True)),
        OPT("MYT", S(damage=3, ranged=True)),
    ),
    C(
        101646,
        "Rockheart",
        OPT("tha", S(dodge=True)),
        OPT("vis", PREV(half=True)),
        OPT(
            "VIS",
            EFF(prevent={"half_strikes": True}),
            limits=Q(
                "A vampire may play only one Rockheart at superior each combat.",
                once="combat",
                group="Rockheart at superior",
            ),
        ),
        source="card text; rulings PIB 20120116, LSJ 20001114",
    ),
    C(
        100861,
        "Groundfighting",
        OPT("-", MAN(), choice="maneuver", note=ANARCH),
        OPT("-", PRESS(), choice="press", note=ANARCH),
        OPT(
            "-",
            CAN(
                "card",
                "burn 1 blood to cancel a combat card played by the opposing minion that would "
                "restrict this anarch's choice of strikes this round as it is played",
                burn_blood=1,
                strike_choice=True,
            ),
            choice="cancel",
            note=ANARCH,
        ),
        source="card text; rulings LSJ 20050221, ANK 20210226",
    ),
    C(
        100273,
        "Burst of Sunlight",
        OPT("tha", S(damage=1, ranged=True, aggravated=True, recoil=1, recoil_aggravated=True)),
        OPT("THA", S(damage=2, ranged=True, aggravated=True, recoil=2, recoil_aggravated=True)),
        source="card text; rulings LSJ 19970801, ANK 20221212",
    ),
    C(101791, "Skin of Rock", OPT("for", PREV(1)), OPT("FOR", PREV(2))),
    C(
        101524,
        "Pushing the Limit",
        *_hand_or_weapon("pot", 2),
        *_hand_or_weapon("POT", 3),
        source="card text; rulings RTR 19960221, TOM 19960225",
    ),
    C(
        100604,
        "Earthshock",
        OPT(
            "pot",
            S(strength_bonus=0, ranged=True, undodgeable=True),
            note=msg("Not usable against a minion with flight: the judge checks it."),
        ),
        OPT(
            "POT",
            S(strength_bonus=1, ranged=True, undodgeable=True),
            note=msg("Not usable against a minion with flight: the judge checks it."),
        ),
        source="card text; rulings LSJ 20030902-2, LSJ 20060509",
    ),
    C(
        100539,
        "Devil-Channel: Hands",
        OPT(
            "abo",
            CAN(
                "card",
                "Cancel a frenzy card played on this vampire as it is played.",
                kinds=["frenzy"],
            ),
            choice="cancel a frenzy card",
            note=FRENZY_REFLEX,
        ),
        OPT("abo", BR(hand_aggravated=True), choice="aggravated hands"),
        OPT("ABO", BR(hand_aggravated=True), PRESS(optional=True), note=PRESS_LATER),
        kinds=("frenzy",),
    ),
    C(
        102190,
        "Wolf Claws",
        OPT("pro", EFF(hand_aggravated=True, this_round=True)),
        OPT("PRO", PRESS()),
        source="card text; ruling RTR 19960112",
    ),
    C(
        102060,
        "Undead Persistence",
        OPT(
            "for",
            TORP(persist=True),
            note=msg(
                "Its optional press: enter it this round. If three rounds pass with no cards "
                "played, the combat ends: the judge checks it."
            ),
            limits=Q("Only usable when this vampire should go into torpor."),
        ),
        OPT("FOR", PREV(2)),
        source="card text; rulings LSJ 20030214, TOM 19960521",
    ),
    C(
        100237,
        "Bone Spur",
        OPT("pro", EFF(hand_aggravated=True, this_round=True)),
        OPT("PRO", EFF(hand_aggravated=True)),
        source="card text; ruling RTR 19960112",
    ),
    C(
        100986,
        "Inner Essence",
        OPT("vic", BR(discount=1)),
        OPT("VIC", BR(discount=1, gain_blood=1)),
        limits=Q("A vampire can play only one Inner Essence each combat.", once="combat"),
    ),
    C(
        101944,
        "Taste of Death",
        OPT("qui", S(damage=1, ranged=True, aggravated=True)),
        OPT("QUI", S(damage=2, ranged=True, aggravated=True)),
        limits=Q("Only usable at long range.", range="long"),
    ),
    C(100020, "Acrobatics", OPT("cel", ADD(1)), OPT("CEL", S(dodge=True), ADD(1))),
    C(
        102164,
        "Weather Control",
        OPT("tha", BR(weather=1)),
        OPT("THA", BR(weather=1, escalates=True)),
        source="card text; rulings RTR 19970630, LSJ 19971110",
        limits=LIM(
            Q("Only usable before range is determined during the first round.", rounds="first"),
            Q("A vampire can play only one Weather Control each combat.", once="combat"),
        ),
    ),
    C(
        101482,
        "Preternatural Evasion",
        OPT("cel", S(dodge=True)),
        OPT("CEL", S(combat_ends=True, burn_blood=1)),
        source="card text; rulings ANK 20200703-2, ANK 20210226",
    ),
    C(
        101595,
        "Relentless Reaper",
        OPT("for", PREV(1)),
        OPT("thn", PRESS()),
        OPT("THN", NEW(burn_blood=1)),
        source="card text; rulings ANK 20210226, RTR 20030519",
    ),
    C(
        100145,
        "Bear's Skin",
        OPT("ani pro", BR(strength=1, this_round=True, prevent={"each_round": 1})),
        OPT("ANI PRO", BR(strength=1, prevent={"each_round": 1})),
        limits=Q("A vampire can play only one Bear's Skin each combat.", once="combat"),
    ),
    C(
        100378,
        "Coma",
        OPT("dem", S(send_to_torpor=True)),
        OPT(
            "DEM",
            S(send_to_torpor=True),
            note=msg("The 'does not unlock as normal' part is for the judge."),
        ),
        source="card text; rulings LSJ 20000110, LSJ 20090622-2",
        limits=Q("Strike: send the opposing vampire to torpor.", opponent=["vampire"]),
    ),
    C(
        100013,
        "Absorb the Mind",
        OPT("dom", S(dodge=True)),
        OPT("myt", S(steal_blood=1, ranged=True)),
        OPT(
            "MYT",
            S(steal_blood=1, ranged=True),
            note=msg("Stealing a master: Discipline card is for the judge."),
        ),
        source="card text; ruling RTR 20010711",
    ),
    C(
        101426,
        "Pounce",
        OPT(
            "-",
            S(
                hand=True,
                strength_bonus=2,
                stops_strikes=True,
                recoil_if_dodged=1,
                says="the opposing minion cannot strike for the remainder of the round",
            ),
            note=msg(
                "Needs flight [FLIGHT]; if dodged, the opposing minion's optional press: enter "
                "it this round."
            ),
        ),
        source="card text; rulings LSJ 19970801, LSJ 20011214",
    ),
    C(
        100076,
        "Apparition",
        OPT("chi", BR(prevent={"each_round": 1})),
        OPT("CHI", BR(prevent={"each_round": 2})),
        source="card text; rulings LSJ 20010315, RTR 20041202",
    ),
    C(
        101976,
        "Thoughts Betrayed",
        OPT("dom", BR(environmental=1, this_round=True)),
        OPT(
            "DOM",
            BR(
                restrict=["strike_cards"],
                says="Opposing minion cannot play any strike cards for the duration of this "
                "combat.",
            ),
        ),
        source="card text; rulings RTR 19970630, ANK 20210928-2",
        limits=Q("Only usable before range is determined on the first round.", rounds="first"),
    ),
    C(
        102185,
        "Wind Dance",
        OPT("tha", S(dodge=True)),
        OPT(
            "THA",
            S(dodge=True),
            ADD(
                1,
                only={
                    "dodge": True,
                    "quote": "As above, with 1 additional strike: dodge (limited).",
                },
            ),
        ),
    ),
    C(
        100925,
        "High Ground",
        OPT(
            "-",
            MAN("long"),
            note=msg(
                "With flight against a minion without it, it may set the round's range to long "
                "instead: enter that range."
            ),
        ),
        source="card text; ruling RTR 19970630",
        limits=Q("A minion may play only one High Ground each round.", once="round"),
    ),
    C(
        101889,
        "Stutter-Step",
        OPT("cel", S(dodge=True)),
        OPT(
            "CEL",
            S(
                hand=True,
                dodge=True,
                forbids=["additional_strikes"],
                says="Not usable as an additional strike, and this vampire cannot use any "
                "additional strikes this round.",
            ),
            limits=LIM(
                Q("Only usable at close range.", range="close"),
                Q("Not usable as an additional strike", strike="initial"),
            ),
        ),
        source="card text; rulings LSJ 20010919, LSJ 20011214-5",
    ),
    C(
        100704,
        "Fast Hands",
        OPT("cel", S(steal_equipment="{equipment}", weapons_only=True)),
        OPT("CEL", S(steal_equipment="{equipment}", weapons_only=True, first_strike=True)),
        source="card text; ruling RTR 19980928",
    ),
    C(
        100201,
        "Blood Fury",
        OPT(
            "tha",
            S(hand=True, strength_bonus=1, unpreventable_by=["for"], weapons_no_damage=True),
        ),
        OPT(
            "THA",
            S(hand=True, strength_bonus=2, unpreventable_by=["for"], weapons_no_damage=True),
        ),
        source="card text; rulings LSJ 20040928, LSJ 19980216, LSJ 20050628",
        limits=Q("Only usable at close range.", range="close"),
    ),
    C(
        100668,
        "Evil Eye",
        OPT(
            "mal",
            CAN(
                "strike",
                "Cancel a strike card played by the opposing minion as it is played (no cost is "
                "paid). The opposing minion cannot choose another strike and gets no strike "
                "instead.",
                no_strike=True,
            ),
        ),
        source="card text",
    ),
    C(101558, "Read Intentions", OPT("aus", PRESS("end")), OPT("AUS", S(dodge=True))),
    C(
        100814,
        "Gemini's Mirror",
        OPT("obf", S(dodge=True), MAN(optional=True)),
        OPT(
            "OBF",
            BR(coin_dodge=True),
            note=msg(
                "Give each opposing strike the coin flipped for it ('coin': 'heads' or 'tails')."
            ),
            limits=Q(
                "A vampire can play only one Gemini's Mirror at superior each combat.",
                once="combat",
                group="Gemini's Mirror at superior",
            ),
        ),
        source="card text; rulings LSJ 20031118, LSJ 20021028",
    ),
)

COMBAT_3: tuple[LibraryEntry, ...] = (
    C(101246, "Movement of the Mind", OPT("tha", PRESS("end")), OPT("THA", MAN())),
    C(
        101790,
        "Skin of Night",
        OPT("for", EFF(prevent={"aggravated_as_normal": True}, this_round=True)),
        OPT("FOR", EFF(prevent={"aggravated_as_normal": True}, this_round=True), PREV(1)),
        source="card text; rulings LSJ 20040812-2, LSJ 20001114",
    ),
    C(
        102072,
        "Unholy Penance",
        OPT("pre", S(combat_ends=True)),
        OPT(
            "PRE",
            S(combat_ends=True),
            note=msg(
                "After combat the card goes on the opposing minion (+1 bleed against its "
                "controller): for the judge."
            ),
        ),
    ),
    C(
        100859,
        "Groaning Corpse",
        *(
            OPT(
                "thn",
                BR(environmental=1, env_close_only=True, cost=x),
                choice=f"X={x}",
                note=msg("X is the number of Groaning Corpses already played this combat."),
            )
            for x in range(4)
        ),
        *(
            OPT(
                "THN",
                BR(environmental=2, env_close_only=True, cost=x),
                choice=f"X={x}",
                note=msg("X is the number of Groaning Corpses already played this combat."),
                limits=Q(
                    "A vampire can play only one Groaning Corpse at superior each combat.",
                    once="combat",
                    group="Groaning Corpse at superior",
                ),
            )
            for x in range(4)
        ),
        source="card text; ruling RTR 19941109",
    ),
    C(
        100230,
        "Body Flare",
        OPT("pro", S(damage=2, aggravated=True)),
        OPT("PRO", S(damage=2, ranged=True, aggravated=True)),
    ),
    C(
        101530,
        "Quick Meld",
        OPT("pro", MAN()),
        OPT("PRO", MAN(), BR(keep=True, this_round=True)),
        OPT(
            "PRO",
            MAN(burn_blood=1),
            choice="the extra maneuver",
            limits=LIM(
                USE,
                Q(
                    "once this round, this vampire may burn 1 blood for an additional maneuver",
                    in_force="Quick Meld",
                    once="round",
                    group="Quick Meld's extra maneuver",
                ),
            ),
        ),
    ),
    C(
        101727,
        "Serpent's Numbing Kiss",
        OPT("pre ser", S(combat_ends=True)),
        OPT(
            "PRE SER",
            S(combat_ends=True, after_combat={"cost": 1, "close_only": True}),
            note=msg("Locking the opposing minion after combat is for the judge."),
        ),
        source="card text; rulings RTR 19970630, RTR 20041202, ANK 20180420-2",
    ),
    C(102224, "Form of the Cobra", OPT("pro", S(steal_blood=1))),
    C(
        100208,
        "Blood Rage",
        OPT("tha", S(hand=True, unpreventable_by=["for"], weapons_no_damage=True)),
        OPT(
            "THA",
            S(hand=True, strength_bonus=1, unpreventable_by=["for"], weapons_no_damage=True),
        ),
        source="card text; rulings LSJ 20040928, LSJ 19980216",
        limits=Q("Only usable at close range.", range="close"),
    ),
    C(
        100089,
        "Armor of Vitality",
        OPT("for", PREV(3)),
        OPT("FOR", PREV(3, destroy_melee=True)),
        source="card text; rulings RTR 20041202, LSJ 20001114",
    ),
    C(
        100954,
        "Illusions of the Kindred",
        OPT(
            "chi",
            BR(ends_combat=True),
            note=msg(
                "The crypt's bottom vampire then enters combat with the opposing minion: a new "
                "combat to resolve on its own."
            ),
        ),
        OPT(
            "CHI",
            BR(ends_combat=True),
            note=msg(
                "The crypt's bottom vampire then enters combat with the opposing minion: a new "
                "combat to resolve on its own."
            ),
        ),
        source="card text; rulings RTR 20020501, LSJ 19971003",
    ),
    C(
        100087,
        "Armor of Caine's Fury",
        OPT("pre", PREV(1)),
        OPT(
            "val",
            BR(
                prevent={"each_round": 1, "strikes_only": True},
                frenzy_immune=True,
                says="Frenzy cards cannot be played on this vampire;",
            ),
        ),
        OPT(
            "VAL",
            BR(
                prevent={"each_round": 2, "strikes_only": True},
                frenzy_immune=True,
                says="Frenzy cards cannot be played on this vampire;",
            ),
        ),
    ),
    C(
        100125,
        "Backstep",
        OPT(
            "-",
            MAN("long"),
            note=msg(
                "If the opposing strike inflicts damage this round, the opposing minion's "
                "optional press: enter it this round."
            ),
        ),
    ),
    C(
        102255,
        "Obedient Flesh",
        OPT(
            "DOM PRO",
            BR(strength=1, this_round=True, prevent={"each_round": 1}),
            MAN(optional=True),
        ),
        limits=Q("A vampire can play only one Obedient Flesh each round.", once="round"),
    ),
    C(
        101314,
        "Octopod",
        OPT("san", BR(extra_strikes=1)),
        OPT("SAN", BR(extra_strikes=2)),
        source="card text; ruling LSJ 20020609",
        limits=Q("Usable by a vampire not involved in the combat.", outsider=True),
    ),
    C(
        100271,
        "Burning Wrath",
        OPT("pot", S(hand=True, strength_bonus=1, aggravated=True)),
        OPT("POT", S(hand=True, strength_bonus=2, aggravated=True)),
        source="card text; ruling LSJ 20020122",
    ),
    C(
        100741,
        "Flames of the Netherworld",
        OPT(
            "tha",
            S(damage=1, ranged=True, aggravated=True, burn_blood=1),
            limits=Q("Only usable at long range.", range="long"),
        ),
        OPT("dai", S(damage=1, aggravated=True)),
        OPT("DAI", S(damage=1, ranged=True, aggravated=True)),
    ),
    C(
        101995,
        "Torrent",
        OPT("cel", ADD(1)),
        OPT("CEL", S(combat_ends=True), note=AFTER_BLOCK),
    ),
    C(
        101079,
        "Leapfrog",
        OPT("obf", MAN("long")),
        OPT("spi", MAN()),
        OPT("SPI", S(combat_ends=True)),
    ),
    C(
        101921,
        "Sword of the Righteous",
        OPT("ani", BR(damage_bonus={"amount": 1, "weapon": "{equipment}"})),
        OPT(
            "val", BR(damage_bonus={"amount": 1, "weapon": "{equipment}", "make_aggravated": True})
        ),
        OPT(
            "VAL",
            BR(damage_bonus={"amount": 1, "weapon": "{equipment}", "make_aggravated": True}),
            BR(prevent={"each_round": 1}, this_round=True),
        ),
        source="card text; rulings RTR 19960221, TOM 19960225",
        limits=Q("A vampire can play only one Sword of the Righteous each combat.", once="combat"),
    ),
    C(
        100496,
        "Darkling Trickery",
        OPT("obt", PRESS("end")),
        OPT("myt", MAN(), choice="maneuver"),
        OPT("myt", PRESS(), choice="press"),
        OPT(
            "MYT",
            COUNTER(
                environmental=1,
                limits=Q(
                    "Only usable if the opposing minion strikes with a weapon that inflicts "
                    "ranged damage."
                ),
            ),
        ),
        source="card text; ruling RTR 19941109",
    ),
    C(
        100554,
        "Disengage",
        OPT("-", PRESS("end"), choice="press"),
        OPT(
            "-",
            CAN(
                "any",
                "burn 1 blood to cancel a grapple card (such as Immortal Grapple or Mighty "
                "Grapple) as it is played",
                kinds=["grapple"],
                burn_blood=1,
            ),
            choice="cancel a grapple",
        ),
        source="card text; ruling ANK 20210226",
    ),
    C(
        101736,
        "Shadow Boxing",
        OPT("obf pot", MAN("close"), choice="maneuver"),
        OPT("obf pot", PRESS("continue"), choice="press"),
    ),
    C(
        101888,
        "Stunt Cycle",
        OPT(
            "pot",
            S(damage=3, ranged=True, prevents=1),
            note=msg(
                "An opponent with Celerity may burn 1 blood to prevent all of its damage: "
                "enter that prevention on the strike."
            ),
        ),
        OPT(
            "POT",
            S(damage=4, ranged=True, prevents=2),
            note=msg(
                "An opponent with Celerity may burn 1 blood to prevent all of its damage: "
                "enter that prevention on the strike."
            ),
        ),
        limits=Q("Only usable at long range.", range="long"),
    ),
    C(
        101648,
        "Roll",
        OPT("-", MAN(), note=msg("Needs flight [FLIGHT]: the judge checks who plays it.")),
        limits=Q("A minion may play only one Roll each round.", once="round"),
    ),
    C(
        101827,
        "Song of Serenity",
        OPT("ani", BR(opponent_strength=-1, this_round=True)),
        OPT("ANI", BR(opponent_strength=-1)),
        limits=Q("A vampire may play only one Song of Serenity each combat.", once="combat"),
    ),
    C(
        101714,
        "Selective Silence",
        OPT("qui", MAN()),
        OPT("QUI", BR(burn_blood=1), RANGE()),
        limits=Q("Only usable during the first round of combat.", rounds="first"),
    ),
    C(
        100040,
        "Alpha Glint",
        OPT(
            "ani for",
            S(combat_ends=True),
            note=msg("Not usable against an older vampire: the judge compares capacities."),
        ),
        OPT(
            "ANI FOR",
            BR(ends_combat=True),
            note=msg("Not usable against an older vampire: the judge compares capacities."),
        ),
        source="card text; ruling RTR 20001020",
        limits=Q("Not usable in combat with an ally or an older vampire.", opponent=["vampire"]),
    ),
    C(100244, "Boxed In", OPT("-", PRESS())),
    C(
        102127,
        "Vitae Block",
        OPT("ani", PRESS(optional=True), note=PRESS_LATER),
        OPT(
            "obe",
            BR(drain=2),
            note=msg("The blood goes back to the opposing vampire in your unlock phase."),
        ),
        OPT(
            "OBE",
            BR(drain=3),
            note=msg("The blood goes back to the opposing vampire in your unlock phase."),
        ),
        limits=LIM(
            Q(
                "Only usable before range is determined in combat with a vampire.",
                opponent=["vampire"],
            ),
            Q("A vampire can play only one Vitae Block each combat.", once="combat"),
        ),
    ),
    C(100773, "Form of the Serpent", OPT("SER", MAN())),
    C(
        100738,
        "Fists of Death",
        OPT("pot", BR(strength=1)),
        OPT("POT", BR(strength=2)),
    ),
    C(
        100190,
        "Blissful Agony",
        OPT("ani", S(hand=True, strength_bonus=1)),
        OPT(
            "val",
            EFF(environmental=1, env_close_only=True, unpreventable=True),
            limits=LIM(
                Q(
                    "Only usable at close range before strikes are chosen.",
                    range="close",
                ),
                Q(
                    "A vampire may play only one Blissful Agony at [val] each combat.",
                    once="combat",
                    group="Blissful Agony at Valeren",
                ),
            ),
        ),
        OPT(
            "VAL",
            S(combat_ends=True),
            note=msg(
                "The opposing vampire then enters combat with a minion you choose: a new combat "
                "to resolve on its own (not if dodged)."
            ),
            limits=Q(
                "Choose a minion controlled by a Methuselah other than the opposing vampire's "
                "controller.",
                opponent=["vampire"],
            ),
        ),
        source="card text; rulings RTR 19970630, PIB 20111105, LSJ 20051020",
    ),
    C(
        101693,
        "Scorpion Sting",
        OPT("ani", S(hand=True, strength_bonus=1)),
        OPT("ANI", S(hand=True, strength_bonus=1, undodgeable=True)),
    ),
    C(
        101107,
        "Lightning Reflexes",
        OPT("cel", ADD(1)),
        *(OPT("CEL", ADD(x, burn_blood=x), choice=f"X={x}") for x in range(1, 5)),
        source="card text; ruling ANK 20210226",
    ),
    C(
        101209,
        "Mighty Grapple",
        OPT("pot", PRESS("continue")),
        *(
            OPT(o.key, *o.plays, PRESS("continue", optional=True), choice=o.choice)
            for o in _hand_or_weapon("POT", 1)
        ),
        source="card text; ruling TOM 19960521",
        kinds=("grapple",),
    ),
    C(
        101861,
        "Starvation of Marena",
        OPT("vic", S(damage=2, ranged=True), PRESS(optional=True)),
        OPT("VIC", S(damage=3, ranged=True), PRESS(optional=True)),
    ),
    C(
        101082,
        "Leathery Hide",
        OPT("-", PREV(4, non_aggravated=True)),
        source="card text; ruling LSJ 20040812-2",
        limits=Q("A vampire may play only one Leathery Hide each round.", once="round"),
    ),
    C(
        100596,
        "Dust to Dust",
        OPT("obf", PRESS("end")),
        OPT("thn", S(dodge=True), PRESS(optional=True)),
        OPT("THN", S(dodge=True), PRESS(optional=True), MAN(optional=True)),
    ),
    C(
        101744,
        "Shadow Step",
        OPT("obt", MAN()),
        OPT("OBT", BR(burn_blood=2), RANGE()),
        source="card text; rulings ANK 20210226, RTR 19970630",
    ),
    C(
        101829,
        "Soul Burn",
        OPT(
            "tha",
            S(damage=1, ranged=True, unpreventable_by=["for"], weapons_no_damage=True),
        ),
        OPT(
            "THA",
            S(damage=2, ranged=True, unpreventable_by=["for"], weapons_no_damage=True),
        ),
        source="card text; rulings LSJ 20040928, LSJ 19980216",
    ),
    C(100748, "Flesh Bond", OPT("ani", S(damage=2, ranged=True)), OPT("ANI", S(combat_ends=True))),
    C(
        100537,
        "Devil-Channel: Back",
        OPT(
            "abo",
            CAN(
                "card",
                "Cancel a frenzy card played on this vampire as it is played.",
                kinds=["frenzy"],
            ),
            choice="cancel a frenzy card",
            note=FRENZY_REFLEX,
        ),
        OPT(
            "abo",
            ADD(
                1,
                burn_blood=1,
                only={"hand": True, "quote": "only usable to make a hand strike"},
            ),
            choice="additional strike",
        ),
        OPT("ABO", ADD(1, only={"hand": True, "quote": "only usable to make a hand strike"})),
        source="card text; ruling ANK 20210226",
        kinds=("frenzy",),
    ),
    C(
        100321,
        "Chameleon's Colors",
        OPT("ani", MAN()),
        OPT("spi", PRESS(), choice="press"),
        OPT("spi", MAN(), PRESS(optional=True), choice="maneuver"),
        OPT(
            "SPI",
            S(combat_ends=True),
            note=AFTER_BLOCK,
            limits=Q("Only usable at long range.", range="long"),
        ),
    ),
    C(
        101508,
        "Psychic Assault",
        OPT("aus", S(damage=1, ranged=True, never_aggravated=True)),
        OPT(
            "aus",
            S(damage=1, ranged=True, never_aggravated=True, unpreventable=True),
            choice="Black Hand",
        ),
        OPT("AUS", S(damage=2, ranged=True, never_aggravated=True)),
        OPT(
            "AUS",
            S(damage=2, ranged=True, never_aggravated=True, unpreventable=True),
            choice="Black Hand",
        ),
    ),
    C(
        100203,
        "Blood of Acid",
        OPT("vic", EFF(acid="normal")),
        OPT("VIC", EFF(acid="aggravated")),
        source="card text; rulings RTR 19970630, PIB 20150426",
        limits=LIM(
            Q("Only usable at close range before strikes are chosen.", range="close"),
            Q("A vampire can play only one Blood of Acid each round.", once="round"),
        ),
    ),
    C(
        100403,
        "Conflagration",
        OPT("pot", S(damage=2, ranged=True)),
        OPT("dai", S(damage=1, ranged=True, aggravated=True)),
        OPT("DAI", S(damage=2, ranged=True, aggravated=True)),
    ),
    C(102305, "Shadow Shift", OPT("obl", ADD(1)), OPT("OBL", MAN())),
    C(
        100503,
        "Dead Hand",
        OPT("nec", S(hand=True, strength_bonus=1)),
        OPT("NEC", S(hand=True, strength_bonus=1, unpreventable_by=["for"])),
        source="card text; ruling LSJ 20050628",
    ),
    C(
        100489,
        "Dam the Heart's River",
        OPT("qui", BR(damage_bonus={"amount": 1, "everything": True})),
        unmodelled=(
            (
                "QUI",
                msg("strikes costing the opposing minion 1 more blood or life are not modelled"),
            ),
        ),
        source="card text; rulings ANK 20181128, ANK 20170111",
        limits=Q("A vampire can play only one Dam the Heart's River each combat.", once="combat"),
        kinds=("frenzy",),
    ),
    C(
        101077,
        "Lead Fist",
        OPT("tha", S(hand=True, strength_bonus=1)),
        OPT(
            "vis",
            S(hand=True, strength_bonus=1),
            PRESS("continue", optional=True, burn_blood=1),
        ),
        OPT(
            "VIS",
            S(hand=True, strength_bonus=2),
            PRESS("continue", optional=True, burn_blood=1),
        ),
        source="card text; ruling ANK 20210226",
    ),
    C(
        102262,
        "Touch of Valeren",
        OPT("for", PREV(every=True)),
        OPT(
            "FOR",
            PREV(every=True),
            limits=Q(
                "Only usable by a ready vampire not involved in the combat involving another "
                "minion you control.",
                outsider=True,
            ),
        ),
        source="card text; ruling LSJ 20001114",
    ),
    C(
        100219,
        "Bloodform",
        OPT(
            "vic",
            S(combat_ends=True),
            limits=Q("Only usable in combat with an ally.", opponent=["ally"]),
        ),
        OPT(
            "VIC",
            BR(
                prevent={"immune_normal": True},
                restrict_self=["strike"],
                this_round=True,
                says="This round, this vampire is immune to non-aggravated damage, cannot strike",
            ),
            PRESS("end", optional=True),
        ),
        source="card text; rulings LSJ 20010627, LSJ 20001126",
    ),
    C(
        100510,
        "Death Seeker",
        OPT(
            "-",
            CAN(
                "any",
                "Cancel a combat card played by the opposing minion as it is played, and its "
                "cost is not paid.",
            ),
        ),
        source="card text; rulings LSJ 20100206, ANK 20180910-2",
        limits=Q("A vampire can play only one Death Seeker each round.", once="round"),
    ),
    C(
        101851,
        "Spiritual Guidance",
        OPT(
            "-",
            note=msg("The combat card it plays from the ash heap: enter that card as played."),
        ),
        limits=Q("A vampire can play only one Spiritual Guidance each combat.", once="combat"),
    ),
    C(
        102106,
        "Vengeance of Samiel",
        *_hand_or_weapon("pot", 1),
        *_hand_or_weapon("val", 1, undodgeable=True),
        *_hand_or_weapon("VAL", 2, undodgeable=True),
        source="card text; rulings LSJ 20030902-2, RTR 19960221",
    ),
    C(
        102350,
        "Anticipation",
        *_hand_or_weapon("aus", 2),
        OPT(
            "AUS",
            CAN(
                "strike",
                "Burn 1 blood to cancel the opposing minion's strike card as it is played, and "
                "its cost is not paid (the minion chooses a strike again).",
                burn_blood=1,
            ),
        ),
    ),
    C(
        102266,
        "Voracious Vermin",
        OPT("ani", S(dodge=True)),
        OPT(
            "ANI",
            S(dodge=True),
            ADD(
                1,
                limited=False,
                only={
                    "name": "Voracious Vermin",
                    "quote": "with 1 additional ranged strike: burn weapon",
                },
            ),
            S(ranged=True, destroy_equipment="{equipment}", weapons_only=True),
        ),
    ),
    C(
        102225,
        "Form of the Wolf",
        OPT("pro", BR(strength=1)),
        OPT("PRO", BR(strength=1), note=msg("Its optional press this combat: enter it when used.")),
        limits=Q("A vampire can play only one Form of the Wolf each combat.", once="combat"),
    ),
    C(
        102003,
        "Tracker's Mark",
        OPT(
            "-",
            EOR(),
            note=msg(
                "The card goes on the opposing minion (intercept, a combat action): outside the "
                "combat resolver."
            ),
        ),
        limits=LIM(
            Q(
                "Play when the opposing minion burns blood or life due to damage.",
                needs=["opponent_lost_blood"],
            ),
            Q("A vampire can play only one Tracker's Mark each combat.", once="combat"),
        ),
    ),
    C(
        101679,
        "Sanguine Entrapment",
        OPT(
            "cel qui",
            BR(
                restrict=["dodge"],
                this_round=True,
                says="The opposing minion cannot strike: dodge this round.",
            ),
        ),
        OPT(
            "CEL QUI",
            BR(
                restrict=["combat_ends"],
                this_round=True,
                says="The opposing minion cannot strike: combat ends this round.",
            ),
        ),
        limits=Q("A vampire can play only one Sanguine Entrapment each round.", once="round"),
    ),
    C(100504, "Dead-End Alley", OPT("-", PRESS("continue"))),
    C(
        102260,
        "Sculpt the Flesh",
        OPT("pro", S(hand=True, aggravated=True)),
        OPT(
            "PRO",
            S(hand=True, strength_bonus=1),
            note=msg(
                "The card goes on the opposing minion (1 blood or life burned each unlock "
                "phase): outside the combat resolver."
            ),
        ),
    ),
    C(
        101131,
        "Lucky Blow",
        *_hand_or_weapon("-", 1),
        source="card text; rulings LSJ 20010627, RTR 19960221",
    ),
    C(
        100495,
        "Dark Steel",
        OPT("obt pot", BR(environmental=1, env_close_only=True), MAN("close", optional=True)),
        OPT("OBT POT", BR(environmental=2, env_close_only=True), MAN("close", optional=True)),
        source="card text; ruling RTR 19941109",
        limits=Q("A vampire can play only one Dark Steel each combat.", once="combat"),
    ),
    C(100772, "Form of the Ghost", OPT("pro", MAN()), OPT("PRO", PRESS())),
    C(
        100679,
        "Eye of Unforgiving Heaven",
        OPT(
            "aus val",
            S(damage=2, ranged=True, aggravated=True, recoil=2, recoil_aggravated=True),
            note=msg(
                "Against an ally only a demon takes the damage, and 2 pool if this vampire is "
                "burned: for the judge."
            ),
        ),
        OPT(
            "AUS VAL",
            S(damage=2, ranged=True, aggravated=True, recoil=2),
            note=msg(
                "Against an ally only a demon takes the damage, and 2 pool if this vampire is "
                "burned: for the judge."
            ),
        ),
    ),
    C(
        101382,
        "Penitent Resilience",
        OPT(
            "for",
            EFF(prevent={"aggravated_as_normal": True}, this_round=True),
            note=msg("Flash Grenade having no effect on this vampire is for the judge."),
        ),
        OPT(
            "for obe",
            EFF(prevent={"aggravated_as_normal": True}),
            note=msg("Flash Grenade having no effect on this vampire is for the judge."),
        ),
    ),
    C(
        100753,
        "Focus the Blood",
        OPT("-", BR(discount=1), note=msg("Only an Assamite plays it: the judge checks it.")),
        limits=Q("A vampire can play only one Focus the Blood each combat.", once="combat"),
    ),
    C(
        101869,
        "Steely Tenacity",
        *(
            OPT(o.key, *o.plays, PRESS(optional=True), choice=o.choice, note=ANARCH)
            for o in _hand_or_weapon("ani", 1)
        ),
    ),
    C(
        101071,
        "Lam Into",
        *(
            OPT(o.key, *o.plays, MAN(optional=True), choice=o.choice, note=ANARCH)
            for o in _hand_or_weapon("for", 1)
        ),
        *(OPT(o.key, *o.plays, choice=o.choice, note=ANARCH) for o in _hand_or_weapon("pot", 2)),
        *(
            OPT(o.key, *o.plays, PRESS(optional=True), CLOSE, choice=o.choice, note=ANARCH)
            for o in _hand_or_weapon("vic", 1)
        ),
        source="card text; rulings LSJ 20021028, RTR 19970630",
    ),
    C(
        101175,
        "Martyr's Resilience",
        OPT("aus for", PREV(1)),
        *(OPT("AUS FOR", PREV(x + 1, burn_blood=x), choice=f"X={x}") for x in range(1, 5)),
        source="card text; rulings ANK 20181101, LSJ 20001114",
        limits=Q("Only usable by an unlocked vampire not involved in the combat.", outsider=True),
    ),
    C(
        101529,
        "Quick Jab",
        OPT("-", S(hand=True, first_strike=True, max_damage=1)),
        source="card text; ruling LSJ 20071117",
    ),
    C(
        100376,
        "Cold Aura",
        OPT("nec", RANGE("long")),
        OPT("NEC", RANGE("long"), PRESS("end", optional=True)),
        source="card text; ruling RTR 19970630",
    ),
    C(
        100408,
        "Conquer the Beast",
        OPT(
            "ani",
            BR(
                restrict_self=["equipment"],
                trap_press=True,
                says="This vampire cannot use equipment this combat.",
            ),
            note=msg(
                "Its counters (reset to 3 by every card played) are not tracked: remove it when "
                "they run out."
            ),
        ),
        OPT(
            "ANI",
            BR(restrict_self=["equipment"], says="This vampire cannot use equipment this combat."),
            note=msg("Its optional presses each round: enter them in each round's presses."),
        ),
        limits=Q("Only usable before range is determined during the first round.", rounds="first"),
    ),
    C(
        100235,
        "Bond with the Mountain",
        OPT("tha", S(dodge=True), PRESS(optional=True)),
        OPT("vis", S(combat_ends=True, unlock=True, unlock_opponent=True)),
        OPT("VIS", S(combat_ends=True, unlock=True)),
        source="card text; rulings RTR 19970630, RTR 20020501",
    ),
    C(
        101096,
        "Lessons in the Steel",
        OPT(
            "aus for",
            PRESS(),
            note=msg("Looking at the opposing controller's hand: no effect on the outcome."),
        ),
        OPT(
            "AUS FOR",
            PRESS(),
            note=msg("The hand, and the card discarded from it: no effect on the outcome."),
        ),
        limits=LIM(
            Q(
                "Only usable when damage is successfully inflicted on this vampire.",
                needs=["damage_taken"],
            ),
            Q("A vampire can play only one Lessons in the Steel each round.", once="round"),
        ),
    ),
    C(
        101939,
        "Target Head",
        OPT(
            "-",
            AIM(aim_bonus=2, aim_always=True, aim_forbids=["additional_strikes", "press"]),
            note=msg(
                "The opponent may discard a combat card to cancel it: then do not enter it. "
                "Setting the next round's range: enter it as that round's range."
            ),
        ),
        source="card text; rulings RTR 19960221, LSJ 20011214-5",
        limits=Q(
            "he or she cannot use any additional strikes or presses this round",
        ),
        kinds=("aim",),
    ),
    C(
        101023,
        "Jones, The",
        OPT(
            "ser",
            S(dodge=True),
            PRESS("end", optional=True),
            note=msg("Only against an ally or a younger vampire: the judge compares capacities."),
        ),
        OPT(
            "SER",
            CAN(
                "strike",
                "Cancel the opposing minion's strike card as it is played, and its cost is not "
                "paid (the minion chooses another strike).",
            ),
            note=msg("Only against an ally or a younger vampire: the judge compares capacities."),
            limits=Q(
                "A vampire can play only one The Jones at superior each round.",
                once="round",
                group="The Jones at superior",
            ),
        ),
    ),
    C(
        101970,
        "Thin Blood",
        OPT("qui", EFF(drain=1)),
        OPT("QUI", EFF(drain=2)),
        limits=LIM(
            Q("Only usable at close range before strikes are chosen.", range="close"),
            Q("A vampire can play only one Thin Blood each round.", once="round"),
            Q("The opposing vampire burns 1 blood.", opponent=["vampire"]),
        ),
    ),
    C(
        101202,
        "Mercury's Arrow",
        OPT("cel", S(damage=1, ranged=True), MAN(optional=True)),
        OPT("CEL", S(damage=3, ranged=True)),
        source="card text; ruling LSJ 20021028",
    ),
    C(
        101797,
        "Slake the Thirst",
        OPT(
            "san",
            note=msg(
                "Another Blood Brother gains the same blood: outside this combat's two minions."
            ),
        ),
    ),
    C(
        101072,
        "Lapse",
        OPT("pot", BR(strength=2, this_round=True)),
        OPT(
            "tem",
            BR(
                restrict=["maneuver"],
                this_round=True,
                says="This round, the opposing minion cannot maneuver.",
            ),
        ),
        OPT(
            "TEM",
            BR(
                restrict=["initial_strike"],
                this_round=True,
                says="This round, the opposing minion cannot strike during the initial strike step",
            ),
        ),
        source="card text; ruling LSJ 20001126",
    ),
    C(
        101825,
        "Song in the Dark",
        OPT("ani", S(damage=2)),
        OPT("ANI", S(damage=2, aggravated=True)),
    ),
    C(
        100228,
        "Body Arsenal",
        OPT("vic", EFF(hand_aggravated=True, this_round=True)),
        OPT("VIC", EFF(hand_aggravated=True, this_round=True), BR(strength=1)),
        source="card text; ruling RTR 19960112",
    ),
    C(
        100270,
        "Burning Touch",
        OPT("tha", S(damage=1, unpreventable_by=["for"])),
    ),
    C(
        102349,
        "Angel's Gift",
        OPT("-", BR(equip="{weapon}"), choice="melee weapon"),
        OPT("-", MAN("close", optional=True), choice="maneuver"),
        limits=Q("A vampire can play only one Angel's Gift each round.", once="round"),
    ),
    C(
        101979,
        "Three's a Crowd",
        OPT(
            "-",
            RANGE("close"),
            PRESS("continue", optional=True),
            note=msg("Requires a Blood Brother of the same circle: the judge checks it."),
        ),
        limits=Q(
            "Requires a ready unlocked Blood Brother of the same circle as another one you "
            "control in combat.",
            outsider=True,
        ),
    ),
    C(
        100751,
        "Flow Within the Mountain",
        OPT("tha", PRESS()),
        OPT("vis", S(combat_ends=True)),
        OPT("VIS", S(combat_ends=True), note=AFTER_BLOCK),
    ),
    C(
        101669,
        "Sacrament of Carnage",
        OPT("pot", S(damage=2, ranged=True)),
        OPT("POT", S(damage=3, ranged=True)),
    ),
    C(
        101203,
        "Mercy for Seth",
        OPT(
            "nec",
            S(),
            note=msg(
                "The card goes on the opposing minion (a mortal burns; damage each unlock "
                "phase): outside the combat resolver."
            ),
        ),
        OPT(
            "NEC",
            S(damage=1),
            note=msg(
                "The card goes on the opposing minion (a mortal burns; damage each unlock "
                "phase): outside the combat resolver."
            ),
        ),
    ),
    C(101528, "Quick Exit", OPT("obf", PRESS("end")), OPT("OBF", S(dodge=True))),
    C(
        100211,
        "Blood Sweat",
        OPT("qui", S(damage=2, ranged=True, unpreventable=True)),
        OPT("QUI", S(damage=3, ranged=True, unpreventable=True)),
        limits=Q("Only usable at long range.", range="long"),
    ),
    C(101288, "Nimble Feet", OPT("cel", PRESS()), OPT("CEL", ADD(1))),
    C(
        101882,
        "Street Cred",
        OPT("pot", EOR(), note=msg("Blood moved to a younger vampire: outside the combat.")),
        OPT("POT", EOR(), note=msg("Blood moved to a younger vampire: outside the combat.")),
        source="card text; ruling RTR 20030519",
        limits=Q(
            "Only usable at the end of a round of combat in which this vampire successfully "
            "inflicted more damage than the opposing minion.",
            needs=["more_damage"],
        ),
    ),
    C(
        102330,
        "Kiss of Cathari",
        OPT("obf", S(combat_ends=True)),
        OPT("pre", S(combat_ends=True)),
        OPT(
            "OBF",
            S(combat_ends=True),
            note=msg("After combat at close range, stunning the opposing minion is for the judge."),
        ),
        OPT(
            "PRE",
            S(combat_ends=True),
            note=msg("After combat at close range, stunning the opposing minion is for the judge."),
        ),
        source="card text; ruling LSJ 20070124",
    ),
    C(
        100915,
        "Hexe",
        OPT("dai", S(damage=2, ranged=True)),
        OPT("str", S(damage=1, ranged=True, aggravated=True)),
        OPT("STR", S(damage=1, ranged=True, aggravated=True, unpreventable=True)),
    ),
    C(
        102089,
        "Vampiric Speed",
        OPT("cel", S(dodge=True)),
        OPT("CEL", S(dodge=True), PRESS(optional=True)),
    ),
    C(102275, "Arms of Ahriman", OPT("obl", ADD(1)), OPT("OBL", S(dodge=True), ADD(1))),
    C(
        100389,
        "Compress",
        OPT("pot", S(hand=True, strength_bonus=2)),
        OPT("thn", S(damage=2, aggravated=True)),
        OPT("THN", S(damage=3, aggravated=True)),
        source="card text; ruling LSJ 20020211",
    ),
    C(
        101160,
        "Manstopper Rounds",
        OPT(
            "-",
            AMMO(bonus=1),
            note=msg("Only one ammo card on a gun each combat: the judge checks it."),
        ),
        source="card text; rulings TOM 19960225, RTR 19990105",
        kinds=("ammo",),
    ),
    C(100838, "Gleam of Red Eyes", OPT("pro", PRESS()), OPT("PRO", MAN())),
)

COMBAT: tuple[LibraryEntry, ...] = (*COMBAT_1, *COMBAT_2, *COMBAT_3)


def _gun(damage: int, *, maneuvers: int = 0, quote: str = "", **strike: Any) -> CardPlay:
    more: dict[str, Any] = {"type": "gun"}
    if maneuvers:
        more["maneuvers"] = {"count": maneuvers, "quote": quote}
    return EQ({"damage": damage, "ranged": True, **strike}, **more)


EQUIPMENT: tuple[LibraryEntry, ...] = (
    W(
        100001,
        ".44 Magnum",
        OPT(
            "-",
            _gun(2, maneuvers=1, quote="with 1 optional maneuver each combat"),
            choice="carried",
        ),
        OPT("-", WMAN(), choice="maneuver"),
        source="card text; rulings LSJ 19980302-2, LSJ 20021028",
    ),
    W(101014, "Ivory Bow", OPT("-", EQ({"damage": 1, "ranged": True, "aggravated": True}))),
    W(
        101816,
        "Sniper Rifle",
        OPT("-", _gun(2, long_range_only=True), choice="carried"),
        OPT(
            "-",
            RANGE("long", commit_weapon=True),
            choice="set the first round's range",
            note=msg("Only if the bearer blocked the acting minion: the judge checks it."),
            limits=LIM(
                Q(
                    "If the bearer blocks, they can, before range is determined, set the range "
                    "for the first round of the resulting combat to long",
                    rounds="first",
                    side="opposing",
                ),
            ),
        ),
        source="card text; rulings RTR 20020501, RTR 19970630",
    ),
    W(
        101081,
        "Leather Jacket",
        OPT("-", EQ(), choice="carried"),
        OPT("-", PREV(every=True, burn="Leather Jacket"), choice="burn to prevent"),
        source="card text; ruling LSJ 20001114",
    ),
    W(
        100745,
        "Flash Grenade",
        OPT(
            "-",
            EQ({"combat_ends": True, "burn_after_use": True}),
            note=msg(
                "Locking the opposing vampire (and the bearer at close range) is for the judge."
            ),
        ),
        source="card text; rulings RTR 20041202, LSJ 20001127-2",
    ),
    W(
        101682,
        "Saturday-Night Special",
        OPT(
            "-",
            _gun(1, maneuvers=1, quote="with an optional maneuver each combat"),
            choice="carried",
        ),
        OPT("-", WMAN(), choice="maneuver"),
        source="card text; ruling LSJ 20021028",
    ),
    W(
        101040,
        "Kevlar Vest",
        OPT("-", EQ(), choice="carried"),
        OPT(
            "-",
            PREV(1, gun_amount=2, equipment="Kevlar Vest"),
            choice="prevent",
            limits=Q(
                "Once each combat, the bearer can prevent 2 damage from gun strikes or 1 damage "
                "from any other source.",
                once="combat",
            ),
        ),
        source="card text; ruling LSJ 20081210",
    ),
    W(
        100107,
        "Assault Rifle",
        OPT(
            "-",
            _gun(4, maneuvers=1, quote="with 1 optional maneuver each combat"),
            choice="carried",
        ),
        OPT("-", WMAN(), choice="maneuver"),
        source="card text; ruling LSJ 20021028",
    ),
    W(
        101035,
        "Kaymakli Fragment",
        OPT("-", EQ(), choice="carried", note=OUTCOME),
        OPT(
            "-",
            S(steal_equipment="Kaymakli Fragment"),
            choice="steal it",
            note=msg("Played by the opposing minion: a strike that takes the Fragment."),
        ),
    ),
    W(
        100739,
        "Flak Jacket",
        OPT("-", EQ(), choice="carried"),
        OPT(
            "-",
            PREV(1, equipment="Flak Jacket"),
            choice="prevent",
            limits=Q(
                "The minion with this equipment may prevent 1 damage each combat.",
                once="combat",
            ),
        ),
    ),
    W(
        100474,
        "The Crusader Sword",
        OPT(
            "-",
            EQ(
                {"strength_bonus": 1, "aggravated": True},
                type="melee",
                restrict=["maneuver_to_close"],
                says="Vampires opposing this minion with True Faith or this imbued cannot use "
                "maneuvers to go to close range.",
            ),
            note=msg("Only a minion with True Faith or an imbued can use it: the judge checks it."),
        ),
        source="card text; ruling LSJ 20030607",
    ),
    W(
        100964,
        "Improvised Flamethrower",
        OPT(
            "-",
            EQ(
                {
                    "damage": 2,
                    "ranged": True,
                    "aggravated": True,
                    "limits": {
                        "once": "combat",
                        "quote": "Strike: 2R aggravated damage, only usable once per combat.",
                    },
                },
                burns_at_long={
                    "damage": 2,
                    "aggravated": True,
                    "quote": "If the opposing minion inflicts any damage on this minion at long "
                    "range (even if it is prevented), this weapon is burned and the bearer "
                    "takes 2 aggravated (non-strike) damage.",
                },
            ),
        ),
        source="card text; rulings LSJ 20040802, LSJ 20100709, ANK 20230316",
    ),
    W(
        102015,
        "Treasured Samadji",
        OPT(
            "-",
            EQ(
                {
                    "dodge": True,
                    "limits": {
                        "once": "combat",
                        "quote": "Once each combat, this Ravnos can strike: dodge.",
                    },
                }
            ),
            note=msg("Only a Ravnos uses it: the judge checks it."),
        ),
    ),
    W(100742, "Flamethrower", OPT("-", EQ({"damage": 2, "ranged": True, "aggravated": True}))),
    W(
        100857,
        "Grenade",
        OPT(
            "-",
            EQ(
                {
                    "damage": 3,
                    "ranged": True,
                    "recoil": 1,
                    "recoil_close_only": True,
                    "burn_after_use": True,
                }
            ),
        ),
        source="card text; rulings LSJ 19970801, LSJ 20001127-2",
    ),
    W(
        100212,
        "Blood Tears of Kephran",
        OPT("-", EQ(), choice="carried", note=msg("Burning it to gain 2 blood: outside combat.")),
        OPT("-", PREV(2, burn="Blood Tears of Kephran"), choice="burn to prevent"),
        source="card text; ruling RTR 20041202",
    ),
    W(
        100516,
        "Deer Rifle",
        OPT(
            "-",
            _gun(1, maneuvers=2, quote="with two optional maneuvers each combat"),
            choice="carried",
        ),
        OPT("-", WMAN(), choice="maneuver"),
        source="card text; ruling LSJ 20021028",
    ),
    W(
        101931,
        "Talbot's Chainsaw",
        OPT(
            "-",
            EQ(
                {"damage": 3},
                type="melee",
                press_first_round="The bearer gets 1 press (mandatory), only usable to continue "
                "combat during the first round",
            ),
            choice="carried",
            note=msg(
                "Its unlock-phase damage, hunting and combat action are outside the combat "
                "resolver."
            ),
        ),
        OPT(
            "-",
            PREV(1, equipment="Talbot's Chainsaw"),
            choice="prevent",
            limits=Q("and can prevent 1 damage each combat.", once="combat"),
        ),
        source="card text; rulings LSJ 19971215, ANK 20200525-1",
    ),
    W(
        101715,
        "Sengir Dagger",
        OPT("-", EQ({"strength_bonus": 0, "aggravated": True}, type="melee")),
    ),
    W(100529, "Desert Eagle", OPT("-", _gun(2))),
    W(
        100175,
        "Blade of Bellona",
        OPT(
            "-",
            EQ(
                {"strength_bonus": 1},
                type="melee",
                maneuvers={
                    "count": 1,
                    "to": "close",
                    "quote": "with 1 optional maneuver each combat, only usable to get to close "
                    "range",
                },
            ),
            choice="carried",
        ),
        OPT("-", WMAN(), choice="maneuver"),
        source="card text; ruling LSJ 20021028",
    ),
    W(
        102192,
        "Wooden Stake",
        OPT(
            "-",
            EQ({"strength_bonus": 0, "torpor_after": 2, "transfers": True}, type="melee"),
            note=msg(
                "The vampire the card moves to does not unlock as normal while it stays in "
                "torpor: for the judge."
            ),
        ),
        source="card text; ruling LSJ 19980831",
    ),
    W(
        100720,
        "Femur of Toomler",
        OPT("-", EQ({"strength_bonus": 1, "aggravated": True}, type="melee")),
    ),
    W(
        101168,
        "Mark V",
        OPT(
            "-",
            _gun(
                4,
                long_range_only=True,
                limits={
                    "once": "round",
                    "quote": "only usable once each round and only at long range",
                },
            ),
        ),
        source="card text; ruling ANK 20230316",
    ),
    W(
        101655,
        "Rowan Ring",
        OPT(
            "-",
            EQ({"send_to_torpor": True, "unpreventable": True, "transfers": True}, type="melee"),
            note=msg(
                "The vampire the card moves to does not unlock as normal while it stays in "
                "torpor: for the judge."
            ),
        ),
        source="card text; rulings LSJ 19980219, LSJ 20090622-2",
    ),
    W(
        101685,
        "Sawed-Off Shotgun",
        OPT(
            "-",
            _gun(
                3,
                limits={
                    "once": "combat",
                    "quote": "3R damage each strike, only usable once each combat.",
                },
            ),
        ),
        source="card text; ruling ANK 20230316",
    ),
    W(
        100032,
        "AK-47",
        OPT(
            "-",
            _gun(2, maneuvers=1, quote="with 1 optional maneuver each combat"),
            choice="carried",
        ),
        OPT("-", WMAN(), choice="maneuver"),
        OPT(
            "-",
            ADD(
                1,
                only={
                    "weapon": "AK-47",
                    "after": True,
                    "quote": "After the bearer strikes with this gun, they get 1 optional "
                    "additional strike (limited), only usable to strike with this gun, this "
                    "round.",
                },
            ),
            choice="additional strike",
        ),
        source="card text; ruling LSJ 20021028",
    ),
    W(
        100678,
        "Eye of Hazimel",
        OPT(
            "-",
            EQ(strength=1, card_discount=1),
            note=msg(
                "Its bleed, combat action, superior Disciplines, the damage when it burns and "
                "the pool burned each unlock phase are for the judge."
            ),
        ),
    ),
    W(
        100176,
        "Blade of Enoch",
        OPT(
            "-",
            EQ({"strength_bonus": 1}, type="melee"),
            note=msg(
                "Only a vampire of capacity above 5 strikes with it; its aggravated damage to a "
                "Brujah and frenzy immunity are for the judge."
            ),
        ),
        source="card text; ruling LSJ 20030607",
    ),
    W(
        101191,
        "Meat Hook",
        OPT(
            "-",
            EQ(
                {
                    "strength_bonus": 1,
                    "limits": {"once": "round", "quote": "only usable once each round"},
                },
                type="melee",
            ),
            note=msg(
                "Its optional press once each combat (at close range, not dodged): enter it in "
                "that round's presses."
            ),
        ),
        source="card text; ruling ANK 20230316",
    ),
    W(
        101860,
        "Starshell Grenade Launcher",
        OPT(
            "-",
            EQ(
                {
                    "damage": 1,
                    "ranged": True,
                    "aggravated": True,
                    "long_range_only": True,
                    "limits": {
                        "once": "combat",
                        "quote": "only usable once per combat, and only usable at long range",
                    },
                }
            ),
            note=msg("Locking it to give -1 stealth is used outside combat."),
        ),
        source="card text; ruling ANK 20230316",
    ),
    W(
        102179,
        "White Phosphorus Grenade",
        OPT(
            "-",
            EQ(
                {
                    "damage": 2,
                    "ranged": True,
                    "aggravated": True,
                    "recoil": 1,
                    "recoil_aggravated": True,
                    "recoil_close_only": True,
                    "burn_after_use": True,
                }
            ),
        ),
        source="card text; rulings LSJ 19970801, LSJ 20001127-2",
    ),
    W(
        102359,
        "Righteous Blade",
        OPT(
            "-",
            EQ({"strength_bonus": 1}, type="melee"),
            note=msg("Its optional press to continue, once each combat: enter it when used."),
        ),
    ),
    W(
        100233,
        "Bomb",
        OPT(
            "-",
            EQ({"damage": 5, "ranged": True, "recoil": 5, "burn_after_use": True}),
            note=msg("Burning a location as an action is outside combat."),
        ),
        source="card text; rulings LSJ 19970801, LSJ 19981006",
    ),
    W(
        102238,
        "Enhanced Coagulant",
        OPT(
            "-",
            EQ(
                {
                    "damage": 3,
                    "unpreventable": True,
                    "burn_after_use": True,
                    "limits": {
                        "opponent": ["vampire"],
                        "quote": "put this card on the opposing vampire",
                    },
                }
            ),
            note=msg(
                "The card then goes on the opposing vampire (costlier Disciplines): for the judge."
            ),
        ),
        source="card text; rulings ANK 20220923, ANK 20220818",
    ),
    W(
        100133,
        "Banshee Ironwail",
        OPT(
            "-",
            EQ({"strength_bonus": 2}, type="melee"),
            note=msg(
                "Its -1 stealth and the blood burned when the bearer blocks are outside combat."
            ),
        ),
    ),
    W(
        100209,
        "Blood Shield",
        OPT("-", EQ(), choice="carried"),
        OPT(
            "-",
            PREV(1, equipment="Blood Shield", punish_hand=2),
            choice="prevent",
            limits=Q(
                "The minion with this equipment may prevent 1 damage from an opposing minion's "
                "strike each round.",
                once="round",
            ),
        ),
        source="card text; ruling LSJ 20090528-1",
    ),
    W(100226, "Blow Torch", OPT("-", EQ({"damage": 1, "aggravated": True}))),
    W(
        100811,
        "Gas-Powered Chainsaw",
        OPT(
            "-",
            EQ(
                {
                    "damage": 3,
                    "limits": {
                        "once": "combat",
                        "quote": "This weapon is only usable once each combat.",
                    },
                },
                type="melee",
            ),
        ),
        source="card text; ruling ANK 20230316",
    ),
    W(
        100137,
        "Baseball Bat",
        OPT("-", EQ({"strength_bonus": 1}, type="melee")),
    ),
)
