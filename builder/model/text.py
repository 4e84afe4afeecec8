"""Display texts of data files: plain text, or one text per language (``{en: …, es: …}``).

SPEC §5: "every display text may be {en: …, es: …}". The language shown is the program's
current one (``set_language``), else English, else the first given.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, Strict, WithJsonSchema

LANGUAGE_KEY = re.compile(r"^[a-z]{2}$")
DEFAULT_LANGUAGE = "en"
_current = {"language": DEFAULT_LANGUAGE}


def set_language(code: str) -> None:
    _current["language"] = code


def language() -> str:
    return _current["language"]


def _check_display(value: str | dict[str, str]) -> str | dict[str, str]:
    if isinstance(value, str):
        if not value.strip():
            raise ValueError("must not be empty")
        return value
    if not value:
        raise ValueError("give the text, or one text per language such as {en: …, es: …}")
    for key, text in value.items():
        if not LANGUAGE_KEY.match(key):
            raise ValueError(f"'{key}' is not a language code; use two lowercase letters "
                             "such as en or es")
        if not text.strip():
            raise ValueError(f"the '{key}' text must not be empty")
    return value


DisplayText = Annotated[
    Annotated[str, Strict()] | dict[Annotated[str, Strict()], Annotated[str, Strict()]],
    AfterValidator(_check_display),
    WithJsonSchema({"anyOf": [
        {"type": "string", "minLength": 1},
        {"type": "object", "propertyNames": {"pattern": "^[a-z]{2}$"},
         "additionalProperties": {"type": "string", "minLength": 1}, "minProperties": 1}],
        "description": "a text, or one text per language: {en: …, es: …}"}),
]
"""A text a user reads, in one language or several."""


def display(value: Any, lang: str | None = None) -> str:
    """The text to show for a display value (None gives "")."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and value:
        code = lang or _current["language"]
        for key in (code, DEFAULT_LANGUAGE):
            if key in value:
                return str(value[key])
        return str(next(iter(value.values())))
    return str(value)
