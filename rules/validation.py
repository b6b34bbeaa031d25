"""Checks at the boundary of every public function of :mod:`rules`.

Each helper returns the value it was given when it is acceptable, and otherwise raises
:class:`~rules.errors.InvalidState` naming the parameter, what it got and what is allowed, in
any language of the catalogs. ``name`` is a :class:`~rules.i18n.Message` naming the parameter
(a plain ``str`` is shown as it is in every language).

Whole numbers must be real :class:`int` values: ``True``, ``2.0`` and ``"2"`` are refused.

>>> whole("blood", 3, 0, 15)
3
>>> whole("blood", True, 0, 15)
Traceback (most recent call last):
...
rules.errors.InvalidState: blood must be a whole number from 0 to 15, got True.
>>> choice("edition", "v20", ("revised", "v20"))
'v20'
>>> from rules.i18n import msg_p
>>> try:
...     whole(msg_p("parameter", "Your pool"), -1, 1, 30)
... except InvalidState as error:
...     print(error.in_language("ru"))
Ваш пул: нужно целое число от 1 до 30, а получено -1.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TypeVar

from rules.errors import InvalidState
from rules.i18n.message import Message, msg, msg_n

__all__ = [
    "at_most",
    "choice",
    "choices",
    "finite",
    "flag",
    "fraction",
    "members",
    "present",
    "shown",
    "sized",
    "text",
    "whole",
    "whole_at_least",
]

T = TypeVar("T")

_SHOWN = 60
"""The longest shown value: a pasted megabyte is named by its start only."""


def shown(value: object) -> str:
    """``repr(value)``, cut to a readable length."""
    try:
        text_ = repr(value)
    except Exception:  # a caller's object whose repr fails still gets a message
        text_ = f"<{type(value).__name__}>"
    return text_ if len(text_) <= _SHOWN else text_[: _SHOWN - 3] + "..."


Name = str | Message
"""A parameter's name: a catalog message, or a ``str`` shown as it is in every language."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(name: Name, value: object, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (both included).

    >>> whole("dice", 50, 1, 50)
    50
    >>> whole("dice", 2.0, 1, 50)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: dice must be a whole number from 1 to 50, got 2.0.
    """
    if not (_is_int(value) and isinstance(value, int) and low <= value <= high):
        raise InvalidState(
            msg(
                "{name} must be a whole number from {low} to {high}, got {value}.",
                name=name,
                low=low,
                high=high,
                value=shown(value),
            )
        )
    return value


def whole_at_least(name: Name, value: object, low: int) -> int:
    """``value`` if it is a whole number ``low`` or more (no upper limit).

    >>> whole_at_least("count", 7, 0)
    7
    >>> whole_at_least("count", -1, 0)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: count must be a whole number 0 or more, got -1.
    """
    if not (_is_int(value) and isinstance(value, int) and value >= low):
        raise InvalidState(
            msg(
                "{name} must be a whole number {low} or more, got {value}.",
                name=name,
                low=low,
                value=shown(value),
            )
        )
    return value


def choice(name: Name, value: object, allowed: Iterable[T]) -> T:
    """``value`` if it is one of ``allowed`` (compared by equality; bools are not numbers).

    >>> choice("level", "hurt", ["bruised", "hurt"])
    'hurt'
    >>> choice("difficulty", True, [1, 2])
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: difficulty True is not allowed; allowed: 1, 2.
    """
    options = list(allowed)
    for option in options:
        same_kind = isinstance(value, type(option)) or isinstance(option, type(value))
        bools_apart = isinstance(value, bool) == isinstance(option, bool)
        if same_kind and bools_apart and _equal(value, option):
            return option
    names = ", ".join(shown(option) for option in options)
    raise InvalidState(
        msg(
            "{name} {value} is not allowed; allowed: {allowed}.",
            name=name,
            value=shown(value),
            allowed=names,
        )
    )


def _equal(value: object, option: object) -> bool:
    try:
        return bool(value == option)
    except Exception:  # an object whose comparison fails is simply not a match
        return False


def choices(name: Name, values: object, allowed: Iterable[T]) -> tuple[T, ...]:
    """``values`` (a list or tuple, not a single string) if each is one of ``allowed``.

    >>> choices("cards", ["Punch"], ["Punch", "Dodge"])
    ('Punch',)
    >>> choices("cards", "Punch", ["Punch", "Dodge"])
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: cards must be a list of 'Punch', 'Dodge', got 'Punch'.
    """
    options = list(allowed)
    if not isinstance(values, list | tuple):
        names = ", ".join(shown(option) for option in options)
        raise InvalidState(
            msg(
                "{name} must be a list of {allowed}, got {value}.",
                name=name,
                allowed=names,
                value=shown(values),
            )
        )
    return tuple(choice(name, value, options) for value in values)


def present(name: Name, value: object, kind: type[T]) -> T:
    """``value`` if it is an instance of ``kind`` (so ``None`` is refused).

    >>> present("odds", None, Fraction)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: odds must be a Fraction, got None.
    """
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        params = {"name": name, "kind": kind.__name__, "value": shown(value)}
        if kind.__name__[:1].lower() in "aeiou":
            raise InvalidState(msg("{name} must be an {kind}, got {value}.", **params))
        raise InvalidState(msg("{name} must be a {kind}, got {value}.", **params))
    return value


def flag(name: Name, value: object) -> bool:
    """``value`` if it is ``True`` or ``False`` (not ``"no"``, not ``0``).

    >>> flag("willpower", "no")
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: willpower must be True or False, got 'no'.
    """
    if not isinstance(value, bool):
        raise InvalidState(
            msg(
                "{name} must be True or False, got {value}.",
                name=name,
                value=shown(value),
            )
        )
    return value


def text(name: Name, value: object) -> str:
    """``value`` if it is a string with something other than spaces in it.

    >>> text("name", "  ")
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: name must be a non-empty text, got '  '.
    """
    if not isinstance(value, str) or not value.strip():
        raise InvalidState(
            msg(
                "{name} must be a non-empty text, got {value}.",
                name=name,
                value=shown(value),
            )
        )
    return value


def fraction(name: Name, value: object, low: Fraction, high: Fraction) -> Fraction:
    """``value`` as an exact :class:`Fraction` from ``low`` to ``high``.

    Whole numbers and fractions are accepted; floats are not (they are not exact), nor are
    bools, NaN or infinities.

    >>> fraction("p", Fraction(1, 3), Fraction(0), Fraction(1))
    Fraction(1, 3)
    >>> fraction("p", 0.5, Fraction(0), Fraction(1))
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: p must be an exact fraction from 0 to 1, got 0.5.
    """
    exact: Fraction | None = None
    if isinstance(value, Fraction):
        exact = value
    elif _is_int(value) and isinstance(value, int):
        exact = Fraction(value)
    if exact is None or not low <= exact <= high:
        raise InvalidState(
            msg(
                "{name} must be an exact fraction from {low} to {high}, got {value}.",
                name=name,
                low=low,
                high=high,
                value=shown(value),
            )
        )
    return exact


def finite(name: Name, value: object) -> float:
    """``value`` if it is a real number that is not NaN or infinite (bools are refused).

    >>> finite("initiative", float("nan"))
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: initiative must be a finite number, got nan.
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float | Fraction)
        or (isinstance(value, float) and not math.isfinite(value))
    ):
        raise InvalidState(
            msg(
                "{name} must be a finite number, got {value}.",
                name=name,
                value=shown(value),
            )
        )
    return float(value)


