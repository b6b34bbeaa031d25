"""V:tM dice page's text and pictures, from frozen inputs and results (no widgets).

The one-roll result (its summary, bars, "at least" table, several actions, closed forms),
the attack chain (its summary, damage bars, health track) and the V5 tab (odds, Willpower,
rouse check, re-roll advice). ``t`` is the page's words in the reader's language; ``exact``
asks for each probability's fraction beside its percent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from calculators.kit.charts import Bar
from calculators.kit.fmt import escape, exact_html, mean_html, percent, short_fraction
from calculators.kit.markup import Cell, Markup, heading, table
from calculators.pages.vtm_dice.labels import (
    BOTCH_COLOR,
    FAIL_COLOR,
    LEVEL_COLOR,
    SUCCESS_COLOR,
    TAIL_COLOR,
    TRACK,
)
from rules.i18n import msg_p
from rules.i18n.numbers import significant
from rules.validation import choice
from rules.vtm import (
    BEYOND,
    DAMAGE_TYPES,
    TARGETS,
    AttackResult,
    PoolResult,
    RerollAdvice,
    V5Result,
    WillpowerOdds,
    wound_penalty,
)
from rules.vtm.notation import TypedRoll
from rules.vtm.weapons import weapon

Words = Callable[[str], str]

#: the V5 bars: totals that reach the difficulty, and those that do not
WIN_COLOR = "#1b5e20"
LOSS_COLOR = "#5f5f5f"

#: the weapon picker's value when no weapon is chosen
NO_WEAPON = "none"

V5_ODDS = ("win", "critical_win", "messy", "bestial", "total_failure")


@dataclass(frozen=True)
class V5Inputs:
    """The V5 tab's inputs: a pool of dice with some Hunger dice, the successes needed, and a
    roll as typed ("" when none)."""

    pool: int
    hunger: int
    difficulty: int
    roll: str = ""


@dataclass(frozen=True)
class V5Odds:
    """What the V5 tab computed for its inputs: the roll, the Willpower re-roll, and the
    chances that a rouse check with one die and with two leaves Hunger as it is (``None`` at
    Hunger 5, where the Blood cannot be roused by choice)."""

    inputs: V5Inputs
    result: V5Result
    willpower: WillpowerOdds
    rouse_no_gain: tuple[Fraction, Fraction] | None


def probability_html(p: Fraction, exact: bool) -> Markup:
    """A probability: percent with the exact fraction on hover (and shown when ``exact``)."""
    shown = exact_html(p)
    if exact:
        shown += f' <small class="vtm-fraction">= {escape(short_fraction(p))}</small>'
    return Markup(shown)


# -- one roll ---------------------------------------------------------------------------
@dataclass(frozen=True)
class PoolInputs:
    """One roll as the engine takes it: ``dice`` split over ``actions``, the specialty rule
    of the edition (``None`` without one), Willpower, the Revised "ones cancel the re-roll"
    reading, and the wound level (``None`` unhurt)."""

    dice: int
    actions: int
    difficulty: int
    specialty: str | None
    willpower: bool
    reroll_ones_cancel: bool
    wound: str | None


def botch_text(r: PoolResult, t: Words) -> str:
    return f"{t('botch')}: {percent(r.botch)}"


def botch_html(r: PoolResult, t: Words) -> str:
    return f'<div style="font-size:130%"><b>{escape(t("botch"))}:</b> {exact_html(r.botch)}</div>'


def pool_summary_html(r: PoolResult, t: Words, exact: bool) -> str:
    """The roll's dice, botch, failure, success and expected successes, as a table."""
    rows = [
        (t("botch"), r.botch, BOTCH_COLOR),
        (t("failure"), r.failure, FAIL_COLOR),
        (t("success"), r.success, SUCCESS_COLOR),
    ]
    return table(
        None,
        [
            (t("rolled"), r.rolled),
            *(
                (Cell(name, header=True, style=f"color:{color}"), probability_html(p, exact))
                for name, p, color in rows
            ),
            (t("expected"), Markup(mean_html(r.expected))),
        ],
        row_headers=True,
    )


def pool_summary_text(r: PoolResult, t: Words) -> str:
    return (
        f"{t('botch')} {percent(r.botch)}, {t('failure')} {percent(r.failure)}, "
        f"{t('success')} {percent(r.success)}"
    )


def pool_bars(r: PoolResult, t: Words) -> list[Bar]:
    """Bars: botch and failure apart, then each number of successes, then the tail."""
    bars: list[Bar] = []
    if not r.willpower:
        bars.append(Bar(t("botch"), r.botch, BOTCH_COLOR))
        bars.append(Bar("0", r.failure, FAIL_COLOR, t("failure")))
    base = 1 if r.willpower else 0
    top = max(r.successes)
    for k in range(max(1, base), top + 1):
        bars.append(Bar(str(k), r.successes.get(k, Fraction(0)), SUCCESS_COLOR))
    if r.tail:
        bars.append(Bar(f">{top}", r.tail, TAIL_COLOR, t("tail")))
    return bars


