"""Every error message an engine or a page can show says what is wrong in Russian as well.

The source of ``rules/`` and ``calculators/`` is read: every construction of a rules error
(``InvalidState(...)``, ``IllegalPlay(...)``, ``RuleError(...)``) must pass a catalog message
(``msg(...)`` and its siblings, or a variable only ever given such messages).
Then a few real errors are raised and shown on a Russian page.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import calculators
import rules
from rules.errors import IllegalPlay, InvalidState, RuleError
from rules.i18n import msg

ERRORS = {"InvalidState", "IllegalPlay", "RuleError"}
MESSAGES = {"msg", "msg_n", "msg_p", "msg_np"}
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
ROOTS = (Path(rules.__file__).resolve().parent, Path(calculators.__file__).resolve().parent)


def _is_message(node: ast.expr | None) -> bool:
    """A catalog message: ``msg(...)`` and its siblings, a page label's ``.message(...)``, or a
    choice between two of them."""
    if isinstance(node, ast.IfExp):
        return _is_message(node.body) and _is_message(node.orelse)
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Name):
        return node.func.id in MESSAGES
    return isinstance(node.func, ast.Attribute) and node.func.attr == "message"


def _message_variables(tree: ast.AST) -> set[str]:
    """The names a module assigns, and only ever assigns, catalog messages to."""
    given: dict[str, bool] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Name):
                given[target.id] = given.get(target.id, True) and _is_message(value)
    return {name for name, only_messages in given.items() if only_messages}


def _error_constructions() -> list[tuple[str, int, bool]]:
    """(file, line, passes Russian) for every rules-error construction in the source."""
    found = []
    for root in ROOTS:
        for path in sorted(root.rglob("*.py")):
            if path.name == "errors.py":
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            said = _message_variables(tree)
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name not in ERRORS:
                    continue
                russian = len(node.args) >= 2 or any(k.arg == "ru" for k in node.keywords)
                first = node.args[0] if node.args else None
                if _is_message(first):
                    russian = True  # a catalog message: test_catalogs.py checks its Russian
                if isinstance(first, ast.Name) and first.id in said:
                    russian = True  # a variable only ever given catalog messages
                if any(isinstance(a, ast.Starred) for a in node.args):
                    russian = True  # passed on from a caller that has both
                found.append((f"{root.name}/{path.relative_to(root)}", node.lineno, russian))
    return found


def test_the_scan_finds_error_constructions() -> None:
    files = {name for name, _line, _ru in _error_constructions()}
    assert {"rules/vtes/damage.py", "rules/dracula/chain.py", "rules/vtm/dice.py"} <= files


def test_every_error_has_a_russian_message() -> None:
    missing = [f"{name}:{line}" for name, line, ru in _error_constructions() if not ru]
    assert not missing, "errors raised without a Russian message: " + ", ".join(missing)


def _russian(error: RuleError) -> str:
    text = error.in_language("ru")
    assert CYRILLIC.search(text), f"no Russian for: {error}"
    assert text != str(error)
    return text


def test_engine_errors_in_russian() -> None:
    from rules.dracula import Opponent
    from rules.dracula.chain import combat_odds
    from rules.dracula.hunters import hunter
    from rules.vtes import Vampire, resolve_damage
    from rules.vtm import pool

    for call in (
        lambda: Vampire("A", capacity=5, blood=9),
        lambda: resolve_damage(Vampire("A", capacity=5, blood=3), normal=-1),
        lambda: pool(0, 6),
        lambda: pool(5, 11),
        lambda: combat_odds(hunter("Van Helsing"), Opponent.dracula(), blood=16),
    ):
        with pytest.raises(RuleError) as caught:
            call()
        _russian(caught.value)


def test_a_russian_page_shows_the_russian_message() -> None:
    from calculators.kit.banner import ErrorBanner

    banner = ErrorBanner()
    banner.lang = "ru"
    banner.show(
        InvalidState(msg("{name} must be a finite number, got {value}.", name="x", value=7))
    )
    assert "x: нужно конечное число, а получено 7." in banner.widget.value
    banner.lang = "en"
    banner.show(IllegalPlay("no second dodge"))
    assert banner.message == "no second dodge"
