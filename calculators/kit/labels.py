"""A small catalog of interface labels in English and Russian."""

from __future__ import annotations

from collections.abc import Mapping

LANGS: tuple[str, ...] = ("en", "ru")
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ru": "Русский"}


class Catalog:
    """Interface labels keyed by a short name, each in English and Russian.

    >>> labels = Catalog({"blood": ("Blood", "Кровь")})
    >>> labels.text("blood", "ru")
    'Кровь'
    """

    def __init__(self, entries: Mapping[str, tuple[str, str]]) -> None:
        self._entries = dict(entries)

    def text(self, key: str, lang: str) -> str:
        if lang not in LANGS:
            raise KeyError(f"unknown language {lang!r}; allowed: {', '.join(LANGS)}")
        english, russian = self._entries[key]
        return russian if lang == "ru" else english

    def merged(self, other: Catalog) -> Catalog:
        """A catalog with the entries of both; ``other`` wins on equal keys."""
        return Catalog({**self._entries, **other._entries})

    def keys(self) -> tuple[str, ...]:
        return tuple(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries


COMMON = Catalog(
    {
        "language": ("Language", "Язык"),
        "result": ("Result", "Результат"),
        "trace": ("Step by step", "Пошагово"),
        "presets": ("Examples from the rulebook", "Примеры из правил"),
        "error_title": ("Cannot compute this", "Невозможно рассчитать"),
        "unexpected": (
            "The calculator failed on this input: a fault in the program, not in what you "
            "entered (error id {id}; the server's log has the details). Your inputs are kept.",
            "Калькулятор не справился с этими данными: это ошибка программы, а не ваших "
            "данных (код ошибки {id}; подробности в журнале сервера). Введённые данные "
            "сохранены.",
        ),
        "internal_title": ("Internal error", "Внутренняя ошибка"),
        "rule_link": ("Open the rule", "Открыть правило"),
        "home": ("All calculators", "Все калькуляторы"),
        "reference": ("Rules reference", "Справочник правил"),
        "exact": ("exact", "точно"),
        "probability": ("Probability", "Вероятность"),
        "bad_url": ("The page address has a problem", "Ошибка в адресе страницы"),
        "copy_link": ("Copy link", "Копировать ссылку"),
        "copy_link_hint": (
            "A link to this page with these inputs and this result",
            "Ссылка на эту страницу с этими данными и этим результатом",
        ),
        "link_copied": ("Link copied", "Ссылка скопирована"),
        "link_not_copied": (
            "Copying is blocked here; copy the link below",
            "Копирование здесь запрещено; скопируйте ссылку ниже",
        ),
        "link_too_long": (
            "This link is longer than {limit} characters; some apps may cut it",
            "Ссылка длиннее {limit} символов; некоторые приложения могут её обрезать",
        ),
        "bad_lang": (
            "unknown language {lang!r} in the page address; allowed: {allowed}",
            "неизвестный язык {lang!r} в адресе страницы; допустимы: {allowed}",
        ),
    }
)
