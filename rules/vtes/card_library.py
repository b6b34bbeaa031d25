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
    note_en: str = ""
    note_ru: str = ""
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
    unmodelled: tuple[tuple[str, str, str], ...] = ()
    """(level, reason in English, reason in Russian) for each level the model cannot express."""
    source: str = "card text"

    @property
    def modelled(self) -> bool:
        """True when every combat use of the card can be entered."""
        return bool(self.options) and not self.unmodelled

    def option(self, key: str) -> CardOption:
        for opt in self.options:
            if key in (opt.key, opt.label):
                return opt
        for level, en, ru in self.unmodelled:
            if key == level:
                raise InvalidState(
                    f"{self.name} at {key} is not modelled: {en}.",
                    ru=f"{self.name} ({key}) не моделируется: {ru}.",
                )
        allowed = ", ".join(o.label for o in self.options) or "none"
        raise InvalidState(
            f"{self.name} has no option {key!r}; allowed: {allowed}.",
            ru=f"У карты {self.name} нет варианта {key!r}; допустимые: {allowed}.",
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
        options.append(CardOption(opt.key, tuple(plays), opt.note_en, opt.note_ru, opt.choice))
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
            f"{name!r} is not in the combat card library; enter its effect by hand.",
            ru=f"Карты {name!r} нет в библиотеке боевых карт; введите её эффект вручную.",
        )
    return found


# -- describing an option in words --------------------------------------------------------

_SLOT_WORDS: Mapping[str, tuple[str, str]] = {
    "additional_strikes": ("additional strike(s)", "дополнительные удары"),
    "maneuver": ("maneuver", "маневр"),
    "press": ("press", "пресс"),
    "new_round": ("a new round instead of the combat ending", "новый раунд вместо конца боя"),
    "next_round_range": ("the next round is at close range", "следующий раунд — вблизи"),
    "round_range": ("sets this round's range", "задаёт дистанцию этого раунда"),
    "cancel": ("cancels the opposing strike card", "отменяет карту удара соперника"),
    "equipment": ("equipment", "снаряжение"),
}


def _strike_words(f: Mapping[str, Any]) -> tuple[str, str]:
    en: list[str] = []
    ru: list[str] = []
    if f.get("hand"):
        bonus = f.get("strength_bonus", 0)
        en.append(f"hand strike{f' at +{bonus}' if bonus else ''}")
        ru.append(f"кулачный удар{f' +{bonus}' if bonus else ''}")
    elif "strength_bonus" in f:
        bonus = f["strength_bonus"]
        en.append(f"strength{f'+{bonus}' if bonus else ''} damage")
        ru.append(f"повреждения = сила{f'+{bonus}' if bonus else ''}")
    elif f.get("damage"):
        r = "R" if f.get("ranged") else ""
        en.append(f"{f['damage']}{r} damage")
        ru.append(f"{f['damage']}{r} повр.")
    for key, e, r in (
        ("aggravated", "aggravated", "неизлечимые"),
        ("dodge", "dodge", "уклонение"),
        ("combat_ends", "combat ends", "бой заканчивается"),
        ("combat_ends_after_resolution", "combat ends after resolution", "бой кончается после"),
        ("first_strike", "first strike", "первый удар"),
        ("undodgeable", "cannot be dodged", "нельзя уклониться"),
        ("long_range_only", "long range only", "только дальняя дистанция"),
        ("send_to_torpor", "sends to torpor", "отправляет в ступор"),
        ("unlock", "unlock", "разворот"),
    ):
        if f.get(key):
            en.append(e)
            ru.append(r)
    if f.get("steal_blood"):
        en.append(f"steal {f['steal_blood']} blood")
        ru.append(f"кража {f['steal_blood']} крови")
    if f.get("destroy_equipment"):
        en.append("destroy equipment")
        ru.append("уничтожить снаряжение")
    if f.get("steal_equipment"):
        en.append("steal equipment")
        ru.append("забрать снаряжение")
    return "strike: " + ", ".join(en), "удар: " + ", ".join(ru)


