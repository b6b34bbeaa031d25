"""Every section id an engine's trace can cite resolves in the rules reference.

The ids are collected from the engines themselves, not from a hand-written list:

1. every string literal (and every line of the engines' data files) under ``rules/`` is
   scanned for ids such as ``vtes:6.4.6``;
2. the engines' worked examples and public entry points are run and every ``Step.rule``
   in their results is collected.

Engine modules that do not exist yet are skipped.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import rules
from rules.errors import RuleError
from rules.reference import exists
from rules.trace import Step

RULES_DIR = Path(rules.__file__).resolve().parent
ID_IN_TEXT = re.compile(r"\b(?:vtes|dracula|vtm):[\w.\-]+")


def _clean(found: str) -> str:
    return found.rstrip(".-")  # an id closing a sentence


def _literal_ids() -> dict[str, list[str]]:
    """id -> places where it is written, over rules/ except the reference itself."""
    places: dict[str, list[str]] = {}
    for path in sorted(RULES_DIR.rglob("*")):
        rel = path.relative_to(RULES_DIR)
        if rel.parts[0] == "reference" or path.suffix not in (".py", ".csv", ".toml", ".json"):
            continue
        if path.suffix == ".py":
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            strings = [
                (node.value, node.lineno)
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str)
            ]
        else:
            lines = path.read_text(encoding="utf-8").splitlines()
            strings = [(line, number) for number, line in enumerate(lines, 1)]
        for text, line in strings:
            for match in ID_IN_TEXT.finditer(text):
                places.setdefault(_clean(match.group(0)), []).append(f"rules/{rel}:{line}")
    return places


def test_the_scanner_finds_ids_in_literals() -> None:
    source = 'STEP = "vtes:6.4.6"\nx = f"see {y} dracula:combat-roll."\n'
    found = [
        _clean(m.group(0))
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        for m in ID_IN_TEXT.finditer(node.value)
    ]
    assert found == ["vtes:6.4.6", "dracula:combat-roll"]


def test_every_id_written_in_the_engines_resolves() -> None:
    places = _literal_ids()
    games = ("vtes", "dracula", "vtm")
    engines = [p for p in RULES_DIR.iterdir() if p.is_dir() and p.name in games]
    assert sorted(p.name for p in engines) == sorted(games)
    unknown = {rule: where for rule, where in places.items() if not exists(rule)}
    assert not unknown, f"ids cited in rules/ but missing from the reference: {unknown}"


# -- running the engines ---------------------------------------------------------------------


def _steps_in(value: Any, depth: int = 0, seen: set[int] | None = None) -> Iterator[Step]:
    """Every Step reachable from ``value`` (results, tuples, dicts, dataclasses)."""
    seen = set() if seen is None else seen
    if depth > 6 or id(value) in seen or isinstance(value, (str, bytes, int, float, bool)):
        return
    seen.add(id(value))
    if isinstance(value, Step):
        yield value
        return
    if isinstance(value, Mapping):
        children: list[Any] = list(value.values())
    elif isinstance(value, (list, tuple, set, frozenset)):
        children = list(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        children = [getattr(value, f.name, None) for f in dataclasses.fields(value)]
    else:
        children = [getattr(value, "steps", None)]
    for child in children:
        yield from _steps_in(child, depth + 1, seen)


def _no_required_args(fn: Callable[..., Any]) -> bool:
    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    return all(
        p.default is not inspect.Parameter.empty
        or p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
        for p in parameters
    )


def _call(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    try:
        return fn(*args, **kwargs)
    except RuleError as error:  # an example of an illegal play: its message is the result
        return error


def _example_modules() -> list[ModuleType]:
    modules = []
    for info in pkgutil.walk_packages([str(RULES_DIR)], prefix="rules."):
        if "example" in info.name.rsplit(".", 1)[-1] and not info.name.startswith(
            "rules.reference"
        ):
            modules.append(importlib.import_module(info.name))
    return modules


def _run_example_module(module: ModuleType) -> list[Step]:
    """Call the module's argument-free functions and resolve its example objects."""
    steps: list[Step] = []
    for name, value in vars(module).items():
        if name.startswith("_"):
            continue
        if inspect.isfunction(value):
            if value.__module__ == module.__name__ and _no_required_args(value):
                steps += _steps_in(_call(value))
            continue
        if inspect.isclass(value) or inspect.ismodule(value):
            continue
        items = list(value.values()) if isinstance(value, Mapping) else [value]
        if isinstance(value, (list, tuple)):
            items = list(value)
        for item in items:
            steps += _steps_in(item)
            for method in ("resolve", "run", "steps_of"):
                bound = getattr(item, method, None)
                if callable(bound) and _no_required_args(bound):
                    steps += _steps_in(_call(bound))
            scenario = getattr(item, "scenario_dict", None)
            if callable(scenario):
                from rules.vtes import combat

                steps += _steps_in(_call(combat.resolve, scenario()))
    return steps


