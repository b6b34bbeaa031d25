"""Fury of Dracula page's text and pictures, from frozen inputs and results (no widgets).

The win-chance heat colour, Dracula's blood track, the round-1 table of every card pairing, the
whole-combat summary, the hunter's plan, the best card mix, the group's odds, the round
resolver's state, the Valour tab's standings and a combat's Valour, and the rulings as plain
text; ``t`` is the page's words in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from calculators.kit import markup
from calculators.kit.fmt import (
    decimal,
    escape,
    exact_html,
    fraction_text,
    percent,
    short_fraction,
)
from calculators.kit.markup import Cell, Markup
from calculators.kit.ruling import ruling_text
from calculators.pages.dracula.labels import states_solved
from rules.dracula.blood import MAX_BLOOD, RED_MARKS
from rules.dracula.cards import CardTable
from rules.dracula.chain import CombatOdds, RoundGame
from rules.dracula.combat import (
    CombatState,
    agatha_cost,
    bonuses,
    enemy_options,
    hunter_options,
    start_combat,
)
from rules.dracula.goals import GoalPlan
from rules.dracula.group import GroupOdds
from rules.dracula.hunters import Hunter, Opponent, Situation
from rules.dracula.odds import round_odds
from rules.dracula.valour import CombatValour, ValourStanding
from rules.dracula.words import card_name, card_names, result_name
from rules.errors import InvalidState
from rules.i18n import render_param
from rules.trace import Step

Words = Callable[[str], str]


class Setup(NamedTuple):
    """The situation's inputs as engine objects (what the page computes from)."""

    hunter: Hunter
    opponent: Opponent
    situation: Situation
    blood: int
    table: CardTable
    assume: int | None


def heat_color(p: Fraction) -> str:
    """Background for a win chance: red (0) through white (1/2) to green (1)."""
    x = float(p)
    if x < 0.5:
        k = x / 0.5
        r, g, b = 230, int(110 + 140 * k), int(110 + 140 * k)
    else:
        k = (x - 0.5) / 0.5
        r, g, b = int(250 - 140 * k), int(250 - 30 * k), int(250 - 140 * k)
    return f"#{r:02x}{g:02x}{b:02x}"


def blood_track_svg(start: int, ends: dict[int, Fraction], title: str = "") -> str:
    """Dracula's blood track (15 boxes, red marks at 10 and 5) with where the combat leaves him."""
    w, box, top = 660, 40, 34
    peak = max(ends.values(), default=Fraction(0)) or Fraction(1)
    parts = [
        f'<svg class="drac-track-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} 170" '
        f'width="100%" style="max-width:{w}px" role="img" aria-label="{escape(title)}">',
        f'<text x="4" y="16" font-size="13">{escape(title)}</text>',
    ]
    for b in range(0, MAX_BLOOD + 1):
        x = 10 + b * box
        red = b in RED_MARKS
        fill = "#fdecea" if red else "#ffffff"
        stroke = "#c0392b" if red else "#888888"
        width = 3 if red else 1
        here = " (start)" if b == start else ""
        parts.append(
            f'<rect x="{x}" y="{top}" width="{box - 4}" height="{box - 4}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width}"><title>blood {b}{here}</title></rect>'
        )
        label = "†" if b == 0 else str(b)
        parts.append(
            f'<text x="{x + (box - 4) / 2}" y="{top + 24}" text-anchor="middle" '
            f'font-size="13">{label}</text>'
        )
        if b == start:
            parts.append(
                f'<path d="M{x + 18} {top - 4} l-6 -8 h12 z" fill="#2c3e50">'
                "<title>start</title></path>"
            )
        p = ends.get(b, Fraction(0))
        if p:
            h = max(2.0, 80 * float(p / peak))
            tip = f"blood {b}: {fraction_text(p)} = {percent(p, 4)}"
            parts.append(
                f'<rect class="drac-track-bar" x="{x + 6}" y="{top + box + 2}" width="{box - 16}" '
                f'height="{h:.1f}" fill="#8b1a1a"><title>{escape(tip)}</title></rect>'
            )
            parts.append(
                f'<text x="{x + (box - 4) / 2}" y="{top + box + h + 14:.1f}" text-anchor="middle" '
                f'font-size="9">{escape(percent(p, 1))}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def table_html(setup: Setup, t: Words, lang: str) -> str:
    """The round-1 odds of every card pairing, coloured by the hunter's chance."""
    h, opp, sit, blood, table, assume = setup
    state, _ = start_combat(h, opp, sit, blood=blood)
    hs = hunter_options(state, table=table)
    es = enemy_options(state)

    def init(card: str) -> int:
        v = table.initiative_of(card).value
        return v if v is not None else (assume or 0)

    def cost(card: str) -> str:
        paid = agatha_cost(sit, opp, card)
        if not paid:
            return ""
        text = escape(t("agatha_cost").format(n=paid))
        return f'<br><small class="drac-agatha-cost">{text}</small>'

    def name(card: str) -> str:
        return escape(render_param(card_name(card), lang))

    def outcome(r: Any) -> str:
        said = result_name(r.kind, r.amount) if r.allowed else result_name("not-allowed")
        return render_param(said, lang)

    def ini(card: str) -> str:
        return escape(t("initiative_short").format(n=init(card)))

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
                f"{t('win')}: {outcome(rw)} [{rw.source}]; "
                f"{t('lose')}: {outcome(rl)} [{rl.source}]"
            )
            odds = (
                f"<b>{escape(percent(o.hunter_wins, 1))}</b><br>"
                f"<small>{escape(t('win'))}: {escape(outcome(rw))}{marks[0]}<br>"
                f"{escape(t('lose'))}: {escape(outcome(rl))}{marks[1]}</small>"
            )
            style = f"background:{heat_color(o.hunter_wins)};padding:4px;text-align:center;"
            style += "font-size:12px"
            cells.append(Cell(Markup(odds), css_class="drac-cell", style=style, title=tip))
        card = Cell(Markup(f"{name(hc)}<br><small>{ini(hc)}</small>"), header=True, style=small)
        rows.append((card, *cells))
    return (
        f"<p><b>{escape(t('table_title'))}</b></p>"
        + markup.table(head, rows, css_class=None, style="border-collapse:collapse")
        + f"<p><small>{escape(t('unconfirmed'))}</small></p>"
    )


