"""Card effects in a combat scenario: the values and their parsing.

These keys extend the scenario format of :mod:`rules.vtes.scenario` so that the effects of
the most-played combat cards can be entered; they are JSON-compatible like the rest.

Strike keys (besides those of the base format):

- ``undodgeable``: a dodge has no effect on this strike (Earthshock);
- ``long_range_only``: usable only at long range; chosen at close range it is
  ``IllegalPlay`` (Sniper Rifle, Thrown Sewer Lid);
- ``send_to_torpor``: the struck vampire goes to torpor keeping its blood, no damage
  (Coma, Rowan Ring); against an ally it is ``IllegalPlay``;
- ``combat_ends_after_resolution``: both strikes resolve, then the combat ends and no press
  can continue it (Autonomic Mastery, Anesthetic Touch);
- ``unpreventable``: prevention against this strike is ``IllegalPlay``;
- ``unlock``: the striker unlocks before the combat ends (superior Majesty);
- ``recoil`` / ``recoil_aggravated`` / ``recoil_close_only``: the striker takes this much
  environmental damage when the strike is used (Breath of the Dragon, Grenade);
- ``cost``: blood the striking vampire burns to play the card;
- ``prevention``: a list of ``{"name", "amount" | "all", "non_aggravated", "cost"}`` the
  receiver plays against this strike (Hidden Strength, Skin of Steel, Soak); prevention
  against a strike that was dodged, is out of range or deals no damage is ``IllegalPlay``;
- ``cancelled_by``: the card that cancelled this strike card as it was played (Charismatic
  Aura); the striker then chooses again: the next strike listed replaces it.

Round keys: ``range`` (set in advance, e.g. superior Immortal Grapple: a maneuver that
round is ``IllegalPlay``), ``environmental`` (``{"acting": n}`` or a list of
``{"name", "damage", "aggravated"}``: non-strike damage dealt to that side's minion with
the round's strikes, not stopped by a dodge), ``end_of_round`` (per side, a list of
``{"name", "gain_blood_lost", "send_to_torpor", "damage", "opponent_strength",
"needs_more_damage", "cost"}``: Taste of Vitae, Disarm, Pulled Fangs), ``new_round``
(``{"side", "card", "new_combat", "cost"}``: start another round although the combat would
end: superior Telepathic Tracking, Relentless Reaper; ``new_combat`` for superior
Psyche!). ``maneuvers`` and ``presses`` entries may be ``{"side", "card", "to" | "only"}``
to name the card and its limit (``"to": "close"``, ``"only": "continue"``).

``before_range`` entries (effects in force from before the strikes): ``strength`` (added),
``set_strength`` (Torn Signpost: any "+N strength" still adds), ``this_round`` (lasts this
round only), ``hand_aggravated`` (Claws of the Dead, Raking Talons), ``hand_strikes_only``
(Immortal Grapple, both combatants, this round), ``environmental`` (to the opposing minion
each round: Carrion Crows), ``press_damage`` (to the opposing minion at each press step),
``damage`` (to the opposing minion at once: superior Outside the Hourglass),
``opponent_strength``, ``restrict`` (what the opposing minion cannot do for the rest of
the combat: ``maneuver_to_long``, ``maneuver_to_close``, ``press_to_continue``,
``press_to_end``, ``equipment``), ``equip`` (an equipment dict: Concealed Weapon),
``employ`` (a retainer dict: Pack Alpha), ``burn_retainer`` (a retainer's name), ``cost``.

Combatant key ``wounded`` (a ready vampire wounded but kept out of torpor) and retainer
key ``damage`` (a retainer that inflicts that much environmental damage at close range
each round: Ghoul Retainer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "ENDS_KEYS",
    "END_OF_ROUND_KEYS",
    "ENVIRONMENTAL_KEYS",
    "NEW_ROUND_KEYS",
    "PLAY_KEYS",
    "PREVENTION_KEYS",
    "RESTRICTIONS",
    "EndOfRound",
    "Environmental",
    "NewRound",
    "Play",
    "Prevention",
    "RangeName",
]

RangeName = Literal["close", "long"]

PREVENTION_KEYS = ("name", "amount", "all", "non_aggravated", "cost")
ENVIRONMENTAL_KEYS = ("name", "damage", "aggravated")
END_OF_ROUND_KEYS = (
    "name",
    "gain_blood_lost",
    "send_to_torpor",
    "damage",
    "opponent_strength",
    "needs_more_damage",
    "cost",
)
NEW_ROUND_KEYS = ("side", "card", "new_combat", "cost")
PLAY_KEYS = ("side", "card", "to", "only", "cost")
ENDS_KEYS = ("continue", "end")
RESTRICTIONS = (
    "maneuver_to_long",
    "maneuver_to_close",
    "press_to_continue",
    "press_to_end",
    "equipment",
)


@dataclass(frozen=True, slots=True)
class Play:
    """A maneuver or a press, with the card it came from and its limit if any."""

    card: str | None = None
    to: RangeName | None = None
    only: Literal["continue", "end"] | None = None
    cost: int = 0


@dataclass(frozen=True, slots=True)
class Prevention:
    """A prevention card played against one strike: ``amount`` points, or ``all``."""

    name: str
    amount: int = 0
    all: bool = False
    non_aggravated: bool = False
    cost: int = 0


@dataclass(frozen=True, slots=True)
class Environmental:
    """Damage that is not a strike, dealt to one side's minion this round."""

    name: str
    damage: int
    aggravated: bool = False


@dataclass(frozen=True, slots=True)
class EndOfRound:
    """An effect played at the end of the round, after the presses."""

    name: str
    gain_blood_lost: bool = False
    send_to_torpor: bool = False
    damage: int = 0
    opponent_strength: int = 0
    needs_more_damage: bool = False
    cost: int = 0


@dataclass(frozen=True, slots=True)
class NewRound:
    """An effect that starts another round although the combat would end."""

    side: Literal["acting", "opposing"]
    card: str
    new_combat: bool = False
    cost: int = 0
