"""VTES table page's torpor tab: leave torpor, rescue, diablerie and the blood hunt."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.inputs import check_box
from calculators.kit.layout import columns
from calculators.kit.markup import heading, table
from calculators.kit.part import PartContext
from calculators.pages.vtes_table.labels import ACTIONS, BLOCKERS
from calculators.pages.vtes_table.tab import MAX_CAPACITY, MAX_VOTES, TABLE_INPUTS, TableTab
from rules.trace import Step
from rules.vtes.models import Ally, MinionState, Vampire
from rules.vtes.torpor import (
    BloodHuntResult,
    DiablerieResult,
    blood_hunt,
    commit_diablerie,
    leave_torpor,
    rescue,
)


class TorporTab(TableTab):
    """Leave torpor, rescue and the diablerie action, with the blood hunt that follows."""

    key = "torpor"

    def _blood_and_state(self, minion: Any) -> str:
        """``'3 (ready)'`` / ``'3 (готов)'``: blood after the action and the minion's state."""
        return f"{minion.blood} ({self.t('state_' + minion.state.value)})"

    def __init__(self, context: PartContext) -> None:
        super().__init__(context)
        self.result: Any = None
        self.hunt: BloodHuntResult | None = None
        self.action = widgets.ToggleButtons(options=[(a, a) for a in ACTIONS], value="leave")
        self.action.add_class("vtes-action")
        self.actor_kind = widgets.ToggleButtons(
            options=[("vampire", "vampire"), ("ally", "ally")], value="vampire"
        )
        self.actor_kind.add_class("vtes-actor-kind")
        self.actor_name = TABLE_INPUTS.text_box("Lucinde", "vtes-actor-name")
        self.actor_capacity = TABLE_INPUTS.int_box(
            context, 6, 1, MAX_CAPACITY, "vtes-actor-capacity"
        )
        self.actor_blood = TABLE_INPUTS.int_box(context, 3, 0, MAX_CAPACITY, "vtes-actor-blood")
        self.target_name = TABLE_INPUTS.text_box("Anson", "vtes-target-name")
        self.target_capacity = TABLE_INPUTS.int_box(
            context, 8, 1, MAX_CAPACITY, "vtes-target-capacity"
        )
        self.target_blood = TABLE_INPUTS.int_box(context, 2, 0, MAX_CAPACITY, "vtes-target-blood")
        self.same_controller = check_box(True, "vtes-same-controller")
        self.rescuer_share = TABLE_INPUTS.int_box(context, 1, 0, 2, "vtes-rescuer-share")
        self.blocked = widgets.Dropdown(
            options=[(b, b) for b in BLOCKERS], value="none", style=TABLE_INPUTS.style
        )
        self.blocked.add_class("vtes-blocked")
        self.blocker_name = TABLE_INPUTS.text_box("Gratiano", "vtes-blocker-name")
        self.blocker_capacity = TABLE_INPUTS.int_box(
            context, 5, 1, MAX_CAPACITY, "vtes-blocker-capacity"
        )
        self.blocker_blood = TABLE_INPUTS.int_box(context, 2, 0, MAX_CAPACITY, "vtes-blocker-blood")
        self.blocker_diablerizes = check_box(False, "vtes-blocker-diablerizes")
        self.equipment = TABLE_INPUTS.text_box("", "vtes-equipment")
        self.take_equipment = check_box(True, "vtes-take-equipment")
        self.take_discipline = check_box(False, "vtes-take-discipline")
        self.blood_cursed = check_box(False, "vtes-blood-cursed")
        self.votes_for = TABLE_INPUTS.int_box(context, 0, 0, MAX_VOTES, "vtes-votes-for")
        self.votes_against = TABLE_INPUTS.int_box(context, 0, 0, MAX_VOTES, "vtes-votes-against")

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
