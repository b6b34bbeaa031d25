"""The desk's own address opens the landing page in the reader's language, and nothing the
server answers asks another host for anything."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.servers import Server, is_local, voila_server


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


def _get(url: str, follow: bool = True, **headers: str) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, headers=headers)
    opener = urllib.request.build_opener() if follow else _OPENER
    try:
        with opener.open(request, timeout=120) as response:
            return response.status, dict(response.headers.items()), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers.items()), error.read().decode()


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    log = tmp_path_factory.mktemp("landing") / "voila.log"
    with voila_server(log, "--VoilaConfiguration.preheat_kernel=False") as server:
        yield server


LANDING = "/voila/render/00_index.ipynb"


@pytest.mark.parametrize(
    ("address", "accept", "lang"),
    [
        ("/", "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("/", "en-GB,en;q=0.9,ru;q=0.8", "en"),
        ("/", "de-DE,de;q=0.9,ru;q=0.5", "ru"),  # the first language the desk speaks
        ("/", "de, fr", "en"),
        ("/", "", "en"),
        ("/?lang=en", "ru", "en"),  # the address wins over the browser
        ("/?lang=ru", "en", "ru"),
        ("/?lang=xx", "ru", "ru"),
        ("/voila/tree", "ru", "ru"),  # Voila's file list is gone too
        ("/voila/tree/", "en", "en"),
    ],
)
def test_the_desk_address_opens_the_landing_page(
    desk: Server, address: str, accept: str, lang: str
) -> None:
    status, headers, _ = _get(desk.url + address, follow=False, **{"Accept-Language": accept})
    assert status == 302
    assert headers["Location"] == f"{LANDING}?lang={lang}"
    assert "Accept-Language" in headers.get("Vary", "")


def _other_hosts(html: str) -> list[str]:
    """Addresses a browser would fetch from another host: src, href of loaded resources,
    CSS url() and @import."""
    found = re.findall(r'\b(?:src|href)\s*=\s*["\']([^"\']+)["\']', html)
    found = [
        address
        for address in found
        if not re.search(rf'<a\b[^>]*href\s*=\s*["\']{re.escape(address)}', html)
    ]
    found += re.findall(r'url\(\s*["\']?([^"\')]+)', html)
    found += re.findall(r'@import\s+["\']([^"\']+)', html)
    return [address for address in found if not is_local(address)]


def _stylesheets(html: str) -> list[str]:
    return re.findall(r'<link\b[^>]*href\s*=\s*["\']([^"\']+\.css[^"\']*)["\']', html)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_landing_page_in_the_reader_language_asks_no_other_host(
    desk: Server, lang: str
) -> None:
    status, _, html = _get(desk.url + "/", **{"Accept-Language": lang})
    assert status == 200
    locale = {"en": "en_US", "ru": "ru_RU"}[lang]
    assert f'og:locale" content="{locale}"' in html
    assert "Select items to open" not in html
    assert _other_hosts(html) == []
    sheets = _stylesheets(html)
    assert sheets, "the page links no stylesheet: the check would see nothing"
    for sheet in sheets:
        address = sheet if sheet.startswith("/") else f"{LANDING.rsplit('/', 1)[0]}/{sheet}"
        code, _, css = _get(desk.url + address)
        assert code == 200, sheet
        assert _other_hosts(css) == [], sheet


def test_an_error_page_asks_no_other_host(desk: Server) -> None:
    status, _, html = _get(desk.url + "/voila/render/no_such_page.ipynb")
    assert status == 404
    assert "<html" in html.lower()
    assert _other_hosts(html) == []


@pytest.mark.parametrize(
    ("address", "accept", "lang", "title"),
    [
        ("/no-such-page", "ru-RU,ru;q=0.9", "ru", "По этому адресу страницы нет"),
        ("/voila/render/no_such_page.ipynb", "en", "en", "No page at this address"),
        ("/voila/render/no_such_page.ipynb?lang=ru", "en", "ru", "По этому адресу страницы нет"),
        ("/voila/renderr/vtm_dice.ipynb?lang=en", "ru", "en", "No page at this address"),
        ("/no-such-page?lang=%ff", "ru", "ru", "По этому адресу страницы нет"),  # not UTF-8
        ("/voila/render/gone.ipynb?lang=%ff", "en", "en", "No page at this address"),
    ],
)
def test_an_address_without_a_page_says_so_and_links_the_landing_page(
    desk: Server, address: str, accept: str, lang: str, title: str
) -> None:
    status, headers, html = _get(desk.url + address, **{"Accept-Language": accept})
    assert status == 404
    assert f'<html lang="{lang}">' in html and f"<title>{title}</title>" in html
    assert f'href="{LANDING}?lang={lang}"' in html
    assert f'href="/voila/render/rules_reference.ipynb?lang={lang}"' in html
    assert 'name="viewport"' in html and "Accept-Language" in headers.get("Vary", "")
    assert "frame-ancestors 'self'" in headers.get("Content-Security-Policy", "")
    assert _other_hosts(html) == []
    # the links it gives open pages
    assert _get(desk.url + f"{LANDING}?lang={lang}", follow=False)[0] == 200


def test_the_check_sees_another_host() -> None:
    page = (
        '<link rel="stylesheet" href="https://cdn.example.org/a.css">'
        '<a href="https://example.org/">a link is not fetched</a>'
        "<style>@font-face{src:url(https://fonts.example.org/f.woff2)}</style>"
        '<script src="/voila/static/voila.js"></script>'
    )
    assert _other_hosts(page) == [
        "https://cdn.example.org/a.css",
        "https://fonts.example.org/f.woff2",
    ]


def test_voila_own_frame_asks_another_host() -> None:
    """Voila's frame for its own pages links a public host's icon font: the desk's
    template replaces it (when this fails, Voila stopped and the desk's page.html can go)."""
    from jupyter_core.paths import jupyter_path

    frames = [Path(p) / "page.html" for p in jupyter_path("voila", "templates", "base")]
    frame = next(path for path in frames if path.exists())
    assert _other_hosts(frame.read_text()) != []
