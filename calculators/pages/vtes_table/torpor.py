"""VTES table page's torpor tab: leave torpor, rescue, diablerie and the blood hunt."""

from __future__ import annotations

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.inputs import check_box
from calculators.kit.layout import columns
from calculators.kit.markup import heading
from calculators.kit.part import PartContext
from calculators.pages.vtes_table.inputs import TorporInputs, TorporRuling
from calculators.pages.vtes_table.labels import ACTIONS, BLOCKERS
from calculators.pages.vtes_table.tab import MAX_CAPACITY, MAX_VOTES, TABLE_INPUTS, TableTab
from calculators.pages.vtes_table.view import torpor_html, torpor_summary
from rules.vtes.models import Ally, MinionState, Vampire
from rules.vtes.torpor import (
    BloodHuntResult,
    DiablerieActionResult,
    LeaveTorporResult,
    RescueResult,
    blood_hunt,
    commit_diablerie,
    leave_torpor,
    rescue,
)


class TorporTab(TableTab[TorporInputs, TorporRuling]):
    """Leave torpor, rescue and the diablerie action, with the blood hunt that follows."""

    key = "torpor"

    def __init__(self, context: PartContext) -> None:
        super().__init__(context, resolve_torpor)
        self.ruling: TorporRuling | None = None
        self.result: LeaveTorporResult | RescueResult | DiablerieActionResult | None = None
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
    def arrange(self) -> None:
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

    # -- the part contract ----------------------------------------------------------------
    def read(self) -> TorporInputs:
        """The action as rules objects: only the minions it involves are built (and checked)."""
        action = self.action.value
        blocked = self.blocked.value
        actor: Vampire | Ally
        target: Vampire | None = None
        blocker: Vampire | Ally | None = None
        if action == "leave":
            actor = Vampire(
                self.actor_name.value,
                capacity=self.actor_capacity.value,
                blood=self.actor_blood.value,
                state=MinionState.TORPOR,
            )
            if blocked == "vampire":
                blocker = Vampire(
                    self.blocker_name.value,
                    capacity=self.blocker_capacity.value,
                    blood=self.blocker_blood.value,
                )
            elif blocked == "ally":
                blocker = Ally(self.t("ally"), life=1)
        else:
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
        return TorporInputs(
            action=action,
            actor=actor,
            target=target,
            blocked=blocked,
            blocker=blocker,
            blocker_diablerizes=self.blocker_diablerizes.value,
            same_controller=self.same_controller.value,
            rescuer_share=self.rescuer_share.value,
            equipment=tuple(e.strip() for e in self.equipment.value.split(",") if e.strip()),
            take_equipment=self.take_equipment.value,
            take_discipline=self.take_discipline.value,
            blood_cursed=self.blood_cursed.value,
            votes_for=self.votes_for.value,
            votes_against=self.votes_against.value,
        )

    def show(self, ruling: TorporRuling) -> None:
        self.ruling = ruling
        self.result = ruling.result
        self.hunt = ruling.hunt
        t = self.t
        self.display(torpor_summary(ruling, t), torpor_html(ruling, t), ruling.steps)

    def clear(self) -> None:
        self.ruling = None
        self.result = None
        self.hunt = None
        super().clear()

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
        self.arrange()


def resolve_torpor(inputs: TorporInputs) -> TorporRuling:
    """The torpor tab's engine call: the action, then the blood hunt after a diablerie."""
    blocked = inputs.blocked != "none"
    result: LeaveTorporResult | RescueResult | DiablerieActionResult
    if inputs.action == "leave":
        if not isinstance(inputs.actor, Vampire):  # read() makes the vampire in torpor
            raise TypeError("only a vampire leaves torpor")
        result = leave_torpor(
            inputs.actor,
            blocker=inputs.blocker,
            diablerize=inputs.blocked == "vampire" and inputs.blocker_diablerizes,
            equipment=inputs.equipment,
            take=inputs.take,
            take_discipline=inputs.take_discipline,
            blocker_blood_cursed=inputs.blood_cursed,
        )
    elif inputs.target is None:  # read() gives a rescue or a diablerie its vampire in torpor
        raise TypeError("a rescue or a diablerie needs a vampire in torpor")
    elif inputs.action == "rescue":
        result = rescue(
            inputs.actor,
            inputs.target,
            rescuer_pays=inputs.rescuer_share,
            same_controller=inputs.same_controller,
            blocked=blocked,
        )
    else:
        result = commit_diablerie(
            inputs.actor,
            inputs.target,
            same_controller=inputs.same_controller,
            blocked=blocked,
            equipment=inputs.equipment,
            take=inputs.take,
            take_discipline=inputs.take_discipline,
            blood_cursed=inputs.blood_cursed,
        )
    ruling = TorporRuling(inputs, result, None)
    d = ruling.diablerie
    if d is None:
        return ruling
    hunt = blood_hunt(d.diablerist, votes_for=inputs.votes_for, votes_against=inputs.votes_against)
    return TorporRuling(inputs, result, hunt)
