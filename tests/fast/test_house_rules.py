"""The house rules of the code, read from its source (an AST scan, no import runs):

- no module imports another module's private name (``from x import _y``);
- no import circle between the project's modules, ``TYPE_CHECKING`` and function-level imports
  included (a package's ``__init__`` run before its submodule is not counted);
- ``rules/`` imports no ipywidgets, IPython or voila, and no page's ``view.py`` imports ipywidgets;
- a part of a page (any module of ``calculators/pages/<page>/`` but ``page.py``) never imports a
  page module;
- the widgets several pages share (``calculators/vtes_widgets/``) import no page package
  (``calculators.pages.*``): what two pages share lives there, and pages import it from there.

What still breaks a rule is listed below, each entry by name: the list only shrinks. The test
fails on a new break, and on an entry that no longer breaks the rule (take it off the list).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "calculators")
WIDGET_PACKAGES = ("ipywidgets", "IPython", "voila")

# What still breaks a rule (these lists only shrink; today they are empty).
ALLOWED_PRIVATE_IMPORTS: frozenset[tuple[str, str, str]] = frozenset()
ALLOWED_CIRCLES: frozenset[frozenset[str]] = frozenset()
ALLOWED_PARTS_IMPORTING_A_PAGE: frozenset[tuple[str, str]] = frozenset()
SHARED_WIDGETS = "calculators.vtes_widgets"


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # the imported module (resolved to a submodule where the name is one)
    names: tuple[str, ...]  # the names taken from it (empty for ``import x``)


def project_modules() -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


MODULES = project_modules()


def _absolute(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".")
    is_package = MODULES[module].name == "__init__.py"
    base = package if is_package else package[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports(module: str) -> Iterator[Import]:
    """Every import statement of ``module``, wherever it is (module level, TYPE_CHECKING, a
    function)."""
    tree = ast.parse(MODULES[module].read_text(), str(MODULES[module]))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(module, alias.name, ())
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, node)
            plain = []
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                if sub in MODULES:
                    yield Import(module, sub, ())
                else:
                    plain.append(alias.name)
            if plain:
                yield Import(module, source, tuple(plain))


ALL_IMPORTS = [item for module in MODULES for item in imports(module)]


def private_imports() -> set[tuple[str, str, str]]:
    return {
        (item.module, item.target, name)
        for item in ALL_IMPORTS
        if item.target in MODULES
        for name in item.names
        if name.startswith("_") and not name.startswith("__")
    }


def circles() -> set[frozenset[str]]:
    """The strongly connected groups of modules (Tarjan), each a set of two or more modules."""
    graph: dict[str, set[str]] = {module: set() for module in MODULES}
    for item in ALL_IMPORTS:
        if item.target in MODULES and item.target != item.module:
            graph[item.module].add(item.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.add(top)
                if top == node:
                    break
            if len(group) > 1:
                found.add(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _is_page(module: str) -> bool:
    parts = module.split(".")
    return parts[:2] == ["calculators", "pages"] and len(parts) == 4 and parts[3] == "page"


def parts_importing_a_page() -> set[tuple[str, str]]:
    return {
        (item.module, item.target)
        for item in ALL_IMPORTS
        if item.module.startswith("calculators.pages.")
        and not _is_page(item.module)
        and _is_page(item.target)
    }


def shared_widgets_importing_a_page() -> set[tuple[str, str]]:
    return {
        (item.module, item.target)
        for item in ALL_IMPORTS
        if (item.module == SHARED_WIDGETS or item.module.startswith(f"{SHARED_WIDGETS}."))
        and (item.target == "calculators.pages" or item.target.startswith("calculators.pages."))
    }


def _top(target: str) -> str:
    return target.split(".")[0]


def test_the_scan_sees_the_project() -> None:
    assert "rules.errors" in MODULES and "calculators.kit.page" in MODULES
    assert any(_is_page(module) for module in MODULES)
    assert any(item.target == "rules.errors" for item in ALL_IMPORTS)


def test_no_module_imports_a_private_name_of_another() -> None:
    found = private_imports()
    assert found - ALLOWED_PRIVATE_IMPORTS == set(), "new private imports"
    assert ALLOWED_PRIVATE_IMPORTS - found == set(), "fixed: take these off the list"


def test_no_import_circle() -> None:
    found = circles()
    assert found - ALLOWED_CIRCLES == set(), "new import circles"
    assert ALLOWED_CIRCLES - found == set(), "fixed: take these off the list"


def test_rules_import_no_widgets_and_views_no_ipywidgets() -> None:
    rules = sorted(
        f"{item.module} imports {item.target}"
        for item in ALL_IMPORTS
        if item.module.split(".")[0] == "rules" and _top(item.target) in WIDGET_PACKAGES
    )
    views = sorted(
        f"{item.module} imports {item.target}"
        for item in ALL_IMPORTS
        if item.module.endswith(".view") and _top(item.target) == "ipywidgets"
    )
    assert rules == [] and views == []


def test_no_part_imports_its_page() -> None:
    found = parts_importing_a_page()
    assert found - ALLOWED_PARTS_IMPORTING_A_PAGE == set(), "new parts importing a page"
    assert ALLOWED_PARTS_IMPORTING_A_PAGE - found == set(), "fixed: take these off the list"


def test_shared_widgets_import_no_page() -> None:
    assert any(item.module.startswith(f"{SHARED_WIDGETS}.") for item in ALL_IMPORTS)
    assert sorted(shared_widgets_importing_a_page()) == []


def test_the_scan_catches_shared_widgets_importing_a_page(tmp_path: Path) -> None:
    global ALL_IMPORTS
    saved = dict(MODULES), list(ALL_IMPORTS)
    try:
        widget = tmp_path / "house_x.py"
        widget.write_text("from calculators.pages.vtes_cards.view import card_html\n")
        MODULES[f"{SHARED_WIDGETS}.house_x"] = widget
        ALL_IMPORTS = [item for module in MODULES for item in imports(module)]
        found = shared_widgets_importing_a_page()
        assert (f"{SHARED_WIDGETS}.house_x", "calculators.pages.vtes_cards.view") in found
    finally:
        MODULES.clear()
        MODULES.update(saved[0])
        ALL_IMPORTS = saved[1]


@pytest.mark.parametrize(
    ("source", "rule"),
    [
        ("from calculators.kit.fields import _WHOLE\n", "private"),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import rules.house_x\n",
            "circle",
        ),
    ],
)
def test_the_scan_catches_a_break(source: str, rule: str, tmp_path: Path) -> None:
    """A module written to break a rule is caught (the scan is not blind)."""
    global ALL_IMPORTS
    saved = dict(MODULES), list(ALL_IMPORTS)
    try:
        first, second = tmp_path / "house_x.py", tmp_path / "house_y.py"
        first.write_text(source + "import rules.house_y\n")
        second.write_text("import rules.house_x\n")
        MODULES["rules.house_x"], MODULES["rules.house_y"] = first, second
        ALL_IMPORTS = [item for module in MODULES for item in imports(module)]
        if rule == "private":
            assert ("rules.house_x", "calculators.kit.fields", "_WHOLE") in private_imports()
        assert frozenset({"rules.house_x", "rules.house_y"}) in circles()
    finally:
        MODULES.clear()
        MODULES.update(saved[0])
        ALL_IMPORTS = saved[1]
