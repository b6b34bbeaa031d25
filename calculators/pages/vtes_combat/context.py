"""What the VTES combat page's cards and rounds get from the page (never the page itself)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from calculators.kit.part import PartContext
from rules.vtes.scenario import Side


@dataclass(frozen=True)
class CombatContext:
    """A part context (words, holds, the page's banner; its ``refresh`` is the page's answer to
    an edit) with what a combat's parts also need: ``structure_changed`` (rows or rounds were
    added or removed), ``weapons(side)`` and ``retainers(side)`` (what that side's combatant
    carries and has)."""

    part: PartContext
    structure_changed: Callable[[], None]
    weapons: Callable[[Side], list[str]]
    retainers: Callable[[Side], list[str]]

    @property
    def lang(self) -> str:
        return self.part.lang

    def t(self, key: str) -> str:
        return self.part.t(key)

    def follow_language(self, callback: Callable[[str], None]) -> None:
        self.part.follow_language(callback)

    def hold(self) -> contextlib.AbstractContextManager[None]:
        return self.part.hold()

    def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self.part.run(fn, *args)

    def changed(self) -> None:
        """An input was edited: the page recomputes (unless inputs are being set together)."""
        self.part.changed()

    def watch(self, *inputs: widgets.Widget) -> None:
        self.part.watch(*inputs)
