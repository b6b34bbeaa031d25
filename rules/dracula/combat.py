"""A deterministic round resolver for Fury of Dracula combat.

``start_combat`` builds the state before round 1; ``resolve_round`` takes the state, the cards
both sides revealed and the dice they rolled, and returns the new state with a trace. Group
combat is supported: Dracula names a target, who rolls for the group; when the hunters win
they choose whose revealed card gives the result.

The state and the round's report are in :mod:`rules.dracula.combat_state`, what each side may
choose and its bonuses in :mod:`rules.dracula.combat_choices`, and what a result does in
:mod:`rules.dracula.combat_results`; their public names are all importable from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.dracula.blood import MAX_BLOOD
from rules.dracula.cards import CardTable
from rules.dracula.combat_choices import (
    A_HUNTER_CARD_PARAM,
    ENEMY_CARD_PARAM,
    HUNTER_CARDS_PARAM,
    OPPONENT_PARAM,
    SITUATION_PARAM,
    agatha_cost,
    bonuses,
    enemy_options,
    hunter_options,
    refuse_illegal,
    round_notes,
)
from rules.dracula.combat_results import apply_result
from rules.dracula.combat_state import CombatState, RoundReport, checked_state, checked_table
from rules.dracula.hunters import GROUP_READINGS, NO_SITUATION, Hunter, Opponent, Situation
from rules.dracula.legality import AGATHA_CARDS, AGATHA_COST, NO_DODGE_IN_ROUND_ONE
from rules.dracula.words import ENDINGS, card_name, card_names, enemy_name, result_name, semicolons
from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import present, sized, text, whole

__all__ = [
    "AGATHA_CARDS",
    "AGATHA_COST",
    "ENDINGS",
    "CombatState",
    "RoundReport",
    "agatha_cost",
    "bonuses",
    "enemy_options",
    "hunter_options",
    "resolve_round",
    "start_combat",
]


def _revealed_enemy(state: CombatState) -> Message | str:
    """The enemy as a round's trace names it."""
    return enemy_name("Dracula" if state.opponent.is_dracula else (state.opponent.name or "Agent"))


