"""Common weapons of Vampire: the Masquerade, Revised edition, for the attack's damage pool.

A weapon's damage is either the attacker's Strength plus a bonus (brawling and melee) or a
fixed number of dice (firearms). Values are from the Revised rulebook's combat chapter
(the Brawling, Melee Weapons and Firearms charts); names are catalog messages.

>>> weapon("knife").damage_pool(strength=3), weapon("knife").damage_type
(4, 'lethal')
>>> weapon("heavy_pistol").damage_pool(strength=3)
5
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.validation import whole_at_least
from rules.vtm.attack import damage_type_name

__all__ = ["WEAPONS", "Weapon", "weapon"]

_MELEE = msg("V:tM Revised rulebook, chapter Combat: Melee Weapons chart")
_BRAWL = msg("V:tM Revised rulebook, chapter Combat: Brawling chart")
_GUNS = msg("V:tM Revised rulebook, chapter Combat: Firearms chart")


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon (or unarmed attack): ``bonus`` dice on top of Strength, or ``fixed`` dice."""

    key: str
    name: Message
    damage_type: str  # "bashing" | "lethal" | "aggravated"
    bonus: int = 0
    uses_strength: bool = True
    source: Message = _MELEE

    def damage_pool(self, strength: int) -> int:
        """The damage pool before extra attack successes: Strength + bonus, or fixed dice."""
        whole_at_least(msg_p("vtm parameter", "Strength"), strength, 0)
        return strength + self.bonus if self.uses_strength else self.bonus

    def formula(self) -> Message:
        """``'Strength + 1, lethal'`` (the seed's damage words), in any language."""
        kind = damage_type_name(self.damage_type)
        if not self.uses_strength:
            return msg_n("{n} die, {kind}", "{n} dice, {kind}", self.bonus, kind=kind)
        if self.bonus:
            return msg("Strength + {bonus}, {kind}", bonus=self.bonus, kind=kind)
        return msg("Strength, {kind}", kind=kind)


WEAPONS: tuple[Weapon, ...] = (
    Weapon("punch", msg_p("vtm weapon", "Punch"), "bashing", 0, source=_BRAWL),
    Weapon("kick", msg_p("vtm weapon", "Kick"), "bashing", 1, source=_BRAWL),
    Weapon("bite", msg_p("vtm weapon", "Bite (vampire)"), "aggravated", 1, source=_BRAWL),
    Weapon("club", msg_p("vtm weapon", "Club"), "bashing", 2),
    Weapon("knife", msg_p("vtm weapon", "Knife"), "lethal", 1),
    Weapon("stake", msg_p("vtm weapon", "Stake"), "lethal", 1),
    Weapon("sword", msg_p("vtm weapon", "Sword"), "lethal", 2),
    Weapon("axe", msg_p("vtm weapon", "Axe"), "lethal", 3),
    Weapon("light_revolver", msg_p("vtm weapon", "Light revolver (.38)"), "lethal", 4,
           uses_strength=False, source=_GUNS),
    Weapon("heavy_revolver", msg_p("vtm weapon", "Heavy revolver (.44)"), "lethal", 6,
           uses_strength=False, source=_GUNS),
    Weapon("light_pistol", msg_p("vtm weapon", "Light pistol (9 mm)"), "lethal", 4,
           uses_strength=False, source=_GUNS),
    Weapon("heavy_pistol", msg_p("vtm weapon", "Heavy pistol (.45)"), "lethal", 5,
           uses_strength=False, source=_GUNS),
    Weapon("rifle", msg_p("vtm weapon", "Rifle"), "lethal", 8, uses_strength=False, source=_GUNS),
    Weapon("shotgun", msg_p("vtm weapon", "Shotgun"), "lethal", 8, uses_strength=False,
           source=_GUNS),
    Weapon("assault_rifle", msg_p("vtm weapon", "Assault rifle"), "lethal", 7, uses_strength=False,
           source=_GUNS),
)  # fmt: skip


def weapon(key: str) -> Weapon:
    """The weapon ``key`` (see :data:`WEAPONS`); unknown keys raise :class:`InvalidState`."""
    for item in WEAPONS:
        if item.key == key:
            return item
    raise InvalidState(
        msg(
            "Unknown weapon {key}; allowed: {allowed}.",
            key=repr(key),
            allowed=", ".join(w.key for w in WEAPONS),
        )
    )
