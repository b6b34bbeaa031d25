"""The rules reference: every rule section the engines cite, in English and Russian.

>>> from rules.reference import lookup, search
>>> lookup("vtes:6.1.2").number
'6.1.2'
>>> search("hunt", lang="en")[0].id
'vtes:6.1.2'

Sections are data (``rules/reference/data/*.toml``), written in our own words
from the seed rulebooks. :func:`search` is tolerant of word forms in both
languages and uses the :func:`glossary` to bridge them.
"""

from __future__ import annotations

import difflib
from functools import cache

from rules.errors import InvalidState
from rules.i18n import Message, msg
from rules.reference.loader import Library, ReferenceDataError, library
from rules.reference.model import (
    EDITION_NAMES,
    GAME_NAMES,
    GAMES,
    LANGS,
    SECTION_ID,
    EditionNote,
    Example,
    Section,
    Term,
)
from rules.reference.search import Index
from rules.validation import shown

__all__ = [
    "EDITION_NAMES",
    "GAMES",
    "GAME_NAMES",
    "LANGS",
    "SECTION_ID",
    "EditionNote",
    "Example",
    "ReferenceDataError",
    "Section",
    "Term",
    "UnknownSection",
    "exists",
    "find_terms",
    "glossary",
    "lookup",
    "search",
    "sections",
]


class UnknownSection(InvalidState):
    """No section of the reference has the requested id."""


def _check_lang(lang: str) -> None:
    if not isinstance(lang, str) or lang not in LANGS:
        raise InvalidState(
            msg(
                "unknown language {lang}; use one of {allowed}",
                lang=repr(lang),
                allowed=_listed(LANGS),
            )
        )


def _check_game(game: str | None) -> None:
    if game is not None and (not isinstance(game, str) or game not in GAMES):
        raise InvalidState(
            msg(
                "unknown game {game}; use one of {allowed} or None",
                game=repr(game),
                allowed=_listed(GAMES),
            )
        )


def _listed(values: tuple[str, ...]) -> str:
    """``values`` written as a Python list, as the messages show the allowed values."""
    return repr(list(values))


@cache
def _index() -> Index:
    return Index(library())


def sections(game: str | None = None) -> tuple[Section, ...]:
    """All sections in reading order (VTES by number, then Fury of Dracula, then V:tM)."""
    _check_game(game)
    return tuple(s for s in library().sections if game is None or s.game == game)


def _check_id(section_id: object) -> None:
    if not isinstance(section_id, str):
        raise UnknownSection(
            msg("a section id is a string like 'vtes:6.4.6', got {value}", value=shown(section_id))
        )


def exists(section_id: str) -> bool:
    """Whether ``section_id`` names a section of the reference."""
    _check_id(section_id)
    return section_id in library().by_id


def lookup(section_id: str) -> Section:
    """The section with id ``section_id`` (e.g. ``"vtes:6.4.6"``, ``"vtm:soak"``)."""
    lib: Library = library()
    _check_id(section_id)
    section = lib.by_id.get(section_id.strip())
    if section is None:
        if not SECTION_ID.fullmatch(section_id.strip()):
            raise UnknownSection(
                msg(
                    "{id} is not a section id; ids look like 'vtes:6.4.6', "
                    "'dracula:combat-roll' or 'vtm:soak'",
                    id=repr(section_id),
                )
            )
        raise UnknownSection(_no_section(lib, section_id))
    return section


def _no_section(lib: Library, section_id: str) -> Message:
    """Why ``section_id`` (a well-formed id) names no section, and the ids nearest to it."""
    game = section_id.partition(":")[0]
    ids = [s.id for s in lib.sections if s.game == game]
    if not ids:
        return msg(
            "no section {id} in the reference; no {game} sections are loaded",
            id=repr(section_id),
            game=game,
        )
    close = difflib.get_close_matches(section_id.strip(), ids, n=3, cutoff=0.6)
    if close:
        return msg(
            "no section {id} in the reference; the closest ids are {close}; {game} sections "
            "run from {first} to {last} (the reference page lists them all)",
            id=repr(section_id),
            close=close,
            game=game,
            first=ids[0],
            last=ids[-1],
        )
    return msg(
        "no section {id} in the reference; {game} sections run from {first} to {last} (the "
        "reference page lists them all)",
        id=repr(section_id),
        game=game,
        first=ids[0],
        last=ids[-1],
    )


def search(query: str, lang: str = "en", *, game: str | None = None) -> list[Section]:
    """Sections matching ``query`` (English or Russian words, any word form), best first.

    Ranked by hits in titles, then hits in texts; glossary terms link words of
    either language to their sections. ``game`` restricts the results to one game.
    """
    _check_lang(lang)
    _check_game(game)
    _check_query(query)
    return _index().search(query, lang, game)


def _check_query(query: object) -> None:
    if not isinstance(query, str):
        raise InvalidState(msg("a search query is a string, got {kind}", kind=type(query).__name__))


def glossary(game: str | None = None) -> tuple[Term, ...]:
    """The glossary (RU <-> EN terms), optionally for one game, sorted by English term."""
    _check_game(game)
    terms = [t for t in library().terms if game is None or t.game == game]
    return tuple(sorted(terms, key=lambda t: (t.en.lower(), t.game)))


def find_terms(query: str, game: str | None = None) -> tuple[Term, ...]:
    """Glossary terms that ``query`` names, in either language (word forms tolerated)."""
    _check_game(game)
    _check_query(query)
    hits = set(_index().matching_terms(query))
    return tuple(t for t in glossary(game) if t in hits)