def start_combat(
    hunters: Hunter | Sequence[Hunter],
    opponent: Opponent,
    situation: Situation = NO_SITUATION,
    *,
    blood: int = MAX_BLOOD,
    table: CardTable | None = None,
) -> tuple[CombatState, tuple[Step, ...]]:
    """The state before round 1 and a trace of what was set up, with each side's round-1
    choices where a rule narrows its deck (``table``: the card table the rounds use, for the
    pairings it does not allow)."""
    if isinstance(hunters, Hunter):
        group: tuple[Hunter, ...] = (hunters,)
    else:
        members = sized(msg_p("dracula", "hunters"), hunters, 0, 4)
        group = tuple(present(msg_p("dracula", "a hunter"), h, Hunter) for h in members)
    present(OPPONENT_PARAM, opponent, Opponent)
    present(SITUATION_PARAM, situation, Situation)
    # against an agent the blood track plays no part: any value from 0 is ignored
    low = 1 if opponent.is_dracula else 0
    whole(msg_p("dracula", "Dracula's blood"), blood, low, MAX_BLOOD)
    if not group:
        raise InvalidState(msg("a combat needs at least one hunter"))
    names = [h.name for h in group]
    if len(set(names)) != len(names):
        raise InvalidState(
            msg("each hunter may appear once in a group, got {names}", names=repr(names))
        )
    if opponent.is_dracula and not 1 <= blood <= MAX_BLOOD:
        raise InvalidState(
            msg("Dracula's blood must be 1..{top}, not {blood}", top=MAX_BLOOD, blood=blood)
        )
    trace = Trace()
    played = [
        said
        for flag, said in (
            (situation.trap, msg("Dracula played Trap (+1 to his side's rolls this combat)")),
            (
                situation.advance_planning,
                msg("a hunter played Advance Planning (+1 to the hunters)"),
            ),
            (
                situation.garlic,
                msg("Garlic or Rage was played (no Escape for Dracula in rounds 1-3)"),
            ),
        )
        if flag
    ]
    trace.add(
        "dracula:combat-start",
        msg("Before round 1: {played}.", played=semicolons(played))
        if played
        else msg("Before round 1: no cards were played."),
    )
    if not situation.dodge_in_round_one:
        trace.add("dracula:combat-decks", NO_DODGE_IN_ROUND_ONE)
    if situation.sister_agatha:
        trace.add(
            "dracula:powers",
            msg_n(
                "Sister Agatha is with the hunters: Dracula pays {n} blood for each Fangs or "
                "Escape he plays, when it is revealed; he may not go to 0 blood that way, so he "
                "needs at least {least} to choose one.",
                "Sister Agatha is with the hunters: Dracula pays {n} blood for each Fangs or "
                "Escape he plays, when it is revealed; he may not go to 0 blood that way, so he "
                "needs at least {least} to choose one.",
                AGATHA_COST,
                least=AGATHA_COST + 1,
            )
            if opponent.is_dracula
            else msg(
                "Sister Agatha is with the hunters: she only taxes Dracula's cards, not an agent's."
            ),
        )
    if len(group) > 1:
        trace.add("dracula:group-odds", GROUP_READINGS[situation.group_tie])
        trace.add("dracula:group-odds", GROUP_READINGS[situation.group_dodge])
    for h in group:
        deck = sorted(h.deck().elements())
        trace.add(
            "dracula:combat-decks",
            msg("{name} may choose from {cards}.", name=h.name, cards=card_names(deck)),
        )
    trace.add(
        "dracula:combat-decks",
        msg(
            "{name} may choose from {cards}.",
            name=opponent.title(),
            cards=card_names(opponent.deck()),
        ),
    )
    if opponent.is_dracula:
        trace.add(
            "dracula:blood-track", msg("Dracula starts the combat with {blood} blood.", blood=blood)
        )
    state = CombatState(
        hunters=group,
        opponent=opponent,
        situation=situation,
        blood=blood if opponent.is_dracula else 0,
        hunter_last=(None,) * len(group),
    )
    _round_one_choices(state, checked_table(table), trace)
    return state, trace.steps


def _round_one_choices(state: CombatState, table: CardTable, trace: Trace) -> None:
    """Say what each side may choose in round 1 where a rule narrows its deck (no Dodge in
    round 1, Garlic, Sister Agatha, holy items against an agent): the very cards
    :func:`hunter_options` and :func:`enemy_options` offer, so none of them is refused."""
    sides: list[tuple[Message | str, tuple[str, ...], tuple[str, ...]]] = [
        (h.name, tuple(dict.fromkeys(h.deck())), hunter_options(state, i, table=table))
        for i, h in enumerate(state.hunters)
    ]
    sides.append((state.opponent.title(), state.opponent.deck(), enemy_options(state)))
    for name, deck, first in sides:
        if set(first) != set(deck):
            trace.add(
                "dracula:combat-decks",
                msg(
                    "In round 1 {name} may choose only from {cards}.",
                    name=name,
                    cards=card_names(sorted(first)),
                ),
            )


