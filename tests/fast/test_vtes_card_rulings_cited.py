"""Every top-100 combat card with an official ruling has a ruling test that plays the card.

A ruling test in ``test_vtes_card_rulings_play.py`` cites a ruling by calling
``ruling(card, reference, ...)``; it counts for the card only when the same test also plays
that card: a play tuple ``(round, side, card, option...)`` or a ``play_card`` call naming it.
A comment or a bare ``ruling`` call does not count. Parametrized tests count for every card
of their table. A card whose rulings lie outside what the resolver models is listed in the
test module's ``LEFT_TO_JUDGE`` with the reference and a reason that quotes the ruling.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from rules.vtes.card_coverage import ranking
from rules.vtes.card_library import entries, entry
from rules.vtes.carddata import rulings

RULINGS_TESTS = Path(__file__).with_name("test_vtes_card_rulings_play.py")
SIDES = ("acting", "opposing")


def _module() -> ast.Module:
    return ast.parse(RULINGS_TESTS.read_text(encoding="utf-8"))


def _tables(tree: ast.Module) -> dict[str, Any]:
    """Module-level names bound to literal values (the parametrize tables, LEFT_TO_JUDGE)."""
    found: dict[str, Any] = {}
    for node in tree.body:
        target: ast.expr | None = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        if isinstance(target, ast.Name):
            try:
                found[target.id] = ast.literal_eval(value)
            except ValueError:
                continue
    return found


def _bindings(func: ast.FunctionDef, tables: dict[str, Any]) -> list[dict[str, Any]]:
    """The parameter values a test runs with ([{}] when it is not parametrized)."""
    runs: list[dict[str, Any]] = [{}]
    for deco in func.decorator_list:
        if not (isinstance(deco, ast.Call) and ast.unparse(deco.func) == "pytest.mark.parametrize"):
            continue
        names_node, values_node = deco.args[0], deco.args[1]
        names = ast.literal_eval(names_node)
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        if isinstance(values_node, ast.Name):
            values = tables[values_node.id]
        else:
            values = ast.literal_eval(values_node)
        rows = [dict(zip(names, v if len(names) > 1 else (v,), strict=True)) for v in values]
        runs = [{**run, **row} for run in runs for row in rows]
    return runs


def _value(node: ast.expr, bound: dict[str, Any]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return bound.get(node.id)
    return None


def _played(func: ast.FunctionDef, bound: dict[str, Any]) -> set[str]:
    """The cards the test plays: play tuples (round, side, card, option...) and play_card."""
    cards: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Tuple) and len(node.elts) >= 4:
            side, card = _value(node.elts[1], bound), _value(node.elts[2], bound)
            if side in SIDES and isinstance(card, str):
                cards.add(card)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "play_card"
            and len(node.args) >= 4
        ):
            card = _value(node.args[3], bound)
            if isinstance(card, str):
                cards.add(card)
    return cards


def cited() -> dict[str, set[str]]:
    """card name -> the references its ruling tests cite while playing it."""
    tree = _module()
    tables = _tables(tree)
    found: dict[str, set[str]] = {}
    for func in tree.body:
        if not (isinstance(func, ast.FunctionDef) and func.name.startswith("test_")):
            continue
        for bound in _bindings(func, tables):
            played = _played(func, bound)
            for node in ast.walk(func):
                if not (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "ruling"
                    and len(node.args) >= 2
                ):
                    continue
                card, reference = _value(node.args[0], bound), _value(node.args[1], bound)
                if isinstance(card, str) and card in played and isinstance(reference, str):
                    found.setdefault(card, set()).add(reference)
    return found


def left_to_judge() -> dict[str, tuple[str, str]]:
    table = _tables(_module()).get("LEFT_TO_JUDGE", {})
    assert isinstance(table, dict)
    return table


def top_cards_with_rulings() -> list[tuple[int, str]]:
    """(rank, library name) of the top-100 combat cards that are modelled and have rulings."""
    by_id = {e.id: e for e in entries()}
    top = []
    for row in ranking("combat")[:100]:
        item = by_id.get(row.card_id)
        if item is not None and item.modelled and rulings(row.card_id):
            top.append((row.rank, item.name))
    return top


def _labels(card: str) -> set[str]:
    return {ref.label for r in rulings(entry(card).id) for ref in r.references}


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _quotes(reason: str, ruling_text: str, length: int = 4) -> bool:
    """True when ``reason`` repeats ``length`` consecutive words of the ruling."""
    said = _words(ruling_text)
    runs = {tuple(said[i : i + length]) for i in range(len(said) - length + 1)}
    mine = _words(reason)
    return any(tuple(mine[i : i + length]) in runs for i in range(len(mine) - length + 1))


def test_the_top_cards_with_rulings_are_many() -> None:
    # the ranking and the rulings are shipped: most of the top 100 have a ruling
    assert len(top_cards_with_rulings()) >= 60


@pytest.mark.parametrize(("rank", "card"), top_cards_with_rulings())
def test_a_top_card_with_rulings_has_a_ruling_test(rank: int, card: str) -> None:
    citations = cited().get(card, set())
    labels = _labels(card)
    if citations:
        assert citations <= labels, (card, citations - labels)
        return
    assert card in left_to_judge(), f"#{rank} {card}: no ruling test plays it and cites {labels}"
    reference, reason = left_to_judge()[card]
    assert reference in labels, (card, reference)
    texts = [
        r.text for r in rulings(entry(card).id) if reference in (x.label for x in r.references)
    ]
    assert len(_words(reason)) >= 12, f"{card}: say what the resolver leaves to the judge"
    assert any(_quotes(reason, text) for text in texts), f"{card}: quote the ruling {reference}"


def test_a_comment_or_a_bare_citation_does_not_count() -> None:
    fake = ast.parse(
        "def test_x() -> None:\n"
        "    # plays Majesty as LSJ 1 says\n"
        "    ruling('Majesty', 'RTR 20020501')\n"
        "    play(combat(), (1, 'acting', 'Earth Meld', 'PRO'))\n"
    )
    func = fake.body[0]
    assert isinstance(func, ast.FunctionDef)
    assert _played(func, {}) == {"Earth Meld"}
    assert "Majesty" not in _played(func, {})


def test_a_reason_must_quote_its_ruling() -> None:
    text = "Cannot be used if there is no damage to prevent. [LSJ 20001114]"
    assert _quotes("the resolver has no damage to prevent here, left to the judge", text)
    assert not _quotes("left to the judge: not modelled", text)
