"""Torpor actions, diablerie and the blood hunt (VTES sections 6.5-6.5.6).

Every function takes the vampires as :class:`rules.vtes.models.Vampire` values
and returns a frozen result whose ``steps`` cite the sections applied. Whether
an action is blocked is an input: stealth and intercept are settled at the table.

>>> from rules.vtes.models import MinionState, Vampire
>>> sleeper = Vampire("Milo", capacity=5, blood=3, state=MinionState.TORPOR)
>>> after = leave_torpor(sleeper).vampire
>>> after.blood, after.state.value
(1, 'ready')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_p
from rules.trace import Step, Trace
from rules.validation import flag, members, shown
from rules.vtes import counts
from rules.vtes.models import Ally, MinionState, Vampire, check_count, state_word

__all__ = [
    "LEAVE_TORPOR_COST",
    "RESCUE_COST",
    "BloodHuntResult",
    "DiablerieActionResult",
    "DiablerieResult",
    "LeaveTorporResult",
    "RescueResult",
    "blood_hunt",
    "commit_diablerie",
    "diablerie",
    "leave_torpor",
    "rescue",
]

LEAVE_TORPOR_COST = 2
"""Blood the vampire leaving torpor pays when the action succeeds (6.5.2)."""

RESCUE_COST = 2
"""Blood a rescue costs, split as the acting player announces (6.5.3)."""

_FLAGS: dict[str, Message] = {
    "same_controller": msg_p("parameter", "same_controller"),
    "blocked": msg_p("parameter", "blocked"),
    "take_discipline": msg_p("parameter", "take_discipline"),
    "blood_cursed": msg_p("parameter", "blood_cursed"),
    "diablerize": msg_p("parameter", "diablerize"),
    "blocker_blood_cursed": msg_p("parameter", "blocker_blood_cursed"),
}
"""The switches of the torpor actions, as their checks name them."""


def _check_choices(flags: dict[str, object], equipment: object = (), take: object = None) -> None:
    """The switches are True/False; the equipment and the pieces taken are lists of names."""
    for name, value in flags.items():
        flag(_FLAGS[name], value)
    members(msg_p("parameter", "equipment"), equipment, str)
    if take is not None:
        members(msg_p("parameter", "take"), take, str)


Role = Literal["diablerist", "rescuer", "actor"]
"""Who acts: the diablerist, the rescuer, or the vampire taking the diablerie action."""


def _require_vampire(minion: object, role: Role) -> Vampire:
    if isinstance(minion, Ally):
        name = minion.name
        if role == "diablerist":
            said = msg(
                "{name} is an ally and allies cannot commit diablerie; the diablerist must be "
                "a vampire.",
                name=name,
            )
        elif role == "rescuer":
            said = msg(
                "{name} is an ally and allies cannot rescue a vampire from torpor; the rescuer "
                "must be a vampire.",
                name=name,
            )
        else:
            said = msg(
                "{name} is an ally and allies cannot take the diablerie action; the acting "
                "minion must be a vampire.",
                name=name,
            )
        raise IllegalPlay(said)
    if not isinstance(minion, Vampire):
        value = shown(minion)
        if role == "diablerist":
            said = msg("The diablerist must be a Vampire, got {value}.", value=value)
        elif role == "rescuer":
            said = msg("The rescuer must be a Vampire, got {value}.", value=value)
        else:
            said = msg("The acting minion must be a Vampire, got {value}.", value=value)
        raise InvalidState(said)
    return minion


def _require_ready(vampire: Vampire, role: Role) -> None:
    if vampire.state is MinionState.READY:
        return
    name, state = vampire.name, state_word(vampire.state)
    if role == "diablerist":
        said = msg(
            "{name} is {state}; only a ready vampire can commit diablerie (the diablerist must "
            "be ready).",
            name=name,
            state=state,
        )
    elif role == "rescuer":
        said = msg(
            "{name} is {state}; only a ready vampire can rescue (the rescuer must be ready).",
            name=name,
            state=state,
        )
    else:
        said = msg(
            "{name} is {state}; only a ready vampire can take the diablerie action (the acting "
            "vampire must be ready).",
            name=name,
            state=state,
        )
    raise IllegalPlay(said)


Need = Literal["diablerie", "leave torpor", "rescue", "the diablerie action"]
"""What needs a vampire in torpor."""


def _require_torpor(vampire: Vampire, need: Need) -> None:
    if vampire.state is MinionState.TORPOR:
        return
    name, state = vampire.name, state_word(vampire.state)
    if need == "diablerie":
        said = msg(
            "{name} is {state}, not in torpor; diablerie needs a vampire in torpor.",
            name=name,
            state=state,
        )
    elif need == "leave torpor":
        said = msg(
            "{name} is {state}, not in torpor; leave torpor needs a vampire in torpor.",
            name=name,
            state=state,
        )
    elif need == "rescue":
        said = msg(
            "{name} is {state}, not in torpor; rescue needs a vampire in torpor.",
            name=name,
            state=state,
        )
    else:
        said = msg(
            "{name} is {state}, not in torpor; the diablerie action needs a vampire in torpor.",
            name=name,
            state=state,
        )
    raise IllegalPlay(said)


# --------------------------------------------------------------------------- diablerie


@dataclass(frozen=True, slots=True)
class DiablerieResult:
    """The effects of a diablerie (6.5.5), applied as one indivisible unit."""

    diablerist: Vampire
    """The diablerist afterwards (more blood; one more capacity if a Discipline was taken)."""
    victim: Vampire
    """The victim afterwards: burned, no blood left on it."""
    blood_moved: int
    """All the victim's blood, moved onto the diablerist."""
    blood_drained: int
    """The part of it above the diablerist's capacity, returned to the blood bank."""
    equipment_taken: tuple[str, ...]
    equipment_burned: tuple[str, ...]
    discipline_allowed: bool
    """The victim was older (larger capacity), so a Discipline may be put on the diablerist."""
    discipline_gained: bool
    blood_hunt_called: bool
    """Always true: a blood hunt referendum follows every diablerie (6.5.6)."""
    steps: tuple[Step, ...]


