"""Fury of Dracula page's ruling as plain text: the setup, the result, the numbered steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from calculators.kit.fields import invalid_fields
from calculators.kit.fmt import percent, short_fraction
from calculators.kit.page_tools import labelled_lines, ruling_text

if TYPE_CHECKING:
    from calculators.pages.dracula.page import DraculaPage


def page_ruling(app: DraculaPage) -> str:
    """The open tab's ruling as plain text: the setup, the result, the numbered steps.

    The round resolver's tab gives the rounds resolved so far; the other tabs give the
    whole-combat odds. ``""`` while an input is wrong or the odds are not computed.
    """
    if invalid_fields(app.body) or not hasattr(app, "_setup") or app.banner.visible:
        return ""
    judge = app.tabs.selected_index == 1
    # the resolver's own rounds are its steps; the choices of the odds do not apply to it
    odds_only = (
        app.w_hpolicy,
        app.w_goal,
        app.w_always,
        app.w_epolicy,
        app.w_companions,
        app.w_comp_items,
        app.w_target,
        app.w_assume,
    )
    agent = app.w_opponent.value == "agent"
    rows = []
    for lab, w in app._row_labels:
        if any(w is x for x in app._judge_inputs) or w.layout.display == "none":
            continue
        if judge and any(w is x for x in odds_only):
            continue
        agent_only = any(w is x for x in (app.w_weapons, app.w_minion))
        if (w is app.w_blood and agent) or (agent_only and not agent):
            continue
        if w is app.w_goal and app.w_hpolicy.value != "goal":
            continue
        if w is app.w_always and app.w_hpolicy.value != "always":
            continue
        rows.append((lab.value.removesuffix(" ⓘ"), w))
    situation = labelled_lines(rows, app.lang)
    t = app.t
    if judge:
        state = app.judge_state
        if state is None:
            return ""
        parts = [
            f"{t('round_no')} {state.round}",
            f"{t('health')} {state.hunter.health}",
            f"{t('bites')} {state.hunter.bites}/{state.hunter.bite_slots}",
        ]
        if state.opponent.is_dracula:
            parts.append(f"{t('blood')} {state.blood}")
        if state.ended:
            parts.append(f"{t('over')}: {t(state.ended)}")
        title = f"{t('title')}: {t('tab_judge')}"
        return ruling_text(title, situation, ["; ".join(parts)], app._judge_steps, app.lang)
    odds = app.odds
    if odds is None:
        return ""
    result = [f"{t(k)}: {percent(p, 2)} ({short_fraction(p)})" for k, p in odds.outcomes.items()]
    result.append(f"{t('rounds')}: {float(odds.expected_rounds):.3f}")
    return ruling_text(t("title"), situation, result, odds.steps, app.lang)
