"""Link previews without a kernel: what a shared link shows, for chat apps and search engines.

A judge shares a ruling as a link; the chat app's preview bot fetches it, and so do search
engines' crawlers. They run no script, so a page rendered for them in a kernel is a kernel
started for nobody, and its preview shows nothing. Here such a request (by its User-Agent:
:func:`is_preview_agent`), and any ``HEAD``, gets a small page with the page's title and a
one-line summary of what the link shows, in the link's language, as the description, Open
Graph and Twitter card tags; no kernel is started.

The summary comes from the link's parameters through the pure link summaries of ``rules``
(``rules.vtes.link_summary`` and the others): for the damage page, the minion, the damage and
what becomes of it; where a page's state is too rich for a line, what the page is and the key
inputs. A link that names no input, or one whose inputs the page would refuse, gets the page's
description instead. Every page rendered for a visitor carries the same tags
(:func:`with_tags`), and its window title becomes the page's title.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from rules.errors import RuleError
from rules.i18n import LANGUAGES, SOURCE_LANGUAGE, Message, msg
from rules.link_params import LinkParams

log = logging.getLogger(__name__)

SITE = msg("Vampire Rules Desk")
LOCALES = {"en": "en_US", "ru": "ru_RU"}
MAX_DESCRIPTION = 300  # characters; previews cut longer ones anyway

#: Link-preview bots of chat and social apps, and search engines' crawlers (User-Agent words).
#: A generic "bot/", "crawler" or "spider" also counts; a browser's User-Agent has none of them.
PREVIEW_AGENTS = re.compile(
    r"discordbot|telegrambot|slackbot|slack-imgproxy|whatsapp|facebookexternalhit|facebot"
    r"|meta-externalagent|twitterbot|linkedinbot|skypeuripreview|vkshare|redditbot|pinterest"
    r"|embedly|iframely|mastodon|bluesky|googlebot|google-inspectiontool|adsbot-google|bingbot"
    r"|bingpreview|yandex|duckduckbot|duckassistbot|baiduspider|applebot|petalbot|sogou"
    r"|seznambot|qwantify|ia_archiver|bot/|crawler|spider",
    re.IGNORECASE,
)

Summary = Callable[[LinkParams], Message | None]


def is_preview_agent(user_agent: str) -> bool:
    """Whether ``user_agent`` is a link-preview bot or a crawler.

    >>> is_preview_agent("Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)")
    True
    >>> is_preview_agent("TelegramBot (like TwitterBot)")
    True
    >>> is_preview_agent("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
    ...                  "(KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36")
    False
    """
    return PREVIEW_AGENTS.search(user_agent) is not None


def _summaries() -> Mapping[str, Summary]:
    # imported when first asked: the server need not load the engines to start
    from rules.dracula.link_summary import dracula_summary
    from rules.reference.link_summary import reference_summary
    from rules.vtes.link_summary import combat_summary, damage_summary, table_summary
    from rules.vtm.link_summary import dice_summary

    return {
        "vtes_damage.ipynb": damage_summary,
        "vtes_combat.ipynb": combat_summary,
        "vtes_table.ipynb": table_summary,
        "dracula.ipynb": dracula_summary,
        "vtm_dice.ipynb": dice_summary,
        "rules_reference.ipynb": reference_summary,
    }


@dataclass(frozen=True, slots=True)
class Page:
    """What a page is: its title and a line that describes it (for a link naming no input)."""

    title: Message
    description: Message


PAGES: Mapping[str, Page] = {
    "00_index.ipynb": Page(
        SITE,
        msg(
            "Rules reference and exact calculators for Vampire: the Eternal Struggle, Fury of "
            "Dracula and Vampire: the Masquerade, with every step and the rule it applies."
        ),
    ),
    "vtes_damage.ipynb": Page(
        msg("VTES damage resolution"),
        msg(
            "What damage does to a VTES vampire, ally or retainer: prevention, mending, "
            "torpor and burning, step by step with the rules cited."
        ),
    ),
    "vtes_combat.ipynb": Page(
        msg("VTES combat resolver"),
        msg(
            "A VTES combat replayed round by round: maneuvers, strikes, presses and the damage "
            "each combatant takes, with the rules cited."
        ),
    ),
    "vtes_cards.ipynb": Page(
        msg("VTES cards and rulings"),
        msg(
            "Find any card by any spelling, even a vampire's name typed in Cyrillic: its "
            "text, every official ruling with its references, and what the combat "
            "resolver does with a combat card."
        ),
    ),
    "vtes_table.ipynb": Page(
        msg("VTES table rules"),
        msg(
            "VTES rulings asked at every table: torpor and diablerie, the influence phase, "
            "victory points and contested cards."
        ),
    ),
    "vtes_deck_odds.ipynb": Page(
        msg("VTES deck odds"),
        msg(
            "Paste a deck list and read the exact odds of drawing a card, a card type, a clan "
            "or a discipline, several at once, by turn."
        ),
    ),
    "dracula.ipynb": Page(
        msg("Fury of Dracula: combat explorer"),
        msg(
            "Exact odds of a Fury of Dracula combat: every card pairing, how the whole combat "
            "ends, and a round resolver for judges."
        ),
    ),
    "vtm_dice.ipynb": Page(
        msg("V:tM dice pools and attacks"),
        msg(
            "Exact odds of Vampire: the Masquerade dice pools (Revised, V20 and V5) and of a "
            "whole attack, from the attack roll to the health levels lost."
        ),
    ),
    "rules_reference.ipynb": Page(
        msg("Rules reference"),
        msg(
            "The rules the desk's calculators cite, in our own words, in English and Russian, "
            "searchable in either language."
        ),
    ),
}


@dataclass(frozen=True, slots=True)
class Preview:
    """A link's preview: title and description in the link's language, and its address."""

    title: str
    description: str
    lang: str
    url: str


def link_language(query: str) -> str:
    """The language a link asks for (the desk's first language when it names none known)."""
    lang = LinkParams.from_query(query).lang
    return lang if lang in LANGUAGES else SOURCE_LANGUAGE


def preview(notebook: str, query: str, url: str) -> Preview | None:
    """The preview of the link to ``notebook`` with ``query``; ``None`` for another file."""
    page = PAGES.get(notebook)
    if page is None:
        return None
    lang = link_language(query)
    title, description = _texts(notebook, query, lang)
    return Preview(title, description, lang, url)


@lru_cache(maxsize=2048)
def _texts(notebook: str, query: str, lang: str) -> tuple[str, str]:
    """Title and description (the same link is fetched by several bots, and again)."""
    page = PAGES[notebook]
    said: Message | None = None
    summary = _summaries().get(notebook)
    if summary is not None:
        try:
            said = summary(LinkParams.from_query(query))
        except RuleError as error:  # the page would say what is wrong; the preview describes
            log.info("A link to %s has inputs the page refuses: %s", notebook, error)
        except Exception:
            log.exception("The summary of a link to %s failed", notebook)
    description = (said or page.description).render(lang)
    if len(description) > MAX_DESCRIPTION:
        description = description[: MAX_DESCRIPTION - 1].rstrip() + "…"
    return page.title.render(lang), description


def head_tags(shown: Preview) -> str:
    """The description, Open Graph and Twitter card tags of a preview."""
    title, description = escape(shown.title), escape(shown.description)
    site = escape(SITE.render(shown.lang))
    return (
        f'<meta name="description" content="{description}">'
        f'<meta property="og:type" content="website">'
        f'<meta property="og:site_name" content="{site}">'
        f'<meta property="og:title" content="{title}">'
        f'<meta property="og:description" content="{description}">'
        f'<meta property="og:url" content="{escape(shown.url)}">'
        f'<meta property="og:locale" content="{LOCALES.get(shown.lang, "en_US")}">'
        f'<meta name="twitter:card" content="summary">'
        f'<meta name="twitter:title" content="{title}">'
        f'<meta name="twitter:description" content="{description}">'
    )


def preview_page(shown: Preview) -> str:
    """The whole page a preview bot or crawler gets: the tags, and the same words as text."""
    return (
        f'<!DOCTYPE html><html lang="{shown.lang}"><head><meta charset="utf-8">'
        f"<title>{escape(shown.title)}</title>{head_tags(shown)}"
        f'<link rel="canonical" href="{escape(shown.url)}"></head>'
        f"<body><h1>{escape(shown.title)}</h1><p>{escape(shown.description)}</p>"
        f'<p><a href="{escape(shown.url)}">{escape(SITE.render(shown.lang))}</a></p>'
        f"</body></html>"
    )


_TITLE = re.compile(r"<title>.*?</title>", re.S)


def with_tags(html: str, shown: Preview) -> str:
    """A rendered page with the preview's tags in its head and the page's title as its
    window title."""
    title = f"<title>{escape(shown.title)}</title>"
    tagged, found = _TITLE.subn(lambda _m: title + head_tags(shown), html, count=1)
    if found:
        return tagged
    return html.replace("<head>", f"<head>{title}{head_tags(shown)}", 1)
