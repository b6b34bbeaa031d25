"""The dated sources of the VTES card data, rulings and rulebooks, as a page names them.

Every VTES page that uses card data or rulings shows :func:`sources_html` below its results
and ends its ruling as text with :func:`sources_text`: the krcg release that shipped the
official card lists and the rulings, the newest set and ruling they hold, and the rulebook
edition the engines follow. Read from the data files' headers only (see
:func:`rules.vtes.card_sources.shipped`), so naming the sources costs a page no card data.
"""

from __future__ import annotations

from calculators.kit.fmt import escape
from calculators.kit.labels import Catalog
from rules.i18n import msg
from rules.vtes.card_sources import shipped

__all__ = ["SOURCE_LABELS", "sources_html", "sources_text"]

SOURCE_LABELS = Catalog({"sources": msg("Sources")})


def sources_text(lang: str) -> str:
    """The one line naming the sources, as plain text ("Sources: Card texts: ...")."""
    label = SOURCE_LABELS.text("sources", lang)
    return f"{label}: {shipped().message().render(lang)}"


def sources_html(lang: str) -> str:
    """The same line as small print, for under a page's results."""
    label = SOURCE_LABELS.text("sources", lang)
    return (
        f'<p class="vtes-sources"><small><b>{escape(label)}:</b> '
        f"{escape(shipped().message().render(lang))}</small></p>"
    )
