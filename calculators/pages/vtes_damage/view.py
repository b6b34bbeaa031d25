"""VTES damage page's text and pictures, from frozen inputs and results (no widgets).

The outcome in words, its badges, the tokens' picture and its key, the rulebook example's
note, and the ruling as plain text; ``t`` is the page's words in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from calculators.kit.fmt import escape
from calculators.kit.markup import table
from calculators.kit.ruling import ruling_text
from rules.vtes import MinionState, Vampire
from rules.vtes.damage import DamageResult
from rules.vtes.examples import DAMAGE_EXAMPLES, DamageExample
from rules.vtes.models import Minion

Words = Callable[[str], str]


@dataclass(frozen=True)
class DamageDealt:
    """The damage of one resolution and how much of it is prevented, under ``rules``."""

    normal: int
    aggravated: int
    prevent_normal: int
    prevent_aggravated: int
    rules: str


COLORS = {
    "ready": "#2e7d32",
    "wounded": "#c77700",
    "torpor": "#5b3a8c",
    "burned": "#222222",
}
BLOOD = "#a0102a"
SPENT = "#f2b8c0"


def minion_svg(
    before: Minion,
    result: DamageResult,
    *,
    title: str = "",
    labels: dict[str, str] | None = None,
) -> str:
    """Tokens as circles: blood (or life) left, burned this resolution, empty capacity slots.

    A vampire shows ``capacity`` slots; an ally or retainer shows its life before damage.
    """
    labels = labels or {"left": "left", "spent": "burned this resolution", "empty": "empty"}
    if isinstance(before, Vampire):
        slots = before.capacity
        start = before.blood
    else:
        slots = before.life
        start = before.life
    left = result.blood
    spent = start - left
    per_row, r, gap = 12, 11, 6
    shown = min(slots, 60)
    rows = max(1, (shown + per_row - 1) // per_row)
    columns = max(1, min(shown, per_row))
    width = max(columns * (2 * r + gap) + gap, 90)
    height = rows * (2 * r + gap) + gap + 18
    summary = (
        f"{left} {labels['left']}, {spent} {labels['spent']}, {slots - start} {labels['empty']}"
    )
    parts = [
        f'<svg class="vtes-tokens" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-label="{escape(summary)}" '
        'xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title + ': ' if title else '')}{escape(summary)}</title>",
    ]
    for i in range(shown):
        cx = gap + r + (i % per_row) * (2 * r + gap)
        cy = gap + r + (i // per_row) * (2 * r + gap)
        if i < left:
            kind, fill, stroke, dash = "left", BLOOD, "#5c0d09", ""
        elif i < start:
            kind, fill, stroke, dash = "spent", SPENT, BLOOD, ' stroke-dasharray="3 2"'
        else:
            kind, fill, stroke, dash = "empty", "none", "#999999", ""
        parts.append(
            f'<circle class="token-{kind}" cx="{cx}" cy="{cy}" r="{r - 1}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2"{dash}><title>{escape(labels[kind])}</title>'
            "</circle>"
        )
    if slots > shown:
        parts.append(f'<text x="{gap}" y="{height - 4}" font-size="11">+{slots - shown} …</text>')
    parts.append(
        f'<text x="{width - gap}" y="{height - 4}" font-size="12" text-anchor="end">'
        f"{left} / {slots}</text>"
    )
    if result.state is MinionState.BURNED:
        # ash: grey veil and a cross over the tokens
        bottom = height - 18
        parts.append(
            f'<g class="token-ash"><rect x="0" y="0" width="{width}" height="{bottom}" '
            'fill="#555555" opacity="0.25"/>'
            f'<line x1="{gap}" y1="{gap}" x2="{width - gap}" y2="{bottom - gap}" '
            'stroke="#222222" stroke-width="3"/>'
            f'<line x1="{gap}" y1="{bottom - gap}" x2="{width - gap}" y2="{gap}" '
            'stroke="#222222" stroke-width="3"/></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def legend_html(token_labels: dict[str, str]) -> str:
    """The picture's key: what a full, a spent and an empty token look like."""
    swatches = (
        ("left", BLOOD, "solid"),
        ("spent", SPENT, "dashed"),
        ("empty", "white", "solid"),
    )
    items = "".join(
        f'<span style="margin-right:12px"><span style="display:inline-block;width:10px;'
        f"height:10px;border-radius:50%;background:{fill};border:2px {line} "
        f'{BLOOD if key != "empty" else "#999999"};vertical-align:middle"></span> '
        f"{escape(token_labels[key])}</span>"
        for key, fill, line in swatches
    )
    return f'<div class="vtes-legend" style="font-size:90%">{items}</div>'


