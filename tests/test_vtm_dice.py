"""The V:tM pool engine against brute-force enumeration of every roll, and icepool."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import icepool
import pytest

from rules.errors import IllegalPlay, InvalidState, RuleError
from rules.trace import Step
from rules.vtm import (
    TAIL_BOUND,
    PoolResult,
    RollOutcome,
    classify,
    multiple_action_pools,
    multiple_actions,
    pool,
    specialty_for_edition,
)

DIFFICULTIES = range(2, 11)
FACES = range(1, 11)


# ----------------------------------------------------------------------------- brute force


@cache
def every_roll(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every one of the 10**n rolls of n d10, grouped by the sorted faces (with multiplicity)."""
    counts = Counter(tuple(sorted(roll)) for roll in product(FACES, repeat=n))
    return tuple(counts.items())


def read_roll(faces: tuple[int, ...], d: int, ten: int) -> tuple[int, bool]:
    """(net, botch) of one roll without rerolls; ``ten`` = value of a 10."""
    hits = 0
    ones = 0
    for f in faces:
        if f == 1:
            ones += 1
        elif f >= d:
            hits += ten if f == 10 else 1
    no_die_met = all(f < d for f in faces)
    return hits - ones, no_die_met and ones > 0


def brute(n: int, d: int, ten: int, willpower: bool) -> dict[str, object]:
    total = 10**n
    net: dict[int, Fraction] = {}
    kept: dict[int, Fraction] = {}
    outcome = {"botch": Fraction(0), "failure": Fraction(0), "success": Fraction(0)}
    for faces, weight in every_roll(n):
        p = Fraction(weight, total)
        value, botch = read_roll(faces, d, ten)
        net[value] = net.get(value, Fraction(0)) + p
        if willpower:
            k = 1 + max(0, value)
            label = "success"
        else:
            k = max(0, value)
            label = "botch" if botch else ("success" if value > 0 else "failure")
        kept[k] = kept.get(k, Fraction(0)) + p
        outcome[label] += p
    return {"net": net, "kept": kept, **outcome}


@cache
def brute_chains(
    tens: int, d: int, ones_cancel: bool, depth: int
) -> tuple[dict[int, Fraction], Fraction]:
    """Extra net from rerolling ``tens`` dice, one physical die at a time, ``depth`` dice deep.

    Returns the resolved distribution of the extra value and the exact mass still pending.
    """
    states: dict[tuple[int, int], Fraction] = {(0, tens): Fraction(1)}
    for _ in range(depth):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (extra, pending), mass in states.items():
            if pending == 0:
                nxt[(extra, 0)] = nxt.get((extra, 0), Fraction(0)) + mass
                continue
            for f in FACES:
                if f == 10:
                    key = (extra + 1, pending)
                elif f >= d:
                    key = (extra + 1, pending - 1)
                elif f == 1 and ones_cancel:
                    key = (extra - 1, pending - 1)
                else:
                    key = (extra, pending - 1)
                nxt[key] = nxt.get(key, Fraction(0)) + mass / 10
        states = nxt
    done: dict[int, Fraction] = {}
    pending_mass = Fraction(0)
    for (extra, pending), mass in states.items():
        if pending:
            pending_mass += mass
        else:
            done[extra] = done.get(extra, Fraction(0)) + mass
    return done, pending_mass


def brute_reroll(
    n: int, d: int, ones_cancel: bool, depth: int
) -> tuple[dict[int, Fraction], Fraction]:
    total = 10**n
    net: dict[int, Fraction] = {}
    unresolved = Fraction(0)
    for faces, weight in every_roll(n):
        p = Fraction(weight, total)
        base, _ = read_roll(faces, d, 1)
        done, pending = brute_chains(faces.count(10), d, ones_cancel, depth)
        unresolved += p * pending
        for extra, m in done.items():
            net[base + extra] = net.get(base + extra, Fraction(0)) + p * m
    return net, unresolved


