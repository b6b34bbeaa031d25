"""Finding a card by any spelling: typos, missing punctuation, accents, the start of a name,
a vampire without its epithet or group, and names typed in Cyrillic letters.

Pure Python (the static site runs it in Pyodide unchanged, so it answers the same there).
Every name and every query go through the same two steps:

1. :func:`fold`: lower case, accents and punctuation dropped, Cyrillic letters transliterated
   phonetically into Latin ones (``"Тео Белл"`` -> ``"teo bell"``);
2. :func:`sound`: a rough spelling-by-ear key of each word, so that the ways English, Italian
   or German names are spelt and the ways a Russian player writes them down meet
   (``th`` -> ``t``, ``ck`` -> ``k``, a soft ``c`` -> ``s``, ``sch`` = ``sh``, ``w`` -> ``v``,
   ``y`` -> ``i``, doubled letters once...): ``"theo bell"`` and ``"teo bell"`` both read
   ``"teobel"``.

The keys are then compared by an edit distance (letters missing, extra, wrong or swapped) in
which a vowel for another vowel costs half, as vowels are what transliteration blurs most. A
query also matches the start of a name, and the name from one of its later words on.
Candidates are first narrowed by the letter pairs they share with the query, so a query
compares its key with about a hundred names, not thousands.

>>> fold("Béatrice L'Angou"), fold("Тео Белл")
('beatrice langou', 'teo bell')
>>> sound("theo"), sound("bell"), sound("Sascha"), sound("Victoria")
('teo', 'bel', 'saSa', 'viktoria')
>>> index = NameIndex([Entry(1, "Theo Bell"), Entry(2, "Majesty"), Entry(3, "Theo Bell", adv=True)])
>>> index.find("majsty"), index.find("Тео Белл"), index.find("theo bell adv")
((2,), (1, 3), (3, 1))
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain
from operator import add
from typing import Final

__all__ = ["Entry", "NameIndex", "fold", "sound", "words"]

#: Russian (and the few Ukrainian) letters, as a Russian speaker hears them in Latin letters.
_CYRILLIC: Final = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g",
}  # fmt: skip
_CYRILLIC_RE: Final = re.compile("дж|ь(?=[еёюяи])|[а-яёіїєґ]")
#: Letters that do not decompose into a Latin letter and an accent.
_LETTERS: Final = str.maketrans(
    {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}
)
_QUIET: Final = re.compile(r"[\u0300-\u036f'’‘`´™®]")  # accents, apostrophes, marks: dropped
_GAP: Final = re.compile(r"[^a-z0-9]+")  # anything else separates words


def _cyrillic(match: re.Match[str]) -> str:
    found = match.group()
    if found == "дж":
        return "j"
    if found == "ь":
        return "y"  # a soft sign before a vowel sounds as a "y": Ксавьер -> ksavyer
    return _CYRILLIC[found]


def fold(text: str) -> str:
    """Lower case Latin words separated by single spaces: no accent, no punctuation, and
    Cyrillic letters written in Latin ones as they sound."""
    text = text.casefold()
    if text.isascii():
        return _GAP.sub(" ", text.replace("'", "").replace("`", "")).strip()
    text = _CYRILLIC_RE.sub(_cyrillic, text).translate(_LETTERS)
    text = _QUIET.sub("", unicodedata.normalize("NFKD", text))
    return _GAP.sub(" ", text).strip()


def words(text: str) -> list[str]:
    """The folded words of ``text``."""
    return fold(text).split()


#: Spellings of one sound, read left to right, longest first (upper case letters stand for
#: the sounds sh, ch and zh).
_SOUNDS: Final = {
    "sch": "S", "sh": "S", "tch": "C", "ch": "C", "zh": "Z", "ph": "f", "th": "t", "kh": "h",
    "gh": "h", "dge": "je", "dgi": "ji", "gia": "ja", "gio": "jo", "giu": "ju", "ck": "k",
    "cq": "k", "q": "k", "ce": "se", "ci": "si", "cy": "si", "c": "k", "x": "ks", "ts": "z",
    "tz": "z", "w": "v", "y": "i", "ee": "i", "oo": "u",
}  # fmt: skip
_SOUND_RE: Final = re.compile("|".join(sorted(_SOUNDS, key=len, reverse=True)))
_TWICE: Final = re.compile(r"(.)\1+")


def _sound_of(match: re.Match[str]) -> str:
    return _SOUNDS[match.group()]


@cache
def _sound(word: str) -> str:
    return _TWICE.sub(r"\1", _SOUND_RE.sub(_sound_of, word))


def sound(word: str) -> str:
    """A word's key by ear: the letters of its :func:`fold` read as they sound."""
    return _sound(fold(word).replace(" ", ""))


