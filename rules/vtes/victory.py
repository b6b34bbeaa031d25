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
from rules.trace import Step, Trace
from rules.validation import fraction, members, sized
from rules.vtes import ru_words as ru

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
    names = sized("seating", seating, 0, None, ru="Рассадка (seating)")
    if len(names) < 2:
        raise InvalidState(
            f"A game needs at least 2 players, got {len(names)}.",
            ru=f"Для игры нужно не меньше 2 игроков, а указано {len(names)}.",
        )
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise InvalidState(
                f"Every player needs a non-empty name, got {name!r}.",
                ru=f"У каждого игрока должно быть непустое имя, а получено {name!r}.",
            )
    if len(set(names)) != len(names):
        raise InvalidState(
            "Two players share a name; give each player a distinct name.",
            ru="У двух игроков одно и то же имя; дайте каждому игроку своё имя.",
        )
    return names  # type: ignore[return-value]


def _in_game(names: tuple[str, ...], in_game: Sequence[str] | None) -> tuple[str, ...]:
    if in_game is None:
        return names
    members("in_game", in_game, str, ru="Игроки в игре (in_game)")
    return tuple(p for p in names if p in in_game)


def _check_player(player: str, seating: Sequence[str], players: Sequence[str]) -> None:
    if not isinstance(player, str) or player not in seating:
        raise InvalidState(
            f"{player!r} is not at this table; players: {', '.join(seating)}.",
            ru=f"{player!r} не сидит за этим столом; игроки: {', '.join(seating)}.",
        )
    if player not in players:
        raise IllegalPlay(
            f"{player} is no longer in the game; still playing: {', '.join(players) or 'nobody'}.",
            ru=f"{player} уже выбыл из игры; в игре остаются: {', '.join(players) or 'никто'}.",
        )


def prey_of(seating: Sequence[str], player: str, in_game: Sequence[str] | None = None) -> str:
    """The next player to the left of ``player`` among those ``in_game`` (default: all)."""
    names = _check_seating(seating)
    players = _in_game(names, in_game)
    _check_player(player, names, players)
    if len(players) < 2:
        raise IllegalPlay(
            f"{player} is alone in the game and has no prey.",
            ru=f"{player} остался в игре один, и жертвы у него нет.",
        )
    i = players.index(player)
    return players[(i + 1) % len(players)]


def predator_of(seating: Sequence[str], player: str, in_game: Sequence[str] | None = None) -> str:
    """The next player to the right of ``player`` among those ``in_game`` (default: all)."""
    names = _check_seating(seating)
    players = _in_game(names, in_game)
    _check_player(player, names, players)
    if len(players) < 2:
        raise IllegalPlay(
            f"{player} is alone in the game and has no predator.",
            ru=f"{player} остался в игре один, и хищника у него нет.",
        )
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
            raise InvalidState(
                "An ousting needs at least one player.",
                ru="В вытеснении должен участвовать хотя бы один игрок.",
            )
        if len(set(players)) != len(players):
            raise InvalidState(
                "A player is listed twice in the same ousting.",
                ru="Один и тот же игрок указан дважды в одном вытеснении.",
            )
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
            f"{name!r} is not at this table; players: {', '.join(self.seating)}.",
            ru=f"{name!r} не сидит за этим столом; игроки: {', '.join(self.seating)}.",
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
        f"Event {number} must be a player's name, a list of names ousted together, "
        f"an Ousting or a Withdrawal; got {event!r}.",
        ru=f"Событие {number} должно быть именем игрока, списком имён игроков, вытесненных "
        f"одновременно, значением Ousting или Withdrawal; получено {event!r}.",
    )


def _vp_text(vp: Fraction) -> str:
    return str(vp.numerator) if vp.denominator == 1 else f"{vp.numerator}/{vp.denominator}"


def _vp_short_ru(vp: Fraction) -> str:
    """A score in a summary line: 1 очко, 2 очка, 5 очков, 1/2 очка."""
    if vp.denominator != 1:
        return f"{_vp_text(vp)} очка"
    return ru.count(vp.numerator, "очко", "очка", "очков")


