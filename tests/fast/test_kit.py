"""The calculators' shared kit, driven without a browser."""

from __future__ import annotations

import logging
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators.kit import fmt
from calculators.kit.banner import ErrorBanner
from calculators.kit.charts import Bar, DistributionChart, bar_chart_svg
from calculators.kit.labels import Catalog
from calculators.kit.page import Page
from calculators.kit.panel import ResultPanel
from calculators.kit.trace_view import TraceView, rule_url
from calculators.pages.landing.page import PAGES, LandingPage
from rules.errors import IllegalPlay, InvalidState
from rules.i18n import msg, msg_p
from rules.trace import Step, Trace, cited_rules


class Sample(Page):
    labels = Catalog({"title": msg("Language"), "x": msg("Blood")})
    url_parameters = ("lang", "n")

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[str, str] = {}
        self.label_text = ""
        self.ready()

    def relabel(self) -> None:
        self.label_text = self.t("x")

    def apply_parameters(self, params: dict[str, str]) -> None:
        if "n" in params and not params["n"].isdigit():
            raise InvalidState(f"n must be a whole number, not {params['n']!r}")
        self.seen = params


def test_errors_are_value_errors() -> None:
    assert issubclass(InvalidState, ValueError)
    assert issubclass(IllegalPlay, ValueError)


def test_trace_builder_collects_steps() -> None:
    trace = Trace()
    trace.add("vtes:6.4.6", "one")
    trace.extend([Step("vtes:6.5", "two")])
    assert trace.steps == (Step("vtes:6.4.6", "one"), Step("vtes:6.5", "two"))
    assert cited_rules(trace) == {"vtes:6.4.6", "vtes:6.5"}
    assert str(trace.steps[0]) == "[vtes:6.4.6] one"


def test_banner_shows_rule_errors_in_plain_words() -> None:
    banner = ErrorBanner()
    banner.show(InvalidState("blood 7 is above capacity 6; blood may be 0 to 6"))
    assert banner.visible
    assert "blood 7 is above capacity 6" in banner.widget.value
    assert "Traceback" not in banner.widget.value
    banner.clear()
    assert not banner.visible and banner.widget.layout.display == "none"


@pytest.mark.internal_error_expected
def test_an_internal_error_shows_as_one_with_an_id_and_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    banner = ErrorBanner()
    with caplog.at_level(logging.ERROR, logger="calculators"):
        banner.show(ZeroDivisionError("division by zero"))
    assert "division" not in banner.widget.value and "Traceback" not in banner.widget.value
    assert re.fullmatch("[0-9a-f]{8}", banner.error_id)
    assert "Internal error" in banner.widget.value and banner.error_id in banner.message
    assert "calc-internal-error" in banner.widget._dom_classes
    record = next(r for r in caplog.records if banner.error_id in r.getMessage())
    assert record.exc_info is not None and record.exc_info[0] is ZeroDivisionError
    banner.show(InvalidState("blood must be 0..5, not 7"))  # a rule error is not internal
    assert banner.message == "blood must be 0..5, not 7" and not banner.error_id
    assert "calc-internal-error" not in banner.widget._dom_classes
    banner.lang = "ru"
    banner.show(KeyError("x"))
    assert "Внутренняя ошибка" in banner.widget.value and banner.error_id in banner.message


def test_a_nested_run_keeps_the_message_of_the_inner_call() -> None:
    app = Sample()

    def refuse() -> None:
        raise IllegalPlay("Round 2 cannot be played: the combat ended in round 1")

    def outer() -> int:
        app.run(refuse)  # e.g. a button handler that runs an engine call itself
        return 7

    assert app.run(outer) == 7
    assert app.banner.message == "Round 2 cannot be played: the combat ended in round 1"
    assert app.run(lambda: app.run(lambda: 1)) == 1  # nothing refused: the banner clears
    assert app.banner.message == ""
    app.run(refuse)
    assert app.run(lambda: app.run(lambda: 2)) == 2  # a later good run clears an old message
    assert not app.banner.visible


def test_app_run_reports_errors_and_clears_on_success() -> None:
    app = Sample()
    assert "calc-ready" in app.widget._dom_classes

    def fail() -> None:
        raise IllegalPlay("Kurt cannot press twice in a row")

    assert app.run(fail) is None
    assert app.banner.message == "Kurt cannot press twice in a row"
    assert app.run(lambda: 3) == 3
    assert app.banner.message == ""


def test_language_switch_relabels() -> None:
    app = Sample()
    assert app.label_text == "Blood"
    app.language.value = "ru"
    assert app.label_text == "Кровь"
    assert "Язык" in app._heading.value


def test_follow_url_applies_and_rejects_parameters(monkeypatch: pytest.MonkeyPatch) -> None:
    app = Sample()
    monkeypatch.setenv("QUERY_STRING", "lang=ru&n=3")
    app.follow_url()
    assert app.lang == "ru" and app.seen == {"lang": "ru", "n": "3"}
    monkeypatch.setenv("QUERY_STRING", "n=three")
    app.follow_url()
    assert "n must be a whole number" in app.banner.message
    monkeypatch.setenv("QUERY_STRING", "lang=de")
    app.follow_url()
    assert "неизвестный язык 'de'" in app.banner.message  # the page is in Russian by now
    app.set_language("en")
    app.follow_url()
    assert "unknown language 'de'" in app.banner.message


