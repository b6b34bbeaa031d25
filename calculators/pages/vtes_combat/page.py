"""VTES combat page: rebuild a combat as it was played, round by round, and read the outcome.

Drive it without a browser::

    app = VtesCombatPage()
    app.load_preset("kurt_ira")
    app.narrative               # the story, one sentence per item
    app.report.acting.blood     # 2
    app.new_combat()
    app.rounds[0].sides["acting"].strikes[0].choice.value = "card:undead_strength"
    app.export_json()           # the scenario as JSON text
    app.import_json("{...}")    # -> app.banner.message says what is wrong
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
from traitlets import TraitError

from calculators.kit.address import Field, build_query
from calculators.kit.closing import close_tree, close_trees
from calculators.kit.fields import FieldMessage, invalid_fields
from calculators.kit.fmt import escape
from calculators.kit.inputs import set_options
from calculators.kit.markup import heading
from calculators.kit.page import Page, on_failure
from calculators.kit.page_tools import PageTools
from calculators.pages.vtes_combat.combatants import CombatantCard
from calculators.pages.vtes_combat.context import CombatContext
from calculators.pages.vtes_combat.controls import SHARED
from calculators.pages.vtes_combat.inputs import CombatInputs, CombatOutcome
from calculators.pages.vtes_combat.labels import LABELS
from calculators.pages.vtes_combat.outcome import OutcomePart
from calculators.pages.vtes_combat.rounds import RoundEditor
from calculators.pages.vtes_combat.view import example_line, preset_note_html
from calculators.vtes_widgets.card_pickers import (
    CARD_LABELS,
    CardPlayChoice,
    CombatCardPicker,
    CryptPicker,
)
from calculators.vtes_widgets.card_pickers import preselect as preselect_card
from calculators.vtes_widgets.sources_line import SOURCE_LABELS, sources_html, sources_text
from rules.errors import InvalidState, RuleError
from rules.i18n import Message, msg
from rules.i18n.message import Said
from rules.link_params import pack, unpack
from rules.vtes.combat import CombatReport, resolve
from rules.vtes.combat_examples import EXAMPLES
from rules.vtes.combat_link import Dropped, left_out, playable
from rules.vtes.scenario import (
    EDITIONS,
    SIDES,
    Side,
    dump_scenario_json,
    load_scenario_json,
    parse_scenario,
)
from rules.vtes.scenario_cards import CARDS_KEY, CardPlayed, replay, split_card_plays

__all__ = ["VtesCombatPage", "seed_example_lines"]


def seed_example_lines() -> list[str]:
    """The rulebook's two combat examples as the engine resolves them, one line each."""
    return [example_line(e.title.render("en"), resolve(e.scenario)) for e in EXAMPLES.values()]


