"""VTES damage page's picture: the minion's blood or life tokens before and after, and its key."""

from __future__ import annotations

from calculators.kit.fmt import escape
from rules.vtes import MinionState, Vampire
from rules.vtes.damage import DamageResult
from rules.vtes.models import Minion

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