# ----------------------------------------------------------------------------- tests


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("specialty", [None, "double"])
def test_finite_pools_equal_brute_force(n: int, specialty: str | None) -> None:
    ten = 2 if specialty == "double" else 1
    for d in DIFFICULTIES:
        for willpower in (False, True):
            expected = brute(n, d, ten, willpower)
            got = pool(n, d, specialty=specialty, willpower=willpower)
            assert got.net == {k: v for k, v in expected["net"].items() if v}  # type: ignore[union-attr]
            assert got.successes == expected["kept"]
            assert (got.botch, got.failure, got.success) == (
                expected["botch"],
                expected["failure"],
                expected["success"],
            )
            kept = expected["kept"]
            assert isinstance(kept, dict)
            assert got.expected == sum(k * m for k, m in kept.items())
            assert got.tail == 0 and got.net_tail == 0


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("ones_cancel", [False, True])
def test_reroll_specialty_equals_brute_force_with_exact_tail(n: int, ones_cancel: bool) -> None:
    depth = 12
    for d in DIFFICULTIES:
        resolved, unresolved = brute_reroll(n, d, ones_cancel, depth)
        got = pool(n, d, specialty="reroll", reroll_ones_cancel=ones_cancel)
        # a roll with a chain still open after `depth` rerolled dice ends above depth - n
        for k in range(-n, depth - n + 1):
            assert got.net_probability(k) == resolved.get(k, Fraction(0)), (d, k)
        for k, m in resolved.items():
            assert got.net_probability(k) >= m
        # what the depth-limited enumeration misses is exactly the pending mass
        top = max(max(resolved), max(got.net))
        gap = sum(got.net_probability(k) - resolved.get(k, Fraction(0)) for k in range(-n, top + 1))
        beyond = 1 - sum(got.net_probability(k) for k in range(-n, top + 1))
        assert gap + beyond == unresolved
        assert 0 < unresolved < Fraction(1, 10**8)
        # the stored part plus the reported tail is the whole distribution
        assert sum(got.net.values()) + got.net_tail == 1
        assert 0 < got.net_tail <= TAIL_BOUND
        assert got.net_tail == 1 - sum(got.net_probability(k) for k in range(-n, max(got.net) + 1))
        # botch and outcome split: the reroll only follows a 10, so the botch is unchanged
        plain = brute(n, d, 1, False)
        assert got.botch == plain["botch"]
        assert got.success == 1 - sum(got.net_probability(k) for k in range(-n, 1))


def test_reroll_expected_value_matches_a_long_brute_force_sum() -> None:
    for ones_cancel in (False, True):
        got = pool(2, 7, specialty="reroll", reroll_ones_cancel=ones_cancel)
        resolved, unresolved = brute_reroll(2, 7, ones_cancel, 30)
        approx = sum(k * m for k, m in resolved.items())
        assert unresolved < Fraction(1, 10**25)
        assert abs(got.expected_net - approx) < Fraction(1, 10**20)
        # kept successes: E[max(0, net)]
        approx_kept = sum(max(0, k) * m for k, m in resolved.items())
        assert abs(got.expected - approx_kept) < Fraction(1, 10**20)


def test_reroll_at_least_is_exact_beyond_the_stored_cut() -> None:
    got = pool(3, 6, specialty="reroll")
    top = max(got.successes)
    assert got.at_least(top + 1) == got.tail
    assert got.at_least(top + 3) == got.tail - got.probability(top + 1) - got.probability(top + 2)
    assert got.probability(top + 50) > 0


def test_cancelled_successes_are_a_failure_not_a_botch() -> None:
    r = classify([6, 1], 6)
    assert (r.outcome, r.successes, r.net) == ("failure", 0, 0)
    r = classify([7, 1, 1], 6)
    assert (r.outcome, r.successes, r.net) == ("failure", 0, -1)
    assert classify([3, 1], 6).outcome == "botch"
    assert classify([3, 4], 6).outcome == "failure"
    assert classify([10, 6, 1], 6).successes == 1
    # P(failure) includes every cancelled roll: one die can't cancel itself, two can
    two = pool(2, 6)
    cancelled = Fraction(2 * 5 * 1, 100)  # one success and one 1, in either order
    blanks_only = Fraction(4 * 4, 100)
    assert two.failure == cancelled + blanks_only


