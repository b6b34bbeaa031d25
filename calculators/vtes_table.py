"""VTES table rules page: torpor and diablerie, the influence phase, victory points, contests.

One tab per topic; every tab recomputes as its inputs change and shows the engine's
steps. Drive it without a browser::

    app = VtesTableCalculator()
    app.influence.load_nora()
    app.influence.summary_text     # 'Pool 2 -> 1; transfers used 4 of 4; ...'
    app.select_tab("victory")
    app.victory.events.value = "Steve\\nJustin\\nRichard"
    app.victory.score              # rules.vtes.victory.Score
    app.banner.message             # what is wrong with the active tab's input, if anything
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from calculators.kit import (
    CalculatorApp,
    Field,
    columns,
    widget_fields,
)
from calculators.kit.closing import close_trees
from calculators.kit.fmt import escape
from calculators.kit.markup import heading, table
from calculators.kit.tools import PageTools, input_lines, ruling_text
from calculators.vtes_table_controls import (
    _WIDE,
    MAX_CAPACITY,
    MAX_POOL,
    MAX_TURN,
    MAX_VOTES,
    _area,
    _check,
    _int_box,
    _Tab,
    _text_box,
    _vp,
)
from calculators.vtes_table_labels import ACTIONS, BLOCKERS, INFLUENCE_RULEBOOKS, LABELS, TABS
from rules.errors import InvalidState, RuleError
from rules.trace import Step
from rules.vtes.contested import ContestUpkeep, untap_contests
from rules.vtes.influence import InfluencePlan, Move, plan_influence
from rules.vtes.influence import transfers_for_turn as _transfers_for_turn
from rules.vtes.models import Ally, MinionState, Vampire
from rules.vtes.table_examples import (
    NORA_MOVES,
    NORA_POOL,
    NORA_REFUSED_MOVES,
    NORA_UNCONTROLLED,
    RICHARD_EVENTS,
    RICHARD_SEATING,
    examples_text,
)
from rules.vtes.table_text import (
    format_events,
    format_moves,
    format_uncontrolled,
    parse_cards,
    parse_clan_counts,
    parse_events,
    parse_moves,
    parse_titles,
    parse_uncontrolled,
)
from rules.vtes.torpor import (
    BloodHuntResult,
    DiablerieResult,
    blood_hunt,
    commit_diablerie,
    leave_torpor,
    rescue,
)
from rules.vtes.victory import Score, score_game

__all__ = [
    "TABS",
    "VtesTableCalculator",
    "seed_example_lines",
]


def seed_example_lines() -> list[str]:
    """Nora's influence phase and the Richard/Steve/Justin/Lisa score, from the engines."""
    return examples_text().splitlines()


# --------------------------------------------------------------------------- shared bits


