"""The card pickers' words and HTML, from the card data alone (no widgets): a card's official
rulings in a compact area that opens on demand, and the message beside a picker.

The rulings are shown as the VTES cards page shows them (their references as links, the
cards they name as links to that page); on a page in another language than English they are
marked as the official English text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from calculators.kit.fmt import escape
from calculators.vtes_widgets.card_symbols import symbols_html
from calculators.vtes_widgets.official_labels import OFFICIAL_LABELS
from calculators.vtes_widgets.ruling_view import ruling_html
from rules.vtes.carddata import Ruling

__all__ = ["feedback_html", "official_text_html", "rulings_details"]

Label = Callable[[str], str]


def _official_t(lang: str) -> Label:
    return lambda key: OFFICIAL_LABELS.text(key, lang)


def official_text_html(text: str, t: Label, lang: str) -> str:
    """The card's official text, marked as English on a page in another language."""
    cards = _official_t(lang)
    note = (
        f' <small class="vtes-english">({escape(cards("english_note"))})</small>'
        if lang != "en"
        else ""
    )
    body = "<br>".join(symbols_html(line) for line in text.splitlines())
    return (
        f'<div class="vtes-picker-text"><i>{escape(t("official"))}</i>{note}: '
        f'<span lang="en">{body}</span></div>'
    )


def rulings_details(rulings: Sequence[Ruling], t: Label, lang: str) -> str:
    """The card's official rulings, closed until opened; a line saying there is none."""
    cards = _official_t(lang)
    if not rulings:
        none = escape(cards("no_rulings"))
        return f'<div class="vtes-picker-rulings"><small>{none}</small></div>'
    note = (
        f'<p class="vtes-english"><small>{escape(cards("rulings_english"))}</small></p>'
        if lang != "en"
        else ""
    )
    items = "".join(ruling_html(r, cards, lang) for r in rulings)
    summary = t("rulings_count").format(n=len(rulings))
    return (
        f'<details class="vtes-picker-rulings"><summary>{escape(summary)}</summary>'
        f"{note}<ol>{items}</ol></details>"
    )


def feedback_html(text: str, kind: str) -> str:
    """The message beside a picker: ``kind`` is ``"error"`` or ``"done"``."""
    if not text:
        return ""
    if kind == "error":
        return f'<div class="calc-error-box vtes-picker-error" role="alert">{escape(text)}</div>'
    return f'<div class="vtes-picker-done" role="status">✓ {escape(text)}</div>'
