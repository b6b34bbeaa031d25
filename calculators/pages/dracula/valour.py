"""Valour points for the Fury of Dracula page: a judge's tally and the Valour of one combat.

The panel is a section the combat explorer shows (for example as a tab); it has its own error
banners and language. Drive it without a browser::

    panel = ValourPanel()
    panel.set_hunter(0, attack_on_dracula=2, blood_taken="3, 4")
    panel.standing.winner              # the engine's ValourStanding
    panel.show_combat(odds, Opponent.dracula(), blood=12)
    panel.combat.distribution          # points -> exact probability
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

import ipywidgets as widgets

from calculators.kit.banner import ErrorBanner
from calculators.kit.charts import Bar, DistributionChart
from calculators.kit.fields import IntField, invalid_fields
from calculators.kit.fmt import decimal, escape, exact_html, fraction_text
from calculators.kit.labels import COMMON, LANGS, Catalog
from calculators.kit.markup import Cell, Row, heading, table
from calculators.kit.trace_view import TraceView
from rules.dracula.blood import MAX_BLOOD
from rules.dracula.chain import CombatOdds
from rules.dracula.hunters import HUNTERS, Opponent
from rules.dracula.notation import parse_blood_list
from rules.dracula.valour import (
    AWARDS,
    MAX_HUNTERS,
    CombatValour,
    ValourEvent,
    ValourStanding,
    combat_valour,
    valour_winner,
)
from rules.errors import InvalidState, RuleError
from rules.i18n import msg

__all__ = ["LABELS", "ValourPanel"]

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
_CATALOG = COMMON.merged(LABELS)
BLOOD_KEY = "blood_taken"


MAX_AWARDS = 99  # times one hunter earns one award in a game: far above any real game


class ValourPanel:
    """The Valour section: a tally form for up to four hunters and a combat's Valour odds."""

    def __init__(self, lang: str = "en", *, draw_traces: bool = True) -> None:
        # draw_traces=False (a page's hidden tab): the traces keep their steps and are drawn
        # by show(); drawing loads the rules reference, which a cold kernel need not wait for
        self.lang = lang
        self.standing: ValourStanding | None = None
        self.combat: CombatValour | None = None
        self.message = ""
        self._combat_input: tuple[CombatOdds, Opponent, int] | None = None
        self._combat_cache: tuple[tuple[Any, ...], CombatOdds, CombatValour] | None = None
        self._busy = False
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
        for w in (self.attacked, self.assassin):
            w.observe(self._on_combat_input, names="value")
        self.set_lang(lang)

    # -- language ---------------------------------------------------------------------------
    def t(self, key: str) -> str:
        return _CATALOG.text(key, self.lang)

    @property
    def tab_title(self) -> str:
        """The section's title in the current language (for a tab)."""
        return self.t("tab")

    def set_lang(self, lang: str) -> None:
        """Switch every label, message and trace to ``lang`` (``"en"`` or ``"ru"``)."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; allowed: {', '.join(LANGS)}")
        self.lang = lang
        self.banner.lang = lang
        self.combat_banner.lang = lang
        for column in self.counts:
            for field in column.values():
                if isinstance(field, IntField):
                    field.set_language(lang)
        self.intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self.tally_title.value = (
            heading(self.t("tally"), 3) + f"<p><small>{escape(self.t('tally_help'))}</small></p>"
        )
        self.combat_title.value = (
            heading(self.t("combat"), 3) + f"<p><small>{escape(self.t('combat_help'))}</small></p>"
        )
        for lab, key in self._row_labels:
            lab.value = escape(self.t(key))
        self.update_tally()
        self._render_combat()

    # -- errors -----------------------------------------------------------------------------
    @staticmethod
    def _run(banner: ErrorBanner, fn: Callable[[], T]) -> T | None:
        """Call ``fn``; an error becomes a message in ``banner`` (never a traceback)."""
        try:
            result = fn()
        except RuleError as error:
            banner.show(error)
            return None
        except Exception as error:  # a plain message, as everywhere on the desk
            banner.show(error)
            return None
        banner.clear()
        return result

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
        self._busy = True
        try:
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
        finally:
            self._busy = False
        self.update_tally()

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
        if not self._busy and not invalid_fields(self.widget):
            self.update_tally()  # a bad count says what it allows beside its box

    def update_tally(self) -> None:
        """Recompute the standings from the form (errors go to the tally's banner)."""
        self.standing = None
        self._run(self.banner, self._compute_tally)
        self._render_tally()

    def _compute_tally(self) -> None:
        playing = [i for i in range(MAX_HUNTERS) if self.plays[i].value]
        if not playing:
            self.standing = None
            return
        hunters: dict[str, list[ValourEvent]] = {}
        for i in playing:
            name = self.names[i].value.strip()
            if name in hunters:
                raise InvalidState(
                    msg("two hunters are named {name!r}; give each a different name", name=name)
                )
            hunters[name] = self.events(i)
        self.standing = valour_winner(hunters, hunters_won=self.won.value)

    def _render_tally(self) -> None:
        s = self.standing
        if s is None:
            self.message = "" if self.banner.visible else self.t("nobody")
            self.verdict.value = f"<p><i>{escape(self.message)}</i></p>" if self.message else ""
            self.standings_view.value = ""
            self.trace.clear()
            return
        if not s.hunters_won:
            self.message = self.t("dracula_won")
        elif s.tie:
            self.message = self.t("tie").format(names=", ".join(s.leaders), points=s.ranking[0][1])
        else:
            self.message = self.t("winner").format(name=s.winner, points=s.ranking[0][1])
        self.verdict.value = f'<p class="valour-verdict-text"><b>{escape(self.message)}</b></p>'
        by_name = {t.hunter: t for t in s.tallies}
        rows = []
        for name, points in s.ranking:
            tally = by_name[name]
            details = "; ".join(
                f"{self.t('award_' + line.award.key)}: {line.count}" for line in tally.lines
            )
            lead = name in s.leaders and s.hunters_won
            cells = (name, points, Cell(details or "—", style="text-align:left"))
            rows.append(
                Row(cells, css_class="valour-leader", style="font-weight:bold") if lead else cells
            )
        self.standings_view.value = f"<p><b>{escape(self.t('standings'))}</b></p>" + table(
            (self.t("name"), self.t("points"), self.t("details")),
            rows,
            css_class="calc-table valour-table",
        )
        self.trace.show(s.steps, self.lang)

    def show(self) -> None:
        """Draw the traces held back by ``draw_traces=False`` (the tab is being opened)."""
        self.trace.reveal()
        self.combat_trace.reveal()

    # -- one combat's Valour ----------------------------------------------------------------
    def show_combat(
        self, odds: CombatOdds | None, opponent: Opponent | None = None, blood: int = MAX_BLOOD
    ) -> None:
        """Show the Valour distribution of the combat whose odds are ``odds`` (``None`` clears
        it): ``opponent`` and Dracula's starting ``blood`` as used for the odds."""
        if odds is None or opponent is None:
            self._combat_input = None
        else:
            self._combat_input = (odds, opponent, blood)
        self._render_combat()

    def set_combat_flags(
        self, *, attacked: bool | None = None, assassin: bool | None = None
    ) -> None:
        self._busy = True
        try:
            if attacked is not None:
                self.attacked.value = attacked
            if assassin is not None:
                self.assassin.value = assassin
        finally:
            self._busy = False
        self._render_combat()

    def _on_combat_input(self, _change: dict[str, Any]) -> None:
        if not self._busy:
            self._render_combat()

    def _render_combat(self) -> None:
        self.combat = None
        data = self._combat_input
        if data is None:
            self.combat_banner.clear()
            self.attacked_row.layout.display = None
            self.assassin_row.layout.display = "none"
            self.expected.value = f"<p><i>{escape(self.t('no_odds'))}</i></p>"
            self.chart.show([])
            self.combat_trace.clear()
            return
        odds, opponent, blood = data
        dracula = opponent.is_dracula
        self.attacked_row.layout.display = None if dracula else "none"
        self.assassin_row.layout.display = "none" if dracula or opponent.minion else None
        attacked = dracula and self.attacked.value
        assassin = not dracula and not opponent.minion and self.assassin.value
        key = (id(odds), opponent, blood, attacked, assassin)
        cached = self._combat_cache
        if cached is not None and cached[0] == key and cached[1] is odds:
            self.combat = cached[2]  # e.g. a language switch: nothing to recompute
            self.combat_banner.clear()
        else:
            self.combat = self._run(
                self.combat_banner,
                lambda: combat_valour(
                    odds, opponent, blood=blood, hunter_attacked=attacked, assassin=assassin
                ),
            )
            if self.combat is not None:
                self._combat_cache = (key, odds, self.combat)
        result = self.combat
        if result is None:
            self.expected.value = ""
            self.chart.show([])
            self.combat_trace.clear()
            return
        e = result.expected
        parts = ", ".join(f"{x}: {exact_html(p)}" for x, p in result.distribution.items())
        self.expected.value = (
            f'<p class="valour-expected-text"><b>{escape(self.t("expected"))}</b>: '
            f"{escape(fraction_text(e))} (≈{decimal(e, 3)})<br><small>{parts}</small></p>"
        )
        bars = [Bar(str(x), p) for x, p in result.distribution.items()]
        self.chart.show(
            bars,
            title=self.t("combat"),
            x_label=self.t("axis"),
            y_label=self.t("probability"),
        )
        self.combat_trace.show(result.steps, self.lang)

    @property
    def combat_distribution(self) -> dict[int, Fraction]:
        """The shown combat's points -> probability (empty when none is shown)."""
        return dict(self.combat.distribution) if self.combat else {}
