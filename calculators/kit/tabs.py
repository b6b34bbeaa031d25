"""Tabs built the first time they are shown, so that a page opens with one tab's widgets.

A page's widget state goes to the browser in one message when the page opens; a tab nobody
opens need not be in it. :class:`LazyTabs` gives each tab an empty slot and fills it the first
time the tab is selected or used from code (:meth:`LazyTabs.get`); the page builds the tab it
shows first at once (:meth:`LazyTabs.build_shown`). A tab's inputs join the page address when
it is built, and a link that names one of them builds the tab before it is read
(:meth:`LazyTabs.prepare`); a link that selects a tab builds it as it is selected. A shared
link therefore gives the page it gave when every tab was built at the start.

A tab is any object with a ``widget`` (its root). A tab whose widgets are attributes of the
page itself (``app.attack_pool``) names them in its plan, so that reading one from code builds
the tab (:meth:`LazyTabs.page_attribute`, for the page's ``__getattr__``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import ipywidgets as widgets

from calculators.kit.address import Field, widget_fields
from calculators.kit.closing import close_trees
from calculators.kit.page_tools import PageTools

if TYPE_CHECKING:
    from calculators.kit.page import Page

__all__ = ["HasWidget", "LazyTabs", "LazyTabsPage", "Part", "TabPlan"]


class HasWidget(Protocol):
    """A tab: an object with its root widget."""

    @property
    def widget(self) -> widgets.Widget: ...


T = TypeVar("T", bound=HasWidget)
K = TypeVar("K")


@dataclass(frozen=True)
class Part:
    """A tab whose widgets the page holds itself: only its root widget."""

    widget: widgets.Widget


def _no_fields(_tab: Any) -> dict[str, Field]:
    return {}


def _claims_nothing(_name: str) -> bool:
    return False


@dataclass(frozen=True)
class TabPlan(Generic[T]):
    """How to build one tab.

    ``build`` makes it (the page's ``on_built`` then labels it in the current language and
    computes it); ``fields`` gives its inputs in the address, ``claims`` says beforehand
    whether an address name is one of them; ``attributes`` are the page attributes ``build``
    sets (for a tab whose widgets are the page's own).
    """

    build: Callable[[], T]
    fields: Callable[[T], dict[str, Field]] = _no_fields
    claims: Callable[[str], bool] = _claims_nothing
    attributes: frozenset[str] = frozenset()

    @classmethod
    def prefixed(cls, build: Callable[[], T], prefix: str) -> TabPlan[T]:
        """A tab object whose input attributes are in the address as ``prefix`` + name."""
        return cls(
            build,
            fields=lambda tab: widget_fields(tab, prefix=prefix, depth=0),
            claims=lambda name: name.startswith(prefix),
        )


class LazyTabs(Generic[T]):
    """The tabs ``plans`` (in order, by key) of ``app``, each built when first needed.

    :attr:`widget` is the ``Tab`` to show; ``on_built(key, tab)`` runs after a tab is built
    and its inputs are in the address.
    """

    def __init__(
        self,
        app: Page,
        plans: Mapping[str, TabPlan[T]],
        on_built: Callable[[str, T], None],
    ) -> None:
        self.app = app
        self.keys = tuple(plans)
        self._plans = dict(plans)
        self._on_built = on_built
        self._slots = {key: widgets.VBox() for key in self.keys}
        self._built: dict[str, T] = {}
        self._field_names: dict[str, tuple[str, ...]] = {}
        self.widget = widgets.Tab(children=[self._slots[key] for key in self.keys])
        self.widget.observe(self._on_select, names="selected_index")

    @property
    def active(self) -> str:
        """The key of the tab shown."""
        return self.keys[self.widget.selected_index or 0]

    @property
    def built(self) -> dict[str, T]:
        """The tabs built so far, in tab order."""
        return {key: self._built[key] for key in self.keys if key in self._built}

    def is_built(self, key: str) -> bool:
        return key in self._built

    def get(self, key: str) -> T:
        """The tab ``key``, built if it was not yet."""
        if key not in self._plans:
            raise KeyError(f"unknown tab {key!r}; allowed: {', '.join(self.keys)}")
        tab = self._built.get(key)
        return self._build(key) if tab is None else tab

    def get_as(self, key: str, kind: type[K]) -> K:
        """:meth:`get`, checked to be a ``kind``."""
        tab = self.get(key)
        if not isinstance(tab, kind):
            raise TypeError(f"tab {key!r} is a {type(tab).__name__}, not a {kind.__name__}")
        return tab

    def build_shown(self) -> T:
        """Build the tab shown now (the first one, as the page opens)."""
        return self.get(self.active)

    def select(self, key: str) -> T:
        """Show the tab ``key`` (building it)."""
        tab = self.get(key)
        self.widget.selected_index = self.keys.index(key)
        return tab

    def prepare(self, names: Collection[str]) -> None:
        """Build the tabs whose inputs an address names, so that their fields exist."""
        for key, plan in self._plans.items():
            if any(plan.claims(name) for name in names):
                self.get(key)

    def fields(self) -> dict[str, Field]:
        """The inputs of the tabs built so far, for the address."""
        fields: dict[str, Field] = {}
        for key, tab in self.built.items():
            fields.update(self._plans[key].fields(tab))
        return fields

    def page_attribute(self, page: object, name: str) -> Any:
        """The page attribute ``name`` that a tab not built yet sets: build it, then read it.

        ``AttributeError`` for any other name (the page's ``__getattr__`` calls this).
        """
        for key, plan in self._plans.items():
            if name in plan.attributes and key not in self._built:
                self.get(key)
                return getattr(page, name)
        raise AttributeError(f"{type(page).__name__!r} object has no attribute {name!r}")

    def reset(self) -> None:
        """Drop every tab built (closing its widgets); the shown one is built afresh."""
        dropped = [tab.widget for tab in self._built.values()]
        for key in self._built:
            self.app.remove_fields(self._field_names.pop(key, ()))
        self._built.clear()
        for slot in self._slots.values():
            slot.children = ()
        close_trees(dropped)
        self.build_shown()

    def _on_select(self, _change: dict[str, Any]) -> None:
        self.build_shown()

    def _build(self, key: str) -> T:
        plan = self._plans[key]
        tab = plan.build()
        self._built[key] = tab
        self._slots[key].children = (tab.widget,)
        fields = plan.fields(tab)
        stray = sorted(name for name in fields if not plan.claims(name))
        if stray:  # a link naming them could not build the tab before reading them
            raise ValueError(f"tab {key!r} has inputs its plan does not claim: {stray}")
        self.app.add_fields(fields)
        self._field_names[key] = tuple(fields)
        tools = getattr(self.app, "tools", None)
        if isinstance(tools, PageTools):
            tools.remember(tab.widget)
        self._on_built(key, tab)
        return tab


class LazyTabsPage:
    """Mixin for a :class:`~calculators.kit.page.Page` whose tabs are
    ``self._sections`` (a :class:`LazyTabs`): the inputs of the tabs built so far are in the
    address, an address naming a tab's inputs builds that tab first, and reading a page
    attribute that a tab not yet built sets builds it (``app.attack_pool``)."""

    _sections: LazyTabs[Any]

    def url_fields(self) -> dict[str, Field]:
        fields: dict[str, Field] = super().url_fields()  # type: ignore[misc]
        return {**fields, **self._sections.fields()}

    def prepare_fields(self, names: Collection[str]) -> None:
        """Build the tabs whose inputs the address names, so that their fields exist."""
        self._sections.prepare(names)

    if not TYPE_CHECKING:  # page attributes stay strictly checked

        def __getattr__(self, name: str) -> Any:
            sections = self.__dict__.get("_sections")
            if sections is None:
                raise AttributeError(name)
            return sections.page_attribute(self, name)