def _names_ru(names: Sequence[str]) -> str:
    """'A', 'A и B', 'A, B и C'."""
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} и {names[-1]}"


def _players_ru(names: Sequence[str]) -> str:
    """'игрок A' or 'игроки A и B' (the nouns carry the grammar; names stay as given)."""
    return f"{'игрок' if len(names) == 1 else 'игроки'} {_names_ru(names)}"


_BROKEN_RU = {
    "a minion entered combat": "миньон вступил в бой",
    "a minion lost blood": "миньон потерял кровь",
    "pool was lost": "потерян пул",
}


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
    sized("events", events, 0, None, ru="События (events)")
    wvp = fraction(
        "withdrawal_vp", withdrawal_vp, Fraction(0), Fraction(10), ru="Очки за отступление"
    )
    if wvp < 0:
        raise InvalidState(
            f"Withdrawal victory points cannot be negative, got {wvp}.",
            ru=f"Победные очки за отступление не могут быть отрицательными, а получено {wvp}.",
        )
    vp: dict[str, Fraction] = {n: Fraction(0) for n in names}
    pool: dict[str, int] = dict.fromkeys(names, 0)
    status: dict[str, Literal["in game", "ousted", "withdrawn", "last standing"]] = dict.fromkeys(
        names, "in game"
    )
    left_at: dict[str, int | None] = dict.fromkeys(names, None)
    in_game = list(names)
    trace = Trace()
    trace.add(
        "vtes:2.1",
        "Seating clockwise: " + ", ".join(f"{p} (prey {prey_of(names, p)})" for p in names) + ".",
        "Рассадка по часовой стрелке: "
        + ", ".join(f"{p} (жертва — {prey_of(names, p)})" for p in names)
        + ".",
    )

    for number, raw in enumerate(events, 1):
        if len(in_game) <= 1:
            raise IllegalPlay(
                f"Event {number} comes after the end of the game: only "
                f"{', '.join(in_game) or 'nobody'} is left.",
                ru=f"Событие {number} идёт после конца игры: "
                + (f"в игре остался только {in_game[0]}." if in_game else "в игре никого нет."),
            )
        event = _as_event(raw, number)
        if isinstance(event, Withdrawal):
            player = event.player
            _check_player(player, names, in_game)
            if not (event.library_exhausted and event.hand_short):
                raise IllegalPlay(
                    f"{player} cannot withdraw: only a player whose library is exhausted and "
                    "who starts the turn with less than a full hand may announce it "
                    "(in the untap phase).",
                    ru=f"{player} не может отступить из игры: объявить отступление (в фазе "
                    "антапа) может только игрок, у которого кончилась библиотека и который "
                    "начинает ход с неполной рукой.",
                )
            broken = [
                text
                for flag, text in (
                    (event.entered_combat, "a minion entered combat"),
                    (event.lost_blood, "a minion lost blood"),
                    (event.lost_pool, "pool was lost"),
                )
                if flag
            ]
            if broken:
                trace.add(
                    "vtes:9.2",
                    f"{player}'s withdrawal fails ({', '.join(broken)} before the next untap "
                    f"phase); {player} stays in the game.",
                    f"Отступление игрока {player} срывается "
                    f"({', '.join(_BROKEN_RU[b] for b in broken)} до следующей фазы антапа); "
                    f"{player} остаётся в игре.",
                )
                continue
            predator = predator_of(names, player, in_game)
            in_game.remove(player)
            vp[player] += wvp
            status[player] = "withdrawn"
            left_at[player] = number
            trace.add(
                "vtes:9.2",
                f"{player} withdraws and gains {_vp_text(wvp)} VP; {predator}, the predator, "
                "gains neither victory points nor pool.",
                f"{player} отступает из игры и получает {ru.victory_points(wvp)}; хищник, "
                f"{predator}, не получает ни победных очков, ни пула.",
            )
            if len(in_game) >= 2:
                trace.add(
                    "vtes:2.1",
                    f"{predator}'s new prey is {prey_of(names, predator, in_game)}.",
                    f"Новая жертва игрока {predator} — {prey_of(names, predator, in_game)}.",
                )
        else:
            for player in event.players:
                _check_player(player, names, in_game)
            ousted = [p for p in names if p in event.players]
            together = len(ousted) > 1
            by = f" by {event.by}" if event.by else ""
            at_once = " одновременно" if together else ""
            if event.by:
                who = f"{'игроков' if together else 'игрока'} {_names_ru(ousted)}"
                ousting_ru = f"{event.by}{at_once} вытесняет из игры {who}: пул на нуле."
            else:
                verb = "вытеснены" if together else "вытеснен"
                ousting_ru = f"Из игры{at_once} {verb} {_players_ru(ousted)}: пул на нуле."
            trace.add(
                "vtes:9.1",
                f"{' and '.join(ousted)} {'are' if together else 'is'} ousted{by}"
                f"{' at the same time' if together else ''}: pool at 0.",
                ousting_ru,
            )
            for player in ousted:
                predator = predator_of(names, player, in_game)
                vp[predator] += OUST_VP
                if predator in ousted:
                    trace.add(
                        "vtes:9.1",
                        f"{player} was {predator}'s prey: {predator} gains 1 VP but no pool, "
                        "being ousted at the same time.",
                        f"Игрок {player} был жертвой игрока {predator}: {predator} получает "
                        f"{ru.victory_points(OUST_VP)}, но пула не получает, потому что "
                        "выбывает одновременно со своей жертвой.",
                    )
                else:
                    pool[predator] += OUST_POOL
                    trace.add(
                        "vtes:9.1",
                        f"{player} was {predator}'s prey: {predator} gains 1 VP and "
                        f"{OUST_POOL} pool from the blood bank.",
                        f"Игрок {player} был жертвой игрока {predator}: {predator} получает "
                        f"{ru.victory_points(OUST_VP)} и {ru.pool(OUST_POOL)} из банка крови.",
                    )
            survivors = [p for p in in_game if p not in ousted]
            for player in ousted:
                status[player] = "ousted"
                left_at[player] = number
            if len(survivors) >= 2:
                for player in ousted:
                    predator = predator_of(names, player, in_game)
                    if predator in survivors:
                        trace.add(
                            "vtes:9.1",
                            f"{predator}'s new prey is {prey_of(names, predator, survivors)}.",
                            f"Новая жертва игрока {predator} — "
                            f"{prey_of(names, predator, survivors)}.",
                        )
            in_game = survivors
        if len(in_game) == 1:
            last = in_game[0]
            vp[last] += LAST_STANDING_VP
            status[last] = "last standing"
            trace.add(
                "vtes:9.1",
                f"{last} is the last Methuselah left and gains 1 more VP; the game ends.",
                f"{last} — последний оставшийся Метузела и получает ещё "
                f"{ru.victory_points(LAST_STANDING_VP)}; игра окончена.",
            )
        elif not in_game:
            trace.add(
                "vtes:9.1",
                "Nobody is left: the game ends.",
                "Никого не осталось: игра окончена.",
            )

    finished = len(in_game) <= 1
    best = max(vp.values())
    leaders = tuple(p for p in names if vp[p] == best)
    summary = ", ".join(f"{p} {_vp_text(vp[p])} VP" for p in names)
    summary_ru = ", ".join(f"{p} — {_vp_short_ru(vp[p])}" for p in names)
    if finished:
        if len(leaders) == 1:
            text = f"Final score: {summary}. {leaders[0]} wins, ousted or not."
            text_ru = (
                f"Итоговый счёт: {summary_ru}. Побеждает {leaders[0]}, и неважно, был ли "
                "этот игрок вытеснен."
            )
        else:
            text = f"Final score: {summary}. A tie between {' and '.join(leaders)}."
            text_ru = f"Итоговый счёт: {summary_ru}. Ничья между игроками {_names_ru(leaders)}."
    else:
        text = f"Score so far: {summary}; still playing: {', '.join(in_game)}."
        text_ru = f"Счёт на данный момент: {summary_ru}; в игре остаются: {', '.join(in_game)}."
    trace.add("vtes:9.1", text, text_ru)
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
