"""The symbols of VTES card texts and rulings as text every font has.

Card texts mark Disciplines and card types with bracketed codes (``[pot]`` basic Potence,
``[POT]`` superior, ``[COMBAT]``, ``[1 CONVICTION]``) and directed actions with a circled
letter (``Ⓓ``) that common fonts lack. :func:`symbols_html` shows the codes as marked letters
in the page's own font and the circled letter as ``(D)``, so nothing shows as a missing-glyph
box; :func:`plain_symbols` gives the plain text for a copied ruling.

>>> plain_symbols("Ⓓ action")
'(D) action'
>>> symbol_kind("pot"), symbol_kind("POT"), symbol_kind("ACTION MODIFIER")
('basic', 'superior', 'icon')
"""

from __future__ import annotations

import re

from calculators.kit.fmt import escape

__all__ = [
    "GLYPHS",
    "SYMBOL_STYLES",
    "disciplines_html",
    "plain_symbols",
    "symbol_html",
    "symbol_kind",
    "symbols_html",
]

#: glyphs of the card texts that common fonts lack, and the text shown instead
GLYPHS = {"Ⓓ": "(D)"}
#: a symbol of a card text: ``[pot]``, ``[POT]``, ``[COMBAT]``, ``[1 CONVICTION]`` (a ruling's
#: reference a card text quotes, ``[KOT 20081119]``, is none)
_SYMBOL = re.compile(r"\[((?:\d+ )?[A-Za-z]+(?: [A-Za-z]+)*)\]")


def plain_symbols(text: str) -> str:
    """``text`` with the glyphs fonts may lack replaced by letters."""
    for glyph, letters in GLYPHS.items():
        text = text.replace(glyph, letters)
    return text


#: how each kind of symbol looks: a basic Discipline (``[pot]``) outlined, a superior one
#: (``[POT]``) in white on dark, a card-type icon (``[COMBAT]``) outlined in small capitals;
#: plain letters in the page's own font, so nothing depends on an icon font
SYMBOL_STYLES = {
    "basic": "border:1px solid #5a4632;border-radius:3px;padding:0 3px;font-size:0.9em",
    "superior": (
        "background:#5a4632;color:#fff;border-radius:3px;padding:0 3px;font-size:0.9em;"
        "font-weight:bold"
    ),
    "icon": (
        "border:1px solid #5a4632;border-radius:8px;padding:0 4px;font-size:0.8em;"
        "font-variant:small-caps"
    ),
}


def symbol_kind(symbol: str) -> str:
    """``basic`` (``pot``), ``superior`` (``POT``) or ``icon`` (``COMBAT``, ``1 CONVICTION``)."""
    if symbol.islower():
        return "basic"
    if symbol.isalpha() and symbol.isupper() and len(symbol) == 3:
        return "superior"
    return "icon"


def symbol_html(symbol: str) -> str:
    """One ``[pot]``-style symbol of a card text as marked letters."""
    kind = symbol_kind(symbol)
    shown = symbol.lower() if kind == "icon" else symbol
    return (
        f'<span class="vtes-symbol vtes-symbol-{kind}" style="{SYMBOL_STYLES[kind]}" '
        f'title="{escape(symbol)}">{escape(shown)}</span>'
    )


def disciplines_html(text: str) -> str:
    """A card's Disciplines (``"cel dom pre POT"``, ``"for / pot"``) as marked symbols."""
    return " ".join(
        symbol_html(word) if len(word) == 3 and word.isalpha() else escape(word)
        for word in text.split()
    )


def symbols_html(text: str) -> str:
    """Escaped ``text`` whose ``[pre]`` symbols show as marked letters."""
    parts = []
    last = 0
    for m in _SYMBOL.finditer(text):
        parts.append(escape(plain_symbols(text[last : m.start()])))
        parts.append(symbol_html(m[1]))
        last = m.end()
    parts.append(escape(plain_symbols(text[last:])))
    return "".join(parts)
