"""Fury of Dracula page's round-1 table: odds of every card pairing, and the best card mix."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from calculators.kit import markup
from calculators.kit.fmt import escape, exact_html, fraction_text, percent
from calculators.kit.markup import Cell, Markup
from calculators.pages.dracula.view import heat_color
from rules.dracula.cards import CardTable
from rules.dracula.combat import agatha_cost, enemy_options, hunter_options, start_combat
from rules.dracula.hunters import Hunter, Opponent, Situation
from rules.dracula.odds import round_odds
from rules.dracula.words import card_name, result_name
from rules.i18n import render_param

if TYPE_CHECKING:
    from calculators.pages.dracula.page import DraculaPage


def table_html(
    app: DraculaPage,
    h: Hunter,
    opp: Opponent,
    sit: Situation,
    table: CardTable,
    assume: int | None,
) -> str:
    state, _ = start_combat(h, opp, sit, blood=app._setup[3])
    hs = hunter_options(state, table=table)
    es = enemy_options(state)
    from rules.dracula.combat import bonuses

    def init(card: str) -> int:
        v = table.initiative_of(card).value
        return v if v is not None else (assume or 0)

    def cost(card: str) -> str:
        paid = agatha_cost(sit, opp, card)
        if not paid:
            return ""
        text = escape(app.t("agatha_cost").format(n=paid))
        return f'<br><small class="drac-agatha-cost">{text}</small>'

    lang = app.lang

    def name(card: str) -> str:
        return escape(render_param(card_name(card), lang))

    def outcome(r: Any) -> str:
        said = result_name(r.kind, r.amount) if r.allowed else result_name("not-allowed")
        return render_param(said, lang)

    def ini(card: str) -> str:
        return escape(app.t("initiative_short").format(n=init(card)))

    small = "padding:4px;font-size:12px"
    head = [
        "",
        *(Cell(Markup(f"{name(e)}<br><small>{ini(e)}</small>{cost(e)}"), style=small) for e in es),
    ]
    rows = []
    for hc in hs:
        cells = []
        for ec in es:
            hb, eb, _ = bonuses(state, (hc,), ec)
            o = round_odds(
                hb,
                eb,
                hunter_initiative=init(hc),
                enemy_initiative=init(ec),
                hunter_dice=2 if (h.godalming and not opp.is_dracula) else 1,
            )
            rw = table.result("hunter", hc, ec)
            rl = table.result("enemy", hc, ec)
            marks = []
            for r in (rw, rl):
                m = "" if r.confirmed else "†"
                if r.overridden:
                    m = "✎"
                marks.append(m)
            tip = (
                f"{render_param(card_name(hc), lang)} / {render_param(card_name(ec), lang)}: "
                f"{fraction_text(o.hunter_wins)}; "
                f"{app.t('win')}: {outcome(rw)} [{rw.source}]; "
                f"{app.t('lose')}: {outcome(rl)} [{rl.source}]"
            )
            odds = (
                f"<b>{escape(percent(o.hunter_wins, 1))}</b><br>"
                f"<small>{escape(app.t('win'))}: {escape(outcome(rw))}{marks[0]}<br>"
                f"{escape(app.t('lose'))}: {escape(outcome(rl))}{marks[1]}</small>"
            )
            style = f"background:{heat_color(o.hunter_wins)};padding:4px;text-align:center;"
            style += "font-size:12px"
            cells.append(Cell(Markup(odds), css_class="drac-cell", style=style, title=tip))
        card = Cell(Markup(f"{name(hc)}<br><small>{ini(hc)}</small>"), header=True, style=small)
        rows.append((card, *cells))
    return (
        f"<p><b>{escape(app.t('table_title'))}</b></p>"
        + markup.table(head, rows, css_class=None, style="border-collapse:collapse")
        + f"<p><small>{escape(app.t('unconfirmed'))}</small></p>"
    )


def mix_html(app: DraculaPage) -> str:
    g = app.game
    if g is None:
        return ""
    hm = ", ".join(
        f"{escape(render_param(card_name(c), app.lang))} {exact_html(p)}"
        for c, p in zip(g.hunter_cards, g.solution.rows, strict=True)
        if p
    )
    em = ", ".join(
        f"{escape(render_param(card_name(c), app.lang))} {exact_html(p)}"
        for c, p in zip(g.enemy_cards, g.solution.columns, strict=True)
        if p
    )
    return (
        f"<p><b>{escape(app.t('mix'))}</b><br>{escape(app.t('hunter'))}: {hm}<br>"
        f"{escape(app.t('opponent'))}: {em}<br>{escape(app.t('value'))}: "
        f"{escape(fraction_text(g.solution.value))} (≈{float(g.solution.value):.3f})<br>"
        f"<i>{escape(app.t('mix_goal'))}</i><br>"
        f"<small>{escape(app.t('payoff_note'))}</small></p>"
    )
