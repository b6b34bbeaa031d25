"""VTES combat, round by round (sections 6.4.1-6.4.7).

:func:`resolve` takes a combat scenario (see :mod:`rules.vtes.scenario`): the two
combatants and each round as it was played. It replays the rounds: range from the
maneuvers, the strikes in pairs (combat ends first, then first strikes, then the rest),
strike effects (dodge, steal blood, destroy or steal equipment, strikes aimed at
retainers), damage resolution after each pair through :func:`rules.vtes.resolve_damage`,
then the presses. Illegal sequences raise :class:`rules.errors.IllegalPlay`.

>>> from rules.vtes.combat_examples import KURT_VS_IRA
>>> report = resolve(KURT_VS_IRA.scenario)
>>> report.acting.blood, report.opposing.blood
(2, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import IllegalPlay
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.vtes import (
    MinionState,
)
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import CARDS, LASTING, PRESSES, SEQUENCE
from rules.vtes.combat_effects import Hit as _Hit
from rules.vtes.combat_fighter import Fighter as _Fighter
from rules.vtes.combat_pairs import PairSteps, describe_strike
from rules.vtes.combat_report import CombatantState, CombatReport, Range, RoundReport
from rules.vtes.scenario import (
    Round,
    Side,
    Strike,
    parse_scenario,
)

__all__ = ["CombatReport", "CombatantState", "RoundReport", "describe_strike", "resolve"]


class _RoundPlay(PairSteps):
    def __init__(
        self,
        number: int,
        rnd: Round,
        fighters: Mapping[Side, _Fighter],
        rules: str,
    ) -> None:
        self.number = number
        self.rnd = rnd
        self.f = fighters
        self.rules = rules
        self.trace = Trace()
        self.say: list[Message] = []
        self.range: Range = "close"
        self.ended_by: str | None = None
        self._pair_index = 0
        self._no_press: dict[Side, str] = {}

    # .. steps of the round ..
    def play(self) -> RoundReport:
        for fighter in self.f.values():
            fighter.stolen_this_round.clear()
            fighter.blood_lost_round = 0
            fighter.damage_round = 0
        self._before_range()
        if self.ended_by is None:
            self._determine_range()
            self._check_grapple_range()
            chosen = self._count_strikes()
            self._strikes(chosen)
        if self.ended_by is None:
            self._press_step()
        continued = self._presses()
        self._end_of_round()
        if self._another_round():
            continued = True
        self._end_round_effects()
        return RoundReport(
            number=self.number,
            range=self.range,
            maneuvers=tuple(self.rnd.maneuvers),
            continued=continued,
            ended=self.ended_by is not None,
            sentences=tuple(self.say),
            steps=self.trace.steps,
        )

    def _deal(self, hits: dict[Side, _Hit]) -> None:
        self._apply_damage(hits, {})

    def _ended_by_state(self) -> bool:
        return self._check_ready()

    def _strikes(self, chosen: dict[Side, list[Strike]]) -> None:
        acting, opposing = chosen["acting"], chosen["opposing"]
        pairs = max(len(acting), len(opposing))
        for k in range(pairs):
            if k >= 1:
                if self.range == "close":
                    self._say(
                        msg("Additional strikes, pair {pair}, at the same close range:", pair=k)
                    )
                else:
                    self._say(
                        msg("Additional strikes, pair {pair}, at the same long range:", pair=k)
                    )
            a = acting[k] if k < len(acting) else None
            o = opposing[k] if k < len(opposing) else None
            self._pair_index = k
            self._pair({"acting": a, "opposing": o})
            if self.ended_by is not None:
                if k + 1 < pairs:
                    self.trace.add(
                        SEQUENCE, msg("The remaining strikes of this round are not made.")
                    )
                    self._say(msg("The remaining strikes of this round are not made."))
                break
            if k == 0:
                self._announce_additional()

    # .. one pair of strikes ..

    # .. presses ..
    def _presses(self) -> bool:
        presses = self.rnd.presses
        for i in range(1, len(presses)):
            if presses[i] == presses[i - 1]:
                who = self.f[presses[i]]
                raise IllegalPlay(
                    msg(
                        "{where}: {name} ({side}) plays presses {first} and {second} in a row; "
                        "a minion may not press twice in a row, so presses must alternate "
                        "between the two sides.",
                        where=self._where(),
                        name=who.name,
                        side=words.side(presses[i]),
                        first=i,
                        second=i + 1,
                    )
                )
        if self.ended_by is not None:
            if presses:
                self.trace.add(PRESSES, msg("The listed presses are not played: combat is over."))
                self._say(
                    msg(
                        "The presses listed for this round are not played: the combat is "
                        "already over."
                    )
                )
            return False
        trap = self._trap_press()
        if trap is not None:
            self.trace.add(
                LASTING,
                msg(
                    "{card} provides a press to continue before any other press; a combatant "
                    "may answer with a press to end the combat.",
                    card=trap,
                ),
            )
            self._say(msg("{name} presses to continue.", name=trap))
        for side in presses:
            card = self._no_press.get(side)
            if card is not None:
                raise IllegalPlay(
                    msg(
                        "{where}: {name} cannot press this round because of {card}.",
                        where=self._where(),
                        name=self.f[side].name,
                        card=card,
                    )
                )
        if not presses and trap is not None:
            self._say(msg("The last press stands, so another round begins."))
            return True
        if not presses:
            self.trace.add(
                PRESSES,
                msg("Nobody presses, so the combat ends after round {round}.", round=self.number),
            )
            self._say(
                msg("Nobody presses, so the combat ends after round {round}.", round=self.number)
            )
            self.ended_by = "no_press"
            return False
        shift = 1 if trap is not None else 0
        for i, side in enumerate(presses):
            name = self.f[side].name
            purpose = "continue" if (i + shift) % 2 == 0 else "end"
            self._check_restricted(side, f"press_to_{purpose}")
            play = self.rnd.press_plays[i] if i < len(self.rnd.press_plays) else None
            if play is not None and play.only is not None and play.only != purpose:
                press_card: Message | str = play.card or msg("this press")
                if play.only == "continue":
                    raise IllegalPlay(
                        msg(
                            "{where}: {card} is only usable to continue the combat, but press "
                            "{number} would end it.",
                            where=self._where(),
                            card=press_card,
                            number=i + 1,
                        )
                    )
                raise IllegalPlay(
                    msg(
                        "{where}: {card} is only usable to end the combat, but press {number} "
                        "would continue it.",
                        where=self._where(),
                        card=press_card,
                        number=i + 1,
                    )
                )
            if play is not None and play.card:
                self._pay(self.f[side], play.cost, play.card)
                self.trace.add(
                    CARDS,
                    msg(
                        "{name}'s press {number} comes from {card}.",
                        name=name,
                        number=i + 1,
                        card=play.card,
                    ),
                )
            if i == 0:
                self._say(msg("{name} presses to continue.", name=name))
            else:
                self._say(msg("{name} presses to cancel that press.", name=name))
        count = len(presses)
        continued = count % 2 == 1
        if continued:
            if count == 1:
                self.trace.add(
                    PRESSES,
                    msg_p(
                        "one press",
                        "{n} press(es) alternate ({sides}); the last press to continue is not "
                        "cancelled, so another round begins.",
                        n=count,
                        sides=words.sides(presses),
                    ),
                )
            else:
                self.trace.add(
                    PRESSES,
                    msg_n(
                        "{n} press(es) alternate ({sides}); the last press to continue is not "
                        "cancelled, so another round begins.",
                        "{n} press(es) alternate ({sides}); the last press to continue is not "
                        "cancelled, so another round begins.",
                        count,
                        sides=words.sides(presses),
                    ),
                )
            self._say(msg("The last press stands, so another round begins."))
        else:
            self.trace.add(
                PRESSES,
                msg_n(
                    "{n} presses alternate ({sides}); the last one cancels the press to "
                    "continue, so the combat ends after round {round}.",
                    "{n} presses alternate ({sides}); the last one cancels the press to "
                    "continue, so the combat ends after round {round}.",
                    count,
                    sides=words.sides(presses),
                    round=self.number,
                ),
            )
            self._say(
                msg(
                    "The last press to continue is cancelled, so the combat ends after round "
                    "{round}.",
                    round=self.number,
                )
            )
            self.ended_by = "no_press"
        return continued


# -- the whole combat ---------------------------------------------------------------------


def _ended_text(ended_by: str) -> Message:
    if ended_by == "combat_ends":
        return msg("a combat-ends effect")
    if ended_by == "not_ready":
        return msg("a combatant was no longer ready")
    return msg("no press continued it")


def _closing(fighter: _Fighter) -> list[Message]:
    out: list[Message] = []
    if fighter.state is MinionState.BURNED:
        out.append(msg("{name} ends the combat burned.", name=fighter.name))
    else:
        state = words.state(fighter.state)
        if fighter.kind == "vampire":
            amount = words.blood(fighter.amount)
        else:
            amount = words.life(fighter.amount)
        out.append(
            msg("{name} ends {state} with {amount}.", name=fighter.name, state=state, amount=amount)
        )
    if fighter.drained:
        out.append(
            msg(
                "{name} lost {drained} to the bank because of capacity.",
                name=fighter.name,
                drained=words.blood(fighter.drained),
            )
        )
    return out


def resolve(scenario: Mapping[str, Any]) -> CombatReport:
    """Replay the combat ``scenario`` and report the outcome, round by round.

    Raises :class:`InvalidState` for a malformed scenario and :class:`IllegalPlay` for an
    illegal sequence of plays.
    """
    sc = parse_scenario(scenario)
    fighters: dict[Side, _Fighter] = {
        "acting": _Fighter.start(sc.acting, "acting"),
        "opposing": _Fighter.start(sc.opposing, "opposing"),
    }
    a, o = fighters["acting"], fighters["opposing"]
    steps: list[Step] = [
        Step(
            SEQUENCE,
            msg(
                "{acting} (acting) and {opposing} (opposing) enter combat; the acting minion "
                "gets the first opportunity at every step, then play alternates.",
                acting=a.name,
                opposing=o.name,
            ),
        )
    ]
    opening = (
        msg(
            "{acting} (acting) and {opposing} (opposing) enter combat.",
            acting=a.name,
            opposing=o.name,
        ),
    )
    rounds: list[RoundReport] = []
    ended_by: str | None = None
    for number, rnd in enumerate(sc.rounds, 1):
        if ended_by is not None:
            raise IllegalPlay(
                msg(
                    "Round {number} cannot be played: the combat ended in round {last} "
                    "({why}). Remove the rounds after round {last}, or change the plays so "
                    "that the combat goes on.",
                    number=number,
                    last=number - 1,
                    why=_ended_text(ended_by),
                )
            )
        play = _RoundPlay(number, rnd, fighters, sc.rules)
        report = play.play()
        steps.append(
            Step(
                SEQUENCE,
                msg(
                    "Round {number} ({range}).",
                    number=number,
                    range=words.range_name(report.range),
                ),
            )
        )
        steps.extend(report.steps)
        rounds.append(report)
        ended_by = play.ended_by
    closing: list[Message] = []
    if ended_by is None:
        ended_by = "open"
        closing.append(msg("The next round is not recorded in this scenario."))
    closing.extend(_closing(a))
    closing.extend(_closing(o))
    return CombatReport(
        acting=a.report(),
        opposing=o.report(),
        rounds=tuple(rounds),
        steps=tuple(steps),
        ended_by=ended_by,
        rules=sc.rules,
        opening=opening,
        closing=tuple(closing),
    )
