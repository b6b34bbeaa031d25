"""VTES damage resolution (section 6.4.6; retainers 6.4.7; going to torpor 6.5.1).

Order of play:

1. Prevention. The receiving player splits prevention between the normal and the
   aggravated points (so aggravated points may be prevented first). Damage dealt to a
   retainer cannot be prevented in the default ("black-hand") edition.
2. Unprevented normal damage: a vampire burns 1 blood per point to mend it; points it
   cannot mend leave it wounded.
3. Unprevented aggravated damage cannot be mended. The first point dealt to an
   unwounded vampire wounds it. Each point dealt to a wounded vampire (wounded in step
   2 or 3, or already in torpor) costs 1 blood; with no blood to pay, the vampire is
   burned: straight to the ash heap, without torpor, and it is not diablerie.
4. A wounded vampire that is not burned goes to torpor once all damage is processed.

Allies and retainers lose 1 life per point of either type and are burned at 0 life.

>>> from rules.vtes import Vampire
>>> r = resolve_damage(Vampire("Milo", capacity=5, blood=2), aggravated=3)
>>> r.state.value, r.blood, r.wounded
('torpor', 0, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_np, msg_p
from rules.trace import Step, Trace
from rules.vtes import counts
from rules.vtes.models import Ally, Minion, MinionState, Retainer, Vampire, check_count

__all__ = ["EDITIONS", "DamageResult", "describe_dealt", "describe_outcome", "resolve_damage"]

#: Rules editions: the seed rulebook's (default) and the current VEKN rulebook.
EDITIONS: tuple[str, ...] = ("black-hand", "vekn-2024")

_DAMAGE = "vtes:6.4.6"
_RETAINERS = "vtes:6.4.7"
_TORPOR = "vtes:6.5"
_GO_TO_TORPOR = "vtes:6.5.1"
_KEPT_OUT = "vtes:6.4.13"


@dataclass(frozen=True, slots=True)
class DamageResult:
    """What damage resolution did to a minion.

    ``blood`` is the vampire's blood (or the ally's / retainer's life) afterwards, 0 when
    burned. ``wounded`` is True for a vampire that ends in torpor or was burned (it had to
    be wounded to burn); always False for allies and retainers.
    """

    minion: Minion
    state: MinionState
    wounded: bool
    blood: int
    steps: tuple[Step, ...]
    before: Minion
    prevented: int
    mended: int
    paid: int

    @property
    def burned(self) -> bool:
        return self.state is MinionState.BURNED


def _check_inputs(
    minion: object, normal: int, aggravated: int, prevent_normal: int, prevent_aggravated: int
) -> None:
    if not isinstance(minion, Vampire | Ally | Retainer):
        raise InvalidState(
            msg(
                "Damage can be dealt to a Vampire, an Ally or a Retainer, got {kind}.",
                kind=type(minion).__name__,
            )
        )
    if minion.state is MinionState.BURNED:
        raise InvalidState(
            msg(
                "{name} is already burned; only a ready minion or a vampire in torpor can "
                "be dealt damage.",
                name=minion.name,
            )
        )
    check_count(msg_p("parameter", "Normal damage"), normal)
    check_count(msg_p("parameter", "Aggravated damage"), aggravated)
    check_count(msg_p("parameter", "Prevention of normal damage"), prevent_normal)
    check_count(msg_p("parameter", "Prevention of aggravated damage"), prevent_aggravated)
    if (prevent_normal or prevent_aggravated) and normal == 0 and aggravated == 0:
        raise IllegalPlay(
            msg(
                "Prevention ({normal} normal, {aggravated} aggravated) is played but no damage "
                "is dealt: a prevention card needs damage to prevent (ruling G00154). Deal "
                "damage, or set both preventions to 0.",
                normal=prevent_normal,
                aggravated=prevent_aggravated,
            )
        )


def resolve_damage(
    minion: Minion,
    *,
    normal: int = 0,
    aggravated: int = 0,
    prevent_normal: int = 0,
    prevent_aggravated: int = 0,
    rules: str = "black-hand",
) -> DamageResult:
    """Resolve normal and aggravated damage dealt at the same time to one minion.

    ``prevent_normal`` / ``prevent_aggravated`` say how the receiving player split its
    prevention, as printed on the cards played: prevention larger than the damage of its
    kind is capped at that damage and the rest prevents nothing (ruling G00153);
    prevention with no damage at all raises :class:`IllegalPlay` (ruling G00154).
    ``rules`` is ``"black-hand"`` (the seed rulebook, default) or ``"vekn-2024"`` (the
    current rulebook, which does not forbid preventing damage dealt to retainers).
    Raises :class:`InvalidState` for impossible input.
    """
    if rules not in EDITIONS:
        raise InvalidState(
            msg(
                "Unknown rules edition {value}; allowed: {allowed}.",
                value=repr(rules),
                allowed=EDITIONS,
            )
        )
    _check_inputs(minion, normal, aggravated, prevent_normal, prevent_aggravated)
    played = (prevent_normal, prevent_aggravated)
    prevent_normal = min(prevent_normal, normal)
    prevent_aggravated = min(prevent_aggravated, aggravated)
    if isinstance(minion, Vampire):
        return _resolve_vampire(
            minion, normal, aggravated, prevent_normal, prevent_aggravated, played
        )
    return _resolve_life(
        minion, normal, aggravated, prevent_normal, prevent_aggravated, rules, played
    )


def describe_dealt(minion: Minion, normal: int, aggravated: int) -> Message:
    """The first step: who is dealt what."""
    has: Message
    if isinstance(minion, Vampire):
        if minion.state is MinionState.TORPOR:
            has = msg(
                "in torpor, {blood} of {capacity} blood",
                blood=minion.blood,
                capacity=minion.capacity,
            )
        else:
            has = msg(
                "ready, {blood} of {capacity} blood", blood=minion.blood, capacity=minion.capacity
            )
    elif isinstance(minion, Ally):
        has = msg_n("ally, {n} life", "ally, {n} life", minion.life)
    else:
        has = msg_n("retainer, {n} life", "retainer, {n} life", minion.life)
    return msg(
        "{name} ({has}) is dealt {normal} and {aggravated} damage.",
        name=minion.name,
        has=has,
        normal=msg_np("damage", "{n} normal", "{n} normal", normal),
        aggravated=msg_np("damage", "{n} aggravated", "{n} aggravated", aggravated),
    )


def _capped_step(trace: Trace, kind: str, played: int, dealt: int) -> None:
    """Prevention played beyond the damage of its kind: the rest prevents nothing."""
    if played <= dealt:
        return
    if dealt == 0:
        if kind == "normal":
            said = msg(
                "Prevention of {played} normal damage is played, but no normal damage is "
                "dealt: it prevents nothing (ruling G00153).",
                played=played,
            )
        else:
            said = msg(
                "Prevention of {played} aggravated damage is played, but no aggravated damage "
                "is dealt: it prevents nothing (ruling G00153).",
                played=played,
            )
        trace.add(_DAMAGE, said)
        return
    rest = played - dealt
    trace.add(
        _DAMAGE,
        msg_n(
            "Prevention of {played} is played against {dealt}: all of it is prevented, and "
            "the remaining {n} prevents nothing (ruling G00153).",
            "Prevention of {played} is played against {dealt}: all of it is prevented, and "
            "the remaining {n} prevent nothing (ruling G00153).",
            rest,
            played=counts.damage(played, kind),
            dealt=counts.damage(dealt, kind),
        ),
    )


def _prevention_step(
    trace: Trace,
    normal: int,
    aggravated: int,
    prevent_normal: int,
    prevent_aggravated: int,
    played: tuple[int, int] = (0, 0),
) -> None:
    if normal == 0 and aggravated == 0:
        return
    _capped_step(trace, "normal", played[0], normal)
    _capped_step(trace, "aggravated", played[1], aggravated)
    through_n, through_a = normal - prevent_normal, aggravated - prevent_aggravated
    if prevent_normal == 0 and prevent_aggravated == 0:
        trace.add(_DAMAGE, msg("No damage is prevented, so all of it is successfully inflicted."))
    else:
        trace.add(
            _DAMAGE,
            msg(
                "Prevention is applied first: {prevent_normal} normal and {prevent_aggravated} "
                "aggravated damage are prevented, leaving {through_n} normal and {through_a} "
                "aggravated.",
                prevent_normal=prevent_normal,
                prevent_aggravated=prevent_aggravated,
                through_n=through_n,
                through_a=through_a,
            ),
        )


def _mend_normal(trace: Trace, name: str, blood: int, through_n: int, wounded: bool) -> int:
    """Normal damage: 1 blood mends 1 point; the rest leaves the vampire wounded.

    Returns the blood burned to mend.
    """
    mended = min(blood, through_n)
    left = blood - mended
    unmended = through_n - mended
    if unmended == 0:
        trace.add(
            _DAMAGE,
            msg_n(
                "{name} burns {burned} to mend all {n} point of normal damage "
                "({blood} blood left).",
                "{name} burns {burned} to mend all {n} points of normal damage "
                "({blood} blood left).",
                through_n,
                name=name,
                burned=counts.blood(mended),
                blood=left,
            ),
        )
        return mended
    if mended:
        trace.add(
            _DAMAGE,
            msg_n(
                "{name} burns all of its blood ({mended}) to mend {mended} of the {n} point "
                "of normal damage.",
                "{name} burns all of its blood ({mended}) to mend {mended} of the {n} points "
                "of normal damage.",
                through_n,
                name=name,
                mended=mended,
            ),
        )
    else:
        trace.add(_DAMAGE, msg("{name} has no blood to mend the normal damage.", name=name))
    if wounded:
        trace.add(
            _DAMAGE,
            msg_n(
                "{name} cannot mend {n} point of normal damage and stays wounded; normal "
                "damage never burns a vampire.",
                "{name} cannot mend {n} points of normal damage and stays wounded; normal "
                "damage never burns a vampire.",
                unmended,
                name=name,
            ),
        )
    else:
        trace.add(
            _DAMAGE,
            msg_n(
                "{name} cannot mend {n} point of normal damage, so it is wounded.",
                "{name} cannot mend {n} points of normal damage, so it is wounded.",
                unmended,
                name=name,
            ),
        )
    return mended


def _burned(name: str, extra: int) -> Message:
    """The step of a vampire burned by aggravated damage it cannot pay for."""
    if not extra:
        return msg(
            "With no blood left to pay, the next aggravated point burns {name}: it goes "
            "straight to the ash heap, not to torpor, and this is not diablerie.",
            name=name,
        )
    return msg_n(
        "With no blood left to pay, the next aggravated point burns {name}: it goes straight "
        "to the ash heap, not to torpor, and this is not diablerie ({n} point more has "
        "nothing left to hit).",
        "With no blood left to pay, the next aggravated point burns {name}: it goes straight "
        "to the ash heap, not to torpor, and this is not diablerie ({n} points more have "
        "nothing left to hit).",
        extra,
        name=name,
    )


def _resolve_vampire(
    vampire: Vampire,
    normal: int,
    aggravated: int,
    prevent_normal: int,
    prevent_aggravated: int,
    played: tuple[int, int],
) -> DamageResult:
    trace = Trace()
    name = vampire.name
    trace.add(_DAMAGE, describe_dealt(vampire, normal, aggravated))
    in_torpor = vampire.state is MinionState.TORPOR
    kept_out = vampire.wounded and not in_torpor
    wounded = in_torpor or kept_out
    if in_torpor:
        trace.add(_DAMAGE, msg("{name} is in torpor, so counts as already wounded.", name=name))
    elif kept_out:
        trace.add(
            _KEPT_OUT,
            msg(
                "{name} is wounded but kept out of torpor by an effect, so it counts as "
                "already wounded: aggravated damage costs blood from the first point.",
                name=name,
            ),
        )
    _prevention_step(trace, normal, aggravated, prevent_normal, prevent_aggravated, played)
    through_n = normal - prevent_normal
    through_a = aggravated - prevent_aggravated
    blood = vampire.blood
    mended = paid = 0
    burned = False

    if through_n == 0 and through_a == 0:
        trace.add(_DAMAGE, msg("No damage reaches {name}, so nothing changes.", name=name))

    if through_n:
        mended = _mend_normal(trace, name, blood, through_n, wounded)
        blood -= mended
        wounded = wounded or mended < through_n

    # Aggravated damage: never mended.
    if through_a:
        rest = through_a
        if not wounded:
            trace.add(
                _DAMAGE,
                msg(
                    "Aggravated damage cannot be mended: the first point makes {name} wounded "
                    "without costing blood.",
                    name=name,
                ),
            )
            wounded = True
            rest -= 1
        elif through_n:
            trace.add(
                _DAMAGE,
                msg(
                    "Then the aggravated damage, which cannot be mended, reaches {name} while "
                    "it is already wounded.",
                    name=name,
                ),
            )
        if rest:
            paid = min(blood, rest)
            blood -= paid
            if paid:
                trace.add(
                    _DAMAGE,
                    msg(
                        "{name} is wounded, so it burns {burned}, 1 per aggravated point, to "
                        "avoid destruction ({blood} blood left).",
                        name=name,
                        burned=counts.blood(paid),
                        blood=blood,
                    ),
                )
            if rest > paid:
                burned = True
                trace.add(_DAMAGE, _burned(name, rest - paid - 1))

    if burned:
        state = MinionState.BURNED
        blood = 0
    elif kept_out:
        state = MinionState.READY
        trace.add(
            _KEPT_OUT,
            msg(
                "All damage is done: {name} stays wounded but ready with {blood} blood, since "
                "the effect keeping it out of torpor still holds.",
                name=name,
                blood=blood,
            ),
        )
    elif wounded:
        state = MinionState.TORPOR
        if in_torpor:
            trace.add(
                _TORPOR,
                msg(
                    "All damage is done: {name} stays in torpor with {blood} blood.",
                    name=name,
                    blood=blood,
                ),
            )
        else:
            trace.add(
                _GO_TO_TORPOR,
                msg(
                    "All damage is done: {name} is wounded and goes to torpor with {blood} blood.",
                    name=name,
                    blood=blood,
                ),
            )
    elif through_n or through_a:
        state = MinionState.READY
        trace.add(
            _DAMAGE,
            msg(
                "{name} mended everything and stays ready with {blood} blood.",
                name=name,
                blood=blood,
            ),
        )
    else:
        state = MinionState.READY
        trace.add(_DAMAGE, msg("{name} stays ready with {blood} blood.", name=name, blood=blood))

    after = dataclasses.replace(vampire, blood=blood, state=state)
    return DamageResult(
        minion=after,
        state=state,
        wounded=wounded,
        blood=blood,
        steps=trace.steps,
        before=vampire,
        prevented=prevent_normal + prevent_aggravated,
        mended=mended,
        paid=paid,
    )


def _resolve_life(
    minion: Ally | Retainer,
    normal: int,
    aggravated: int,
    prevent_normal: int,
    prevent_aggravated: int,
    rules: str,
    played: tuple[int, int],
) -> DamageResult:
    trace = Trace()
    name = minion.name
    is_retainer = isinstance(minion, Retainer)
    prevention = prevent_normal + prevent_aggravated
    if is_retainer and (played[0] or played[1]) and rules == "black-hand":
        raise InvalidState(
            msg(
                "{name} is a retainer: damage dealt to retainers cannot be prevented "
                "(vtes:6.4.6, vtes:6.4.7), so both preventions must be 0.",
                name=name,
            )
        )
    trace.add(_RETAINERS if is_retainer else _DAMAGE, describe_dealt(minion, normal, aggravated))
    if is_retainer and (normal or aggravated):
        if rules == "black-hand":
            trace.add(_RETAINERS, msg("Damage dealt to a retainer cannot be prevented."))
        elif prevention:
            trace.add(
                _RETAINERS,
                msg("The current rules do not forbid preventing damage dealt to a retainer."),
            )
    if not (is_retainer and rules == "black-hand"):
        _prevention_step(trace, normal, aggravated, prevent_normal, prevent_aggravated, played)
    through_n = normal - prevent_normal
    through_a = aggravated - prevent_aggravated
    total = through_n + through_a
    if through_a:
        if is_retainer:
            said = msg_n(
                "A retainer treats aggravated damage like normal damage: {n} damage in all.",
                "A retainer treats aggravated damage like normal damage: {n} damage in all.",
                total,
            )
        else:
            said = msg_n(
                "An ally treats aggravated damage like normal damage: {n} damage in all.",
                "An ally treats aggravated damage like normal damage: {n} damage in all.",
                total,
            )
        trace.add(_DAMAGE, said)
    life = minion.life
    lost = min(life, total)
    life -= lost
    if total == 0:
        trace.add(_DAMAGE, msg("No damage reaches {name}, so nothing changes.", name=name))
    else:
        trace.add(
            _DAMAGE,
            msg_n(
                "{name} loses {n} life, 1 per point of damage ({life} left).",
                "{name} loses {n} life, 1 per point of damage ({life} left).",
                lost,
                name=name,
                life=life,
            ),
        )
    if life == 0:
        state = MinionState.BURNED
        trace.add(_DAMAGE, msg("With no life left, {name} is burned.", name=name))
    else:
        state = MinionState.READY
        trace.add(_DAMAGE, msg("{name} stays ready with {life} life.", name=name, life=life))
    after = dataclasses.replace(minion, life=life)
    return DamageResult(
        minion=after,
        state=state,
        wounded=False,
        blood=life,
        steps=trace.steps,
        before=minion,
        prevented=prevention,
        mended=0,
        paid=0,
    )


def describe_outcome(result: DamageResult) -> Message:
    """One line: the minion's name and how it ends.

    >>> from rules.vtes import Vampire
    >>> str(describe_outcome(resolve_damage(Vampire("Krid", capacity=4, blood=1), aggravated=1)))
    'Krid: in torpor (wounded) with 1 blood'
    """
    name = result.minion.name
    if result.state is MinionState.BURNED:
        return msg("{name}: burned", name=name)
    if not isinstance(result.minion, Vampire):
        return msg("{name}: ready with {life} life", name=name, life=result.blood)
    if result.state is MinionState.TORPOR:
        return msg("{name}: in torpor (wounded) with {blood} blood", name=name, blood=result.blood)
    return msg("{name}: ready with {blood} blood", name=name, blood=result.blood)
