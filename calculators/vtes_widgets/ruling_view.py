"""One official ruling as HTML, as the Cards page and the card pickers show it: its text in
English with the cards it names as links to them, then its references as links.

``t`` is a catalog label by key in the page's language (a catalog with
:data:`~calculators.vtes_widgets.official_labels.OFFICIAL_LABELS`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from calculators.kit.fmt import escape
from calculators.vtes_widgets.card_links import LINK_STYLE, card_link
from calculators.vtes_widgets.card_symbols import symbols_html
from rules.vtes.carddata import Ruling

__all__ = ["ruling_body", "ruling_html"]

Label = Callable[[str], str]

_NAMED = re.compile(r"\{([^{}]+)\}")


def ruling_body(ruling: Ruling) -> str:
    """The ruling's text without the references at its end (they are shown as links)."""
    text = ruling.text
    for ref in ruling.references:
        text = text.replace(f"[{ref.label}]", "")
    return text.strip()


def ruling_html(ruling: Ruling, t: Label, lang: str) -> str:
    """One ruling: its text (the cards it names as links to them), then its references."""
    named = {c.name: c.id for c in ruling.cards}
    body = ruling_body(ruling)
    parts = []
    last = 0
    for m in _NAMED.finditer(body):
        parts.append(symbols_html(body[last : m.start()]))
        ident = named.get(m[1])
        if ident is None:
            parts.append(escape(m[1]))
        else:
            parts.append(
                f'<a class="vtes-card-link" href="{escape(card_link(ident, lang))}" '
                f'target="_top" style="{LINK_STYLE}">{escape(m[1])}</a>'
            )
        last = m.end()
    parts.append(symbols_html(body[last:]))
    refs = ", ".join(
        f'<a class="vtes-reference" href="{escape(ref.url)}" target="_blank" '
        f'rel="noopener noreferrer" style="{LINK_STYLE}">{escape(ref.label)}</a>'
        for ref in ruling.references
    )
    group = (
        f'<div class="vtes-ruling-group"><small>'
        f"{escape(t('group_ruling').format(group=ruling.group))}</small></div>"
        if ruling.group
        else ""
    )
    return (
        f'<li class="vtes-ruling">{group}<span lang="en">{"".join(parts)}</span>'
        f' <small class="vtes-references">[{refs}]</small></li>'
    )
