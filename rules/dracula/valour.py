"""Valour points: an optional variant in which the hunters also score their own deeds.

When the hunters win the game, the hunter with the most Valour points is named the winner.
The awards are kept as data (:data:`AWARDS`). Three things are offered:

- :func:`valour_tally`: a judge's count of one hunter's deeds, with a trace;
- :func:`valour_winner`: the tallies of up to four hunters and who leads. The rules name no
  tie-break, so equal top scores are reported as a tie (our stated assumption), never broken;
- :func:`combat_valour`: the exact distribution of the points one combat earns, read from the
  whole-combat odds of :func:`rules.dracula.chain.combat_odds`.

Blood taken is counted as the blood Dracula actually loses: a Killed result that drops him from
12 to the red mark at 10 takes 2 blood points, not a fixed amount.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.dracula.blood import MAX_BLOOD
from rules.dracula.chain import CombatOdds
from rules.dracula.hunters import Opponent
from rules.dracula.words import semicolons
from rules.errors import InvalidState
from rules.i18n import Message, msg, msg_n, msg_p
from rules.i18n.numbers import Decimal, Significant
from rules.trace import Step, Trace
from rules.validation import flag, present, shown, sized, whole

__all__ = [
    "AWARDS",
    "AWARD_BY_KEY",
    "MAX_HUNTERS",
    "Award",
    "CombatValour",
    "ValourEvent",
    "ValourLine",
    "ValourStanding",
    "ValourTally",
    "agent_combat_points",
    "combat_valour",
    "dracula_combat_points",
    "valour_tally",
    "valour_winner",
]

RULE = "dracula:variants"
MAX_HUNTERS = 4
PER_EVENT = "event"
PER_BLOOD = "blood point"


@dataclass(frozen=True, slots=True)
class Award:
    """One kind of Valour award.

    ``per``: ``"event"`` (each occurrence scores ``points``) or ``"blood point"`` (each blood
    point taken scores ``points``; one event is one combat). ``once_per_game``: the award
    scores at most once for a hunter. ``max_per_event``: the largest count one event may carry.
    """

    key: str
    points: int
    name: str
    per: str = PER_EVENT
    once_per_game: bool = False
    max_per_event: int | None = None


AWARDS: tuple[Award, ...] = (
    Award("rats_unhurt", 1, "Rats encounter survived without a wound"),
    Award("wolves_unhurt", 1, "Wolves encounter survived without a wound"),
    Award("minion_beaten", 2, "Minion beaten in combat"),
    Award("assassin_beaten", 3, "Assassin beaten in combat"),
    Award("castle_dracula", 3, "Castle Dracula entered", once_per_game=True, max_per_event=1),
    Award("final_stand", 3, "Final Stand played (whether the hunter survived or not)"),
    Award("new_vampire_destroyed", 4, "New Vampire encounter destroyed"),
    Award("attack_on_dracula", 5, "attack made on Dracula (his own attacks do not count)"),
    Award(
        "blood_taken",
        5,
        "blood point taken from Dracula in combat",
        per=PER_BLOOD,
        max_per_event=MAX_BLOOD,
    ),
    Award("final_blow", 10, "final blow that destroyed Dracula", once_per_game=True),
)
AWARD_BY_KEY: dict[str, Award] = {award.key: award for award in AWARDS}
_TITLES: dict[str, Message] = {
    "rats_unhurt": msg_p("valour award", "Rats encounter survived without a wound"),
    "wolves_unhurt": msg_p("valour award", "Wolves encounter survived without a wound"),
    "minion_beaten": msg_p("valour award", "Minion beaten in combat"),
    "assassin_beaten": msg_p("valour award", "Assassin beaten in combat"),
    "castle_dracula": msg_p("valour award", "Castle Dracula entered"),
    "final_stand": msg_p("valour award", "Final Stand played (whether the hunter survived or not)"),
    "new_vampire_destroyed": msg_p("valour award", "New Vampire encounter destroyed"),
    "attack_on_dracula": msg_p(
        "valour award", "attack made on Dracula (his own attacks do not count)"
    ),
    "blood_taken": msg_p("valour award", "blood point taken from Dracula in combat"),
    "final_blow": msg_p("valour award", "final blow that destroyed Dracula"),
}
"""Each award's name (``Award.name``) in the reader's language."""


@dataclass(frozen=True, slots=True)
class ValourEvent:
    """Something a hunter did that scores Valour.

    ``count``: for a per-event award, how many times it happened (``ValourEvent("rats_unhurt",
    2)`` is two Rats encounters); for ``blood_taken``, the blood points taken in ONE combat
    (0..15), so give one event per combat.
    """

    key: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class ValourLine:
    """One award in a tally: its total count (events or blood points) and the points."""

    award: Award
    count: int
    events: int
    points: int


@dataclass(frozen=True, slots=True)
class ValourTally:
    """A hunter's Valour: the lines (in :data:`AWARDS` order, only those that scored)."""

    hunter: str
    lines: tuple[ValourLine, ...]
    points: int
    steps: tuple[Step, ...]

    def count(self, key: str) -> int:
        """The total count of award ``key`` (0 if it did not score)."""
        return sum(line.count for line in self.lines if line.award.key == key)