def diablerie(
    diablerist: Vampire | Ally,
    victim: Vampire,
    *,
    equipment: Sequence[str] = (),
    take: Sequence[str] | None = None,
    take_discipline: bool = False,
    blood_cursed: bool = False,
) -> DiablerieResult:
    """Resolve a diablerie of ``victim`` (in torpor) by ``diablerist`` (ready vampire).

    ``equipment`` lists the victim's equipment; ``take`` the pieces the diablerist
    keeps (default: all of them; the rest burns with the victim). ``take_discipline``
    puts a Discipline on the diablerist, allowed only when the victim is older.
    ``blood_cursed`` marks a vampire who may not commit diablerie (clan Assamite).
    """
    _check_choices(
        {"take_discipline": take_discipline, "blood_cursed": blood_cursed}, equipment, take
    )
    diablerist = _require_vampire(diablerist, "diablerist")
    if not isinstance(victim, Vampire):
        raise InvalidState(
            msg("The victim of a diablerie must be a Vampire, got {value}.", value=shown(victim))
        )
    if diablerist.name == victim.name:
        raise IllegalPlay(msg("{name} cannot commit diablerie on itself.", name=diablerist.name))
    _require_ready(diablerist, "diablerist")
    _require_torpor(victim, "diablerie")
    if blood_cursed:
        raise IllegalPlay(
            msg(
                "{name} carries the Assamite blood curse and may not commit diablerie; choose a "
                "diablerist of another clan.",
                name=diablerist.name,
            )
        )
    gear = tuple(equipment)
    kept = gear if take is None else tuple(take)
    unknown = [item for item in kept if item not in gear]
    if unknown:
        raise InvalidState(
            msg(
                "The diablerist can only take equipment the victim carries; {unknown} is not "
                "among: {gear}.",
                unknown=unknown,
                gear=gear or msg_p("equipment", "nothing"),
            )
        )
    burned = tuple(item for item in gear if item not in kept)
    older = victim.capacity > diablerist.capacity
    if take_discipline and not older:
        raise IllegalPlay(
            msg(
                "{victim} (capacity {victim_capacity}) is not older than {diablerist} (capacity "
                "{capacity}); a Discipline is gained only from an older victim.",
                victim=victim.name,
                victim_capacity=victim.capacity,
                diablerist=diablerist.name,
                capacity=diablerist.capacity,
            )
        )

    trace = Trace()
    names = {"diablerist": diablerist.name, "victim": victim.name}
    trace.add(
        "vtes:6.5.5",
        msg(
            "{diablerist} commits diablerie on {victim}; the steps resolve together and no "
            "effect can interrupt them.",
            **names,
        ),
    )
    moved = victim.blood
    room = diablerist.capacity - diablerist.blood
    gained = min(moved, room)
    drained = moved - gained
    if drained:
        trace.add(
            "vtes:6.5.5",
            msg(
                "All {moved} of {victim} moves to {diablerist}; {drained} above capacity "
                "{capacity} drains to the blood bank ({diablerist} now has {blood}).",
                moved=counts.blood(moved),
                drained=counts.blood(drained),
                capacity=diablerist.capacity,
                blood=counts.blood(diablerist.blood + gained),
                **names,
            ),
        )
    else:
        trace.add(
            "vtes:6.5.5",
            msg(
                "All {moved} of {victim} moves to {diablerist} ({diablerist} now has {blood}).",
                moved=counts.blood(moved),
                blood=counts.blood(diablerist.blood + gained),
                **names,
            ),
        )
    if gear:
        if kept and burned:
            said = msg(
                "{diablerist} takes {kept}; {burned} burns with the victim.",
                kept=kept,
                burned=burned,
                **names,
            )
        elif kept:
            said = msg("{diablerist} takes {kept}.", kept=kept, **names)
        else:
            said = msg(
                "{diablerist} takes no equipment; {burned} burns with the victim.",
                burned=burned,
                **names,
            )
        trace.add("vtes:6.5.5", said)
    trace.add("vtes:6.5.5", msg("{victim} is burned, with every card and counter on it.", **names))
    capacity = diablerist.capacity
    ages = {"victim_capacity": victim.capacity, "capacity": diablerist.capacity}
    if older:
        if take_discipline:
            capacity += 1
            trace.add(
                "vtes:6.5.5",
                msg(
                    "{victim} was older (capacity {victim_capacity} > {capacity}): a master "
                    "Discipline card goes on {diablerist}, capacity becomes {new_capacity} with "
                    "no blood added to fill it.",
                    new_capacity=capacity,
                    **ages,
                    **names,
                ),
            )
        else:
            trace.add(
                "vtes:6.5.5",
                msg(
                    "{victim} was older (capacity {victim_capacity} > {capacity}), so "
                    "{diablerist}'s controller may search for a master Discipline card (not "
                    "taken here).",
                    **ages,
                    **names,
                ),
            )
    else:
        trace.add(
            "vtes:6.5.5",
            msg(
                "{victim} was not older (capacity {victim_capacity} <= {capacity}): no "
                "Discipline is gained.",
                **ages,
                **names,
            ),
        )
    trace.add(
        "vtes:6.5.6",
        msg(
            "A blood hunt referendum on {diablerist} is called at once; it is not an action.",
            **names,
        ),
    )
    after = replace(diablerist, capacity=capacity, blood=diablerist.blood + gained)
    ashes = replace(victim, blood=0, state=MinionState.BURNED)
    return DiablerieResult(
        diablerist=after,
        victim=ashes,
        blood_moved=moved,
        blood_drained=drained,
        equipment_taken=kept,
        equipment_burned=burned,
        discipline_allowed=older,
        discipline_gained=take_discipline,
        blood_hunt_called=True,
        steps=trace.steps,
    )


