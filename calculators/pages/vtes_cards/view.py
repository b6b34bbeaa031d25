"""VTES cards page's view: a card, its rulings and what the combat resolver does with it, as
HTML or plain text, from the card data alone (no widgets).

Every function takes ``t`` (a catalog label by key, in the page's language) and ``lang``.
Card texts and rulings stay in English, as published; their symbols are shown as text
(``[pre]`` as "pre", "Ⓓ" as "(D)"), so no font lacks a glyph for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from calculators.kit.fmt import escape
from calculators.kit.links import page_url
from calculators.kit.markup import heading
from calculators.pages.vtes_cards.labels import COMBAT_NOTEBOOK
from calculators.vtes_widgets.card_links import card_link
from calculators.vtes_widgets.card_symbols import (
    disciplines_html,
    plain_symbols,
    symbols_html,
)
from calculators.vtes_widgets.ruling_view import ruling_body, ruling_html
from rules.vtes.card_library import LibraryEntry, describe_option
from rules.vtes.carddata import Card, CryptCard, Ruling, Sources

Label = Callable[[str], str]

#: "Open in the combat resolver" looks like a button, tall enough for a thumb
BUTTON_STYLE = (
    "display:inline-block;min-height:44px;padding:11px 14px;border:1px solid #7a1f2b;"
    "border-radius:4px;color:#7a1f2b;text-decoration:none;font-weight:bold"
)


def combat_link(card_id: int, lang: str) -> str:
    """The address of the combat page with the card ``card_id`` ready to play."""
    return page_url(COMBAT_NOTEBOOK, lang, card=str(card_id))


def _cost(card: Card, t: Label) -> str:
    if isinstance(card, CryptCard):
        return ""
    costs = []
    for key, value in (
        ("blood_cost", card.blood_cost),
        ("pool_cost", card.pool_cost),
        ("conviction_cost", card.conviction_cost),
    ):
        if value:
            costs.append(t(key).format(n=value))
    return ", ".join(costs)


def card_facts(card: Card, t: Label) -> list[tuple[str, str]]:
    """The card's type, cost, disciplines, clan and capacity that it has, as (label, value)."""
    facts = [(t("type"), " / ".join(card.types))]
    if isinstance(card, CryptCard):
        facts.append((t("capacity"), str(card.capacity)))
        facts.append((t("disciplines"), card.disciplines or "—"))
        facts.append((t("clan"), card.clan))
        if card.title:
            facts.append((t("card_title"), card.title))
        if card.group:
            facts.append((t("group"), card.group))
    else:
        cost = _cost(card, t)
        if cost:
            facts.append((t("cost"), cost))
        if card.disciplines:
            facts.append((t("disciplines"), " / ".join(card.disciplines)))
        if card.clans:
            facts.append((t("clan"), " / ".join(card.clans)))
    return [(label, value) for label, value in facts if value]


def results_note(query: str, found: int, t: Label) -> str:
    """The line above the result list: nothing to say, or that nothing matched."""
    if query.strip() and not found:
        return f"<p>{escape(t('no_results').format(query=repr(query.strip())))}</p>"
    return ""


def card_html(card: Card, t: Label, lang: str) -> str:
    """The card's name, facts and official text."""
    rows = "".join(
        f"<tr><th>{escape(label)}</th><td>"
        f"{disciplines_html(value) if label == t('disciplines') else escape(value)}</td></tr>"
        for label, value in card_facts(card, t)
    )
    note = f' <small class="vtes-english">({escape(t("english_note"))})</small>'
    text = "<br>".join(symbols_html(line) for line in card.text.splitlines())
    name = card.printed if isinstance(card, CryptCard) else card.name
    return (
        f'<div class="vtes-card" lang="en">{heading(name, 3)}'
        f'<table class="calc-table vtes-card-facts">{rows}</table>'
        f"<p><b>{escape(t('official_text'))}</b>{note if lang != 'en' else ''}</p>"
        f'<p class="vtes-card-text">{text}</p></div>'
    )


