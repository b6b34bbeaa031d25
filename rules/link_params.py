"""A page's address parameters, read as the page reads them, for a summary made without the page.

A link to a page of the desk names the inputs that differ from the page's opening state
(``?aggravated=3&name=Krid``). The link summaries (``rules.*.link_summary``) tell in one line
what such a link shows, from its parameters alone: no widget, no kernel. :class:`LinkParams`
reads the parameters with the page's rules: the first of repeated names wins, a missing
parameter is the page's opening value, and a value the page would refuse raises
:class:`~rules.errors.InvalidState` saying what is wrong and what is allowed.

>>> p = LinkParams.from_query("dice=7&specialty=1&dice=9")
>>> p.number("dice", 6), p.flag("specialty", False), p.choice("edition", "revised", ["v20"])
(7, True, 'revised')
>>> p.number("difficulty", 6), p.given("dice", "wound"), p.given("wound")
(6, True, False)
>>> LinkParams({"dice": "many"}).number("dice", 6)
Traceback (most recent call last):
...
rules.errors.InvalidState: dice in the link must be a whole number, got 'many'.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import parse_qsl

from rules.errors import InvalidState
from rules.i18n import msg

__all__ = ["FALSE_WORDS", "TRUE_WORDS", "LinkParams", "pack", "unpack"]

#: how the pages write a yes or a no in an address (``calculators.kit.address`` reads the same)
TRUE_WORDS = ("1", "yes", "true", "on")
FALSE_WORDS = ("0", "no", "false", "off")


def pack(data: Any) -> str:
    """JSON data as a short address-safe text: compact JSON, raw deflate, base64url without
    padding (how a page puts a whole combat or deck in one parameter).

    >>> pack({"rounds": 1, "rules": "black-hand"})
    'q1Yqyi_NSylWsjLUUSoqzUkFspSSchKTs3UzEvNSlGoB'
    """
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    packed = zlib.compress(raw.encode("utf-8"), 9)[2:-4]  # raw deflate: no header, no checksum
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack(text: str, name: str) -> Any:
    """The data :func:`pack` made; a precise :class:`InvalidState` naming the parameter
    ``name`` for anything else."""
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflate = zlib.decompressobj(-15)
        raw = inflate.decompress(packed, 1 << 20)
        if inflate.unconsumed_tail or inflate.unused_data or not inflate.eof:
            raise ValueError("not a whole packed text")
        return json.loads(raw.decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise InvalidState(
            msg(
                "{name} in the page address is damaged (it is not a combat this page wrote); "
                "copy the link again from the page",
                name=name,
            )
        ) from None


class LinkParams:
    """The parameters of one link (name -> text), read as typed inputs."""

    def __init__(self, params: Mapping[str, str]) -> None:
        self.params = dict(params)

    @classmethod
    def from_query(cls, query: str) -> LinkParams:
        """The parameters of an address's query (without ``?``); the first of a name wins."""
        params: dict[str, str] = {}
        for name, value in parse_qsl(query, keep_blank_values=True):
            params.setdefault(name, value)
        return cls(params)

    @property
    def lang(self) -> str:
        """The link's language as it names it (``"en"`` when it names none)."""
        return self.params.get("lang", "en")

    def given(self, *names: str) -> bool:
        """Whether the link names any of ``names``."""
        return any(name in self.params for name in names)

    def inputs(self) -> set[str]:
        """The names the link gives, other than its language."""
        return set(self.params) - {"lang"}

    def text(self, name: str, default: str) -> str:
        return self.params.get(name, default)

    def number(self, name: str, default: int) -> int:
        """A whole number (the engine then checks its range)."""
        raw = self.params.get(name)
        if raw is None:
            return default
        try:
            return int(raw.strip())
        except ValueError:
            said = msg(
                "{name} in the link must be a whole number, got {value!r}.", name=name, value=raw
            )
            raise InvalidState(said) from None

    def flag(self, name: str, default: bool) -> bool:
        raw = self.params.get(name)
        if raw is None:
            return default
        word = raw.strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise InvalidState(
            msg("{name} in the link must be 1 or 0, got {value!r}.", name=name, value=raw)
        )

    def packed(self, name: str) -> Any:
        """The data of a packed parameter (compact JSON, raw deflate, base64url without
        padding: what :func:`pack` writes, the VTES combat's ``combat``).

        >>> LinkParams({"c": "q1Yqyi_NSylWsjLUUSoqzUkFspSSchKTs3UzEvNSlGoB"}).packed("c")
        {'rounds': 1, 'rules': 'black-hand'}
        """
        return unpack(self.params.get(name, ""), name)

    def choice(self, name: str, default: str, allowed: Iterable[str]) -> str:
        raw = self.params.get(name)
        if raw is None:
            return default
        options = tuple(allowed)
        if raw in options:
            return raw
        raise InvalidState(
            msg(
                "{name} in the link must be one of {allowed}, got {value!r}.",
                name=name,
                allowed=", ".join(options),
                value=raw,
            )
        )