def _contract_calls() -> list[Step]:
    """The public entry points of spec/api.md, on a few typical inputs."""
    steps: list[Step] = []
    from rules.dracula import blood_after_killed, combat_result, round_odds
    from rules.vtes import Ally, MinionState, Retainer, Vampire, resolve_damage
    from rules.vtm import attack, classify, pool

    for minion in (
        Vampire("A", capacity=5, blood=3),
        Vampire("B", capacity=5, blood=0),
        Vampire("C", capacity=4, blood=1, state=MinionState.TORPOR),
        Ally("D", life=3),
        Retainer("E", life=2),
    ):
        for normal, aggravated in ((0, 0), (1, 0), (3, 0), (0, 1), (2, 2), (6, 3)):
            steps += _steps_in(_call(resolve_damage, minion, normal=normal, aggravated=aggravated))
        steps += _steps_in(_call(resolve_damage, minion, normal=2, prevent_normal=1))
    steps += _steps_in(_call(pool, 5, 6))
    steps += _steps_in(_call(pool, 4, 7, specialty="reroll"))
    steps += _steps_in(_call(pool, 4, 7, specialty="double", willpower=True))
    steps += _steps_in(_call(classify, [1, 3, 4], 6))
    steps += _steps_in(_call(classify, [10, 7, 1], 6, willpower=True))
    kinds = (("bashing", "vampire"), ("lethal", "mortal"), ("aggravated", "vampire"))
    for kind, target in kinds:
        steps += _steps_in(
            _call(
                attack,
                6,
                defense_pool=2,
                damage_base=3,
                damage_type=kind,
                target=target,
                stamina=2,
                fortitude=1,
                armor=1,
            )
        )
    steps += _steps_in(_call(round_odds, 1, 0, hunter_initiative=2, enemy_initiative=3))
    steps += _steps_in(
        _call(round_odds, 0, 1, hunter_initiative=2, enemy_initiative=2, hunter_dice=2)
    )
    steps += _steps_in(_call(blood_after_killed, 12))
    from rules.vtm import v5_contest

    for tie in ("acting", "standoff", "defender"):
        steps += _steps_in(_call(v5_contest, 5, 2, 4, 1, tie=tie))
    steps += _steps_in(_call(combat_result, "Punch", "Claws", "enemy"))
    return steps


def test_the_step_collector_finds_nested_steps() -> None:
    @dataclasses.dataclass(frozen=True)
    class Result:
        steps: tuple[Step, ...]
        rounds: tuple[Any, ...]

    inner = Result((Step("vtes:6.4.4", "b"),), ())
    outer = Result((Step("vtes:6.4.6", "a"),), (inner, {"x": [Step("vtm:soak", "c")]}))
    assert {s.rule for s in _steps_in(outer)} == {"vtes:6.4.6", "vtes:6.4.4", "vtm:soak"}


def test_every_rule_cited_by_the_worked_examples_resolves() -> None:
    modules = _example_modules()
    assert modules, "no worked-example module found"
    steps: list[Step] = []
    for module in modules:
        found = _run_example_module(module)
        assert found, f"{module.__name__} produced no trace steps"
        steps += found
    unknown = sorted({s.rule for s in steps if not exists(s.rule)})
    assert not unknown, f"rules cited by worked examples but missing from the reference: {unknown}"


def test_every_rule_cited_by_the_public_entry_points_resolves() -> None:
    steps = _contract_calls()
    assert steps, "no entry point of spec/api.md produced steps"
    unknown = sorted({s.rule for s in steps if not exists(s.rule)})
    assert not unknown, f"rules cited by the engines but missing from the reference: {unknown}"
