"""Diablerie and the blood hunt it calls (VTES sections 6.5.5, 6.5.6).

:func:`diablerie` applies the effects of a diablerie as one unit: the victim's blood moves to
the diablerist (what is above capacity drains), the diablerist takes or burns the victim's
equipment, the victim burns, and a Discipline may be gained from an older victim.
:func:`blood_hunt` counts the referendum that follows. The actions that lead to a diablerie
(leaving torpor blocked by a vampire, the diablerie action) live in :mod:`rules.vtes.torpor`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

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

__all__ = ["BloodHuntResult", "DiablerieResult", "blood_hunt", "diablerie"]


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
