"""The V5 tab of the V:tM dice page: Hunger dice, criticals, Willpower advice, rouse checks.

A part of the page (:mod:`calculators.kit.part`): it gets a context, never the page; its
texts and HTML come from :mod:`calculators.pages.vtm_dice.view`. Drive it through the page::

    app = VtmDicePage()
    app.v5.set_inputs(pool=7, hunger=2, difficulty=3)
    app.v5.result.messy       # Fraction
    app.v5.odds_text          # 'Win 78.00% · Critical win 14.97% · ...'
    app.v5.set_inputs(roll="10 7 3 2 1 / 10 1")
    app.v5.advice.best.faces  # (1, 2, 3)
"""

from __future__ import annotations

import time
from typing import Any

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.charts import DistributionChart
from calculators.kit.fields import SliderField, invalid_fields
from calculators.kit.fmt import escape
from calculators.kit.labels import Catalog
from calculators.kit.page import on_failure
from calculators.kit.panel import ResultPanel
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from calculators.pages.vtm_dice import view
from calculators.pages.vtm_dice.view import V5Inputs, V5Odds
from rules.errors import RuleError
from rules.i18n import msg
from rules.trace import Step
from rules.validation import whole
from rules.vtm import (
    MAX_HUNGER,
    MAX_V5_DIFFICULTY,
    MAX_V5_POOL,
    RerollAdvice,
    V5Result,
    WillpowerOdds,
    rouse_check,
    v5_pool,
    v5_reroll,
    v5_willpower,
)
from rules.vtm.notation import read_roll
from rules.vtm.v5_roll import HUNGER_PARAM, POOL_PARAM, check_difficulty

__all__ = ["LABELS", "V5Tab"]

INPUTS: tuple[str, ...] = ("pool", "hunger", "difficulty", "roll")

LABELS = Catalog(
    {
        "tab": msg("V5 (5th edition)"),
        "intro": msg(
            "Fifth edition dice: successes are 6-10, each pair of 10s is worth 4, and Hunger "
            "dice turn criticals messy and failures bestial. Every number is exact; hover it "
            "to see the fraction."
        ),
        "pool": msg("Dice pool"),
        "hunger": msg("Hunger"),
        "difficulty": msg("Difficulty"),
        "difficulty_note": msg(
            "Difficulty = successes needed; 0 means nothing to beat (every roll wins)."
        ),
        "hunger_dice": msg("Hunger dice"),
        "win": msg("Win"),
        "critical_win": msg("Critical win"),
        "messy": msg("Messy critical"),
        "bestial": msg("Bestial failure"),
        "total_failure": msg("Total failure"),
        "expected": msg("Expected successes"),
        "without": msg("Roll only"),
        "with_willpower": msg("With the advised Willpower re-roll"),
        "chart_title": msg("Successes (criticals counted)"),
        "successes": msg("Successes"),
        "willpower_title": msg("Willpower"),
        "spend_note": msg(
            "Re-rolling up to three regular dice as advised after each roll; the point is "
            "spent on {p} of the rolls (also to add successes to a roll that already wins, "
            "when that does not raise the chance of a messy critical)."
        ),
        "roll": msg("Your roll"),
        "roll_help": msg(
            "Every die of the pool: regular dice, then '/', then Hunger dice, e.g. 10 7 3 2 / 10 1"
        ),
        "roll_empty": msg("Type a roll to get the best Willpower re-roll for it."),
        "advice_reroll": msg(
            "Re-roll {faces}: win {win}, messy critical {messy}, bestial failure {bestial}."
        ),
        "advice_keep": msg("Keep the roll and the Willpower point: no re-roll does better."),
        "advice_now": msg("As rolled: {successes} successes, {state}."),
        "state_win": msg("a win"),
        "state_loss": msg("not a win"),
        "rouse_title": msg("Rouse check"),
        "rouse": msg(
            "At Hunger {h}: Hunger stays with {one} (one die), {two} (two dice, the better counts)."
        ),
        "rouse_5": msg(
            "At Hunger 5 the Blood cannot be roused by choice; a forced check calls for a "
            "hunger frenzy test."
        ),
    }
)


