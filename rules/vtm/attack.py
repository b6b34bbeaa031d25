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

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import choice, flag, whole
from rules.vtm._counts import roll_counts
from rules.vtm.dice import MAX_DICE, pool
from rules.vtm.dice import clear_caches as clear_pool_caches
from rules.vtm.health import HEALTH_LEVELS, UNHURT, health_distribution, wound_penalty

__all__ = [
    "DAMAGE_TYPES",
    "TARGETS",
    "AttackResult",
    "attack",
    "clear_caches",
    "damage_type_name",
    "reflexive_successes",
    "soak_pool",
]

DAMAGE_TYPES: tuple[str, ...] = ("bashing", "lethal", "aggravated")
TARGETS: tuple[str, ...] = ("mortal", "vampire")
_MAX_TRAIT = 20

_DAMAGE_TYPE_NAMES: Mapping[str, Message] = {
    "bashing": msg_p("damage type", "bashing"),
    "lethal": msg_p("damage type", "lethal"),
    "aggravated": msg_p("damage type", "aggravated"),
}
"""Damage kinds as the trace names them (in Russian: adjectives agreeing with "damage")."""


def damage_type_name(damage_type: str) -> Message | str:
    """The damage type ``damage_type`` named in any language (an unknown one as it is)."""
    return _DAMAGE_TYPE_NAMES.get(damage_type, damage_type)


_TARGET_NAMES: Mapping[str, Message] = {
    "mortal": msg_p("attack target", "mortal"),
    "vampire": msg_p("attack target", "vampire"),
}


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
    whole(msg_p("damage or soak roll", "dice"), dice, 0, 2 * MAX_DICE)
    flag(msg_p("vtm parameter", "ones_cancel"), ones_cancel)
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
) -> tuple[int, Message]:
    """Soak dice of ``target`` against ``damage_type`` and the message saying why."""
    return _soak(
        target,
        damage_type,
        stamina=stamina,
        fortitude=fortitude,
        armor=armor,
        fire_or_sunlight=fire_or_sunlight,
        fire_soak_with_stamina=fire_soak_with_stamina,
    )


