"""The interface labels of a page: short names for catalog messages.

A page's labels are messages of the gettext catalogs (:mod:`rules.i18n`), each under a short
name, so a page asks for ``LABELS.text("blood", lang)`` and gets the text in its reader's
language. Fields such as ``{id}`` stay in the text for the page to fill.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.i18n import LANGUAGES, Message, check_language, msg, msg_n, msg_p

LANGS: tuple[str, ...] = tuple(LANGUAGES)
LANGUAGE_NAMES: dict[str, str] = dict(LANGUAGES)


class Catalog:
    """Interface labels keyed by a short name, each a catalog message.

    >>> labels = Catalog({"language": msg("Language")})
    >>> labels.text("language", "ru")
    'Язык'
    """

    def __init__(self, entries: Mapping[str, Message]) -> None:
        self._entries = dict(entries)

    def text(self, key: str, lang: str, count: int | None = None) -> str:
        """The label's text in ``lang``, its ``{fields}`` left for the caller to fill; a
        counted label (:func:`~rules.i18n.msg_n`) in its plural form for ``count``.

        >>> labels = Catalog({"damage": msg_n("{n} damage", "{n} damage", 0)})
        >>> [labels.text("damage", "ru", count).format(n=count) for count in (1, 3, 5)]
        ['1 повреждение', '3 повреждения', '5 повреждений']
        """
        label = self._entries[key]
        if count is not None:
            label = replace(label, n=count)
        return label.template(check_language(lang))

    def message(self, key: str, /, **params: object) -> Message:
        """The label as a message, its fields filled from ``params``."""
        label = self._entries[key]
        return replace(label, params=(*label.params, *params.items()))

    def counted(self, key: str, count: int, /, **params: object) -> Message:
        """A counted label as a message in its plural form for ``count``; ``{n}`` shows
        ``count`` unless ``params`` give ``n``."""
        label = self._entries[key]
        return replace(label, n=count, params=(*label.params, ("n", count), *params.items()))

    def merged(self, other: Catalog) -> Catalog:
        """A catalog with the entries of both; ``other`` wins on equal keys."""
        return Catalog({**self._entries, **other._entries})

    def keys(self) -> tuple[str, ...]:
        return tuple(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries


COMMON = Catalog(
    {
        "language": msg("Language"),
        "result": msg_p("labels.result", "Result"),
        "trace": msg("Step by step"),
        "presets": msg("Examples from the rulebook"),
        "error_title": msg("Cannot compute this"),
        "unexpected": msg(
            "The calculator failed on this input: a fault in the program, not in what you "
            "entered (error id {id}; the server's log has the details). Your inputs are kept."
        ),
        "internal_title": msg("Internal error"),
        "rule_link": msg("Open the rule"),
        "home": msg("All calculators"),
        "reference": msg("Rules reference"),
        "exact": msg("exact"),
        "probability": msg("Probability"),
        "bad_url": msg("The page address has a problem"),
        "copy_link": msg("Copy link"),
        "copy_link_hint": msg("A link to this page with these inputs and this result"),
        "link_copied": msg("Link copied"),
        "link_not_copied": msg("Copying is blocked here; copy the link below"),
        "link_too_long": msg_n(
            "This link is longer than {n} character; some apps may cut it",
            "This link is longer than {n} characters; some apps may cut it",
            0,
        ),
        "offline_ready": msg("Available offline"),
        "offline_ready_hint": msg(
            "This browser keeps every calculator of the desk: they open and compute with no network"
        ),
        "address_lost": msg(
            "The server did not pass this page its address in time, so the inputs of the link "
            "you opened are not applied. Reload the page to apply them."
        ),
        "bad_lang": msg("unknown language {lang!r} in the page address; allowed: {allowed}"),
        "snapshot_status": msg(
            "The calculator is starting. Its result is shown below; the inputs respond in a moment."
        ),
    }
)