class V5Tab:
    """The V5 tab on a :class:`~calculators.kit.part.PartContext` (its language, banner and
    input holds); its inputs are in the page address as ``v5_`` + name.

    Test handles: :meth:`set_inputs`, :meth:`read`, :attr:`result`, :attr:`willpower`,
    :attr:`advice`, :attr:`odds_text`, :attr:`advice_text`, :attr:`advice_error` (a slip in
    the typed roll, shown beside the field), :attr:`rouse_text`, :attr:`chart`,
    :attr:`trace_view`, :attr:`last_compute_ms`.
    """

    def __init__(self, context: PartContext) -> None:
        self.context = context
        self.result: V5Result | None = None
        self.willpower: WillpowerOdds | None = None
        self.advice: RerollAdvice | None = None
        self.odds_text = ""
        self.advice_text = ""
        self.advice_error = ""
        self.rouse_text = ""
        self.last_compute_ms = 0.0
        self._base_steps: tuple[Step, ...] = ()

        wide = {"description_width": "160px"}

        def slider(value: int, low: int, high: int, css: str) -> widgets.IntSlider:
            s = widgets.IntSlider(
                value=value,
                min=low,
                max=high,
                continuous_update=False,
                style=wide,
                layout=widgets.Layout(width="430px"),
            )
            s.add_class(css)
            # the value is typed in a box beside the slider that says what is allowed
            self._typed[css] = SliderField(s, context, f"{css}-typed")
            return s

        self._typed: dict[str, SliderField] = {}
        self.pool = slider(6, 1, MAX_V5_POOL, "vtm-v5-pool")
        self.hunger = slider(1, 0, MAX_HUNGER, "vtm-v5-hunger")
        self.difficulty = slider(3, 0, MAX_V5_DIFFICULTY, "vtm-v5-difficulty")
        self.roll = widgets.Text(
            value="", continuous_update=False, style=wide, layout=widgets.Layout(width="430px")
        )
        self.roll.add_class("vtm-v5-roll")
        self._intro = widgets.HTML()
        self._difficulty_note = widgets.HTML()
        self._roll_help = widgets.HTML()
        self.summary = ResultPanel()
        self.summary.widget.add_class("vtm-v5-summary")
        self.chart = DistributionChart()
        self.chart.widget.add_class("vtm-v5-chart")
        self._willpower = widgets.HTML()
        self._willpower.add_class("vtm-v5-willpower")
        self._advice = widgets.HTML()
        self._advice.add_class("vtm-v5-advice")
        self._rouse = widgets.HTML()
        self._rouse.add_class("vtm-v5-rouse")
        self.trace_view = TraceView(deferred=True)
        self.widget = widgets.VBox(
            [
                self._intro,
                *(typed.widget for typed in self._typed.values()),
                self._difficulty_note,
                self.summary.widget,
                self.chart.widget,
                self._willpower,
                self.roll,
                self._roll_help,
                self._advice,
                self._rouse,
                self.trace_view.widget,
            ]
        )
        self.widget.add_class("vtm-v5")
        context.watch(self.pool, self.hunger, self.difficulty)
        self.roll.observe(self._on_roll, names="value")

    def t(self, key: str) -> str:
        return self.context.t(key)

    # -- the part contract ---------------------------------------------------------------
    def address_fields(self) -> dict[str, Field]:
        return widget_fields(self, prefix="v5_", depth=0)

    def read(self) -> V5Inputs:
        """The tab's inputs; a pool, Hunger or difficulty the rules refuse raises."""
        return V5Inputs(
            pool=whole(POOL_PARAM, self.pool.value, 1, MAX_V5_POOL),
            hunger=whole(HUNGER_PARAM, self.hunger.value, 0, MAX_HUNGER),
            difficulty=check_difficulty(self.difficulty.value),
            roll=self.roll.value,
        )

    def set_inputs(self, **values: Any) -> None:
        """Set several inputs at once (``pool``, ``hunger``, ``difficulty``, ``roll``)."""
        self.context.set_values(self, values, INPUTS)
        self.recompute()

    def _on_roll(self, _change: dict[str, Any]) -> None:
        if not self.context.held:
            self._refresh_advice()

    def reveal(self) -> None:
        """The tab is shown: draw the trace (deferred until then)."""
        self.trace_view.reveal()

    # -- computing ----------------------------------------------------------------------
    def recompute(self) -> None:
        self.context.run(self.refresh)

    def refresh(self) -> None:
        """Compute and show everything; raises on bad input (the page shows it)."""
        if invalid_fields(self.widget):
            return  # a box holds a wrong number and says so: nothing is computed until then
        start = time.perf_counter()
        with on_failure(self.clear):
            v = self.read()
            result = v5_pool(v.pool, v.hunger, v.difficulty)
            odds = v5_willpower(v.pool, v.hunger, v.difficulty)
        no_gain = (
            None
            if v.hunger >= MAX_HUNGER
            else (rouse_check(v.hunger).no_gain, rouse_check(v.hunger, dice=2).no_gain)
        )
        self.show(V5Odds(v, result, odds, no_gain))
        self._refresh_advice()
        self.last_compute_ms = (time.perf_counter() - start) * 1000

    def show(self, odds: V5Odds) -> None:
        """Draw the odds of the tab's inputs (the advice on a typed roll follows apart)."""
        t, r, w = self.t, odds.result, odds.willpower
        self.result, self.willpower = r, w
        self.summary.show(view.v5_summary_html(r, w, t))
        self.odds_text = view.v5_odds_text(r, t)
        self.chart.show(
            view.v5_bars(r),
            title=t("chart_title"),
            x_label=t("successes"),
            y_label=t("probability"),
        )
        self._willpower.value = view.willpower_html(w, t)
        self._base_steps = w.steps
        self.trace_view.show(w.steps, self.context.lang)
        self.rouse_text = view.rouse_text(odds.inputs.hunger, odds.rouse_no_gain, t)
        self._rouse.value = view.rouse_html(self.rouse_text, t)

    def clear(self) -> None:
        """Take the results of earlier inputs off the tab."""
        self.result = self.willpower = None
        self.odds_text = ""
        self.summary.clear()
        self.chart.show([])
        self._willpower.value = ""
        self.trace_view.clear()

    def _refresh_advice(self) -> None:
        lang = self.context.lang
        self.advice = None
        self.advice_text = ""
        self._advice.value = ""
        self.advice_error = ""
        self.trace_view.show(self._base_steps, lang)
        try:
            # read as typed: the pool's every die, the Hunger dice after a '/' (asked, never
            # guessed, when the roll does not mark them at Hunger above 0)
            typed = read_roll(self.roll.value, pool=self.pool.value, hunger=self.hunger.value)
            if typed is None:
                self._advice.value = view.roll_empty_html(self.t)
                return
            advice = v5_reroll(typed.regular, typed.hunger, self.difficulty.value)
        except RuleError as error:
            # a typing slip in the roll: said beside the field; the odds above stay
            self.advice_error = error.in_language(lang)
            self._advice.value = view.roll_error_html(self.advice_error)
            return
        self.advice = advice
        self.advice_text = view.advice_text(typed, advice, self.t, lang)
        self._advice.value = view.advice_html(typed, advice, self.t, lang)
        self.trace_view.show((*self._base_steps, *typed.steps, *advice.steps), lang)

    # -- labels -------------------------------------------------------------------------
    def relabel(self) -> None:
        self._intro.value = f"<p>{escape(self.t('intro'))}</p>"
        for key in ("pool", "hunger", "difficulty", "roll"):
            getattr(self, key).description = self.t(key)
        self._difficulty_note.value = f"<small>{escape(self.t('difficulty_note'))}</small>"
        self._roll_help.value = f"<small>{escape(self.t('roll_help'))}</small>"
        self.refresh()