def test_classify_specialties_and_willpower() -> None:
    assert classify([10, 3], 6, specialty="double").successes == 2
    assert classify([10, 1], 6, specialty="double").outcome == "success"
    r = classify([10, 2], 6, specialty="reroll", rerolls=[10, 7])
    assert r.successes == 3
    r = classify([10, 2], 6, specialty="reroll", rerolls=[1], reroll_ones_cancel=True)
    assert (r.outcome, r.successes) == ("failure", 0)
    assert classify([10, 2], 6, specialty="reroll", rerolls=[1]).successes == 1
    wp = classify([1, 1, 3], 6, willpower=True)
    assert (wp.outcome, wp.successes) == ("success", 1)
    assert classify([6, 7, 1], 6, willpower=True).successes == 2
    with pytest.raises(InvalidState, match="reroll"):
        classify([10, 2], 6, specialty="reroll", rerolls=[])
    with pytest.raises(InvalidState, match="Too many rerolls"):
        classify([9], 6, specialty="reroll", rerolls=[4])
    with pytest.raises(InvalidState):
        classify([11], 6)
    with pytest.raises(InvalidState):
        classify([], 6)


def test_willpower_never_botches_and_always_succeeds() -> None:
    for n in (1, 3, 8):
        for d in DIFFICULTIES:
            for specialty in (None, "double", "reroll"):
                p = pool(n, d, specialty=specialty, willpower=True)
                assert p.botch == 0 and p.failure == 0 and p.success == 1
                assert min(p.successes) == 1
                no_wp = pool(n, d, specialty=specialty)
                assert p.expected == no_wp.expected + 1
                assert p.net == no_wp.net


def test_wound_penalties_remove_dice() -> None:
    assert pool(6, 6, wound="wounded").successes == pool(4, 6).successes
    assert pool(6, 6, wound="bruised").botch == pool(6, 6).botch
    assert pool(7, 7, wound="crippled").rolled == 2
    assert pool(7, 7, wound="hurt", penalty=2).rolled == 4
    gone = pool(3, 6, wound="crippled")
    assert gone.rolled == 0 and gone.failure == 1 and gone.botch == 0
    assert pool(3, 6, wound="crippled", willpower=True).successes == {1: Fraction(1)}
    with pytest.raises(IllegalPlay, match="incapacitated"):
        pool(5, 6, wound="incapacitated")
    with pytest.raises(InvalidState, match="allowed"):
        pool(5, 6, wound="scratched")
    rules = {s.rule for s in pool(6, 6, wound="hurt").steps}
    assert "vtm:wound-penalties" in rules


def test_multiple_action_pools() -> None:
    assert multiple_action_pools([7]) == [7]
    assert multiple_action_pools([7, 7]) == [5, 4]
    assert multiple_action_pools([8, 6, 5]) == [5, 2, 0]
    assert multiple_action_pools([2, 9]) == [0, 6]
    with pytest.raises(InvalidState):
        multiple_action_pools([])
    with pytest.raises(InvalidState):
        multiple_action_pools([-1, 3])
    rolls = multiple_actions(7, 3, 6)
    assert [r.rolled for r in rolls] == multiple_action_pools([7, 7, 7]) == [4, 3, 2]
    assert rolls[0].successes == pool(4, 6).successes
    assert rolls[2].successes == pool(2, 6).successes
    assert any(s.rule == "vtm:multiple-actions" for s in rolls[1].steps)
    short = multiple_actions(4, 3, 6)
    assert [r.rolled for r in short] == [1, 0, 0]
    assert short[2].failure == 1


def test_bad_input_is_rejected_with_a_message() -> None:
    for call in (
        lambda: pool(0),
        lambda: pool(51),
        lambda: pool(3, 1),
        lambda: pool(3, 11),
        lambda: pool(3, 6, specialty="triple"),
        lambda: pool(True),  # type: ignore[arg-type]
        lambda: specialty_for_edition("v5"),
    ):
        with pytest.raises(RuleError) as info:
            call()
        assert "allowed" in str(info.value) or "from" in str(info.value)
    assert specialty_for_edition("revised") == "reroll"
    assert specialty_for_edition("v20") == "double"


def test_results_are_not_shared_between_calls() -> None:
    a = pool(4, 6)
    a.successes[0] = Fraction(0)
    assert pool(4, 6).successes[0] != 0


