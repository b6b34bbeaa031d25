"""Search over the reference: word-form tolerant, bilingual, helped by the glossary.

A query is split into words; each word becomes a *concept*: its stem, plus the
distinctive stems of every glossary term it names (so ``неизлечимое`` also looks
for ``aggravated``). A section scores one title hit per concept found in its
titles (or whose glossary term points at it) and one text hit per concept found
in its text, examples or edition notes. Results are ranked by title hits, then
text hits, then hits in the chosen language, then reading order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from rules.reference.loader import Library
from rules.reference.model import LANGS, Section, Term
from rules.reference.stem import stems

__all__ = ["Index", "stem_matches"]

#: A glossary stem shared by more terms than this is too common to identify a term.
_DISTINCTIVE_MAX: Final = 2
_MIN_PREFIX: Final = 4


def stem_matches(query_stem: str, doc_stem: str) -> bool:
    """Equal stems, or one a prefix of the other when the shorter is long enough."""
    if query_stem == doc_stem:
        return True
    if len(query_stem) <= len(doc_stem):
        return len(query_stem) >= _MIN_PREFIX and doc_stem.startswith(query_stem)
    # A shorter stem in the text must be a bit longer to stand for the query word.
    return len(doc_stem) > _MIN_PREFIX and query_stem.startswith(doc_stem)


@dataclass(frozen=True, slots=True)
class _Doc:
    section: Section
    title: dict[str, frozenset[str]]
    body: dict[str, frozenset[str]]


@dataclass(frozen=True, slots=True)
class _Concept:
    stems: frozenset[str]  # every stem of the texts that stands for this query word
    linked: frozenset[str]  # section ids named by the glossary terms this word matched


@dataclass(frozen=True, slots=True)
class _TermForms:
    term: Term
    forms: tuple[tuple[str, ...], ...]


class Index:
    """A search index over one :class:`~rules.reference.loader.Library`."""

    def __init__(self, library: Library) -> None:
        self._docs = [self._doc(s) for s in library.sections]
        self._terms = [
            _TermForms(t, tuple(tuple(stems(form)) for form in (t.en, *t.ru)))
            for t in library.terms
        ]
        df: Counter[str] = Counter()
        for tf in self._terms:
            df.update({s for form in tf.forms for s in form})
        self._distinctive = frozenset(s for s, n in df.items() if n <= _DISTINCTIVE_MAX)
        vocabulary: set[str] = set()
        for doc in self._docs:
            for lang in LANGS:
                vocabulary |= doc.title[lang] | doc.body[lang]
        self._vocabulary = frozenset(vocabulary)

    def _expand(self, alternatives: set[str]) -> frozenset[str]:
        """Every stem of the texts that matches one of ``alternatives``."""
        found = set(alternatives)
        found.update(v for v in self._vocabulary if any(stem_matches(q, v) for q in alternatives))
        return frozenset(found)

    @staticmethod
    def _doc(section: Section) -> _Doc:
        title: dict[str, frozenset[str]] = {}
        body: dict[str, frozenset[str]] = {}
        for lang in LANGS:
            title[lang] = frozenset(stems(section.title[lang]))
            parts = [section.text[lang]]
            parts += [f"{ex.title[lang]} {ex.text[lang]}" for ex in section.examples]
            parts += [ed.text[lang] for ed in section.editions]
            body[lang] = frozenset(stems("\n".join(parts)))
        return _Doc(section, title, body)

    def matching_terms(self, query: str) -> list[Term]:
        """Glossary terms named by ``query`` (by a distinctive word, or by all their words)."""
        query_stems = stems(query)
        return [tf.term for tf in self._terms if self._term_hit(tf, query_stems)]

    def _term_hit(self, tf: _TermForms, query_stems: list[str]) -> bool:
        for form in tf.forms:
            if form and all(any(stem_matches(q, s) for q in query_stems) for s in form):
                return True
            for s in form:
                if s in self._distinctive and any(stem_matches(q, s) for q in query_stems):
                    return True
        return False

    def _concepts(self, query: str) -> list[_Concept]:
        concepts = []
        for q in dict.fromkeys(stems(query)):
            alternatives = {q}
            linked = set()
            for tf in self._terms:
                if self._term_hit(tf, [q]):
                    linked.add(tf.term.section)
                    alternatives.update(
                        s for form in tf.forms for s in form if s in self._distinctive
                    )
            concepts.append(_Concept(self._expand(alternatives), frozenset(linked)))
        return concepts

    def search(self, query: str, lang: str, game: str | None = None) -> list[Section]:
        """Sections matching ``query``, best first (see the module docstring)."""
        concepts = self._concepts(query)
        exact = query.strip().lower()
        scored: list[tuple[tuple[int, int, int, int], int, Section]] = []
        for position, doc in enumerate(self._docs):
            section = doc.section
            if game is not None and section.game != game:
                continue
            named = int(exact in (section.id.lower(), section.number) and exact != "")
            title_hits = text_hits = lang_hits = 0
            for concept in concepts:
                found = concept.stems
                in_title = section.id in concept.linked or any(
                    not found.isdisjoint(doc.title[lg]) for lg in LANGS
                )
                in_text = any(not found.isdisjoint(doc.body[lg]) for lg in LANGS)
                title_hits += in_title
                text_hits += in_text
                lang_hits += not (
                    found.isdisjoint(doc.title[lang]) and found.isdisjoint(doc.body[lang])
                )
            if named or title_hits or text_hits:
                scored.append(((named, title_hits, text_hits, lang_hits), position, section))
        scored.sort(key=lambda item: (tuple(-k for k in item[0]), item[1]))
        return [section for _, _, section in scored]
