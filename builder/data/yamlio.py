"""The one place that reads and writes YAML.

Files come from strangers (a club mate's faction, a tournament entry), so reading is defensive:
UTF-8 only, a size cap checked before reading, a nesting-depth check before libyaml's recursive
composer sees the text (it crashes the process past ~40,000 levels and is quadratic long before),
an expansion budget against alias bombs, duplicate keys refused, and safe construction only.
Only regular files are opened, without blocking (a FIFO or a device never makes the program
wait). Values are read as written: the resolver knows only plain decimal whole numbers,
``true``/``false`` and null, so YAML 1.1's ``010`` (8), ``0x10``, ``6:40`` (400), ``1e3``,
``yes`` stay the text the author typed and the models refuse them at their key.
The composed node tree is kept so that a validation error's location can be mapped back to the
line and column the author sees in an editor, in time linear in the number of errors.
"""

from __future__ import annotations

import bisect
import errno
import gc
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from builder.data.atomic import write_atomic
from builder.data.errors import DataError, Problem
from builder.i18n import N_, _, number
from builder.safeio import escape

try:  # libyaml when present: an order of magnitude faster
    from yaml import CSafeDumper as _Dumper
    from yaml import CSafeLoader as _BaseLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeDumper as _Dumper  # type: ignore[assignment]
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]

MAX_DIGITS = 4000
"""Longest plain whole number converted at all (Python refuses str<->int past 4,300 digits);
the models refuse anything over 999,999 anyway, naming the value."""

_INT = re.compile(r"^(?:0|-?[1-9][0-9]*)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False,
         "FALSE": False}
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_INT_START = frozenset("-0123456789")
_BOOL_TAG, _INT_TAG, _NULL_TAG, _STR_TAG, _SEQ_TAG, _MAP_TAG = (
    f"tag:yaml.org,2002:{name}" for name in ("bool", "int", "null", "str", "seq", "map"))
_WORD_TAGS = {**dict.fromkeys(_BOOL, _BOOL_TAG),
              **dict.fromkeys(("~", "null", "Null", "NULL", ""), _NULL_TAG)}
"""The plain words that are not text: ``_BOOL``'s and those ``_NULL`` matches."""
_SCALAR = yaml.ScalarNode


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loading that refuses duplicate keys (YAML would silently keep the last one) and
    reads values as written (YAML 1.2 core schema without floats: see the module docstring)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> Any:
        keys = [k.value for k, _v in node.value if isinstance(k, yaml.ScalarNode)]
        if len(keys) != len(set(keys)):
            _duplicate_key(node)
        return super().construct_mapping(node, deep=deep)

    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        """The tag of a node without a tag: the resolvers below, checked in one step (the
        generic lookup costs a third of the time of a file of 90,000 short keys; libyaml asks
        for every scalar)."""
        if kind is _SCALAR:
            if implicit[0]:
                tag = _WORD_TAGS.get(value)
                if tag is not None:
                    return tag
                if value[:1] in _INT_START and _INT.match(value):
                    return _INT_TAG
            return _STR_TAG
        return _SEQ_TAG if kind is yaml.SequenceNode else _MAP_TAG

    def construct_yaml_int(self, node: yaml.ScalarNode) -> Any:
        value = self.construct_scalar(node)
        if not _INT.match(value):  # only reached through an explicit !!int tag
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
        if value not in _BOOL:  # !!bool yes
            raise yaml.constructor.ConstructorError(
                None, None, _("!!bool {value} is not true or false").format(value=repr(value)),
                node.start_mark)
        return _BOOL[value]


# What a plain scalar may mean: nothing else is converted (no floats, dates, octal, base 60).
# (``resolve`` above applies the same three; these are kept for anything that reads the table.)
_Loader.yaml_implicit_resolvers = {}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|"
                                                                   r"False|FALSE)$"), list("tTfF"))
_Loader.add_implicit_resolver("tag:yaml.org,2002:int", _INT, list("-0123456789"))
_Loader.add_implicit_resolver("tag:yaml.org,2002:null", _NULL, ["~", "n", "N", ""])
# Tags that build anything but text, whole numbers, true/false, null, lists and mappings are
# refused ("unsupported YAML tag"): floats, timestamps, binary, sets, ordered pairs, merges.
_Loader.yaml_constructors = {
    tag: constructor for tag, constructor in _BaseLoader.yaml_constructors.items()
    if tag is None or tag.rsplit(":", 1)[-1] in ("null", "bool", "int", "str", "seq", "map")}
_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)
_Loader.add_constructor("tag:yaml.org,2002:bool", _Loader.construct_yaml_bool)