@dataclass(frozen=True, slots=True)
class ValourStanding:
    """The hunters' tallies and who leads.

    ``ranking``: (hunter, points), most points first (equal scores keep the given order).
    ``leaders``: every hunter with the top score. ``winner``: the single leader when the hunters
    won the game; ``None`` on a tie or when Dracula won. ``tie``: two or more leaders.
    """

    tallies: tuple[ValourTally, ...]
    ranking: tuple[tuple[str, int], ...]
    leaders: tuple[str, ...]
    winner: str | None
    tie: bool
    hunters_won: bool
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class CombatValour:
    """The Valour points one combat earns: points -> exact probability (summing to 1)."""

    distribution: dict[int, Fraction]
    expected: Fraction
    steps: tuple[Step, ...]


# -- a judge's tally -------------------------------------------------------------------------


def _award_list() -> Message | str:
    """Every award key with its name: ``rats_unhurt — Rats encounter ...; ...``."""
    return semicolons([msg("{key} — {title}", key=k, title=t) for k, t in _TITLES.items()])


def _check_count(hunter: str, event: ValourEvent) -> Award:
    award = AWARD_BY_KEY.get(event.key) if isinstance(event.key, str) else None
    if award is None:
        raise InvalidState(
            msg(
                "{hunter}: unknown Valour award {key}; allowed: {allowed}",
                hunter=hunter,
                key=repr(event.key),
                allowed=_award_list(),
            )
        )
    count = event.count
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise InvalidState(
            msg(
                "{hunter}: the count of '{award}' must be a whole number 0 or more, not {count}",
                hunter=hunter,
                award=_TITLES[award.key],
                count=repr(count),
            )
        )
    if award.max_per_event is not None and count > award.max_per_event:
        if award.per == PER_BLOOD:
            raise InvalidState(
                msg(
                    "{hunter}: {count} blood points taken in one combat is impossible: Dracula "
                    "has at most {top} blood, so one combat takes 0..{top}; give one event per "
                    "combat",
                    hunter=hunter,
                    count=count,
                    top=MAX_BLOOD,
                )
            )
        raise InvalidState(
            msg(
                "{hunter}: '{award}' scores once per game: its count must be 0 or 1, not {count}",
                hunter=hunter,
                award=_TITLES[award.key],
                count=count,
            )
        )
    return award


