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
from rules.dracula.ru import plural
from rules.errors import InvalidState
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
_AWARD_RU: dict[str, str] = {
    "rats_unhurt": "засада с Крысами без ран",
    "wolves_unhurt": "засада с Волками без ран",
    "minion_beaten": "Миньон побеждён в бою",
    "assassin_beaten": "Ассасин побеждён в бою",
    "castle_dracula": "вход в Замок Дракулы",
    "final_stand": "сыгран «Последний рывок» (выжил Охотник или нет)",
    "new_vampire_destroyed": "уничтожена засада с Новым Вампиром",
    "attack_on_dracula": "нападение на Дракулу (его нападения не в счёт)",
    "blood_taken": "единица Крови, снятая с Дракулы в бою",
    "final_blow": "последний удар, уничтоживший Дракулу",
}


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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _points_ru(n: int) -> str:
    """``1 Очко Доблести``, ``2 Очка Доблести``, ``5 Очков Доблести``."""
    return plural(n, "Очко Доблести", "Очка Доблести", "Очков Доблести")


def _check_count(hunter: str, event: ValourEvent) -> Award:
    award = AWARD_BY_KEY.get(event.key) if isinstance(event.key, str) else None
    if award is None:
        raise InvalidState(
            f"{hunter}: unknown Valour award {event.key!r}; allowed: {', '.join(AWARD_BY_KEY)}",
            ru=f"{hunter}: неизвестная награда за Доблесть {event.key!r}; допустимы: "
            + "; ".join(f"{k} — {_AWARD_RU[k]}" for k in AWARD_BY_KEY),
        )
    count = event.count
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise InvalidState(
            f"{hunter}: the count of '{award.name}' must be a whole number 0 or more, "
            f"not {count!r}",
            ru=f"{hunter}: число событий «{_AWARD_RU[award.key]}» должно быть целым, 0 или больше, "
            f"а не {count!r}",
        )
    if award.max_per_event is not None and count > award.max_per_event:
        if award.per == PER_BLOOD:
            raise InvalidState(
                f"{hunter}: {count} blood points taken in one combat is impossible: Dracula "
                f"has at most {MAX_BLOOD} blood, so one combat takes 0..{MAX_BLOOD}; give one "
                "event per combat",
                ru=f"{hunter}: снять {count} ед. Крови за один бой невозможно: у Дракулы не "
                f"больше {MAX_BLOOD} Крови, поэтому за бой снимается 0..{MAX_BLOOD}; укажите "
                "отдельное событие для каждого боя",
            )
        raise InvalidState(
            f"{hunter}: '{award.name}' scores once per game: its count must be 0 or 1, not {count}",
            ru=f"{hunter}: «{_AWARD_RU[award.key]}» засчитывается раз за игру: число должно быть "
            f"0 или 1, а не {count}",
        )
    return award


