"""A shared link's preview, made without a kernel, says what the page opened from it shows.

Each page is driven without a browser: its inputs are set, its own link is taken
(``address_query``), and the preview made from that link alone (``calculators.server.previews``
through the pure ``rules.*.link_summary``) must state the page's own result.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from calculators.server.previews import (
    PAGES,
    head_tags,
    is_preview_agent,
    preview,
    preview_page,
    with_tags,
)
from rules.link_params import LinkParams, pack
from rules.vtes.damage import describe_outcome
from rules.vtm.link_summary import percent

REPO = Path(__file__).resolve().parents[2]
URL = "https://desk.example/voila/render/page.ipynb"

BOTS = [
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    "TelegramBot (like TwitterBot)",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "WhatsApp/2.23.20.0 A",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Twitterbot/1.0",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
    "Mozilla/5.0 (compatible; DuckDuckBot-Https/1.1; https://duckduckgo.com/duckduckbot)",
    "Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Applebot/0.1",
    "http.rb/5.1.1 (Mastodon/4.2.1; +https://mastodon.social/) Bot",
    "vkShare; +http://vk.com/dev/Share",
]
BROWSERS = [
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
    "Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    "Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0 Mobile Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0",
]


@pytest.mark.parametrize("agent", BOTS)
def test_preview_bots_and_crawlers_are_known_by_their_agent(agent: str) -> None:
    assert is_preview_agent(agent)


@pytest.mark.parametrize("agent", BROWSERS)
def test_browsers_are_visitors(agent: str) -> None:
    assert not is_preview_agent(agent)


def _described(notebook: str, query: str, lang: str = "en") -> str:
    shown = preview(notebook, f"{query}&lang={lang}" if query else f"lang={lang}", URL)
    assert shown is not None
    return shown.description


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    "inputs",
    [
        {"name": "Krid", "blood": 1, "aggravated": 1},
        {"name": "Barth", "capacity": 3, "blood": 1, "normal": 2, "aggravated": 1},
        {"blood": 4, "normal": 3, "prevent_normal": 1, "state": "torpor"},
        {"kind": "ally", "name": "Mage", "blood": 2, "normal": 3},
        {"kind": "retainer", "blood": 2, "aggravated": 1, "rules": "vekn-2024"},
    ],
)
def test_a_damage_link_tells_the_minion_the_damage_and_the_pages_outcome(
    inputs: dict[str, object], lang: str
) -> None:
    from calculators.pages.vtes_damage.page import VtesDamagePage

    page = VtesDamagePage(lang=lang)
    page.set_inputs(**inputs)
    assert page.result is not None and page.banner.message == ""
    described = _described("vtes_damage.ipynb", page.address_query(), lang)
    assert describe_outcome(page.result).render(lang) in described
    name = page.name.value.strip() or page.default_name()
    assert described.startswith(f"{name} (")


def test_a_damage_preset_link_is_the_rulebooks_example() -> None:
    from calculators.pages.vtes_damage.page import VtesDamagePage

    page = VtesDamagePage()
    page.load_preset("barth")
    described = _described("vtes_damage.ipynb", "preset=barth")
    assert page.result is not None
    assert described.endswith(describe_outcome(page.result).render("en"))
    assert "Barth (ready, 1 of " in described


@pytest.mark.parametrize("preset", ["kurt_ira", "cohn_mage"])
def test_a_combat_link_tells_who_fought_and_how_each_ends(preset: str) -> None:
    from calculators.pages.vtes_combat.page import VtesCombatPage

    page = VtesCombatPage()
    page.load_preset(preset)
    report = page.report
    assert report is not None
    queries = [f"preset={preset}"]
    if page.address_query():  # the page opens with Kurt and Ira: their link names no input
        queries.append(page.address_query())
    assert len(queries) == (1 if preset == "kurt_ira" else 2)
    for query in queries:
        described = _described("vtes_combat.ipynb", query)
        assert described.startswith(f"{report.acting.name} vs {report.opposing.name}")
        for side in (report.acting, report.opposing):
            if side.state.value == "burned":
                assert f"{side.name}: burned" in described
            else:
                assert f"{side.name}: {side.state.value}" in described
                assert f"with {side.amount} " in described


def test_a_combat_link_is_read_as_the_page_packs_it() -> None:
    data = {"rules": "vekn-2024", "rounds": [{}], "acting": {"name": "Kurt"}}
    assert LinkParams({"combat": pack(data)}).packed("combat") == data


@pytest.mark.parametrize(
    "inputs",
    [
        {"dice": 7, "difficulty": 8, "edition": "revised", "specialty": True},
        {"dice": 4, "difficulty": 9, "edition": "v20", "specialty": True, "willpower": True},
        {"dice": 8, "difficulty": 6, "wound": "wounded", "actions": 2},
    ],
)
def test_a_dice_link_gives_the_pages_odds(inputs: dict[str, object]) -> None:
    from calculators.pages.vtm_dice.page import VtmDicePage

    page = VtmDicePage()
    page.set_inputs(**inputs)
    first = page.results[0]
    described = _described("vtm_dice.ipynb", page.address_query())
    assert f"success {percent(first.success)}, botch {percent(first.botch)}" in described
    assert percent(first.botch) == page.botch_text.split(": ")[1]


def test_a_v5_link_gives_the_pages_odds() -> None:
    from calculators.pages.vtm_dice.page import VtmDicePage

    page = VtmDicePage()
    page.tabs.selected_index = 2
    page.v5.set_inputs(pool=7, hunger=3, difficulty=4)
    result = page.v5.result
    described = _described("vtm_dice.ipynb", page.address_query())
    assert described.startswith("V5: 7 dice, Hunger 3, difficulty 4: ")
    assert f"win {percent(result.win)}" in described
    assert f"bestial failure {percent(result.bestial)}" in described


def test_a_dracula_link_names_the_hunter_and_the_opponent() -> None:
    from calculators.pages.dracula.page import DraculaPage

    page = DraculaPage()
    page.set_inputs(hunter="Lord Godalming", opponent="dracula-night", blood=9)
    described = _described("dracula.ipynb", page.address_query(), "ru")
    assert described.startswith("Lord Godalming (12 очков здоровья")
    assert "против Дракулы ночью, у Дракулы 9 литров крови" in described


def test_a_table_link_names_its_tab() -> None:
    from calculators.pages.vtes_table.page import VtesTablePage

    page = VtesTablePage()
    page.select_tab("victory")
    assert _described("vtes_table.ipynb", page.address_query()).startswith("Victory points: ")


def test_a_reference_link_gives_the_sections_heading() -> None:
    described = _described("rules_reference.ipynb", "section=vtes%3A6.4.6", "ru")
    assert described.startswith("VTES 6.4.6 Расчёт повреждений: ")


def test_a_link_without_inputs_or_with_refused_ones_describes_the_page() -> None:
    for notebook, page in PAGES.items():
        assert _described(notebook, "") == page.description.render("en")
    description = PAGES["vtes_damage.ipynb"].description.render("en")
    assert _described("vtes_damage.ipynb", "blood=99") == description  # more than capacity
    assert _described("vtes_damage.ipynb", "blood=many") == description
    combat = PAGES["vtes_combat.ipynb"].description.render("en")
    assert _described("vtes_combat.ipynb", "combat=not-a-combat") == combat
    assert preview("notebook_of_someone_else.ipynb", "", URL) is None


def test_the_tags_are_escaped_and_carry_the_title_the_summary_and_the_address() -> None:
    shown = preview("vtes_damage.ipynb", 'name=<script>"x"&aggravated=1', URL + "?a=1&b=2")
    assert shown is not None
    tags = head_tags(shown)
    assert "<script>" not in tags and "&lt;script&gt;&quot;x&quot;" in tags
    for name in ("og:title", "og:description", "og:url", "og:site_name"):
        assert f'property="{name}"' in tags
    assert 'name="twitter:card" content="summary"' in tags
    assert 'name="description"' in tags
    assert 'content="https://desk.example/voila/render/page.ipynb?a=1&amp;b=2"' in tags
    page = preview_page(shown)
    assert "<title>VTES damage resolution</title>" in page and "<h1>" in page
    rendered = "<html><head><title>vtes_damage</title><meta charset=x></head><body>x</body>"
    tagged = with_tags(rendered, shown)
    assert tagged.count("<title>") == 1 and "<title>VTES damage resolution</title>" in tagged
    assert tagged.index('name="description"') < tagged.index("</head>")


def test_percent_never_rounds_a_possible_outcome_away() -> None:
    assert percent(Fraction(1, 10**6)) == "<0.01%"
    assert percent(1 - Fraction(1, 10**6)) == ">99.99%"


def test_every_page_has_a_title_and_a_description_in_each_language() -> None:
    notebooks = {path.name for path in (REPO / "notebooks").glob("*.ipynb")}
    assert len(notebooks) >= 9
    assert set(PAGES) == notebooks
    for page in PAGES.values():
        for lang in ("en", "ru"):
            assert page.title.render(lang) and page.description.render(lang)
        assert page.description.render("ru") != page.description.render("en")
