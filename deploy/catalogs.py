"""The gettext catalogs: extract the messages, update each language's ``.po``, compile ``.mo``.

Run through ``scripts/catalogs``:

- ``scripts/catalogs`` extracts every message of ``rules/`` and ``calculators/`` into
  ``rules/i18n/locale/desk.pot``, merges it into each language's ``.po`` (new messages arrive
  untranslated) and compiles the ``.mo`` files the package ships;
- ``scripts/catalogs --check`` changes nothing and lists what is missing, untranslated or fuzzy.

It also writes each language's number formats from CLDR (:mod:`deploy.number_formats`).

Messages are the first arguments of :func:`rules.i18n.msg` and its siblings (:data:`KEYWORDS`).
The ``.po`` files are sorted by message and name the files a message comes from without line
numbers, so that moving code does not rewrite the catalogs.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from deploy import number_formats
from rules.i18n.languages import LANGUAGES, SOURCE_LANGUAGE
from rules.i18n.translations import DOMAIN, LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("rules", "calculators")
KEYWORDS = {
    "msg": None,
    "msg_n": (1, 2),
    "msg_p": ((1, "c"), 2),
    "msg_np": ((1, "c"), 2, 3),
}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
PROJECT = "Vampire Rules Desk"
HEADER = """\
# {lang} messages of Vampire Rules Desk, written by the project.
# Edit the msgstr lines only; scripts/catalogs adds new messages and compiles the .mo file.
#"""
DATE = datetime(2026, 12, 1, tzinfo=UTC)
"""The catalogs' fixed header date: a date that moved on every run would make every run a change."""
WIDTH = 100
_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def translated_languages() -> tuple[str, ...]:
    """Every language but the source one: each has a ``.po`` file."""
    return tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)


def extract() -> Catalog:
    """Every message of the sources, as a template catalog."""
    template = _new_catalog(None)
    for source in SOURCES:
        for filename, _lineno, message, comments, context in extract_from_dir(
            ROOT / source, keywords=KEYWORDS, comment_tags=("Translators:",)
        ):
            template.add(
                message,
                locations=[(f"{source}/{filename}", None)],
                auto_comments=comments,
                context=context,
            )
    return template


def _new_catalog(lang: str | None) -> Catalog:
    return Catalog(
        locale=lang,
        header_comment=HEADER.format(lang=lang or "The template of all"),
        project=PROJECT,
        version="1",
        msgid_bugs_address="the project's issue tracker",
        last_translator="Vampire Rules Desk",
        language_team="Vampire Rules Desk",
        creation_date=DATE,
        revision_date=DATE,
        fuzzy=False,
    )


def fields(text: str) -> set[str]:
    """The names of the ``{name}`` fields of a message text."""
    return set(_FIELD.findall(text))


def _texts(message: Message) -> tuple[str, ...]:
    value = message.id
    return tuple(value) if isinstance(value, tuple) else (value,)


def _strings(message: Message) -> tuple[str, ...]:
    value = message.string
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _name(message: Message) -> str:
    text = _texts(message)[0]
    return text if message.context is None else f"{message.context}|{text}"


def problems(template: Catalog, catalog: Catalog, lang: str) -> list[str]:
    """What keeps ``catalog`` from translating every message of ``template`` in full."""
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        name = _name(message)
        entry = catalog.get(*_key(message))
        if entry is None:
            found.append(f"{lang}: missing: {name!r}")
            continue
        if entry.fuzzy:
            found.append(f"{lang}: fuzzy: {name!r}")
        strings = _strings(entry)
        if not all(strings):
            found.append(f"{lang}: untranslated: {name!r}")
            continue
        wanted = set().union(*(fields(text) for text in _texts(message)))
        for string in strings:
            extra = fields(string) - wanted
            if extra:
                found.append(f"{lang}: {name!r}: unknown fields {sorted(extra)} in {string!r}")
    found.extend(
        f"{lang}: no longer used: {_name(entry)!r}"
        for entry in catalog
        if entry.id and template.get(*_key(entry)) is None
    )
    return found


def _key(entry: Message) -> tuple[object, ...]:
    """The arguments of :meth:`Catalog.get` that find ``entry``."""
    return (entry.id,) if entry.context is None else (entry.id, entry.context)


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def po_bytes(catalog: Catalog) -> bytes:
    """``catalog`` as the text of a ``.po`` (or ``.pot``) file, the way the package keeps it."""
    buffer = io.BytesIO()
    write_po(
        buffer, catalog, width=WIDTH, sort_output=True, include_lineno=False, ignore_obsolete=True
    )
    return buffer.getvalue()


