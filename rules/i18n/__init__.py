"""Every language of the desk through GNU gettext catalogs.

Engines return :class:`Message` values (a message id and its parameters), never sentences; a
page renders them in its reader's language. See ``README.md``, "Languages", to add one.
"""

from rules.i18n.languages import (
    LANGUAGES,
    PSEUDO_ENV,
    PSEUDO_LANGUAGE,
    SOURCE_LANGUAGE,
    check_language,
)
from rules.i18n.message import Message, msg, msg_n, msg_np, msg_p, render_param
from rules.i18n.translations import install, translations

__all__ = [
    "LANGUAGES",
    "PSEUDO_ENV",
    "PSEUDO_LANGUAGE",
    "SOURCE_LANGUAGE",
    "Message",
    "check_language",
    "install",
    "msg",
    "msg_n",
    "msg_np",
    "msg_p",
    "render_param",
    "translations",
]
