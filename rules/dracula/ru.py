"""Russian words for the Fury of Dracula traces: card names, results, plural forms.

Card names follow the Russian texts of the rules reference (Кол, Когти, Бегство, ...). The
trace writes a card as its Russian name followed by the name the page shows in its card
lists, e.g. ``Кол (Stake)``, so a step can be matched to the card picked on the page.
Hunter and agent names are proper names and stay as they are (only the default "Agent" is
translated).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.russian import count

__all__ = [
    "CARD_RU",
    "RESULT_RU",
    "card_ru",
    "cards_ru",
    "ending_ru",
    "enemy_ru",
    "extra_ru",
    "plural",
    "result_ru",
]

CARD_RU: dict[str, str] = {
    "Punch": "Удар",
    "Dodge": "Уклонение",
    "Escape": "Бегство",
    "Stake": "Кол",
    "Knife": "Нож",
    "Pistol": "Пистолет",
    "Rifle": "Винтовка",
    "Crucifix": "Распятие",
    "Heavenly Host": "Облатки Причастия",
    "Holy Water": "Святая Вода",
    "Sacred Bullets": "Освящённые Пули",
    "Dogs": "Псы",
    "Fast Horse": "Скакун",
    "Garlic": "Чеснок",
    "Local Rumors": "Местные Слухи",
    "Claws": "Когти",
    "Dodge (Dracula)": "Уклонение Дракулы",
    "Escape (Man)": "Бегство человеком",
    "Escape (Bat)": "Бегство нетопырем",
    "Escape (Mist)": "Бегство туманом",
    "Fangs": "Клыки",
    "Mesmerize": "Гипнотический взгляд",
    "Strength": "Сила",
    "Punch (Agent)": "Удар Агента",
    "Dodge (Agent)": "Уклонение Агента",
    "Knife (Agent)": "Нож Агента",
    "Pistol (Agent)": "Пистолет Агента",
    "Rifle (Agent)": "Винтовка Агента",
}

RESULT_RU: dict[str, str] = {
    "continue": "Продолжение",
    "repel": "Подавление",
    "bite": "Укус",
    "killed": "Убит",
    "end": "Конец",
    "not-allowed": "не разрешено",
}

_EXTRA_RU: dict[str, str] = {
    "hunter discards all items": "Охотник сбрасывает все свои Вещи",
    "hunter discards 1 event": "Охотник сбрасывает 1 Событие",
    "Dracula escapes as bat": "Дракула уходит нетопырем",
    "winner +1 next round": "победитель получает +1 в следующем раунде",
}


def plural(n: int, one: str, few: str, many: str) -> str:
    """``n`` with the Russian noun form it needs: 1 раунд, 2 раунда, 5 раундов, 21 раунд."""
    return count(n, one, few, many)


def card_ru(card: str) -> str:
    """``'Кол (Stake)'``: the Russian card name and the name shown on the page."""
    ru = CARD_RU.get(card)
    return f"{ru} ({card})" if ru else card


def cards_ru(cards: Iterable[str]) -> str:
    """Several cards, comma-separated, each as :func:`card_ru` writes it."""
    return ", ".join(card_ru(c) for c in cards)


def result_ru(kind: str, amount: int = 0) -> str:
    """A result symbol in Russian: ``2 Раны``, ``Продолжение``, ``Убит``."""
    if kind == "wound":
        return plural(amount, "Рана", "Раны", "Ран")
    return RESULT_RU.get(kind, kind)


def enemy_ru(name: str) -> str:
    """The opponent's name in Russian: Dracula and the default agent name are translated."""
    return {"Dracula": "Дракула", "Agent": "Агент", "the agent": "Агент", "": "Агент"}.get(
        name, name
    )


ENDING_RU: dict[str, str] = {
    "defeated": "Охотник повержен",
    "bitten": "Охотник укушен",
    "escaped": "кто-то сбежал (Конец)",
    "continues": "три Продолжения",
    "destroyed": "Дракула уничтожен",
    "killed": "Агент убит",
}


def ending_ru(kind: str) -> str:
    """How a combat ended, in a few Russian words (a key of ``rules.dracula.combat.ENDINGS``)."""
    return ENDING_RU.get(kind, kind)


def extra_ru(extra: str) -> str:
    """A note of the result table (an extra effect) in Russian."""
    return _EXTRA_RU.get(extra, extra)
