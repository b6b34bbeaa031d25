"""The kit's number fields, field messages and page tools (no browser)."""

from __future__ import annotations

import pytest

from calculators.kit.fields import FieldMessage, IntField, int_field, invalid_fields, parse_whole
from calculators.kit.labels import Catalog
from calculators.kit.page import Page
from calculators.kit.page_tools import PageTools, ruling_text
from rules.errors import InvalidState
from rules.i18n import msg, msg_p
from rules.trace import Step


class Page(Page):
    labels = Catalog({"title": msg("Language")})

    def __init__(self) -> None:
        super().__init__()
        self.capacity = int_field(self, 4, 1, 11, "x-capacity", description="Capacity")
        self.seen: list[int] = []
        self.capacity.observe(lambda change: self.seen.append(change["new"]), names="value")
        self.body.children = [self.capacity]
        self.tools = PageTools(self)
        self.ready()

    def ruling_text(self) -> str:
        steps = (
            Step(
                "vtes:6.4.6", msg_p("card effect", "{name} takes {damage}", name="Krid", damage=2)
            ),
        )
        return ruling_text("Sample", ["Capacity 4"], ["Fine."], steps, self.lang)


@pytest.mark.parametrize(
    ("typed", "number"),
    [("7", 7), (" +7 ", 7), ("−2", -2), ("2.5", None), ("1e3", None), ("", None), ("x", None)],
)
def test_parse_whole(typed: str, number: int | None) -> None:
    assert parse_whole(typed) == number


def test_the_typed_text_stays_and_only_valid_numbers_reach_observers() -> None:
    page = Page()
    for typed in ("2.5", "1e3", "", "seven", "12", "0", "10" * 12):
        page.capacity.text.value = typed
        assert page.capacity.text.value == typed
        assert page.capacity.value == 4 and not page.capacity.valid
        assert "whole number from 1 to 11" in page.capacity.message()
        assert "calc-field-invalid" in page.capacity._dom_classes
        assert invalid_fields(page.widget) == [page.capacity]
    assert page.seen == []
    page.capacity.text.value = "9"
    assert page.seen == [9] and page.capacity.valid and invalid_fields(page.widget) == []
    assert "calc-field-invalid" not in page.capacity._dom_classes
    assert "1–11" in page.capacity.note.value  # the allowed range is stated beside the box
    page.capacity.value = 5  # set by the page: shown as if typed
    assert page.capacity.text.value == "5" and page.seen == [9, 5]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_long_number_is_out_of_range_with_the_range(lang: str) -> None:
    page = Page()
    page.set_language(lang)
    page.capacity.text.value = "999999999"
    assert page.capacity.problem == "out_of_range" and page.seen == []
    said = {
        "en": "999999999 is out of range: enter a whole number from 1 to 11",
        "ru": "999999999 вне допустимых пределов: введите целое число от 1 до 11",
    }[lang]
    assert page.capacity.message().startswith(said)
    said = page.capacity.message()
    assert "не целое" not in said and "not a whole" not in said


def test_the_browser_sends_a_number_only_once_it_is_complete() -> None:
    """The boxes report their text on Enter or when the visitor leaves them: typing "2.5"
    never sends "2" on the way (ipywidgets' ``continuous_update`` off)."""
    from calculators.kit.fields import SliderField
    from calculators.kit.inputs import InputStyle

    page = Page()
    style = InputStyle("100px", "60px")
    slider = SliderField(style.slider(3, 0, 5), page)
    boxes = [page.capacity, IntField(3, 0, 5), style.int_box(page, 2, 0, 9), slider.field]
    for box in boxes:
        assert box.text.continuous_update is False
    # what the browser sends when the visitor leaves the box after typing 2.5: one change
    page.capacity.text.value = "2.5"
    assert page.seen == [] and page.capacity.value == 4
    assert page.capacity.message().startswith("“2.5” is not a whole number")


def test_bounds_can_move_and_hidden_fields_do_not_block() -> None:
    page = Page()
    page.capacity.text.value = "12"
    assert not page.capacity.valid
    page.capacity.max = 12
    assert page.capacity.valid and page.capacity.value == 12
    page.capacity.max = 11
    assert not page.capacity.valid
    page.capacity.layout.display = "none"
    assert invalid_fields(page.widget) == []


def test_messages_follow_the_language() -> None:
    page = Page()
    page.capacity.text.value = "2.5"
    page.set_language("ru")
    assert page.capacity.message().startswith("«2.5» — не целое число: введите целое число от 1")
    assert "«2.5»" in page.capacity.note.value
    field = IntField(3, 0, 5)  # without a page: English, no language switch to follow
    field.text.value = "-1"
    assert field.message().startswith("-1 is out of range")


def test_a_field_message_shows_an_inputs_error_beside_it() -> None:
    page = Page()
    message = FieldMessage(page)

    def refuse() -> None:
        raise InvalidState(msg("{name} must be a finite number, got {value}.", name="x", value=7))

    assert message.run(refuse) is None
    assert message.visible and "x must be a finite number, got 7." in message.widget.value
    assert not page.banner.visible
    page.set_language("ru")
    assert "x: нужно конечное число, а получено 7." in message.widget.value
    assert message.run(lambda: 3) == 3 and not message.visible


def test_reset_puts_the_inputs_back_and_the_ruling_is_plain_text() -> None:
    page = Page()
    page.capacity.text.value = "9"
    page.tools.reset_button.click()
    assert page.capacity.value == 4 and page.capacity.text.value == "4"
    assert page.tools.ruling.layout.display == "none"
    page.tools.ruling_button.click()
    assert page.tools.text.splitlines() == [
        "Sample",
        "",
        "Situation:",
        "- Capacity 4",
        "",
        "Result:",
        "- Fine.",
        "",
        "Steps:",
        "1. [vtes:6.4.6] Krid takes 2",
    ]
    assert "<textarea" in page.tools.ruling_view.value
    sent: list[object] = []
    page.link.send = sent.append  # what the page link's front end would receive
    page.tools.copy_button.click()  # copied through the page link, like "Copy link"
    assert sent == [{"kind": "copy", "text": page.tools.text}]
    assert page.tools.copy_status.value == ""  # until the browser answers
    page.link._on_front_end(page.link, {"kind": "copied", "done": False}, [])
    assert "press Ctrl+C" in page.tools.copy_status.value
    page.link._on_front_end(page.link, {"kind": "copied", "done": True}, [])
    assert "Copied" in page.tools.copy_status.value
    page.set_language("ru")
    assert "Ситуация:" in page.tools.text and "1. [vtes:6.4.6] Krid получает 2" in page.tools.text
    assert page.tools.reset_button.description == "Сбросить к исходным"
    assert page.tools.copy_status.value == ""  # the Russian text is not copied yet
    page.capacity.text.value = "x"  # a wrong box: the ruling says so at once
    assert page.tools.text.startswith("Копировать нечего: на странице указана ошибка")
    page.capacity.text.value = "5"
    assert page.tools.text.startswith("Sample") and page.tools.copy_status.value == ""