# ----------------------------------------------------------------------------- icepool


def _value(d: int, ten: int) -> object:
    return lambda f: -1 if f == 1 else (ten if f == 10 else int(f >= d))


@pytest.mark.parametrize("n", [1, 4, 9, 20])
def test_net_distribution_matches_icepool(n: int) -> None:
    for d in DIFFICULTIES:
        for specialty, ten in ((None, 1), ("double", 2)):
            die = icepool.d10.map(_value(d, ten))
            summed = n @ die
            expected = {int(k): Fraction(q, summed.denominator()) for k, q in summed.items()}
            got = pool(n, d, specialty=specialty).net
            assert got == {k: v for k, v in expected.items() if v}


@pytest.mark.parametrize("n", [1, 3, 6, 8])
def test_outcomes_match_icepool_pool_expansion(n: int) -> None:
    rolls = icepool.d10.pool(n).expand()
    for d in (3, 6, 9):

        def outcome(faces: tuple[int, ...], d: int = d) -> str:
            hits = sum(1 for f in faces if f >= d)
            ones = faces.count(1)
            if hits - ones > 0:
                return "success"
            return "botch" if hits == 0 and ones else "failure"

        labels = rolls.map(outcome)
        got = pool(n, d)
        for label in ("botch", "failure", "success"):
            assert got.outcomes[label] == Fraction(labels.quantity(label), labels.denominator())


@pytest.mark.parametrize("ones_cancel", [False, True])
def test_reroll_matches_icepool_explode(ones_cancel: bool) -> None:
    depth = 10

    def chain_value(total: int, d: int) -> int:
        tens, last = divmod(total - 1, 10)
        last += 1
        if last == 10:  # icepool stopped exploding here: keep it out of the small values
            return 1000
        if tens == 0:
            return -1 if last == 1 else int(last >= d)
        tail = 1 if last >= d else (-1 if last == 1 and ones_cancel else 0)
        return tens + tail

    for n in (1, 2, 4):
        for d in (4, 6, 8, 10):
            die = icepool.d10.explode([10], depth=depth).map(lambda t, d=d: chain_value(t, d))
            summed = n @ die
            got = pool(n, d, specialty="reroll", reroll_ones_cancel=ones_cancel)
            for k in range(-n, depth - n + 1):
                assert got.net_probability(k) == Fraction(summed.quantity(k), summed.denominator())


def test_at_least_table_matches_at_least() -> None:
    for specialty in (None, "double", "reroll"):
        for willpower in (False, True):
            p = pool(6, 7, specialty=specialty, willpower=willpower)
            table = p.at_least_table()
            assert [k for k, _ in table] == list(range(1, max(p.successes) + 1))
            for k, value in table:
                assert value == 1 - sum(p.probability(j) for j in range(k))
                assert value == p.at_least(k)


# ----------------------------------------------------------------------------- Russian trace


def _ru_step(steps: tuple[Step, ...], rule: str) -> str:
    texts = [s.ru for s in steps if s.rule == rule]
    assert texts, f"no {rule} step"
    return " | ".join(texts)


@pytest.mark.parametrize(
    ("n", "word"),
    [
        (0, "кубиков"),
        (1, "кубик"),
        (2, "кубика"),
        (4, "кубика"),
        (5, "кубиков"),
        (11, "кубиков"),
        (12, "кубиков"),
        (14, "кубиков"),
        (21, "кубик"),
        (23, "кубика"),
        (111, "кубиков"),
        (101, "кубик"),
    ],
)
def test_russian_dice_count_agrees_with_the_number(n: int, word: str) -> None:
    from rules.i18n import msg_n

    assert msg_n("{n} die", "{n} dice", n).render("ru") == f"{n} {word}"


