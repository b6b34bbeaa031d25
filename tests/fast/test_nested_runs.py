"""A page action that runs an engine call inside another keeps the inner call's message.

The kit clears the banner when a run succeeds; a run nested inside it (a button handler
that recomputes the page) may have just refused something. Seen on the VTES combat page.
"""

from __future__ import annotations

import pytest

from calculators.pages.vtes_combat.page import VtesCombatPage


def test_adding_a_round_after_the_combat_ended_says_why() -> None:
    app = VtesCombatPage()
    app.load_preset("kurt_ira")  # no press: the combat ends in round 1
    assert not app.banner.visible
    app.add_round_button.click()
    assert app.banner.visible
    assert app.banner.message.startswith("Round 2 cannot be played: the combat ended in round 1")


def test_an_unknown_preset_in_the_address_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "preset=nope")
    app = VtesCombatPage()
    app.follow_url()
    assert app.banner.visible
    assert "an example combat the page does not have (nope)" in app.banner.message
