"""The card data shipped with the package (its fresh extraction: server/test_card_extraction.py)."""

from __future__ import annotations

import pytest

from rules.errors import InvalidState
from rules.vtes import carddata


def test_pinned_source() -> None:
    meta = carddata.meta()
    assert meta["krcg"] == "4.19"
    assert set(meta["sha256"]) == {"vtessets.csv", "vtescrypt.csv", "vteslib.csv"}
    assert meta["crypt"] == len(carddata.crypt()) > 1500
    assert meta["library"] == len(carddata.library())


def test_a_vampire_by_name() -> None:
    # Tupdog (201393): capacity 1, superior Potence and Visceratika, Gargoyle, group 3.
    tupdog = carddata.vampire("tupdog")
    assert (tupdog.id, tupdog.capacity, tupdog.clan, tupdog.group) == (201393, 1, "Gargoyle", "3")
    assert tupdog.level("POT") == "superior" and tupdog.level("dom") is None
    assert carddata.vampire("201393") == tupdog
    assert tupdog.combatant() == {
        "name": "Tupdog",
        "kind": "vampire",
        "capacity": 1,
        "blood": 1,
        "strength": 1,
    }
    assert "Kurt Densch (G3)" in [v.name for v in carddata.search_crypt("kurt")]
    with pytest.raises(InvalidState, match="close names: Kurt") as error:
        carddata.vampire("Kurt")
    assert "похожие имена" in error.value.ru


def test_library_cards_carry_their_official_text() -> None:
    grapple = carddata.library_card("Immortal Grapple")
    assert grapple.id == 100959 and grapple.disciplines == ("pot",)
    assert "[POT] As above, with 1 optional press." in grapple.text
    assert carddata.library_card("101144").name == "Majesty"
    with pytest.raises(InvalidState, match="No library card"):
        carddata.library_card("Not A Card")
