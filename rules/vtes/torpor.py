"""Torpor actions, diablerie and the blood hunt (VTES sections 6.5-6.5.6).

Every function takes the vampires as :class:`rules.vtes.models.Vampire` values
and returns a frozen result whose ``steps`` cite the sections applied. Whether
an action is blocked is an input: stealth and intercept are settled at the table.

This module holds the actions (leave torpor, rescue, the diablerie action); the diablerie
itself and the blood hunt are in :mod:`rules.vtes.torpor_diablerie` and are importable from
here too.

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
from rules.i18n import msg, msg_p
from rules.trace import Step, Trace
from rules.validation import shown
from rules.vtes import counts
from rules.vtes.models import Ally, MinionState, Vampire, check_count
from rules.vtes.torpor_checks import check_choices as _check_choices
from rules.vtes.torpor_checks import require_ready as _require_ready
from rules.vtes.torpor_checks import require_torpor as _require_torpor
from rules.vtes.torpor_checks import require_vampire as _require_vampire
from rules.vtes.torpor_diablerie import BloodHuntResult, DiablerieResult, blood_hunt, diablerie

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
