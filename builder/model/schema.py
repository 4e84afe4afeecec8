"""JSON Schema of the file formats, for editors (VS Code's YAML extension and the like).

``faction`` with a system gives that system's faction schema: its stat ids as the profile's
keys, its types, ranks, parameters and ability kinds as the allowed values.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

from builder.model.event import Event
from builder.model.faction import Faction
from builder.model.system import System
from builder.model.text import display
from builder.model.warband import Warband

BASE_URL = "https://spherewars.invalid/schema/"
MODELS: dict[str, type[BaseModel]] = {"faction": Faction, "warband": Warband, "system": System,
                                       "event": Event}
_NONE = [{"type": "null"}, {"const": "-"}]


_SELECTOR = "a quantity: a whole number, a parameter name, points_limit, or {models|sum|max: …}"
_ABILITY = {
    "id": "the ability's id: lowercase letters, digits and '-'",
    "name": "the ability's name as printed",
    "scope": "racial, unique or universal",
    "kind": "what kind of ability it is (one of the game system's ability kinds)",
    "difficulty": "feats: the target value (a whole number) or \"A\" (automatic)",
    "successes": "feats: successes needed (default 1)",
    "text": "the rules text of the ability",
}
_RULE = {
    "id": "the rule id its findings carry (lowercase letters, digits and '-')",
    "severity": "error (the default) makes a list illegal; warning does not",
    "name": "a short label for the rule",
    "cite": "the rulebook sentence this rule enforces, quoted in its findings",
    "count": "form 1: one amount for the whole list (" + _SELECTOR + ")",
    "each": "form 2: a selector; the models of each hired combatant that matches are counted",
    "at_most": "the largest allowed amount (" + _SELECTOR + ")",
    "at_least": "the smallest allowed amount (" + _SELECTOR + ")",
    "exactly": "the only allowed amount: at_least and at_most together",
    "own_max": "form 2 only: a combatant's own max replaces at_most",
    "when": "the rule applies only when this quantity is more than 0",
    "message": "the finding's text: a template with {amount}, {bound}, {combatant}, {basis}",
}
_SELECTOR_KEYS = {
    "type": "combatant type id, or a list of them (any matches)",
    "id": "combatant id, or a list of them (any matches)",
    "rank": "rank id, or a list of them (any matches)",
    "squad": "true: only combatants that form a squad; false: only those that do not",
    "tag": "a tag the combatant carries, or a list of them (any matches)",
}
DESCRIPTIONS: dict[str, dict[str, str]] = {
    "Faction": {
        "schema": "the file format and its version: spherewars-faction/1",
        "system": "the game system's id (absent: spherewars-1e)",
        "id": "the faction's id, unique across all loaded data: lowercase letters, digits, '-'",
        "name": "the faction's name as shown and printed",
        "source": "the published source the profiles come from",
        "building": "overrides of the game system's recruiting parameters, by name",
        "abilities": "the faction's glossary of racial and unique abilities",
        "combatants": "every combatant the faction can hire (at least one)",
    },
    "Ability": _ABILITY,
    "GlossaryAbility": _ABILITY,
    "Combatant": {
        "id": "the combatant's id, unique inside the faction: lowercase letters, digits, '-'",
        "name": "the combatant's name as shown and printed",
        "nickname": "an epithet printed after the name",
        "type": "the combatant type (one of the game system's types)",
        "rank": "the combatant's rank (one of the game system's ranks)",
        "base": "base size in mm",
        "squad": "true: this combatant forms a squad (default false)",
        "max": "a cap on how many of this combatant a list may hire (e.g. 1 for a unique hero)",
        "wounds": "wounds on the card's track (default: the game system's)",
        "tags": "free labels that rules' selectors can match (tag: mounted)",
        "profile": "the stat line: stat id -> value; null or \"-\" means none",
        "abilities": "ability ids from the faction's or the game's glossary, or inline abilities",
        "equipment": "equipment carried, one item per entry",
        "unique_equipment": "unique equipment carried, one item per entry",
        "description": "a description of the combatant, printed on its card",
    },
    "Warband": {
        "schema": "the file format and its version: spherewars-warband/1",
        "name": "the list's name",
        "faction": "the id of the faction the list is built from",
        "points_limit": "the points the list may spend (absent: no limit)",
        "entries": "the combatants hired, each with how many",
        "notes": "free notes, printed on the turn summary sheet",
    },
    "Entry": {
        "combatant": "the id of a combatant of the list's faction",
        "count": "how many models of it are hired (1 to 9,999)",
    },
    "System": {
        "schema": "the file format and its version: spherewars-system/1",
        "id": "the game system's id: lowercase letters, digits and '-'",
        "name": "the game's name as shown and printed",
        "source": "the published rules the system comes from",
        "list_name": "what a list is called in this game (default: Warband)",
        "cost": "the number stat a list's points add up (absent: no points)",
        "wounds": "default wounds of a combatant (absent: no wound track)",
        "bases": "allowed base sizes in mm (absent: any whole number)",
        "stats": "the stat line in print order",
        "types": "the combatant types, in catalogue order (at least one)",
        "ranks": "the combatant ranks",
        "ability_kinds": "what an ability's kind may be",
        "abilities": "the game's universal glossary of abilities",
        "parameters": "recruiting parameters: name -> default whole number; factions override "
                      "them under building",
        "rules": "the recruiting rules, checked in order",
        "figures": "derived figures reported with every check and printed on the summary sheet",
        "reference": "the id of the turn reference printed on the summary sheet",
    },
    "StatDef": {
        "id": "the stat's id as written in profiles: letters, digits, '_' and '-'",
        "name": "the stat's full name",
        "kind": "number (the default), pair (a number or \"a-b\") or text (free text)",
        "required": "true: every combatant must give this stat",
        "only_when_set": "true: the column is printed only for combatants that have the stat",
    },
    "TypeDef": {
        "id": "the type's id, as combatants' type names it",
        "name": "the type's name",
        "plural": "the type's name for several (default: the name with an s)",
    },
    "Named": {"id": "the id that files name it by", "name": "its name as shown and printed"},
    "Figure": {
        "id": "the figure's id (its key in a check's JSON stats)",
        "name": "the figure's name as printed",
        "value": "how it is computed: " + _SELECTOR,
        "help": "what the figure means at the table, shown as a tooltip",
    },
    "Rule": _RULE,
    "Selector": _SELECTOR_KEYS,
    "Event": {
        "schema": "the file format and its version: spherewars-event/1",
        "name": "the event's name",
        "date": "the event's date, YYYY-MM-DD",
        "system": "the game system every list must be of",
        "points_limit": "replaces every list's own points limit",
        "factions": "the factions lists may be of (absent: any)",
        "rules": "more recruiting rules in the game system format, checked after the system's",
        "data": "the data fingerprint the event expects, per faction id",
        "lists": "the registered lists: a list not among them breaks list-not-registered",
    },
    "RegisteredList": {
        "player": "the player who registered the list",
        "fingerprint": "the list fingerprint (spherewars fingerprint FILE)",
    },
}
"""Every key's help text, shown by editors on hover; keyed by the model's name in the schema
(``$defs``, or the top-level model)."""


def _describe(schema: dict[str, Any], kind: str) -> dict[str, Any]:
    """Give every property the description of its key (a description already there, such as
    a system's stat name, stays)."""
    models = [(MODELS[kind].__name__, schema)]
    models += list(schema.get("$defs", {}).items())
    for name, model in models:
        texts = DESCRIPTIONS.get(name, {})
        for key, prop in model.get("properties", {}).items():
            if key in texts and isinstance(prop, dict) and not prop.get("description"):
                prop["description"] = texts[key]
    return schema


def json_schema(kind: str, system: System | None = None) -> dict[str, Any]:
    model = MODELS[kind]
    schema = model.model_json_schema(by_alias=True, mode="validation")
    name = f"spherewars-{kind}-1" + (f"-{system.id}" if system is not None else "")
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema",
           "$id": f"{BASE_URL}{name}.json", **schema}
    if kind == "faction" and system is not None:
        out = _for_system(out, system)
    return _describe(out, kind)


