"""The V5 contests and checks tab's text and pictures, from frozen results (no widgets)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from calculators.kit.charts import Bar, distribution_bars
from calculators.kit.fmt import escape, exact_html, mean_html, percent
from rules.trace import Step
from rules.vtm import (
    STRATEGIES,
    STRATEGY_NAMES,
    BloodSurge,
    FrenzyTest,
    RemorseTest,
    RouseChecks,
    V5Contest,
    V5Strategies,
)

Words = Callable[[str], str]

A_COLOR = "#1b5e20"
TIE_COLOR = "#5f5f5f"
B_COLOR = "#7a1f2b"


@dataclass(frozen=True)
class ContestResults:
    """Everything the tab computed for its inputs."""

    contest: V5Contest
    strategies: V5Strategies
    rouse: RouseChecks | None
    """None at Hunger 5 (the Blood cannot be roused by choice); so is ``surge``."""
    surge: BloodSurge | None
    remorse: RemorseTest
    frenzy: FrenzyTest

    @property
    def steps(self) -> tuple[Step, ...]:
        return (
            *self.contest.steps,
            *self.strategies.steps,
            *(self.rouse.steps if self.rouse else ()),
            *(self.surge.steps if self.surge else ()),
            *self.remorse.steps,
            *self.frenzy.steps,
        )


def _table(head: list[str], rows: list[list[str]], css: str) -> str:
    head_html = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f'<div style="overflow-x:auto" tabindex="0"><table class="calc-table {css}">'
        f"<thead><tr>{head_html}"
        f"</tr></thead><tbody>{body}</tbody></table></div>"
    )


def contest_html(contest: V5Contest, t: Words) -> str:
    """Who carries the contest, then each side's criticals, messy criticals and bestial
    failures (each percent's hover title is the exact fraction)."""
    outcome = _table(
        [t("c_a_wins"), t("c_tie_result"), t("c_b_wins")],
        [[exact_html(contest.a_wins), exact_html(contest.tie), exact_html(contest.b_wins)]],
        "vtm-contest-outcome",
    )
    rows = []
    for key, side in (("c_side_a", contest.a), ("c_side_b", contest.b)):
        rows.append(
            [
                escape(t(key)),
                exact_html(side.prevails),
                exact_html(side.critical_win),
                exact_html(side.messy),
                exact_html(side.bestial),
            ]
        )
    sides = _table(
        ["", t("c_prevails"), t("critical_win"), t("messy"), t("bestial")],
        rows,
        "vtm-contest-sides",
    )
    return outcome + sides


def contest_lines(contest: V5Contest, t: Words) -> list[str]:
    return [
        t("c_line").format(
            a=percent(contest.a_wins), tie=percent(contest.tie), b=percent(contest.b_wins)
        ),
        t("c_side_line").format(
            side=t("c_side_a"),
            prevails=percent(contest.a.prevails),
            messy=percent(contest.a.messy),
            bestial=percent(contest.a.bestial),
        ),
        t("c_side_line").format(
            side=t("c_side_b"),
            prevails=percent(contest.b.prevails),
            messy=percent(contest.b.messy),
            bestial=percent(contest.b.bestial),
        ),
    ]


def margin_bars(contest: V5Contest) -> list[Bar]:
    """One bar per margin (A's successes minus B's): A's in green, ties grey, B's red."""
    colors = {m: A_COLOR if m > 0 else TIE_COLOR if m == 0 else B_COLOR for m in contest.margin}
    return distribution_bars(contest.margin, colors)


def strategies_html(odds: V5Strategies, t: Words, lang: str) -> str:
    """The roll without Willpower, each named strategy and the desk's best, side by side; the
    recommended strategy is marked."""
    head = [
        t("s_strategy"),
        t("win"),
        t("critical_win"),
        t("messy"),
        t("bestial"),
        t("s_spend"),
        t("expected"),
    ]
    w = odds.without
    rows = [
        [
            escape(t("without")),
            exact_html(w.win),
            exact_html(w.critical_win),
            exact_html(w.messy),
            exact_html(w.bestial),
            exact_html(Fraction(0)),
            mean_html(w.expected),
        ]
    ]
    for name in STRATEGIES:
        s = odds.strategies[name]
        label = escape(STRATEGY_NAMES[name].render(lang))
        if name == odds.recommended:
            label = f"<b>{label} ({escape(t('s_recommended'))})</b>"
        rows.append(
            [
                label,
                exact_html(s.win),
                exact_html(s.critical_win),
                exact_html(s.messy),
                exact_html(s.bestial),
                exact_html(s.spend),
                mean_html(s.expected),
            ]
        )
    b = odds.best
    rows.append(
        [
            escape(STRATEGY_NAMES["best"].render(lang)),
            exact_html(b.win),
            exact_html(b.critical_win),
            exact_html(b.messy),
            exact_html(b.bestial),
            exact_html(b.spend),
            mean_html(b.expected),
        ]
    )
    return _table(head, rows, "vtm-strategies")


def strategy_line(odds: V5Strategies, t: Words, lang: str) -> str:
    best = odds.strategies[odds.recommended]
    return t("s_line").format(
        name=STRATEGY_NAMES[odds.recommended].render(lang),
        win=percent(best.win),
        messy=percent(best.messy),
    )


def _check_items(results: ContestResults, t: Words, html: bool) -> list[str]:
    def show(p: Fraction) -> str:
        return exact_html(p) if html else percent(p)

    def say(text: str) -> str:
        return escape(text) if html else text

    r, s, m, f = results.rouse, results.surge, results.remorse, results.frenzy
    items = []
    if r is None or s is None:
        items.append(say(t("rouse_5")))
    else:
        after = ", ".join(f"{k}: {show(p)}" for k, p in sorted(r.hunger_after.items()))
        items.append(say(t("k_rouse").format(checks=r.checks, hunger=r.hunger)) + " " + after)
        items.append(
            say(t("k_surge").format(dice=s.surge_dice))
            + f" {show(s.win)} ({say(t('without'))}: {show(s.without.win)})"
        )
    items.append(say(t("k_remorse").format(stains=m.stains)) + f" {show(m.keeps)}")
    items.append(say(t("k_frenzy").format(dice=f.dice)) + f" {show(f.resists)}")
    return items


def checks_html(results: ContestResults, t: Words) -> str:
    """Rouse checks, Blood Surge, remorse and frenzy, one line each."""
    items = _check_items(results, t, html=True)
    return '<ul class="vtm-checks">' + "".join(f"<li>{i}</li>" for i in items) + "</ul>"


def check_lines(results: ContestResults, t: Words) -> list[str]:
    return _check_items(results, t, html=False)
