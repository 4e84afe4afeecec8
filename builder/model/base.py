"""Shared pieces of the file models: strict keys with suggestions, small field checks.

The field types here carry the SPEC's limits for hostile input ("Both formats: hostile and
broken input"): whole numbers are plain decimal digits, at most 999,999 (a list entry's
``count`` at most 9,999); a name is at most 200 characters and other text at most 20,000;
names and ids hold no control characters but newline and tab. Every value is refused at its
key with a message that quotes what was written, never reinterpreted.
"""

from __future__ import annotations

import difflib
import re
from typing import Annotated, Any, get_args, get_origin

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

from builder.i18n import _, number
from builder.plumbing.terminal_text import escape, has_control

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

MAX_WHOLE = 999_999
"""Largest whole number in any file (SPEC): far above any real value, far below what breaks
Qt's 32-bit ints or makes a loop over a count run for hours."""
MAX_COUNT = 9_999
"""Largest ``count`` of one list entry (SPEC)."""
MAX_NAME = 200
"""Longest name (a list's, a faction's, a combatant's or ability's) or id reference."""
MAX_TEXT = 20_000
"""Longest free text (notes, descriptions, rules text, equipment)."""

PLAIN_DIGITS = re.compile(r"^(?:0|[1-9][0-9]*)$")
"""A whole number as the SPEC wants it written: ASCII digits, no sign, no leading zero."""
_NUMBER_LIKE = re.compile(
    r"^[-+]?(?:[0-9][0-9_:,]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+|0[xXoObB][0-9a-fA-F_]+"
    r"|\.(?:inf|Inf|INF|nan|NaN|NAN))$")
"""Text that a YAML 1.1 reader would have turned into a number (010, 0x10, 1_000, 6:40, 1e3,
5.0, +5, .inf): the loader keeps it as written, and the model says why it is refused."""


class StrictModel(BaseModel):
    """A model for hand-written files: unknown keys are errors that suggest the right one."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False, populate_by_name=True,
                              defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _mapping(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for key in data:
                if not isinstance(key, str):
                    raise PydanticCustomError(
                        "key_type", _("keys must be text, not {key}"), {"key": describe(key)}
                    )
            # An optional key written with no value (`equipment:`) means "absent": use the
            # default rather than refusing null where the default is a list, false or 5.
            nulls = [k for k, v in data.items() if v is None and k in cls._defaults_not_none()]
            if nulls:
                data = {k: v for k, v in data.items() if k not in nulls}
        elif data is not None and not isinstance(data, BaseModel):
            raise PydanticCustomError(
                "mapping_expected", _("expected a mapping of keys, got {got}"),
                {"got": describe(data)},
            )
        return data

    def __getstate__(self) -> dict[Any, Any]:
        """Pickled (the cache of checked files) without its private attributes (a faction's
        tie to its game system, made again after loading)."""
        state = super().__getstate__()
        private = state.get("__pydantic_private__")
        if private:
            state = {**state, "__pydantic_private__": dict.fromkeys(private)}
        return state

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
        near = closest(key, known)
        if near:
            return _("unknown key {key} (did you mean '{near}'?)").format(key=quote(key),
                                                                          near=near)
        return _("unknown key {key}; known keys: {keys}").format(key=quote(key),
                                                                  keys=", ".join(known))


def closest(word: str, known: list[str]) -> str | None:
    """The known name nearest to a misspelt one, for "did you mean …?" (none for a word of 100
    characters or more: nobody misspells those, and comparing them is slow)."""
    if len(word) >= 100:
        return None
    found = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return found[0] if found else None


def mappings(value: Any) -> list[dict[str, Any]]:
    """The mappings of a list in plain YAML data, with an empty one where an item is not a
    mapping (so indexes still point at the right item); [] when it is not a list."""
    return [v if isinstance(v, dict) else {} for v in value] if isinstance(value, list) else []


def model_at(model: type[BaseModel], loc: tuple[Any, ...]) -> type[StrictModel] | None:
    """The model class that validates the mapping at ``loc`` (for messages); a union's tag in
    ``loc`` (``inline-ability``, ``q-sum``) picks the member it names."""
    annotation: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        if get_origin(annotation) is dict:  # a mapping's key (a stat id in constraints)
            annotation = get_args(annotation)[1]
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


def duplicate_ids(what: str, key: str, items: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """A problem at each id that an earlier item of the same list already uses."""
    first: dict[str, int] = {}
    problems = []
    for i, item in enumerate(items):
        item_id = item.get("id")
        if not isinstance(item_id, str):
            continue
        if item_id in first:
            problems.append(used_twice(what, key, item_id, first[item_id], i))
        first.setdefault(item_id, i)
    return problems


def used_twice(what: str, key: str, item_id: str, first: int, again: int) -> tuple[str, str]:
    """The problem of :func:`duplicate_ids` at item ``again``, whose id item ``first`` has
    (``what`` marked with ``N_``, translated here); ``key`` may be a path
    (``combatants/2/options``): the message names its last part."""
    return (f"{key}/{again}/id", _(
        "{what} id '{id}' is used twice ({key}[{first}] and {key}[{i}])").format(
        what=_(what), id=item_id, key=key.rsplit("/", 1)[-1], first=first, i=again))


def needs_whole_number(field: str, value: Any, minimum: int = 0) -> str:
    """"PE must be an integer >= 0 (got the text 'lots')", in SPEC §4's words, and nothing
    said about what was got when nothing was written (an empty field). The faction editor
    words it plainly (:func:`plain_message`)."""
    if value is None:
        return _("{field} must be an integer >= {minimum}").format(field=field, minimum=minimum)
    return _("{field} must be an integer >= {minimum} (got {got})").format(
        field=field, minimum=minimum, got=describe(value))


def missing_key(key: str) -> str:
    return _("missing required key '{key}'").format(key=key)


def plain_message(message: str) -> str:
    """A message as the faction editor shows it to someone typing in a form: "PE must be a
    whole number, 0 or more" rather than the file messages' "integer >= 0"."""
    file_words = _("must be an integer >= {minimum}").split("{minimum}")
    pattern = re.compile(r"(\d+)".join(re.escape(part) for part in file_words))
    plain = _("must be a whole number, {minimum} or more")
    return pattern.sub(lambda m: plain.format(minimum=m.group(1)), message)


