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
from rules.i18n import Message, msg, msg_n, msg_p
from rules.trace import Step, Trace
from rules.validation import flag, members, whole_at_least
from rules.vtes.combat_text import blood as blood_amount

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
                msg("A contested card needs a name, got {value}.", value=repr(self.name))
            )
        whole_at_least(msg("Rivals contesting {card}", card=self.name), self.rivals, 0)


@dataclass(frozen=True, slots=True)
class ContestedTitle:
    """A title one of your vampires contests; ``ready`` is false while it is in torpor."""

    title: str
    vampire: str
    blood: int
    ready: bool = True
    rivals: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.title, str) or not self.title.strip():
            raise InvalidState(
                msg("A contested title needs a title name, got {value}.", value=repr(self.title))
            )
        if not isinstance(self.vampire, str) or not self.vampire.strip():
            raise InvalidState(
                msg(
                    "A contested title needs a vampire name, got {value}.",
                    value=repr(self.vampire),
                )
            )
        whole_at_least(msg("{vampire}'s blood", vampire=self.vampire), self.blood, 0)
        whole_at_least(msg_p("title", "Rivals contesting {card}", card=self.title), self.rivals, 0)


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
    whole_at_least(msg("Your pool"), pool, 0)
    cards = members(msg("Your contested cards"), cards, ContestedCard)
    titles = members(msg("Your contested titles"), titles, ContestedTitle)
    members(msg("Cards to yield"), yield_cards, str)
    members(msg("Titles to yield"), yield_titles, str)
    card_names = [c.name for c in cards]
    title_names = [t.title for t in titles]
    if len(set(card_names)) != len(card_names):
        raise InvalidState(msg("A contested card is listed twice; list each once."))
    if len(set(title_names)) != len(title_names):
        raise InvalidState(msg("A contested title is listed twice; list each once."))
    for name in yield_cards:
        if name not in card_names:
            raise InvalidState(
                msg(
                    "You cannot yield {name}: it is not among your contested cards ({cards}).",
                    name=repr(name),
                    cards=_listed(card_names),
                )
            )
    for name in yield_titles:
        if name not in title_names:
            raise InvalidState(
                msg(
                    "You cannot yield the title {name}: it is not among your contested titles "
                    "({titles}).",
                    name=repr(name),
                    titles=_listed(title_names),
                )
            )
    blood: dict[str, int] = {}
    for t in titles:
        if blood.setdefault(t.vampire, t.blood) != t.blood:
            raise InvalidState(
                msg("{vampire} is given two different blood amounts.", vampire=t.vampire)
            )

    trace = Trace()
    trace.add("vtes:4", msg("Untap phase: every contest you take part in is paid for or yielded."))
    kept: list[str] = []
    yielded: list[str] = []
    won: list[str] = []
    for card in cards:
        if card.rivals == 0:
            won.append(card.name)
            trace.add(
                "vtes:4.1",
                msg(
                    "Every rival copy of {card} was yielded: your copy untaps and turns face up, "
                    "and the contest ends with nothing to pay.",
                    card=card.name,
                ),
            )
        elif card.name in yield_cards:
            yielded.append(card.name)
            trace.add(
                "vtes:4.1",
                msg(
                    "You yield {card}: your copy burns with every card and counter on it.",
                    card=card.name,
                ),
            )
        else:
            kept.append(card.name)
    pool_cost = CARD_CONTEST_POOL * len(kept)
    if pool_cost > pool:
        raise IllegalPlay(
            msg_n(
                "Keeping {n} contested card(s) costs {cost} but you have {pool}; yield at "
                "least {fewer} of them.",
                "Keeping {n} contested card(s) costs {cost} but you have {pool}; yield at "
                "least {fewer} of them.",
                len(kept),
                cost=msg_n("{n} pool", "{n} pool", pool_cost),
                pool=pool,
                fewer=len(kept) - pool // CARD_CONTEST_POOL,
            )
        )
    for name in kept:
        trace.add(
            "vtes:4.1",
            msg_n(
                "You pay {n} pool to keep contesting {card}; it stays face down and out of play.",
                "You pay {n} pool to keep contesting {card}; it stays face down and out of play.",
                CARD_CONTEST_POOL,
                card=name,
            ),
        )
    pool_after = pool - pool_cost
    ousted = bool(pool_cost) and pool_after == 0
    if ousted:
        trace.add("vtes:9.1", msg("Paying the contests took your last pool: you are ousted."))

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
                msg(
                    "Every rival claim to {title} was yielded: {vampire} takes the title and the "
                    "contest ends.",
                    title=t.title,
                    vampire=t.vampire,
                ),
            )
            continue
        if not t.ready:
            t_yielded.append(t.title)
            forced.append(t.title)
            trace.add(
                "vtes:4.2",
                msg(
                    "{vampire} is in torpor and must yield {title}; only ready vampires contest "
                    "titles.",
                    vampire=t.vampire,
                    title=t.title,
                ),
            )
            continue
        if t.title in yield_titles:
            t_yielded.append(t.title)
            trace.add(
                "vtes:4.2",
                msg(
                    "{vampire} yields {title}; nothing else about the vampire changes.",
                    vampire=t.vampire,
                    title=t.title,
                ),
            )
            continue
        if blood[t.vampire] < TITLE_CONTEST_BLOOD:
            t_yielded.append(t.title)
            forced.append(t.title)
            trace.add(
                "vtes:4.2",
                msg(
                    "{vampire} has no blood left to pay and must yield {title}.",
                    vampire=t.vampire,
                    title=t.title,
                ),
            )
            continue
        blood[t.vampire] -= TITLE_CONTEST_BLOOD
        blood_paid += TITLE_CONTEST_BLOOD
        t_kept.append(t.title)
        trace.add(
            "vtes:4.2",
            msg(
                "{vampire} pays {blood} to keep contesting {title} ({left} left); while "
                "contested, no claimant holds the title but each acts and blocks as usual.",
                vampire=t.vampire,
                blood=blood_amount(TITLE_CONTEST_BLOOD),
                title=t.title,
                left=blood[t.vampire],
            ),
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


def _listed(names: Sequence[str]) -> tuple[str, ...] | Message:
    """Names listed, or a message saying there are none."""
    return tuple(names) or msg_p("contested", "none")


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
        raise InvalidState(msg("Give the card's name and the Methuselah putting it into play."))
    holders = members(msg_p("parameter", "controllers"), controllers, str)
    flag(msg_p("parameter", "forced"), forced)
    if len(set(holders)) != len(holders):
        raise InvalidState(msg("A Methuselah is listed twice among the holders of the card."))
    controller = player
    trace = Trace()
    if controller in holders:
        if not forced:
            raise IllegalPlay(
                msg(
                    "{player} already controls a copy of the unique card {card}, so {player} "
                    "cannot choose to play another one (vtes:4.1.1); only an effect that forces "
                    "the copy into play burns it instead.",
                    player=controller,
                    card=card,
                )
            )
        trace.add(
            "vtes:4.1.1",
            msg(
                "{player} already has a copy of {card} and an effect forces a second one into "
                "play: there is no contest with oneself, so the new copy is burned.",
                player=controller,
                card=card,
            ),
        )
        return UniqueEntry("burned", (), trace.steps)
    if not holders:
        trace.add(
            "vtes:4.1",
            msg("No other copy of {card} is in play: it enters play normally.", card=card),
        )
        return UniqueEntry("in play", (), trace.steps)
    everyone = (*holders, controller)
    trace.add(
        "vtes:4.1",
        msg_n(
            "{card} is unique and {holders} already has a copy: the contest involves "
            "{everyone}; every copy turns face down and is out of play until it ends.",
            "{card} is unique and {holders} already have a copy: the contest involves "
            "{everyone}; every copy turns face down and is out of play until it ends.",
            len(holders),
            card=card,
            holders=holders,
            everyone=everyone,
        ),
    )
    return UniqueEntry("contested", everyone, trace.steps)
