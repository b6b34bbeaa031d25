"""Seating, predator and prey, ousting and victory points (VTES sections 2.1, 9, 9.1, 9.2).

Players are listed in clockwise seating order; each player's prey is the next player
still in the game (to the left), the predator the previous one (to the right).

:func:`score_game` replays a game's endings in order: each event is one ousting
(a name), a simultaneous ousting (a tuple of names or :class:`Ousting`) or a
:class:`Withdrawal`. It reports every player's victory points and pool gained.

>>> score = score_game(["Ann", "Bob", "Cid"], ["Bob", "Ann"])
>>> score.vp("Cid"), score.pool_gained("Cid"), score.winner
(Fraction(2, 1), 6, 'Cid')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg, msg_n, msg_np, msg_p
from rules.trace import Step, Trace
from rules.validation import fraction, members, shown, sized
from rules.vtes import counts

__all__ = [
    "OUST_POOL",
    "OUST_VP",
    "Ousting",
    "PlayerScore",
    "Score",
    "Withdrawal",
    "predator_of",
    "prey_of",
    "score_game",
]

OUST_VP = 1
"""Victory points for the predator of an ousted player (9.1)."""
OUST_POOL = 6
"""Pool the predator of an ousted player takes from the blood bank (9.1)."""
LAST_STANDING_VP = 1
"""Extra victory point of the last Methuselah left in the game (9.1)."""
WITHDRAWAL_VP = Fraction(1)
"""The rulebook's victory points for a successful withdrawal (tournament rules give 1/2)."""


def _check_seating(seating: Sequence[str]) -> tuple[str, ...]:
    names = sized(msg_p("parameter", "seating"), seating, 0, None)
    if len(names) < 2:
        raise InvalidState(msg("A game needs at least 2 players, got {value}.", value=len(names)))
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise InvalidState(
                msg("Every player needs a non-empty name, got {value}.", value=shown(name))
            )
    if len(set(names)) != len(names):
        raise InvalidState(msg("Two players share a name; give each player a distinct name."))
    return names  # type: ignore[return-value]


def _in_game(names: tuple[str, ...], in_game: Sequence[str] | None) -> tuple[str, ...]:
    if in_game is None:
        return names
    members(msg_p("parameter", "in_game"), in_game, str)
    return tuple(p for p in names if p in in_game)


def _check_player(player: str, seating: Sequence[str], players: Sequence[str]) -> None:
    if not isinstance(player, str) or player not in seating:
        raise InvalidState(
            msg(
                "{value} is not at this table; players: {players}.",
                value=shown(player),
                players=list(seating),
            )
        )
    if player not in players:
        raise IllegalPlay(
            msg(
                "{name} is no longer in the game; still playing: {players}.",
                name=player,
                players=list(players) or msg_p("players", "nobody"),
            )
        )


def prey_of(seating: Sequence[str], player: str, in_game: Sequence[str] | None = None) -> str:
    """The next player to the left of ``player`` among those ``in_game`` (default: all)."""
    names = _check_seating(seating)
    players = _in_game(names, in_game)
    _check_player(player, names, players)
    if len(players) < 2:
        raise IllegalPlay(msg("{name} is alone in the game and has no prey.", name=player))
    i = players.index(player)
    return players[(i + 1) % len(players)]


def predator_of(seating: Sequence[str], player: str, in_game: Sequence[str] | None = None) -> str:
    """The next player to the right of ``player`` among those ``in_game`` (default: all)."""
    names = _check_seating(seating)
    players = _in_game(names, in_game)
    _check_player(player, names, players)
    if len(players) < 2:
        raise IllegalPlay(msg("{name} is alone in the game and has no predator.", name=player))
    i = players.index(player)
    return players[(i - 1) % len(players)]


