"""A count before a noun takes the noun's Russian plural form from the catalog."""

from __future__ import annotations

import pytest

from calculators.kit.labels import COMMON
from calculators.pages.dracula.labels import states_solved
from rules.dracula.valour import valour_winner
from rules.errors import InvalidState
from rules.i18n import msg_n
from rules.link_params import LinkParams
from rules.validation import sized
from rules.vtm.link_summary import dice_summary
from rules.vtm.v5_health import v5_health

# the form Russian needs after a count: 1 and 21 (not 11), 2–4 and 22 (not 12–14), the rest
FORM = {1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 25: 2, 34: 1, 111: 2}


@pytest.mark.parametrize("n", sorted(FORM))
def test_states_solved_counts_in_russian(n: int) -> None:
    said = states_solved(n).render("ru")
    noun = ("состояние", "состояния", "состояний")[FORM[n]]
    assert said == f"Точно решено {n} {noun} боя"
    assert states_solved(n).render("en").startswith(f"{n} combat state")


@pytest.mark.parametrize("n", sorted(FORM))
def test_a_long_link_counts_its_characters_in_russian(n: int) -> None:
    said = COMMON.text("link_too_long", "ru", n).format(n=n)
    noun = ("символа", "символов", "символов")[FORM[n]]  # after "длиннее": genitive
    assert said.startswith(f"Ссылка длиннее {n} {noun};")
    assert COMMON.counted("link_too_long", n).render("ru") == said


@pytest.mark.parametrize("n", sorted(FORM))
def test_a_list_length_counts_its_items_in_russian(n: int) -> None:
    with pytest.raises(InvalidState) as raised:
        sized("faces", "66", n, None)
    noun = ("элемента", "элементов", "элементов")[FORM[n]]  # after "из": genitive
    assert raised.value.message.render("ru") == (
        f"faces: нужен список не менее чем из {n} {noun}, а получено '66'."
    )
    with pytest.raises(InvalidState) as raised:
        sized("faces", "66", 0, n)
    assert f"из 0–{n} {noun}," in raised.value.message.render("ru")


@pytest.mark.parametrize("n", sorted(FORM))
def test_a_v5_track_counts_its_boxes_in_russian(n: int) -> None:
    said = msg_n(
        "The track has {n} box, but {superficial} Superficial and {aggravated} "
        "Aggravated damage are marked on it; at most {n} in all.",
        "The track has {n} boxes, but {superficial} Superficial and {aggravated} "
        "Aggravated damage are marked on it; at most {n} in all.",
        n,
        superficial=n,
        aggravated=1,
    ).render("ru")
    noun = ("клетка", "клетки", "клеток")[FORM[n]]
    assert said.startswith(f"На дорожке {n} {noun}, а отмечено")


def test_engines_count_their_limits_in_russian() -> None:
    with pytest.raises(InvalidState) as raised:
        v5_health(5, 4, 3)
    assert raised.value.message.render("ru").startswith("На дорожке 5 клеток, а отмечено")
    with pytest.raises(InvalidState) as raised:
        valour_winner({f"H{i}": [] for i in range(5)}, hunters_won=True)
    assert "от 1 до 4 Охотников, а не 5" in raised.value.message.render("ru")
    summary = dice_summary(LinkParams({"dice": "6", "actions": "2"}))
    assert summary is not None and "первое из 2 действий" in summary.render("ru")
    one = msg_n("first of {n} action", "first of {n} actions", 21)
    assert one.render("ru") == "первое из 21 действия"
