"""Writing YAML: fresh text, or a save that keeps the comments and layout of the file it
replaces."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from builder.data._files import MiB, read_text
from builder.data._loader import parse_yaml
from builder.data.errors import DataError
from builder.plumbing.atomic import write_atomic

try:  # libyaml when present: an order of magnitude faster
    from yaml import CSafeDumper as _Dumper
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeDumper as _Dumper  # type: ignore[assignment]


def dump_yaml(data: Any) -> str:
    """YAML text in the order the mapping gives, readable Unicode, no Python tags."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=100)


MAX_KEEP_BYTES = MiB
"""Largest existing file whose comments and layout a save keeps (round-trip parsing is pure
Python and slow); a larger one is written afresh."""


def save_yaml(path: str | Path, data: dict[str, Any], *, replace_read_only: bool = False) -> None:
    """Write ``data`` to ``path`` atomically, keeping the comments, quoting and layout of the
    file it replaces (:func:`dump_keeping`)."""
    write_atomic(path, dump_keeping(path, data), replace_read_only=replace_read_only)


def dump_keeping(path: str | Path, data: dict[str, Any]) -> str:
    """YAML text for ``data`` that keeps what the file at ``path`` already has: its comments,
    key order, quoting and block style, wherever the values are unchanged.

    The old file is read with ruamel.yaml's round-trip loader (writing only: every read that
    decides anything stays on the hardened libyaml loader) after it has passed that loader's
    checks; the values of ``data`` are merged into it and the result is read back with
    :func:`parse_yaml`. Only when that gives exactly ``data`` is it used; otherwise, or when
    there is no readable old file, the text is :func:`dump_yaml`'s, so a save never changes a
    value.
    """
    fresh = dump_yaml(data)
    try:
        old = read_text(path, MAX_KEEP_BYTES)
        parse_yaml(path, old)  # the old file passes the same checks (bombs, depth) first
    except DataError:
        return fresh
    try:
        text = _round_trip(old, data)
        kept = parse_yaml(path, text).data
    except Exception:  # ruamel on a file it reads differently: fall back, never fail a save
        return fresh
    return text if _same(kept, data) else fresh


def _round_trip(old: str, data: dict[str, Any]) -> str:
    import io

    from ruamel.yaml import YAML
    from ruamel.yaml.util import load_yaml_guess_indent

    _tree, indent, offset = load_yaml_guess_indent(old)
    rt = YAML(typ="rt")
    rt.preserve_quotes = True
    rt.width = 100
    if offset is None:  # no block sequence: the guess is the mappings' indent
        rt.indent(mapping=indent or 2, sequence=2, offset=0)
    else:  # the guess is where a sequence item's content starts, offset where its dash is
        rt.indent(mapping=2, sequence=max(indent or 2, offset + 2), offset=offset)
    tree = rt.load(old)
    merged = _merge(tree, data)
    out = io.StringIO()
    rt.dump(merged, out)
    return out.getvalue()


def _merge(old: Any, new: Any) -> Any:
    """``new`` built from ``old``'s round-trip nodes where they can stay (their comments go
    with them); scalars are always ``new``'s, except text that is already equal."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(old, CommentedMap) and isinstance(new, dict):
        for key in [k for k in old if k not in new]:
            del old[key]
        for position, (key, value) in enumerate(new.items()):
            if key in old:
                old[key] = _merge(old[key], value)
            else:
                old.insert(min(position, len(old)), key, value)
        return old
    if isinstance(old, CommentedSeq) and isinstance(new, list):
        del old[len(new):]
        for i, value in enumerate(new):
            if i < len(old):
                old[i] = _merge(old[i], value)
            else:
                old.append(value)
        return old
    if isinstance(old, str) and isinstance(new, str) and str(old) == new:
        return old  # keeps its quotes or block style
    return new


def _same(a: Any, b: Any) -> bool:
    """Equal, with the same types all the way down (``True == 1`` does not count)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)
