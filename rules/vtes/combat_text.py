"""The combat narrative: plain sentences in English and Russian.

The engine records a :class:`Sentence` (a template key and its values); :func:`render`
turns it into text in either language. Whole-number values also get ready-made phrases
with the right plural form: for a value ``n`` the templates may use ``{n_dmg}``
("3 damage" / "3 повреждения"), ``{n_blood}``, ``{n_life}``, ``{n_strikes}``.

>>> render(Sentence("damage", {"name": "Ira", "n": 2}), "ru")
'Ira получает 2 повреждения.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.russian import noun_form

__all__ = ["LANGS", "Phrase", "Sentence", "plural_ru", "render", "words"]

LANGS: tuple[str, ...] = ("en", "ru")


@dataclass(frozen=True, slots=True)
class Phrase:
    """A value that reads differently in each language."""

    en: str
    ru: str

    def text(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


Value = str | int | Phrase


@dataclass(frozen=True, slots=True)
class Sentence:
    key: str
    values: Mapping[str, Value] = field(default_factory=dict)


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form for ``n``: 1 литр, 2 литра, 5 литров."""
    return noun_form(n, one, few, many)


def words(n: int, unit: str, lang: str) -> str:
    """``n`` with its unit: ``dmg``, ``agg``, ``blood``, ``life``, ``strikes``."""
    if lang == "ru":
        forms = {
            "dmg": ("повреждение", "повреждения", "повреждений"),
            "agg": (
                "неизлечимое повреждение",
                "неизлечимых повреждения",
                "неизлечимых повреждений",
            ),
            "blood": ("литр крови", "литра крови", "литров крови"),
            "life": ("жизнь", "жизни", "жизней"),
            "strikes": ("дополнительный удар", "дополнительных удара", "дополнительных ударов"),
        }[unit]
        return f"{n} {plural_ru(n, *forms)}"
    en = {
        "dmg": ("damage", "damage"),
        "agg": ("aggravated damage", "aggravated damage"),
        "blood": ("blood", "blood"),
        "life": ("life", "life"),
        "strikes": ("additional strike", "additional strikes"),
    }[unit]
    return f"{n} {en[0] if n == 1 else en[1]}"


