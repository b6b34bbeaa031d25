"""The VTES damage page's parts and view without a page: the part contract of the kit."""

from __future__ import annotations

import pytest

from calculators.kit.part import StandaloneContext
from calculators.pages.vtes_damage.damage import DamagePart
from calculators.pages.vtes_damage.labels import LABELS
from calculators.pages.vtes_damage.minion import MinionPart
from calculators.pages.vtes_damage.outcome import OutcomePart
from calculators.pages.vtes_damage.view import DamageDealt, matching_example, outcome_sentence
from rules.errors import InvalidState
from rules.vtes import MinionState, Vampire, resolve_damage
from rules.vtes.examples import damage_example
from rules.vtes.models import Ally


def test_the_minion_part_reads_its_inputs_as_a_rules_minion() -> None:
    asked: list[str] = []
    part = MinionPart(StandaloneContext(LABELS, refresh=lambda: asked.append("refresh")))
    part.relabel()
    assert part.read() == Vampire("Vampire", capacity=4, blood=3)
    part.kind.value = "ally"
    assert asked == ["refresh"]  # a change asks the page for a new result
    assert isinstance(part.read(), Ally) and part.blood.min == 1
    assert set(part.address_fields()) >= {"kind", "name", "capacity", "blood", "state"}


def test_a_minion_the_rules_refuse_raises_a_rule_error() -> None:
    part = MinionPart(StandaloneContext(LABELS))
    part.capacity.value = 11
    part.blood.value = 9
    part.capacity.value = 5
    part.blood.max = 11  # the page keeps blood within capacity; the engine still checks
    part.blood.value = 9
    with pytest.raises(InvalidState):
        part.read()


def test_parts_follow_their_contexts_language() -> None:
    context = StandaloneContext(LABELS)
    damage = DamagePart(context)
    damage.relabel()
    assert damage.normal.description == "Normal"
    context.set_language("ru")
    damage.relabel()
    assert damage.normal.description != "Normal"
    damage.normal.text.value = "x"
    assert "x" in damage.normal.message() and damage.normal.lang == "ru"


def test_the_outcome_part_shows_a_result_from_the_view() -> None:
    context = StandaloneContext(LABELS)
    example = damage_example("barth")
    dealt = DamageDealt(
        example.normal, example.aggravated, example.prevent_normal, example.prevent_aggravated,
        "black-hand",
    )  # fmt: skip
    assert matching_example(example.vampire, dealt) is example
    result = resolve_damage(example.vampire, normal=example.normal, aggravated=example.aggravated)
    part = OutcomePart(context)
    part.show(result)
    assert part.result is result and result.state is MinionState.BURNED
    assert part.outcome_text == outcome_sentence(result, context.t)
    assert part.badges == ("burned",) and "vtes-badge-burned" in part.panel.widget.value