def valour_tally(hunter: str, events: Sequence[ValourEvent]) -> ValourTally:
    """Add up one hunter's Valour points, one trace step per award that scored."""
    if not isinstance(hunter, str) or not hunter.strip():
        raise InvalidState(
            "each hunter needs a name (a non-empty text) for the Valour tally",
            ru="для подсчёта Доблести у каждого Охотника должно быть имя (непустой текст)",
        )
    hunter = hunter.strip()
    sized("events", events, 0, None, ru=f"{hunter}: события Доблести (events)")
    counts: dict[str, int] = {}
    events_n: dict[str, int] = {}
    for event in events:
        if not isinstance(event, ValourEvent):
            raise InvalidState(
                f"{hunter}: a Valour event must be a ValourEvent(key, count), not {event!r}",
                ru=f"{hunter}: событие Доблести должно быть ValourEvent(key, count), "
                f"а не {event!r}",
            )
        award = _check_count(hunter, event)
        counts[award.key] = counts.get(award.key, 0) + event.count
        events_n[award.key] = events_n.get(award.key, 0) + (1 if event.count else 0)
    for award in AWARDS:
        if award.once_per_game and counts.get(award.key, 0) > 1:
            raise InvalidState(
                f"{hunter}: '{award.name}' scores at most once per game, but it is counted "
                f"{counts[award.key]} times; allowed: 0 or 1",
                ru=f"{hunter}: «{_AWARD_RU[award.key]}» засчитывается не больше раза за игру, "
                f"а указано {plural(counts[award.key], 'раз', 'раза', 'раз')}; допустимо: 0 или 1",
            )
    trace = Trace()
    lines = []
    for award in AWARDS:
        count = counts.get(award.key, 0)
        if not count:
            continue
        points = count * award.points
        lines.append(ValourLine(award, count, events_n[award.key], points))
        once = " (once per game)" if award.once_per_game else ""
        once_ru = " (раз за игру)" if award.once_per_game else ""
        what = f"{award.name}{once}"
        what_ru = f"{_AWARD_RU.get(award.key, award.name)}{once_ru}"
        if award.per == PER_BLOOD:
            what = f"blood points taken from Dracula over {_plural(events_n[award.key], 'combat')}"
            what_ru = "единицы Крови, снятые с Дракулы за " + plural(
                events_n[award.key], "бой", "боя", "боёв"
            )
        trace.add(
            RULE,
            f"{hunter}: {what}: {count} × {award.points} = {points} Valour points.",
            f"{hunter}: {what_ru}: {count} × {award.points} = {_points_ru(points)}.",
        )
    total = sum(line.points for line in lines)
    if lines:
        trace.add(
            RULE,
            f"{hunter} has {total} Valour points in all.",
            f"{hunter}: всего {_points_ru(total)}.",
        )
    else:
        trace.add(
            RULE,
            f"{hunter} has no Valour awards: 0 points.",
            f"{hunter}: наград за Доблесть нет, 0 очков.",
        )
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
            f"hunters must map each hunter's name to their Valour events, got {shown(hunters)}",
            ru="Охотники (hunters): нужно соответствие «имя Охотника -> события Доблести», "
            f"а получено {shown(hunters)}",
        )
    flag("hunters_won", hunters_won, ru="Охотники победили (hunters_won)")
    if not 1 <= len(hunters) <= MAX_HUNTERS:
        raise InvalidState(
            f"give 1 to {MAX_HUNTERS} hunters for a Valour standing, not {len(hunters)}",
            ru=f"для итогов Доблести нужно от 1 до {MAX_HUNTERS} Охотников, а не {len(hunters)}",
        )
    tallies = tuple(valour_tally(name, events) for name, events in hunters.items())
    names = [t.hunter for t in tallies]
    doubles = sorted({n for n in names if names.count(n) > 1})
    if doubles:
        raise InvalidState(
            f"each hunter may appear once; repeated: {', '.join(doubles)}",
            ru=f"каждый Охотник может быть указан только один раз; повторены: {', '.join(doubles)}",
        )
    blows = [t.hunter for t in tallies if t.count("final_blow")]
    if len(blows) > 1:
        raise InvalidState(
            f"only one hunter can strike the final blow, but {', '.join(blows)} all have it",
            ru="последний удар может нанести только один Охотник, а он указан у "
            f"нескольких: {', '.join(blows)}",
        )
    if blows and not hunters_won:
        raise InvalidState(
            f"{blows[0]} has the final blow, so Dracula was destroyed and the hunters won; "
            "either mark the hunters as winners or remove the final blow",
            ru=f"у Охотника {blows[0]} указан последний удар, значит Дракула уничтожен и "
            "Охотники победили; либо отметьте победу Охотников, либо уберите последний удар",
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
            "Dracula won the game: Valour points only pick a winner among the hunters when "
            "the hunters win, so no hunter wins.",
            "Партию выиграл Дракула: Очки Доблести выбирают победителя среди Охотников, только "
            "если победили Охотники, поэтому победителя-Охотника нет.",
        )
    elif tie:
        trace.add(
            RULE,
            f"Tie: {', '.join(leaders)} share the top score of {top} points. The rules give "
            "no tie-break, so the tie stands (our stated assumption).",
            f"Ничья: лучший результат, {_points_ru(top)}, у нескольких Охотников: "
            f"{', '.join(leaders)}. Способа разрешить ничью правила не дают, поэтому она "
            "остаётся (наше явное допущение).",
        )
    else:
        winner = leaders[0]
        trace.add(
            RULE,
            f"The hunters won: {winner} has the most Valour points ({top}).",
            f"Охотники победили; больше всех Очков Доблести ({top}) у Охотника {winner}.",
        )
    return ValourStanding(tallies, ranking, leaders, winner, tie, hunters_won, trace.steps)


