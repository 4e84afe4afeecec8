"""Fast paths that read what the hardened loader (:mod:`._loader`) and the models read,
without their cost.

:func:`warband` is the one fast way to a list: :func:`simple_data` reads the plain block layout
of a saved list line by line, without libyaml, and :func:`well_formed` builds the model from
data whose every value is already right, without pydantic's validation. :func:`plain` builds
the data of any composed node tree without PyYAML's generic constructor. Each gives exactly
what the full reader gives (the tests compare them on generated texts and data) or steps aside
(None, :data:`UNUSUAL`) so that the full reader reads the document and, for a broken one,
gives its message.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import yaml

from builder.data._scalars import (
    BOOL,
    BOOL_TAG,
    INT,
    INT_START,
    INT_TAG,
    MAP_TAG,
    MAX_DIGITS,
    NULL_TAG,
    SEQ_TAG,
    STR_TAG,
    WORDS,
)
from builder.model import Entry, Warband
from builder.model.base import MAX_COUNT, MAX_TEXT, MAX_WHOLE, StrictModel, check_name
from builder.model.warband import WARBAND_SCHEMA

_SIMPLE_TEXT = re.compile("[^\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff"
                          "\ufffe\uffff]*")
"""Text made only of characters every part of the reader takes as they are (no tab, carriage
return, control character, invisible line break, lone surrogate or byte-order mark). Written
as the few characters it refuses: the same set as the many ranges it accepts, compiled in a
tenth of the time (0.3 ms against 2.6 ms at every start)."""
_NOT_PLAIN_START = frozenset("-?:,[]{}#&*!|>'\"%@`")
_NOT_SIMPLE: Any = object()


def simple_data(text: str) -> dict[str, Any] | None:
    """The data of a document in the plain block layout a saved list has (``key: value``
    lines, and lists of flat ``- key: value`` mappings), read line by line in a fraction of
    libyaml's time; None for anything else, which the loader then reads.

    What is read here is exactly what the loader reads (the tests compare both on
    generated texts): keys are plain ASCII words, values one-line plain scalars resolved as
    the loader resolves them, quoted text without escapes, or one-line ``[a, b]`` and
    ``{a: 1}`` of plain words (hand-written options and picks); anything else (comments after
    a value, other flow collections, tags, anchors, block scalars, a value over
    several lines, a duplicate key, a tab, an unusual character, any other indentation) falls
    back, so the full reader gives the data or, for a broken file, its message.
    """
    if _SIMPLE_TEXT.fullmatch(text) is None:
        return None
    lines = text.split("\n")
    count = len(lines)
    data: dict[str, Any] = {}
    i = 0
    while i < count:
        line = lines[i]
        i += 1
        pair = _key_value(line)
        if pair is None:
            body = line.lstrip(" ")
            if not body or body[0] == "#":
                continue
            return None
        key, raw = pair
        if key in data:
            return None
        if raw:
            value = _simple_scalar(raw)
        else:
            value, i = _simple_items(lines, i)
        if value is _NOT_SIMPLE:
            return None
        data[key] = value
    return data or None


def _key_value(line: str) -> tuple[str, str] | None:
    """``key: value`` (the value without its spaces, "" for none), the key a plain ASCII word
    the loader reads as text, or None."""
    key, colon, rest = line.partition(":")
    if not colon or not (key.isascii() and key.isidentifier()) or key in WORDS \
            or rest[:1] not in ("", " "):
        return None
    return key, rest.strip(" ")


def _simple_items(lines: list[str], i: int) -> tuple[Any, int]:
    """The ``- key: value`` items from line ``i`` on (None when there are none, ``[]`` for an
    indented ``[]``), and the index of the line after them. An item's key without a value may
    hold a flat mapping of ``key: value`` lines indented below it (a list entry's
    ``options:``); items that are ``- value`` lines make a list of values (``picks:``), or
    of one-line ``{key: value, …}`` mappings (an entry written by hand)."""
    items: list[Any] = []
    dash = column = -1
    count = len(lines)
    current: dict[str, Any] = {}
    scalars = False
    while i < count:
        line = lines[i]
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        if body[:2] == "- ":
            rest = body[2:].lstrip(" ")
            if dash < 0:
                dash = indent
                scalars = _key_value(rest) is None
            elif indent != dash:
                return _NOT_SIMPLE, i
            if scalars:
                value = _simple_scalar(rest) if rest else _NOT_SIMPLE
                if value is _NOT_SIMPLE or not isinstance(value, (str, dict)):
                    return _NOT_SIMPLE, i
                items.append(value)
                i += 1
                continue
            column = len(line) - len(rest)
            current = {}
            items.append(current)
        elif not body or body[0] == "#":
            i += 1
            continue
        elif indent == 0:
            break  # the document's next key (or a line the caller refuses)
        elif body == "[]" and not items:
            return [], i + 1
        elif indent != column or scalars:
            return _NOT_SIMPLE, i
        else:
            rest = body
        pair = _key_value(rest)
        if pair is None or pair[0] in current:
            return _NOT_SIMPLE, i
        i += 1
        if pair[1]:
            current[pair[0]] = _simple_scalar(pair[1])
        else:
            current[pair[0]], i = _simple_mapping(lines, i, column)
        if current[pair[0]] is _NOT_SIMPLE:
            return _NOT_SIMPLE, i
    return (items or None), i


_MAP_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
"""A key of a nested mapping read here: an id such as ``test-veteran`` (never a number, a
word the loader reads otherwise, or a merge key)."""


def _simple_mapping(lines: list[str], i: int, column: int) -> tuple[Any, int]:
    """The ``key: value`` lines from line ``i`` on indented deeper than ``column``, all at one
    indent, with one-line plain values: a mapping (None when there are none, as the loader
    reads a key without a value), and the index of the line after them."""
    found: dict[str, Any] = {}
    at = -1
    count = len(lines)
    while i < count:
        line = lines[i]
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        if not body or body[0] == "#":
            i += 1
            continue
        if indent <= column:
            break
        if at < 0:
            at = indent
        key, colon, rest = body.partition(":")
        if indent != at or not colon or rest[:1] != " " or not _MAP_KEY.fullmatch(key) \
                or key in WORDS or key in found:
            return _NOT_SIMPLE, i
        raw = rest.strip(" ")
        value = _simple_scalar(raw) if raw else _NOT_SIMPLE
        if value is _NOT_SIMPLE:
            return _NOT_SIMPLE, i
        found[key] = value
        i += 1
    return (found or None), i


def _simple_scalar(raw: str) -> Any:
    """A one-line value (without its spaces) as the loader reads it, or _NOT_SIMPLE."""
    first = raw[0]
    if first in _NOT_PLAIN_START:
        if first == "'" and len(raw) >= 2 and raw[-1] == "'":
            inner = raw[1:-1]
            if "'" not in inner.replace("''", ""):
                return inner.replace("''", "'")
        elif first == '"' and len(raw) >= 2 and raw[-1] == '"':
            inner = raw[1:-1]
            if '"' not in inner and "\\" not in inner:
                return inner
        elif first == "[" and raw[-1] == "]":
            return _flow_items(raw[1:-1], None)
        elif first == "{" and raw[-1] == "}":
            return _flow_items(raw[1:-1], {})
        return _NOT_SIMPLE
    if ": " in raw or " #" in raw or raw[-1] == ":":
        return _NOT_SIMPLE
    if raw in WORDS:
        return WORDS[raw]
    if first in INT_START and INT.match(raw):
        return int(raw) if len(raw) <= MAX_DIGITS else _NOT_SIMPLE
    return raw


_FLOW_WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*")
"""A value inside ``[…]`` or ``{…}`` read here: a plain word such as ``test-veteran`` or
``2`` (nothing YAML reads otherwise inside brackets: no space, comma, colon, quote, bracket
or ``#``)."""


def _flow_items(inner: str, mapping: dict[str, Any] | None) -> Any:
    """The items of a one-line ``[a, b]`` (``mapping`` None) or ``{a: 1, b: 2}`` (``mapping``
    an empty dict to fill), each a plain word (a mapping's keys as :func:`_simple_mapping`
    takes them), as the loader reads them; or _NOT_SIMPLE."""
    if not inner.strip(" "):
        return [] if mapping is None else mapping
    items = []
    for part in inner.split(","):
        part = part.strip(" ")
        if mapping is not None:
            key, colon, part = part.partition(": ")
            part = part.lstrip(" ")
            if not colon or not _MAP_KEY.fullmatch(key) or key in WORDS or key in mapping:
                return _NOT_SIMPLE
        if not _FLOW_WORD.fullmatch(part):
            return _NOT_SIMPLE
        value = _simple_scalar(part)
        if value is _NOT_SIMPLE:
            return _NOT_SIMPLE
        if mapping is not None:
            mapping[key] = value
        else:
            items.append(value)
    return items if mapping is None else mapping


UNUSUAL: Any = object()
"""What :func:`plain` gives for a document it leaves to PyYAML's constructor."""


def plain(root: yaml.Node) -> Any:
    """The plain data of a node tree without aliases, exactly as the loader's constructor
    builds it, without the cost of PyYAML's generic constructor (which dispatches every node
    through a table and a generator); or :data:`UNUSUAL` for anything that constructor would
    refuse or treat specially (an explicit tag, a duplicate key, a key that is not a scalar,
    a whole number too long), so that it runs and gives its own message."""
    try:
        return _plain_node(root)
    except (_Unusual, RecursionError):
        return UNUSUAL


_SCALAR, _MAPPING, _SEQUENCE = yaml.ScalarNode, yaml.MappingNode, yaml.SequenceNode


def _plain_node(node: yaml.Node) -> Any:
    """:func:`plain` of one node. A function of the module, not a closure: a closure that
    calls itself is a reference cycle, which a frozen load would keep."""
    tag = node.tag
    kind = type(node)
    if kind is _SCALAR:
        if tag == STR_TAG:
            return node.value
        if tag == INT_TAG:
            value = node.value
            if len(value) <= MAX_DIGITS and INT.match(value):
                return int(value)
        elif tag == NULL_TAG:
            return None
        elif tag == BOOL_TAG and node.value in BOOL:
            return BOOL[node.value]
    elif kind is _MAPPING and tag == MAP_TAG:
        out = {}
        pairs = node.value
        keys = set()
        for key_node, value_node in pairs:
            if type(key_node) is not _SCALAR:
                raise _Unusual
            keys.add(key_node.value)
            out[_plain_node(key_node)] = _plain_node(value_node)
        if len(out) == len(pairs) == len(keys):
            return out
    elif kind is _SEQUENCE and tag == SEQ_TAG:
        return [_plain_node(item) for item in node.value]
    raise _Unusual


class _Unusual(Exception):
    pass


# --- a list's model, without pydantic's validation ------------------------------------------


def warband(text: str) -> Warband | None:
    """The list a text holds, when it is a well-formed list in the plain layout (most saved
    lists): :func:`simple_data`, then :func:`well_formed`; None for anything else, which the
    full reader then reads (and, for a broken list, says what is wrong)."""
    data = simple_data(text)
    return well_formed(data) if data is not None else None


_KEYS = frozenset(("schema", "name", "faction", "points_limit", "entries", "picks", "notes"))
_ENTRY_KEYS = frozenset(("combatant", "count", "options"))


def well_formed(data: dict[str, Any]) -> Warband | None:
    """The list in ``data`` when every value is already right, built without pydantic's
    validation (which costs more than reading a small file); None for anything else, so that
    ``Warband.model_validate`` says what is wrong. The checks are the fields' own, and the
    result is the same model (the tests compare both on generated data)."""
    if not _KEYS.issuperset(data):
        return None
    schema = data.get("schema")
    name, faction = data.get("name"), data.get("faction")
    limit, entries, notes = data.get("points_limit"), data.get("entries"), data.get("notes")
    picks = data.get("picks")
    if (schema is not None and schema != WARBAND_SCHEMA) or not _name(name) \
            or not _name(faction) or type(entries) is not list \
            or (limit is not None and not _whole(limit, 0, MAX_WHOLE)) \
            or (notes is not None and (type(notes) is not str or len(notes) > MAX_TEXT)) \
            or (picks is not None and (type(picks) is not list
                                       or not all(map(_name, picks)))):
        return None
    built = []
    for item in entries:
        if type(item) is not dict or not _ENTRY_KEYS.issuperset(item):
            return None
        combatant, count = item.get("combatant"), item.get("count")
        if not _name(combatant):
            return None
        given_keys = {"combatant"}
        if count is None:  # absent, or written with no value: the default
            count = 1
        elif _whole(count, 1, MAX_COUNT):
            given_keys.add("count")
        else:
            return None
        options = item.get("options")
        if options is None:
            options = {}
        elif type(options) is dict and all(
                _name(k) and _whole(v, 1, MAX_COUNT) for k, v in options.items()):
            given_keys.add("options")
            options = dict(options)
        else:
            return None
        built.append(_made(Entry, {"combatant": combatant, "count": count,
                                   "options": options}, given_keys))
    # a key written with no value is unset where its default is not None (the schema)
    given = {"schema_" if key == "schema" else key for key, value in data.items()
             if value is not None or key in ("points_limit", "notes")}
    return _made(Warband, {"schema_": WARBAND_SCHEMA, "name": name, "faction": faction,
                           "points_limit": limit, "entries": built,
                           "picks": list(picks) if picks is not None else [],
                           "notes": notes}, given)


M = TypeVar("M", bound=StrictModel)


def _made(cls: type[M], values: dict[str, Any], given: set[str]) -> M:
    """``cls.model_construct(given, **values)`` with every field in ``values``, as pydantic
    builds it there, without its walk over the fields' aliases and defaults."""
    model = cls.__new__(cls)
    object.__setattr__(model, "__dict__", values)
    object.__setattr__(model, "__pydantic_fields_set__", given)
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model


def _name(value: Any) -> bool:
    if type(value) is not str:
        return False
    try:
        check_name(value)
    except ValueError:
        return False
    return True


def _whole(value: Any, least: int, most: int) -> bool:
    return type(value) is int and least <= value <= most