_VOWELS: Final = frozenset("aeiou")
#: Consonants that transliteration or a careless ear swap: cheaper to replace than others.
_CLOSE: Final = frozenset(
    a + b
    for pair in ("fv", "sz", "td", "kg", "pb", "hC", "SC", "Zj", "Zg", "jg", "hg", "SZ")
    for a, b in ((pair[0], pair[1]), (pair[1], pair[0]))
)
_SUB_VOWEL: Final = 0.5
_SUB_CLOSE: Final = 0.6
_INDEL_VOWEL: Final = 0.6


def _sub(a: str, b: str) -> float:
    if a == b:
        return 0.0
    if a in _VOWELS and b in _VOWELS:
        return _SUB_VOWEL
    return _SUB_CLOSE if a + b in _CLOSE else 1.0


#: Every letter a key can hold (folded Latin letters, digits, and the sounds S, C, Z).
_ALPHABET: Final = "abcdefghijklmnopqrstuvwxyz0123456789SCZ"
#: ``_SUBS[a][b]``: what writing ``b`` for ``a`` costs.
_SUBS: Final = {a: {b: _sub(a, b) for b in _ALPHABET} for a in _ALPHABET}
_INDELS: Final = {a: _INDEL_VOWEL if a in _VOWELS else 1.0 for a in _ALPHABET}


def distances(query: str, key: str, limit: float) -> tuple[float, float]:
    """The weighted edit distance from ``query`` to ``key``, and to the closest start of
    ``key`` (letters of ``key`` left over are free); ``(inf, inf)`` once both exceed ``limit``.

    An adjacent swap costs one edit.

    >>> distances(sound("majsty"), sound("majesty"), 3.0)  # a vowel missing
    (0.6, 0.6)
    >>> distances("teo", "teobel", 3.0)  # the start of the name
    (2.6, 0.0)
    """
    inf = float("inf")
    n = len(key)
    ins = [_INDELS[c] for c in key]
    prev2: list[float] = []
    prev = [0.0] * (n + 1)
    for j in range(n):
        prev[j + 1] = prev[j] + ins[j]
    qa = ""
    for a in query:
        subs = _SUBS[a]
        dele = _INDELS[a]
        cur = [prev[0] + dele] + [0.0] * n
        best = cur[0]
        kb = ""
        for j, b in enumerate(key, 1):
            v = prev[j - 1] + subs[b]
            w = prev[j] + dele
            if w < v:
                v = w
            w = cur[j - 1] + ins[j - 1]
            if w < v:
                v = w
            if a == kb and qa == b and a != b:
                w = prev2[j - 2] + 1.0
                if w < v:
                    v = w
            cur[j] = v
            if v < best:
                best = v
            kb = b
        if best > limit:
            return inf, inf
        prev2, prev, qa = prev, cur, a
    return prev[n], min(prev)


@dataclass(frozen=True, slots=True)
class Entry:
    """A card as the index knows it: its id, its name as printed, other names it goes by
    (older spellings), and for a vampire whether it is advanced and its group."""

    id: int
    name: str
    aka: tuple[str, ...] = ()
    adv: bool = False
    group: str = ""


#: What a name found only through a variant or from a later word costs over the name itself.
_VARIANT: Final = 0.1
_LATER_WORD: Final = 0.3
#: A query matching the start of a name, not the whole of it.
_PREFIX: Final = 0.15
#: How much worse than the best match another may be and still be listed.
_FURTHER: Final = 1.0
#: How many names sharing the most letter pairs with the query are compared in full.
_CANDIDATES: Final = 96
_STOP: Final = frozenset({"the", "of", "a", "an", "and", "de", "la", "le", "von", "van", "d", "l"})
_QUOTED: Final = re.compile(r"\"[^\"]*\"|“[^”]*”|\([^)]*\)")
_MODIFIER: Final = re.compile(r"^(?:adv|advanced|g\d+|group\d+)$")


def _variants(entry: Entry) -> list[tuple[list[str], float]]:
    """The spellings a card is found by (as folded words), each with what finding it that
    way costs."""
    extra = [*entry.aka]
    if "," in entry.name:
        extra.append(entry.name.split(",", 1)[0])  # Lucian, the Perfect -> Lucian
    if _QUOTED.search(entry.name):
        extra.append(_QUOTED.sub(" ", entry.name))  # Anna "Dictatrix11" Suljic -> Anna Suljic
        extra += [m.strip('"“”()') for m in _QUOTED.findall(entry.name)]
    if entry.name.casefold().startswith("the "):
        extra.append(entry.name[4:])
    out = [(words(entry.name), 0.0), *((words(v), _VARIANT) for v in extra)]
    for ws, cost in list(out):
        out += [(ws[k:], cost + _LATER_WORD) for k in range(1, len(ws)) if ws[k] not in _STOP]
    return out


def _pairs(key: str) -> set[str]:
    """The key's letter pairs, the first letter paired with the start."""
    padded = f"^{key}"
    return set(map(add, padded, padded[1:]))


