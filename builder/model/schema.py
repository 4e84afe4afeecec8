"""JSON Schema of the file formats, for editors (VS Code's YAML extension and the like)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from builder.model.faction import Faction
from builder.model.warband import Warband

SCHEMA_IDS = {
    "faction": "https://spherewars.invalid/schema/spherewars-faction-1.json",
    "warband": "https://spherewars.invalid/schema/spherewars-warband-1.json",
}


def json_schema(kind: str) -> dict[str, Any]:
    models: dict[str, type[BaseModel]] = {"faction": Faction, "warband": Warband}
    model = models[kind]
    schema = model.model_json_schema(by_alias=True, mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_IDS[kind],
            **schema}
