"""Fury of Dracula page's group combat: the group's outcomes and each hunter's own share."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from calculators.kit.fmt import escape, exact_html
from calculators.kit.markup import Cell, Markup, table

if TYPE_CHECKING:
    from calculators.pages.dracula.page import DraculaPage


def group_html(app: DraculaPage) -> str:
    """The group's outcomes and each hunter's own share, or why they were not computed."""
    problem = getattr(app, "_group_problem", None)
    if problem is not None:
        why = problem.in_language(app.lang)
        return (
            '<p class="drac-group-refused" style="color:#8b1a1a">'
            f"{escape(app.t('group_refused').format(why=why))}</p>"
        )
    g = app.group
    if g is None:
        return ""
    lines = [f"<b>{escape(app.t(k))}</b>: {exact_html(p)}" for k, p in g.outcomes.items()]
    pad = "padding:2px 8px"
    head = [
        Cell(app.t(k), header=True, style=pad)
        for k in ("group_hunter", "group_defeated", "group_bitten", "group_health")
    ]
    rows = []
    for name in g.hunters:
        share = g.by_hunter[name]
        mean = sum((x * p for x, p in g.health[name].items()), Fraction(0))
        cells = (name, Markup(exact_html(share["defeated"])), Markup(exact_html(share["bitten"])))
        rows.append([Cell(c, style=pad) for c in (*cells, f"{float(mean):.2f}")])
    return (
        f"<p><b>{escape(app.t('group_title').format(names=', '.join(g.hunters)))}</b><br>"
        + "<br>".join(lines)
        + f"<br>{escape(app.t('rounds'))}: {float(g.expected_rounds):.3f} ({g.states} "
        f"{escape(app.t('states'))})</p>"
        + table(head, rows, css_class="drac-group-hunters")
        + f"<p><small>{escape(app.t('group_note'))}</small></p>"
    )
