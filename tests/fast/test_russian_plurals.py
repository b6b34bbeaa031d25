"""A count before a noun takes the noun's Russian plural form from the catalog."""

from __future__ import annotations

import pytest

from calculators.kit.labels import COMMON
from calculators.pages.dracula.labels import states_solved

# the form Russian needs after a count: 1 and 21 (not 11), 2–4 and 22 (not 12–14), the rest
FORM = {1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 25: 2, 34: 1, 111: 2}


@pytest.mark.parametrize("n", sorted(FORM))
def test_states_solved_counts_in_russian(n: int) -> None:
    said = states_solved(n).render("ru")
    noun = ("состояние", "состояния", "состояний")[FORM[n]]
    assert said == f"{n} {noun} боя решено точно"
    assert states_solved(n).render("en").startswith(f"{n} combat state")


@pytest.mark.parametrize("n", sorted(FORM))
def test_a_long_link_counts_its_characters_in_russian(n: int) -> None:
    said = COMMON.text("link_too_long", "ru", n).format(n=n)
    noun = ("символа", "символов", "символов")[FORM[n]]  # after "длиннее": genitive
    assert said.startswith(f"Ссылка длиннее {n} {noun};")
    assert COMMON.counted("link_too_long", n).render("ru") == said
