"""Closed forms of the pool roll, as sympy expressions and LaTeX, for display.

sympy is imported inside the functions only (importing it costs about 0.3 s).
Every formula is also evaluated exactly, so tests can compare it with the
engine in :mod:`rules.vtm.dice`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rules.i18n import msg, msg_p
from rules.trace import Step
from rules.validation import choice, flag, present
from rules.vtm.dice import SPECIALTIES, PoolResult, pool

__all__ = [
    "ClosedForm",
    "ClosedForms",
    "botch_formula",
    "closed_form_values",
    "expected_net_formula",
    "general_forms",
    "generating_function",
    "pool_closed_forms",
]


@dataclass(frozen=True, slots=True)
class ClosedForm:
    """One formula: its symbol, the general LaTeX, and its exact value for the pool shown."""

    key: str
    symbol: str
    general: str
    value: Fraction | None
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True, slots=True)
class ClosedForms:
    dice: int
    difficulty: int
    specialty: str | None
    reroll_ones_cancel: bool
    forms: tuple[ClosedForm, ...]


def _sympy() -> Any:
    """The sympy module, imported on first use."""
    import sympy  # type: ignore[import-untyped]

    return sympy


def _symbols() -> tuple[Any, Any, Any]:
    sympy = _sympy()

    n, d = sympy.symbols("n d", positive=True, integer=True)
    z = sympy.Symbol("z")
    return n, d, z


def botch_formula() -> Any:
    """P(botch) for ``n`` dice at difficulty ``d``: no die reaches ``d`` and not all are blanks."""
    n, d, _ = _symbols()
    return ((d - 1) ** n - (d - 2) ** n) / 10**n


def _ten_value(specialty: str | None, ones_cancel: bool) -> Any:
    sympy = _sympy()

    _, d, _z = _symbols()
    if specialty == "double":
        return sympy.Integer(2)
    if specialty == "reroll":
        c = 1 if ones_cancel else 0
        return 1 + (11 - d - c) / sympy.Integer(9)
    return sympy.Integer(1)


def _check_rules(specialty: object, reroll_ones_cancel: object) -> None:
    choice(msg_p("vtm parameter", "specialty"), specialty, (None, *SPECIALTIES))
    flag(msg_p("vtm parameter", "reroll_ones_cancel"), reroll_ones_cancel)


def expected_net_formula(specialty: str | None = None, reroll_ones_cancel: bool = False) -> Any:
    """E[net successes] for ``n`` dice at difficulty ``d`` (linear in ``n``)."""
    _check_rules(specialty, reroll_ones_cancel)
    sympy = _sympy()

    n, d, _ = _symbols()
    ten = _ten_value(specialty, reroll_ones_cancel)
    return sympy.simplify(n * ((10 - d) - 1 + ten) / 10)


def generating_function(specialty: str | None = None, reroll_ones_cancel: bool = False) -> Any:
    """The probability generating function of the net value of ``n`` dice, in ``z``."""
    _check_rules(specialty, reroll_ones_cancel)
    n, d, z = _symbols()
    if specialty == "reroll":
        c = 1 if reroll_ones_cancel else 0
        m = 10 / z + (10 * d - 21) + (100 - 10 * d) * z + z ** (1 - c)
        return (m / (100 - 10 * z)) ** n
    ten = 2 if specialty == "double" else 1
    return ((1 / z + (d - 2) + (10 - d) * z + z**ten) / 10) ** n


def _fraction(expr: Any) -> Fraction:
    sympy = _sympy()

    value = sympy.nsimplify(expr) if not isinstance(expr, sympy.Rational) else expr
    rational = sympy.Rational(value)
    return Fraction(int(rational.p), int(rational.q))


def general_forms(
    specialty: str | None = None, reroll_ones_cancel: bool = False
) -> tuple[ClosedForm, ...]:
    """The formulas of one rule set (LaTeX in ``n`` dice and difficulty ``d``), no values.

    Built with sympy on first use and kept: later calls cost nothing.
    """
    _check_rules(specialty, reroll_ones_cancel)
    return _general_forms(specialty, reroll_ones_cancel)


@lru_cache(maxsize=16)
def _general_forms(specialty: str | None, reroll_ones_cancel: bool) -> tuple[ClosedForm, ...]:
    sympy = _sympy()
    _n, d, z = _symbols()
    ones_cancel = reroll_ones_cancel and specialty == "reroll"
    e_net = expected_net_formula(specialty, ones_cancel)
    gf = generating_function(specialty, ones_cancel)
    forms = [
        ClosedForm(
            "botch",
            r"P(\text{botch})",
            r"\frac{(d-1)^{n} - (d-2)^{n}}{10^{n}}",
            None,
            (
                Step(
                    "vtm:botch", msg("No die reaches the difficulty, minus the rolls without a 1.")
                ),
            ),
        ),
        ClosedForm("no_hit", r"P(\text{no die} \ge d)", r"\left(\frac{d-1}{10}\right)^{n}", None),
        ClosedForm("expected_net", r"E[\text{net}]", sympy.latex(e_net), None),
        ClosedForm("pgf", r"G(z)", sympy.latex(gf), None),
    ]
    if specialty == "reroll":
        c = 1 if ones_cancel else 0
        m_expr = 10 / z + (10 * d - 21) + (100 - 10 * d) * z + z ** (1 - c)
        general = (
            r"\frac{1}{100^{n}} \sum_{j=-n}^{\min(n,k)} "
            r"[z^{j}]\left(" + sympy.latex(m_expr) + r"\right)^{n} "
            r"\binom{k-j+n-1}{n-1} 10^{j-k}"
        )
        forms.append(ClosedForm("net_k", r"P(\text{net}=k)", general, None))
        forms.append(
            ClosedForm(
                "tail",
                r"P(\text{net} > k_{\max})",
                r"1 - \sum_{k \le k_{\max}} P(\text{net}=k)",
                None,
            )
        )
    return tuple(forms)


def closed_form_values(result: PoolResult) -> dict[str, Fraction]:
    """The values the formulas take for ``result``'s rolled dice, without sympy.

    They come from the engine; tests check that sympy's evaluation of the formulas
    (:func:`pool_closed_forms`) gives the same numbers.
    """
    present(msg_p("vtm parameter", "result"), result, PoolResult)
    n, d = result.rolled, result.difficulty
    values = {
        "botch": Fraction((d - 1) ** n - (d - 2) ** n, 10**n),
        "no_hit": Fraction((d - 1) ** n, 10**n),
        "expected_net": result.expected_net,
    }
    if result.specialty == "reroll":
        values["tail"] = result.net_tail
    return values


def pool_closed_forms(
    dice: int,
    difficulty: int = 6,
    *,
    specialty: str | None = None,
    reroll_ones_cancel: bool = False,
) -> ClosedForms:
    """The closed forms for a pool, each evaluated by sympy at ``dice`` and ``difficulty``."""
    sympy = _sympy()
    result = pool(dice, difficulty, specialty=specialty, reroll_ones_cancel=reroll_ones_cancel)
    ones_cancel = reroll_ones_cancel and specialty == "reroll"
    n, d, _z = _symbols()
    at = {n: dice, d: difficulty}
    exprs = {
        "botch": botch_formula(),
        "no_hit": ((d - 1) / sympy.Integer(10)) ** n,
        "expected_net": expected_net_formula(specialty, ones_cancel),
    }
    forms = []
    for form in general_forms(specialty, ones_cancel):
        if form.key in exprs:
            value: Fraction | None = _fraction(exprs[form.key].subs(at))
        elif form.key == "tail":
            value = result.net_tail
        else:
            value = None
        forms.append(ClosedForm(form.key, form.symbol, form.general, value, form.steps))
    return ClosedForms(dice, difficulty, specialty, ones_cancel, tuple(forms))
