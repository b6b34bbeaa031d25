"""An address the desk has no page for: a short page in the reader's language (HTTP 404).

A judge who mistypes an address, or opens a link to a page that is gone, gets a page that says
so and links to the landing page and the rules reference, instead of the bare "404: Not
Found" of the web framework: in the language the address names (``?lang=ru``), else the
browser's first language the desk speaks (:func:`calculators.server.landing.reader_language`).
The page is self-contained (:mod:`calculators.server.notice_page`).
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import parse_qs, urlencode

import tornado.web
from jupyter_server.utils import url_path_join

from calculators.server.landing import reader_language
from calculators.server.notice_page import NOTICE_POLICY, notice_page
from calculators.server.sizing import LANDING
from rules.i18n import Message, msg

#: The rules reference, the page a reader looking for a rule goes to.
REFERENCE = "rules_reference.ipynb"

NOT_FOUND: dict[str, Message] = {
    "title": msg("No page at this address"),
    "body": msg(
        "The desk has no page at this address: it may be mistyped, or come from a link to "
        "a page that has since moved."
    ),
    "landing": msg("Open the desk's first page (every calculator)"),
    "reference": msg("Open the rules reference"),
}


def not_found_html(lang: str, base_url: str = "/") -> str:
    """The page for an address the desk has no page for, in ``lang``, its links under
    ``base_url`` (the address the browser sees)."""
    words = {key: message.render(lang) for key, message in NOT_FOUND.items()}
    query = urlencode({"lang": lang})
    links = "".join(
        f'<li><a href="{escape(url_path_join(base_url, "voila/render", page))}?{query}">'
        f"{escape(words[key])}</a></li>"
        for key, page in (("landing", LANDING), ("reference", REFERENCE))
    )
    body = (
        f'<div class="desk-not-found"><h1>{escape(words["title"])}</h1>'
        f"<p>{escape(words['body'])}</p><ul>{links}</ul></div>"
    )
    return notice_page(lang, words["title"], body)


def write_not_found(handler: tornado.web.RequestHandler, base_url: str) -> None:
    """Answer ``handler``'s request with the not-found page (HTTP 404) in the reader's
    language; the answer depends on ``Accept-Language`` as well as on the address."""
    # the address as it came (a "lang" that is not UTF-8 must not turn this page into an error)
    asked = parse_qs(handler.request.query, errors="replace").get("lang", [None])[-1]
    lang = reader_language(asked, handler.request.headers.get("Accept-Language", ""))
    handler.clear()
    handler.set_status(404)
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.set_header("Vary", "Accept-Language")
    handler.set_header("Cache-Control", "no-cache")
    handler.set_header("Content-Security-Policy", NOTICE_POLICY)
    if handler.request.method == "HEAD":
        handler.finish()
    else:
        handler.finish(not_found_html(lang, base_url))


class NotFoundHandler(tornado.web.RequestHandler):
    """Every address no other handler answers: the not-found page, its links under the
    address the browser sees (``base_url``)."""

    def prepare(self) -> None:  # whatever the method
        write_not_found(self, self.settings.get("base_url", "/"))

    def check_xsrf_cookie(self) -> None:  # a POST to a missing address is a 404 too
        return None

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        write_not_found(self, self.settings.get("base_url", "/"))