def tail_note_html(r: PoolResult, t: Words) -> str:
    """The note on successes beyond the last bar ("" when there are none)."""
    if not r.tail:
        return ""
    note = t("tail_note").format(k=max(r.successes), p=short_fraction(r.tail))
    return f"<small>{escape(note)}</small>"


def at_least_html(r: PoolResult, t: Words, exact: bool) -> str:
    """The chance of at least k successes, for each k."""
    rows = table(
        (t("k"), t("probability")),
        ((k, probability_html(p, exact)) for k, p in r.at_least_table()),
    )
    return heading(t("at_least")) + f'<div style="max-height:320px;overflow:auto">{rows}</div>'


def actions_html(results: tuple[PoolResult, ...], t: Words, exact: bool) -> str:
    """Each action of a split pool ("" for a single action)."""
    if len(results) <= 1:
        return ""
    rows = table(
        [t(key) for key in ("action", "rolled", "botch", "success", "expected")],
        (
            (
                i,
                a.rolled or t("no_roll"),
                probability_html(a.botch, exact),
                probability_html(a.success, exact),
                Markup(mean_html(a.expected)),
            )
            for i, a in enumerate(results, 1)
        ),
    )
    return f'<div style="padding-left:16px">{heading(t("actions"))}{rows}</div>'


def forms_loading_html(t: Words) -> str:
    return f"<small>{escape(t('forms_loading'))}</small>"


def forms_html(r: PoolResult, t: Words, lang: str) -> str:
    """The roll's closed forms in TeX, with their values for this roll (needs sympy)."""
    from rules.vtm.closed_forms import closed_form_values, general_forms

    forms = general_forms(r.specialty, r.reroll_ones_cancel and r.specialty == "reroll")
    values = closed_form_values(r) if r.rolled else {}
    lines = []
    for form in forms:
        line = f"{form.symbol} = {form.general}"
        value = values.get(form.key)
        if value is not None:
            line += rf" = \frac{{{value.numerator}}}{{{value.denominator}}}"
            approx = significant(value, 6, lang).replace(",", "{,}")  # TeX's comma
            line += rf" \approx {approx}"
        lines.append(f"<div>$${line}$$</div>")
    return (
        heading(t("forms_title"))
        + f"<small>{escape(t('forms_note'))} (n = {r.rolled}, d = {r.difficulty})</small>"
        + "".join(lines)
    )


# -- attack -----------------------------------------------------------------------------
@dataclass(frozen=True)
class AttackInputs:
    """One attack as :func:`rules.vtm.attack` takes it, by its parameters' names."""

    attack_pool: int
    attack_difficulty: int
    attack_willpower: bool
    defense_pool: int
    defense_difficulty: int
    abort_willpower: int
    damage_base: int
    damage_type: str
    extra_successes_add: bool
    target: str
    stamina: int
    fortitude: int
    armor: int
    damage_ones_cancel: bool
    fire_or_sunlight: bool
    fire_soak_with_stamina: bool
    dazed_after_halving: bool
    wounds_taken: int

    def checked(self) -> AttackInputs:
        """These inputs, once the damage type and the target are ones the rules know (the
        engine checks every number)."""
        choice(msg_p("vtm parameter", "damage_type"), self.damage_type, DAMAGE_TYPES)
        choice(msg_p("vtm parameter", "target"), self.target, TARGETS)
        return self

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of :func:`rules.vtm.attack`, the pool among them."""
        return dict(vars(self))


def attack_summary_html(a: AttackResult, t: Words, exact: bool) -> str:
    """Hit, miss, botch, expected levels, dazed and soak dice, as a table."""
    rows = [
        (t("hit"), probability_html(a.hit, exact)),
        (t("miss"), probability_html(a.miss, exact)),
        (t("attack_botch"), probability_html(a.attack_botch, exact)),
        (t("levels_expected"), Markup(mean_html(a.expected))),
        (t("dazed"), probability_html(a.dazed, exact)),
        (t("soak_dice"), a.soak_dice),
    ]
    return table(None, rows, row_headers=True)


def attack_bars(a: AttackResult) -> list[Bar]:
    """One bar per number of health levels lost, none first."""
    top = max(a.levels)
    return [
        Bar(str(k), a.levels.get(k, Fraction(0)), FAIL_COLOR if k == 0 else LEVEL_COLOR)
        for k in range(0, top + 1)
    ]


def health_html(a: AttackResult, t: Words, exact: bool) -> str:
    """Where the target's health track may end, with each level's dice penalty."""
    rows = []
    for name in TRACK:
        if name not in a.health:
            continue
        penalty = wound_penalty(name) if name not in ("incapacitated", BEYOND) else None
        shown = t("cannot_act") if penalty is None else (f"−{penalty}" if penalty else "0")
        rows.append((t(name), shown, probability_html(a.health[name], exact)))
    return heading(t("health_after")) + table(("", t("penalty"), t("probability")), rows)


# -- V5 ---------------------------------------------------------------------------------
def v5_summary_html(r: V5Result, w: WillpowerOdds, t: Words) -> str:
    """Each outcome's chance without and with the advised Willpower re-roll."""
    rows = [
        (t(k), Markup(exact_html(getattr(r, k))), Markup(exact_html(getattr(w, k))))
        for k in V5_ODDS
    ]
    rows.append((t("expected"), Markup(mean_html(r.expected)), Markup(mean_html(w.expected))))
    head = (f"{t('hunger_dice')}: {r.hunger_dice}", t("without"), t("with_willpower"))
    return table(head, rows, row_headers=True)


