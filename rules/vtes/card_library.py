"""The combat card library: what each most-played combat card and weapon does, as data.

Each :class:`LibraryEntry` cites the card id and lists its :class:`CardOption` s: one per
Discipline level (``basic`` / ``superior``, with the Discipline) or per choice the text
offers ("Maneuver or press"). An option is a tuple of :class:`CardPlay` s, each saying
where in the combat scenario the card goes (a strike, an additional-strikes effect, an
effect put in force, a maneuver, a press, prevention against the opposing strike, an
end-of-round effect, a new round, the next round's range, a cancel, an aim, ammo, a card
played as a vampire should go to torpor, or equipment) and the scenario fragment it stands
for. :func:`play_card` writes an option into a scenario dict, so the engine itself never
needs card names.

What the card's text says about when it may be played (range, round, what it may affect,
"only one each round", not as an additional strike, the state it needs) is data too: the
entry's and the option's ``limits`` (see :mod:`rules.vtes.scenario_limits`), each condition
with the words of the card it stands for. :func:`play_card` writes them on the card's first
play, and the resolver refuses a play they forbid with :class:`rules.errors.IllegalPlay`,
quoting those words.

What the resolver leaves to the judge (stealth, an action that continues, lock and unlock
after combat, cards drawn) is said in the option's note; a level the model cannot express is
listed in ``unmodelled`` with the reason, and the coverage command (``python -m
rules.vtes.card_coverage``) counts such a card as not modelled. The blood cost comes from the
shipped card data.

>>> majesty = entry("Majesty")
>>> [o.key for o in majesty.options]
['pre', 'PRE']
>>> scenario = {"acting": {}, "opposing": {}, "rounds": [{}]}
>>> played = play_card(scenario, 1, "acting", "Majesty", "PRE")
>>> strike = played["rounds"][0]["strikes"]["acting"][0]
>>> strike["combat_ends"], strike["unlock"], strike["cost"]
(True, True, 1)
>>> touch = play_card(scenario, 1, "acting", "Anesthetic Touch", "obe")
>>> touch["rounds"][0]["strikes"]["acting"][0]["limits"]
{'range': 'close', 'quote': {'range': 'Only usable at close range.'}}
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from functools import cache
from typing import Any, Literal

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n
from rules.vtes.card_entry import COSTED as _COSTED
from rules.vtes.card_entry import LIMITED as _LIMITED
from rules.vtes.card_entry import (
    CardOption,
    CardPlay,
    LibraryEntry,
    Slot,
    merge_limits,
)
from rules.vtes.combat_text import side as side_word

__all__ = [
    "CardOption",
    "CardPlay",
    "LibraryEntry",
    "Slot",
    "describe_option",
    "entries",
    "entry",
    "merge_limits",
    "play_card",
]


@cache
def entries() -> tuple[LibraryEntry, ...]:
    """Every entry (combat cards, then equipment), with blood costs from the card data."""
    from rules.vtes.card_library_data import COMBAT, EQUIPMENT
    from rules.vtes.carddata import library_card

    out: list[LibraryEntry] = []
    for item in (*COMBAT, *EQUIPMENT):
        cost = library_card(str(item.id)).blood_cost
        if cost.isdigit() and int(cost):
            item = _with_cost(item, int(cost))
        out.append(item)
    return tuple(out)


def _with_cost(item: LibraryEntry, cost: int) -> LibraryEntry:
    options = []
    for opt in item.options:
        plays = list(opt.plays)
        costed = [i for i, p in enumerate(plays) if p.slot in _COSTED and not p.optional]
        if opt.limits is not None and opt.limits.get("use"):
            pass  # a later use of an effect in play: the card was paid for when played
        elif any("cost" in plays[i].fragment for i in costed):
            pass  # the option names its own cost
        elif costed:
            i = costed[0]
            plays[i] = CardPlay(
                plays[i].slot, {**plays[i].fragment, "cost": cost}, plays[i].optional
            )
        else:
            plays.insert(0, CardPlay("before_range", {"cost": cost}))
        options.append(CardOption(opt.key, tuple(plays), opt.note, opt.choice, opt.limits))
    return LibraryEntry(
        item.id,
        item.name,
        item.kind,
        tuple(options),
        item.unmodelled,
        item.source,
        item.limits,
        item.kinds,
    )


@cache
def _index() -> dict[str, LibraryEntry]:
    out: dict[str, LibraryEntry] = {}
    for item in entries():
        out[item.name.casefold()] = item
        out[str(item.id)] = item
    return out


def entry(name: str) -> LibraryEntry:
    """The library entry for a card name or id (case-insensitive)."""
    found = _index().get(str(name).strip().casefold())
    if found is None:
        raise InvalidState(
            msg(
                "{name} is not in the combat card library; enter its effect by hand.",
                name=repr(name),
            )
        )
    return found


def describe_option(option: CardOption) -> Message:
    """What the option does, in our own words."""
    from rules.vtes.card_words import describe

    return describe(option)


# -- writing an option into a scenario ----------------------------------------------------


def _fill(value: Any, choices: Mapping[str, Any]) -> Any:
    if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
        key = value[1:-1]
        if key not in choices:
            raise InvalidState(
                msg("This card needs a choice of {key}; give it as {key}=...", key=key)
            )
        return choices[key]
    if isinstance(value, Mapping):
        return {k: _fill(v, choices) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, choices) for v in value]
    return value


def _listed_strike(rnd: dict[str, Any], owner: str, name: str, number: int) -> dict[str, Any]:
    """The last strike listed for ``owner``."""
    listed = rnd.setdefault("strikes", {}).setdefault(owner, [])
    if not listed:
        raise InvalidState(
            msg(
                "{name} is played on a strike: list the {side} side's strike in round "
                "{number} first.",
                name=name,
                side=side_word(owner),
                number=number,
            )
        )
    last: dict[str, Any] = listed[-1]
    return last


def _cancel_target(
    rnd: dict[str, Any], foe: str, frag: Mapping[str, Any], name: str, number: int
) -> dict[str, Any]:
    """The opposing card a cancel goes on: a strike card or a card put in force."""
    cancels = frag.get("cancels", "strike")
    kinds = set(frag.get("kinds", ()))
    requires = set(frag.get("requires", ()))
    if cancels in ("card", "any"):
        for card in reversed(rnd.get("before_range", {}).get(foe, [])):
            if kinds and not kinds & set(card.get("kinds", ())):
                continue
            if requires and not requires & set(card.get("requires", ())):
                continue
            found: dict[str, Any] = card
            return found
        if cancels == "card":
            raise InvalidState(
                msg(
                    "{name} cancels a card the {side} side plays in round {number}: play that "
                    "card first.",
                    name=name,
                    side=side_word(foe),
                    number=number,
                )
            )
    listed = rnd.get("strikes", {}).get(foe, [])
    unfit: list[str] = []
    for strike in reversed(listed):
        if not strike.get("name") or strike.get("name") == strike.get("weapon"):
            continue
        if kinds and not kinds & {*strike.get("kinds", ()), "strike"}:
            unfit.append(strike["name"])
            continue
        if requires and not requires & set(strike.get("requires", ())):
            unfit.append(strike["name"])
            continue
        chosen: dict[str, Any] = strike
        return chosen
    if unfit and frag.get("quote"):
        raise InvalidState(
            msg(
                "{name} cannot cancel {card} as the {side} side played it in round {number}; "
                "its text says: “{quote}”",
                name=name,
                card=unfit[0],
                side=side_word(foe),
                number=number,
                quote=frag["quote"],
            )
        )
    raise InvalidState(
        msg(
            "{name} cancels a strike card: list the {side} side's strike card in round {number} "
            "first.",
            name=name,
            side=side_word(foe),
            number=number,
        )
    )


def play_card(
    scenario: dict[str, Any],
    round_number: int,
    side: Literal["acting", "opposing"],
    name: str,
    key: str,
    *,
    optional: bool = True,
    **choices: Any,
) -> dict[str, Any]:
    """A copy of ``scenario`` with card ``name`` played as option ``key`` by ``side`` in
    round ``round_number`` (1-based). Optional plays (an optional maneuver or press) are
    included when ``optional`` is true. Prevention goes on the last strike listed for the
    other side, an aim or ammo on the last strike of ``side``, a cancel on the opposing card
    it cancels (a strike card, or a card put in force such as a grapple).

    The card's limits go on its first play, so the resolver checks them."""
    item = entry(name)
    option = item.option(key)
    out = copy.deepcopy(scenario)
    rounds = out.setdefault("rounds", [{}])
    if not 1 <= round_number <= len(rounds):
        raise InvalidState(
            msg_n(
                "Round {number} does not exist; the scenario has {n} round.",
                "Round {number} does not exist; the scenario has {n} rounds.",
                len(rounds),
                number=round_number,
            )
        )
    rnd = rounds[round_number - 1]
    foe = "opposing" if side == "acting" else "acting"
    plays = [p for p in option.plays if optional or not p.optional]
    limits: dict[str, Any] | None
    if item.kind == "combat":
        limits = item.limits_of(option)
    elif plays_are_card(plays):
        limits = merge_limits({"use": True}, item.limits_of(option))
    else:
        limits = None
    if limits is not None and plays and plays[0].slot not in _LIMITED:
        plays.insert(0, CardPlay("before_range", {}))
    if limits is not None and not plays:
        plays = [CardPlay("before_range", {})]
    has_strike = any(p.slot == "strike" for p in plays)
    requires = list(option.requires)
    for index, play in enumerate(plays):
        frag = _fill(dict(play.fragment), choices)
        if play.slot in ("strike", "before_range", "prevention") and requires:
            frag.setdefault("requires", requires)
        if play.slot in ("strike", "before_range") and item.kinds:
            frag.setdefault("kinds", list(item.kinds))
        if index == 0 and limits is not None:
            if play.slot == "aim":
                frag["aim_limits"] = merge_limits(limits, frag.get("aim_limits"))
            else:
                frag["limits"] = merge_limits(limits, frag.get("limits"))
        _write(rnd, rounds, round_number, side, foe, item, play.slot, frag, has_strike, out)
    return out


