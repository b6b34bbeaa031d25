"""VTES table page's tabs as frozen values: what each tab reads, and what its rules give back.

A tab's ``read()`` gives one of the ``*Inputs`` classes (rules objects already checked: a
vampire with more blood than capacity raised while it was read); the tab's engine call turns
it into a ruling that :mod:`~calculators.pages.vtes_table.view` puts into words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules.trace import Step
from rules.vtes.contested import ContestedCard, ContestedTitle, ContestUpkeep
from rules.vtes.influence import InfluencePlan, Move, Uncontrolled
from rules.vtes.models import Ally, Vampire
from rules.vtes.torpor import (
    BloodHuntResult,
    DiablerieActionResult,
    DiablerieResult,
    LeaveTorporResult,
    RescueResult,
)
from rules.vtes.victory import Ousting, Withdrawal


def actor_blood(actor: Vampire | Ally) -> int:
    """A vampire's blood or an ally's life."""
    return actor.blood if isinstance(actor, Vampire) else actor.life


# --------------------------------------------------------------------------- torpor


@dataclass(frozen=True)
class TorporInputs:
    """One torpor action: leave torpor, rescue or diablerie, and how it was blocked.

    ``actor`` is the vampire in torpor when it leaves torpor; ``target`` (the vampire in
    torpor rescued or diablerized) and ``blocker`` (a blocking vampire or ally) are ``None``
    where they do not apply.
    """

    action: str
    actor: Vampire | Ally
    target: Vampire | None
    blocked: str
    blocker: Vampire | Ally | None
    blocker_diablerizes: bool
    same_controller: bool
    rescuer_share: int
    equipment: tuple[str, ...]
    take_equipment: bool
    take_discipline: bool
    blood_cursed: bool
    votes_for: int
    votes_against: int

    @property
    def take(self) -> tuple[str, ...] | None:
        """What the diablerist takes of the equipment: all of it (``None``) or nothing."""
        return None if self.take_equipment else ()


@dataclass(frozen=True)
class TorporRuling:
    """The action's result and the blood hunt referendum after a diablerie, if any."""

    inputs: TorporInputs
    result: LeaveTorporResult | RescueResult | DiablerieActionResult
    hunt: BloodHuntResult | None

    @property
    def diablerie(self) -> DiablerieResult | None:
        """The diablerie the action ended in, if any."""
        result = self.result
        if isinstance(result, RescueResult) or result.outcome not in ("diablerized", "diablerie"):
            return None
        return result.diablerie

    @property
    def steps(self) -> tuple[Step, ...]:
        hunt = self.hunt.steps if self.hunt is not None else ()
        return (*self.result.steps, *hunt)


# --------------------------------------------------------------------------- influence


@dataclass(frozen=True)
class InfluenceInputs:
    """An influence phase plan, with the turn that decides how many transfers it has."""

    pool: int
    game_turn: int
    transfers: int
    uncontrolled: tuple[Uncontrolled, ...]
    moves: tuple[Move, ...]
    crypt: tuple[Uncontrolled, ...]
    clan_counts: Mapping[str, int]
    """Vampires in play by clan (Black Hand rulebook) or the player's own (current one)."""
    rules: str


@dataclass(frozen=True)
class InfluenceRuling:
    inputs: InfluenceInputs
    plan: InfluencePlan


# --------------------------------------------------------------------------- victory


@dataclass(frozen=True)
class VictoryInputs:
    seating: tuple[str, ...]
    events: tuple[Ousting | Withdrawal, ...]
    withdrawal_vp: Fraction


# --------------------------------------------------------------------------- contests


@dataclass(frozen=True)
class ContestInputs:
    pool: int
    cards: tuple[ContestedCard, ...]
    yield_cards: tuple[str, ...]
    titles: tuple[ContestedTitle, ...]
    yield_titles: tuple[str, ...]


@dataclass(frozen=True)
class ContestRuling:
    inputs: ContestInputs
    upkeep: ContestUpkeep
