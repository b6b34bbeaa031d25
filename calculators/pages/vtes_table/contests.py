"""VTES table page's contests tab: the untap phase's contested cards and titles."""

from __future__ import annotations

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.layout import columns
from calculators.kit.markup import heading, table
from calculators.kit.part import PartContext
from calculators.pages.vtes_table.tab import MAX_POOL, TABLE_INPUTS, TableTab
from rules.vtes.contested import ContestUpkeep, untap_contests
from rules.vtes.table_text import parse_cards, parse_titles


class ContestTab(TableTab):
    """Untap phase contests: 1 pool per contested card, 1 blood per contested title."""

    key = "contests"

    def __init__(self, context: PartContext) -> None:
        super().__init__(context)
        self.upkeep: ContestUpkeep | None = None
        self.pool = TABLE_INPUTS.int_box(context, 10, 0, MAX_POOL, "vtes-contest-pool")
        self.cards = TABLE_INPUTS.text_area(
            "Elysium: The Arboretum\nArchon Investigation, yield", "vtes-cards"
        )
        self.titles = TABLE_INPUTS.text_area(
            "Prince of Paris, Villon, 4\nArchbishop of Rome, Vito, 3, torpor", "vtes-titles"
        )
        self._cards_title = widgets.HTML()
        self._cards_help = widgets.HTML()
        self._titles_title = widgets.HTML()
        self._titles_help = widgets.HTML()
        inputs = widgets.VBox(
            [
                self.pool,
                self._cards_title,
                self._cards_help,
                self.cards,
                self._titles_title,
                self._titles_help,
                self.titles,
            ],
            layout=widgets.Layout(min_width="440px"),
        )
        outputs = widgets.VBox(
            [self.panel.widget, self.trace_view.widget],
            layout=widgets.Layout(flex="1 1 auto", padding="0 0 0 16px"),
        )
        self.widget.children = [columns(inputs, outputs)]
        self.watch(self.pool, self.cards, self.titles)

    def compute(self) -> None:
        self.upkeep = None
        cards, yield_cards = parse_cards(self.cards.value)
        titles, yield_titles = parse_titles(self.titles.value)
        r = untap_contests(
            pool=self.pool.value,
            cards=cards,
            titles=titles,
            yield_cards=yield_cards,
            yield_titles=yield_titles,
        )
        self.upkeep = r
        summary = self.t("contest_ok").format(
            paid=r.pool_paid, before=self.pool.value, after=r.pool, blood=r.blood_paid
        )

        def names(items: tuple[str, ...], forced: tuple[str, ...] = ()) -> str:
            if not items:
                return self.t("nobody")
            return ", ".join(f"{i} ({self.t('forced')})" if i in forced else i for i in items)

        rows = [
            (self.t("cards"), self.t("kept"), names(r.cards_kept)),
            (self.t("cards"), self.t("yielded"), names(r.cards_yielded)),
            (self.t("cards"), self.t("won"), names(r.cards_won)),
            (self.t("titles"), self.t("kept"), names(r.titles_kept)),
            (self.t("titles"), self.t("yielded"), names(r.titles_yielded, r.forced_yields)),
            (self.t("titles"), self.t("won"), names(r.titles_won)),
        ]
        body: str = table(("", "", ""), rows, css_class="calc-table vtes-contests")
        if r.blood:
            body += heading(self.t("blood_after")) + table(
                (self.t("vampire"), self.t("blood")),
                r.blood,
                css_class="calc-table vtes-contest-blood",
            )
        if r.ousted:
            body += f"<p><b>{escape(self.t('ousted_note'))}</b></p>"
        self.show(summary, body, r.steps)

    def relabel(self) -> None:
        self.pool.description = self.t("pool")
        self._cards_title.value = heading(self.t("cards"))
        self._cards_help.value = f"<small>{escape(self.t('cards_help'))}</small>"
        self._titles_title.value = heading(self.t("titles"))
        self._titles_help.value = f"<small>{escape(self.t('titles_help'))}</small>"
