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
from rules.i18n import Message, msg, msg_n
from rules.trace import Step, Trace
from rules.vtes import (
    MinionState,
)
from rules.vtes import combat_text as words
from rules.vtes.combat_effects import CARDS, LASTING, LIMITS, PRESSES, SEQUENCE, CombatState
from rules.vtes.combat_effects import Hit as _Hit
from rules.vtes.combat_fighter import Fighter as _Fighter
from rules.vtes.combat_pairs import PairSteps, describe_strike
from rules.vtes.combat_report import CombatantState, CombatReport, Range, RoundReport
from rules.vtes.scenario import (
    SIDES,
    Round,
    Side,
    Strike,
    parse_scenario,
)
from rules.vtes.scenario_cards import with_card_plays

__all__ = ["CombatReport", "CombatantState", "RoundReport", "describe_strike", "resolve"]


class _RoundPlay(PairSteps):
    def __init__(
        self,
        number: int,
        rnd: Round,
        fighters: Mapping[Side, _Fighter],
        rules: str,
        combat: CombatState,
    ) -> None:
        self.number = number
        self.rnd = rnd
        self.f = fighters
        self.rules = rules
        self.combat = combat
        self.trace = Trace()
        self.say: list[Message] = []
        self.range: Range = "close"
        self.ended_by: str | None = None
        self._pair_index = 0
        self._commit = {}
        self._harmless = {}
        self._torpor_used = set()

    # .. steps of the round ..
    def play(self) -> RoundReport:
        for fighter in self.f.values():
            fighter.new_round()
        self._before_range()
        if self.ended_by is None:
            self._determine_range()
            self._before_strikes()
        if self.ended_by is None:
            self._check_grapple_range()
            chosen = self._count_strikes()
            self._strikes(chosen)
        if self.ended_by is None:
            self._press_step()
        continued = self._presses()
        self._end_of_round()
        self._torpor_cards_used()
        if self._another_round():
            continued = True
        for fighter in self.f.values():
            fighter.end_round()
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

    def _burn_minion(self, fighter: _Fighter) -> None:
        fighter.state = MinionState.BURNED
        self._say(msg("{name} has no life left and is burned.", name=fighter.name))
        self._burn_possessions(fighter)

    def _new_combat(self) -> None:
        """A queued combat starts afresh: effects lasting 'this combat' are gone."""
        for fighter in self.f.values():
            fighter.new_combat()
        self.combat.weapon_maneuvers.clear()

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
            pair: dict[Side, Strike | None] = {
                "acting": acting[k] if k < len(acting) else None,
                "opposing": opposing[k] if k < len(opposing) else None,
            }
            if k >= 1:
                for side in SIDES:
                    if pair[side] is not None and not pair[side].passes:  # type: ignore[union-attr]
                        effect = self._forbidden(side, "additional_strikes") or self._forbidden(
                            side, "strike"
                        )
                        if effect is not None:
                            self.trace.add(
                                LIMITS,
                                msg(
                                    "{card}: {name} cannot use its additional strike this round.",
                                    card=effect.name,
                                    name=self.f[side].name,
                                ),
                            )
                            self._say(
                                msg(
                                    "{name} cannot use its additional strike this round ({card}).",
                                    name=self.f[side].name,
                                    card=effect.name,
                                )
                            )
                            pair[side] = None
                if pair["acting"] is None and pair["opposing"] is None:
                    continue
            self._pair_index = k
            self._pair(pair)
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
            self._check_restricted(side, "press")
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
                self._limits(side, play.card, play.limits)
                self._pay(
                    self.f[side], play.cost, play.card, burn=play.burn_blood, limits=play.limits
                )
                self.trace.add(
                    CARDS,
                    msg(
                        "{name}'s press {number} comes from {card}.",
                        name=name,
                        number=i + 1,
                        card=play.card,
                    ),
                )
            if i + shift == 0:
                self._say(msg("{name} presses to continue.", name=name))
            else:
                self._say(msg("{name} presses to cancel that press.", name=name))
        count = len(presses) + shift
        pressed: tuple[Message | str, ...] = words.sides(presses)
        if trap is not None:
            pressed = (trap, *pressed)
        continued = count % 2 == 1
        if continued:
            if count == 1:
                self.trace.add(
                    PRESSES,
                    msg(
                        "One press to continue ({sides}), not cancelled, so another round begins.",
                        sides=pressed,
                    ),
                )
            else:
                self.trace.add(
                    PRESSES,
                    msg_n(
                        "{n} press alternates ({sides}); the last press to continue is not "
                        "cancelled, so another round begins.",
                        "{n} presses alternate ({sides}); the last press to continue is not "
                        "cancelled, so another round begins.",
                        count,
                        sides=pressed,
                    ),
                )
            self._say(msg("The last press stands, so another round begins."))
        else:
            self.trace.add(
                PRESSES,
                msg_n(
                    "{n} press alternates ({sides}); the last one cancels the press to "
                    "continue, so the combat ends after round {round}.",
                    "{n} presses alternate ({sides}); the last one cancels the press to "
                    "continue, so the combat ends after round {round}.",
                    count,
                    sides=pressed,
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
    illegal sequence of plays. The cards the scenario lists as played from the card library
    (``cards``, :mod:`rules.vtes.scenario_cards`) are played on the rest first.
    """
    sc = parse_scenario(with_card_plays(scenario))
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
    for fighter in (a, o):
        for item in fighter.equipment:
            if item.strength:
                steps.append(
                    Step(
                        SEQUENCE,
                        msg(
                            "{name} carries {item}, which gives it {n} strength.",
                            name=fighter.name,
                            item=item.name,
                            n=format(item.strength, "+d"),
                        ),
                    )
                )
            if item.card_discount:
                steps.append(
                    Step(
                        SEQUENCE,
                        msg_n(
                            "{name} carries {item}: its combat cards cost {n} blood less.",
                            "{name} carries {item}: its combat cards cost {n} blood less.",
                            item.card_discount,
                            name=fighter.name,
                            item=item.name,
                        ),
                    )
                )
    a.foe, o.foe = o, a
    combat = CombatState()
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
        play = _RoundPlay(number, rnd, fighters, sc.rules, combat)
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
    else:
        after = _RoundPlay(len(sc.rounds), Round(), fighters, sc.rules, combat)
        after.range = rounds[-1].range
        after._after_combat()
        steps.extend(after.trace.steps)
        closing.extend(after.say)
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
