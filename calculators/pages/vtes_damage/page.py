"""VTES damage resolution page: what happens to this minion, and why, step by step.

Drive it without a browser::

    app = VtesDamagePage()
    app.load_preset("barth")
    app.outcome_text        # 'Barth is burned: ...'
    app.set_inputs(blood=9) # -> app.banner.message says what is wrong
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from calculators.kit import CalculatorApp, Field, ResultPanel, TraceView, columns
from calculators.kit.fields import IntField, all_valid, int_field
from calculators.kit.fmt import escape
from calculators.kit.markup import heading, table
from calculators.kit.page import on_failure
from calculators.kit.page_tools import PageTools, ruling_text
from calculators.pages.vtes_damage.labels import (
    DEFAULT_NAMES,
    INPUTS,
    KINDS,
    LABELS,
    MAX_CAPACITY,
    MAX_DAMAGE,
    MAX_LIFE,
)
from calculators.pages.vtes_damage.view import COLORS, legend_html, minion_svg
from calculators.vtes_widgets.card_pickers import CARD_LABELS, CryptPicker
from rules.vtes import Ally, MinionState, Retainer, Vampire, resolve_damage
from rules.vtes.damage import EDITIONS, DamageResult, describe_outcome
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


def seed_example_lines() -> list[str]:
    """The rulebook's Krid, Milo and Barth examples as computed by the engine, one per line."""
    lines = []
    for example in DAMAGE_EXAMPLES:
        result = example.resolve()
        lines.append(f"{example.title} -> {describe_outcome(result)}")
    return lines


