"""The desk's own address opens the landing page, in the reader's language.

Voila answers a folder's address with its file list (the notebooks' names, and an icon font
asked of a public host). The desk's server answers ``/`` and Voila's tree addresses with a
redirect to the landing page instead: in the language the address names (``?lang=ru``), else
the first language of the browser's ``Accept-Language`` the desk speaks, else English.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import tornado.web
from jupyter_server.utils import url_path_join

from calculators.server.sizing import LANDING
from rules.i18n import LANGUAGES, SOURCE_LANGUAGE

_RANGE = re.compile(r"^\s*([A-Za-z]{1,8}|\*)(?:-[A-Za-z0-9]{1,8})*\s*$")
_WEIGHT = re.compile(r"^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$")


def accepted_languages(header: str) -> list[str]:
    """The primary language codes of an ``Accept-Language`` header, most wanted first.

    Weights (``q``) order them; equal weights keep the header's order; ``q=0`` and malformed
    entries are dropped.

    >>> accepted_languages("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7")
    ['ru', 'ru', 'en', 'en']
    >>> accepted_languages("en;q=0.5, ru")
    ['ru', 'en']
    >>> accepted_languages("de, fr;q=0, *;q=0.1")
    ['de', '*']
    >>> accepted_languages("")
    []
    """
    weighted: list[tuple[float, int, str]] = []
    for position, entry in enumerate(header.split(",")):
        tag, *params = entry.split(";")
        match = _RANGE.match(tag)
        if match is None:
            continue
        weight = 1.0
        for param in params:
            found = _WEIGHT.match(param)
            if found is not None:
                weight = float(found.group(1))
        if weight > 0:
            weighted.append((-weight, position, match.group(1).lower()))
    return [code for _, _, code in sorted(weighted)]


def reader_language(asked: str | None, accept_language: str) -> str:
    """The landing page's language: the address's ``lang`` when the desk speaks it, else the
    browser's first language the desk speaks, else the source language.

    >>> reader_language(None, "ru-RU,ru;q=0.9,en;q=0.8")
    'ru'
    >>> reader_language("en", "ru")
    'en'
    >>> reader_language("xx", "de, ru;q=0.5")
    'ru'
    >>> reader_language(None, "de, fr")
    'en'
    """
    if asked is not None and asked in LANGUAGES:
        return asked
    for code in accepted_languages(accept_language):
        if code in LANGUAGES:
            return code
    return SOURCE_LANGUAGE


class LandingRedirect(tornado.web.RequestHandler):
    """``/`` and Voila's tree addresses: a redirect to the landing page in the reader's
    language (not cached by address alone: it depends on ``Accept-Language``)."""

    def initialize(self, server_url: str) -> None:
        self.server_url = server_url

    def get(self, path: str | None = None) -> None:
        lang = reader_language(
            self.get_query_argument("lang", None), self.request.headers.get("Accept-Language", "")
        )
        self.set_header("Vary", "Accept-Language")
        self.set_header("Cache-Control", "no-cache")
        target = url_path_join(self.server_url, "voila/render", LANDING)
        self.redirect(f"{target}?{urlencode({'lang': lang})}", permanent=False)

    def head(self, path: str | None = None) -> None:
        self.get(path)