def outcome_sentence(result: DamageResult, t: Words) -> str:
    """What happened to the minion, in one sentence."""
    before = result.before
    values = {"name": result.minion.name, "blood": str(result.blood)}
    if isinstance(before, Vampire):
        values["capacity"] = str(before.capacity)
        if result.state is MinionState.BURNED:
            key = "v_burned"
        elif result.state is MinionState.TORPOR:
            key = "v_torpor_stays" if before.state is MinionState.TORPOR else "v_torpor_new"
        else:
            key = "v_ready"
    else:
        key = "l_burned" if result.state is MinionState.BURNED else "l_ready"
    return t(key).format(**values)


def badges(result: DamageResult) -> tuple[str, ...]:
    """The outcome's badges (catalog keys and colours of :data:`COLORS`)."""
    if result.state is MinionState.BURNED:
        return ("burned",)
    if result.state is MinionState.TORPOR:
        return ("wounded", "torpor")
    return ("ready",)


def token_labels(result: DamageResult, t: Words) -> dict[str, str]:
    labels = {k: t(k) for k in ("left", "spent", "empty")}
    if not isinstance(result.before, Vampire):
        labels["spent"] = t("lost")
    return labels


def picture_title(result: DamageResult, t: Words) -> str:
    return t("picture" if isinstance(result.before, Vampire) else "picture_life")


def outcome_html(result: DamageResult, t: Words) -> str:
    """The result panel's body: badges, the sentence, the tokens' picture, the numbers."""
    vampire = isinstance(result.before, Vampire)
    title = picture_title(result, t)
    labels = token_labels(result, t)
    svg = minion_svg(result.before, result, title=title, labels=labels)
    shown = "".join(
        f'<span class="calc-badge vtes-badge-{b}" style="background:{COLORS[b]}">'
        f"{escape(t(b))}</span>"
        for b in badges(result)
    )
    facts: list[tuple[str, int]] = [(t("prevented"), result.prevented)]
    if vampire:
        facts += [(t("mended"), result.mended), (t("paid"), result.paid)]
    else:
        before_life = result.before.life if not isinstance(result.before, Vampire) else 0
        facts.append((t("life_lost"), before_life - result.blood))
    return (
        f'<p class="vtes-badges">{shown}</p>'
        f'<p class="vtes-outcome-text"><b>{escape(outcome_sentence(result, t))}</b></p>'
        f'<div class="vtes-picture"><div>{escape(title)}</div>{svg}'
        f"{legend_html(labels)}</div>" + table(None, facts, row_headers=True)
    )


def matching_example(minion: Minion, dealt: DamageDealt) -> DamageExample | None:
    """The rulebook example these inputs are, if any."""
    if not isinstance(minion, Vampire):
        return None
    for example in DAMAGE_EXAMPLES:
        v = example.vampire
        wanted = (
            v.name,
            v.capacity,
            v.blood,
            v.state,
            DamageDealt(
                example.normal,
                example.aggravated,
                example.prevent_normal,
                example.prevent_aggravated,
                "black-hand",
            ),
        )
        if (minion.name, minion.capacity, minion.blood, minion.state, dealt) == wanted:
            return example
    return None


def example_note_html(example: DamageExample, result: DamageResult, t: Words, lang: str) -> str:
    """What the rulebook's example says happens, and whether the engine agrees."""
    if example.expected_state is MinionState.BURNED:
        expected = t("expected_burned")
    else:
        expected = t("expected_torpor").format(blood=example.expected_blood)
    agrees = (result.state, result.blood) == (example.expected_state, example.expected_blood)
    verdict = t("matches" if agrees else "differs")
    title = example.title.render(lang)
    return (
        f"<p><i>{escape(t('rulebook_says'))} ({escape(title)}): "
        f"{escape(expected)} — {escape(verdict)}.</i></p>"
    )


def ruling(
    minion: Minion, kind: str, dealt: DamageDealt, result: DamageResult, t: Words, lang: str
) -> str:
    """The ruling as plain text: the minion, the damage, the rules, the outcome, the steps."""
    if isinstance(minion, Vampire):
        who = (
            f"{minion.name}: {t('vampire')}, {t('capacity')} {minion.capacity}, "
            f"{t('blood')} {minion.blood}, {t(minion.state.value)}"
        )
    else:
        who = f"{minion.name}: {t(kind)}, {t('life')} {minion.life}"
    damage = (
        f"{t('damage')}: {t('normal')} {dealt.normal}, {t('aggravated')} "
        f"{dealt.aggravated}; {t('prevention')}: {t('prevent_normal')} "
        f"{dealt.prevent_normal}, {t('prevent_aggravated')} {dealt.prevent_aggravated}"
    )
    return ruling_text(
        t("title"),
        [who, damage, f"{t('rules')}: {t(dealt.rules)}"],
        [outcome_sentence(result, t)],
        result.steps,
        lang,
    )
