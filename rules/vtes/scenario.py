"""The combat scenario: the JSON-compatible description of a combat as it was played.

:func:`parse_scenario` checks a scenario dict (format in the project's VTES notes: the
combatants, then each round's maneuvers, strikes, additional-strike effects and presses)
and turns it into frozen values the combat engine reads. Anything malformed raises
:class:`rules.errors.InvalidState` naming the place, the problem and what is allowed;
unknown keys are errors too, so that a typo never passes silently.

>>> s = parse_scenario({
...     "acting": {"name": "Kurt", "kind": "vampire", "capacity": 6, "blood": 4},
...     "opposing": {"name": "Ira", "kind": "vampire", "capacity": 7, "blood": 5},
...     "rounds": [{}],
... })
>>> s.acting.name, s.rounds[0].strikes
('Kurt', ((), ()))
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.errors import InvalidState
from rules.validation import shown

__all__ = [
    "EDITIONS",
    "SIDES",
    "AdditionalStrikes",
    "BeforeRange",
    "Combatant",
    "Equipment",
    "Retainer",
    "Round",
    "Scenario",
    "Side",
    "Strike",
    "StrikeEffect",
    "dump_scenario_json",
    "load_scenario_json",
    "other",
    "parse_scenario",
]

Side = Literal["acting", "opposing"]
SIDES: tuple[Side, Side] = ("acting", "opposing")

#: Rules editions: the seed rulebook's (default) and the current VEKN rulebook.
EDITIONS: tuple[str, ...] = ("black-hand", "vekn-2024")

TOP_KEYS = ("rules", "title", "notes", "acting", "opposing", "rounds")
COMBATANT_KEYS = (
    "name",
    "kind",
    "capacity",
    "blood",
    "life",
    "strength",
    "equipment",
    "retainers",
)
EQUIPMENT_KEYS = ("name", "strike")
RETAINER_KEYS = ("name", "life")
ROUND_KEYS = ("before_range", "maneuvers", "strikes", "additional_strikes", "presses")
BEFORE_RANGE_KEYS = ("name", "strength")
ADDITIONAL_KEYS = ("name", "count", "limited")
EFFECT_KEYS = (
    "damage",
    "strength_bonus",
    "aggravated",
    "ranged",
    "first_strike",
    "dodge",
    "combat_ends",
    "steal_blood",
    "destroy_equipment",
    "steal_equipment",
)
STRIKE_KEYS = ("name", "hand", "weapon", *EFFECT_KEYS, "target", "prevented")
WEAPON_USE_KEYS = ("name", "weapon", "target", "prevented")


def other(side: Side) -> Side:
    """The side opposite ``side``."""
    return "opposing" if side == "acting" else "acting"


# -- values -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StrikeEffect:
    """What a strike does, whether it comes from a card, a weapon or the hand.

    Damage is ``damage`` when ``strength_bonus`` is None, else the striker's strength plus
    ``strength_bonus`` (a hand strike is strength + 0).
    """

    damage: int = 0
    strength_bonus: int | None = None
    aggravated: bool = False
    ranged: bool = False
    first_strike: bool = False
    dodge: bool = False
    combat_ends: bool = False
    steal_blood: int = 0
    destroy_equipment: str | None = None
    steal_equipment: str | None = None

    def damage_for(self, strength: int) -> int:
        """The damage points this strike deals for a striker of ``strength``."""
        if self.strength_bonus is None:
            return self.damage
        return max(0, strength + self.strength_bonus)

    @property
    def strength_based(self) -> bool:
        return self.strength_bonus is not None


HAND = StrikeEffect(strength_bonus=0)


@dataclass(frozen=True, slots=True)
class Strike:
    """One strike as chosen: a hand strike, a weapon strike or a card/custom strike.

    ``effect`` is None for a weapon strike (the weapon's own strike is read when it is
    used, because the weapon may be gone by then).
    """

    name: str
    hand: bool = False
    weapon: str | None = None
    effect: StrikeEffect | None = HAND
    target: str | None = None
    prevented: int = 0
    default: bool = False


@dataclass(frozen=True, slots=True)
class Equipment:
    name: str
    strike: StrikeEffect | None = None


@dataclass(frozen=True, slots=True)
class Retainer:
    name: str
    life: int


@dataclass(frozen=True, slots=True)
class Combatant:
    """A combatant as the combat starts: a ready vampire or a ready ally."""

    name: str
    kind: Literal["vampire", "ally"]
    strength: int
    capacity: int | None = None
    blood: int | None = None
    life: int | None = None
    equipment: tuple[Equipment, ...] = ()
    retainers: tuple[Retainer, ...] = ()

    def find_equipment(self, name: str) -> Equipment | None:
        for item in self.equipment:
            if item.name == name:
                return item
        return None


@dataclass(frozen=True, slots=True)
class AdditionalStrikes:
    """An effect granting additional strikes this round (e.g. Blur)."""

    name: str
    count: int
    limited: bool = True


@dataclass(frozen=True, slots=True)
class BeforeRange:
    """A card played before range that changes strength for the rest of the combat."""

    name: str
    strength: int = 0


@dataclass(frozen=True, slots=True)
class Round:
    """One round as played. Pairs of per-side tuples are ordered (acting, opposing)."""

    maneuvers: tuple[Side, ...] = ()
    presses: tuple[Side, ...] = ()
    strikes: tuple[tuple[Strike, ...], tuple[Strike, ...]] = ((), ())
    additional: tuple[tuple[AdditionalStrikes, ...], tuple[AdditionalStrikes, ...]] = ((), ())
    before_range: tuple[tuple[BeforeRange, ...], tuple[BeforeRange, ...]] = ((), ())

    def strikes_of(self, side: Side) -> tuple[Strike, ...]:
        return self.strikes[SIDES.index(side)]

    def additional_of(self, side: Side) -> tuple[AdditionalStrikes, ...]:
        return self.additional[SIDES.index(side)]

    def before_range_of(self, side: Side) -> tuple[BeforeRange, ...]:
        return self.before_range[SIDES.index(side)]


@dataclass(frozen=True, slots=True)
class Scenario:
    acting: Combatant
    opposing: Combatant
    rounds: tuple[Round, ...]
    rules: str = "black-hand"
    title: str = ""
    notes: str = ""
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def combatant(self, side: Side) -> Combatant:
        return self.acting if side == "acting" else self.opposing


# -- checking input ----------------------------------------------------------------------

_RU_SIDE = {"acting": "действующий", "opposing": "противостоящий"}
_RU_SIDE_F = {"acting": "действующая сторона", "opposing": "противостоящая сторона"}


@dataclass(frozen=True, slots=True)
class _Place:
    """Where a problem is in the scenario: ``str()`` gives the English, ``ru`` the Russian."""

    en: str
    ru: str

    def __str__(self) -> str:
        return self.en

    def then(self, en: str, ru: str) -> _Place:
        """A place inside this one."""
        return _Place(f"{self.en}, {en}", f"{self.ru}, {ru}")


def _keys(data: object, allowed: Sequence[str], where: _Place) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidState(
            f"{where} must be an object with keys among: {', '.join(allowed)}; "
            f"got {type(data).__name__}.",
            ru=f"{where.ru}: нужен объект с ключами из списка: {', '.join(allowed)}; "
            f"получено {type(data).__name__}.",
        )
    for key in data:
        if key not in allowed:
            raise InvalidState(
                f"{where}: unknown key {key!r}; allowed keys: {', '.join(allowed)}.",
                ru=f"{where.ru}: неизвестный ключ {key!r}; допустимые ключи: {', '.join(allowed)}.",
            )
    return dict(data)


def _int(
    data: Mapping[str, Any],
    key: str,
    where: _Place,
    *,
    default: int | None = None,
    minimum: int = 0,
) -> int:
    if key not in data:
        if default is None:
            raise InvalidState(
                f"{where}: {key!r} is missing; it must be a whole number.",
                ru=f"{where.ru}: не указано {key!r}; нужно целое число.",
            )
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(
            f"{where}: {key!r} must be a whole number, got {value!r}.",
            ru=f"{where.ru}: значение {key!r} должно быть целым числом, а получено {value!r}.",
        )
    if value < minimum:
        raise InvalidState(
            f"{where}: {key!r} must be {minimum} or more, got {value}.",
            ru=f"{where.ru}: значение {key!r} должно быть не меньше {minimum}, а получено {value}.",
        )
    return value


def _bool(data: Mapping[str, Any], key: str, where: _Place, default: bool = False) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise InvalidState(
            f"{where}: {key!r} must be true or false, got {value!r}.",
            ru=f"{where.ru}: значение {key!r} должно быть true или false, а получено {value!r}.",
        )
    return value


def _str(data: Mapping[str, Any], key: str, where: _Place, *, required: bool = False) -> str | None:
    if key not in data:
        if required:
            raise InvalidState(
                f"{where}: {key!r} is missing; it must be a non-empty text.",
                ru=f"{where.ru}: не указано {key!r}; нужен непустой текст.",
            )
        return None
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise InvalidState(
            f"{where}: {key!r} must be a non-empty text, got {value!r}.",
            ru=f"{where.ru}: значение {key!r} должно быть непустым текстом, а получено {value!r}.",
        )
    return value.strip()


def _list(data: Mapping[str, Any], key: str, where: _Place) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list | tuple):
        raise InvalidState(
            f"{where}: {key!r} must be a list, got {type(value).__name__}.",
            ru=f"{where.ru}: значение {key!r} должно быть списком, "
            f"а получено {type(value).__name__}.",
        )
    return list(value)


def _sides(data: Mapping[str, Any], key: str, where: _Place) -> tuple[Side, ...]:
    out: list[Side] = []
    for i, item in enumerate(_list(data, key, where), 1):
        if item == "acting":
            out.append("acting")
        elif item == "opposing":
            out.append("opposing")
        else:
            raise InvalidState(
                f"{where}: {key} entry {i} is {item!r}; allowed: 'acting', 'opposing'.",
                ru=f"{where.ru}: элемент {i} списка {key} равен {item!r}; допустимые: "
                "'acting', 'opposing'.",
            )
    return tuple(out)


def _per_side(data: Mapping[str, Any], key: str, where: _Place) -> tuple[list[Any], list[Any]]:
    value = _keys(data.get(key, {}), SIDES, where.then(key, key))
    lists: list[list[Any]] = []
    for side in SIDES:
        items = value.get(side, [])
        if not isinstance(items, list | tuple):
            raise InvalidState(
                f"{where}, {key}, {side}: must be a list, got {type(items).__name__}.",
                ru=f"{where.ru}, {key}, {side}: нужен список, а получено {type(items).__name__}.",
            )
        lists.append(list(items))
    return lists[0], lists[1]


# -- parsing ------------------------------------------------------------------------------


def _effect(data: Mapping[str, Any], where: _Place) -> StrikeEffect:
    if "damage" in data and "strength_bonus" in data:
        raise InvalidState(
            f"{where}: give either 'damage' (a fixed number) or 'strength_bonus' "
            "(strength plus a number), not both.",
            ru=f"{where.ru}: укажите либо 'damage' (точное число), либо 'strength_bonus' "
            "(сила плюс число), но не оба сразу.",
        )
    bonus: int | None = None
    if "strength_bonus" in data:
        raw = data["strength_bonus"]
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise InvalidState(
                f"{where}: 'strength_bonus' must be a whole number, got {raw!r}.",
                ru=f"{where.ru}: значение 'strength_bonus' должно быть целым числом, "
                f"а получено {raw!r}.",
            )
        bonus = raw
    return StrikeEffect(
        damage=_int(data, "damage", where, default=0),
        strength_bonus=bonus,
        aggravated=_bool(data, "aggravated", where),
        ranged=_bool(data, "ranged", where),
        first_strike=_bool(data, "first_strike", where),
        dodge=_bool(data, "dodge", where),
        combat_ends=_bool(data, "combat_ends", where),
        steal_blood=_int(data, "steal_blood", where, default=0),
        destroy_equipment=_str(data, "destroy_equipment", where),
        steal_equipment=_str(data, "steal_equipment", where),
    )


def _strike(data: object, where: _Place) -> Strike:
    strike = _keys(data, STRIKE_KEYS, where)
    hand = _bool(strike, "hand", where)
    weapon = _str(strike, "weapon", where)
    target = _str(strike, "target", where)
    prevented = _int(strike, "prevented", where, default=0)
    name = _str(strike, "name", where)
    if hand and weapon:
        raise InvalidState(
            f"{where}: a strike is either a hand strike or a weapon strike, not both.",
            ru=f"{where.ru}: удар бывает либо кулачным, либо ударом оружием, но не тем и "
            "другим сразу.",
        )
    if weapon is not None:
        extra = [k for k in strike if k not in WEAPON_USE_KEYS]
        if extra:
            raise InvalidState(
                f"{where}: a weapon strike takes its effects from the weapon; key {extra[0]!r} "
                f"is not allowed here; allowed keys: {', '.join(WEAPON_USE_KEYS)}.",
                ru=f"{where.ru}: удар оружием берёт эффекты у самого оружия; ключ "
                f"{extra[0]!r} здесь не допускается; допустимые ключи: "
                f"{', '.join(WEAPON_USE_KEYS)}.",
            )
        return Strike(
            name=name or weapon, weapon=weapon, effect=None, target=target, prevented=prevented
        )
    if hand:
        if "damage" in strike:
            raise InvalidState(
                f"{where}: a hand strike deals damage equal to strength; use 'strength_bonus' "
                "for a hand strike at +N damage instead of 'damage'.",
                ru=f"{where.ru}: кулачный удар наносит повреждения, равные силе; для "
                "кулачного удара с +N повреждений укажите 'strength_bonus' вместо 'damage'.",
            )
        effect = _effect({"strength_bonus": 0, **strike}, where)
        return Strike(
            name=name or "hand strike", hand=True, effect=effect, target=target, prevented=prevented
        )
    effect = _effect(strike, where)
    return Strike(name=name or "strike", effect=effect, target=target, prevented=prevented)


def _combatant(data: object, side: Side) -> Combatant:
    where = _Place(f"The {side} combatant", f"{_RU_SIDE[side].capitalize()} боец")
    c = _keys(data, COMBATANT_KEYS, where)
    name = _str(c, "name", where, required=True)
    assert name is not None
    where = _Place(f"{name} ({side})", f"{name} ({_RU_SIDE[side]})")
    kind = c.get("kind")
    strength = _int(c, "strength", where, default=1)
    equipment: list[Equipment] = []
    for i, item in enumerate(_list(c, "equipment", where), 1):
        iw = where.then(f"equipment {i}", f"снаряжение {i}")
        e = _keys(item, EQUIPMENT_KEYS, iw)
        ename = _str(e, "name", iw, required=True)
        assert ename is not None
        if any(x.name == ename for x in equipment):
            raise InvalidState(
                f"{where}: two equipment cards are named {ename!r}; give copies distinct "
                "names (e.g. add '#2').",
                ru=f"{where.ru}: две карты снаряжения называются {ename!r}; дайте копиям "
                "разные имена (например, добавьте '#2').",
            )
        strike = None
        if "strike" in e:
            sw = where.then(f"{ename}'s strike", f"удар карты {ename}")
            strike = _effect(_keys(e["strike"], EFFECT_KEYS, sw), sw)
        equipment.append(Equipment(ename, strike))
    retainers: list[Retainer] = []
    for i, item in enumerate(_list(c, "retainers", where), 1):
        rw = where.then(f"retainer {i}", f"слуга {i}")
        r = _keys(item, RETAINER_KEYS, rw)
        rname = _str(r, "name", rw, required=True)
        assert rname is not None
        if any(x.name == rname for x in retainers):
            raise InvalidState(
                f"{where}: two retainers are named {rname!r}; names must differ.",
                ru=f"{where.ru}: два слуги носят имя {rname!r}; имена должны различаться.",
            )
        retainers.append(Retainer(rname, _int(r, "life", where.then(rname, rname), minimum=1)))
    if kind == "vampire":
        if "life" in c:
            raise InvalidState(
                f"{where}: a vampire has 'capacity' and 'blood', not 'life'.",
                ru=f"{where.ru}: у вампира есть 'capacity' и 'blood', а не 'life'.",
            )
        capacity = _int(c, "capacity", where, minimum=1)
        blood = _int(c, "blood", where)
        if blood > capacity:
            raise InvalidState(
                f"{where}: blood {blood} is above capacity {capacity}; blood must be from 0 "
                f"to {capacity}.",
                ru=f"{where.ru}: кровь {blood} больше объёма {capacity}; крови может быть "
                f"от 0 до {capacity}.",
            )
        return Combatant(
            name,
            "vampire",
            strength,
            capacity=capacity,
            blood=blood,
            equipment=tuple(equipment),
            retainers=tuple(retainers),
        )
    if kind == "ally":
        if "capacity" in c or "blood" in c:
            raise InvalidState(
                f"{where}: an ally has 'life', not 'capacity' or 'blood'.",
                ru=f"{where.ru}: у союзника есть 'life', а не 'capacity' или 'blood'.",
            )
        life = _int(c, "life", where, minimum=1)
        return Combatant(
            name,
            "ally",
            strength,
            life=life,
            equipment=tuple(equipment),
            retainers=tuple(retainers),
        )
    raise InvalidState(
        f"{where}: 'kind' is {kind!r}; allowed: 'vampire', 'ally'.",
        ru=f"{where.ru}: 'kind' равно {kind!r}; допустимые: 'vampire', 'ally'.",
    )


def _round(data: object, number: int) -> Round:
    where = _Place(f"Round {number}", f"Раунд {number}")
    r = _keys(data, ROUND_KEYS, where)
    strikes: list[tuple[Strike, ...]] = []
    additional: list[tuple[AdditionalStrikes, ...]] = []
    before: list[tuple[BeforeRange, ...]] = []
    for side, items in zip(SIDES, _per_side(r, "strikes", where), strict=True):
        strikes.append(
            tuple(
                _strike(s, where.then(f"{side} strike {i}", f"{_RU_SIDE_F[side]}, удар {i}"))
                for i, s in enumerate(items, 1)
            )
        )
    for side, items in zip(SIDES, _per_side(r, "additional_strikes", where), strict=True):
        effects: list[AdditionalStrikes] = []
        for i, item in enumerate(items, 1):
            aw = where.then(
                f"{side} additional strikes {i}",
                f"{_RU_SIDE_F[side]}, дополнительные удары {i}",
            )
            a = _keys(item, ADDITIONAL_KEYS, aw)
            effects.append(
                AdditionalStrikes(
                    name=_str(a, "name", aw) or "additional strike",
                    count=_int(a, "count", aw, default=1, minimum=1),
                    limited=_bool(a, "limited", aw, default=True),
                )
            )
        additional.append(tuple(effects))
    for side, items in zip(SIDES, _per_side(r, "before_range", where), strict=True):
        cards: list[BeforeRange] = []
        for i, item in enumerate(items, 1):
            bw = where.then(
                f"{side} before-range card {i}",
                f"{_RU_SIDE_F[side]}, карта до определения дистанции {i}",
            )
            b = _keys(item, BEFORE_RANGE_KEYS, bw)
            raw = b.get("strength", 0)
            if isinstance(raw, bool) or not isinstance(raw, int):
                raise InvalidState(
                    f"{bw}: 'strength' must be a whole number, got {raw!r}.",
                    ru=f"{bw.ru}: значение 'strength' должно быть целым числом, "
                    f"а получено {raw!r}.",
                )
            cards.append(BeforeRange(name=_str(b, "name", bw) or "card", strength=raw))
        before.append(tuple(cards))
    return Round(
        maneuvers=_sides(r, "maneuvers", where),
        presses=_sides(r, "presses", where),
        strikes=(strikes[0], strikes[1]),
        additional=(additional[0], additional[1]),
        before_range=(before[0], before[1]),
    )


def parse_scenario(data: object) -> Scenario:
    """Check ``data`` and return it as a :class:`Scenario`; raise InvalidState if malformed."""
    top = _keys(data, TOP_KEYS, _Place("The scenario", "Сценарий"))
    rules = top.get("rules", "black-hand")
    if rules not in EDITIONS:
        raise InvalidState(
            f"Unknown rules edition {rules!r}; allowed: {', '.join(EDITIONS)}.",
            ru=f"Неизвестная редакция правил {rules!r}; допустимые: {', '.join(EDITIONS)}.",
        )
    for key in ("acting", "opposing"):
        if key not in top:
            raise InvalidState(
                f"The scenario has no {key!r} combatant; it needs both combatants.",
                ru=f"В сценарии нет бойца {key!r}; нужны оба бойца.",
            )
    rounds_raw = top.get("rounds", [{}])
    if not isinstance(rounds_raw, list | tuple) or not rounds_raw:
        raise InvalidState(
            "The scenario's 'rounds' must be a list with at least one round.",
            ru="В сценарии 'rounds' должно быть списком хотя бы из одного раунда.",
        )
    title = top.get("title", "")
    notes = top.get("notes", "")
    if not isinstance(title, str) or not isinstance(notes, str):
        raise InvalidState(
            "The scenario's 'title' and 'notes' must be texts.",
            ru="В сценарии 'title' и 'notes' должны быть текстом.",
        )
    return Scenario(
        acting=_combatant(top["acting"], "acting"),
        opposing=_combatant(top["opposing"], "opposing"),
        rounds=tuple(_round(r, i) for i, r in enumerate(rounds_raw, 1)),
        rules=str(rules),
        title=title,
        notes=notes,
        raw=top,
    )


def load_scenario_json(text: str) -> dict[str, Any]:
    """Read a scenario from JSON text; malformed JSON raises InvalidState with its place."""
    if not isinstance(text, str):
        raise InvalidState(
            f"The scenario must be JSON text, got {shown(text)}.",
            ru=f"Сценарий должен быть текстом JSON, а получено {shown(text)}.",
        )
    if not text.strip():
        raise InvalidState(
            "The scenario text is empty; paste a scenario in JSON form.",
            ru="Текст сценария пуст; вставьте сценарий в формате JSON.",
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidState(
            f"The scenario is not valid JSON: {error.msg} at line {error.lineno}, "
            f"column {error.colno}.",
            ru=f"Сценарий не является корректным JSON: {error.msg}, строка {error.lineno}, "
            f"столбец {error.colno}.",
        ) from None
    if not isinstance(data, dict):
        raise InvalidState(
            f"The scenario must be a JSON object ({{...}}) with keys among: {', '.join(TOP_KEYS)}.",
            ru="Сценарий должен быть объектом JSON ({...}) с ключами из списка: "
            f"{', '.join(TOP_KEYS)}.",
        )
    return data


def dump_scenario_json(data: Mapping[str, Any]) -> str:
    """The scenario as indented JSON text (non-ASCII names kept readable)."""
    try:
        if not isinstance(data, Mapping):
            raise TypeError(type(data).__name__)
        return json.dumps(dict(data), ensure_ascii=False, indent=2)
    except (TypeError, ValueError):
        raise InvalidState(
            f"A scenario must be a mapping of JSON values (texts, numbers, lists), got "
            f"{shown(data)}.",
            ru="Сценарий должен быть словарём из значений JSON (тексты, числа, списки), а "
            f"получено {shown(data)}.",
        ) from None
