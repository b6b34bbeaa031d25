"""VTES table page's contests tab: the untap phase's contested cards and titles."""

from __future__ import annotations

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.layout import columns
from calculators.kit.markup import heading
from calculators.kit.part import PartContext
from calculators.pages.vtes_table.inputs import ContestInputs, ContestRuling
from calculators.pages.vtes_table.tab import MAX_POOL, TABLE_INPUTS, TableTab
from calculators.pages.vtes_table.view import contests_html, contests_summary
from rules.vtes.contested import ContestUpkeep, untap_contests
from rules.vtes.table_text import parse_cards, parse_titles


class ContestTab(TableTab[ContestInputs, ContestRuling]):
    """Untap phase contests: 1 pool per contested card, 1 blood per contested title."""

    key = "contests"

    def __init__(self, context: PartContext) -> None:
        super().__init__(context, pay_contests)
        self.ruling: ContestRuling | None = None
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

    # -- the part contract ----------------------------------------------------------------
    def read(self) -> ContestInputs:
        cards, yield_cards = parse_cards(self.cards.value)
        titles, yield_titles = parse_titles(self.titles.value)
        return ContestInputs(
            pool=self.pool.value,
            cards=cards,
            yield_cards=yield_cards,
            titles=titles,
            yield_titles=yield_titles,
        )

    def show(self, ruling: ContestRuling) -> None:
        self.ruling = ruling
        self.upkeep = ruling.upkeep
        t = self.t
        self.display(contests_summary(ruling, t), contests_html(ruling, t), ruling.upkeep.steps)

    def clear(self) -> None:
        self.ruling = None
        self.upkeep = None
        super().clear()

    def relabel(self) -> None:
        self.pool.description = self.t("pool")
        self._cards_title.value = heading(self.t("cards"))
        self._cards_help.value = f"<small>{escape(self.t('cards_help'))}</small>"
        self._titles_title.value = heading(self.t("titles"))
        self._titles_help.value = f"<small>{escape(self.t('titles_help'))}</small>"


def pay_contests(inputs: ContestInputs) -> ContestRuling:
    """The contests tab's engine call: the untap phase's costs, yields and contests won."""
    upkeep = untap_contests(
        pool=inputs.pool,
        cards=inputs.cards,
        titles=inputs.titles,
        yield_cards=inputs.yield_cards,
        yield_titles=inputs.yield_titles,
    )
    return ContestRuling(inputs, upkeep)
