"""The rules reference page: search, read a section in English or Russian, the glossary.

Drive it without a browser::

    app = RulesReferencePage()
    app.search_box.value = "неизлечимое"
    app.result_ids          # ['vtes:6.4.6', 'vtm:damage-types', ...]
    app.show_section("vtes:6.4.6")
    app.section_text        # the section as plain text, in app.lang
    app.show_section("vtes:99")  # -> app.banner.message says the id is unknown

Opened as ``rules_reference.ipynb?section=vtes:6.4.6&lang=ru`` it shows that section.
"""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.fmt import escape
from calculators.kit.labels import Catalog
from calculators.kit.layout import columns
from calculators.kit.markup import Markup, heading, table
from calculators.kit.page import Page
from calculators.kit.page_tools import PageTools
from calculators.kit.trace_view import rule_url
from calculators.pages.reference.sources import source_text
from rules.errors import InvalidState
from rules.i18n import msg
from rules.reference import (
    GAME_NAMES,
    GAMES,
    Section,
    Term,
    find_terms,
    glossary,
    lookup,
    search,
    sections,
)
from rules.reference.rulebooks import rulebook

__all__ = ["RulesReferencePage", "section_html", "text_html"]

ALL = "all"

LABELS = Catalog(
    {
        "bad_game": msg("unknown game {game!r} in the page address; allowed: {allowed}"),
        "title": msg("Rules reference"),
        "intro": msg(
            "Every rule the calculators cite, in our own words, in English and Russian. "
            "Search in either language; word forms do not matter."
        ),
        "sections_tab": msg("Sections"),
        "glossary_tab": msg("Glossary"),
        "search": msg("Search"),
        "search_hint": msg("e.g. aggravated, torpor, botch"),
        "game": msg("Game"),
        "all_games": msg("All games"),
        "found": msg("{n} sections"),
        "nothing": msg("No section matches this search. Try another word or another game."),
        "pick": msg("Pick a section from the list to read it."),
        "examples": msg("Worked examples"),
        "editions": msg("Differences between editions"),
        "source": msg("Source"),
        "follows": msg("Rulebook followed"),
        "link": msg("Link to this section"),
        "terms": msg("Terms"),
        "filter": msg("Filter"),
        "filter_hint": msg("English or Russian word"),
        "en": msg("English"),
        "ru": msg("Russian"),
        "section": msg("Section"),
        "note": msg("Note"),
        "terms_count": msg("{n} terms"),
    }
)

_LIST_ITEM = re.compile(r"^\s*(?:([-*•])|(\d+)[.)])\s+(.*)$")


def text_html(text: str) -> str:
    """Paragraphs (blank-line separated) as HTML; ``- item`` and ``1. item`` lines as lists."""
    parts: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        run_kind = ""
        run: list[str] = []
        prose: list[str] = []

        def flush_run() -> None:
            nonlocal run, run_kind
            if run:
                items = "".join(f"<li>{escape(item)}</li>" for item in run)
                parts.append(f"<{run_kind}>{items}</{run_kind}>")
            run, run_kind = [], ""

        def flush_prose() -> None:
            nonlocal prose
            if prose:
                parts.append(f"<p>{escape(' '.join(prose))}</p>")
            prose = []

        for line in paragraph.splitlines():
            if not line.strip():
                continue
            match = _LIST_ITEM.match(line)
            if match:
                flush_prose()
                kind = "ul" if match.group(1) else "ol"
                if kind != run_kind:
                    flush_run()
                    run_kind = kind
                run.append(match.group(3).strip())
            else:
                flush_run()
                prose.append(line.strip())
        flush_run()
        flush_prose()
    return "".join(parts)


def section_html(section: Section, lang: str, labels: Catalog = LABELS) -> str:
    """The whole section in ``lang``: heading, text, examples, edition notes, source, link."""

    def t(key: str) -> str:
        return labels.text(key, lang)

    game = GAME_NAMES[section.game].render(lang)
    html = [
        f'<div class="ref-section" data-section="{escape(section.id)}">',
        heading(section.heading(lang), 3),
        f'<div class="ref-meta"><span class="ref-game">{escape(game)}</span> · '
        f"<code>{escape(section.id)}</code></div>",
        f'<div class="ref-text">{text_html(section.text[lang])}</div>',
    ]
    if section.examples:
        html.append(heading(t("examples")))
        for example in section.examples:
            html.append(
                f'<div class="ref-example"><b>{escape(example.title[lang])}</b>'
                f"{text_html(example.text[lang])}</div>"
            )
    if section.editions:
        html.append(heading(t("editions")))
        for note in section.editions:
            html.append(
                f'<div class="ref-edition"><b>{escape(note.edition_name(lang))}</b>'
                f"{text_html(note.text[lang])}</div>"
            )
    terms = [term for term in glossary(section.game) if term.section == section.id]
    if terms:
        words = ", ".join(f"{escape(term.en)} — {escape(' / '.join(term.ru))}" for term in terms)
        html.append(f'<p class="ref-terms"><b>{escape(t("terms"))}:</b> {words}</p>')
    source = source_text(section.source, lang)
    html.append(
        f'<p class="ref-source"><b>{escape(t("source"))}:</b> {escape(source)}<br>'
        f'<span class="ref-rulebook"><b>{escape(t("follows"))}:</b> '
        f"{escape(rulebook(section).render(lang))}</span><br>"
        f'<a href="{escape(rule_url(section.id, lang))}" target="_blank">'
        f"{escape(t('link'))}</a></p>"
    )
    html.append("</div>")
    return "".join(html)


