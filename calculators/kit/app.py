"""The base of every calculator page: header, language switch, error banner, body."""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any, TypeVar
from urllib.parse import parse_qs

import ipywidgets as widgets

from calculators.kit.banner import ErrorBanner
from calculators.kit.fmt import escape
from calculators.kit.labels import COMMON, LANGS, LANGUAGE_NAMES, Catalog
from calculators.kit.links import HOME_PAGE, REFERENCE_PAGE, page_url
from calculators.kit.query import page_query
from calculators.kit.style import CSS
from rules.errors import RuleError

T = TypeVar("T")


class CalculatorApp:
    """A page: subclass it, build widgets into :attr:`body`, then call :meth:`ready`.

    Subclasses give ``labels`` (a :class:`Catalog`, merged with the common one) and
    ``title_key``, and override :meth:`relabel` to set their widgets' texts in
    :attr:`lang`. ``self.widget`` is the root to display; it carries the CSS class
    ``calc-ready`` once :meth:`ready` ran, which the browser tests wait for.

    A page's notebook has two cells: the first builds the app and shows ``app.widget``;
    the second calls ``app.follow_url()``, which (with Voila's preheated kernels) waits for
    the visitor's request and applies the address's parameters: ``lang`` always, and those a
    subclass adds to ``url_parameters`` and handles in :meth:`apply_parameters`. Notebooks may
    add a third cell marked ``# NBVAL_CHECK_OUTPUT`` printing a worked example.

    Drive a page in tests without a browser: set widget values, then read
    ``self.banner.message`` and the subclass's result attributes.
    """

    labels: Catalog = Catalog({})
    title_key: str = "title"
    url_parameters: tuple[str, ...] = ("lang",)

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; allowed: {', '.join(LANGS)}")
        self.lang = lang
        self._catalog = COMMON.merged(self.labels)
        self.banner = ErrorBanner()
        self.banner.lang = lang
        self.language = widgets.ToggleButtons(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGS],
            value=lang,
            style={"button_width": "90px"},
        )
        self.language.add_class("calc-lang")
        self.language.observe(self._on_language, names="value")
        self._heading = widgets.HTML()
        self._nav = widgets.HTML()
        self._nav.add_class("calc-nav")
        header = widgets.HBox(
            [widgets.VBox([self._heading, self._nav]), self.language],
            layout=widgets.Layout(width="100%"),
        )
        header.add_class("calc-header")
        self.body = widgets.VBox()
        self.widget = widgets.VBox([widgets.HTML(CSS), header, self.banner.widget, self.body])
        self.widget.add_class("calc-root")
        self.url_params: dict[str, str] = {}
        self._holds = 0

    # -- labels -------------------------------------------------------------------------
    def t(self, key: str) -> str:
        """The label ``key`` in the current language."""
        return self._catalog.text(key, self.lang)

    def relabel(self) -> None:
        """Set every label in :attr:`lang`; subclasses extend this."""

    def ready(self) -> None:
        """Call at the end of the subclass's ``__init__``."""
        self._relabel_all()
        self.widget.add_class("calc-ready")

    def set_language(self, lang: str) -> None:
        self.language.value = lang  # triggers _on_language

    def _on_language(self, change: dict[str, Any]) -> None:
        self.lang = change["new"]
        self.banner.lang = self.lang
        self._relabel_all()

    def _relabel_all(self) -> None:
        self._heading.value = f"<h2>{escape(self.t(self.title_key))}</h2>"
        self._nav.value = (
            f'<a href="{page_url(HOME_PAGE, self.lang)}">{escape(self.t("home"))}</a>'
            f'<a href="{page_url(REFERENCE_PAGE, self.lang)}">{escape(self.t("reference"))}</a>'
        )
        self.run(self.relabel)

    # -- setting many inputs at once ---------------------------------------------------
    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Within ``with self.hold():`` input observers should not recompute (see :attr:`held`)."""
        self._holds += 1
        try:
            yield
        finally:
            self._holds -= 1

    @property
    def held(self) -> bool:
        """True while inputs are being set together; observers check it and wait."""
        return self._holds > 0

    def relabel_options(self, widget: Any, keys: Sequence[str]) -> None:
        """Translate a selection widget's option labels (catalog keys), keeping its value."""
        value = widget.value
        with self.hold():
            widget.options = [(self.t(key), key) for key in keys]
            widget.value = value

    # -- running engine calls -----------------------------------------------------------
    def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """Call ``fn``; a :class:`RuleError` (or anything else) becomes a banner message.

        The banner is cleared when ``fn`` succeeds. Returns ``fn``'s result or ``None``.
        """
        try:
            result = fn(*args, **kwargs)
        except RuleError as error:
            self.banner.show(error)
            return None
        except Exception as error:  # never a traceback on the page
            self.banner.show(error)
            return None
        self.banner.clear()
        return result

    def guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """Wrap an observer/click handler so that errors go to the banner."""

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> None:
            self.run(fn, *args, **kwargs)

        return wrapper

    # -- page address -------------------------------------------------------------------
    def follow_url(self) -> None:
        """Apply the page address's parameters (``lang`` and :meth:`apply_parameters`).

        The parameters end up in :attr:`url_params`. A bad address gives a message in the
        banner; the page keeps working.
        """
        params = self.run(page_query, self.url_allowed())
        if params is None:
            # a bad address: still speak the language it asks for, if that part is readable
            wanted = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [""])[-1]
            if wanted in LANGS and wanted != self.lang:
                self.set_language(wanted)
                self.run(page_query, self.url_allowed())  # the message again, in that language
            self.banner.show_text(self.banner.message, "bad_url")
            return
        self.url_params = params
        lang = params.get("lang")
        if lang is not None and lang not in LANGS:
            self.banner.show_text(
                COMMON.text("bad_lang", self.lang).format(lang=lang, allowed=", ".join(LANGS)),
                "bad_url",
            )
            return
        if lang is not None:
            self.set_language(lang)
        self.run(self.apply_parameters, params)

    def url_allowed(self) -> Collection[str]:
        return self.url_parameters

    def apply_parameters(self, params: dict[str, str]) -> None:
        """Subclasses use further parameters (e.g. ``section``) here."""

    def show_address_problem(self, label: str, **fields: str) -> None:
        """Show the catalog message ``label`` (formatted with ``fields``) as an address problem."""
        self.banner.show_text(self.t(label).format(**fields), "bad_url")
