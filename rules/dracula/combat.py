"""A deterministic round resolver for Fury of Dracula combat.

``start_combat`` builds the state before round 1; ``resolve_round`` takes the state, the cards
both sides revealed and the dice they rolled, and returns the new state with a trace. Group
combat is supported: Dracula names a target, who rolls for the group; when the hunters win
they choose whose revealed card gives the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.dracula.blood import MAX_BLOOD, blood_after_killed
from rules.dracula.cards import (
    ENEMY_CARDS,
    HUNTER_BASICS,
    HUNTER_CARDS,
    CardTable,
    CombatResult,
    default_table,
)
from rules.dracula.hunters import NO_SITUATION, Hunter, Opponent, Situation
from rules.dracula.legality import (
    AGATHA_CARDS,
    AGATHA_COST,
    DODGES,
    NO_DODGE_IN_ROUND_ONE,
    can_pay,
    enemy_cards,
    hunter_cards,
    playable_cards,
)
from rules.dracula.words import (
    ENDINGS,
    card_name,
    card_names,
    enemy_name,
    extra_name,
    result_name,
    semicolons,
)
from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import choice, present, sized, text, whole

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

_SITUATION = msg_p("dracula", "situation")
_OPPONENT = msg_p("dracula", "opponent")
_HUNTER_CARDS = msg_p("dracula", "hunter_cards")
_A_HUNTER_CARD = msg_p("dracula", "a hunter card")
_ENEMY_CARD = msg_p("dracula", "enemy_card")


def _revealed_enemy(state: CombatState) -> Message | str:
    """The enemy as a round's trace names it."""
    return enemy_name("Dracula" if state.opponent.is_dracula else (state.opponent.name or "Agent"))


def agatha_cost(situation: Situation, opponent: Opponent, card: str) -> int:
    """Blood Dracula pays to play ``card`` (Sister Agatha: 2 for Fangs or an Escape, else 0)."""
    present(_SITUATION, situation, Situation)
    present(_OPPONENT, opponent, Opponent)
    choice(msg_p("dracula", "card"), card, ENEMY_CARDS)
    if situation.sister_agatha and opponent.is_dracula and card in AGATHA_CARDS:
        return AGATHA_COST
    return 0


@dataclass(frozen=True, slots=True)
class CombatState:
    """Everything the next round depends on.

    ``hunter_last`` / ``enemy_last``: cards left on the table from the previous round (they
    cannot be chosen now). ``dodge_bonus``: the side that played Dodge and won the previous roll
    (+1 now). ``repel``: Dracula was repelled last round. ``round``: the number of the next round.
    ``ended``: an ending key of ``ENDINGS`` once the combat is over.
    """

    hunters: tuple[Hunter, ...]
    opponent: Opponent
    situation: Situation = NO_SITUATION
    blood: int = MAX_BLOOD
    hunter_last: tuple[str | None, ...] = ()
    enemy_last: str | None = None
    continues: int = 0
    repel: bool = False
    dodge_bonus: str | None = None
    round: int = 1
    destroyed: tuple[str, ...] = ()
    ended: str | None = None

    @property
    def hunter(self) -> Hunter:
        """The only (or first) hunter."""
        return self.hunters[0]


@dataclass(frozen=True, slots=True)
class RoundReport:
    """The outcome of one round (``rerolled``: equal totals and initiative, roll again)."""

    state: CombatState
    winner: str | None
    result: CombatResult | None
    hunter_total: int
    enemy_total: int
    rerolled: bool
    steps: tuple[Step, ...]


def start_combat(
    hunters: Hunter | Sequence[Hunter],
    opponent: Opponent,
    situation: Situation = NO_SITUATION,
    *,
    blood: int = MAX_BLOOD,
) -> tuple[CombatState, tuple[Step, ...]]:
    """The state before round 1 and a trace of what was set up."""
    if isinstance(hunters, Hunter):
        group: tuple[Hunter, ...] = (hunters,)
    else:
        members = sized(msg_p("dracula", "hunters"), hunters, 0, 4)
        group = tuple(present(msg_p("dracula", "a hunter"), h, Hunter) for h in members)
    present(_OPPONENT, opponent, Opponent)
    present(_SITUATION, situation, Situation)
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
    return state, trace.steps


def _table(table: CardTable | None) -> CardTable:
    if table is None:
        return default_table()
    return present(msg_p("dracula", "table"), table, CardTable)


def _state(state: CombatState) -> CombatState:
    return present(msg_p("dracula", "state"), state, CombatState)


