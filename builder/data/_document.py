"""A parsed YAML document, and where its parts are as an editor shows them.

The composed node tree is kept so that a validation error's location can be mapped back to the
line and column the author sees in an editor, in time linear in the number of errors.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import yaml

from builder.data.errors import Problem
from builder.i18n import N_, _

# Characters YAML reads as the end of a line but editors, ``grep -n`` and terminals do not.
INVISIBLE_BREAKS = {"\x85": "U+0085 NEXT LINE", "\u2028": "U+2028 LINE SEPARATOR",
                    "\u2029": "U+2029 PARAGRAPH SEPARATOR",
                    "\r": N_("a carriage return (U+000D) without a line feed")}
_INVISIBLE = re.compile("[\x85\u2028\u2029]|\r(?!\n)")


class Lines:
    """Where a character offset is, as an editor shows it: lines end at ``\n`` only.

    YAML also ends a line at NEL, U+2028, U+2029 and a lone carriage return, so its own line
    numbers drift after one of them; a message quotes the editor's line and names the
    invisible character when the problem is on a line that holds one.
    """

    def __init__(self, text: str):
        self.text = text
        # (plain ``in`` scans first: the regex is slow over megabytes)
        self.special = any(c in text for c in "\x85\u2028\u2029") or (
            "\r" in text and _INVISIBLE.search(text) is not None)
        self._starts: list[int] | None = None

    def position(self, mark: Any) -> tuple[int, int]:
        """1-based editor line and column of a YAML mark."""
        if not self.special:
            return mark.line + 1, mark.column + 1
        return self.at(mark.index)

    def at(self, offset: int) -> tuple[int, int]:
        if self._starts is None:
            self._starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1

    def note(self, line: int) -> str:
        """A sentence naming the invisible line breaks on editor line ``line``, or ''."""
        if not self.special or line < 1:
            return ""
        if self._starts is None:
            self.at(0)
        assert self._starts is not None
        if line > len(self._starts):
            return ""
        start = self._starts[line - 1]
        end = self._starts[line] if line < len(self._starts) else len(self.text)
        found = _INVISIBLE.search(self.text, start, end)
        if found is None:
            return ""
        return _(" (line {line} holds {char} at column {column}, an invisible character that "
                 "YAML reads as the end of a line; remove it or write it as an escape in double "
                 "quotes)").format(line=line, char=_(INVISIBLE_BREAKS[found.group()]),
                                   column=found.start() - start + 1)


@dataclass
class Document:
    """A parsed YAML file: plain Python data plus the node tree that knows where things are."""

    path: str
    data: Any
    root: yaml.Node
    lines: Lines | None = None
    _keys: dict[int, dict[str, tuple[yaml.Node, yaml.Node]]] = field(default_factory=dict,
                                                                      repr=False)

    def position(self, mark: Any) -> tuple[int, int]:
        return self.lines.position(mark) if self.lines else (mark.line + 1, mark.column + 1)

    def locate(self, loc: Iterable[str | int]) -> tuple[int, int, str]:
        """Line, column (1-based, as an editor counts them) and dotted key path of the node
        at ``loc``.

        Parts of ``loc`` that do not name a key or an index (pydantic's union tags) are
        skipped; a key that is absent points at its parent mapping.
        """
        node = self.root
        shown: list[str] = []
        for part in loc:
            found = self._child(node, part)
            if found is None:
                continue
            node = found[1]
            if isinstance(part, int):
                shown.append(f"[{part}]")
            else:
                shown.append(("." if shown else "") + str(part))
        return (*self.position(node.start_mark), "".join(shown))

    def locate_key(self, loc: Iterable[str | int], key: str) -> tuple[int, int]:
        """Line and column of the key ``key`` inside the mapping at ``loc``."""
        node = self.root
        for part in loc:
            found = self._child(node, part)
            if found is not None:
                node = found[1]
        found = self._child(node, key) if isinstance(node, yaml.MappingNode) else None
        return self.position((found[0] if found else node).start_mark)

    def annotate(self, problems: list[Problem]) -> list[Problem]:
        """``problems`` with a note on those whose line holds an invisible line break."""
        if not self.lines or not self.lines.special:
            return problems
        out = []
        for p in problems:
            note = self.lines.note(p.line) if p.path == self.path else ""
            out.append(Problem(p.path, p.line, p.column, p.message + note) if note else p)
        return out

    def _child(self, node: yaml.Node, part: str | int) -> tuple[yaml.Node, yaml.Node] | None:
        """The (key, value) nodes of ``part`` in a mapping, or (item, item) in a sequence.

        Each mapping's keys are indexed the first time it is searched, so locating thousands
        of errors in one mapping stays linear instead of a scan of its keys per error.
        """
        if isinstance(node, yaml.MappingNode):
            index = self._keys.get(id(node))
            if index is None:
                index = {}
                for k, v in node.value:
                    if isinstance(k, yaml.ScalarNode):
                        index.setdefault(k.value, (k, v))
                self._keys[id(node)] = index
            return index.get(str(part))
        if isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if 0 <= part < len(node.value):
                item = node.value[part]
                return item, item
        return None