class VtesCombatPage(Page):
    """Rebuild a VTES combat as played and resolve it (sections 6.4.1-6.4.7).

    Test handles: :meth:`load_preset`, :meth:`new_combat`, :meth:`add_round`,
    :meth:`remove_round`, :meth:`scenario`, :meth:`export_json`, :meth:`import_json`,
    :attr:`cards`, :attr:`rounds`, :attr:`report`, :attr:`narrative`, :attr:`final_text`,
    :attr:`trace_view`, ``banner.message``.
    """

    labels = LABELS.merged(CARD_LABELS).merged(SOURCE_LABELS)
    title_key = "title"
    url_parameters = ("lang", "preset", "card")

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self._intro = SHARED.html()
        self.preset_buttons: dict[str, widgets.Button] = {}
        for example in EXAMPLES.values():
            button = SHARED.button(layout=SHARED.layout(width="auto"))
            button.add_class(f"vtes-preset-{example.key}")
            button.on_click(lambda _b, key=example.key: self.run(self.load_preset, key))
            self.preset_buttons[example.key] = button
        self.new_button = SHARED.button(icon="file")
        self.new_button.add_class("vtes-new-combat")
        self.new_button.on_click(lambda _b: self.run(self.new_combat))
        self._presets_title = SHARED.html()
        self._preset_note = SHARED.html()
        self.preset_key = ""
        self.preset_base = ""  # the example the combat was loaded from, before any edit

        self.combat_context = CombatContext(
            self.part_context(self.changed),
            self.structure_changed,
            lambda side: self.cards[side].weapons(),
            lambda side: self.cards[side].retainer_names(),
        )
        self.cards = {side: CombatantCard(self.combat_context, side) for side in SIDES}
        self.rules = widgets.Dropdown(
            options=[(e, e) for e in EDITIONS], layout=SHARED.layout(width="420px")
        )
        self.rules.add_class("vtes-rules")
        self.watch(self.rules)
        self.rounds: list[RoundEditor] = []
        self._rounds_title = SHARED.html()
        self._rounds_help = SHARED.html()
        self.rounds_box = SHARED.vbox()
        self.add_round_button = SHARED.button(icon="plus")
        self.add_round_button.add_class("vtes-add-round")
        self.add_round_button.on_click(lambda _b: self.run(self.add_round))

        self.crypt_picker = CryptPicker(self.t, self._use_vampire, lang=lambda: self.lang)
        self.crypt_picker.use.on_click(lambda _b: self.act(self.crypt_picker.use_vampire))
        self.card_picker = CombatCardPicker(
            self.t,
            lambda: self.lang,
            self.changed,
            lambda: resolve(self.scenario()),
            minion_name=lambda side: self.cards[side].name.value,
        )
        self.card_picker.play.on_click(lambda _b: self.run(self._play_card))
        self.card_picker.name.observe(lambda _c: self._on_card_name(), names="value")
        self.ready_card = ""  # the address's card (from the Cards page), until played or replaced
        self._ready_name = ""
        self.card_picker.remove.on_click(lambda _b: self.run(self.card_picker.remove_last))
        self.cards_toggle = widgets.ToggleButton(icon="book", layout=SHARED.layout(width="auto"))
        self.cards_toggle.add_class("vtes-cards-toggle")
        # its own layout: it is shown and hidden (the shared layouts must never change); the
        # pickers go in when first shown, so a page that never shows them never draws them
        self.cards_box = SHARED.vbox([], layout=widgets.Layout())
        self.cards_box.layout.display = "none"
        self.cards_toggle.observe(lambda _c: self.run(self._toggle_cards), names="value")

        self.outcome = OutcomePart(self.part_context(self.changed))
        self.story, self.final = self.outcome.story, self.outcome.final
        self.judge, self.trace_view = self.outcome.judge, self.outcome.trace_view
        self.sources_note = widgets.HTML()  # the dated sources of the cards and rulebooks

        self._share_title = SHARED.html()
        self._share_help = SHARED.html()
        self.json_text = widgets.Textarea(layout=SHARED.layout(width="100%", height="180px"))
        self.json_text.add_class("vtes-json")
        self.export_button = SHARED.button(icon="download")
        self.export_button.add_class("vtes-export")
        self.export_button.on_click(lambda _b: self.run(self.export_json))
        self.import_button = SHARED.button(icon="upload")
        self.import_button.add_class("vtes-import")
        self.import_button.on_click(lambda _b: self.run(self.json_message.run, self.import_json))
        self.json_message: FieldMessage = FieldMessage(self)
        self.json_message.widget.add_class("vtes-json-message")

        presets = SHARED.vbox(
            [
                self._presets_title,
                SHARED.hbox([*self.preset_buttons.values(), self.new_button]),
                self._preset_note,
            ]
        )
        self.body.children = [
            self._intro,
            presets,
            SHARED.hbox([self.cards["acting"].widget, self.cards["opposing"].widget]),
            self.cards_toggle,
            self.cards_box,
            self.rules,
            self._rounds_title,
            self._rounds_help,
            self.rounds_box,
            self.add_round_button,
            self.outcome.widget,
            self.sources_note,
            self._share_title,
            self._share_help,
            self.json_text,
            SHARED.hbox([self.export_button, self.import_button]),
            self.json_message.widget,
        ]
        with self.hold():
            self._load(EXAMPLES["kurt_ira"].scenario_dict())
        self.preset_key = "kurt_ira"
        self.preset_base = ""
        self.tools = PageTools(self)
        self.ready()
        self.recompute()

    # -- change tracking ------------------------------------------------------------------
    def watch(self, *ws: widgets.Widget) -> None:
        for w in ws:
            w.observe(lambda _c: self.changed(), names="value")

    def changed(self) -> None:
        if self.held:
            return
        if self.preset_key:
            self.preset_base, self.preset_key = self.preset_key, ""
            self._render_preset_note()
        self._refresh_options()
        self.recompute()

    def structure_changed(self) -> None:
        if self.held:
            return
        self._relabel_rounds()
        self.changed()

    def _refresh_options(self) -> None:
        with self.hold():
            for rnd in self.rounds:
                for side in rnd.sides.values():
                    for row in side.strikes:
                        row.refresh_options()

    # -- scenario <-> widgets -------------------------------------------------------------
    def _toggle_cards(self) -> None:
        """Show the card pickers; the card data is read the first time only."""
        shown = bool(self.cards_toggle.value)
        if shown:
            self.crypt_picker.load()
            self.card_picker.load()
            if not self.cards_box.children:
                self.cards_box.children = (self.crypt_picker.widget, self.card_picker.widget)
        self.cards_box.layout.display = None if shown else "none"

    def _use_vampire(self, vampire: Any, side: Side) -> None:
        """Put the vampire or ally in ``side``'s box (with the strength its card gives) and
        mark that box as the one that changed."""
        from rules.vtes.card_library_needs import minion_combatant

        data = self.cards[side].read().scenario()
        for key in ("kind", "capacity", "blood", "life", "wounded"):
            data.pop(key, None)
        data.update(minion_combatant(vampire))
        with self.hold():
            self.cards[side].load(data)
        self.card_picker.set_minion(side, vampire)
        self._mark_minion(side)
        self.changed()

    def _mark_minion(self, side: Side | None) -> None:
        """Outline the minion box a picker just changed (``None``: no box)."""
        for other in SIDES:
            self.cards[other].widget.remove_class("vtes-minion-changed")
        if side is not None:
            self.cards[side].widget.add_class("vtes-minion-changed")

    def scenario(self) -> dict[str, Any]:
        """The combat the widgets describe with the cards played from the library."""
        return self.card_picker.apply(self._base_scenario())

    def read(self) -> CombatInputs:
        """The combat the editors describe (without the cards played from the library)."""
        return CombatInputs(
            self.rules.value,
            self.cards["acting"].read(),
            self.cards["opposing"].read(),
            tuple(r.read() for r in self.rounds),
        )

    def _base_scenario(self) -> dict[str, Any]:
        """The combat the widgets describe, in the scenario format."""
        return self.read().scenario()

    def card_plays(self) -> tuple[CardPlayed, ...]:
        """The cards played from the library, as the scenario records them."""
        return tuple(
            CardPlayed.from_arguments(p.name, p.key, p.side, p.round, p.choices)
            for p in self.card_picker.plays
        )

    def shared_scenario(self) -> dict[str, Any]:
        """The combat as its link and its JSON export carry it: what the round editors show
        and, under ``cards``, the cards played from the library (replayed when opened)."""
        out = self._base_scenario()
        plays = self.card_plays()
        if plays:
            out[CARDS_KEY] = [p.to_json() for p in plays]
        return out

    def _load(self, data: dict[str, Any]) -> None:
        try:
            self._load_editors(data)
        except TraitError:
            raise InvalidState(
                msg(
                    "The round editors cannot show this combat as it is written; play its "
                    "cards with the card pickers instead."
                )
            ) from None

    def _load_editors(self, data: dict[str, Any]) -> None:
        self.rules.value = data.get("rules", "black-hand")
        for side in SIDES:
            self.cards[side].load(dict(data[side]))
        wanted = list(data.get("rounds", [{}]))
        # the round editors already shown are reused; the ones no longer needed are closed
        kept, dropped = self.rounds[: len(wanted)], self.rounds[len(wanted) :]
        self.rounds = []
        for i, rnd in enumerate(wanted):
            if i < len(kept):
                editor = kept[i]
            else:
                editor = RoundEditor(self.combat_context)
                editor.remove.on_click(lambda _b, e=editor: self.run(self.remove_round, e))
            self.rounds.append(editor)
            editor.number = len(self.rounds)
            editor.relabel()
            editor.load(dict(rnd))
        self._relabel_all_parts()
        close_trees((r.widget for r in dropped), SHARED.ids())

    def load_scenario(self, data: dict[str, Any], *, lenient: bool = False) -> tuple[Dropped, ...]:
        """Check ``data`` (InvalidState/IllegalPlay explain problems), then show it: the round
        editors' part in the editors, its ``cards`` in the card picker. ``lenient`` (a link)
        leaves out the card plays the resolver refuses and returns them with the reason;
        otherwise any refused play refuses the whole."""
        dropped: tuple[Dropped, ...] = ()
        if lenient:
            base = {k: v for k, v in data.items() if k != CARDS_KEY}
            parse_scenario(base)
            resolve(base)
            plays, dropped = playable(base, data.get(CARDS_KEY, []))
        else:
            base, plays = split_card_plays(data)
            parse_scenario(base)
        expected = resolve(replay(base, plays) if plays else base)
        self.preset_key = ""
        self.preset_base = ""
        backup = self._base_scenario()
        played_before = list(self.card_picker.plays)

        def restore() -> None:
            with self.hold():
                self._load(backup)
            self.card_picker.set_plays(played_before)

        with on_failure(restore):
            with self.hold():
                self._load(base)
                self.card_picker.set_plays(
                    [CardPlayChoice(p.round, p.side, p.name, p.level, p.arguments()) for p in plays]
                )
            if resolve(self.scenario()).steps != expected.steps:
                raise InvalidState(
                    msg(
                        "This scenario uses card effects that the page's round editors cannot "
                        "show (see the format notes); play those cards with the card pickers "
                        "instead."
                    )
                )
        self._mark_minion(None)
        self._render_preset_note()
        self.recompute()
        return dropped

    def load_preset(self, key: str) -> None:
        if key not in EXAMPLES:
            raise InvalidState(
                msg("Unknown preset {key!r}; allowed: {allowed}.", key=key, allowed=tuple(EXAMPLES))
            )
        self.load_scenario(EXAMPLES[key].scenario_dict())
        self.preset_key = key
        self.preset_base = ""
        self._render_preset_note()

    def reset(self) -> None:
        """Back to the page's starting combat: the rulebook's Kurt vs Ira."""
        self.json_message.clear()
        self.load_preset("kurt_ira")

    def ruling_text(self) -> str:
        """The combat as plain text in the page's language ("" while it cannot be resolved)."""
        text = self.outcome.ruling()
        return f"{text}\n\n{sources_text(self.lang)}" if text else ""

    @property
    def report(self) -> CombatReport | None:
        return self.outcome.report

    @property
    def narrative(self) -> tuple[str, ...]:
        return self.outcome.narrative

    @property
    def final_text(self) -> str:
        return self.outcome.final_text

    def new_combat(self) -> None:
        """Two plain vampires and one round with no plays yet."""
        self.load_scenario(
            {
                "acting": {"name": "Anna", "kind": "vampire", "capacity": 6, "blood": 4},
                "opposing": {"name": "Boris", "kind": "vampire", "capacity": 6, "blood": 4},
                "rounds": [{}],
            }
        )

    def add_round(self) -> RoundEditor:
        editor = RoundEditor(self.combat_context)
        editor.remove.on_click(lambda _b, e=editor: self.run(self.remove_round, e))
        self.rounds.append(editor)
        self.structure_changed()
        return editor

    def remove_round(self, editor: RoundEditor | int) -> None:
        if isinstance(editor, int):
            editor = self.rounds[editor]
        if len(self.rounds) == 1:
            raise InvalidState(msg("A combat has at least one round; this is the only one left."))
        self.rounds.remove(editor)
        self.structure_changed()
        close_tree(editor.widget, SHARED.ids())

    def export_json(self) -> str:
        text = dump_scenario_json(self.shared_scenario())
        self.json_text.value = text
        return text

    def import_json(self, text: str | None = None) -> None:
        if text is not None:
            self.json_text.value = text
        data = load_scenario_json(self.json_text.value)
        self.load_scenario(data)

    def apply_parameters(self, params: dict[str, str]) -> None:
        preset = params.get("preset")
        if preset is not None:
            if preset not in EXAMPLES:
                titles = "; ".join(e.title.render(self.lang) for e in EXAMPLES.values())
                self.show_address_problem(
                    "bad_preset",
                    preset=preset,
                    allowed=titles,
                    combat=self._shown().render(self.lang),
                )
                return
            self.load_preset(preset)
        card = params.get("card")  # a combat card opened from the Cards page: ready to play
        if card is not None:
            preselect_card(self.card_picker, card)
            self.ready_card, self._ready_name = card.strip(), self.card_picker.name.value
            if preset is None:  # a fresh combat, where the card can be played at once
                self.new_combat()
            self.cards_toggle.value = True

    def _play_card(self) -> None:
        before = len(self.card_picker.plays)
        self.card_picker.play_card()
        if len(self.card_picker.plays) > before:
            self._forget_ready_card()

    def _on_card_name(self) -> None:
        if self.ready_card and self.card_picker.name.value != self._ready_name:
            self._forget_ready_card()  # another card is chosen

    def _forget_ready_card(self) -> None:
        if self.ready_card:
            self.ready_card = self._ready_name = ""
            self.sync_address()

    def address_query(self) -> str:
        """The packed combat and, while it is ready and not yet played, the address's card: a
        link copied before the card is played still opens it ready."""
        query = super().address_query()
        if not self.ready_card:
            return query
        card = build_query([("card", self.ready_card)])
        return f"{query}&{card}" if query else card

    # -- labels ---------------------------------------------------------------------------
    def relabel(self) -> None:
        self._relabel_all_parts()
        self.outcome.relabel()

    def _relabel_all_parts(self) -> None:
        t = self.t
        self._intro.value = f"<p>{escape(t('intro'))}</p>"
        self._presets_title.value = f"<b>{escape(t('presets'))}</b>"
        for key, button in self.preset_buttons.items():
            example = EXAMPLES[key]
            button.description = example.title.render(self.lang)
        self.new_button.description = t("new_combat")
        with self.hold():
            set_options(self.rules, [(t(e), e) for e in EDITIONS])
        self.rules.description = t("rules")
        for c in self.cards.values():
            c.relabel()
        self._rounds_title.value = heading(t("rounds"), 3)
        self._rounds_help.value = (
            f"<p><i>{escape(t('maneuvers_help'))}</i></p>"
            f'<p class="calc-help vtes-jargon-help">{escape(t("jargon_help"))}</p>'
        )
        self.add_round_button.description = t("add_round")
        self._share_title.value = heading(t("share"))
        self._share_help.value = f"<p><i>{escape(t('share_help'))}</i></p>"
        self.sources_note.value = sources_html(self.lang)
        self.export_button.description = t("export")
        self.import_button.description = t("import")
        self.cards_toggle.description = t("cards_open")
        self.crypt_picker.relabel()
        self.card_picker.relabel()
        self._relabel_rounds()
        self._render_preset_note()

    def _relabel_rounds(self) -> None:
        with self.hold():
            for number, rnd in enumerate(self.rounds, 1):
                rnd.number = number
                rnd.relabel()
        self.rounds_box.children = [r.widget for r in self.rounds]

    def _render_preset_note(self) -> None:
        self._preset_note.value = preset_note_html(
            self.preset_key, self.preset_base, self.t, self.lang
        )

    # -- computing ------------------------------------------------------------------------
    def recompute(self) -> None:
        self.run(self._refresh)
        self.sync_address()

    # -- page address: the whole combat, packed ----------------------------------------------
    def url_fields(self) -> dict[str, Field]:
        """The address holds the whole scenario (rules, both combatants, every round) as one
        packed parameter, ``combat``; a bad one is explained and the page keeps its combat."""
        return {"combat": Field("combat", lambda: pack(self.shared_scenario()), self._set_combat)}

    def _shown(self) -> Message:
        """The combat the page shows, by its combatants' names."""
        acting, opposing = (self.cards[side].name.value.strip() for side in SIDES)
        return msg("{acting} against {opposing}", acting=acting, opposing=opposing)

    def _set_combat(self, text: str) -> None:
        """Open the link's combat; what cannot be opened is said in words, never skipped."""
        shown = self._shown()
        problem: Said | None = None
        dropped: tuple[Dropped, ...] = ()
        try:
            data = unpack(text, "combat")
        except InvalidState:
            data = None
        if not isinstance(data, dict):
            problem = msg("The link is damaged or cut short: it is not a combat this page wrote.")
        else:
            try:
                dropped = self.load_scenario(data, lenient=True)
            except RuleError as error:
                problem = error.message
        if problem is not None:
            raise InvalidState(
                msg(
                    "The combat in this link cannot be opened, so the page shows {combat} "
                    "instead. {problem} Copy the link again from the page it was made on.",
                    combat=shown,
                    problem=problem,
                )
            )
        if dropped:
            raise left_out(dropped)

    def _refresh(self) -> None:
        if invalid_fields(self.body):
            return  # each bad box says what it allows; nothing is computed until then
        with on_failure(self._clear_results):
            inputs = self.read()
            report = resolve(self.card_picker.apply(inputs.scenario()))
        picker = self.card_picker
        self.outcome.show(CombatOutcome(inputs, report, picker.steps(), picker.left_to_judge()))
        self.tools.refresh()

    def _clear_results(self) -> None:
        """Take the results of earlier inputs off the page."""
        self.outcome.clear()
        self.tools.refresh()
