"""The error banner: a rule error's message in plain words, never a traceback.

Any other exception is an internal error: the banner says so with a short error id, and the
traceback goes to the server's log (the ``calculators`` logger writes to the process's
standard error; under Voila that is the terminal or log file of the ``voila`` command, and
under JupyterHub the single-user server's log), where the id finds it.
"""

from __future__ import annotations

import logging
import uuid

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.labels import COMMON
from calculators.server.page_kernel.server_log import use_server_log
from rules.errors import RuleError

log = logging.getLogger(__name__)
INTERNAL_CLASS = "calc-internal-error"
"""The banner's class while it shows an internal error (browser tests look for it)."""


use_server_log()


def report_internal(error: BaseException, lang: str) -> tuple[str, str]:
    """Log an internal error's traceback under a new short id; the id and the page's text."""
    error_id = uuid.uuid4().hex[:8]
    log.error("calculator internal error %s", error_id, exc_info=error)
    return error_id, COMMON.text("unexpected", lang).format(id=error_id)


class ErrorBanner:
    """Shows what is wrong with the input; hidden while there is nothing to say."""

    def __init__(self) -> None:
        self.widget = widgets.HTML(value="", layout=widgets.Layout(display="none"))
        self.widget.add_class("calc-error")
        self.message = ""
        self.lang = "en"
        self.error_id = ""
        """The id of the internal error shown, or "" when the banner shows none."""
        self.shown = 0
        """How many messages the banner has shown (a run compares it to keep new ones)."""

    def show(self, error: BaseException) -> None:
        """Show ``error``: a :class:`RuleError`'s own message; anything else is internal."""
        if isinstance(error, RuleError):
            self.show_text(error.in_language(self.lang))
            return
        error_id, message = report_internal(error, self.lang)
        self.show_text(message, "internal_title")
        self.error_id = error_id
        self.widget.add_class(INTERNAL_CLASS)

    def show_text(self, message: str, title_key: str = "error_title") -> None:
        self.message = message
        self.shown += 1
        self.error_id = ""
        self.widget.remove_class(INTERNAL_CLASS)
        title = COMMON.text(title_key, self.lang)
        self.widget.value = (
            f'<div class="calc-error-box" role="alert"><b>{escape(title)}:</b> '
            f"{escape(message)}</div>"
        )
        self.widget.layout.display = None

    def clear(self) -> None:
        self.message = ""
        self.error_id = ""
        self.widget.remove_class(INTERNAL_CLASS)
        self.widget.value = ""
        self.widget.layout.display = "none"

    @property
    def visible(self) -> bool:
        return bool(self.message)
