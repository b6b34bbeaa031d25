"""Which cards each side may choose in a round of combat: written once, used by the round
resolver (:mod:`rules.dracula.combat`), the whole-combat chain and the group chain.

- Not the card played last round (unless a second copy is in hand).
- No Dodge in round 1, for either side, unless the situation allows it (a rule the seed leaves
  open; chosen here and stated in every trace).
- Against Dracula under Garlic (or Rage), no Escape in rounds 1-3.
- With Sister Agatha in play, Dracula may choose Fangs or an Escape only if he can pay for it.
- After a repel, Dracula may only Dodge or Escape (if he has such a card left).
- A hunter's holy items may only be chosen where every enemy card has a result for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from rules.dracula.cards import DRACULA_ESCAPES, HUNTER_BASICS, CardTable
from rules.dracula.hunters import Situation
from rules.i18n import msg

__all__ = [
    "AGATHA_CARDS",
    "AGATHA_COST",
    "DODGES",
    "NO_DODGE_IN_ROUND_ONE",
    "can_pay",
    "enemy_cards",
    "hunter_cards",
    "playable_cards",
]

DODGES = ("Dodge", "Dodge (Dracula)", "Dodge (Agent)")
AGATHA_CARDS: tuple[str, ...] = ("Fangs", *DRACULA_ESCAPES)
"""Dracula's cards that cost blood while Sister Agatha is in play."""
AGATHA_COST = 2

# the step both the round resolver and the whole-combat odds write when Dodge is barred in round 1
NO_DODGE_IN_ROUND_ONE = msg(
    "Neither side may choose Dodge in round 1 (a rule the seed leaves open; chosen here)."
)


def can_pay(situation: Situation, dracula: bool, blood: int) -> bool:
    """Whether Dracula may choose a card Sister Agatha taxes (always, without her)."""
    return not (dracula and situation.sister_agatha) or blood > AGATHA_COST


def playable_cards(
    table: CardTable, cards: Iterable[str], enemy_deck: Sequence[str]
) -> frozenset[str]:
    """The hunter cards among ``cards`` that have a result against every enemy card."""
    deck = tuple(enemy_deck)
    return frozenset(c for c in cards if _faces_every_card(table, c, deck))


@lru_cache(maxsize=4096)
def _faces_every_card(table: CardTable, card: str, enemy_deck: tuple[str, ...]) -> bool:
    return all(table.allowed(card, e) for e in enemy_deck)


def hunter_cards(
    items: tuple[str, ...],
    last: str | None,
    rnd: int,
    situation: Situation,
    playable: frozenset[str],
) -> tuple[str, ...]:
    """The cards a hunter holding combat ``items`` may choose in round ``rnd`` (0: a round that
    no rule depends on), in deck order: the basics, then the items."""
    out = []
    for card in dict.fromkeys((*HUNTER_BASICS, *items)):
        copies = (1 if card in HUNTER_BASICS else items.count(card)) - (card == last)
        if copies <= 0 or card not in playable:
            continue
        if rnd == 1 and card == "Dodge" and not situation.dodge_in_round_one:
            continue
        out.append(card)
    return tuple(out)


def enemy_cards(
    deck: Sequence[str],
    dracula: bool,
    situation: Situation,
    last: str | None,
    repel: bool,
    rnd: int,
    can_pay: bool = True,
) -> tuple[str, ...]:
    """The cards the enemy may choose in round ``rnd`` (0: a round that no rule depends on):
    not the card of the last round, and no Dodge in round 1 unless allowed (Dracula's or an
    agent's); against Dracula also no Escape in rounds 1-3 under Garlic, no card Sister Agatha
    taxes when he cannot pay, and only Dodge or Escape after a repel."""
    cards = [c for c in deck if c != last]
    if rnd == 1 and not situation.dodge_in_round_one:
        cards = [c for c in cards if c not in DODGES]
    if dracula:
        if situation.garlic and 1 <= rnd <= 3:
            cards = [c for c in cards if c not in DRACULA_ESCAPES]
        if not can_pay:
            cards = [c for c in cards if c not in AGATHA_CARDS]
        if repel:
            rep = [c for c in cards if c == "Dodge (Dracula)" or c in DRACULA_ESCAPES]
            if rep:
                cards = rep
    return tuple(cards)
