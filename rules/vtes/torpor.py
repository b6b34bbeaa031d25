"""Torpor actions, diablerie and the blood hunt (VTES sections 6.5-6.5.6).

Every function takes the vampires as :class:`rules.vtes.models.Vampire` values
and returns a frozen result whose ``steps`` cite the sections applied. Whether
an action is blocked is an input: stealth and intercept are settled at the table.

>>> from rules.vtes.models import MinionState, Vampire
>>> sleeper = Vampire("Milo", capacity=5, blood=3, state=MinionState.TORPOR)
>>> leave_torpor(sleeper).vampire
Vampire(name='Milo', capacity=5, blood=1, strength=1, state=<MinionState.READY: 'ready'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from rules.errors import IllegalPlay, InvalidState
from rules.trace import Step, Trace
from rules.validation import flag, members
from rules.vtes import ru_words as ru
from rules.vtes.models import Ally, MinionState, Vampire, check_count

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


def _plural(n: int, word: str = "blood") -> str:
    return f"{n} {word}"


_RU_STATE = ru.STATE

# The roles and actions named in the checks below: English -> Russian.
_RU_ROLE = {
    "diablerist": "дьяблерист",
    "rescuer": "спасающий",
    "acting minion": "действующий миньон",
    "acting vampire": "действующий вампир",
}
_RU_ACTION = {
    "commit diablerie": "совершать дьяблери",
    "rescue a vampire from torpor": "спасать вампира из ступора",
    "take the diablerie action": "предпринимать действие дьяблери",
    "rescue": "спасать",
}
# What needs a vampire in torpor: English -> Russian ("для ...").
_RU_NEEDS_TORPOR = {
    "diablerie": "для дьяблери",
    "leave torpor": "для выхода из ступора",
    "rescue": "для спасения",
    "the diablerie action": "для действия дьяблери",
}


def _check_choices(flags: dict[str, object], equipment: object = (), take: object = None) -> None:
    """The switches are True/False; the equipment and the pieces taken are lists of names."""
    for name, value in flags.items():
        flag(name, value, ru=_FLAG_RU.get(name, name))
    members("equipment", equipment, str, ru="Снаряжение (equipment)")
    if take is not None:
        members("take", take, str, ru="Забираемое снаряжение (take)")


_FLAG_RU = {
    "same_controller": "Тот же игрок (same_controller)",
    "blocked": "Действие заблокировано (blocked)",
    "take_discipline": "Забрать Дисциплину (take_discipline)",
    "blood_cursed": "Проклятие крови (blood_cursed)",
    "diablerize": "Совершить дьяблери (diablerize)",
    "blocker_blood_cursed": "Проклятие крови блокирующего (blocker_blood_cursed)",
}


def _require_vampire(minion: object, role: str, action: str) -> Vampire:
    role_ru = _RU_ROLE[role]
    if isinstance(minion, Ally):
        raise IllegalPlay(
            f"{minion.name} is an ally and allies cannot {action}; the {role} must be a vampire.",
            ru=f"{minion.name} — союзник, а союзники не могут {_RU_ACTION[action]}; "
            f"{role_ru} должен быть вампиром.",
        )
    if not isinstance(minion, Vampire):
        raise InvalidState(
            f"The {role} must be a Vampire, got {minion!r}.",
            ru=f"{role_ru[0].upper()}{role_ru[1:]} должен быть вампиром (Vampire), "
            f"а получено {minion!r}.",
        )
    return minion


def _require_ready(vampire: Vampire, role: str, action: str) -> None:
    if vampire.state is not MinionState.READY:
        raise IllegalPlay(
            f"{vampire.name} is {vampire.state.value}; only a ready vampire can {action} "
            f"(the {role} must be ready).",
            ru=f"{vampire.name} {_RU_STATE[vampire.state]}; {_RU_ACTION[action]} может только "
            f"готовый вампир ({_RU_ROLE[role]} должен быть готов).",
        )


def _require_torpor(vampire: Vampire, action: str) -> None:
    if vampire.state is not MinionState.TORPOR:
        raise IllegalPlay(
            f"{vampire.name} is {vampire.state.value}, not in torpor; {action} needs a vampire "
            "in torpor.",
            ru=f"{vampire.name} {_RU_STATE[vampire.state]}, а не в ступоре; "
            f"{_RU_NEEDS_TORPOR[action]} нужен вампир в ступоре.",
        )


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
    diablerist = _require_vampire(diablerist, "diablerist", "commit diablerie")
    if not isinstance(victim, Vampire):
        raise InvalidState(
            f"The victim of a diablerie must be a Vampire, got {victim!r}.",
            ru=f"Жертвой дьяблери должен быть вампир (Vampire), а получено {victim!r}.",
        )
    if diablerist.name == victim.name:
        raise IllegalPlay(
            f"{diablerist.name} cannot commit diablerie on itself.",
            ru=f"{diablerist.name} не может совершить дьяблери над самим собой.",
        )
    _require_ready(diablerist, "diablerist", "commit diablerie")
    _require_torpor(victim, "diablerie")
    if blood_cursed:
        raise IllegalPlay(
            f"{diablerist.name} carries the Assamite blood curse and may not commit diablerie; "
            "choose a diablerist of another clan.",
            ru=f"На вампире {diablerist.name} лежит проклятие крови Ассамитов, и он не может "
            "совершать дьяблери; выберите дьяблериста из другого клана.",
        )
    gear = tuple(equipment)
    kept = gear if take is None else tuple(take)
    unknown = [item for item in kept if item not in gear]
    if unknown:
        raise InvalidState(
            f"The diablerist can only take equipment the victim carries; {', '.join(unknown)} "
            f"is not among: {', '.join(gear) or 'nothing'}.",
            ru=f"Дьяблерист может забрать только снаряжение, которое есть у жертвы; "
            f"{', '.join(unknown)} среди него нет (у жертвы: {', '.join(gear) or 'ничего'}).",
        )
    burned = tuple(item for item in gear if item not in kept)
    older = victim.capacity > diablerist.capacity
    if take_discipline and not older:
        raise IllegalPlay(
            f"{victim.name} (capacity {victim.capacity}) is not older than {diablerist.name} "
            f"(capacity {diablerist.capacity}); a Discipline is gained only from an older victim.",
            ru=f"Жертва {victim.name} (объём {victim.capacity}) не старше дьяблериста "
            f"{diablerist.name} (объём {diablerist.capacity}); Дисциплину можно получить "
            "только за более старшую жертву.",
        )

    trace = Trace()
    trace.add(
        "vtes:6.5.5",
        f"{diablerist.name} commits diablerie on {victim.name}; the steps resolve together "
        "and no effect can interrupt them.",
        f"{diablerist.name} совершает дьяблери над вампиром {victim.name}; все шаги "
        "разыгрываются как единое целое, и никакой эффект не может вклиниться между ними.",
    )
    moved = victim.blood
    room = diablerist.capacity - diablerist.blood
    gained = min(moved, room)
    drained = moved - gained
    text = f"All {_plural(moved)} of {victim.name} moves to {diablerist.name}"
    text_ru = (
        f"Вся кровь жертвы {victim.name} ({ru.blood(moved)}) переходит к дьяблеристу "
        f"{diablerist.name}"
    )
    if drained:
        text += f"; {drained} above capacity {diablerist.capacity} drains to the blood bank"
        text_ru += (
            f"; излишек сверх объёма {diablerist.capacity} ({ru.blood(drained)}) уходит "
            "в банк крови"
        )
    trace.add(
        "vtes:6.5.5",
        text + f" ({diablerist.name} now has {diablerist.blood + gained}).",
        text_ru + f" (теперь у дьяблериста {ru.blood(diablerist.blood + gained)}).",
    )
    if gear:
        taken_ru = (
            f"{diablerist.name} забирает снаряжение: {', '.join(kept)}"
            if kept
            else f"{diablerist.name} не забирает снаряжения"
        )
        trace.add(
            "vtes:6.5.5",
            f"{diablerist.name} takes {', '.join(kept) or 'no equipment'}"
            + (f"; {', '.join(burned)} burns with the victim." if burned else "."),
            taken_ru + (f"; вместе с жертвой сгорает: {', '.join(burned)}." if burned else "."),
        )
    trace.add(
        "vtes:6.5.5",
        f"{victim.name} is burned, with every card and counter on it.",
        f"Жертва {victim.name} сгорает вместе со всеми картами и жетонами на ней.",
    )
    capacity = diablerist.capacity
    if older:
        if take_discipline:
            capacity += 1
            trace.add(
                "vtes:6.5.5",
                f"{victim.name} was older (capacity {victim.capacity} > {diablerist.capacity}): "
                f"a master Discipline card goes on {diablerist.name}, capacity becomes "
                f"{capacity} with no blood added to fill it.",
                f"Жертва {victim.name} была старше (объём {victim.capacity} > "
                f"{diablerist.capacity}): на дьяблериста {diablerist.name} кладётся мастерская "
                f"карта Дисциплины, его объём становится {capacity}, но крови на новое место "
                "не добавляется.",
            )
        else:
            trace.add(
                "vtes:6.5.5",
                f"{victim.name} was older (capacity {victim.capacity} > {diablerist.capacity}), "
                f"so {diablerist.name}'s controller may search for a master Discipline card "
                "(not taken here).",
                f"Жертва {victim.name} была старше (объём {victim.capacity} > "
                f"{diablerist.capacity}), поэтому хозяин дьяблериста {diablerist.name} может "
                "найти мастерскую карту Дисциплины (здесь её не берут).",
            )
    else:
        trace.add(
            "vtes:6.5.5",
            f"{victim.name} was not older (capacity {victim.capacity} <= "
            f"{diablerist.capacity}): no Discipline is gained.",
            f"Жертва {victim.name} была не старше (объём {victim.capacity} ≤ "
            f"{diablerist.capacity}): Дисциплина не достаётся.",
        )
    trace.add(
        "vtes:6.5.6",
        f"A blood hunt referendum on {diablerist.name} is called at once; it is not an action.",
        f"Сразу созывается референдум о Кровавой Охоте на дьяблериста {diablerist.name}; "
        "это не действие.",
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
    check_count(
        "Votes for the blood hunt",
        votes_for,
        what_ru="Голоса «за» на референдуме о Кровавой Охоте",
    )
    check_count(
        "Votes against the blood hunt",
        votes_against,
        what_ru="Голоса «против» на референдуме о Кровавой Охоте",
    )
    if not isinstance(diablerist, Vampire):
        raise InvalidState(
            f"The diablerist must be a Vampire, got {diablerist!r}.",
            ru=f"Дьяблерист должен быть вампиром (Vampire), а получено {diablerist!r}.",
        )
    if diablerist.state is MinionState.BURNED:
        raise IllegalPlay(
            f"{diablerist.name} is already burned; there is no one to hunt.",
            ru=f"{diablerist.name} уже сожжён; охотиться не на кого.",
        )
    trace = Trace()
    trace.add(
        "vtes:6.5.6",
        "The blood hunt referendum is not an action: it cannot be blocked and no action "
        "modifiers or reactions are played; otherwise it runs like any referendum.",
        "Референдум о Кровавой Охоте — не действие: его нельзя заблокировать, модификаторы "
        "действий и реакции во время него не играются; в остальном он проводится как любой "
        "референдум.",
    )
    passed = votes_for > votes_against
    if passed:
        trace.add(
            "vtes:6.5.6",
            f"{votes_for} votes for against {votes_against}: the referendum passes, "
            f"the blood hunt is called and {diablerist.name} is burned.",
            f"Голосов «за» — {votes_for}, «против» — {votes_against}: референдум принят, "
            f"Кровавая Охота объявлена, и {diablerist.name} сгорает.",
        )
        after = replace(diablerist, blood=0, state=MinionState.BURNED)
    else:
        trace.add(
            "vtes:6.5.6",
            f"{votes_for} votes for against {votes_against}: a referendum needs more votes for "
            f"than against, so it fails and {diablerist.name} stays in play.",
            f"Голосов «за» — {votes_for}, «против» — {votes_against}: для принятия голосов "
            f"«за» должно быть больше, чем «против», поэтому референдум отклонён, и "
            f"{diablerist.name} остаётся в игре.",
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
            f"Only a vampire can leave torpor, got {vampire!r}.",
            ru=f"Выйти из ступора может только вампир (Vampire), а получено {vampire!r}.",
        )
    _require_torpor(vampire, "leave torpor")
    if vampire.blood < LEAVE_TORPOR_COST:
        raise IllegalPlay(
            f"{vampire.name} has {vampire.blood} blood; leaving torpor costs "
            f"{LEAVE_TORPOR_COST} blood, so the action cannot be announced (rescue is possible).",
            ru=f"У вампира {vampire.name} {ru.blood(vampire.blood)}; выход из ступора стоит "
            f"{ru.blood(LEAVE_TORPOR_COST)}, поэтому объявить это действие нельзя "
            "(спасение возможно).",
        )
    trace = Trace()
    trace.add(
        "vtes:6.5.1",
        f"{vampire.name} is in torpor: leaving torpor is the only action it may take.",
        f"{vampire.name} в ступоре: выход из ступора — единственное доступное ему действие.",
    )
    trace.add(
        "vtes:6.5.2",
        f"{vampire.name} announces leave torpor and taps; the action has +1 stealth and costs "
        f"{LEAVE_TORPOR_COST} blood if it succeeds.",
        f"{vampire.name} объявляет выход из ступора и поворачивается (tap); у действия +1 к "
        f"скрытности, а при успехе оно стоит {ru.blood(LEAVE_TORPOR_COST)}.",
    )
    if blocker is None:
        if diablerize:
            raise IllegalPlay(
                "Only a blocking vampire may commit diablerie; name the blocker.",
                ru="Совершить дьяблери может только блокирующий вампир; укажите, кто блокирует.",
            )
        after = replace(vampire, blood=vampire.blood - LEAVE_TORPOR_COST, state=MinionState.READY)
        trace.add(
            "vtes:6.5.2",
            f"Not blocked: {vampire.name} pays {LEAVE_TORPOR_COST} blood (left: {after.blood}) "
            "and moves to the ready region.",
            f"Блока нет: {vampire.name} платит {ru.blood(LEAVE_TORPOR_COST)} "
            f"(крови осталось: {after.blood}) и переходит в зону готовых.",
        )
        return LeaveTorporResult(
            "left torpor", after, 1, LEAVE_TORPOR_COST, False, None, trace.steps
        )

    trace.add(
        "vtes:6.5.2",
        f"Blocked by {blocker.name}: no combat begins, since a vampire in torpor cannot fight.",
        f"Действие блокирует {blocker.name}: боя нет, потому что вампир в ступоре не сражается.",
    )
    if diablerize:
        if isinstance(blocker, Ally):
            raise IllegalPlay(
                f"{blocker.name} is an ally: an ally who blocks leave torpor cannot commit "
                "diablerie; the action simply fails.",
                ru=f"{blocker.name} — союзник: союзник, заблокировавший выход из ступора, не "
                "может совершить дьяблери; действие просто не удаётся.",
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
            f"{blocker.name} chooses to commit diablerie on {vampire.name}; no cost is paid.",
            f"{blocker.name} решает совершить дьяблери над вампиром {vampire.name}; цена "
            "действия не платится.",
        )
        trace.extend(result.steps)
        return LeaveTorporResult("diablerized", result.victim, 1, 0, False, result, trace.steps)
    who = "an ally" if isinstance(blocker, Ally) else "a vampire who declines diablerie"
    who_ru = "союзник" if isinstance(blocker, Ally) else "вампир, отказавшийся от дьяблери"
    trace.add(
        "vtes:6.5.2",
        f"The blocker is {who}: the action fails, {vampire.name} stays in torpor and pays nothing.",
        f"Блокирует {who_ru}: действие не удаётся, {vampire.name} остаётся в ступоре и ничего "
        "не платит.",
    )
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
    rescuer = _require_vampire(rescuer, "rescuer", "rescue a vampire from torpor")
    if not isinstance(rescued, Vampire):
        raise InvalidState(
            f"Only a vampire can be rescued, got {rescued!r}.",
            ru=f"Спасти можно только вампира (Vampire), а получено {rescued!r}.",
        )
    if rescuer.name == rescued.name:
        raise IllegalPlay(
            f"{rescuer.name} cannot rescue itself; use leave torpor instead.",
            ru=f"{rescuer.name} не может спасти самого себя; вместо этого используйте выход "
            "из ступора.",
        )
    _require_ready(rescuer, "rescuer", "rescue")
    _require_torpor(rescued, "rescue")
    check_count(
        "The rescuer's share of the cost",
        rescuer_pays,
        what_ru="Доля цены, которую платит спасающий",
    )
    if rescuer_pays > RESCUE_COST:
        raise InvalidState(
            f"The rescue costs {RESCUE_COST} blood in all; the rescuer's share must be 0 to "
            f"{RESCUE_COST}, got {rescuer_pays}.",
            ru=f"Спасение стоит всего {ru.blood(RESCUE_COST)}; доля спасающего должна быть "
            f"от 0 до {RESCUE_COST}, а получено {rescuer_pays}.",
        )
    rescued_pays = RESCUE_COST - rescuer_pays
    for who, share in ((rescuer, rescuer_pays), (rescued, rescued_pays)):
        if who.blood < share:
            raise IllegalPlay(
                f"{who.name} has {who.blood} blood and cannot pay a share of {share}; "
                f"split the {RESCUE_COST} blood so each pays at most what it has.",
                ru=f"У вампира {who.name} {ru.blood(who.blood)}, и он не может заплатить долю "
                f"{share}; разделите {ru.blood(RESCUE_COST)} так, чтобы каждый платил не больше, "
                "чем у него есть.",
            )
    stealth = 1 if same_controller else 0
    trace = Trace()
    trace.add(
        "vtes:6.5.3",
        f"{rescuer.name} announces a rescue of {rescued.name}, paying {rescuer_pays} blood "
        f"itself and {rescued_pays} from {rescued.name}, and taps.",
        f"{rescuer.name} объявляет спасение вампира {rescued.name} и поворачивается; цена — "
        f"{ru.blood(RESCUE_COST)}: {rescuer_pays} платит сам спасающий, {rescued_pays} — "
        f"{rescued.name}.",
    )
    if same_controller:
        trace.add(
            "vtes:6.5.3",
            "Both vampires have the same controller: +1 stealth.",
            "У обоих вампиров один хозяин: +1 к скрытности.",
        )
    else:
        trace.add(
            "vtes:6.5.3",
            f"{rescued.name} belongs to another Methuselah: a directed action with 0 stealth.",
            f"{rescued.name} подчиняется другому Метузела: это направленное действие со "
            "скрытностью 0.",
        )
    if blocked:
        trace.add(
            "vtes:6.5.3",
            f"Blocked: {rescuer.name} and the blocking minion enter combat as usual; "
            f"no cost is paid and {rescued.name} stays in torpor.",
            f"Действие заблокировано: {rescuer.name} и блокирующий миньон вступают в обычный "
            f"бой; цена не платится, {rescued.name} остаётся в ступоре.",
        )
        return RescueResult(
            "blocked", rescuer, rescued, stealth, not same_controller, 0, 0, True, trace.steps
        )
    new_rescuer = replace(rescuer, blood=rescuer.blood - rescuer_pays)
    new_rescued = replace(rescued, blood=rescued.blood - rescued_pays, state=MinionState.READY)
    trace.add(
        "vtes:6.5.3",
        f"The rescue succeeds: the cost is paid ({rescuer.name} {new_rescuer.blood} blood left, "
        f"{rescued.name} {new_rescued.blood}) and {rescued.name} moves to the ready region, "
        "neither tapped nor untapped by the rescue.",
        f"Спасение удалось: цена уплачена (крови осталось: {rescuer.name} — "
        f"{new_rescuer.blood}, {rescued.name} — {new_rescued.blood}), и {rescued.name} "
        "переходит в зону готовых; само спасение его не поворачивает и не разворачивает.",
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
    actor = _require_vampire(actor, "acting minion", "take the diablerie action")
    if not isinstance(victim, Vampire):
        raise InvalidState(
            f"The victim must be a Vampire, got {victim!r}.",
            ru=f"Жертвой должен быть вампир (Vampire), а получено {victim!r}.",
        )
    _require_ready(actor, "acting vampire", "take the diablerie action")
    _require_torpor(victim, "the diablerie action")
    if blood_cursed:
        raise IllegalPlay(
            f"{actor.name} carries the Assamite blood curse and may not commit diablerie.",
            ru=f"На вампире {actor.name} лежит проклятие крови Ассамитов, и он не может "
            "совершать дьяблери.",
        )
    stealth = 1 if same_controller else 0
    trace = Trace()
    trace.add(
        "vtes:6.5.4",
        f"{actor.name} announces diablerie on {victim.name} in torpor and taps.",
        f"{actor.name} объявляет дьяблери над вампиром {victim.name}, лежащим в ступоре, и "
        "поворачивается.",
    )
    if same_controller:
        trace.add(
            "vtes:6.5.4",
            "Both vampires have the same controller: +1 stealth.",
            "У обоих вампиров один хозяин: +1 к скрытности.",
        )
    else:
        trace.add(
            "vtes:6.5.4",
            f"{victim.name} belongs to another Methuselah: a directed action with 0 stealth.",
            f"{victim.name} подчиняется другому Метузела: это направленное действие со "
            "скрытностью 0.",
        )
    if blocked:
        trace.add(
            "vtes:6.5.4",
            f"Blocked: {actor.name} and the blocking minion enter combat as usual; "
            f"{victim.name} stays in torpor.",
            f"Действие заблокировано: {actor.name} и блокирующий миньон вступают в обычный "
            f"бой; {victim.name} остаётся в ступоре.",
        )
        return DiablerieActionResult(
            "blocked", actor, victim, stealth, not same_controller, True, None, trace.steps
        )
    trace.add(
        "vtes:6.5.4",
        "The action succeeds: the victim suffers diablerie.",
        "Действие удалось: над жертвой совершается дьяблери.",
    )
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
