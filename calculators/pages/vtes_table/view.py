"""VTES table page's words and HTML, from frozen inputs and rulings (no widgets).

For each tab: the summary (the ruling in one sentence, in bold above the result) and the
result's HTML; then the panel's whole HTML and the ruling as plain text, the same for every
tab. ``t`` is the page's words in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from calculators.kit.fmt import escape
from calculators.kit.markup import heading, table
from calculators.kit.ruling import ruling_text
from calculators.pages.vtes_table.inputs import (
    ContestRuling,
    InfluenceRuling,
    TorporRuling,
    actor_blood,
)
from rules.trace import Step
from rules.vtes.models import Vampire
from rules.vtes.torpor import LeaveTorporResult, RescueResult
from rules.vtes.victory import Score

Words = Callable[[str], str]


def vp_text(value: Fraction) -> str:
    """Victory points as a judge writes them: ``2``, ``1/2``."""
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def small(text: str) -> str:
    """A help line under an input."""
    return f"<small>{escape(text)}</small>"


def result_html(summary: str, body_html: str) -> str:
    """A tab's result panel: the summary in bold, then the tab's own HTML."""
    return f'<p class="vtes-summary"><b>{escape(summary)}</b></p>{body_html}'


def ruling(
    tab: str, situation: Sequence[str], summary: str, steps: Sequence[Step], t: Words, lang: str
) -> str:
    """Tab ``tab``'s ruling as plain text: its inputs (``situation``), summary and steps."""
    return ruling_text(f"{t('title')}: {t(f'tab_{tab}')}", situation, [summary], steps, lang)


# --------------------------------------------------------------------------- torpor


def _blood_and_state(minion: Vampire, t: Words) -> str:
    """``'3 (ready)'`` / ``'3 (готов)'``: blood after the action and the minion's state."""
    return f"{minion.blood} ({t('state_' + minion.state.value)})"


def _target(ruling: TorporRuling) -> Vampire:
    target = ruling.inputs.target
    if target is None:  # read() gives every action but leave torpor its vampire in torpor
        raise ValueError("a rescue or a diablerie needs a vampire in torpor")
    return target


def torpor_lines(ruling: TorporRuling, t: Words) -> list[str]:
    """The ruling's sentences: what the action did (the summary), then the diablerie and
    the blood hunt."""
    inputs, result = ruling.inputs, ruling.result
    lines: list[str] = []
    if isinstance(result, LeaveTorporResult):
        name = inputs.actor.name
        if result.outcome == "left torpor":
            lines.append(t("o_left").format(name=name, blood=result.vampire.blood))
        elif result.outcome == "failed":
            lines.append(t("o_failed").format(name=name))
        else:
            blocker = inputs.blocker.name if inputs.blocker is not None else ""
            lines.append(t("o_diablerized").format(name=name, blocker=blocker))
    else:
        names = {"actor": inputs.actor.name, "target": _target(ruling).name}
        if isinstance(result, RescueResult) and result.outcome == "rescued":
            lines.append(
                t("o_rescued").format(a=result.rescuer_paid, b=result.rescued_paid, **names)
            )
        elif result.outcome == "blocked":
            lines.append(t("o_blocked_combat").format(**names))
        else:
            lines.append(t("o_diablerie").format(**names))
    d, hunt = ruling.diablerie, ruling.hunt
    if d is not None and hunt is not None:
        lines.append(
            t("d_effects").format(
                diablerist=d.diablerist.name,
                blood=d.diablerist.blood,
                capacity=d.diablerist.capacity,
                drained=d.blood_drained,
                victim=d.victim.name,
            )
        )
        lines.append(t("d_discipline_yes" if d.discipline_allowed else "d_discipline_no"))
        key = "hunt_passed" if hunt.passed else "hunt_failed"
        lines.append(t(key).format(name=d.diablerist.name))
    return lines


def torpor_summary(ruling: TorporRuling, t: Words) -> str:
    return torpor_lines(ruling, t)[0]


def torpor_stealth(ruling: TorporRuling, t: Words) -> str:
    """The action's stealth and, for an action on another vampire, whether it is directed."""
    result = ruling.result
    if isinstance(result, LeaveTorporResult):
        return f"{t('stealth')} +{result.stealth}"
    sign = f"+{result.stealth}" if result.stealth else "0"
    return f"{t('stealth')} {sign}, {t('directed' if result.directed else 'undirected')}"


def torpor_rows(ruling: TorporRuling, t: Words) -> list[tuple[str, str, str]]:
    """The vampires' (and an ally's) blood before and after: name, before, after."""
    inputs, result = ruling.inputs, ruling.result
    actor = inputs.actor
    rows: list[tuple[str, str, str]] = []
    if isinstance(result, LeaveTorporResult):
        rows.append((actor.name, f"{actor_blood(actor)}", _blood_and_state(result.vampire, t)))
    elif isinstance(result, RescueResult):
        target = _target(ruling)
        rows.append((result.rescuer.name, f"{actor_blood(actor)}", f"{result.rescuer.blood}"))
        rows.append((target.name, f"{target.blood}", _blood_and_state(result.rescued, t)))
    elif result.outcome == "blocked":
        target = _target(ruling)
        rows.append((actor.name, f"{actor_blood(actor)}", f"{actor_blood(actor)}"))
        rows.append((target.name, f"{target.blood}", f"{target.blood} ({t('state_torpor')})"))
    d, hunt = ruling.diablerie, ruling.hunt
    if d is not None and hunt is not None:
        after = _blood_and_state(hunt.diablerist, t)
        if inputs.action != "diablerie":
            blocker_blood = actor_blood(inputs.blocker) if inputs.blocker is not None else 0
            rows.append((d.diablerist.name, f"{blocker_blood}", after))
        else:
            rows.insert(0, (d.diablerist.name, f"{actor_blood(actor)}", after))
            burned = "0 (" + t("state_burned") + ")"
            rows.append((d.victim.name, f"{_target(ruling).blood}", burned))
    return rows


