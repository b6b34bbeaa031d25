"""What a link to the V:tM dice page shows, in one line, from the link's parameters alone.

The page has three tabs (``tabs``: 0 one roll, 1 an attack, 2 a V5 roll). A link to the one-roll
or the V5 tab gets the roll and its exact odds; a link to the attack tab gets its key inputs
(the whole chain has too many numbers for one line). ``None`` when the link names no input.

>>> str(dice_summary(LinkParams({"dice": "7", "difficulty": "8", "specialty": "1"})))
'7 dice at difficulty 8 (Revised, specialty): success 73.68%, botch 5.44%'
>>> str(dice_summary(LinkParams({"tabs": "2", "v5_pool": "5", "v5_hunger": "2"})))
'V5: 5 dice, Hunger 2, difficulty 3: win 51.25%, messy critical 5.88%, bestial failure 12.59%'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.i18n import Message, msg, msg_n, msg_p
from rules.i18n.numbers import Percent
from rules.link_params import LinkParams
from rules.vtm.attack import DAMAGE_TYPES, TARGETS, damage_type_name
from rules.vtm.dice import multiple_actions
from rules.vtm.dice_rules import EDITIONS, specialty_for_edition
from rules.vtm.health import HEALTH_LEVELS, UNHURT, level_name
from rules.vtm.v5_roll import v5_pool

__all__ = ["dice_summary", "percent"]

EDITION_NAMES: Mapping[str, Message] = {"revised": msg("Revised"), "v20": msg("V20")}
TARGET_NAMES: Mapping[str, Message] = {
    "mortal": msg_p("against", "a mortal"),
    "vampire": msg_p("against", "a vampire"),
}


def percent(p: Fraction, lang: str = "en") -> str:
    """A probability in percent with two decimals in ``lang``; a tiny non-zero one never shows
    as 0 (the previews' :class:`~rules.i18n.numbers.Percent`).

    >>> percent(Fraction(2, 3)), percent(Fraction(1, 10**9)), percent(Fraction(1))
    ('66.67%', '<0.01%', '100%')
    >>> percent(Fraction(2, 3), "ru")
    '66,67\xa0%'
    """
    return _odds(p).render(lang)


def _odds(p: Fraction) -> Percent:
    return Percent(p, 2, bound=True)


def dice_summary(params: LinkParams) -> Message | None:
    """The roll the link's tab shows, with its odds (one roll, V5) or its key inputs (attack)."""
    if not params.inputs():
        return None
    tab = params.choice("tabs", "0", ("0", "1", "2"))
    if tab == "1":
        return _attack(params)
    if tab == "2":
        return _v5(params)
    return _one_roll(params)


def _one_roll(params: LinkParams) -> Message:
    dice = params.number("dice", 6)
    difficulty = params.number("difficulty", 6)
    edition = params.choice("edition", "revised", EDITIONS)
    specialty = params.flag("specialty", False)
    willpower = params.flag("willpower", False)
    cancel = params.flag("reroll_ones_cancel", False)
    wound = params.choice("wound", UNHURT, (UNHURT, *HEALTH_LEVELS))
    actions = params.number("actions", 1)
    first = multiple_actions(
        dice,
        actions,
        difficulty,
        specialty=specialty_for_edition(edition) if specialty else None,
        willpower=willpower,
        reroll_ones_cancel=cancel and specialty and edition == "revised",
        wound=None if wound == UNHURT else wound,
    )[0]
    terms: list[Message | str] = [EDITION_NAMES[edition]]
    if specialty:
        terms.append(msg_p("dice pool", "specialty"))
    if willpower:
        terms.append(msg("Willpower"))
    if wound != UNHURT:
        terms.append(level_name(wound))
    if actions > 1:
        terms.append(msg_n("first of {n} action", "first of {n} actions", actions))
    return msg(
        "{dice} at difficulty {difficulty} ({terms}): success {success}, botch {botch}",
        dice=msg_n("{n} die", "{n} dice", dice),
        difficulty=difficulty,
        terms=terms,
        success=_odds(first.success),
        botch=_odds(first.botch),
    )


def _attack(params: LinkParams) -> Message:
    damage_type = params.choice("damage_type", "lethal", DAMAGE_TYPES)
    target = params.choice("target", "vampire", TARGETS)
    return msg(
        "Attack: {dice} at difficulty {difficulty}, {damage} of {kind} damage "
        "against {target} with Stamina {stamina}",
        dice=msg_n("{n} die", "{n} dice", params.number("attack_pool", 6)),
        difficulty=params.number("attack_difficulty", 6),
        damage=msg_n("{n} die", "{n} dice", params.number("damage_base", 3)),
        kind=damage_type_name(damage_type),
        target=TARGET_NAMES[target],
        stamina=params.number("stamina", 2),
    )


def _v5(params: LinkParams) -> Message:
    pool = params.number("v5_pool", 6)
    hunger = params.number("v5_hunger", 1)
    difficulty = params.number("v5_difficulty", 3)
    result = v5_pool(pool, hunger, difficulty)
    return msg(
        "V5: {dice}, Hunger {hunger}, difficulty {difficulty}: win {win}, "
        "messy critical {messy}, bestial failure {bestial}",
        dice=msg_n("{n} die", "{n} dice", pool),
        hunger=hunger,
        difficulty=difficulty,
        win=_odds(result.win),
        messy=_odds(result.messy),
        bestial=_odds(result.bestial),
    )
