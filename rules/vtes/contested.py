"""Contested unique cards and titles (VTES sections 4, 4.1, 4.2).

During each of your untap phases, every contest you take part in must be paid for
or yielded: 1 pool for each contested card, 1 blood from the vampire for each
contested title. A yielded card burns with everything on it; a yielded title is
simply lost. When all your rivals have yielded, your card turns face up and untaps
(or your vampire takes the title) at your untap phase.

>>> r = untap_contests(pool=5, cards=[ContestedCard("Elysium: The Arboretum")])
>>> r.pool, r.cards_kept
(4, ('Elysium: The Arboretum',))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.errors import IllegalPlay, InvalidState
from rules.trace import Step, Trace
from rules.validation import flag, members
from rules.vtes import ru_words as ru
from rules.vtes.models import check_count

__all__ = [
    "CARD_CONTEST_POOL",
    "TITLE_CONTEST_BLOOD",
    "ContestUpkeep",
    "ContestedCard",
    "ContestedTitle",
    "UniqueEntry",
    "unique_card_enters",
    "untap_contests",
]

CARD_CONTEST_POOL = 1
"""Pool paid at each of your untap phases for each contested card you keep (4.1)."""
TITLE_CONTEST_BLOOD = 1
"""Blood the vampire pays at each of its controller's untap phases per contested title (4.2)."""


@dataclass(frozen=True, slots=True)
class ContestedCard:
    """A unique card of yours in a contest; ``rivals``: other copies still contesting it."""

    name: str
    rivals: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidState(
                f"A contested card needs a name, got {self.name!r}.",
                ru=f"У оспариваемой карты должно быть название, а получено {self.name!r}.",
            )
        check_count(
            f"Rivals contesting {self.name}",
            self.rivals,
            what_ru=f"Соперники в контесте за карту {self.name}",
        )


@dataclass(frozen=True, slots=True)
class ContestedTitle:
    """A title one of your vampires contests; ``ready`` is false while it is in torpor."""

    title: str
    vampire: str
    blood: int
    ready: bool = True
    rivals: int = 1

    def __post_init__(self) -> None:
        for what, what_ru, value in (
            ("title", "название титула", self.title),
            ("vampire", "имя вампира", self.vampire),
        ):
            if not isinstance(value, str) or not value.strip():
                raise InvalidState(
                    f"A contested title needs a {what} name, got {value!r}.",
                    ru=f"Для оспариваемого титула нужно {what_ru}, а получено {value!r}.",
                )
        check_count(f"{self.vampire}'s blood", self.blood, what_ru=f"Кровь вампира {self.vampire}")
        check_count(
            f"Rivals contesting {self.title}",
            self.rivals,
            what_ru=f"Соперники в контесте за титул {self.title}",
        )


@dataclass(frozen=True, slots=True)
class ContestUpkeep:
    """What one untap phase's contests cost and decided."""

    pool: int
    """Pool afterwards; 0 means the Methuselah is ousted by paying."""
    pool_paid: int
    blood: tuple[tuple[str, int], ...]
    """(vampire, blood afterwards) for every vampire with a contested title."""
    blood_paid: int
    cards_kept: tuple[str, ...]
    cards_yielded: tuple[str, ...]
    cards_won: tuple[str, ...]
    titles_kept: tuple[str, ...]
    titles_yielded: tuple[str, ...]
    titles_won: tuple[str, ...]
    forced_yields: tuple[str, ...]
    """Titles yielded because the vampire was in torpor or had no blood left."""
    ousted: bool
    steps: tuple[Step, ...]


