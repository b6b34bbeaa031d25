"""Reading a combatant of a combat scenario: a ready vampire (capacity and blood) or a ready
ally (life), with its strength, equipment and retainers.

:func:`parse_combatant` checks its part of the scenario and raises
:class:`rules.errors.InvalidState` naming the place, the problem and what is allowed;
:mod:`rules.vtes.scenario` calls it.
"""

from __future__ import annotations

from rules.errors import InvalidState
from rules.i18n import msg
from rules.validation import shown
from rules.vtes.scenario_input import Place as _Place
from rules.vtes.scenario_input import read_bool as _bool
from rules.vtes.scenario_input import read_int as _int
from rules.vtes.scenario_input import read_keys as _keys
from rules.vtes.scenario_input import read_list as _list
from rules.vtes.scenario_input import read_str as _str
from rules.vtes.scenario_keys import COMBATANT_KEYS, RETAINER_KEYS
from rules.vtes.scenario_strikes import parse_equipment as _equipment_item
from rules.vtes.scenario_values import Combatant, Equipment, Retainer, Side

__all__ = ["parse_combatant"]


def parse_combatant(data: object, side: Side) -> Combatant:
    where = _Place(
        msg("The acting combatant") if side == "acting" else msg("The opposing combatant")
    )
    c = _keys(data, COMBATANT_KEYS, where)
    name = _str(c, "name", where, required=True)
    assert name is not None
    where = _Place(
        msg("{name} (acting)", name=name)
        if side == "acting"
        else msg("{name} (opposing)", name=name)
    )
    kind = c.get("kind")
    strength = _int(c, "strength", where, default=1)
    equipment: list[Equipment] = []
    for i, item in enumerate(_list(c, "equipment", where), 1):
        iw = where.then(msg("equipment {i}", i=i))
        parsed = _equipment_item(item, iw)
        ename = parsed.name
        if any(x.name == ename for x in equipment):
            raise InvalidState(
                msg(
                    "{where}: two equipment cards are named {value}; give copies distinct names "
                    "(e.g. add '#2').",
                    where=where.said,
                    value=repr(ename),
                )
            )
        equipment.append(parsed)
    retainers: list[Retainer] = []
    for i, item in enumerate(_list(c, "retainers", where), 1):
        rw = where.then(msg("retainer {i}", i=i))
        r = _keys(item, RETAINER_KEYS, rw)
        rname = _str(r, "name", rw, required=True)
        assert rname is not None
        if any(x.name == rname for x in retainers):
            raise InvalidState(
                msg(
                    "{where}: two retainers are named {value}; names must differ.",
                    where=where.said,
                    value=repr(rname),
                )
            )
        rplace = where.then(rname)
        retainers.append(
            Retainer(
                rname,
                _int(r, "life", rplace, minimum=1),
                damage=_int(r, "damage", rplace, default=0),
            )
        )
    if kind == "vampire":
        if "life" in c:
            raise InvalidState(
                msg("{where}: a vampire has 'capacity' and 'blood', not 'life'.", where=where.said)
            )
        capacity = _int(c, "capacity", where, minimum=1)
        blood = _int(c, "blood", where)
        if blood > capacity:
            raise InvalidState(
                msg(
                    "{where}: blood {blood} is above capacity {capacity}; blood must be from 0 to "
                    "{capacity}.",
                    where=where.said,
                    blood=blood,
                    capacity=capacity,
                )
            )
        return Combatant(
            name,
            "vampire",
            strength,
            capacity=capacity,
            blood=blood,
            equipment=tuple(equipment),
            retainers=tuple(retainers),
            wounded=_bool(c, "wounded", where),
        )
    if kind == "ally":
        if "capacity" in c or "blood" in c or "wounded" in c:
            raise InvalidState(
                msg(
                    "{where}: an ally has 'life', not 'capacity', 'blood' or 'wounded'.",
                    where=where.said,
                )
            )
        life = _int(c, "life", where, minimum=1)
        return Combatant(
            name,
            "ally",
            strength,
            life=life,
            equipment=tuple(equipment),
            retainers=tuple(retainers),
        )
    raise InvalidState(
        msg(
            "{where}: {key} is {value}; allowed: {allowed}.",
            where=where.said,
            key=repr("kind"),
            value=shown(kind),
            allowed=["'vampire'", "'ally'"],
        )
    )
