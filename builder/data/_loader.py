"""Hardened YAML loading through libyaml.

Files come from strangers, so parsing is defensive: a nesting-depth check before libyaml's
recursive composer sees the text (it crashes the process past ~40,000 levels and is quadratic
long before), an expansion budget against alias bombs, duplicate keys refused, and safe
construction only. Values are read as written (:mod:`._scalars`).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from builder.data import _fast
from builder.data._document import Document, Lines
from builder.data._files import read_text
from builder.data._messages import fail, fail_at, not_yaml, yaml_message
from builder.data._scalars import (
    BOOL,
    INT,
    INT_START,
    INT_TAG,
    MAP_TAG,
    MAX_DIGITS,
    NULL,
    SEQ_TAG,
    STR_TAG,
    WORD_TAGS,
)
from builder.i18n import _, number
from builder.plumbing.terminal_text import escape

try:  # libyaml when present: an order of magnitude faster
    from yaml import CSafeLoader as _BaseLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]

_SCALAR = yaml.ScalarNode


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loading that refuses duplicate keys (YAML would silently keep the last one) and
    reads values as written (YAML 1.2 core schema without floats: :mod:`._scalars`)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> Any:
        keys = [k.value for k, _v in node.value if isinstance(k, yaml.ScalarNode)]
        if len(keys) != len(set(keys)):
            _duplicate_key(node)
        return super().construct_mapping(node, deep=deep)

    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        """The tag of a node without a tag: the resolvers below, checked in one step
        (libyaml asks for every scalar, so PyYAML's generic table lookup would weigh on a file
        of many short keys)."""
        if kind is _SCALAR:
            if implicit[0]:
                tag = WORD_TAGS.get(value)
                if tag is not None:
                    return tag
                if value[:1] in INT_START and INT.match(value):
                    return INT_TAG
            return STR_TAG
        return SEQ_TAG if kind is yaml.SequenceNode else MAP_TAG

    def construct_yaml_int(self, node: yaml.ScalarNode) -> Any:
        value = self.construct_scalar(node)
        if not INT.match(value):  # only reached through an explicit !!int tag
            raise yaml.constructor.ConstructorError(
                None, None, _("!!int {value} is not a whole number in plain digits").format(
                    value=repr(value)),
                node.start_mark)
        if len(value) > MAX_DIGITS:
            raise yaml.constructor.ConstructorError(
                None, None, _("a whole number of {digits} digits is too long to read (numbers "
                              "are at most {maximum})").format(digits=number(len(value)),
                                                               maximum=number(999_999)),
                node.start_mark)
        return int(value)

    def construct_yaml_bool(self, node: yaml.ScalarNode) -> Any:
        value = self.construct_scalar(node)
        if value not in BOOL:  # !!bool yes
            raise yaml.constructor.ConstructorError(
                None, None, _("!!bool {value} is not true or false").format(value=repr(value)),
                node.start_mark)
        return BOOL[value]


# What a plain scalar may mean: nothing else is converted (no floats, dates, octal, base 60).
# (``resolve`` above applies the same three; these are kept for anything that reads the table.)
_Loader.yaml_implicit_resolvers = {}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|"
                                                                   r"False|FALSE)$"), list("tTfF"))
_Loader.add_implicit_resolver("tag:yaml.org,2002:int", INT, list("-0123456789"))
_Loader.add_implicit_resolver("tag:yaml.org,2002:null", NULL, ["~", "n", "N", ""])
# Tags that build anything but text, whole numbers, true/false, null, lists and mappings are
# refused ("unsupported YAML tag"): floats, timestamps, binary, sets, ordered pairs, merges.
_Loader.yaml_constructors = {
    tag: constructor for tag, constructor in _BaseLoader.yaml_constructors.items()
    if tag is None or tag.rsplit(":", 1)[-1] in ("null", "bool", "int", "str", "seq", "map")}
_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)
_Loader.add_constructor("tag:yaml.org,2002:bool", _Loader.construct_yaml_bool)


MAX_DEPTH = 64
"""Deepest nesting accepted; real files need fewer than ten levels."""
MAX_NODES = 200_000
"""Most nodes a document may expand to once aliases are followed (alias bombs)."""
_CHEAP_DEPTH_BOUND = 1000
"""Below this upper bound of the nesting depth the text is shallow enough to compose without
a token scan."""


@contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """The cyclic garbage collector off while data loads. Parsing and validating make
    hundreds of thousands of objects that all live on, so collecting during the load would
    only walk them over and over.

    ``freeze`` (the big loads: a catalogue, a batch of lists): what the load made is frozen
    when the outermost pause ends (:func:`gc.freeze`), so that later collections skip it
    instead of walking it all again. Reference counting still frees it when it is dropped,
    as a load makes no reference cycle (tested). The young garbage of before the load is
    collected first, so that no cycle of it is frozen with the data. A single small file (a
    list, a save's check) freezes nothing."""
    enabled = gc.isenabled()
    if enabled and freeze:
        gc.collect(1)
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if freeze:
                gc.freeze()
            gc.enable()


def load_yaml(path: str | Path, max_bytes: int) -> Document:
    return parse_yaml(path, read_text(path, max_bytes))


def parse_yaml(path: str | Path, text: str) -> Document:
    """Parse one YAML document safely, keeping its node tree."""
    with collector_paused():
        return _parse(path, text)


def _parse(path: str | Path, text: str) -> Document:
    path = str(path)
    if "\x00" in text:
        offset = text.index("\x00")
        line = text.count("\n", 0, offset) + 1
        return fail(path, _("contains a NUL byte; is this a binary file?"), line, 1)
    lines = Lines(text)
    _check_depth(path, text, lines)
    loader = _Loader(text)
    try:
        try:
            root = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            return fail_at(path, yaml_message(exc), lines, mark)
        except yaml.reader.ReaderError as exc:  # a control character: name it, where it is
            line, column = lines.at(exc.position) if exc.position <= len(text) else (1, 1)
            char = exc.character if isinstance(exc.character, str) else chr(exc.character)
            return fail(path, _("not valid YAML: the control character {char} (U+{code:04X}) "
                                  "is not allowed in YAML text").format(char=escape(char),
                                                                         code=ord(char))
                          + lines.note(line), line, column)
        except yaml.YAMLError as exc:
            return fail(path, not_yaml(str(exc)), 1, 1)
        if root is None:
            return fail(path, _("the file is empty; expected a mapping of keys"), 1, 1)
        if "*" in text:
            _check_expansion(path, root, lines)
        try:
            data = _fast.plain(root) if "*" not in text else _fast.UNUSUAL
            if data is _fast.UNUSUAL:  # PyYAML's constructor gives the same data, or the message
                data = loader.construct_document(root)
        except _DuplicateKey as exc:
            return fail_at(path, exc.message(lines), lines, exc.mark)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            return fail_at(path, yaml_message(exc), lines, mark)
        except (yaml.YAMLError, ValueError, OverflowError, RecursionError) as exc:
            return fail_at(path, not_yaml(str(exc)), lines, root.start_mark)
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        return fail_at(path, _("expected a mapping of keys at the top of the file"), lines,
                         root.start_mark)
    return Document(path, data, root, lines)


def _check_depth(path: str, text: str, lines: Lines) -> None:
    """Refuse nesting deeper than MAX_DEPTH before libyaml's recursive composer runs.

    The token scan is slow over a large file, so it runs only when a cheap upper bound allows
    deep nesting: a flow level needs a ``[`` or ``{``; a block collection starts
    at a column at least one more than its parent's at most every second level (a sequence
    may share its mapping's column), so block depth is below twice the longest line.
    """
    if len(text) <= _CHEAP_DEPTH_BOUND:
        return
    longest = max(map(len, text.split("\n")))
    bound = text.count("[") + text.count("{") + 2 * (longest + 1)
    if bound <= _CHEAP_DEPTH_BOUND:
        return  # even at that depth, composing is safe and fast
    depth = 0
    after = 0  # where the last token handed to us ends
    too_deep = _("nested more than {depth} levels deep; refusing to read it").format(
        depth=MAX_DEPTH)
    try:
        for token in yaml.scan(text, Loader=_Loader):
            after = token.end_mark.index
            name = type(token).__name__
            if name in ("FlowSequenceStartToken", "FlowMappingStartToken",
                        "BlockSequenceStartToken", "BlockMappingStartToken"):
                depth += 1
                if depth > MAX_DEPTH:
                    fail_at(path, too_deep, lines, token.start_mark)
            elif name in ("FlowSequenceEndToken", "FlowMappingEndToken", "BlockEndToken"):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        # The scanner reads ahead: a long run of "[" can stop it (some libyaml versions cap
        # nesting themselves, in their own words) before it hands us a token past our limit.
        # Whatever it said, a flow nested past MAX_DEPTH before that point gets our message.
        mark = exc.problem_mark or exc.context_mark
        end = mark.index if mark is not None else len(text)
        deep = _flow_too_deep(text, after, min(end + 1, len(text)), depth)
        if deep is not None:
            line, column = lines.at(deep)
            fail(path, too_deep + lines.note(line), line, column)
        # any other syntax error or control character: the parser says it, with its position
    except yaml.YAMLError:
        return


def _flow_too_deep(text: str, start: int, end: int, depth: int) -> int | None:
    """The offset of the first ``[`` or ``{`` in ``text[start:end]`` that opens a level past
    MAX_DEPTH, ``depth`` levels being open at ``start``, or None; quoted scalars and comments
    are skipped. Only called after the scanner stopped, so plain Python's speed is enough."""
    i = start
    while i < end:
        char = text[i]
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif char in "]}":
            depth = max(depth - 1, 0)
        elif char == "#" and (i == 0 or text[i - 1] in " \t\n"):
            newline = text.find("\n", i)
            i = end if newline < 0 else newline
            continue
        elif char in "'\"":
            i = _after_quoted(text, i, end)
            continue
        i += 1
    return None


def _after_quoted(text: str, start: int, end: int) -> int:
    """The offset just after the quoted scalar opening at ``start`` (or ``end``)."""
    quote = text[start]
    i = start + 1
    while i < end:
        if quote == '"' and text[i] == "\\":
            i += 2
            continue
        if text[i] == quote:
            if quote == "'" and text[i + 1:i + 2] == "'":  # '' is a quote inside '…'
                i += 2
                continue
            return i + 1
        i += 1
    return end


def _check_expansion(path: str, root: yaml.Node, lines: Lines) -> None:
    """Refuse documents whose aliases expand past MAX_NODES nodes, or refer to themselves."""
    sizes: dict[int, int] = {}
    busy: set[int] = set()

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in busy:
            fail_at(path, _("an alias refers to itself; refusing to read it"), lines,
                      node.start_mark)
        busy.add(key)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            for child in node.value:
                total += size(child)
                if total > MAX_NODES:
                    break
        elif isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                total += size(k) + size(v)
                if total > MAX_NODES:
                    break
        busy.discard(key)
        if total > MAX_NODES:
            fail_at(path, _("aliases expand to more than {count} values (an alias bomb?); "
                              "refusing to read it").format(count=number(MAX_NODES)), lines,
                      node.start_mark)
        sizes[key] = total
        return total

    size(root)


class _DuplicateKey(Exception):
    def __init__(self, key: str, mark: Any, first: Any):
        super().__init__(key)
        self.key, self.mark, self.first = key, mark, first

    def message(self, lines: Lines) -> str:
        return _("duplicate key {key} (first given on line {line})").format(
            key=_quote(self.key), line=lines.position(self.first)[0])


def _duplicate_key(node: yaml.MappingNode) -> None:
    first: dict[str, yaml.Node] = {}
    for k, _v in node.value:
        if isinstance(k, yaml.ScalarNode):
            if k.value in first:
                raise _DuplicateKey(k.value, k.start_mark, first[k.value].start_mark)
            first[k.value] = k


def _quote(text: str) -> str:
    return "'" + (text if len(text) <= 60 else text[:60] + "…") + "'"
