"""When a card may be played, as data: the ``limits`` of a play and the card that cancels one.

A card's text often says when it is usable ("Only usable at close range", "Not usable during
the first round", "A vampire can play only one ... each combat", "the opposing vampire").
The card library writes those conditions into the scenario as a ``limits`` object on the
first play of each card (its *anchor*), together with the words of the card they stand
for, and the combat resolver checks them before the play takes effect: a play the text
forbids raises :class:`rules.errors.IllegalPlay` naming the card and quoting those words.

``limits`` keys (all optional; ``quote`` is required as soon as any condition is given):

- ``quote``: the part of the card text the conditions stand for, as printed (English), or an
  object giving the words for each condition key (``{"range": "Only usable at close range.",
  "once": "A vampire can play only one ... each round."}``);
- ``range``: ``"close"`` or ``"long"``, the range at which the card is usable;
- ``rounds``: ``"first"`` (only in the first round) or ``"later"`` (not in the first round);
- ``opponent``: what the card may affect, among ``"vampire"``, ``"ally"``, ``"retainer"``
  (a strike aimed at a retainer needs ``"retainer"``);
- ``once``: ``"round"`` or ``"combat"``: a minion may play only ``count`` (default 1) plays of
  ``group`` (default: the card's name) in that span; a cancelled card still counts;
- ``strike``: ``"initial"`` (not usable as an additional strike) or ``"additional"``; on a
  prevention play, ``"initial"`` means it only covers the opposing initial strike;
- ``needs``: states of the round the play requires (:data:`NEEDS`);
- ``in_force``: the name of a card whose effect must be in force on this minion (a second
  use of superior Superior Mettle, the extra maneuver of superior Quick Meld);
- ``side``: ``"acting"`` or ``"opposing"`` (Sniper Rifle's range is set by the blocker);
- ``outsider``: played by a vampire not involved in the combat (its cost is not the
  combatant's blood);
- ``use``: a later use of an effect already in play (a weapon's maneuver, the second part of
  a card), not a combat card played.

The presence of ``limits`` (even empty) marks the play as a combat card played by the minion,
which matters to effects on card costs (superior Terror Frenzy) and to ``once`` counts.

A ``cancelled_by`` value (on a strike or a before-range card) is a card name, or an object
``{"name", "burn_blood", "cost", "kinds", "requires", "no_strike", "quote", "limits"}``:
``kinds`` (``"grapple"``, ``"frenzy"``, ``"aim"``, ``"strike"``) and ``requires`` (a Discipline
code) say what the cancelling card may cancel; ``strike_choice``: only a card that restricts
the canceller's choice of strikes (Groundfighting); ``no_strike``: the cancelled striker gets
no strike instead of choosing again (Evil Eye).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from rules.errors import InvalidState
from rules.i18n import msg
from rules.validation import shown
from rules.vtes.scenario_input import (
    Place,
    read_bool,
    read_int,
    read_keys,
    read_list,
    read_str,
)

__all__ = [
    "CANCEL_KEYS",
    "CARD_KINDS",
    "LIMIT_KEYS",
    "NEEDS",
    "OPPONENT_KINDS",
    "Cancel",
    "Limits",
    "parse_cancel",
    "parse_limits",
    "parse_words",
]

LIMIT_KEYS = (
    "quote",
    "range",
    "rounds",
    "opponent",
    "once",
    "group",
    "count",
    "strike",
    "needs",
    "in_force",
    "side",
    "outsider",
    "use",
)
NEEDS = ("more_damage", "damage_taken", "opponent_not_ready", "opponent_lost_blood")
"""``more_damage``: this minion successfully inflicted more damage on the opposing minion this
round than it received from it (strikes and the minions' own card effects; environmental and
retainers' damage do not count); ``damage_taken``: damage was successfully inflicted on this
minion this round; ``opponent_not_ready``: the opposing minion is in torpor or burned;
``opponent_lost_blood``: the opposing minion burned blood or life to damage this round."""
OPPONENT_KINDS = ("vampire", "ally", "retainer")
CARD_KINDS = ("grapple", "frenzy", "aim", "ammo", "strike")
CANCEL_KEYS = (
    "name",
    "burn_blood",
    "cost",
    "kinds",
    "requires",
    "no_strike",
    "strike_choice",
    "quote",
    "limits",
)

Once = Literal["round", "combat"]


@dataclass(frozen=True, slots=True)
class Limits:
    """The conditions a card's text puts on its play (see the module's documentation)."""

    quote: str = ""
    quotes: tuple[tuple[str, str], ...] = ()
    """The words of the card for each condition, when they differ."""
    range: Literal["close", "long"] | None = None
    rounds: Literal["first", "later"] | None = None
    opponent: tuple[str, ...] = ()
    once: Once | None = None
    group: str | None = None
    count: int = 1
    strike: Literal["initial", "additional"] | None = None
    needs: tuple[str, ...] = ()
    in_force: str | None = None
    side: Literal["acting", "opposing"] | None = None
    outsider: bool = False
    use: bool = False

    def said(self, key: str) -> str:
        """The card's words for the condition ``key``."""
        for name, words in self.quotes:
            if name == key:
                return words
        if self.quotes and not self.quote:
            return self.quotes[0][1]
        return self.quote


