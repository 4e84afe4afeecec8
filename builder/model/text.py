"""Display texts of data files: plain text, or one text per language (``{en: …, es: …}``).

SPEC §5: "every display text may be {en: …, es: …}". The language shown is the program's
current one (:mod:`builder.i18n`: one setting for messages and display texts), else English,
else the first given.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Strict, WithJsonSchema

from builder import i18n
from builder.i18n import _
from builder.model.base import MAX_NAME, MAX_TEXT, check_length, check_name, describe, quote

LANGUAGE_KEY = re.compile(r"^[a-z]{2}$")
DEFAULT_LANGUAGE = i18n.SOURCE_LANGUAGE


def set_language(code: str) -> None:
    """The program's language (:func:`builder.i18n.set_language`): messages follow too."""
    i18n.set_language(code)


def language() -> str:
    return i18n.current_language()


def _display_check(check: Callable[[str], str]) -> Callable[[Any], Any]:
    """The check of a display text: ``check`` (a name's or a text's limits) on the text, or on
    each language's text, naming the language."""

    def run(value: str | dict[str, str]) -> str | dict[str, str]:
        if isinstance(value, str):
            if not value.strip():
                raise ValueError(_("must not be empty"))
            check(value)
            return value
        if not value:
            raise ValueError(_("give the text, or one text per language such as "
                               "{en: …, es: …}"))
        for key, text in value.items():
            if not LANGUAGE_KEY.match(key):
                raise ValueError(_("{key} is not a language code; use two lowercase letters "
                                   "such as en or es").format(key=quote(key)))
            if not text.strip():
                raise ValueError(_("the '{key}' text must not be empty").format(key=key))
            try:
                check(text)
            except ValueError as exc:
                raise ValueError(_("the '{key}' text {problem}").format(key=key, problem=exc)
                                 ) from None
        return value

    return run


def _display_shape(value: Any) -> Any:
    """A text, or a mapping of texts: anything else is said here in one message (the union
    below would say it twice, naming its Python types: "str must be text", "dict[str,str]:
    expected a mapping")."""
    if isinstance(value, str):
        return value
    if not isinstance(value, dict):
        raise ValueError(_("must be a text, or one text per language such as {{en: …, es: …}} "
                           "(got {got})").format(got=describe(value)))
    for key, text in value.items():
        if not isinstance(key, str):
            raise ValueError(_("{key} is not a language code; use two lowercase letters such "
                               "as en or es").format(key=describe(key)))
        if not isinstance(text, str):
            raise ValueError(_("the {key} text must be text (got {got})").format(
                key=quote(key), got=describe(text)))
    return value


def _display(check: Callable[[str], str], limit: int) -> Any:
    return Annotated[
        Annotated[str, Strict()] | dict[Annotated[str, Strict()], Annotated[str, Strict()]],
        BeforeValidator(_display_shape),
        AfterValidator(_display_check(check)),
        WithJsonSchema({"anyOf": [
            {"type": "string", "minLength": 1, "maxLength": limit},
            {"type": "object", "propertyNames": {"pattern": "^[a-z]{2}$"},
             "additionalProperties": {"type": "string", "minLength": 1, "maxLength": limit},
             "minProperties": 1}],
            "description": "a text, or one text per language: {en: …, es: …}"}),
    ]


DisplayText = _display(lambda text: check_length(text, MAX_TEXT), MAX_TEXT)
"""A text a user reads, in one language or several: at most MAX_TEXT characters each."""
DisplayName = _display(check_name, MAX_NAME)
"""A name a user reads (a game's, a stat's, a rule's), in one language or several: at most
MAX_NAME characters each, no control characters but newline and tab (SPEC §2)."""


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
