"""The number formats of the desk's languages, taken from CLDR through Babel when the catalogs
are built, and written into the package (``rules/i18n/number_formats.py``).

The pages format numbers with :mod:`rules.i18n.numbers`, which reads only that small file: the
package needs no Babel (and no locale data for hundreds of languages) when it runs, in the
server's kernels or in the browser. ``scripts/catalogs`` writes the file; ``--check`` reports
it when it differs from what Babel's CLDR data gives now.
"""

from __future__ import annotations

import json
from pathlib import Path

from babel import Locale
from babel.numbers import parse_pattern

from rules.i18n.languages import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "rules" / "i18n" / "number_formats.py"

HEADER = '''"""Number symbols and the percent pattern of each language, from CLDR (Babel {version}).

Written by ``scripts/catalogs`` (``deploy/number_formats.py``); do not edit.
"""

from __future__ import annotations

NUMBER_FORMATS: dict[str, dict[str, str | int]] = {{
'''


def number_format(lang: str) -> dict[str, str | int]:
    """What :mod:`rules.i18n.numbers` needs of ``lang``'s CLDR data (Latin digits)."""
    locale = Locale.parse(lang)
    symbols = locale.number_symbols["latn"]
    percent = parse_pattern(locale.percent_formats[None].pattern)
    decimal = parse_pattern(locale.decimal_formats[None].pattern)
    return {
        "decimal": symbols["decimal"],
        "group": symbols["group"],
        "minus": symbols["minusSign"],
        "percent_prefix": percent.prefix[0],
        "percent_suffix": percent.suffix[0],
        "times": symbols["superscriptingExponent"],
        "grouping": decimal.grouping[0],
    }


def source() -> str:
    """The text of ``rules/i18n/number_formats.py`` as Babel's data gives it now."""
    import babel

    def literal(value: str | int) -> str:
        return json.dumps(value)  # a Python literal too, in double quotes, ASCII only

    lines = [HEADER.format(version=babel.__version__)]
    for lang in LANGUAGES:
        lines.append(f"    {literal(lang)}: {{\n")
        for key, value in number_format(lang).items():
            lines.append(f"        {literal(key)}: {literal(value)},\n")
        lines.append("    },\n")
    lines.append("}\n")
    return "".join(lines)


def write() -> None:
    TARGET.write_text(source(), encoding="utf-8")


def stale() -> list[str]:
    """A line when the package's number formats differ from Babel's data."""
    if TARGET.exists() and TARGET.read_text(encoding="utf-8") == source():
        return []
    return [f"{TARGET.relative_to(ROOT)} is out of date: run scripts/catalogs"]