def describe(value: Any) -> str:
    """How a YAML value reads to its author, for messages (short, whatever the value's size)."""
    if value is None:
        return _("nothing (null)")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 14_000:  # str() of a 4,301-digit number raises ValueError
            return _("a number of about {digits} digits").format(
                digits=number(int(value.bit_length() * 0.30103) + 1))
        shown = str(value)
        if len(shown) <= 30:
            return _("the number {number}").format(number=shown)
        return _("a number of {digits} digits").format(digits=number(len(shown)))
    if isinstance(value, float):
        return _("the number {number}").format(number=value)
    if isinstance(value, str):
        return _("the text {text}").format(text=quote(value)) if len(value) < 40 else \
            _("a long text")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("a mapping")
    return type(value).__name__


def quote(text: str, limit: int = 60) -> str:
    """``text`` in quotes for a message: escaped, and cut short when long."""
    shown = text if len(text) <= limit else text[:limit] + "…"
    return f"'{escape(shown)}'"


def check_id(value: str) -> str:
    if len(value) > MAX_NAME or not ID_PATTERN.fullmatch(value):
        raise ValueError(
            _("{value} is not a valid id: use lowercase letters, digits and '-' (for example "
              "'nek-org'), at most {limit} characters").format(value=quote(value),
                                                               limit=MAX_NAME)
        )
    return value


def check_not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError(_("must not be empty"))
    return value


def check_name(value: str) -> str:
    """A name or an id reference: not blank, at most MAX_NAME characters, no control
    characters but newline and tab (they would reach terminals and printed sheets)."""
    check_length(value, MAX_NAME)
    check_not_blank(value)
    bad = has_control(value, allow="\n\t")
    if bad is not None:
        raise ValueError(_("holds the control character {char}; names cannot hold control "
                           "characters").format(char=escape(bad)))
    return value


def check_short(value: str | None) -> str | None:
    """An optional short name (a nickname): at most MAX_NAME characters, no control
    characters but newline and tab; may be blank."""
    if value is not None and value.strip():
        check_name(value)
    elif value is not None:
        check_length(value, MAX_NAME)
    return value


def check_length(value: str, limit: int) -> str:
    if len(value) > limit:
        raise ValueError(_("is {length} characters long; at most {limit} are allowed").format(
            length=number(len(value)), limit=number(limit)))
    return value


def _text_limit(limit: int) -> AfterValidator:
    return AfterValidator(lambda value: value if value is None else check_length(value, limit))


