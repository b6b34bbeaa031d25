"""Vampire: the Masquerade dice pools and the attack chain, exactly.

Drive it without a browser::

    app = VtmDicePage()
    app.set_inputs(dice=7, difficulty=8, edition="revised", specialty=True)
    app.result.botch          # Fraction
    app.botch_text            # 'Botch: 2.57%'
    app.at_least_rows         # [(1, Fraction(...)), ...]
    app.set_attack(attack_pool=6, damage_base=4, stamina=2)
    app.attack_result.levels  # {0: Fraction(...), ...}
    app.v5.set_inputs(pool=7, hunger=2, difficulty=3)  # the V5 tab (v5.py)

The page joins its parts (pool.py, attack.py, v5.py, v5_contest.py): it reads each part's
frozen inputs, calls ``rules.vtm`` and hands the result to the part's ``show``; every text
and HTML of a result comes from view.py.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from calculators.kit.fields import invalid_fields
from calculators.kit.fmt import escape
from calculators.kit.page import on_failure
from calculators.kit.page_tools import PageTools, input_lines, ruling_text
from calculators.kit.tabs import HasWidget
from calculators.pages.vtm_dice.labels import (
    ATTACK_INPUTS,
    LABELS,
    POOL_INPUTS,
)
from calculators.pages.vtm_dice.v5 import LABELS as V5_LABELS
from calculators.pages.vtm_dice.v5_contest import CONTEST_LABELS
from calculators.pages.vtm_dice.widgets import VtmDicePageWidgets
from rules.errors import RuleError
from rules.vtm import (
    AttackResult,
    PoolResult,
    attack,
    multiple_actions,
    pool,
)

__all__ = ["ATTACK_INPUTS", "LABELS", "POOL_INPUTS", "VtmDicePage", "example_lines"]


@lru_cache(maxsize=512)
def _actions(
    dice: int,
    actions: int,
    difficulty: int,
    specialty: str | None,
    willpower: bool,
    cancel: bool,
    wound: str | None,
) -> tuple[PoolResult, ...]:
    return multiple_actions(
        dice,
        actions,
        difficulty,
        specialty=specialty,
        willpower=willpower,
        reroll_ones_cancel=cancel,
        wound=wound,
    )


@lru_cache(maxsize=512)
def _attack(args: tuple[tuple[str, Any], ...]) -> AttackResult:
    params = dict(args)
    return attack(params.pop("attack_pool"), **params)


def example_lines() -> list[str]:
    """A few exact results, printed by the notebook as a check."""
    lines = []
    p = pool(3, 6)
    lines.append(
        f"3 dice at difficulty 6: botch {p.botch}, failure {p.failure}, success {p.success}"
    )
    lines.append("  successes kept: " + ", ".join(f"{k}: {v}" for k, v in p.successes.items()))
    r = pool(2, 6, specialty="reroll")
    lines.append(
        f"2 dice at difficulty 6, Revised specialty: P(>= 3 successes) = {r.at_least(3)}, "
        f"E = {r.expected}"
    )
    v = pool(2, 6, specialty="double")
    lines.append(f"2 dice at difficulty 6, V20 specialty: P(>= 3 successes) = {v.at_least(3)}")
    a = attack(4, damage_base=3, damage_type="bashing", target="vampire", stamina=2)
    lines.append(
        f"Attack 4 dice, bashing base 3, vampire Stamina 2: miss {a.miss}, E[levels] = {a.expected}"
    )
    return lines


class VtmDicePage(VtmDicePageWidgets):
    """Odds of one V:tM roll (and of several actions) and of a whole attack.

    Test handles: :meth:`set_inputs`, :meth:`set_attack`, :attr:`results` (one
    :class:`PoolResult` per action), :attr:`result` (the first), :attr:`botch_text`,
    :attr:`at_least_rows`, :attr:`forms_html`, :attr:`attack_result`, :attr:`last_compute_ms`,
    ``banner.message``; the parts :attr:`pool`, :attr:`attack`, :attr:`v5` and
    :attr:`contest` (``app.pool.chart``, ``app.attack.summary``...).
    """

    def __init__(self, lang: str = "en") -> None:
        self.last_compute_ms = 0.0
        self.last_attack_ms = 0.0
        super().__init__(lang=lang)  # builds the widgets
        self.tabs.observe(self._on_tab, names="selected_index")
        self.tools = PageTools(self)
        self.ready()

    # -- inputs -------------------------------------------------------------------------
    def set_inputs(self, **values: Any) -> None:
        """Set several one-roll inputs at once (keys from ``POOL_INPUTS``), recompute once."""
        self.set_values(self.pool, values, POOL_INPUTS)
        self.recompute()

    def set_attack(self, **values: Any) -> None:
        """Set several attack inputs at once (keys from ``ATTACK_INPUTS``), recompute once."""
        self.set_values(self.attack, values, ATTACK_INPUTS)
        self.recompute_attack()

    # -- one roll -----------------------------------------------------------------------
    @property
    def results(self) -> tuple[PoolResult, ...]:
        """One result per action (none while the inputs are refused)."""
        return self.pool.results

    @property
    def result(self) -> PoolResult | None:
        return self.results[0] if self.results else None

    @property
    def botch_text(self) -> str:
        return self.pool.botch_text

    @property
    def summary_text(self) -> str:
        return self.pool.summary_text

    @property
    def at_least_rows(self) -> list[tuple[int, Fraction]]:
        return self.pool.at_least_rows

    @property
    def forms_html(self) -> str:
        return self.pool.forms_html

    def ruling_text(self) -> str:
        """The open tab's inputs, result and steps as plain text ("" without a result)."""
        if self.tabs.selected_index == 3:
            contest = self.contest
            if contest.results is None:
                return ""
            situation = input_lines(contest.widget, self.lang)
            steps = contest.trace_view.steps
            return ruling_text(self.t("title"), situation, contest.lines, steps, self.lang)
        if self.tabs.selected_index == 2:
            v5 = self.v5
            if v5.result is None:
                return ""
            result = [line for line in (v5.odds_text, v5.rouse_text, v5.advice_text) if line]
            situation = input_lines(v5.widget, self.lang)
            return ruling_text(self.t("title"), situation, result, v5.trace_view.steps, self.lang)
        attack = self.tabs.selected_index == 1
        if attack:
            if self.attack_result is None:
                return ""
            result = [self.attack.summary.text]
            steps = self.attack.trace.steps
        else:
            if not self.results:
                return ""
            result = [self.summary_text]
            steps = self.pool.trace_view.steps
        box = self.tabs.children[1 if attack else 0]
        return ruling_text(self.t("title"), input_lines(box, self.lang), result, steps, self.lang)

    def recompute(self) -> None:
        """Compute and show the one-roll results; bad input goes to the banner."""
        self.run(self._refresh)

    def _refresh(self) -> None:
        if invalid_fields(self.pool.widget):
            return  # a box holds a wrong number and says so: nothing is computed until then
        start = time.perf_counter()
        with on_failure(self.pool.clear):
            v = self.pool.read()
            results = _actions(
                v.dice,
                v.actions,
                v.difficulty,
                v.specialty,
                v.willpower,
                v.reroll_ones_cancel,
                v.wound,
            )
        self.pool.show(results)
        self.last_compute_ms = (time.perf_counter() - start) * 1000

    # -- attack -------------------------------------------------------------------------
    @property
    def attack_result(self) -> AttackResult | None:
        """The attack's result (the tab is built to give it)."""
        return self.attack.result

    def recompute_attack(self) -> None:
        self.run(self._refresh_attack)

    def _refresh_attack(self) -> None:
        part = self.attack
        if invalid_fields(part.widget):
            return  # a box holds a wrong number and says so: nothing is computed until then
        start = time.perf_counter()
        with on_failure(part.clear):
            result = _attack(tuple(sorted(part.read().arguments().items())))
        part.show(result)
        self.last_attack_ms = (time.perf_counter() - start) * 1000

    # -- tabs and labels ----------------------------------------------------------------
    def _on_tab(self, _change: dict[str, Any]) -> None:
        if self._sections.active == "v5":
            self.v5.reveal()
        elif self._sections.active == "contest":
            self.contest.reveal()

    def _tab_built(self, key: str, tab: HasWidget) -> None:
        """A tab was built (shown or used for the first time): label it, compute it."""
        if key == "attack":
            self.attack.relabel()
            self._first_result(self._refresh_attack)
        elif key == "v5":
            self._first_result(self.v5.relabel)
        elif key == "contest":
            self._first_result(self.contest.relabel)

    def _first_result(self, compute: Callable[[], None]) -> None:
        """A tab's first result, as it is built: a message the banner already shows (about the
        one-roll tab's input) stays."""
        if self.banner.visible:
            with contextlib.suppress(RuleError):
                compute()
        else:
            self.run(compute)

    def relabel(self) -> None:
        self._intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self.tabs.titles = (
            self.t("tab_pool"),
            self.t("tab_attack"),
            V5_LABELS.text("tab", self.lang),
            CONTEST_LABELS.text("c_tab", self.lang),
        )
        self.pool.relabel()
        if self._sections.is_built("attack"):
            self.attack.relabel()
            self.run(self._refresh_attack)
        if self._sections.is_built("v5"):
            self.run(self.v5.relabel)
        if self._sections.is_built("contest"):
            self.run(self.contest.relabel)
        # raises on bad input: the kit's run() around relabel() shows it in the banner
        self._refresh()