def test_a_bad_address_is_explained_in_the_language_it_asks_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = Sample()
    monkeypatch.setenv("QUERY_STRING", "lang=ru&colour=red")
    app.follow_url()
    assert app.lang == "ru"
    assert "colour" in app.banner.message and re.search("[а-я]", app.banner.message)
    assert "Ошибка в адресе страницы" in app.banner.widget.value
    ru_app = Sample()
    ru_app.set_language("ru")
    monkeypatch.setenv("QUERY_STRING", "lang=xx")
    ru_app.follow_url()
    assert "неизвестный язык 'xx'" in ru_app.banner.message


def test_trace_view_links_each_rule_to_the_reference() -> None:
    view = TraceView()
    view.show([Step("vtes:6.4.6", "Krid mends 1 damage <with> blood.")], "ru")
    assert 'href="rules_reference.ipynb?section=vtes%3A6.4.6&amp;lang=ru"' in view.widget.value
    assert "&lt;with&gt;" in view.widget.value
    assert view.text == "1. [vtes:6.4.6] Krid mends 1 damage <with> blood."
    assert rule_url("vtm:soak", "en") == "rules_reference.ipynb?section=vtm%3Asoak&lang=en"


def test_chart_titles_carry_exact_values() -> None:
    svg = bar_chart_svg([Bar("0", Fraction(1, 3)), Bar("1", Fraction(2, 3))], title="t")
    assert svg.count("<rect") == 2
    assert "1/3 = 33.3333%" in svg and "2/3 = 66.6667%" in svg
    chart = DistributionChart()
    chart.show_distribution({0: Fraction(1, 2), 2: Fraction(1, 2)})
    assert [bar.label for bar in chart.bars] == ["0", "1", "2"]


def test_percent_never_rounds_a_possibility_away() -> None:
    assert fmt.percent(Fraction(1, 10**9)) == "1.0×10⁻⁷%"
    assert fmt.percent(1 - Fraction(1, 10**9)) == ">99.99%"
    assert fmt.percent(Fraction(1, 8)) == "12.50%"
    assert fmt.fraction_text(Fraction(7, 36)) == "7/36"
    assert 'title="7/36 = 19.444444%"' in fmt.exact_html(Fraction(7, 36))


def test_result_panel_text_strips_markup() -> None:
    panel = ResultPanel("Outcome")
    panel.show("<p>Milo goes to <b>torpor</b>.</p>")
    assert panel.text == "Milo goes to torpor ."
    assert '<h2 class="calc-h3">Outcome</h2>' in panel.widget.value


def test_landing_page_lists_every_calculator_in_both_languages() -> None:
    page = LandingPage()
    for card in PAGES:
        assert f'href="{card.notebook}?lang=en"' in page.cards.value
    page.language.value = "ru"
    assert 'href="vtm_dice.ipynb?lang=ru"' in page.cards.value
    assert "Для судей" in page.cards.value


def test_every_link_keeps_the_page_language() -> None:
    """Bug: on a Russian page, "All calculators" opened the landing page in English."""
    page = Sample()
    page.language.value = "ru"
    assert 'href="00_index.ipynb?lang=ru"' in page._nav.value
    assert 'href="rules_reference.ipynb?lang=ru"' in page._nav.value
    page.language.value = "en"
    assert 'href="00_index.ipynb?lang=en"' in page._nav.value


def test_hold_and_relabel_options_keep_the_value_and_quiet_observers() -> None:
    import ipywidgets as widgets

    app = Sample()
    choice = widgets.Dropdown(options=[("Blood", "x")], value="x")
    seen: list[bool] = []
    choice.observe(lambda change: seen.append(app.held), names="value")
    app.language.value = "ru"
    app.relabel_options(choice, ["x"])
    assert choice.options == (("Кровь", "x"),) and choice.value == "x"
    assert all(seen)
    with app.hold(), app.hold():
        assert app.held
    assert not app.held


def test_tiny_probabilities_are_shown_in_scientific_notation() -> None:
    """Bug: a 33-digit fraction was shown for a tiny probability."""
    # P(botch), 50 dice at difficulty 10: by hand (9**50 - 8**50) / 10**50
    tiny = Fraction(9**50 - 8**50, 10**50)
    # by hand: 3**-70 = 10**-(70 log10 3) = 10**-33.398 = 4.0e-34; 3**-20000 = 10**-9542.425
    # = 3.8e-9543
    assert fmt.short_fraction(Fraction(1, 3**70)) == "≈4.0×10⁻³⁴"
    assert fmt.short_fraction(tiny) == fmt.fraction_text(tiny)  # 0.5 %: the exact fraction
    assert fmt.short_fraction(Fraction(7, 36)) == "7/36"
    assert fmt.percent(Fraction(1, 3**70)) == "4.0×10⁻³²%"
    assert fmt.scientific(Fraction(1, 3**20000)) == "3.8×10⁻⁹⁵⁴³"  # far below a float
    assert fmt.scientific(Fraction(996, 1000)) == "1.0×10⁰"
    html = fmt.exact_html(Fraction(1, 3**70))
    assert "4.0×10⁻³²%" in html and f"1/{3**70}" in html  # the exact value on hover


