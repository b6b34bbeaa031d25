"""Every page in a pseudo-locale: no visible text may come from outside the catalogs.

A pseudo-locale is generated from the catalog template: every message is shown wrapped in
``⟦…⟧``. A server started with it (:data:`rules.i18n.PSEUDO_ENV`) renders each page with
``?lang=qps`` in Chromium. Once the wrapped messages are taken out of the page's visible text,
only data may remain: numbers, signs, rule section ids, and the names of cards, vampires,
hunters and weapons, which are the same in every language.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from support.servers import REPO, is_local, voila_server

from deploy import catalogs
from rules.i18n import LANGUAGES, PSEUDO_ENV, PSEUDO_LANGUAGE
from rules.reference.model import SECTION_ID

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(path.name for path in (REPO / "notebooks").glob("*.ipynb"))
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
WORD = re.compile(r"[^\W\d_]{2,}")
EDGES = " \t.!?%'\"«»“”–—-0123456789×†✎*<>"
DATA_CONTAINERS = (
    ".ref-section .calc-h3, .ref-text, .ref-example, .ref-edition, .ref-terms, .ref-glossary td, "
    ".ref-results"
)
"""The rules reference's own texts (section titles and texts, glossary terms): data written in
each language of the reference, not catalog messages."""

VISIBLE_TEXT = """(skip) => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (!parent || !node.textContent.trim()) continue;
    if (parent.closest(skip) || parent.closest('script, style, noscript, option')) continue;
    if (!parent.checkVisibility()) continue;
    // a chart label wrapped onto lines (one <tspan> each) is one text: its <text> element's
    const label = parent.closest('svg text');
    if (label) {
      if (node === label.querySelector('tspan')?.firstChild) {
        out.push(Array.from(label.querySelectorAll('tspan'), (t) => t.textContent).join(' '));
      } else if (!label.querySelector('tspan')) {
        out.push(node.textContent);
      }
      continue;
    }
    out.push(node.textContent);
  }
  for (const select of document.querySelectorAll('select')) {
    if (select.checkVisibility() && !select.closest(skip) && select.selectedOptions.length) {
      out.push(select.selectedOptions[0].textContent);
    }
  }
  return out;
}"""


TYPED = """() => Array.from(document.querySelectorAll('input, textarea'), (box) => box.value)"""


def _names(value: object) -> Iterator[str]:
    """Every ``name`` in a scenario's data."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "name" and isinstance(item, str):
                yield item
            else:
                yield from _names(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _names(item)


def _data_names() -> set[str]:
    """Names that are the same in every language: cards, vampires, hunters, example fighters."""
    from rules.dracula.hunters import HUNTERS
    from rules.vtes import carddata
    from rules.vtes.combat_examples import EXAMPLES
    from rules.vtes.examples import DAMAGE_EXAMPLES

    names: list[str] = [*HUNTERS, *LANGUAGES.values()]  # each language named in itself
    names += [card.name for card in carddata.library()]
    names += list(carddata.crypt_names())
    for example in EXAMPLES.values():
        names += list(_names(example.scenario_dict()))
    names += [example.vampire.name for example in DAMAGE_EXAMPLES]
    return set(names)


@pytest.fixture(scope="module")
def pseudo_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A desk server speaking the pseudo-locale too; kernels start per page (no pools)."""
    folder = tmp_path_factory.mktemp("pseudo")
    mo = folder / "pseudo.mo"
    mo.write_bytes(catalogs.compiled(catalogs.pseudo(catalogs.extract())))
    env = {**os.environ, PSEUDO_ENV: str(mo)}
    with voila_server(
        folder / "voila.log", "--VoilaConfiguration.preheat_kernel=False", env=env, seconds=120
    ) as server:
        yield server.url


def _leftovers(texts: list[str], names: set[str]) -> list[str]:
    """The pieces of ``texts`` outside every wrapped message that are not a name, a number or a
    rule section id."""
    found = []
    for text in texts:
        rest = text.replace("\xa0", " ")
        while True:
            stripped = WRAPPED.sub("\n", rest)
            if stripped == rest:
                break
            rest = stripped
        rest = SECTION_ID.sub("\n", rest)  # rule section ids are data
        pieces = (piece.strip(EDGES) for piece in re.split(r"[\n;,()/|:·→=+]+", rest))
        bad = [piece for piece in pieces if WORD.search(piece) and piece not in names]
        if bad:
            found.append(f"{text.strip()[:80]!r} -> {bad}")
    return found


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_visible_text_is_a_catalog_message(page: Any, pseudo_url: str, notebook: str) -> None:
    page.route(
        "**/*", lambda route: route.continue_() if is_local(route.request.url) else route.abort()
    )
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(
        f"{pseudo_url}/voila/render/{notebook}?lang={PSEUDO_LANGUAGE}",
        wait_until="domcontentloaded",
        timeout=180_000,
    )
    page.wait_for_selector(".calc-ready", state="visible", timeout=180_000)
    page.wait_for_timeout(500)
    texts = page.evaluate(VISIBLE_TEXT, DATA_CONTAINERS)
    assert any("⟦" in text for text in texts), "the page shows no catalog message at all"
    tabs = page.locator(".lm-TabBar-tab")
    for i in range(tabs.count()):  # every tab's content, as a visitor opens it
        if tabs.nth(i).is_visible():
            tabs.nth(i).click()
            page.wait_for_timeout(1500)
            texts += page.evaluate(VISIBLE_TEXT, DATA_CONTAINERS)
    typed = page.evaluate(TYPED)  # what a visitor enters (names, plans) is data
    typed_names = {piece.strip(EDGES) for value in typed for piece in re.split(r"[\n;,:]+", value)}
    leftovers = _leftovers(texts, _data_names() | typed_names)
    assert not leftovers, f"{notebook}: text outside the catalogs:\n" + "\n".join(leftovers)


def test_the_leftover_check_can_fail() -> None:
    assert _leftovers(["⟦Blood⟧ 3", "⟦⟦x⟧ and ⟦y⟧⟧", "vtes:6.4.6 Krid"], {"Krid"}) == []
    assert _leftovers(["⟦Blood⟧ is 3"], set()) == ["'⟦Blood⟧ is 3' -> ['is']"]
    assert _leftovers(["⟦Blood⟧: Blood"], {"Krid"}) == ["'⟦Blood⟧: Blood' -> ['Blood']"]
