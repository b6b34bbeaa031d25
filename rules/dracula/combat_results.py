"""What a round's result does to a Fury of Dracula combat.

Wounds and bites to the hunter, blood lost by Dracula (Killed drops him to the next red mark),
repel, Continue and End, items destroyed or discarded, a Dodge's +1 next round, the cards left
on the table, and the ending once the combat is over: the state the next round starts from.
"""

from __future__ import annotations

from rules.dracula.blood import blood_after_killed
from rules.dracula.cards import CombatResult
from rules.dracula.combat_state import CombatState
from rules.dracula.hunters import Hunter
from rules.dracula.legality import DODGES
from rules.dracula.words import card_name, card_names, enemy_name, extra_name
from rules.i18n import msg, msg_n
from rules.trace import Trace

__all__ = ["apply_result"]


def apply_result(
    state: CombatState,
    cards: tuple[str, ...],
    enemy_card: str,
    winner: str,
    res: CombatResult,
    owner: int,
    trace: Trace,
    paid: int = 0,
) -> CombatState:
    """The state after ``winner`` won the round with ``res`` (read from ``owner``'s card when
    the hunters win, against the target otherwise); ``paid``: Sister Agatha's price, paid first."""
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
    any_dodge = (
        winner == "hunter"
        and len(cards) > 1
        and state.situation.group_dodge == "any"
        and played not in DODGES
        and any(c in DODGES for c in cards)
    )
    if ended is None and (played in DODGES or any_dodge):
        dodge = winner
        trace.add(
            "dracula:modifiers",
            msg(
                "The hunters get +1 next round: a hunter's Dodge was revealed and the hunters "
                "won this roll (group_dodge = any)."
            )
            if any_dodge
            else msg("The hunters get +1 next round (Dodge won this roll).")
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


def _remove_one(items: tuple[str, ...], card: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(card)
    return tuple(out)