@dataclass(frozen=True, slots=True)
class Ousting:
    """One or more players ousted at the same time (their pool reached 0)."""

    players: tuple[str, ...]
    by: str = ""
    """Optional, for the story only: who ousted them (points go to the predator anyway)."""

    def __post_init__(self) -> None:
        players = (self.players,) if isinstance(self.players, str) else tuple(self.players)
        if not players:
            raise InvalidState(msg("An ousting needs at least one player."))
        if len(set(players)) != len(players):
            raise InvalidState(msg("A player is listed twice in the same ousting."))
        object.__setattr__(self, "players", players)


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A player's attempt to withdraw (9.2).

    Eligible only with an exhausted library and a hand short of full at the start of the
    turn, announced during the untap phase. Until the player's next untap phase, none of
    their minions may enter combat or lose blood and they may not lose pool, or the
    withdrawal fails (the seed's text stops at the list of conditions; these come from
    the current rulebook).
    """

    player: str
    library_exhausted: bool = True
    hand_short: bool = True
    entered_combat: bool = False
    lost_blood: bool = False
    lost_pool: bool = False


Event = Ousting | Withdrawal | str | Sequence[str]


@dataclass(frozen=True, slots=True)
class PlayerScore:
    name: str
    victory_points: Fraction
    pool_gained: int
    status: Literal["in game", "ousted", "withdrawn", "last standing"]
    left_at: int | None
    """Number of the event (from 1) at which the player left the game, if any."""


@dataclass(frozen=True, slots=True)
class Score:
    """Victory points and pool gained, in seating order."""

    seating: tuple[str, ...]
    players: tuple[PlayerScore, ...]
    remaining: tuple[str, ...]
    prey: tuple[tuple[str, str], ...]
    """(player, prey) among the players still in the game."""
    finished: bool
    """At most one player is left."""
    leaders: tuple[str, ...]
    """The players with the most victory points (several: a tie)."""
    steps: tuple[Step, ...]

    def player(self, name: str) -> PlayerScore:
        for p in self.players:
            if p.name == name:
                return p
        raise InvalidState(
            msg(
                "{value} is not at this table; players: {players}.",
                value=shown(name),
                players=list(self.seating),
            )
        )

    def vp(self, name: str) -> Fraction:
        return self.player(name).victory_points

    def pool_gained(self, name: str) -> int:
        return self.player(name).pool_gained

    @property
    def tie(self) -> bool:
        """The game is over and several players share the most victory points."""
        return self.finished and len(self.leaders) > 1

    @property
    def winner(self) -> str | None:
        """The single player with the most victory points once the game is over."""
        return self.leaders[0] if self.finished and len(self.leaders) == 1 else None


def _as_event(event: Event, number: int) -> Ousting | Withdrawal:
    if isinstance(event, Ousting | Withdrawal):
        return event
    if isinstance(event, str):
        return Ousting((event,))
    if isinstance(event, Sequence) and all(isinstance(p, str) for p in event):
        return Ousting(tuple(event))
    raise InvalidState(
        msg(
            "Event {number} must be a player's name, a list of names ousted together, an "
            "Ousting or a Withdrawal; got {value}.",
            number=number,
            value=shown(event),
        )
    )


def _vp(vp: Fraction) -> Message:
    """Victory points: "1 VP", "1/2 VP" (Russian counts them with the noun's plural forms)."""
    if vp.denominator == 1:
        return msg_n("{n} VP", "{n} VP", vp.numerator)
    return msg_p("victory points", "{vp} VP", vp=str(vp))


def _score(name: str, vp: Fraction) -> Message:
    """A player's score in a summary line: "Ann 2 VP"."""
    if vp.denominator == 1:
        return msg_np("score", "{name} {n} VP", "{name} {n} VP", vp.numerator, name=name)
    return msg_p("score", "{name} {vp} VP", name=name, vp=str(vp))


def _names(names: Sequence[str]) -> Message | str:
    """'A', 'A and B', 'A, B and C'."""
    if len(names) == 1:
        return names[0]
    return msg("{names} and {last}", names=list(names[:-1]), last=names[-1])


def score_game(
    seating: Sequence[str],
    events: Sequence[Event],
    *,
    withdrawal_vp: Fraction | int = WITHDRAWAL_VP,
) -> Score:
    """Replay ``events`` at a table seated clockwise as ``seating``.

    Each ousted player's predator (the nearest player to their right still in the
    game) gains 1 VP and 6 pool, but no pool when ousted at the same moment. The
    last player left gains 1 more VP. ``withdrawal_vp`` is what a successful
    withdrawal earns (1 in the rulebook; tournaments use ``Fraction(1, 2)``).
    """
    names = _check_seating(seating)
    sized(msg_p("parameter", "events"), events, 0, None)
    wvp = fraction(msg_p("parameter", "withdrawal_vp"), withdrawal_vp, Fraction(0), Fraction(10))
    vp: dict[str, Fraction] = {n: Fraction(0) for n in names}
    pool: dict[str, int] = dict.fromkeys(names, 0)
    status: dict[str, Literal["in game", "ousted", "withdrawn", "last standing"]] = dict.fromkeys(
        names, "in game"
    )
    left_at: dict[str, int | None] = dict.fromkeys(names, None)
    in_game = list(names)
    trace = Trace()
    seats = [msg("{name} (prey {prey})", name=p, prey=prey_of(names, p)) for p in names]
    trace.add("vtes:2.1", msg("Seating clockwise: {seats}.", seats=seats))

    for number, raw in enumerate(events, 1):
        if len(in_game) == 1:
            raise IllegalPlay(
                msg(
                    "Event {number} comes after the end of the game: only {name} is left.",
                    number=number,
                    name=in_game[0],
                )
            )
        if not in_game:
            raise IllegalPlay(
                msg(
                    "Event {number} comes after the end of the game: nobody is left.",
                    number=number,
                )
            )
        event = _as_event(raw, number)
        if isinstance(event, Withdrawal):
            player = event.player
            _check_player(player, names, in_game)
            if not (event.library_exhausted and event.hand_short):
                raise IllegalPlay(
                    msg(
                        "{name} cannot withdraw: only a player whose library is exhausted and "
                        "who starts the turn with less than a full hand may announce it (in the "
                        "untap phase).",
                        name=player,
                    )
                )
            broken = [
                said
                for flag, said in (
                    (event.entered_combat, msg("a minion entered combat")),
                    (event.lost_blood, msg("a minion lost blood")),
                    (event.lost_pool, msg("pool was lost")),
                )
                if flag
            ]
            if broken:
                trace.add(
                    "vtes:9.2",
                    msg(
                        "{name}'s withdrawal fails ({broken} before the next untap phase); "
                        "{name} stays in the game.",
                        name=player,
                        broken=broken,
                    ),
                )
                continue
            predator = predator_of(names, player, in_game)
            in_game.remove(player)
            vp[player] += wvp
            status[player] = "withdrawn"
            left_at[player] = number
            trace.add(
                "vtes:9.2",
                msg(
                    "{name} withdraws and gains {vp}; {predator}, the predator, gains neither "
                    "victory points nor pool.",
                    name=player,
                    vp=_vp(wvp),
                    predator=predator,
                ),
            )
            if len(in_game) >= 2:
                trace.add("vtes:2.1", _new_prey(predator, prey_of(names, predator, in_game)))
        else:
            for player in event.players:
                _check_player(player, names, in_game)
            ousted = [p for p in names if p in event.players]
            trace.add("vtes:9.1", _ousting(ousted, event.by))
            for player in ousted:
                predator = predator_of(names, player, in_game)
                vp[predator] += OUST_VP
                if predator in ousted:
                    trace.add(
                        "vtes:9.1",
                        msg(
                            "{name} was {predator}'s prey: {predator} gains {vp} but no pool, "
                            "being ousted at the same time.",
                            name=player,
                            predator=predator,
                            vp=_vp(Fraction(OUST_VP)),
                        ),
                    )
                else:
                    pool[predator] += OUST_POOL
                    trace.add(
                        "vtes:9.1",
                        msg(
                            "{name} was {predator}'s prey: {predator} gains {vp} and {pool} from "
                            "the blood bank.",
                            name=player,
                            predator=predator,
                            vp=_vp(Fraction(OUST_VP)),
                            pool=counts.pool(OUST_POOL),
                        ),
                    )
            survivors = [p for p in in_game if p not in ousted]
            for player in ousted:
                status[player] = "ousted"
                left_at[player] = number
            if len(survivors) >= 2:
                for player in ousted:
                    predator = predator_of(names, player, in_game)
                    if predator in survivors:
                        next_prey = prey_of(names, predator, survivors)
                        trace.add("vtes:9.1", _new_prey(predator, next_prey))
            in_game = survivors
        if len(in_game) == 1:
            last = in_game[0]
            vp[last] += LAST_STANDING_VP
            status[last] = "last standing"
            trace.add(
                "vtes:9.1",
                msg_n(
                    "{name} is the last Methuselah left and gains {n} more VP; the game ends.",
                    "{name} is the last Methuselah left and gains {n} more VP; the game ends.",
                    LAST_STANDING_VP,
                    name=last,
                ),
            )
        elif not in_game:
            trace.add("vtes:9.1", msg("Nobody is left: the game ends."))

    finished = len(in_game) <= 1
    best = max(vp.values())
    leaders = tuple(p for p in names if vp[p] == best)
    summary = [_score(p, vp[p]) for p in names]
    if not finished:
        said = msg(
            "Score so far: {summary}; still playing: {players}.",
            summary=summary,
            players=list(in_game),
        )
    elif len(leaders) == 1:
        said = msg(
            "Final score: {summary}. {winner} wins, ousted or not.",
            summary=summary,
            winner=leaders[0],
        )
    else:
        said = msg(
            "Final score: {summary}. A tie between {leaders}.",
            summary=summary,
            leaders=_names(leaders),
        )
    trace.add("vtes:9.1", said)
    prey = tuple((p, prey_of(names, p, in_game)) for p in in_game) if len(in_game) >= 2 else ()
    return Score(
        seating=names,
        players=tuple(PlayerScore(p, vp[p], pool[p], status[p], left_at[p]) for p in names),
        remaining=tuple(in_game),
        prey=prey,
        finished=finished,
        leaders=leaders,
        steps=trace.steps,
    )


def _new_prey(predator: str, prey: str) -> Message:
    return msg("{predator}'s new prey is {prey}.", predator=predator, prey=prey)


def _ousting(ousted: Sequence[str], by: str) -> Message:
    """The step that ousts ``ousted`` (one player, or several at the same time)."""
    if len(ousted) == 1:
        if by:
            return msg("{name} is ousted by {by}: pool at 0.", name=ousted[0], by=by)
        return msg("{name} is ousted: pool at 0.", name=ousted[0])
    names = _names(ousted)
    if by:
        return msg("{names} are ousted by {by} at the same time: pool at 0.", names=names, by=by)
    return msg("{names} are ousted at the same time: pool at 0.", names=names)
