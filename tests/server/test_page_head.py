"""What a reader's browser and a search engine read in a page's head before any script runs.

Each page rendered for a visitor (a browser's User-Agent, a kernel started) carries its own
title and a description in the page's language, and no script the page loads points at a
source map the server does not have.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest

from calculators.server.previews import PAGES

REPO = Path(__file__).resolve().parents[2]
BROWSER = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Mobile Safari/537.36"
)
NOTEBOOKS = sorted(path.name for path in (REPO / "notebooks").glob("*.ipynb"))
DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)">')
TITLE = re.compile(r"<title>([^<]*)</title>")
SCRIPT = re.compile(r'<script[^>]*\ssrc="([^"]+)"')
FRONT_END = re.compile(r'<script id="desk-front-end" type="application/json">([^<]*)</script>')
SOURCE_MAP = re.compile(rb"^//# sourceMappingURL=(\S+)", re.M)


def _get(url: str) -> tuple[int, bytes]:
    request = urllib.request.Request(url, headers={"User-Agent": BROWSER})
    try:
        with urllib.request.urlopen(request, timeout=180) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_page_has_its_title_and_description_in_its_language(
    voila_url: str, notebook: str, lang: str
) -> None:
    status, body = _get(f"{voila_url}/voila/render/{notebook}?lang={lang}")
    assert status == 200
    html = body.decode()
    head = html[: html.index("</head>")]
    described = DESCRIPTION.findall(head)
    assert [unescape(d) for d in described] == [PAGES[notebook].description.render(lang)]
    assert [unescape(t) for t in TITLE.findall(head)] == [PAGES[notebook].title.render(lang)]
    assert '"kernelId": "' in html  # a visitor's page, not the preview a bot gets


def test_no_script_a_page_loads_points_at_a_missing_source_map(voila_url: str) -> None:
    page = f"{voila_url}/voila/render/vtm_dice.ipynb"
    status, body = _get(page)
    assert status == 200
    html = body.decode()
    (front_end,) = FRONT_END.findall(html)  # fetched once the page is drawn
    listed = json.loads(front_end)
    scripts = {
        urljoin(page, s) for s in [*SCRIPT.findall(html), listed["main"], *listed["entries"]]
    }
    assert any("/voila.js" in s for s in scripts) and any("remoteEntry" in s for s in scripts)
    dangling = []
    for script in sorted(scripts):
        status, code = _get(script)
        assert status == 200, script
        for target in SOURCE_MAP.findall(code):
            if target.startswith(b"data:"):
                continue
            mapped = urljoin(script, target.decode())
            if _get(mapped)[0] != 200:
                dangling.append(f"{script} -> {mapped}")
    assert not dangling, dangling