def untap_contests(
    *,
    pool: int,
    cards: Sequence[ContestedCard] = (),
    titles: Sequence[ContestedTitle] = (),
    yield_cards: Sequence[str] = (),
    yield_titles: Sequence[str] = (),
) -> ContestUpkeep:
    """Settle your contests at your untap phase: pay, yield, or win when every rival yielded.

    ``yield_cards``/``yield_titles`` name what you choose to give up. A vampire in torpor
    or without blood yields its title whether you list it or not.
    """
    check_count("Your pool", pool, what_ru="Ваш пул")
    cards = members("cards", cards, ContestedCard, ru="Оспариваемые карты")
    titles = members("titles", titles, ContestedTitle, ru="Оспариваемые титулы")
    members("yield_cards", yield_cards, str, ru="Уступаемые карты")
    members("yield_titles", yield_titles, str, ru="Уступаемые титулы")
    card_names = [c.name for c in cards]
    title_names = [t.title for t in titles]
    for kind, twice_ru, listed in (
        ("card", "Одна и та же оспариваемая карта указана дважды", card_names),
        ("title", "Один и тот же оспариваемый титул указан дважды", title_names),
    ):
        if len(set(listed)) != len(listed):
            raise InvalidState(
                f"A contested {kind} is listed twice; list each once.",
                ru=f"{twice_ru}; укажите каждый пункт один раз.",
            )
    for name in yield_cards:
        if name not in card_names:
            raise InvalidState(
                f"You cannot yield {name!r}: it is not among your contested cards "
                f"({', '.join(card_names) or 'none'}).",
                ru=f"Нельзя уступить {name!r}: этой карты нет среди ваших оспариваемых карт "
                f"({', '.join(card_names) or 'их нет'}).",
            )
    for name in yield_titles:
        if name not in title_names:
            raise InvalidState(
                f"You cannot yield the title {name!r}: it is not among your contested titles "
                f"({', '.join(title_names) or 'none'}).",
                ru=f"Нельзя уступить титул {name!r}: его нет среди ваших оспариваемых титулов "
                f"({', '.join(title_names) or 'их нет'}).",
            )
    blood: dict[str, int] = {}
    for t in titles:
        if blood.setdefault(t.vampire, t.blood) != t.blood:
            raise InvalidState(
                f"{t.vampire} is given two different blood amounts.",
                ru=f"Для вампира {t.vampire} указаны два разных количества крови.",
            )

    trace = Trace()
    trace.add(
        "vtes:4",
        "Untap phase: every contest you take part in is paid for or yielded.",
        "Фаза антапа: за каждый контест с вашим участием нужно заплатить или уступить.",
    )
    kept: list[str] = []
    yielded: list[str] = []
    won: list[str] = []
    for card in cards:
        if card.rivals == 0:
            won.append(card.name)
            trace.add(
                "vtes:4.1",
                f"Every rival copy of {card.name} was yielded: your copy untaps and turns face "
                "up, and the contest ends with nothing to pay.",
                f"Все соперники уступили свои экземпляры карты {card.name}: ваш экземпляр "
                "антапается и открывается, контест завершён, платить ничего не нужно.",
            )
        elif card.name in yield_cards:
            yielded.append(card.name)
            trace.add(
                "vtes:4.1",
                f"You yield {card.name}: your copy burns with every card and counter on it.",
                f"Вы уступаете карту {card.name}: ваш экземпляр сгорает вместе со всеми картами "
                "и жетонами на нём.",
            )
        else:
            kept.append(card.name)
    pool_cost = CARD_CONTEST_POOL * len(kept)
    if pool_cost > pool:
        kept_ru = ru.count(
            len(kept), "оспариваемую карту", "оспариваемые карты", "оспариваемых карт"
        )
        raise IllegalPlay(
            f"Keeping {len(kept)} contested card(s) costs {pool_cost} pool but you have "
            f"{pool}; yield at least {len(kept) - pool // CARD_CONTEST_POOL} of them.",
            ru=f"Сохранить {kept_ru} стоит {ru.pool(pool_cost)}, а у вас {pool}; уступите хотя бы "
            f"{len(kept) - pool // CARD_CONTEST_POOL} из них.",
        )
    for name in kept:
        trace.add(
            "vtes:4.1",
            f"You pay {CARD_CONTEST_POOL} pool to keep contesting {name}; it stays face down "
            "and out of play.",
            f"Вы платите {ru.pool(CARD_CONTEST_POOL)}, чтобы продолжить контест за карту "
            f"{name}; она остаётся рубашкой вверх и вне игры.",
        )
    pool_after = pool - pool_cost
    ousted = bool(pool_cost) and pool_after == 0
    if ousted:
        trace.add(
            "vtes:9.1",
            "Paying the contests took your last pool: you are ousted.",
            "Оплата контестов забрала ваш последний пул: вы вытеснены из игры.",
        )

    t_kept: list[str] = []
    t_yielded: list[str] = []
    t_won: list[str] = []
    forced: list[str] = []
    blood_paid = 0
    for t in titles:
        if t.rivals == 0:
            t_won.append(t.title)
            trace.add(
                "vtes:4.2",
                f"Every rival claim to {t.title} was yielded: {t.vampire} takes the title and "
                "the contest ends.",
                f"Все соперники уступили титул {t.title}: его получает {t.vampire}, и контест "
                "завершён.",
            )
            continue
        if not t.ready:
            t_yielded.append(t.title)
            forced.append(t.title)
            trace.add(
                "vtes:4.2",
                f"{t.vampire} is in torpor and must yield {t.title}; only ready vampires contest "
                "titles.",
                f"Вампир {t.vampire} в ступоре и обязан уступить титул {t.title}: оспаривать "
                "титулы могут только готовые вампиры.",
            )
            continue
        if t.title in yield_titles:
            t_yielded.append(t.title)
            trace.add(
                "vtes:4.2",
                f"{t.vampire} yields {t.title}; nothing else about the vampire changes.",
                f"{t.vampire} уступает титул {t.title}; больше для вампира ничего не меняется.",
            )
            continue
        if blood[t.vampire] < TITLE_CONTEST_BLOOD:
            t_yielded.append(t.title)
            forced.append(t.title)
            trace.add(
                "vtes:4.2",
                f"{t.vampire} has no blood left to pay and must yield {t.title}.",
                f"Вампиру {t.vampire} нечем платить: крови не осталось, и титул {t.title} "
                "приходится уступить.",
            )
            continue
        blood[t.vampire] -= TITLE_CONTEST_BLOOD
        blood_paid += TITLE_CONTEST_BLOOD
        t_kept.append(t.title)
        trace.add(
            "vtes:4.2",
            f"{t.vampire} pays {TITLE_CONTEST_BLOOD} blood to keep contesting {t.title} "
            f"({blood[t.vampire]} left); while contested, no claimant holds the title but each "
            "acts and blocks as usual.",
            f"{t.vampire} платит {ru.blood(TITLE_CONTEST_BLOOD)}, чтобы продолжить контест за "
            f"титул {t.title} (крови осталось: {blood[t.vampire]}); пока титул оспаривается, "
            "им не владеет ни один претендент, но все действуют и блокируют как обычно.",
        )
    return ContestUpkeep(
        pool=pool_after,
        pool_paid=pool_cost,
        blood=tuple(blood.items()),
        blood_paid=blood_paid,
        cards_kept=tuple(kept),
        cards_yielded=tuple(yielded),
        cards_won=tuple(won),
        titles_kept=tuple(t_kept),
        titles_yielded=tuple(t_yielded),
        titles_won=tuple(t_won),
        forced_yields=tuple(forced),
        ousted=ousted,
        steps=trace.steps,
    )


