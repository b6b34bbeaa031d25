"""The gettext catalogs: complete, compiled, and rendering plural forms from the catalog."""

from __future__ import annotations

import gettext
import io

import pytest
from babel.messages.catalog import Catalog

from deploy import catalogs
from rules.errors import InvalidState
from rules.i18n import LANGUAGES, SOURCE_LANGUAGE, install, msg, msg_n, msg_np, msg_p, translations
from rules.trace import Step


@pytest.fixture(scope="module")
def template() -> Catalog:
    return catalogs.extract()


def test_every_language_translates_every_message_and_ships_it_compiled(template: Catalog) -> None:
    found = catalogs.check(template)
    assert not found, "\n".join(found[:40]) + "\nRun scripts/catalogs, then translate."


def test_template_in_the_package_is_current(template: Catalog) -> None:
    shipped = catalogs.read_catalog(catalogs.TEMPLATE)
    assert {m.id for m in shipped if m.id} == {m.id for m in template if m.id}


def test_a_message_that_moved_to_another_module_makes_the_catalogs_stale(
    template: Catalog,
) -> None:
    assert catalogs.stale(template) == []
    moved = next(m for m in template if m.id and m.locations)
    where = moved.locations[0][0]
    moved.locations = [("rules/elsewhere.py", None)]
    try:
        found = catalogs.stale(template)
    finally:
        moved.locations = [(where, None)]
    assert any("desk.pot is out of date" in line for line in found), found
    assert any("desk.po is out of date" in line for line in found), found


def _template(*entries: tuple[object, str | None]) -> Catalog:
    catalog = Catalog(locale=None)
    for message_id, context in entries:
        catalog.add(message_id, context=context)
    return catalog


def test_problems_names_missing_fuzzy_untranslated_and_foreign_fields() -> None:
    template = _template(
        ("{who} bleeds.", None),
        ("{n} blood", None),
        ("kept", "card"),
        ("{who} hunts.", None),
    )
    russian = Catalog(locale="ru")
    russian.add("{who} bleeds.", "{whom} обескровлен.")
    russian.add("kept", "оставлено", context="card", flags=("fuzzy",))
    russian.add("{who} hunts.", "")
    russian.add("gone", "ушло")
    found = catalogs.problems(template, russian, "ru")
    assert found == [
        "ru: '{who} bleeds.': unknown fields ['whom'] in '{whom} обескровлен.'",
        "ru: missing: '{n} blood'",
        "ru: fuzzy: 'card|kept'",
        "ru: untranslated: '{who} hunts.'",
        "ru: no longer used: 'gone'",
    ]


def test_plural_forms_come_from_the_catalog() -> None:
    russian = Catalog(locale="ru")
    russian.add(("{n} blood", "{n} blood"), ("{n} кровь", "{n} крови", "{n} крови"))
    russian.add(("{n} die", "{n} dice"), ("{n} кубик", "{n} кубика", "{n} кубиков"), context="pool")
    russian.add("Dodge", "Уклонение", context="card")
    install("ru-test", gettext.GNUTranslations(io.BytesIO(catalogs.compiled(russian))))
    dice = [msg_np("pool", "{n} die", "{n} dice", n).render("ru-test") for n in (1, 2, 5, 11, 21)]
    assert dice == ["1 кубик", "2 кубика", "5 кубиков", "11 кубиков", "21 кубик"]
    assert msg_n("{n} blood", "{n} blood", 3).render("ru-test") == "3 крови"
    assert [msg_n("{n} die", "{n} dice", n).render("en") for n in (1, 2)] == ["1 die", "2 dice"]
    assert msg_p("card", "Dodge").render("ru-test") == "Уклонение"
    assert msg_p("maneuver", "Dodge").render("ru-test") == "Dodge"


def test_parameters_render_in_the_readers_language() -> None:
    inner = msg("{name} must be True or False, got {value}.", name="x", value=True)
    outer = msg("{name} must be a non-empty text, got {value}.", name=inner, value=[1, inner])
    assert outer.render("ru").startswith("x: нужно True или False, а получено True.: нужен")
    assert outer.render("en").endswith("got 1, x must be True or False, got True..")


def test_steps_and_errors_carry_messages_and_the_older_pairs() -> None:
    said = msg("{name} must be a finite number, got {value}.", name="initiative", value="nan")
    step = Step("vtes:6.4.6", said)
    assert (step.text, step.ru) == (
        "initiative must be a finite number, got nan.",
        "initiative: нужно конечное число, а получено nan.",
    )
    assert step.in_language("ru") == step.render("ru") == step.ru
    error = InvalidState(said)
    assert str(error) == step.text and error.in_language("ru") == step.ru
    fixed = Step("vtes:6.4.6", "a caller's own words")
    assert fixed.render("ru") == fixed.text == "a caller's own words" and fixed.ru == ""
    assert InvalidState("only English").ru == "" and str(InvalidState("only English"))


def test_every_language_has_a_catalog_and_unknown_ones_are_refused() -> None:
    for lang in LANGUAGES:
        loaded = translations(lang)
        if lang == SOURCE_LANGUAGE:  # the message ids are its texts
            assert type(loaded) is gettext.NullTranslations
        else:  # the compiled catalog shipped in the package
            assert isinstance(loaded, gettext.GNUTranslations) and loaded.info()["language"] == lang
    with pytest.raises(KeyError, match="allowed: en, ru"):
        translations("de")


def test_pseudo_locale_wraps_every_message_and_keeps_its_fields(template: Catalog) -> None:
    pseudo = catalogs.loaded(catalogs.pseudo(template))
    install("pseudo-test", pseudo)
    said = msg("{name} must be a finite number, got {value}.", name="x", value=1)
    assert said.render("pseudo-test") == "⟦x must be a finite number, got 1.⟧"