def _play_words(play: CardPlay) -> tuple[str, str]:
    f = play.fragment
    if play.slot == "strike":
        en, ru = _strike_words(f)
    elif play.slot == "prevention":
        if f.get("all"):
            en, ru = "prevent all damage of the strike", "предотвратить все повреждения удара"
        else:
            en, ru = f"prevent {f['amount']} damage", f"предотвратить {f['amount']} повр."
        if f.get("non_aggravated"):
            en, ru = en + " (non-aggravated)", ru + " (обычные)"
    elif play.slot == "before_range":
        en_l: list[str] = []
        ru_l: list[str] = []
        span = (" this round", " в этом раунде") if f.get("this_round") else ("", "")
        if "set_strength" in f:
            en_l.append(f"strength set to {f['set_strength']}")
            ru_l.append(f"сила становится {f['set_strength']}")
        if f.get("strength"):
            en_l.append(f"{f['strength']:+d} strength{span[0]}")
            ru_l.append(f"{f['strength']:+d} к силе{span[1]}")
        if f.get("opponent_strength"):
            en_l.append(f"opponent {f['opponent_strength']:+d} strength")
            ru_l.append(f"сопернику {f['opponent_strength']:+d} к силе")
        if f.get("hand_aggravated"):
            en_l.append(f"aggravated hand damage{span[0]}")
            ru_l.append(f"неизлечимые кулачные повреждения{span[1]}")
        if f.get("hand_strikes_only"):
            en_l.append("only hand strikes this round")
            ru_l.append("только кулачные удары в раунде")
        if f.get("environmental"):
            en_l.append(f"{f['environmental']} environmental damage each round")
            ru_l.append(f"{f['environmental']} повр. от окружения каждый раунд")
        if f.get("press_damage"):
            en_l.append(f"{f['press_damage']} damage at each press step")
            ru_l.append(f"{f['press_damage']} повр. на каждом шаге прессов")
        if f.get("damage"):
            en_l.append(f"{f['damage']} damage now")
            ru_l.append(f"{f['damage']} повр. сразу")
        if f.get("restrict"):
            en_l.append("restricts the opponent: " + ", ".join(f["restrict"]))
            ru_l.append("ограничивает соперника: " + ", ".join(f["restrict"]))
        if "equip" in f:
            en_l.append("equips with a weapon")
            ru_l.append("берёт оружие")
        if "employ" in f:
            en_l.append("employs a retainer")
            ru_l.append("нанимает слугу")
        if "burn_retainer" in f:
            en_l.append("burns a retainer")
            ru_l.append("сжигает слугу")
        if f.get("trap_press"):
            en_l.append("a press to continue each round")
            ru_l.append("пресс на продолжение каждый раунд")
        en, ru = "; ".join(en_l), "; ".join(ru_l)
    elif play.slot == "end_of_round":
        en_l = []
        ru_l = []
        if f.get("gain_blood_lost"):
            en_l.append("gain the blood the opposing vampire lost to damage")
            ru_l.append("получить кровь, потерянную соперником от повреждений")
        if f.get("send_to_torpor"):
            en_l.append("send the opposing vampire to torpor")
            ru_l.append("отправить вампира-соперника в ступор")
        if f.get("damage"):
            en_l.append(f"{f['damage']} damage")
            ru_l.append(f"{f['damage']} повр.")
        en = "end of round: " + "; ".join(en_l)
        ru = "конец раунда: " + "; ".join(ru_l)
    elif play.slot == "aim":
        en = f"aim: +{f['aim_bonus']} damage if the strike's damage gets through"
        ru = f"прицел: +{f['aim_bonus']} повр., если повреждения удара прошли"
    elif play.slot == "additional_strikes":
        n = f.get("count", 1)
        unlimited = "" if f.get("limited", True) else ", not limited"
        en = f"{n} additional strike(s){unlimited}"
        ru = f"дополнительных ударов: {n}{', без ограничения' if unlimited else ''}"
    else:
        en, ru = _SLOT_WORDS[play.slot]
        only = f.get("to") or f.get("only")
        if only:
            en, ru = f"{en} (only: {only})", f"{ru} (только: {only})"
    if play.optional:
        en, ru = f"optional {en}", f"по желанию: {ru}"
    if f.get("cost"):
        en, ru = f"{en} (costs {f['cost']} blood)", f"{ru} (стоит {f['cost']} крови)"
    return en, ru


def describe_option(option: CardOption) -> tuple[str, str]:
    """What the option does, in our own words: (English, Russian)."""
    parts = [_play_words(p) for p in option.plays]
    en = "; ".join(p[0] for p in parts) or "no effect on the combat's outcome"
    ru = "; ".join(p[1] for p in parts) or "на исход боя не влияет"
    return en, ru


# -- writing an option into a scenario ----------------------------------------------------


def _fill(value: Any, choices: Mapping[str, Any]) -> Any:
    if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
        key = value[1:-1]
        if key not in choices:
            raise InvalidState(
                f"This card needs a choice of {key}; give it as {key}=...",
                ru=f"Для этой карты нужно выбрать {key}; укажите {key}=...",
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
            f"Round {round_number} does not exist; the scenario has {len(rounds)} round(s).",
            ru=f"Раунда {round_number} нет; в сценарии раундов: {len(rounds)}.",
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
                    f"{item.name} is played on a strike: list the {owner} side's strike in "
                    f"round {round_number} first.",
                    ru=f"{item.name} играется на удар: сначала укажите удар стороны {owner} в "
                    f"раунде {round_number}.",
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
