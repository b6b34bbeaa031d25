"""Addresses of the desk's pages: every link carries the page's language."""

from __future__ import annotations

import sys
from urllib.parse import urlencode

#: In the static site (Python in the visitor's browser) each notebook is an ``.html`` page.
STATIC_SITE = sys.platform == "emscripten"
HOME_PAGE = "00_index.ipynb"
REFERENCE_PAGE = "rules_reference.ipynb"


def page_url(notebook: str, lang: str, **params: str) -> str:
    """A relative link to ``notebook`` in ``lang``, with further address parameters.

    >>> page_url("00_index.ipynb", "ru")
    '00_index.ipynb?lang=ru'
    >>> page_url("rules_reference.ipynb", "en", section="vtes:6.4.6")
    'rules_reference.ipynb?section=vtes%3A6.4.6&lang=en'
    """
    if STATIC_SITE:
        notebook = notebook.removesuffix(".ipynb") + ".html"
    return f"{notebook}?{urlencode({**params, 'lang': lang})}"
