"""Fury of Dracula page's pictures: the win-chance heat colour and Dracula's blood track."""

from __future__ import annotations

from fractions import Fraction

from calculators.kit.fmt import escape, fraction_text, percent
from rules.dracula.blood import MAX_BLOOD, RED_MARKS


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