def v5_odds_text(r: V5Result, t: Words) -> str:
    return " · ".join(f"{t(k)} {percent(getattr(r, k))}" for k in V5_ODDS)


def v5_bars(r: V5Result) -> list[Bar]:
    """One bar per total of successes from 0; those reaching the difficulty win."""
    top = max(r.successes)
    return [
        Bar(str(k), p, WIN_COLOR if k >= r.difficulty else LOSS_COLOR)
        for k, p in ((k, r.successes.get(k, Fraction(0))) for k in range(top + 1))
    ]


def willpower_html(w: WillpowerOdds, t: Words) -> str:
    note = t("spend_note").format(p=percent(w.spend))
    return heading(t("willpower_title")) + f"<small>{escape(note)}</small>"


def rouse_text(hunger: int, no_gain: tuple[Fraction, Fraction] | None, t: Words) -> str:
    """The rouse check at ``hunger``: the chances that Hunger stays, with one die and with two
    (``None`` at Hunger 5, where the Blood cannot be roused by choice)."""
    if no_gain is None:
        return t("rouse_5")
    one, two = no_gain
    return t("rouse").format(h=hunger, one=percent(one), two=percent(two))


def rouse_html(text: str, t: Words) -> str:
    return heading(t("rouse_title")) + f"<p>{escape(text)}</p>"


def roll_empty_html(t: Words) -> str:
    return f"<small>{escape(t('roll_empty'))}</small>"


def roll_error_html(message: str) -> str:
    """A slip in the typed roll, said beside the field."""
    return f'<div class="calc-error-box" role="alert">{escape(message)}</div>'


def advice_parts(
    typed: TypedRoll, advice: RerollAdvice, t: Words, lang: str
) -> tuple[str, str, str]:
    """The advice on a typed roll: how it was read, the roll as it stands, the tip."""
    state = t("state_win" if advice.keep.win == 1 else "state_loss")
    now = t("advice_now").format(successes=advice.successes, state=state)
    best = advice.best
    if best.dice:
        tip = t("advice_reroll").format(
            faces=" ".join(str(f) for f in best.faces),
            win=percent(best.win),
            messy=percent(best.messy),
            bestial=percent(best.bestial),
        )
    else:
        tip = t("advice_keep")
    read = " ".join(w.in_language(lang) for w in typed.warnings)
    return read, now, tip


def advice_text(typed: TypedRoll, advice: RerollAdvice, t: Words, lang: str) -> str:
    return " ".join(part for part in advice_parts(typed, advice, t, lang) if part)


def advice_html(typed: TypedRoll, advice: RerollAdvice, t: Words, lang: str) -> str:
    read, now, tip = advice_parts(typed, advice, t, lang)
    note = f'<div class="calc-help vtm-v5-read">{escape(read)}</div>' if read else ""
    return f"{note}<p><b>{escape(now)}</b> {escape(tip)}</p>"


# -- weapons ----------------------------------------------------------------------------
@dataclass(frozen=True)
class WeaponChoice:
    """A weapon of the rules (its key, or ``NO_WEAPON``) in the hands of ``strength``."""

    key: str
    strength: int


def weapon_note_html(choice: WeaponChoice, t: Words, lang: str) -> str:
    """The weapon's formula, damage base at this Strength and source ("" without a weapon)."""
    if choice.key == NO_WEAPON:
        return ""
    item = weapon(choice.key)
    text = t("weapon_note").format(
        name=item.name.render(lang),
        formula=item.formula().render(lang),
        pool=item.damage_pool(choice.strength),
        source=item.source.render(lang),
    )
    return f'<small class="calc-help">{escape(text)}</small>'
