"""What a card library option does, in our own words (the card picker shows it).

:func:`describe` turns each play of an option into a short phrase (a catalog message, so in
the reader's language) and joins them by semicolons. It never quotes the card: the card text
itself is shown beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes.card_entry import CardOption, CardPlay
from rules.vtes.combat_effects import RESTRICTIONS

__all__ = ["describe"]

_SLOT_WORDS: Mapping[str, Message] = {
    "maneuver": msg_p("card slot", "maneuver"),
    "press": msg_p("card slot", "press"),
    "new_round": msg_p("card slot", "a new round instead of the combat ending"),
    "next_round_range": msg_p("card slot", "the next round is at close range"),
    "round_range": msg_p("card slot", "sets this round's range"),
    "equipment": msg_p("card slot", "equipment"),
}

_STRIKE_FLAGS: tuple[tuple[str, Message], ...] = (
    ("aggravated", msg_p("strike effect", "aggravated")),
    ("dodge", msg_p("strike effect", "dodge")),
    ("combat_ends", msg_p("strike effect", "combat ends")),
    ("combat_ends_after_resolution", msg_p("strike effect", "combat ends after resolution")),
    ("first_strike", msg_p("strike effect", "first strike")),
    ("undodgeable", msg_p("strike effect", "cannot be dodged")),
    ("long_range_only", msg_p("strike effect", "long range only")),
    ("send_to_torpor", msg_p("strike effect", "sends to torpor")),
    ("unlock", msg_p("strike effect", "unlock")),
    ("unlock_opponent", msg_p("strike effect", "unlocks the opposing minion")),
    ("burn_ally", msg_p("strike effect", "burns the opposing ally")),
    ("weapons_no_damage", msg_p("strike effect", "the opponent's weapons inflict no damage")),
    ("stops_strikes", msg_p("strike effect", "the opponent cannot strike again this round")),
    ("unpreventable", msg_p("strike effect", "unpreventable")),
    ("never_aggravated", msg_p("strike effect", "never aggravated")),
    ("spend_counters", msg_p("strike effect", "burns a counter per damage")),
    ("burn_after_use", msg_p("strike effect", "burned after use")),
)

_ONLY: Mapping[str, Message] = {
    "close": msg_p("range", "close"),
    "long": msg_p("range", "long"),
    "continue": msg_p("press purpose", "continue"),
    "end": msg_p("press purpose", "end"),
}


def _semicolons(parts: list[Message]) -> Message | str:
    """The parts joined by semicolons ("" for none)."""
    if not parts:
        return ""
    joined = parts[0]
    for part in parts[1:]:
        joined = msg("{first}; {second}", first=joined, second=part)
    return joined


def _strike_words(f: Mapping[str, Any]) -> Message:
    parts: list[Message] = []
    if f.get("weapon"):
        bonus = f.get("bonus", 0)
        parts.append(msg("a weapon's strike at +{bonus}", bonus=bonus))
    elif f.get("hand"):
        bonus = f.get("strength_bonus", 0)
        if bonus:
            parts.append(msg("hand strike at +{bonus}", bonus=bonus))
        else:
            parts.append(msg_p("strike name", "hand strike"))
    elif "strength_bonus" in f:
        bonus = f["strength_bonus"]
        if bonus:
            parts.append(msg("strength+{bonus} damage", bonus=bonus))
        else:
            parts.append(msg("strength damage"))
    elif f.get("damage"):
        r = "R" if f.get("ranged") else ""
        parts.append(msg_n("{n}{r} damage", "{n}{r} damage", f["damage"], r=r))
    parts.extend(said for key, said in _STRIKE_FLAGS if f.get(key))
    if f.get("steal_blood"):
        parts.append(msg_n("steal {n} blood", "steal {n} blood", f["steal_blood"]))
    if f.get("destroy_equipment"):
        parts.append(msg("destroy equipment"))
    if f.get("destroy_retainer"):
        parts.append(msg("burn a retainer"))
    if f.get("steal_equipment"):
        parts.append(msg("steal equipment"))
    if f.get("unpreventable_by"):
        parts.append(msg("not preventable by Fortitude cards"))
    if f.get("after_combat"):
        parts.append(msg("an effect after the combat"))
    if f.get("max_damage"):
        parts.append(msg_n("at most {n} damage", "at most {n} damage", f["max_damage"]))
    if f.get("equip_self"):
        parts.append(msg("becomes a weapon usable from the next round"))
    if f.get("prevents"):
        parts.append(msg_n("prevents {n} damage", "prevents {n} damage", f["prevents"]))
    if f.get("recoil"):
        n = f["recoil"]
        parts.append(msg_n("the striker takes {n} damage", "the striker takes {n} damage", n))
    if f.get("recoil_if_dodged"):
        parts.append(msg("the striker takes damage if dodged"))
    if f.get("forbids"):
        parts.append(
            msg("the striker cannot {what}", what=tuple(RESTRICTIONS[r] for r in f["forbids"]))
        )
    return msg("strike: {parts}", parts=tuple(parts))


def _prevent_words(p: Mapping[str, Any], this_round: bool = False) -> list[Message]:
    parts: list[Message] = []
    if p.get("each_round"):
        if p.get("strikes_only"):
            parts.append(
                msg_n(
                    "prevent {n} damage from strikes each round",
                    "prevent {n} damage from strikes each round",
                    p["each_round"],
                )
            )
        elif this_round:
            parts.append(
                msg_n(
                    "may prevent {n} damage this round",
                    "may prevent {n} damage this round",
                    p["each_round"],
                )
            )
        else:
            parts.append(
                msg_n(
                    "prevent {n} damage each round",
                    "prevent {n} damage each round",
                    p["each_round"],
                )
            )
    if p.get("all_strikes"):
        parts.append(msg("prevent all damage of the opposing strikes"))
    if p.get("half_strikes"):
        parts.append(msg("prevent half of each opposing strike"))
    if p.get("after_first"):
        parts.append(msg("only the first damage of a round gets through"))
    if p.get("aggravated_as_normal") and this_round:
        parts.append(msg("aggravated damage counts as normal this round"))
    elif p.get("aggravated_as_normal"):
        parts.append(msg("aggravated damage counts as normal"))
    if p.get("immune_normal"):
        parts.append(msg("immune to non-aggravated damage"))
    return parts


def _before_range_words(f: Mapping[str, Any]) -> Message | str:
    this_round = bool(f.get("this_round"))
    parts: list[Message] = []
    if "set_strength" in f:
        parts.append(msg("strength set to {value}", value=f["set_strength"]))
    if f.get("strength"):
        change = f"{f['strength']:+d}"
        if this_round:
            parts.append(msg("{change} strength this round", change=change))
        else:
            parts.append(msg("{change} strength", change=change))
    if f.get("opponent_strength"):
        foe_change = f"{f['opponent_strength']:+d}"
        if this_round:
            parts.append(msg("opponent {change} strength this round", change=foe_change))
        else:
            parts.append(msg("opponent {change} strength", change=foe_change))
    if f.get("hand_aggravated"):
        if this_round:
            parts.append(msg("aggravated hand damage this round"))
        else:
            parts.append(msg("aggravated hand damage"))
    if f.get("hand_strikes_only"):
        parts.append(msg("only hand strikes this round"))
    if f.get("environmental"):
        parts.append(
            msg_n(
                "{n} environmental damage each round",
                "{n} environmental damage each round",
                f["environmental"],
            )
        )
    if f.get("weather"):
        parts.append(
            msg_n(
                "{n} damage to both combatants each round",
                "{n} damage to both combatants each round",
                f["weather"],
            )
        )
    if f.get("press_damage"):
        parts.append(
            msg_n(
                "{n} damage at each press step", "{n} damage at each press step", f["press_damage"]
            )
        )
    if f.get("damage"):
        parts.append(msg_n("{n} damage now", "{n} damage now", f["damage"]))
    if f.get("drain"):
        n = f["drain"]
        parts.append(msg_n("the opponent burns {n} blood", "the opponent burns {n} blood", n))
    if f.get("gain_blood"):
        parts.append(msg_n("gain {n} blood", "gain {n} blood", f["gain_blood"]))
    if f.get("restrict"):
        parts.append(
            msg(
                "restricts the opponent: {what}",
                what=tuple(RESTRICTIONS[r] for r in f["restrict"]),
            )
        )
    if f.get("restrict_self"):
        parts.append(
            msg(
                "this minion cannot: {what}",
                what=tuple(RESTRICTIONS[r] for r in f["restrict_self"]),
            )
        )
    if "prevent" in f:
        parts.extend(_prevent_words(f["prevent"], this_round))
    if f.get("damage_bonus"):
        bonus = f["damage_bonus"]
        amount = bonus.get("amount", 0)
        if bonus.get("requires"):
            parts.append(
                msg_n(
                    "+{n} damage to each of its strikes requiring {discipline}",
                    "+{n} damage to each of its strikes requiring {discipline}",
                    amount,
                    discipline=str(bonus["requires"]),
                )
            )
        elif bonus.get("weapon"):
            parts.append(
                msg_n(
                    "+{n} damage to each of its strikes with the chosen weapon",
                    "+{n} damage to each of its strikes with the chosen weapon",
                    amount,
                )
            )
        elif bonus.get("everything"):
            parts.append(
                msg_n(
                    "+{n} damage to each strike or damaging effect against the opponent",
                    "+{n} damage to each strike or damaging effect against the opponent",
                    amount,
                )
            )
        else:
            parts.append(msg_n("+{n} damage", "+{n} damage", amount))
        if bonus.get("make_aggravated"):
            parts.append(msg("that damage is aggravated"))
    if f.get("card_cost"):
        parts.append(
            msg_n(
                "the opponent's combat cards cost {n} more blood",
                "the opponent's combat cards cost {n} more blood",
                f["card_cost"],
            )
        )
    if f.get("discount"):
        parts.append(
            msg_n(
                "one combat card costs {n} blood less",
                "one combat card costs {n} blood less",
                f["discount"],
            )
        )
    if f.get("extra_strikes"):
        parts.append(
            msg_n(
                "{n} additional strike each round",
                "{n} additional strikes each round",
                f["extra_strikes"],
            )
        )
    if f.get("ends_combat"):
        parts.append(msg("the combat ends before range is determined"))
    if f.get("frenzy_immune"):
        parts.append(msg("frenzy cards cannot be played on this vampire"))
    if "equip" in f:
        parts.append(msg("equips with a weapon"))
    if "employ" in f:
        parts.append(msg("employs a retainer"))
    if "burn_retainer" in f:
        parts.append(msg("burns a retainer"))
    if f.get("trap_press"):
        parts.append(msg("a press to continue each round"))
    return _semicolons(parts)


def _end_of_round_words(f: Mapping[str, Any]) -> Message:
    parts: list[Message] = []
    if f.get("gain_blood_lost"):
        parts.append(msg("gain the blood the opposing vampire lost to damage"))
    if f.get("send_to_torpor"):
        parts.append(msg("send the opposing vampire to torpor"))
    if f.get("damage"):
        parts.append(msg_n("{n} damage", "{n} damage", f["damage"]))
    return msg("end of round: {effects}", effects=_semicolons(parts))


def _additional_words(f: Mapping[str, Any]) -> Message:
    n = f.get("count", 1)
    only = f.get("only", {})
    if only.get("dodge"):
        said = msg_n("{n} additional strike: dodge", "{n} additional strikes: dodge", n)
    elif only.get("hand"):
        said = msg_n("{n} additional hand strike", "{n} additional hand strikes", n)
    elif only.get("weapon") or only.get("name"):
        said = msg_n(
            "{n} additional strike with this card",
            "{n} additional strikes with this card",
            n,
        )
    else:
        said = msg_n("{n} additional strike", "{n} additional strikes", n)
    if not f.get("limited", True):
        said = msg("{what}, not limited", what=said)
    return said


def _play_words(play: CardPlay) -> Message | str:
    f = play.fragment
    said: Message | str
    if play.slot == "strike":
        said = _strike_words(f)
    elif play.slot == "prevention":
        if f.get("all"):
            said = msg("prevent all damage of the strike")
        elif f.get("half"):
            said = msg("prevent half the damage of the strike")
        else:
            said = msg_n("prevent {n} damage", "prevent {n} damage", f["amount"])
        if f.get("non_aggravated"):
            said = msg("{what} (non-aggravated)", what=said)
    elif play.slot == "before_range":
        said = _before_range_words(f)
    elif play.slot == "end_of_round":
        said = _end_of_round_words(f)
    elif play.slot == "aim":
        said = msg("aim: +{bonus} damage if the strike's damage gets through", bonus=f["aim_bonus"])
    elif play.slot == "additional_strikes":
        said = _additional_words(f)
    elif play.slot == "cancel":
        if f.get("cancels", "strike") == "strike":
            said = msg_p("card slot", "cancels the opposing strike card")
        else:
            said = msg_p("card slot", "cancels an opposing card as it is played")
    elif play.slot == "ammo":
        n = f.get("bonus", 0)
        said = msg_n("ammo: +{n} damage to the gun", "ammo: +{n} damage to the gun", n)
    elif play.slot == "counter":
        said = msg("the opposing ranged weapon inflicts no damage")
    elif play.slot == "torpor":
        if f.get("persist"):
            said = msg("stays ready instead of going to torpor")
        elif f.get("diablerize"):
            said = msg("diablerie instead of torpor")
        else:
            said = msg("burns the opposing vampire instead of torpor")
    else:
        said = _SLOT_WORDS[play.slot]
        only = f.get("to") or f.get("only")
        if only:
            said = msg("{what} (only: {only})", what=said, only=_ONLY.get(only, only))
    if play.optional:
        said = msg("optional {what}", what=said)
    if f.get("cost"):
        said = msg_n("{what} (costs {n} blood)", "{what} (costs {n} blood)", f["cost"], what=said)
    if f.get("burn_blood"):
        said = msg_n(
            "{what} (burns {n} blood)", "{what} (burns {n} blood)", f["burn_blood"], what=said
        )
    return said


def describe(option: CardOption) -> Message:
    """What the option does, in our own words."""
    parts = [_play_words(p) for p in option.plays]
    said = [p for p in parts if isinstance(p, Message)]
    if not said:
        return msg("no effect on the combat's outcome")
    joined = _semicolons(said)
    assert isinstance(joined, Message)
    return joined
