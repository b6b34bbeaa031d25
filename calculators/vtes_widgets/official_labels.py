"""The words around the official English texts (a card's text, its rulings) on a page in any
language: the catalog every page that shows them merges into its own."""

from __future__ import annotations

from calculators.kit.labels import Catalog
from rules.i18n import msg

__all__ = ["OFFICIAL_LABELS"]

OFFICIAL_LABELS = Catalog(
    {
        "english_note": msg("The official English text."),
        "no_rulings": msg("No official ruling on this card."),
        "rulings_english": msg("The rulings are quoted in English, as published."),
        "group_ruling": msg("A ruling on the group {group}"),
    }
)
