"""The error banner: a rule error's message in plain words, never a traceback."""

from __future__ import annotations

import logging

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.labels import COMMON
from rules.errors import RuleError

log = logging.getLogger(__name__)


class ErrorBanner:
    """Shows what is wrong with the input; hidden while there is nothing to say."""

    def __init__(self) -> None:
        self.widget = widgets.HTML(value="", layout=widgets.Layout(display="none"))
        self.widget.add_class("calc-error")
        self.message = ""
        self.lang = "en"

    def show(self, error: BaseException) -> None:
        """Show ``error``: a :class:`RuleError`'s own message, a generic one otherwise."""
        if isinstance(error, RuleError):
            self.message = error.in_language(self.lang)
        else:
            log.error("unexpected error in a calculator", exc_info=error)
            self.message = COMMON.text("unexpected", self.lang)
        self.show_text(self.message)

    def show_text(self, message: str, title_key: str = "error_title") -> None:
        self.message = message
        title = COMMON.text(title_key, self.lang)
        self.widget.value = (
            f'<div class="calc-error-box" role="alert"><b>{escape(title)}:</b> '
            f"{escape(message)}</div>"
        )
        self.widget.layout.display = None

    def clear(self) -> None:
        self.message = ""
        self.widget.value = ""
        self.widget.layout.display = "none"

    @property
    def visible(self) -> bool:
        return bool(self.message)