def test_fraction_text_shortens_huge_fractions() -> None:
    big = Fraction(1, 3**20000)  # over 9,000 digits: str() of it would raise
    assert fmt.fraction_text(big).startswith("≈")
    third = Fraction(2**300, 3**300)  # 144 digits
    assert fmt.fraction_text(third) == "≈1.48806630650×10⁻⁵³"  # the desk's power of ten
    assert fmt.fraction_text(third, lang="ru") == "≈1,48806630650×10⁻⁵³"
    half = Fraction(3**150 + 1, 2 * 3**150)
    assert fmt.fraction_text(half) == "≈0.5" and fmt.fraction_text(half, lang="ru") == "≈0,5"
    assert fmt.fraction_text(Fraction(1, 10**59)) == "1/" + "1" + "0" * 59


@given(st.integers(0, 10**80) | st.integers(0, 80).map(lambda k: 10**k + st_offset(k)))
def test_digit_count(n: int) -> None:
    assert fmt.digit_count(n) == len(str(n))
    assert fmt.digit_count(-n) == len(str(n))


def st_offset(k: int) -> int:
    """-1, 0 or +1 around powers of ten, where a floating logarithm may be one off."""
    return (k % 3) - 1 if k else 0


def test_a_deferred_trace_view_keeps_its_steps_until_revealed() -> None:
    view = TraceView(deferred=True)
    view.show(
        [Step("vtes:6.4.6", msg_p("card effect", "{name} takes {damage}", name="Krid", damage=2))],
        "ru",
    )
    assert view.widget.value == "" and "получает" in view.text
    view.reveal()
    assert "Krid получает 2" in view.widget.value
    view.show([Step("vtes:6.5", "Krid goes to torpor.")], "en")  # drawn at once from now on
    assert "Krid goes to torpor." in view.widget.value


def test_headings_and_tables_escape_text_and_keep_markup() -> None:
    from calculators.kit.markup import Cell, Markup, Row, heading, table

    assert heading("A & <b>") == '<h2 class="calc-h4">A &amp; &lt;b&gt;</h2>'
    assert heading("Rounds", 3, css_class="x") == '<h2 class="calc-h3 x">Rounds</h2>'
    assert heading("VTES damage resolution", 2) == '<h1 class="calc-h2">VTES damage resolution</h1>'
    with pytest.raises(ValueError, match="1 to 6"):
        heading("x", 7)
    html = table(
        ("", "<p>"),
        [("a<", Markup("<i>b</i>")), Row((1, Cell("c", style="color:red")), css_class="lead")],
        row_headers=True,
    )
    assert html == (
        '<table class="calc-table"><tr><th></th><th>&lt;p&gt;</th></tr>'
        "<tr><th>a&lt;</th><td><i>b</i></td></tr>"
        '<tr class="lead"><th>1</th><td style="color:red">c</td></tr></table>'
    )
    assert table(None, [], css_class=None) == "<table></table>"
    # a styled cell in the header row is still a header cell, so every data cell has headers
    styled_head = table([Cell("Enemy", style="padding:4px")], [("x",)], css_class=None)
    assert (
        styled_head
        == '<table><tr><th style="padding:4px">Enemy</th></tr><tr><td>x</td></tr></table>'
    )


def test_on_failure_runs_its_actions_then_lets_the_error_go_to_the_banner() -> None:
    from calculators.kit.page import on_failure

    app = Page()
    cleared: list[str] = []

    def refresh(fail: bool) -> None:
        with on_failure(lambda: cleared.append("old results")):
            if fail:
                raise InvalidState(msg("{name} is wrong", name="pool"))

    app.run(refresh, False)
    assert cleared == [] and app.banner.message == ""
    app.run(refresh, True)
    assert cleared == ["old results"] and "pool is wrong" in app.banner.message


def test_set_values_takes_input_names_for_attributes_and_any_sequence_for_many() -> None:
    import ipywidgets as widgets

    app = Page()
    owner = type("Owner", (), {})()
    owner.w_items = widgets.SelectMultiple(options=["a", "b", "c"], value=())
    owner.w_count = widgets.IntText(value=0)
    app.set_values(
        owner, {"items": ["a", "c"], "count": 3}, {"items": "w_items", "count": "w_count"}
    )
    assert owner.w_items.value == ("a", "c") and owner.w_count.value == 3
    with pytest.raises(KeyError, match="allowed: items, count"):
        app.set_values(owner, {"colour": 1, "count": 5}, {"items": "w_items", "count": "w_count"})
    assert owner.w_count.value == 3  # nothing was set
