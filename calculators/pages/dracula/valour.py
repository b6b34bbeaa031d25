"""Valour points for the Fury of Dracula page: a judge's tally and the Valour of one combat.

A part of the page (:mod:`calculators.kit.part`), shown as a tab: :meth:`ValourPanel.read`
gives the tally as frozen inputs and :meth:`ValourPanel.combat_flags` the combat's boxes; the
page computes (:func:`~calculators.pages.dracula.odds.valour_standing`,
:class:`~calculators.pages.dracula.odds.CombatValourCache`) and hands the result to
:meth:`ValourPanel.show`, whose texts come from :mod:`calculators.pages.dracula.view`. The
tally and the combat each have their own error banner (:meth:`ValourPanel.run_tally`,
:meth:`ValourPanel.run_combat`). Drive it through the page::

    app = DraculaPage()
    app.valour.set_hunter(0, attack_on_dracula=2, blood_taken="3, 4")
    app.valour.standing.winner          # the engine's ValourStanding
    app.valour.combat.distribution      # the explorer's combat: points -> exact probability
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.banner import ErrorBanner
from calculators.kit.charts import Bar, DistributionChart
from calculators.kit.fields import IntField, invalid_fields
from calculators.kit.fmt import escape
from calculators.kit.labels import Catalog
from calculators.kit.markup import heading
from calculators.kit.part import PartContext
from calculators.kit.trace_view import TraceView
from calculators.pages.dracula import view
from calculators.pages.dracula.odds import CombatFlags, TallyInputs
from rules.dracula.hunters import HUNTERS, Opponent
from rules.dracula.notation import parse_blood_list
from rules.dracula.valour import (
    AWARDS,
    MAX_HUNTERS,
    CombatValour,
    ValourEvent,
    ValourStanding,
)
from rules.errors import InvalidState, RuleError
from rules.i18n import msg

__all__ = ["ADDRESS_PREFIX", "LABELS", "ValourPanel", "ValourResult"]

T = TypeVar("T")

LABELS = Catalog(
    {
        "tab": msg("Valour points"),
        "intro": msg(
            "An optional variant: each hunter scores Valour points for brave deeds. If the "
            "hunters win the game, the hunter with the most points is the overall winner."
        ),
        "tally": msg("Judge's tally"),
        "tally_help": msg(
            "Enter how many times each hunter did each deed. Blood taken: one number per "
            "combat, separated by commas (for example 3, 2)."
        ),
        "name": msg("Hunter"),
        "plays": msg("Takes part"),
        "hunters_won": msg("The hunters won the game"),
        "award_rats_unhurt": msg("Rats encounter, no wound (+1)"),
        "award_wolves_unhurt": msg("Wolves encounter, no wound (+1)"),
        "award_minion_beaten": msg("Minion beaten in combat (+2)"),
        "award_assassin_beaten": msg("Assassin beaten in combat (+3)"),
        "award_castle_dracula": msg("Entered Castle Dracula (+3, once per game)"),
        "award_final_stand": msg("Played Final Stand (+3)"),
        "award_new_vampire_destroyed": msg("New Vampire encounter destroyed (+4)"),
        "award_attack_on_dracula": msg("Attacks on Dracula, not his attacks (+5 each)"),
        "award_blood_taken": msg("Blood taken per combat (+5 per point)"),
        "award_final_blow": msg("Final blow (+10)"),
        "points": msg("Points"),
        "details": msg("Awards"),
        "standings": msg("Valour standings"),
        "winner": msg("Winner: {name} with {points} Valour points."),
        "tie": msg(
            "Tie: {names} share the top score of {points}. The rules name no tie-break, so "
            "the tie stands."
        ),
        "dracula_won": msg("Dracula won the game: Valour points name no winner."),
        "nobody": msg("Mark at least one hunter as taking part."),
        "combat": msg("Valour of this combat"),
        "combat_help": msg(
            "Points the hunter can earn in the combat set up above, with their exact odds."
        ),
        "attacked": msg("The hunter attacked Dracula (+5)"),
        "assassin": msg("The agent is an Assassin"),
        "expected": msg("Expected Valour points"),
        "no_odds": msg(
            "The combat's odds are not computed yet (set the initiative numbers above)."
        ),
        "axis": msg("Valour points"),
    }
)
BLOOD_KEY = "blood_taken"
#: the tab's inputs in the page address: ``valour_`` + the attribute's name
ADDRESS_PREFIX = "valour_"


MAX_AWARDS = 99  # times one hunter earns one award in a game: far above any real game


@dataclass(frozen=True)
class ValourResult:
    """What the tab shows: the tally's standings (``None``: nobody takes part, or the tally
    was refused and its banner says why), the combat's Valour (``None``: no odds, or refused)
    and the opponent of the combat's odds (``None``: the odds are not computed)."""

    standing: ValourStanding | None
    combat: CombatValour | None
    opponent: Opponent | None


