"""A reference section's source as a reader names it: the rulebook and its page or chapter.

Sections record where their rule comes from in working form (``"vtes-rulebook-p4-…ru.txt,
section 6.4.6"``, ``"spec/vtm.md, …"``). :func:`source_text` turns that into the rulebook's
name and page in the page's language, with no internal file names.

>>> source_text("vtes-rulebook-p4-combat-torpor-influence-victory.ru.txt, section 6.4.6", "ru")
'Правила VTES (эпоха Black Hand), страница 4, раздел 6.4.6'
"""

from __future__ import annotations

import re

from rules.i18n import SOURCE_LANGUAGE, Message, msg

_BOOKS: dict[str, Message] = {
    "vtes-rulebook-p2-cards-setup-phases-actions.ru.txt": msg(
        "VTES rulebook (Black Hand era), page 2"
    ),
    "vtes-rulebook-p4-combat-torpor-influence-victory.ru.txt": msg(
        "VTES rulebook (Black Hand era), page 4"
    ),
    "fury-of-dracula-2e-combat-hunters-powers.ru.txt": msg("Fury of Dracula rulebook, 2nd edition"),
    "vtm-revised-combat-damage-turn-sequence.ru.txt": msg(
        "Vampire: the Masquerade, Revised edition, chapter Combat"
    ),
}
_NOTES: dict[str, Message] = {
    "spec/vtes.md": msg("the desk's notes on the VTES rules"),
    "spec/dracula.md": msg("the desk's notes on the Fury of Dracula rules"),
    "spec/vtm.md": msg("the desk's notes on the V:tM rules"),
    "spec/api.md": msg("the desk's notes on the V:tM rules"),
    "shared/data/fury-of-dracula-2e-combat-results.csv": msg("a fan-made table of combat results"),
}
# sources the working notes already name in English: other languages show their catalog names
_NAMED: dict[str, Message] = {
    "Vampire: the Masquerade 5th edition (V5) core rules": msg(
        "Vampire: the Masquerade 5th edition (V5) core rules"
    ),
    "the project's own method": msg("the project's own method"),
}
_VEKN = msg("VEKN rulebook, chapter Combat")
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


def _part(part: str, lang: str) -> str:
    """One piece of a source in the reader's words ("" when a translated page leaves it out)."""
    translated = lang != SOURCE_LANGUAGE
    part = part.strip()
    if part.startswith("VEKN rulebook"):
        return _VEKN.render(lang)
    for key, names in {**_BOOKS, **_NOTES}.items():
        if part.startswith(key):
            detail = part[len(key) :].lstrip(" ,")
            name = names.render(lang)
            if key in _BOOKS and (found := _SECTION.match(detail)):
                return msg("{book}, section {section}", book=name, section=found.group(1)).render(
                    lang
                )
            if translated or not detail:
                return name  # the working notes are in English: the Russian page names the book
            detail = detail.replace("the seed", "the rulebook page").replace("seed", "rulebook")
            return f"{name}: {detail}" if not detail.startswith("(") else f"{name} {detail}"
    for key, named in _NAMED.items():
        if part.startswith(key):
            return named.render(lang) if translated else part
    if translated:
        return ""  # more detail on the same book, in the working notes' English
    return part.replace("not among the seeds", "not among the rulebook pages the desk quotes")


def source_text(source: str, lang: str) -> str:
    """``source`` (a section's ``source`` field) as the rulebook's name, page and section."""
    parts: list[str] = []
    for piece in _split(source):
        text = _part(piece, lang)
        if text and text not in parts:
            parts.append(text)
    return "; ".join(parts)
