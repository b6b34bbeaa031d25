"""The languages the desk speaks: the one list to extend when a language is added.

English is the source language: every message id is English, so English needs no catalog.
Every other language has a catalog ``rules/i18n/locale/<code>/LC_MESSAGES/desk.po``.

>>> LANGUAGES["ru"]
'Русский'
>>> check_language("de")
Traceback (most recent call last):
...
KeyError: "unknown language 'de'; allowed: en, ru"
"""

from __future__ import annotations

import os

__all__ = ["LANGUAGES", "PSEUDO_ENV", "PSEUDO_LANGUAGE", "SOURCE_LANGUAGE", "check_language"]

SOURCE_LANGUAGE = "en"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
}
"""Each language's code and its name in that language, in the order pages offer them."""

PSEUDO_LANGUAGE = "qps"
"""A pseudo-locale for tests: every catalog message shown wrapped in ``⟦…⟧``."""
PSEUDO_ENV = "DESK_PSEUDO_LOCALE"
"""When this environment variable names a compiled pseudo-locale catalog (``.mo``), the desk
also speaks :data:`PSEUDO_LANGUAGE`: a browser test then sees any text that is not a message."""

if os.environ.get(PSEUDO_ENV):
    LANGUAGES[PSEUDO_LANGUAGE] = "⟦Pseudo⟧"


def check_language(lang: str) -> str:
    """``lang`` when the desk speaks it; otherwise :class:`KeyError` naming the allowed codes."""
    if lang not in LANGUAGES:
        raise KeyError(f"unknown language {lang!r}; allowed: {', '.join(LANGUAGES)}")
    return lang
