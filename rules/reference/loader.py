"""Loading and validating the reference's data files (TOML, package data).

Every ``*.toml`` file in :mod:`rules.reference.data` is read. A file holds
``[[section]]`` tables and/or ``[[term]]`` tables (the glossary). Unknown keys,
missing keys, empty texts, duplicate ids and ids whose prefix does not match
the game are rejected with :class:`ReferenceDataError`, naming the file and
the entry.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from rules.errors import InvalidState
from rules.reference.model import (
    GAMES,
    LANGS,
    SECTION_ID,
    EditionNote,
    Example,
    Localised,
    Section,
    Term,
    number_key,
)

__all__ = ["Library", "ReferenceDataError", "library", "parse_document", "parse_toml"]

DATA_PACKAGE: Final = "rules.reference.data"
TOP_KEYS: Final = frozenset({"section", "term"})
SECTION_KEYS: Final = frozenset(
    {"id", "game", "number", "source", "title", "text", "examples", "editions"}
)
SECTION_REQUIRED: Final = frozenset({"id", "game", "number", "source", "title", "text"})
EXAMPLE_KEYS: Final = frozenset({"title", "text"})
EDITION_KEYS: Final = frozenset({"edition", "text"})
TERM_KEYS: Final = frozenset({"en", "ru", "game", "section", "note"})
TERM_REQUIRED: Final = frozenset({"en", "ru", "game", "section"})


class ReferenceDataError(InvalidState):
    """A data file of the rules reference breaks the shared format."""


@dataclass(frozen=True, slots=True)
class Library:
    """Everything loaded: sections in reading order, an index by id, the glossary."""

    sections: tuple[Section, ...]
    by_id: dict[str, Section]
    terms: tuple[Term, ...]
    files: tuple[str, ...]


def _fail(where: str, problem: str) -> ReferenceDataError:
    return ReferenceDataError(f"{where}: {problem}")


def _check_keys(
    table: object, allowed: frozenset[str], required: frozenset[str], where: str
) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise _fail(where, f"expected a table, got {type(table).__name__}")
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise _fail(where, f"unknown key(s) {unknown}; allowed keys are {sorted(allowed)}")
    missing = sorted(required - set(table))
    if missing:
        raise _fail(where, f"missing key(s) {missing}; required keys are {sorted(required)}")
    return table


def _string(value: object, where: str, *, empty_ok: bool = False) -> str:
    if not isinstance(value, str):
        raise _fail(where, f"expected a string, got {type(value).__name__}")
    if not empty_ok and not value.strip():
        raise _fail(where, "must not be empty")
    return value.strip()


def _localised(value: object, where: str) -> dict[str, str]:
    table = _check_keys(value, frozenset(LANGS), frozenset(LANGS), where)
    return Localised({lang: _string(table[lang], f"{where}.{lang}") for lang in LANGS})


def _section(raw: object, where: str) -> Section:
    table = _check_keys(raw, SECTION_KEYS, SECTION_REQUIRED, where)
    sid = _string(table["id"], f"{where}.id")
    where = f"{where} ({sid})"
    if not SECTION_ID.fullmatch(sid):
        raise _fail(where, "id must look like 'vtes:6.4.6', 'dracula:<slug>' or 'vtm:<slug>'")
    game = _string(table["game"], f"{where}.game")
    if game not in GAMES:
        raise _fail(where, f"game {game!r} is not one of {list(GAMES)}")
    prefix, _, rest = sid.partition(":")
    if prefix != game:
        raise _fail(where, f"id prefix {prefix!r} does not match game {game!r}")
    number = _string(table["number"], f"{where}.number", empty_ok=True)
    if game == "vtes":
        if (
            number != rest
            or not number_key(number)
            or len(number_key(number)) != len(number.split("."))
        ):
            raise _fail(where, f"number must be the dotted number of the id ({rest!r})")
    elif number:
        raise _fail(where, 'number must be "" for Fury of Dracula and V:tM sections')
    examples_raw = table.get("examples", [])
    editions_raw = table.get("editions", [])
    if not isinstance(examples_raw, list) or not isinstance(editions_raw, list):
        raise _fail(where, "examples and editions must be arrays of tables ([[section.examples]])")
    examples = []
    for i, ex in enumerate(examples_raw):
        ex_where = f"{where}.examples[{i}]"
        ex_table = _check_keys(ex, EXAMPLE_KEYS, EXAMPLE_KEYS, ex_where)
        examples.append(
            Example(
                title=_localised(ex_table["title"], f"{ex_where}.title"),
                text=_localised(ex_table["text"], f"{ex_where}.text"),
            )
        )
    editions = []
    for i, ed in enumerate(editions_raw):
        ed_where = f"{where}.editions[{i}]"
        ed_table = _check_keys(ed, EDITION_KEYS, EDITION_KEYS, ed_where)
        editions.append(
            EditionNote(
                edition=_string(ed_table["edition"], f"{ed_where}.edition"),
                text=_localised(ed_table["text"], f"{ed_where}.text"),
            )
        )
    return Section(
        id=sid,
        game=game,
        number=number,
        title=_localised(table["title"], f"{where}.title"),
        text=_localised(table["text"], f"{where}.text"),
        source=_string(table["source"], f"{where}.source"),
        examples=tuple(examples),
        editions=tuple(editions),
    )


def _term(raw: object, where: str) -> Term:
    table = _check_keys(raw, TERM_KEYS, TERM_REQUIRED, where)
    en = _string(table["en"], f"{where}.en")
    where = f"{where} ({en})"
    ru_raw = table["ru"]
    if not isinstance(ru_raw, list) or not ru_raw:
        raise _fail(where, "ru must be a non-empty list of Russian forms")
    ru = tuple(_string(form, f"{where}.ru") for form in ru_raw)
    game = _string(table["game"], f"{where}.game")
    if game not in GAMES:
        raise _fail(where, f"game {game!r} is not one of {list(GAMES)}")
    section = _string(table["section"], f"{where}.section")
    if not SECTION_ID.fullmatch(section) or not section.startswith(f"{game}:"):
        raise _fail(where, f"section {section!r} must be an id of a {game} section")
    note = _localised(table["note"], f"{where}.note") if "note" in table else None
    return Term(en=en, ru=ru, game=game, section=section, note=note)


def parse_document(doc: dict[str, Any], origin: str) -> tuple[list[Section], list[Term]]:
    """Validate one parsed TOML document; return its sections and terms."""
    _check_keys(doc, TOP_KEYS, frozenset(), origin)
    sections_raw = doc.get("section", [])
    terms_raw = doc.get("term", [])
    if not isinstance(sections_raw, list) or not isinstance(terms_raw, list):
        raise _fail(origin, "use [[section]] and [[term]] arrays of tables")
    sections = [_section(raw, f"{origin} section #{i + 1}") for i, raw in enumerate(sections_raw)]
    sections = [
        Section(
            id=s.id,
            game=s.game,
            number=s.number,
            title=s.title,
            text=s.text,
            source=s.source,
            examples=s.examples,
            editions=s.editions,
            origin=origin,
        )
        for s in sections
    ]
    terms = [_term(raw, f"{origin} term #{i + 1}") for i, raw in enumerate(terms_raw)]
    return sections, terms


def parse_toml(text: str, origin: str) -> tuple[list[Section], list[Term]]:
    """Parse and validate the TOML ``text`` of one data file."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _fail(origin, f"not valid TOML ({exc})") from exc
    return parse_document(doc, origin)


