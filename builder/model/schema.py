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


def json_schema(kind: str, system: System | None = None) -> dict[str, Any]:
    model = MODELS[kind]
    schema = model.model_json_schema(by_alias=True, mode="validation")
    name = f"spherewars-{kind}-1" + (f"-{system.id}" if system is not None else "")
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema",
           "$id": f"{BASE_URL}{name}.json", **schema}
    if kind == "faction" and system is not None:
        out = _for_system(out, system)
    return out


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
