"""Fast paths that read what the hardened loader (:mod:`._loader`) reads, without its cost.

:func:`simple_data` reads the plain block layout of a saved list line by line, without
libyaml; :func:`plain` builds the data of a composed node tree without PyYAML's generic
constructor. Both give exactly what the loader gives (the tests compare them on generated texts)
or step aside (None, :data:`UNUSUAL`) so that the loader reads the document and, for a broken
one, gives its message.
"""

from __future__ import annotations

import re
from typing import Any

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