def _die(value: int, who: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        if who == "the hunter":
            raise InvalidState(
                msg("the hunter's die must show 1..6, not {value}", value=repr(value))
            )
        raise InvalidState(msg("the enemy's die must show 1..6, not {value}", value=repr(value)))
    return value


def resolve_round(
    state: CombatState,
    hunter_cards: str | Sequence[str],
    enemy_card: str,
    hunter_roll: int | tuple[int, int],
    enemy_roll: int,
    *,
    table: CardTable | None = None,
    target: int = 0,
    applied: int | None = None,
) -> RoundReport:
    """Resolve one round from revealed cards and dice.

    ``hunter_cards``: one card, or one per hunter of a group. ``hunter_roll``: one die, or two
    dice when Lord Godalming faces an agent (the better is kept). ``target``: the hunter Dracula
    attacks (who rolls). ``applied``: when the hunters win, whose card gives the result
    (default: the target's).
    """
    t = checked_table(table)
    checked_state(state)
    if not isinstance(hunter_cards, str):
        for card in sized(HUNTER_CARDS_PARAM, hunter_cards, 1, 4):
            text(A_HUNTER_CARD_PARAM, card)
    text(ENEMY_CARD_PARAM, enemy_card)
    n_hunters = len(state.hunters)
    whole(msg_p("dracula", "target"), target, 0, n_hunters - 1)
    if applied is not None:
        whole(msg_p("dracula", "applied"), applied, 0, n_hunters - 1)
    if not isinstance(hunter_roll, int | tuple):
        _die(hunter_roll, "the hunter")
    if state.ended is not None:
        raise IllegalPlay(
            msg(
                "the combat is over ({ending}); no more rounds",
                ending=ENDINGS.get(state.ended, state.ended),
            )
        )
    cards = (hunter_cards,) if isinstance(hunter_cards, str) else tuple(hunter_cards)
    n = len(state.hunters)
    if len(cards) != n:
        raise InvalidState(
            msg("give one card per hunter: {n} expected, got {got}", n=n, got=len(cards))
        )
    chooser = target if applied is None else applied
    refuse_illegal(state, cards, enemy_card, t)
    trace = Trace(round_notes(state))
    who = state.hunters[target]
    enemy = _revealed_enemy(state)
    trace.add(
        "dracula:combat-decks",
        msg(
            "Round {round}: revealed {revealed} against {enemy}: {card}.",
            round=state.round,
            revealed=_revealed(state.hunters, cards),
            enemy=enemy,
            card=card_name(enemy_card),
        ),
    )
    if n > 1:
        trace.add("dracula:groups", msg("Dracula's target this round is {name}.", name=who.name))
    # The roll.
    hb, eb, mod_steps = bonuses(state, cards, enemy_card)
    trace.extend(mod_steps)
    face = _hunter_face(state, hunter_roll, trace)
    enemy_face = _die(enemy_roll, "the enemy")
    ht, et = face + hb, enemy_face + eb
    trace.add(
        "dracula:combat-roll",
        msg(
            "Hunter {face}+{bonus} = {total}; {enemy} {enemy_face}+{enemy_bonus} = {enemy_total}.",
            face=face,
            bonus=hb,
            total=ht,
            enemy=enemy,
            enemy_face=enemy_face,
            enemy_bonus=eb,
            enemy_total=et,
        ),
    )
    hunter_card = cards[target]
    if ht != et:
        winner = "hunter" if ht > et else "enemy"
    else:
        tie_card = _tie_card(state, cards, target, t, trace)
        hi = t.initiative(tie_card)
        ei = t.initiative(enemy_card)
        if hi == ei:
            trace.add(
                "dracula:initiative",
                msg(
                    "Equal totals and equal initiative ({initiative}): the round is rolled again "
                    "(our stated assumption; the seed does not settle it).",
                    initiative=hi,
                ),
            )
            if agatha_cost(state.situation, state.opponent, enemy_card):
                trace.add(
                    "dracula:powers",
                    msg_n(
                        "The cards stay revealed: Sister Agatha's {n} blood for {card} are paid "
                        "once, when the re-rolled round is decided.",
                        "The cards stay revealed: Sister Agatha's {n} blood for {card} are paid "
                        "once, when the re-rolled round is decided.",
                        AGATHA_COST,
                        card=card_name(enemy_card),
                    ),
                )
            return RoundReport(state, None, None, ht, et, True, trace.steps)
        winner = "hunter" if hi > ei else "enemy"
        trace.add(
            "dracula:initiative",
            msg(
                "Equal totals: initiative {hunter_card} {hunter_initiative} vs {enemy_card} "
                "{enemy_initiative}; the {winner} wins.",
                hunter_card=card_name(tie_card),
                hunter_initiative=hi,
                enemy_card=card_name(enemy_card),
                enemy_initiative=ei,
                winner=msg_p("winner", "hunter") if winner == "hunter" else enemy,
            ),
        )
    result_card = cards[chooser] if winner == "hunter" else hunter_card
    owner = chooser if winner == "hunter" else target
    if winner == "hunter" and n > 1:
        trace.add(
            "dracula:groups",
            msg(
                "The hunters apply {name}'s {card}.",
                name=state.hunters[owner].name,
                card=card_name(result_card),
            ),
        )
    res = t.result(winner, result_card, enemy_card)
    reader = result_card if winner == "hunter" else enemy_card
    loser_card = result_card if winner == "enemy" else enemy_card
    if res.overridden:
        mark: Message | str = msg(" (set by the user)")
    else:
        mark = "" if res.confirmed else msg(" (unconfirmed by the seed)")
    trace.add(
        "dracula:results",
        msg(
            "{winner} wins and reads {loser_card} on {reader}: {result}{mark}.",
            winner=msg_p("winner", "The hunter") if winner == "hunter" else enemy,
            loser_card=card_name(loser_card),
            reader=card_name(reader),
            result=result_name(res.kind, res.amount) if res.allowed else result_name("not-allowed"),
            mark=mark,
        ),
    )
    paid = agatha_cost(state.situation, state.opponent, enemy_card)
    if paid:
        trace.add(
            "dracula:powers",
            msg_n(
                "Sister Agatha: Dracula pays {n} blood for playing {card}, {before} -> {after}; "
                "the result applies after that.",
                "Sister Agatha: Dracula pays {n} blood for playing {card}, {before} -> {after}; "
                "the result applies after that.",
                paid,
                card=card_name(enemy_card),
                before=state.blood,
                after=state.blood - paid,
            ),
        )
    new = apply_result(state, cards, enemy_card, winner, res, owner, trace, paid)
    return RoundReport(new, winner, res, ht, et, False, trace.steps)


def _tie_card(
    state: CombatState, cards: Sequence[str], target: int, table: CardTable, trace: Trace
) -> str:
    """The hunters' card whose initiative meets the enemy's on equal totals: the target's, or
    in a group read with ``group_tie="highest"`` the highest of the revealed cards."""
    if len(cards) == 1:
        return cards[0]
    if state.situation.group_tie == "highest":
        best = max(range(len(cards)), key=lambda i: (table.initiative(cards[i]), -i))
        trace.add(
            "dracula:group-odds",
            msg(
                "Equal totals in a group: the highest initiative among the hunters' revealed "
                "cards decides, {name}'s {card} (group_tie = highest).",
                name=state.hunters[best].name,
                card=card_name(cards[best]),
            ),
        )
        return cards[best]
    trace.add(
        "dracula:group-odds",
        msg(
            "Equal totals in a group: the initiative of the target's card decides, {name}'s "
            "{card} (group_tie = target).",
            name=state.hunters[target].name,
            card=card_name(cards[target]),
        ),
    )
    return cards[target]


def _revealed(hunters: Sequence[Hunter], cards: Sequence[str]) -> Message:
    """``Van Helsing: Punch / Mina Harker: Knife``: each hunter's revealed card."""
    said: Message | None = None
    for h, card in zip(hunters, cards, strict=True):
        one = msg("{name}: {card}", name=h.name, card=card_name(card))
        said = one if said is None else msg("{first} / {second}", first=said, second=one)
    assert said is not None
    return said


def _hunter_face(state: CombatState, roll: int | tuple[int, int], trace: Trace) -> int:
    """The hunters' die: one die, or the better of two for Lord Godalming against an agent."""
    godalming_vs_agent = not state.opponent.is_dracula and any(h.godalming for h in state.hunters)
    if not isinstance(roll, tuple):
        face = _die(roll, "the hunter")
        if godalming_vs_agent:
            raise InvalidState(msg("Lord Godalming rolls two dice against an agent: give a pair"))
        return face
    if not godalming_vs_agent:
        raise InvalidState(
            msg("two hunter dice are rolled only when Lord Godalming fights an agent; give one die")
        )
    if len(roll) != 2:
        raise InvalidState(msg("give exactly two hunter dice for Lord Godalming against an agent"))
    a, b = (_die(v, "the hunter") for v in roll)
    face = max(a, b)
    trace.add(
        "dracula:combat-roll",
        msg("Lord Godalming rolls {a} and {b} and keeps {face}.", a=a, b=b, face=face),
    )
    return face
