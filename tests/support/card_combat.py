"""Combats built from cards on the VTES combat page, the way a judge builds them: a vampire
chosen from the crypt for each side, then cards played from the library with the picker."""

from __future__ import annotations

from dataclasses import dataclass

from calculators.pages.vtes_combat.page import VtesCombatPage


@dataclass(frozen=True)
class Play:
    """One card play as the picker takes it: the card, its level as listed, who, when, and
    what the choice box says (a weapon's name, the opposing equipment, a retainer)."""

    card: str
    level: str
    side: str = "acting"
    round: int = 1
    choice: str = ""
    life: int = 1
    range: str = "close"


#: Theo Bell against Lucian, the Perfect: a strength card, a grapple (with its press), a
#: prevention card, a weapon, a press and a combat-ends strike, over three rounds
THEO_AGAINST_LUCIAN = (
    Play("Immortal Grapple", "POT"),
    Play("Undead Strength", "POT (hand strike)"),
    Play("Glancing Blow", "-", "opposing"),
    Play("Concealed Weapon", "-", "acting", 2, ".44 Magnum"),
    Play("Flash", "cel (press)", "acting", 2),
    Play("Majesty", "PRE", "opposing", 3),
)


def choose_vampire(app: VtesCombatPage, name: str, side: str) -> None:
    app.cards_toggle.value = True
    app.crypt_picker.name.value = name
    app.crypt_picker.side.value = side
    app.crypt_picker.use.click()
    assert app.banner.message == "", app.banner.message


def play(app: VtesCombatPage, card: Play) -> bool:
    """Play ``card`` with the picker; whether the page took it (a refusal is in the banner)."""
    picker = app.card_picker
    before = len(picker.plays)
    picker.name.value = card.card
    picker.level.value = card.level
    picker.side.value = card.side
    picker.round.value = card.round
    picker.choice.value = card.choice
    picker.life.value = card.life
    picker.range.value = card.range
    picker.play.click()
    return len(picker.plays) == before + 1


def theo_against_lucian(plays: tuple[Play, ...] = THEO_AGAINST_LUCIAN) -> VtesCombatPage:
    app = VtesCombatPage()
    app.new_combat()
    choose_vampire(app, "Theo Bell (G2)", "acting")
    choose_vampire(app, "Lucian, the Perfect (G4)", "opposing")
    for card in plays:
        assert play(app, card), (card, app.banner.message)
    return app
