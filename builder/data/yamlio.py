"""The one place that reads and writes YAML.

Files come from strangers (a club mate's faction, a tournament entry), so reading is defensive:
UTF-8 only, a size cap checked before reading, a nesting-depth check before libyaml's recursive
composer sees the text (it crashes the process past ~40,000 levels and is quadratic long before),
an expansion budget against alias bombs, duplicate keys refused, and safe construction only.
The composed node tree is kept so that a validation error's location can be mapped back to the
line and column the author typed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from builder.data.atomic import write_atomic
from builder.data.errors import DataError, Problem

try:  # libyaml when present: an order of magnitude faster
    from yaml import CSafeDumper as _Dumper
    from yaml import CSafeLoader as _BaseLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeDumper as _Dumper  # type: ignore[assignment]
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]

class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loading that refuses duplicate keys (YAML would silently keep the last one)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> Any:
        keys = [k.value for k, _v in node.value if isinstance(k, yaml.ScalarNode)]
        if len(keys) != len(set(keys)):
            _duplicate_key(node)
        return super().construct_mapping(node, deep=deep)


MiB = 1024 * 1024
MAX_DEPTH = 64
"""Deepest nesting accepted; real files need fewer than ten levels."""
MAX_NODES = 200_000
"""Most nodes a document may expand to once aliases are followed (alias bombs)."""
_CHEAP_DEPTH_BOUND = 1000
"""Below this crude upper bound the text is shallow enough to compose without a token scan."""


@dataclass
class Document:
    """A parsed YAML file: plain Python data plus the node tree that knows where things are."""

    path: str
    data: Any
    root: yaml.Node

    def locate(self, loc: Iterable[str | int]) -> tuple[int, int, str]:
        """Line, column (1-based) and dotted key path of the node at ``loc``.

        Parts of ``loc`` that do not name a key or an index (pydantic's union tags) are
        skipped; a key that is absent points at its parent mapping.
        """
        node = self.root
        shown: list[str] = []
        for part in loc:
            found = _child(node, part)
            if found is None:
                continue
            node = found[1]
            if isinstance(part, int):
                shown.append(f"[{part}]")
            else:
                shown.append(("." if shown else "") + str(part))
        mark = node.start_mark
        return mark.line + 1, mark.column + 1, "".join(shown)

    def locate_key(self, loc: Iterable[str | int], key: str) -> tuple[int, int]:
        """Line and column of the key ``key`` inside the mapping at ``loc``."""
        node = self.root
        for part in loc:
            found = _child(node, part)
            if found is not None:
                node = found[1]
        if isinstance(node, yaml.MappingNode):
            for k, _v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value == key:
                    return k.start_mark.line + 1, k.start_mark.column + 1
        return node.start_mark.line + 1, node.start_mark.column + 1


def _child(node: yaml.Node, part: str | int) -> tuple[yaml.Node, yaml.Node] | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == str(part):
                return k, v
    elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
        if 0 <= part < len(node.value):
            item = node.value[part]
            return item, item
    return None


def read_text(path: str | Path, max_bytes: int) -> str:
    """The file's text, refusing what is too large, not a file, or not UTF-8."""
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > max_bytes:
                raw = b"x" * (max_bytes + 1)
            elif size:
                raw = fh.read(size + 1)  # +1: notice a file that grew since fstat
            else:  # empty, or not a regular file (a pipe, /dev/zero): read in bounded chunks
                chunks: list[bytes] = []
                total = 0
                while total <= max_bytes:
                    chunk = fh.read(65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
                    total += len(chunk)
                raw = b"".join(chunks)
    except IsADirectoryError:
        raise DataError.single(path, "is a folder, not a file") from None
    except FileNotFoundError:
        raise DataError.single(path, "no such file") from None
    except OSError as exc:
        raise DataError.single(path, f"cannot be read: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        limit = f"{max_bytes // MiB} MiB" if max_bytes >= MiB else f"{max_bytes} bytes"
        raise DataError.single(path, f"file is larger than {limit}; refusing to read it")
    return decode(path, raw)


def decode(path: str | Path, raw: bytes) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError.single(
            path,
            f"not valid UTF-8 text (byte 0x{raw[exc.start]:02x}); is this a binary file?",
            line,
            column,
        ) from None


def parse(path: str | Path, text: str) -> Document:
    """Parse one YAML document safely, keeping its node tree."""
    path = str(path)
    if "\x00" in text:
        offset = text.index("\x00")
        line = text.count("\n", 0, offset) + 1
        return _raise(path, "contains a NUL byte; is this a binary file?", line, 1)
    _check_depth(path, text)
    loader = _Loader(text)
    try:
        try:
            root = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            msg = _yaml_message(exc)
            line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            return _raise(path, msg, line, column)
        except yaml.YAMLError as exc:
            return _raise(path, f"not valid YAML: {exc}", 1, 1)
        if root is None:
            return _raise(path, "the file is empty; expected a mapping of keys", 1, 1)
        if "*" in text:
            _check_expansion(path, root)
        try:
            data = loader.construct_document(root)
        except _DuplicateKey as exc:
            return _raise(path, exc.message, exc.line, exc.column)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            return _raise(path, _yaml_message(exc), line, column)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            mark = root.start_mark
            return _raise(path, f"not valid YAML: {exc}", mark.line + 1, mark.column + 1)
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        mark = root.start_mark
        return _raise(path, "expected a mapping of keys at the top of the file", mark.line + 1,
                      mark.column + 1)
    return Document(path, data, root)


def load(path: str | Path, max_bytes: int) -> Document:
    return parse(path, read_text(path, max_bytes))


def _raise(path: str, message: str, line: int, column: int) -> Any:
    raise DataError.single(path, message, line, column)


def _yaml_message(exc: yaml.MarkedYAMLError) -> str:
    parts = [p for p in (exc.context, exc.problem) if p]
    text = "; ".join(parts) if parts else "not valid YAML"
    if "could not determine a constructor" in text:
        text = text.replace("could not determine a constructor for the tag",
                            "unsupported YAML tag")
    return f"not valid YAML: {text}"


def _check_depth(path: str, text: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before libyaml's recursive composer runs."""
    crude = text.count("[") + text.count("{") + text.count("-") + text.count("?") + \
        text.count("\n") + text.count(":")
    if crude <= _CHEAP_DEPTH_BOUND:
        return  # even if every one of those opened a level, composing is safe and fast
    depth = 0
    try:
        for token in yaml.scan(text, Loader=_Loader):
            name = type(token).__name__
            if name in ("FlowSequenceStartToken", "FlowMappingStartToken",
                        "BlockSequenceStartToken", "BlockMappingStartToken"):
                depth += 1
                if depth > MAX_DEPTH:
                    mark = token.start_mark
                    _raise(path, f"nested more than {MAX_DEPTH} levels deep; refusing to read it",
                           mark.line + 1, mark.column + 1)
            elif name in ("FlowSequenceEndToken", "FlowMappingEndToken", "BlockEndToken"):
                depth -= 1
    except yaml.MarkedYAMLError:
        return  # the parser reports syntax errors with a better message


def _check_expansion(path: str, root: yaml.Node) -> None:
    """Refuse documents whose aliases expand past MAX_NODES nodes, or refer to themselves."""
    sizes: dict[int, int] = {}
    busy: set[int] = set()

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in busy:
            mark = node.start_mark
            _raise(path, "an alias refers to itself; refusing to read it", mark.line + 1,
                   mark.column + 1)
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
            mark = node.start_mark
            _raise(path, f"aliases expand to more than {MAX_NODES:,} values (an alias bomb?); "
                         "refusing to read it", mark.line + 1, mark.column + 1)
        sizes[key] = total
        return total

    size(root)


class _DuplicateKey(Exception):
    def __init__(self, message: str, line: int, column: int):
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def _duplicate_key(node: yaml.MappingNode) -> None:
    first: dict[str, yaml.Node] = {}
    for k, _v in node.value:
        if isinstance(k, yaml.ScalarNode):
            if k.value in first:
                prev = first[k.value].start_mark.line + 1
                raise _DuplicateKey(f"duplicate key '{k.value}' (first given on line {prev})",
                                    k.start_mark.line + 1, k.start_mark.column + 1)
            first[k.value] = k


def dump(data: Any) -> str:
    """YAML text in the order the mapping gives, readable Unicode, no Python tags."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=100)


__all__ = ["Document", "DataError", "Problem", "MiB", "load", "parse", "read_text", "dump",
           "write_atomic"]
