"""The choices a whole-combat calculation makes where the seed is silent, as trace steps.

Written once for the single hunter's chain (:mod:`rules.dracula.chain`) and the group's
(:mod:`rules.dracula.group`): the initiative numbers assumed, the re-roll on equal totals and
equal initiative, no Dodge in round 1, Sister Agatha's price and the user's own table cells.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.dracula.cards import CardTable
from rules.dracula.hunters import Opponent, Situation
from rules.dracula.legality import AGATHA_COST, NO_DODGE_IN_ROUND_ONE
from rules.dracula.words import card_name, card_names, result_name
from rules.i18n import msg, msg_n, msg_p
from rules.trace import Step, Trace

__all__ = ["stated_rules"]


def stated_rules(
    situation: Situation,
    opponent: Opponent,
    table: CardTable,
    assumed: Sequence[str],
    assume_initiative: int | None,
) -> tuple[Step, ...]:
    """The steps stating each choice the calculation makes (``assumed``: the cards whose
    unknown initiative is ``assume_initiative``)."""
    trace = Trace()
    if assumed:
        trace.add(
            "dracula:initiative",
            msg(
                "Assumed initiative {initiative} for {cards} (not known).",
                initiative=assume_initiative,
                cards=card_names(assumed),
            ),
        )
    trace.add(
        "dracula:initiative",
        msg("Equal totals with equal initiative are rolled again (our stated assumption)."),
    )
    if not situation.dodge_in_round_one:
        trace.add("dracula:combat-decks", NO_DODGE_IN_ROUND_ONE)
    if situation.sister_agatha and opponent.is_dracula:
        trace.add(
            "dracula:powers",
            msg_n(
                "Sister Agatha: Dracula pays {n} blood for each Fangs or Escape, when it is "
                "revealed and before the result; he needs {least} blood or more to choose one.",
                "Sister Agatha: Dracula pays {n} blood for each Fangs or Escape, when it is "
                "revealed and before the result; he needs {least} blood or more to choose one.",
                AGATHA_COST,
                least=AGATHA_COST + 1,
            ),
        )
    for cell in table.overrides():
        trace.add(
            "dracula:results",
            msg(
                "User override: {winner} wins, {hunter_card} vs {enemy_card} -> {result}.",
                winner=msg_p("side", "hunter")
                if cell.winner == "hunter"
                else msg_p("side", "enemy"),
                hunter_card=card_name(cell.hunter_card),
                enemy_card=card_name(cell.enemy_card),
                result=result_name(cell.kind, cell.amount)
                if cell.allowed
                else result_name("not-allowed"),
            ),
        )
    return trace.steps
