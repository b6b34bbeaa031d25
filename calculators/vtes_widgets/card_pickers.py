"""Card pickers for the VTES pages: a vampire from the crypt, combat cards by name and level.

:class:`CryptPicker` fills a combatant (or the damage page's vampire) from the shipped card
data. :class:`CombatCardPicker` lets a judge play a card of the combat card library by name
and level: the official card text and what the resolver does with it are shown, a level the
model cannot express says so, and each play is added to the combat scenario with
:func:`rules.vtes.card_library.play_card`. Both load the card data only when first opened,
so a cold page does not pay for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from calculators.kit.fmt import escape
from calculators.kit.labels import Catalog
from rules.errors import InvalidState
from rules.i18n import msg

if TYPE_CHECKING:
    from rules.vtes.scenario import Side

__all__ = ["CARD_LABELS", "CardPlayChoice", "CombatCardPicker", "CryptPicker"]

CARD_LABELS = Catalog(
    {
        "cards_open": msg("Cards: vampires and combat cards"),
        "crypt_name": msg("Vampire"),
        "crypt_hint": msg("type a vampire's name"),
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
        "unknown_vampire": msg("Choose a vampire from the list."),
        "unknown_card": msg("Choose a card from the list."),
        "capacity_of": msg("capacity"),
        "side_acting": msg("acting"),
        "side_opposing": msg("opposing"),
        "choice_weapon": msg("a weapon from the library (e.g. .44 Magnum)"),
        "choice_equipment": msg("the opposing equipment's name"),
        "choice_retainer": msg("the retainer's name"),
        "choice_range": msg("the range"),
    }
)


def _card_data() -> Any:
    from rules.vtes import carddata

    return carddata


def _library() -> Any:
    from rules.vtes import card_library

    return card_library


class CryptPicker:
    """A vampire by name: its card (capacity, Disciplines, clan, title, group, text).

    The page wires :attr:`use` to :meth:`use_vampire` through its error handling."""

    def __init__(
        self, t: Callable[[str], str], on_use: Callable[[Any, Side], None], *, sides: bool = True
    ) -> None:
        self.t = t
        self.on_use = on_use
        self.name = widgets.Combobox(ensure_option=False, layout=widgets.Layout(width="360px"))
        self.name.add_class("vtes-crypt-name")
        self.side = widgets.Dropdown(layout=widgets.Layout(width="220px"))
        self.side.add_class("vtes-crypt-side")
        self.use = widgets.Button(icon="user", layout=widgets.Layout(width="auto"))
        self.use.add_class("vtes-crypt-use")
        self.info = widgets.HTML()
        self.info.add_class("vtes-crypt-info")
        self.sides = sides
        self.loaded = False
        row = [self.name, self.side, self.use] if sides else [self.name, self.use]
        self.widget = widgets.VBox([widgets.HBox(row), self.info])
        self.name.observe(lambda _c: self.show(), names="value")

    def load(self) -> None:
        if not self.loaded:
            self.name.options = _card_data().crypt_names()
            self.loaded = True

    def relabel(self) -> None:
        self.name.description = self.t("crypt_name")
        self.name.placeholder = self.t("crypt_hint")
        self.side.description = self.t("for_side")
        value = self.side.value or "acting"
        self.side.options = [(self.t(f"side_{s}"), s) for s in ("acting", "opposing")]
        self.side.value = value
        self.use.description = self.t("use_vampire")
        self.show()

    def vampire(self) -> Any:
        name = self.name.value.strip()
        if not name:
            raise InvalidState(CARD_LABELS.message("unknown_vampire"))
        return _card_data().vampire(name)

    def show(self) -> None:
        name = self.name.value.strip()
        if not name or not self.loaded:
            self.info.value = ""
            return
        try:
            v = _card_data().vampire(name)
        except InvalidState:
            self.info.value = ""
            return
        title = f", {escape(v.title)}" if v.title else ""
        self.info.value = (
            f"<b>{escape(v.name)}</b> — {escape(v.clan)}{title}, "
            f"{escape(self.t('capacity_of'))} {v.capacity}, G{escape(v.group)}; "
            f"<code>{escape(v.disciplines)}</code><br><small>{escape(v.text)}</small>"
        )

    def use_vampire(self) -> None:
        self.on_use(self.vampire(), self.side.value or "acting")


@dataclass(frozen=True)
class CardPlayChoice:
    """One card played from the library: where, by whom, at which level, with what choice."""

    round: int
    side: str
    name: str
    key: str
    choices: dict[str, Any] = field(default_factory=dict)

    def label(self, t: Callable[[str], str]) -> str:
        return f"{t('card_round')} {self.round}, {t('side_' + self.side)}: {self.name} ({self.key})"


class CombatCardPicker:
    """Combat cards by name and level; the plays are added to the page's scenario."""

    def __init__(
        self,
        t: Callable[[str], str],
        lang: Callable[[], str],
        changed: Callable[[], None],
        validate: Callable[[], object] | None = None,
    ) -> None:
        self.t = t
        self.validate = validate
        self.lang = lang
        self.changed = changed
        self.plays: list[CardPlayChoice] = []
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
        self.extra = widgets.HBox([self.choice, self.life, self.range])
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.name, self.level]),
                widgets.HBox([self.side, self.round]),
                self.extra,
                self.info,
                widgets.HBox([self.play, self.remove]),
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
        self.show()

    def _on_name(self) -> None:
        item = self.entry()
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
            f"<div><i>{escape(self.t('official'))}:</i> "
            f"{escape(text).replace(chr(10), '<br>')}</div>",
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

    def play_card(self) -> None:
        """Add the chosen card to the scenario (checked at once against the scenario)."""
        option = self._option()
        item = self.entry()
        assert item is not None
        self.plays.append(
            CardPlayChoice(
                self.round.value,
                self.side.value or "acting",
                item.name,
                option.label,
                self._choices(),
            )
        )
        if self.validate is not None:
            try:
                self.validate()
            except Exception:
                self.plays.pop()
                raise
        self._show_played()
        self.changed()

    def remove_last(self) -> None:
        if self.plays:
            self.plays.pop()
            self._show_played()
            self.changed()

    def clear(self) -> None:
        self.plays = []
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