def valour_tally(hunter: str, events: Sequence[ValourEvent]) -> ValourTally:
    """Add up one hunter's Valour points, one trace step per award that scored."""
    if not isinstance(hunter, str) or not hunter.strip():
        raise InvalidState(msg("each hunter needs a name (a non-empty text) for the Valour tally"))
    hunter = hunter.strip()
    sized(msg("{hunter}'s events", hunter=hunter), events, 0, None)
    counts: dict[str, int] = {}
    events_n: dict[str, int] = {}
    for event in events:
        if not isinstance(event, ValourEvent):
            raise InvalidState(
                msg(
                    "{hunter}: a Valour event must be a ValourEvent(key, count), not {event}",
                    hunter=hunter,
                    event=repr(event),
                )
            )
        award = _check_count(hunter, event)
        counts[award.key] = counts.get(award.key, 0) + event.count
        events_n[award.key] = events_n.get(award.key, 0) + (1 if event.count else 0)
    for award in AWARDS:
        if award.once_per_game and counts.get(award.key, 0) > 1:
            raise InvalidState(
                msg_n(
                    "{hunter}: '{award}' scores at most once per game, but it is counted {n} "
                    "times; allowed: 0 or 1",
                    "{hunter}: '{award}' scores at most once per game, but it is counted {n} "
                    "times; allowed: 0 or 1",
                    counts[award.key],
                    hunter=hunter,
                    award=_TITLES[award.key],
                )
            )
    trace = Trace()
    lines = []
    for award in AWARDS:
        count = counts.get(award.key, 0)
        if not count:
            continue
        points = count * award.points
        lines.append(ValourLine(award, count, events_n[award.key], points))
        what: Message = (
            msg("{award} (once per game)", award=_TITLES[award.key])
            if award.once_per_game
            else _TITLES[award.key]
        )
        if award.per == PER_BLOOD:
            what = msg_n(
                "blood points taken from Dracula over {n} combat",
                "blood points taken from Dracula over {n} combats",
                events_n[award.key],
            )
        trace.add(
            RULE,
            msg_n(
                "{hunter}: {what}: {count} × {award_points} = {n} Valour points.",
                "{hunter}: {what}: {count} × {award_points} = {n} Valour points.",
                points,
                hunter=hunter,
                what=what,
                count=count,
                award_points=award.points,
            ),
        )
    total = sum(line.points for line in lines)
    if lines:
        trace.add(
            RULE,
            msg_n(
                "{hunter} has {n} Valour points in all.",
                "{hunter} has {n} Valour points in all.",
                total,
                hunter=hunter,
            ),
        )
    else:
        trace.add(RULE, msg("{hunter} has no Valour awards: 0 points.", hunter=hunter))
    return ValourTally(hunter, tuple(lines), total, trace.steps)


def valour_winner(
    hunters: Mapping[str, Sequence[ValourEvent]], *, hunters_won: bool = True
) -> ValourStanding:
    """Tally every hunter and name the one with the most Valour points.

    Valour decides a winner only when the hunters won the game. Equal top scores are a tie:
    the rules give no tie-break, so none is invented.
    """
    if not isinstance(hunters, Mapping):
        raise InvalidState(
            msg(
                "hunters must map each hunter's name to their Valour events, got {value}",
                value=shown(hunters),
            )
        )
    flag(msg_p("dracula", "hunters_won"), hunters_won)
    if not 1 <= len(hunters) <= MAX_HUNTERS:
        raise InvalidState(
            msg_n(
                "give 1 to {n} hunter for a Valour standing, not {given}",
                "give 1 to {n} hunters for a Valour standing, not {given}",
                MAX_HUNTERS,
                given=len(hunters),
            )
        )
    tallies = tuple(valour_tally(name, events) for name, events in hunters.items())
    names = [t.hunter for t in tallies]
    doubles = sorted({n for n in names if names.count(n) > 1})
    if doubles:
        raise InvalidState(msg("each hunter may appear once; repeated: {names}", names=doubles))
    blows = [t.hunter for t in tallies if t.count("final_blow")]
    if len(blows) > 1:
        raise InvalidState(
            msg(
                "only one hunter can strike the final blow, but {names} all have it",
                names=blows,
            )
        )
    if blows and not hunters_won:
        raise InvalidState(
            msg(
                "{name} has the final blow, so Dracula was destroyed and the hunters won; "
                "either mark the hunters as winners or remove the final blow",
                name=blows[0],
            )
        )
    trace = Trace()
    for t in tallies:
        trace.extend(t.steps)
    ranking = tuple(sorted(((t.hunter, t.points) for t in tallies), key=lambda item: -item[1]))
    top = ranking[0][1]
    leaders = tuple(name for name, points in ranking if points == top)
    tie = len(leaders) > 1
    winner: str | None = None
    if not hunters_won:
        trace.add(
            RULE,
            msg(
                "Dracula won the game: Valour points only pick a winner among the hunters when "
                "the hunters win, so no hunter wins."
            ),
        )
    elif tie:
        trace.add(
            RULE,
            msg_n(
                "Tie: {names} share the top score of {n} points. The rules give no tie-break, "
                "so the tie stands (our stated assumption).",
                "Tie: {names} share the top score of {n} points. The rules give no tie-break, "
                "so the tie stands (our stated assumption).",
                top,
                names=leaders,
            ),
        )
    else:
        winner = leaders[0]
        trace.add(
            RULE,
            msg(
                "The hunters won: {name} has the most Valour points ({points}).",
                name=winner,
                points=top,
            ),
        )
    return ValourStanding(tallies, ranking, leaders, winner, tie, hunters_won, trace.steps)