def hunter_options(
    state: CombatState, index: int = 0, *, table: CardTable | None = None
) -> tuple[str, ...]:
    """Cards hunter ``index`` may choose this round, in deck order."""
    t = _table(table)
    _state(state)
    h = state.hunters[whole(msg_p("dracula", "index"), index, 0, len(state.hunters) - 1)]
    last = state.hunter_last[index] if state.hunter_last else None
    playable = playable_cards(t, (*HUNTER_BASICS, *h.combat_items), state.opponent.deck())
    return hunter_cards(h.combat_items, last, state.round, state.situation, playable)


def enemy_options(state: CombatState) -> tuple[str, ...]:
    """Cards Dracula or the agent may choose this round."""
    _state(state)
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
    _state(state)
    for card in sized(_HUNTER_CARDS, hunter_cards, 1, len(state.hunters)):
        choice(_A_HUNTER_CARD, card, HUNTER_CARDS)
    choice(_ENEMY_CARD, enemy_card, ENEMY_CARDS)
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


def _die(value: int, who: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        if who == "the hunter":
            raise InvalidState(
                msg("the hunter's die must show 1..6, not {value}", value=repr(value))
            )
        raise InvalidState(msg("the enemy's die must show 1..6, not {value}", value=repr(value)))
    return value


def _remove_one(items: tuple[str, ...], card: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(card)
    return tuple(out)


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
    t = _table(table)
    _state(state)
    if not isinstance(hunter_cards, str):
        for card in sized(_HUNTER_CARDS, hunter_cards, 1, 4):
            text(_A_HUNTER_CARD, card)
    text(_ENEMY_CARD, enemy_card)
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
    _refuse_illegal(state, cards, enemy_card, t)
    trace = Trace(_round_notes(state))
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
        hi = t.initiative(hunter_card)
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
                hunter_card=card_name(hunter_card),
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
    new = _apply(state, cards, enemy_card, winner, res, owner, trace, paid)
    return RoundReport(new, winner, res, ht, et, False, trace.steps)


def _revealed(hunters: Sequence[Hunter], cards: Sequence[str]) -> Message:
    """``Van Helsing: Punch / Mina Harker: Knife``: each hunter's revealed card."""
    said: Message | None = None
    for h, card in zip(hunters, cards, strict=True):
        one = msg("{name}: {card}", name=h.name, card=card_name(card))
        said = one if said is None else msg("{first} / {second}", first=said, second=one)
    assert said is not None
    return said


def _refuse_illegal(
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


def _round_notes(state: CombatState) -> tuple[Step, ...]:
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


def _apply(
    state: CombatState,
    cards: tuple[str, ...],
    enemy_card: str,
    winner: str,
    res: CombatResult,
    owner: int,
    trace: Trace,
    paid: int = 0,
) -> CombatState:
    hunters = list(state.hunters)
    before = state.blood - paid  # Sister Agatha's price is paid before the result
    blood = before
    ended: str | None = None
    repel = False
    destroyed = list(state.destroyed)
    left: list[str | None] = list(cards)  # the cards that stay on the table for one round
    h = hunters[owner]
    enemy = enemy_name(
        "Dracula" if state.opponent.is_dracula else (state.opponent.name or "the agent")
    )
    continues = 0
    if res.kind == "continue":
        continues = state.continues + 1
        trace.add("dracula:results", msg("Continue: {n} in a row.", n=continues))
        if continues >= 3:
            ended = "continues"
            trace.add("dracula:combat-end", msg("Three Continues in a row: the combat ends."))
    elif res.kind == "end":
        ended = "escaped"
        trace.add("dracula:combat-end", msg("End: one fighter leaves and the combat is over."))
    elif winner == "hunter":
        if res.kind == "wound":
            if state.opponent.is_dracula:
                blood = max(0, blood - res.amount)
                trace.add(
                    "dracula:blood-track",
                    msg_n(
                        "Dracula loses {n} blood: {before} -> {after}.",
                        "Dracula loses {n} blood: {before} -> {after}.",
                        res.amount,
                        before=before,
                        after=blood,
                    ),
                )
                if blood == 0:
                    ended = "destroyed"
                    trace.add("dracula:victory", msg("Dracula's blood reaches 0: the hunters win."))
            else:
                trace.add(
                    "dracula:results",
                    msg(
                        "Wounds have no effect on {enemy}: agents have no health track.",
                        enemy=enemy,
                    ),
                )
        elif res.kind == "repel":
            if state.opponent.is_dracula:
                repel = True
                trace.add(
                    "dracula:results",
                    msg("Repel: next round Dracula may only play Dodge or an Escape."),
                )
            else:
                trace.add("dracula:results", msg("Repel has no effect on an agent."))
        elif res.kind == "killed":
            if state.opponent.is_dracula:
                blood = blood_after_killed(blood)
                trace.add(
                    "dracula:blood-track",
                    msg(
                        "Killed: Dracula drops to the next red mark, {before} -> {after}.",
                        before=before,
                        after=blood,
                    ),
                )
                if blood == 0:
                    ended = "destroyed"
                    trace.add("dracula:victory", msg("Dracula's blood reaches 0: the hunters win."))
                else:
                    trace.add(
                        "dracula:combat-end", msg("Dracula still has blood: the combat goes on.")
                    )
            else:
                ended = "killed"
                trace.add(
                    "dracula:combat-end", msg("{enemy} is killed; the combat ends.", enemy=enemy)
                )
    else:  # enemy wins
        if res.kind == "wound":
            health = max(0, h.health - res.amount)
            trace.add(
                "dracula:results",
                msg_n(
                    "{name} loses {n} health: {before} -> {after}.",
                    "{name} loses {n} health: {before} -> {after}.",
                    res.amount,
                    name=h.name,
                    before=h.health,
                    after=health,
                ),
            )
            h = _with(h, health=health)
            if health == 0:
                ended = "defeated"
                trace.add(
                    "dracula:combat-end",
                    msg("{name} has no health left and is defeated.", name=h.name),
                )
        elif res.kind == "bite":
            bites = h.bites + 1
            trace.add(
                "dracula:bites",
                msg_n(
                    "{name} takes a bite token ({bites} of {n} slots).",
                    "{name} takes a bite token ({bites} of {n} slots).",
                    h.bite_slots,
                    name=h.name,
                    bites=bites,
                ),
            )
            if bites >= h.bite_slots:
                ended = "defeated"
                trace.add(
                    "dracula:combat-end",
                    msg("The last bite slot is filled: {name} is defeated.", name=h.name),
                )
            else:
                ended = "bitten"
                trace.add("dracula:combat-end", msg("A bite ends the combat."))
            h = _with(h, bites=min(bites, h.bite_slots))
    if res.item_destroyed:
        card = cards[owner]
        h = _with(h, items=_remove_one(h.items, card))
        destroyed.append(card)
        left[owner] = None
        trace.add(
            "dracula:item-destruction",
            msg(
                "{name}'s {card} is destroyed: it goes to the discard pile, not back to the "
                "table, so another copy of it may be played next round.",
                name=h.name,
                card=card_name(card),
            ),
        )
    for extra in res.extras:
        if extra == "hunter discards all items":
            gone = [i for i in h.items]
            h = _with(h, items=())
            if left[owner] in gone:
                left[owner] = None  # discarded with the rest: no longer on the table
            destroyed.extend(gone)
            trace.add(
                "dracula:item-destruction",
                msg("{name} discards all items: {items}.", name=h.name, items=card_names(gone))
                if gone
                else msg("{name} discards all items.", name=h.name),
            )
        elif extra != "winner +1 next round":
            trace.add(
                "dracula:results",
                msg("Also: {extra} (noted, outside the combat model).", extra=extra_name(extra)),
            )
    hunters[owner] = h
    dodge: str | None = None
    played = cards[owner] if winner == "hunter" else enemy_card
    if ended is None and played in DODGES:
        dodge = winner
        trace.add(
            "dracula:modifiers",
            msg("The hunters get +1 next round (Dodge won this roll).")
            if winner == "hunter"
            else msg("{enemy} gets +1 next round (Dodge won this roll).", enemy=enemy),
        )
    if ended is None:
        trace.add("dracula:repeat-cards", msg("The cards played stay on the table for one round."))
    return CombatState(
        hunters=tuple(hunters),
        opponent=state.opponent,
        situation=state.situation,
        blood=blood,
        hunter_last=tuple(left),
        enemy_last=enemy_card,
        continues=0 if ended is not None and res.kind != "continue" else continues,
        repel=repel,
        dodge_bonus=dodge,
        round=state.round + 1,
        destroyed=tuple(destroyed),
        ended=ended,
    )


def _with(h: Hunter, **changes: object) -> Hunter:
    """A copy of ``h`` with ``changes``; skips the "able to fight" checks (0 health is an end)."""
    new = object.__new__(Hunter)
    for name in Hunter.__slots__:
        object.__setattr__(new, name, changes.get(name, getattr(h, name)))
    return new