@dataclass(frozen=True, slots=True)
class UniqueEntry:
    """What happens when a copy of a unique card comes into play."""

    outcome: Literal["in play", "contested", "burned"]
    contestants: tuple[str, ...]
    """The Methuselahs whose copies are now contested (empty unless contested)."""
    steps: tuple[Step, ...]


def unique_card_enters(
    card: str,
    player: str,
    controllers: Sequence[str] = (),
    *,
    forced: bool = False,
) -> UniqueEntry:
    """A copy of unique ``card`` enters play for ``player``; ``controllers`` are the
    Methuselahs who already have a copy in play or in the contest.

    A player who already controls a copy may not *choose* to put a second one into play:
    that play is illegal (:class:`IllegalPlay`). Only when an effect forces the copy in
    (``forced=True``) is the arriving copy burned instead of starting a contest with
    oneself (vtes:4.1, vtes:4.1.1).
    """
    if (
        not isinstance(card, str)
        or not card.strip()
        or not isinstance(player, str)
        or not (player.strip())
    ):
        raise InvalidState(
            "Give the card's name and the Methuselah putting it into play.",
            ru="Укажите название карты и Метузела, который вводит её в игру.",
        )
    holders = members("controllers", controllers, str, ru="Владельцы карты")
    flag("forced", forced, ru="Карта введена принудительно (forced)")
    if len(set(holders)) != len(holders):
        raise InvalidState(
            "A Methuselah is listed twice among the holders of the card.",
            ru="Один и тот же Метузела указан дважды среди владельцев карты.",
        )
    controller = player
    trace = Trace()
    if controller in holders:
        if not forced:
            raise IllegalPlay(
                f"{controller} already controls a copy of the unique card {card}, so "
                f"{controller} cannot choose to play another one (vtes:4.1.1); only an "
                "effect that forces the copy into play burns it instead.",
                ru=f"У игрока {controller} уже есть экземпляр уникальной карты {card}, "
                "поэтому сыграть ещё один по своему выбору нельзя (vtes:4.1.1); сгорает "
                "новый экземпляр, только если его ввёл в игру принудительный эффект.",
            )
        trace.add(
            "vtes:4.1.1",
            f"{controller} already has a copy of {card} and an effect forces a second one "
            "into play: there is no contest with oneself, so the new copy is burned.",
            f"У игрока {controller} уже есть экземпляр карты {card}, а эффект принудительно "
            "вводит в игру второй: с самим собой контеста не бывает, поэтому новый "
            "экземпляр сгорает.",
        )
        return UniqueEntry("burned", (), trace.steps)
    if not holders:
        trace.add(
            "vtes:4.1",
            f"No other copy of {card} is in play: it enters play normally.",
            f"Других экземпляров карты {card} в игре нет: она входит в игру как обычно.",
        )
        return UniqueEntry("in play", (), trace.steps)
    everyone = (*holders, controller)
    verb = "has" if len(holders) == 1 else "have"
    trace.add(
        "vtes:4.1",
        f"{card} is unique and {', '.join(holders)} already {verb} a copy: the contest "
        f"involves {', '.join(everyone)}; every copy turns face down and is out of play "
        "until it ends.",
        f"Карта {card} уникальна, а экземпляр уже есть у "
        f"{'игрока' if len(holders) == 1 else 'игроков'} {', '.join(holders)}: в контесте "
        f"участвуют {', '.join(everyone)}; все экземпляры переворачиваются рубашкой вверх и "
        "считаются вне игры, пока контест не закончится.",
    )
    return UniqueEntry("contested", everyone, trace.steps)
