"""The compiled gettext catalogs shipped in the package, loaded once per language.

Catalogs live in ``rules/i18n/locale/<lang>/LC_MESSAGES/desk.mo`` (compiled from the ``.po``
files next to them by ``scripts/catalogs``). The source language needs none: its
translations return the message ids themselves.

A pseudo-locale for tests can be added with :func:`install`: it takes a ready translations
object, so the catalogs in the package stay the only ones loaded from disk.
"""

from __future__ import annotations

import gettext
import os
from functools import cache
from pathlib import Path

from rules.i18n.languages import PSEUDO_ENV, PSEUDO_LANGUAGE, SOURCE_LANGUAGE, check_language

__all__ = ["DOMAIN", "LOCALE_DIR", "install", "translations"]

DOMAIN = "desk"
LOCALE_DIR = Path(__file__).with_name("locale")

_installed: dict[str, gettext.NullTranslations] = {}


@cache
def _load(lang: str) -> gettext.NullTranslations:
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if lang == PSEUDO_LANGUAGE:
        path = Path(os.environ[PSEUDO_ENV])
    with path.open("rb") as handle:
        return gettext.GNUTranslations(handle)


def translations(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang``; :class:`KeyError` for a language the desk does not speak."""
    installed = _installed.get(lang)
    if installed is not None:
        return installed
    return _load(check_language(lang))


def install(lang: str, catalog: gettext.NullTranslations) -> None:
    """Make ``catalog`` the translations of ``lang`` (a test's pseudo-locale)."""
    _installed[lang] = catalog
