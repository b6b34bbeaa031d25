"""Who may take part in the torpor actions and diablerie (VTES sections 6.5-6.5.6): the
switches a caller sets are checked, the minion acting must be a ready vampire and the one
acted on must be in torpor. Each refusal says which role or action needed what.

:mod:`rules.vtes.torpor` and :mod:`rules.vtes.torpor_diablerie` call these checks before
they resolve anything.
"""

from __future__ import annotations

from typing import Literal

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_p
from rules.validation import flag, members, shown
from rules.vtes.models import Ally, MinionState, Vampire, state_word

__all__ = [
    "Need",
    "Role",
    "check_choices",
    "require_ready",
    "require_torpor",
    "require_vampire",
]

_FLAGS: dict[str, Message] = {
    "same_controller": msg_p("parameter", "same_controller"),
    "blocked": msg_p("parameter", "blocked"),
    "take_discipline": msg_p("parameter", "take_discipline"),
    "blood_cursed": msg_p("parameter", "blood_cursed"),
    "diablerize": msg_p("parameter", "diablerize"),
    "blocker_blood_cursed": msg_p("parameter", "blocker_blood_cursed"),
}
"""The switches of the torpor actions, as their checks name them."""


def check_choices(flags: dict[str, object], equipment: object = (), take: object = None) -> None:
    """The switches are True/False; the equipment and the pieces taken are lists of names."""
    for name, value in flags.items():
        flag(_FLAGS[name], value)
    members(msg_p("parameter", "equipment"), equipment, str)
    if take is not None:
        members(msg_p("parameter", "take"), take, str)


Role = Literal["diablerist", "rescuer", "actor"]
"""Who acts: the diablerist, the rescuer, or the vampire taking the diablerie action."""


def require_vampire(minion: object, role: Role) -> Vampire:
    if isinstance(minion, Ally):
        name = minion.name
        if role == "diablerist":
            said = msg(
                "{name} is an ally and allies cannot commit diablerie; the diablerist must be "
                "a vampire.",
                name=name,
            )
        elif role == "rescuer":
            said = msg(
                "{name} is an ally and allies cannot rescue a vampire from torpor; the rescuer "
                "must be a vampire.",
                name=name,
            )
        else:
            said = msg(
                "{name} is an ally and allies cannot take the diablerie action; the acting "
                "minion must be a vampire.",
                name=name,
            )
        raise IllegalPlay(said)
    if not isinstance(minion, Vampire):
        value = shown(minion)
        if role == "diablerist":
            said = msg("The diablerist must be a Vampire, got {value}.", value=value)
        elif role == "rescuer":
            said = msg("The rescuer must be a Vampire, got {value}.", value=value)
        else:
            said = msg("The acting minion must be a Vampire, got {value}.", value=value)
        raise InvalidState(said)
    return minion


def require_ready(vampire: Vampire, role: Role) -> None:
    if vampire.state is MinionState.READY:
        return
    name, state = vampire.name, state_word(vampire.state)
    if role == "diablerist":
        said = msg(
            "{name} is {state}; only a ready vampire can commit diablerie (the diablerist must "
            "be ready).",
            name=name,
            state=state,
        )
    elif role == "rescuer":
        said = msg(
            "{name} is {state}; only a ready vampire can rescue (the rescuer must be ready).",
            name=name,
            state=state,
        )
    else:
        said = msg(
            "{name} is {state}; only a ready vampire can take the diablerie action (the acting "
            "vampire must be ready).",
            name=name,
            state=state,
        )
    raise IllegalPlay(said)


Need = Literal["diablerie", "leave torpor", "rescue", "the diablerie action"]
"""What needs a vampire in torpor."""


def require_torpor(vampire: Vampire, need: Need) -> None:
    if vampire.state is MinionState.TORPOR:
        return
    name, state = vampire.name, state_word(vampire.state)
    if need == "diablerie":
        said = msg(
            "{name} is {state}, not in torpor; diablerie needs a vampire in torpor.",
            name=name,
            state=state,
        )
    elif need == "leave torpor":
        said = msg(
            "{name} is {state}, not in torpor; leave torpor needs a vampire in torpor.",
            name=name,
            state=state,
        )
    elif need == "rescue":
        said = msg(
            "{name} is {state}, not in torpor; rescue needs a vampire in torpor.",
            name=name,
            state=state,
        )
    else:
        said = msg(
            "{name} is {state}, not in torpor; the diablerie action needs a vampire in torpor.",
            name=name,
            state=state,
        )
    raise IllegalPlay(said)
