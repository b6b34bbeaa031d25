"""A ruling as plain text, to paste into a chat: the title, the situation, the result, the steps.

Pure text from the page's words and the engine's steps (no widgets): the pages' views use it.
"""

from __future__ import annotations

from collections.abc import Sequence

from calculators.kit.labels import Catalog
from rules.i18n import msg, msg_p
from rules.trace import Step

RULING_TEXTS = Catalog(
    {
        "situation": msg("Situation"),
        "result": msg_p("tools.result", "Result"),
        "steps": msg("Steps"),
    }
)


def ruling_text(
    title: str, situation: Sequence[str], result: Sequence[str], steps: Sequence[Step], lang: str
) -> str:
    """A ruling as plain text: title, situation, result, numbered steps citing their rules."""
    t = RULING_TEXTS
    lines = [title, "", f"{t.text('situation', lang)}:"]
    lines += [f"- {line}" for line in situation]
    lines += ["", f"{t.text('result', lang)}:"]
    lines += [f"- {line}" for line in result]
    if steps:
        lines += ["", f"{t.text('steps', lang)}:"]
        lines += [f"{i}. [{step.rule}] {step.in_language(lang)}" for i, step in enumerate(steps, 1)]
    return "\n".join(lines)
