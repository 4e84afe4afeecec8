"""Shared pieces of the file models: strict keys with suggestions, small field checks."""

from __future__ import annotations

import difflib
import re
from typing import Annotated, Any, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    Tag,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class StrictModel(BaseModel):
    """A model for hand-written files: unknown keys are errors that suggest the right one."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False, populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _mapping(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for key in data:
                if not isinstance(key, str):
                    raise PydanticCustomError(
                        "key_type", "keys must be text, not {key}", {"key": repr(key)}
                    )
            # An optional key written with no value (`equipment:`) means "absent": use the
            # default rather than refusing null where the default is a list, false or 5.
            nulls = [k for k, v in data.items() if v is None and k in cls._defaults_not_none()]
            if nulls:
                data = {k: v for k, v in data.items() if k not in nulls}
        elif data is not None and not isinstance(data, BaseModel):
            raise PydanticCustomError(
                "mapping_expected", "expected a mapping of keys, got {got}",
                {"got": describe(data)},
            )
        return data

    @classmethod
    def _defaults_not_none(cls) -> frozenset[str]:
        cached = cls.__dict__.get("_nullable_cache")
        if cached is None:
            cached = frozenset(
                f.alias or name for name, f in cls.model_fields.items()
                if not f.is_required() and f.get_default(call_default_factory=True) is not None)
            cls._nullable_cache = cached  # type: ignore[attr-defined]
        return cached

    @classmethod
    def known_keys(cls) -> list[str]:
        return sorted(f.alias or name for name, f in cls.model_fields.items())

    @classmethod
    def suggest_key(cls, key: str) -> str:
        """The message for an unknown key: the closest known key, or all of them."""
        known = cls.known_keys()
        close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else f"; known keys: {', '.join(known)}"
        return f"unknown key '{key}'{hint}"


def model_at(model: type[BaseModel], loc: tuple[Any, ...]) -> type[StrictModel] | None:
    """The model class that validates the mapping at ``loc`` (for messages); a union's tag in
    ``loc`` (``inline-ability``, ``q-sum``) picks the member it names."""
    annotation: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        tagged = _tagged(annotation, part)
        if tagged is not None:
            annotation = tagged
            continue
        current = _inner_model(annotation)
        if current is None:
            return None
        fields = {f.alias or name: f for name, f in current.model_fields.items()}
        if part not in fields:
            return None
        annotation = fields[part].annotation
    current = _inner_model(annotation)
    return current if isinstance(current, type) and issubclass(current, StrictModel) else None


def _tagged(annotation: Any, tag: str) -> Any:
    """The member of a tagged union (``Annotated[X, Tag(tag)]``) inside ``annotation``."""
    for meta in getattr(annotation, "__metadata__", ()):
        if isinstance(meta, Tag) and meta.tag == tag:
            return annotation.__origin__
    for arg in get_args(annotation):
        found = _tagged(arg, tag)
        if found is not None:
            return found
    return None


def _inner_model(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


def describe(value: Any) -> str:
    """How a YAML value reads to its author, for messages."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text '{value}'" if len(value) < 40 else "a long text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def check_id(value: str) -> str:
    if not ID_PATTERN.match(value):
        raise ValueError(
            f"'{value}' is not a valid id: use lowercase letters, digits and '-' "
            "(for example 'nek-org')"
        )
    return value


def check_not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


def _dash_is_none(value: Any) -> Any:
    if isinstance(value, str) and value.strip() in ("-", "–", "—", ""):
        return None
    return value


Id = Annotated[str, Strict(), AfterValidator(check_id)]
Text = Annotated[str, Strict(), AfterValidator(check_not_blank)]
OptText = Annotated[str | None, Strict()]
Count = Annotated[int, Strict(), Field(ge=1)]
NonNegative = Annotated[int, Strict(), Field(ge=0)]
NONE_SCHEMA: list[dict[str, Any]] = [{"type": "null"}, {"const": "-"}]
Stat = Annotated[
    NonNegative | None,
    BeforeValidator(_dash_is_none),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 0}, *NONE_SCHEMA]}),
]
"""A profile value: a whole number, or none (null or "-")."""


def check_schema(value: Any, expected: str) -> Any:
    """Refuse other formats, and newer versions with the version this program reads."""
    if value == expected:
        return value
    family = expected.rsplit("/", 1)[0]
    if isinstance(value, str) and value.startswith(family + "/"):
        raise PydanticCustomError(
            "schema_version",
            "this file is {got}; this program reads {expected} (a newer version of the "
            "builder may read it)",
            {"got": value, "expected": expected},
        )
    raise PydanticCustomError(
        "schema_value", "schema must be '{expected}', not {got}",
        {"expected": expected, "got": repr(value)},
    )
