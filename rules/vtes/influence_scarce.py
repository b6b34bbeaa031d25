"""The scarce cost of the influence phase (VTES section 7): a scarce vampire costs 3 pool for
each vampire of its clan already counted when it becomes controlled. The Black Hand rulebook
counts the vampires of the clan in play, the current VEKN rulebook only those the Methuselah
controls; :func:`scarce_counts` checks which count the caller gave, and the other functions
say what the cost is for and what it burned.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.validation import shown
from rules.vtes import counts
from rules.vtes.damage import EDITIONS
from rules.vtes.influence_values import SCARCE_POOL_PER_VAMPIRE, Uncontrolled
from rules.vtes.models import check_count

__all__ = ["controlling_scarce", "scarce_counts", "scarce_step"]


def scarce_counts(
    rules: str,
    in_play_by_clan: Mapping[str, int] | None,
    controlled_by_clan: Mapping[str, int] | None,
) -> dict[str, int]:
    """The clan counts the scarce cost of ``rules`` uses, checked."""
    if rules not in EDITIONS:
        raise InvalidState(
            msg(
                "Unknown rules edition {value}; allowed: {allowed}.",
                value=repr(rules),
                allowed=EDITIONS,
            )
        )
    if rules == "black-hand" and controlled_by_clan is not None:
        raise InvalidState(
            msg(
                "controlled_by_clan is what the current rulebook's scarce cost counts; the "
                "black-hand rulebook counts the vampires of the clan in play: give "
                "in_play_by_clan, or choose rules='vekn-2024'."
            )
        )
    if rules == "vekn-2024" and in_play_by_clan is not None:
        raise InvalidState(
            msg(
                "Under the current rulebook the scarce cost counts only the vampires of the clan "
                "you control: give controlled_by_clan instead of in_play_by_clan."
            )
        )
    for name, given in (
        ("in_play_by_clan", in_play_by_clan),
        ("controlled_by_clan", controlled_by_clan),
    ):
        if given is not None and not isinstance(given, Mapping):
            raise InvalidState(
                msg("{name} must map clans to counts, got {value}.", name=name, value=shown(given))
            )
    by_clan = dict((in_play_by_clan if rules == "black-hand" else controlled_by_clan) or {})
    for clan, n in by_clan.items():
        if rules == "black-hand":
            check_count(msg_p("parameter", "Vampires of clan {clan} in play", clan=clan), n)
        else:
            check_count(msg_p("parameter", "Vampires of clan {clan} you control", clan=clan), n)
    return by_clan


def controlling_scarce(v: Uncontrolled, same: int, current: bool) -> Message:
    """What a scarce vampire's cost is for, in a refusal."""
    if current:
        return msg_n(
            "Controlling scarce {name} ({n} {clan} vampire you already control)",
            "Controlling scarce {name} ({n} {clan} vampires you already control)",
            same,
            name=v.name,
            clan=v.clan,
        )
    return msg_n(
        "Controlling scarce {name} ({n} {clan} vampire already in play)",
        "Controlling scarce {name} ({n} {clan} vampires already in play)",
        same,
        name=v.name,
        clan=v.clan,
    )


def scarce_step(v: Uncontrolled, same: int, current: bool, cost: int, pool: int) -> Message:
    """The step that burns the scarce cost."""
    paid = {
        "name": v.name,
        "clan": v.clan,
        "per": counts.pool(SCARCE_POOL_PER_VAMPIRE),
        "cost": counts.pool(cost),
        "pool": pool,
    }
    if current:
        return msg_n(
            "{name} is scarce: {per} for each of the {n} {clan} vampire you already control = "
            "{cost} burned; pool {pool}.",
            "{name} is scarce: {per} for each of the {n} {clan} vampires you already control = "
            "{cost} burned; pool {pool}.",
            same,
            **paid,
        )
    return msg_n(
        "{name} is scarce: {per} for each of the {n} {clan} vampire already in play = {cost} "
        "burned; pool {pool}.",
        "{name} is scarce: {per} for each of the {n} {clan} vampires already in play = {cost} "
        "burned; pool {pool}.",
        same,
        **paid,
    )
