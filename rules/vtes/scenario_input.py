"""Checking scenario input: places in the scenario and typed reads of its values.

Every read raises :class:`rules.errors.InvalidState` naming the place (in English and
Russian), the problem and what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.errors import InvalidState

__all__ = [
    "RU_SIDE",
    "RU_SIDE_F",
    "Place",
    "read_bool",
    "read_int",
    "read_keys",
    "read_list",
    "read_str",
]

RU_SIDE = {"acting": "действующий", "opposing": "противостоящий"}
RU_SIDE_F = {"acting": "действующая сторона", "opposing": "противостоящая сторона"}


@dataclass(frozen=True, slots=True)
class Place:
    """Where a problem is in the scenario: ``str()`` gives the English, ``ru`` the Russian."""

    en: str
    ru: str

    def __str__(self) -> str:
        return self.en

    def then(self, en: str, ru: str) -> Place:
        """A place inside this one."""
        return Place(f"{self.en}, {en}", f"{self.ru}, {ru}")


def read_keys(data: object, allowed: Sequence[str], where: Place) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidState(
            f"{where} must be an object with keys among: {', '.join(allowed)}; "
            f"got {type(data).__name__}.",
            ru=f"{where.ru}: нужен объект с ключами из списка: {', '.join(allowed)}; "
            f"получено {type(data).__name__}.",
        )
    for key in data:
        if key not in allowed:
            raise InvalidState(
                f"{where}: unknown key {key!r}; allowed keys: {', '.join(allowed)}.",
                ru=f"{where.ru}: неизвестный ключ {key!r}; допустимые ключи: {', '.join(allowed)}.",
            )
    return dict(data)


def read_int(
    data: Mapping[str, Any],
    key: str,
    where: Place,
    *,
    default: int | None = None,
    minimum: int = 0,
) -> int:
    if key not in data:
        if default is None:
            raise InvalidState(
                f"{where}: {key!r} is missing; it must be a whole number.",
                ru=f"{where.ru}: не указано {key!r}; нужно целое число.",
            )
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(
            f"{where}: {key!r} must be a whole number, got {value!r}.",
            ru=f"{where.ru}: значение {key!r} должно быть целым числом, а получено {value!r}.",
        )
    if value < minimum:
        raise InvalidState(
            f"{where}: {key!r} must be {minimum} or more, got {value}.",
            ru=f"{where.ru}: значение {key!r} должно быть не меньше {minimum}, а получено {value}.",
        )
    return value


def read_bool(data: Mapping[str, Any], key: str, where: Place, default: bool = False) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise InvalidState(
            f"{where}: {key!r} must be true or false, got {value!r}.",
            ru=f"{where.ru}: значение {key!r} должно быть true или false, а получено {value!r}.",
        )
    return value


def read_str(
    data: Mapping[str, Any], key: str, where: Place, *, required: bool = False
) -> str | None:
    if key not in data:
        if required:
            raise InvalidState(
                f"{where}: {key!r} is missing; it must be a non-empty text.",
                ru=f"{where.ru}: не указано {key!r}; нужен непустой текст.",
            )
        return None
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise InvalidState(
            f"{where}: {key!r} must be a non-empty text, got {value!r}.",
            ru=f"{where.ru}: значение {key!r} должно быть непустым текстом, а получено {value!r}.",
        )
    return value.strip()


def read_list(data: Mapping[str, Any], key: str, where: Place) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list | tuple):
        raise InvalidState(
            f"{where}: {key!r} must be a list, got {type(value).__name__}.",
            ru=f"{where.ru}: значение {key!r} должно быть списком, "
            f"а получено {type(value).__name__}.",
        )
    return list(value)
