"""The trace view: numbered steps, each citing its rule as a link to the reference page."""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.labels import COMMON
from calculators.kit.links import REFERENCE_PAGE, page_url
from calculators.kit.markup import heading
from rules.trace import Step


def rule_url(rule: str, lang: str) -> str:
    """The address of the reference page showing section ``rule``, relative to a calculator page."""
    return page_url(REFERENCE_PAGE, lang, section=rule)


def rule_title(rule: str, lang: str) -> str:
    """The section's title, or ``""`` when the reference does not know it."""
    try:
        from rules.reference import lookup

        return lookup(rule).title[lang]
    except Exception:  # the reference is optional for the trace view
        return ""


def rule_link(rule: str, lang: str) -> str:
    title = rule_title(rule, lang) or COMMON.text("rule_link", lang)
    return (
        f'<a class="calc-rule" href="{escape(rule_url(rule, lang))}" target="_blank" '
        f'title="{escape(title)}">{escape(rule)}</a>'
    )


def trace_html(steps: Iterable[Step], lang: str) -> str:
    items = "".join(
        f"<li>{rule_link(step.rule, lang)} {escape(step.in_language(lang))}</li>" for step in steps
    )
    return f'<ol class="calc-trace">{items}</ol>'


class TraceView:
    """Numbered steps of an engine result.

    ``deferred=True`` (a view on a tab not open yet): :meth:`show` keeps the steps (``text``
    works) but draws nothing until :meth:`reveal`, because drawing the rule links loads the
    rules reference, which a cold kernel need not wait for.
    """

    def __init__(self, *, deferred: bool = False) -> None:
        self.widget = widgets.HTML(value="")
        self.widget.add_class("calc-trace-view")
        self.steps: tuple[Step, ...] = ()
        self.lang = "en"
        self.deferred = deferred

    def show(self, steps: Iterable[Step], lang: str | None = None) -> None:
        self.steps = tuple(steps)
        if lang is not None:
            self.lang = lang
        if self.deferred:
            return
        title = heading(COMMON.text("trace", self.lang))
        self.widget.value = f"{title}{trace_html(self.steps, self.lang)}"

    def reveal(self) -> None:
        """Stop deferring, and draw the steps kept so far."""
        if self.deferred:
            self.deferred = False
            if self.steps:
                self.show(self.steps)

    def clear(self) -> None:
        self.steps = ()
        self.widget.value = ""

    @property
    def text(self) -> str:
        """The steps as plain numbered lines, for tests and copying."""
        return "\n".join(
            f"{i}. [{s.rule}] {s.in_language(self.lang)}" for i, s in enumerate(self.steps, 1)
        )
