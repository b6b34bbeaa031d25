"""What a combat card needs from the vampire who plays it, and what a vampire's own card text
does in combat (section 1.1).

A card's level names the Disciplines it needs: ``pot`` needs Potence at least at basic level,
``POT`` needs superior Potence, ``ani for`` needs both. :func:`check_disciplines` refuses a
level the vampire cannot play with :class:`MissingDiscipline`, saying what the vampire has
and which levels of the card it may play; the desk never plays a card at another level than
the one chosen (a judge would not either). An allowed play gives a trace step.

:func:`minion_text` reads a vampire's (or an ally's) card text: a plain "+1 strength" is
applied (the vampire's strength; an ally's life and strength come from its first line), every
other sentence that speaks of combat is left to the judge, quoted, so no text that changes a
combat is silently dropped. :func:`minion_combatant` is the combatant the card stands for.

>>> from rules.vtes.card_library import entry
>>> from rules.vtes.carddata import vampire
>>> theo = vampire("Theo Bell (G2)")
>>> try:
...     check_disciplines(entry("Hidden Strength"), "for", theo)
... except MissingDiscipline as error:
...     print(error)
Theo Bell (G2) has no Fortitude (for): Hidden Strength at for needs it. Theo Bell (G2) has \
cel dom pre POT; none of the card's levels can be played.
>>> check_disciplines(entry("Undead Strength"), "POT", theo).text
'Theo Bell (G2) has superior Potence (POT): Undead Strength may be played at POT.'
>>> lucian = minion_text(vampire("Lucian, the Perfect"))
>>> lucian.strength_bonus, lucian.left
(0, ('Strikes against Lucian cost an additional blood or life.', \
'A minion opposing Lucian may choose not to strike.'))
>>> minion_text(vampire("Theo Bell (G6)")).strength_bonus
1
>>> from rules.vtes.carddata import library_card
>>> minion_combatant(library_card("Carlton Van Wyk"))
{'name': 'Carlton Van Wyk', 'kind': 'ally', 'life': 2, 'strength': 0}
>>> minion_text(library_card("Carlton Van Wyk")).left[0]
'Carlton can strike: 1R damage.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from rules.errors import IllegalPlay, InvalidState
from rules.i18n import Message, msg
from rules.trace import Step
from rules.vtes.card_entry import CardOption, LibraryEntry
from rules.vtes.carddata import CryptCard, LibraryCard

__all__ = [
    "DISCIPLINES",
    "RULE",
    "MinionText",
    "MissingDiscipline",
    "allowed_options",
    "check_disciplines",
    "minion_combatant",
    "minion_text",
    "needs",
]

#: the reference section these checks follow
RULE = "vtes:1.1"

#: the Disciplines' names as printed on the cards, by their code
DISCIPLINES = {
    "abo": "Abombwe",
    "ani": "Animalism",
    "aus": "Auspex",
    "cel": "Celerity",
    "chi": "Chimerstry",
    "dai": "Daimoinon",
    "dem": "Dementation",
    "dom": "Dominate",
    "for": "Fortitude",
    "mal": "Maleficia",
    "mel": "Melpominee",
    "myt": "Mytherceria",
    "nec": "Necromancy",
    "obe": "Obeah",
    "obf": "Obfuscate",
    "obt": "Obtenebration",
    "pot": "Potence",
    "pre": "Presence",
    "pro": "Protean",
    "qui": "Quietus",
    "san": "Sanguinus",
    "ser": "Serpentis",
    "spi": "Spiritus",
    "str": "Striga",
    "tem": "Temporis",
    "tha": "Thaumaturgy",
    "thn": "Thanatosis",
    "val": "Valeren",
    "vic": "Vicissitude",
    "vin": "Vinculum",
    "vis": "Visceratika",
}


class MissingDiscipline(IllegalPlay):
    """A card is played at a level that needs a Discipline (or its superior level) the vampire
    playing it does not have."""


def _name(code: str) -> str:
    return f"{DISCIPLINES.get(code.lower(), code.lower())} ({code})"


def needs(option: CardOption) -> tuple[tuple[str, Literal["basic", "superior"]], ...]:
    """The Disciplines ``option`` needs, each with the level: ``(("pot", "superior"),)``."""
    out: list[tuple[str, Literal["basic", "superior"]]] = []
    for code in option.key.split("/")[0].split():
        if code in ("-", "FLIGHT") or code.lower() not in DISCIPLINES:
            continue
        out.append((code.lower(), "superior" if code.isupper() else "basic"))
    return tuple(out)


def _missing(option: CardOption, vampire: CryptCard) -> tuple[str, str, str] | None:
    """The first need of ``option`` the vampire lacks: (printed code, need, what it has)."""
    for code, level in needs(option):
        has = vampire.level(code)
        if has is None or (level == "superior" and has == "basic"):
            return (code.upper() if level == "superior" else code), level, has or ""
    return None


def allowed_options(item: LibraryEntry, vampire: CryptCard) -> tuple[CardOption, ...]:
    """The options of ``item`` the vampire has the Disciplines for."""
    return tuple(o for o in item.options if _missing(o, vampire) is None)


def _needs_of(item: LibraryEntry, key: str) -> CardOption:
    """The option whose Disciplines a play at ``key`` needs: the option labelled ``key``, or
    the first at level ``key`` (every choice at one level needs the same Disciplines)."""
    for option in item.options:
        if key == option.label:
            return option
    for option in item.options:
        if key == option.key:
            return option
    return item.option(key)  # refused with the levels the card offers


def check_disciplines(item: LibraryEntry, key: str, vampire: CryptCard) -> Step:
    """The trace step saying the vampire may play ``item`` at ``key``; raises
    :class:`MissingDiscipline` (what it lacks, what it has, the levels it may play) if not."""
    option = _needs_of(item, key)
    missing = _missing(option, vampire)
    if missing is None:
        wanted = needs(option)
        if not wanted:
            return Step(
                RULE,
                msg(
                    "{card} needs no Discipline: {minion} may play it.",
                    card=item.name,
                    minion=vampire.name,
                ),
            )
        code, level = wanted[-1]
        printed = code.upper() if level == "superior" else code
        said = (
            msg(
                "{minion} has superior {discipline}: {card} may be played at {key}.",
                minion=vampire.name,
                discipline=_name(printed),
                card=item.name,
                key=option.key,
            )
            if vampire.level(code) == "superior"
            else msg(
                "{minion} has {discipline}: {card} may be played at {key}.",
                minion=vampire.name,
                discipline=_name(printed),
                card=item.name,
                key=option.key,
            )
        )
        return Step(RULE, said)
    code, _level, has = missing
    order = item_order(item)
    allowed = sorted({o.key for o in allowed_options(item, vampire)}, key=order.__getitem__)
    can: Message = (
        msg("it may play the card at {levels}.", levels=", ".join(allowed))
        if allowed
        else msg("none of the card's levels can be played.")
    )
    if has == "basic":
        lacks = msg(
            "{minion} has {discipline} at basic level only: {card} at {key} needs superior "
            "{discipline}. {minion} has {has}; {can}",
            minion=vampire.name,
            discipline=_name(code.lower()),
            card=item.name,
            key=option.key,
            has=vampire.disciplines,
            can=can,
        )
    else:
        lacks = msg(
            "{minion} has no {discipline}: {card} at {key} needs it. {minion} has {has}; {can}",
            minion=vampire.name,
            discipline=_name(code.lower()),
            card=item.name,
            key=option.key,
            has=vampire.disciplines,
            can=can,
        )
    raise MissingDiscipline(lacks)


def item_order(item: LibraryEntry) -> dict[str, int]:
    """The position of each level in the card's list of options (for sorting)."""
    order: dict[str, int] = {}
    for index, option in enumerate(item.options):
        order.setdefault(option.key, index)
    return order


