"""The official rulings shipped with the card data, against krcg 4.19's own."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys

import pytest

from rules.errors import InvalidState
from rules.vtes import card_rulings, carddata

KRCG_RULINGS = """
import json, os
os.environ["LOCAL_CARDS"] = "1"
os.environ["NO_TRANSLATIONS"] = "1"
import krcg.vtes
krcg.vtes.VTES.load_from_vekn()
print(json.dumps({
    card.id: [
        [r["text"], [[x["label"], x["url"]] for x in r.get("references", [])],
         [x["id"] for x in r.get("cards", [])], [x["text"][1:-1] for x in r.get("symbols", [])],
         r.get("group", "")]
        for r in card.rulings
    ]
    for card in krcg.vtes.VTES
}))
"""


@pytest.mark.skipif(importlib.util.find_spec("krcg") is None, reason="krcg ([cards] extra) absent")
def test_every_cards_rulings_are_krcgs() -> None:
    done = subprocess.run(
        [sys.executable, "-c", KRCG_RULINGS], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    theirs = {int(k): v for k, v in json.loads(done.stdout).items()}
    assert set(theirs) == {card.id for card in carddata.cards()}
    differ = []
    for ident, expected in theirs.items():
        ours = [
            [
                r.text,
                [[ref.label, ref.url] for ref in r.references],
                [c.id for c in r.cards],
                list(r.symbols),
                r.group,
            ]
            for r in carddata.rulings(ident)
        ]
        if ours != expected:
            differ.append(ident)
    assert not differ, f"{len(differ)} cards' rulings differ from krcg's, e.g. {differ[:5]}"
    total = sum(len(v) for v in theirs.values())
    print(f"\n{total} rulings on {sum(1 for v in theirs.values() if v)} cards, as krcg's")


def test_the_shipped_rulings_hold_together() -> None:
    meta = card_rulings.meta()
    every = carddata.cards()
    ids = {card.id for card in every}
    per_card = {card.id: carddata.rulings(card.id) for card in every}
    assert sum(map(len, per_card.values())) == meta["rulings"] > 5000
    assert sum(1 for r in per_card.values() if r) == meta["cards_with_rulings"] > 2000
    labels = set()
    for ident, rulings in per_card.items():
        for ruling in rulings:
            assert ident in ruling.about
            assert ruling.references, ruling.text  # every ruling says where it comes from
            for ref in ruling.references:
                assert f"[{ref.label}]" in ruling.text
                assert ref.url.startswith(("https://", "http://"))
                labels.add(ref.label)
            assert re.findall(r"\{([^}]+)\}", ruling.text) == [c.name for c in ruling.cards]
            assert {c.id for c in ruling.cards} <= ids
            for symbol in ruling.symbols:
                assert f"[{symbol}]" in ruling.text
    assert len(labels) == meta["references"]


def test_a_cards_rulings_read_as_published() -> None:
    # .44 Magnum's own ruling, by L. Scott Johnson on 2 March 1998, then its group's
    magnum, shared = carddata.rulings(100001)
    assert shared.group == "Strikes with optional maneuver" and 100001 in shared.about
    assert magnum.text.startswith("Provides only one maneuver each combat")
    (ref,) = magnum.references
    assert (ref.label, ref.author, ref.date) == ("LSJ 19980302-2", "LSJ", "1998-03-02")
    assert ref.url.startswith("https://")
    # Abactor's second ruling names Rebirth and Carlton Van Wyk
    second = carddata.rulings(100004)[1]
    assert [(c.id, c.name) for c in second.cards] == [
        (101565, "Rebirth"),
        (100298, "Carlton Van Wyk"),
    ]
    assert [r.label for r in second.references] == ["LSJ 20090724", "ANK 20180129-1"]
    assert carddata.rulings(200001) == ()  # Aabbt Kindred: none
    with pytest.raises(InvalidState, match="No card"):
        carddata.rulings(999999)
    with pytest.raises(InvalidState, match="card id"):
        carddata.rulings("Majesty")  # type: ignore[arg-type]


def test_group_rulings_carry_each_members_prefix() -> None:
    groups = {g.name: g for g in carddata.ruling_groups()}
    control = groups["Temporary control"]
    assert control.id == "G00001" and (101215, "[DOM]") in control.members
    puppet = [r for r in carddata.rulings(101215) if r.group_id == "G00001"]
    assert [r.text for r in puppet] == ["[DOM]" + r.text for r in control.rulings]
    assert all(r.symbols[0] == "DOM" for r in puppet)
    assert all(101215 in r.about and 101519 in r.about for r in puppet)


def test_searching_the_rulings() -> None:
    found = carddata.search_rulings("Temporary CONTROL")
    assert len(found) == 7 and [r.group for r in found].count("Temporary control") == 3
    assert all("temporary" in r.text.lower() and " control" in r.text.lower() for r in found[:4])
    magnum = carddata.search_rulings("only one maneuver bearer")
    assert [r.about for r in magnum] == [(100001,)]
    assert len(carddata.search_rulings("blood", limit=3)) == 3
    assert carddata.search_rulings("") == () and carddata.search_rulings("zzqqx") == ()


def test_the_contracts_example() -> None:
    # shared/spec/api.md: carddata.find("majsty", limit=10), carddata.rulings(101144)
    found = carddata.find("majsty", limit=10)
    assert found[0].id == 101144 and found[0].name == "Majesty" and len(found) <= 10
    (majesty,) = carddata.rulings(101144)
    assert majesty.text.startswith("[PRE] The vampire still unlocks")
    assert [(r.label, r.url.startswith("http")) for r in majesty.references] == [
        ("RTR 20020501", True)
    ]