class TorporTab(_Tab):
    """Leave torpor, rescue and the diablerie action, with the blood hunt that follows."""

    key = "torpor"

    def _blood_and_state(self, minion: Any) -> str:
        """``'3 (ready)'`` / ``'3 (готов)'``: blood after the action and the minion's state."""
        return f"{minion.blood} ({self.t('state_' + minion.state.value)})"

    def __init__(self, app: VtesTableCalculator) -> None:
        super().__init__(app)
        self.result: Any = None
        self.hunt: BloodHuntResult | None = None
        self.action = widgets.ToggleButtons(options=[(a, a) for a in ACTIONS], value="leave")
        self.action.add_class("vtes-action")
        self.actor_kind = widgets.ToggleButtons(
            options=[("vampire", "vampire"), ("ally", "ally")], value="vampire"
        )
        self.actor_kind.add_class("vtes-actor-kind")
        self.actor_name = _text_box("Lucinde", "vtes-actor-name")
        self.actor_capacity = _int_box(app, 6, "vtes-actor-capacity", 1, MAX_CAPACITY)
        self.actor_blood = _int_box(app, 3, "vtes-actor-blood", 0, MAX_CAPACITY)
        self.target_name = _text_box("Anson", "vtes-target-name")
        self.target_capacity = _int_box(app, 8, "vtes-target-capacity", 1, MAX_CAPACITY)
        self.target_blood = _int_box(app, 2, "vtes-target-blood", 0, MAX_CAPACITY)
        self.same_controller = _check(True, "vtes-same-controller")
        self.rescuer_share = _int_box(app, 1, "vtes-rescuer-share", 0, 2)
        self.blocked = widgets.Dropdown(
            options=[(b, b) for b in BLOCKERS], value="none", style=_WIDE
        )
        self.blocked.add_class("vtes-blocked")
        self.blocker_name = _text_box("Gratiano", "vtes-blocker-name")
        self.blocker_capacity = _int_box(app, 5, "vtes-blocker-capacity", 1, MAX_CAPACITY)
        self.blocker_blood = _int_box(app, 2, "vtes-blocker-blood", 0, MAX_CAPACITY)
        self.blocker_diablerizes = _check(False, "vtes-blocker-diablerizes")
        self.equipment = _text_box("", "vtes-equipment")
        self.take_equipment = _check(True, "vtes-take-equipment")
        self.take_discipline = _check(False, "vtes-take-discipline")
        self.blood_cursed = _check(False, "vtes-blood-cursed")
        self.votes_for = _int_box(app, 0, "vtes-votes-for", 0, MAX_VOTES)
        self.votes_against = _int_box(app, 0, "vtes-votes-against", 0, MAX_VOTES)

        self._action_label = widgets.Label()
        self._kind_label = widgets.Label()
        self._actor_title = widgets.HTML()
        self._target_title = widgets.HTML()
        self._blocker_title = widgets.HTML()
        self._hunt_title = widgets.HTML()
        self._share_help = widgets.HTML()
        self._kind_row = widgets.HBox([self._kind_label, self.actor_kind])
        self._target_box = widgets.VBox(
            [self._target_title, self.target_name, self.target_capacity, self.target_blood,
             self.same_controller]
        )  # fmt: skip
        self._share_box = widgets.VBox([self.rescuer_share, self._share_help])
        self._blocker_box = widgets.VBox(
            [self._blocker_title, self.blocker_name, self.blocker_capacity, self.blocker_blood,
             self.blocker_diablerizes]
        )  # fmt: skip
        self._diablerie_box = widgets.VBox(
            [self.equipment, self.take_equipment, self.take_discipline, self.blood_cursed,
             self._hunt_title, self.votes_for, self.votes_against]
        )  # fmt: skip
        inputs = widgets.VBox(
            [
                widgets.HBox([self._action_label, self.action]),
                self._actor_title,
                self._kind_row,
                self.actor_name,
                self.actor_capacity,
                self.actor_blood,
                self._target_box,
                self._share_box,
                self.blocked,
                self._blocker_box,
                self._diablerie_box,
            ],
            layout=widgets.Layout(min_width="360px"),
        )
        outputs = widgets.VBox(
            [self.panel.widget, self.trace_view.widget],
            layout=widgets.Layout(flex="1 1 auto", padding="0 0 0 16px"),
        )
        self.widget.children = [columns(inputs, outputs)]
        self.watch(
            self.action, self.actor_kind, self.actor_name, self.actor_capacity, self.actor_blood,
            self.target_name, self.target_capacity, self.target_blood, self.same_controller,
            self.rescuer_share, self.blocked, self.blocker_name, self.blocker_capacity,
            self.blocker_blood, self.blocker_diablerizes, self.equipment, self.take_equipment,
            self.take_discipline, self.blood_cursed, self.votes_for, self.votes_against,
        )  # fmt: skip

    # which inputs apply
    def _layout(self) -> None:
        action = self.action.value
        leave = action == "leave"
        show = {True: None, False: "none"}
        self._kind_row.layout.display = show[not leave]
        ally = self.actor_kind.value == "ally" and not leave
        self.actor_capacity.layout.display = show[not ally]
        self.actor_blood.description = self.t("blood")
        self._target_box.layout.display = show[not leave]
        self._share_box.layout.display = show[action == "rescue"]
        vampire_blocks = leave and self.blocked.value == "vampire"
        self._blocker_box.layout.display = show[vampire_blocks]
        diablerie_possible = (action == "diablerie" and self.blocked.value == "none") or (
            vampire_blocks and self.blocker_diablerizes.value
        )
        self._diablerie_box.layout.display = show[diablerie_possible]
        self._actor_title.value = heading(self.t("actor_torpor" if leave else "actor"))

    def _equipment(self) -> tuple[str, ...]:
        return tuple(e.strip() for e in self.equipment.value.split(",") if e.strip())

    def _take(self) -> tuple[str, ...] | None:
        return None if self.take_equipment.value else ()

    def compute(self) -> None:
        self._layout()
        self.hunt = None
        action = self.action.value
        blocked = self.blocked.value
        lines: list[str] = []
        rows: list[tuple[str, str, str]] = []
        steps: list[Step] = []
        d: DiablerieResult | None = None
        if action == "leave":
            vampire = Vampire(
                self.actor_name.value,
                capacity=self.actor_capacity.value,
                blood=self.actor_blood.value,
                state=MinionState.TORPOR,
            )
            blocker: Vampire | Ally | None = None
            if blocked == "vampire":
                blocker = Vampire(
                    self.blocker_name.value,
                    capacity=self.blocker_capacity.value,
                    blood=self.blocker_blood.value,
                )
            elif blocked == "ally":
                blocker = Ally(self.t("ally"), life=1)
            r = leave_torpor(
                vampire,
                blocker=blocker,
                diablerize=blocked == "vampire" and self.blocker_diablerizes.value,
                equipment=self._equipment(),
                take=self._take(),
                take_discipline=self.take_discipline.value,
                blocker_blood_cursed=self.blood_cursed.value,
            )
            self.result = r
            steps.extend(r.steps)
            name = vampire.name
            if r.outcome == "left torpor":
                lines.append(self.t("o_left").format(name=name, blood=r.vampire.blood))
            elif r.outcome == "failed":
                lines.append(self.t("o_failed").format(name=name))
            else:
                lines.append(
                    self.t("o_diablerized").format(name=name, blocker=self.blocker_name.value)
                )
                d = r.diablerie
            rows.append((name, f"{vampire.blood}", self._blood_and_state(r.vampire)))
            stealth_text = f"{self.t('stealth')} +{r.stealth}"
        else:
            actor: Vampire | Ally
            if self.actor_kind.value == "ally":
                actor = Ally(self.actor_name.value, life=max(self.actor_blood.value, 0))
            else:
                actor = Vampire(
                    self.actor_name.value,
                    capacity=self.actor_capacity.value,
                    blood=self.actor_blood.value,
                )
            target = Vampire(
                self.target_name.value,
                capacity=self.target_capacity.value,
                blood=self.target_blood.value,
                state=MinionState.TORPOR,
            )
            names = {"actor": actor.name, "target": target.name}
            if action == "rescue":
                rr = rescue(
                    actor,
                    target,
                    rescuer_pays=self.rescuer_share.value,
                    same_controller=self.same_controller.value,
                    blocked=blocked != "none",
                )
                self.result = rr
                steps.extend(rr.steps)
                if rr.outcome == "rescued":
                    lines.append(
                        self.t("o_rescued").format(a=rr.rescuer_paid, b=rr.rescued_paid, **names)
                    )
                else:
                    lines.append(self.t("o_blocked_combat").format(**names))
                rows.append((rr.rescuer.name, f"{actor_blood(actor)}", f"{rr.rescuer.blood}"))
                rows.append(
                    (
                        target.name,
                        f"{target.blood}",
                        self._blood_and_state(rr.rescued),
                    )
                )
                stealth, directed = rr.stealth, rr.directed
            else:
                dr = commit_diablerie(
                    actor,
                    target,
                    same_controller=self.same_controller.value,
                    blocked=blocked != "none",
                    equipment=self._equipment(),
                    take=self._take(),
                    take_discipline=self.take_discipline.value,
                    blood_cursed=self.blood_cursed.value,
                )
                self.result = dr
                steps.extend(dr.steps)
                if dr.outcome == "blocked":
                    lines.append(self.t("o_blocked_combat").format(**names))
                    rows.append((actor.name, f"{actor_blood(actor)}", f"{actor_blood(actor)}"))
                    rows.append((target.name, f"{target.blood}", f"{target.blood} (torpor)"))
                else:
                    lines.append(self.t("o_diablerie").format(**names))
                    d = dr.diablerie
                stealth, directed = dr.stealth, dr.directed
            sign = f"+{stealth}" if stealth else "0"
            stealth_text = (
                f"{self.t('stealth')} {sign}, {self.t('directed' if directed else 'undirected')}"
            )
        if d is not None:
            lines.append(
                self.t("d_effects").format(
                    diablerist=d.diablerist.name,
                    blood=d.diablerist.blood,
                    capacity=d.diablerist.capacity,
                    drained=d.blood_drained,
                    victim=d.victim.name,
                )
            )
            lines.append(self.t("d_discipline_yes" if d.discipline_allowed else "d_discipline_no"))
            hunt = blood_hunt(
                d.diablerist,
                votes_for=self.votes_for.value,
                votes_against=self.votes_against.value,
            )
            self.hunt = hunt
            steps.extend(hunt.steps)
            key = "hunt_passed" if hunt.passed else "hunt_failed"
            lines.append(self.t(key).format(name=d.diablerist.name))
            if action != "diablerie":
                rows.append(
                    (
                        d.diablerist.name,
                        f"{self.blocker_blood.value}",
                        self._blood_and_state(hunt.diablerist),
                    )
                )
            else:
                rows.insert(
                    0,
                    (
                        d.diablerist.name,
                        f"{self.actor_blood.value}",
                        self._blood_and_state(hunt.diablerist),
                    ),
                )
                burned = "0 (" + self.t("state_burned") + ")"
                rows.append((d.victim.name, f"{self.target_blood.value}", burned))
        body = f"<p>{escape(stealth_text)}</p>" + "".join(
            f"<p>{escape(line)}</p>" for line in lines[1:]
        )
        body += table(
            (self.t("name"), self.t("blood"), "→"), rows, css_class="calc-table vtes-torpor-table"
        )
        self.show(lines[0], body, steps)

    def relabel(self) -> None:
        self._action_label.value = self.t("action")
        self._kind_label.value = self.t("kind")
        self._relabel_options(self.action, ACTIONS)
        self._relabel_options(self.actor_kind, ("vampire", "ally"))
        self._relabel_options(self.blocked, BLOCKERS)
        self._target_title.value = heading(self.t("target"))
        self._blocker_title.value = heading(self.t("blocker"))
        self._hunt_title.value = heading(self.t("hunt"))
        self._share_help.value = f"<small>{escape(self.t('rescuer_share_help'))}</small>"
        for control, key in (
            (self.actor_name, "name"),
            (self.actor_capacity, "capacity"),
            (self.actor_blood, "blood"),
            (self.target_name, "name"),
            (self.target_capacity, "capacity"),
            (self.target_blood, "blood"),
            (self.rescuer_share, "rescuer_share"),
            (self.blocked, "blocked"),
            (self.blocker_name, "name"),
            (self.blocker_capacity, "capacity"),
            (self.blocker_blood, "blood"),
            (self.equipment, "equipment"),
            (self.votes_for, "votes_for"),
            (self.votes_against, "votes_against"),
        ):
            control.description = self.t(key)
        self.equipment.placeholder = self.t("equipment_help")
        for control, key in (
            (self.same_controller, "same_controller"),
            (self.blocker_diablerizes, "blocker_diablerizes"),
            (self.take_equipment, "take_equipment"),
            (self.take_discipline, "take_discipline"),
            (self.blood_cursed, "blood_cursed"),
        ):
            control.description = self.t(key)
        self._layout()


