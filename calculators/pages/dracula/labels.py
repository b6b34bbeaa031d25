"""Fury of Dracula page's labels, outcome colours and the page's bounds and choices."""

from __future__ import annotations

from calculators.kit.labels import Catalog
from rules.dracula.words import ENDING_LABELS
from rules.i18n import Message, msg, msg_n

HUNTER_POLICIES = ("minimax", "goal", "always", "uniform")
GROUP_ESTIMATE_LIMITS: dict[tuple[str, str], int] = {
    ("dracula-day", "uniform"): 600_000,
    ("dracula-day", "minimax"): 350_000,
    ("dracula-night", "uniform"): 50_000,
    ("dracula-night", "minimax"): 8_000,
    ("agent", "uniform"): 600_000,
    ("agent", "minimax"): 300_000,
}
"""The largest estimate of a group combat's states (``rules.dracula.group.estimated_states``)
the page solves, by opponent and Dracula's target: what the engine solves in about 3 s of CPU
(``benchmarks/bench_dracula.py --group``; docs/performance.md). Each estimated state cost
0.4-5 microseconds by day and against an agent, 16-56 by night; with the minimax target up to
8 by day and against an agent, about 350 by night (measured on a loaded 2-core machine). So
the default group by day (two hunters at full health, one item each, blood 15: 395,520
estimated, 89,743 solved, under 1 s) computes; with the minimax target (380,160 estimated,
just over 3 s) and by night (990,720 estimated, about 20 s) it is refused at once. Above the
limit the page refuses before computing and says what to change."""
GROUP_MAX_STATES = 1_000_000
"""The engine's own cap on the states it solves for the page (a second guard: the estimate
is above the true count in every setup measured)."""