# -- the Valour of one combat -----------------------------------------------------------------


def dracula_combat_points(*, blood_taken: int, destroyed: bool, attacked: bool) -> int:
    """Valour of one combat against Dracula: 5 per blood point taken, 10 for the final blow,
    5 if the hunter made the attack."""
    whole(msg_p("dracula", "blood taken in one combat"), blood_taken, 0, MAX_BLOOD)
    flag(msg_p("dracula", "destroyed"), destroyed)
    flag(msg_p("dracula", "attacked"), attacked)
    a = AWARD_BY_KEY
    return (
        blood_taken * a["blood_taken"].points
        + (a["final_blow"].points if destroyed else 0)
        + (a["attack_on_dracula"].points if attacked else 0)
    )


def agent_combat_points(*, killed: bool, minion: bool, assassin: bool) -> int:
    """Valour of one combat against an agent: 2 for a Minion beaten, 3 for an Assassin."""
    flag(msg_p("dracula", "killed"), killed)
    flag(msg_p("dracula", "minion"), minion)
    flag(msg_p("dracula", "assassin"), assassin)
    if minion and assassin:
        raise InvalidState(msg("an agent is a Minion or an Assassin, not both"))
    if not killed:
        return 0
    if minion:
        return AWARD_BY_KEY["minion_beaten"].points
    if assassin:
        return AWARD_BY_KEY["assassin_beaten"].points
    return 0


def _short(p: Fraction) -> Message | str:
    """A probability for a trace line: exact when short, a decimal (in the reader's way)
    otherwise."""
    if max(p.numerator.bit_length(), p.denominator.bit_length()) <= 64:
        return str(p)
    return msg_p("approximately", "≈{value}", value=Significant(p, 6))


