"""The card data shipped with the package (extracted offline from krcg)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from rules.errors import InvalidState
from rules.vtes import carddata

ROOT = Path(__file__).resolve().parent.parent


def test_pinned_source() -> None:
    meta = carddata.meta()
    assert meta["krcg"] == "4.19"
    assert set(meta["sha256"]) == {"vtessets.csv", "vtescrypt.csv", "vteslib.csv"}
    assert meta["vampires"] == len(carddata.crypt()) == len(carddata.crypt_names()) > 1500
    assert meta["library"] == len(carddata.library()) > 2000
    assert meta["crypt"] + meta["library"] == len(carddata.cards()) == 4149


def test_every_card_by_id_and_name() -> None:
    every = carddata.cards()
    assert len({c.id for c in every}) == len(every)
    assert all(carddata.card(c.id) == c for c in every)
    # an imbued is a crypt card but not a vampire the combat pages take
    anna = carddata.card('Anna "Dictatrix11" Suljic (G4)')
    assert isinstance(anna, carddata.CryptCard) and anna.types == ("Imbued",)
    assert (anna.capacity, anna.basic, anna.clan) == (6, ("mar", "red", "viz"), "Martyr")
    assert anna.name not in carddata.crypt_names()
    with pytest.raises(InvalidState, match="No vampire"):
        carddata.vampire(anna.name)
    # every library card, not only those the combat pages use
    zip_line = carddata.card("zip line")
    assert isinstance(zip_line, carddata.LibraryCard) and zip_line.types == ("Action",)
    assert carddata.card("101179").aka == ("mask of 1,000 faces",)
    with pytest.raises(InvalidState, match="close names: Majesty") as error:
        carddata.card("Majesty!!")
    assert "похожие названия: Majesty" in error.value.ru


def test_the_sources_are_named_with_their_versions() -> None:
    s = carddata.sources()
    assert (s.krcg, s.newest_set, s.newest_set_date) == (
        "4.19",
        "2025 European GP Promo",
        "2025-11-29",
    )
    assert s.newest_ruling_date == "2026-05-22" and s.rulings == 5309 and s.cards == 4149
    assert (s.rulebook, s.rulebooks) == ("black-hand", ("black-hand", "vekn-2024"))
    assert dict(s.cards_sha256) == carddata.meta()["sha256"]
    assert {name for name, _ in s.rulings_sha256} == {
        "rulings.yaml",
        "groups.yaml",
        "references.yaml",
    }
    en, ru = s.message().render("en"), s.message().render("ru")
    assert "krcg 4.19" in en and "2025-11-29" in en and "2026-05-22" in en
    assert "Black Hand rulebook" in en and "current VEKN rulebook" in en
    assert "krcg 4.19" in ru and "2026-05-22" in ru and "Card texts" not in ru


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
    assert carddata.library_card("Zip Line").types == ("Action",)  # every library card


@pytest.mark.skipif(importlib.util.find_spec("krcg") is None, reason="krcg ([cards] extra) absent")
def test_the_shipped_file_matches_a_fresh_extraction() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "extract-cards"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
