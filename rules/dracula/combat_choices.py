"""What each side may choose in a round of Fury of Dracula combat, and its roll bonuses.

The cards a hunter or the enemy may choose now (the rules themselves live in
:mod:`rules.dracula.legality`), Sister Agatha's blood price, the round's roll bonuses, the
notes that open a round, and the refusal of a card no rule allows, saying why.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.dracula.cards import ENEMY_CARDS, HUNTER_BASICS, HUNTER_CARDS, CardTable
from rules.dracula.combat_state import CombatState, checked_state, checked_table
from rules.dracula.hunters import Opponent, Situation
from rules.dracula.legality import (
    AGATHA_CARDS,
    AGATHA_COST,
    can_pay,
    enemy_cards,
    hunter_cards,
    playable_cards,
)
from rules.dracula.words import card_name, card_names
from rules.errors import IllegalPlay
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import choice, present, sized, whole

__all__ = [
    "agatha_cost",
    "bonuses",
    "enemy_options",
    "hunter_options",
    "refuse_illegal",
    "round_notes",
]

SITUATION_PARAM = msg_p("dracula", "situation")
OPPONENT_PARAM = msg_p("dracula", "opponent")
HUNTER_CARDS_PARAM = msg_p("dracula", "hunter_cards")
A_HUNTER_CARD_PARAM = msg_p("dracula", "a hunter card")
ENEMY_CARD_PARAM = msg_p("dracula", "enemy_card")


def agatha_cost(situation: Situation, opponent: Opponent, card: str) -> int:
    """Blood Dracula pays to play ``card`` (Sister Agatha: 2 for Fangs or an Escape, else 0)."""
    present(SITUATION_PARAM, situation, Situation)
    present(OPPONENT_PARAM, opponent, Opponent)
    choice(msg_p("dracula", "card"), card, ENEMY_CARDS)
    if situation.sister_agatha and opponent.is_dracula and card in AGATHA_CARDS:
        return AGATHA_COST
    return 0


def hunter_options(
    state: CombatState, index: int = 0, *, table: CardTable | None = None
) -> tuple[str, ...]:
    """Cards hunter ``index`` may choose this round, in deck order."""
    t = checked_table(table)
    checked_state(state)
    h = state.hunters[whole(msg_p("dracula", "index"), index, 0, len(state.hunters) - 1)]
    last = state.hunter_last[index] if state.hunter_last else None
    playable = playable_cards(t, (*HUNTER_BASICS, *h.combat_items), state.opponent.deck())
    return hunter_cards(h.combat_items, last, state.round, state.situation, playable)


def enemy_options(state: CombatState) -> tuple[str, ...]:
    """Cards Dracula or the agent may choose this round."""
    checked_state(state)
    dracula = state.opponent.is_dracula
    return enemy_cards(
        state.opponent.deck(),
        dracula,
        state.situation,
        state.enemy_last,
        state.repel,
        state.round,
        can_pay(state.situation, dracula, state.blood),
    )


def bonuses(
    state: CombatState, hunter_cards: Sequence[str], enemy_card: str
) -> tuple[int, int, tuple[Step, ...]]:
    """The hunters' and the enemy's roll bonuses this round, each explained."""
    checked_state(state)
    for card in sized(HUNTER_CARDS_PARAM, hunter_cards, 1, len(state.hunters)):
        choice(A_HUNTER_CARD_PARAM, card, HUNTER_CARDS)
    choice(ENEMY_CARD_PARAM, enemy_card, ENEMY_CARDS)
    s = state.situation
    hunters: list[Message] = []
    enemy: list[Message] = []
    if s.advance_planning:
        hunters.append(msg("Hunters +1: Advance Planning was played."))
    if "Pistol" in hunter_cards:
        hunters.append(msg("Hunters +1: a Pistol was chosen this round."))
    if state.dodge_bonus == "hunter":
        hunters.append(msg("Hunters +1: Dodge won the previous roll."))
    if state.opponent.is_dracula:
        if any(h.counts_as_bitten for h in state.hunters):
            enemy.append(msg("Dracula +1: a bitten hunter (not Mina) is fighting."))
        if s.castle_dracula:
            enemy.append(msg("Dracula +1: the combat is in Castle Dracula."))
    else:
        if state.opponent.minion and s.eastern_europe:
            enemy.append(msg("Agent +1: a Minion fighting in Eastern Europe."))
        if enemy_card == "Pistol (Agent)":
            enemy.append(msg("Agent +1: it chose the Pistol this round."))
    if s.trap:
        enemy.append(msg("Enemy +1: Trap was played before the combat."))
    if state.dodge_bonus == "enemy":
        enemy.append(msg("Enemy +1: its Dodge won the previous roll."))
    steps = tuple(Step("dracula:modifiers", said) for said in (*hunters, *enemy))
    return len(hunters), len(enemy), steps


def refuse_illegal(
    state: CombatState, cards: Sequence[str], enemy_card: str, table: CardTable
) -> None:
    """Refuse a card that no rule lets its side choose this round, saying why."""
    for i, card in enumerate(cards):
        legal = hunter_options(state, i, table=table)
        if card not in legal:
            why: Message | str = ""
            if state.hunter_last and card == state.hunter_last[i]:
                why = msg(" (it was played last round and stays on the table)")
            raise IllegalPlay(
                msg(
                    "{name} cannot choose {card}{why}; allowed now: {allowed}",
                    name=state.hunters[i].name,
                    card=card_name(card),
                    why=why,
                    allowed=card_names(legal),
                )
            )
    legal_enemy = enemy_options(state)
    if enemy_card not in legal_enemy:
        why = ""
        if enemy_card == state.enemy_last:
            why = msg(" (it was played last round and stays on the table)")
        elif (
            agatha_cost(state.situation, state.opponent, enemy_card) and state.blood <= AGATHA_COST
        ):
            why = msg_n(
                " (Sister Agatha: it costs {n} blood and Dracula has {blood}; he may not go to 0 "
                "blood by paying)",
                " (Sister Agatha: it costs {n} blood and Dracula has {blood}; he may not go to 0 "
                "blood by paying)",
                AGATHA_COST,
                blood=state.blood,
            )
        elif state.repel:
            why = msg(" (Dracula was repelled: only Dodge or an Escape)")
        raise IllegalPlay(
            msg(
                "{name} cannot choose {card}{why}; allowed now: {allowed}",
                name=state.opponent.title(),
                card=card_name(enemy_card),
                why=why,
                allowed=card_names(legal_enemy),
            )
        )


def round_notes(state: CombatState) -> tuple[Step, ...]:
    """The rules that limit this round's choices, as the round's first steps."""
    trace = Trace()
    if state.repel and state.opponent.is_dracula:
        trace.add(
            "dracula:results", msg("Dracula was repelled last round: only Dodge or an Escape.")
        )
    if state.situation.garlic and state.round <= 3 and state.opponent.is_dracula:
        trace.add(
            "dracula:combat-start",
            msg("Round {round}: Garlic/Rage forbids Escapes.", round=state.round),
        )
    if state.round == 1 and not state.situation.dodge_in_round_one:
        trace.add("dracula:combat-decks", msg("Round 1: no Dodge for either side (chosen rule)."))
    if state.situation.sister_agatha and state.opponent.is_dracula and state.blood <= AGATHA_COST:
        trace.add(
            "dracula:powers",
            msg(
                "Sister Agatha: with {blood} blood Dracula cannot pay {cost}, so Fangs and the "
                "Escapes are not his to choose this round.",
                blood=state.blood,
                cost=AGATHA_COST,
            ),
        )
    if state.hunter_last and any(c is not None for c in state.hunter_last):
        left = [c for c in (*state.hunter_last, state.enemy_last) if c]
        trace.add(
            "dracula:repeat-cards",
            msg("Still on the table from last round: {cards}.", cards=card_names(left)),
        )
    return trace.steps