def at_most(name: Name, size: int, limit: int, what: Name) -> None:
    """Refuse a request whose state space (``size``) is over ``limit``, before any work.

    >>> at_most("health", 20, 12, "states")
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: health is too large: 20 states, at most 12 are computed.
    """
    if size > limit:
        raise InvalidState(
            msg(
                "{name} is too large: {size} {what}, at most {limit} are computed.",
                name=name,
                size=size,
                what=what,
                limit=limit,
            )
        )


def sized(name: Name, values: object, low: int, high: int | None) -> tuple[object, ...]:
    """``values`` as a tuple if it is a list or tuple of ``low`` to ``high`` items.

    ``high=None``: any length from ``low`` up.

    >>> sized("cards", ("a", "b"), 1, 3)
    ('a', 'b')
    >>> sized("faces", "66", 0, None)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: faces must be a list of 0 or more items, got '66'.
    """
    if high is None:
        if not isinstance(values, list | tuple) or len(values) < low:
            raise InvalidState(
                msg_n(
                    "{name} must be a list of {n} or more items, got {value}.",
                    "{name} must be a list of {n} or more items, got {value}.",
                    low,
                    name=name,
                    value=shown(values),
                )
            )
        return tuple(values)
    if not isinstance(values, list | tuple) or not low <= len(values) <= high:
        raise InvalidState(
            msg_n(
                "{name} must be a list of {low} to {n} items, got {value}.",
                "{name} must be a list of {low} to {n} items, got {value}.",
                high,
                name=name,
                low=low,
                value=shown(values),
            )
        )
    return tuple(values)


def members(name: Name, values: object, kind: type[T]) -> tuple[T, ...]:
    """``values`` (a list or tuple) if every item is an instance of ``kind``.

    For text items, each must also have something other than spaces in it.

    >>> members("holders", ["Ann", "Ben"], str)
    ('Ann', 'Ben')
    >>> members("holders", "Ann", str)
    Traceback (most recent call last):
    ...
    rules.errors.InvalidState: holders must be a list of str items, got 'Ann'.
    """
    if not isinstance(values, list | tuple) or not all(_member(v, kind) for v in values):
        raise InvalidState(
            msg(
                "{name} must be a list of {kind} items, got {value}.",
                name=name,
                kind=kind.__name__,
                value=shown(values),
            )
        )
    return tuple(values)


def _member(value: object, kind: type) -> bool:
    if isinstance(value, bool) and kind is not bool:
        return False
    if not isinstance(value, kind):
        return False
    return bool(value.strip()) if isinstance(value, str) else True
