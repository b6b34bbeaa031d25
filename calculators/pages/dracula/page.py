"""Fury of Dracula combat explorer: round odds per card pair, whole-combat odds, a round resolver.

Drive it without a browser::

    app = DraculaPage()
    app.set_inputs(assume="1")        # unknown initiative numbers -> 1 (a stated assumption)
    app.odds.outcomes                 # exact whole-combat odds (Fractions)
    app.set_inputs(hunter="Mina Harker", health=3)
    app.judge_round("Punch", "Claws", 3, 4)   # the round-resolver tab
"""

from __future__ import annotations

from typing import Any

from calculators.kit.charts import Bar
from calculators.kit.fields import invalid_fields
from calculators.kit.fmt import escape
from calculators.kit.page_tools import PageTools, labelled_lines
from calculators.kit.tabs import HasWidget
from calculators.pages.dracula.labels import (
    ASSUME_CHOICES,
    GROUP_ESTIMATE_LIMITS,
    HUNTER_POLICIES,
    LABELS,
    OUTCOME_COLORS,
)
from calculators.pages.dracula.odds import (
    CombatValourCache,
    GroupSetup,
    ValourCombat,
    combat_odds_cached,
    goal_plan_cached,
    group_estimate_cached,
    group_odds_cached,
    round_game_cached,
    valour_standing,
)
from calculators.pages.dracula.resolver import RoundPlay, ShownCombat
from calculators.pages.dracula.situation import INPUTS, DraculaPageWidgets
from calculators.pages.dracula.valour import LABELS as VALOUR_LABELS
from calculators.pages.dracula.valour import ValourResult
from calculators.pages.dracula.view import (
    Setup,
    always_html,
    assumption_html,
    blood_track_svg,
    group_html,
    heat_color,
    judge_ruling,
    mix_html,
    need_initiative_html,
    odds_ruling,
    plan_html,
    summary_html,
    table_html,
)
from rules.dracula.blood import MAX_BLOOD
from rules.dracula.cards import (
    AGENT_WEAPONS,
    HUNTER_BASICS,
    HUNTER_CARDS,
    HUNTER_ITEMS,
    CardTable,
    default_table,
)
from rules.dracula.chain import CombatOdds, RoundGame
from rules.dracula.combat import (
    CombatState,
    RoundReport,
    enemy_options,
    hunter_options,
    resolve_round,
    start_combat,
)
from rules.dracula.examples import example_text
from rules.dracula.goals import GOALS, GoalPlan
from rules.dracula.group import TARGET_POLICIES, GroupOdds, grouped_number
from rules.dracula.hunters import (
    GROUP_DODGES,
    GROUP_TIES,
    HUNTERS,
    Hunter,
    Opponent,
    Situation,
    hunter,
)
from rules.dracula.notation import parse_initiatives, parse_overrides
from rules.dracula.words import card_name, card_names
from rules.errors import InvalidState
from rules.i18n import msg, render_param
from rules.trace import Step

__all__ = ["INPUTS", "DraculaPage", "blood_track_svg", "example_lines", "heat_color"]


def example_lines() -> list[str]:
    """The rulebook's worked example, resolved round by round."""
    return example_text().splitlines()


