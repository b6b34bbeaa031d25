"""What a static-site page says while Python starts in the reader's browser.

On the static site (``scripts/build-static``) a page's kernel runs in the browser: on a first
visit it downloads Python and the calculators (about ten megabytes), on a repeat visit it reads
them from the copy the browser kept. Until the calculator shows, the page says which of the two
is happening, how many megabytes have arrived of how many, and that the download happens once.
On a first visit it also fetches the kernel's files at once, so that the connection carries them
while the page's own scripts load and start the kernel (which then finds them in the browser's
cache) instead of idling until the kernel asks.

The build puts :func:`startup_snippet` into every page; its front end (``startup.js``) counts
the bytes the site's service worker reports, and hides itself once the calculator shows
(``.calc-ready``). No kernel is running yet, so the words of every language travel in the page.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from calculators.kit.labels import LANGS, Catalog
from rules.i18n import msg

STARTUP_LABELS = Catalog(
    {
        "downloading": msg("Downloading Python and the calculators"),
        "from_copy": msg("Opening Python and the calculators from this browser's copy"),
        "starting": msg("Starting Python in this browser"),
        "amount": msg("{done} of {total} MB"),
        "once": msg(
            "This download happens once: the browser keeps everything, and the calculators "
            "then open with no network."
        ),
        "progress_name": msg("Start of the calculator"),
    }
)

_SCRIPT = Path(__file__).with_name("startup.js").read_text(encoding="utf-8")

STYLE = """\
.desk-startup{position:fixed;left:0;right:0;bottom:0;z-index:1000;box-sizing:border-box;
padding:10px 14px;background:#fff;border-top:1px solid #bbb;font:15px/1.4 system-ui,sans-serif;
color:#1a1a1a}
.desk-startup[hidden]{display:none}
.desk-startup p{margin:0 0 6px}
.desk-startup progress{width:100%;height:12px}
.desk-startup-note{font-size:13px;color:#3d3d3d}
"""


def startup_words() -> dict[str, dict[str, str]]:
    """Every label of :data:`STARTUP_LABELS` in every language, by language."""
    keys = STARTUP_LABELS.keys()
    return {lang: {key: STARTUP_LABELS.text(key, lang) for key in keys} for lang in LANGS}


def startup_snippet(total_bytes: int, kernel_files: Sequence[str] = ()) -> str:
    """The HTML the build puts at the start of a page's body: the box, its style, its script.

    ``total_bytes`` is what a first visit downloads for the kernel (the build adds it up);
    ``kernel_files`` are those files (addresses from the page, in the order the kernel needs
    them), which a first visit fetches at once, while the page's own scripts load.
    """
    config = json.dumps(
        {"total": total_bytes, "prefetch": list(kernel_files), "words": startup_words()},
        ensure_ascii=False,
    )
    config = config.replace("</", "<\\/")  # no word may end the script early
    return (
        f"<style>{STYLE}</style>\n"
        '<div class="desk-startup" role="status" aria-live="polite" hidden>'
        '<p class="desk-startup-step"></p><progress max="1"></progress>'
        '<p class="desk-startup-note"></p></div>\n'
        f"<script>window.deskStartup = {config};\n{_SCRIPT}</script>\n"
    )
