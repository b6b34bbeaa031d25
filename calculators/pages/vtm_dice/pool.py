"""The V:tM dice page's one-roll tab: a pool of dice, its edition's rules, and its odds.

A part (:mod:`calculators.kit.part`): it gets a context, never the page. :meth:`PoolPart.read`
gives the inputs as a frozen :class:`~calculators.pages.vtm_dice.view.PoolInputs` (a wound the
rules do not let act raises); :meth:`PoolPart.show` draws the engine's results, its texts and
HTML coming from :mod:`calculators.pages.vtm_dice.view`.
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.charts import DistributionChart
from calculators.kit.fields import SliderField
from calculators.kit.inputs import check_box, typed_slider
from calculators.kit.layout import columns
from calculators.kit.on_demand import ready
from calculators.kit.panel import ResultPanel
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from calculators.pages.vtm_dice import view
from calculators.pages.vtm_dice.inputs import VTM_INPUTS, own_width
from calculators.pages.vtm_dice.labels import POOL_INPUTS, WOUND_CHOICES
from calculators.pages.vtm_dice.view import PoolInputs
from rules.vtm import EDITIONS, UNHURT, PoolResult, pool, specialty_for_edition, wound_penalty

__all__ = ["PoolPart"]


class PoolPart:
    """The one-roll tab's inputs and results.

    Test handles: :attr:`results` (one :class:`PoolResult` per action), :attr:`botch_text`,
    :attr:`summary_text`, :attr:`at_least_rows`, :attr:`forms_html`, :attr:`summary`,
    :attr:`chart`, :attr:`trace_view`.
    """

    def __init__(self, context: PartContext) -> None:
        self.context = context
        self.results: tuple[PoolResult, ...] = ()
        self.botch_text = ""
        self.summary_text = ""
        self.at_least_rows: list[tuple[int, Fraction]] = []
        self.forms_html = ""
        wide = VTM_INPUTS.style
        self.dice = VTM_INPUTS.slider(6, 1, 50)
        self.difficulty = VTM_INPUTS.slider(6, 2, 10)
        self.edition = widgets.ToggleButtons(options=[(e, e) for e in EDITIONS], value="revised")
        self._edition_label = widgets.Label()
        self.specialty = check_box(False, layout=own_width())
        self.reroll_ones_cancel = check_box(False, layout=own_width())
        self.willpower = check_box(False, layout=own_width())
        self.wound = widgets.Dropdown(
            options=[(w, w) for w in WOUND_CHOICES], value=UNHURT, style=wide
        )
        self.actions = VTM_INPUTS.slider(1, 1, 5)
        self.exact = check_box(False, layout=own_width())
        self.closed_forms = check_box(False, layout=own_width())
        for key in POOL_INPUTS:
            getattr(self, key).add_class(f"vtm-{key.replace('_', '-')}")
        # each slider's value is typed in a box beside it that says what is allowed
        self._typed: dict[str, SliderField] = {}

        self._botch = widgets.HTML()
        self._botch.add_class("vtm-botch")
        self.summary = ResultPanel()
        self.summary.widget.add_class("vtm-summary")
        self.chart = DistributionChart()
        self.chart.widget.add_class("vtm-chart")
        self._tail_note = widgets.HTML()
        self._at_least = widgets.HTML()
        self._at_least.add_class("vtm-at-least")
        self._actions_table = widgets.HTML()
        self._actions_table.add_class("vtm-actions")
        self._forms = widgets.HTMLMath()
        self._forms.add_class("vtm-forms")
        self.trace_view = TraceView()

        typed = self._typed_row
        inputs = widgets.VBox(
            [
                typed("dice"),
                typed("difficulty"),
                widgets.HBox([self._edition_label, self.edition]),
                self.specialty,
                self.reroll_ones_cancel,
                self.willpower,
                self.wound,
                typed("actions"),
                self.exact,
                self.closed_forms,
            ]
        )
        outputs = widgets.VBox(
            [
                self._botch,
                self.summary.widget,
                self.chart.widget,
                self._tail_note,
                widgets.HBox([self._at_least, self._actions_table]),
                self._forms,
                self.trace_view.widget,
            ]
        )
        self.widget = columns(inputs, outputs)
        context.watch(*(getattr(self, key) for key in POOL_INPUTS))

    def _typed_row(self, key: str) -> widgets.HBox:
        """The slider ``key`` with the box beside it where its value is typed."""
        css = f"vtm-{key.replace('_', '-')}-typed"
        self._typed[key] = typed_slider(getattr(self, key), self.context, css)
        return self._typed[key].widget

    # -- the part contract ---------------------------------------------------------------
    def address_fields(self) -> dict[str, Field]:
        fields = widget_fields(self, depth=0)
        return {key: fields[key] for key in POOL_INPUTS}

    def read(self) -> PoolInputs:
        """The roll the inputs describe; a wound the rules do not let roll raises."""
        self._follow_edition()
        wound = None if self.wound.value == UNHURT else self.wound.value
        if wound_penalty(wound) is None:
            pool(1, wound=wound)  # the engine refuses it with its message
        revised = self.edition.value == "revised" and self.specialty.value
        return PoolInputs(
            dice=self.dice.value,
            actions=self.actions.value,
            difficulty=self.difficulty.value,
            specialty=specialty_for_edition(self.edition.value) if self.specialty.value else None,
            willpower=self.willpower.value,
            reroll_ones_cancel=bool(self.reroll_ones_cancel.value and revised),
            wound=wound,
        )

    def _follow_edition(self) -> None:
        """The Revised specialty's "ones cancel the re-roll" switch shows only where it applies."""
        revised = self.edition.value == "revised" and self.specialty.value
        self.reroll_ones_cancel.layout.display = None if revised else "none"

    def show(self, results: tuple[PoolResult, ...]) -> None:
        """Draw one result per action (the first in full), fractions shown when asked."""
        t, exact = self.context.t, self.exact.value
        r = results[0]
        self.results = results
        self.botch_text = view.botch_text(r, t)
        self._botch.value = view.botch_html(r, t)
        self.summary.show(view.pool_summary_html(r, t, exact))
        self.summary_text = view.pool_summary_text(r, t)
        self.chart.show(
            view.pool_bars(r, t),
            title=t("chart_title"),
            x_label=t("successes"),
            y_label=t("probability"),
        )
        self._tail_note.value = view.tail_note_html(r, t)
        self.at_least_rows = list(r.at_least_table())
        self._at_least.value = view.at_least_html(r, t, exact)
        self._actions_table.value = view.actions_html(results, t, exact)
        self._show_forms(r)
        self.trace_view.show(r.steps, self.context.lang)

    def _show_forms(self, r: PoolResult) -> None:
        if not self.closed_forms.value:
            self.forms_html = ""
            self._forms.value = ""
            return
        if not ready(("sympy",), lambda: self._show_forms(r)):  # the static site fetches it
            self._forms.value = view.forms_loading_html(self.context.t)
            return
        self.forms_html = view.forms_html(r, self.context.t, self.context.lang)
        self._forms.value = self.forms_html

    def clear(self) -> None:
        """Take the results of earlier inputs off the tab."""
        self.results = ()
        self.botch_text = ""
        self._botch.value = ""
        self.summary.clear()
        self.chart.show([])
        self._at_least.value = ""
        self._actions_table.value = ""
        self._tail_note.value = ""
        self._forms.value = ""
        self.trace_view.clear()

    def relabel(self) -> None:
        t = self.context.t
        for key in ("dice", "difficulty", "wound", "actions"):
            getattr(self, key).description = t(key)
        for key in ("specialty", "reroll_ones_cancel", "willpower", "exact", "closed_forms"):
            getattr(self, key).description = t(key)
        self._edition_label.value = t("edition")
        self.context.relabel_options(self.edition, EDITIONS)
        self.context.relabel_options(self.wound, WOUND_CHOICES)
