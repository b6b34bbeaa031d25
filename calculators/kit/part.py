"""The narrow contract between a page and its parts (a tab, a card, an input group).

A part gets a :class:`PartContext`, never its page: the language and the words, holding
inputs while many are set, asking for a new result, and running an engine call whose
:class:`~rules.errors.RuleError` becomes a message (in the page's banner, or beside the part
when the part has a message area of its own). A part offers (see :class:`Part`):

- ``widget``: its root widget;
- ``address_fields()``: its inputs in the page address, by their names there;
- ``read()``: its inputs as frozen values (engine objects or a frozen dataclass), raising a
  :class:`~rules.errors.RuleError` on bad input;
- ``show(result)``: the result drawn in the part (its text and HTML come from the page's
  ``view.py``);
- ``relabel()``: every text in the context's language.

So a page reads ``inputs = part.read()``, calls ``rules``, then ``part.show(result)``; tests
drive a part with a :class:`StandaloneContext`, without any page.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.inputs import relabel_options, set_values
from calculators.kit.labels import COMMON, Catalog

T = TypeVar("T")
In_co = TypeVar("In_co", covariant=True)
Out_contra = TypeVar("Out_contra", contravariant=True)


class Part(Protocol[In_co, Out_contra]):
    """What a page needs of one of its parts."""

    @property
    def widget(self) -> widgets.Widget: ...

    def address_fields(self) -> dict[str, Field]: ...

    def read(self) -> In_co: ...

    def show(self, result: Out_contra) -> None: ...

    def relabel(self) -> None: ...


def _raise(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
    return fn(*args, **kwargs)


class PartContext:
    """What a part may use of its page.

    ``language()`` is the page's language now; ``catalog`` the part's words (merged with the
    kit's common ones); ``refresh()`` asks the page for a new result; ``run(fn, ...)`` calls
    ``fn`` and turns an error into the page's message; ``follow_language(callback)`` calls
    ``callback(lang)`` on each language switch (number fields follow it); ``hold()`` and
    ``held`` let inputs be set together with one result at the end.
    """

    def __init__(
        self,
        *,
        language: Callable[[], str],
        catalog: Catalog,
        refresh: Callable[[], None],
        run: Callable[..., Any],
        follow_language: Callable[[Callable[[str], None]], None],
        hold: Callable[[], contextlib.AbstractContextManager[None]],
        is_held: Callable[[], bool],
        act: Callable[..., Any] | None = None,
    ) -> None:
        self.language = language
        self.catalog = catalog
        self.refresh = refresh
        self.run = run
        self.follow_language = follow_language
        self.hold = hold
        self.is_held = is_held
        self.act = run if act is None else act
        """``act(fn, ...)``: an action that shows its own outcome beside the part (a picker's
        "use" button); an error escaping it goes to the page's banner, which it otherwise
        leaves as it is (``run`` clears the banner when ``fn`` succeeds)."""

    @property
    def lang(self) -> str:
        return self.language()

    def t(self, key: str) -> str:
        """The part's word ``key`` in the current language."""
        return self.catalog.text(key, self.lang)

    @property
    def held(self) -> bool:
        """True while inputs are being set together: observers wait."""
        return self.is_held()

    def changed(self) -> None:
        """An input of the part changed: a new result, unless inputs are being set together."""
        if not self.held:
            self.refresh()

    def watch(self, *inputs: widgets.Widget) -> None:
        """Ask for a new result whenever one of ``inputs`` changes its value."""
        for control in inputs:
            control.observe(lambda _change: self.changed(), names="value")

    def set_values(
        self,
        owner: object,
        values: Mapping[str, Any],
        allowed: Collection[str] | Mapping[str, str],
        first: Collection[str] = (),
    ) -> None:
        """Set inputs of ``owner`` by name under :attr:`hold` (see
        :func:`calculators.kit.inputs.set_values`); the caller asks for the result after."""
        set_values(owner, values, allowed, self.hold, first)

    def relabel_options(self, widget: Any, keys: Sequence[str]) -> None:
        """Translate a selection's option labels (catalog keys), keeping its value."""
        relabel_options(widget, keys, self.t, self.hold)

    def _copy(self, **changes: Any) -> PartContext:
        fields = {
            "language": self.language,
            "catalog": self.catalog,
            "refresh": self.refresh,
            "run": self.run,
            "follow_language": self.follow_language,
            "hold": self.hold,
            "is_held": self.is_held,
            "act": self.act,
        }
        return PartContext(**{**fields, **changes})

    def with_refresh(self, refresh: Callable[[], None]) -> PartContext:
        """The same context asking ``refresh`` for new results."""
        return self._copy(refresh=refresh)

    def with_labels(self, labels: Catalog) -> PartContext:
        """The same context with ``labels`` added to the words."""
        return self._copy(catalog=self.catalog.merged(labels))


class StandaloneContext(PartContext):
    """A context for a part on its own (tests, a part shown outside a page): errors reach the
    caller, :meth:`set_language` switches the language."""

    def __init__(
        self, labels: Catalog, lang: str = "en", refresh: Callable[[], None] = lambda: None
    ) -> None:
        self._lang = lang
        self._holds = 0
        self._followers: list[Callable[[str], None]] = []
        super().__init__(
            language=lambda: self._lang,
            catalog=COMMON.merged(labels),
            refresh=refresh,
            run=_raise,
            follow_language=self._followers.append,
            hold=self._hold,
            is_held=lambda: self._holds > 0,
            act=_raise,
        )

    @contextlib.contextmanager
    def _hold(self) -> Iterator[None]:
        self._holds += 1
        try:
            yield
        finally:
            self._holds -= 1

    def set_language(self, lang: str) -> None:
        self._lang = lang
        for follower in self._followers:
            follower(lang)