def write_catalog(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(po_bytes(catalog))


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def merged(template: Catalog, lang: str) -> Catalog:
    """The ``.po`` of ``lang`` with the messages of ``template``: their translations kept,
    the new ones untranslated, the ones no longer used dropped, each at its current place."""
    path = po_path(lang)
    catalog = read_catalog(path, lang) if path.exists() else _new_catalog(lang)
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()
    catalog.revision_date = DATE
    catalog.fuzzy = False
    return catalog


def update(template: Catalog) -> None:
    """Write the template, merge it into every ``.po`` and compile every ``.mo``."""
    write_catalog(template, TEMPLATE)
    number_formats.write()
    for lang in translated_languages():
        path = po_path(lang)
        write_catalog(merged(template, lang), path)
        mo_path(lang).write_bytes(compiled(read_catalog(path, lang)))


def stale(template: Catalog) -> list[str]:
    """The catalog files that differ from what :func:`update` would write now: messages
    moved to another module (their ``#:`` places) or a template that was not extracted."""
    found: list[str] = []
    files = [(TEMPLATE, template)]
    files += [(po_path(lang), merged(template, lang)) for lang in translated_languages()]
    for path, catalog in files:
        if path.exists() and path.read_bytes() != po_bytes(catalog):
            found.append(f"{path.relative_to(ROOT)} is out of date: run scripts/catalogs")
    return found


def _text_positions(keyword: str) -> tuple[int, ...]:
    spec = KEYWORDS[keyword]
    if spec is None:
        return (0,)
    return tuple((item[0] if isinstance(item, tuple) else item) - 1 for item in spec)


def dynamic_ids() -> list[str]:
    """Calls whose message texts are not written out: the catalogs cannot know them."""
    found: list[str] = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                if node.func.id not in KEYWORDS:
                    continue
                for position in _text_positions(node.func.id):
                    arg = node.args[position] if position < len(node.args) else None
                    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                        where = f"{path.relative_to(ROOT)}:{node.lineno}"
                        found.append(f"{where}: {node.func.id}() needs its text written out")
    return found


def check(template: Catalog) -> list[str]:
    """Every problem of the catalogs in the package, without changing them."""
    found: list[str] = dynamic_ids() + stale(template) + number_formats.stale()
    for lang in translated_languages():
        path = po_path(lang)
        if not path.exists():
            found.append(f"{lang}: no catalog at {path.relative_to(ROOT)}")
            continue
        catalog = read_catalog(path, lang)
        found.extend(problems(template, catalog, lang))
        mo = mo_path(lang)
        if not mo.exists() or _contents(mo.read_bytes()) != _contents(compiled(catalog)):
            found.append(f"{lang}: {mo.relative_to(ROOT)} is not compiled from the .po")
    return found


def _contents(mo: bytes) -> tuple[object, ...]:
    """What a compiled catalog translates, whatever the compiler's byte layout."""
    import gettext

    loaded = gettext.GNUTranslations(io.BytesIO(mo))
    return (loaded._catalog, loaded.plural(2), loaded.plural(5))  # type: ignore[attr-defined]


def pseudo(template: Catalog, mark: tuple[str, str] = ("⟦", "⟧")) -> Catalog:
    """A pseudo-locale: every message of ``template`` wrapped in ``mark``, fields kept."""
    catalog = _new_catalog("en")
    left, right = mark
    for message in template:
        if not message.id:
            continue
        texts = _texts(message)
        strings = tuple(f"{left}{text}{right}" for text in texts)
        catalog.add(
            message.id,
            strings if isinstance(message.id, tuple) else strings[0],
            context=message.context,
        )
    return catalog


def loaded(catalog: Catalog) -> object:
    """``catalog`` as stdlib gettext translations."""
    import gettext

    return gettext.GNUTranslations(io.BytesIO(compiled(catalog)))


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/catalogs", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; list problems")
    args = parser.parse_args(list(argv) if argv is not None else None)
    template = extract()
    if not args.check:
        update(template)
    found = check(template)
    for line in found:
        print(line)
    print(f"{sum(1 for message in template if message.id)} messages; {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
