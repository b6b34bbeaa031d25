"""Checking scenario input: places in the scenario and typed reads of its values.

Every read raises :class:`rules.errors.InvalidState` naming the place (a catalog message,
so in any language), the problem and what is allowed.

>>> where = Place(msg("Round {number}", number=1)).then("strikes")
>>> read_int({"blood": -1}, "blood", where)
Traceback (most recent call last):
...
rules.errors.InvalidState: Round 1, strikes: 'blood' must be 0 or more, got -1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.errors import InvalidState
from rules.i18n import Message, msg, render_param
from rules.validation import shown

__all__ = [
    "Place",
    "read_bool",
    "read_int",
    "read_keys",
    "read_list",
    "read_str",
]


@dataclass(frozen=True, slots=True)
class Place:
    """Where a problem is in the scenario: a message (``str()`` gives the English)."""

    said: Message | str

    def __str__(self) -> str:
        return render_param(self.said, "en")

    def render(self, lang: str) -> str:
        return render_param(self.said, lang)

    def then(self, inner: Message | str) -> Place:
        """A place inside this one: a message, or a key of the scenario as it is written."""
        return Place(msg("{outer}, {inner}", outer=self.said, inner=inner))


def read_keys(data: object, allowed: Sequence[str], where: Place) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidState(
            msg(
                "{where} must be an object with keys among: {allowed}; got {kind}.",
                where=where.said,
                allowed=list(allowed),
                kind=type(data).__name__,
            )
        )
    for key in data:
        if key not in allowed:
            raise InvalidState(
                msg(
                    "{where}: unknown key {key}; allowed keys: {allowed}.",
                    where=where.said,
                    key=shown(key),
                    allowed=list(allowed),
                )
            )
    return dict(data)


def read_int(
    data: Mapping[str, Any],
    key: str,
    where: Place,
    *,
    default: int | None = None,
    minimum: int = 0,
) -> int:
    if key not in data:
        if default is None:
            raise InvalidState(
                msg(
                    "{where}: {key} is missing; it must be a whole number.",
                    where=where.said,
                    key=repr(key),
                )
            )
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(
            msg(
                "{where}: {key} must be a whole number, got {value}.",
                where=where.said,
                key=repr(key),
                value=shown(value),
            )
        )
    if value < minimum:
        raise InvalidState(
            msg(
                "{where}: {key} must be {minimum} or more, got {value}.",
                where=where.said,
                key=repr(key),
                minimum=minimum,
                value=value,
            )
        )
    return value


def read_bool(data: Mapping[str, Any], key: str, where: Place, default: bool = False) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise InvalidState(
            msg(
                "{where}: {key} must be true or false, got {value}.",
                where=where.said,
                key=repr(key),
                value=shown(value),
            )
        )
    return value


def read_str(
    data: Mapping[str, Any], key: str, where: Place, *, required: bool = False
) -> str | None:
    if key not in data:
        if required:
            raise InvalidState(
                msg(
                    "{where}: {key} is missing; it must be a non-empty text.",
                    where=where.said,
                    key=repr(key),
                )
            )
        return None
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise InvalidState(
            msg(
                "{where}: {key} must be a non-empty text, got {value}.",
                where=where.said,
                key=repr(key),
                value=shown(value),
            )
        )
    return value.strip()


def read_list(data: Mapping[str, Any], key: str, where: Place) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list | tuple):
        raise InvalidState(
            msg(
                "{where}: {key} must be a list, got {kind}.",
                where=where.said,
                key=repr(key),
                kind=type(value).__name__,
            )
        )
    return list(value)