@dataclass(frozen=True, slots=True)
class BloodHuntResult:
    """The blood hunt referendum after a diablerie (6.5.6)."""

    passed: bool
    votes_for: int
    votes_against: int
    diablerist: Vampire
    """The diablerist afterwards: burned when the referendum passes."""
    steps: tuple[Step, ...]


def blood_hunt(diablerist: Vampire, *, votes_for: int, votes_against: int) -> BloodHuntResult:
    """Count the blood hunt referendum: more votes for than against burns the diablerist."""
    check_count(msg_p("parameter", "Votes for the blood hunt"), votes_for)
    check_count(msg_p("parameter", "Votes against the blood hunt"), votes_against)
    if not isinstance(diablerist, Vampire):
        raise InvalidState(
            msg("The diablerist must be a Vampire, got {value}.", value=shown(diablerist))
        )
    if diablerist.state is MinionState.BURNED:
        raise IllegalPlay(
            msg("{name} is already burned; there is no one to hunt.", name=diablerist.name)
        )
    trace = Trace()
    trace.add(
        "vtes:6.5.6",
        msg(
            "The blood hunt referendum is not an action: it cannot be blocked and no action "
            "modifiers or reactions are played; otherwise it runs like any referendum."
        ),
    )
    passed = votes_for > votes_against
    votes = {"votes_for": votes_for, "votes_against": votes_against, "name": diablerist.name}
    if passed:
        trace.add(
            "vtes:6.5.6",
            msg(
                "{votes_for} votes for against {votes_against}: the referendum passes, the "
                "blood hunt is called and {name} is burned.",
                **votes,
            ),
        )
        after = replace(diablerist, blood=0, state=MinionState.BURNED)
    else:
        trace.add(
            "vtes:6.5.6",
            msg(
                "{votes_for} votes for against {votes_against}: a referendum needs more votes "
                "for than against, so it fails and {name} stays in play.",
                **votes,
            ),
        )
        after = diablerist
    return BloodHuntResult(passed, votes_for, votes_against, after, trace.steps)


