"""VTES deck odds page's counting: a pasted list read into a deck, and what can be counted in it.

A category is a key: ``card:<name>``, ``type:<card type>``, ``clan:<clan>`` (crypt) or
``disc:<discipline>`` (a vampire's, basic or superior, or a library card's requirement).
Everything here is pure (no widgets): the page's parts and its view use it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.errors import InvalidState
from rules.i18n import msg
from rules.vtes import carddata
from rules.vtes.decklist import DeckList, parse
from rules.vtes.draws import Want

PILES = ("library", "crypt")
KINDS = ("type", "clan", "disc", "card")


@dataclass(frozen=True)
class ReadDeck:
    """A deck as read from the text area."""

    deck: DeckList

    def pile(self, pile: str) -> dict[str, int]:
        return self.deck.crypt if pile == "crypt" else self.deck.library


@dataclass(frozen=True)
class Category:
    """One category to count: its key and how many of it are wanted at least."""

    key: str
    at_least: int = 1


def read_deck(text: str) -> ReadDeck:
    """The deck list in ``text`` (:func:`rules.vtes.decklist.parse`): a card the card data
    does not know, or a line that is not a card line, raises an error naming the line."""
    return ReadDeck(parse(text))


def _library_card(name: str) -> carddata.LibraryCard | None:
    try:
        return carddata.library_card(name)
    except InvalidState:
        return None


def _vampire(name: str) -> carddata.CryptCard | None:
    try:
        return carddata.vampire(name)
    except InvalidState:
        return None


def traits(name: str, pile: str) -> tuple[str, ...]:
    """The category keys a card belongs to, its own ``card:`` key first."""
    keys = [f"card:{name}"]
    if pile == "crypt":
        vampire = _vampire(name)
        if vampire is not None:
            keys.append(f"clan:{vampire.clan}")
            keys += [f"disc:{d}" for d in (*vampire.basic, *vampire.superior)]
        return tuple(keys)
    card = _library_card(name)
    if card is not None:
        keys += [f"type:{t}" for t in card.types]
        keys += [f"disc:{d}" for d in card.disciplines]
    return tuple(keys)


def members(deck: ReadDeck, pile: str) -> dict[str, frozenset[str]]:
    """Each category the ``pile`` of ``deck`` holds -> the names of its cards."""
    found: dict[str, set[str]] = {}
    for name in deck.pile(pile):
        for key in traits(name, pile):
            found.setdefault(key, set()).add(name)
    return {key: frozenset(names) for key, names in found.items()}


def options(deck: ReadDeck, pile: str) -> tuple[str, ...]:
    """The categories one can count in the pile: types, clans, disciplines, then each card."""
    keys = members(deck, pile)
    return tuple(
        sorted(keys, key=lambda k: (KINDS.index(k.split(":", 1)[0]), k.split(":", 1)[1].casefold()))
    )


def copies(deck: ReadDeck, pile: str, key: str) -> int:
    """How many cards of the pile are in category ``key``."""
    cards = deck.pile(pile)
    return sum(cards[name] for name in members(deck, pile).get(key, ()))


def wants(deck: ReadDeck, pile: str, chosen: Sequence[Category]) -> list[Want]:
    """The engine's categories for the chosen ones (named by their keys)."""
    found = members(deck, pile)
    result = []
    for category in chosen:
        if category.key not in found:
            raise InvalidState(
                msg(
                    "This pile of the deck has no card in the category {key!r}; pick one "
                    "the list offers.",
                    key=category.key,
                )
            )
        result.append(Want(category.key, found[category.key], category.at_least))
    return result


def canonical_text(deck: DeckList) -> str:
    """The deck as plain ``Crypt``/``Library`` lines that read back into the same deck."""
    lines = [f"Crypt ({deck.crypt_size} cards)"]
    lines += [f"{count}x {name}" for name, count in deck.crypt.items()]
    lines += ["", f"Library ({deck.library_size} cards)"]
    lines += [f"{count}x {name}" for name, count in deck.library.items()]
    return "\n".join(lines) + "\n"


def deck_data(deck: DeckList) -> dict[str, object]:
    """The deck as JSON data (the page's address packs it)."""
    return {
        "n": deck.name,
        "c": [[name, count] for name, count in deck.crypt.items()],
        "l": [[name, count] for name, count in deck.library.items()],
    }


def deck_from_data(data: object) -> str:
    """The text of a deck :func:`deck_data` made; a precise error for anything else."""
    if isinstance(data, Mapping) and isinstance(data.get("t"), str):
        return str(data["t"])
    try:
        assert isinstance(data, Mapping)
        crypt = {str(n): int(c) for n, c in data["c"]}
        library = {str(n): int(c) for n, c in data["l"]}
        name = str(data.get("n", ""))
    except (AssertionError, KeyError, TypeError, ValueError):
        raise InvalidState(
            msg("The deck in the page address is damaged; copy the link again from the page.")
        ) from None
    text = canonical_text(DeckList(crypt=crypt, library=library))
    return f"Deck Name: {name}\n\n{text}" if name else text