# -- a vampire's own card text -----------------------------------------------------------

_PREFIX = re.compile(r"^[^.:]{0,80}:\s*")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_STRENGTH = re.compile(
    r"^(?:\[MERGED\]\s*)?(?:[A-Z][\w'’-]*(?: [\w'’-]+)* gets )?([+-]\d) strength\.$"
)
_COMBAT = re.compile(
    r"strength|strike|combat|damage|maneuver|press|prevent|range|dodge|aggravated",
    re.IGNORECASE,
)
_ACTION = re.compile(r"enter combat with|Ⓓ action", re.IGNORECASE)
_IN_COMBAT = re.compile(r"strength|strike|maneuver|press|prevent|range|dodge", re.IGNORECASE)


_ALLY_LIFE = re.compile(r"with (\d+) life\.")
_ALLY_STRENGTH = re.compile(r"(\d+) strength")

#: a minion's card: a vampire from the crypt or an ally from the library
MinionCard = CryptCard | LibraryCard


@dataclass(frozen=True, slots=True)
class MinionText:
    """What a minion's card text does in combat: ``strength_bonus`` (a vampire's, applied
    to its strength), ``strength`` and ``life`` (an ally's, from its card; ``life`` is
    ``None`` for a vampire), ``applied`` (the sentences behind them) and ``left`` (every
    other sentence about combat, as printed: the judge applies them)."""

    name: str
    strength_bonus: int
    applied: tuple[str, ...]
    left: tuple[str, ...]
    strength: int = 1
    life: int | None = None

    def steps(self) -> tuple[Step, ...]:
        """The trace: what was applied and what is left to the judge."""
        out = []
        if self.life is not None:
            out.append(
                Step(
                    RULE,
                    msg(
                        "{minion}'s card gives it {life} life and {strength} strength.",
                        minion=self.name,
                        life=self.life,
                        strength=self.strength,
                    ),
                )
            )
        elif self.strength_bonus:
            bonus = ("+" if self.strength_bonus > 0 else "") + str(self.strength_bonus)
            out.append(
                Step(
                    RULE,
                    msg(
                        "{minion}'s card text gives {bonus} strength: strength {strength}.",
                        minion=self.name,
                        bonus=bonus,
                        strength=self.strength,
                    ),
                )
            )
        for sentence in self.left:
            out.append(
                Step(
                    RULE,
                    msg(
                        "{minion}'s card text, left to the judge: {text}",
                        minion=self.name,
                        text=sentence,
                    ),
                )
            )
        return tuple(out)