# --------------------------------------------------------------------------- leave torpor


@dataclass(frozen=True, slots=True)
class LeaveTorporResult:
    """A leave torpor action (6.5.2)."""

    outcome: Literal["left torpor", "failed", "diablerized"]
    vampire: Vampire
    """The acting vampire afterwards."""
    stealth: int
    blood_paid: int
    combat: bool
    """Always false: vampires in torpor never enter combat."""
    diablerie: DiablerieResult | None
    steps: tuple[Step, ...]


def leave_torpor(
    vampire: Vampire,
    *,
    blocker: Vampire | Ally | None = None,
    diablerize: bool = False,
    equipment: Sequence[str] = (),
    take: Sequence[str] | None = None,
    take_discipline: bool = False,
    blocker_blood_cursed: bool = False,
) -> LeaveTorporResult:
    """A vampire in torpor tries to leave it (+1 stealth, costs 2 blood on success).

    ``blocker`` is the minion who blocked the action (None: not blocked). A blocking
    vampire may ``diablerize`` the acting vampire instead of letting the action fail;
    ``equipment``/``take``/``take_discipline``/``blocker_blood_cursed`` then go to
    :func:`diablerie`.
    """
    _check_choices(
        {
            "diablerize": diablerize,
            "take_discipline": take_discipline,
            "blocker_blood_cursed": blocker_blood_cursed,
        },
        equipment,
        take,
    )
    if not isinstance(vampire, Vampire):
        raise InvalidState(
            msg("Only a vampire can leave torpor, got {value}.", value=shown(vampire))
        )
    _require_torpor(vampire, "leave torpor")
    name = vampire.name
    cost = counts.blood(LEAVE_TORPOR_COST)
    if vampire.blood < LEAVE_TORPOR_COST:
        raise IllegalPlay(
            msg(
                "{name} has {blood}; leaving torpor costs {cost}, so the action cannot be "
                "announced (rescue is possible).",
                name=name,
                blood=counts.blood(vampire.blood),
                cost=cost,
            )
        )
    trace = Trace()
    trace.add(
        "vtes:6.5.1",
        msg("{name} is in torpor: leaving torpor is the only action it may take.", name=name),
    )
    trace.add(
        "vtes:6.5.2",
        msg(
            "{name} announces leave torpor and taps; the action has +1 stealth and costs "
            "{cost} if it succeeds.",
            name=name,
            cost=cost,
        ),
    )
    if blocker is None:
        if diablerize:
            raise IllegalPlay(
                msg("Only a blocking vampire may commit diablerie; name the blocker.")
            )
        after = replace(vampire, blood=vampire.blood - LEAVE_TORPOR_COST, state=MinionState.READY)
        trace.add(
            "vtes:6.5.2",
            msg(
                "Not blocked: {name} pays {cost} (left: {blood}) and moves to the ready region.",
                name=name,
                cost=cost,
                blood=after.blood,
            ),
        )
        return LeaveTorporResult(
            "left torpor", after, 1, LEAVE_TORPOR_COST, False, None, trace.steps
        )

    trace.add(
        "vtes:6.5.2",
        msg(
            "Blocked by {blocker}: no combat begins, since a vampire in torpor cannot fight.",
            blocker=blocker.name,
        ),
    )
    if diablerize:
        if isinstance(blocker, Ally):
            raise IllegalPlay(
                msg(
                    "{blocker} is an ally: an ally who blocks leave torpor cannot commit "
                    "diablerie; the action simply fails.",
                    blocker=blocker.name,
                )
            )
        result = diablerie(
            blocker,
            vampire,
            equipment=equipment,
            take=take,
            take_discipline=take_discipline,
            blood_cursed=blocker_blood_cursed,
        )
        trace.add(
            "vtes:6.5.2",
            msg(
                "{blocker} chooses to commit diablerie on {name}; no cost is paid.",
                blocker=blocker.name,
                name=name,
            ),
        )
        trace.extend(result.steps)
        return LeaveTorporResult("diablerized", result.victim, 1, 0, False, result, trace.steps)
    if isinstance(blocker, Ally):
        said = msg(
            "The blocker is an ally: the action fails, {name} stays in torpor and pays nothing.",
            name=name,
        )
    else:
        said = msg(
            "The blocker is a vampire who declines diablerie: the action fails, {name} stays in "
            "torpor and pays nothing.",
            name=name,
        )
    trace.add("vtes:6.5.2", said)
    return LeaveTorporResult("failed", vampire, 1, 0, False, None, trace.steps)


