"""VTES damage resolution page: what happens to this minion, and why, step by step.

The page joins three parts (:mod:`~calculators.pages.vtes_damage.minion`,
:mod:`~calculators.pages.vtes_damage.damage`, :mod:`~calculators.pages.vtes_damage.outcome`):
it reads the minion and the damage, calls :func:`rules.vtes.resolve_damage` and shows the
result; every text comes from :mod:`~calculators.pages.vtes_damage.view`. Drive it without a
browser::

    app = VtesDamagePage()
    app.load_preset("barth")
    app.outcome_text        # 'Barth is burned: ...'
    app.set_inputs(blood=9) # -> app.banner.message says what is wrong
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from calculators.kit.address import Field
from calculators.kit.fields import all_valid
from calculators.kit.fmt import escape
from calculators.kit.layout import columns
from calculators.kit.page import Page, on_failure
from calculators.kit.page_tools import PageTools
from calculators.pages.vtes_damage import damage, minion
from calculators.pages.vtes_damage.damage import DamagePart
from calculators.pages.vtes_damage.labels import DEFAULT_NAMES, KINDS, LABELS
from calculators.pages.vtes_damage.minion import MinionPart
from calculators.pages.vtes_damage.outcome import OutcomePart
from calculators.pages.vtes_damage.view import (
    DamageDealt,
    example_note_html,
    matching_example,
    minion_svg,
    ruling,
)
from calculators.vtes_widgets.card_pickers import CARD_LABELS
from calculators.vtes_widgets.sources_line import SOURCE_LABELS, sources_html, sources_text
from rules.vtes import resolve_damage
from rules.vtes.damage import DamageResult, describe_outcome
from rules.vtes.examples import DAMAGE_EXAMPLES, DamageExample, damage_example
from rules.vtes.models import Minion

__all__ = [
    "DEFAULT_NAMES",
    "INPUTS",
    "KINDS",
    "LABELS",
    "VtesDamagePage",
    "minion_svg",
    "seed_example_lines",
]

INPUTS: tuple[str, ...] = (*minion.INPUTS, *damage.INPUTS)
#: the address's parameters in the order links have always had them
ADDRESS_ORDER = (*INPUTS, "crypt_picker_name", "crypt_picker_side", "crypt_toggle")


def seed_example_lines() -> list[str]:
    """The rulebook's Krid, Milo and Barth examples as computed by the engine, one per line."""
    lines = []
    for example in DAMAGE_EXAMPLES:
        result = example.resolve()
        lines.append(f"{example.title} -> {describe_outcome(result)}")
    return lines