def combat_valour(
    odds: CombatOdds,
    opponent: Opponent,
    *,
    blood: int = MAX_BLOOD,
    hunter_attacked: bool = False,
    assassin: bool = False,
) -> CombatValour:
    """The exact distribution of Valour points one combat earns, and their expected value.

    ``odds``: the combat's :class:`CombatOdds` (points depend only on how it ends and on
    Dracula's blood at the end, so its ``outcomes`` and ``blood`` are read; the much longer
    ``joint`` is not needed). ``opponent``: the opponent the odds were computed
    for (a Minion is ``Opponent.agent(..., minion=True)``). ``blood``: Dracula's blood when the
    combat began (only against Dracula). ``hunter_attacked``: the hunter attacked Dracula (his
    attacks on the hunter do not score). ``assassin``: the agent is an Assassin.
    """
    if not isinstance(odds, CombatOdds):
        raise InvalidState(msg("give the combat's odds as computed by combat_odds(...)"))
    present(msg_p("dracula", "opponent"), opponent, Opponent)
    flag(msg_p("dracula", "hunter_attacked"), hunter_attacked)
    flag(msg_p("dracula", "assassin"), assassin)
    kinds = set(odds.outcomes)
    trace = Trace()
    if opponent.is_dracula:
        if "killed" in kinds:
            raise InvalidState(
                msg(
                    "these odds are for a combat against an agent (an agent can be killed), "
                    "but the opponent given is Dracula; give the opponent the odds were "
                    "computed for"
                )
            )
        if assassin:
            raise InvalidState(msg("the Assassin flag is for agents; Dracula is not an Assassin"))
        whole(msg_p("dracula", "Dracula's blood at the start of the combat"), blood, 1, MAX_BLOOD)
        most = max((b for b, p in odds.blood.items() if p), default=0)
        if most > blood:
            raise InvalidState(
                msg(
                    "these odds let the combat end with Dracula at {most} blood, more than the "
                    "starting {blood} given: give the starting blood the odds were computed "
                    "with ({most}..{top})",
                    most=most,
                    blood=blood,
                    top=MAX_BLOOD,
                )
            )
        a = AWARD_BY_KEY
        attack: Message = (
            msg(
                "{points} for the attack, since the hunter attacked him.",
                points=a["attack_on_dracula"].points,
            )
            if hunter_attacked
            else msg("no attack points (Dracula started this combat; his attacks do not score).")
        )
        trace.add(
            RULE,
            msg_n(
                "Valour against Dracula (starting at {blood} blood): {n} points per blood point "
                "he loses in the combat, {final} more for the final blow if he is destroyed, "
                "and {attack}",
                "Valour against Dracula (starting at {blood} blood): {n} points per blood point "
                "he loses in the combat, {final} more for the final blow if he is destroyed, "
                "and {attack}",
                a["blood_taken"].points,
                blood=blood,
                final=a["final_blow"].points,
                attack=attack,
            ),
        )
        trace.add(
            "dracula:blood-track",
            msg(
                "Blood taken is the blood he actually loses: a Killed result counts only the "
                "drop to the next red mark (for example 12 to 10 is 2 blood points)."
            ),
        )

        # blood 0 at the end is the same as "destroyed"
        shares = {end_blood: p for end_blood, p in odds.blood.items() if p}

        def points(end_blood: int) -> int:
            return dracula_combat_points(
                blood_taken=blood - end_blood, destroyed=end_blood == 0, attacked=hunter_attacked
            )

    else:
        if "destroyed" in kinds:
            raise InvalidState(
                msg(
                    "these odds are for a combat against Dracula (he can be destroyed), but the "
                    "opponent given is an agent; give the opponent the odds were computed for"
                )
            )
        if hunter_attacked:
            raise InvalidState(
                msg(
                    "the attack award is for attacks on Dracula only; against an agent leave it off"
                )
            )
        minion = opponent.minion
        value = agent_combat_points(killed=True, minion=minion, assassin=assassin)
        who = msg("neither a Minion nor an Assassin")
        if minion or assassin:
            who = msg_p("valour", "a Minion") if minion else msg_p("valour", "an Assassin")
        scores: Message = (
            msg_n(
                "{n} points if the agent is killed, 0 otherwise.",
                "{n} points if the agent is killed, 0 otherwise.",
                value,
            )
            if value
            else msg("killing it scores no Valour points.")
        )
        trace.add(
            RULE,
            msg(
                "Valour against {name}, {who}: {scores}", name=opponent.name, who=who, scores=scores
            )
            if opponent.name not in ("", "Agent")
            else msg("Valour against the agent, {who}: {scores}", who=who, scores=scores)
            if not opponent.name
            else msg("Valour against Agent, {who}: {scores}", who=who, scores=scores),
        )

        killed = odds.outcomes.get("killed", Fraction(0))
        shares = {1: killed, 0: 1 - killed}

        def points(end_blood: int) -> int:  # here 1 means the agent is killed
            return agent_combat_points(killed=end_blood == 1, minion=minion, assassin=assassin)

    sums: dict[int, Fraction] = {}
    for end, p in shares.items():
        if p:
            x = points(end)
            sums[x] = sums.get(x, Fraction(0)) + p
    total = sum(sums.values(), Fraction(0))
    if total != 1:
        raise InvalidState(
            msg(
                "the combat's ending probabilities sum to {total}, not 1: give odds computed by "
                "combat_odds(...)",
                total=_short(total),
            )
        )
    distribution = dict(sorted(sums.items()))
    expected = sum((x * p for x, p in distribution.items()), Fraction(0))
    likely = max(distribution, key=lambda x: distribution[x])
    chances = semicolons(
        [
            msg("{points} with probability {p}", points=x, p=_short(p))
            for x, p in distribution.items()
        ]
    )
    trace.add(
        RULE,
        msg(
            "Points this combat can earn: {chances}. Most likely {likely}; expected {expected} "
            "(≈{approx}).",
            chances=chances,
            likely=likely,
            expected=_short(expected),
            approx=Decimal(expected, 3),
        ),
    )
    return CombatValour(distribution, expected, trace.steps)