# -- the Valour of one combat -----------------------------------------------------------------


def dracula_combat_points(*, blood_taken: int, destroyed: bool, attacked: bool) -> int:
    """Valour of one combat against Dracula: 5 per blood point taken, 10 for the final blow,
    5 if the hunter made the attack."""
    whole("blood taken in one combat", blood_taken, 0, MAX_BLOOD, ru="Кровь, снятая за бой")
    flag("destroyed", destroyed, ru="Дракула уничтожен (destroyed)")
    flag("attacked", attacked, ru="Охотник атаковал (attacked)")
    a = AWARD_BY_KEY
    return (
        blood_taken * a["blood_taken"].points
        + (a["final_blow"].points if destroyed else 0)
        + (a["attack_on_dracula"].points if attacked else 0)
    )


def agent_combat_points(*, killed: bool, minion: bool, assassin: bool) -> int:
    """Valour of one combat against an agent: 2 for a Minion beaten, 3 for an Assassin."""
    flag("killed", killed, ru="Агент убит (killed)")
    flag("minion", minion, ru="Миньон (minion)")
    flag("assassin", assassin, ru="Ассасин (assassin)")
    if minion and assassin:
        raise InvalidState(
            "an agent is a Minion or an Assassin, not both",
            ru="Агент бывает Миньоном или Ассасином, но не тем и другим сразу",
        )
    if not killed:
        return 0
    if minion:
        return AWARD_BY_KEY["minion_beaten"].points
    if assassin:
        return AWARD_BY_KEY["assassin_beaten"].points
    return 0


