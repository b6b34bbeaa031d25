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

__all__ = ["LANGUAGES", "SOURCE_LANGUAGE", "check_language"]

SOURCE_LANGUAGE = "en"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
}
"""Each language's code and its name in that language, in the order pages offer them."""


def check_language(lang: str) -> str:
    """``lang`` when the desk speaks it; otherwise :class:`KeyError` naming the allowed codes."""
    if lang not in LANGUAGES:
        raise KeyError(f"unknown language {lang!r}; allowed: {', '.join(LANGUAGES)}")
    return lang
