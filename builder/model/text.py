"""Display texts of data files: plain text, or one text per language (``{en: …, es: …}``).

SPEC §5: "every display text may be {en: …, es: …}". The language shown is the program's
current one (:mod:`builder.i18n`: one setting for messages and display texts), else English,
else the first given.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, Strict, WithJsonSchema

from builder import i18n
from builder.i18n import _

LANGUAGE_KEY = re.compile(r"^[a-z]{2}$")
DEFAULT_LANGUAGE = i18n.SOURCE_LANGUAGE


def set_language(code: str) -> None:
    """The program's language (:func:`builder.i18n.set_language`): messages follow too."""
    i18n.set_language(code)


def language() -> str:
    return i18n.current_language()


def _check_display(value: str | dict[str, str]) -> str | dict[str, str]:
    if isinstance(value, str):
        if not value.strip():
            raise ValueError(_("must not be empty"))
        return value
    if not value:
        raise ValueError(_("give the text, or one text per language such as {en: …, es: …}"))
    for key, text in value.items():
        if not LANGUAGE_KEY.match(key):
            raise ValueError(_("'{key}' is not a language code; use two lowercase letters "
                               "such as en or es").format(key=key))
        if not text.strip():
            raise ValueError(_("the '{key}' text must not be empty").format(key=key))
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
        code = lang or i18n.current_language()
        for key in (code, DEFAULT_LANGUAGE):
            if key in value:
                return str(value[key])
        return str(next(iter(value.values())))
    return str(value)


def quotation(value: Any, lang: str | None = None) -> tuple[str, str | None]:
    """A quoted display text (a rule's or a figure's ``cite``) as shown now, and the words it
    translates. The first text of ``{en: …, es: …}`` is the source's own words; another one is
    our translation of them. So: ``(text, None)`` when the text shown is the source's own,
    else ``(our translation, the source's words)``. None gives ``("", None)``."""
    text = display(value, lang)
    if not isinstance(value, dict) or len(value) < 2:
        return text, None
    original = str(next(iter(value.values())))
    return (text, None) if text == original else (text, original)
