"""A reference section's source as a reader names it: the rulebook and its page or chapter.

Sections record where their rule comes from in working form (``"vtes-rulebook-p4-…ru.txt,
section 6.4.6"``, ``"spec/vtm.md, …"``). :func:`source_text` turns that into the rulebook's
name and page in the page's language, with no internal file names.

>>> source_text("vtes-rulebook-p4-combat-torpor-influence-victory.ru.txt, section 6.4.6", "ru")
'Правила VTES (эпоха Black Hand), страница 4, раздел 6.4.6'
"""

from __future__ import annotations

import re

_BOOKS: dict[str, tuple[str, str]] = {
    "vtes-rulebook-p2-cards-setup-phases-actions.ru.txt": (
        "VTES rulebook (Black Hand era), page 2",
        "Правила VTES (эпоха Black Hand), страница 2",
    ),
    "vtes-rulebook-p4-combat-torpor-influence-victory.ru.txt": (
        "VTES rulebook (Black Hand era), page 4",
        "Правила VTES (эпоха Black Hand), страница 4",
    ),
    "fury-of-dracula-2e-combat-hunters-powers.ru.txt": (
        "Fury of Dracula rulebook, 2nd edition",
        "Правила «Fury of Dracula», 2-е издание",
    ),
    "vtm-revised-combat-damage-turn-sequence.ru.txt": (
        "Vampire: the Masquerade, Revised edition, chapter Combat",
        "«Vampire: the Masquerade», Revised (3-я редакция), глава «Бой»",
    ),
}
_NOTES: dict[str, tuple[str, str]] = {
    "spec/vtes.md": ("the desk's notes on the VTES rules", "заметки проекта к правилам VTES"),
    "spec/dracula.md": (
        "the desk's notes on the Fury of Dracula rules",
        "заметки проекта к правилам «Fury of Dracula»",
    ),
    "spec/vtm.md": ("the desk's notes on the V:tM rules", "заметки проекта к правилам V:tM"),
    "spec/api.md": ("the desk's notes on the V:tM rules", "заметки проекта к правилам V:tM"),
    "shared/data/fury-of-dracula-2e-combat-results.csv": (
        "a fan-made table of combat results",
        "любительская таблица результатов боя",
    ),
}
# sources the working notes already name in English: only the Russian page needs their names
_NAMED_RU: dict[str, str] = {
    "Vampire: the Masquerade 5th edition (V5) core rules": (
        "«Vampire: the Masquerade», 5-я редакция (V5), основная книга правил"
    ),
    "the project's own method": "собственный метод проекта (не правило игры)",
}
_VEKN = ("VEKN rulebook, chapter Combat", "Правила VEKN, глава «Бой»")
_SECTION = re.compile(r"section ([0-9.]+)")


def _split(source: str) -> list[str]:
    """``source`` cut at the "; " that are not inside parentheses."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(source):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and source.startswith("; ", i):
            parts.append(source[start:i])
            start = i + 2
    parts.append(source[start:])
    return parts


def _part(part: str, ru: bool) -> str:
    """One piece of a source in the reader's words ("" when the Russian page leaves it out)."""
    part = part.strip()
    if part.startswith("VEKN rulebook"):
        return _VEKN[ru]
    for key, names in {**_BOOKS, **_NOTES}.items():
        if part.startswith(key):
            detail = part[len(key) :].lstrip(" ,")
            name = names[ru]
            if key in _BOOKS and (found := _SECTION.match(detail)):
                return f"{name}, {'раздел' if ru else 'section'} {found.group(1)}"
            if ru or not detail:
                return name  # the working notes are in English: the Russian page names the book
            detail = detail.replace("the seed", "the rulebook page").replace("seed", "rulebook")
            return f"{name}: {detail}" if not detail.startswith("(") else f"{name} {detail}"
    for key, name_ru in _NAMED_RU.items():
        if part.startswith(key):
            return name_ru if ru else part
    if ru:
        return ""  # more detail on the same book, in the working notes' English
    return part.replace("not among the seeds", "not among the rulebook pages the desk quotes")


def source_text(source: str, lang: str) -> str:
    """``source`` (a section's ``source`` field) as the rulebook's name, page and section."""
    ru = lang == "ru"
    parts: list[str] = []
    for piece in _split(source):
        text = _part(piece, ru)
        if text and text not in parts:
            parts.append(text)
    return "; ".join(parts)
