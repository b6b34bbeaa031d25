"""V:tM dice page's tabs: its parts, each on a context of the page, laid out as tabs.

The page (:class:`calculators.pages.vtm_dice.page.VtmDicePage`) builds on this class and adds
what the parts' inputs compute. The one-roll tab is built with the page; the attack and V5
tabs the first time they are shown or used from code (:mod:`calculators.kit.tabs`), so the
page opens light.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.page import Page
from calculators.kit.tabs import HasWidget, LazyTabs, LazyTabsPage, Part, TabPlan
from calculators.pages.vtm_dice.attack import ATTACK_FIELDS, AttackPart
from calculators.pages.vtm_dice.labels import LABELS
from calculators.pages.vtm_dice.pool import PoolPart
from calculators.pages.vtm_dice.v5 import LABELS as V5_LABELS
from calculators.pages.vtm_dice.v5 import V5Tab
from calculators.pages.vtm_dice.v5_contest import CONTEST_LABELS, V5ContestTab


class VtmDicePageWidgets(LazyTabsPage, Page):
    """The dice page's widgets, built and laid out (no observers yet)."""

    labels = LABELS
    title_key = "title"
    #: computes the attack and shows it (the page's; a weapon pick asks for it)
    recompute_attack: Callable[[], None]
    #: computes the one roll and shows it (the page's)
    recompute: Callable[[], None]

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self._intro = widgets.HTML()

        # -- one roll, built with the page ---------------------------------------------
        self.pool = PoolPart(self.part_context(lambda: self.recompute()))
        pool_box = self.pool.widget
        self._sections: LazyTabs[HasWidget] = LazyTabs(
            self,
            {
                "pool": TabPlan(lambda: Part(pool_box)),
                "attack": TabPlan(
                    self._build_attack,
                    fields=lambda tab: tab.address_fields(),  # type: ignore[attr-defined]
                    claims=ATTACK_FIELDS.__contains__,
                ),
                "v5": TabPlan(
                    self._build_v5,
                    fields=lambda tab: tab.address_fields(),  # type: ignore[attr-defined]
                    claims=lambda name: name.startswith("v5_"),
                ),
                "contest": TabPlan(
                    self._build_contest,
                    fields=lambda tab: tab.address_fields(),  # type: ignore[attr-defined]
                    claims=lambda name: name.startswith("v5c_"),
                ),
            },
            self._tab_built,
        )
        self.tabs = self._sections.widget
        self.body.children = [self._intro, self.tabs]
        self._sections.build_shown()

    # -- the attack tab, built when first shown ------------------------------------------
    def _build_attack(self) -> AttackPart:
        return AttackPart(
            self.part_context(lambda: self.recompute_attack()), lambda: self.pool.exact.value
        )

    def url_fields(self) -> dict[str, Field]:
        """The one roll's inputs, then the page's own (the tab shown) and the other tabs'."""
        pool = self.pool.address_fields()
        taken = {id(field.widget) for field in pool.values()}
        page = {n: f for n, f in super().url_fields().items() if id(f.widget) not in taken}
        return {**pool, **page}

    def _build_v5(self) -> V5Tab:
        holder: list[V5Tab] = []
        tab = V5Tab(self.part_context(lambda: holder[0].recompute(), V5_LABELS))
        holder.append(tab)
        return tab

    def _build_contest(self) -> V5ContestTab:
        labels = V5_LABELS.merged(CONTEST_LABELS)
        holder: list[V5ContestTab] = []
        tab = V5ContestTab(self.part_context(lambda: holder[0].recompute(), labels))
        holder.append(tab)
        return tab

    @property
    def contest(self) -> V5ContestTab:
        """The V5 contests and checks tab (built if it was not yet)."""
        return self._sections.get_as("contest", V5ContestTab)

    @property
    def attack(self) -> AttackPart:
        """The attack tab (built if it was not yet)."""
        return self._sections.get_as("attack", AttackPart)

    @property
    def v5(self) -> V5Tab:
        """The V5 tab (built if it was not yet)."""
        return self._sections.get_as("v5", V5Tab)

    def _tab_built(self, key: str, tab: HasWidget) -> None:
        """A tab was built: the page labels it and computes it."""
