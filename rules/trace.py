"""Traces: the step-by-step explanation every engine result carries.

A :class:`Step` cites the rule section it applies (an id of
:mod:`rules.reference`, such as ``"vtes:6.4.6"``) and says in one sentence
what happened, in English (``text``) and in Russian (``ru``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

__all__ = ["Step", "Trace", "cited_rules"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a resolution: the rule it applies and what happened.

    ``text`` is English; ``ru`` says the same in Russian (empty if a step has none, in which
    case :meth:`in_language` falls back to English).
    """

    rule: str
    text: str
    ru: str = ""

    def in_language(self, lang: str) -> str:
        """The step's sentence in ``lang`` (``"en"`` or ``"ru"``)."""
        return self.ru if lang == "ru" and self.ru else self.text

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


class Trace:
    """A small builder for a tuple of steps.

    >>> trace = Trace()
    >>> trace.add("vtes:6.4.6", "Krid takes 2 damage.", "Крид получает 2 повреждения.")
    >>> trace.steps[0].in_language("ru")
    'Крид получает 2 повреждения.'
    """

    __slots__ = ("_steps",)

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self._steps: list[Step] = list(steps)

    def add(self, rule: str, text: str, ru: str = "") -> None:
        self._steps.append(Step(rule, text, ru))

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
