"""Reading and writing faction and warband files through the models.

Every failure is a :class:`DataError` whose problems read ``FILE:LINE:COLUMN: message``:
pydantic's error locations are mapped back to the YAML node the author typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from builder.data import yamlio
from builder.data.errors import DataError, Problem
from builder.model import Ability, AbilityGlossary, Faction, Warband
from builder.model.base import describe, model_at
from builder.model.faction import faction_data, reference_problems

MAX_WARBAND_BYTES = 1 * yamlio.MiB
MAX_FACTION_BYTES = 10 * yamlio.MiB

M = TypeVar("M", bound=BaseModel)

_MINIMUM = {"count": 1, "successes": 1, "max": 1, "wounds": 1, "max_same_combatant": 1,
            "max_squad_units": 1}


KINDS = {"spherewars-warband": "a warband list", "spherewars-faction": "a faction file",
         "spherewars-abilities": "an ability glossary"}


def load_warband(path: str | Path) -> Warband:
    doc = yamlio.load(path, MAX_WARBAND_BYTES)
    _same_kind(doc, "spherewars-warband")
    return validate_document(Warband, doc)


def parse_warband(path: str | Path, text: str) -> Warband:
    doc = yamlio.parse(path, text)
    _same_kind(doc, "spherewars-warband")
    return validate_document(Warband, doc)


def load_faction(path: str | Path, universal: Mapping[str, Ability] | None = None) -> Faction:
    doc = yamlio.load(path, MAX_FACTION_BYTES)
    _same_kind(doc, "spherewars-faction")
    return validate_document(Faction, doc, {"universal": dict(universal or {})})


def _same_kind(doc: yamlio.Document, family: str) -> None:
    """One clear message for a file of another kind, instead of one per unknown key."""
    schema = doc.data.get("schema")
    if isinstance(schema, str) and "/" in schema:
        other = schema.rsplit("/", 1)[0]
        if other != family and other in KINDS:
            line, column, _ = doc.locate(["schema"])
            raise DataError([Problem(doc.path, line, column,
                                     f"this is {KINDS[other]} ({schema}), not {KINDS[family]}")])


def load_glossary(path: str | Path) -> AbilityGlossary:
    return validate_document(AbilityGlossary, yamlio.load(path, MAX_FACTION_BYTES))


def validate_document(model: type[M], doc: yamlio.Document,
                      context: dict[str, Any] | None = None) -> M:
    try:
        return model.model_validate(doc.data, context=context)
    except ValidationError as exc:
        problems = problems_from(model, exc, doc)
        for where, message in _early_references(model, exc, doc.data, context):
            line, column, _ = doc.locate(where)
            problems.append(Problem(doc.path, line, column, message))
        raise DataError(problems) from None


def _early_references(model: type[BaseModel], exc: ValidationError, data: Any,
                      context: dict[str, Any] | None) -> list[tuple[tuple[Any, ...], str]]:
    """A faction's reference problems when other errors stopped pydantic before its
    cross-field check ran (if that check did run, its problems are already in ``exc``)."""
    if model is not Faction or any(e["type"] == "references" for e in exc.errors()):
        return []
    universal = (context or {}).get("universal", {})
    return [(_loc(where), message) for where, message in reference_problems(data, universal)]


def _loc(where: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.isdigit() else p for p in where.split("/"))


def validate_data(model: type[M], data: Any, context: dict[str, Any] | None = None
                  ) -> tuple[M | None, list[tuple[str, str]]]:
    """Validate plain data (the faction editor's form) with the same messages as files.

    Returns the model or ``(dotted key path, message)`` pairs, so that a form can show each
    problem next to its field.
    """
    try:
        return model.model_validate(data, context=context), []
    except ValidationError as exc:
        early = [(".".join(str(p) for p in loc), message)
                 for loc, message in _early_references(model, exc, data, context)]
        return None, _messages(model, exc) + early


def problems_from(model: type[BaseModel], exc: ValidationError,
                  doc: yamlio.Document) -> list[Problem]:
    problems = []
    for loc, key, msg in _located(model, exc):
        if key is not None:
            line, column = doc.locate_key(loc, key)
        else:
            line, column, _ = doc.locate(loc)
        problems.append(Problem(doc.path, line, column, msg))
    return problems


def _messages(model: type[BaseModel], exc: ValidationError) -> list[tuple[str, str]]:
    out = []
    for loc, key, msg in _located(model, exc):
        parts = [str(p) for p in loc if p not in ("by-id", "inline-ability")]
        if key is not None:
            parts.append(key)
        out.append((".".join(parts), msg))
    return out


Located = tuple[tuple[Any, ...], str | None, str]


def _located(model: type[BaseModel], exc: ValidationError) -> list[Located]:
    """(location, key inside it or None, message) for every error, in a readable form."""
    out: list[Located] = []
    for err in exc.errors(include_url=False):
        loc = tuple(err["loc"])
        kind = err["type"]
        ctx = err.get("ctx") or {}
        if kind == "references":
            for where, msg in ctx["problems"]:
                out.append((_loc(where), None, msg))
            continue
        if kind == "extra_forbidden":
            owner = model_at(model, loc[:-1])
            key = str(loc[-1])
            msg = owner.suggest_key(key) if owner else f"unknown key '{key}'"
            out.append((loc[:-1], key, msg))
            continue
        if kind == "missing":
            out.append((loc[:-1], None, f"missing required key '{loc[-1]}'"))
            continue
        out.append((loc, None, _message(loc, kind, err, ctx)))
    return out


def _field(loc: tuple[Any, ...]) -> str:
    parts = [p for p in loc if p not in ("by-id", "inline-ability")]
    if not parts:
        return "the file"
    name = ""
    for part in reversed(parts):
        if isinstance(part, int):
            name = f"[{part}]" + name
        else:
            return "schema" if part == "schema_" else f"{part}{name}"
    return name


def _message(loc: tuple[Any, ...], kind: str, err: Any, ctx: dict[str, Any]) -> str:
    field = _field(loc)
    got = describe(err.get("input"))
    if kind in ("int_type", "int_parsing", "greater_than_equal", "int_from_float"):
        key = field.split("[")[0]
        minimum = ctx.get("ge", _MINIMUM.get(key, 0))
        return f"{field} must be an integer >= {minimum} (got {got})"
    if kind in ("bool_type", "bool_parsing"):
        return f"{field}: expected true or false (got {got})"
    if kind == "literal_error":
        expected = str(ctx.get("expected", "")).replace("'", "").replace(" or ", ", ")
        return f"{field} must be one of: {expected} (got {got})"
    if kind in ("string_type", "string_sub_type"):
        return f"{field} must be text (got {got})"
    if kind == "list_type":
        return f"{field} must be a list (got {got})"
    if kind in ("too_short",):
        return f"{field} must have at least one entry"
    if kind in ("model_type", "dict_type", "model_attributes_type", "mapping_expected"):
        return f"{field}: expected a mapping of keys (got {got})"
    if kind == "value_error":
        msg = err["msg"].removeprefix("Value error, ")
        return f"{field}: {msg}"
    msg = err["msg"]
    return msg if msg.startswith(field) else f"{field}: {msg}"


def warband_text(warband: Warband) -> str:
    return yamlio.dump(warband.to_data())


def faction_text(faction: Faction) -> str:
    return yamlio.dump(faction_data(faction))


def save_faction(faction: Faction, path: str | Path) -> None:
    """Atomic save in the SPEC's key order, so hand edits and diffs stay readable."""
    yamlio.write_atomic(path, faction_text(faction))


def save_warband(warband: Warband, path: str | Path) -> None:
    """Atomic save; entries are written as they are, known to the data or not."""
    yamlio.write_atomic(path, warband_text(warband))


__all__ = ["DataError", "Problem", "MAX_FACTION_BYTES", "MAX_WARBAND_BYTES", "faction_text",
           "load_faction", "save_faction",
           "load_glossary", "load_warband", "parse_warband", "problems_from", "save_warband",
           "validate_data", "validate_document", "warband_text"]
