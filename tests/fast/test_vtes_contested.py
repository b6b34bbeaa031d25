"""Contested unique cards and titles at the untap phase (VTES 4, 4.1, 4.2)."""

from __future__ import annotations

import pytest

from rules.errors import IllegalPlay, InvalidState
from rules.vtes.contested import (
    ContestedCard,
    ContestedTitle,
    unique_card_enters,
    untap_contests,
)


def test_each_contested_card_costs_one_pool() -> None:
    r = untap_contests(pool=10, cards=[ContestedCard("Haven"), ContestedCard("Archon")])
    assert r.pool == 8 and r.pool_paid == 2
    assert r.cards_kept == ("Haven", "Archon")
    assert not r.ousted


def test_yielded_card_costs_nothing_and_burns() -> None:
    r = untap_contests(
        pool=10, cards=[ContestedCard("Haven"), ContestedCard("Archon")], yield_cards=["Haven"]
    )
    assert r.pool == 9
    assert r.cards_yielded == ("Haven",) and r.cards_kept == ("Archon",)
    assert any("burns" in s.text for s in r.steps)


def test_card_won_when_every_rival_yielded() -> None:
    r = untap_contests(pool=3, cards=[ContestedCard("Haven", rivals=0)])
    assert r.cards_won == ("Haven",) and r.pool == 3 and r.pool_paid == 0


def test_not_enough_pool_to_keep_contesting() -> None:
    cards = [ContestedCard(n) for n in ("A", "B", "C")]
    with pytest.raises(IllegalPlay, match="yield at least 1"):
        untap_contests(pool=2, cards=cards)


def test_paying_the_last_pool_ousts() -> None:
    r = untap_contests(pool=1, cards=[ContestedCard("A")])
    assert r.pool == 0 and r.ousted


def test_each_contested_title_costs_one_blood() -> None:
    r = untap_contests(
        pool=5,
        titles=[
            ContestedTitle("Prince of Paris", "Anne", blood=3),
            ContestedTitle("Justicar", "Bert", blood=1),
        ],
    )
    assert dict(r.blood) == {"Anne": 2, "Bert": 0}
    assert r.blood_paid == 2 and r.pool == 5
    assert r.titles_kept == ("Prince of Paris", "Justicar")


def test_vampire_with_two_titles_pays_for_each() -> None:
    r = untap_contests(
        pool=5,
        titles=[
            ContestedTitle("Prince of Paris", "Anne", blood=1),
            ContestedTitle("Inner Circle", "Anne", blood=1),
        ],
    )
    assert r.titles_kept == ("Prince of Paris",)
    assert r.forced_yields == ("Inner Circle",)
    assert dict(r.blood) == {"Anne": 0}


def test_torpor_and_empty_vampires_must_yield() -> None:
    r = untap_contests(
        pool=5,
        titles=[
            ContestedTitle("Prince of Paris", "Anne", blood=4, ready=False),
            ContestedTitle("Archbishop of Rome", "Bert", blood=0),
        ],
    )
    assert r.titles_yielded == ("Prince of Paris", "Archbishop of Rome")
    assert r.forced_yields == ("Prince of Paris", "Archbishop of Rome")
    assert dict(r.blood) == {"Anne": 4, "Bert": 0}


def test_voluntary_title_yield_and_win() -> None:
    r = untap_contests(
        pool=5,
        titles=[
            ContestedTitle("Prince of Paris", "Anne", blood=4),
            ContestedTitle("Regent", "Bert", blood=2, rivals=0),
        ],
        yield_titles=["Prince of Paris"],
    )
    assert r.titles_yielded == ("Prince of Paris",) and r.forced_yields == ()
    assert r.titles_won == ("Regent",)
    assert dict(r.blood) == {"Anne": 4, "Bert": 2}


def test_bad_yield_names() -> None:
    with pytest.raises(InvalidState, match="not among your contested cards"):
        untap_contests(pool=5, cards=[ContestedCard("A")], yield_cards=["B"])
    with pytest.raises(InvalidState, match="not among your contested titles"):
        untap_contests(pool=5, yield_titles=["Prince"])


def test_unique_card_entering() -> None:
    assert unique_card_enters("Haven", "Ann").outcome == "in play"
    contested = unique_card_enters("Haven", "Ann", controllers=["Bob"])
    assert contested.outcome == "contested" and contested.contestants == ("Bob", "Ann")


def test_second_copy_of_your_own_unique_card() -> None:
    # Rulebook 4.1 (current VEKN text): a Methuselah cannot play a unique card they already
    # control; only an effect that forces a copy into play burns the new copy.
    with pytest.raises(IllegalPlay, match="cannot choose to play another one") as error:
        unique_card_enters("Haven", "Ann", ["Bob", "Ann"])
    assert "сыграть ещё один по своему выбору нельзя" in error.value.ru
    forced = unique_card_enters("Haven", "Ann", ["Bob", "Ann"], forced=True)
    assert forced.outcome == "burned" and forced.contestants == ()
    assert all(s.rule == "vtes:4.1.1" for s in forced.steps)
    # forcing changes nothing when the player has no copy yet
    assert unique_card_enters("Haven", "Ann", ["Bob"], forced=True).outcome == "contested"


def test_sections_cited() -> None:
    r = untap_contests(
        pool=5,
        cards=[ContestedCard("A")],
        titles=[ContestedTitle("Prince", "Anne", blood=1)],
    )
    rules = {s.rule for s in r.steps}
    assert {"vtes:4", "vtes:4.1", "vtes:4.2"} <= rules


# --------------------------------------------------------------------------- Russian texts


def test_untap_contests_in_russian() -> None:
    r = untap_contests(
        pool=5,
        cards=[ContestedCard("Haven"), ContestedCard("Archon")],
        titles=[ContestedTitle("Prince", "Anna", blood=3)],
        yield_cards=["Archon"],
    )
    assert all(s.ru and s.ru != s.text for s in r.steps)
    ru = " ".join(s.ru for s in r.steps)
    assert "Вы платите 1 пул, чтобы продолжить контест за карту Haven" in ru
    assert "Вы уступаете карту Archon" in ru
    assert "Anna платит 1 литр крови" in ru and "(крови осталось: 2)" in ru


def test_unique_card_contest_in_russian() -> None:
    r = unique_card_enters("Ossian", "Cid", ["Ann", "Bob"])
    assert "уже есть у игроков Ann, Bob" in r.steps[0].ru
    assert "в контесте участвуют Ann, Bob, Cid" in r.steps[0].ru


# --------------------------------------------------------------------------- Russian messages


def test_contests_beyond_the_pool_in_russian() -> None:
    cards = [ContestedCard("A"), ContestedCard("B"), ContestedCard("C")]
    with pytest.raises(IllegalPlay) as caught:
        untap_contests(pool=2, cards=cards)
    assert caught.value.in_language("ru") == (
        "Сохранить 3 оспариваемые карты стоит 3 пула, а у вас 2; уступите хотя бы 1 из них."
    )


def test_yield_of_an_unknown_title_in_russian() -> None:
    titles = [ContestedTitle("Prince of Paris", "Anne", blood=3)]
    with pytest.raises(InvalidState) as caught:
        untap_contests(pool=5, titles=titles, yield_titles=["Justicar"])
    assert caught.value.in_language("ru") == (
        "Нельзя уступить титул 'Justicar': его нет среди ваших оспариваемых титулов "
        "(Prince of Paris)."
    )
