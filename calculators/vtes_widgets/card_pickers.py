"""Card pickers for the VTES pages: a vampire from the crypt, combat cards by name and level.

:class:`CryptPicker` fills a combatant (or the damage page's vampire) from the shipped card
data. :class:`CombatCardPicker` lets a judge play a card of the combat card library by name
and level: the official card text and what the resolver does with it are shown, a level the
model cannot express says so, and each play is added to the combat scenario with
:func:`rules.vtes.card_library.play_card`. Both load the card data only when first opened,
so a cold page does not pay for it.

Both find names with :func:`rules.vtes.carddata.find` (typos, Cyrillic): a name that is no
card's offers "Did you mean ...?" buttons. The chosen card's official rulings are shown in a
compact area that opens on demand. A picker's errors and confirmations show beside it, not in
the page's banner. A card played by a vampire chosen from the crypt is checked against its
Disciplines (:func:`rules.vtes.card_library_needs.check_disciplines`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.labels import Catalog
from calculators.vtes_widgets.card_symbols import disciplines_html
from calculators.vtes_widgets.card_view import feedback_html, official_text_html, rulings_details
from rules.errors import InvalidState, RuleError
from rules.i18n import msg
from rules.i18n.message import Said
from rules.trace import Step

if TYPE_CHECKING:
    from rules.vtes.scenario import Side

__all__ = ["CARD_LABELS", "CardPlayChoice", "CombatCardPicker", "CryptPicker", "PickerFeedback"]

#: how many "Did you mean" buttons a picker offers
SUGGESTIONS = 4

CARD_LABELS = Catalog(
    {
        "cards_open": msg("Cards: vampires and combat cards"),
        "crypt_name": msg("Vampire or ally"),
        "crypt_hint": msg("type a vampire's or an ally's name"),
        "use_vampire": msg("Use this vampire"),
        "for_side": msg("For"),
        "card_name": msg("Combat card"),
        "card_hint": msg("type a card's name"),
        "card_level": msg("Level"),
        "card_round": msg("Round"),
        "card_choice": msg("Choice"),
        "card_life": msg("Its life"),
        "card_range": msg("Range"),
        "play_card": msg("Play the card"),
        "remove_last": msg("Remove the last card"),
        "played": msg("Cards played"),
        "none_played": msg("No card played from the library yet."),
        "official": msg("Card text"),
        "model": msg("What the resolver does"),
        "judge": msg("Left to the judge"),
        "not_modelled": msg("Not modelled: {reason}. Enter the effect by hand."),
        "needs_choice": msg("This card needs a choice: {what}."),
        "unknown_vampire": msg("Choose a vampire or an ally from the list."),
        "unknown_card": msg("Choose a card from the list."),
        "capacity_of": msg("capacity"),
        "side_acting": msg("acting"),
        "side_opposing": msg("opposing"),
        "choice_weapon": msg("a weapon from the library (e.g. .44 Magnum)"),
        "choice_equipment": msg("the opposing equipment's name"),
        "choice_retainer": msg("the retainer's name"),
        "choice_range": msg("the range"),
        "did_you_mean": msg("Did you mean"),
        "rulings_count": msg("Official rulings ({n})"),
        "now_acting": msg("{name} is now the acting minion."),
        "now_opposing": msg("{name} is now the opposing minion."),
        "now_minion": msg("{name} is now the minion."),
        "played_by": msg("{card} at {key} played by the {side} minion in round {number}."),
        "removed": msg("{card} at {key} taken back."),
        "judge_text": msg("{name} (card text): {text}"),
        "judge_card": msg("{card} ({key}): {note}"),
    }
)


def _card_data() -> Any:
    from rules.vtes import carddata

    return carddata


def _library() -> Any:
    from rules.vtes import card_library

    return card_library


class PickerFeedback:
    """The message beside a picker: an error (what is wrong, what is allowed) or the
    confirmation of what changed, in the page's language (it follows the switch), and the
    "Did you mean ...?" buttons of a name that is no card's."""

    def __init__(self, t: Callable[[str], str], lang: Callable[[], str]) -> None:
        self.t = t
        self.lang = lang
        self.widget_message = widgets.HTML()
        self.widget_message.add_class("vtes-picker-feedback")
        self.title = widgets.HTML()
        self.buttons = [
            widgets.Button(layout=widgets.Layout(width="auto", display="none"))
            for _ in range(SUGGESTIONS)
        ]
        for index, button in enumerate(self.buttons):
            button.add_class("vtes-picker-suggestion")
            button.on_click(lambda _b, i=index: self.pick(i))
        self.suggested: tuple[str, ...] = ()
        self.choose: Callable[[str], None] = lambda _name: None
        self.suggestions = widgets.HBox([self.title, *self.buttons])
        self.suggestions.add_class("vtes-picker-suggestions")
        self.suggestions.layout.display = "none"
        self.widget = widgets.VBox([self.widget_message, self.suggestions])
        self.said: Said | None = None
        self.kind = ""
        self.message = ""

    def error(self, said: Said) -> None:
        self.said, self.kind = said, "error"
        self.render()

    def done(self, said: Said) -> None:
        self.said, self.kind = said, "done"
        self.render()

    def clear(self) -> None:
        self.said, self.kind = None, ""
        self.render()

    def render(self) -> None:
        self.message = "" if self.said is None else self.said.render(self.lang())
        self.widget_message.value = feedback_html(self.message, self.kind)
        self.title.value = f"<b>{escape(self.t('did_you_mean'))}</b>" if self.suggested else ""

    def suggest(self, box: Any, keep: Callable[[Any], bool]) -> None:
        """Offer the cards ``keep`` accepts whose names come nearest what ``box`` holds; a
        click puts the name in the box."""

        def take(name: str) -> None:
            box.value = name
            self.withdraw()
            self.clear()

        self.offer(_suggest(box.value, keep), take)

    def withdraw(self) -> None:
        """Take the suggestions away."""
        self.offer((), lambda _name: None)

    def offer(self, names: tuple[str, ...], choose: Callable[[str], None]) -> None:
        """Show ``names`` as buttons; a click calls ``choose(name)``."""
        self.suggested = names[: len(self.buttons)]
        self.choose = choose
        for index, button in enumerate(self.buttons):
            if index < len(self.suggested):
                name = self.suggested[index]
                button.description = f"{name}?"
                button.tooltip = name
                button.layout.display = None
            else:
                button.layout.display = "none"
        self.suggestions.layout.display = None if self.suggested else "none"
        self.render()

    def pick(self, index: int) -> None:
        """Take the ``index``-th suggestion."""
        if 0 <= index < len(self.suggested):
            self.choose(self.suggested[index])

    def run(self, fn: Callable[[], Said | None]) -> bool:
        """Call ``fn``: its confirmation, or the :class:`RuleError` it raises, shows here."""
        try:
            said = fn()
        except RuleError as error:
            self.error(error.message)
            return False
        if said is None:
            self.clear()
        else:
            self.done(said)
        return True