LABELS = Catalog(
    {
        "title": msg("Fury of Dracula: combat explorer"),
        "intro": msg(
            "Choose the hunter and the opponent; the page computes the exact odds of every "
            "card pairing, how the whole combat ends, and the best card mix for round 1."
        ),
        "tab_explore": msg("Explore odds"),
        "tab_judge": msg("Round resolver"),
        "hunter": msg("Hunter"),
        "health": msg("Health"),
        "bites": msg("Bites"),
        "items": msg("Combat items"),
        "opponent": msg("Opponent"),
        "dracula-night": msg("Dracula by night"),
        "dracula-day": msg("Dracula by day"),
        "agent": msg("An agent"),
        "weapons": msg("Agent weapons"),
        "minion": msg("The agent is a Minion"),
        "blood": msg("Dracula's blood"),
        "trap": msg("Trap (Dracula +1)"),
        "advance": msg("Advance Planning (hunter +1)"),
        "castle": msg("In Castle Dracula (+1)"),
        "eastern": msg("In Eastern Europe"),
        "garlic": msg("Garlic / Rage (no Escape, rounds 1-3)"),
        "dodge1": msg("Dodge allowed in round 1 (open point)"),
        "dodge1_help": msg(
            "Open point: the rulebook does not say whether Dodge may be played in the first "
            "round of a combat. On: either side may choose it in round 1; off: not before "
            "round 2."
        ),
        "agatha": msg("Sister Agatha: Fangs/Escape cost 2 blood"),
        "agatha_cost": msg("costs {n} blood"),
        "hunter_policy": msg("Hunter plays"),
        "enemy_policy": msg("Enemy plays"),
        "minimax": msg("best mix (minimax)"),
        "uniform": msg("any legal card, equally"),
        "goal": msg("best plan for a goal"),
        "always": msg("always one card when allowed"),
        "goal_label": msg("Hunter's goal (best plan)"),
        "always_label": msg("Card to always play"),
        "goal_destroy": msg("destroy Dracula (kill the agent)"),
        "goal_safety": msg("not be defeated or bitten"),
        "goal_blood": msg("take the most blood"),
        "plan_title": msg("Best plan for the goal: {goal}"),
        "plan_first": msg("Round 1 card"),
        "plan_value": msg("Goal's exact value under this plan"),
        "plan_note": msg(
            "The plan names one card for every situation of the fight, chosen for this goal "
            "against the opponent's way of playing; the odds above are this plan's, exactly."
        ),
        "always_note": msg(
            "The hunter plays {card} in every round the rules allow it (not right after it, "
            "unless he holds another copy; not once it is destroyed); in other rounds any "
            "legal card, equally."
        ),
        "mix_goal": msg(
            "Goal of this mix: points, blood Dracula loses minus health the hunter loses, "
            "round by round."
        ),
        "companions": msg("Group: other hunters"),
        "companion_items": msg(
            "Their combat items (e.g. Mina Harker: Crucifix; Dr. Seward: Knife)"
        ),
        "target": msg("Dracula's target in a group"),
        "target_uniform": msg("each hunter equally"),
        "target_minimax": msg("minimax (worst for the group)"),
        "group_title": msg("Group combat: {names}"),
        "group_note": msg(
            "Companions fight at full health with no bites; every card is chosen at random "
            "among the legal ones; when the group wins it applies its best revealed card."
        ),
        "group_hunter": msg("Hunter"),
        "group_defeated": msg("is the one defeated"),
        "group_bitten": msg("is the one bitten"),
        "group_health": msg("expected health at the end"),
        "group_refused": msg("Group combat not computed: {why}"),
        "group_steps": msg("the group's steps: {first} to {last}"),
        "group_too_big": msg(
            "it would need more than {limit} combat states (estimated before solving: "
            "{estimate} or more), the most this page solves in about 3 seconds for this "
            "opponent ({opponent}) and target ({target_name}). To compute it: fewer hunters in "
            "the group, fewer combat items, less health{blood}{target}."
        ),
        "group_too_big_blood": msg(", less blood for Dracula"),
        "group_too_big_target": msg(', or the target "each hunter equally" (faster)'),
        "group_tie": msg("Group: whose initiative breaks a tie"),
        "group_tie_help": msg(
            "Open point: in a group only the target rolls; on equal totals the rules do not "
            "say whose card's initiative meets Dracula's."
        ),
        "group_tie_target": msg("the target's card (the hunter who rolled)"),
        "group_tie_highest": msg("the highest among the hunters' cards"),
        "group_dodge": msg("Group: a won Dodge gives +1"),
        "group_dodge_help": msg(
            "Open point: when a group wins a roll in which a hunter revealed Dodge, the rules "
            "do not say whether the +1 next round needs the Dodge to be the card applied."
        ),
        "group_dodge_applied": msg("only if the Dodge is the card applied"),
        "group_dodge_any": msg("whenever a hunter revealed a Dodge"),
        "group_twice": msg("{name} is already the first hunter; choose other companions"),
        "bad_health": msg(
            "{name}'s health must be a whole number from 1 to {max} (his or her maximum); got"
            " {value}."
        ),
        "bad_bites": msg(
            "{name} has {slots} bite slot(s): bites must be a whole number from 0 to {max} (a"
            " bite in the last slot defeats the hunter, who then cannot fight); got {value}."
        ),
        "bad_blood": msg(
            "Dracula's blood track has {max} boxes: blood must be a whole number from 1 to "
            "{max}; got {value}."
        ),
        "assume": msg("Unknown initiative numbers"),
        "assume_none": msg("not set: enter them"),
        "assume_value": msg("assume all are {v}"),
        "initiative": msg("Initiative from your cards (e.g. Punch=1, Fangs=4)"),
        "overrides": msg("Table overrides (e.g. hunter: Punch vs Claws = wound 1)"),
        "need_initiative": msg(
            "Set the initiative numbers first. The seed gives only Stake 3 and Claws 2; "
            "unknown here: {cards}. Type them from your cards, or choose an assumed value. "
            "Ties happen in about {tie} of rolls, so the choice matters."
        ),
        "assumption_note": msg(
            "Assumed: the initiative numbers the rules do not give ({cards}) are all {v}. "
            'Type the numbers from your cards under "Initiative from your cards", or pick '
            'another value under "Unknown initiative numbers".'
        ),
        "initiative_short": msg("ini {n}"),
        "table_title": msg(
            "Round 1: chance the hunter wins the roll (row: hunter's card, column: enemy's)"
        ),
        "unconfirmed": msg(
            "† result not confirmed by the rulebook text (fan-made table); override it if "
            "your cards differ"
        ),
        "win": msg("win"),
        "lose": msg("loss"),
        "outcomes": msg("How the combat ends"),
        "track": msg("Dracula's blood when the combat ends"),
        "mix": msg("Round 1 best card mix (minimax)"),
        "value": msg("value for the hunter"),
        "payoff_note": msg(
            "Payoff: blood Dracula loses minus health the hunter loses; a bite costs health /"
            " free bite slots; killing an agent is worth the hunter's health."
        ),
        "rounds": msg("Expected rounds"),
        **ENDING_LABELS,
        "judge_intro": msg("Settle a round: pick both revealed cards and the dice as rolled."),
        "hunter_card": msg("Hunter's card"),
        "enemy_card": msg("Enemy's card"),
        "hunter_die": msg("Hunter's die"),
        "hunter_die2": msg("Second die (Godalming vs agent)"),
        "enemy_die": msg("Enemy's die"),
        "resolve": msg("Resolve round"),
        "restart": msg("Start a new combat"),
        "judge_state": msg("Combat state"),
        "round_no": msg("Round"),
        "over": msg("Combat over"),
        "continues_n": msg("Continues in a row"),
        "on_table": msg("On the table"),
        "compute_time": msg("computed in {t}"),
        "seconds": msg("{n} s"),
    }
)


def states_solved(n: int) -> Message:
    """How many combat states were solved exactly: "34 combat states solved exactly"."""
    return msg_n("{n} combat state solved exactly", "{n} combat states solved exactly", n)


OUTCOME_COLORS = {
    "defeated": "#8b1a1a",
    "bitten": "#c0392b",
    "escaped": "#7f8c8d",
    "continues": "#95a5a6",
    "destroyed": "#1e8449",
    "killed": "#1e8449",
}
ASSUME_CHOICES = ("", "0", "1", "2", "3", "4", "5", "6")
DEFAULT_ASSUMPTION = "1"  # the value the README's and the notebooks' worked examples use