def actor_blood(actor: Vampire | Ally) -> int:
    return actor.blood if isinstance(actor, Vampire) else actor.life


# --------------------------------------------------------------------------- influence tab


class InfluenceTab(_Tab):
    """Plan an influence phase: transfers, pool, uncontrolled vampires, scarce costs."""

    key = "influence"

    def __init__(self, app: VtesTableCalculator) -> None:
        super().__init__(app)
        self.plan: InfluencePlan | None = None
        self.pool = _int_box(app, NORA_POOL, "vtes-pool", 0, MAX_POOL)
        self.game_turn = _int_box(app, 4, "vtes-game-turn", 1, MAX_TURN)
        self._transfers_note = widgets.HTML()
        self._transfers_note.add_class("vtes-transfers")
        self.uncontrolled = _area(format_uncontrolled(NORA_UNCONTROLLED), "vtes-uncontrolled")
        self.crypt = _area("", "vtes-crypt", rows=2)
        self.in_play = _text_box("", "vtes-in-play")
        self.moves = _area(format_moves(NORA_MOVES), "vtes-moves")
        self.rules = widgets.ToggleButtons(
            options=[(r, r) for r in INFLUENCE_RULEBOOKS], value=INFLUENCE_RULEBOOKS[0]
        )
        self.rules.add_class("vtes-influence-rules")
        self._rules_label = widgets.Label()
        self._rules_note = widgets.HTML()
        self._rules_note.add_class("vtes-influence-rulebook")
        self.nora_button = widgets.Button()
        self.nora_button.add_class("vtes-preset-nora")
        self.nora_button.on_click(lambda _b: self.load_nora())
        self.nora_refused_button = widgets.Button()
        self.nora_refused_button.add_class("vtes-preset-nora-refused")
        self.nora_refused_button.on_click(lambda _b: self.load_nora(refused=True))
        self._titles = {k: widgets.HTML() for k in ("uncontrolled", "crypt", "moves")}
        self._helps = {k: widgets.HTML() for k in ("uncontrolled", "crypt", "moves", "in_play")}
        self._presets_title = widgets.HTML()
        inputs = widgets.VBox(
            [
                self._presets_title,
                widgets.HBox([self.nora_button, self.nora_refused_button]),
                widgets.HBox([self._rules_label, self.rules]),
                self._rules_note,
                self.pool,
                self.game_turn,
                self._transfers_note,
                self._titles["uncontrolled"],
                self._helps["uncontrolled"],
                self.uncontrolled,
                self._titles["moves"],
                self._helps["moves"],
                self.moves,
                self._titles["crypt"],
                self._helps["crypt"],
                self.crypt,
                self.in_play,
                self._helps["in_play"],
            ],
            layout=widgets.Layout(min_width="440px"),
        )
        outputs = widgets.VBox(
            [self.panel.widget, self.trace_view.widget],
            layout=widgets.Layout(flex="1 1 auto", padding="0 0 0 16px"),
        )
        self.widget.children = [columns(inputs, outputs)]
        self.watch(
            self.pool,
            self.game_turn,
            self.uncontrolled,
            self.crypt,
            self.in_play,
            self.moves,
            self.rules,
        )

    def load_nora(self, refused: bool = False) -> None:
        """The rulebook's example: the plan Nora uses, or the one that would oust her. Under
        the current rulebook her plan ends by bringing the capacity-10 vampire out."""
        moves = list(NORA_REFUSED_MOVES if refused else NORA_MOVES)
        if self.rules.value == "vekn-2024":
            moves.append(Move.bring_out(NORA_UNCONTROLLED[0].name))
        self.set_values(
            pool=NORA_POOL,
            game_turn=4,
            uncontrolled=format_uncontrolled(NORA_UNCONTROLLED),
            crypt="",
            in_play="",
            moves=format_moves(moves),
        )

    def compute(self) -> None:
        self.plan = None
        transfers = _transfers_for_turn(self.game_turn.value)
        self._transfers_note.value = (
            f"<small>{escape(self.t('transfers_note').format(n=transfers))}</small>"
        )
        rules = self.rules.value
        self._rules_note.value = f"<small>{escape(self.t('rulebook_' + rules))}</small>"
        key = self._counts_key()
        counts = parse_clan_counts(self.in_play.value, LABELS.message(key))
        plan = plan_influence(
            pool=self.pool.value,
            uncontrolled=parse_uncontrolled(self.uncontrolled.value),
            moves=parse_moves(self.moves.value),
            transfers=transfers,
            crypt=parse_uncontrolled(self.crypt.value, "Crypt"),
            rules=rules,
            **{"in_play_by_clan" if rules == "black-hand" else "controlled_by_clan": counts},
        )
        self.plan = plan
        summary = self.t("plan_ok").format(
            before=self.pool.value, after=plan.pool, used=plan.transfers_used, total=transfers
        )
        controlled = table(
            (self.t("name"), self.t("blood"), self.t("drained"), self.t("scarce_cost")),
            (
                (v.name, f"{v.blood}/{v.capacity}", v.drained, v.scarce_cost)
                for v in plan.controlled
            ),
            css_class="calc-table vtes-controlled",
        )
        remaining = table(
            (self.t("name"), self.t("blood")),
            ((u.name, f"{u.blood}/{u.capacity}") for u in plan.uncontrolled),
            css_class="calc-table vtes-still-uncontrolled",
        )
        nobody = f"<p>{escape(self.t('nobody'))}</p>"
        body = (
            f'<p class="vtes-influence-applied">{escape(self.t("rulebook"))}: '
            f"<b>{escape(self.t(rules))}</b></p>"
            + heading(self.t("now_controlled"))
            + (controlled if plan.controlled else nobody)
            + heading(self.t("still_uncontrolled"))
            + (remaining if plan.uncontrolled else nobody)
        )
        self.show(summary, body, plan.steps)

    def relabel(self) -> None:
        self._presets_title.value = f"<b>{escape(self.t('presets'))}</b>"
        self.nora_button.description = self.t("nora")
        self.nora_refused_button.description = self.t("nora_refused")
        self.pool.description = self.t("pool")
        self.game_turn.description = self.t("game_turn")
        self._rules_label.value = self.t("rulebook")
        self.app.relabel_options(self.rules, INFLUENCE_RULEBOOKS)
        for key, title in self._titles.items():
            title.value = heading(self.t(key))
        for key, help_widget in self._helps.items():
            help_widget.value = f"<small>{escape(self.t(key + '_help'))}</small>"
        self._relabel_rulebook()

    def _counts_key(self) -> str:
        """What the clan counts field holds under the chosen rulebook (a catalog key)."""
        return "in_play" if self.rules.value == "black-hand" else "controlled_by_clan"

    def _relabel_rulebook(self) -> None:
        """The texts that depend on the chosen rulebook."""
        key = self._counts_key()
        self.in_play.description = self.t(key)
        self._helps["in_play"].value = f"<small>{escape(self.t(key + '_help'))}</small>"
        self._rules_note.value = f"<small>{escape(self.t('rulebook_' + self.rules.value))}</small>"

    def _changed(self, change: dict[str, Any]) -> None:
        if change.get("owner") is self.rules:
            self._relabel_rulebook()  # the clan counts field means something else now
        super()._changed(change)