class ValourPanel:
    """The Valour section: a tally form for up to four hunters and a combat's Valour odds."""

    def __init__(self, context: PartContext, *, draw_traces: bool = True) -> None:
        # draw_traces=False (a page's hidden tab): the traces keep their steps and are drawn
        # by reveal(); drawing loads the rules reference, which a cold kernel need not wait for
        self.context = context
        self.standing: ValourStanding | None = None
        self.combat: CombatValour | None = None
        self.message = ""
        self._shown: ValourResult | None = None
        self.banner = ErrorBanner()
        self.combat_banner = ErrorBanner()
        self.banner.widget.add_class("valour-error")
        self.combat_banner.widget.add_class("valour-combat-error")
        self.intro = widgets.HTML()
        self.tally_title = widgets.HTML()
        # the tally form: one column per hunter
        names = list(HUNTERS)
        cell = widgets.Layout(width="150px")
        self.names = [widgets.Text(value=names[i], layout=cell) for i in range(MAX_HUNTERS)]
        self.plays = [widgets.Checkbox(value=True, indent=False) for _ in range(MAX_HUNTERS)]
        self.counts: list[dict[str, widgets.Widget]] = []
        for i in range(MAX_HUNTERS):
            column: dict[str, widgets.Widget] = {}
            for award in AWARDS:
                if award.key == BLOOD_KEY:
                    w: widgets.Widget = widgets.Text(
                        value="", placeholder="3, 2", layout=cell, continuous_update=False
                    )
                else:
                    w = IntField(0, 0, MAX_AWARDS, layout=cell, hint=False)
                w.add_class(f"valour-{award.key}-{i}")
                column[award.key] = w
            self.counts.append(column)
        for i in range(MAX_HUNTERS):
            self.names[i].add_class(f"valour-name-{i}")
            self.plays[i].add_class(f"valour-plays-{i}")
        self.won = widgets.Checkbox(value=True, indent=False)
        self.won.add_class("valour-won")
        self._row_labels: list[tuple[widgets.HTML, str]] = []

        def label(key: str) -> widgets.HTML:
            lab = widgets.HTML(layout=widgets.Layout(width="280px"))
            self._row_labels.append((lab, key))
            return lab

        rows = [
            widgets.HBox([label("name"), *self.names]),
            widgets.HBox([label("plays"), *self.plays]),
        ]
        for award in AWARDS:
            rows.append(
                widgets.HBox(
                    [label(f"award_{award.key}"), *(col[award.key] for col in self.counts)]
                )
            )
        rows.append(widgets.HBox([label("hunters_won"), self.won]))
        self.form = widgets.VBox(rows)
        self.form.add_class("valour-form")
        self.standings_view = widgets.HTML()
        self.standings_view.add_class("valour-result")
        self.verdict = widgets.HTML()
        self.verdict.add_class("valour-verdict")
        self.trace = TraceView(deferred=not draw_traces)
        # the combat section
        self.combat_title = widgets.HTML()
        self.attacked = widgets.Checkbox(value=False, indent=False)
        self.attacked.add_class("valour-attacked")
        self.assassin = widgets.Checkbox(value=False, indent=False)
        self.assassin.add_class("valour-assassin")
        self.attacked_row = widgets.HBox([label("attacked"), self.attacked])
        self.assassin_row = widgets.HBox([label("assassin"), self.assassin])
        self.expected = widgets.HTML()
        self.expected.add_class("valour-expected")
        self.chart = DistributionChart()
        self.chart.widget.add_class("valour-chart")
        self.combat_trace = TraceView(deferred=not draw_traces)
        self.widget = widgets.VBox(
            [
                self.intro,
                self.tally_title,
                self.banner.widget,
                self.form,
                self.verdict,
                self.standings_view,
                self.trace.widget,
                self.combat_title,
                self.combat_banner.widget,
                self.attacked_row,
                self.assassin_row,
                self.expected,
                self.chart.widget,
                self.combat_trace.widget,
            ]
        )
        self.widget.add_class("valour-panel")
        for w in (*self.names, *self.plays, self.won):
            w.observe(self._on_tally_input, names="value")
        for column in self.counts:
            for w in column.values():
                w.observe(self._on_tally_input, names="value")
                if isinstance(w, IntField):
                    context.follow_language(w.set_language)
                    w.set_language(context.lang)
        context.watch(self.attacked, self.assassin)
        self.relabel()

    # -- the part contract ------------------------------------------------------------------
    def t(self, key: str) -> str:
        return self.context.t(key)

    @property
    def lang(self) -> str:
        return self.context.lang

    @property
    def tab_title(self) -> str:
        """The section's title in the current language (for a tab)."""
        return self.t("tab")

    def address_fields(self) -> dict[str, Field]:
        return widget_fields(self, prefix=ADDRESS_PREFIX, depth=0)

    def read(self) -> TallyInputs:
        """The tally: each hunter taking part with their events, in the form's order; two
        hunters of one name or a blood list that is not one are refused."""
        hunters: dict[str, tuple[ValourEvent, ...]] = {}
        for i in range(MAX_HUNTERS):
            if not self.plays[i].value:
                continue
            name = self.names[i].value.strip()
            if name in hunters:
                raise InvalidState(
                    msg("two hunters are named {name!r}; give each a different name", name=name)
                )
            hunters[name] = tuple(self.events(i))
        return TallyInputs(tuple(hunters.items()), hunters_won=bool(self.won.value))

    def combat_flags(self) -> CombatFlags:
        """The combat's boxes: the hunter attacked Dracula, the agent is an Assassin."""
        return CombatFlags(attacked=bool(self.attacked.value), assassin=bool(self.assassin.value))

    def relabel(self) -> None:
        """Every label, message and trace in the context's language."""
        lang = self.lang
        self.banner.lang = lang
        self.combat_banner.lang = lang
        self.intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self.tally_title.value = (
            heading(self.t("tally"), 3) + f"<p><small>{escape(self.t('tally_help'))}</small></p>"
        )
        self.combat_title.value = (
            heading(self.t("combat"), 3) + f"<p><small>{escape(self.t('combat_help'))}</small></p>"
        )
        for lab, key in self._row_labels:
            lab.value = escape(self.t(key))
        if self._shown is not None:
            self.show(self._shown)

    # -- errors -----------------------------------------------------------------------------
    @staticmethod
    def _run(banner: ErrorBanner, fn: Callable[..., T], *args: Any) -> T | None:
        """Call ``fn``; an error becomes a message in ``banner`` (never a traceback)."""
        try:
            result = fn(*args)
        except RuleError as error:
            banner.show(error)
            return None
        except Exception as error:  # a plain message, as everywhere on the desk
            banner.show(error)
            return None
        banner.clear()
        return result

    def run_tally(self, fn: Callable[..., T], *args: Any) -> T | None:
        """Call ``fn``; an error is shown in the tally's banner, beside the form."""
        return self._run(self.banner, fn, *args)

    def run_combat(self, fn: Callable[..., T], *args: Any) -> T | None:
        """Call ``fn``; an error is shown in the combat's banner, beside its boxes."""
        return self._run(self.combat_banner, fn, *args)

    # -- the tally --------------------------------------------------------------------------
    def set_hunter(
        self,
        index: int,
        *,
        name: str | None = None,
        plays: bool | None = None,
        **counts: int | str | Sequence[int],
    ) -> None:
        """Fill hunter ``index``'s column (0..3): award keys -> counts; ``blood_taken`` takes
        ``"3, 2"`` or a sequence of per-combat amounts. Recomputes once."""
        if not 0 <= index < MAX_HUNTERS:
            raise IndexError(f"hunter index must be 0..{MAX_HUNTERS - 1}, not {index}")
        column = self.counts[index]
        with self.context.hold():
            if name is not None:
                self.names[index].value = name
            if plays is not None:
                self.plays[index].value = plays
            for key, value in counts.items():
                if key not in column:
                    raise KeyError(f"unknown award {key!r}; allowed: {', '.join(column)}")
                if key == BLOOD_KEY and not isinstance(value, str):
                    value = ", ".join(str(v) for v in value)  # type: ignore[union-attr]
                column[key].value = value
        self.context.refresh()

    def set_hunters_won(self, won: bool) -> None:
        self.won.value = won

    def events(self, index: int) -> list[ValourEvent]:
        """Hunter ``index``'s column as engine events (one per blood-taking combat)."""
        column = self.counts[index]
        events: list[ValourEvent] = []
        for award in AWARDS:
            value = column[award.key].value
            if award.key == BLOOD_KEY:
                events.extend(ValourEvent(BLOOD_KEY, n) for n in parse_blood_list(value))
            elif value:
                events.append(ValourEvent(award.key, value))
        return events

    def _on_tally_input(self, _change: dict[str, Any]) -> None:
        if not invalid_fields(self.widget):
            self.context.changed()  # a bad count says what it allows beside its box

    def set_combat_flags(
        self, *, attacked: bool | None = None, assassin: bool | None = None
    ) -> None:
        with self.context.hold():
            if attacked is not None:
                self.attacked.value = attacked
            if assassin is not None:
                self.assassin.value = assassin
        self.context.refresh()

    # -- showing ----------------------------------------------------------------------------
    def show(self, result: ValourResult) -> None:
        """Draw the standings and the combat's Valour (their errors are in their banners)."""
        self._shown = result
        self._show_tally(result.standing)
        self._show_combat(result)

    def reveal(self) -> None:
        """Draw the traces held back by ``draw_traces=False`` (the tab is being opened)."""
        self.trace.reveal()
        self.combat_trace.reveal()

    def _show_tally(self, standing: ValourStanding | None) -> None:
        self.standing = standing
        if standing is None:
            self.message = "" if self.banner.visible else self.t("nobody")
            self.verdict.value = view.valour_note_html(self.message)
            self.standings_view.value = ""
            self.trace.clear()
            return
        self.message = view.valour_verdict(standing, self.t)
        self.verdict.value = view.valour_verdict_html(self.message)
        self.standings_view.value = view.valour_standings_html(standing, self.t)
        self.trace.show(standing.steps, self.lang)

    def _show_combat(self, result: ValourResult) -> None:
        self.combat = result.combat
        opponent = result.opponent
        if opponent is None:
            self.combat_banner.clear()
            self.attacked_row.layout.display = None
            self.assassin_row.layout.display = "none"
            self.expected.value = view.valour_note_html(self.t("no_odds"))
            self.chart.show([])
            self.combat_trace.clear()
            return
        dracula = opponent.is_dracula
        self.attacked_row.layout.display = None if dracula else "none"
        self.assassin_row.layout.display = "none" if dracula or opponent.minion else None
        combat = result.combat
        if combat is None:
            self.expected.value = ""
            self.chart.show([])
            self.combat_trace.clear()
            return
        self.expected.value = view.valour_expected_html(combat, self.t)
        self.chart.show(
            [Bar(str(x), p) for x, p in combat.distribution.items()],
            title=self.t("combat"),
            x_label=self.t("axis"),
            y_label=self.t("probability"),
        )
        self.combat_trace.show(combat.steps, self.lang)

    @property
    def combat_distribution(self) -> dict[int, Fraction]:
        """The shown combat's points -> probability (empty when none is shown)."""
        return dict(self.combat.distribution) if self.combat else {}
