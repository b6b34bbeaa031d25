"""Russian words for the V:tM trace texts: plural forms of counted nouns and fixed terms.

Terms follow the project's Russian reference (``rules/reference/data/vtm.toml``), the
glossary and the Russian labels of the dice page.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.russian import noun_form

__all__ = [
    "DAMAGE_TYPE_RU",
    "DICE",
    "LEVEL_RU",
    "ONES",
    "SUCCESSES",
    "TARGET_RU",
    "form",
    "genitive",
    "ru_count",
]

Forms = tuple[str, str, str]
"""A noun's forms after 1, after 2-4 and after 5-20: ("кубик", "кубика", "кубиков")."""

DICE: Forms = ("кубик", "кубика", "кубиков")
SUCCESSES: Forms = ("успех", "успеха", "успехов")
ONES: Forms = ("единица", "единицы", "единиц")


def form(n: int, forms: Forms) -> str:
    """The form of a noun counted by ``n``: 1, 21 -> first; 2-4, 22-24 -> second; else third."""
    return noun_form(n, *forms)


def ru_count(n: int, forms: Forms) -> str:
    """``n`` with its noun in the right form: ``ru_count(5, DICE) == "5 кубиков"``."""
    return f"{n} {form(n, forms)}"


def genitive(n: int, singular: str, plural: str) -> str:
    """``n`` with a noun in the genitive (after "из", "больше"): 21 десятки, 22 десяток."""
    n_abs = abs(n)
    word = singular if n_abs % 10 == 1 and n_abs % 100 != 11 else plural
    return f"{n} {word}"


DAMAGE_TYPE_RU: Mapping[str, str] = {
    "bashing": "поверхностные",
    "lethal": "летальные",
    "aggravated": "усиливающиеся",
}
"""Damage kinds as adjectives agreeing with "повреждения"."""

TARGET_RU: Mapping[str, str] = {"mortal": "смертный", "vampire": "вампир"}

LEVEL_RU: Mapping[str, str] = {
    "unhurt": "Без ранений",
    "bruised": "Задет",
    "hurt": "Ранен",
    "injured": "Травмирован",
    "wounded": "Тяжело ранен",
    "mauled": "Изувечен",
    "crippled": "Искалечен",
    "incapacitated": "Недееспособен",
}
"""Health level names as the dice page's wound selector shows them."""
