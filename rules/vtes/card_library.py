"""The combat card library: what each most-played combat card and weapon does, as data.

Each :class:`LibraryEntry` cites the card id and lists its :class:`CardOption` s: one per
Discipline level (``basic`` / ``superior``, with the Discipline) or per choice the text
offers ("Maneuver or press"). An option is a tuple of :class:`CardPlay` s, each saying
where in the combat scenario the card goes (a strike, an additional-strikes effect, a
before-range effect, a maneuver, a press, prevention against the opposing strike, an
end-of-round effect, a new round, the next round's range, a cancelled strike, an aim, or
equipment) and the scenario fragment it stands for. :func:`play_card` writes an option
into a scenario dict, so the engine itself never needs card names.

What the resolver leaves to the judge (stealth, an action that continues, lock and unlock
after combat, cards drawn, "once each combat" limits) is said in the option's note; a
level the model cannot express is listed in ``unmodelled`` with the reason, and the
coverage command (``python -m rules.vtes.card_coverage``) counts such a card as not
modelled. The blood cost comes from the shipped card data.

>>> majesty = entry("Majesty")
>>> [o.key for o in majesty.options]
['pre', 'PRE']
>>> scenario = {"acting": {}, "opposing": {}, "rounds": [{}]}
>>> play_card(scenario, 1, "acting", "Majesty", "PRE")["rounds"][0]["strikes"]["acting"]
[{'name': 'Majesty', 'combat_ends': True, 'unlock': True, 'cost': 1}]
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.vtes.combat_effects import RESTRICTIONS
from rules.vtes.combat_text import side as side_word

__all__ = [
    "CardOption",
    "CardPlay",
    "LibraryEntry",
    "Slot",
    "describe_option",
    "entries",
    "entry",
    "play_card",
]

Slot = Literal[
    "strike",
    "additional_strikes",
    "before_range",
    "maneuver",
    "press",
    "prevention",
    "end_of_round",
    "new_round",
    "next_round_range",
    "round_range",
    "cancel",
    "aim",
    "equipment",
]

#: Slots whose fragment can carry a blood cost.
_COSTED = frozenset(
    {
        "strike",
        "additional_strikes",
        "before_range",
        "maneuver",
        "press",
        "prevention",
        "end_of_round",
        "new_round",
    }
)


@dataclass(frozen=True, slots=True)
class CardPlay:
    """One thing a card does: where it goes in the scenario and the fragment it stands for.

    A fragment value ``"{weapon}"``, ``"{equipment}"``, ``"{retainer}"`` or ``"{range}"`` is
    filled in by :func:`play_card` from the choice the user makes.
    """

    slot: Slot
    fragment: Mapping[str, Any]
    optional: bool = False


@dataclass(frozen=True, slots=True)
class CardOption:
    """A way to play the card: ``key`` is the level as printed (``pot`` basic, ``POT``
    superior, ``-`` for a card without Discipline), plus a choice when the text offers one."""

    key: str
    plays: tuple[CardPlay, ...]
    note: Message | None = None
    """What the resolver leaves to the judge, if anything."""
    choice: str = ""

    @property
    def level(self) -> Literal["basic", "superior", "-"]:
        code = self.key.split("/")[0]
        if code == "-":
            return "-"
        return "superior" if code.replace(" ", "").isupper() else "basic"

    @property
    def label(self) -> str:
        return f"{self.key} ({self.choice})" if self.choice else self.key


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    """A combat card or a piece of equipment, with its id in the official card lists."""

    id: int
    name: str
    kind: Literal["combat", "equipment"]
    options: tuple[CardOption, ...]
    unmodelled: tuple[tuple[str, Message], ...] = ()
    """(level, reason) for each level the model cannot express."""
    source: str = "card text"

    @property
    def modelled(self) -> bool:
        """True when every combat use of the card can be entered."""
        return bool(self.options) and not self.unmodelled

    def option(self, key: str) -> CardOption:
        for opt in self.options:
            if key in (opt.key, opt.label):
                return opt
        for level, why in self.unmodelled:
            if key == level:
                raise InvalidState(
                    msg("{name} at {key} is not modelled: {why}.", name=self.name, key=key, why=why)
                )
        allowed: tuple[str, ...] | Message = tuple(o.label for o in self.options) or msg_p(
            "options", "none"
        )
        raise InvalidState(
            msg(
                "{name} has no option {key}; allowed: {allowed}.",
                name=self.name,
                key=repr(key),
                allowed=allowed,
            )
        )


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
        costed = [i for i, p in enumerate(plays) if p.slot in _COSTED]
        if any("cost" in plays[i].fragment for i in costed):
            pass  # the option names its own cost
        elif costed:
            i = costed[0]
            plays[i] = CardPlay(
                plays[i].slot, {**plays[i].fragment, "cost": cost}, plays[i].optional
            )
        elif plays:
            plays.append(CardPlay("before_range", {"cost": cost}))
        options.append(CardOption(opt.key, tuple(plays), opt.note, opt.choice))
    return LibraryEntry(item.id, item.name, item.kind, tuple(options), item.unmodelled, item.source)


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


# -- describing an option in words --------------------------------------------------------

_SLOT_WORDS: Mapping[str, Message] = {
    "additional_strikes": msg_p("card slot", "additional strike(s)"),
    "maneuver": msg_p("card slot", "maneuver"),
    "press": msg_p("card slot", "press"),
    "new_round": msg_p("card slot", "a new round instead of the combat ending"),
    "next_round_range": msg_p("card slot", "the next round is at close range"),
    "round_range": msg_p("card slot", "sets this round's range"),
    "cancel": msg_p("card slot", "cancels the opposing strike card"),
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
    if f.get("hand"):
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
    if f.get("steal_equipment"):
        parts.append(msg("steal equipment"))
    return msg("strike: {parts}", parts=tuple(parts))


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
    if f.get("press_damage"):
        parts.append(
            msg_n(
                "{n} damage at each press step", "{n} damage at each press step", f["press_damage"]
            )
        )
    if f.get("damage"):
        parts.append(msg_n("{n} damage now", "{n} damage now", f["damage"]))
    if f.get("restrict"):
        parts.append(
            msg(
                "restricts the opponent: {what}",
                what=tuple(RESTRICTIONS[r] for r in f["restrict"]),
            )
        )
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


def _play_words(play: CardPlay) -> Message | str:
    f = play.fragment
    said: Message | str
    if play.slot == "strike":
        said = _strike_words(f)
    elif play.slot == "prevention":
        if f.get("all"):
            said = msg("prevent all damage of the strike")
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
        n = f.get("count", 1)
        if f.get("limited", True):
            said = msg_n("{n} additional strike(s)", "{n} additional strike(s)", n)
        else:
            said = msg_n(
                "{n} additional strike(s), not limited", "{n} additional strike(s), not limited", n
            )
    else:
        said = _SLOT_WORDS[play.slot]
        only = f.get("to") or f.get("only")
        if only:
            said = msg("{what} (only: {only})", what=said, only=_ONLY.get(only, only))
    if play.optional:
        said = msg("optional {what}", what=said)
    if f.get("cost"):
        said = msg_n("{what} (costs {n} blood)", "{what} (costs {n} blood)", f["cost"], what=said)
    return said


def describe_option(option: CardOption) -> Message:
    """What the option does, in our own words."""
    parts = [_play_words(p) for p in option.plays]
    said = [p for p in parts if isinstance(p, Message)]
    if not said:
        return msg("no effect on the combat's outcome")
    joined = _semicolons(said)
    assert isinstance(joined, Message)
    return joined


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
    included when ``optional`` is true. Prevention, cancels and aims go on the last
    strike listed for the other side (prevention, cancel) or for ``side`` (aim)."""
    item = entry(name)
    option = item.option(key)
    out = copy.deepcopy(scenario)
    rounds = out.setdefault("rounds", [{}])
    if not 1 <= round_number <= len(rounds):
        raise InvalidState(
            msg_n(
                "Round {number} does not exist; the scenario has {n} round(s).",
                "Round {number} does not exist; the scenario has {n} round(s).",
                len(rounds),
                number=round_number,
            )
        )
    rnd = rounds[round_number - 1]
    foe = "opposing" if side == "acting" else "acting"
    for play in option.plays:
        if play.optional and not optional:
            continue
        frag = _fill(dict(play.fragment), choices)
        if play.slot in ("strike", "additional_strikes", "before_range", "end_of_round"):
            key_name: str = "strikes" if play.slot == "strike" else play.slot
            per_side = rnd.setdefault(key_name, {})
            per_side.setdefault(side, []).append({"name": item.name, **frag})
        elif play.slot in ("maneuver", "press"):
            listed = "maneuvers" if play.slot == "maneuver" else "presses"
            rnd.setdefault(listed, []).append({"side": side, "card": item.name, **frag})
        elif play.slot == "new_round":
            rnd["new_round"] = {"side": side, "card": item.name, **frag}
        elif play.slot == "round_range":
            rnd["range"] = frag["range"]
        elif play.slot == "next_round_range":
            if round_number == len(rounds):
                rounds.append({})
            rounds[round_number]["range"] = frag["range"]
        elif play.slot == "equipment":
            out.setdefault(side, {}).setdefault("equipment", []).append({"name": item.name, **frag})
        else:  # prevention, cancel, aim: on a strike already listed
            owner = side if play.slot == "aim" else foe
            listed = rnd.setdefault("strikes", {}).setdefault(owner, [])
            if not listed and play.slot == "prevention":
                listed.append({"hand": True})  # the default hand strike, now written out
            if not listed:
                raise InvalidState(
                    msg(
                        "{name} is played on a strike: list the {side} side's strike in round "
                        "{number} first.",
                        name=item.name,
                        side=side_word(owner),
                        number=round_number,
                    )
                )
            strike = listed[-1]
            if play.slot == "prevention":
                strike.setdefault("prevention", []).append({"name": item.name, **frag})
            elif play.slot == "cancel":
                strike["cancelled_by"] = item.name
                if frag.get("cost"):
                    strike["cancel_cost"] = frag["cost"]
            else:
                strike.update({"aim": item.name, **frag})
    return out