def _soak(
    target: str,
    damage_type: str,
    *,
    stamina: int,
    fortitude: int,
    armor: int,
    fire_or_sunlight: bool,
    fire_soak_with_stamina: bool,
) -> tuple[int, Message]:
    """Soak dice and the reason."""
    choice(msg_p("vtm parameter", "target"), target, TARGETS)
    choice(msg_p("vtm parameter", "damage_type"), damage_type, DAMAGE_TYPES)
    _check("stamina", stamina, 0, _MAX_TRAIT)
    _check("fortitude", fortitude, 0, _MAX_TRAIT)
    _check("armor", armor, 0, _MAX_TRAIT)
    flag(msg_p("vtm parameter", "fire_or_sunlight"), fire_or_sunlight)
    flag(msg_p("vtm parameter", "fire_soak_with_stamina"), fire_soak_with_stamina)
    if target == "mortal":
        if damage_type == "bashing":
            return stamina + armor, msg(
                "A mortal soaks bashing: Stamina {stamina} + armour {armor}.",
                stamina=stamina,
                armor=armor,
            )
        if damage_type == "lethal":
            return armor, msg_n(
                "A mortal cannot soak lethal damage with Stamina; armour gives {n}.",
                "A mortal cannot soak lethal damage with Stamina; armour gives {n}.",
                armor,
            )
        return 0, msg("A mortal cannot soak aggravated damage.")
    if damage_type in ("bashing", "lethal"):
        return stamina + fortitude + armor, msg(
            "A vampire soaks {damage_type} with Stamina {stamina} + Fortitude {fortitude} "
            "+ armour {armor}.",
            damage_type=_DAMAGE_TYPE_NAMES[damage_type],
            stamina=stamina,
            fortitude=fortitude,
            armor=armor,
        )
    if fire_or_sunlight and fire_soak_with_stamina and fortitude > 0:
        return stamina + fortitude, msg(
            "Fire or sunlight against a vampire with Fortitude: Stamina {stamina} + Fortitude "
            "{fortitude} (the source text's reading; switchable).",
            stamina=stamina,
            fortitude=fortitude,
        )
    if fortitude == 0:
        return 0, msg("Without Fortitude a vampire cannot soak aggravated damage.")
    return fortitude, msg(
        "Aggravated damage is soaked with Fortitude {fortitude} only.", fortitude=fortitude
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


_NAMES: Mapping[str, Message] = {
    "attack_pool": msg_p("vtm parameter", "attack_pool"),
    "defense_pool": msg_p("vtm parameter", "defense_pool"),
    "damage_base": msg_p("vtm parameter", "damage_base"),
    "stamina": msg_p("vtm parameter", "stamina"),
    "fortitude": msg_p("vtm parameter", "fortitude"),
    "armor": msg_p("vtm parameter", "armor"),
    "abort_willpower": msg_p("vtm parameter", "abort_willpower"),
    "wounds_taken": msg_p("vtm parameter", "wounds_taken"),
    "attack_difficulty": msg_p("vtm parameter", "attack_difficulty"),
    "defense_difficulty": msg_p("vtm parameter", "defense_difficulty"),
    "extra_successes_add": msg_p("vtm parameter", "extra_successes_add"),
    "damage_ones_cancel": msg_p("vtm parameter", "damage_ones_cancel"),
    "attack_willpower": msg_p("vtm parameter", "attack_willpower"),
    "dazed_after_halving": msg_p("vtm parameter", "dazed_after_halving"),
    "attacker_wound": msg_p("vtm parameter", "attacker_wound"),
    "defender_wound": msg_p("vtm parameter", "defender_wound"),
}
"""The checked parameters of :func:`attack`, named for error messages."""


def _check(name: str, value: object, low: int, high: int) -> int:
    return whole(_NAMES[name], value, low, high)


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
        flag(_NAMES[name], value)
    for name, wound in (("attacker_wound", attacker_wound), ("defender_wound", defender_wound)):
        choice(_NAMES[name], wound, (None, UNHURT, *HEALTH_LEVELS))
    dice_soak, soak_why = _soak(
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
        msg_n(
            "Attack: {n} die at difficulty {difficulty}; hits with probability {hit} before "
            "defence, botches with {botch}.",
            "Attack: {n} dice at difficulty {difficulty}; hits with probability {hit} before "
            "defence, botches with {botch}.",
            roll.rolled,
            difficulty=attack_difficulty,
            hit=roll.success,
            botch=roll.botch,
        ),
    )
    # defence successes
    defence: dict[int, Fraction] = {0: Fraction(1)}
    if defense_pool and wound_penalty(defender_wound) is None:
        trace.add("vtm:defense", msg("An incapacitated defender cannot roll a defence."))
    elif defense_pool:
        d_roll = pool(defense_pool, defense_difficulty, wound=defender_wound)
        defends = Fraction(1)
        if abort_willpower:
            defends = pool(abort_willpower, 6).success
            trace.add(
                "vtm:defense",
                msg_n(
                    "Aborting to defend needs a Willpower roll ({n} die, difficulty 6): "
                    "succeeds with probability {p}.",
                    "Aborting to defend needs a Willpower roll ({n} dice, difficulty 6): "
                    "succeeds with probability {p}.",
                    abort_willpower,
                    p=defends,
                ),
            )
        defence = {k: m * defends for k, m in d_roll.successes.items()}
        defence[0] = defence.get(0, Fraction(0)) + (1 - defends)
        trace.add(
            "vtm:defense",
            msg_n(
                "Defence: {n} die at difficulty {difficulty}; each success cancels one attack "
                "success.",
                "Defence: {n} dice at difficulty {difficulty}; each success cancels one attack "
                "success.",
                d_roll.rolled,
                difficulty=defense_difficulty,
            ),
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
            msg(
                "Damage pool: base {base} plus every net attack success beyond the first "
                "(at least one die).",
                base=damage_base,
            ),
        )
    else:
        trace.add(
            "vtm:damage-pool",
            msg(
                "Damage pool: base {base} only; extra successes do not add "
                "(thrown and missile weapons).",
                base=damage_base,
            ),
        )
    if damage_ones_cancel:
        trace.add(
            "vtm:damage-roll",
            msg("Damage is rolled at difficulty 6 and cannot botch; 1s cancel successes (switch)."),
        )
    else:
        trace.add(
            "vtm:damage-roll",
            msg("Damage is rolled at difficulty 6 and cannot botch; 1s are ignored (switch)."),
        )
    trace.add(
        "vtm:damage-types",
        msg(
            "Damage type: {damage_type}; target: {target}.",
            damage_type=_DAMAGE_TYPE_NAMES[damage_type],
            target=_TARGET_NAMES[target],
        ),
    )
    trace.add(
        "vtm:soak",
        msg_n(
            "{why} Soak pool {n} die at difficulty 6, no botch.",
            "{why} Soak pool {n} dice at difficulty 6, no botch.",
            dice_soak,
            why=soak_why,
        ),
    )
    halve = target == "vampire" and damage_type == "bashing"
    if halve:
        trace.add(
            "vtm:soak", msg("A vampire takes half the bashing left after soak, rounded down.")
        )
    threshold = stamina + (2 if target == "vampire" else 0)
    _add_dazed(trace, threshold, vampire=target == "vampire", taken=dazed_after_halving)
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
        msg(
            "Starting from {marked} marked health levels, each level taken marks one more box; "
            "the last marked box sets the wound penalty.",
            marked=wounds_taken,
        ),
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


def _add_dazed(trace: Trace, threshold: int, *, vampire: bool, taken: bool) -> None:
    """When the target is dazed: what is compared with ``threshold``, and how it is made."""
    if taken and vampire:
        trace.add(
            "vtm:dazed",
            msg(
                "Dazed when the levels taken exceed {threshold} (Stamina + 2).", threshold=threshold
            ),
        )
    elif taken:
        trace.add(
            "vtm:dazed",
            msg("Dazed when the levels taken exceed {threshold} (Stamina).", threshold=threshold),
        )
    elif vampire:
        trace.add(
            "vtm:dazed",
            msg(
                "Dazed when the damage left after soak exceed {threshold} (Stamina + 2).",
                threshold=threshold,
            ),
        )
    else:
        trace.add(
            "vtm:dazed",
            msg(
                "Dazed when the damage left after soak exceed {threshold} (Stamina).",
                threshold=threshold,
            ),
        )
