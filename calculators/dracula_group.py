"""Fury of Dracula page's group combat: the group's outcomes and each hunter's own share."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from calculators.kit.fmt import escape, exact_html

if TYPE_CHECKING:
    from calculators.dracula import DraculaExplorer


def group_html(app: DraculaExplorer) -> str:
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
    head = "".join(
        f'<th style="padding:2px 8px">{escape(app.t(k))}</th>'
        for k in ("group_hunter", "group_defeated", "group_bitten", "group_health")
    )
    rows = []
    for name in g.hunters:
        share = g.by_hunter[name]
        mean = sum((x * p for x, p in g.health[name].items()), Fraction(0))
        rows.append(
            f'<tr><td style="padding:2px 8px">{escape(name)}</td>'
            f'<td style="padding:2px 8px">{exact_html(share["defeated"])}</td>'
            f'<td style="padding:2px 8px">{exact_html(share["bitten"])}</td>'
            f'<td style="padding:2px 8px">{float(mean):.2f}</td></tr>'
        )
    return (
        f"<p><b>{escape(app.t('group_title').format(names=', '.join(g.hunters)))}</b><br>"
        + "<br>".join(lines)
        + f"<br>{escape(app.t('rounds'))}: {float(g.expected_rounds):.3f} ({g.states} "
        f"{escape(app.t('states'))})</p>"
        f'<table class="drac-group-hunters"><tr>{head}</tr>{"".join(rows)}</table>'
        f"<p><small>{escape(app.t('group_note'))}</small></p>"
    )
