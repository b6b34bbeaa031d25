"""VTES combat page's text and HTML, from frozen inputs and a resolved combat (no widgets).

The story round by round, the final state table, what is left to the judge, the rulebook
example's note, and the ruling as plain text ("copy as text"); ``t`` is the page's words in
the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from calculators.kit.fmt import escape
from calculators.kit.markup import heading, table
from calculators.kit.ruling import ruling_text
from calculators.pages.vtes_combat.inputs import CombatantInputs, CombatOutcome
from rules.i18n.message import Said
from rules.vtes import MinionState
from rules.vtes.combat import CombatReport
from rules.vtes.combat_examples import EXAMPLES

Words = Callable[[str], str]


def example_line(title: str, report: CombatReport) -> str:
    """A rulebook example as the engine resolves it, in one English line."""
    parts = []
    for c in (report.acting, report.opposing):
        if c.state is MinionState.BURNED:
            parts.append(f"{c.name} burned")
            continue
        unit = "blood" if c.kind == "vampire" else "life"
        text = f"{c.name} {c.state.value} with {c.amount} {unit}"
        if c.damage_taken:
            text += f" after {c.damage_taken} damage"
        if c.drained:
            text += f", {c.drained} blood drained to the bank"
        parts.append(text)
    return f"{title}: " + "; ".join(parts)


def story_html(report: CombatReport, t: Words, lang: str) -> str:
    """The combat told round by round: the opening, each round's sentences, the closing."""
    parts = [f"<p>{escape(s.render(lang))}</p>" for s in report.opening]
    for r in report.rounds:
        rng = t(f"range_{r.range}")
        extra = f", {t('continued')}" if r.continued else ""
        items = "".join(f"<li>{escape(line)}</li>" for line in r.narrative_in(lang))
        title = f"{t('round')} {r.number} ({rng}{extra})"
        parts.append(heading(title, css_class="vtes-round-title") + f"<ol>{items}</ol>")
    closing = "".join(f"<li>{escape(s.render(lang))}</li>" for s in report.closing)
    parts.append(f'<ul class="vtes-closing">{closing}</ul>')
    return "".join(parts)


def final_html(report: CombatReport, t: Words) -> str:
    """Both combatants after the combat, side by side."""
    columns = (report.acting, report.opposing)
    rows: list[tuple[str, list[str]]] = []
    rows.append((t("state"), [t(c.state.value) for c in columns]))
    amounts = []
    for c in columns:
        if c.kind == "vampire":
            amounts.append(f"{t('blood')}: {c.blood} / {c.capacity}")
        else:
            amounts.append(f"{t('life')}: {c.life}")
    rows.append((f"{t('blood')} / {t('life')}", amounts))
    rows.append((t("strength"), [str(c.strength) for c in columns]))
    rows.append((t("equipment"), [", ".join(c.equipment) or t("none") for c in columns]))
    rows.append(
        (
            t("retainers"),
            [
                ", ".join(f"{n} ({t('life')} {v})" for n, v in c.retainers.items()) or t("none")
                for c in columns
            ],
        )
    )
    rows.append((t("damage_taken"), [str(c.damage_taken) for c in columns]))
    rows.append((t("damage_prevented"), [str(c.damage_prevented) for c in columns]))
    rows.append((t("drained"), [str(c.drained) for c in columns]))
    return table(
        ["", *(c.name for c in columns)], ((k, *vals) for k, vals in rows), row_headers=True
    )


def judge_html(items: Sequence[Said], lang: str) -> str:
    """What the resolver leaves to the judge, as a list ("" when nothing is)."""
    if not items:
        return ""
    lines = "".join(f"<li>{escape(item.render(lang))}</li>" for item in items)
    return f"<ul>{lines}</ul>"


def preset_note_html(preset_key: str, preset_base: str, t: Words, lang: str) -> str:
    """The rulebook example's summary while it is shown as loaded, or a note that the combat
    began as that example and was changed since ("" for a combat of the reader's own)."""
    if preset_key in EXAMPLES:
        text = EXAMPLES[preset_key].summary.render(lang)
    elif preset_base in EXAMPLES:
        title = EXAMPLES[preset_base].title.render(lang)
        text = t("preset_modified").format(title=title)
    else:
        return ""
    return f'<p class="vtes-preset-note"><i>{escape(text)}</i></p>'


def combatant_line(card: CombatantInputs, name: str, t: Words) -> str:
    """A combatant as the combat starts: its side, kind, blood or life, strength, equipment."""
    if card.kind == "vampire":
        amount = f"{t('capacity')} {card.capacity}, {t('blood')} {card.amount}"
    else:
        amount = f"{t('life')} {card.amount}"
    kit = ", ".join(item.name for item in card.equipment)
    line = f"{t(card.side)}: {name} ({t(card.kind)}, {amount}, {t('strength')} "
    return line + f"{card.strength}" + (f"; {t('equipment')}: {kit}" if kit else "") + ")"


def situation_lines(outcome: CombatOutcome, t: Words) -> list[str]:
    """The ruling's situation: both combatants as they start, and the rules edition."""
    report, inputs = outcome.report, outcome.inputs
    lines = [
        combatant_line(inputs.acting, report.acting.name, t),
        combatant_line(inputs.opposing, report.opposing.name, t),
    ]
    lines.append(f"{t('rules')}: {t(inputs.rules)}")
    return lines


def result_lines(outcome: CombatOutcome, t: Words, lang: str) -> list[str]:
    """The ruling's result: each round in one line, each combatant's end, the judge's part."""
    report = outcome.report
    lines = []
    for r in report.rounds:
        story = " ".join(r.narrative_in(lang))
        lines.append(f"{t('round')} {r.number} ({t(f'range_{r.range}')}): {story}")
    for c in (report.acting, report.opposing):
        amount = f"{t('blood')} {c.blood}" if c.kind == "vampire" else f"{t('life')} {c.life}"
        lines.append(f"{c.name}: {t(c.state.value)}, {amount}")
    judge = [item.render(lang) for item in outcome.left_to_judge]
    if judge:
        lines.append(f"{t('judge')}: " + " ".join(judge))
    return lines


def ruling(outcome: CombatOutcome, t: Words, lang: str) -> str:
    """The combat as plain text: the situation, the result and every step with its rule."""
    situation = situation_lines(outcome, t)
    result = result_lines(outcome, t, lang)
    return ruling_text(t("title"), situation, result, outcome.steps, lang)
