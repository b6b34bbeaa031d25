"""Guard: the reference is written in our own words, not copied from the seed texts.

No text of the reference (titles, texts, examples, edition notes, glossary notes) may share a
run of 12 words with a seed text, after folding case, punctuation and ё. The seeds live beside
the project (``../shared/seeds``); without them the guard skips.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from rules.reference import glossary, sections

RUN = 12


def _words(text: str) -> list[str]:
    return re.findall(r"[0-9a-zа-я]+", text.lower().replace("ё", "е"))


def _runs(words: list[str]) -> Iterator[tuple[str, ...]]:
    for i in range(len(words) - RUN + 1):
        yield tuple(words[i : i + RUN])


def _reference_texts() -> Iterator[tuple[str, str]]:
    for s in sections():
        for lang in ("en", "ru"):
            yield s.id, s.title[lang]
            yield s.id, s.text[lang]
            for example in s.examples:
                yield s.id, f"{example.title[lang]}\n{example.text[lang]}"
            for note in s.editions:
                yield s.id, note.text[lang]
    for term in glossary():
        if term.note:
            for lang in ("en", "ru"):
                yield f"glossary:{term.en}", term.note[lang]


def test_normalisation_folds_case_punctuation_and_yo() -> None:
    assert _words("Ещё, ОДИН «удар» — Strike!") == ["еще", "один", "удар", "strike"]
    assert len(list(_runs([str(i) for i in range(13)]))) == 2


def test_no_reference_text_shares_twelve_words_with_a_seed(seeds_dir: Path) -> None:
    seed_runs: set[tuple[str, ...]] = set()
    for path in sorted(seeds_dir.glob("*.txt")):
        seed_runs.update(_runs(_words(path.read_text(encoding="utf-8"))))
    assert seed_runs, "no seed text found"
    copied = [
        (where, " ".join(run))
        for where, text in _reference_texts()
        for run in _runs(_words(text))
        if run in seed_runs
    ]
    assert not copied, f"reference texts repeat the seeds word for word: {copied[:5]}"
