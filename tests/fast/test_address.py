"""Every page's input state in its address and back, without a browser."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from support.scenarios import ten_round_combat

from calculators.kit import page as page_module
from calculators.kit.address import MAX_LINK_LENGTH, read_query, widget_fields
from calculators.kit.page import Page
from calculators.kit.page_link import PageLink
from calculators.kit.query import kernel_in_browser
from calculators.pages.dracula.page import DraculaPage
from calculators.pages.landing.page import LandingPage
from calculators.pages.reference.page import RulesReferencePage
from calculators.pages.vtes_combat.page import EXAMPLES, VtesCombatPage
from calculators.pages.vtes_damage.page import VtesDamagePage
from calculators.pages.vtes_table.page import VtesTablePage
from calculators.pages.vtm_dice.page import VtmDicePage
from calculators.server.page_kernel.page_request import PageRequestLost
from rules.errors import InvalidState
from rules.link_params import pack, unpack

REPO = Path(__file__).resolve().parents[2]


def reopen(cls: type[Page], query: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A fresh page opened on ``query``, as a visitor following a copied link."""
    monkeypatch.setenv("QUERY_STRING", query)
    page = cls()
    page.follow_url()
    return page


def state(page: Page) -> dict[str, str]:
    return {name: field.read() for name, field in page._fields.items()}


def test_a_fresh_page_has_an_empty_query_and_follows_its_inputs() -> None:
    page = VtesDamagePage()
    assert page.address_query() == "" and page.link.query == ""
    page.aggravated.value = 2
    page.rules.value = page.rules.options[-1][1]
    assert page.link.query == f"aggravated=2&rules={page.rules.value}"
    page.aggravated.value = 0
    assert page.link.query == f"rules={page.rules.value}"
    page.set_language("ru")
    assert page.link.query.startswith("lang=ru&")


def _drop_times(text: str) -> str:
    return re.sub(r"\d+\.\d+ s", "", text)  # how long a computation took


def change_damage(page: VtesDamagePage) -> str:
    page.load_preset("milo")
    page.prevent_aggravated.value = 1
    assert not page.banner.visible, page.banner.message
    return page.panel.text + page.trace_view.text


def change_dracula(page: DraculaPage) -> str:
    page.blood.value = 4  # a short combat: quick to solve
    page.hunter.value = "Lord Godalming"
    page.health.value = 5  # below the new hunter's maximum, which the hunter set first
    page.items.value = ("Knife",)
    page.agatha.value = True
    page.assume.value = "3"
    page.hunter_policy.value = "uniform"
    page.valour.names[1].value = "Mina"
    return _drop_times(page.summary.value) + page.prompt.value


def change_vtm(page: VtmDicePage) -> str:
    page.set_inputs(dice=9, difficulty=8, specialty=True)
    page.set_attack(damage_type="aggravated", fortitude=2)
    page.tabs.selected_index = 1
    return page.pool.summary.text + page.attack.summary.text


def change_table(page: VtesTablePage) -> str:
    page.select_tab("victory")
    seats = [name.strip() for name in page.victory.seating.value.split(",")]
    page.victory.seating.value = ", ".join(reversed(seats))
    assert not page.banner.visible, page.banner.message
    return page.victory.panel.text


def change_reference(page: RulesReferencePage) -> str:
    page.search_box.value = "torpor"
    page.show_section("vtes:6.5")
    return page.view.value


def change_combat(page: VtesCombatPage) -> str:
    page.load_preset(list(EXAMPLES)[1])
    page.cards["acting"].blood.value -= 1
    return page.final_text


def change_landing(page: LandingPage) -> str:
    page.set_language("ru")
    return page.cards.value


def result_of(page: Any) -> str:
    """The result text each change above returns, read without changing anything."""
    if isinstance(page, VtesDamagePage):
        return page.panel.text + page.trace_view.text
    if isinstance(page, DraculaPage):
        return _drop_times(page.summary.value) + page.prompt.value
    if isinstance(page, VtmDicePage):
        return page.pool.summary.text + page.attack.summary.text
    if isinstance(page, VtesTablePage):
        return page.victory.panel.text
    if isinstance(page, RulesReferencePage):
        return page.view.value
    if isinstance(page, VtesCombatPage):
        return page.final_text
    return str(page.cards.value)


