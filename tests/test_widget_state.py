"""A page's front end gets the same widgets' state from the desk as from ipywidgets, smaller."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets
import pytest

from calculators.pages.vtes_combat.page import VtesCombatPage
from calculators.server.page_kernel import widget_state

# The front end's layout model starts with every attribute unset (ipywidgets' base package,
# ``LayoutModel.defaults``): what the desk leaves out must be exactly that.
FRONT_END_LAYOUT_DEFAULTS = dict.fromkeys(
    name for name in widgets.Layout.class_trait_names(sync=True) if not name.startswith("_")
)


class Comm:
    """The control comm: keeps what the kernel sends."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, data: dict[str, Any], buffers: Any = None) -> None:
        self.sent.append(data)


@pytest.fixture
def control() -> Iterator[Comm]:
    comm = Comm()
    before = widgets.Widget._control_comm
    widgets.Widget._control_comm = comm
    yield comm
    widgets.Widget._control_comm = before


def _ask(method: str = "request_states") -> dict[str, Any]:
    return {"content": {"data": {"method": method}}}


def test_importing_the_kit_leaves_ipywidgets_alone_and_a_page_start_answers() -> None:
    script = (
        "import ipywidgets as w\n"
        "import calculators.kit, calculators.kit.page, calculators.pages.landing.page as p\n"
        "from calculators.server.page_kernel import widget_state\n"
        "before = w.Widget.__dict__['_handle_control_comm_msg'].__func__\n"
        "p.LandingPage()\n"
        "after = w.Widget.__dict__['_handle_control_comm_msg'].__func__\n"
        "print(before is widget_state._answer, after is widget_state._answer)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]


def test_the_answer_is_ipywidgets_once_the_front_end_applies_its_defaults(control: Comm) -> None:
    page = VtesCombatPage()
    widgets.Widget._handle_control_comm_msg(_ask())
    widget_state.IPYWIDGETS_ANSWER(_ask())
    ours, theirs = control.sent
    assert ours["method"] == theirs["method"] == "update_states"
    assert ours["states"].keys() == theirs["states"].keys()
    assert page.widget.model_id in ours["states"]
    layouts = 0
    for model_id, entry in theirs["states"].items():
        mine = ours["states"][model_id]
        if entry["model_name"] == "LayoutModel":
            layouts += 1
            left_out = entry["state"].keys() - mine["state"].keys()
            assert left_out <= FRONT_END_LAYOUT_DEFAULTS.keys()
            assert {key: entry["state"][key] for key in left_out} == {
                key: FRONT_END_LAYOUT_DEFAULTS[key] for key in left_out
            }
            mine = {**mine, "state": {**{k: None for k in left_out}, **mine["state"]}}
        assert mine == entry, model_id
    assert layouts > 50
    assert len(str(ours)) < 0.8 * len(str(theirs))


def test_other_control_messages_go_to_ipywidgets(control: Comm) -> None:
    with pytest.raises(RuntimeError, match="Unknown front-end to back-end widget control msg"):
        widgets.Widget._handle_control_comm_msg(_ask("unheard_of"))
    assert control.sent == []
