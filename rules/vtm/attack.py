"""From attack roll to health levels lost: the whole chain, exactly.

Attack roll (``vtm:attack``), optional defence roll whose successes cancel the
attacker's (``vtm:defense``), damage pool = base + net successes beyond the first
(``vtm:damage-pool``), damage roll at difficulty 6 that cannot botch
(``vtm:damage-roll``), soak by target kind and damage type (``vtm:soak``,
``vtm:damage-types``), vampires halving bashing, the dazed check
(``vtm:dazed``) and the health track (``vtm:health``).

Damage and soak pools are finite, so every distribution here is exact and
complete (no tail).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.trace import Step, Trace
from rules.validation import choice, flag, whole
from rules.vtm._counts import roll_counts
from rules.vtm._ru import DAMAGE_TYPE_RU, DICE, TARGET_RU, ru_count
from rules.vtm.dice import MAX_DICE, pool
from rules.vtm.dice import clear_caches as clear_pool_caches
from rules.vtm.health import HEALTH_LEVELS, UNHURT, health_distribution, wound_penalty

__all__ = [
    "DAMAGE_TYPES",
    "TARGETS",
    "AttackResult",
    "attack",
    "clear_caches",
    "reflexive_successes",
    "soak_pool",
]

DAMAGE_TYPES: tuple[str, ...] = ("bashing", "lethal", "aggravated")
TARGETS: tuple[str, ...] = ("mortal", "vampire")
_MAX_TRAIT = 20


@lru_cache(maxsize=512)
def _reflexive_counts(dice: int, ones_cancel: bool) -> tuple[int, ...]:
    """Counts over ``10**dice`` of each success total 0..dice of a roll that cannot botch."""
    faces = tuple((-1 if ones_cancel else 0) if f == 1 else int(f >= 6) for f in range(1, 11))
    low, coeffs = roll_counts(faces, dice)
    out = [0] * (dice + 1)
    for i, c in enumerate(coeffs):
        out[max(0, low + i)] += c
    return tuple(out)


def clear_caches() -> None:
    """Forget cached damage and soak rolls and pool results (for cold benchmarks)."""
    _reflexive_counts.cache_clear()
    clear_pool_caches()


def reflexive_successes(dice: int, *, ones_cancel: bool = True) -> dict[int, Fraction]:
    """Successes of a damage or soak roll (difficulty 6, no botch), exactly."""
    whole("dice", dice, 0, 2 * MAX_DICE, ru="Запас повреждений или поглощения (dice)")
    flag("ones_cancel", ones_cancel, ru="Единицы отменяют успехи (ones_cancel)")
    if dice == 0:
        return {0: Fraction(1)}
    counts = _reflexive_counts(dice, ones_cancel)
    return {k: Fraction(c, 10**dice) for k, c in enumerate(counts) if c}


def soak_pool(
    target: str,
    damage_type: str,
    *,
    stamina: int,
    fortitude: int = 0,
    armor: int = 0,
    fire_or_sunlight: bool = False,
    fire_soak_with_stamina: bool = True,
) -> tuple[int, str]:
    """Soak dice of ``target`` against ``damage_type`` and a sentence saying why."""
    dice, text, _ru = _soak(
        target,
        damage_type,
        stamina=stamina,
        fortitude=fortitude,
        armor=armor,
        fire_or_sunlight=fire_or_sunlight,
        fire_soak_with_stamina=fire_soak_with_stamina,
    )
    return dice, text


def _soak(
    target: str,
    damage_type: str,
    *,
    stamina: int,
    fortitude: int,
    armor: int,
    fire_or_sunlight: bool,
    fire_soak_with_stamina: bool,
) -> tuple[int, str, str]:
    """Soak dice and the reason, in English and in Russian."""
    choice("target", target, TARGETS, ru="Цель (target)")
    choice("damage_type", damage_type, DAMAGE_TYPES, ru="Вид повреждений (damage_type)")
    _check("stamina", stamina, 0, _MAX_TRAIT)
    _check("fortitude", fortitude, 0, _MAX_TRAIT)
    _check("armor", armor, 0, _MAX_TRAIT)
    flag("fire_or_sunlight", fire_or_sunlight, ru="Огонь или солнечный свет (fire_or_sunlight)")
    flag(
        "fire_soak_with_stamina",
        fire_soak_with_stamina,
        ru="Поглощение огня Выносливостью (fire_soak_with_stamina)",
    )
    if target == "mortal":
        if damage_type == "bashing":
            return (
                stamina + armor,
                f"A mortal soaks bashing: Stamina {stamina} + armour {armor}.",
                f"Смертный поглощает поверхностные повреждения: Выносливость {stamina} "
                f"+ броня {armor}.",
            )
        if damage_type == "lethal":
            return (
                armor,
                f"A mortal cannot soak lethal damage with Stamina; armour gives {armor}.",
                f"Смертный не поглощает летальные повреждения Выносливостью; броня даёт "
                f"{ru_count(armor, DICE)}.",
            )
        return (
            0,
            "A mortal cannot soak aggravated damage.",
            "Смертный не может поглотить усиливающиеся повреждения.",
        )
    if damage_type in ("bashing", "lethal"):
        return (
            stamina + fortitude + armor,
            f"A vampire soaks {damage_type} with Stamina {stamina} + Fortitude {fortitude} "
            f"+ armour {armor}.",
            f"Вампир поглощает {DAMAGE_TYPE_RU[damage_type]} повреждения: Выносливость "
            f"{stamina} + Стойкость {fortitude} + броня {armor}.",
        )
    if fire_or_sunlight and fire_soak_with_stamina and fortitude > 0:
        return (
            stamina + fortitude,
            f"Fire or sunlight against a vampire with Fortitude: Stamina {stamina} + Fortitude "
            f"{fortitude} (the source text's reading; switchable).",
            f"Огонь или солнечный свет против вампира со Стойкостью: Выносливость {stamina} "
            f"+ Стойкость {fortitude} (так по тексту правил; переключается).",
        )
    if fortitude == 0:
        return (
            0,
            "Without Fortitude a vampire cannot soak aggravated damage.",
            "Без Стойкости вампир не может поглотить усиливающиеся повреждения.",
        )
    return (
        fortitude,
        f"Aggravated damage is soaked with Fortitude {fortitude} only.",
        f"Усиливающиеся повреждения поглощаются только Стойкостью ({fortitude}).",
    )


@dataclass(frozen=True, eq=False)
class AttackResult:
    """The exact outcome distribution of one attack."""

    miss: Fraction
    """The attack does not hit: a botch, a failure, or no net success left after defence."""
    hit: Fraction
    attack_botch: Fraction
    net_hits: dict[int, Fraction]
    """Net attack successes after defence (0 = miss)."""
    damage_pools: dict[int, Fraction]
    """P(hit and the damage pool has this many dice)."""
    soak_dice: int
    levels: dict[int, Fraction]
    """Health levels inflicted (0 includes a miss and a fully soaked hit)."""
    expected: Fraction
    dazed: Fraction
    health: dict[str, Fraction]
    """Health level of the target afterwards (``unhurt`` .. ``incapacitated``, ``beyond``)."""
    penalties: dict[int | None, Fraction]
    """Wound penalty of the target afterwards (``None``: cannot act)."""
    steps: tuple[Step, ...]


_NAMES_RU = {
    "attack_pool": "Запас атаки (attack_pool)",
    "defense_pool": "Запас защиты (defense_pool)",
    "damage_base": "Базовый урон (damage_base)",
    "stamina": "Выносливость (stamina)",
    "fortitude": "Стойкость (fortitude)",
    "armor": "Броня (armor)",
    "abort_willpower": "Сила воли для прерывания действия (abort_willpower)",
    "wounds_taken": "Уже потеряно уровней здоровья (wounds_taken)",
    "attack_difficulty": "Сложность атаки (attack_difficulty)",
    "defense_difficulty": "Сложность защиты (defense_difficulty)",
    "extra_successes_add": "Лишние успехи добавляются к урону (extra_successes_add)",
    "damage_ones_cancel": "Единицы отменяют успехи урона (damage_ones_cancel)",
    "attack_willpower": "Сила воли на атаку (attack_willpower)",
    "dazed_after_halving": "Оглушение после деления (dazed_after_halving)",
    "attacker_wound": "Ранение атакующего (attacker_wound)",
    "defender_wound": "Ранение цели (defender_wound)",
}
"""The checked parameters of :func:`attack`, named in Russian for error messages."""


def _check(name: str, value: object, low: int, high: int) -> int:
    return whole(name, value, low, high, ru=_NAMES_RU.get(name, name))


def attack(
    attack_pool: int,
    *,
    attack_difficulty: int = 6,
    defense_pool: int = 0,
    defense_difficulty: int = 6,
    damage_base: int,
    damage_type: str = "lethal",
    extra_successes_add: bool = True,
    target: str = "vampire",
    stamina: int,
    fortitude: int = 0,
    armor: int = 0,
    damage_ones_cancel: bool = True,
    attack_willpower: bool = False,
    attacker_wound: str | None = None,
    defender_wound: str | None = None,
    abort_willpower: int = 0,
    fire_or_sunlight: bool = False,
    fire_soak_with_stamina: bool = True,
    dazed_after_halving: bool = False,
    wounds_taken: int = 0,
) -> AttackResult:
    """The exact distribution of health levels one attack inflicts.

    ``defense_pool`` 0 means no defence roll. ``abort_willpower`` > 0: the defender
    must first win a Willpower roll of that many dice at difficulty 6 to abort to a
    defence (0: no such roll, e.g. the action was reserved or a Willpower point
    is spent). ``extra_successes_add=False`` for thrown and missile weapons.
    ``damage_ones_cancel`` applies to damage and soak rolls. ``wounds_taken``:
    health boxes the target had already marked. ``dazed`` compares the damage left
    after soak with the threshold (default); ``dazed_after_halving=True`` compares
    the levels actually taken (after a vampire halves bashing) instead.
    """
    _check("attack_pool", attack_pool, 1, MAX_DICE)
    _check("attack_difficulty", attack_difficulty, 2, 10)
    _check("defense_pool", defense_pool, 0, MAX_DICE)
    _check("defense_difficulty", defense_difficulty, 2, 10)
    _check("damage_base", damage_base, 0, MAX_DICE)
    _check("abort_willpower", abort_willpower, 0, _MAX_TRAIT)
    _check("wounds_taken", wounds_taken, 0, len(HEALTH_LEVELS))
    for name, value in (
        ("extra_successes_add", extra_successes_add),
        ("damage_ones_cancel", damage_ones_cancel),
        ("attack_willpower", attack_willpower),
        ("dazed_after_halving", dazed_after_halving),
    ):
        flag(name, value, ru=_NAMES_RU.get(name, name))
    for name, wound in (("attacker_wound", attacker_wound), ("defender_wound", defender_wound)):
        choice(name, wound, (None, UNHURT, *HEALTH_LEVELS), ru=_NAMES_RU.get(name, name))
    dice_soak, soak_text, soak_ru = _soak(
        target,
        damage_type,
        stamina=stamina,
        fortitude=fortitude,
        armor=armor,
        fire_or_sunlight=fire_or_sunlight,
        fire_soak_with_stamina=fire_soak_with_stamina,
    )
    trace = Trace()
    roll = pool(attack_pool, attack_difficulty, willpower=attack_willpower, wound=attacker_wound)
    trace.add(
        "vtm:attack",
        f"Attack: {roll.rolled} dice at difficulty {attack_difficulty}; hits with probability "
        f"{roll.success} before defence, botches with {roll.botch}.",
        f"Атака: {ru_count(roll.rolled, DICE)} при сложности {attack_difficulty}; до защиты "
        f"попадает с вероятностью {roll.success}, проваливается с вероятностью {roll.botch}.",
    )
    # defence successes
    defence: dict[int, Fraction] = {0: Fraction(1)}
    if defense_pool and wound_penalty(defender_wound) is None:
        trace.add(
            "vtm:defense",
            "An incapacitated defender cannot roll a defence.",
            "Недееспособная цель не может защищаться.",
        )
    elif defense_pool:
        d_roll = pool(defense_pool, defense_difficulty, wound=defender_wound)
        defends = Fraction(1)
        if abort_willpower:
            defends = pool(abort_willpower, 6).success
            trace.add(
                "vtm:defense",
                f"Aborting to defend needs a Willpower roll ({abort_willpower} dice, difficulty "
                f"6): succeeds with probability {defends}.",
                f"Чтобы прервать действие ради защиты, нужен бросок Силы воли "
                f"({ru_count(abort_willpower, DICE)}, сложность 6): он удаётся с вероятностью "
                f"{defends}.",
            )
        defence = {k: m * defends for k, m in d_roll.successes.items()}
        defence[0] = defence.get(0, Fraction(0)) + (1 - defends)
        trace.add(
            "vtm:defense",
            f"Defence: {d_roll.rolled} dice at difficulty {defense_difficulty}; each success "
            "cancels one attack success.",
            f"Защита: {ru_count(d_roll.rolled, DICE)} при сложности {defense_difficulty}; каждый "
            "успех защиты снимает один успех атаки.",
        )
    net_hits: dict[int, Fraction] = {}
    for a, pa in roll.successes.items():
        for d, pd in defence.items():
            h = max(0, a - d)
            net_hits[h] = net_hits.get(h, Fraction(0)) + pa * pd
    miss = net_hits.get(0, Fraction(0))
    # damage pools
    pools: dict[int, Fraction] = {}
    for h, m in net_hits.items():
        if h <= 0:
            continue
        size = damage_base + (h - 1) if extra_successes_add else damage_base
        size = max(1, size)
        pools[size] = pools.get(size, Fraction(0)) + m
    if extra_successes_add:
        trace.add(
            "vtm:damage-pool",
            f"Damage pool: base {damage_base} plus every net attack success beyond the first "
            "(at least one die).",
            f"Запас повреждений: база {damage_base} плюс каждый чистый успех атаки сверх "
            "первого (не меньше одного кубика).",
        )
    else:
        trace.add(
            "vtm:damage-pool",
            f"Damage pool: base {damage_base} only; extra successes do not add "
            "(thrown and missile weapons).",
            f"Запас повреждений: только база {damage_base}; лишние успехи не добавляются "
            "(метательное оружие).",
        )
    ones_word = "cancel successes" if damage_ones_cancel else "are ignored"
    ones_ru = "отменяют успехи" if damage_ones_cancel else "не учитываются"
    trace.add(
        "vtm:damage-roll",
        f"Damage is rolled at difficulty 6 and cannot botch; 1s {ones_word} (switch).",
        f"Повреждения бросаются со сложностью 6, провала не бывает; единицы {ones_ru} "
        "(переключатель).",
    )
    trace.add(
        "vtm:damage-types",
        f"Damage type: {damage_type}; target: {target}.",
        f"Вид повреждений: {DAMAGE_TYPE_RU[damage_type]}; цель: {TARGET_RU[target]}.",
    )
    trace.add(
        "vtm:soak",
        f"{soak_text} Soak pool {dice_soak} dice at difficulty 6, no botch.",
        f"{soak_ru} Запас поглощения: {ru_count(dice_soak, DICE)} при сложности 6, без провала.",
    )
    halve = target == "vampire" and damage_type == "bashing"
    if halve:
        trace.add(
            "vtm:soak",
            "A vampire takes half the bashing left after soak, rounded down.",
            "Вампир получает половину поверхностных повреждений, оставшихся после поглощения, "
            "с округлением вниз.",
        )
    threshold = stamina + (2 if target == "vampire" else 0)
    measured_ru = (
        "полученные уровни" if dazed_after_halving else "повреждения, оставшиеся после поглощения,"
    )
    trace.add(
        "vtm:dazed",
        f"Dazed when the {'levels taken' if dazed_after_halving else 'damage left after soak'} "
        f"exceed {threshold} (Stamina{' + 2' if target == 'vampire' else ''}).",
        f"Цель ошеломлена, если {measured_ru} превышают {threshold} "
        f"(Выносливость{' + 2' if target == 'vampire' else ''}).",
    )
    soak_counts = (1,) if dice_soak == 0 else _reflexive_counts(dice_soak, damage_ones_cancel)
    soak_den = 10**dice_soak
    levels: dict[int, Fraction] = {0: miss} if miss else {}
    dazed = Fraction(0)
    for size, weight in pools.items():
        dmg_counts = _reflexive_counts(size, damage_ones_cancel)
        after: dict[int, int] = {}
        for x, cx in enumerate(dmg_counts):
            if not cx:
                continue
            for y, cy in enumerate(soak_counts):
                if cy:
                    left = max(0, x - y)
                    after[left] = after.get(left, 0) + cx * cy
        den = 10**size * soak_den
        for left, count in after.items():
            taken = left // 2 if halve else left
            mass = weight * Fraction(count, den)
            levels[taken] = levels.get(taken, Fraction(0)) + mass
            if (taken if dazed_after_halving else left) > threshold:
                dazed += mass
    levels = dict(sorted(levels.items()))
    expected = sum((k * m for k, m in levels.items()), Fraction(0))
    health = health_distribution(levels, wounds_taken)
    penalties: dict[int | None, Fraction] = {}
    for name, m in health.items():
        pen = None if name not in ("unhurt", *HEALTH_LEVELS[:-1]) else wound_penalty(name)
        penalties[pen] = penalties.get(pen, Fraction(0)) + m
    trace.add(
        "vtm:health",
        f"Starting from {wounds_taken} marked health levels, each level taken marks one more box; "
        "the last marked box sets the wound penalty.",
        f"До атаки отмечено клеток здоровья: {wounds_taken}; каждый полученный уровень "
        "отмечает ещё одну клетку, а последняя отмеченная клетка задаёт штраф за ранения.",
    )
    return AttackResult(
        miss=miss,
        hit=1 - miss,
        attack_botch=roll.botch,
        net_hits=dict(sorted(net_hits.items())),
        damage_pools=dict(sorted(pools.items())),
        soak_dice=dice_soak,
        levels=levels,
        expected=expected,
        dazed=dazed,
        health=health,
        penalties=penalties,
        steps=trace.steps,
    )