# --------------------------------------------------------------------------- victory tab


class VictoryTab(_Tab):
    """Seating, predator and prey, ousting order -> victory points and pool gained."""

    key = "victory"

    def __init__(self, app: VtesTableCalculator) -> None:
        super().__init__(app)
        self.score: Score | None = None
        self.seating = _text_box(", ".join(RICHARD_SEATING), "vtes-seating")
        self.events = _area(format_events(RICHARD_EVENTS), "vtes-events")
        self.withdrawal_vp = widgets.Dropdown(
            options=[("1", "1"), ("1/2", "1/2")], value="1", style=_WIDE
        )
        self.withdrawal_vp.add_class("vtes-withdrawal-vp")
        self.richard_button = widgets.Button()
        self.richard_button.add_class("vtes-preset-richard")
        self.richard_button.on_click(lambda _b: self.load_richard())
        self._presets_title = widgets.HTML()
        self._seating_help = widgets.HTML()
        self._events_title = widgets.HTML()
        self._events_help = widgets.HTML()
        inputs = widgets.VBox(
            [
                self._presets_title,
                self.richard_button,
                self.seating,
                self._seating_help,
                self._events_title,
                self._events_help,
                self.events,
                self.withdrawal_vp,
            ],
            layout=widgets.Layout(min_width="440px"),
        )
        outputs = widgets.VBox(
            [self.panel.widget, self.trace_view.widget],
            layout=widgets.Layout(flex="1 1 auto", padding="0 0 0 16px"),
        )
        self.widget.children = [columns(inputs, outputs)]
        self.watch(self.seating, self.events, self.withdrawal_vp)

    def load_richard(self) -> None:
        self.set_values(
            seating=", ".join(RICHARD_SEATING),
            events=format_events(RICHARD_EVENTS),
            withdrawal_vp="1",
        )

    def compute(self) -> None:
        self.score = None
        seating = tuple(n.strip() for n in self.seating.value.split(",") if n.strip())
        score = score_game(
            seating,
            parse_events(self.events.value),
            withdrawal_vp=Fraction(self.withdrawal_vp.value),
        )
        self.score = score
        if score.winner is not None:
            summary = self.t("winner").format(name=score.winner)
        elif score.tie:
            summary = self.t("tie").format(names=", ".join(score.leaders))
        else:
            summary = self.t("ongoing").format(names=", ".join(score.leaders))
        prey = dict(score.prey)
        rows = (
            (
                p.name,
                _vp(p.victory_points),
                p.pool_gained,
                self.t(p.status),
                prey.get(p.name, "—"),
            )
            for p in score.players
        )
        body = table(
            (
                self.t("player"),
                self.t("vp"),
                self.t("pool_gained"),
                self.t("status"),
                self.t("prey"),
            ),
            rows,
            css_class="calc-table vtes-score",
        )
        self.show(summary, body, score.steps)

    def relabel(self) -> None:
        self._presets_title.value = f"<b>{escape(self.t('presets'))}</b>"
        self.richard_button.description = self.t("richard")
        self.seating.description = self.t("seating")
        self._seating_help.value = f"<small>{escape(self.t('seating_help'))}</small>"
        self._events_title.value = heading(self.t("events"))
        self._events_help.value = f"<small>{escape(self.t('events_help'))}</small>"
        self.withdrawal_vp.description = self.t("withdrawal_vp")
        value = self.withdrawal_vp.value
        with self.app.hold():
            self.withdrawal_vp.options = [
                (self.t("vp_rulebook"), "1"),
                (self.t("vp_tournament"), "1/2"),
            ]
            self.withdrawal_vp.value = value