# --------------------------------------------------------------------------- rescue


@dataclass(frozen=True, slots=True)
class RescueResult:
    """A rescue of a vampire in torpor (6.5.3)."""

    outcome: Literal["rescued", "blocked"]
    rescuer: Vampire
    rescued: Vampire
    stealth: int
    """+1 when both vampires have the same controller, else 0."""
    directed: bool
    rescuer_paid: int
    rescued_paid: int
    combat: bool
    """True when blocked: the rescuer and the blocker fight as usual."""
    steps: tuple[Step, ...]


def rescue(
    rescuer: Vampire | Ally,
    rescued: Vampire,
    *,
    rescuer_pays: int,
    same_controller: bool,
    blocked: bool = False,
) -> RescueResult:
    """A ready vampire rescues ``rescued`` from torpor; the 2 blood cost is split as announced.

    ``rescuer_pays`` (0, 1 or 2) is the rescuer's share; the rescued vampire pays the rest.
    """
    _check_choices({"same_controller": same_controller, "blocked": blocked})
    rescuer = _require_vampire(rescuer, "rescuer")
    if not isinstance(rescued, Vampire):
        raise InvalidState(msg("Only a vampire can be rescued, got {value}.", value=shown(rescued)))
    if rescuer.name == rescued.name:
        raise IllegalPlay(
            msg("{name} cannot rescue itself; use leave torpor instead.", name=rescuer.name)
        )
    _require_ready(rescuer, "rescuer")
    _require_torpor(rescued, "rescue")
    check_count(msg_p("parameter", "The rescuer's share of the cost"), rescuer_pays)
    cost = counts.blood(RESCUE_COST)
    if rescuer_pays > RESCUE_COST:
        raise InvalidState(
            msg(
                "The rescue costs {cost} in all; the rescuer's share must be 0 to {most}, got "
                "{value}.",
                cost=cost,
                most=RESCUE_COST,
                value=rescuer_pays,
            )
        )
    rescued_pays = RESCUE_COST - rescuer_pays
    for who, share in ((rescuer, rescuer_pays), (rescued, rescued_pays)):
        if who.blood < share:
            raise IllegalPlay(
                msg(
                    "{name} has {blood} and cannot pay a share of {share}; split the {cost} so "
                    "each pays at most what it has.",
                    name=who.name,
                    blood=counts.blood(who.blood),
                    share=share,
                    cost=cost,
                )
            )
    stealth = 1 if same_controller else 0
    trace = Trace()
    names = {"rescuer": rescuer.name, "rescued": rescued.name}
    trace.add(
        "vtes:6.5.3",
        msg(
            "{rescuer} announces a rescue of {rescued} ({cost} in all), paying {rescuer_pays} "
            "blood itself and {rescued_pays} from {rescued}, and taps.",
            rescuer_pays=rescuer_pays,
            rescued_pays=rescued_pays,
            cost=cost,
            **names,
        ),
    )
    if same_controller:
        trace.add("vtes:6.5.3", msg("Both vampires have the same controller: +1 stealth."))
    else:
        trace.add(
            "vtes:6.5.3",
            msg(
                "{name} belongs to another Methuselah: a directed action with 0 stealth.",
                name=rescued.name,
            ),
        )
    if blocked:
        trace.add(
            "vtes:6.5.3",
            msg(
                "Blocked: {rescuer} and the blocking minion enter combat as usual; no cost is "
                "paid and {rescued} stays in torpor.",
                **names,
            ),
        )
        return RescueResult(
            "blocked", rescuer, rescued, stealth, not same_controller, 0, 0, True, trace.steps
        )
    new_rescuer = replace(rescuer, blood=rescuer.blood - rescuer_pays)
    new_rescued = replace(rescued, blood=rescued.blood - rescued_pays, state=MinionState.READY)
    trace.add(
        "vtes:6.5.3",
        msg(
            "The rescue succeeds: the cost is paid ({rescuer} {rescuer_blood} blood left, "
            "{rescued} {rescued_blood}) and {rescued} moves to the ready region, neither "
            "tapped nor untapped by the rescue.",
            rescuer_blood=new_rescuer.blood,
            rescued_blood=new_rescued.blood,
            **names,
        ),
    )
    return RescueResult(
        "rescued",
        new_rescuer,
        new_rescued,
        stealth,
        not same_controller,
        rescuer_pays,
        rescued_pays,
        False,
        trace.steps,
    )


