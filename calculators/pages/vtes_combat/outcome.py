"""VTES combat page's outcome: the story, the final state, what is left to the judge, the steps."""

from __future__ import annotations

from calculators.kit.address import Field
from calculators.kit.panel import ResultPanel
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from calculators.pages.vtes_combat import view
from calculators.pages.vtes_combat.controls import SHARED
from calculators.pages.vtes_combat.inputs import CombatOutcome
from rules.vtes.combat import CombatReport


class OutcomePart:
    """A resolved combat in words; :meth:`show` draws an outcome, :meth:`clear` takes it off."""

    def __init__(self, context: PartContext) -> None:
        self.context = context
        self.outcome: CombatOutcome | None = None
        self.narrative: tuple[str, ...] = ()
        self.final_text = ""
        self.story = ResultPanel()
        self.story.widget.add_class("vtes-story")
        self.final = ResultPanel()
        self.final.widget.add_class("vtes-final")
        self.judge = ResultPanel()
        self.judge.widget.add_class("vtes-left-to-judge")
        self.trace_view = TraceView()
        self.widget = SHARED.vbox(
            [self.story.widget, self.final.widget, self.judge.widget, self.trace_view.widget]
        )

    @property
    def report(self) -> CombatReport | None:
        return None if self.outcome is None else self.outcome.report

    def address_fields(self) -> dict[str, Field]:
        return {}

    def read(self) -> None:
        """The outcome has no inputs."""

    def show(self, outcome: CombatOutcome) -> None:
        t, lang = self.context.t, self.context.lang
        report = outcome.report
        self.outcome = outcome
        self.narrative = report.narrative_in(lang)
        self.story.show(view.story_html(report, t, lang), title=t("story"))
        self.final.show(view.final_html(report, t), title=t("final"))
        self.final_text = self.final.text
        judge = view.judge_html(outcome.left_to_judge, lang)
        if judge:
            self.judge.show(judge, title=t("judge"))
        else:
            self.judge.clear()
        self.trace_view.show(outcome.steps, lang)

    def clear(self) -> None:
        self.outcome = None
        self.narrative = ()
        self.final_text = ""
        self.story.clear()
        self.final.clear()
        self.judge.clear()
        self.trace_view.clear()

    def relabel(self) -> None:
        if self.outcome is not None:
            self.show(self.outcome)

    def ruling(self) -> str:
        """The outcome as plain text ("" while there is none)."""
        if self.outcome is None:
            return ""
        return view.ruling(self.outcome, self.context.t, self.context.lang)
