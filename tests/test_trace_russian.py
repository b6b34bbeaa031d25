"""Every trace step an engine writes says what happened in Russian as well as in English.

Two checks: every place under ``rules/`` that writes a step passes a Russian sentence (read from
the source), and the steps the worked examples and the public entry points actually produce
carry Russian text (run).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from test_reference_trace_ids import (
    RULES_DIR,
    _contract_calls,
    _example_modules,
    _run_example_module,
)

from rules.i18n import msg_p
from rules.trace import Step

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _step_writers() -> list[tuple[str, int, int]]:
    """(file, line, number of arguments) of every ``<trace>.add(rule, text, ...)`` and
    ``Step(rule, text, ...)`` call under rules/ (the reference package excluded)."""
    found = []
    for path in sorted(RULES_DIR.rglob("*.py")):
        rel = path.relative_to(RULES_DIR)
        if rel.parts[0] == "reference" or rel.name == "trace.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            is_step = isinstance(func, ast.Name) and func.id == "Step"
            is_add = (
                isinstance(func, ast.Attribute)
                and func.attr == "add"
                and isinstance(func.value, (ast.Name, ast.Attribute))
                and "trace" in ast.unparse(func.value).lower()
            )
            if is_step or is_add:
                count = len(node.args) + sum(1 for k in node.keywords if k.arg == "ru")
                if len(node.args) == 2 and not _written_out(node.args[1]):
                    count = 3  # a catalog message: tests/test_catalogs.py checks its Russian
                if any(isinstance(arg, ast.Starred) for arg in node.args):
                    count = 3  # an (english, russian) pair passed on
                found.append((f"rules/{rel}", node.lineno, count))
    return found


def _written_out(node: ast.expr) -> bool:
    """A sentence written in the call itself (a text or f-string), not a catalog message."""
    if isinstance(node, ast.BinOp):
        return _written_out(node.left) or _written_out(node.right)
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def test_the_source_scan_finds_step_writers() -> None:
    files = {name for name, _line, _count in _step_writers()}
    assert {"rules/vtes/damage.py", "rules/dracula/combat.py", "rules/vtm/dice.py"} <= files


def test_every_step_writer_passes_russian_text() -> None:
    missing = [f"{name}:{line}" for name, line, count in _step_writers() if count < 3]
    assert not missing, "steps written without a Russian sentence: " + ", ".join(missing)


def _check(steps: list[Step]) -> None:
    bad = [s for s in steps if not CYRILLIC.search(s.ru)]
    assert not bad, "steps without Russian text: " + "; ".join(str(s) for s in bad[:10])
    same = [s for s in steps if s.ru == s.text]
    assert not same, f"Russian text equal to the English: {same[:5]}"


def test_worked_examples_explain_themselves_in_russian() -> None:
    steps: list[Step] = []
    for module in _example_modules():
        steps += _run_example_module(module)
    assert steps, "the worked examples produced no steps"
    _check(steps)


def test_public_entry_points_explain_themselves_in_russian() -> None:
    _check(_contract_calls())


def test_a_russian_page_shows_russian_steps() -> None:
    from calculators.kit.trace_view import TraceView

    view = TraceView()
    step = Step("vtes:6.4.6", msg_p("card effect", "{name} takes {damage}", name="Krid", damage=2))
    view.show([step], "ru")
    assert "Krid получает 2" in view.widget.value and "takes" not in view.text
    view.show([step], "en")
    assert "Krid takes 2" in view.widget.value
    view.show([Step("vtes:6.4.6", "only English")], "ru")  # falls back rather than blank
    assert "only English" in view.text


def test_rules_directory_is_where_the_scan_looks() -> None:
    assert (Path(RULES_DIR) / "trace.py").is_file()
