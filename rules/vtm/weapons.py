"""Common weapons of Vampire: the Masquerade, Revised edition, for the attack's damage pool.

A weapon's damage is either the attacker's Strength plus a bonus (brawling and melee) or a
fixed number of dice (firearms). Values are from the Revised rulebook's combat chapter
(the Brawling, Melee Weapons and Firearms charts); names are given in English and Russian.

>>> weapon("knife").damage_pool(strength=3), weapon("knife").damage_type
(4, 'lethal')
>>> weapon("heavy_pistol").damage_pool(strength=3)
5
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import InvalidState

__all__ = ["WEAPONS", "Weapon", "weapon"]

_MELEE = (
    "V:tM Revised rulebook, chapter Combat: Melee Weapons chart",
    "V:tM, Revised, глава «Бой»: таблица оружия ближнего боя",
)
_BRAWL = (
    "V:tM Revised rulebook, chapter Combat: Brawling chart",
    "V:tM, Revised, глава «Бой»: таблица рукопашных приёмов",
)
_GUNS = (
    "V:tM Revised rulebook, chapter Combat: Firearms chart",
    "V:tM, Revised, глава «Бой»: таблица огнестрельного оружия",
)


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon (or unarmed attack): ``bonus`` dice on top of Strength, or ``fixed`` dice."""

    key: str
    name_en: str
    name_ru: str
    damage_type: str  # "bashing" | "lethal" | "aggravated"
    bonus: int = 0
    uses_strength: bool = True
    source: tuple[str, str] = _MELEE  # English, Russian

    def damage_pool(self, strength: int) -> int:
        """The damage pool before extra attack successes: Strength + bonus, or fixed dice."""
        if isinstance(strength, bool) or not isinstance(strength, int) or strength < 0:
            raise InvalidState(
                f"Strength must be a whole number 0 or more, got {strength!r}.",
                ru=f"Сила должна быть целым числом от 0, а получено {strength!r}.",
            )
        return strength + self.bonus if self.uses_strength else self.bonus

    def name(self, lang: str) -> str:
        return self.name_ru if lang == "ru" else self.name_en

    def source_in(self, lang: str) -> str:
        return self.source[1] if lang == "ru" else self.source[0]

    def formula(self, lang: str) -> str:
        """``'Strength + 1, lethal'`` / ``'Сила + 1, летальные'`` (the seed's damage words)."""
        kind = {
            "en": {"bashing": "bashing", "lethal": "lethal", "aggravated": "aggravated"},
            "ru": {
                "bashing": "поверхностные",
                "lethal": "летальные",
                "aggravated": "усиливающиеся",
            },
        }["ru" if lang == "ru" else "en"][self.damage_type]
        if not self.uses_strength:
            dice = "кубиков" if lang == "ru" else "dice"
            return f"{self.bonus} {dice}, {kind}"
        strength = "Сила" if lang == "ru" else "Strength"
        return f"{strength} + {self.bonus}, {kind}" if self.bonus else f"{strength}, {kind}"


WEAPONS: tuple[Weapon, ...] = (
    Weapon("punch", "Punch", "Удар кулаком", "bashing", 0, source=_BRAWL),
    Weapon("kick", "Kick", "Удар ногой", "bashing", 1, source=_BRAWL),
    Weapon("bite", "Bite (vampire)", "Укус (вампир)", "aggravated", 1, source=_BRAWL),
    Weapon("club", "Club", "Дубинка", "bashing", 2),
    Weapon("knife", "Knife", "Нож", "lethal", 1),
    Weapon("stake", "Stake", "Кол", "lethal", 1),
    Weapon("sword", "Sword", "Меч", "lethal", 2),
    Weapon("axe", "Axe", "Топор", "lethal", 3),
    Weapon("light_revolver", "Light revolver (.38)", "Лёгкий револьвер (.38)", "lethal", 4,
           uses_strength=False, source=_GUNS),
    Weapon("heavy_revolver", "Heavy revolver (.44)", "Тяжёлый револьвер (.44)", "lethal", 6,
           uses_strength=False, source=_GUNS),
    Weapon("light_pistol", "Light pistol (9 mm)", "Лёгкий пистолет (9 мм)", "lethal", 4,
           uses_strength=False, source=_GUNS),
    Weapon("heavy_pistol", "Heavy pistol (.45)", "Тяжёлый пистолет (.45)", "lethal", 5,
           uses_strength=False, source=_GUNS),
    Weapon("rifle", "Rifle", "Винтовка", "lethal", 8, uses_strength=False, source=_GUNS),
    Weapon("shotgun", "Shotgun", "Дробовик", "lethal", 8, uses_strength=False, source=_GUNS),
    Weapon("assault_rifle", "Assault rifle", "Автомат", "lethal", 7, uses_strength=False,
           source=_GUNS),
)  # fmt: skip


def weapon(key: str) -> Weapon:
    """The weapon ``key`` (see :data:`WEAPONS`); unknown keys raise :class:`InvalidState`."""
    for item in WEAPONS:
        if item.key == key:
            return item
    raise InvalidState(
        f"Unknown weapon {key!r}; allowed: {', '.join(w.key for w in WEAPONS)}.",
        ru=f"Неизвестное оружие {key!r}; допустимые: {', '.join(w.key for w in WEAPONS)}.",
    )
