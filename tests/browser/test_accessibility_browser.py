"""Every page, in both languages, on a phone and a desktop, has no critical or serious finding
of axe-core (the engine of the browsers' own accessibility audits), on every tab.

axe-core comes from the npm registry (the test command installs the pinned version into
``build/npm/``, as it installs Chromium); the test puts it into the page once the calculator
shows, runs it, clicks each tab in turn and runs it again.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
AXE = Path(os.environ.get("DESK_AXE", REPO / "build/npm/axe-core/node_modules/axe-core/axe.min.js"))
PAGES = (
    "00_index",
    "vtes_damage",
    "vtes_combat",
    "vtes_table",
    "vtes_cards",
    "vtes_deck_odds",
    "dracula",
    "vtm_dice",
    "rules_reference",
)
SCREENS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}
#: (language, screen): both languages on the phone, English on the desktop
VIEWS = (("en", "phone"), ("ru", "phone"), ("en", "desktop"))

_RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.id} (${v.impact}) x${v.nodes.length}: ${v.help}; e.g. `
      + v.nodes.slice(0, 2).map((n) => n.html.slice(0, 160)).join(" | "));
}"""


def _axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(
            f"axe-core is missing at {AXE}: the test command installs it "
            "(npm install --prefix build/npm/axe-core axe-core)"
        )
    return AXE.read_text(encoding="utf-8")


def _findings(page: Any) -> list[str]:
    page.wait_for_timeout(300)  # the page names its fields once they are shown
    found = page.evaluate(_RUN)
    return [str(item) for item in found]


@pytest.mark.parametrize(("lang", "screen"), VIEWS, ids=[f"{lang}-{s}" for lang, s in VIEWS])
@pytest.mark.parametrize("name", PAGES)
def test_no_critical_or_serious_finding_on_any_tab(
    open_page: Callable[..., Any], name: str, lang: str, screen: str
) -> None:
    page = open_page(f"{name}.ipynb", f"?lang={lang}")
    page.set_viewport_size(SCREENS[screen])
    page.add_script_tag(content=_axe_source())
    report = {"first view": _findings(page)}
    tabs = page.locator(".calc-root .lm-TabBar-tab")
    for i in range(tabs.count()):
        tab = tabs.nth(i)
        if not tab.is_visible():
            continue
        label = tab.inner_text().strip()
        tab.click()
        page.wait_for_timeout(800)  # a tab's widgets are built when it is first shown
        report[f"tab {label!r}"] = _findings(page)
    bad = {view: found for view, found in report.items() if found}
    assert not bad, "\n".join(f"{view}:\n  " + "\n  ".join(found) for view, found in bad.items())
