"""The frame of the server's own short pages ("try again", "no page at this address").

A phone-sized, self-contained page: the viewport set for a phone, a small style of its own,
links tall enough to tap, no script and nothing asked of another host.
"""

from __future__ import annotations

from html import escape

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:0;padding:24px 16px;line-height:1.5;"
    "color:#1a1a1a;background:#fff}main{max-width:40em;margin:0 auto}"
    "a{color:#0b57d0;display:inline-block;min-height:44px;line-height:44px}"
)


#: What a notice page may load: its own inline style only; no page may frame it elsewhere.
NOTICE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'"


def notice_page(lang: str, title: str, body: str, *, head: str = "") -> str:
    """A whole page in ``lang`` titled ``title`` (escaped here); ``body`` is markup already
    escaped, placed in the page's ``main`` under the title; ``head`` goes in its head."""
    return (
        f'<!DOCTYPE html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"{head}<title>{escape(title)}</title><style>{_STYLE}</style></head>"
        f"<body><main>{body}</main></body></html>"
    )