def plays_are_card(plays: list[CardPlay]) -> bool:
    """Equipment options that are used in combat (a weapon's maneuver, prevention) are
    plays with limits of their own; carrying the equipment is not."""
    return any(p.slot != "equipment" for p in plays)


def _write(
    rnd: dict[str, Any],
    rounds: list[dict[str, Any]],
    round_number: int,
    side: str,
    foe: str,
    item: LibraryEntry,
    slot: str,
    frag: dict[str, Any],
    has_strike: bool,
    out: dict[str, Any],
) -> None:
    if slot in ("strike", "additional_strikes", "before_range", "end_of_round", "torpor"):
        key_name = "strikes" if slot == "strike" else slot
        rnd.setdefault(key_name, {}).setdefault(side, []).append({"name": item.name, **frag})
    elif slot in ("maneuver", "press"):
        listed = "maneuvers" if slot == "maneuver" else "presses"
        entry_: dict[str, Any] = {"side": side, "card": item.name, **frag}
        if slot == "maneuver" and entry_.pop("from_weapon", False):
            entry_["weapon"] = item.name
        elif slot == "maneuver" and has_strike:
            entry_["strike"] = True
        rnd.setdefault(listed, []).append(entry_)
    elif slot == "new_round":
        earlier = rnd.get("new_round")
        if earlier is not None:
            # rulings RTR 20020501 (Psyche!) and ANK 20191219 (Telepathic Tracking)
            raise IllegalPlay(
                msg(
                    "Round {number}: {card} cannot be played, since {other} already starts a "
                    "new round or queues a combat as this combat would end.",
                    number=round_number,
                    card=item.name,
                    other=earlier.get("card", "?"),
                )
            )
        rnd["new_round"] = {"side": side, "card": item.name, **frag}
    elif slot == "round_range":
        rnd["range"] = frag["range"]
        if frag.get("commit_weapon"):
            rnd.setdefault("commit", {})[side] = {"weapon": item.name, "card": item.name}
    elif slot == "next_round_range":
        if round_number == len(rounds):
            rounds.append({})
        rounds[round_number]["range"] = frag["range"]
    elif slot == "equipment":
        out.setdefault(side, {}).setdefault("equipment", []).append({"name": item.name, **frag})
    elif slot == "cancel":
        target = _cancel_target(rnd, foe, frag, item.name, round_number)
        cancel = {"name": item.name}
        for k in (
            "burn_blood",
            "cost",
            "kinds",
            "requires",
            "no_strike",
            "strike_choice",
            "quote",
            "limits",
        ):
            if k in frag:
                cancel[k] = frag[k]
        target["cancelled_by"] = cancel
    elif slot == "counter":
        strike = _listed_strike(rnd, foe, item.name, round_number)
        strike["countered"] = {"name": item.name, **frag}
    elif slot == "ammo":
        strike = _listed_strike(rnd, side, item.name, round_number)
        strike["ammo"] = {"name": item.name, **frag}
    else:  # prevention, aim: on a strike already listed
        owner = side if slot == "aim" else foe
        listed_strikes = rnd.setdefault("strikes", {}).setdefault(owner, [])
        if not listed_strikes and slot == "prevention":
            listed_strikes.append({"hand": True})  # the default hand strike, now written out
        if not listed_strikes:
            raise InvalidState(
                msg(
                    "{name} is played on a strike: list the {side} side's strike in round "
                    "{number} first.",
                    name=item.name,
                    side=side_word(owner),
                    number=round_number,
                )
            )
        strike = listed_strikes[-1]
        if slot == "prevention":
            strike.setdefault("prevention", []).append({"name": item.name, **frag})
        else:
            strike.update({"aim": item.name, **frag})
