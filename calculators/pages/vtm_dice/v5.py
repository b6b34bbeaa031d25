"""The V5 tab of the V:tM dice page: Hunger dice, criticals, Willpower advice, rouse checks.

Drive it without a browser, through the page::

    app = VtmDicePage()
    app.v5.set_inputs(pool=7, hunger=2, difficulty=3)
    app.v5.result.messy       # Fraction
    app.v5.odds_text          # 'Win 78.00% · Critical win 14.97% · ...'
    app.v5.set_inputs(roll="10 7 3 2 1 / 10 1")
    app.v5.advice.best.faces  # (1, 2, 3)
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from calculators.kit.charts import Bar, DistributionChart
from calculators.kit.fields import SliderField, invalid_fields
from calculators.kit.fmt import escape, exact_html, mean_html, percent
from calculators.kit.labels import COMMON, Catalog
from calculators.kit.markup import Markup, heading, table
from calculators.kit.page import on_failure
from calculators.kit.panel import ResultPanel
from calculators.kit.trace_view import TraceView
from rules.errors import RuleError
from rules.i18n import msg
from rules.trace import Step
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

if TYPE_CHECKING:
    from calculators.kit.page import Page

__all__ = ["V5Tab"]

INPUTS: tuple[str, ...] = ("pool", "hunger", "difficulty", "roll")

WIN_COLOR = "#1b5e20"
LOSS_COLOR = "#5f5f5f"

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
    """The V5 tab; ``app`` is the page it lives on (its language, banner and input holds).

    Test handles: :meth:`set_inputs`, :attr:`result`, :attr:`willpower`, :attr:`advice`,
    :attr:`odds_text`, :attr:`advice_text`, :attr:`advice_error` (a slip in the typed
    roll, shown beside the field), :attr:`rouse_text`, :attr:`chart`,
    :attr:`trace_view`, :attr:`last_compute_ms`.
    """

    def __init__(self, app: Page) -> None:
        self.app = app
        self._catalog = COMMON.merged(LABELS)
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
            self._typed[css] = SliderField(s, app, f"{css}-typed")
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
        for key in ("pool", "hunger", "difficulty"):
            getattr(self, key).observe(self._on_change, names="value")
        self.roll.observe(self._on_roll, names="value")

    def t(self, key: str) -> str:
        return self._catalog.text(key, self.app.lang)

    # -- inputs -------------------------------------------------------------------------
    def set_inputs(self, **values: Any) -> None:
        """Set several inputs at once (``pool``, ``hunger``, ``difficulty``, ``roll``)."""
        self.app.set_values(self, values, INPUTS)
        self.recompute()

    def _on_change(self, _change: dict[str, Any]) -> None:
        if not self.app.held:
            self.recompute()

    def _on_roll(self, _change: dict[str, Any]) -> None:
        if not self.app.held:
            self._refresh_advice()

    def reveal(self) -> None:
        """The tab is shown: draw the trace (deferred until then)."""
        self.trace_view.reveal()

    # -- computing ----------------------------------------------------------------------
    def recompute(self) -> None:
        self.app.run(self.refresh)

    def refresh(self) -> None:
        """Compute and show everything; raises on bad input (the page shows it)."""
        if invalid_fields(self.widget):
            return  # a box holds a wrong number and says so: nothing is computed until then
        start = time.perf_counter()
        with on_failure(self._clear_results):
            result = v5_pool(self.pool.value, self.hunger.value, self.difficulty.value)
            odds = v5_willpower(self.pool.value, self.hunger.value, self.difficulty.value)
        self.result, self.willpower = result, odds
        self._render(result, odds)
        self._render_rouse()
        self._refresh_advice()
        self.last_compute_ms = (time.perf_counter() - start) * 1000

    def _clear_results(self) -> None:
        """Take the results of earlier inputs off the tab."""
        self.result = self.willpower = None
        self.odds_text = ""
        self.summary.clear()
        self.chart.show([])
        self._willpower.value = ""
        self.trace_view.clear()

    def _render(self, r: V5Result, w: WillpowerOdds) -> None:
        keys = ("win", "critical_win", "messy", "bestial", "total_failure")
        rows = [
            (self.t(k), Markup(exact_html(getattr(r, k))), Markup(exact_html(getattr(w, k))))
            for k in keys
        ]
        rows.append(
            (self.t("expected"), Markup(mean_html(r.expected)), Markup(mean_html(w.expected)))
        )
        head = (
            f"{self.t('hunger_dice')}: {r.hunger_dice}",
            self.t("without"),
            self.t("with_willpower"),
        )
        self.summary.show(table(head, rows, row_headers=True))
        self.odds_text = " · ".join(f"{self.t(k)} {percent(getattr(r, k))}" for k in keys)
        bars = [
            Bar(str(k), p, WIN_COLOR if k >= r.difficulty else LOSS_COLOR)
            for k, p in self._all_values(r.successes)
        ]
        self.chart.show(
            bars,
            title=self.t("chart_title"),
            x_label=self.t("successes"),
            y_label=self.t("probability"),
        )
        note = self.t("spend_note").format(p=percent(w.spend))
        self._willpower.value = (
            heading(self.t("willpower_title")) + f"<small>{escape(note)}</small>"
        )
        self._base_steps = w.steps
        self.trace_view.show(w.steps, self.app.lang)

    @staticmethod
    def _all_values(distribution: dict[int, Fraction]) -> list[tuple[int, Fraction]]:
        top = max(distribution)
        return [(k, distribution.get(k, Fraction(0))) for k in range(top + 1)]

    def _render_rouse(self) -> None:
        h = self.hunger.value
        if h >= MAX_HUNGER:
            self.rouse_text = self.t("rouse_5")
        else:
            one, two = rouse_check(h).no_gain, rouse_check(h, dice=2).no_gain
            self.rouse_text = self.t("rouse").format(h=h, one=percent(one), two=percent(two))
        self._rouse.value = heading(self.t("rouse_title")) + f"<p>{escape(self.rouse_text)}</p>"

    def _refresh_advice(self) -> None:
        self.advice = None
        self.advice_text = ""
        self._advice.value = ""
        self.advice_error = ""
        self.trace_view.show(self._base_steps, self.app.lang)
        try:
            # read as typed: the pool's every die, the Hunger dice after a '/' (asked, never
            # guessed, when the roll does not mark them at Hunger above 0)
            typed = read_roll(self.roll.value, pool=self.pool.value, hunger=self.hunger.value)
            if typed is None:
                self._advice.value = f"<small>{escape(self.t('roll_empty'))}</small>"
                return
            advice = v5_reroll(typed.regular, typed.hunger, self.difficulty.value)
        except RuleError as error:
            # a typing slip in the roll: said beside the field; the odds above stay
            self.advice_error = error.in_language(self.app.lang)
            self._advice.value = (
                f'<div class="calc-error-box" role="alert">{escape(self.advice_error)}</div>'
            )
            return
        self.advice = advice
        state = self.t("state_win" if advice.keep.win == 1 else "state_loss")
        now = self.t("advice_now").format(successes=advice.successes, state=state)
        best = advice.best
        if best.dice:
            tip = self.t("advice_reroll").format(
                faces=" ".join(str(f) for f in best.faces),
                win=percent(best.win),
                messy=percent(best.messy),
                bestial=percent(best.bestial),
            )
        else:
            tip = self.t("advice_keep")
        read = " ".join(w.in_language(self.app.lang) for w in typed.warnings)
        self.advice_text = " ".join(part for part in (read, now, tip) if part)
        note = f'<div class="calc-help vtm-v5-read">{escape(read)}</div>' if read else ""
        self._advice.value = f"{note}<p><b>{escape(now)}</b> {escape(tip)}</p>"
        steps = (*self._base_steps, *typed.steps, *advice.steps)
        self.trace_view.show(steps, self.app.lang)

    # -- labels -------------------------------------------------------------------------
    def relabel(self) -> None:
        self._intro.value = f"<p>{escape(self.t('intro'))}</p>"
        for key in ("pool", "hunger", "difficulty", "roll"):
            getattr(self, key).description = self.t(key)
        self._difficulty_note.value = f"<small>{escape(self.t('difficulty_note'))}</small>"
        self._roll_help.value = f"<small>{escape(self.t('roll_help'))}</small>"
        self.refresh()
