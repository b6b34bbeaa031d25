"""The seed rulebook's worked damage examples (section 6.4.6) as data.

Each example holds the situation (a vampire and the damage dealt to it) and the outcome
the rulebook states. The rulebook gives no capacity for these vampires; the values here
are our choice and any capacity at least equal to the blood gives the same outcome.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.i18n import Message, msg, msg_np, msg_p
from rules.validation import choice
from rules.vtes import counts
from rules.vtes.damage import DamageResult, describe_outcome, resolve_damage
from rules.vtes.models import MinionState, Vampire

__all__ = ["DAMAGE_EXAMPLES", "DamageExample", "damage_example", "seed_outcomes"]


@dataclass(frozen=True, slots=True)
class DamageExample:
    """One worked example: input, and the outcome stated by the rulebook."""

    key: str
    vampire: Vampire
    normal: int
    aggravated: int
    prevent_normal: int
    prevent_aggravated: int
    expected_state: MinionState
    expected_blood: int
    #: blood burned to mend normal damage, as the rulebook tells it
    expected_mended: int
    #: blood burned, 1 per aggravated point, by the already wounded vampire to survive
    expected_paid: int
    section: str = "vtes:6.4.6"

    @property
    def title(self) -> Message:
        """The example in short: "Milo: ready, 2 blood, 3 aggravated"."""
        name, blood = self.vampire.name, counts.blood(self.vampire.blood)
        normal = msg_np("damage", "{n} normal", "{n} normal", self.normal)
        aggravated = msg_np("damage", "{n} aggravated", "{n} aggravated", self.aggravated)
        if self.normal and self.aggravated:
            return msg(
                "{name}: ready, {blood}, {normal} + {aggravated}",
                name=name,
                blood=blood,
                normal=normal,
                aggravated=aggravated,
            )
        return msg(
            "{name}: ready, {blood}, {damage}",
            name=name,
            blood=blood,
            damage=normal if self.normal else aggravated,
        )

    def resolve(self) -> DamageResult:
        """Run the example through :func:`rules.vtes.resolve_damage`."""
        return resolve_damage(
            self.vampire,
            normal=self.normal,
            aggravated=self.aggravated,
            prevent_normal=self.prevent_normal,
            prevent_aggravated=self.prevent_aggravated,
        )


DAMAGE_EXAMPLES: tuple[DamageExample, ...] = (
    DamageExample(
        key="krid",
        vampire=Vampire("Krid", capacity=4, blood=1),
        normal=0,
        aggravated=1,
        prevent_normal=0,
        prevent_aggravated=0,
        expected_state=MinionState.TORPOR,
        expected_blood=1,
        expected_mended=0,
        expected_paid=0,
    ),
    DamageExample(
        key="milo",
        vampire=Vampire("Milo", capacity=5, blood=2),
        normal=0,
        aggravated=3,
        prevent_normal=0,
        prevent_aggravated=0,
        expected_state=MinionState.TORPOR,
        expected_blood=0,
        expected_mended=0,
        expected_paid=2,
    ),
    DamageExample(
        key="barth",
        vampire=Vampire("Barth", capacity=3, blood=1),
        normal=2,
        aggravated=1,
        prevent_normal=0,
        prevent_aggravated=0,
        expected_state=MinionState.BURNED,
        expected_blood=0,
        expected_mended=1,
        expected_paid=0,
    ),
)


def damage_example(key: str) -> DamageExample:
    """The example called ``key`` ("krid", "milo" or "barth")."""
    by_key = {example.key: example for example in DAMAGE_EXAMPLES}
    return by_key[choice(msg_p("parameter", "example (key)"), key, list(by_key))]


def seed_outcomes() -> tuple[Message, ...]:
    """Each example's outcome, computed by the engine, one line per example."""
    return tuple(describe_outcome(example.resolve()) for example in DAMAGE_EXAMPLES)
