"""A small, forgiving stemmer for English and Russian search words.

It only strips common endings so that word forms meet (``удара``/``ударом`` ->
``удар``, ``strikes``/``striking`` -> ``strik``); it is not a linguistic
stemmer and does not need to be one: search also accepts prefix matches.

Stems are remembered per word (a bounded cache): the reference's texts repeat a few
thousand distinct words many times, so building the search index stems each only once.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

__all__ = ["STOPWORDS", "clear_cache", "stem", "stem_set", "stems", "tokens"]

_WORD: Final = re.compile(r"[0-9a-zа-яё]+(?:\.[0-9]+)*", re.IGNORECASE)
_CYRILLIC: Final = re.compile("[а-яё]")
#: How many distinct words :func:`stem` remembers.
_CACHE_SIZE: Final = 16384


def _words(text: str) -> list[str]:
    return text.split()


STOPWORDS: Final = frozenset(
    _words(
        """
    a an the of to in on at by for and or is are be it its as with from that this not no
    into than then when if one all any each was were has have can may must his her their
    и в во на с со по не ни из за от до для как что это то же ли бы он она они его ее их
    а но или к ко у о об при под над без так все всех только если когда где уже еще
    """
    )
)

# Longest endings first within each list.
_RU_REFLEXIVE: Final = ("ся", "сь")
_RU_ENDINGS: Final = tuple(
    sorted(
        _words(
            """
        иями ями ами иях ием ией ого его ому ему ыми ими ешь ете ите ует уют ают яют ить ать ять
        еть уть ых их ым им ом ем ой ей ий ый ая яя ое ее ие ые ую юю ия ию ии ью ов ев ах ях ам
        ям ут ют ат ят ет ит а я о е ы и у ю ь й
        """
        ),
        key=len,
        reverse=True,
    )
)
# The same endings grouped by length, longest first: a word has one ending of each length.
_RU_BY_LENGTH: Final = tuple(
    (n, frozenset(e for e in _RU_ENDINGS if len(e) == n))
    for n in sorted({len(e) for e in _RU_ENDINGS}, reverse=True)
)
_EN_ENDINGS: Final = (
    "ations",
    "ation",
    "ments",
    "ment",
    "ingly",
    "ings",
    "ing",
    "edly",
    "ies",
    "ied",
    "ed",
    "es",
    "ly",
    "s",
)
_MIN_STEM: Final = 3


def _stem_ru(word: str) -> str:
    word = word.replace("ё", "е")
    for ending in _RU_REFLEXIVE:
        if word.endswith(ending) and len(word) - len(ending) >= _MIN_STEM + 1:
            word = word[: -len(ending)]
            break
    for n, endings in _RU_BY_LENGTH:
        if len(word) - n >= _MIN_STEM and word[-n:] in endings:
            return word[:-n]
    return word


def _stem_en(word: str) -> str:
    if word.endswith("'s"):
        word = word[:-2]
    for ending in _EN_ENDINGS:
        if not word.endswith(ending) or len(word) - len(ending) < _MIN_STEM:
            continue
        base = word[: -len(ending)]
        if ending == "s" and (base.endswith("s") or base.endswith("u")):
            continue  # press, torpor's "us": leave "ss"/"us" words alone
        if ending == "es" and not base.endswith(("s", "x", "z", "ch", "sh")):
            base = word[:-1]  # "dodges" -> "dodge", then the final "e" goes below
        if ending in ("ies", "ied"):
            base += "i"
        word = base
        break
    if word.endswith("e") and len(word) > _MIN_STEM + 1:
        word = word[:-1]
    if word.endswith("y") and len(word) > _MIN_STEM:
        word = word[:-1] + "i"
    return word


def stem(word: str) -> str:
    """The stem of one word (English or Russian, chosen by its letters), in lower case."""
    return _stem_lower(word.lower())


@lru_cache(maxsize=_CACHE_SIZE)
def _stem_lower(word: str) -> str:
    if _CYRILLIC.search(word):
        return _stem_ru(word)
    if word.replace(".", "").isdigit():
        return word
    return _stem_en(word)


def tokens(text: str) -> list[str]:
    """The lower-case words of ``text`` (dotted numbers such as ``6.4.6`` stay whole)."""
    return [w.lower() for w in _WORD.findall(text)]


def stems(text: str) -> list[str]:
    """Stems of the words of ``text`` that are not stop words."""
    return [stem(w) for w in tokens(text) if w not in STOPWORDS and (len(w) > 1 or w.isdigit())]


def stem_set(text: str) -> frozenset[str]:
    """``frozenset(stems(text))``, stemming each distinct word of ``text`` once."""
    words = {w.lower() for w in _WORD.findall(text)}
    return frozenset(
        _stem_lower(w) for w in words if w not in STOPWORDS and (len(w) > 1 or w.isdigit())
    )


def clear_cache() -> None:
    """Forget the remembered stems (to time the stemmer from scratch)."""
    _stem_lower.cache_clear()