def need_initiative_html(missing: str, t: Words) -> str:
    """Asks for the initiative numbers of the ``missing`` cards (named in the reader's
    language), with the tie chance of two different numbers that an assumption would give."""
    tie = percent(round_odds(hunter_initiative=1, enemy_initiative=2).tie, 0)
    return (
        '<div class="drac-need" style="border:2px solid #c0392b;padding:8px;">'
        + escape(t("need_initiative").format(cards=missing, tie=tie))
        + "</div>"
    )


def assumption_html(assume: int | None, missing: str, t: Words) -> str:
    """The stated assumption for the cards without an initiative number (none: ``""``)."""
    if not missing:
        return ""
    note = escape(t("assumption_note").format(v=assume, cards=missing))
    return f'<div class="drac-assumption calc-notice" role="note">{note}</div>'


def seconds_text(seconds: float, t: Words) -> str:
    """How long a computation took, in the reader's language (``0,42 с``)."""
    return t("seconds").format(n=decimal(seconds, 2))


def summary_html(odds: CombatOdds, seconds: float, t: Words, lang: str) -> str:
    """The whole combat's outcomes, its expected rounds, its states and how long it took."""
    lines = [f"<b>{escape(t(k))}</b>: {exact_html(p)}" for k, p in odds.outcomes.items()]
    lines.append(
        f"<b>{escape(t('rounds'))}</b>: {decimal(odds.expected_rounds, 3)} "
        f"({escape(states_solved(odds.states).render(lang))}; "
        f"{escape(t('compute_time').format(t=seconds_text(seconds, t)))})"
    )
    return '<div class="drac-summary-text">' + "<br>".join(lines) + "</div>"


def always_html(card: str, t: Words, lang: str) -> str:
    """The hunter's policy when he always plays ``card``."""
    name = render_param(card_name(card), lang)
    return f"<p><i>{escape(t('always_note').format(card=name))}</i></p>"


def plan_html(plan: GoalPlan, t: Words, lang: str) -> str:
    """A goal's plan: the goal, the first card to play and what the plan is worth."""
    goal = t(f"goal_{plan.goal}")
    first = render_param(card_name(plan.first_card), lang)
    value = (
        f"{escape(fraction_text(plan.value))} (≈{decimal(plan.value, 3)})"
        if plan.goal == "blood"
        else exact_html(plan.value)
    )
    return (
        f"<p><b>{escape(t('plan_title').format(goal=goal))}</b><br>"
        f"{escape(t('plan_first'))}: <b>{escape(first)}</b><br>"
        f"{escape(t('plan_value'))}: {value}<br>"
        f"<small>{escape(t('plan_note'))}</small></p>"
    )