def build_library(files: list[tuple[str, str]]) -> Library:
    """Validate ``(name, toml text)`` pairs together: ids must be unique across files."""
    sections: list[Section] = []
    terms: list[Term] = []
    seen: dict[str, str] = {}
    for name, text in files:
        file_sections, file_terms = parse_toml(text, name)
        for s in file_sections:
            if s.id in seen:
                raise _fail(name, f"section id {s.id!r} is already defined in {seen[s.id]}")
            seen[s.id] = name
        sections.extend(file_sections)
        terms.extend(file_terms)
    game_order = {game: i for i, game in enumerate(GAMES)}
    # VTES sections in number order; the others keep their files' order.
    order = {s.id: i for i, s in enumerate(sections)}
    sections.sort(
        key=lambda s: (
            game_order[s.game],
            number_key(s.number) if s.game == "vtes" else (),
            order[s.id],
        )
    )
    return Library(
        sections=tuple(sections),
        by_id={s.id: s for s in sections},
        terms=tuple(terms),
        files=tuple(name for name, _ in files),
    )


def data_files() -> list[tuple[str, str]]:
    """``(file name, text)`` of every TOML data file present, sorted by name."""
    root = resources.files(DATA_PACKAGE)
    found = [entry for entry in root.iterdir() if entry.name.endswith(".toml")]
    return [
        (entry.name, entry.read_text(encoding="utf-8"))
        for entry in sorted(found, key=lambda e: e.name)
    ]


@cache
def library() -> Library:
    """The reference as loaded from the package data (read once per process)."""
    return build_library(data_files())