# Each template: (English, Russian).
TEMPLATES: dict[str, tuple[str, str]] = {
    "start": (
        "{acting} (acting) and {opposing} (opposing) enter combat.",
        "{acting} (действующий) и {opposing} (противостоящий) вступают в бой.",
    ),
    "no_maneuver": (
        "Nobody maneuvers, so round {round} is at close range.",
        "Никто не маневрирует, поэтому раунд {round} проходит на близкой дистанции.",
    ),
    "maneuver": (
        "{name} maneuvers to {range_to}.",
        "{name} маневрирует, чтобы перейти {range_to}.",
    ),
    "range": (
        "After {count} maneuvers, round {round} is at {range} range.",
        "После маневров ({count}) раунд {round} проходит {range_at}.",
    ),
    "before_range": (
        "Before range is determined, {name} plays {card}: {change} strength for the rest of "
        "the combat (now {strength}).",
        "До определения дистанции {name} играет {card}: сила {change} до конца боя "
        "(теперь {strength}).",
    ),
    "strike": ("{name} {what}.", "{name} {what}."),
    "default_hand": (
        "{name} chooses no strike card, so it makes a hand strike ({n_dmg}).",
        "{name} не выбирает карту удара, поэтому наносит кулачный удар ({n_dmg}).",
    ),
    "additional": (
        "{name} plays {card}: {n_strikes}.",
        "{name} играет {card}: {n_strikes}.",
    ),
    "pair": (
        "Additional strikes, pair {pair}, at the same {range} range:",
        "Дополнительные удары, пара {pair}, на той же {range} дистанции:",
    ),
    "alone": (
        "{name} has no strike left, so {other}'s strike resolves alone.",
        "У {name} не осталось ударов, поэтому удар {other} выполняется один.",
    ),
    "combat_ends": (
        "{name}'s strike ends the combat at once, before any other strike resolves.",
        "Удар {name} сразу завершает бой, раньше всех других ударов.",
    ),
    "first_strike": (
        "{name}'s first strike resolves before the other strike.",
        "Первый удар {name} выполняется раньше другого удара.",
    ),
    "both_first": (
        "Both strikes have first strike, so they resolve together.",
        "Оба удара первоочередные, поэтому выполняются одновременно.",
    ),
    "out_of_range": (
        "{name}'s strike works only at close range, so it does nothing at long range.",
        "Удар {name} действует только на близкой дистанции, поэтому на дальней ничего не делает.",
    ),
    "dodged": (
        "{name} dodges, so {other}'s strike has no effect on {name}.",
        "{name} уклоняется, поэтому удар {other} на {name} не действует.",
    ),
    "lost_weapon": (
        "{name} loses its strike: {weapon} is gone before it could be used.",
        "{name} теряет свой удар: {weapon} исчезает до того, как его можно использовать.",
    ),
    "steal_blood": (
        "{name} steals {n_unit} from {other} (stealing is not damage and cannot be prevented).",
        "{name} крадёт у {other} {n_unit} (это не повреждение, его нельзя предотвратить).",
    ),
    "steal_none": (
        "{other} has nothing left for {name} to steal.",
        "У {other} не осталось ничего, что {name} мог бы украсть.",
    ),
    "drain": (
        "{name} now has {blood} blood but capacity {capacity}: {n_blood} drains to the bank.",
        "Теперь у {name} крови {blood} при объёме {capacity}: {n_blood} уходит в банк.",
    ),
    "no_life": (
        "{name} has no life left and is burned.",
        "У {name} не осталось жизни, он сжигается.",
    ),
    "destroy": (
        "{name}'s strike burns {other}'s {item}.",
        "Удар {name} сжигает {item} у {other}.",
    ),
    "steal_item": (
        "{name} takes {item} from {other}; it cannot be used by {name} this round.",
        "{name} забирает {item} у {other}; в этом раунде {name} не может его использовать.",
    ),
    "at_retainer": (
        "{name} aims the strike at {retainer}, {other}'s retainer: a dodge does not protect "
        "it and its damage cannot be prevented.",
        "{name} направляет удар на {retainer}, слугу {other}: уклонение его не защищает, "
        "повреждение нельзя предотвратить.",
    ),
    "damage": ("{name} takes {n_dmg}.", "{name} получает {n_dmg}."),
    "damage_agg": (
        "{name} takes {n_agg}.",
        "{name} получает {n_agg}.",
    ),
    "prevented": (
        "{name} prevents {n_dmg}.",
        "{name} предотвращает {n_dmg}.",
    ),
    "mend": (
        "{name} burns {n_blood} to mend the damage ({blood} blood left).",
        "{name} сжигает {n_blood}, чтобы излечить повреждения (осталось {blood}).",
    ),
    "no_damage_left": (
        "No damage reaches {name}.",
        "До {name} повреждения не доходят.",
    ),
    "torpor": (
        "{name} cannot mend all the damage: wounded, it goes to torpor with {n_blood}.",
        "{name} не может излечить все повреждения: раненый, он уходит в ступор ({n_blood}).",
    ),
    "burned": ("{name} is burned.", "{name} сжигается."),
    "loses_life": (
        "{name} loses {n_life} ({life} left).",
        "{name} теряет {n_life} (осталось {life}).",
    ),
    "retainers_burn": (
        "{name}'s retainers are burned with it.",
        "Слуги {name} сжигаются вместе с ним.",
    ),
    "not_ready_end": (
        "{name} is no longer ready, so the combat ends at once.",
        "{name} больше не готов, поэтому бой сразу заканчивается.",
    ),
    "skipped": (
        "The remaining strikes of this round are not made.",
        "Оставшиеся удары этого раунда не выполняются.",
    ),
    "skipped_presses": (
        "The presses listed for this round are not played: the combat is already over.",
        "Прессы этого раунда не играются: бой уже окончен.",
    ),
    "no_press": (
        "Nobody presses, so the combat ends after round {round}.",
        "Никто не играет пресс, поэтому бой заканчивается после раунда {round}.",
    ),
    "press": ("{name} presses to continue.", "{name} играет пресс, чтобы продолжить бой."),
    "press_cancel": (
        "{name} presses to cancel that press.",
        "{name} играет пресс, отменяющий пресс соперника.",
    ),
    "continues": (
        "The last press stands, so another round begins.",
        "Последний пресс не отменён, поэтому начинается новый раунд.",
    ),
    "press_cancelled": (
        "The last press to continue is cancelled, so the combat ends after round {round}.",
        "Последний пресс отменён, поэтому бой заканчивается после раунда {round}.",
    ),
    "open": (
        "The next round is not recorded in this scenario.",
        "Следующий раунд в этом сценарии не записан.",
    ),
    "final_vampire": (
        "{name} ends {state} with {n_blood}.",
        "{name} заканчивает бой: {state}, {n_blood}.",
    ),
    "final_ally": (
        "{name} ends {state} with {n_life}.",
        "{name} заканчивает бой: {state}, {n_life}.",
    ),
    "damage_mixed": ("{name} takes {n_dmg} and {agg_agg}.", "{name} получает {n_dmg} и {agg_agg}."),
    "card_effect": ("{name} plays {card}: {what}.", "{name} играет {card}: {what}."),
    "range_set": (
        "Round {round} is {range_at}, set by an earlier effect.",
        "Раунд {round} идёт {range_at}: так решил прежний эффект.",
    ),
    "cancelled": (
        "{name} cancels {other}'s {strike} with {card}; {other} chooses again.",
        "{name} отменяет {strike} ({other}) картой {card}; {other} выбирает удар заново.",
    ),
    "prevention_card": ("{name} plays {card} to prevent damage.", "{name} играет {card}."),
    "combat_ends_after": (
        "Both strikes resolve, then {name}'s strike ends the combat.",
        "Оба удара разыграны, и удар {name} заканчивает бой.",
    ),
    "sent_to_torpor": (
        "{card} sends {name} to torpor with {n_blood}.",
        "{card} отправляет {name} в ступор ({n_blood}).",
    ),
    "unlock": ("{name} unlocks.", "{name} разворачивается."),
    "undodgeable": (
        "{name}'s dodge has no effect on {other}'s strike.",
        "Уклонение {name} не действует на удар {other}.",
    ),
    "recoil": (
        "{name} takes {n_dmg} from its own {card}.",
        "{name} получает {n_dmg} от собственного удара {card}.",
    ),
    "environmental": (
        "{card}: {name} takes {n_dmg} (not a strike).",
        "{card}: {name} получает {n_dmg} (это не удар).",
    ),
    "final_burned": ("{name} ends the combat burned.", "{name} сожжён."),
    "final_drained": (
        "{name} lost {n_blood} to the bank because of capacity.",
        "{name} потерял {n_blood} в банк из-за объёма.",
    ),
}

_UNITS = ("dmg", "agg", "blood", "life", "strikes")


def render(sentence: Sentence, lang: str = "en") -> str:
    """The sentence in ``lang`` (``"en"`` or ``"ru"``)."""
    en, ru = TEMPLATES[sentence.key]
    template = ru if lang == "ru" else en
    values: dict[str, str] = {}
    for key, value in sentence.values.items():
        if isinstance(value, Phrase):
            values[key] = value.text(lang)
        elif isinstance(value, int):
            values[key] = str(value)
            for unit in _UNITS:
                values[f"{key}_{unit}"] = words(value, unit, lang)
        else:
            values[key] = value
    return template.format(**values)
