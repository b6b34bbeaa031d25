"""Search over the reference: word-form tolerant, bilingual, helped by the glossary.

A query is split into words; each word becomes a *concept*: its stem, plus the
distinctive stems of every glossary term it names (so ``неизлечимое`` also looks
for ``aggravated``). A section scores one title hit per concept found in its
titles (or whose glossary term points at it) and one text hit per concept found
in its text, examples or edition notes. Results are ranked by title hits, then
text hits, then hits in the chosen language, then reading order.

The index is built once. Matching a query stem against the texts' stems is a range
lookup in the sorted vocabulary (stems that begin with the query stem) plus set
lookups of the query stem's own prefixes (stems it begins with), never a scan of the
vocabulary. The sections each query stem hits are worked out once and remembered (a
bounded cache), so typing a query costs only its newest word.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from rules.reference.loader import Library
from rules.reference.model import LANGS, Localised, Section, Term
from rules.reference.stem import clear_cache, stem_set, stems

__all__ = ["Index", "stem_matches"]

#: A glossary stem shared by more terms than this is too common to identify a term.
_DISTINCTIVE_MAX: Final = 2
_MIN_PREFIX: Final = 4
#: How many query stems the index remembers the hits of.
_CACHE_SIZE: Final = 4096


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
    """One query word, as the positions (in reading order) of the sections it hits."""

    title: frozenset[int]  # a matching stem in a title (either language), or a glossary link
    text: frozenset[int]  # a matching stem in the text, examples or edition notes
    lang: dict[str, frozenset[int]]  # a matching stem in the title or text of that language


@dataclass(frozen=True, slots=True)
class _TermForms:
    term: Term
    forms: tuple[tuple[str, ...], ...]


_Postings = dict[str, set[int]]


class _Vocabulary:
    """A set of stems that finds the ones :func:`stem_matches` a query stem, without a scan."""

    def __init__(self, words: set[str]) -> None:
        self._words = frozenset(words)
        self._sorted = tuple(sorted(words))

    def matching(self, query_stem: str) -> Iterator[str]:
        """The stems ``s`` of the set with ``stem_matches(query_stem, s)``."""
        if query_stem in self._words:
            yield query_stem
        if len(query_stem) >= _MIN_PREFIX:  # longer stems that begin with it
            ordered = self._sorted
            i = bisect_left(ordered, query_stem)
            if i < len(ordered) and ordered[i] == query_stem:
                i += 1
            while i < len(ordered) and ordered[i].startswith(query_stem):
                yield ordered[i]
                i += 1
        for end in range(_MIN_PREFIX + 1, len(query_stem)):  # shorter stems that begin it
            if query_stem[:end] in self._words:
                yield query_stem[:end]


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
        self._term_stems = _Vocabulary(set(df))
        self._terms_with: dict[str, list[int]] = {}
        for i, tf in enumerate(self._terms):
            for s in dict.fromkeys(s for form in tf.forms for s in form):
                self._terms_with.setdefault(s, []).append(i)
        # Inverted lists: stem -> positions of the sections that have it, per field and language.
        titles: dict[str, _Postings] = {lang: {} for lang in LANGS}
        bodies: dict[str, _Postings] = {lang: {} for lang in LANGS}
        self._named: dict[str, set[int]] = {}
        self._position = {doc.section.id: i for i, doc in enumerate(self._docs)}
        for position, doc in enumerate(self._docs):
            for lang in LANGS:
                for s in doc.title[lang]:
                    titles[lang].setdefault(s, set()).add(position)
                for s in doc.body[lang]:
                    bodies[lang].setdefault(s, set()).add(position)
            for key in (doc.section.id.lower(), doc.section.number):
                if key:
                    self._named.setdefault(key, set()).add(position)
        self._titles = titles
        self._bodies = bodies
        vocabulary: set[str] = set()
        for lang in LANGS:
            vocabulary.update(titles[lang], bodies[lang])
        self._vocabulary = _Vocabulary(vocabulary)
        self._concept = lru_cache(maxsize=_CACHE_SIZE)(self._make_concept)

    def clear_cache(self) -> None:
        """Forget the remembered query stems and word stems (to time a search from scratch)."""
        self._concept.cache_clear()
        clear_cache()

    def _expand(self, alternatives: set[str]) -> frozenset[str]:
        """Every stem of the texts that matches one of ``alternatives``."""
        found = set(alternatives)
        for q in alternatives:
            found.update(self._vocabulary.matching(q))
        return frozenset(found)

    @staticmethod
    def _doc(section: Section) -> _Doc:
        title: dict[str, frozenset[str]] = {}
        body: dict[str, frozenset[str]] = {}
        for lang in LANGS:
            title[lang] = stem_set(section.title[lang])
            parts = [section.text[lang]]
            parts += [f"{ex.title[lang]} {ex.text[lang]}" for ex in section.examples]
            parts += [ed.text[lang] for ed in section.editions]
            body[lang] = stem_set("\n".join(parts))
        return _Doc(section, title, body)

    def matching_terms(self, query: str) -> list[Term]:
        """Glossary terms named by ``query`` (by a distinctive word, or by all their words)."""
        return [tf.term for tf in self._terms_named(stems(query))]

    def _terms_named(self, query_stems: list[str]) -> list[_TermForms]:
        """The terms with a form whose every stem, or one of whose distinctive stems, some
        query stem matches (in glossary order)."""
        matched: set[str] = set()
        for q in query_stems:
            matched.update(self._term_stems.matching(q))
        candidates = sorted({i for s in matched for i in self._terms_with[s]})
        return [self._terms[i] for i in candidates if self._term_hit(self._terms[i], matched)]

    def _term_hit(self, tf: _TermForms, matched: set[str]) -> bool:
        for form in tf.forms:
            if form and all(s in matched for s in form):
                return True
            if any(s in matched and s in self._distinctive for s in form):
                return True
        return False

    def _make_concept(self, q: str) -> _Concept:
        """The sections one query stem hits (cached per stem by ``self._concept``)."""
        alternatives = {q}
        linked = set()
        for tf in self._terms_named([q]):
            if tf.term.section in self._position:
                linked.add(self._position[tf.term.section])
            alternatives.update(s for form in tf.forms for s in form if s in self._distinctive)
        found = self._expand(alternatives)

        def hits(postings: _Postings) -> set[int]:
            out: set[int] = set()
            for s in found:
                out.update(postings.get(s, ()))
            return out

        in_title = {lang: hits(self._titles[lang]) for lang in LANGS}
        in_body = {lang: hits(self._bodies[lang]) for lang in LANGS}
        return _Concept(
            title=frozenset(linked.union(*in_title.values())),
            text=frozenset(set().union(*in_body.values())),
            lang=Localised({lang: frozenset(in_title[lang] | in_body[lang]) for lang in LANGS}),
        )

    def search(self, query: str, lang: str, game: str | None = None) -> list[Section]:
        """Sections matching ``query``, best first (see the module docstring)."""
        concepts = [self._concept(q) for q in dict.fromkeys(stems(query))]
        exact = query.strip().lower()
        named = self._named.get(exact, set()) if exact else set()
        candidates = set(named)
        for concept in concepts:
            candidates |= concept.title | concept.text
        scored: list[tuple[tuple[int, int, int, int, int], Section]] = []
        for position in candidates:
            section = self._docs[position].section
            if game is not None and section.game != game:
                continue
            title_hits = text_hits = lang_hits = 0
            for concept in concepts:
                title_hits += position in concept.title
                text_hits += position in concept.text
                lang_hits += position in concept.lang[lang]
            key = (-(position in named), -title_hits, -text_hits, -lang_hits, position)
            scored.append((key, section))
        scored.sort(key=lambda item: item[0])
        return [section for _, section in scored]
