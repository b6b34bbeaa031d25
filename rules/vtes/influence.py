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
from dataclasses import dataclass, field, replace
from typing import Literal

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import flag, members, shown, text
from rules.vtes import counts
from rules.vtes.damage import EDITIONS
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

FULL_TRANSFERS = 4
TO_VAMPIRE_TRANSFERS = 1
TO_POOL_TRANSFERS = 2
DRAW_TRANSFERS = 4
DRAW_POOL_COST = 1
SCARCE_POOL_PER_VAMPIRE = 3
MOVE_KINDS: tuple[str, ...] = ("to_vampire", "to_pool", "draw", "bring_out")


def transfers_for_turn(game_turn: int) -> int:
    """Transfers received on the ``game_turn``-th turn of the game (counted from 1 over all
    players): 1, 2 and 3 on the first three turns of the game, 4 from then on.

    >>> [transfers_for_turn(t) for t in range(1, 7)]
    [1, 2, 3, 4, 4, 4]
    """
    check_count(msg_p("parameter", "The turn number"), game_turn, minimum=1)
    return min(game_turn, FULL_TRANSFERS)


@dataclass(frozen=True, slots=True)
class Uncontrolled:
    """A vampire in the uncontrolled region (or in the crypt); the blood invested in it
    accumulates until it reaches the capacity."""

    name: str
    capacity: int
    blood: int = 0
    clan: str = ""
    scarce: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidState(
                msg(
                    "An uncontrolled vampire needs a non-empty name, got {value}.",
                    value=shown(self.name),
                )
            )
        name = self.name
        check_count(msg_p("vampire", "{name}'s capacity", name=name), self.capacity, minimum=1)
        check_count(msg_p("vampire", "{name}'s blood", name=name), self.blood)
        if not isinstance(self.clan, str):
            text(msg_p("vampire", "{name}'s clan", name=name), self.clan)
        flag(msg_p("vampire", "{name} is scarce", name=name), self.scarce)
        if self.scarce and not self.clan:
            raise InvalidState(
                msg(
                    "{name} is scarce: give its clan so the scarce cost can be counted.",
                    name=name,
                )
            )


@dataclass(frozen=True, slots=True)
class Move:
    """One step of the plan; build it with :meth:`to_vampire`, :meth:`to_pool`, :meth:`draw`
    or :meth:`bring_out`."""

    kind: Literal["to_vampire", "to_pool", "draw", "bring_out"]
    vampire: str = ""
    count: int = 1

    def __post_init__(self) -> None:
        if self.kind not in MOVE_KINDS:
            raise InvalidState(
                msg(
                    "Unknown influence move {value}; allowed: {allowed}.",
                    value=shown(self.kind),
                    allowed=[repr(k) for k in MOVE_KINDS],
                )
            )
        check_count(msg_p("parameter", "The number of counters moved"), self.count, minimum=1)
        if not isinstance(self.vampire, str) or (self.kind != "draw" and not self.vampire.strip()):
            raise InvalidState(msg("A {kind} move needs the vampire's name.", kind=repr(self.kind)))

    @classmethod
    def to_vampire(cls, vampire: str, count: int = 1) -> Move:
        return cls("to_vampire", vampire, count)

    @classmethod
    def to_pool(cls, vampire: str, count: int = 1) -> Move:
        return cls("to_pool", vampire, count)

    @classmethod
    def draw(cls) -> Move:
        return cls("draw", "", 1)

    @classmethod
    def bring_out(cls, vampire: str) -> Move:
        """Move ``vampire`` (blood at capacity) to the ready region; ``rules="vekn-2024"``."""
        return cls("bring_out", vampire, 1)

    @property
    def transfers(self) -> int:
        if self.kind == "to_vampire":
            return TO_VAMPIRE_TRANSFERS * self.count
        if self.kind == "to_pool":
            return TO_POOL_TRANSFERS * self.count
        if self.kind == "bring_out":
            return 0
        return DRAW_TRANSFERS


@dataclass(frozen=True, slots=True)
class NewlyControlled:
    """A vampire that became controlled at the end of the phase."""

    name: str
    capacity: int
    blood: int
    drained: int
    scarce_cost: int
    clan: str = ""


