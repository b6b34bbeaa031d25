"""Number symbols and the percent pattern of each language, from CLDR (Babel 2.19.0).

Written by ``scripts/catalogs`` (``deploy/number_formats.py``); do not edit.
"""

from __future__ import annotations

NUMBER_FORMATS: dict[str, dict[str, str | int]] = {
    "en": {
        "decimal": ".",
        "group": ",",
        "minus": "-",
        "percent_prefix": "",
        "percent_suffix": "%",
        "times": "\u00d7",
        "grouping": 3,
    },
    "ru": {
        "decimal": ",",
        "group": "\u00a0",
        "minus": "-",
        "percent_prefix": "",
        "percent_suffix": "\u00a0%",
        "times": "\u00d7",
        "grouping": 3,
    },
}