CHANGES = [
    (LandingPage, change_landing),
    (VtesDamagePage, change_damage),
    (VtesCombatPage, change_combat),
    (VtesTablePage, change_table),
    (DraculaPage, change_dracula),
    (VtmDicePage, change_vtm),
    (RulesReferencePage, change_reference),
]


@pytest.mark.parametrize(("cls", "change"), CHANGES, ids=[c.__name__ for c, _ in CHANGES])
def test_every_page_round_trips_through_its_address(
    cls: type[Page], change: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = cls()
    result = change(page)
    assert result and result != result_of(cls())
    query = page.address_query()
    assert query and page.link.query == query
    again = reopen(cls, query, monkeypatch)
    assert not again.banner.visible, again.banner.message
    assert state(again) == state(page) and again.lang == page.lang
    assert result_of(again) == result
    assert again.address_query() == query


# -- the static site: the kernel runs in the browser and the front end reports the address --
def in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run :meth:`Page.follow_url` as the static site's kernel does: no server
    request to wait for (waiting would fail here) and ``QUERY_STRING`` not read."""

    def no_request() -> None:
        raise AssertionError("a kernel in the browser has no server request to wait for")

    monkeypatch.setattr(page_module, "kernel_in_browser", lambda: True)
    monkeypatch.setattr(page_module, "wait_for_page_request", no_request)
    monkeypatch.setenv("QUERY_STRING", "lang=xx&not=read")


def shown_at(page: Page, query: str) -> None:
    """The page's front end (``page_link.js``) reports the page's address and query."""
    url = "http://127.0.0.1:8000/voici/render/page.html"
    page.link.set_state({"page_query": query, "page_address": url})


def test_the_kernel_is_in_the_browser_only_under_pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not kernel_in_browser()
    monkeypatch.setattr(sys, "platform", "emscripten")  # what Pyodide's Python says
    assert kernel_in_browser()


@pytest.mark.parametrize(("cls", "change"), CHANGES, ids=[c.__name__ for c, _ in CHANGES])
def test_every_page_in_the_browser_follows_the_address_its_front_end_reports(
    cls: type[Page], change: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = cls()
    result = change(page)
    query = page.address_query()
    in_the_browser(monkeypatch)
    again = cls()
    defaults = state(again)
    again.follow_url()  # returns at once: the page is not shown yet
    assert state(again) == defaults and not again.link.active  # the address bar is left alone
    shown_at(again, query)
    assert not again.banner.visible, again.banner.message
    assert state(again) == state(page) and again.lang == page.lang
    assert result_of(again) == result
    assert again.link.active and again.link.query == query


def test_in_the_browser_a_page_shown_before_its_address_is_read_follows_it_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    in_the_browser(monkeypatch)
    page = VtmDicePage()
    shown_at(page, "lang=ru&dice=3")  # the front end reported before the second cell ran
    assert page.lang == "en" and not page.link.active
    page.follow_url()
    assert page.lang == "ru" and page.pool.dice.value == 3 and page.link.active
    assert "Провал 6,10 %" in page.pool.summary.text  # the panel's text joins spaces
    shown_at(page, "dice=9")  # the address is read once: later reports change nothing
    assert page.pool.dice.value == 3


def test_in_the_browser_address_problems_show_in_the_banner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    in_the_browser(monkeypatch)
    page = VtesDamagePage()
    page.follow_url()
    shown_at(page, "lang=ru&capacity=many&aggravated=2&colour=red")
    assert page.lang == "ru" and page.capacity.value == 4 and page.aggravated.value == 2
    assert "«Объём крови»: в адресе страницы указано 'many'" in page.banner.message
    assert "'colour'" in page.banner.message
    assert "Ошибка в адресе страницы" in page.banner.widget.value
    assert page.link.active and page.link.query == "lang=ru&aggravated=2"
    # an address with no query: the defaults, and the address bar follows from now on
    plain = VtesDamagePage()
    plain.follow_url()
    shown_at(plain, "")
    assert plain.link.active and plain.link.query == "" and not plain.banner.visible


def test_on_the_server_the_request_is_the_address_not_the_front_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = VtmDicePage()
    shown_at(page, "dice=3")
    monkeypatch.setenv("QUERY_STRING", "dice=9")
    page.follow_url()
    assert page.pool.dice.value == 9 and page.link.active
    shown_at(page, "dice=4")
    assert page.pool.dice.value == 9


def test_on_the_server_a_request_that_never_came_is_said_in_the_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def lost() -> None:
        raise PageRequestLost("no answer from ws://127.0.0.1:9/voila/query/k in 120 s")

    monkeypatch.setattr(page_module, "wait_for_page_request", lost)
    monkeypatch.setenv("QUERY_STRING", "dice=9")  # a stale value: not this visitor's
    page = VtmDicePage()
    page.follow_url()
    assert page.pool.dice.value != 9 and page.link.active and page.link.query == ""
    assert page.banner.visible and "Reload the page" in page.banner.message
    assert "The page address has a problem" in page.banner.widget.value
    russian = VtmDicePage(lang="ru")
    russian.follow_url()
    assert "Перезагрузите страницу" in russian.banner.message


def test_dracula_link_keeps_a_health_below_the_new_hunters_maximum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = DraculaPage()
    page.blood.value = 4
    page.hunter.value = "Lord Godalming"
    page.health.value = 8  # the default number, but not this hunter's default
    again = reopen(DraculaPage, page.address_query(), monkeypatch)
    assert again.hunter.value == "Lord Godalming" and again.health.value == 8
    assert _drop_times(again.summary.value) == _drop_times(page.summary.value)


def test_a_ten_round_combat_fits_in_a_short_link(monkeypatch: pytest.MonkeyPatch) -> None:
    page = VtesCombatPage()
    page.load_scenario(ten_round_combat())
    assert len(page.report.rounds) == 10  # type: ignore[union-attr]
    link = f"http://127.0.0.1:8866/voila/render/vtes_combat.ipynb?{page.address_query()}"
    assert len(link) <= 600 < MAX_LINK_LENGTH  # about 530 characters
    again = reopen(VtesCombatPage, page.address_query(), monkeypatch)
    assert again.scenario() == page.scenario() and again.final_text == page.final_text
    assert again.narrative == page.narrative


def test_a_bad_parameter_keeps_its_default_and_the_others_apply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = reopen(VtesDamagePage, "capacity=many&aggravated=2&colour=red", monkeypatch)
    assert page.capacity.value == 4 and page.aggravated.value == 2
    message = page.banner.message
    assert (
        "“Capacity”: the page address gives 'many', but it must be a whole number from 1 to 11"
        in message
    )
    assert "unknown page parameter 'colour'" in message
    assert "The page address has a problem" in page.banner.widget.value
    # the address keeps what applied, not what was refused
    assert page.link.query == "aggravated=2"
    page = reopen(VtesDamagePage, "lang=ru&kind=dragon&normal=1", monkeypatch)
    assert page.lang == "ru" and page.normal.value == 1 and page.kind.value == "vampire"
    assert "«Тип»: в адресе страницы указано 'dragon', а должно быть одним из: vampire" in (
        page.banner.message
    )


def test_a_damaged_or_stale_combat_link_keeps_the_combat_on_the_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fresh = VtesCombatPage()
    page = reopen(VtesCombatPage, "combat=not-a-combat&lang=ru", monkeypatch)
    assert page.lang == "ru" and "Ссылка повреждена или обрезана" in page.banner.message
    assert "combat" not in page.banner.message
    assert page.scenario() == fresh.scenario()
    werewolf = {"name": "Grr", "kind": "werewolf", "capacity": 3, "blood": 1}
    stale = {**ten_round_combat(), "acting": werewolf}  # no such kind of minion
    page = reopen(VtesCombatPage, f"combat={pack(stale)}", monkeypatch)
    assert page.banner.visible and page.scenario() == fresh.scenario()


def test_a_table_link_builds_the_tab_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    page = reopen(VtesTablePage, "tab=contests&contests_pool=3&victory_x=1", monkeypatch)
    assert page.active == "contests" and page.contests.pool.value == 3
    assert "unknown page parameter 'victory_x'" in page.banner.message


def test_read_query_reports_each_problem_and_keeps_the_rest() -> None:
    params, problems = read_query("a=1&b=2&a=3&c&&x=%zz", {"a", "b", "x"})
    assert params == {"a": "1", "b": "2", "x": "%zz"}
    texts = [p.in_language("en") for p in problems]
    assert texts[0] == "page parameter 'a' is given twice; give it once"
    assert "malformed part 'c'" in texts[1]


def test_widget_fields_are_named_after_attributes_and_check_values() -> None:
    class Panel:
        def __init__(self) -> None:
            self.w_count = widgets.BoundedIntText(value=2, min=0, max=5)
            self.flags = {"burn": widgets.Checkbox(value=False)}
            self.names = [widgets.Text(value="a"), widgets.Text(value="b")]
            self.pick = widgets.SelectMultiple(options=["x", "y", "z"], value=("x",))
            self.w_count_again = self.w_count  # the same widget once only
            self.note = widgets.HTML("not an input")

    panel = Panel()
    fields = widget_fields(panel)
    assert list(fields) == ["count", "flags_burn", "names0", "names1", "pick"]
    fields["count"].write("5")
    fields["flags_burn"].write("yes")
    fields["pick"].write("z~y")
    fields["pick"].write("")
    assert (panel.w_count.value, panel.flags["burn"].value, panel.pick.value) == (5, True, ())
    with pytest.raises(InvalidState, match="from 0 to 5, not '6'"):
        fields["count"].write("6")
    with pytest.raises(InvalidState, match="one of: x, y, z, not 'w'"):
        fields["pick"].write("x~w")
    with pytest.raises(InvalidState, match="1 or 0"):
        fields["flags_burn"].write("maybe")


def test_pack_is_address_safe_and_refuses_anything_else() -> None:
    data = ten_round_combat()
    text = pack(data)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", text)
    assert unpack(text, "combat") == data
    for bad in ("", "!!", text[:-5], pack(data) + "AAAA"):
        with pytest.raises(InvalidState, match="combat in the page address is damaged"):
            unpack(bad, "combat")


def test_copy_text_reports_what_the_browser_answered() -> None:
    link = PageLink()
    seen: list[bool] = []
    link.on_copied(seen.append)
    link.copy_text("Krid goes to torpor")  # no browser here: the message goes nowhere
    link._on_front_end(link, {"kind": "copied", "done": True}, [])
    link._on_front_end(link, {"kind": "copied", "done": False}, [])
    assert link.copies == [True, False] and seen == [True, False]


def test_pages_never_run_or_show_the_notebook_test_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    template = REPO / "calculators/server/jupyter/voila/templates/desk/index.html.j2"
    text = template.read_text(encoding="utf-8")
    assert '"nbval-only" not in' in text
    assert not re.search(r"<(link|script)[^>]+(href|src)=\"https?:", text)  # nothing remote
    for notebook in sorted((REPO / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            checked = "NBVAL_CHECK_OUTPUT" in "".join(cell["source"])
            assert checked == ("nbval-only" in cell["metadata"].get("tags", [])), notebook.name
    monkeypatch.setenv("JUPYTER_PATH", "")  # the desk's server puts its data folder first
    from calculators.server.app import use_desk_template

    argv = use_desk_template(["notebooks/"])
    assert "--VoilaConfiguration.template=desk" in argv
    first = os.environ["JUPYTER_PATH"].split(os.pathsep)[0]
    assert (Path(first) / "voila/templates/desk/conf.json").is_file()
