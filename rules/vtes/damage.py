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
from rules.trace import Step, Trace
from rules.vtes import ru_words as ru
from rules.vtes.models import Ally, Minion, MinionState, Retainer, Vampire, check_count

__all__ = ["EDITIONS", "DamageResult", "describe_outcome", "resolve_damage"]

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


def _pts(n: int, word: str = "point") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _kind(minion: Minion) -> str:
    return type(minion).__name__.lower()


_KIND_RU = {"vampire": "вампир", "ally": "союзник", "retainer": "слуга"}


def _check_inputs(
    minion: object, normal: int, aggravated: int, prevent_normal: int, prevent_aggravated: int
) -> None:
    if not isinstance(minion, Vampire | Ally | Retainer):
        raise InvalidState(
            "Damage can be dealt to a Vampire, an Ally or a Retainer, "
            f"got {type(minion).__name__}.",
            ru="Повреждения можно нанести вампиру, союзнику или слуге, а получен "
            f"{type(minion).__name__}.",
        )
    if minion.state is MinionState.BURNED:
        raise InvalidState(
            f"{minion.name} is already burned; only a ready minion or a vampire in torpor can "
            "be dealt damage.",
            ru=f"{minion.name} уже сожжён; повреждения можно нанести только готовому миньону "
            "или вампиру в ступоре.",
        )
    check_count("Normal damage", normal, what_ru="Обычные повреждения")
    check_count("Aggravated damage", aggravated, what_ru="Неизлечимые повреждения")
    check_count(
        "Prevention of normal damage",
        prevent_normal,
        what_ru="Предотвращение обычных повреждений",
    )
    check_count(
        "Prevention of aggravated damage",
        prevent_aggravated,
        what_ru="Предотвращение неизлечимых повреждений",
    )
    if (prevent_normal or prevent_aggravated) and normal == 0 and aggravated == 0:
        raise IllegalPlay(
            f"Prevention ({prevent_normal} normal, {prevent_aggravated} aggravated) is played "
            "but no damage is dealt: a prevention card needs damage to prevent (ruling "
            "G00154). Deal damage, or set both preventions to 0.",
            ru=f"Сыграно предотвращение (обычных — {prevent_normal}, неизлечимых — "
            f"{prevent_aggravated}), но повреждений нет: карте предотвращения нужно, что "
            "предотвращать (решение G00154). Укажите повреждения или обнулите оба "
            "предотвращения.",
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
            f"Unknown rules edition {rules!r}; allowed: {', '.join(EDITIONS)}.",
            ru=f"Неизвестная редакция правил {rules!r}; допустимые: {', '.join(EDITIONS)}.",
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


def _dealt_text(minion: Minion, normal: int, aggravated: int) -> str:
    if isinstance(minion, Vampire):
        where = "in torpor" if minion.state is MinionState.TORPOR else "ready"
        has = f"{where}, {minion.blood} of {minion.capacity} blood"
    else:
        has = f"{_kind(minion)}, {minion.life} life"
    return f"{minion.name} ({has}) is dealt {normal} normal and {aggravated} aggravated damage."


def _all_normal_ru(n: int) -> str:
    """ "all n points of normal damage" as an object in Russian."""
    if n == 1:
        return "обычное повреждение"
    if n == 2:
        return "оба обычных повреждения"
    return f"все {ru.damage(n, 'normal')}"


def _dealt_text_ru(minion: Minion, normal: int, aggravated: int) -> str:
    if isinstance(minion, Vampire):
        where = "в ступоре" if minion.state is MinionState.TORPOR else "готов"
        has = f"{where}, крови {minion.blood} из {minion.capacity}"
    else:
        has = f"{_KIND_RU[_kind(minion)]}, {ru.life(minion.life)}"
    return (
        f"{minion.name} ({has}) получает {ru.damage(normal, 'normal')} "
        f"и {ru.damage(aggravated, 'aggravated')}."
    )


_KIND_WORDS = {
    "normal": ("normal", "обычных"),
    "aggravated": ("aggravated", "неизлечимых"),
}


def _capped_step(trace: Trace, kind: str, played: int, dealt: int) -> None:
    """Prevention played beyond the damage of its kind: the rest prevents nothing."""
    if played <= dealt:
        return
    en, ru_kind = _KIND_WORDS[kind]
    if dealt == 0:
        trace.add(
            _DAMAGE,
            f"Prevention of {played} {en} damage is played, but no {en} damage is dealt: "
            "it prevents nothing (ruling G00153).",
            f"Сыграно предотвращение {ru_kind} повреждений ({played}), но {ru_kind} "
            "повреждений не нанесено: оно ничего не предотвращает (решение G00153).",
        )
        return
    rest = played - dealt
    trace.add(
        _DAMAGE,
        f"Prevention of {played} {en} damage is played against {dealt} {en} damage: all "
        f"of it is prevented, and the remaining {rest} prevent{'s' if rest == 1 else ''} "
        "nothing (ruling G00153).",
        f"Сыгранное предотвращение рассчитано на {ru.damage(played, kind)}, а нанесено "
        f"{ru.damage(dealt, kind)}: предотвращено всё нанесённое, остаток ({rest}) ничего "
        "не предотвращает (решение G00153).",
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
        trace.add(
            _DAMAGE,
            "No damage is prevented, so all of it is successfully inflicted.",
            "Ничего не предотвращено: все повреждения проходят.",
        )
    else:
        trace.add(
            _DAMAGE,
            f"Prevention is applied first: {prevent_normal} normal and {prevent_aggravated} "
            f"aggravated damage are prevented, leaving {through_n} normal and {through_a} "
            "aggravated.",
            f"Сначала применяется предотвращение: предотвращено обычных повреждений — "
            f"{prevent_normal}, неизлечимых — {prevent_aggravated}; остаётся обычных — "
            f"{through_n}, неизлечимых — {through_a}.",
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
    trace.add(
        _DAMAGE,
        _dealt_text(vampire, normal, aggravated),
        _dealt_text_ru(vampire, normal, aggravated),
    )
    in_torpor = vampire.state is MinionState.TORPOR
    kept_out = vampire.wounded and not in_torpor
    wounded = in_torpor or kept_out
    if in_torpor:
        trace.add(
            _DAMAGE,
            f"{name} is in torpor, so counts as already wounded.",
            f"Вампир {name} в ступоре и поэтому уже считается раненым.",
        )
    elif kept_out:
        trace.add(
            _KEPT_OUT,
            f"{name} is wounded but kept out of torpor by an effect, so it counts as already "
            "wounded: aggravated damage costs blood from the first point.",
            f"Вампир {name} ранен, но эффект удерживает его вне ступора, поэтому он уже "
            "считается раненым: неизлечимые повреждения стоят крови с первого же очка.",
        )
    _prevention_step(trace, normal, aggravated, prevent_normal, prevent_aggravated, played)
    through_n = normal - prevent_normal
    through_a = aggravated - prevent_aggravated
    blood = vampire.blood
    mended = paid = 0
    burned = False

    if through_n == 0 and through_a == 0:
        trace.add(
            _DAMAGE,
            f"No damage reaches {name}, so nothing changes.",
            f"{name} не получает ни одного повреждения, и ничего не меняется.",
        )

    # Normal damage first: 1 blood mends 1 point; the rest leaves the vampire wounded.
    if through_n:
        mended = min(blood, through_n)
        blood -= mended
        unmended = through_n - mended
        if unmended == 0:
            trace.add(
                _DAMAGE,
                f"{name} burns {mended} blood to mend all {_pts(through_n)} of normal damage "
                f"({blood} blood left).",
                f"{name} сжигает {ru.blood(mended)}, чтобы вылечить "
                + _all_normal_ru(through_n)
                + f" (крови осталось: {blood}).",
            )
        else:
            if mended:
                trace.add(
                    _DAMAGE,
                    f"{name} burns all of its blood ({mended}) to mend {mended} of the "
                    f"{through_n} points of normal damage.",
                    f"{name} сжигает всю свою кровь ({ru.blood(mended)}) и лечит {mended} из "
                    f"{ru.damage_genitive(through_n, 'normal')}.",
                )
            else:
                trace.add(
                    _DAMAGE,
                    f"{name} has no blood to mend the normal damage.",
                    f"{name} не может лечить обычные повреждения: крови нет.",
                )
            if wounded:
                trace.add(
                    _DAMAGE,
                    f"{name} cannot mend {_pts(unmended)} of normal damage and stays wounded; "
                    "normal damage never burns a vampire.",
                    f"{name} не может вылечить {ru.damage(unmended, 'normal')}; ранение "
                    "сохраняется, а обычные повреждения никогда не сжигают вампира.",
                )
            else:
                trace.add(
                    _DAMAGE,
                    f"{name} cannot mend {_pts(unmended)} of normal damage, so it is wounded.",
                    f"{name} не может вылечить {ru.damage(unmended, 'normal')} и поэтому "
                    "получает ранение.",
                )
            wounded = True

    # Aggravated damage: never mended.
    if through_a:
        rest = through_a
        if not wounded:
            trace.add(
                _DAMAGE,
                f"Aggravated damage cannot be mended: the first point makes {name} wounded "
                "without costing blood.",
                f"Неизлечимые повреждения не лечатся: первое из них делает вампира {name} "
                "раненым, и крови это не стоит.",
            )
            wounded = True
            rest -= 1
        elif through_n:
            trace.add(
                _DAMAGE,
                f"Then the aggravated damage, which cannot be mended, reaches {name} while it is "
                "already wounded.",
                f"Затем приходят неизлечимые повреждения, которые не лечатся, а вампир {name} "
                "уже ранен.",
            )
        if rest:
            paid = min(blood, rest)
            blood -= paid
            if paid:
                trace.add(
                    _DAMAGE,
                    f"{name} is wounded, so it burns {paid} blood, 1 per aggravated point, to "
                    f"avoid destruction ({blood} blood left).",
                    f"Вампир {name} ранен, поэтому сжигает {ru.blood(paid)}, по 1 за каждое "
                    f"неизлечимое повреждение, чтобы не сгореть (крови осталось: {blood}).",
                )
            if rest > paid:
                burned = True
                extra = rest - paid - 1
                verb = "has" if extra == 1 else "have"
                tail = f" ({_pts(extra)} more {verb} nothing left to hit)" if extra else ""
                lost = "пропадает" if ru.form(extra) == "one" else "пропадают"
                tail_ru = (
                    f" (ещё {ru.damage(extra, 'aggravated')} {lost}: поражать уже некого)"
                    if extra
                    else ""
                )
                trace.add(
                    _DAMAGE,
                    f"With no blood left to pay, the next aggravated point burns {name}: it goes "
                    f"straight to the ash heap, not to torpor, and this is not diablerie{tail}.",
                    f"Платить кровью больше нечем, и следующее неизлечимое повреждение сжигает "
                    f"вампира {name}: он сразу уходит в кучу пепла, минуя ступор, и это не "
                    f"дьяблери{tail_ru}.",
                )

    if burned:
        state = MinionState.BURNED
        blood = 0
    elif kept_out:
        state = MinionState.READY
        trace.add(
            _KEPT_OUT,
            f"All damage is done: {name} stays wounded but ready with {blood} blood, since "
            "the effect keeping it out of torpor still holds.",
            f"Все повреждения разобраны: {name} остаётся раненым, но готовым; крови: {blood}, "
            "потому что эффект, удерживающий его вне ступора, всё ещё действует.",
        )
    elif wounded:
        state = MinionState.TORPOR
        if in_torpor:
            trace.add(
                _TORPOR,
                f"All damage is done: {name} stays in torpor with {blood} blood.",
                f"Все повреждения разобраны: {name} остаётся в ступоре; крови: {blood}.",
            )
        else:
            trace.add(
                _GO_TO_TORPOR,
                f"All damage is done: {name} is wounded and goes to torpor with {blood} blood.",
                f"Все повреждения разобраны: вампир {name} ранен и уходит в ступор; "
                f"крови: {blood}.",
            )
    elif through_n or through_a:
        state = MinionState.READY
        trace.add(
            _DAMAGE,
            f"{name} mended everything and stays ready with {blood} blood.",
            f"{name} вылечивает всё и остаётся готовым; крови: {blood}.",
        )
    else:
        state = MinionState.READY
        trace.add(
            _DAMAGE,
            f"{name} stays ready with {blood} blood.",
            f"{name} остаётся готовым; крови: {blood}.",
        )

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
            f"{name} is a retainer: damage dealt to retainers cannot be prevented "
            "(vtes:6.4.6, vtes:6.4.7), so both preventions must be 0.",
            ru=f"{name} — слуга: повреждения, нанесённые слугам, предотвратить нельзя "
            "(vtes:6.4.6, vtes:6.4.7), поэтому оба предотвращения должны быть 0.",
        )
    trace.add(
        _RETAINERS if is_retainer else _DAMAGE,
        _dealt_text(minion, normal, aggravated),
        _dealt_text_ru(minion, normal, aggravated),
    )
    if is_retainer and (normal or aggravated):
        if rules == "black-hand":
            trace.add(
                _RETAINERS,
                "Damage dealt to a retainer cannot be prevented.",
                "Повреждения, нанесённые слуге, предотвратить нельзя.",
            )
        elif prevention:
            trace.add(
                _RETAINERS,
                "The current rules do not forbid preventing damage dealt to a retainer.",
                "Текущие правила не запрещают предотвращать повреждения, нанесённые слуге.",
            )
    if not (is_retainer and rules == "black-hand"):
        _prevention_step(trace, normal, aggravated, prevent_normal, prevent_aggravated, played)
    through_n = normal - prevent_normal
    through_a = aggravated - prevent_aggravated
    total = through_n + through_a
    if through_a:
        trace.add(
            _DAMAGE,
            f"{'A retainer' if is_retainer else 'An ally'} treats aggravated damage like normal "
            f"damage: {total} damage in all.",
            f"{'Слуга' if is_retainer else 'Союзник'} считает неизлечимые повреждения "
            f"обычными: всего {ru.damage(total)}.",
        )
    life = minion.life
    lost = min(life, total)
    life -= lost
    if total == 0:
        trace.add(
            _DAMAGE,
            f"No damage reaches {name}, so nothing changes.",
            f"{name} не получает ни одного повреждения, и ничего не меняется.",
        )
    else:
        trace.add(
            _DAMAGE,
            f"{name} loses {lost} life, 1 per point of damage ({life} left).",
            f"{name} теряет {ru.life(lost)}, по 1 за каждое повреждение (осталось: {life}).",
        )
    if life == 0:
        state = MinionState.BURNED
        trace.add(
            _DAMAGE,
            f"With no life left, {name} is burned.",
            f"Жизни не осталось, и {name} сгорает.",
        )
    else:
        state = MinionState.READY
        trace.add(
            _DAMAGE,
            f"{name} stays ready with {life} life.",
            f"{name} остаётся готовым; жизни: {life}.",
        )
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


def describe_outcome(result: DamageResult) -> str:
    """One line in plain English: the minion's name and how it ends.

    >>> from rules.vtes import Vampire
    >>> describe_outcome(resolve_damage(Vampire("Krid", capacity=4, blood=1), aggravated=1))
    'Krid: in torpor (wounded) with 1 blood'
    """
    name = result.minion.name
    if result.state is MinionState.BURNED:
        return f"{name}: burned"
    unit = "blood" if isinstance(result.minion, Vampire) else "life"
    if result.state is MinionState.TORPOR:
        return f"{name}: in torpor (wounded) with {result.blood} {unit}"
    return f"{name}: ready with {result.blood} {unit}"
