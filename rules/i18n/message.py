"""Messages: what an engine says, kept as a message id and its parameters until it is shown.

Engines never write sentences. They return :class:`Message` values, and a page renders each
one in its reader's language through the gettext catalogs (:mod:`rules.i18n.translations`).

The message id is the English text, with ``{name}`` fields filled from the parameters
(:meth:`str.format` syntax; write a literal brace as ``{{``). A parameter may itself be a
message (rendered in the same language), a number to show in the reader's way
(:class:`rules.i18n.numbers.Percent`, :class:`~rules.i18n.numbers.Decimal`), a sequence of
messages and values (rendered joined by commas), or a plain value such as a name or a whole
number (shown as it is).

The four constructors are the keywords ``scripts/catalogs`` extracts:

- :func:`msg` — a message: ``msg("{name} takes the damage.", name=name)``;
- :func:`msg_n` — a message counted by ``n``, with the plural forms taken from the catalog
  (Russian has three): ``msg_n("{n} blood", "{n} blood", n)``;
- :func:`msg_p`, :func:`msg_np` — the same with a context, for one English text that other
  languages say in more than one way (for example, a noun in another grammatical case).

>>> said = msg("{name} must be a finite number, got {value}.", name="initiative", value="nan")
>>> said.render("en")
'initiative must be a finite number, got nan.'
>>> said.render("ru")
'initiative: нужно конечное число, а получено nan.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from rules.i18n.translations import translations

__all__ = ["Fixed", "Message", "Said", "msg", "msg_n", "msg_np", "msg_p", "render_param"]


@dataclass(frozen=True, slots=True)
class Message:
    """A message id, its parameters and, for a counted message, its plural id and count."""

    msgid: str
    params: tuple[tuple[str, object], ...] = ()
    plural: str | None = None
    n: int | None = None
    context: str | None = None

    def template(self, lang: str) -> str:
        """The message's text in ``lang`` before its fields are filled."""
        catalog = translations(lang)
        if self.plural is None:
            if self.context is None:
                return catalog.gettext(self.msgid)
            return catalog.pgettext(self.context, self.msgid)
        count = 0 if self.n is None else self.n
        if self.context is None:
            return catalog.ngettext(self.msgid, self.plural, count)
        return catalog.npgettext(self.context, self.msgid, self.plural, count)

    def render(self, lang: str) -> str:
        """The message in ``lang``, its parameters rendered in the same language."""
        values = {name: render_param(value, lang) for name, value in self.params}
        return self.template(lang).format(**values)

    def in_language(self, lang: str) -> str:
        """The same as :meth:`render`."""
        return self.render(lang)

    def __str__(self) -> str:
        return self.render("en")


@dataclass(frozen=True, slots=True)
class Fixed:
    """A text outside the catalogs, the same in every language: a caller's own words.

    The engines and pages never use it (``tests/fast/test_errors_russian.py`` and
    ``tests/fast/test_trace_russian.py`` check the source); code that calls :mod:`rules` from
    Python may raise or trace with plain text this way.
    """

    text: str

    def render(self, lang: str) -> str:
        return self.text

    def in_language(self, lang: str) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


Said = Message | Fixed
"""What a step or an error says."""


@runtime_checkable
class Shown(Protocol):
    """A parameter that renders itself in a language: a message, or a number of
    :mod:`rules.i18n.numbers` (``Percent``, ``Decimal``)."""

    def render(self, lang: str) -> str: ...


def render_param(value: object, lang: str) -> str:
    """A parameter shown in ``lang``: messages and numbers rendered in it, sequences joined
    by commas."""
    if isinstance(value, Shown):
        return value.render(lang)
    if isinstance(value, Sequence) and not isinstance(value, str):
        return ", ".join(render_param(item, lang) for item in value)
    return str(value)


def _params(params: Mapping[str, object]) -> tuple[tuple[str, object], ...]:
    return tuple((name, _frozen(value)) for name, value in params.items())


def _frozen(value: object) -> object:
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value


def msg(msgid: str, /, **params: object) -> Message:
    """A message with ``msgid`` and its parameters."""
    return Message(msgid, _params(params))


def msg_n(singular: str, plural: str, n: int, /, **params: object) -> Message:
    """A message counted by ``n``; ``{n}`` in the text shows the count."""
    return Message(singular, _params({"n": n, **params}), plural, n)


def msg_p(context: str, msgid: str, /, **params: object) -> Message:
    """A message with a context that tells two uses of one English text apart."""
    return Message(msgid, _params(params), context=context)


def msg_np(context: str, singular: str, plural: str, n: int, /, **params: object) -> Message:
    """A counted message with a context."""
    return Message(singular, _params({"n": n, **params}), plural, n, context)