class VtesDamagePage(Page):
    """Resolve damage dealt to one vampire, ally or retainer (VTES 6.4.6).

    Test handles: :meth:`set_inputs`, :meth:`load_preset`, :attr:`result`,
    :attr:`outcome_text`, :attr:`badges`, :attr:`svg`, :attr:`trace_view`, ``banner.message``,
    the parts :attr:`minion`, :attr:`damage`, :attr:`outcome` and their inputs by name
    (``app.blood`` is ``app.minion.blood``).
    """

    labels = LABELS.merged(CARD_LABELS).merged(SOURCE_LABELS)
    title_key = "title"
    url_parameters = ("lang", "preset")

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self.preset: DamageExample | None = None
        context = self.part_context(self.recompute)
        self.minion = MinionPart(context)
        self.damage = DamagePart(context)
        self.outcome = OutcomePart(context)
        self._inputs: dict[str, Any] = {
            **{key: getattr(self.minion, key) for key in minion.INPUTS},
            **{key: getattr(self.damage, key) for key in damage.INPUTS},
        }
        self.intro = widgets.HTML()
        self.preset_buttons: dict[str, widgets.Button] = {}
        for example in DAMAGE_EXAMPLES:
            button = widgets.Button(description=example.vampire.name)
            button.add_class(f"vtes-preset-{example.key}")
            button.on_click(lambda _b, key=example.key: self.load_preset(key))
            self.preset_buttons[example.key] = button
        self.presets_title = widgets.HTML()
        self.preset_note = widgets.HTML()
        self.preset_note.add_class("vtes-preset-note")
        inputs = widgets.VBox(
            [self.minion.widget, self.damage.widget], layout=widgets.Layout(min_width="330px")
        )
        presets = widgets.VBox(
            [
                self.presets_title,
                widgets.HBox(list(self.preset_buttons.values())),
                self.preset_note,
            ]
        )
        self.sources_note = widgets.HTML()  # the dated sources of the cards and rulebooks
        self.body.children = [
            self.intro,
            presets,
            columns(inputs, self.outcome.widget),
            self.sources_note,
        ]
        self.tools = PageTools(self)
        self.ready()

    # -- test handles: the parts' inputs and results ---------------------------------------
    if not TYPE_CHECKING:  # the page's own attributes stay strictly checked

        def __getattr__(self, name: str) -> Any:
            inputs = self.__dict__.get("_inputs", {})
            if name in inputs:
                return inputs[name]
            if name in ("crypt_picker", "crypt_toggle"):
                return getattr(self.__dict__["minion"], name)
            if name in ("result", "outcome_text", "badges", "svg", "panel", "trace_view"):
                return getattr(self.__dict__["outcome"], name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -- inputs -------------------------------------------------------------------------
    def set_inputs(self, **values: Any) -> None:
        """Set several inputs at once (keys from ``INPUTS``), then recompute once."""
        self.set_values(self, values, INPUTS, first=("kind",))
        self.minion.show_kind()  # the kind decides what applies
        self.recompute()

    def reset(self) -> None:
        """Every input back to the page's starting values (the name in the page's language)."""
        self.set_inputs(
            kind="vampire",
            name=LABELS.text("vampire", self.lang),
            capacity=4,
            blood=3,
            state="ready",
            normal=0,
            aggravated=0,
            prevent_normal=0,
            prevent_aggravated=0,
            rules="black-hand",
        )

    def load_preset(self, key: str) -> None:
        """Fill the inputs with the rulebook example ``key`` ("krid", "milo", "barth")."""
        example = damage_example(key)
        v = example.vampire
        self.set_inputs(
            kind="vampire",
            name=v.name,
            capacity=v.capacity,
            blood=v.blood,
            state=v.state.value,
            normal=example.normal,
            aggravated=example.aggravated,
            prevent_normal=example.prevent_normal,
            prevent_aggravated=example.prevent_aggravated,
            rules="black-hand",
        )

    def apply_parameters(self, params: dict[str, str]) -> None:
        preset = params.get("preset")
        if preset is not None:
            keys = [e.key for e in DAMAGE_EXAMPLES]
            if preset not in keys:
                self.show_address_problem("bad_preset", preset=preset, allowed=", ".join(keys))
                return
            self.load_preset(preset)

    def url_fields(self) -> dict[str, Field]:
        """The parts' inputs in the address, in the order links have always had them."""
        fields = {**self.minion.address_fields(), **self.damage.address_fields()}
        return {name: fields[name] for name in ADDRESS_ORDER}

    def build_minion(self) -> Minion:
        """The minion the inputs describe (raises InvalidState for impossible values)."""
        return self.minion.read()

    # -- computing ----------------------------------------------------------------------
    def recompute(self) -> None:
        """Resolve the current inputs; bad input becomes the banner's message."""
        self.run(self._refresh)

    def _refresh(self) -> None:
        if not all_valid([*self.minion.number_fields(), *self.damage.number_fields()]):
            return  # the field says what is allowed; nothing is computed until then
        with on_failure(self._clear_results):
            result = self._resolve(self.minion.read(), self.damage.read())
        self.outcome.show(result)
        self._show_example_note()
        self.tools.refresh()

    @staticmethod
    def _resolve(who: Minion, dealt: DamageDealt) -> DamageResult:
        return resolve_damage(
            who,
            normal=dealt.normal,
            aggravated=dealt.aggravated,
            prevent_normal=dealt.prevent_normal,
            prevent_aggravated=dealt.prevent_aggravated,
            rules=dealt.rules,
        )

    def _clear_results(self) -> None:
        """Take the ruling on earlier inputs off the page."""
        self.outcome.clear()
        self._show_example_note()
        self.tools.refresh()

    def _show_example_note(self) -> None:
        result = self.outcome.result
        self.preset = None
        if result is not None and result.before.name == self.minion.name.value:
            self.preset = matching_example(result.before, self.damage.read())
        if self.preset is None or result is None:
            self.preset_note.value = ""
            return
        self.preset_note.value = example_note_html(self.preset, result, self.t, self.lang)

    def ruling_text(self) -> str:
        """The ruling as plain text in the page's language ("" while the input is wrong)."""
        result = self.outcome.result
        if result is None:
            return ""
        text = ruling(
            self.minion.read(),
            self.minion.kind.value,
            self.damage.read(),
            result,
            self.t,
            self.lang,
        )
        return f"{text}\n\n{sources_text(self.lang)}"

    # -- labels -------------------------------------------------------------------------
    def relabel(self) -> None:
        self.intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self.presets_title.value = f"<b>{escape(self.t('presets'))}</b>"
        self.sources_note.value = sources_html(self.lang)
        self.minion.relabel()
        self.damage.relabel()
        for key, button in self.preset_buttons.items():
            button.tooltip = damage_example(key).title.render(self.lang)
        # raises on bad input: the kit's run() around relabel() shows it in the banner
        self._refresh()
