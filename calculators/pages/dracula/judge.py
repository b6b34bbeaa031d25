"""Fury of Dracula page's round resolver: the combat's state after each resolved round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from calculators.kit.fmt import escape
from rules.dracula.combat import enemy_options, hunter_options
from rules.dracula.words import card_name
from rules.i18n import render_param

if TYPE_CHECKING:
    from calculators.pages.dracula.page import DraculaPage


def render_judge(app: DraculaPage) -> None:
    s = app.judge_state
    if s is None or not app.judge_built:
        return  # the resolver's tab is drawn from the state when it is first shown
    hc = hunter_options(s, table=app.table) if s.ended is None else ()
    ec = enemy_options(s) if s.ended is None else ()
    # named in the page's language; the card kept if still allowed, else the first one
    for box, cards in ((app.j_hcard, hc), (app.j_ecard, ec)):
        kept = box.value
        box.options = [(render_param(card_name(c), app.lang), c) for c in cards]
        box.value = kept if kept in cards else (cards[0] if cards else None)
    app.j_resolve.disabled = s.ended is not None
    h = s.hunter
    parts = [
        f"<b>{escape(app.t('round_no'))}</b> {s.round}",
        f"<b>{escape(app.t('health'))}</b> {h.health}",
        f"<b>{escape(app.t('bites'))}</b> {h.bites}/{h.bite_slots}",
    ]
    if s.opponent.is_dracula:
        parts.append(f"<b>{escape(app.t('blood'))}</b> {s.blood}")
    parts.append(f"<b>{escape(app.t('continues_n'))}</b> {s.continues}")
    table_cards = [c for c in (*s.hunter_last, s.enemy_last) if c]
    if table_cards:
        parts.append(f"<b>{escape(app.t('on_table'))}</b> {escape(', '.join(table_cards))}")
    if s.ended:
        parts.append(f"<b>{escape(app.t('over'))}</b>: {escape(app.t(s.ended))}")
    app.j_state.value = '<div class="drac-judge-text">' + " · ".join(parts) + "</div>"
    app.j_trace.show(app._judge_steps, app.lang)
    if hasattr(app, "tools"):
        app.tools.refresh()