class VtesDamagePage(CalculatorApp):
    """Resolve damage dealt to one vampire, ally or retainer (VTES 6.4.6).

    Test handles: :meth:`set_inputs`, :meth:`load_preset`, :attr:`result`,
    :attr:`outcome_text`, :attr:`badges`, :attr:`svg`, :attr:`trace`, ``banner.message``.
    """

    labels = LABELS.merged(CARD_LABELS)
    title_key = "title"
    url_parameters = ("lang", "preset")

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self.result: DamageResult | None = None
        self.outcome_text = ""
        self.badges: tuple[str, ...] = ()
        self.svg = ""
        self.preset: DamageExample | None = None

        wide = {"description_width": "150px"}

        def box() -> widgets.Layout:  # one Layout per widget: hiding one must not hide others
            return widgets.Layout(width="290px")

        self._intro = widgets.HTML()
        buttons = {"button_width": "95px"}
        self.kind = widgets.ToggleButtons(
            options=[(k, k) for k in KINDS], value="vampire", style=buttons
        )
        self.kind.add_class("vtes-kind")
        self.name = widgets.Text(value=self.t("vampire"), style=wide, layout=box())
        self.capacity = int_field(self, 4, 1, MAX_CAPACITY, style=wide, layout=box())
        self.blood = int_field(self, 3, 0, 4, style=wide, layout=box())
        self.state = widgets.ToggleButtons(
            options=[("ready", "ready"), ("torpor", "torpor")], style=buttons
        )
        self.state.add_class("vtes-state")
        self.normal = int_field(self, 0, 0, MAX_DAMAGE, style=wide, layout=box())
        self.aggravated = int_field(self, 0, 0, MAX_DAMAGE, style=wide, layout=box())
        self.prevent_normal = int_field(self, 0, 0, MAX_DAMAGE, style=wide, layout=box())
        self.prevent_aggravated = int_field(self, 0, 0, MAX_DAMAGE, style=wide, layout=box())
        self.rules = widgets.Dropdown(
            options=[(e, e) for e in EDITIONS],
            value="black-hand",
            style=wide,
            layout=widgets.Layout(width="440px"),
        )
        for key in INPUTS:
            getattr(self, key).add_class(f"vtes-{key.replace('_', '-')}")

        self.preset_buttons: dict[str, widgets.Button] = {}
        for example in DAMAGE_EXAMPLES:
            button = widgets.Button(description=example.vampire.name)
            button.add_class(f"vtes-preset-{example.key}")
            button.on_click(lambda _b, key=example.key: self.load_preset(key))
            self.preset_buttons[example.key] = button
        self._presets_title = widgets.HTML()
        self._preset_note = widgets.HTML()
        self._preset_note.add_class("vtes-preset-note")

        self._minion_title = widgets.HTML()
        self._damage_title = widgets.HTML()
        self._prevention_title = widgets.HTML()
        self._prevention_help = widgets.HTML()
        self._kind_label = widgets.Label()
        self._state_label = widgets.Label()
        self._state_row = widgets.HBox([self._state_label, self.state])
        self.crypt_picker = CryptPicker(self.t, self._use_vampire, sides=False)
        self.crypt_toggle = widgets.ToggleButton(icon="book", layout=widgets.Layout(width="auto"))
        self.crypt_toggle.add_class("vtes-crypt-toggle")
        self.crypt_picker.widget.layout.display = "none"
        self.crypt_toggle.observe(lambda _c: self.run(self._toggle_crypt), names="value")
        self.crypt_picker.use.on_click(lambda _b: self.run(self.crypt_picker.use_vampire))
        self.panel = ResultPanel()
        self.panel.widget.add_class("vtes-outcome")
        self.trace_view = TraceView()

        inputs = widgets.VBox(
            [
                self._minion_title,
                self.crypt_toggle,
                self.crypt_picker.widget,
                widgets.HBox([self._kind_label, self.kind]),
                self.name,
                self.capacity,
                self.blood,
                self._state_row,
                self._damage_title,
                self.normal,
                self.aggravated,
                self._prevention_title,
                self._prevention_help,
                self.prevent_normal,
                self.prevent_aggravated,
                self.rules,
            ],
            layout=widgets.Layout(min_width="330px"),
        )
        outputs = widgets.VBox(
            [self.panel.widget, self.trace_view.widget],
            layout=widgets.Layout(flex="1 1 auto", padding="0 0 0 16px"),
        )
        presets = widgets.VBox(
            [
                self._presets_title,
                widgets.HBox(list(self.preset_buttons.values())),
                self._preset_note,
            ]
        )
        self.body.children = [self._intro, presets, columns(inputs, outputs)]

        for key in INPUTS:
            getattr(self, key).observe(self._on_change, names="value")
        self.tools = PageTools(self)
        self.ready()

    # -- a vampire from the crypt --------------------------------------------------------
    def _toggle_crypt(self) -> None:
        shown = bool(self.crypt_toggle.value)
        if shown:
            self.crypt_picker.load()
        self.crypt_picker.widget.layout.display = None if shown else "none"

    def _use_vampire(self, vampire: Any, _side: str) -> None:
        """Fill the vampire's name and capacity from its card, full of blood."""
        self.set_inputs(
            kind="vampire", name=vampire.printed, capacity=vampire.capacity, blood=vampire.capacity
        )

    # -- inputs -------------------------------------------------------------------------
    def set_inputs(self, **values: Any) -> None:
        """Set several inputs at once (keys from ``INPUTS``), then recompute once."""
        self.set_values(self, values, INPUTS, first=("kind",))  # kind decides what applies
        self._show_kind()
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

    def ruling_text(self) -> str:
        """The ruling as plain text in the page's language ("" while the input is wrong)."""
        result = self.result
        if result is None:
            return ""
        minion = self.build_minion()
        t = self.t
        if isinstance(minion, Vampire):
            who = (
                f"{minion.name}: {t('vampire')}, {t('capacity')} {minion.capacity}, "
                f"{t('blood')} {minion.blood}, {t(minion.state.value)}"
            )
        else:
            who = f"{minion.name}: {t(self.kind.value)}, {t('life')} {minion.life}"
        dealt = (
            f"{t('damage')}: {t('normal')} {self.normal.value}, {t('aggravated')} "
            f"{self.aggravated.value}; {t('prevention')}: {t('prevent_normal')} "
            f"{self.prevent_normal.value}, {t('prevent_aggravated')} "
            f"{self.prevent_aggravated.value}"
        )
        return ruling_text(
            self.t("title"),
            [who, dealt, f"{t('rules')}: {t(self.rules.value)}"],
            [self.outcome_text],
            result.steps,
            self.lang,
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

    def _on_change(self, change: dict[str, Any]) -> None:
        if self.held:
            return
        if change["owner"] is self.kind or change["owner"] is self.capacity:
            self._show_kind()
        self.recompute()

    def _show_kind(self) -> None:
        vampire = self.kind.value == "vampire"
        shown = None if vampire else "none"
        self.capacity.layout.display = shown
        self._state_row.layout.display = shown
        self.blood.description = self.t("blood" if vampire else "life")
        with self.hold():
            if vampire:
                self.blood.min, self.blood.max = 0, self.capacity.value
            else:
                self.blood.min, self.blood.max = 1, MAX_LIFE
            if self.name.value.strip() in DEFAULT_NAMES:
                self.name.value = self.default_name()
        self.name.placeholder = self.default_name()

    def number_fields(self) -> list[IntField]:
        """The number boxes that apply to the current kind."""
        keys = ["blood", "normal", "aggravated", "prevent_normal", "prevent_aggravated"]
        if self.kind.value == "vampire":
            keys.append("capacity")
        return [getattr(self, key) for key in keys]

    def url_fields(self) -> dict[str, Field]:
        """The inputs in the address; a default name (the kind, in any language) is left out,
        so switching the language does not put the translated default into the link."""
        fields = super().url_fields()
        plain = fields["name"]

        def read() -> str:
            text = plain.read()
            return "" if text.strip() in DEFAULT_NAMES else text

        fields["name"] = Field("name", read, plain.write, plain.widget)
        return fields

    def default_name(self) -> str:
        """The name used while the name box is empty: the kind, in the page's language."""
        return self.t(self.kind.value)

    # -- computing ----------------------------------------------------------------------
    def build_minion(self) -> Minion:
        """The minion the inputs describe (raises InvalidState for impossible values)."""
        kind = self.kind.value
        name = self.name.value.strip() or self.default_name()
        if kind == "vampire":
            return Vampire(
                name,
                capacity=self.capacity.value,
                blood=self.blood.value,
                state=MinionState(self.state.value),
            )
        if kind == "ally":
            return Ally(name, life=self.blood.value)
        return Retainer(name, life=self.blood.value)

    def _compute(self) -> DamageResult:
        return resolve_damage(
            self.build_minion(),
            normal=self.normal.value,
            aggravated=self.aggravated.value,
            prevent_normal=self.prevent_normal.value,
            prevent_aggravated=self.prevent_aggravated.value,
            rules=self.rules.value,
        )

    def recompute(self) -> None:
        """Resolve the current inputs; bad input becomes the banner's message."""
        self.run(self._refresh)

    def _refresh(self) -> None:
        if not all_valid(self.number_fields()):
            return  # the field says what is allowed; nothing is computed until then
        with on_failure(self._clear_results):
            result = self._compute()
        self.result = result
        self._render(result)
        self._render_preset_note()
        self.tools.refresh()

    def _clear_results(self) -> None:
        """Take the ruling on earlier inputs off the page."""
        self.result = None
        self.outcome_text = ""
        self.badges = ()
        self.svg = ""
        self.panel.clear()
        self.trace_view.clear()
        self._render_preset_note()
        self.tools.refresh()

    # -- rendering ----------------------------------------------------------------------
    def _words(self, result: DamageResult) -> str:
        before = result.before
        values = {"name": result.minion.name, "blood": str(result.blood)}
        if isinstance(before, Vampire):
            values["capacity"] = str(before.capacity)
            if result.state is MinionState.BURNED:
                key = "v_burned"
            elif result.state is MinionState.TORPOR:
                key = "v_torpor_stays" if before.state is MinionState.TORPOR else "v_torpor_new"
            else:
                key = "v_ready"
        else:
            key = "l_burned" if result.state is MinionState.BURNED else "l_ready"
        return self.t(key).format(**values)

    def _badges(self, result: DamageResult) -> tuple[str, ...]:
        if result.state is MinionState.BURNED:
            return ("burned",)
        if result.state is MinionState.TORPOR:
            return ("wounded", "torpor")
        return ("ready",)

    def _render(self, result: DamageResult) -> None:
        self.outcome_text = self._words(result)
        self.badges = self._badges(result)
        vampire = isinstance(result.before, Vampire)
        picture_title = self.t("picture" if vampire else "picture_life")
        token_labels = {k: self.t(k) for k in ("left", "spent", "empty")}
        if not vampire:
            token_labels["spent"] = self.t("lost")
        self.svg = minion_svg(result.before, result, title=picture_title, labels=token_labels)
        badges = "".join(
            f'<span class="calc-badge vtes-badge-{b}" style="background:{COLORS[b]}">'
            f"{escape(self.t(b))}</span>"
            for b in self.badges
        )
        facts: list[tuple[str, int]] = [(self.t("prevented"), result.prevented)]
        if vampire:
            facts += [(self.t("mended"), result.mended), (self.t("paid"), result.paid)]
        else:
            before_life = result.before.life if not isinstance(result.before, Vampire) else 0
            facts.append((self.t("life_lost"), before_life - result.blood))
        body = (
            f'<p class="vtes-badges">{badges}</p>'
            f'<p class="vtes-outcome-text"><b>{escape(self.outcome_text)}</b></p>'
            f'<div class="vtes-picture"><div>{escape(picture_title)}</div>{self.svg}'
            f"{legend_html(token_labels)}</div>" + table(None, facts, row_headers=True)
        )
        self.panel.show(body, title=self.t("outcome"))
        self.trace_view.show(result.steps, self.lang)

    def _matching_preset(self) -> DamageExample | None:
        if self.kind.value != "vampire":
            return None
        for example in DAMAGE_EXAMPLES:
            v = example.vampire
            current = (
                self.name.value,
                self.capacity.value,
                self.blood.value,
                self.state.value,
                self.normal.value,
                self.aggravated.value,
                self.prevent_normal.value,
                self.prevent_aggravated.value,
                self.rules.value,
            )
            wanted = (
                v.name,
                v.capacity,
                v.blood,
                v.state.value,
                example.normal,
                example.aggravated,
                example.prevent_normal,
                example.prevent_aggravated,
                "black-hand",
            )
            if current == wanted:
                return example
        return None

    def _render_preset_note(self) -> None:
        self.preset = self._matching_preset()
        example = self.preset
        if example is None or self.result is None:
            self._preset_note.value = ""
            return
        if example.expected_state is MinionState.BURNED:
            expected = self.t("expected_burned")
        else:
            expected = self.t("expected_torpor").format(blood=example.expected_blood)
        agrees = (self.result.state, self.result.blood) == (
            example.expected_state,
            example.expected_blood,
        )
        verdict = self.t("matches" if agrees else "differs")
        title = example.title.render(self.lang)
        self._preset_note.value = (
            f"<p><i>{escape(self.t('rulebook_says'))} ({escape(title)}): "
            f"{escape(expected)} — {escape(verdict)}.</i></p>"
        )

    # -- labels -------------------------------------------------------------------------
    def relabel(self) -> None:
        self._intro.value = f"<p>{escape(self.t('intro'))}</p>"
        self._presets_title.value = f"<b>{escape(self.t('presets'))}</b>"
        self._minion_title.value = heading(self.t("minion"))
        self._damage_title.value = heading(self.t("damage"))
        self._prevention_title.value = heading(self.t("prevention"))
        self._prevention_help.value = f"<small>{escape(self.t('prevention_help'))}</small>"
        self._kind_label.value = self.t("kind")
        self._state_label.value = self.t("state")
        self.relabel_options(self.kind, KINDS)
        self.relabel_options(self.state, ("ready", "torpor"))
        self.relabel_options(self.rules, EDITIONS)
        self.name.description = self.t("name")
        self.capacity.description = self.t("capacity")
        self.crypt_toggle.description = self.t("crypt_name")
        self.crypt_picker.relabel()
        self.normal.description = self.t("normal")
        self.aggravated.description = self.t("aggravated")
        self.prevent_normal.description = self.t("prevent_normal")
        self.prevent_aggravated.description = self.t("prevent_aggravated")
        self.rules.description = self.t("rules")
        for key, button in self.preset_buttons.items():
            example = damage_example(key)
            button.tooltip = example.title.render(self.lang)
        self._show_kind()
        # raises on bad input: the kit's run() around relabel() shows it in the banner
        self._refresh()
