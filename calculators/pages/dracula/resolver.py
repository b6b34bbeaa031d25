"""The round resolver of the Fury of Dracula page: a judge settles a combat round by round.

A part of the page (:mod:`calculators.kit.part`), shown as a tab: :meth:`RoundResolverPanel.read`
gives the round as played (both revealed cards and the dice as rolled, frozen); the page
resolves it (:func:`rules.dracula.combat.resolve_round`), keeps the combat's state and hands
:meth:`RoundResolverPanel.show` what to draw, whose texts come from
:mod:`calculators.pages.dracula.view`. Drive it through the page::

    app = DraculaPage()
    app.judge_round("Punch", "Claws", 3, 4)
    app.resolver.state_view.value      # the combat's state after the round
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as widgets

from calculators.kit.address import Field, widget_field
from calculators.kit.fields import IntField
from calculators.kit.fmt import escape
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from calculators.pages.dracula import view
from rules.dracula.combat import CombatState
from rules.dracula.words import card_name
from rules.i18n import render_param
from rules.trace import Step

__all__ = ["ADDRESS_NAMES", "RoundPlay", "RoundResolverPanel", "ShownCombat"]

#: the resolver's inputs in the page address, by attribute (its card choices follow its rounds,
#: so a link leaves them out)
ADDRESS_NAMES = {"hunter_die": "j_hdie", "hunter_die2": "j_hdie2", "enemy_die": "j_edie"}


@dataclass(frozen=True)
class RoundPlay:
    """One round as played at the table: both revealed cards and the dice as rolled (the
    hunter's second die counts only for Lord Godalming against an agent)."""

    hunter_card: str
    enemy_card: str
    hunter_die: int
    hunter_die2: int
    enemy_die: int


@dataclass(frozen=True)
class ShownCombat:
    """What the tab draws: the combat's state, the steps so far, and the cards each side may
    reveal next (none once the combat has ended)."""

    state: CombatState
    steps: tuple[Step, ...]
    hunter_cards: tuple[str, ...]
    enemy_cards: tuple[str, ...]


class RoundResolverPanel:
    """The round resolver's tab: the round's cards and dice, resolve and restart, the state."""

    def __init__(
        self,
        context: PartContext,
        *,
        on_resolve: Callable[[], None],
        on_restart: Callable[[], None],
    ) -> None:
        self.context = context
        self._shown: ShownCombat | None = None
        lay = widgets.Layout(width="330px")
        style = {"description_width": "150px"}
        self.intro = widgets.HTML()
        self.hunter_card = widgets.Dropdown(layout=lay, style=style)
        self.enemy_card = widgets.Dropdown(layout=lay, style=style)
        # the context gives the boxes' messages their language, and follows its switch
        self.hunter_die = IntField(1, 1, 6, app=context, layout=lay, style=style)
        self.hunter_die2 = IntField(1, 1, 6, app=context, layout=lay, style=style)
        self.enemy_die = IntField(1, 1, 6, app=context, layout=lay, style=style)
        self.resolve = widgets.Button(button_style="primary")
        self.restart = widgets.Button()
        self.state_view = widgets.HTML()
        self.trace = TraceView(deferred=True)  # drawn when its tab is opened or used
        for w, css in (
            (self.state_view, "drac-judge-state"),
            (self.resolve, "drac-resolve"),
            (self.hunter_card, "drac-jhcard"),
            (self.enemy_card, "drac-jecard"),
            (self.hunter_die, "drac-jhdie"),
            (self.enemy_die, "drac-jedie"),
        ):
            w.add_class(css)
        self.resolve.on_click(lambda _button: context.run(on_resolve))
        self.restart.on_click(lambda _button: context.run(on_restart))
        self._row_labels: list[tuple[widgets.Label, str]] = []
        self.widget = widgets.VBox(
            [
                self.intro,
                self._row(self.hunter_card, "hunter_card"),
                self._row(self.enemy_card, "enemy_card"),
                self._row(self.hunter_die, "hunter_die"),
                self._row(self.hunter_die2, "hunter_die2"),
                self._row(self.enemy_die, "enemy_die"),
                widgets.HBox([self.resolve, self.restart]),
                self.state_view,
                self.trace.widget,
            ]
        )

    def _row(self, w: widgets.Widget, key: str) -> widgets.HBox:
        lab = widgets.Label(layout=widgets.Layout(width="230px"))
        self._row_labels.append((lab, key))
        return widgets.HBox([lab, w])

    def address_fields(self) -> dict[str, Field]:
        """The dice in the address (``j_hdie``, ``j_hdie2``, ``j_edie``, as links have always
        named them)."""
        fields = {}
        for attribute, name in ADDRESS_NAMES.items():
            field = widget_field(name, getattr(self, attribute))
            assert field is not None  # a die box is an input
            fields[name] = field
        return fields

    def read(self) -> RoundPlay:
        """The round as entered (a die box that is not 1-6 says so beside itself, and keeps
        its last valid number)."""
        return RoundPlay(
            self.hunter_card.value,
            self.enemy_card.value,
            self.hunter_die.value,
            self.hunter_die2.value,
            self.enemy_die.value,
        )

    def set_round(self, play: RoundPlay) -> None:
        """Enter a round as a judge would, before resolving it."""
        self.hunter_card.value = play.hunter_card
        self.enemy_card.value = play.enemy_card
        self.hunter_die.value = play.hunter_die
        self.hunter_die2.value = play.hunter_die2
        self.enemy_die.value = play.enemy_die

    def show(self, shown: ShownCombat) -> None:
        """Draw the combat: the cards each side may reveal next (in the page's language; a card
        kept while still allowed, else the first), the state and the steps."""
        self._shown = shown
        lang = self.context.lang
        choices = ((self.hunter_card, shown.hunter_cards), (self.enemy_card, shown.enemy_cards))
        for box, cards in choices:
            kept = box.value
            box.options = [(render_param(card_name(c), lang), c) for c in cards]
            box.value = kept if kept in cards else (cards[0] if cards else None)
        self.resolve.disabled = shown.state.ended is not None
        self.state_view.value = view.judge_state_html(shown.state, self.context.t, lang)
        self.trace.show(list(shown.steps), lang)

    def relabel(self) -> None:
        """Every label in the context's language, and the combat drawn again in it."""
        t = self.context.t
        self.intro.value = f"<p>{escape(t('judge_intro'))}</p>"
        self.resolve.description = t("resolve")
        self.restart.description = t("restart")
        for lab, key in self._row_labels:
            lab.value = t(key)
        if self._shown is not None:
            self.show(self._shown)

    def reveal(self) -> None:
        """Draw the trace held back while the tab was hidden."""
        self.trace.reveal()
