"""Property: a combat built from cards on the VTES combat page, between real vampires and
allies of the card lists, comes back the same from its JSON export and from its link."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support.card_combat import Play, play

from calculators.pages.vtes_combat.page import VtesCombatPage
from rules.vtes import carddata
from rules.vtes.card_library import CardOption, LibraryEntry, entries, entry
from rules.vtes.combat import resolve
from rules.vtes.scenario import load_scenario_json
from rules.vtes.scenario_cards import needed_choices

_ALLY = re.compile(r"with (\d+) life\. (\d+) strength")


@cache
def _minions() -> tuple[dict[str, Any], ...]:
    """Every vampire of the crypt, full of blood, and every ally whose life and strength
    the card states."""
    out: list[dict[str, Any]] = [
        v.combatant() for v in carddata.crypt() if "Vampire" in v.types and v.capacity > 0
    ]
    for card in carddata.library():
        found = _ALLY.search(card.text) if "Ally" in card.types else None
        if found:
            life, strength = int(found[1]), int(found[2])
            out.append({"name": card.name, "kind": "ally", "life": life, "strength": strength})
    return tuple(out)


@cache
def _plays_by_kind() -> dict[str, tuple[tuple[LibraryEntry, CardOption], ...]]:
    """The combat cards' levels, by where in the combat each one goes (a strike, a press,
    prevention, a maneuver, a card before range...), so that every kind is drawn often."""
    out: dict[str, list[tuple[LibraryEntry, CardOption]]] = {}
    for item in entries():
        if item.kind != "combat":
            continue
        for option in item.options:
            for slot in {p.slot for p in option.plays}:
                out.setdefault(slot, []).append((item, option))
    return {slot: tuple(found) for slot, found in sorted(out.items())}


@cache
def _weapons() -> tuple[str, ...]:
    return tuple(
        e.name
        for e in entries()
        if e.kind == "equipment" and any(p.slot == "equipment" for o in e.options for p in o.plays)
    )


@st.composite
def card_play(draw: st.DrawFn) -> Play:
    kind = draw(st.sampled_from(sorted(_plays_by_kind())))
    item, option = draw(st.sampled_from(_plays_by_kind()[kind]))
    needs = needed_choices(option)
    choice = ""
    if "weapon" in needs or "equipment" in needs:
        choice = draw(st.sampled_from(_weapons()))
    elif "retainer" in needs:
        choice = draw(st.sampled_from(("War Ghoul", "Raven Spy", "Mr. Winthrop")))
    return Play(
        item.name,
        option.label,
        draw(st.sampled_from(("acting", "opposing"))),
        draw(st.sampled_from((1, 1, 1, 2, 2, 3))),  # a later round needs a press before it
        choice,
        draw(st.integers(1, 3)),
        draw(st.sampled_from(("close", "long"))),
    )


def _same(made: VtesCombatPage, opened: VtesCombatPage) -> None:
    assert made.report is not None and opened.report is not None
    assert opened.report.steps == made.report.steps
    assert opened.narrative == made.narrative and opened.final_text == made.final_text
    assert opened.card_plays() == made.card_plays()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    acting=st.sampled_from(_minions()),
    opposing=st.sampled_from(_minions()),
    attempts=st.lists(card_play(), min_size=3, max_size=8),
)
def test_a_card_combat_comes_back_the_same_from_json_and_link(
    acting: dict[str, Any], opposing: dict[str, Any], attempts: list[Play]
) -> None:
    app = VtesCombatPage()
    app.load_scenario({"acting": dict(acting), "opposing": dict(opposing), "rounds": [{}]})
    app.cards_toggle.value = True
    taken = [attempt for attempt in attempts if play(app, attempt)]
    event(f"{len(taken)} card plays taken")
    for kind in sorted({p.slot for t in taken for p in entry(t.card).option(t.level).plays}):
        event(f"a play into {kind}")
    assert app.report is not None and len(app.card_plays()) == len(taken)

    text = app.export_json()
    assert resolve(load_scenario_json(text)).steps == app.report.steps
    from_json = VtesCombatPage()
    from_json.import_json(text)
    assert from_json.json_message.message == "" and from_json.banner.message == ""
    _same(app, from_json)

    from_link = VtesCombatPage()
    from_link.apply_address(app.address_query())
    assert from_link.banner.message == ""
    _same(app, from_link)
