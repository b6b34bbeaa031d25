"""VTES combat page's inputs as frozen values (no widgets): what a combatant card and a round
editor read, and the scenario fragment each stands for (:mod:`rules.vtes.scenario`)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from rules.i18n.message import Said
from rules.trace import Step
from rules.vtes.combat import CombatReport
from rules.vtes.scenario import SIDES, Side


def frozen(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only copy of a scenario fragment (the caller's dict may change after)."""
    return MappingProxyType(copy.deepcopy(dict(data)))


def thawed(data: Mapping[str, Any]) -> dict[str, Any]:
    """A fresh dict of a frozen fragment, for the scenario."""
    return copy.deepcopy(dict(data))


@dataclass(frozen=True)
class EquipmentInputs:
    """One equipment row: its name, its strike's damage and switches, and the strike effects
    the row does not show (kept as they were loaded)."""

    name: str
    damage: int
    ranged: bool
    aggravated: bool
    extra: Mapping[str, Any]

    def scenario(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        strike = thawed(self.extra)
        if self.damage:
            strike["damage"] = self.damage
        if self.ranged:
            strike["ranged"] = True
        if self.aggravated:
            strike["aggravated"] = True
        if strike:
            out["strike"] = strike
        return out


@dataclass(frozen=True)
class CombatantInputs:
    """One combatant card: ``amount`` is the blood box (a vampire's blood, an ally's life);
    ``name`` is the default name when the box is empty."""

    side: Side
    name: str
    kind: Literal["vampire", "ally"]
    capacity: int
    amount: int
    strength: int
    equipment: tuple[EquipmentInputs, ...] = ()
    retainers: tuple[tuple[str, int], ...] = ()

    def scenario(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == "vampire":
            out["capacity"] = self.capacity
            out["blood"] = self.amount
        else:
            out["life"] = self.amount
        out["strength"] = self.strength
        if self.equipment:
            out["equipment"] = [item.scenario() for item in self.equipment]
        if self.retainers:
            out["retainers"] = [{"name": n, "life": life} for n, life in self.retainers]
        return out


@dataclass(frozen=True)
class SideInputs:
    """One side's plays in one round: strikes, additional-strike effects, before-range cards."""

    strikes: tuple[Mapping[str, Any], ...] = ()
    additional: tuple[Mapping[str, Any], ...] = ()
    before: tuple[Mapping[str, Any], ...] = ()


@dataclass(frozen=True)
class RoundInputs:
    """One round editor: who plays each maneuver and press, in order, and each side's plays."""

    maneuvers: tuple[str, ...]
    presses: tuple[str, ...]
    sides: Mapping[Side, SideInputs]

    def scenario(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "maneuvers": list(self.maneuvers),
            "strikes": {},
            "additional_strikes": {},
            "presses": list(self.presses),
        }
        before: dict[str, Any] = {}
        for side in SIDES:
            plays = self.sides[side]
            out["strikes"][side] = [thawed(s) for s in plays.strikes]
            out["additional_strikes"][side] = [thawed(a) for a in plays.additional]
            if plays.before:
                before[side] = [thawed(b) for b in plays.before]
        if before:
            out["before_range"] = before
        return out


@dataclass(frozen=True)
class CombatInputs:
    """The whole combat the editors describe: the rules edition, both cards and the rounds
    (the cards played from the library are the card picker's, added by the page)."""

    rules: str
    acting: CombatantInputs
    opposing: CombatantInputs
    rounds: tuple[RoundInputs, ...]

    def scenario(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "acting": self.acting.scenario(),
            "opposing": self.opposing.scenario(),
            "rounds": [r.scenario() for r in self.rounds],
        }


@dataclass(frozen=True)
class CombatOutcome:
    """A resolved combat with what it was resolved from: the editors' inputs, the card
    picker's steps (the crypt's card text, the Discipline checks) and what is left to the
    judge."""

    inputs: CombatInputs
    report: CombatReport
    card_steps: tuple[Step, ...] = ()
    left_to_judge: tuple[Said, ...] = ()

    @property
    def steps(self) -> tuple[Step, ...]:
        return (*self.card_steps, *self.report.steps)
