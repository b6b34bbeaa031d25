"""VTES damage page's words and inputs: the label catalog, the input names, their bounds."""

from __future__ import annotations

from calculators.kit.labels import LANGS, Catalog
from rules.i18n import msg, msg_p

KINDS: tuple[str, ...] = ("vampire", "ally", "retainer")
INPUTS: tuple[str, ...] = (
    "kind",
    "name",
    "capacity",
    "blood",
    "state",
    "normal",
    "aggravated",
    "prevent_normal",
    "prevent_aggravated",
    "rules",
)

MAX_CAPACITY = 11  # the largest capacity a vampire card has
MAX_LIFE = 20  # far above any ally's printed life
MAX_DAMAGE = 30  # damage or prevention of one resolution

LABELS = Catalog(
    {
        "bad_preset": msg("unknown preset {preset!r} in the page address; allowed: {allowed}"),
        "title": msg("VTES damage resolution"),
        "intro": msg(
            "Enter the minion and the damage it is dealt at once; the page applies "
            "prevention, mending and aggravated damage in rule order and explains each step."
        ),
        "minion": msg("Minion"),
        "damage": msg("Damage"),
        "prevention": msg("Prevention"),
        "kind": msg("Kind"),
        "vampire": msg("Vampire"),
        "ally": msg("Ally"),
        "retainer": msg("Retainer"),
        "name": msg_p("vtes_damage.name", "Name"),
        "capacity": msg("Capacity"),
        "blood": msg("Blood"),
        "life": msg("Life"),
        "state": msg("State"),
        "ready": msg("ready"),
        "torpor": msg_p("vtes_damage.torpor", "torpor"),
        "burned": msg("burned"),
        "wounded": msg("wounded"),
        "normal": msg("Normal"),
        "aggravated": msg_p("vtes_damage.aggravated", "Aggravated"),
        "prevent_normal": msg("of normal"),
        "prevent_aggravated": msg("of aggravated"),
        "prevention_help": msg(
            "How many points of each type the player prevents (prevention may go to "
            "aggravated points first). Damage dealt to retainers cannot be prevented."
        ),
        "rules": msg("Rules"),
        "black-hand": msg("Black Hand rulebook (default)"),
        "vekn-2024": msg("VEKN 2024 rulebook"),
        "outcome": msg("Outcome"),
        "before": msg("Before"),
        "after": msg("After"),
        "left": msg("left"),
        "spent": msg("burned this resolution"),
        "empty": msg("empty"),
        "mended": msg("Blood burned to mend normal damage"),
        "paid": msg("Blood burned to survive aggravated damage"),
        "prevented": msg_p("vtes_damage.prevented", "Damage prevented"),
        "life_lost": msg("Life lost"),
        "rulebook_says": msg("The rulebook's example"),
        "matches": msg("the engine agrees"),
        "differs": msg("the engine DIFFERS"),
        "expected_torpor": msg("torpor with {blood} blood"),
        "expected_burned": msg("burned"),
        "v_ready": msg("{name} stays ready with {blood} of {capacity} blood."),
        "v_torpor_new": msg(
            "{name} is wounded and goes to torpor with {blood} of {capacity} blood."
        ),
        "v_torpor_stays": msg(
            "{name} is still wounded and stays in torpor with {blood} of {capacity} blood."
        ),
        "v_burned": msg(
            "{name} is burned: straight to the ash heap, without torpor (not diablerie)."
        ),
        "l_ready": msg("{name} stays ready with {blood} life."),
        "l_burned": msg("{name} has no life left and is burned."),
        "lost": msg("lost this resolution"),
        "picture": msg("Blood against capacity"),
        "picture_life": msg("Life"),
    }
)

DEFAULT_NAMES = frozenset(LABELS.text(kind, lang) for kind in KINDS for lang in LANGS)
"""Names the page fills in itself: they follow the kind and the language."""