def _whole_number(maximum: int) -> BeforeValidator:
    """Refuse, with the SPEC's words, what is not a whole number in plain digits or too large.

    Everything else (a negative number, 0 where 1 is the least, true, a list, ordinary text
    such as 'lots') goes on to pydantic's strict integer check and its usual message.
    """

    def check(value: Any) -> Any:
        if isinstance(value, str) and _NUMBER_LIKE.match(value) and not PLAIN_DIGITS.match(
                value):
            raise PydanticCustomError(
                "whole_number", _("must be a whole number written in plain digits, such as 10 "
                                  "(got {got})"), {"got": describe(value)})
        if isinstance(value, int) and not isinstance(value, bool) and value > maximum:
            raise PydanticCustomError("number_too_large",
                                      _("must be at most {maximum} (got {got})"),
                                      {"maximum": number(maximum), "got": describe(value)})
        return value

    return BeforeValidator(check)


def number_like(value: Any) -> bool:
    """Text a YAML 1.1 reader would have made a number of (010, 0x10, 6:40, 1e3, .inf), but
    not plain digits (those quoted are text on purpose)."""
    return (isinstance(value, str) and bool(_NUMBER_LIKE.match(value))
            and not PLAIN_DIGITS.match(value))


WHOLE_NUMBER_ERRORS = frozenset({"whole_number", "number_too_large"})
"""Error types whose message follows the field name directly ("count must be …")."""


def whole_number_text(text: str, maximum: int = MAX_WHOLE) -> int | None:
    """The value of ``text`` when it is a whole number in plain digits up to ``maximum``
    (for values written inside text, such as CON's "6-5"), else None."""
    text = text.strip()
    if not PLAIN_DIGITS.match(text) or len(text) > len(str(maximum)):
        return None
    value = int(text)
    return value if value <= maximum else None


def _dash_is_none(value: Any) -> Any:
    if isinstance(value, str) and value.strip() in ("-", "–", "—", ""):
        return None
    return value


_NAME_SCHEMA = Field(json_schema_extra={"maxLength": MAX_NAME})
_TEXT_SCHEMA = Field(json_schema_extra={"maxLength": MAX_TEXT})
Id = Annotated[str, Strict(), AfterValidator(check_id), _NAME_SCHEMA]
Name = Annotated[str, Strict(), AfterValidator(check_name), _NAME_SCHEMA]
"""A name, or a reference to an id (a list's faction and combatants): one short line."""
OptName = Annotated[str | None, Strict(), AfterValidator(check_short), _NAME_SCHEMA]
"""An optional name (a nickname)."""
Text = Annotated[str, Strict(), _text_limit(MAX_TEXT), AfterValidator(check_not_blank),
                 _TEXT_SCHEMA]
"""Text that must not be empty (a title, a paragraph): at most MAX_TEXT characters."""
FreeText = Annotated[str, Strict(), _text_limit(MAX_TEXT), _TEXT_SCHEMA]
"""Free text (an equipment item, rules text): at most MAX_TEXT characters."""
OptText = Annotated[str | None, Strict(), _text_limit(MAX_TEXT), _TEXT_SCHEMA]
Count = Annotated[int, Strict(), Field(ge=1, le=MAX_COUNT), _whole_number(MAX_COUNT)]
"""How many models a list entry hires: 1 to 9,999."""
Positive = Annotated[int, Strict(), Field(ge=1, le=MAX_WHOLE), _whole_number(MAX_WHOLE)]
"""A whole number from 1 to 999,999 (wounds, a cap, successes)."""
NonNegative = Annotated[int, Strict(), Field(ge=0, le=MAX_WHOLE), _whole_number(MAX_WHOLE)]
"""A whole number from 0 to 999,999."""
NONE_SCHEMA: list[dict[str, Any]] = [{"type": "null"}, {"const": "-"}]
Stat = Annotated[
    NonNegative | None,
    BeforeValidator(_dash_is_none),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 0, "maximum": MAX_WHOLE},
                              *NONE_SCHEMA]}),
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
            _("this file is {got}; this program reads {expected} (a newer version of the "
              "builder may read it)"),
            {"got": value, "expected": expected},
        )
    raise PydanticCustomError(
        "schema_value", _("schema must be '{expected}', not {got}"),
        {"expected": expected, "got": repr(value)},
    )
