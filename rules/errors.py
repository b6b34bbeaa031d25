"""Errors raised by the rules engines.

Every error is a :class:`ValueError` so that plain Python callers can catch
bad input the usual way, and its message says what is wrong and what is
allowed.
"""

from __future__ import annotations

__all__ = ["IllegalPlay", "InvalidState", "RuleError"]


class RuleError(ValueError):
    """Base class of every error raised by :mod:`rules`."""


class InvalidState(RuleError):
    """The situation given to an engine cannot exist (for example, more blood than capacity)."""


class IllegalPlay(RuleError):
    """The situation is valid but the sequence of plays breaks a rule."""
