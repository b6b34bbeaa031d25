"""The attack chain against brute-force enumeration of every roll, and the soak rules."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import icepool
import pytest

from rules.errors import IllegalPlay, InvalidState
from rules.vtm import (
    AttackResult,
    attack,
    health_after,
    health_distribution,
    reflexive_successes,
    soak_pool,
    wound_penalty,
)

FACES = range(1, 11)


@cache
def kept_successes(n: int, d: int, willpower: bool = False) -> dict[int, Fraction]:
    """Successes kept by an ordinary roll (0 for failure and botch), by enumeration."""
    out: dict[int, Fraction] = {}
    for roll in product(FACES, repeat=n):
        net = sum(1 for f in roll if f >= d) - roll.count(1)
        k = max(0, net) + (1 if willpower else 0)
        out[k] = out.get(k, Fraction(0)) + Fraction(1, 10**n)
    return out


@cache
def no_botch_successes(n: int, ones_cancel: bool) -> dict[int, Fraction]:
    """Damage or soak roll at difficulty 6, by enumeration."""
    out: dict[int, Fraction] = {}
    for roll in product(FACES, repeat=n):
        hits = sum(1 for f in roll if f >= 6)
        k = max(0, hits - roll.count(1)) if ones_cancel else hits
        out[k] = out.get(k, Fraction(0)) + Fraction(1, 10**n)
    return out


def brute_attack(
    atk: int,
    dfn: int,
    base: int,
    soak: int,
    *,
    add: bool,
    halve: bool,
    threshold: int,
    ones_cancel: bool,
    atk_difficulty: int = 6,
    willpower: bool = False,
    abort: int = 0,
) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """(levels, miss, dazed) by enumerating every attack, defence, damage and soak roll."""
    levels: dict[int, Fraction] = {}
    miss = Fraction(0)
    dazed = Fraction(0)
    defence: dict[int, Fraction] = {0: Fraction(1)}
    if dfn:
        defend = Fraction(1)
        if abort:
            defend = sum((m for k, m in kept_successes(abort, 6).items() if k > 0), Fraction(0))
        defence = {k: m * defend for k, m in kept_successes(dfn, 6).items()}
        defence[0] = defence.get(0, Fraction(0)) + 1 - defend
    soak_dist = no_botch_successes(soak, ones_cancel) if soak else {0: Fraction(1)}
    for a, pa in kept_successes(atk, atk_difficulty, willpower).items():
        for dd, pd in defence.items():
            hits = a - dd
            if hits <= 0:
                miss += pa * pd
                levels[0] = levels.get(0, Fraction(0)) + pa * pd
                continue
            size = max(1, base + hits - 1 if add else base)
            for x, px in no_botch_successes(size, ones_cancel).items():
                for y, py in soak_dist.items():
                    left = max(0, x - y)
                    taken = left // 2 if halve else left
                    m = pa * pd * px * py
                    levels[taken] = levels.get(taken, Fraction(0)) + m
                    if left > threshold:  # damage left after soak, before halving
                        dazed += m
    return levels, miss, dazed


CASES = [
    # atk, dfn, base, damage type, target, stamina, fortitude, armor, add, ones_cancel
    (3, 0, 2, "lethal", "vampire", 2, 1, 0, True, True),
    (4, 2, 1, "bashing", "vampire", 1, 0, 1, True, True),
    (3, 2, 3, "bashing", "mortal", 2, 0, 1, True, False),
    (4, 0, 2, "lethal", "mortal", 3, 0, 0, False, True),
    (2, 1, 2, "aggravated", "vampire", 2, 2, 1, True, True),
    (4, 3, 1, "aggravated", "mortal", 1, 0, 2, True, False),
    (2, 0, 0, "bashing", "vampire", 1, 1, 0, True, True),
]


@pytest.mark.parametrize("case", CASES)
def test_attack_chain_equals_brute_force(case: tuple[object, ...]) -> None:
    atk, dfn, base, dtype, target, stamina, fort, armor, add, cancel = case
    assert isinstance(atk, int) and isinstance(dfn, int) and isinstance(base, int)
    assert isinstance(stamina, int) and isinstance(fort, int) and isinstance(armor, int)
    assert isinstance(dtype, str) and isinstance(target, str)
    # soak dice written out from the rules, independently of soak_pool
    if target == "mortal":
        soak = {"bashing": stamina + armor, "lethal": armor, "aggravated": 0}[dtype]
    else:
        full = stamina + fort + armor
        soak = {"bashing": full, "lethal": full}.get(dtype, fort)
    result = attack(
        atk,
        defense_pool=dfn,
        damage_base=base,
        damage_type=dtype,
        extra_successes_add=bool(add),
        target=target,
        stamina=stamina,
        fortitude=fort,
        armor=armor,
        damage_ones_cancel=bool(cancel),
    )
    levels, miss, dazed = brute_attack(
        atk,
        dfn,
        base,
        soak,
        add=bool(add),
        halve=target == "vampire" and dtype == "bashing",
        threshold=stamina + (2 if target == "vampire" else 0),
        ones_cancel=bool(cancel),
    )
    assert result.soak_dice == soak
    assert result.levels == {k: v for k, v in sorted(levels.items()) if v}
    assert result.miss == miss
    assert result.dazed == dazed
    assert result.expected == sum(k * m for k, m in levels.items())
    assert sum(result.levels.values()) == 1


def test_attack_with_willpower_difficulty_and_abort_roll_equals_brute_force() -> None:
    result = attack(
        3,
        attack_difficulty=8,
        attack_willpower=True,
        defense_pool=2,
        abort_willpower=2,
        damage_base=2,
        target="mortal",
        damage_type="bashing",
        stamina=2,
    )
    levels, miss, dazed = brute_attack(
        3,
        2,
        2,
        2,
        add=True,
        halve=False,
        threshold=2,
        ones_cancel=True,
        atk_difficulty=8,
        willpower=True,
        abort=2,
    )
    assert result.levels == {k: v for k, v in sorted(levels.items()) if v}
    assert (result.miss, result.dazed) == (miss, dazed)


def test_damage_pool_is_base_plus_successes_beyond_the_first() -> None:
    r = attack(3, damage_base=4, stamina=2)
    hits = kept_successes(3, 6)
    assert r.damage_pools == {4 + h - 1: m for h, m in hits.items() if h > 0}
    thrown = attack(3, damage_base=4, stamina=2, extra_successes_add=False)
    assert thrown.damage_pools == {4: 1 - hits[0]}
    # never below one die
    assert set(attack(2, damage_base=0, stamina=1).damage_pools) == {1}


def test_vampire_halves_bashing_rounding_down() -> None:
    # same roll as lethal (same soak), then halved
    lethal = attack(4, damage_base=3, damage_type="lethal", stamina=2, target="vampire")
    bashing = attack(4, damage_base=3, damage_type="bashing", stamina=2, target="vampire")
    halved: dict[int, Fraction] = {}
    for k, m in lethal.levels.items():
        halved[k // 2] = halved.get(k // 2, Fraction(0)) + m
    assert bashing.levels == halved
    assert any(s.rule == "vtm:soak" and "half" in s.text for s in bashing.steps)


def test_soak_by_target_and_damage_type() -> None:
    # by hand from vtm:soak: a mortal soaks bashing with Stamina + armor (3 + 1), lethal with
    # armor only (1), aggravated not at all; a vampire soaks bashing and lethal with Stamina +
    # Fortitude + armor (3 + 2 + 1), aggravated with Fortitude only (2, armor and Stamina
    # left out); fire or sunlight: Stamina + Fortitude (3 + 2) in our default reading, or
    # Fortitude alone (2) in the other; without Fortitude nothing soaks aggravated.
    assert soak_pool("mortal", "bashing", stamina=3, armor=1)[0] == 4
    assert soak_pool("mortal", "lethal", stamina=3, armor=1)[0] == 1
    assert soak_pool("mortal", "aggravated", stamina=3, fortitude=2, armor=1)[0] == 0
    assert soak_pool("vampire", "lethal", stamina=3, fortitude=2, armor=1)[0] == 6
    assert soak_pool("vampire", "aggravated", stamina=3, fortitude=2, armor=1)[0] == 2
    assert soak_pool("vampire", "aggravated", stamina=3, fortitude=0)[0] == 0
    fire = soak_pool("vampire", "aggravated", stamina=3, fortitude=2, fire_or_sunlight=True)
    assert fire[0] == 5
    other_reading = soak_pool(
        "vampire",
        "aggravated",
        stamina=3,
        fortitude=2,
        fire_or_sunlight=True,
        fire_soak_with_stamina=False,
    )
    assert other_reading[0] == 2
    assert soak_pool("vampire", "aggravated", stamina=3, fire_or_sunlight=True)[0] == 0
    with pytest.raises(InvalidState, match="allowed"):
        soak_pool("ghoul", "lethal", stamina=2)
    with pytest.raises(InvalidState, match="allowed"):
        soak_pool("mortal", "fire", stamina=2)


def test_damage_and_soak_rolls_cannot_botch_and_match_icepool() -> None:
    for n in (1, 4, 12):
        for cancel in (True, False):
            die = icepool.d10.map(lambda f, c=cancel: (-1 if c else 0) if f == 1 else int(f >= 6))
            summed = (n @ die).map(lambda t: max(0, t))
            expected = {int(k): Fraction(q, summed.denominator()) for k, q in summed.items()}
            assert reflexive_successes(n, ones_cancel=cancel) == expected
            assert min(expected) == 0 and sum(expected.values()) == 1


def test_dazed_thresholds() -> None:
    # a huge unsoaked hit on a mortal with Stamina 1 is dazing when it exceeds 1
    r = attack(5, damage_base=6, damage_type="lethal", target="mortal", stamina=1)
    assert r.dazed == sum((m for k, m in r.levels.items() if k > 1), Fraction(0))
    v = attack(5, damage_base=6, damage_type="aggravated", target="vampire", stamina=1)
    assert v.dazed == sum((m for k, m in v.levels.items() if k > 3), Fraction(0))
    # default: the damage left after soak, before a vampire halves bashing; switch: after
    before = attack(5, damage_base=6, damage_type="bashing", stamina=1)
    after = attack(5, damage_base=6, damage_type="bashing", stamina=1, dazed_after_halving=True)
    assert before.dazed > after.dazed
    assert after.dazed == sum((m for k, m in after.levels.items() if k > 3), Fraction(0))


def test_health_track_and_penalties() -> None:
    assert [health_after(m).level for m in range(9)] == [
        "unhurt",
        "bruised",
        "hurt",
        "injured",
        "wounded",
        "mauled",
        "crippled",
        "incapacitated",
        "beyond",
    ]
    assert [wound_penalty(health_after(m).level) for m in range(8)] == [0, 0, 1, 1, 2, 2, 5, None]
    dist = health_distribution({0: Fraction(1, 2), 2: Fraction(1, 2)}, already_marked=3)
    assert dist == {"injured": Fraction(1, 2), "mauled": Fraction(1, 2)}
    r = attack(6, damage_base=5, stamina=1, target="mortal", wounds_taken=4)
    assert sum(r.health.values()) == 1 and sum(r.penalties.values()) == 1
    assert r.health["wounded"] == r.levels[0]
    assert r.penalties[None] == sum((m for k, m in r.levels.items() if k >= 3), Fraction(0))
    with pytest.raises(InvalidState):
        attack(3, damage_base=2, stamina=2, wounds_taken=9)


def test_wounded_attacker_and_defender() -> None:
    r = attack(5, damage_base=2, stamina=2, attacker_wound="wounded")
    assert r.hit == 1 - kept_successes(3, 6)[0]  # wounded: 5 - 2 dice
    with pytest.raises(IllegalPlay):
        attack(5, damage_base=2, stamina=2, attacker_wound="incapacitated")
    helpless = attack(3, defense_pool=4, defender_wound="incapacitated", damage_base=2, stamina=2)
    assert helpless.miss == attack(3, damage_base=2, stamina=2).miss


def test_trace_cites_the_chain() -> None:
    r = attack(4, defense_pool=2, damage_base=3, damage_type="bashing", stamina=2)
    rules = [s.rule for s in r.steps]
    for rule in (
        "vtm:attack",
        "vtm:defense",
        "vtm:damage-pool",
        "vtm:damage-roll",
        "vtm:damage-types",
        "vtm:soak",
        "vtm:dazed",
        "vtm:health",
    ):
        assert rule in rules


def test_seed_states_the_numbers_we_use(seeds_dir: Path) -> None:
    text = (seeds_dir / "vtm-revised-combat-damage-turn-sequence.ru.txt").read_text()
    assert "со сложностью 6" in text  # damage roll difficulty
    assert "Выносливости +2" in text  # dazed threshold of vampires
    assert "округлением вниз" in text  # halving bashing rounds down
    assert "кроме первого" in text  # every net success beyond the first adds a die


# ----------------------------------------------------------------------------- Russian trace


def _ru(result: AttackResult, rule: str) -> str:
    texts = [s.ru for s in result.steps if s.rule == rule]
    assert texts, f"no {rule} step"
    return " | ".join(texts)


def test_russian_trace_of_the_club_against_a_vampire() -> None:
    # the reference's example: a club (bashing) against a vampire, Stamina 3 + Fortitude 1
    result = attack(
        6, damage_base=5, damage_type="bashing", target="vampire", stamina=3, fortitude=1
    )
    soak = _ru(result, "vtm:soak")
    assert "Выносливость 3 + Стойкость 1" in soak
    assert "Запас поглощения: 4 кубика" in soak
    assert "половину поверхностных" in soak and "округлением вниз" in soak
    assert "поверхностные; цель: вампир" in _ru(result, "vtm:damage-types")
    # a vampire is dazed above Stamina + 2 = 5
    assert "превышают 5 (Выносливость + 2)" in _ru(result, "vtm:dazed")


def test_russian_trace_of_an_aborted_dodge_and_a_thrown_knife() -> None:
    result = attack(
        7,
        damage_base=4,
        extra_successes_add=False,
        defense_pool=2,
        abort_willpower=1,
        target="mortal",
        damage_type="lethal",
        stamina=2,
        armor=0,
    )
    defence = _ru(result, "vtm:defense")
    # one Willpower die at difficulty 6 succeeds with chance 1/2
    assert "(1 кубик, сложность 6)" in defence and "вероятностью 1/2" in defence
    assert "Защита: 2 кубика" in defence
    assert "только база 4" in _ru(result, "vtm:damage-pool")
    assert "Смертный не поглощает летальные" in _ru(result, "vtm:soak")
    assert "Атака: 7 кубиков" in _ru(result, "vtm:attack")


@pytest.mark.parametrize("target", ["mortal", "vampire"])
@pytest.mark.parametrize("damage_type", ["bashing", "lethal", "aggravated"])
@pytest.mark.parametrize("fortitude", [0, 2])
def test_every_attack_step_has_its_own_russian_sentence(
    target: str, damage_type: str, fortitude: int
) -> None:
    for fire, extra, defender_wound in ((False, True, None), (True, False, "incapacitated")):
        result = attack(
            3,
            damage_base=1,
            damage_type=damage_type,
            target=target,
            stamina=1,
            fortitude=fortitude,
            defense_pool=1,
            abort_willpower=1,
            defender_wound=defender_wound,
            fire_or_sunlight=fire,
            extra_successes_add=extra,
            dazed_after_halving=fire,
        )
        for step in result.steps:
            assert step.ru and step.ru != step.text, step
            assert any("а" <= ch <= "я" for ch in step.ru.lower()), step


# ----------------------------------------------------------------------------- Russian errors


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (
            lambda: attack(0, damage_base=3, stamina=2),
            ("Запас атаки (attack_pool)", "от 1 до 50", "получено 0"),
        ),
        (
            lambda: attack(5, damage_base=3, stamina=21),
            ("Выносливость (stamina)", "от 0 до 20", "получено 21"),
        ),
        (
            lambda: soak_pool("ghoul", "lethal", stamina=2),
            ("Цель (target): 'ghoul' не допускается", "'mortal', 'vampire'"),
        ),
        (
            lambda: soak_pool("mortal", "fire", stamina=2),
            ("'fire' не допускается", "'bashing', 'lethal', 'aggravated'"),
        ),
        (lambda: reflexive_successes(101), ("целое число от 0 до 100", "получено 101")),
        (
            lambda: wound_penalty("dead"),
            ("Уровень здоровья (level): 'dead' не допускается", "'unhurt', 'bruised'"),
        ),
        (lambda: health_after(-1), ("целое число не меньше 0", "получено -1")),
        (lambda: health_distribution({1: Fraction(1)}, 8), ("от 0 до 7", "получено 8")),
    ],
)
def test_bad_input_is_explained_in_russian(call: object, fragments: tuple[str, ...]) -> None:
    with pytest.raises(InvalidState) as caught:
        call()  # type: ignore[operator]
    ru = caught.value.in_language("ru")
    assert ru != str(caught.value)
    for fragment in fragments:
        assert fragment in ru, ru