def test_russian_trace_of_the_failure_or_botch_example() -> None:
    # difficulty 7: 9, 1, 1, 4 is a failure (the 9 reached 7); 5, 3, 1 is a botch
    failure = classify([9, 1, 1, 4], 7)
    counted = _ru_step(failure.steps, "vtm:dice-roll")
    assert "4 кубика" in counted and "1 успех," in counted and "2 единицы" in counted
    assert "неудача, а не провал" in _ru_step(failure.steps, "vtm:botch")
    botch = classify([5, 3, 1], 7)
    assert "0 успехов" in _ru_step(botch.steps, "vtm:dice-roll")
    assert _ru_step(botch.steps, "vtm:botch").endswith("провал.")
    # Willpower rescues the same bad luck: 1 + max(0, 1 - 2) = 1 success
    rescued = classify([7, 1, 1, 2], 6, willpower=True)
    assert rescued.successes == 1
    assert "итого 1 успех." in _ru_step(rescued.steps, "vtm:willpower")
    many_tens = classify([10] * 21 + [3], 6, specialty="double")
    assert "из 21 десятки" in _ru_step(many_tens.steps, "vtm:specialty")


@pytest.mark.parametrize("level", ["bruised", "hurt", "injured", "wounded", "mauled", "crippled"])
def test_russian_wound_step_uses_the_pages_level_name(level: str) -> None:
    from calculators.pages.vtm_dice.page import LABELS
    from rules.vtm import WOUND_PENALTIES

    result = pool(8, 6, wound=level)
    lost = WOUND_PENALTIES[level]
    if not lost:
        assert all(s.rule != "vtm:wound-penalties" for s in result.steps)
        return
    text = _ru_step(result.steps, "vtm:wound-penalties")
    assert f"«{LABELS.text(level, 'ru')}»" in text
    word = {1: "кубик", 2: "кубика", 5: "кубиков"}[lost]
    assert f"на {lost} {word} меньше" in text
    assert f"В броске {8 - lost} " in _ru_step(result.steps, "vtm:dice-roll")


def test_every_pool_step_has_its_own_russian_sentence() -> None:
    results: list[PoolResult | RollOutcome] = [
        pool(3, 6, wound="crippled", willpower=True),
        pool(4, 7, specialty="reroll", reroll_ones_cancel=True, penalty=1),
        pool(4, 7, specialty="reroll"),
        pool(4, 8, specialty="double"),
        *multiple_actions(7, 3, 6),
        classify([10, 10, 4], 6, specialty="reroll", rerolls=[10, 3, 1], reroll_ones_cancel=True),
    ]
    for result in results:
        for step in result.steps:
            assert step.ru and step.ru != step.text, step
            assert any("а" <= ch <= "я" for ch in step.ru.lower()), step


# ----------------------------------------------------------------------------- Russian errors


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda: pool(0, 6), ("Число кубиков (dice)", "от 1 до 50", "получено 0")),
        (lambda: pool(5, 11), ("Сложность (difficulty)", "от 2 до 10", "получено 11")),
        (lambda: pool(5, "6"), ("нужно целое число от 2 до 10", "'6'")),  # type: ignore[arg-type]
        (
            lambda: specialty_for_edition("v5"),
            ("Редакция (edition): 'v5' не допускается", "'revised', 'v20'"),
        ),
        (
            lambda: classify([10, 4], 6, specialty="reroll"),
            ("Не хватает перебросов: 1", "каждая десятка"),
        ),
        (
            lambda: classify([10, 4], 6, specialty="reroll", rerolls=[3, 5]),
            ("Слишком много перебросов", "№ 2"),
        ),
        (lambda: classify([7] * 51, 6), ("Не больше 50 кубиков", "получено 51")),
        (lambda: multiple_action_pools([]), ("хотя бы для одного действия",)),
    ],
)
def test_bad_input_is_explained_in_russian(call: object, fragments: tuple[str, ...]) -> None:
    with pytest.raises(InvalidState) as caught:
        call()  # type: ignore[operator]
    ru = caught.value.in_language("ru")
    assert ru != str(caught.value)
    for fragment in fragments:
        assert fragment in ru, ru


def test_incapacitated_roll_names_the_pages_levels_in_russian() -> None:
    from calculators.pages.vtm_dice.page import LABELS

    with pytest.raises(IllegalPlay) as caught:
        pool(4, 6, wound="incapacitated")
    ru = caught.value.in_language("ru")
    assert ru.startswith("Недееспособный персонаж не может действовать")
    assert f"от «{LABELS.text('unhurt', 'ru')}» до «{LABELS.text('crippled', 'ru')}»" in ru
    assert caught.value.in_language("en") == str(caught.value)
