"""A bar chart's labels never lie on each other: wrapped, or every k-th shown, by their width."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

from calculators.kit.charts import LABEL_SIZE, Bar, bar_chart_svg, label_width

OUTCOMES = [
    "hunter defeated",
    "hunter bitten",
    "someone escaped (End)",
    "three Continues",
    "Dracula destroyed",
]


def _labels(svg: str) -> list[tuple[float, list[str]]]:
    """Each bar label's centre and its lines."""
    found = re.findall(
        rf'<text x="([\d.]+)" y="[\d.]+" text-anchor="middle" '
        rf'font-size="{LABEL_SIZE}">(.*?)</text>',
        svg,
    )
    return [(float(x), re.findall(r"<tspan[^>]*>(.*?)</tspan>", body)) for x, body in found]


def _apart(labels: list[tuple[float, list[str]]]) -> bool:
    spans = [
        (x - w / 2, x + w / 2)
        for x, lines in labels
        for w in [max(label_width(line) for line in lines)]
    ]
    return all(a[1] <= b[0] for a, b in itertools.pairwise(spans))


def test_long_labels_wrap_and_keep_every_bar_named() -> None:
    svg = bar_chart_svg([Bar(k, Fraction(1, 5)) for k in OUTCOMES], y_label="Probability")
    labels = _labels(svg)
    assert [" ".join(lines) for _x, lines in labels] == OUTCOMES
    assert max(len(lines) for _x, lines in labels) > 1 and _apart(labels)


def test_many_bars_show_every_kth_label() -> None:
    bars = [Bar(str(k), Fraction(1, 61)) for k in range(61)]
    labels = _labels(bar_chart_svg(bars))
    assert 1 < len(labels) < 61 and labels[0][1] == ["0"] and _apart(labels)
    few = _labels(bar_chart_svg([Bar(str(k), Fraction(1, 6)) for k in range(6)]))
    assert len(few) == 6


def test_the_axis_title_leaves_room_for_the_percentages() -> None:
    svg = bar_chart_svg([Bar("0", Fraction(1, 3)), Bar("1", Fraction(2, 3))], y_label="P")
    ticks = re.findall(
        r'<text x="([\d.]+)" y="[\d.]+" text-anchor="end" font-size="10">'
        r"([^<]*)</text>",
        svg,
    )
    # the turned title is 12 px tall around x=12; each tick ends at its x
    assert all(float(x) - label_width(t) >= 18 for x, t in ticks), ticks
