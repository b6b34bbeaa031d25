"""Errors raised by the rules engines.

Every error is a :class:`ValueError` so that plain Python callers can catch
bad input the usual way, and its message says what is wrong and what is
allowed.
"""

from __future__ import annotations

__all__ = ["IllegalPlay", "InvalidState", "RuleError"]


class RuleError(ValueError):
    """Base class of every error raised by :mod:`rules`.

    The message (``str(error)``) is English; ``ru`` says the same in Russian (empty if the
    error has none, in which case :meth:`in_language` falls back to English).

    >>> error = InvalidState("blood must be 0..5, not 7", ru="кровь должна быть 0..5, а не 7")
    >>> error.in_language("ru")
    'кровь должна быть 0..5, а не 7'
    """

    def __init__(self, message: str = "", ru: str = "") -> None:
        super().__init__(message)
        self.ru = ru

    def in_language(self, lang: str) -> str:
        """The message in ``lang`` (``"en"`` or ``"ru"``)."""
        return self.ru if lang == "ru" and self.ru else str(self)


class InvalidState(RuleError):
    """The situation given to an engine cannot exist (for example, more blood than capacity)."""


class IllegalPlay(RuleError):
    """The situation is valid but the sequence of plays breaks a rule."""
