"""The base of every calculator page: header, language switch, error banner, body."""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar
from urllib.parse import parse_qsl

import ipywidgets as widgets
from IPython.display import display

from calculators.kit.address import (
    MAX_LINK_LENGTH,
    BadAddressValue,
    Field,
    build_query,
    input_label,
    read_query,
    widget_fields,
)
from calculators.kit.banner import ErrorBanner
from calculators.kit.fmt import escape
from calculators.kit.inputs import relabel_options, set_values
from calculators.kit.labels import COMMON, LANGS, LANGUAGE_NAMES, Catalog
from calculators.kit.links import HOME_PAGE, REFERENCE_PAGE, page_url
from calculators.kit.markup import heading
from calculators.kit.page_link import PageLink
from calculators.kit.part import PartContext
from calculators.kit.query import kernel_in_browser
from calculators.kit.snapshot import SNAPSHOT_MIME, snapshot_markup
from calculators.kit.style import CSS
from calculators.server.page_kernel.page_request import PageRequestLost, wait_for_page_request
from calculators.server.page_kernel.widget_state import answer_state_requests
from rules.errors import InvalidState, RuleError
from rules.i18n.numbers import numbers_in

T = TypeVar("T")


@contextlib.contextmanager
def on_failure(*actions: Callable[[], object]) -> Iterator[None]:
    """Within ``with on_failure(self.clear_results):``, an exception first runs ``actions``
    (a page takes its old results off, or restores what it changed), then goes on, to
    :meth:`Page.run`, which shows it in the banner."""
    try:
        yield
    except Exception:
        for action in actions:
            action()
        raise