def mix_html(g: RoundGame | None, t: Words, lang: str) -> str:
    """The best card mix of the first round for each side, and the game's value."""
    if g is None:
        return ""
    hm = ", ".join(
        f"{escape(render_param(card_name(c), lang))} {exact_html(p, lang=lang)}"
        for c, p in zip(g.hunter_cards, g.solution.rows, strict=True)
        if p
    )
    em = ", ".join(
        f"{escape(render_param(card_name(c), lang))} {exact_html(p, lang=lang)}"
        for c, p in zip(g.enemy_cards, g.solution.columns, strict=True)
        if p
    )
    return (
        f"<p><b>{escape(t('mix'))}</b><br>{escape(t('hunter'))}: {hm}<br>"
        f"{escape(t('opponent'))}: {em}<br>{escape(t('value'))}: "
        f"{escape(fraction_text(g.solution.value, lang=lang))} "
        f"(≈{decimal(g.solution.value, 3, lang=lang)})<br>"
        f"<i>{escape(t('mix_goal'))}</i><br>"
        f"<small>{escape(t('payoff_note'))}</small></p>"
    )


def group_html(g: GroupOdds | None, problem: InvalidState | None, t: Words, lang: str) -> str:
    """The group's outcomes and each hunter's own share, or why they were not computed."""
    if problem is not None:
        why = problem.in_language(lang)
        return (
            '<p class="drac-group-refused" style="color:#8b1a1a">'
            f"{escape(t('group_refused').format(why=why))}</p>"
        )
    if g is None:
        return ""
    lines = [f"<b>{escape(t(k))}</b>: {exact_html(p)}" for k, p in g.outcomes.items()]
    pad = "padding:2px 8px"
    head = [
        Cell(t(k), header=True, style=pad)
        for k in ("group_hunter", "group_defeated", "group_bitten", "group_health")
    ]
    rows = []
    for name in g.hunters:
        share = g.by_hunter[name]
        cells = (name, Markup(exact_html(share["defeated"])), Markup(exact_html(share["bitten"])))
        rows.append(
            [Cell(c, style=pad) for c in (*cells, decimal(_mean_health(g, name), 2, lang=lang))]
        )
    return (
        f"<p><b>{escape(t('group_title').format(names=', '.join(g.hunters)))}</b><br>"
        + "<br>".join(lines)
        + f"<br>{escape(t('rounds'))}: {decimal(g.expected_rounds, 3, lang=lang)} "
        f"({escape(states_solved(g.states).render(lang))})</p>"
        + markup.table(head, rows, css_class="drac-group-hunters")
        + f"<p><small>{escape(t('group_note'))}</small></p>"
    )


def _outcome_text(kind: str, p: Fraction, t: Words, lang: str) -> str:
    """An ending and its chance as a ruling's text gives it: percent, then the fraction."""
    return f"{t(kind)}: {percent(p, 2, lang=lang)} ({short_fraction(p, lang=lang)})"


def _mean_health(g: GroupOdds, name: str) -> Fraction:
    """The hunter's expected health at the end of the group combat."""
    return sum((x * p for x, p in g.health[name].items()), Fraction(0))


def _group_lines(
    g: GroupOdds | None, problem: InvalidState | None, t: Words, lang: str, first_step: int = 1
) -> list[str]:
    """The group's result as lines of text: its outcomes and rounds, then each hunter's share
    (as :func:`group_html` shows them), or why it was not computed; the group's own steps are
    numbered from ``first_step`` in the ruling."""
    if problem is not None:
        return [t("group_refused").format(why=problem.in_language(lang))]
    if g is None:
        return []
    outcomes = "; ".join(_outcome_text(k, p, t, lang) for k, p in g.outcomes.items())
    rounds = f"{t('rounds')}: {decimal(g.expected_rounds, 3, lang=lang)}"
    last = first_step + len(g.steps) - 1
    where = t("group_steps").format(first=first_step, last=last)
    title = t("group_title").format(names=", ".join(g.hunters))
    lines = [f"{title}: {outcomes}; {rounds} ({where})"]
    for name in g.hunters:
        share = g.by_hunter[name]
        lines.append(
            f"{name}: {t('group_defeated')} {percent(share['defeated'], 2, lang=lang)}, "
            f"{t('group_bitten')} {percent(share['bitten'], 2, lang=lang)}, "
            f"{t('group_health')} {decimal(_mean_health(g, name), 2, lang=lang)}"
        )
    return lines