# --------------------------------------------------------------------------- contests tab


class ContestTab(_Tab):
    """Untap phase contests: 1 pool per contested card, 1 blood per contested title."""

    key = "contests"

    def __init__(self, app: VtesTableCalculator) -> None:
        super().__init__(app)
        self.upkeep: ContestUpkeep | None = None
        self.pool = _int_box(app, 10, "vtes-contest-pool", 0, MAX_POOL)
        self.cards = _area("Elysium: The Arboretum\nArchon Investigation, yield", "vtes-cards")
        self.titles = _area(
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


# --------------------------------------------------------------------------- the page


class VtesTableCalculator(CalculatorApp):
    """Four tabs of VTES table rules: torpor, influence, victory points, contests.

    A tab's widgets are built the first time it is shown (or used from code), which keeps
    the page light to load. Test handles: :attr:`torpor`, :attr:`influence`,
    :attr:`victory`, :attr:`contests` (each with its inputs as attributes, ``summary_text``,
    ``panel``, ``trace_view`` and its engine result), :meth:`select_tab`, ``banner.message``
    (about the active tab).
    """

    labels = LABELS
    title_key = "title"
    url_parameters = ("lang",)

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self._intro = widgets.HTML()
        self._built: dict[str, _Tab] = {}
        self._slots = {key: widgets.VBox() for key in TABS}
        self.tab = widgets.Tab(children=[self._slots[key] for key in TABS])
        self.tab.add_class("vtes-tabs")
        self.body.children = [self._intro, self.tab]
        self.tab_object(TABS[0])
        self.tab.observe(self._on_tab, names="selected_index")
        self.tools = PageTools(self)
        self.ready()

    def reset(self) -> None:
        """Every tab back to its starting values: the tabs are built afresh when shown (the
        old ones are closed)."""
        dropped = [tab.widget for tab in self._built.values()]
        built = tuple(f"{key}_" for key in self._built)
        self.remove_fields(name for name in self.address_names() if name.startswith(built))
        self._built.clear()
        for slot in self._slots.values():
            slot.children = ()
        close_trees(dropped)
        self.tab_object(self.active)
        self.sync_address()

    def ruling_text(self) -> str:
        """The active tab's ruling as plain text ("" while its input is wrong)."""
        tab = self._built.get(self.active)
        if tab is None or not tab.summary_text:
            return ""
        title = f"{self.t('title')}: {self.t(f'tab_{self.active}')}"
        return ruling_text(
            title,
            input_lines(tab.widget, self.lang),
            [tab.summary_text],
            tab.trace_view.steps,
            self.lang,
        )

    # -- tabs, built on first use -------------------------------------------------------
    def tab_object(self, key: str) -> _Tab:
        """The tab ``key`` ("torpor", "influence", "victory", "contests"), built if needed."""
        if key not in TABS:
            raise KeyError(f"unknown tab {key!r}; allowed: {', '.join(TABS)}")
        tab = self._built.get(key)
        if tab is None:
            classes: dict[str, type[_Tab]] = {
                "torpor": TorporTab,
                "influence": InfluenceTab,
                "victory": VictoryTab,
                "contests": ContestTab,
            }
            tab = classes[key](self)
            self._built[key] = tab
            tab.relabel()
            self._slots[key].children = (tab.widget,)
            self.refresh_tab(key)
            self.add_fields(widget_fields(tab, prefix=f"{key}_", depth=0))
        return tab

    @property
    def tabs(self) -> dict[str, _Tab]:
        """Every tab, building those not shown yet."""
        return {key: self.tab_object(key) for key in TABS}

    @property
    def torpor(self) -> TorporTab:
        return self.tab_object("torpor")  # type: ignore[return-value]

    @property
    def influence(self) -> InfluenceTab:
        return self.tab_object("influence")  # type: ignore[return-value]

    @property
    def victory(self) -> VictoryTab:
        return self.tab_object("victory")  # type: ignore[return-value]

    @property
    def contests(self) -> ContestTab:
        return self.tab_object("contests")  # type: ignore[return-value]

    @property
    def active(self) -> str:
        return TABS[self.tab.selected_index or 0]

    def select_tab(self, key: str) -> None:
        if key not in TABS:
            raise KeyError(f"unknown tab {key!r}; allowed: {', '.join(TABS)}")
        self.tab.selected_index = TABS.index(key)
        self.tab_object(key)
        self.refresh_tab(key)

    def _on_tab(self, _change: dict[str, Any]) -> None:
        self.tab_object(self.active)
        self.refresh_tab(self.active)

    def refresh_tab(self, key: str) -> None:
        """Recompute tab ``key``; its errors go to the banner when it is the active tab."""
        tab = self._built.get(key)
        if tab is None:
            return
        if key == self.active:
            self.run(tab.refresh)
            tools = getattr(self, "tools", None)
            if tools is not None:
                tools.refresh()
        else:
            _quietly(tab.refresh)

    # -- page address: the open tab and the inputs of every tab built ---------------------
    def url_fields(self) -> dict[str, Field]:
        return {"tab": Field("tab", lambda: self.active, self._set_tab, self.tab)}

    def _set_tab(self, key: str) -> None:
        if key not in TABS:
            allowed = ", ".join(TABS)
            raise InvalidState(LABELS.message("bad_tab", key=key, allowed=allowed))
        self.select_tab(key)

    def prepare_fields(self, names: Collection[str]) -> None:
        """Build the tabs whose inputs the address names, so that their fields exist."""
        for key in TABS:
            if any(name.startswith(f"{key}_") for name in names):
                self.tab_object(key)

    def relabel(self) -> None:
        self._intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self.tab.titles = tuple(self.t(f"tab_{k}") for k in TABS)
        for key, tab in self._built.items():
            tab.relabel()
            if key != self.active:
                _quietly(tab.refresh)
        active = self._built.get(self.active)
        if active is not None:
            # raises on bad input: the kit's run() around relabel() shows it in the banner
            active.refresh()


def _quietly(fn: Callable[[], None]) -> None:
    with contextlib.suppress(RuleError):
        fn()