class DraculaPage(DraculaPageWidgets):
    """The Fury of Dracula combat explorer page."""

    def __init__(self, lang: str = "en") -> None:
        self.current_setup: Setup | None = None  # the inputs the shown results come from
        self._group_problem: InvalidState | None = None
        self._valour_combat = CombatValourCache()
        super().__init__(lang=lang)  # builds the widgets
        self.odds: CombatOdds | None = None
        self.plan: GoalPlan | None = None
        self.group: GroupOdds | None = None
        self.game: RoundGame | None = None
        self.table: CardTable = default_table()
        self.missing: tuple[str, ...] = ()
        self.judge_state: CombatState | None = None
        self.last_report: RoundReport | None = None
        self.compute_seconds = 0.0
        self._judge_steps: list[Step] = []
        # the resolver's and the Valour tab's traces are drawn when their tab is first opened
        self.tabs.observe(self.guard(self._on_tab), names="selected_index")
        for attribute in INPUTS.values():
            getattr(self, attribute).observe(self.guard(self._on_input), names="value")
        self.tools = PageTools(self)
        self.ready()
        self.run(self.update)

    # -- labels -------------------------------------------------------------------------------
    def relabel(self) -> None:
        self.intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self._label_rows()
        with self.hold():
            pol = [(self.t(k), k) for k in ("minimax", "uniform")]
            hpol = [(self.t(k), k) for k in HUNTER_POLICIES]
            goals = [(self.t(f"goal_{k}"), k) for k in GOALS]
            cards = [(render_param(card_name(c), self.lang), c) for c in HUNTER_CARDS]
            for w, opts in (
                (
                    self.opponent,
                    [(self.t(k), k) for k in ("dracula-night", "dracula-day", "agent")],
                ),
                (self.hunter_policy, hpol),
                (self.goal, goals),
                (self.target, [(self.t(f"target_{k}"), k) for k in TARGET_POLICIES]),
                (self.group_tie, [(self.t(f"group_tie_{k}"), k) for k in GROUP_TIES]),
                (self.group_dodge, [(self.t(f"group_dodge_{k}"), k) for k in GROUP_DODGES]),
                (self.always, cards),
                (self.items, [(render_param(card_name(c), self.lang), c) for c in HUNTER_ITEMS]),
                (
                    self.weapons,
                    [(render_param(card_name(c), self.lang), c) for c in AGENT_WEAPONS],
                ),
                (self.enemy_policy, pol),
                (
                    self.assume,
                    [
                        (
                            self.t("assume_none")
                            if v == ""
                            else self.t("assume_value").format(v=v),
                            v,
                        )
                        for v in ASSUME_CHOICES
                    ],
                ),
            ):
                keep = w.value
                w.options = opts
                w.value = keep
        self.tabs.set_title(0, self.t("tab_explore"))
        self.tabs.set_title(1, self.t("tab_judge"))
        self.tabs.set_title(2, VALOUR_LABELS.text("tab", self.lang))
        if self.judge_built:
            self.resolver.relabel()
        if self._sections.is_built("valour"):
            self.valour.relabel()
        self.render()

    def _label_rows(self) -> None:
        for lab, w in self._row_labels:
            lab.value = self.t(lab.key)
            help_key = f"{lab.key}_help"
            if help_key in self.labels:
                lab.tooltip = w.tooltip = self.t(help_key)
                lab.value += " ⓘ"

    # -- tabs built when first shown or used ----------------------------------------------------
    def _tab_built(self, key: str, tab: HasWidget) -> None:
        if key == "judge":
            self.resolver.relabel()
            self._render_judge()
        elif key == "valour":  # built in the page's language
            self.refresh_valour()

    def refresh_valour(self) -> None:
        """Compute the Valour tab's standings, and the Valour of the explorer's combat once
        its odds are computed; each error goes to the tab's banner beside it."""
        if not self._sections.is_built("valour"):
            return
        panel = self.valour
        standing = panel.run_tally(lambda: valour_standing(panel.read()))
        setup, odds = self.current_setup, self.odds
        if setup is None or odds is None:
            panel.show(ValourResult(standing, None, None))
            return
        combat = ValourCombat(odds, setup.opponent, setup.blood)
        scored = panel.run_combat(self._valour_combat, combat, panel.combat_flags())
        panel.show(ValourResult(standing, scored, setup.opponent))

    # -- inputs -------------------------------------------------------------------------------
    def set_inputs(self, **values: Any) -> None:
        """Set several inputs at once (names: hunter, health, bites, items, opponent, weapons,
        minion, blood, trap, advance, castle, eastern, garlic, dodge1, agatha, hunter_policy,
        goal, always, companions, companion_items, target, group_tie, group_dodge,
        enemy_policy, assume, initiative, overrides), then recompute once."""
        hunter = values.get("hunter")
        if hunter in HUNTERS and "health" not in values:  # a new hunter starts unhurt
            values = {**values, "health": HUNTERS[hunter].max_health}
        self.set_values(self, values, INPUTS, first=("hunter",))
        self.run(self.update)
        self.tools.refresh()

    def _sync_hunter(self) -> None:
        self.health.value = HUNTERS[self.hunter.value].max_health

    def _on_input(self, change: dict[str, Any]) -> None:
        if self.held:
            return
        if change.get("owner") is self.hunter:
            with self.hold():
                self._sync_hunter()
        if not invalid_fields(self.body):  # each bad box says what it allows meanwhile
            self.update()
        self.tools.refresh()

    def _refuse(self, key: str, **fields: object) -> InvalidState:
        return InvalidState(LABELS.message(key, **fields))

    def setup(self) -> tuple[Hunter, Opponent, Situation, int, CardTable, int | None]:
        """The current inputs as engine objects; a number outside the rules is refused (never
        clipped to the nearest allowed value)."""
        p = HUNTERS[self.hunter.value]
        health, bites = self.health.value, self.bites.value
        if not 1 <= health <= p.max_health:
            raise self._refuse("bad_health", name=p.name, max=p.max_health, value=health)
        if not 0 <= bites < p.bite_slots:
            raise self._refuse(
                "bad_bites", name=p.name, slots=p.bite_slots, max=p.bite_slots - 1, value=bites
            )
        if self.opponent.value != "agent" and not 1 <= self.blood.value <= MAX_BLOOD:
            raise self._refuse("bad_blood", max=MAX_BLOOD, value=self.blood.value)
        h = hunter(
            self.hunter.value,
            health=self.health.value,
            bites=self.bites.value,
            items=tuple(self.items.value),
        )
        kind = self.opponent.value
        if kind == "agent":
            opp = Opponent.agent(tuple(self.weapons.value), minion=self.minion.value)
        else:
            opp = Opponent.dracula(night=kind == "dracula-night")
        sit = Situation(
            trap=self.trap.value,
            advance_planning=self.advance.value,
            castle_dracula=self.castle.value,
            eastern_europe=self.eastern.value,
            garlic=self.garlic.value,
            dodge_in_round_one=self.dodge1.value,
            sister_agatha=self.agatha.value,
        )
        table = parse_overrides(
            self.overrides.value, parse_initiatives(self.initiative.value, default_table())
        )
        assume = int(self.assume.value) if self.assume.value else None
        return h, opp, sit, self.blood.value, table, assume

    def _hunter_policy(self, h: Hunter) -> str:
        """The hunter's policy as ``combat_odds_cached`` takes it (the 'always' card held)."""
        kind = self.hunter_policy.value
        if kind != "always":
            return str(kind)
        card = self.always.value
        if card not in HUNTER_BASICS and card not in h.combat_items:
            raise InvalidState(
                msg(
                    "{name} does not hold {card}, so he cannot always play it; his cards: {held}",
                    name=h.name,
                    card=card_name(card),
                    held=card_names((*HUNTER_BASICS, *h.combat_items)),
                )
            )
        return f"always:{card}"

    # -- computing ----------------------------------------------------------------------------
    def update(self) -> None:
        import time

        self.odds = None
        self.game = None
        self.plan = None
        self.group = None
        self._group_problem = None
        self._goal_row.layout.display = "" if self.hunter_policy.value == "goal" else "none"
        self._always_row.layout.display = "" if self.hunter_policy.value == "always" else "none"
        h, opp, sit, blood, table, assume = self.setup()
        self.table = table
        cards = tuple(dict.fromkeys((*HUNTER_BASICS, *h.combat_items))) + opp.deck()
        self.missing = table.missing_initiatives(cards)
        self.current_setup = Setup(h, opp, sit, blood, table, assume)
        if self.judge_state is None or self._judge_key != (h, opp, sit, blood):
            self.restart_judge()
        if self.missing and assume is None:
            self.render()
            return
        start = time.perf_counter()
        try:
            self.game = round_game_cached(h, opp, sit, blood, table, assume)
            if self.hunter_policy.value == "goal":
                self.plan = goal_plan_cached(
                    h, opp, sit, blood, table, self.goal.value, self.enemy_policy.value, assume
                )
                self.odds = self.plan.odds
            else:
                self.odds = combat_odds_cached(
                    h,
                    opp,
                    sit,
                    blood,
                    table,
                    self._hunter_policy(h),
                    self.enemy_policy.value,
                    assume,
                )
            self._update_group(self.current_setup)
        finally:
            self.compute_seconds = time.perf_counter() - start
            self.render()

    def _update_group(self, setup: Setup) -> None:
        """Group odds when companions are chosen; a refusal is shown in the group's own block."""
        if not self.companions.value:
            return
        try:
            group = self.read_group(setup)
            self._check_group_size(group)
            self.group = group_odds_cached(group)
        except InvalidState as problem:
            self._group_problem = problem

    def _check_group_size(self, group: GroupSetup) -> None:
        """Refuse at once, before solving, a group whose estimated states are more than the page
        solves in about 3 s (``GROUP_ESTIMATE_LIMITS``), saying what to change."""
        kind = str(self.opponent.value)
        target = group.target
        limit = GROUP_ESTIMATE_LIMITS[(kind, target)]
        estimate = group_estimate_cached(group, limit)
        if estimate <= limit:
            return
        raise InvalidState(
            LABELS.message(
                "group_too_big",
                estimate=grouped_number(estimate),
                limit=grouped_number(limit),
                opponent=LABELS.message(kind),
                target_name=LABELS.message(f"target_{target}"),
                blood=LABELS.message("group_too_big_blood") if group.opponent.is_dracula else "",
                target=LABELS.message("group_too_big_target") if target != "uniform" else "",
            )
        )

    # -- the ruling as text --------------------------------------------------------------------
    def ruling_text(self) -> str:
        """The open tab's ruling as plain text: the setup, the result, the numbered steps.

        The round resolver's tab gives the rounds resolved so far; the other tabs give the
        whole-combat odds, and the group's with companions chosen. ``""`` while an input is
        wrong or the odds are not computed.
        """
        setup = self.current_setup
        if invalid_fields(self.body) or setup is None or self.banner.visible:
            return ""
        judge = self.tabs.selected_index == 1
        situation = labelled_lines(self._situation_rows(judge), self.lang)
        if judge:
            state = self.judge_state
            if state is None:
                return ""
            return judge_ruling(situation, state, self._judge_steps, self.t, self.lang)
        if self.odds is None:
            return ""
        return odds_ruling(situation, self.odds, self.t, self.lang, self.group, self._group_problem)

    def _situation_rows(self, judge: bool) -> list[tuple[str, Any]]:
        """The shown inputs with their labels, as the ruling lists them: the resolver's own
        rounds are its steps, so the choices of the odds do not apply to it."""
        odds_only = (
            self.hunter_policy,
            self.goal,
            self.always,
            self.enemy_policy,
            self.companions,
            self.companion_items,
            self.target,
            self.group_tie,
            self.group_dodge,
            self.assume,
        )
        agent = self.opponent.value == "agent"
        rows = []
        for lab, w in self._row_labels:
            if w.layout.display == "none":
                continue
            if judge and any(w is x for x in odds_only):
                continue
            agent_only = any(w is x for x in (self.weapons, self.minion))
            if (w is self.blood and agent) or (agent_only and not agent):
                continue
            if w is self.goal and self.hunter_policy.value != "goal":
                continue
            if w is self.always and self.hunter_policy.value != "always":
                continue
            rows.append((lab.value.removesuffix(" ⓘ"), w))
        return rows

    # -- rendering ----------------------------------------------------------------------------
    def render(self) -> None:
        setup = self.current_setup
        if setup is None:
            return
        opp, blood, assume = setup.opponent, setup.blood, setup.assume
        self.refresh_valour()
        if self.missing and assume is None:
            self.prompt.value = need_initiative_html(self._missing_names(), self.t)
            for w in (
                self.summary,
                self.round_table,
                self.blood_track,
                self.card_mix,
                self.plan_view,
                self.group_view,
            ):
                w.value = ""
            self.chart.show([])
            self.trace.clear()
            self.group_trace.clear()
            return
        self.prompt.value = assumption_html(assume, self._missing_names(), self.t)
        self.round_table.value = table_html(setup, self.t, self.lang)
        odds = self.odds
        if odds is None:
            for w in (
                self.summary,
                self.blood_track,
                self.card_mix,
                self.plan_view,
                self.group_view,
            ):
                w.value = ""
            self.chart.show([])
            self.trace.clear()
            self.group_trace.clear()
            return
        self.summary.value = summary_html(odds, self.compute_seconds, self.t, self.lang)
        bars = [Bar(self.t(k), p, OUTCOME_COLORS[k]) for k, p in odds.outcomes.items()]
        self.chart.show(bars, title=self.t("outcomes"), y_label=self.t("probability"))
        if opp.is_dracula:
            self.blood_track.value = blood_track_svg(blood, odds.blood, self.t("track"))
        else:
            self.blood_track.value = ""
        self.card_mix.value = mix_html(self.game, self.t, self.lang)
        self.plan_view.value = self._plan_html()
        self.group_view.value = group_html(self.group, self._group_problem, self.t, self.lang)
        self.trace.show(odds.steps, self.lang)
        if self.group is None:
            self.group_trace.clear()
        else:  # the group's own choices and readings, as its engine states them
            self.group_trace.show(self.group.steps, self.lang)

    def _missing_names(self) -> str:
        """The cards without an initiative number, named in the page's language."""
        return render_param(card_names(self.missing), self.lang)

    def _plan_html(self) -> str:
        """What the hunter's policy is when it is a goal's plan or a fixed card."""
        kind = self.hunter_policy.value
        if kind == "always":
            return always_html(self.always.value, self.t, self.lang)
        if kind != "goal" or self.plan is None:
            return ""
        return plan_html(self.plan, self.t, self.lang)

    # -- round resolver -----------------------------------------------------------------------
    def restart_judge(self) -> None:
        assert self.current_setup is not None  # update() sets it before it restarts
        h, opp, sit, blood, _table, _assume = self.current_setup
        self.judge_state, steps = start_combat(h, opp, sit, blood=blood)
        self._judge_key = (h, opp, sit, blood)
        self._judge_steps = list(steps)
        self.last_report = None
        self._render_judge()

    def judge_round(
        self,
        hunter_card: str,
        enemy_card: str,
        hunter_die: int,
        enemy_die: int,
        hunter_die2: int | None = None,
    ) -> RoundReport | None:
        """Resolve one round in the resolver tab (as a judge would)."""
        resolver = self.resolver
        resolver.reveal()
        second = resolver.hunter_die2.value if hunter_die2 is None else hunter_die2
        resolver.set_round(RoundPlay(hunter_card, enemy_card, hunter_die, second, enemy_die))
        self.run(self.resolve_judged_round)
        return self.last_report

    def resolve_judged_round(self) -> None:
        """Resolve the round the resolver's tab shows (its Resolve button)."""
        if self.judge_state is None or invalid_fields(self.body):
            return  # a die box that is not 1-6 says so beside itself
        assert self.current_setup is not None  # a judge state comes with its setup
        h, opp = self.current_setup.hunter, self.current_setup.opponent
        play = self.resolver.read()
        roll: int | tuple[int, int] = play.hunter_die
        if h.godalming and not opp.is_dracula:
            roll = (play.hunter_die, play.hunter_die2)
        rep = resolve_round(
            self.judge_state,
            play.hunter_card,
            play.enemy_card,
            roll,
            play.enemy_die,
            table=self.table,
        )
        self.last_report = rep
        self.judge_state = rep.state
        self._judge_steps.extend(rep.steps)
        self._render_judge()

    def _render_judge(self) -> None:
        """Draw the round resolver's tab from the combat's state (once the tab is built)."""
        s = self.judge_state
        if s is None or not self.judge_built:
            return  # the resolver's tab is drawn from the state when it is first shown
        hc = hunter_options(s, table=self.table) if s.ended is None else ()
        ec = enemy_options(s) if s.ended is None else ()
        self.resolver.show(ShownCombat(s, tuple(self._judge_steps), tuple(hc), tuple(ec)))
        if "tools" in self.__dict__:
            self.tools.refresh()

    def _on_tab(self, change: dict[str, Any]) -> None:
        if change["new"] == 1:
            self.show_judge()
        elif change["new"] == 2:
            self.valour.reveal()
        self.tools.refresh()

    def show_judge(self) -> None:
        """Draw the round resolver's trace (done when its tab is first opened or used)."""
        self.resolver.reveal()