# --------------------------------------------------------------------------- diablerie action


@dataclass(frozen=True, slots=True)
class DiablerieActionResult:
    """An action to commit diablerie on a vampire in torpor (6.5.4)."""

    outcome: Literal["diablerie", "blocked"]
    actor: Vampire
    victim: Vampire
    stealth: int
    directed: bool
    combat: bool
    diablerie: DiablerieResult | None
    steps: tuple[Step, ...]


def commit_diablerie(
    actor: Vampire | Ally,
    victim: Vampire,
    *,
    same_controller: bool,
    blocked: bool = False,
    equipment: Sequence[str] = (),
    take: Sequence[str] | None = None,
    take_discipline: bool = False,
    blood_cursed: bool = False,
) -> DiablerieActionResult:
    """A ready vampire takes the action to diablerize ``victim`` (in torpor)."""
    _check_choices(
        {
            "same_controller": same_controller,
            "blocked": blocked,
            "take_discipline": take_discipline,
            "blood_cursed": blood_cursed,
        },
        equipment,
        take,
    )
    actor = _require_vampire(actor, "actor")
    if not isinstance(victim, Vampire):
        raise InvalidState(msg("The victim must be a Vampire, got {value}.", value=shown(victim)))
    _require_ready(actor, "actor")
    _require_torpor(victim, "the diablerie action")
    if blood_cursed:
        raise IllegalPlay(
            msg(
                "{name} carries the Assamite blood curse and may not commit diablerie.",
                name=actor.name,
            )
        )
    stealth = 1 if same_controller else 0
    trace = Trace()
    names = {"actor": actor.name, "victim": victim.name}
    trace.add(
        "vtes:6.5.4",
        msg("{actor} announces diablerie on {victim} in torpor and taps.", **names),
    )
    if same_controller:
        trace.add("vtes:6.5.4", msg("Both vampires have the same controller: +1 stealth."))
    else:
        trace.add(
            "vtes:6.5.4",
            msg(
                "{name} belongs to another Methuselah: a directed action with 0 stealth.",
                name=victim.name,
            ),
        )
    if blocked:
        trace.add(
            "vtes:6.5.4",
            msg(
                "Blocked: {actor} and the blocking minion enter combat as usual; {victim} stays "
                "in torpor.",
                **names,
            ),
        )
        return DiablerieActionResult(
            "blocked", actor, victim, stealth, not same_controller, True, None, trace.steps
        )
    trace.add("vtes:6.5.4", msg("The action succeeds: the victim suffers diablerie."))
    result = diablerie(
        actor,
        victim,
        equipment=equipment,
        take=take,
        take_discipline=take_discipline,
        blood_cursed=blood_cursed,
    )
    trace.extend(result.steps)
    return DiablerieActionResult(
        "diablerie",
        result.diablerist,
        result.victim,
        stealth,
        not same_controller,
        False,
        result,
        trace.steps,
    )
