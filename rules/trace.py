"""Traces: the step-by-step explanation every engine result carries.

A :class:`Step` cites the rule section it applies (an id of :mod:`rules.reference`, such as
``"vtes:6.4.6"``) and says what happened as a :class:`~rules.i18n.Message`, rendered in the
reader's language when it is shown.

>>> from rules.i18n import msg
>>> trace = Trace()
>>> trace.add("vtes:6.4.6", msg("{name} must be True or False, got {value}.", name="x", value=2))
>>> trace.steps[0].render("ru")
'x: нужно True или False, а получено 2.'
>>> trace.steps[0].text
'x must be True or False, got 2.'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rules.i18n.message import Fixed, Said

__all__ = ["Step", "Trace", "cited_rules"]


@dataclass(frozen=True, slots=True, init=False)
class Step:
    """One step of a resolution: the rule it applies and what happened.

    ``Step(rule, message)`` takes a :class:`~rules.i18n.Message`. The older form
    A plain ``str`` is a fixed text, the same in every language (for callers outside the
    engines).
    """

    rule: str
    message: Said

    def __init__(self, rule: str, message: Said | str) -> None:
        object.__setattr__(self, "rule", rule)
        said = Fixed(message) if isinstance(message, str) else message
        object.__setattr__(self, "message", said)

    def render(self, lang: str) -> str:
        """The step's sentence in ``lang``."""
        return self.message.render(lang)

    def in_language(self, lang: str) -> str:
        """The same as :meth:`render`."""
        return self.message.render(lang)

    @property
    def text(self) -> str:
        """The sentence in English."""
        return self.message.render("en")

    @property
    def ru(self) -> str:
        """The sentence in Russian (``""`` for a fixed text written without one)."""
        said = self.message
        return "" if isinstance(said, Fixed) else said.render("ru")

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


class Trace:
    """A small builder for a tuple of steps."""

    __slots__ = ("_steps",)

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self._steps: list[Step] = list(steps)

    def add(self, rule: str, message: Said | str) -> None:
        """Add the step that applies ``rule`` and says ``message``."""
        self._steps.append(Step(rule, message))

    def extend(self, steps: Iterable[Step]) -> None:
        self._steps.extend(steps)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self._steps)

    def __len__(self) -> int:
        return len(self._steps)


def cited_rules(steps: Iterable[Step]) -> frozenset[str]:
    """The set of section ids cited by ``steps``."""
    return frozenset(step.rule for step in steps)
