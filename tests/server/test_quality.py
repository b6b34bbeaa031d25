"""Lint and typing are part of the test suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)


def test_ruff_lint_is_clean() -> None:
    result = _run(
        str(BIN / "ruff"), "check", "rules", "calculators", "tests", "benchmarks", "deploy"
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = _run(
        str(BIN / "ruff"),
        "format",
        "--check",
        "rules",
        "calculators",
        "tests",
        "benchmarks",
        "deploy",
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_rules_and_calculators() -> None:
    # pyproject's [tool.mypy]: strict, files rules and calculators
    result = _run(str(BIN / "mypy"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_rules_never_imports_widgets() -> None:
    forbidden = ("ipywidgets", "IPython", "voila", "calculators")
    offenders = []
    for path in (REPO / "rules").rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            stripped = line.strip()
            if stripped.startswith(("import ", "from ")) and any(
                stripped.split()[1].split(".")[0] == name for name in forbidden
            ):
                offenders.append(f"{path.relative_to(REPO)}:{number}: {stripped}")
    assert not offenders, offenders