class Page:
    """A page: subclass it, build widgets into :attr:`body`, then call :meth:`ready`.

    Subclasses give ``labels`` (a :class:`Catalog`, merged with the common one) and
    ``title_key``, and override :meth:`relabel` to set their widgets' texts in
    :attr:`lang`. ``self.widget`` is the root to display; it carries the CSS class
    ``calc-ready`` once :meth:`ready` ran, which the browser tests wait for.

    A page's notebook has two cells: the first builds the app and shows ``app.widget``;
    the second calls ``app.follow_url()``, which (with Voila's preheated kernels) waits for
    the visitor's request and applies the address's parameters: ``lang``, every input of
    :meth:`url_fields` (the page's whole input state, see :mod:`calculators.kit.address`), and
    those a subclass adds to ``url_parameters`` and handles in :meth:`apply_parameters`. From
    then on the address follows the inputs (:attr:`link`). Notebooks may add a third cell
    tagged ``nbval-only`` and marked ``# NBVAL_CHECK_OUTPUT`` printing a worked example: the
    notebook tests check it, the pages never run or show it.

    Drive a page in tests without a browser: set widget values, then read
    ``self.banner.message`` and the subclass's result attributes.
    """

    labels: Catalog = Catalog({})
    title_key: str = "title"
    url_parameters: tuple[str, ...] = ("lang",)
    #: names of discovered input widgets that are not part of the page's state
    url_exclude: tuple[str, ...] = ()

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; allowed: {', '.join(LANGS)}")
        answer_state_requests()  # the page's front end gets its widgets' state with less work
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
        self.link = PageLink()
        header = widgets.HBox(
            [widgets.VBox([self._heading, self._nav]), widgets.HBox([self.language, self.link])],
            layout=widgets.Layout(width="100%"),
        )
        header.add_class("calc-header")
        self.body = widgets.VBox()
        self.body.add_class("calc-body")  # the page's main landmark (page_link.js)
        self.widget = widgets.VBox([widgets.HTML(CSS), header, self.banner.widget, self.body])
        self.widget.add_class("calc-root")
        self.url_params: dict[str, str] = {}
        self._holds = 0
        self._fields: dict[str, Field] = {}
        self._defaults: dict[str, str] = {}
        self._address_problems: list[str] | None = None

    # -- labels -------------------------------------------------------------------------
    def t(self, key: str, count: int | None = None) -> str:
        """The label ``key`` in the current language (a counted label's form for ``count``)."""
        return self._catalog.text(key, self.lang, count)

    def relabel(self) -> None:
        """Set every label in :attr:`lang`; subclasses extend this."""

    def follow_language(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(lang)`` on each language switch (after the page's own relabelling)."""
        self.language.observe(lambda change: callback(change["new"]), names="value")

    def part_context(
        self, refresh: Callable[[], None], labels: Catalog | None = None
    ) -> PartContext:
        """The context a part of this page gets (see :mod:`calculators.kit.part`): the page's
        language and words (and ``labels``), its holds, its banner; ``refresh`` is what the
        part's changes ask for."""
        return PartContext(
            language=lambda: self.lang,
            catalog=self._catalog if labels is None else self._catalog.merged(labels),
            refresh=refresh,
            run=self.run,
            follow_language=self.follow_language,
            hold=self.hold,
            is_held=lambda: self.held,
            act=self.act,
        )

    def ready(self) -> None:
        """Call at the end of the subclass's ``__init__``; the inputs now are the defaults."""
        self._relabel_all()
        self.add_fields(self.url_fields())
        self.language.observe(self._on_state_change, names="value")
        self.sync_address()
        self.widget.add_class("calc-ready")

    def add_fields(self, fields: dict[str, Field]) -> None:
        """Put more inputs in the address (e.g. a tab's, built when first shown).

        Their current values are their defaults; the address follows their changes.
        A tab built afresh (after a reset) brings new widgets under the same names: the
        address then follows the new ones.
        """
        for name, field in fields.items():
            old = self._fields.get(name)
            if old is not None:
                if old.widget is field.widget:
                    continue
                if old.widget is not None:
                    old.widget.unobserve(self._on_state_change, names=_trait(old.widget))
            self._fields[name] = field
            self._defaults[name] = field.read()
            if field.widget is not None:
                field.widget.observe(self._on_state_change, names=_trait(field.widget))

    def address_names(self) -> tuple[str, ...]:
        """The names of the inputs the address follows."""
        return tuple(self._fields)

    def remove_fields(self, names: Iterable[str]) -> None:
        """Take inputs out of the address (e.g. a tab that was dropped to be built afresh)."""
        for name in list(names):
            field = self._fields.pop(name, None)
            self._defaults.pop(name, None)
            if field is not None and field.widget is not None:
                field.widget.unobserve(self._on_state_change, names=_trait(field.widget))

    def set_language(self, lang: str) -> None:
        self.language.value = lang  # triggers _on_language

    def _on_language(self, change: dict[str, Any]) -> None:
        self.lang = change["new"]
        self.banner.lang = self.lang
        self._relabel_all()

    def _relabel_all(self) -> None:
        self._heading.value = heading(self.t(self.title_key), 2)
        self._nav.value = (
            f'<a href="{page_url(HOME_PAGE, self.lang)}">{escape(self.t("home"))}</a>'
            f'<a href="{page_url(REFERENCE_PAGE, self.lang)}">{escape(self.t("reference"))}</a>'
        )
        self.link.label = self.t("copy_link")
        self.link.hint = self.t("copy_link_hint")
        self.link.done_label = self.t("link_copied")
        self.link.failed_label = self.t("link_not_copied")
        self.link.offline_label = self.t("offline_ready")
        self.link.offline_hint = self.t("offline_ready_hint")
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
            if not self._holds:  # what was set together shows in the address at once
                self.sync_address()

    @property
    def held(self) -> bool:
        """True while inputs are being set together; observers check it and wait."""
        return self._holds > 0

    def set_values(
        self,
        owner: object,
        values: Mapping[str, Any],
        allowed: Collection[str] | Mapping[str, str],
        first: Collection[str] = (),
    ) -> None:
        """Set input widgets of ``owner`` by name, all under :meth:`hold` (the caller
        recomputes once after). ``allowed`` names the inputs: attribute names of ``owner``, or
        a mapping from input names to attribute names. Names in ``first`` are set before the
        others (inputs that decide which other inputs apply). A multiple choice takes any
        sequence. An unknown name raises ``KeyError`` naming the allowed ones, before anything
        is set."""
        set_values(owner, values, allowed, self.hold, first)

    def relabel_options(self, widget: Any, keys: Sequence[str]) -> None:
        """Translate a selection widget's option labels (catalog keys), keeping its value."""
        relabel_options(widget, keys, self.t, self.hold)

    # -- running engine calls -----------------------------------------------------------
    def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """Call ``fn``; a :class:`RuleError` (or anything else) becomes a banner message.

        A :class:`RuleError` shows its own message; any other exception shows an internal
        error with an id (its traceback goes to the server's log). When ``fn`` succeeds the
        banner is cleared, unless a message was shown while it ran: a run nested inside
        ``fn`` may have refused something, and its message must stay. Returns ``fn``'s result
        or ``None``.
        """
        shown_before = self.banner.shown
        try:
            with numbers_in(self.lang):  # numbers formatted meanwhile are in the page's language
                result = fn(*args, **kwargs)
        except Exception as error:  # never a traceback on the page
            self.banner.show(error)
            return None
        if self.banner.shown == shown_before:
            self.banner.clear()
        return result

    def act(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """Call ``fn``, an action that shows its own outcome where it happens (a picker's
        message beside the picker): an exception escaping it shows in the banner, as in
        :meth:`run`, but a success leaves the banner as it is: an action that changed nothing
        does not take away the message of a result that is still wrong. Returns ``fn``'s
        result or ``None``."""
        try:
            with numbers_in(self.lang):
                return fn(*args, **kwargs)
        except Exception as error:  # never a traceback on the page
            self.banner.show(error)
            return None

    def guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """Wrap an observer/click handler so that errors go to the banner."""

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> None:
            self.run(fn, *args, **kwargs)

        return wrapper

    # -- page address -------------------------------------------------------------------
    def follow_url(self) -> None:
        """Apply the page address: ``lang``, every input field, and :meth:`apply_parameters`.

        On the Voila server the address is the visitor's request (``QUERY_STRING``, waited for
        with preheated kernels). In the static site the kernel runs in the browser and no
        request reaches it: the page's front end reports the address once the page is shown
        (:attr:`PageLink.page_query`), and the address is applied then; this call returns at
        once. Until the address is applied the address bar is left alone.
        """
        if kernel_in_browser():
            if self.link.page_address:  # the page was shown before this cell ran
                self.apply_address(self.link.page_query)
            else:
                self.link.observe(self._on_page_shown, names="page_address")
            return
        try:
            wait_for_page_request()
        except PageRequestLost:  # the server's log has the details
            self.apply_address("")
            self.banner.show_text(COMMON.text("address_lost", self.lang), "bad_url")
        else:
            self.apply_address(os.environ.get("QUERY_STRING", ""))
        self.show_snapshot()

    def show_snapshot(self) -> None:
        """Show the page as it now stands in plain HTML (:mod:`calculators.kit.snapshot`):
        the server writes it into the page, where the reader sees it before the front end
        has drawn the widgets."""
        html = snapshot_markup(self.widget, self.t("snapshot_status"), self.lang)
        display({SNAPSHOT_MIME: html}, raw=True)  # type: ignore[no-untyped-call]

    def _on_page_shown(self, _change: dict[str, Any]) -> None:
        self.link.unobserve(self._on_page_shown, names="page_address")
        try:
            self.apply_address(self.link.page_query)
        except Exception as error:  # a front-end message: no cell shows what went wrong
            self.banner.show(error)

    def apply_address(self, query: str) -> None:
        """Apply the address's ``query`` (without ``?``) to the page.

        A bad or unknown parameter gets a message in the banner; that input keeps its default
        and the other parameters still apply. Inputs the address does not name get their
        defaults (an address names only the inputs that differ from them). From then on the
        address follows the inputs.
        """
        self.prepare_fields({name for name, _ in parse_qsl(query, keep_blank_values=True)})
        params, problems = read_query(query, self.url_allowed())
        lang = params.get("lang")
        if lang is not None and lang not in LANGS:
            problems.insert(
                0,
                InvalidState(COMMON.message("bad_lang", lang=lang, allowed=", ".join(LANGS))),
            )
        elif lang is not None:
            self.set_language(lang)
        self.url_params = params
        self._address_problems = []
        own = {name: value for name, value in params.items() if name not in self._fields}
        try:
            self.apply_parameters(own)
        except RuleError as error:
            problems.append(error)
        # the state the page's own parameters (a preset) made is the base; an input the
        # address does not name keeps it, even if setting an earlier input changed it
        base = {name: field.read() for name, field in self._fields.items()}
        for name, field in list(self._fields.items()):  # a field may build a tab's fields
            wanted = params.get(name, base[name])
            if field.read() == wanted:
                continue
            try:
                field.write(wanted)
            except BadAddressValue as error:  # named as the page labels the input
                problems.append(self._refused(error, field))
            except RuleError as error:
                problems.append(error)
        self.after_parameters()
        texts = [problem.in_language(self.lang) for problem in problems]
        texts += self._address_problems
        self._address_problems = None
        if texts:
            self.banner.show_text("; ".join(texts), "bad_url")
        self.link.active = True
        self.sync_address()

    def _refused(self, error: BadAddressValue, field: Field) -> RuleError:
        """An address's refused value, naming the input by its label on the page."""
        if field.widget is None:
            return error
        label = input_label(field.widget, self.widget, self.lang)
        return error.for_input(label) if label else error

    def url_fields(self) -> dict[str, Field]:
        """The page's inputs in the address: its input widgets by attribute name.

        Subclasses extend this with fields of their own, or drop inputs via ``url_exclude``.
        """
        fields = widget_fields(self, skip={id(self.language)})
        return {name: f for name, f in fields.items() if name not in self.url_exclude}

    def address_query(self) -> str:
        """The address's query for the current inputs: only what differs from the defaults."""
        pairs = [("lang", self.lang)] if self.lang != LANGS[0] else []
        for name, field in self._fields.items():
            value = field.read()
            if value != self._defaults[name]:
                pairs.append((name, value))
        return build_query(pairs)

    def sync_address(self) -> None:
        """Point the address bar (and the "Copy link" button) at the current inputs."""
        query = self.address_query()
        self.link.query = query
        too_long = len(query) > MAX_LINK_LENGTH - 200  # room for the server and page path
        self.link.hint = (
            self.t("link_too_long", MAX_LINK_LENGTH).format(n=MAX_LINK_LENGTH)
            if too_long
            else self.t("copy_link_hint")
        )

    def _on_state_change(self, _change: dict[str, Any]) -> None:
        if not self.held:
            self.sync_address()

    def prepare_fields(self, names: Collection[str]) -> None:
        """Called with the address's parameter names before they are read: a page that adds
        fields later (:meth:`add_fields`) adds those the address names here."""

    def after_parameters(self) -> None:
        """Called once the address's parameters are applied; pages may recompute here."""

    def url_allowed(self) -> Collection[str]:
        return (*self.url_parameters, *self._fields)

    def apply_parameters(self, params: dict[str, str]) -> None:
        """Subclasses use further parameters (e.g. ``section``) here."""

    def show_address_problem(self, label: str, **fields: str) -> None:
        """Show the catalog message ``label`` (formatted with ``fields``) as an address problem."""
        text = self.t(label).format(**fields)
        if self._address_problems is not None:  # following the address: shown at its end
            self._address_problems.append(text)
        else:
            self.banner.show_text(text, "bad_url")


def _trait(widget: widgets.Widget) -> str:
    """The trait of ``widget`` that the address follows."""
    return "selected_index" if isinstance(widget, widgets.Tab) else "value"
