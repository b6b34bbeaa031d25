"""The landing page: what each calculator is for, and links to every page."""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.labels import Catalog
from calculators.kit.links import page_url
from calculators.kit.markup import Markup, heading
from calculators.kit.page import Page
from rules.i18n import Message, msg


@dataclass(frozen=True)
class PageCard:
    notebook: str
    title: Message
    audience: Message
    summary: Message
    covers: Message


PAGES: tuple[PageCard, ...] = (
    PageCard(
        "vtes_damage.ipynb",
        msg("VTES damage resolution"),
        msg("For judges"),
        msg(
            "Normal and aggravated damage, prevention, mending with blood, wounded "
            "vampires, torpor and burning; allies and retainers. Every step cites "
            "its rule."
        ),
        msg("Vampire: The Eternal Struggle, Black Hand rulebook (and current VEKN notes)"),
    ),
    PageCard(
        "vtes_combat.ipynb",
        msg("VTES combat rounds"),
        msg("For judges"),
        msg(
            "Rebuild a combat as it was played: range and maneuvers, strikes, first"
            " strike, dodge, combat ends, steal blood, equipment, additional "
            "strikes and presses."
        ),
        msg("Vampire: The Eternal Struggle"),
    ),
    PageCard(
        "vtes_cards.ipynb",
        msg("VTES cards and rulings"),
        msg("For judges and players"),
        msg(
            "Find any card by any spelling, even a vampire's name typed in Cyrillic: its "
            "text, every official ruling with its references, and what the combat "
            "resolver does with a combat card."
        ),
        msg("Vampire: The Eternal Struggle, every crypt and library card"),
    ),
    PageCard(
        "vtes_table.ipynb",
        msg("VTES table rules"),
        msg("For judges"),
        msg(
            "Torpor, rescue and diablerie, the influence phase planner, victory "
            "points and ousting, contested cards and titles."
        ),
        msg("Vampire: The Eternal Struggle"),
    ),
    PageCard(
        "vtes_deck_odds.ipynb",
        msg("VTES deck odds"),
        msg("For players"),
        msg(
            "Paste a deck list and read the exact odds of drawing a card, a card type, a clan "
            "or a discipline, several at once, by turn."
        ),
        msg("Vampire: The Eternal Struggle"),
    ),
    PageCard(
        "dracula.ipynb",
        msg("Fury of Dracula combat odds"),
        msg("For players, and a round resolver for judges"),
        msg(
            "Exact odds of each round and of whole combats, the best card mix, and "
            "where Dracula's blood track will stand afterwards."
        ),
        msg("Fury of Dracula, 2nd edition (2005)"),
    ),
    PageCard(
        "vtm_dice.ipynb",
        msg("V:tM dice pools"),
        msg("For players"),
        msg(
            "Exact success and botch odds with specialties and Willpower, multiple "
            "actions, and the whole attack, damage, soak and health chain."
        ),
        msg("Vampire: the Masquerade, Revised and V20"),
    ),
    PageCard(
        "rules_reference.ipynb",
        msg("Rules reference"),
        msg("For everyone"),
        msg(
            "Every rule the calculators cite, in English and Russian, searchable, "
            "with the rulebook's worked examples and a glossary of terms."
        ),
        msg("All three games"),
    ),
)


class LandingPage(Page):
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
        lang = self.lang
        items = []
        for card in PAGES:
            items.append(
                '<div class="calc-result-box">'
                + heading(
                    Markup(
                        f'<a class="calc-page-link" href="{page_url(card.notebook, self.lang)}">'
                        f"{escape(card.title.render(lang))}</a>"
                    ),
                    3,
                )
                + f"<p><b>{escape(card.audience.render(lang))}.</b> "
                f"{escape(card.summary.render(lang))}</p>"
                f"<p><i>{escape(self.t('covers'))}:</i> "
                f"{escape(card.covers.render(lang))}</p></div>"
            )
        self.cards.value = (
            f"<p>{escape(self.t('intro'))}</p>"
            '<div class="calc-landing-grid">' + "".join(items) + "</div>"
        )