def _stat_schema(kind: str) -> dict[str, Any]:
    if kind == "pair":
        return {"anyOf": [{"type": "integer", "minimum": 0},
                          {"type": "string", "pattern": r"^\s*\d+\s*-\s*\d+\s*$"}, *_NONE]}
    if kind == "text":
        return {"anyOf": [{"type": "string"}, {"type": "null"}]}
    return {"anyOf": [{"type": "integer", "minimum": 0}, *_NONE]}


def _for_system(schema: dict[str, Any], system: System) -> dict[str, Any]:
    schema = copy.deepcopy(schema)
    defs = schema.get("$defs", {})
    combatant = defs["Combatant"]["properties"]
    combatant["type"] = {"enum": list(system.type_order), "description": "combatant type: "
                         + ", ".join(f"{t.id} ({display(t.name)})" for t in system.types)}
    if system.ranks:
        combatant["rank"] = {"anyOf": [{"enum": [r.id for r in system.ranks]},
                                       {"type": "null"}]}
    if system.bases:
        combatant["base"] = {"anyOf": [{"enum": list(system.bases)}, {"type": "null"}]}
    combatant["profile"] = {
        "type": "object", "additionalProperties": False,
        "required": [s.id for s in system.stats if s.required],
        "properties": {s.id: {**_stat_schema(s.kind), "description": display(s.name)}
                       for s in system.stats}}
    schema["properties"]["building"] = {
        "type": "object", "additionalProperties": False,
        "properties": {k: {"type": "integer", "minimum": 0, "default": v,
                           "description": f"overrides the system's {k} (default {v})"}
                       for k, v in system.parameters.items()}}
    schema["properties"]["system"] = {"const": system.id}
    if system.ability_kinds:
        kinds = {"anyOf": [{"enum": [k.id for k in system.ability_kinds]}, {"type": "null"}]}
        for name in ("Ability", "GlossaryAbility"):
            if name in defs:
                defs[name]["properties"]["kind"] = kinds
    return schema
