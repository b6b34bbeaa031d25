"""Bar charts drawn as inline SVG: they render offline inside Voila, no CDN needed."""

from __future__ import annotations

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
    left, right, top, bottom = 48, 12, 28 if title else 12, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = max((bar.value for bar in bars), default=Fraction(0)) or Fraction(1)
    n = max(len(bars), 1)
    slot = plot_w / n
    bar_w = max(slot * 0.8, 1.0)
    label_every = max(1, round(n / 25))
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
    for frac in (Fraction(0), Fraction(1, 2), Fraction(1)):
        y = top + plot_h - float(frac) * plot_h
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" '
            'stroke="#ddd" stroke-width="1"/>'
        )
        parts.append(
            f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end" font-size="10">'
            f"{escape(percent(peak * frac, 1))}</text>"
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
            parts.append(
                f'<text x="{x + bar_w / 2:.1f}" y="{top + plot_h + 14}" text-anchor="middle" '
                f'font-size="10">{escape(bar.label)}</text>'
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