def _short(p: Fraction) -> str:
    """A probability for a trace line: exact when short, a decimal otherwise."""
    if max(p.numerator.bit_length(), p.denominator.bit_length()) <= 64:
        return str(p)
    return f"≈{float(p):.6g}"


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
        raise InvalidState(
            "give the combat's odds as computed by combat_odds(...)",
            ru="передайте шансы боя, вычисленные функцией combat_odds(...)",
        )
    present("opponent", opponent, Opponent, ru="противник (opponent)")
    flag("hunter_attacked", hunter_attacked, ru="Охотник атаковал (hunter_attacked)")
    flag("assassin", assassin, ru="Ассасин (assassin)")
    kinds = set(odds.outcomes)
    trace = Trace()
    if opponent.is_dracula:
        if "killed" in kinds:
            raise InvalidState(
                "these odds are for a combat against an agent (an agent can be killed), "
                "but the opponent given is Dracula; give the opponent the odds were computed for",
                ru="эти шансы относятся к бою с Агентом (Агента можно убить), а противником "
                "указан Дракула; укажите того противника, для которого шансы вычислены",
            )
        if assassin:
            raise InvalidState(
                "the Assassin flag is for agents; Dracula is not an Assassin",
                ru="отметка «Ассасин» только для Агентов; Дракула не Ассасин",
            )
        whole(
            "Dracula's blood at the start of the combat",
            blood,
            1,
            MAX_BLOOD,
            ru="Кровь Дракулы в начале боя",
        )
        most = max((b for b, p in odds.blood.items() if p), default=0)
        if most > blood:
            raise InvalidState(
                f"these odds let the combat end with Dracula at {most} blood, more than the "
                f"starting {blood} given: give the starting blood the odds were computed with "
                f"({most}..{MAX_BLOOD})",
                ru=f"по этим шансам бой может закончиться с Кровью Дракулы {most}, а это больше "
                f"указанной начальной Крови {blood}; укажите начальную Кровь, с которой шансы "
                f"вычислены ({most}..{MAX_BLOOD})",
            )
        a = AWARD_BY_KEY
        trace.add(
            RULE,
            f"Valour against Dracula (starting at {blood} blood): "
            f"{a['blood_taken'].points} points per blood point he loses in the combat, "
            f"{a['final_blow'].points} more for the final blow if he is destroyed, and "
            + (
                f"{a['attack_on_dracula'].points} for the attack, since the hunter attacked him."
                if hunter_attacked
                else "no attack points (Dracula started this combat; his attacks do not score)."
            ),
            f"Доблесть в бою с Дракулой (Кровь в начале боя: {blood}): "
            f"{_points_ru(a['blood_taken'].points)} за каждую единицу Крови, которую он "
            f"теряет в бою, ещё {a['final_blow'].points} за последний удар, если он уничтожен, и "
            + (
                f"{a['attack_on_dracula'].points} за нападение, ведь Охотник напал на него сам."
                if hunter_attacked
                else "ничего за нападение (бой начал Дракула; его нападения не в счёт)."
            ),
        )
        trace.add(
            "dracula:blood-track",
            "Blood taken is the blood he actually loses: a Killed result counts only the drop "
            "to the next red mark (for example 12 to 10 is 2 blood points).",
            "Снятая Кровь — это Кровь, которую Дракула действительно теряет: результат «Убит» "
            "засчитывает лишь падение до следующего красного деления (например, с 12 до 10 — "
            "это 2 единицы).",
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
                "these odds are for a combat against Dracula (he can be destroyed), but the "
                "opponent given is an agent; give the opponent the odds were computed for",
                ru="эти шансы относятся к бою с Дракулой (его можно уничтожить), а противником "
                "указан Агент; укажите того противника, для которого шансы вычислены",
            )
        if hunter_attacked:
            raise InvalidState(
                "the attack award is for attacks on Dracula only; against an agent leave it off",
                ru="награда за нападение даётся только за нападение на Дракулу; в бою с Агентом "
                "не отмечайте её",
            )
        minion = opponent.minion
        value = agent_combat_points(killed=True, minion=minion, assassin=assassin)
        who = "neither a Minion nor an Assassin"
        who_ru = "не Миньон и не Ассасин"
        if minion or assassin:
            who = "a Minion" if minion else "an Assassin"
            who_ru = "Миньон" if minion else "Ассасин"
        name_ru = "" if opponent.name in ("", "Agent") else f" {opponent.name}"
        trace.add(
            RULE,
            f"Valour against {opponent.name or 'the agent'}, {who}: "
            + (
                f"{value} points if the agent is killed, 0 otherwise."
                if value
                else "killing it scores no Valour points."
            ),
            f"Доблесть в бою с Агентом{name_ru} ({who_ru}): "
            + (
                f"{_points_ru(value)}, если Агент убит, иначе 0."
                if value
                else "за его убийство Очки Доблести не даются."
            ),
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
            f"the combat's ending probabilities sum to {_short(total)}, not 1: give odds "
            "computed by combat_odds(...)",
            ru=f"сумма вероятностей исходов боя равна {_short(total)}, а не 1: передайте шансы, "
            "вычисленные функцией combat_odds(...)",
        )
    distribution = dict(sorted(sums.items()))
    expected = sum((x * p for x, p in distribution.items()), Fraction(0))
    likely = max(distribution, key=lambda x: distribution[x])
    trace.add(
        RULE,
        "Points this combat can earn: "
        + "; ".join(f"{x} with probability {_short(p)}" for x, p in distribution.items())
        + f". Most likely {likely}; expected {_short(expected)} (≈{float(expected):.3f}).",
        "Сколько очков может дать этот бой: "
        + "; ".join(f"{x} с вероятностью {_short(p)}" for x, p in distribution.items())
        + f". Вероятнее всего {likely}; в среднем {_short(expected)} (≈{float(expected):.3f}).",
    )
    return CombatValour(distribution, expected, trace.steps)
