"""The influence phase planner (VTES section 7).

A plan is a sequence of :class:`Move` values spent with the phase's transfers:

* ``Move.to_vampire(name, n)``: n transfers move n pool onto an uncontrolled vampire;
* ``Move.to_pool(name, n)``: 2n transfers move n blood from an uncontrolled vampire to the pool;
* ``Move.draw()``: 4 transfers and 1 pool move the top crypt card to the uncontrolled region;
* ``Move.bring_out(name)`` (``rules="vekn-2024"`` only, no transfer): move a vampire whose blood
  has reached its capacity to the ready region, at that point of the phase.

Two rulebooks (``rules``):

* ``"black-hand"`` (default, the seed's section 7): at the end of the phase each uncontrolled
  vampire whose blood reaches its capacity becomes controlled (excess blood drains); a scarce
  one costs 3 pool per vampire of its clan already in play (``in_play_by_clan``).
* ``"vekn-2024"`` (the current VEKN rulebook): bringing such a vampire out is the
  Methuselah's choice, made with ``Move.bring_out``; one left out stays uncontrolled with its
  blood. A scarce one costs 3 pool per vampire of its clan the Methuselah already controls
  (``controlled_by_clan``, plus those brought out earlier in the phase).

A plan that would bring the pool to 0 (which ousts the Methuselah) is refused with
:class:`rules.errors.IllegalPlay`.

The values (the transfers, :class:`Uncontrolled`, :class:`Move`, :class:`InfluencePlan`) are
in :mod:`rules.vtes.influence_values` and the scarce cost in :mod:`rules.vtes.influence_scarce`;
all the public names are importable from here.

>>> plan = plan_influence(
...     pool=3,
...     uncontrolled=[Uncontrolled("Anna", capacity=4, blood=2)],
...     moves=[Move.to_vampire("Anna", 2)],
... )
>>> plan.pool, [v.name for v in plan.controlled]
(1, ['Anna'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_p
from rules.trace import Trace
from rules.validation import members, shown
from rules.vtes import counts
from rules.vtes.damage import EDITIONS
from rules.vtes.influence_scarce import controlling_scarce as _controlling_scarce
from rules.vtes.influence_scarce import scarce_counts as _check_rules
from rules.vtes.influence_scarce import scarce_step as _scarce_step
from rules.vtes.influence_values import (
    DRAW_POOL_COST,
    DRAW_TRANSFERS,
    FULL_TRANSFERS,
    SCARCE_POOL_PER_VAMPIRE,
    TO_POOL_TRANSFERS,
    TO_VAMPIRE_TRANSFERS,
    InfluencePlan,
    Move,
    NewlyControlled,
    Uncontrolled,
    transfers_for_turn,
)
from rules.vtes.influence_values import MOVE_KINDS as MOVE_KINDS
from rules.vtes.models import check_count

__all__ = [
    "DRAW_POOL_COST",
    "DRAW_TRANSFERS",
    "EDITIONS",
    "FULL_TRANSFERS",
    "SCARCE_POOL_PER_VAMPIRE",
    "TO_POOL_TRANSFERS",
    "TO_VAMPIRE_TRANSFERS",
    "InfluencePlan",
    "Move",
    "NewlyControlled",
    "Uncontrolled",
    "plan_influence",
    "transfers_for_turn",
]


def _oust_refusal(pool: int, cost: int, what: Message) -> IllegalPlay:
    return IllegalPlay(
        msg(
            "{what} would take {cost} from your {pool} and leave you with {left}: a Methuselah "
            "with no pool is ousted, so the plan is refused. Keep at least 1 pool (for example, "
            "take blood back from an uncontrolled vampire first).",
            what=what,
            cost=counts.pool(cost),
            pool=pool,
            left=pool - cost,
        )
    )


def plan_influence(
    *,
    pool: int,
    uncontrolled: Sequence[Uncontrolled],
    moves: Sequence[Move],
    transfers: int = FULL_TRANSFERS,
    crypt: Sequence[Uncontrolled] = (),
    in_play_by_clan: Mapping[str, int] | None = None,
    rules: str = "black-hand",
    controlled_by_clan: Mapping[str, int] | None = None,
) -> InfluencePlan:
    """Check and carry out an influence phase plan, move by move.

    ``transfers`` is what the phase grants (see :func:`transfers_for_turn`); ``crypt`` the
    crypt from the top. ``rules`` is ``"black-hand"`` (the seed rulebook, default: vampires at
    capacity become controlled at the end of the phase; the scarce cost counts
    ``in_play_by_clan``, the vampires of each clan already in play) or ``"vekn-2024"`` (the
    current rulebook: a vampire at capacity is brought out only by ``Move.bring_out``; the
    scarce cost counts ``controlled_by_clan``, the player's own vampires of each clan).
    """
    by_clan = _check_rules(rules, in_play_by_clan, controlled_by_clan)
    current = rules == "vekn-2024"
    check_count(msg_p("parameter", "Your pool"), pool, minimum=1)
    check_count(msg_p("parameter", "The transfers of the phase"), transfers)
    members(msg_p("parameter", "uncontrolled"), uncontrolled, Uncontrolled)
    members(msg_p("parameter", "moves"), moves, Move)
    members(msg_p("parameter", "crypt"), crypt, Uncontrolled)
    region: list[Uncontrolled] = list(uncontrolled)
    names = [v.name for v in region]
    if len(set(names)) != len(names):
        raise InvalidState(
            msg("Two uncontrolled vampires share a name; give each a distinct name.")
        )
    deck = list(crypt)

    trace = Trace()
    begins = {"transfers": counts.transfers(transfers), "pool": counts.pool(pool)}
    if current:
        trace.add(
            "vtes:7",
            msg(
                "The influence phase begins with {transfers} and {pool}; unused transfers are "
                "lost; current VEKN rulebook: a vampire at capacity is brought out only by "
                "choice.",
                **begins,
            ),
        )
    else:
        trace.add(
            "vtes:7",
            msg(
                "The influence phase begins with {transfers} and {pool}; unused transfers are "
                "lost.",
                **begins,
            ),
        )
    used = 0
    controlled: list[NewlyControlled] = []
    brought_out: set[str] = set()
    scarce_total = 0

    def find(name: str) -> int:
        for i, v in enumerate(region):
            if v.name == name:
                return i
        if name in brought_out:
            raise IllegalPlay(
                msg(
                    "{name} was already brought out to the ready region in this phase; it is no "
                    "longer uncontrolled.",
                    name=name,
                )
            )
        known = [v.name for v in region]
        raise InvalidState(
            msg(
                "No uncontrolled vampire named {value}; the region holds: {known}.",
                value=repr(name),
                known=known or msg_p("uncontrolled vampires", "none"),
            )
        )

    def take_control(v: Uncontrolled) -> None:
        """``v`` (blood at capacity) goes to the ready region; drain and scarce cost."""
        nonlocal pool, scarce_total
        drained = v.blood - v.capacity
        scarce_cost = 0
        has = {"name": v.name, "blood": counts.blood(v.blood), "capacity": v.capacity}
        if current and drained:
            said = msg(
                "{name} has {blood} for capacity {capacity}: it becomes controlled, {drained} "
                "excess blood drains to the bank and goes face up, unlocked, to the ready region "
                "(the Methuselah chooses to bring it out).",
                drained=drained,
                **has,
            )
        elif current:
            said = msg(
                "{name} has {blood} for capacity {capacity}: it becomes controlled and goes face "
                "up, unlocked, to the ready region (the Methuselah chooses to bring it out).",
                **has,
            )
        elif drained:
            said = msg(
                "{name} has {blood} for capacity {capacity}: it becomes controlled, {drained} "
                "excess blood drains to the bank and goes face up, untapped, to the ready region.",
                drained=drained,
                **has,
            )
        else:
            said = msg(
                "{name} has {blood} for capacity {capacity}: it becomes controlled and goes face "
                "up, untapped, to the ready region.",
                **has,
            )
        trace.add("vtes:7", said)
        if v.scarce:
            same = by_clan.get(v.clan, 0)
            scarce_cost = SCARCE_POOL_PER_VAMPIRE * same
            if scarce_cost and pool - scarce_cost <= 0:
                raise _oust_refusal(pool, scarce_cost, _controlling_scarce(v, same, current))
            pool -= scarce_cost
            scarce_total += scarce_cost
            trace.add("vtes:7", _scarce_step(v, same, current, scarce_cost, pool))
        if v.clan:
            by_clan[v.clan] = by_clan.get(v.clan, 0) + 1
        controlled.append(
            NewlyControlled(v.name, v.capacity, v.capacity, drained, scarce_cost, v.clan)
        )

    for number, move in enumerate(moves, 1):
        if not isinstance(move, Move):
            raise InvalidState(
                msg("Move {number} must be a Move, got {value}.", number=number, value=shown(move))
            )
        cost = move.transfers
        if used + cost > transfers:
            raise IllegalPlay(
                msg(
                    "Move {number} needs {cost} but only {left} of the {transfers} are left; drop "
                    "or shorten a move.",
                    number=number,
                    cost=counts.transfers(cost),
                    left=transfers - used,
                    transfers=transfers,
                )
            )
        if move.kind == "bring_out":
            if not current:
                raise IllegalPlay(
                    msg(
                        "Move {number} brings {name} out, but under the Black Hand rulebook "
                        "there is no such choice: every vampire whose blood reaches its capacity "
                        "becomes controlled at the end of the phase. Drop the move, or choose "
                        "rules='vekn-2024'.",
                        number=number,
                        name=move.vampire,
                    )
                )
            i = find(move.vampire)
            v = region[i]
            if v.blood < v.capacity:
                raise IllegalPlay(
                    msg(
                        "Move {number} brings {name} out with {blood} for capacity {capacity}; a "
                        "vampire can be brought out only once its blood reaches its capacity "
                        "({missing} more needed).",
                        number=number,
                        name=v.name,
                        blood=counts.blood(v.blood),
                        capacity=v.capacity,
                        missing=v.capacity - v.blood,
                    )
                )
            region.pop(i)
            brought_out.add(v.name)
            take_control(v)
        elif move.kind == "to_vampire":
            i = find(move.vampire)
            if pool - move.count <= 0:
                raise _oust_refusal(
                    pool,
                    move.count,
                    msg("Move {number} (pool onto {name})", number=number, name=move.vampire),
                )
            pool -= move.count
            v = region[i]
            region[i] = replace(v, blood=v.blood + move.count)
            trace.add(
                "vtes:7",
                msg(
                    "{transfers}: {amount} onto {name} (blood {blood}/{capacity}); pool {pool}.",
                    transfers=counts.transfers(cost),
                    amount=counts.pool(move.count),
                    name=v.name,
                    blood=region[i].blood,
                    capacity=v.capacity,
                    pool=pool,
                ),
            )
        elif move.kind == "to_pool":
            i = find(move.vampire)
            v = region[i]
            if v.blood < move.count:
                raise IllegalPlay(
                    msg(
                        "Move {number} takes {amount} from {name}, who has only {blood}; take at "
                        "most {blood}.",
                        number=number,
                        amount=counts.blood(move.count),
                        name=v.name,
                        blood=v.blood,
                    )
                )
            pool += move.count
            region[i] = replace(v, blood=v.blood - move.count)
            trace.add(
                "vtes:7",
                msg(
                    "{transfers}: {amount} from {name} back to the pool (blood {blood}/"
                    "{capacity}); pool {pool}.",
                    transfers=counts.transfers(cost),
                    amount=counts.blood(move.count),
                    name=v.name,
                    blood=region[i].blood,
                    capacity=v.capacity,
                    pool=pool,
                ),
            )
        else:
            if not deck:
                raise IllegalPlay(
                    msg(
                        "Move {number} draws from the crypt, but the crypt is empty; list the "
                        "crypt's top card or drop the move.",
                        number=number,
                    )
                )
            if pool - DRAW_POOL_COST <= 0:
                raise _oust_refusal(
                    pool,
                    DRAW_POOL_COST,
                    msg("Move {number} (drawing a crypt card)", number=number),
                )
            top = deck.pop(0)
            if top.name in (v.name for v in region) or top.name in brought_out:
                raise InvalidState(
                    msg("{name} is already in the uncontrolled region.", name=top.name)
                )
            pool -= DRAW_POOL_COST
            region.append(top)
            trace.add(
                "vtes:7",
                msg(
                    "{transfers} and {cost}: the top crypt card, {name}, moves to the "
                    "uncontrolled region; pool {pool}.",
                    transfers=counts.transfers(DRAW_TRANSFERS),
                    cost=counts.pool(DRAW_POOL_COST),
                    name=top.name,
                    pool=pool,
                ),
            )
        used += cost

    trace.add(
        "vtes:7",
        msg(
            "{used} of {transfers} transfers used; the phase ends.", used=used, transfers=transfers
        ),
    )
    remaining: list[Uncontrolled] = []
    for v in region:
        if v.blood < v.capacity:
            remaining.append(v)
        elif current:
            remaining.append(v)
            trace.add(
                "vtes:7",
                msg(
                    "{name} has {blood} for capacity {capacity} but was not brought out: under "
                    "the current rulebook that is the Methuselah's choice, so it stays in the "
                    "uncontrolled region with its blood (add a bring-out move to take it).",
                    name=v.name,
                    blood=counts.blood(v.blood),
                    capacity=v.capacity,
                ),
            )
        else:
            take_control(v)
    return InfluencePlan(
        pool=pool,
        transfers=transfers,
        transfers_used=used,
        uncontrolled=tuple(remaining),
        controlled=tuple(controlled),
        crypt=tuple(deck),
        scarce_pool=scarce_total,
        steps=trace.steps,
    )
