"""Bar charts drawn as inline SVG: they render offline inside Voila, no CDN needed."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as widgets

from calculators.kit.fmt import escape, fraction_text, percent

DEFAULT_COLOR = "#7a1f2b"


@dataclass(frozen=True)
class Bar:
    label: str
    value: Fraction
    color: str = DEFAULT_COLOR
    note: str = ""


def bar_chart_svg(
    bars: Sequence[Bar],
    *,
    title: str = "",
    x_label: str = "",
    y_label: str = "",
    width: int = 420,
    height: int = 240,
) -> str:
    """An SVG bar chart of probabilities; each bar's hover title shows the exact value.

    It scales to the width available up to ``width`` px; 420 keeps its text readable on a
    phone (scaled by about 0.85 on a 360 px screen)."""
    peak = max((bar.value for bar in bars), default=Fraction(0)) or Fraction(1)
    ticks = [(frac, percent(peak * frac, 1)) for frac in (Fraction(0), Fraction(1, 2), Fraction(1))]
    widest_tick = max(label_width(text) for _frac, text in ticks)
    # the y axis's title (turned, 12 px) then the ticks' numbers, never on each other
    left = math.ceil((22 if y_label else 4) + widest_tick + 4)
    right, top = 12, 28 if title else 12
    n = max(len(bars), 1)
    slot = (width - left - right) / n
    lines = _label_lines(bars, slot)
    label_every = _label_every(bars, slot) if lines is None else 1
    rows = 1 if lines is None else max((len(x) for x in lines), default=1)
    bottom = 32 + rows * LINE_HEIGHT
    height += (rows - 1) * LINE_HEIGHT
    plot_w, plot_h = width - left - right, height - top - bottom
    bar_w = max(slot * 0.8, 1.0)
    # the text alternative: what the chart shows, in numbers
    said = "; ".join(f"{bar.label}: {percent(bar.value, 2)}" for bar in bars)
    name = f"{title}: {said}" if title else said
    parts = [
        f'<svg class="calc-chart" viewBox="0 0 {width} {height}" width="100%" '
        f'style="max-width:{width}px" role="img" aria-label="{escape(name)}" '
        'xmlns="http://www.w3.org/2000/svg">'
    ]
    if title:
        parts.append(
            f'<text x="{width / 2}" y="18" text-anchor="middle" font-weight="bold" '
            f'font-size="14">{escape(title)}</text>'
        )
    for frac, tick in ticks:
        y = top + plot_h - float(frac) * plot_h
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" '
            'stroke="#ddd" stroke-width="1"/>'
        )
        parts.append(
            f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end" font-size="10">'
            f"{escape(tick)}</text>"
        )
    for i, bar in enumerate(bars):
        h = float(bar.value / peak) * plot_h
        x = left + i * slot + (slot - bar_w) / 2
        y = top + plot_h - h
        tip = f"{bar.label}: {fraction_text(bar.value)} = {percent(bar.value, 4)}"
        if bar.note:
            tip += f" ({bar.note})"
        parts.append(
            f'<rect class="calc-bar" x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" '
            f'height="{max(h, 0):.1f}" fill="{escape(bar.color)}">'
            f"<title>{escape(tip)}</title></rect>"
        )
        if i % label_every == 0:
            centre = f"{x + bar_w / 2:.1f}"
            said_lines = [bar.label] if lines is None else lines[i]
            spans = "".join(
                f'<tspan x="{centre}" dy="{0 if k == 0 else LINE_HEIGHT}">{escape(line)}</tspan>'
                for k, line in enumerate(said_lines)
            )
            parts.append(
                f'<text x="{centre}" y="{top + plot_h + 16}" text-anchor="middle" '
                f'font-size="{LABEL_SIZE}">{spans}</text>'
            )
    if x_label:
        parts.append(
            f'<text x="{left + plot_w / 2}" y="{height - 6}" text-anchor="middle" '
            f'font-size="12">{escape(x_label)}</text>'
        )
    if y_label:
        parts.append(
            f'<text x="12" y="{top + plot_h / 2}" text-anchor="middle" font-size="12" '
            f'transform="rotate(-90 12 {top + plot_h / 2})">{escape(y_label)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


LABEL_SIZE = 10  # px, the bars' labels
CHAR_WIDTH = 0.62  # of the font size: a wide estimate of a sans-serif character's advance
LABEL_GAP = 4  # px between two labels
LINE_HEIGHT = 12  # px between a wrapped label's lines
MAX_LABEL_LINES = 3


def label_width(label: str, size: float = LABEL_SIZE) -> float:
    """A label's width in the chart's units, estimated wide so that labels never touch."""
    return len(label) * size * CHAR_WIDTH


def _label_lines(bars: Sequence[Bar], slot: float) -> list[list[str]] | None:
    """Each bar's label on lines as wide as its slot, when a few bars have long labels;
    ``None`` when the labels fit on one line or a word is wider than its slot."""
    room = slot - LABEL_GAP
    if all(label_width(bar.label) <= room for bar in bars):
        return None
    lines: list[list[str]] = []
    for bar in bars:
        words = bar.label.split()
        if not words or any(label_width(word) > room for word in words):
            return None
        said = [words[0]]
        for word in words[1:]:
            if label_width(f"{said[-1]} {word}") <= room:
                said[-1] = f"{said[-1]} {word}"
            else:
                said.append(word)
        lines.append(said)
    return lines if max(len(x) for x in lines) <= MAX_LABEL_LINES else None


def _label_every(bars: Sequence[Bar], slot: float) -> int:
    """Label every k-th bar, k the smallest that keeps neighbouring labels apart."""
    widest = max((label_width(bar.label) for bar in bars), default=0.0)
    return max(1, math.ceil((widest + LABEL_GAP) / max(slot, 1e-9)))


def distribution_bars(
    distribution: Mapping[int, Fraction], colors: Mapping[int, str] | None = None
) -> list[Bar]:
    """Bars for an integer-valued distribution, every value between min and max included."""
    if not distribution:
        return []
    low, high = min(distribution), max(distribution)
    colors = colors or {}
    return [
        Bar(str(k), distribution.get(k, Fraction(0)), colors.get(k, DEFAULT_COLOR))
        for k in range(low, high + 1)
    ]


class DistributionChart:
    """An HTML widget holding a bar chart; call :meth:`show` with new bars."""

    def __init__(self) -> None:
        self.widget = widgets.HTML(value="")
        self.widget.add_class("calc-chart-view")
        self.bars: tuple[Bar, ...] = ()

    def show(self, bars: Sequence[Bar], **options: str) -> None:
        self.bars = tuple(bars)
        self.widget.value = bar_chart_svg(self.bars, **options)  # type: ignore[arg-type]

    def show_distribution(
        self,
        distribution: Mapping[int, Fraction],
        colors: Mapping[int, str] | None = None,
        **options: str,
    ) -> None:
        self.show(distribution_bars(distribution, colors), **options)