def judge_state_html(s: CombatState, t: Words, lang: str) -> str:
    """The round resolver's state: round, health, bites, blood, cards on the table, the end."""
    h = s.hunter
    parts = [
        f"<b>{escape(t('round_no'))}</b> {s.round}",
        f"<b>{escape(t('health'))}</b> {h.health}",
        f"<b>{escape(t('bites'))}</b> {h.bites}/{h.bite_slots}",
    ]
    if s.opponent.is_dracula:
        parts.append(f"<b>{escape(t('blood'))}</b> {s.blood}")
    parts.append(f"<b>{escape(t('continues_n'))}</b> {s.continues}")
    table_cards = [c for c in (*s.hunter_last, s.enemy_last) if c]
    if table_cards:
        names = render_param(card_names(table_cards), lang)
        parts.append(f"<b>{escape(t('on_table'))}</b> {escape(names)}")
    if s.ended:
        parts.append(f"<b>{escape(t('over'))}</b>: {escape(t(s.ended))}")
    return '<div class="drac-judge-text">' + " · ".join(parts) + "</div>"


def judge_ruling(
    situation: Sequence[str], state: CombatState, steps: Sequence[Step], t: Words, lang: str
) -> str:
    """The rounds resolved so far as plain text."""
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
    return ruling_text(title, situation, ["; ".join(parts)], steps, lang)


def odds_ruling(
    situation: Sequence[str],
    odds: CombatOdds,
    t: Words,
    lang: str,
    group: GroupOdds | None = None,
    group_problem: InvalidState | None = None,
) -> str:
    """The whole-combat odds as plain text; with companions chosen, the group's result and
    steps follow the hunter's own (or why the group was not computed)."""
    result = [_outcome_text(k, p, t, lang) for k, p in odds.outcomes.items()]
    result.append(f"{t('rounds')}: {decimal(odds.expected_rounds, 3, lang=lang)}")
    result += _group_lines(group, group_problem, t, lang, first_step=len(odds.steps) + 1)
    steps = (*odds.steps, *(group.steps if group is not None else ()))
    return ruling_text(t("title"), situation, result, steps, lang)


# -- the Valour tab ---------------------------------------------------------------------------


def valour_verdict(standing: ValourStanding, t: Words) -> str:
    """Who wins on Valour points: the winner, a tie (which stands), or none as Dracula won."""
    if not standing.hunters_won:
        return t("dracula_won")
    top = standing.ranking[0][1]
    if standing.tie:
        return t("tie").format(names=", ".join(standing.leaders), points=top)
    return t("winner").format(name=standing.winner, points=top)


def valour_verdict_html(verdict: str) -> str:
    """The verdict, in bold."""
    return f'<p class="valour-verdict-text"><b>{escape(verdict)}</b></p>'


def valour_note_html(note: str) -> str:
    """A note in place of the verdict (no hunter takes part); ``""`` stays empty."""
    return f"<p><i>{escape(note)}</i></p>" if note else ""


def valour_standings_html(standing: ValourStanding, t: Words) -> str:
    """Each hunter's points and awards, most points first; the leaders in bold when the hunters
    won."""
    by_name = {tally.hunter: tally for tally in standing.tallies}
    rows: list[Any] = []
    for name, points in standing.ranking:
        details = "; ".join(
            f"{t('award_' + line.award.key)}: {line.count}" for line in by_name[name].lines
        )
        lead = name in standing.leaders and standing.hunters_won
        cells = (name, points, Cell(details or "—", style="text-align:left"))
        rows.append(
            markup.Row(cells, css_class="valour-leader", style="font-weight:bold")
            if lead
            else cells
        )
    return f"<p><b>{escape(t('standings'))}</b></p>" + markup.table(
        (t("name"), t("points"), t("details")), rows, css_class="calc-table valour-table"
    )


def valour_expected_html(combat: CombatValour, t: Words) -> str:
    """A combat's expected Valour points, exact and rounded, and the chance of each score."""
    e = combat.expected
    chances = ", ".join(f"{x}: {exact_html(p)}" for x, p in combat.distribution.items())
    return (
        f'<p class="valour-expected-text"><b>{escape(t("expected"))}</b>: '
        f"{escape(fraction_text(e))} (≈{decimal(e, 3)})<br><small>{chances}</small></p>"
    )
