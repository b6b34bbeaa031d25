"""The shipped card data matches a fresh extraction from krcg (scripts/extract-cards)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(importlib.util.find_spec("krcg") is None, reason="krcg ([cards] extra) absent")
def test_the_shipped_file_matches_a_fresh_extraction() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "extract-cards"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