def _suggest(name: str, keep: Callable[[Any], bool]) -> tuple[str, ...]:
    """The names :func:`rules.vtes.carddata.find` finds for ``name`` that ``keep`` accepts."""
    if not name.strip():
        return ()
    found = _card_data().find(name, limit=SUGGESTIONS * 3)
    out: list[str] = []
    for card in found:
        if keep(card) and card.name not in out:
            out.append(card.name)
    return tuple(out[:SUGGESTIONS])


class CryptPicker:
    """A vampire or an ally by name (any spelling): its card (a vampire's capacity,
    Disciplines, clan, title, group; an ally's life and strength; the text) and its official
    rulings.

    :attr:`use` calls :meth:`use_vampire`, which hands the vampire to ``on_use``; its error or
    its confirmation shows beside the picker (:attr:`feedback`)."""

    def __init__(
        self,
        t: Callable[[str], str],
        on_use: Callable[[Any, Side], None],
        *,
        sides: bool = True,
        lang: Callable[[], str] = lambda: "en",
    ) -> None:
        self.t = t
        self.lang = lang
        self.on_use = on_use
        self.name = widgets.Combobox(ensure_option=False, layout=widgets.Layout(width="360px"))
        self.name.add_class("vtes-crypt-name")
        self.side = widgets.Dropdown(layout=widgets.Layout(width="220px"))
        self.side.add_class("vtes-crypt-side")
        self.use = widgets.Button(icon="user", layout=widgets.Layout(width="auto"))
        self.use.add_class("vtes-crypt-use")
        self.feedback = PickerFeedback(t, lang)
        self.feedback.widget.add_class("vtes-crypt-feedback")
        self.info = widgets.HTML()
        self.info.add_class("vtes-crypt-info")
        self.sides = sides
        self.loaded = False
        row = [self.name, self.side, self.use] if sides else [self.name, self.use]
        self.widget = widgets.VBox([widgets.HBox(row), self.feedback.widget, self.info])
        self.name.observe(lambda _c: self._on_name(), names="value")

    def load(self) -> None:
        if not self.loaded:
            allies = (c.name for c in _card_data().library() if _is_minion(c))
            self.name.options = (*_card_data().crypt_names(), *allies)
            self.loaded = True

    def relabel(self) -> None:
        self.name.description = self.t("crypt_name")
        self.name.placeholder = self.t("crypt_hint")
        self.side.description = self.t("for_side")
        value = self.side.value or "acting"
        self.side.options = [(self.t(f"side_{s}"), s) for s in ("acting", "opposing")]
        self.side.value = value
        self.use.description = self.t("use_vampire")
        self.feedback.render()
        self.show()

    def chosen(self) -> Any:
        """The vampire or ally the name box names exactly, or ``None``."""
        name = self.name.value.strip()
        if not name or not self.loaded:
            return None
        try:
            return _card_data().vampire(name)
        except InvalidState:
            pass
        try:
            card = _card_data().library_card(name)
        except InvalidState:
            return None
        return card if _is_minion(card) else None

    def vampire(self) -> Any:
        vampire = self.chosen()
        if vampire is None:
            self._suggest()
            raise InvalidState(CARD_LABELS.message("unknown_vampire"))
        return vampire

    def _suggest(self) -> None:
        self.feedback.suggest(self.name, _is_minion)

    def _on_name(self) -> None:
        if self.feedback.kind == "error":
            self.feedback.clear()  # the name the error was about is gone
        if self.chosen() is None and self.loaded:
            self._suggest()
        else:
            self.feedback.withdraw()
        self.show()

    def show(self) -> None:
        v = self.chosen()
        if v is None:
            self.info.value = ""
            return
        lang = self.lang()
        if hasattr(v, "capacity"):
            title = f", {escape(v.title)}" if v.title else ""
            head = (
                f"<b>{escape(v.name)}</b> — {escape(v.clan)}{title}, "
                f"{escape(self.t('capacity_of'))} {v.capacity}, G{escape(v.group)}; "
                f"{disciplines_html(v.disciplines)}"
            )
        else:
            head = f"<b>{escape(v.name)}</b> — {escape(' / '.join(v.types))}"
        self.info.value = (
            head
            + official_text_html(v.text, self.t, lang)
            + rulings_details(_card_data().rulings(v.id), self.t, lang)
        )

    def use_vampire(self) -> None:
        """Hand the vampire to the page; what changed (or what is wrong) shows beside."""

        def use() -> Said:
            vampire = self.vampire()
            side: Side = self.side.value or "acting"
            self.on_use(vampire, side)
            key = f"now_{side}" if self.sides else "now_minion"
            return CARD_LABELS.message(key, name=vampire.name)

        self.feedback.run(use)


