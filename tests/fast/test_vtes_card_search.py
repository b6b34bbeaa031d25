"""Finding a card by any spelling (``rules.vtes.carddata.find``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rules.errors import InvalidState
from rules.vtes import carddata
from rules.vtes.card_search import Entry, NameIndex, distances, fold, sound

QUERIES = Path(__file__).resolve().parents[1] / "data" / "card_queries.tsv"
GOAL = 0.97


def queries() -> list[tuple[str, str, str]]:
    rows = []
    for line in QUERIES.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            kind, query, card = line.split("\t")
            rows.append((kind, query, card))
    return rows


def names(query: str, limit: int = 10) -> list[str]:
    return [card.name for card in carddata.find(query, limit)]


def test_the_query_set_finds_the_intended_card_first() -> None:
    rows = queries()
    assert len(rows) >= 150
    every = {c.name for c in carddata.cards()}
    assert not [card for _k, _q, card in rows if card not in every]  # each names a real card
    hits: Counter[str] = Counter()
    total: Counter[str] = Counter()
    missed = []
    for kind, query, card in rows:
        total[kind] += 1
        found = names(query, 1)
        if found == [card]:
            hits[kind] += 1
        else:
            missed.append((query, card, found))
    rate = sum(hits.values()) / len(rows)
    by_kind = ", ".join(f"{k} {hits[k]}/{n}" for k, n in sorted(total.items()))
    print(f"\ncard look-up: {sum(hits.values())}/{len(rows)} first = {rate:.1%} ({by_kind})")
    for query, card, found in missed:
        print(f"  missed {query!r}: wanted {card!r}, found {found}")
    assert rate >= GOAL, missed


def test_every_card_is_found_first_by_its_own_name() -> None:
    missed = []
    for card in carddata.cards():
        printed = card.printed if isinstance(card, carddata.CryptCard) else card.name
        first = carddata.find(printed, 1)[0]
        if (first.printed if isinstance(first, carddata.CryptCard) else first.name) != printed:
            missed.append((printed, first.name))
    assert not missed


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # the versions of one vampire: base ones by group, then advanced; a named one first
        ("Theo Bell", ["Theo Bell (G2)", "Theo Bell (G6)", "Theo Bell (G2 ADV)"]),
        ("theo bell adv", ["Theo Bell (G2 ADV)", "Theo Bell (G2)", "Theo Bell (G6)"]),
        ("Theo Bell (G6)", ["Theo Bell (G6)", "Theo Bell (G2)", "Theo Bell (G2 ADV)"]),
        ("Тео Белл", ["Theo Bell (G2)", "Theo Bell (G6)", "Theo Bell (G2 ADV)"]),
        ("Виктория Эш", ["Victoria Ash (G2)", "Victoria Ash (G7)"]),
    ],
)
def test_the_versions_of_a_vampire_in_order(query: str, expected: list[str]) -> None:
    assert names(query)[: len(expected)] == expected


def test_a_name_without_its_epithet_prefers_the_card_of_that_very_name() -> None:
    assert names("Lucian")[:2] == ["Lucian (G1)", "Lucian, the Perfect (G4)"]


def test_each_kind_of_typo() -> None:
    for typo in ("majsty", "majestyy", "mjaesty", "majasty", "MAJESTY", "majest"):
        assert names(typo, 1) == ["Majesty"], typo


def test_an_id_a_limit_and_nothing_to_find() -> None:
    assert names("101144") == ["Majesty"]
    assert len(carddata.find("the", limit=3)) == 3
    assert carddata.find("   ") == () and carddata.find("majesty", limit=0) == ()
    assert carddata.find("xxxxxxxxxx") == () and carddata.find("?!") == ()
    with pytest.raises(InvalidState, match="Give a card name"):
        carddata.find(101144)  # type: ignore[arg-type]


def test_fold_and_sound() -> None:
    assert fold("Clara Hjortshøj") == "clara hjortshoj"
    assert fold("Pentex™ Subversion") == "pentex subversion"
    assert fold("Джейкоб Брэгг") == "jeykob bregg"
    assert fold("Ксавьер") == "ksavyer"
    assert sound("Sascha") == sound("Саша") == "saSa"
    assert sound("Theo") == sound("Тео") and sound("Bell") == sound("Белл")


def test_distances_count_each_edit() -> None:
    assert distances("abcd", "abdc", 9.0)[0] == 1.0  # a swap
    assert distances("abcd", "abd", 9.0)[0] == 1.0  # a consonant missing
    assert distances("bella", "bell", 9.0)[0] == 0.6  # a vowel missing
    assert distances("bell", "bill", 9.0)[0] == 0.5  # a vowel for another
    assert distances("bell", "bellamy", 9.0) == (2.6, 0.0)
    assert distances("zzzz", "bell", 1.0) == (float("inf"), float("inf"))


def test_an_index_of_its_own() -> None:
    index = NameIndex([Entry(7, 'Anna "Dictatrix11" Suljic'), Entry(8, "Lodin (Olaf Holte)")])
    assert index.find("anna suljic") == (7,) and index.find("dictatrix") == (7,)
    assert index.find("lodin") == (8,) and index.find("olaf holte") == (8,)
