"""The landing page: what each calculator is for, and links to every page."""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as widgets

from calculators.kit import CalculatorApp, Catalog
from calculators.kit.fmt import escape
from calculators.kit.links import page_url
from rules.i18n import msg


@dataclass(frozen=True)
class PageCard:
    notebook: str
    title: tuple[str, str]
    audience: tuple[str, str]
    summary: tuple[str, str]
    covers: tuple[str, str]


PAGES: tuple[PageCard, ...] = (
    PageCard(
        "vtes_damage.ipynb",
        ("VTES damage resolution", "VTES: расчёт повреждений"),
        ("For judges", "Для судей"),
        (
            "Normal and aggravated damage, prevention, mending with blood, wounded vampires, "
            "torpor and burning; allies and retainers. Every step cites its rule.",
            "Обычные и неизлечимые повреждения, предотвращение, лечение кровью, раненые "
            "вампиры, ступор и сожжение; союзники и слуги. Каждый шаг ссылается на правило.",
        ),
        (
            "Vampire: The Eternal Struggle, Black Hand rulebook (and current VEKN notes)",
            "Vampire: The Eternal Struggle, правила эпохи Black Hand (и отличия правил VEKN)",
        ),
    ),
    PageCard(
        "vtes_combat.ipynb",
        ("VTES combat rounds", "VTES: раунды боя"),
        ("For judges", "Для судей"),
        (
            "Rebuild a combat as it was played: range and maneuvers, strikes, first strike, "
            "dodge, combat ends, steal blood, equipment, additional strikes and presses.",
            "Восстановите бой так, как он был сыгран: дистанция и маневры, удары, первый "
            "удар, уклонение, конец боя, кража крови, снаряжение, дополнительные удары и прессы.",
        ),
        ("Vampire: The Eternal Struggle", "Vampire: The Eternal Struggle"),
    ),
    PageCard(
        "vtes_table.ipynb",
        ("VTES table rules", "VTES: правила стола"),
        ("For judges", "Для судей"),
        (
            "Torpor, rescue and diablerie, the influence phase planner, victory points and "
            "ousting, contested cards and titles.",
            "Ступор, спасение и дьяблери, планировщик фазы влияния, пункты победы и "
            "выбывание, оспариваемые карты и титулы.",
        ),
        ("Vampire: The Eternal Struggle", "Vampire: The Eternal Struggle"),
    ),
    PageCard(
        "dracula.ipynb",
        ("Fury of Dracula combat odds", "Fury of Dracula: шансы в бою"),
        ("For players, and a round resolver for judges", "Для игроков; разбор раунда для судей"),
        (
            "Exact odds of each round and of whole combats, the best card mix, and where "
            "Dracula's blood track will stand afterwards.",
            "Точные шансы раунда и всего боя, лучший выбор карт и положение Дракулы на "
            "треке крови после боя.",
        ),
        ("Fury of Dracula, 2nd edition (2005)", "Fury of Dracula, 2-я редакция (2005)"),
    ),
    PageCard(
        "vtm_dice.ipynb",
        ("V:tM dice pools", "V:tM: пулы кубов"),
        ("For players", "Для игроков"),
        (
            "Exact success and botch odds with specialties and Willpower, multiple actions, "
            "and the whole attack, damage, soak and health chain.",
            "Точные шансы успехов и провалов со специализацией и Силой Воли, несколько "
            "действий и вся цепочка атака, урон, поглощение, здоровье.",
        ),
        ("Vampire: the Masquerade, Revised and V20", "Vampire: the Masquerade, Revised и V20"),
    ),
    PageCard(
        "rules_reference.ipynb",
        ("Rules reference", "Справочник правил"),
        ("For everyone", "Для всех"),
        (
            "Every rule the calculators cite, in English and Russian, searchable, with the "
            "rulebook's worked examples and a glossary of terms.",
            "Все правила, на которые ссылаются калькуляторы, на русском и английском, с "
            "поиском, разобранными примерами и словарём терминов.",
        ),
        ("All three games", "Все три игры"),
    ),
)


class LandingPage(CalculatorApp):
    """The desk's front page."""

    labels = Catalog(
        {
            "title": msg("Vampire Rules Desk"),
            "intro": msg("Rulings step by step for judges, exact odds for players. Pick a page:"),
            "covers": msg("Covers"),
            "open": msg("Open"),
        }
    )

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self.cards = widgets.HTML()
        self.cards.add_class("calc-landing")
        self.body.children = [self.cards]
        self.ready()

    def relabel(self) -> None:
        i = 1 if self.lang == "ru" else 0
        items = []
        for card in PAGES:
            items.append(
                '<div class="calc-result-box">'
                f'<h3><a class="calc-page-link" href="{page_url(card.notebook, self.lang)}">'
                f"{escape(card.title[i])}</a></h3>"
                f"<p><b>{escape(card.audience[i])}.</b> {escape(card.summary[i])}</p>"
                f"<p><i>{escape(self.t('covers'))}:</i> {escape(card.covers[i])}</p></div>"
            )
        self.cards.value = (
            f"<p>{escape(self.t('intro'))}</p>"
            f'<div style="display:grid;grid-template-columns:1fr 1fr;gap:10px">'
            + "".join(items)
            + "</div>"
        )
