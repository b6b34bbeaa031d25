"""Errors raised by the rules engines.

Every error is a :class:`ValueError` so that plain Python callers can catch bad input the usual
way. It carries a :class:`~rules.i18n.Message` that says what is wrong and what is allowed;
``str(error)`` is English and :meth:`RuleError.render` gives any language.

>>> from rules.i18n import msg
>>> error = InvalidState(msg("{name} must be True or False, got {value}.", name="x", value=2))
>>> str(error)
'x must be True or False, got 2.'
>>> error.render("ru")
'x: нужно True или False, а получено 2.'
"""

from __future__ import annotations

from rules.i18n.message import Fixed, Said

__all__ = ["IllegalPlay", "InvalidState", "RuleError"]


class RuleError(ValueError):
    """Base class of every error raised by :mod:`rules`.

    ``RuleError(message)`` takes a :class:`~rules.i18n.Message`; a plain ``str`` is a fixed
    text, the same in every language (for callers outside the engines).
    """

    def __init__(self, message: Said | str = "") -> None:
        said = Fixed(message) if isinstance(message, str) else message
        super().__init__(said.render("en"))
        self.message: Said = said

    def render(self, lang: str) -> str:
        """The message in ``lang``."""
        return self.message.render(lang)

    def in_language(self, lang: str) -> str:
        """The same as :meth:`render`."""
        return self.message.render(lang)

    @property
    def ru(self) -> str:
        """The message in Russian (``""`` for a fixed text written without one)."""
        said = self.message
        return "" if isinstance(said, Fixed) else said.render("ru")


class InvalidState(RuleError):
    """The situation given to an engine cannot exist (for example, more blood than capacity)."""


class IllegalPlay(RuleError):
    """The situation is valid but the sequence of plays breaks a rule."""