def torpor_html(ruling: TorporRuling, t: Words) -> str:
    """The torpor tab's result below its summary: stealth, the other sentences, the blood."""
    body = f"<p>{escape(torpor_stealth(ruling, t))}</p>" + "".join(
        f"<p>{escape(line)}</p>" for line in torpor_lines(ruling, t)[1:]
    )
    return body + table(
        (t("name"), t("blood"), "→"),
        torpor_rows(ruling, t),
        css_class="calc-table vtes-torpor-table",
    )


# --------------------------------------------------------------------------- influence


def transfers_note(transfers: int, t: Words) -> str:
    """The note under the turn box: how many transfers the turn gives."""
    return small(t("transfers_note").format(n=transfers))


def rulebook_note(rules: str, t: Words) -> str:
    """The note under the rulebook choice: what the chosen rulebook changes."""
    return small(t("rulebook_" + rules))


def influence_summary(ruling: InfluenceRuling, t: Words) -> str:
    inputs, plan = ruling.inputs, ruling.plan
    return t("plan_ok").format(
        before=inputs.pool, after=plan.pool, used=plan.transfers_used, total=inputs.transfers
    )


def influence_html(ruling: InfluenceRuling, t: Words) -> str:
    """The rulebook applied, the vampires now controlled and those still uncontrolled."""
    plan = ruling.plan
    controlled = table(
        (t("name"), t("blood"), t("drained"), t("scarce_cost")),
        ((v.name, f"{v.blood}/{v.capacity}", v.drained, v.scarce_cost) for v in plan.controlled),
        css_class="calc-table vtes-controlled",
    )
    remaining = table(
        (t("name"), t("blood")),
        ((u.name, f"{u.blood}/{u.capacity}") for u in plan.uncontrolled),
        css_class="calc-table vtes-still-uncontrolled",
    )
    nobody = f"<p>{escape(t('nobody'))}</p>"
    return (
        f'<p class="vtes-influence-applied">{escape(t("rulebook"))}: '
        f"<b>{escape(t(ruling.inputs.rules))}</b></p>"
        + heading(t("now_controlled"))
        + (controlled if plan.controlled else nobody)
        + heading(t("still_uncontrolled"))
        + (remaining if plan.uncontrolled else nobody)
    )


# --------------------------------------------------------------------------- victory


def victory_summary(score: Score, t: Words) -> str:
    """The winner, a tie, or who leads while the game goes on."""
    if score.winner is not None:
        return t("winner").format(name=score.winner)
    if score.tie:
        return t("tie").format(names=", ".join(score.leaders))
    return t("ongoing").format(names=", ".join(score.leaders))


def victory_html(score: Score, t: Words) -> str:
    """Every player's victory points, pool gained, status and prey."""
    prey = dict(score.prey)
    rows = (
        (p.name, vp_text(p.victory_points), p.pool_gained, t(p.status), prey.get(p.name, "—"))
        for p in score.players
    )
    return table(
        (t("player"), t("vp"), t("pool_gained"), t("status"), t("prey")),
        rows,
        css_class="calc-table vtes-score",
    )


# --------------------------------------------------------------------------- contests


def contests_summary(ruling: ContestRuling, t: Words) -> str:
    r = ruling.upkeep
    return t("contest_ok").format(
        paid=r.pool_paid, before=ruling.inputs.pool, after=r.pool, blood=r.blood_paid
    )


def contests_html(ruling: ContestRuling, t: Words) -> str:
    """Cards and titles kept, yielded and won; blood afterwards; the ousting, if any."""
    r = ruling.upkeep

    def names(items: tuple[str, ...], forced: tuple[str, ...] = ()) -> str:
        if not items:
            return t("nobody")
        return ", ".join(f"{i} ({t('forced')})" if i in forced else i for i in items)

    rows = [
        (t("cards"), t("kept"), names(r.cards_kept)),
        (t("cards"), t("yielded"), names(r.cards_yielded)),
        (t("cards"), t("won"), names(r.cards_won)),
        (t("titles"), t("kept"), names(r.titles_kept)),
        (t("titles"), t("yielded"), names(r.titles_yielded, r.forced_yields)),
        (t("titles"), t("won"), names(r.titles_won)),
    ]
    body: str = table(("", "", ""), rows, css_class="calc-table vtes-contests")
    if r.blood:
        body += heading(t("blood_after")) + table(
            (t("vampire"), t("blood")), r.blood, css_class="calc-table vtes-contest-blood"
        )
    if r.ousted:
        body += f"<p><b>{escape(t('ousted_note'))}</b></p>"
    return body