_NO_MATCH: Final = float("inf")
_BONUS: Final = 0.05  # the most a spelling takes off (see _spelling_bonus)


def _cost(query: str, key: str, limit: float) -> float:
    """What matching ``query`` to ``key`` costs, as the whole of it or as its start;
    infinite beyond ``limit``."""
    full, start = distances(query, key, limit)
    if min(full, start) > limit:
        return _NO_MATCH
    return min(full, start + _PREFIX)


def _spelling_bonus(query: Sequence[str], key: tuple[str, ...]) -> float:
    """A little less cost for a name spelt as the query is, word for word: the whole name,
    or its first words with the last one typed in part; less again for letters alone."""
    n = len(query)
    if tuple(query) == key:
        return _BONUS
    if n <= len(key) and tuple(query[:-1]) == key[: n - 1]:
        if query[-1] == key[n - 1]:
            return 0.04
        if key[n - 1].startswith(query[-1]):
            return 0.03
    return 0.01 if "".join(key).startswith("".join(query)) else 0.0


class NameIndex:
    """Cards found by name; :meth:`find` gives their ids, best first."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self.entries: tuple[Entry, ...] = tuple(entries)
        self._by_id = {e.id: i for i, e in enumerate(self.entries)}
        card: list[int] = []
        sounds: list[str] = []
        plains: list[str] = []
        spelt: list[tuple[str, ...]] = []
        costs: list[float] = []
        seen: set[tuple[int, str]] = set()
        postings: dict[str, list[int]] = {}
        for i, entry in enumerate(self.entries):
            for ws, cost in _variants(entry):
                if not ws:
                    continue
                key = "".join([_sound(w) for w in ws])
                if (i, key) in seen:
                    continue
                seen.add((i, key))
                k = len(card)
                card.append(i)
                sounds.append(key)
                plains.append("".join(ws))
                spelt.append(tuple(ws))
                costs.append(cost)
                for pair in _pairs(key):
                    postings.setdefault(pair, []).append(k)
        self._card, self._sound, self._plain, self._cost = card, sounds, plains, costs
        self._words = spelt
        self._postings = postings

    def find(self, query: str, limit: int = 10) -> tuple[int, ...]:
        """The ids of the cards best matching ``query``, best first, at most ``limit``.

        Among cards that match equally well (the versions of one vampire), a version the
        query names (``adv``, ``g6``) comes first, then the base version before the advanced
        one, then the lower group, then the lower card id.
        """
        ws = words(query)
        if not ws or limit < 1:
            return ()
        if len(ws) == 1 and ws[0].isdigit():
            found = self._by_id.get(int(ws[0]))
            if found is not None:
                return (self.entries[found].id,)
        wants_adv: bool | None = None
        wants_group = ""
        while len(ws) > 1 and _MODIFIER.match(ws[-1]):
            last = ws.pop()
            if last.startswith("adv"):
                wants_adv = True
            else:
                wants_group = last.removeprefix("group").removeprefix("g")
        key = "".join([_sound(w) for w in ws])
        plain = "".join(ws)
        limit_cost = 0.0 if len(key) < 3 else max(1.0, 0.35 * len(key))
        # pairs in a fixed order: names sharing as many pairs then rank the same in every
        # interpreter (a set's order follows string hashes, which differ from run to run)
        shared = Counter(
            chain.from_iterable(self._postings.get(p, ()) for p in sorted(_pairs(key)))
        ).most_common(_CANDIDATES)
        best: dict[int, float] = {}
        floor = _NO_MATCH  # the best cost so far
        bound = limit_cost  # beyond it, a name can be neither a match nor close to the best
        for k, _count in shared:  # the names sharing most letter pairs first
            cost = _cost(key, self._sound[k], bound)
            if cost > _PREFIX:  # not quite alike by ear: alike letter by letter?
                cost = min(cost, _cost(plain, self._plain[k], bound))
            if cost == _NO_MATCH:
                continue
            cost += self._cost[k] - _spelling_bonus(ws, self._words[k])
            i = self._card[k]
            if cost < best.get(i, _NO_MATCH):
                best[i] = cost
                if cost < floor:
                    floor = cost
                    bound = min(limit_cost, floor + _FURTHER + _BONUS)
        best = {i: c for i, c in best.items() if c <= floor + _FURTHER}

        def order(i: int) -> tuple[float, int, int, bool, int, int]:
            e = self.entries[i]
            named = (wants_adv is not None and e.adv != wants_adv) + (
                bool(wants_group) and e.group != wants_group
            )
            group = int(e.group) if e.group.isdigit() else 0
            return (round(best[i], 3), named, len(e.name), e.adv, group, e.id)

        return tuple(self.entries[i].id for i in sorted(best, key=order)[:limit])
