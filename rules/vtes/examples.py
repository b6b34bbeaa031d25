"""The seed rulebook's worked damage examples (section 6.4.6) as data.

Each example holds the situation (a vampire and the damage dealt to it) and the outcome
the rulebook states. The rulebook gives no capacity for these vampires; the values here
are our choice and any capacity at least equal to the blood gives the same outcome.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.validation import choice
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
    title_en: str
    title_ru: str
    section: str = "vtes:6.4.6"

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
        title_en="Krid: ready, 1 blood, 1 aggravated",
        title_ru="Krid: готов, 1 кровь, 1 неизлечимое",
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
        title_en="Milo: ready, 2 blood, 3 aggravated",
        title_ru="Milo: готов, 2 крови, 3 неизлечимых",
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
        title_en="Barth: ready, 1 blood, 2 normal + 1 aggravated",
        title_ru="Barth: готов, 1 кровь, 2 обычных + 1 неизлечимое",
    ),
)


def damage_example(key: str) -> DamageExample:
    """The example called ``key`` ("krid", "milo" or "barth")."""
    by_key = {example.key: example for example in DAMAGE_EXAMPLES}
    return by_key[choice("key", key, list(by_key), ru="пример (key)")]


def seed_outcomes() -> tuple[str, ...]:
    """Each example's outcome, computed by the engine, one line per example."""
    return tuple(describe_outcome(example.resolve()) for example in DAMAGE_EXAMPLES)