def _term_row(term: Term, lang: str) -> tuple[object, ...]:
    try:
        title = lookup(term.section).heading(lang)
    except InvalidState:
        title = term.section
    note = term.note[lang] if term.note else ""
    link = Markup(f'<a href="{escape(rule_url(term.section, lang))}">{escape(title)}</a>')
    return (term.en, ", ".join(term.ru), GAME_NAMES[term.game].render(lang), link, note)


CSS = """
<style>
.ref-section .calc-h3 { margin: 4px 0; color: #7a1f2b; }
.ref-meta { color: #666; margin-bottom: 6px; }
.ref-example, .ref-edition { background: #faf6f0; border-left: 3px solid #d8cbb8;
  padding: 4px 10px; margin: 6px 0; }
.ref-source { color: #555; font-size: 90%; margin-top: 10px; }
.ref-results select { font-size: 95%; }
table.ref-glossary td, table.ref-glossary th { text-align: left; }
</style>
"""


class RulesReferencePage(Page):
    """Search and read the rules reference; browse the glossary."""

    labels = LABELS
    title_key = "title"
    url_parameters = ("lang",)

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self.current: Section | None = None
        self.result_ids: list[str] = []
        self._intro = widgets.HTML()
        self.search_box = widgets.Text(continuous_update=True)
        self.search_box.add_class("ref-search")
        self.game = widgets.Dropdown()
        self.game.add_class("ref-game-filter")
        self.results = widgets.Select(rows=18, layout=widgets.Layout(width="320px"))
        self.results.add_class("ref-results")
        self.count = widgets.HTML()
        self.count.add_class("ref-count")
        self.view = widgets.HTML()
        self.view.add_class("ref-view")
        left = widgets.VBox(
            [self.search_box, self.game, self.count, self.results],
            layout=widgets.Layout(width="340px", min_width="340px"),
        )
        right = widgets.VBox([self.view], layout=widgets.Layout(flex="1 1 auto", padding="0 12px"))
        sections_box = columns(left, right)

        self.term_filter = widgets.Text(continuous_update=True)
        self.term_filter.add_class("ref-term-filter")
        self.term_game = widgets.Dropdown()
        self.terms_view = widgets.HTML()
        self.terms_view.add_class("ref-glossary-view")
        glossary_box = widgets.VBox(
            [widgets.HBox([self.term_filter, self.term_game]), self.terms_view]
        )

        self.tabs = widgets.Tab(children=[sections_box, glossary_box])
        self.tabs.add_class("ref-tabs")
        self.body.children = [widgets.HTML(CSS), self._intro, self.tabs]

        self._updating = False
        self.search_box.observe(self.guard(self._on_search), names="value")
        self.game.observe(self.guard(self._on_search), names="value")
        self.results.observe(self.guard(self._on_pick), names="value")
        self.term_filter.observe(self.guard(self._on_terms), names="value")
        self.term_game.observe(self.guard(self._on_terms), names="value")
        self.tools = PageTools(self)
        self.ready()

    # -- labels ---------------------------------------------------------------------------
    def _game_options(self) -> list[tuple[str, str]]:
        return [(self.t("all_games"), ALL)] + [(GAME_NAMES[g].render(self.lang), g) for g in GAMES]

    def relabel(self) -> None:
        self._intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self.tabs.titles = (self.t("sections_tab"), self.t("glossary_tab"))
        self.search_box.description = self.t("search")
        self.search_box.placeholder = self.t("search_hint")
        self.term_filter.description = self.t("filter")
        self.term_filter.placeholder = self.t("filter_hint")
        self._updating = True
        try:
            for dropdown in (self.game, self.term_game):
                dropdown.description = self.t("game")
                value = dropdown.value or ALL
                dropdown.options = self._game_options()
                dropdown.value = value
        finally:
            self._updating = False
        self.refresh_results()
        self._render_section()
        self.refresh_terms()

    # -- sections -------------------------------------------------------------------------
    def _filter_game(self, dropdown: widgets.Dropdown) -> str | None:
        value = dropdown.value
        return None if value in (None, ALL) else str(value)

    def found(self) -> list[Section]:
        """The sections the search box and the game filter select, best first."""
        query = self.search_box.value.strip()
        game = self._filter_game(self.game)
        if not query:
            return list(sections(game))
        return search(query, self.lang, game=game)

    def refresh_results(self) -> None:
        found = self.found()
        self.result_ids = [s.id for s in found]
        self._updating = True
        try:
            self.results.options = [(s.heading(self.lang), s.id) for s in found]
            keep = self.current.id if self.current else None
            self.results.value = keep if keep in self.result_ids else None
        finally:
            self._updating = False
        key = "found" if found else "nothing"
        self.count.value = f"<i>{escape(self.t(key).format(n=len(found)))}</i>"

    def _on_search(self, change: dict[str, Any]) -> None:
        if self._updating:
            return
        self.refresh_results()
        if self.search_box.value.strip() and self.result_ids:
            self.show_section(self.result_ids[0])  # the best match

    def _on_pick(self, change: dict[str, Any]) -> None:
        if self._updating or change["new"] is None:
            return
        self.show_section(change["new"])

    def show_section(self, section_id: str) -> None:
        """Show the section ``section_id``; an unknown id puts a message in the banner."""
        section = self.run(lookup, section_id)
        if section is not None:
            self._show(section)

    def _show(self, section: Section) -> None:
        self.current = section
        self._updating = True
        try:
            if section.id in self.result_ids:
                self.results.value = section.id
        finally:
            self._updating = False
        self._render_section()
        self.sync_address()

    def _render_section(self) -> None:
        if self.current is None:
            self.view.value = f"<p><i>{escape(self.t('pick'))}</i></p>"
        else:
            self.view.value = section_html(self.current, self.lang, self._catalog)
        if hasattr(self, "tools"):
            self.tools.refresh()

    def ruling_text(self) -> str:
        """The shown section as plain text to paste into a chat: its heading, text, examples,
        edition notes, source and a link to it (``""`` while no section is shown)."""
        section = self.current
        if section is None:
            return ""
        lang, t = self.lang, self.t
        lines = [
            section.heading(lang),
            f"{GAME_NAMES[section.game].render(lang)} · {section.id}",
            "",
            section.text[lang].strip(),
        ]
        if section.examples:
            lines += ["", f"{t('examples')}:"]
            for example in section.examples:
                lines += [f"- {example.title[lang]}", example.text[lang].strip()]
        if section.editions:
            lines += ["", f"{t('editions')}:"]
            for note in section.editions:
                lines += [f"- {note.edition_name(lang)}", note.text[lang].strip()]
        link = self.link.absolute(rule_url(section.id, lang))
        lines += ["", f"{t('source')}: {source_text(section.source, lang)}"]
        lines += [f"{t('follows')}: {rulebook(section).render(lang)}", f"{t('link')}: {link}"]
        return "\n".join(lines)

    def no_ruling_text(self) -> str:
        return self.t("pick")

    @property
    def section_text(self) -> str:
        """The shown section as plain text (for tests)."""
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", self.view.value)).strip()

    # -- glossary -------------------------------------------------------------------------
    def shown_terms(self) -> tuple[Term, ...]:
        """The glossary entries the filter and game selection leave."""
        game = self._filter_game(self.term_game)
        query = self.term_filter.value.strip()
        if not query:
            return glossary(game)
        needle = query.lower()
        direct = [t for t in glossary(game) if needle in " ".join((t.en, *t.ru)).lower()]
        by_stem = [t for t in find_terms(query, game) if t not in direct]
        return tuple(direct + by_stem)

    def refresh_terms(self) -> None:
        terms = self.shown_terms()
        head = [self.t(key) for key in ("en", "ru", "game", "section", "note")]
        rows = [_term_row(term, self.lang) for term in terms]
        count = escape(self.t("terms_count").format(n=len(terms)))
        self.terms_view.value = f"<p><i>{count}</i></p>" + table(
            head, rows, css_class="calc-table ref-glossary"
        )

    def _on_terms(self, change: dict[str, Any]) -> None:
        if not self._updating:
            self.refresh_terms()

    # -- page address ---------------------------------------------------------------------
    def url_fields(self) -> dict[str, Field]:
        """The address holds the game filter, the search, the section shown and the glossary."""
        fields = {
            "game": Field("game", lambda: str(self.game.value or ALL), self._set_game, self.game),
            "q": Field("q", lambda: self.search_box.value, self._set_search, self.search_box),
            "section": Field(
                "section", lambda: self.current.id if self.current else "", self._set_section
            ),
        }
        for name, field in super().url_fields().items():
            if field.widget not in (self.game, self.search_box, self.results):
                fields[name] = field
        return fields

    def _set_game(self, text: str) -> None:
        if text != ALL and text not in GAMES:
            raise InvalidState(LABELS.message("bad_game", game=text, allowed=", ".join(GAMES)))
        self.game.value = text

    def _set_search(self, text: str) -> None:
        self.search_box.value = text

    def _set_section(self, text: str) -> None:
        if text:
            self._show(lookup(text))