@dataclass(frozen=True, slots=True)
class Cancel:
    """A card that cancels another as it is played."""

    name: str
    burn_blood: int = 0
    cost: int = 0
    kinds: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    no_strike: bool = False
    strike_choice: bool = False
    """Only a card restricting the canceller's choice of strikes (Groundfighting)."""
    quote: str = ""
    limits: Limits | None = None


def _choice(data: Mapping[str, Any], key: str, allowed: tuple[str, ...], where: Place) -> Any:
    value = data.get(key)
    if value is not None and value not in allowed:
        raise InvalidState(
            msg(
                "{where}: {key} is {value}; allowed: {allowed}.",
                where=where.said,
                key=repr(key),
                value=shown(value),
                allowed=list(allowed),
            )
        )
    return value


def parse_words(
    data: Mapping[str, Any], key: str, where: Place, allowed: tuple[str, ...]
) -> tuple[str, ...]:
    """A list of names among ``allowed``."""
    out: list[str] = []
    for item in read_list(data, key, where):
        if item not in allowed:
            raise InvalidState(
                msg(
                    "{where}: {key} lists {value}; allowed: {allowed}.",
                    where=where.said,
                    key=repr(key),
                    value=shown(item),
                    allowed=list(allowed),
                )
            )
        out.append(str(item))
    return tuple(out)


def parse_limits(data: Mapping[str, Any], where: Place) -> Limits | None:
    """The ``limits`` object of a play, or None when the play has none."""
    if "limits" not in data:
        return None
    lw = where.then("limits")
    lim = read_keys(data["limits"], LIMIT_KEYS, lw)
    raw = lim.get("quote", "")
    conditions = [k for k in lim if k not in ("quote", "outsider", "group", "count", "use")]
    quotes: list[tuple[str, str]] = []
    if isinstance(raw, Mapping):
        qw = lw.then("quote")
        for key, words in raw.items():
            if key not in conditions or not isinstance(words, str) or not words.strip():
                raise InvalidState(
                    msg(
                        "{where}: {key} must name one of the conditions given ({allowed}) and "
                        "give the card's words for it, got {value}.",
                        where=qw.said,
                        key=shown(key),
                        allowed=conditions,
                        value=shown(words),
                    )
                )
            quotes.append((str(key), words.strip()))
        quote = ""
        missing = [k for k in conditions if k not in raw]
    elif isinstance(raw, str):
        quote = raw.strip()
        missing = conditions if not quote else []
    else:
        raise InvalidState(
            msg(
                "{where}: {key} must be a text, got {value}.",
                where=lw.said,
                key="'quote'",
                value=shown(raw),
            )
        )
    if missing:
        raise InvalidState(
            msg(
                "{where}: give 'quote', the words of the card text these conditions stand for "
                "({missing}).",
                where=lw.said,
                missing=missing,
            )
        )
    side = _choice(lim, "side", ("acting", "opposing"), lw)
    return Limits(
        quote=quote,
        quotes=tuple(quotes),
        range=_choice(lim, "range", ("close", "long"), lw),
        rounds=_choice(lim, "rounds", ("first", "later"), lw),
        opponent=parse_words(lim, "opponent", lw, OPPONENT_KINDS),
        once=_choice(lim, "once", ("round", "combat"), lw),
        group=read_str(lim, "group", lw),
        count=read_int(lim, "count", lw, default=1, minimum=1),
        strike=_choice(lim, "strike", ("initial", "additional"), lw),
        needs=parse_words(lim, "needs", lw, NEEDS),
        in_force=read_str(lim, "in_force", lw),
        side=side,
        outsider=read_bool(lim, "outsider", lw),
        use=read_bool(lim, "use", lw),
    )


def parse_cancel(data: Mapping[str, Any], where: Place) -> Cancel | None:
    """The ``cancelled_by`` of a strike or a before-range card (with the older
    ``cancel_cost`` key beside a plain name)."""
    if "cancelled_by" not in data:
        return None
    value = data["cancelled_by"]
    if isinstance(value, str):
        name = read_str(data, "cancelled_by", where)
        assert name is not None
        return Cancel(name, cost=read_int(data, "cancel_cost", where, default=0))
    cw = where.then("cancelled_by")
    c = read_keys(value, CANCEL_KEYS, cw)
    name = read_str(c, "name", cw, required=True)
    assert name is not None
    quote = c.get("quote", "")
    if not isinstance(quote, str):
        raise InvalidState(
            msg(
                "{where}: {key} must be a text, got {value}.",
                where=cw.said,
                key="'quote'",
                value=shown(quote),
            )
        )
    return Cancel(
        name=name,
        burn_blood=read_int(c, "burn_blood", cw, default=0),
        cost=read_int(c, "cost", cw, default=0),
        kinds=parse_words(c, "kinds", cw, CARD_KINDS),
        requires=tuple(str(x) for x in read_list(c, "requires", cw)),
        no_strike=read_bool(c, "no_strike", cw),
        strike_choice=read_bool(c, "strike_choice", cw),
        quote=quote.strip(),
        limits=parse_limits(c, cw),
    )