MiB = 1024 * 1024
MAX_DEPTH = 64
"""Deepest nesting accepted; real files need fewer than ten levels."""
MAX_NODES = 200_000
"""Most nodes a document may expand to once aliases are followed (alias bombs)."""
_CHEAP_DEPTH_BOUND = 1000
"""Below this upper bound of the nesting depth the text is shallow enough to compose without
a token scan."""


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
        of errors in one mapping stays linear (a scan per error took minutes for 90,000 keys).
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


_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0))


def read_text(path: str | Path, max_bytes: int) -> str:
    """The file's text, refusing what is too large, not a regular file, or not UTF-8.

    Only a regular file is ever opened, and without blocking: a FIFO, a device, a socket, a
    folder, a dangling or looping link is refused by name before anything waits on it.
    """
    st = check_regular(path)
    if st.st_size > max_bytes:
        _too_large(path, max_bytes)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise DataError.of_file(path, _os_problem(exc)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced since the check
            raise DataError.of_file(path, _("is not a regular file; refusing to read it"))
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:  # +1 byte past the limit: notice a file that grew
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except BlockingIOError:
        raise DataError.of_file(path, _("cannot be read without waiting; refusing to read "
                                        "it")) from None
    except OSError as exc:
        raise DataError.of_file(path, _os_problem(exc)) from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > max_bytes:
        _too_large(path, max_bytes)
    return decode(path, raw)


def check_regular(path: str | Path) -> os.stat_result:
    """``os.stat`` of ``path`` when it is a regular file (links followed), else a DataError
    that says what it is instead."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise DataError.of_file(path, _("is a link to something that does not exist "
                                            "(a dangling link)")) from None
        raise DataError.of_file(path, _("no such file")) from None
    except OSError as exc:
        raise DataError.of_file(path, _os_problem(exc)) from None
    except ValueError:  # a NUL byte in the name
        raise DataError.of_file(path, _("is not a valid file name")) from None
    if stat.S_ISREG(st.st_mode):
        return st
    if stat.S_ISDIR(st.st_mode):
        if not os.access(path, os.R_OK | os.X_OK):
            raise DataError.of_file(path, _("is a folder that cannot be read (permission "
                                            "denied)"))
        raise DataError.of_file(path, _("is a folder, not a file"))
    raise DataError.of_file(path, _kind(st.st_mode))


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return _("is a named pipe (FIFO), not a regular file; refusing to read it")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("is a device, not a regular file; refusing to read it")
    if stat.S_ISSOCK(mode):
        return _("is a socket, not a regular file; refusing to read it")
    return _("is a special file, not a regular file; refusing to read it")


def _os_problem(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return _("is a link that loops back on itself (a link loop)")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return _("cannot be read: permission denied")
    if exc.errno == errno.ENAMETOOLONG:
        return _("cannot be read: the name is too long")
    return _("cannot be read: {problem}").format(problem=exc.strerror or exc)


def _too_large(path: str | Path, max_bytes: int) -> None:
    if max_bytes >= MiB:
        message = _("file is larger than {size} MiB; refusing to read it")
    else:
        message = _("file is larger than {size} bytes; refusing to read it")
    raise DataError.of_file(path, message.format(size=max_bytes // MiB if max_bytes >= MiB
                                                 else max_bytes))


def yaml_files(folder: str | Path, accept: Callable[[str], bool] = lambda name: True,
               *, suffixes: tuple[str, ...] = (".yaml",), any_case: bool = False,
               skipped: list[Path] | None = None) -> list[Path]:
    """Every ``*.yaml`` under ``folder`` whose name ``accept`` takes, plus every entry that
    cannot be told apart or read, in a stable order; ``folder`` itself when it is not a folder.

    ``suffixes`` and ``any_case`` widen the names taken (``.yml``, ``.YAML``: SPEC §6 for
    submitted lists); ``skipped``, when given, receives every other plain file of the folder.

    Nothing is skipped without a word: what is not a readable regular file (a folder named
    ``*.yaml``, a FIFO, a device, a dangling or looping link, a sub-folder that cannot be
    listed) is in the result, so that the loader names it and the command exits 2. Links to
    folders are followed once (a link back to a folder already searched is not searched
    again). No file is opened here.
    """
    root = Path(folder)
    try:
        st = os.stat(root)
    except (OSError, ValueError):
        return [root]
    if not stat.S_ISDIR(st.st_mode):
        return [root]
    found: list[Path] = []
    seen = {(st.st_dev, st.st_ino)}
    pending = [root]
    while pending:
        current = pending.pop()
        try:
            with os.scandir(current) as it:
                entries = list(it)
        except OSError:
            found.append(current)  # cannot be listed: the loader says why
            continue
        for entry in entries:
            name = entry.name.lower() if any_case else entry.name
            wanted = name.endswith(suffixes) and accept(entry.name)
            try:
                if entry.is_file(follow_symlinks=False):  # a plain file: no stat needed
                    if wanted:
                        found.append(Path(entry.path))
                    elif skipped is not None:
                        skipped.append(Path(entry.path))
                    continue
            except OSError:
                pass
            path = Path(entry.path)
            try:
                target = entry.stat()  # follows links
            except OSError:  # a dangling or looping link, or no permission
                found.append(path)
                continue
            if stat.S_ISDIR(target.st_mode):
                if wanted:
                    found.append(path)  # a folder named *.yaml: said so, and searched too
                key = (target.st_dev, target.st_ino)
                if key not in seen:
                    seen.add(key)
                    pending.append(path)
            elif wanted:
                found.append(path)
    return sorted(found, key=_parts)  # Path's own order, each path's parts split once


def _parts(path: Path) -> tuple[str, ...]:
    return path.parts


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
            _("not valid UTF-8 text (byte 0x{byte:02x}); is this a binary file?").format(
                byte=raw[exc.start]),
            line,
            column,
        ) from None


@contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """The cyclic garbage collector off while data loads. Parsing and validating make
    hundreds of thousands of objects that all live on: collected over during the load, they
    took half its time.

    ``freeze`` (the big loads: a catalogue, a batch of lists): what the load made is frozen
    when the outermost pause ends (:func:`gc.freeze`). Left young, the next collections
    walked it all again (check-data of a 5,000-combatant faction: 51 young and 5 middle
    collections, 1.2 s of its 3.5 s); frozen, later collections skip it. Reference counting
    still frees it when it is dropped, as a load makes no reference cycle (tested). The
    young garbage of before the load is collected first, so that no cycle of it is frozen
    with the data. A single small file (a list, a save's check) freezes nothing."""
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


def parse(path: str | Path, text: str) -> Document:
    """Parse one YAML document safely, keeping its node tree."""
    with collector_paused():
        return _parse(path, text)


def _parse(path: str | Path, text: str) -> Document:
    path = str(path)
    if "\x00" in text:
        offset = text.index("\x00")
        line = text.count("\n", 0, offset) + 1
        return _raise(path, _("contains a NUL byte; is this a binary file?"), line, 1)
    lines = Lines(text)
    _check_depth(path, text, lines)
    loader = _Loader(text)
    try:
        try:
            root = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            return _raise_at(path, _yaml_message(exc), lines, mark)
        except yaml.reader.ReaderError as exc:  # a control character: name it, where it is
            line, column = lines.at(exc.position) if exc.position <= len(text) else (1, 1)
            char = exc.character if isinstance(exc.character, str) else chr(exc.character)
            return _raise(path, _("not valid YAML: the control character {char} (U+{code:04X}) "
                                  "is not allowed in YAML text").format(char=escape(char),
                                                                         code=ord(char))
                          + lines.note(line), line, column)
        except yaml.YAMLError as exc:
            return _raise(path, not_yaml(str(exc)), 1, 1)
        if root is None:
            return _raise(path, _("the file is empty; expected a mapping of keys"), 1, 1)
        if "*" in text:
            _check_expansion(path, root, lines)
        try:
            data = _plain(root) if "*" not in text else _UNUSUAL
            if data is _UNUSUAL:  # PyYAML's constructor gives the same data, or the message
                data = loader.construct_document(root)
        except _DuplicateKey as exc:
            return _raise_at(path, exc.message(lines), lines, exc.mark)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            return _raise_at(path, _yaml_message(exc), lines, mark)
        except (yaml.YAMLError, ValueError, OverflowError, RecursionError) as exc:
            return _raise_at(path, not_yaml(str(exc)), lines, root.start_mark)
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        return _raise_at(path, _("expected a mapping of keys at the top of the file"), lines,
                         root.start_mark)
    return Document(path, data, root, lines)


# --- the simple layout, read without libyaml ----------------------------------------------

_SIMPLE_TEXT = re.compile("[\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd"
                          "\U00010000-\U0010ffff]*")
"""Text made only of characters every part of the reader takes as they are (no tab, carriage
return, control character, invisible line break or byte-order mark)."""
_NOT_PLAIN_START = frozenset("-?:,[]{}#&*!|>'\"%@`")
_WORDS: dict[str, Any] = {**_BOOL, "~": None, "null": None, "Null": None, "NULL": None}
"""The plain words the loader reads as true, false or null (``_WORD_TAGS``)."""
_NOT_SIMPLE: Any = object()


def simple_data(text: str) -> dict[str, Any] | None:
    """The data of a document in the plain block layout a saved list has (``key: value``
    lines, and lists of flat ``- key: value`` mappings), read line by line in a fraction of
    libyaml's time; None for anything else, which :func:`parse` then reads.

    What is read here is exactly what :func:`parse` reads (the tests compare both on
    generated texts): keys are plain ASCII words, values one-line plain scalars resolved as
    the loader resolves them, or quoted text without escapes; anything else (comments after a
    value, flow collections other than ``[]``, tags, anchors, block scalars, a value over
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
    if not colon or not (key.isascii() and key.isidentifier()) or key in _WORDS \
            or rest[:1] not in ("", " "):
        return None
    return key, rest.strip(" ")


def _simple_items(lines: list[str], i: int) -> tuple[Any, int]:
    """The ``- key: value`` items from line ``i`` on (None when there are none, ``[]`` for an
    indented ``[]``), and the index of the line after them."""
    items: list[dict[str, Any]] = []
    dash = column = -1
    count = len(lines)
    current: dict[str, Any] = {}
    while i < count:
        line = lines[i]
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        if body[:2] == "- ":
            rest = body[2:].lstrip(" ")
            if dash < 0:
                dash = indent
            elif indent != dash:
                return _NOT_SIMPLE, i
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
        elif indent != column:
            return _NOT_SIMPLE, i
        else:
            rest = body
        pair = _key_value(rest)
        if pair is None or pair[0] in current:
            return _NOT_SIMPLE, i
        i += 1
        current[pair[0]] = _simple_scalar(pair[1]) if pair[1] else None
        if current[pair[0]] is _NOT_SIMPLE:
            return _NOT_SIMPLE, i
    return (items or None), i


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
        elif raw == "[]":
            return []
        return _NOT_SIMPLE
    if ": " in raw or " #" in raw or raw[-1] == ":":
        return _NOT_SIMPLE
    if raw in _WORDS:
        return _WORDS[raw]
    if first in _INT_START and _INT.match(raw):
        return int(raw) if len(raw) <= MAX_DIGITS else _NOT_SIMPLE
    return raw


def load(path: str | Path, max_bytes: int) -> Document:
    return parse(path, read_text(path, max_bytes))


def _raise(path: str, message: str, line: int, column: int) -> Any:
    raise DataError.single(path, message, line, column)


def _raise_at(path: str, message: str, lines: Lines, mark: Any) -> Any:
    line, column = lines.position(mark) if mark is not None else (1, 1)
    raise DataError.single(path, message + lines.note(line), line, column)


_YAML_PROBLEMS = (  # what libyaml says, for the catalogue; a part not listed stays as it is
    N_("mapping values are not allowed in this context"),
    N_("mapping values are not allowed here"),
    N_("while scanning for the next token"), N_("found character that cannot start any token"),
    N_("while parsing a flow sequence"), N_("did not find expected ',' or ']'"),
    N_("while parsing a flow mapping"), N_("did not find expected ',' or '}'"),
    N_("while scanning a quoted scalar"), N_("found unexpected end of stream"),
    N_("found undefined alias"), N_("while parsing a block collection"),
    N_("did not find expected '-' indicator"), N_("while parsing a block mapping"),
    N_("did not find expected key"), N_("found duplicate anchor"), N_("first occurrence"),
    N_("second occurrence"), N_("while constructing a mapping"), N_("found unhashable key"),
    N_("expected a single document in the stream"), N_("but found another document"),
    N_("while scanning a simple key"), N_("could not find expected ':'"),
    N_("while parsing a block node"), N_("did not find expected node content"),
    N_("while parsing a flow node"), N_("while scanning a plain scalar"),
    N_("while scanning a block scalar"), N_("while scanning an anchor"),
    N_("while scanning an alias"),
    N_("did not find expected alphabetic or numeric character"),
    N_("found a tab character that violates indentation"),
    N_("found a tab character where an indentation space is expected"),
    N_("while scanning a tag"), N_("did not find expected tag URI"),
    N_("while parsing a node"), N_("found undefined tag handle"),
)
_CONSTRUCTOR = "could not determine a constructor for the tag"


def _yaml_part(part: str) -> str:
    if part.startswith(_CONSTRUCTOR):
        return _("unsupported YAML tag {tag}").format(tag=part.removeprefix(_CONSTRUCTOR).strip())
    return _(part)


def _yaml_message(exc: yaml.MarkedYAMLError) -> str:
    parts = [_yaml_part(p) for p in (exc.context, exc.problem) if p]
    return not_yaml("; ".join(parts)) if parts else _("not valid YAML")


def not_yaml(problem: str) -> str:
    return _("not valid YAML: {problem}").format(problem=problem)


def _check_depth(path: str, text: str, lines: Lines) -> None:
    """Refuse nesting deeper than MAX_DEPTH before libyaml's recursive composer runs.

    The token scan costs half a second for a 1 MiB file, so it runs only when a cheap upper
    bound allows deep nesting: a flow level needs a ``[`` or ``{``; a block collection starts
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
                    _raise_at(path, too_deep, lines, token.start_mark)
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
            _raise(path, too_deep + lines.note(line), line, column)
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
            _raise_at(path, _("an alias refers to itself; refusing to read it"), lines,
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
            _raise_at(path, _("aliases expand to more than {count} values (an alias bomb?); "
                              "refusing to read it").format(count=number(MAX_NODES)), lines,
                      node.start_mark)
        sizes[key] = total
        return total

    size(root)


_UNUSUAL: Any = object()
"""What :func:`_plain` gives for a document it leaves to PyYAML's constructor."""


def _plain(root: yaml.Node) -> Any:
    """The plain data of a node tree without aliases, exactly as the loader's constructor
    builds it, in a third of its time (PyYAML's generic constructor dispatches every node
    through a table and a generator); or :data:`_UNUSUAL` for anything that constructor would
    refuse or treat specially (an explicit tag, a duplicate key, a key that is not a scalar,
    a whole number too long), so that it runs and gives its own message."""
    try:
        return _plain_node(root)
    except (_Unusual, RecursionError):
        return _UNUSUAL


_SCALAR, _MAPPING, _SEQUENCE = yaml.ScalarNode, yaml.MappingNode, yaml.SequenceNode


def _plain_node(node: yaml.Node) -> Any:
    """:func:`_plain` of one node (a function of the module, not one made per call: one that
    calls itself by a closure would be a reference cycle, which a frozen load keeps)."""
    tag = node.tag
    kind = type(node)
    if kind is _SCALAR:
        if tag == _STR_TAG:
            return node.value
        if tag == _INT_TAG:
            value = node.value
            if len(value) <= MAX_DIGITS and _INT.match(value):
                return int(value)
        elif tag == _NULL_TAG:
            return None
        elif tag == _BOOL_TAG and node.value in _BOOL:
            return _BOOL[node.value]
    elif kind is _MAPPING and tag == _MAP_TAG:
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
    elif kind is _SEQUENCE and tag == _SEQ_TAG:
        return [_plain_node(item) for item in node.value]
    raise _Unusual


class _Unusual(Exception):
    pass


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


def dump(data: Any) -> str:
    """YAML text in the order the mapping gives, readable Unicode, no Python tags."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=100)


MAX_KEEP_BYTES = MiB
"""Largest existing file whose comments and layout a save keeps (round-trip parsing is pure
Python and slow); a larger one is written afresh."""


def save(path: str | Path, data: dict[str, Any], *, replace_read_only: bool = False) -> None:
    """Write ``data`` to ``path`` atomically, keeping the comments, quoting and layout of the
    file it replaces (:func:`dump_keeping`)."""
    write_atomic(path, dump_keeping(path, data), replace_read_only=replace_read_only)


def dump_keeping(path: str | Path, data: dict[str, Any]) -> str:
    """YAML text for ``data`` that keeps what the file at ``path`` already has: its comments,
    key order, quoting and block style, wherever the values are unchanged.

    The old file is read with ruamel.yaml's round-trip loader (writing only: every read that
    decides anything stays on the libyaml loader above) after it has passed this module's own
    checks; the values of ``data`` are merged into it and the result is read back with
    :func:`parse`. Only when that gives exactly ``data`` is it used; otherwise, or when there is
    no readable old file, the text is :func:`dump`'s, so a save never changes a value.
    """
    fresh = dump(data)
    try:
        old = read_text(path, MAX_KEEP_BYTES)
        parse(path, old)  # the old file passes the same checks (bombs, depth) first
    except DataError:
        return fresh
    try:
        text = _round_trip(old, data)
        kept = parse(path, text).data
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


__all__ = ["Document", "DataError", "Problem", "MiB", "load", "parse", "read_text", "dump",
           "dump_keeping", "save", "write_atomic", "yaml_files"]
