"""VTES deck odds page's text and pictures, from frozen inputs and results (no widgets).

A category's label, the deck's summary, the odds table (exact fractions on hover), the chart's
bars, and the ruling as plain text; ``t`` is the page's words in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from calculators.kit.charts import Bar
from calculators.kit.fmt import escape, exact_html, fraction_text, percent
from calculators.kit.ruling import ruling_text
from calculators.pages.deck_odds.categories import Category, ReadDeck, copies
from calculators.pages.deck_odds.labels import TYPE_KEYS
from rules.vtes.draws import DrawOdds

Words = Callable[[str], str]


def category_label(key: str, t: Words) -> str:
    """``type:Combat`` -> "Type: Combat" in the reader's language; a card is its name."""
    kind, _, name = key.partition(":")
    if kind == "card":
        return name
    if kind == "type":
        return t("type").format(name=t(TYPE_KEYS[name]) if name in TYPE_KEYS else name)
    if kind == "clan":
        return t("clan").format(name=name)
    return t("discipline").format(name=name)


def option_label(deck: ReadDeck, pile: str, key: str, t: Words) -> str:
    """A category as a choice: its label and how many of the pile's cards it holds."""
    size = sum(deck.pile(pile).values())
    return t("copies").format(
        label=category_label(key, t), copies=copies(deck, pile, key), deck=size
    )


def deck_summary_html(deck: ReadDeck, t: Words, lang: str) -> str:
    """How many cards each pile holds, and what was read without being said."""
    parts = [
        escape(t("deck_summary").format(crypt=deck.deck.crypt_size, library=deck.deck.library_size))
    ]
    parts += [escape(w.render(lang)) for w in deck.deck.warnings]
    return "<small>" + "<br>".join(parts) + "</small>"


def odds_table_html(odds: DrawOdds, labels: Sequence[str], t: Words) -> str:
    """Turn, cards seen, each category's odds and (for several) all at once; each percent's
    hover title is the exact fraction."""
    several = len(labels) > 1
    head = [t("turn"), t("seen"), *labels] + ([t("all")] if several else [])
    rows = []
    for turn in odds.turns:
        cells = [str(turn.turn), str(turn.seen)]
        cells += [exact_html(p) for p in turn.each.values()]
        if several:
            cells.append(exact_html(turn.all))
        rows.append(cells)
    head_html = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f'<div style="overflow-x:auto" tabindex="0"><table class="calc-table deck-odds-table">'
        f"<thead><tr>{head_html}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def chart_bars(odds: DrawOdds) -> list[Bar]:
    """One bar a turn: every category at once (each bar's title is its exact value)."""
    return [Bar(str(turn.turn), turn.all) for turn in odds.turns]


def chart_title(labels: Sequence[str], t: Words) -> str:
    return t("chart_one").format(label=labels[0]) if len(labels) == 1 else t("chart_title")


def result_lines(odds: DrawOdds, t: Words) -> list[str]:
    """Each turn's odds of every category at once, as plain text."""
    return [
        t("result_line").format(
            turn=turn.turn, seen=turn.seen, p=percent(turn.all, 2), exact=fraction_text(turn.all)
        )
        for turn in odds.turns
    ]


def situation_lines(
    deck: ReadDeck, pile: str, chosen: Sequence[Category], odds: DrawOdds, t: Words
) -> list[str]:
    lines = [
        t("situation_pile").format(
            pile=t(f"pile_{pile}"), deck=odds.deck, start=odds.start, more=odds.per_turn
        )
    ]
    for category in chosen:
        lines.append(
            t("situation_want").format(
                k=category.at_least,
                label=category_label(category.key, t),
                copies=copies(deck, pile, category.key),
            )
        )
    return lines


def ruling(
    deck: ReadDeck, pile: str, chosen: Sequence[Category], odds: DrawOdds, t: Words, lang: str
) -> str:
    """The odds as plain text: the pile and categories, each turn's odds, the steps."""
    return ruling_text(
        t("title"),
        situation_lines(deck, pile, chosen, odds, t),
        result_lines(odds, t),
        odds.steps,
        lang,
    )


__all__ = [
    "category_label",
    "chart_bars",
    "chart_title",
    "deck_summary_html",
    "odds_table_html",
    "option_label",
    "result_lines",
    "ruling",
    "situation_lines",
]