def rulings_html(rulings: Sequence[Ruling], t: Label, lang: str) -> str:
    """Every ruling on the card, or that there is none."""
    title = heading(t("rulings"), 4)
    if not rulings:
        return f'<div class="vtes-rulings">{title}<p>{escape(t("no_rulings"))}</p></div>'
    note = f"<p><small>{escape(t('rulings_english'))}</small></p>" if lang != "en" else ""
    items = "".join(ruling_html(r, t, lang) for r in rulings)
    return f'<div class="vtes-rulings">{title}{note}<ol>{items}</ol></div>'


def _level(key: str, level: str, t: Label) -> str:
    if level == "-":
        return t("no_discipline")
    return f"{key} ({t(level)})"


def combat_html(entry: LibraryEntry | None, t: Label, lang: str) -> str:
    """For a combat card or a weapon: what the resolver does at each level, and what it
    leaves to the judge; for a combat card it has no entry for, that it has none."""
    title = heading(t("combat"), 4)
    if entry is None:
        return f'<div class="vtes-combat">{title}<p>{escape(t("not_in_library"))}</p></div>'
    rows = []
    for option in entry.options:
        judge = option.note.render(lang) if option.note is not None else t("nothing_left")
        level = _level(option.key, option.level, t)
        if option.choice:
            level += f" — {option.choice}"
        rows.append(
            f"<tr><th>{escape(level)}</th><td>{escape(describe_option(option).render(lang))}"
            f"</td><td>{escape(judge)}</td></tr>"
        )
    for key, why in entry.unmodelled:
        rows.append(
            f"<tr><th>{escape(key)}</th><td>—</td>"
            f"<td>{escape(t('not_modelled').format(why=why.render(lang)))}</td></tr>"
        )
    head = (
        f"<tr><th>{escape(t('level'))}</th><th>{escape(t('does'))}</th>"
        f"<th>{escape(t('judge'))}</th></tr>"
    )
    link = (
        f'<p><a class="vtes-open-combat" href="{escape(combat_link(entry.id, lang))}" '
        f'target="_top" title="{escape(t("open_combat_help"))}" style="{BUTTON_STYLE}">'
        f"{escape(t('open_combat'))}</a></p>"
    )
    return (
        f'<div class="vtes-combat">{title}<table class="calc-table">{head}{"".join(rows)}'
        f"</table>{link}</div>"
    )


def sources_html(sources: Sources, t: Label, lang: str) -> str:
    """The dated sources line."""
    return (
        f'<p class="vtes-sources"><small><b>{escape(t("sources"))}:</b> '
        f"{escape(sources.message().render(lang))}</small></p>"
    )


def card_text(
    card: Card,
    rulings: Sequence[Ruling],
    entry: LibraryEntry | None,
    sources: Sources,
    t: Label,
    lang: str,
    absolute: Callable[[str], str] = str,
) -> str:
    """The card, its rulings and the sources as plain text, to paste into a chat; the link to
    the card goes through ``absolute`` (the page makes it a full address)."""
    name = card.printed if isinstance(card, CryptCard) else card.name
    lines = [name, *(f"{label}: {value}" for label, value in card_facts(card, t))]
    english = f" ({t('english_note')})" if lang != "en" else ""
    lines += ["", f"{t('official_text')}{english}:", plain_symbols(card.text)]
    lines += ["", f"{t('rulings')}:"]
    if not rulings:
        lines.append(t("no_rulings"))
    for i, ruling in enumerate(rulings, 1):
        body = plain_symbols(ruling_body(ruling)).replace("{", "").replace("}", "")
        refs = "; ".join(f"{ref.label} {ref.url}" for ref in ruling.references)
        lines.append(f"{i}. {body} [{refs}]")
    if entry is not None:
        lines += ["", f"{t('combat')}:"]
        for option in entry.options:
            judge = option.note.render(lang) if option.note is not None else t("nothing_left")
            lines.append(
                f"- {_level(option.key, option.level, t)}: "
                f"{describe_option(option).render(lang)}; {t('judge')}: {judge}"
            )
    lines += ["", absolute(card_link(card.id, lang))]
    lines.append(f"{t('sources')}: {sources.message().render(lang)}")
    return "\n".join(lines)