def _is_minion(card: Any) -> bool:
    """A vampire from the crypt or an ally from the library."""
    if hasattr(card, "capacity"):
        return "Vampire" in card.types
    return "Ally" in card.types and " life." in card.text.partition("\n")[0]


def _in_library(card: Any) -> bool:
    if hasattr(card, "capacity"):
        return False
    try:
        _library().entry(str(card.id))
    except InvalidState:
        return False
    return True


@dataclass(frozen=True)
class CardPlayChoice:
    """One card played from the library: where, by whom, at which level, with what choice."""

    round: int
    side: str
    name: str
    key: str
    choices: dict[str, Any] = field(default_factory=dict)
    check: Step | None = None
    """The trace step of the Discipline check, when the minion is a vampire from the crypt."""

    def label(self, t: Callable[[str], str]) -> str:
        return f"{t('card_round')} {self.round}, {t('side_' + self.side)}: {self.name} ({self.key})"


class CombatCardPicker:
    """Combat cards by name (any spelling) and level; the plays are added to the page's
    scenario. A vampire chosen from the crypt for a side (:meth:`set_minion`) is checked
    for the Disciplines of each card it plays, while the side's name box (``minion_name``)
    still names it; its own card text is applied or left to the judge (:meth:`steps`,
    :meth:`left_to_judge`)."""

    def __init__(
        self,
        t: Callable[[str], str],
        lang: Callable[[], str],
        changed: Callable[[], None],
        validate: Callable[[], object] | None = None,
        minion_name: Callable[[Any], str] | None = None,
    ) -> None:
        self.t = t
        self.validate = validate
        self.lang = lang
        self.changed = changed
        self.minion_name = minion_name
        self.plays: list[CardPlayChoice] = []
        self.minions: dict[str, Any] = {}
        self.loaded = False
        self.name = widgets.Combobox(ensure_option=False, layout=widgets.Layout(width="360px"))
        self.name.add_class("vtes-card-name")
        self.level = widgets.Dropdown(layout=widgets.Layout(width="260px"))
        self.level.add_class("vtes-card-level")
        self.side = widgets.Dropdown(layout=widgets.Layout(width="220px"))
        self.side.add_class("vtes-card-side")
        self.round = widgets.BoundedIntText(
            value=1, min=1, max=50, layout=widgets.Layout(width="160px")
        )
        self.round.add_class("vtes-card-round")
        self.choice = widgets.Text(layout=widgets.Layout(width="360px"))
        self.choice.add_class("vtes-card-choice")
        self.life = widgets.BoundedIntText(
            value=1, min=1, max=20, layout=widgets.Layout(width="160px")
        )
        self.range = widgets.Dropdown(
            options=[("close", "close"), ("long", "long")], layout=widgets.Layout(width="200px")
        )
        self.play = widgets.Button(icon="play", layout=widgets.Layout(width="auto"))
        self.play.add_class("vtes-card-play")
        self.remove = widgets.Button(icon="undo", layout=widgets.Layout(width="auto"))
        self.remove.add_class("vtes-card-remove")
        self.info = widgets.HTML()
        self.info.add_class("vtes-card-info")
        self.played = widgets.HTML()
        self.played.add_class("vtes-cards-played")
        self.feedback = PickerFeedback(t, lang)
        self.feedback.widget.add_class("vtes-card-feedback")
        self.extra = widgets.HBox([self.choice, self.life, self.range])
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.name, self.level]),
                widgets.HBox([self.side, self.round]),
                self.extra,
                widgets.HBox([self.play, self.remove]),
                self.feedback.widget,
                self.info,
                self.played,
            ]
        )
        self.name.observe(lambda _c: self._on_name(), names="value")
        self.level.observe(lambda _c: self.show(), names="value")

    # .. data ..
    def load(self) -> None:
        if not self.loaded:
            self.name.options = tuple(sorted(e.name for e in _library().entries()))
            self.loaded = True

    def entry(self) -> Any:
        name = self.name.value.strip()
        try:
            return _library().entry(name) if name else None
        except InvalidState:
            return None

    def _needs(self) -> set[str]:
        item = self.entry()
        if item is None or not self.level.value:
            return set()
        try:
            option = item.option(self.level.value)
        except InvalidState:
            return set()
        text = repr([p.fragment for p in option.plays])
        return {k for k in ("weapon", "equipment", "retainer", "range") if "{" + k + "}" in text}

    # .. display ..
    def relabel(self) -> None:
        t = self.t
        self.name.description = t("card_name")
        self.name.placeholder = t("card_hint")
        self.level.description = t("card_level")
        self.side.description = t("for_side")
        value = self.side.value or "acting"
        self.side.options = [(t(f"side_{s}"), s) for s in ("acting", "opposing")]
        self.side.value = value
        self.round.description = t("card_round")
        self.choice.description = t("card_choice")
        self.life.description = t("card_life")
        self.range.description = t("card_range")
        self.play.description = t("play_card")
        self.remove.description = t("remove_last")
        self.feedback.render()
        self.show()

    def _suggest(self) -> None:
        self.feedback.suggest(self.name, _in_library)

    def _on_name(self) -> None:
        if self.feedback.kind == "error":
            self.feedback.clear()  # the card the error was about is gone
        item = self.entry()
        if item is None and self.loaded:
            self._suggest()
        else:
            self.feedback.withdraw()
        options: list[tuple[str, str]] = []
        if item is not None:
            options = [(o.label, o.label) for o in item.options]
            options += [(f"{lvl} ✗", lvl) for lvl, _why in item.unmodelled]
        self.level.options = options
        self.level.value = options[0][1] if options else None
        self.show()

    def show(self) -> None:
        item = self.entry()
        needs = self._needs()
        self.choice.layout.display = None if needs - {"range"} else "none"
        self.life.layout.display = None if "retainer" in needs else "none"
        self.range.layout.display = None if "range" in needs else "none"
        if needs - {"range"}:
            what = self.t(f"choice_{sorted(needs - {'range'})[0]}")
            self.choice.placeholder = what
        self._show_played()
        if item is None:
            self.info.value = ""
            return
        lang = self.lang()
        text = _card_data().library_card(str(item.id)).text
        parts = [
            f"<b>{escape(item.name)}</b> (#{item.id})",
            official_text_html(text, self.t, lang),
        ]
        key = self.level.value or ""
        reasons = dict(item.unmodelled)
        if key in reasons:
            reason = reasons[key].render(lang)
            parts.append(
                '<div class="vtes-card-unmodelled" style="color:#9b1c1c"><b>'
                + escape(self.t("not_modelled").format(reason=reason))
                + "</b></div>"
            )
        elif key:
            option = item.option(key)
            model = _library().describe_option(option).render(lang)
            parts.append(f"<div><i>{escape(self.t('model'))}:</i> {escape(model)}</div>")
            if option.note is not None:
                note = option.note.render(lang)
                parts.append(f"<div><i>{escape(self.t('judge'))}:</i> {escape(note)}</div>")
        parts.append(rulings_details(_card_data().rulings(item.id), self.t, lang))
        self.info.value = "".join(parts)

    def _show_played(self) -> None:
        if not self.plays:
            self.played.value = f"<i>{escape(self.t('none_played'))}</i>"
            return
        items = "".join(f"<li>{escape(p.label(self.t))}</li>" for p in self.plays)
        self.played.value = f"<b>{escape(self.t('played'))}</b><ol>{items}</ol>"

    # .. plays ..
    def _choices(self) -> dict[str, Any]:
        needs = self._needs()
        out: dict[str, Any] = {}
        value = self.choice.value.strip()
        if needs - {"range"} and not value:
            what = CARD_LABELS.message(f"choice_{sorted(needs - {'range'})[0]}")
            raise InvalidState(CARD_LABELS.message("needs_choice", what=what))
        if "weapon" in needs:
            weapon = _library().entry(value)
            strike: Mapping[str, Any] = next(
                (p.fragment for o in weapon.options for p in o.plays if p.slot == "equipment"), {}
            )
            out["weapon"] = {"name": weapon.name, **strike}
        if "equipment" in needs:
            out["equipment"] = value
        if "retainer" in needs:
            out["retainer"] = (
                value
                if "burn_retainer" in repr(self._option().plays)
                else {"name": value, "life": self.life.value}
            )
        if "range" in needs:
            out["range"] = self.range.value
        return out

    def _option(self) -> Any:
        item = self.entry()
        if item is None:
            raise InvalidState(CARD_LABELS.message("unknown_card"))
        return item.option(self.level.value or "")

    # .. the minions from the crypt ..
    def set_minion(self, side: str, vampire: Any) -> None:
        """The vampire chosen from the crypt for ``side`` (``None``: none)."""
        if vampire is None:
            self.minions.pop(side, None)
        else:
            self.minions[side] = vampire

    def minion(self, side: str) -> Any:
        """The vampire from the crypt playing for ``side``, while its name box names it."""
        vampire = self.minions.get(side)
        if vampire is None:
            return None
        printed = getattr(vampire, "printed", vampire.name)
        if self.minion_name is not None and self.minion_name(side).strip() != printed:
            return None
        return vampire

    def steps(self) -> tuple[Step, ...]:
        """The trace of the crypt's vampires (their card text) and of the Discipline checks."""
        from rules.vtes.card_library_needs import minion_text

        out: list[Step] = []
        for side in ("acting", "opposing"):
            vampire = self.minion(side)
            if vampire is not None:
                out.extend(minion_text(vampire).steps())
        out.extend(p.check for p in self.plays if p.check is not None)
        return tuple(out)

    def left_to_judge(self) -> tuple[Said, ...]:
        """What the resolver does not apply, in words: each vampire's combat text it cannot
        follow (as printed) and the note of each card played that has one."""
        from rules.vtes.card_library_needs import minion_text

        out: list[Said] = []
        for side in ("acting", "opposing"):
            vampire = self.minion(side)
            if vampire is None:
                continue
            for sentence in minion_text(vampire).left:
                out.append(CARD_LABELS.message("judge_text", name=vampire.name, text=sentence))
        for p in self.plays:
            try:
                note = _library().entry(p.name).option(p.key).note
            except InvalidState:
                continue
            if note is not None:
                out.append(CARD_LABELS.message("judge_card", card=p.name, key=p.key, note=note))
        return tuple(out)

    # .. plays ..
    def play_card(self) -> None:
        """Add the chosen card to the scenario (checked at once against the scenario and
        against the Disciplines of a vampire from the crypt); the confirmation, or what is
        wrong, shows beside the picker."""
        if self.feedback.run(self._play):
            self.changed()

    def _play(self) -> Said:
        if self.entry() is None:
            self._suggest()
        option = self._option()
        item = self.entry()
        assert item is not None
        side = self.side.value or "acting"
        check: Step | None = None
        vampire = self.minion(side)
        if vampire is not None and hasattr(vampire, "capacity"):
            from rules.vtes.card_library_needs import check_disciplines

            check = check_disciplines(item, option.key, vampire)
        self.plays.append(
            CardPlayChoice(
                self.round.value,
                side,
                item.name,
                option.label,
                self._choices(),
                check,
            )
        )
        if self.validate is not None:
            try:
                self.validate()
            except Exception:
                self.plays.pop()
                raise
        self._show_played()
        return CARD_LABELS.message(
            "played_by",
            card=item.name,
            key=option.label,
            side=CARD_LABELS.message(f"side_{side}"),
            number=self.round.value,
        )

    def remove_last(self) -> None:
        if self.plays:
            last = self.plays.pop()
            self._show_played()
            self.feedback.done(CARD_LABELS.message("removed", card=last.name, key=last.key))
            self.changed()

    def clear(self) -> None:
        self.plays = []
        self._show_played()

    def set_plays(self, plays: list[CardPlayChoice]) -> None:
        """Show ``plays`` as the cards played (a combat opened from a link or a file)."""
        self.plays = list(plays)
        self._show_played()

    def apply(self, scenario: dict[str, Any]) -> dict[str, Any]:
        """``scenario`` with every card played from the library."""
        if not self.plays:
            return scenario
        play = _library().play_card
        for p in self.plays:
            rounds = scenario.setdefault("rounds", [{}])
            while len(rounds) < p.round:
                rounds.append({})
            scenario = play(scenario, p.round, p.side, p.name, p.key, **p.choices)
        return scenario


def preselect(picker: CombatCardPicker, card_id: str) -> None:
    """Ready the library card ``card_id`` (its id, as in a Cards page link) in ``picker`` for
    the acting side, at its first level: the judge only has to press "Play the card"."""
    try:
        item = _library().entry(card_id.strip())
    except InvalidState:
        raise InvalidState(
            msg(
                "The page address names card {card}, which is not a combat card the resolver "
                "knows: choose a card in the card pickers.",
                card=card_id.strip(),
            )
        ) from None
    picker.load()
    picker.side.value = "acting"
    picker.name.value = item.name