def _ally_stats(card: LibraryCard) -> tuple[int, int, str]:
    """An ally's life, strength and the rest of its text (after its first line)."""
    first, _, rest = card.text.partition("\n")
    life = _ALLY_LIFE.search(first)
    strength = _ALLY_STRENGTH.search(first)
    if life is None or strength is None or "Ally" not in card.types:
        raise InvalidState(
            msg("{name} is not an ally with life and strength on its card.", name=card.name)
        )
    return int(life[1]), int(strength[1]), rest


def minion_text(card: MinionCard) -> MinionText:
    """What ``card``'s text does in combat (see :class:`MinionText`)."""
    life: int | None = None
    if isinstance(card, LibraryCard):
        life, strength, body = _ally_stats(card)
    else:
        strength, body = 1, _PREFIX.sub("", card.text, count=1)
    bonus = 0
    applied: list[str] = []
    left: list[str] = []
    for sentence in _SENTENCE.split(" ".join(body.split())):
        sentence = sentence.strip()
        if not sentence or not _COMBAT.search(sentence):
            continue
        if _ACTION.search(sentence) and not _IN_COMBAT.search(sentence):
            continue  # an action (entering combat, damage as a Ⓓ action), not combat text
        found = _STRENGTH.match(sentence) if life is None else None
        if found:
            bonus += int(found[1])
            applied.append(sentence)
        else:
            left.append(sentence)
    if life is None:
        strength = max(0, strength + bonus)
    return MinionText(card.name, bonus, tuple(applied), tuple(left), strength, life)


def minion_combatant(card: MinionCard) -> dict[str, Any]:
    """The combat scenario's combatant for ``card``: a vampire full of blood, or an ally
    with its life, each with the strength its card gives."""
    text = minion_text(card)
    if isinstance(card, LibraryCard):
        assert text.life is not None
        return {"name": card.name, "kind": "ally", "life": text.life, "strength": text.strength}
    return {**card.combatant(), "strength": text.strength}