@dataclass(frozen=True, slots=True)
class InfluencePlan:
    """The outcome of a legal influence phase plan."""

    pool: int
    """Pool at the end of the phase (always at least 1)."""
    transfers: int
    transfers_used: int
    uncontrolled: tuple[Uncontrolled, ...]
    """The uncontrolled region afterwards (vampires that became controlled removed)."""
    controlled: tuple[NewlyControlled, ...]
    crypt: tuple[Uncontrolled, ...]
    """What is left of the crypt, top card first."""
    scarce_pool: int
    steps: tuple[Step, ...] = field(repr=False)

    @property
    def transfers_left(self) -> int:
        return self.transfers - self.transfers_used


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


def _check_rules(
    rules: str,
    in_play_by_clan: Mapping[str, int] | None,
    controlled_by_clan: Mapping[str, int] | None,
) -> dict[str, int]:
    """The clan counts the scarce cost of ``rules`` uses, checked."""
    if rules not in EDITIONS:
        raise InvalidState(
            msg(
                "Unknown rules edition {value}; allowed: {allowed}.",
                value=repr(rules),
                allowed=EDITIONS,
            )
        )
    if rules == "black-hand" and controlled_by_clan is not None:
        raise InvalidState(
            msg(
                "controlled_by_clan is what the current rulebook's scarce cost counts; the "
                "black-hand rulebook counts the vampires of the clan in play: give "
                "in_play_by_clan, or choose rules='vekn-2024'."
            )
        )
    if rules == "vekn-2024" and in_play_by_clan is not None:
        raise InvalidState(
            msg(
                "Under the current rulebook the scarce cost counts only the vampires of the clan "
                "you control: give controlled_by_clan instead of in_play_by_clan."
            )
        )
    for name, given in (
        ("in_play_by_clan", in_play_by_clan),
        ("controlled_by_clan", controlled_by_clan),
    ):
        if given is not None and not isinstance(given, Mapping):
            raise InvalidState(
                msg("{name} must map clans to counts, got {value}.", name=name, value=shown(given))
            )
    by_clan = dict((in_play_by_clan if rules == "black-hand" else controlled_by_clan) or {})
    for clan, n in by_clan.items():
        if rules == "black-hand":
            check_count(msg_p("parameter", "Vampires of clan {clan} in play", clan=clan), n)
        else:
            check_count(msg_p("parameter", "Vampires of clan {clan} you control", clan=clan), n)
    return by_clan


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


def _controlling_scarce(v: Uncontrolled, same: int, current: bool) -> Message:
    """What a scarce vampire's cost is for, in a refusal."""
    if current:
        return msg_n(
            "Controlling scarce {name} ({n} {clan} vampire you already control)",
            "Controlling scarce {name} ({n} {clan} vampires you already control)",
            same,
            name=v.name,
            clan=v.clan,
        )
    return msg_n(
        "Controlling scarce {name} ({n} {clan} vampire already in play)",
        "Controlling scarce {name} ({n} {clan} vampires already in play)",
        same,
        name=v.name,
        clan=v.clan,
    )


def _scarce_step(v: Uncontrolled, same: int, current: bool, cost: int, pool: int) -> Message:
    """The step that burns the scarce cost."""
    paid = {
        "name": v.name,
        "clan": v.clan,
        "per": counts.pool(SCARCE_POOL_PER_VAMPIRE),
        "cost": counts.pool(cost),
        "pool": pool,
    }
    if current:
        return msg_n(
            "{name} is scarce: {per} for each of the {n} {clan} vampire you already control = "
            "{cost} burned; pool {pool}.",
            "{name} is scarce: {per} for each of the {n} {clan} vampires you already control = "
            "{cost} burned; pool {pool}.",
            same,
            **paid,
        )
    return msg_n(
        "{name} is scarce: {per} for each of the {n} {clan} vampire already in play = {cost} "
        "burned; pool {pool}.",
        "{name} is scarce: {per} for each of the {n} {clan} vampires already in play = {cost} "
        "burned; pool {pool}.",
        same,
        **paid,
    )
