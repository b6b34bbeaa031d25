"""The V5 contests and checks tab of the V:tM dice page: a contest of two pools (win, tie, lose,
each side's messy and bestial chances, the margin's chart), the named Willpower strategies
beside the desk's best with the one it recommends, and the rouse, Blood Surge, remorse and
frenzy checks. Built on the kit's part contract (:class:`~calculators.kit.part.PartContext`);
its text comes from :mod:`~calculators.pages.vtm_dice.v5_contest_view`.

Drive it through the page::

    app = VtmDicePage()
    app.contest.set_inputs(pool_a=6, hunger_a=2, pool_b=5, hunger_b=1, tie="standoff")
    app.contest.results.contest.a_wins    # Fraction
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.charts import DistributionChart
from calculators.kit.fields import IntField, all_valid
from calculators.kit.fmt import escape
from calculators.kit.inputs import InputStyle
from calculators.kit.labels import Catalog
from calculators.kit.markup import heading
from calculators.kit.page import on_failure
from calculators.kit.panel import ResultPanel
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from calculators.pages.vtm_dice.v5_contest_view import (
    ContestResults,
    check_lines,
    checks_html,
    contest_html,
    contest_lines,
    margin_bars,
    strategies_html,
    strategy_line,
)
from rules.i18n import msg, msg_p
from rules.vtm import (
    MAX_HUNGER,
    MAX_V5_DIFFICULTY,
    MAX_V5_POOL,
    TIE_READINGS,
    blood_surge,
    frenzy_test,
    remorse_test,
    rouse_checks,
    v5_contest,
    v5_strategies,
)

INPUTS: tuple[str, ...] = (
    "pool_a",
    "hunger_a",
    "pool_b",
    "hunger_b",
    "tie",
    "difficulty",
    "checks",
    "blood_potency",
    "power_level",
    "humanity",
    "stains",
    "willpower",
    "frenzy_difficulty",
)

BOXES = InputStyle(label_width="170px", box_width="300px")

CONTEST_LABELS = Catalog(
    {
        "c_tab": msg("V5 contests and checks"),
        "c_intro": msg(
            "A contest of two V5 pools, the named Willpower strategies for the acting side's "
            "roll, and the rouse, Blood Surge, remorse and frenzy checks. Every number is "
            "exact; hover it to see the fraction."
        ),
        "c_contest": msg("Contest"),
        "c_pool_a": msg("Acting side A: dice"),
        "c_hunger_a": msg("A: Hunger"),
        "c_pool_b": msg("Resisting side B: dice"),
        "c_hunger_b": msg("B: Hunger"),
        "c_tie": msg("A tie"),
        "tie_acting": msg("goes to the acting side (default)"),
        "tie_standoff": msg("is a standoff: nobody carries it"),
        "tie_defender": msg("goes to the resisting side"),
        "c_a_wins": msg("A wins"),
        "c_tie_result": msg("Tie"),
        "c_b_wins": msg("B wins"),
        "c_side_a": msg("Side A"),
        "c_side_b": msg("Side B"),
        "c_prevails": msg("Carries it"),
        "c_margin": msg("Margin: A's successes minus B's"),
        "c_line": msg("A wins {a}, tie {tie}, B wins {b}"),
        "c_side_line": msg("{side}: carries it {prevails}, messy {messy}, bestial {bestial}"),
        "c_strategies": msg("Willpower strategies for A's roll"),
        "c_difficulty": msg("A's difficulty"),
        "s_strategy": msg("Strategy"),
        "s_spend": msg("Point spent"),
        "s_recommended": msg("recommended"),
        "s_line": msg("Recommended: {name} (win {win}, messy critical {messy})"),
        "c_checks_title": msg("Checks"),
        "c_checks": msg("Rouse checks"),
        "c_blood_potency": msg("Blood Potency"),
        "c_power_level": msg("Power's level"),
        "c_humanity": msg_p("v5 checks", "Humanity"),
        "c_stains": msg("Stains"),
        "c_willpower": msg_p("v5 checks", "Willpower"),
        "c_frenzy_difficulty": msg("Frenzy difficulty"),
        "k_rouse": msg("Rouse checks: {checks}, at Hunger {hunger}; Hunger after them:"),
        "k_surge": msg("Blood Surge (+{dice} dice) on A's roll: win"),
        "k_remorse": msg("Remorse test with {stains} Stains: Humanity kept"),
        "k_frenzy": msg("Frenzy test on {dice} dice: resisted"),
    }
)


class V5ContestTab:
    """The tab's inputs and results; :meth:`recompute` computes them (errors to the banner).

    Test handles: :meth:`set_inputs`, :attr:`results`, :attr:`lines`, :attr:`chart`,
    :attr:`trace_view`.
    """

    def __init__(self, context: PartContext) -> None:
        self.context = context
        self.results: ContestResults | None = None
        self.lines: tuple[str, ...] = ()
        c = context
        self.pool_a = BOXES.int_box(c, 6, 0, MAX_V5_POOL, "vtm-c-pool-a")
        self.hunger_a = BOXES.int_box(c, 2, 0, MAX_HUNGER, "vtm-c-hunger-a")
        self.pool_b = BOXES.int_box(c, 5, 0, MAX_V5_POOL, "vtm-c-pool-b")
        self.hunger_b = BOXES.int_box(c, 1, 0, MAX_HUNGER, "vtm-c-hunger-b")
        self.tie = widgets.Dropdown(
            options=[(k, k) for k in TIE_READINGS],
            value="acting",
            style={"description_width": "170px"},
            layout=widgets.Layout(width="100%", max_width="420px"),
        )
        self.tie.add_class("vtm-c-tie")
        self.difficulty = BOXES.int_box(c, 3, 0, MAX_V5_DIFFICULTY, "vtm-c-difficulty")
        self.checks = BOXES.int_box(c, 1, 1, 5, "vtm-c-checks")
        self.blood_potency = BOXES.int_box(c, 1, 0, 10, "vtm-c-bp")
        self.power_level = BOXES.int_box(c, 0, 0, 5, "vtm-c-power")
        self.humanity = BOXES.int_box(c, 7, 0, 10, "vtm-c-humanity")
        self.stains = BOXES.int_box(c, 2, 0, 10, "vtm-c-stains")
        self.willpower = BOXES.int_box(c, 4, 0, 10, "vtm-c-willpower")
        self.frenzy_difficulty = BOXES.int_box(c, 3, 1, 60, "vtm-c-frenzy")
        self._intro = widgets.HTML()
        self._titles = {
            key: widgets.HTML() for key in ("c_contest", "c_strategies", "c_checks_title")
        }
        self.contest_panel = ResultPanel()
        self.contest_panel.widget.add_class("vtm-contest")
        self.chart = DistributionChart()
        self.strategies_view = widgets.HTML()
        self.strategies_view.add_class("vtm-strategies-view")
        self.checks_view = widgets.HTML()
        self.checks_view.add_class("vtm-checks-view")
        self.trace_view = TraceView(deferred=True)
        self.widget = widgets.VBox(
            [
                self._intro,
                self._titles["c_contest"],
                self.pool_a,
                self.hunger_a,
                self.pool_b,
                self.hunger_b,
                self.tie,
                self.contest_panel.widget,
                self.chart.widget,
                self._titles["c_strategies"],
                self.difficulty,
                self.strategies_view,
                self._titles["c_checks_title"],
                self.checks,
                self.blood_potency,
                self.power_level,
                self.humanity,
                self.stains,
                self.willpower,
                self.frenzy_difficulty,
                self.checks_view,
                self.trace_view.widget,
            ]
        )
        self.widget.add_class("vtm-v5-contest")
        context.watch(*(getattr(self, key) for key in INPUTS))

    # -- the part contract ---------------------------------------------------------------
    def address_fields(self) -> dict[str, Field]:
        return widget_fields(self, prefix="v5c_", depth=0)

    def number_fields(self) -> list[IntField]:
        return [getattr(self, key) for key in INPUTS if key != "tie"]

    def read(self) -> dict[str, Any]:
        return {key: getattr(self, key).value for key in INPUTS}

    def set_inputs(self, **values: Any) -> None:
        """Set several inputs at once (names of ``INPUTS``), then recompute once."""
        self.context.set_values(self, values, INPUTS)
        self.recompute()

    def recompute(self) -> None:
        self.context.run(self._refresh)

    def _refresh(self) -> None:
        if not all_valid(self.number_fields()):
            return
        v = self.read()
        with on_failure(self.clear):
            results = ContestResults(
                contest=v5_contest(
                    v["pool_a"], v["hunger_a"], v["pool_b"], v["hunger_b"], tie=v["tie"]
                ),
                strategies=v5_strategies(max(v["pool_a"], 1), v["hunger_a"], v["difficulty"]),
                # at Hunger 5 the Blood cannot be roused by choice: no rouse, no surge
                rouse=None
                if v["hunger_a"] == MAX_HUNGER
                else rouse_checks(
                    v["hunger_a"],
                    v["checks"],
                    blood_potency=v["blood_potency"],
                    power_level=v["power_level"],
                ),
                surge=None
                if v["hunger_a"] == MAX_HUNGER
                else blood_surge(
                    max(v["pool_a"], 1),
                    v["hunger_a"],
                    v["difficulty"],
                    blood_potency=v["blood_potency"],
                ),
                remorse=remorse_test(v["humanity"], v["stains"]),
                frenzy=frenzy_test(v["willpower"], v["humanity"], v["frenzy_difficulty"]),
            )
        self.show(results)

    def show(self, results: ContestResults) -> None:
        t, lang = self.context.t, self.context.lang
        self.results = results
        self.contest_panel.show(contest_html(results.contest, t), title=t("c_contest"))
        self.chart.show(margin_bars(results.contest), title=t("c_margin"))
        self.strategies_view.value = strategies_html(results.strategies, t, lang) + (
            f"<p>{escape(strategy_line(results.strategies, t, lang))}</p>"
        )
        self.checks_view.value = checks_html(results, t)
        self.lines = (
            *contest_lines(results.contest, t),
            strategy_line(results.strategies, t, lang),
            *check_lines(results, t),
        )
        self.trace_view.show(results.steps, lang)

    def clear(self) -> None:
        self.results = None
        self.lines = ()
        self.contest_panel.clear()
        self.chart.widget.value = ""
        self.strategies_view.value = ""
        self.checks_view.value = ""
        self.trace_view.clear()

    def reveal(self) -> None:
        self.trace_view.reveal()

    def relabel(self) -> None:
        t = self.context.t
        self._intro.value = f"<p>{escape(t('c_intro'))}</p>"
        for key, title in self._titles.items():
            title.value = heading(t(key))
        for key in INPUTS:
            getattr(self, key).description = t(f"c_{key}")
        value = self.tie.value
        with self.context.hold():
            self.tie.options = [(t(f"tie_{k}"), k) for k in TIE_READINGS]
            self.tie.value = value
        self._refresh()
